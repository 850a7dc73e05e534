/**
 * The AI players' turns (README "AI players"): a table listener that, whenever a committed
 * change leaves a decision to a bot seat, asks the bot policy (the worker-thread pool) for
 * that seat's move — at a lesson, its script (docs/lessons.md) — and plays it through the
 * table service after a human-like pause: the same service path, transaction, action log and
 * deadlines as a human's click.
 *
 * The bot decides from its own seat's input only: `botInputFromLog` replays the stored seed
 * and action log on this (trusted) side and keeps what that seat may see; the policy never
 * receives the state, the seed or another seat's events.
 *
 * Nothing here is stored: after a restart `resume()` looks at every active table and
 * schedules the bot seats that are to act, so a bot that was to move when the process died
 * moves once the bot is back.
 */
import { botInputFromLog } from '../bots/input.js';
import type { BotLevel } from '../games/bot.js';
import { DEFAULT_BUDGET_MS, type BotPolicy } from '../bots/policy.js';
import { seatsToAct, type Pending, type Seat } from '../games/engine.js';
import { lessonBotMove } from '../games/lesson.js';
import type { Logger } from '../logger.js';
import { BULK_READ_IDS, type OpenTableHead, type SeatRow, type StoreReads, type TableRow } from '../persistence/store/types.js';
import { botLevelOf, botPauseMs, tableOptionsOf } from './bots.js';
import type { TableService } from './service.js';
import type { TableChange, TableListener, TableSnapshot } from './types.js';

/** Dependencies of the bot-turn driver. */
export interface BotTurnsDeps {
  service: TableService;
  /** Where the action log of a table is read (the service's store). */
  store: Pick<StoreReads, 'actions'>;
  policy: BotPolicy;
  logger: Logger;
  /** Current time, Unix ms. */
  now?: () => number;
  /** Uniform in [0, 1): spreads the default pause (never used for a bot's decision). */
  random?: () => number;
  /** Hard search time per move, in ms (default `DEFAULT_BUDGET_MS`, 300 ms; README "AI players"). */
  budgetMs?: number;
}

/** Shortest Hard search budget handed to the policy when a window is about to close, in ms. */
export const MIN_BUDGET_MS = 50;

/**
 * The search time of one Hard move, in ms (README "AI players"): `budgetMs` (default
 * `DEFAULT_BUDGET_MS`, 300 ms), searched during the bot's pause of `pauseMs`; a pause shorter
 * than that shortens it to the pause − 20 ms (the move must be ready when the pause ends), but
 * never below `MIN_BUDGET_MS`. A longer pause is not searched: Hard plays live with the budget
 * the arena measures it at. A pause of 0 (instant pace) keeps the whole budget.
 */
export function hardBudgetMs(pauseMs: number, budgetMs: number = DEFAULT_BUDGET_MS): number {
  return Math.max(MIN_BUDGET_MS, Math.min(budgetMs, pauseMs > 0 ? pauseMs - 20 : Infinity));
}

/** One scheduled bot move: a seat of a table, for one decision step. */
interface Turn {
  tableId: number;
  seat: Seat;
  step: number;
  cancelled: boolean;
  timer: NodeJS.Timeout | null;
  /** Ends the pause early (a cancelled turn must not keep its promise pending). */
  wake: () => void;
}

/** Drives every bot seat of every table of one table service. */
export class BotTurns implements TableListener {
  private readonly service: TableService;
  private readonly store: Pick<StoreReads, 'actions'>;
  private readonly policy: BotPolicy;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly budgetMs: number | undefined;
  /** Scheduled turns by `table:seat`. */
  private readonly turns = new Map<string, Turn>();
  /** Moves being decided or played (awaited by `settled`). */
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  /** While `resume` runs: the newest table version each change handed to this listener had. */
  private seenWhileResuming: Map<number, number> | null = null;

  constructor(deps: BotTurnsDeps) {
    this.service = deps.service;
    this.store = deps.store;
    this.policy = deps.policy;
    this.log = deps.logger;
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.budgetMs = deps.budgetMs;
  }

