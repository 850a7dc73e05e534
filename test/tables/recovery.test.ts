/**
 * Start-up recovery as `App.start` runs it (`recoverAtStart`, docs/tables.md "Restarts"): from one
 * read of the open tables' heads, every deadline is re-armed, a decision whose deadline passed
 * while the bot was down is extended and its board redrawn, a board the previous process did
 * not publish is handed to the publisher (with its ping), and a bot that was to move is
 * scheduled — and nothing else. Real games, real SQLite, a controlled clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BotPolicy } from '../../src/bots/policy.js';
import { seatsToAct } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase, type Db } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import { BotTurns } from '../../src/tables/bot-turns.js';
import { isBotUser } from '../../src/tables/bots.js';
import { recoverAtStart } from '../../src/tables/recovery.js';
import { RESTART_GRACE_MS, TableService } from '../../src/tables/service.js';
import type { Actor, TableChange } from '../../src/tables/types.js';

const human = (n: number): Actor => ({ userId: `20000000000000000${n}`, displayName: `H${n}`, canManageGuild: false });
const [ana, ben] = [human(1), human(2)];
const T0 = 1_800_000_000_000;

let dir: string;
let db: Db;
let clock: number;
let store: SqliteStore;
let service: TableService;
let turns: BotTurns;
let decided: number;

/** Counts the decisions it is asked for and never answers (the move would come after recovery). */
const countingPolicy = (): BotPolicy => ({
  decide: () => {
    decided += 1;
    return new Promise(() => {});
  },
  close: async () => {},
});

function build(): void {
  store = new SqliteStore(db);
  service = new TableService({ store, registry: defaultRegistry(), logger: silentLogger, now: () => clock });
  turns = new BotTurns({ service, store, policy: countingPolicy(), logger: silentLogger, now: () => clock });
  service.addListener(turns);
}

async function stopProcess(): Promise<void> {
  turns.stop();
  await service.deadlines.stop();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rh-recovery-'));
  db = openDatabase(join(dir, 'test.db'));
  clock = T0;
  decided = 0;
  build();
});

afterEach(async () => {
  await stopProcess();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A started NOIR table in its own channel: two humans, or Ana and an easy bot (pace 20 s). */
async function noir(channelId: string, turnSeconds: number, bot = false): Promise<number> {
  const r = await service.lobby.createTable({ guildId: 'g1', channelId, game: 'noir', host: ana, options: { turnSeconds }, ...(bot ? { botOptions: { bots: 1, level: 'easy', paceSeconds: 20 } } : {}) });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const id = r.value.table.id;
  if (!bot) expect((await service.lobby.join(id, ben)).ok).toBe(true);
  const s = await service.lobby.start(id, ana);
  if (!s.ok) throw new Error(JSON.stringify(s.error));
  return id;
}

/** Mark the board of `tableId` as showing its newest version (a publisher drew it). */
async function boardCurrent(tableId: number): Promise<void> {
  await store.setMessageIds(tableId, { boardVersion: (await store.table(tableId))!.version });
}

describe('recoverAtStart', () => {
  it('re-arms every deadline, extends the late one, publishes only the boards behind, schedules only the due bot turn', async () => {
    const late = await noir('c-late', 30);
    const behind = await noir('c-behind', 3600);
    const current = await noir('c-current', 3600);
    const withBot = await noir('c-bot', 3600, true);
    // Make the bot the seat to act, so its turn is due at the restart.
    let snap = (await service.reads.snapshot(withBot))!;
    const botSeat = snap.seats.find((row) => isBotUser(row.userId))!.seat!;
    if (!seatsToAct(snap.pending!).includes(botSeat)) {
      const mine = snap.seats.find((row) => row.userId === ana.userId)!.seat!;
      expect((await service.play.act(withBot, ana, snap.pending!.step, service.reads.definition(snap.table).legalActions(snap.table.state, mine)[0])).ok).toBe(true);
      snap = (await service.reads.snapshot(withBot))!;
    }
    expect(seatsToAct(snap.pending!)).toContain(botSeat);
    for (const id of [late, current, withBot]) await boardCurrent(id);
    const lobby = await service.lobby.createTable({ guildId: 'g1', channelId: 'c-lobby', game: 'noir', host: ana, options: {} });
    if (!lobby.ok) throw new Error(JSON.stringify(lobby.error));
    await boardCurrent(lobby.value.table.id);
    await stopProcess();

    // The bot is down for 60 s: past the 30 s turn, well before the others' deadlines.
    clock = T0 + 60_000;
    decided = 0; // the first process asked for the bot's move too
    build();
    const lateVersion = (await store.table(late))!.version;
    const published: TableChange[] = [];
    const result = await recoverAtStart(service, turns, (change) => published.push(change), clock);

    expect(result.tables).toEqual([late, behind, current, withBot, lobby.value.table.id]);
    expect(service.deadlines.armedDeadlines).toBe(5);
    // The late decision got ready + min(30 s, grace) and a redrawn board; the never-drawn board is sent too.
    expect((await store.table(late))!).toMatchObject({ deadlineAt: clock + Math.min(30_000, RESTART_GRACE_MS), version: lateVersion + 1 });
    expect(published.map((c) => c.tableId).sort((a, b) => a - b)).toEqual([late, behind].sort((a, b) => a - b));
    expect(result.staleBoards).toBe(2);
    const lateChange = published.find((c) => c.tableId === late)!;
    expect(lateChange.snapshot.table.version).toBe(lateVersion + 1);
    // Whoever must act at a published board is pinged again (that ping may be the one lost).
    expect(lateChange.ping.length).toBeGreaterThan(0);
    // One bot turn, handed to the policy once its seat's log is read.
    expect(result.botTurns).toBe(1);
    expect(turns.scheduled).toBe(1);
    for (let i = 0; i < 100 && decided < 1; i++) await new Promise((r) => setImmediate(r));
    expect(decided).toBe(1);
    // Nothing was played during recovery.
    expect((await store.actions(current))).toEqual([]);
  });
});
