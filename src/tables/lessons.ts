/**
 * Lesson tables (src/tables/service.ts; docs/lessons.md "Lesson tables"): open a learner's
 * lesson of a game — or continue the one they have open. A lesson is a table like any other
 * (one queue, row lock and transaction per change, recovered after a restart), started at
 * once on its script's teaching deal with the learner at the script's seat and scripted bots
 * at the others; the rest of its life is the play, deadline and commit paths, which ask
 * src/tables/lesson-rules.ts about it.
 */
import { seatsToAct } from '../games/engine.js';
import { lessonBotMove, lessonSetup } from '../games/lesson.js';
import type { GameEvent } from '../games/engine.js';
import { DuplicateKeyError } from '../persistence/store/errors.js';
import type { SeatRow, StoreTx, TableRow } from '../persistence/store/types.js';
import { DEFAULT_BOT_LEVEL, nextBotIdentity } from './bots.js';
import { fail, ok, TablePart, type TableContext } from './core.js';
import { LESSON_BOT_PACE_MS, LESSON_OUTDATED_REASON, isLesson, lessonIdOf } from './lesson-rules.js';
import type { Actor, ServiceResult, TableSnapshot } from './types.js';

/** Input of `openLesson`. */
export interface OpenLessonInput {
  guildId: string;
  /** The channel the lesson was asked for in (its panels live there; it does not occupy it). */
  channelId: string;
  game: string;
  learner: Actor;
  /** The learner's language (a Discord locale such as 'es-ES'), as for a table. Absent = English. */
  locale?: string;
}

/** What `openLesson` returns: the lesson, and whether it was already open (continued) or is new. */
export interface LessonOutcome {
  snapshot: TableSnapshot;
  /** True when the learner's open lesson was continued; false for a new one. */
  resumed: boolean;
  /** True when an open lesson of an older script version was closed to start this one. */
  restarted: boolean;
}

/** Opening and continuing lessons. */
export class TableLessons extends TablePart {
  /**
   * @param botPaceMs the pause before each scripted bot move of a new lesson, in ms (default
   *   LESSON_BOT_PACE_MS; tests use 0).
   */
  constructor(
    ctx: TableContext,
    private readonly botPaceMs: number = LESSON_BOT_PACE_MS,
  ) {
    super(ctx);
  }

  /**
   * Open `input.learner`'s lesson of `input.game` in a guild, or continue the one they have
   * open there (one open lesson per learner and game: a double click opens one). A lesson opened
   * with an older version of the script is closed (`lesson-outdated`) and a new one started.
   * Refuses a game without a lesson (`no-lesson`) and an unknown game (`unknown-game`). The new
   * lesson is committed — bot seats seated, the deal set up — before the promise resolves.
   */
  async openLesson(input: OpenLessonInput): Promise<ServiceResult<LessonOutcome>> {
    const mod = this.registry.find(input.game);
    if (!mod) return fail({ code: 'unknown-game' });
    const script = mod.lesson;
    const lessonId = lessonIdOf(mod);
    if (!script || !lessonId) return fail({ code: 'no-lesson' });
    const learner = input.learner;
    const open = async (): Promise<ServiceResult<LessonOutcome & { outdated: TableSnapshot | null }>> =>
      this.transact(async (tx) => {
        const mine = (await tx.openTablesOfUser(input.guildId, learner.userId)).find((row) => isLesson(row) && row.game === mod.id && row.hostUserId === learner.userId);
        let outdated: TableSnapshot | null = null;
        if (mine) {
          const locked = await tx.lockTable(mine.id);
          if (locked && (locked.status === 'active' || locked.status === 'lobby')) {
            if (locked.lesson === lessonId) return ok({ snapshot: await this.snapshotOf(tx, locked, await tx.seats(locked.id)), resumed: true, restarted: false, outdated: null });
            const now = this.now();
            const closed = await tx.updateTable(locked.id, locked.version, { status: 'cancelled', endedAt: now, updatedAt: now, endReason: LESSON_OUTDATED_REASON, deadlineAt: null, deadlineStep: null });
            outdated = await this.snapshotOf(tx, closed, await tx.seats(closed.id));
          }
        }
        const snapshot = await this.startLesson(tx, input, lessonId);
        return ok({ snapshot, resumed: false, restarted: outdated !== null, outdated });
      });
    let result: ServiceResult<LessonOutcome & { outdated: TableSnapshot | null }>;
    try {
      result = await open();
    } catch (err) {
      // Another click opened the learner's lesson between our read and our insert: continue that one.
      if (!(err instanceof DuplicateKeyError)) throw err;
      result = await open();
    }
    if (!result.ok) return result;
    const { outdated, ...outcome } = result.value;
    if (outdated) {
      this.timers.disarm(outdated.table.id);
      this.emit({ tableId: outdated.table.id, snapshot: outdated, ping: [], ended: true });
    }
    if (!outcome.resumed) this.afterCommit(outcome.snapshot, null);
    return ok(outcome);
  }