  /** Listener entry point: schedule (or drop) bot turns for the table as `change` committed it. */
  tableChanged(change: TableChange): void {
    const seen = this.seenWhileResuming;
    if (seen) seen.set(change.tableId, Math.max(seen.get(change.tableId) ?? -1, change.snapshot.table.version));
    this.consider(change.snapshot);
  }

  /**
   * Start-up recovery: schedule the bot seats that are to act at every active table (a bot
   * that was to move when the process stopped moves now, after its pause). Returns how many
   * turns were scheduled. Only the tables of this process's shards (the service's).
   * `heads`: those tables as just read by `service.ownOpenTableHeads` (read here when absent);
   * only the active ones with a bot seat are read whole.
   */
  async resume(heads?: readonly OpenTableHead[]): Promise<number> {
    let scheduled = 0;
    const seen = (this.seenWhileResuming = new Map());
    try {
      // A table without a bot seat has no turn to schedule: only the others are read whole, in bulk.
      const ids = (heads ?? (await this.service.reads.ownOpenTableHeads())).filter((head) => head.status === 'active' && head.hasBotSeat).map((head) => head.id);
      for (let i = 0; i < ids.length && !this.stopped; i += BULK_READ_IDS) {
        for (const snapshot of await this.service.reads.snapshots(ids.slice(i, i + BULK_READ_IDS))) {
          // A change committed since the read was handed to `tableChanged`, which scheduled from it.
          if ((seen.get(snapshot.table.id) ?? -1) >= snapshot.table.version) continue;
          scheduled += this.consider(snapshot);
        }
      }
    } finally {
      this.seenWhileResuming = null;
    }
    return scheduled;
  }

  /** Number of bot turns waiting for their pause or decision. */
  get scheduled(): number {
    return this.turns.size;
  }

  /** Resolves once no bot move is being decided or played (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Cancel every scheduled turn for good (shutdown); moves already committed stay. */
  stop(): void {
    this.stopped = true;
    for (const turn of this.turns.values()) this.cancel(turn);
    this.turns.clear();
  }

  /**
   * Bring the scheduled turns of `snapshot.table` in line with its pending decision: cancel
   * turns of a closed table or of an older step, schedule each bot seat now to act. Returns
   * how many turns it scheduled.
   */
  private consider(snapshot: TableSnapshot): number {
    const { table, seats, pending } = snapshot;
    const active = table.status === 'active' && pending !== null && pending.kind !== 'over';
    const toAct = new Set(active ? seatsToAct(pending) : []);
    for (const [key, turn] of this.turns) {
      if (turn.tableId !== table.id) continue;
      if (!active || turn.step !== pending.step || !toAct.has(turn.seat)) {
        this.cancel(turn);
        this.turns.delete(key);
      }
    }
    if (!active || this.stopped) return 0;
    let scheduled = 0;
    for (const row of seats) {
      if (row.seat === null || !toAct.has(row.seat)) continue;
      const level = botLevelOf(row);
      if (!level || this.turns.has(keyOf(table.id, row.seat))) continue;
      // A lesson's bot moves only when its script has a move for it now (the line's order, docs/lessons.md).
      if (table.lesson && this.scripted(table, row.seat) === null) continue;
      this.schedule(table, seats, row, level, pending);
      scheduled += 1;
    }
    return scheduled;
  }

