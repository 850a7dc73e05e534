/**
 * The platform rules end to end (docs/discord.md "Answers to mistakes", docs/discord.md): bad input gets a private, plain-language answer and changes
 * nothing; a deleted board is re-posted on the next change; missing channel permissions are
 * named; destructive commands confirm first; every interaction is logged as one JSON line.
 */
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { App } from '../../src/app.js';
import { suspicionDefinition as def } from '../../src/games/suspicion/engine.js';
import type { SuspicionAction, SuspicionState } from '../../src/games/suspicion/rules.js';
import { DEFAULT_BOT_PERMISSIONS, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, eventually, fresh, offers, perform, settle, startBot, tableIdOf, tempDir, textOf, panelOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('platform behaviour through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();
  const logLines: Record<string, unknown>[] = [];
  let sink: Writable;
  let ana: EmulatedUser, ben: EmulatedUser, eve: EmulatedUser, mod: EmulatedUser;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    sink = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        cb();
      },
    });
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, logger: pino({ level: 'info' }, sink) });
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben');
    eve = emu.addUser('Eve');
    mod = emu.addUser('Mod', { permissions: PermissionFlagsBits.ManageGuild });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** Open a 2-player Suspicion game in a new channel and return its parts. */
  async function game(name: string) {
    const channelId = emu.addChannel(name);
    const lobby = answered(await ana.slash('suspicion new', { seats: 2 }, { channelId })).message!;
    answered(await ben.click(lobby, 'Join'));
    await settle(app); // the lobby is redrawn (Start enabled) after the join is acknowledged
    answered(await ana.click(lobby, 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    return { channelId, id, board: boardOf(emu, id, channelId) };
  }

  const state = async (id: number) => (await app.context.store.table(id))!.state as SuspicionState;
  const version = async (id: number) => (await app.context.store.table(id))!.version;
  const mover = async (id: number) => {
    const p = def.pending((await state(id)));
    const seat = p.kind === 'turn' ? p.seat : -1;
    const row = (await app.context.store.seats(id)).find((s) => s.seat === seat)!;
    return [ana, ben].find((u) => u.id === row.userId)!;
  };

  it('names the missing channel permission instead of failing', async () => {
    const channelId = emu.addChannel('no-embeds', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~PermissionFlagsBits.EmbedLinks });
    const r = answered(await ana.slash('suspicion new', {}, { channelId }));
    expect(r.message?.ephemeral).toBe(true);
    expect(textOf(r.message)).toMatch(/Embed Links/);
    expect((await app.context.store.openTableInChannel(channelId))).toBeUndefined();
  });

  it('one open table per channel, with a pointer to the existing one', async () => {
    const { channelId, id } = await game('busy');
    const r = answered(await eve.slash('noir new', {}, { channelId }));
    expect(r.message?.ephemeral).toBe(true);
    expect(textOf(r.message)).toContain(`table #${id}`);
  });

  it('non-players, stale clicks and illegal moves get private answers and change nothing', async () => {
    const { id, board } = await game('bad-input');
    const v0 = (await version(id));
    // A spectator opens a hand.
    const spectator = answered(await eve.click(fresh(emu, board), 'Show my hand'));
    expect(spectator.message?.ephemeral).toBe(true);
    expect(textOf(spectator.message)).toMatch(/not playing/i);
    // The mover opens their panel and plays; then clicks the same (now stale) button again.
    const m = (await mover(id));
    const panel = (await panelOf(answered(await m.click(fresh(emu, board), 'Show my hand'))))!;
    const discard = offers<SuspicionAction>(panel, def).find((o) => o.action.type === 'discard')!;
    // A double click: two interactions on the same button in the same millisecond.
    const [c1, c2] = await emu.simultaneous([() => perform(m, panel, discard), () => perform(m, panel, discard)]);
    for (const c of [c1!, c2!]) expect(answered(c).callbackType).toBe(7); // both answered in place
    const notes = [c1!, c2!].map((c) => textOf(c.message));
    const v1 = (await version(id));
    expect(v1).toBe(v0 + 1); // applied once
    expect((await app.context.store.actions(id))).toHaveLength(1);
    // (the log line is written once the answer is sent)
    await emu.waitFor(() => logLines.filter((l) => l.msg === 'interaction' && l.outcome === 'stale').length === 1);
    // The panel ends up showing the new hand, with either the confirmation or "already done".
    expect(textOf(fresh(emu, panel))).toMatch(/✅|Already done/);
    expect(notes.join('\n')).not.toMatch(/moved on/);
    // It is now the other player's turn: the mover's own panel no longer offers turn actions.
    await settle(app);
    const after = (await panelOf(answered(await m.click(fresh(emu, board), 'Show my hand'))))!;
    expect(offers<SuspicionAction>(after, def).some((o) => o.action.type === 'place' || o.action.type === 'discard')).toBe(false);
    expect((await version(id))).toBe(v1);
  });

  it('forged custom_ids and forged actions are refused privately and change nothing', async () => {
    const { id, board } = await game('forged');
    const v0 = (await version(id));
    const m = (await mover(id));
    const other = m === ana ? ben : ana;
    const step = def.pending((await state(id))).step.toString(36);
    const tid = id.toString(36);
    // A card the mover does not hold: the rival's (a fixed id such as burn1 may be in the mover's own hand).
    const moverSeat = (def.pending((await state(id))) as { seat: number }).seat;
    const rivalCard = (await state(id)).players[1 - moverSeat]!.hand[0];
    const cases: [EmulatedUser, string, string[] | undefined, RegExp][] = [
      [m, 'garbage', undefined, /not one of ours/],
      [m, 'rh1:g:zzzzzzzz:1:pa', undefined, /no longer exists/],
      [m, `rh1:g:${tid}:${step}:drop-table`, undefined, /not one of ours/],
      [m, `rh1:t:${tid}:nuke`, undefined, /not one of ours/],
      // A well-formed action the game does not allow now (someone else's card, out of turn, wrong step).
      [m, `rh1:g:${tid}:${step}:di:${rivalCard}`, undefined, /❌/],
      [other, `rh1:g:${tid}:${step}:di:${(await state(id)).players[0]!.hand[0]}`, undefined, /❌|moved on/],
      [eve, `rh1:g:${tid}:${step}:pa`, undefined, /not playing/],
      [m, `rh1:s:${tid}:${step}:c0`, ['vo:bluff', 'vo:believe'], /not one of ours/],
      [m, `rh1:t:${tid}:start`, undefined, /already started/],
      [eve, `rh1:t:${tid}:cancel-confirm`, undefined, /host or a member/],
      [eve, `rh1:t:${tid}:leave-game`, undefined, /not playing/],
    ];
    for (const [user, customId, values, expected] of cases) {
      const r = answered(await user.forge(board, customId, values));
      expect(r.message?.ephemeral, `${customId}: ${r.callbackType} ${textOf(r.message)}`).toBe(true);
      expect(textOf(r.message), customId).toMatch(expected);
    }
    expect((await version(id))).toBe(v0);
    expect((await app.context.store.actions(id))).toHaveLength(0);
    expect((await app.context.store.table(id))!.status).toBe('active');
  });

  it("another server's owner cannot reach this server's tables by forging their ids", async () => {
    const lobbyChannel = emu.addChannel('cross-lobby');
    const lobby = answered(await ana.slash('suspicion new', {}, { channelId: lobbyChannel })).message!;
    const lobbyId = tableIdOf(lobby);
    const { id: gameId, board: otherBoard } = await game('cross-game');
    const evil = emu.addGuild('Evil Guild', 'Mallory');
    for (const [tid, verb] of [
      [lobbyId, 'join'],
      [lobbyId, 'cancel-confirm'],
      [gameId, 'cancel-confirm'],
      [gameId, 'hand'],
      [gameId, 'leave-game'],
    ] as const) {
      const r = answered(await evil.owner.forge(evil.messageId, `rh1:t:${tid.toString(36)}:${verb}`));
      expect(r.message?.ephemeral, verb).toBe(true);
      expect(textOf(r.message), verb).toMatch(/no longer exists/);
    }
    const step = def.pending((await state(gameId))).step.toString(36);
    const r = answered(await evil.owner.forge(evil.messageId, `rh1:g:${gameId.toString(36)}:${step}:pa`));
    expect(textOf(r.message)).toMatch(/no longer exists/);
    expect((await app.context.store.table(lobbyId))!.status).toBe('lobby');
    expect((await app.context.store.seats(lobbyId)).map((x) => x.userId)).toEqual([ana.id]);
    expect((await app.context.store.table(gameId))!.status).toBe('active');
    // A lobby button used from another channel of the same server is refused too.
    const elsewhere = answered(await eve.forge(otherBoard, `rh1:t:${lobbyId.toString(36)}:join`));
    expect(textOf(elsewhere.message)).toMatch(/use it there/);
    expect((await app.context.store.seats(lobbyId))).toHaveLength(1);
  });

  it('leaderboard and admin buttons forged onto a board never rewrite the public message', async () => {
    const { id, board, channelId } = await game('forged-pages');
    const before = textOf(fresh(emu, board));
    const page = answered(await eve.forge(board, 'rh1:l:all:0:0'));
    expect(page.message?.ephemeral).toBe(true);
    const keep = answered(await mod.forge(board, 'rh1:a:keep'));
    expect(keep.message?.ephemeral).toBe(true);
    await settle(app);
    expect(textOf(fresh(emu, board))).toBe(before);
    expect(JSON.stringify(fresh(emu, board).components)).toContain('Show my hand');
    expect((await app.context.store.table(id))!.channelId).toBe(channelId);
  });

  it('a deleted board is posted again on the next change', async () => {
    const { id, board, channelId } = await game('deleted-board');
    emu.deleteMessage(channelId, board.id);
    const m = (await mover(id));
    const r = answered(await m.slash('hand', {}, { channelId }));
    const discard = offers<SuspicionAction>(r.message!, def).find((o) => o.action.type === 'discard')!;
    answered(await perform(m, r.message!, discard));
    await settle(app);
    const again = boardOf(emu, id, channelId);
    expect(again.id).not.toBe(board.id);
    expect((await app.context.store.table(id))!.boardMessageId).toBe(again.id);
    // Deleted again: asking for a hand with /hand brings the board back without any move.
    emu.deleteMessage(channelId, again.id);
    const v = (await version(id));
    answered(await ana.slash('hand', {}, { channelId }));
    await settle(app);
    const third = boardOf(emu, id, channelId);
    expect(third.id).not.toBe(again.id);
    expect((await version(id))).toBe(v);
  });

  it('tells players privately when the bot lost a permission it needs for the board', async () => {
    const { board, channelId } = await game('perm-lost');
    emu.setBotPermissions(channelId, DEFAULT_BOT_PERMISSIONS & ~PermissionFlagsBits.SendMessages);
    const r = await panelOf(answered(await ana.click(fresh(emu, board), 'Show my hand')));
    expect(r?.ephemeral).toBe(true);
    // Without Send Messages, Embed Links and Attach Files are implicitly denied: the board cannot be updated either.
    expect(textOf(r)).toMatch(/can no longer update the board in this channel \(missing \*\*Send Messages\*\*\)/);
    emu.setBotPermissions(channelId, DEFAULT_BOT_PERMISSIONS & ~PermissionFlagsBits.EmbedLinks);
    const r2 = await panelOf(answered(await ana.click(fresh(emu, board), 'Show my hand')));
    expect(textOf(r2)).toMatch(/can no longer update the board.*Embed Links/);
    emu.setBotPermissions(channelId, DEFAULT_BOT_PERMISSIONS);
  });

  it('/table cancel confirms first, is refused to others, and closes the board', async () => {
    const { id, board, channelId } = await game('cancel');
    const panel = (await panelOf(answered(await ana.click(fresh(emu, board), 'Show my hand'))))!;
    expect(panel.components?.length ?? 0).toBeGreaterThan(0); // at least Refresh
    const refused = answered(await eve.slash('table cancel', {}, { channelId }));
    expect(textOf(refused.message)).toMatch(/host or a member with \*\*Manage Server\*\*/);
    const ask = answered(await ana.slash('table cancel', {}, { channelId }));
    expect((await app.context.store.table(id))!.status).toBe('active'); // nothing happens before confirming
    const keep = answered(await ana.click(ask.message!, 'No, keep playing'));
    expect(textOf(keep.message)).toMatch(/Nothing changed/);
    // A moderator with Manage Server may cancel someone else's table.
    const ask2 = answered(await mod.slash('table cancel', {}, { channelId }));
    answered(await mod.click(ask2.message!, 'Yes, cancel the table'));
    await settle(app);
    expect((await app.context.store.table(id))!.status).toBe('cancelled');
    const closed = fresh(emu, board);
    expect(textOf(closed)).toMatch(/Cancelled/);
    // A closed board keeps its Container (Components V2) and offers only Review (README "Review a game").
    const closedIds = [...JSON.stringify(closed.components ?? []).matchAll(/"custom_id":"([^"]+)"/g)].map((m) => m[1]!);
    expect(closedIds).toHaveLength(1);
    expect(closedIds[0]).toMatch(/^rh1:r:/);
    // The open private panel is redrawn too: no moves left to click, "see the board for the result".
    await eventually(async () => (!/"custom_id"/.test(JSON.stringify(fresh(emu, panel).components ?? [])) ? true : undefined), 'the panel redrawn without buttons');
    expect(textOf(fresh(emu, panel))).toMatch(/See the board for the result/);
    // A stale panel button on the cancelled table is answered privately.
    const late = answered(await ana.slash('hand', {}, { channelId }));
    expect(late.message?.ephemeral).toBe(true);
    expect(textOf(late.message)).toMatch(/not seated at an open table|several tables/i);
    expect(textOf(late.message)).not.toContain(`table #${id} `);
  });

  it('/table leave confirms first; in a two-player game the one who stays wins at once', async () => {
    const { id, channelId, board } = await game('leave');
    const ask = answered(await ben.slash('table leave', {}, { channelId }));
    expect(textOf(ask.message)).toMatch(/ranked last/);
    expect((await app.context.store.table(id))!.status).toBe('active'); // nothing before confirming
    answered(await ben.click(ask.message!, 'Yes, leave the game'));
    await settle(app);
    expect((await app.context.store.table(id))).toMatchObject({ status: 'finished', endReason: 'forfeit' });
    const rows = (await app.context.store.results(id));
    expect(rows.find((r) => r.userId === ana.id)).toMatchObject({ placement: 1, winner: true });
    expect(rows.find((r) => r.userId === ben.id)).toMatchObject({ placement: 2, winner: false, left: true });
    const text = textOf(fresh(emu, board));
    expect(text).toMatch(/everyone else left/);
    expect(text).toMatch(/Winner:\*\* \*\*Ana/);
    expect(text).toMatch(/Left the game: Ben/);
  });

  it('a deadline that passed while the bot was down gets a fresh one from the ready time; the board says the bot restarted', async () => {
    const { id, board } = await game('restart-deadline');
    const p = def.pending((await state(id)));
    await app.stop();
    // The bot is down past the turn deadline.
    const raw = new Database(tmp.dbPath);
    raw.prepare('update game_tables set deadline_at = ? where id = ?').run(Date.now() - 1000, id);
    raw.close();
    const before = Date.now();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, logger: pino({ level: 'info' }, sink) });
    await settle(app);
    // Nothing was played for anyone, and nobody counts a missed deadline.
    expect((await app.context.store.actions(id))).toEqual([]);
    expect(def.pending((await state(id))).step).toBe(p.step);
    expect((await app.context.store.seats(id)).every((s) => s.missed === 0 && !s.away)).toBe(true);
    // The 120 s turn gets min(120 s, 60 s) from the moment the bot was ready.
    const deadlineAt = (await app.context.store.table(id))!.deadlineAt!;
    expect(deadlineAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(deadlineAt).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(textOf(fresh(emu, board))).toMatch(new RegExp(`The bot was restarted\\. Nobody could move meanwhile, so the current decision now closes <t:${Math.floor(deadlineAt / 1000)}:R>`));
  });

  it('a board and ping the previous process did not publish are sent at start-up', async () => {
    const { id, board } = await game('crash-publish');
    const m = (await mover(id));
    const pingsBefore = m.pings().length;
    await app.stop();
    // As if the process died between committing a move and editing the board (and posting its ping).
    const raw = new Database(tmp.dbPath);
    raw.prepare('update game_tables set board_version = 0, ping_message_id = null where id = ?').run(id);
    raw.close();
    const edits = () => emu.requests.filter((q) => q.method === 'PATCH' && q.path.endsWith(`/messages/${board.id}`)).length;
    const editsBefore = edits();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, logger: pino({ level: 'info' }, sink) });
    await settle(app);
    expect(edits()).toBe(editsBefore + 1);
    expect(m.pings().length).toBe(pingsBefore + 1);
    expect((await app.context.store.table(id))!.boardVersion).toBe((await app.context.store.table(id))!.version);
    // Tables whose board was up to date are left alone at start-up.
    const again = edits();
    await app.stop();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, logger: pino({ level: 'info' }, sink) });
    await settle(app);
    expect(edits()).toBe(again);
  });

  it('/suspicion rules shows the table defaults privately; /hand without a table explains', async () => {
    const rules = answered(await eve.slash('suspicion rules'));
    expect(rules.message?.ephemeral).toBe(true);
    expect(textOf(rules.message)).toMatch(/120/);
    const hand = answered(await eve.slash('hand'));
    expect(textOf(hand.message)).toMatch(/not seated at an open table/i);
  });

  it('writes one JSON log line per interaction with guild, table, user, action, outcome and ms', async () => {
    const lines = logLines.filter((l) => l.msg === 'interaction');
    expect(lines.length).toBeGreaterThan(10);
    for (const l of lines) {
      expect(l).toHaveProperty('guild');
      expect(l).toHaveProperty('user');
      expect(typeof l.action).toBe('string');
      expect(typeof l.outcome).toBe('string');
      expect(typeof l.ms).toBe('number');
    }
    expect(lines.some((l) => typeof l.table === 'number' && l.outcome === 'stale')).toBe(true);
    expect(emu.violations).toEqual([]);
  });
});

export type { EmulatedMessage };
