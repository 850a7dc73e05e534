/**
 * AI players in the table service (README "AI players"): bot seats in the lobby, bot moves
 * through one service transaction (action log kind `bot`, replayable), the pause and its
 * cap in timed windows, bots never pinged, never auto-played and never "present", a leaver
 * replaced by a bot, bot input holding only the seat's own knowledge, and recovery after a
 * restart while a bot is to move. Real games, real SQLite, bots deciding inline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BotInput } from '../../src/games/bot.js';
import { InlinePolicy, type BotPolicy } from '../../src/bots/policy.js';
import { eventVisibleTo, seatsToAct, type Pending } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase, type Db } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import { BotTurns, hardBudgetMs, MIN_BUDGET_MS } from '../../src/tables/bot-turns.js';
import { boardMessage } from '../../src/discord/render/board.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { botPauseMs, DEFAULT_PACE_MS, isBotUser, readBotOptions, WINDOW_MARGIN_MS } from '../../src/tables/bots.js';
import { isAbandoned, isPresent, pingFor } from '../../src/tables/policy.js';
import { TableService } from '../../src/tables/service.js';
import type { Actor, TableChange, TableSnapshot } from '../../src/tables/types.js';

const human = (n: number): Actor => ({ userId: `20000000000000000${n}`, displayName: `H${n}`, canManageGuild: false });
const [ana, ben] = [human(1), human(2)];

let dir: string;
let db: Db;
let store: SqliteStore;
let service: TableService;
let turns: BotTurns;
let changes: TableChange[];
let inputs: { input: BotInput; state: unknown }[];

/** A policy that records what each bot was given (with the true state at that moment), then decides inline. */
function spyPolicy(): BotPolicy {
  const inline = new InlinePolicy();
  return {
    decide: async (request) => {
      const open = await service.reads.openTableInChannel('c1');
      inputs.push({ input: structuredClone(request.input), state: open?.table.state });
      return inline.decide({ ...request, ...(request.level === 'hard' ? { iterations: 8 } : {}) });
    },
    close: () => inline.close(),
  };
}

function build(): void {
  store = new SqliteStore(db);
  service = new TableService({ store, registry: defaultRegistry(), logger: silentLogger, newSeed: () => 777 });
  service.addListener({ tableChanged: (change) => changes.push(change) });
  turns = new BotTurns({ service, store, policy: spyPolicy(), logger: silentLogger });
  service.addListener(turns);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rh-bots-'));
  db = openDatabase(join(dir, 'test.db'));
  changes = [];
  inputs = [];
  build();
});