  /** Schedule the bot at `row` for `pending`, from the snapshot (`table` and its `seats`) that left the decision to it. */
  private schedule(table: TableRow, seats: readonly SeatRow[], row: SeatRow, level: BotLevel, pending: Pending): void {
    const seat = row.seat!;
    const turn: Turn = { tableId: table.id, seat, step: pending.step, cancelled: false, timer: null, wake: () => {} };
    this.turns.set(keyOf(table.id, seat), turn);
    const now = this.now();
    const pauseMs = botPauseMs(tableOptionsOf(table.tableOptions), pending, table.deadlineAt, now, this.random);
    // One budget per Hard move, searched during the pause (hardBudgetMs).
    const budgetMs = hardBudgetMs(pauseMs, this.budgetMs);
    const startedAt = now;
    const run = this.play(table, seats, turn, level, pauseMs, budgetMs, startedAt).catch((err: unknown) => {
      this.log.error({ err, table: table.id, seat, level }, 'bot turn failed');
    });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /**
   * Decide, wait out the pause, then commit through the table service. `seats`: the table's
   * seats in the same snapshot as `table` (seat numbers and the host are fixed once started).
   */
  private async play(table: TableRow, seats: readonly SeatRow[], turn: Turn, level: BotLevel, pauseMs: number, budgetMs: number, startedAt: number): Promise<void> {
    const pause = new Promise<void>((resolve) => {
      turn.wake = resolve;
      turn.timer = setTimeout(resolve, pauseMs);
      turn.timer.unref?.();
    });
    let decision: { action: unknown; iterations: number };
    if (table.lesson) {
      // A lesson's bot plays its script's move (docs/lessons.md); none now: nothing to play.
      const scripted = this.scripted(table, turn.seat);
      if (scripted === null) {
        this.turns.delete(keyOf(turn.tableId, turn.seat));
        return;
      }
      decision = { action: scripted, iterations: 0 };
    } else {
      decision = await this.decide(table, seats, turn, level, budgetMs);
    }
    const decidedMs = this.now() - startedAt;
    await pause;
    if (turn.cancelled || this.stopped) return;
    this.turns.delete(keyOf(turn.tableId, turn.seat));
    const result = await this.service.play.botAct(turn.tableId, turn.seat, turn.step, decision.action);
    const fields = { table: turn.tableId, seat: turn.seat, level, step: turn.step, decidedMs, ms: this.now() - startedAt };
    if (result.ok) {
      this.log.info({ ...fields, action: (decision.action as { type?: unknown }).type, iterations: decision.iterations }, 'bot move');
      return;
    }
    // The table moved on meanwhile (a race another seat won, a cancel): the change that moved
    // it has already scheduled whatever is due now. An illegal move is a bot bug: logged as
    // an error; the deadline then plays the default move for the seat.
    const bug = result.error.code === 'rule' || result.error.code === 'malformed';
    this.log[bug ? 'error' : 'debug']({ ...fields, refusal: result.error.code }, 'bot move refused');
  }

  /**
   * The move of a lesson's bot seat now (src/games/lesson.ts `lessonBotMove`): the script's,
   * never the bot policy's; null when the script has none for it yet, or the lesson is outdated.
   */
  private scripted(table: TableRow, seat: Seat): unknown | null {
    const script = this.service.reads.lessonScript(table);
    return script ? lessonBotMove(this.service.reads.definition(table), script, table.state, seat) : null;
  }

  /** The bot policy's move for `turn.seat`, decided from that seat's own input (rebuilt from the stored seed and log). */
  private async decide(table: TableRow, seats: readonly SeatRow[], turn: Turn, level: BotLevel, budgetMs: number): Promise<{ action: unknown; iterations: number }> {
    // Read after the table row: a log already longer than it (a move committed meanwhile)
    // is cut at the row's last entry, and botAct then refuses the outdated step.
    const log = await this.store.actions(table.id);
    const input = botInputFromLog(
      {
        game: table.game as never,
        definition: this.service.reads.definition(table),
        options: table.options,
        seats: seats.filter((row) => row.seat !== null).length,
        seed: table.seed!,
        setupMeta: { hostSeat: seats.find((row) => row.userId === table.hostUserId)?.seat ?? 0 },
        log: log.filter((entry) => entry.seq <= table.lastSeq).map((entry) => ({ seat: entry.seat, action: entry.action })),
      },
      turn.seat,
    );
    const decision = await this.policy.decide({ level, input, budgetMs });
    return { action: decision.action, iterations: decision.iterations };
  }

  private cancel(turn: Turn): void {
    turn.cancelled = true;
    if (turn.timer) clearTimeout(turn.timer);
    turn.wake();
  }
}

function keyOf(tableId: number, seat: Seat): string {
  return `${tableId}:${seat}`;
}
