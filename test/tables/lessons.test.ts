/**
 * Lesson tables in the table service (docs/lessons.md "Lesson tables"), with the real games,
 * real SQLite and the bot driver (whose policy must never be asked: a lesson's bots play their
 * script): a lesson opens started, private (not its channel's table), one per learner and game;
 * each game's lesson plays to its end through the service — the learner's moves by `act`, the
 * bots' by BotTurns — and closes `lesson-done` with no result row, rating or `/history` entry;
 * a move the lesson does not teach is refused and changes nothing; a restart mid-lesson
 * continues it; an untouched lesson closes; the learner can leave at any time. A real table
 * marks at Start who is new to its game or to a variant it plays (docs/lessons.md "First table
 * of a game"): 💡 Hint on for a first-timer only, and their first look at their hand flagged once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BotPolicy } from '../../src/bots/policy.js';
import { seatsToAct } from '../../src/games/engine.js';
import { defaultRegistry, GAME_MODULES } from '../../src/games/index.js';
import { lessonAt, lessonSetup, lessonTaught, sameAction } from '../../src/games/lesson.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase, type Db } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import { BotTurns } from '../../src/tables/bot-turns.js';
import { LESSON_DONE_REASON, LESSON_IDLE_MS, LESSON_IDLE_REASON, newcomersAt } from '../../src/tables/lesson-rules.js';
import { tableOptionsOf } from '../../src/tables/bots.js';
import { hintsAllowed } from '../../src/tables/hints.js';
import { variantKeysAt } from '../../src/games/lesson.js';
import { TableService } from '../../src/tables/service.js';
import { newcomerNote } from '../../src/discord/render/lesson.js';
import { catalogs } from '../../src/i18n/index.js';
import type { Actor, TableChange, TableSnapshot } from '../../src/tables/types.js';

const ana: Actor = { userId: '300000000000000001', displayName: 'Ana', canManageGuild: false, from: { guildId: 'g1', channelId: 'c1' } };
const ben: Actor = { userId: '300000000000000002', displayName: 'Ben', canManageGuild: false };
const cleo: Actor = { userId: '300000000000000003', displayName: 'Cleo', canManageGuild: false };

/** A bot policy that fails the test if a lesson's bot ever asks it. */
const forbiddenPolicy: BotPolicy = {
  decide: async () => {
    throw new Error('a lesson bot asked the bot policy');
  },
  close: async () => {},
};

let dir: string;
let db: Db;
let store: SqliteStore;
let service: TableService;
let turns: BotTurns;
let changes: TableChange[];

function build(): void {
  store = new SqliteStore(db);
  service = new TableService({ store, registry: defaultRegistry(), logger: silentLogger, lessonBotPaceMs: 0 });
  service.addListener({ tableChanged: (change) => changes.push(change) });
  turns = new BotTurns({ service, store, policy: forbiddenPolicy, logger: silentLogger });
  service.addListener(turns);
}

async function shutdown(): Promise<void> {
  turns.stop();
  await turns.settled();
  await service.deadlines.stop();
  await store.close();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rh-lessons-'));
  db = openDatabase(join(dir, 'test.db'));
  changes = [];
  build();
});

afterEach(async () => {
  await shutdown();
  rmSync(dir, { recursive: true, force: true });
});