afterEach(async () => {
  turns.stop();
  await turns.settled();
  await service.deadlines.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(game: string, botOptions: Record<string, unknown>, maxSeats?: number): Promise<TableSnapshot> {
  const r = (await service.lobby.createTable({ guildId: 'g1', channelId: 'c1', game, host: ana, options: {}, botOptions, ...(maxSeats ? { maxSeats } : {}) }));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** Wait until `done()` holds, letting bot turns run (real timers: pace 0). */
async function until(done: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Play the humans' decisions with random legal moves until the game ends. */
async function playHumans(tableId: number, humans: Actor[], seed = 1): Promise<TableSnapshot> {
  const rng = Rng.seeded(seed);
  for (let guard = 0; guard < 5_000; guard++) {
    const snap = (await service.reads.snapshot(tableId))!;
    if (snap.table.status !== 'active') return snap;
    const def = service.reads.definition(snap.table);
    const pending = snap.pending!;
    const mine = snap.seats.filter((row) => row.seat !== null && seatsToAct(pending).includes(row.seat) && humans.some((h) => h.userId === row.userId));
    if (mine.length === 0) {
      const step = pending.step;
      const version = snap.table.version;
      await until(async () => {
        const now = (await service.reads.snapshot(tableId))!;
        return now.table.version !== version || now.pending?.step !== step;
      }, 'a bot move');
      continue;
    }
    const row = mine[rng.int(0, mine.length - 1)]!;
    const legal = def.legalActions(snap.table.state, row.seat!);
    const who = humans.find((h) => h.userId === row.userId)!;
    const r = (await service.play.act(tableId, who, pending.step, legal[rng.int(0, legal.length - 1)]));
    // A bot may have moved in the same window (a race): a stale or refused click is fine.
    if (!r.ok && r.error.code !== 'stale' && r.error.code !== 'rule') throw new Error(JSON.stringify(r.error));
  }
  throw new Error('game did not end');
}

describe('bot options of a new table', () => {
  it('seat the bots with marked names and their level; refuse more bots than free seats', async () => {
    const snap = await open('noir', { bots: 1, level: 'hard', paceSeconds: 0 });
    expect(snap.seats).toHaveLength(2);
    const bot = snap.seats.find((row) => isBotUser(row.userId))!;
    expect(bot.botLevel).toBe('hard');
    expect(bot.displayName).toMatch(/^🤖 /);
    expect(snap.table.tableOptions).toEqual({ botPaceMs: 0 });
    const refused = (await service.lobby.createTable({ guildId: 'g1', channelId: 'c2', game: 'noir', host: ben, options: {}, botOptions: { bots: 2 } }));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('bad-options');
    expect(readBotOptions({ level: 'expert' }, 4)).toMatchObject({ ok: false });
    expect(readBotOptions({ paceSeconds: -1 }, 4)).toMatchObject({ ok: false });
    expect(readBotOptions({ bots: 3, paceSeconds: 2.5 }, 4)).toEqual({ ok: true, seating: { count: 3, level: 'normal' }, options: { botPaceMs: 2500 } });
  });

  it('lobby: only the host adds and removes bots; a bot never becomes host; a lobby of bots alone closes', async () => {
    const snap = await open('jaccuse', {});
    const id = snap.table.id;
    expect((await service.lobby.join(id, ben)).ok).toBe(true);
    const byGuest = (await service.lobby.addBot(id, ben, 'easy'));
    expect(byGuest.ok || byGuest.error.code).toBe('host-only');
    const added = (await service.lobby.addBot(id, ana, 'easy'));
    expect(added.ok).toBe(true);
    const botId = added.ok ? added.value.seats.find((row) => isBotUser(row.userId))!.userId : '';
    expect((await service.lobby.removeBot(id, ana, ben.userId)).ok || 'refused').toBe('refused');
    expect((await service.lobby.addBot(id, ana, 'hard')).ok).toBe(true);
    const removed = (await service.lobby.removeBot(id, ana, botId));
    expect(removed.ok && removed.value.seats.map((row) => row.botLevel)).toEqual([null, null, 'hard']);
    // The host leaves: the human guest becomes host, not the bot seated before... any bot.
    const left = (await service.lobby.leaveLobby(id, ana));
    expect(left.ok && left.value.table.hostUserId).toBe(ben.userId);
    const last = (await service.lobby.leaveLobby(id, ben));
    expect(last.ok && last.value.table.status).toBe('cancelled');
  });
});

describe('a game against bots', () => {
  it('NOIR alone against one bot: bot moves are logged as kind bot, the game ends, the bot row carries its level, nobody is rated', async () => {
    const snap = await open('noir', { bots: 1, level: 'normal', paceSeconds: 0 });
    const id = snap.table.id;
    expect((await service.lobby.start(id, ana)).ok).toBe(true);
    const end = await playHumans(id, [ana]);
    expect(end.table.status).toBe('finished');
    const log = (await store.actions(id));
    const botSeat = end.seats.find((row) => isBotUser(row.userId))!.seat!;
    expect(log.filter((entry) => entry.kind === 'bot').length).toBeGreaterThan(0);
    expect(log.filter((entry) => entry.kind === 'bot').every((entry) => entry.seat === botSeat)).toBe(true);
    expect(log.some((entry) => entry.kind === 'player' && entry.seat === botSeat)).toBe(false);
    const results = (await store.results(id));
    expect(results.find((row) => row.seat === botSeat)!.botLevel).toBe('normal');
    expect(results.find((row) => row.seat !== botSeat)!.botLevel).toBeNull();
    // Replaying the stored log from the seed reproduces the stored final state (bot moves included).
    const def = service.reads.definition(end.table);
    let state = def.setup(end.table.options, 2, end.table.seed!, { hostSeat: end.seats.find((row) => row.userId === ana.userId)!.seat! });
    for (const entry of log) {
      const r = def.apply(state, entry.seat, entry.action);
      expect(r.ok).toBe(true);
      if (r.ok) state = r.state;
    }
    expect(state).toEqual(end.table.state);
    // No ping ever named a bot.
    for (const change of changes) for (const user of change.ping) expect(isBotUser(user)).toBe(false);
    // Play again seats the bot again, at its level, and invites nobody.
    const again = (await service.lobby.playAgain(id, ana));
    expect(again.ok).toBe(true);
    if (again.ok) {
      expect(again.value.snapshot.seats.map((row) => [isBotUser(row.userId), row.botLevel])).toEqual([
        [false, null],
        [true, 'normal'],
      ]);
      expect(again.value.invited).toEqual([]);
    }
  }, 60_000);

  it("a bot's input is its own seat's view and visible events only — never another seat's secret", async () => {
    const snap = await open('suspicion', { bots: 2, level: 'normal', paceSeconds: 0 }, 3);
    const id = snap.table.id;
    expect((await service.lobby.start(id, ana)).ok).toBe(true);
    await playHumans(id, [ana], 3);
    expect(inputs.length).toBeGreaterThan(10);
    const def = defaultRegistry().get('suspicion').definition;
    let handsChecked = 0;
    for (const { input, state } of inputs) {
      expect(Object.keys(input).sort()).toEqual(['events', 'game', 'initialView', 'options', 'seat', 'seatCount', 'view']);
      expect(input.view).toEqual(def.seatView(state, input.seat));
      for (const event of input.events) expect(eventVisibleTo(event, input.seat)).toBe(true);
      // Another seat's private view (its hand) appears nowhere in what the bot was given.
      const text = JSON.stringify(input);
      for (let other = 0; other < 3; other++) {
        if (other === input.seat) continue;
        const theirs = def.seatView(state, other) as { hand?: unknown; you?: { hand?: unknown } };
        const hand = theirs.hand ?? theirs.you?.hand;
        if (Array.isArray(hand) && hand.length > 0) {
          handsChecked += 1;
          expect(text.includes(JSON.stringify(hand))).toBe(false);
        }
      }
    }
    expect(handsChecked).toBeGreaterThan(10);
  }, 60_000);

  it('the host hands the seat of a player who left to a bot, which plays it to the end; the leaver is still ranked last', async () => {
    const snap = await open('jaccuse', { bots: 2, level: 'easy', paceSeconds: 0 }, 4);
    const id = snap.table.id;
    expect((await service.lobby.join(id, ben)).ok).toBe(true);
    expect((await service.lobby.start(id, ana)).ok).toBe(true);
    expect((await service.play.leaveGame(id, ben)).ok).toBe(true);
    const benSeat = (await service.reads.snapshot(id))!.seats.find((row) => row.userId === ben.userId)!.seat!;
    const byGuest = (await service.play.replaceWithBot(id, { ...ben }, benSeat));
    expect(byGuest.ok).toBe(false);
    const present = (await service.reads.snapshot(id))!.seats.find((row) => row.userId === ana.userId)!.seat!;
    const notAway = (await service.play.replaceWithBot(id, ana, present));
    expect(notAway.ok || notAway.error.code).toBe('not-replaceable');
    const replaced = (await service.play.replaceWithBot(id, ana, benSeat));
    expect(replaced.ok).toBe(true);
    if (replaced.ok) expect(replaced.value.events.some((event) => event.type === '$botReplaced')).toBe(true);
    const end = await playHumans(id, [ana], 5);
    expect(end.table.status).toBe('finished');
    const log = (await store.actions(id));
    const afterReplace = log.filter((entry) => entry.seat === benSeat && entry.kind !== 'player');
    expect(afterReplace.some((entry) => entry.kind === 'bot')).toBe(true);
    const benResult = (await store.results(id)).find((row) => row.seat === benSeat)!;
    expect(benResult.userId).toBe(ben.userId);
    expect(benResult.left).toBe(true);
    expect(benResult.botLevel).toBeNull();
  }, 60_000);
  it('a bot seat reads "🤖 Name (Level)" on the board, in the table\'s language (docs/discord.md "Bots")', async () => {
    const snap = await open('noir', { bots: 1, level: 'hard', paceSeconds: 20 });
    const id = snap.table.id;
    expect((await service.lobby.start(id, ana)).ok).toBe(true);
    const now = (await service.reads.snapshot(id))!;
    const bot = now.seats.find((row) => isBotUser(row.userId))!;
    const mod = defaultRegistry().get('noir');
    expect(JSON.stringify(boardMessage(mod, now, en).components)).toContain(`${bot.displayName} (Hard)`);
    expect(JSON.stringify(boardMessage(mod, now, es).components)).toContain(`${bot.displayName} (Difícil)`);
  });

  it('the last person to leave a table of bots ends it as abandoned (bots never play on alone), and the board says so', async () => {
    const snap = await open('noir', { bots: 1, level: 'easy', paceSeconds: 20 });
    const id = snap.table.id;
    expect((await service.lobby.start(id, ana)).ok).toBe(true);
    const left = await service.play.leaveGame(id, ana);
    expect(left.ok).toBe(true);
    if (!left.ok) return;
    expect(left.value.table).toMatchObject({ status: 'cancelled', endReason: 'abandoned' });
    const board = boardMessage(defaultRegistry().get('noir'), left.value, en);
    const shown = JSON.stringify(board.components);
    expect(shown).toContain(JSON.stringify(en.common.board.abandonedHumansLeft).slice(1, -1));
    // Not the "every player was away and let 3 deadlines pass" reason: no deadline passed.
    expect(shown).not.toContain('deadlines in a row');
    // No game button or select left: only Review (README "Review a game").
    expect([...JSON.stringify(board.components ?? []).matchAll(/"custom_id":"([^"]+)"/g)].map((m) => m[1])).toEqual(['rh1:r:1:-:p:o']);
  });
});

describe('pause and presence rules', () => {
  const turn: Pending = { kind: 'turn', seat: 0, step: 3, timer: 'turn', timeoutMs: 60_000 };
  const race: Pending = { kind: 'race', seats: [0, 1], step: 4, timer: 'reaction', timeoutMs: 3_000 };

  it('default pause spreads over 1.5–4 s; a set pace is used as is; never later than the window minus 0.5 s', async () => {
    expect(botPauseMs({}, turn, 1_000_000, 0, () => 0)).toBe(DEFAULT_PACE_MS.min);
    expect(botPauseMs({}, turn, 1_000_000, 0, () => 0.999999)).toBe(DEFAULT_PACE_MS.max);
    expect(botPauseMs({ botPaceMs: 0 }, turn, 1_000_000, 0, () => 0.5)).toBe(0);
    expect(botPauseMs({ botPaceMs: 10_000 }, turn, null, 0, () => 0.5)).toBe(10_000);
    // A 3 s counter window opened at t = 0 with a 4 s pace: answer at 2.5 s.
    expect(botPauseMs({}, race, 3_000, 0, () => 1)).toBe(3_000 - WINDOW_MARGIN_MS);
    // A window closing in 0.3 s: answer at once.
    expect(botPauseMs({ botPaceMs: 2_000 }, race, 300, 0, () => 0)).toBe(0);
  });

  it('a Hard move searches the one documented budget (300 ms), during the pause; a shorter pause shortens it', () => {
    // The default pause (1.5–4 s) is not all searched: 300 ms, as README "AI players" says.
    expect(hardBudgetMs(DEFAULT_PACE_MS.min)).toBe(300);
    expect(hardBudgetMs(DEFAULT_PACE_MS.max)).toBe(300);
    expect(hardBudgetMs(0)).toBe(300);
    // A 200 ms pace: ready 20 ms before the pause ends; a 30 ms window: the floor.
    expect(hardBudgetMs(200)).toBe(180);
    expect(hardBudgetMs(30)).toBe(MIN_BUDGET_MS);
    expect(hardBudgetMs(4_000, 1_000)).toBe(1_000);
  });

  it('bot seats are never pinged, never present, and do not keep an abandoned table alive', async () => {
    const base = { tableId: 1, joinedAt: 0, missed: 0, left: false, away: false, looked: false };
    const seats = [
      { ...base, userId: ana.userId, displayName: 'H1', seat: 0, botLevel: null },
      { ...base, userId: 'bot-1', displayName: '🤖 Marple', seat: 1, botLevel: 'hard' },
    ];
    expect(pingFor({ kind: 'race', seats: [0, 1], step: 1, timer: 'turn', timeoutMs: 1 }, seats)).toEqual([ana.userId]);
    expect(isPresent(seats[1]!)).toBe(false);
    const awayHuman = [{ ...seats[0]!, away: true, missed: 5 }, seats[1]!];
    expect(isAbandoned(awayHuman, 0, 60 * 60 * 1000)).toBe(true);
  });
});

describe('restart while a bot is to move', () => {
  /** A started NOIR table with an Easy bot (20 s pace), played on by Ana until the bot is to move. */
  async function noirWithBotToMove() {
    const snap = await open('noir', { bots: 1, level: 'easy', paceSeconds: 20 });
    const id = snap.table.id;
    expect((await service.lobby.start(id, ana)).ok).toBe(true);
    let now = (await service.reads.snapshot(id))!;
    const botSeat = now.seats.find((row) => isBotUser(row.userId))!.seat!;
    if (!seatsToAct(now.pending!).includes(botSeat)) {
      const def = service.reads.definition(now.table);
      const mine = now.seats.find((row) => row.userId === ana.userId)!.seat!;
      expect((await service.play.act(id, ana, now.pending!.step, def.legalActions(now.table.state, mine)[0])).ok).toBe(true);
      now = (await service.reads.snapshot(id))!;
    }
    expect(seatsToAct(now.pending!)).toContain(botSeat);
    return { id, now, botSeat };
  }

  it('the new process finds the pending bot turn and the bot moves', async () => {
    // The first process stops before any bot pause ends (20 s).
    const { id, now, botSeat } = await noirWithBotToMove();
    expect(turns.scheduled).toBe(1);
    turns.stop();
    await service.deadlines.stop();
    const before = now.table.version;
    // A new process on the same database, pace made instant for the test.
    build();
    db.$client.prepare("update game_tables set table_options = '{\"botPaceMs\":0}' where id = ?").run(id);
    expect(await turns.resume()).toBe(1);
    await until(async () => (await service.reads.snapshot(id))!.table.version > before, 'the recovered bot move');
    expect((await store.actions(id)).at(-1)!.kind).toBe('bot');
    expect((await store.actions(id)).at(-1)!.seat).toBe(botSeat);
  }, 30_000);

  it('a change committed while the new process reads its tables wins over that older read', async () => {
    const { id } = await noirWithBotToMove();
    turns.stop();
    await service.deadlines.stop();
    build();
    // The host cancels the table right after the new process read it (a click during recovery).
    const read = service.reads.snapshots.bind(service.reads);
    service.reads.snapshots = async (ids) => {
      const got = await read(ids);
      expect((await service.lobby.cancel(id, ana)).ok).toBe(true);
      return got;
    };
    expect(await turns.resume()).toBe(0);
    expect(turns.scheduled).toBe(0);
    expect((await service.reads.snapshot(id))!.table.status).toBe('cancelled');
  }, 30_000);

  it('looks only at active tables with a bot seat, all of them however many', async () => {
    // Tables in other channels: bot tables where the bot is to move, and human-only ones.
    const botTables: number[] = [];
    for (let n = 0; n < 12; n++) {
      const r = await service.lobby.createTable({ guildId: 'g1', channelId: `r${n}`, game: 'noir', host: ana, options: {}, botOptions: n % 3 === 0 ? { bots: 1, level: 'easy', paceSeconds: 20 } : {} });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      if (n % 3 !== 0) expect((await service.lobby.join(r.value.table.id, ben)).ok).toBe(true);
      expect((await service.lobby.start(r.value.table.id, ana)).ok).toBe(true);
      if (n % 3 === 0) botTables.push(r.value.table.id);
    }
    const due = (await service.reads.snapshots(botTables)).filter((s) => s.seats.some((row) => isBotUser(row.userId) && seatsToAct(s.pending!).includes(row.seat!))).length;
    turns.stop();
    await service.deadlines.stop();
    build();
    const looked: number[] = [];
    const read = service.reads.snapshots.bind(service.reads);
    service.reads.snapshots = async (ids) => {
      looked.push(...ids);
      return read(ids);
    };
    expect(await turns.resume()).toBe(due);
    expect(looked).toEqual(botTables);
  }, 30_000);
});