  /**
   * Inside a transaction: insert a lesson table for `input` — the learner as host at the
   * script's seat, the bots at the others in seat order — and commit its teaching deal.
   */
  private async startLesson(tx: StoreTx, input: OpenLessonInput, lessonId: string): Promise<TableSnapshot> {
    const mod = this.registry.get(input.game);
    const def = mod.definition;
    const script = mod.lesson!;
    const now = this.now();
    const table: TableRow = await tx.insertTable({
      guildId: input.guildId,
      channelId: input.channelId,
      game: mod.id,
      status: 'active',
      hostUserId: input.learner.userId,
      locale: input.locale ?? null,
      options: def.optionsSchema.parse(script.options),
      maxSeats: script.seats,
      seed: script.seed,
      createdAt: now,
      updatedAt: now,
      startedAt: now,
      recentEvents: [],
      tableOptions: { botPaceMs: this.botPaceMs },
      lesson: lessonId,
    });
    const seats: SeatRow[] = [];
    for (let seat = 0; seat < script.seats; seat++) {
      if (seat === script.learner) {
        await tx.insertSeat({ tableId: table.id, userId: input.learner.userId, displayName: input.learner.displayName, joinedAt: now });
        await tx.updateSeat(table.id, input.learner.userId, { seat });
      } else {
        const identity = nextBotIdentity(seats);
        await tx.insertSeat({ tableId: table.id, ...identity, joinedAt: now, botLevel: DEFAULT_BOT_LEVEL });
        await tx.updateSeat(table.id, identity.userId, { seat });
      }
      seats.push(...(await tx.seats(table.id)).filter((row) => row.seat === seat));
    }
    // The scripted bot moves before the learner's first decision are made here, at once: the
    // first panel opens on the learner's decision, in its final form, not edited a moment later
    // by a bot's opening move (its events are in the panel's log). Logged like BotTurns' moves.
    let state = lessonSetup(def, script);
    let seq = 0;
    const events: GameEvent[] = [];
    for (;;) {
      const pending = def.pending(state);
      if (pending.kind === 'over') break;
      const toAct = seatsToAct(pending);
      if (toAct.includes(script.learner)) break;
      const bot = toAct.map((seat) => ({ seat, move: lessonBotMove(def, script, state, seat) })).find((candidate) => candidate.move !== null);
      const row = bot && seats.find((candidate) => candidate.seat === bot.seat);
      if (!bot || !row) break;
      const applied = def.apply(state, bot.seat, bot.move);
      // replayLine (test/games/lessons.test.ts) proves every scripted move legal at its step.
      if (!applied.ok) throw new Error(`lesson ${lessonId}: the scripted move of seat ${bot.seat} is refused`);
      seq += 1;
      await tx.appendAction({ tableId: table.id, seq, seat: bot.seat, userId: row.userId, kind: 'bot', action: bot.move, at: now });
      state = applied.state;
      events.push(...applied.events);
    }
    return this.committer.commit(tx, def, table, seats, state, seq, events, now);
  }
}