async function openLesson(game: string, who: Actor = ana): Promise<{ snapshot: TableSnapshot; resumed: boolean }> {
  const r = await service.lessons.openLesson({ guildId: 'g1', channelId: 'c1', game, learner: who });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** Wait until the learner is to act at table `id` or the table closed (bots move with no pause). */
async function untilLearner(id: number): Promise<TableSnapshot> {
  for (let i = 0; i < 400; i++) {
    await turns.settled();
    const snapshot = (await service.reads.snapshot(id))!;
    if (snapshot.table.status !== 'active') return snapshot;
    const me = snapshot.seats.find((row) => row.userId === ana.userId)!;
    if (snapshot.pending && snapshot.pending.kind !== 'over' && seatsToAct(snapshot.pending).includes(me.seat!)) return snapshot;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`table ${id}: the learner never got a decision`);
}

/** Play the learner's taught moves until the lesson closes; returns the final snapshot. */
async function playLesson(id: number): Promise<TableSnapshot> {
  for (;;) {
    const snapshot = await untilLearner(id);
    if (snapshot.table.status !== 'active') return snapshot;
    const def = service.reads.definition(snapshot.table);
    const script = service.reads.lessonScript(snapshot.table)!;
    const [move] = lessonTaught(def, script, snapshot.table.state);
    const played = await service.play.act(id, ana, snapshot.pending!.step, move);
    expect(played.ok, JSON.stringify(played.ok ? null : played.error)).toBe(true);
  }
}

describe('a lesson table', () => {
  it('opens started on the teaching deal, private, with scripted bots seated', async () => {
    const { snapshot, resumed } = await openLesson('noir');
    expect(resumed).toBe(false);
    const mod = GAME_MODULES.find((m) => m.id === 'noir')!;
    const script = mod.lesson!;
    expect(snapshot.table).toMatchObject({ status: 'active', game: 'noir', lesson: `noir@${script.version}`, seed: script.seed, hostUserId: ana.userId });
    const learner = snapshot.seats.find((row) => row.userId === ana.userId)!;
    expect(learner.seat).toBe(script.learner);
    expect(snapshot.seats.filter((row) => row.botLevel !== null).map((row) => row.seat)).toEqual([1]);
    // The first decision is the Killer bot's: made as the lesson opens (logged as a bot's move), so
    // the first panel is drawn at the learner's own first decision and not redrawn by that move.
    expect(lessonAt(mod.definition, script, snapshot.table.state)).toMatchObject({ kind: 'at', index: 1 });
    expect(seatsToAct(snapshot.pending!)).toEqual([script.learner]);
    expect((await store.actions(snapshot.table.id)).map((row) => ({ seat: row.seat, kind: row.kind, action: row.action }))).toEqual([{ seat: 1, kind: 'bot', action: script.decisions[0]!.moves[0]!.move }]);
    const first = (await untilLearner(snapshot.table.id)).table;
    expect(first.version).toBe(snapshot.table.version);
    // Not the channel's table: a game opens there as usual, and the channel's open table is the game.
    const game = await service.lobby.createTable({ guildId: 'g1', channelId: 'c1', game: 'suspicion', host: ben, options: {} });
    expect(game.ok).toBe(true);
    expect((await service.reads.openTableInChannel('c1'))?.table.game).toBe('suspicion');
    // Nor one of the learner's tables for /hand and /games.
    expect(await service.reads.openTablesOfUser('g1', ana.userId)).toEqual([]);
    // Nobody was pinged: the learner is looking at the lesson.
    expect(changes.flatMap((change) => change.ping)).toEqual([]);
  });

  it('is continued, not opened twice — also by two clicks at once', async () => {
    const [a, b] = await Promise.all([openLesson('suspicion'), openLesson('suspicion')]);
    expect(a.snapshot.table.id).toBe(b.snapshot.table.id);
    expect([a.resumed, b.resumed].sort()).toEqual([false, true]);
    const again = await openLesson('suspicion');
    expect(again).toMatchObject({ resumed: true });
    expect(again.snapshot.table.id).toBe(a.snapshot.table.id);
    // Another game's lesson is a lesson of its own.
    expect((await openLesson('phantom')).snapshot.table.id).not.toBe(a.snapshot.table.id);
  });

  it.each(GAME_MODULES.map((mod) => [mod.id]))('%s: plays to its end and leaves no result, rating or /history entry', async (game) => {
    const { snapshot } = await openLesson(game);
    const done = await playLesson(snapshot.table.id);
    expect(done.table.status).toBe('cancelled');
    expect(done.table.endReason).toBe(LESSON_DONE_REASON);
    expect(await store.results(done.table.id)).toEqual([]);
    expect(await store.recentGames('g1', ana.userId)).toEqual([]);
    expect(await store.stoppedGames('g1', ana.userId)).toEqual([]);
    const { season } = await store.currentSeason('g1', game);
    expect(await store.seasonRatings('g1', game, season, [ana.userId])).toEqual([]);
    expect((await store.leaderboard('g1', game, season, 1)).rows).toEqual([]);
    expect(await store.playerTotals('g1', ana.userId)).toBeUndefined();
    // Every move is in the log, the learner's as `player`, the bots' as `bot`: the line exactly.
    const log = await store.actions(done.table.id);
    const script = GAME_MODULES.find((m) => m.id === game)!.lesson!;
    const line = script.decisions.flatMap((decision) => decision.moves.map((move) => ({ seat: move.seat, kind: move.seat === script.learner ? 'player' : 'bot' })));
    expect(log.map((row) => ({ seat: row.seat, kind: row.kind }))).toEqual(line);
    // The ended change was told, without pings.
    expect(changes.some((change) => change.tableId === done.table.id && change.ended)).toBe(true);
    expect(changes.flatMap((change) => change.ping)).toEqual([]);
  });

  it('refuses a move the lesson does not teach now, and the state does not change', async () => {
    const { snapshot } = await openLesson('suspicion');
    const at = await untilLearner(snapshot.table.id);
    const def = service.reads.definition(at.table);
    const script = service.reads.lessonScript(at.table)!;
    const taught = lessonTaught(def, script, at.table.state);
    const other = def.legalActions(at.table.state, script.learner).find((action) => !taught.some((t) => sameAction(def, t, action)))!;
    expect(other).toBeDefined();
    const refused = await service.play.act(at.table.id, ana, at.pending!.step, other);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('lesson-not-yet');
    if (refused.error.code === 'lesson-not-yet') expect(refused.error.taught).toEqual(taught);
    const after = (await service.reads.snapshot(at.table.id))!;
    expect(after.table.state).toEqual(at.table.state);
    expect(after.table.lastSeq).toBe(at.table.lastSeq);
    // The hint is no lesson's: the note says what to do.
    const hint = await service.play.hint(at.table.id, ana);
    expect(hint.ok ? null : hint.error.code).toBe('hints-off');
  });

  it('survives a restart mid-lesson: the bots move again and the learner carries on', async () => {
    const { snapshot } = await openLesson('jaccuse');
    const id = snapshot.table.id;
    // The learner investigates and votes; then the process stops while the bots are to vote.
    let at = await untilLearner(id);
    const script = service.reads.lessonScript(at.table)!;
    const def = service.reads.definition(at.table);
    expect((await service.play.act(id, ana, at.pending!.step, lessonTaught(def, script, at.table.state)[0])).ok).toBe(true);
    at = await untilLearner(id);
    turns.stop();
    await turns.settled();
    expect((await service.play.act(id, ana, at.pending!.step, lessonTaught(def, script, at.table.state)[0])).ok).toBe(true);
    await shutdown();
    // Started again on the same database: recovery, then the bot driver resumes the lesson's bots.
    db = openDatabase(join(dir, 'test.db'));
    changes = [];
    build();
    const heads = await service.reads.ownOpenTableHeads();
    await service.restart.recover(Date.now(), heads);
    expect(await service.restart.staleBoards()).toEqual([]);
    expect(await turns.resume(heads)).toBeGreaterThan(0);
    const done = await playLesson(id);
    expect(done.table.endReason).toBe(LESSON_DONE_REASON);
  });

  it('closes when nobody touches it for LESSON_IDLE_MS, without playing anything for the learner', async () => {
    const { snapshot } = await openLesson('phantom');
    const at = await untilLearner(snapshot.table.id);
    expect(at.table.deadlineAt).toBeGreaterThan(Date.now() + LESSON_IDLE_MS - 60_000);
    const row = (await store.table(at.table.id))!;
    // The deadline passes (the stored instant moved into the past, as after a long wait).
    await store.transaction((tx) => tx.updateTable(row.id, row.version, { deadlineAt: Date.now() - 1 }));
    await service.deadlines.fireDeadline(row.id);
    const closed = (await service.reads.snapshot(row.id))!;
    expect(closed.table).toMatchObject({ status: 'cancelled', endReason: LESSON_IDLE_REASON });
    expect(closed.table.lastSeq).toBe(at.table.lastSeq);
    expect(await store.results(row.id)).toEqual([]);
  });

  it('can be left at any time, from any channel of its server', async () => {
    const { snapshot } = await openLesson('noir');
    await untilLearner(snapshot.table.id);
    const elsewhere: Actor = { ...ana, from: { guildId: 'g1', channelId: 'c9' } };
    const left = await service.lobby.cancel(snapshot.table.id, elsewhere);
    expect(left.ok).toBe(true);
    expect((await service.reads.snapshot(snapshot.table.id))!.table.status).toBe('cancelled');
    // A new lesson starts from the beginning.
    const fresh = await openLesson('noir');
    expect(fresh.resumed).toBe(false);
    const mod = GAME_MODULES.find((m) => m.id === 'noir')!;
    expect(fresh.snapshot.table.state).not.toBeNull();
    expect(lessonAt(mod.definition, mod.lesson!, lessonSetup(mod.definition, mod.lesson!))).toMatchObject({ kind: 'at', index: 0 });
  });

  it('is refused for a game that has none, and unknown games', async () => {
    const unknown = await service.lessons.openLesson({ guildId: 'g1', channelId: 'c1', game: 'chess', learner: ana });
    expect(unknown.ok ? null : unknown.error.code).toBe('unknown-game');
  });
});

describe('the first table of a game (docs/lessons.md "First table of a game")', () => {
  it('names the variants a table plays: option values as the game parsed them, and seat counts', () => {
    const phantom = defaultRegistry().get('phantom').lesson!;
    expect(variantKeysAt(phantom, { beginner: true }, 3)).toEqual(['beginner=true', 'seats=3']);
    expect(variantKeysAt(phantom, { beginner: false }, 4)).toEqual([]);
    const noir = defaultRegistry().get('noir').lesson!;
    expect(variantKeysAt(noir, { mode: 'citizens-arrest', killTarget: 14 }, 2)).toEqual(['mode=citizens-arrest', 'killTarget=14']);
    expect(variantKeysAt(noir, { mode: 'standard', killTarget: 16 }, 2)).toEqual([]);
    // A player who finished a beginner game at three knows both; one who finished a four-player game knows neither.
    const humans = [{ seat: 0, userId: 'a' }, { seat: 1, userId: 'b' }, { seat: 2, userId: 'c' }];
    const finished = [{ userId: 'a', options: { beginner: true }, players: 3 }, { userId: 'b', options: { beginner: false }, players: 4 }];
    expect(newcomersAt(phantom, { beginner: true }, 3, humans, finished, [])).toEqual([
      { seat: 1, variants: ['beginner=true', 'seats=3'] },
      { seat: 2, first: true, variants: ['beginner=true', 'seats=3'] },
    ]);
    expect(newcomersAt(phantom, { beginner: false }, 4, humans, finished, [])).toEqual([{ seat: 2, first: true }]);
    // Finishing the lesson is no finished game (hints stay on), but it is marked; 'a' has finished a game, so is not a first-timer at all.
    expect(newcomersAt(phantom, { beginner: false }, 4, humans, finished, ['a', 'c'])).toEqual([{ seat: 2, first: true, learned: true }]);
  });

  it('marks at Start who is new: 💡 Hint on for a first-timer only, their first look at their hand flagged once', async () => {
    // Ana finished a two-player Tricks and the Phantom game (against a bot) before.
    const earlier = await service.lobby.createTable({ guildId: 'g1', channelId: 'c0', game: 'phantom', host: ana, options: {}, maxSeats: 2 });
    if (!earlier.ok) throw new Error(JSON.stringify(earlier.error));
    const row = (seat: number, userId: string, botLevel: string | null) => ({ tableId: earlier.value.table.id, seat, guildId: 'g1', game: 'phantom', userId, placement: seat + 1, winner: seat === 0, score: null, endedAt: 1, botLevel });
    await store.transaction((tx) => tx.insertResults([row(0, ana.userId, null), row(1, 'bot-1', 'normal')]));
    // In another server she has finished nothing.
    expect(await store.finishedGamesOf('g2', 'phantom', [ana.userId])).toEqual([]);

    const opened = await service.lobby.createTable({ guildId: 'g1', channelId: 'c1', game: 'phantom', host: ana, options: {}, maxSeats: 3 });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    const id = opened.value.table.id;
    for (const who of [ben, cleo]) expect((await service.lobby.join(id, who)).ok).toBe(true);
    const started = await service.lobby.start(id, ana);
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    const seatOf = (who: Actor) => started.value.seats.find((s) => s.userId === who.userId)!.seat!;
    const { newcomers } = tableOptionsOf(started.value.table.tableOptions);
    // Three seats is a variant of its own (§3.8) that none of them has finished a game with.
    expect(newcomers).toEqual(
      expect.arrayContaining([{ seat: seatOf(ana), variants: ['seats=3'] }, { seat: seatOf(ben), first: true, variants: ['seats=3'] }, { seat: seatOf(cleo), first: true, variants: ['seats=3'] }]),
    );
    expect(newcomers).toHaveLength(3);
    // A rated table (three people) opened without hints: on for Ben and Cleo, off for Ana.
    const { seats, table } = started.value;
    expect([ana, ben, cleo].map((who) => hintsAllowed(seats, table.tableOptions, seatOf(who)))).toEqual([false, true, true]);
    const anaHint = await service.play.hint(id, ana);
    expect(anaHint.ok ? null : anaHint.error.code).toBe('hints-off');
    const benHint = await service.play.hint(id, ben);
    expect(benHint.ok ? null : benHint.error.code).not.toBe('hints-off');
    // Ben's first look at his hand is flagged, the next is not.
    const first = await service.play.markPresent(id, ben);
    expect(first.ok && first.value.firstLook).toBe(true);
    const again = await service.play.markPresent(id, ben);
    expect(again.ok && again.value.firstLook).toBeFalsy();
  });

  it('does not send a player who finished the lesson back to it: their first real table keeps 💡 Hint on and says so, without the lesson', async () => {
    // Ana plays the NOIR lesson to its end; Ben opens his and leaves it (not finished).
    const lesson = await openLesson('noir');
    expect((await playLesson(lesson.snapshot.table.id)).table.endReason).toBe(LESSON_DONE_REASON);
    const bens = await openLesson('noir', { ...ben, from: { guildId: 'g1', channelId: 'c1' } });
    expect((await service.lobby.cancel(bens.snapshot.table.id, { ...ben, from: { guildId: 'g1', channelId: 'c1' } })).ok).toBe(true);
    expect(await store.finishedLessonsOf('g1', 'noir', [ana.userId, ben.userId])).toEqual([ana.userId]);
    expect(await store.finishedLessonsOf('g1', 'phantom', [ana.userId])).toEqual([]);
    expect(await store.finishedLessonsOf('g2', 'noir', [ana.userId])).toEqual([]);

    const opened = await service.lobby.createTable({ guildId: 'g1', channelId: 'c1', game: 'noir', host: ana, options: {} });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    const id = opened.value.table.id;
    expect((await service.lobby.join(id, ben)).ok).toBe(true);
    const started = await service.lobby.start(id, ana);
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    const seatOf = (who: Actor) => started.value.seats.find((s) => s.userId === who.userId)!.seat!;
    expect(tableOptionsOf(started.value.table.tableOptions).newcomers).toEqual(
      expect.arrayContaining([{ seat: seatOf(ana), first: true, learned: true }, { seat: seatOf(ben), first: true }]),
    );
    // Both are at their first real table: 💡 Hint is on for both (a lesson is no finished game).
    const { seats, table } = started.value;
    expect([ana, ben].map((who) => hintsAllowed(seats, table.tableOptions, seatOf(who)))).toEqual([true, true]);
    // Ana's first panel says hints are on and does not suggest the lesson; Ben's still does.
    const noir = defaultRegistry().get('noir');
    for (const [language, command] of [['en', '/noir learn'], ['es', '/noir aprender']] as const) {
      const anaNote = newcomerNote(noir, started.value, ana.userId, catalogs[language])!;
      expect(anaNote).toBe(catalogs[language].common.lesson.firstRealTable(noir.title(catalogs[language])));
      expect(anaNote).not.toContain(command);
      expect(newcomerNote(noir, started.value, ben.userId, catalogs[language])).toContain(command);
    }
  });
});
