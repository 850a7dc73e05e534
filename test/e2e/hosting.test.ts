/**
 * Hosting rules end to end (README "Leaderboards and ratings" → `/admin settings`): the real
 * bot against the Discord emulator. By default anyone opens a table anywhere; an admin
 * limits tables to listed channels and to a host role with `/admin settings`; `/<game> new`
 * then answers a plain private refusal (naming the channels or the role) and creates
 * nothing; members with Manage Server may host without the role but only in the listed
 * channels; `reset:` brings back anyone, anywhere.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { en } from '../../src/i18n/en/index.js';
import { DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, startBot, tableIdOf, tempDir, TEXT_BOARDS_ONLY } from './harness.js';

describe('hosting rules through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-hosting-');
  let admin: EmulatedUser;
  let host: EmulatedUser;
  let guest: EmulatedUser;
  let hostsRole: string;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
    hostsRole = emu.addRole('Game Hosts');
    admin = emu.addUser('Admin', { permissions: PermissionFlagsBits.ManageGuild });
    host = emu.addUser('Hana', { roles: [hostsRole] });
    guest = emu.addUser('Gus');
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  const openTables = () => app.context.store.openTables({ guildId: emu.guild.id });

  /** `/suspicion new` by `user` in `channelId`: the table id when it opened, else the private answer. */
  async function open(user: EmulatedUser, channelId: string): Promise<{ tableId?: number; refusal?: string }> {
    const r = answered(await user.slash('suspicion new', { seats: 2 }, { channelId }));
    if (!r.message!.ephemeral) {
      const tableId = tableIdOf(r.message);
      // Close it again so the channel is free for the next attempt.
      app.context.service.lobby.cancel(tableId, { userId: user.id, displayName: user.name, canManageGuild: true });
      return { tableId };
    }
    expect(r.message!.visibleTo).toEqual([user.id]);
    return { refusal: r.message!.content };
  }

  it('anyone opens a table anywhere until an admin sets a rule', async () => {
    const somewhere = emu.addChannel('somewhere');
    expect((await open(guest, somewhere)).tableId).toBeGreaterThan(0);
    const shown = answered(await admin.slash('admin settings')).message!.content;
    expect(shown).toContain(en.ratings.admin.channelsAnywhere);
    expect(shown).toContain(en.ratings.admin.hostsAnyone);
    emu.assertNoViolations();
  });

  it('listed channels and a host role: refusals are private, plain and change nothing', async () => {
    const games = emu.addChannel('games');
    const more = emu.addChannel('more-games');
    const chat = emu.addChannel('chat');
    const saved = answered(await admin.slash('admin settings', { 'allow-channel': games, 'host-role': hostsRole })).message!;
    expect(saved.ephemeral).toBe(true);
    expect(saved.content).toContain(en.ratings.admin.channelsListed(`<#${games}>`));
    expect(saved.content).toContain(en.ratings.admin.hostsRole(hostsRole));
    answered(await admin.slash('admin settings', { 'allow-channel': more }));

    const before = (await openTables()).length;
    // Without the role: refused, even in a listed channel.
    expect((await open(guest, games)).refusal).toBe(en.common.errors.hostRoleRequired(hostsRole));
    // With the role, in a channel that is not listed: refused, naming the listed ones.
    expect((await open(host, chat)).refusal).toBe(en.common.errors.channelNotAllowed(`<#${games}>, <#${more}>`, 0));
    // Manage Server skips the role, not the channel list.
    expect((await open(admin, chat)).refusal).toBe(en.common.errors.channelNotAllowed(`<#${games}>, <#${more}>`, 0));
    expect(await openTables()).toHaveLength(before);
    // A refusal pings nobody (the role mention is not a ping).
    expect([...emu.pings.values()].flat()).not.toContain(guest.id);

    expect((await open(host, games)).tableId).toBeGreaterThan(0);
    expect((await open(admin, more)).tableId).toBeGreaterThan(0);
    // The guest may still join a table someone else opens.
    const lobby = answered(await host.slash('suspicion new', { seats: 2 }, { channelId: games })).message!;
    answered(await guest.click(lobby, 'Join'));
    expect((await app.context.store.seats(tableIdOf(lobby))).map((seat) => seat.userId)).toContain(guest.id);
    emu.assertNoViolations();
  });

  it('removing the channels and resetting the role bring back anyone, anywhere', async () => {
    const chat = emu.addChannel('chat-2');
    const reset = answered(await admin.slash('admin settings', { reset: 'channels' })).message!.content;
    expect(reset).toContain(en.ratings.admin.channelsAnywhere);
    expect((await open(guest, chat)).refusal).toBe(en.common.errors.hostRoleRequired(hostsRole));
    answered(await admin.slash('admin settings', { reset: 'host-role' }));
    expect((await open(guest, chat)).tableId).toBeGreaterThan(0);
    emu.assertNoViolations();
  });
});
