/**
 * Play again end to end (README "Commands"): the real bot against the Discord emulator. A
 * finished board offers one button; a player's click opens a new lobby in the same channel
 * with the same options and pings exactly the other previous players; a double click opens
 * one lobby; strangers, old boards, busy channels, cancelled tables and the hosting rules
 * get a private, plain answer and open nothing. A Join clicked the moment a lobby appears (the
 * bot not yet told its message id) shows on that lobby, never on a second one.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { tableActionId } from '../../src/discord/custom-id.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { DiscordEmulator, allComponents, buttonLabels, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { openDatabase } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import { answered, boardOf, eventually, fresh, playOut, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('Play again through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-again-');
  let ana: EmulatedUser;
  let ben: EmulatedUser;
  let cleo: EmulatedUser;
  let dev: EmulatedUser;
  let admin: EmulatedUser;
  let channelId: string;
  let firstTable: number;
  const playAgain = en.common.board.playAgain;
  /** While set, the store takes this long to note a lobby's message id (Discord's answer to the bot still on its way), ms. */
  let slowMessageIdsMs = 0;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    const slowStore = new SqliteStore(openDatabase(tmp.dbPath));
    const setMessageIds = slowStore.setMessageIds.bind(slowStore);
    slowStore.setMessageIds = async (id, patch) => {
      if (patch.boardMessageId && slowMessageIdsMs > 0) await new Promise((resolve) => setTimeout(resolve, slowMessageIdsMs));
      return setMessageIds(id, patch);
    };
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, store: slowStore });
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben');
    cleo = emu.addUser('Cleo');
    dev = emu.addUser('Dev');
    admin = emu.addUser('Admin', { permissions: PermissionFlagsBits.ManageGuild });
    channelId = emu.addChannel('rematches');
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  const store = () => app.context.store;

  /** Start the lobby `lobby` (joined by `guests`) as `host` and play it to the end by clicking. */
  async function playLobby(lobby: EmulatedMessage, host: EmulatedUser, guests: EmulatedUser[]): Promise<number> {
    for (const guest of guests) answered(await guest.click(fresh(emu, lobby), 'Join'));
    await settle(app);
    answered(await host.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    const tableId = tableIdOf(lobby);
    await playOut({ emu, app: () => app, tableId, users: [host, ...guests], def: suspicionModule.definition, channelId });
    await settle(app);
    expect((await store().table(tableId))!.status).toBe('finished');
    return tableId;
  }

  it('a finished board offers Play again; strangers are refused privately', async () => {
    const created = answered(await ana.slash('suspicion new', { seats: 3, variant: 'arrest-race', 'turn-timer': 45 }, { channelId }));
    firstTable = await playLobby(created.message!, ana, [ben, cleo]);
    const board = boardOf(emu, firstTable, channelId);
    expect(textOf(board)).toMatch(/Game over/);
    expect(buttonLabels(board)).toEqual([playAgain, en.review.reviewButton]);

    const stranger = answered(await dev.click(board, playAgain));
    expect(stranger.message!.ephemeral).toBe(true);
    expect(stranger.message!.content).toBe(en.common.errors.rematchPlayersOnly('suspicion'));
    expect(await store().openTables({ guildId: emu.guild.id })).toHaveLength(0);
    emu.assertNoViolations();
  });

  it('a double click opens one lobby with the same options, and pings exactly the other previous players', async () => {
    const board = boardOf(emu, firstTable, channelId);
    const clicks = await Promise.all([ben.click(board, playAgain), ben.click(board, playAgain)]);
    clicks.forEach(answered);
    const lobbies = clicks.filter((r) => !r.message!.ephemeral);
    const refusals = clicks.filter((r) => r.message!.ephemeral);
    expect(lobbies).toHaveLength(1);
    expect(refusals).toHaveLength(1);
    const lobby = lobbies[0]!.message!;
    const lobbyId = tableIdOf(lobby);
    expect(lobbyId).not.toBe(firstTable);
    // The second click says which table is open (its link may not be known yet: the lobby message is still on its way).
    expect(refusals[0]!.message!.content).toContain(`**Suspicion** (table #${lobbyId})`);

    // The bot notes the lobby message's id once Discord has answered its reply.
    await eventually(async () => (await store().table(lobbyId))!.boardMessageId, 'the board message id');
    const stored = (await store().table(lobbyId))!;
    const old = (await store().table(firstTable))!;
    expect(stored).toMatchObject({ status: 'lobby', hostUserId: ben.id, channelId, maxSeats: old.maxSeats, boardMessageId: lobby.id });
    expect(stored.options).toEqual(old.options);
    expect(stored.options).toMatchObject({ variant: 'arrest-race', turnSeconds: 45 });
    expect((await store().seats(lobbyId)).map((seat) => seat.userId)).toEqual([ben.id]);

    // The invitation mentions Ana and Cleo — and only they are notified.
    expect(lobby.content).toContain(ana.mention);
    expect(lobby.content).toContain(cleo.mention);
    expect(lobby.content).not.toContain(ben.mention);
    expect([...(emu.pings.get(lobby.id) ?? [])].sort()).toEqual([ana.id, cleo.id].sort());
    expect(textOf(lobby)).toContain('lobby');

    // While the new table is open, the old board's button says so and opens nothing.
    const busy = answered(await cleo.click(board, playAgain));
    expect(busy.message!.ephemeral).toBe(true);
    expect(busy.message!.content).toContain(`table #${lobbyId}`);
    expect(busy.message!.content).toContain(`https://discord.com/channels/${emu.guild.id}/${channelId}/${lobby.id}`);
    expect(await store().openTables({ guildId: emu.guild.id })).toHaveLength(1);

    // The invitation goes once the new game starts: the running board carries no text above it.
    const second = await playLobby(lobby, ben, [ana, cleo]);
    expect(fresh(emu, lobby).content).toBe('');
    expect(buttonLabels(boardOf(emu, second, channelId))).toEqual([playAgain, en.review.reviewButton]);
    emu.assertNoViolations();
  });

  it('an old board is out of date once a newer table was opened; a cancelled table offers nothing', async () => {
    const stale = answered(await ana.click(boardOf(emu, firstTable, channelId), playAgain));
    expect(stale.message!.ephemeral).toBe(true);
    expect(stale.message!.content).toMatch(/out of date: table #\d+ was opened in this channel since/);

    const other = emu.addChannel('cancelled-here');
    const created = answered(await ana.slash('suspicion new', { seats: 2 }, { channelId: other }));
    const cancelledId = tableIdOf(created.message);
    await eventually(async () => (await store().table(cancelledId))!.boardMessageId, 'the board message id');
    app.context.service.lobby.cancel(cancelledId, { userId: ana.id, displayName: 'Ana', canManageGuild: false });
    await settle(app);
    expect(buttonLabels(boardOf(emu, cancelledId, other))).toEqual([]);
    // A forged Play again for the cancelled table: refused, nothing opened.
    const forged = answered(await ana.forge(boardOf(emu, cancelledId, other), tableActionId(cancelledId, 'again')));
    expect(forged.message!.ephemeral).toBe(true);
    expect(forged.message!.content).toBe(en.common.errors.rematchNotFinished);
    expect(await store().openTableInChannel(other)).toBeUndefined();
    emu.assertNoViolations();
  });

  it('the hosting rules apply to Play again too', async () => {
    expect(await store().openTables({ guildId: emu.guild.id })).toHaveLength(0);
    // The newest finished board of the channel.
    const newest = [...emu.messages(channelId)].reverse().find((m) => buttonLabels(m).includes(playAgain));
    expect(newest).toBeDefined();
    const role = emu.addRole('Hosts');
    answered(await admin.slash('admin settings', { 'host-role': role }));
    const refused = answered(await cleo.click(newest!, playAgain));
    expect(refused.message!.content).toBe(en.common.errors.hostRoleRequired(role));
    answered(await admin.slash('admin settings', { reset: 'host-role', 'allow-channel': emu.channel }));
    const elsewhere = answered(await cleo.click(newest!, playAgain));
    expect(elsewhere.message!.content).toBe(en.common.errors.channelNotAllowed(`<#${emu.channel}>`, 0));
    expect(await store().openTableInChannel(channelId)).toBeUndefined();
    answered(await admin.slash('admin settings', { reset: 'channels' }));
    const ok = answered(await cleo.click(newest!, playAgain));
    expect(ok.message!.ephemeral).toBe(false);
    expect((await store().openTableInChannel(channelId))!.hostUserId).toBe(cleo.id);
    emu.assertNoViolations();
  });

  it('a Join clicked the moment a lobby appears, before the bot has noted its message, shows on that lobby: no second lobby, Start enabled', async () => {
    const racing = emu.addChannel('join-at-once');
    slowMessageIdsMs = 300;
    try {
      const lobby = answered(await ana.slash('noir new', { mode: 'classic' }, { channelId: racing })).message!;
      answered(await ben.click(lobby, 'Join'));
      const tableId = tableIdOf(lobby);
      await eventually(async () => ((await store().table(tableId))!.boardVersion >= 1 ? true : undefined), 'the board showing the join', 10_000);
      await settle(app);
      // One lobby message (the one the command posted), showing Ben, with Start enabled.
      expect(emu.messages(racing).map((m) => m.id)).toEqual([lobby.id]);
      expect((await store().table(tableId))!.boardMessageId).toBe(lobby.id);
      expect(textOf(fresh(emu, lobby))).toContain('Ben');
      const start = allComponents(fresh(emu, lobby)).find((c) => c.label === 'Start');
      expect(start?.disabled).toBe(false);
    } finally {
      slowMessageIdsMs = 0;
    }
    emu.assertNoViolations();
  });
});
