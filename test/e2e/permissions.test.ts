/**
 * A permission taken away mid-game (docs/discord-conformance.md "Permissions", "Rate limits"),
 * end to end with pictures, as in production: the bot sends nothing that can only fail. Attach
 * Files taken away: the board goes on as text (saying why), the host is told privately once,
 * and not one request more is refused — none at all when the gateway told the bot, only the
 * first when its cache was behind. View Channel taken away: nothing is sent there, and the board
 * comes back when the permission does. Moves are deadlines fired by hand (what the timers do).
 */
import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { InlinePolicy } from '../../src/bots/policy.js';
import { DEFAULT_BOT_PERMISSIONS, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, settle, startBot, tableIdOf, tempDir, textOf } from './harness.js';

describe('a permission taken away mid-game', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-perms-');

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    // Production's defaults: pictures (textBoards from the store), the invite's permissions.
    app = await startBot(emu, tmp.dbPath, { botPolicy: new InlinePolicy(), textBoards: undefined });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** `host` opens a NOIR table against a bot in a new channel, starts it and opens their hand; table id and channel. */
  async function game(host: EmulatedUser, name: string): Promise<{ id: number; channelId: string }> {
    const channelId = emu.addChannel(name);
    const lobby = answered(await host.slash('noir new', { bots: 1, 'bot-pace': 0 }, { channelId })).message!;
    answered(await host.click(lobby, 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    answered(await host.click(boardOf(emu, id, channelId), 'Show my hand'));
    await settle(app);
    return { id, channelId };
  }

  /** One move: the table's deadline fires (the absent human plays automatically), then the bot answers. */
  async function move(id: number): Promise<void> {
    await app.context.service.fireDeadline(id);
    await settle(app);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await settle(app);
  }

  const pictureOf = (m: EmulatedMessage) => (m.attachments ?? []).length > 0;
  const invalidIn = (channelId: string) => emu.invalidRequests.filter((r) => r.path.includes(channelId));
  const notesTo = (user: EmulatedUser, channelId: string) =>
    emu.channelMessages(channelId, user.id, 200).filter((m) => m.ephemeral && /may no longer attach files/.test(m.content ?? ''));

  it('Attach Files taken away (the bot is told): text boards saying why, one private note to the host, no refused request', async () => {
    const host = emu.addUser('Hana');
    const { id, channelId } = await game(host, 'files-told');
    expect(pictureOf(boardOf(emu, id, channelId))).toBe(true);
    emu.setBotPermissions(channelId, DEFAULT_BOT_PERMISSIONS & ~P.AttachFiles);
    await move(id);
    const board = boardOf(emu, id, channelId);
    expect(pictureOf(board)).toBe(false);
    expect(textOf(board)).toContain('Text board: I may not attach files in this channel');
    expect((await app.context.store.table(id))!.boardVersion).toBe((await app.context.store.table(id))!.version); // current
    expect(notesTo(host, channelId)).toHaveLength(1);
    await move(id);
    expect(notesTo(host, channelId)).toHaveLength(1); // once
    expect(invalidIn(channelId)).toEqual([]);
    // Given back: the next board has its picture again.
    emu.setBotPermissions(channelId, DEFAULT_BOT_PERMISSIONS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await move(id);
    const table = (await app.context.store.table(id))!;
    if (table.status === 'active') expect(pictureOf(boardOf(emu, id, channelId))).toBe(true);
    expect(emu.violations).toEqual([]);
  });

  it('Attach Files taken away while the bot was not told: the first picture is refused, then text, and zero refused requests after it', async () => {
    const host = emu.addUser('Hugo');
    const { id, channelId } = await game(host, 'files-silent');
    emu.setBotPermissions(channelId, DEFAULT_BOT_PERMISSIONS & ~P.AttachFiles, { silent: true });
    await move(id);
    expect(invalidIn(channelId).map((r) => [r.status, r.code])).toEqual([[403, 50013]]);
    const board = boardOf(emu, id, channelId);
    expect(pictureOf(board)).toBe(false);
    expect(textOf(board)).toContain('Text board');
    expect((await app.context.store.table(id))!.boardVersion).toBe((await app.context.store.table(id))!.version);
    await move(id);
    await move(id);
    expect(invalidIn(channelId)).toHaveLength(1);
    expect(notesTo(host, channelId)).toHaveLength(1);
  });

  it('View Channel taken away: nothing is sent there (one log line), and the board is drawn again when it comes back', async () => {
    const host = emu.addUser('Vera');
    const { id, channelId } = await game(host, 'hidden');
    emu.setBotPermissions(channelId, DEFAULT_BOT_PERMISSIONS & ~P.ViewChannel);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mark = emu.requests.length;
    await move(id);
    await move(id);
    expect(emu.requests.slice(mark).filter((r) => r.path.includes(channelId))).toEqual([]);
    expect(invalidIn(channelId)).toEqual([]);
    const stale = (await app.context.store.table(id))!;
    emu.setBotPermissions(channelId, DEFAULT_BOT_PERMISSIONS);
    await emu.waitFor(async () => false, { timeoutMs: 10 }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await settle(app);
    const now = (await app.context.store.table(id))!;
    if (stale.status === 'active') expect(now.boardVersion).toBe(now.version);
  });
});
