/**
 * Play (src/tables/service.ts): a player's action, a bot's action, presence, leaving a running
 * game, a seat handed to a bot, a vacation. Each is one change of the table: the action decoded
 * and checked once, applied by the game's engine, logged and committed with the new deadline
 * before the promise resolves.
 */
import { eventVisibleTo, seatsToAct, type AnyGameDefinition, type Pending } from '../games/engine.js';
import type { BotLevel } from '../games/bot.js';
import { botInputFromLog } from '../bots/input.js';
import type { SeatRow, StoreReads, StoreTx, TableRow } from '../persistence/store/types.js';
import { DEFAULT_BOT_LEVEL, nextBotIdentity, tableOptionsOf } from './bots.js';
import { fail, ok, TablePart, wrongStatus } from './core.js';
import { hintsAllowed } from './hints.js';
import { isLesson, lessonScriptOf } from './lesson-rules.js';
import { lessonAllows, lessonBotMove, lessonTaught, sameAction } from '../games/lesson.js';
import { HOUR_MS, isTurnBased, MAX_VACATION_HOURS } from './pace.js';
import { isBotSeat, keepRecent } from './policy.js';
import type { ActOutcome, Actor, HintOutcome, PresenceOutcome, ServiceError, ServiceResult, StoredEvent, TableSnapshot } from './types.js';

/** Within this window (ms), a stale click repeating the clicker's own newest action is a double click. */
export const DOUBLE_CLICK_MS = 10_000;

/** Moves and seats during a game. */
export class TablePlay extends TablePart {
  /**
   * Apply a game action by `actor`, drawn for decision `step`. Refusals (not seated, stale
   * step, illegal now, malformed) change nothing in the game; a seated player's stale or
   * illegal click still counts as being present (an away seat comes back). On success the
   * new state, log row(s) and deadline are committed before the promise resolves. At a lesson,
   * a move the lesson does not teach now is refused (`lesson-not-yet`, docs/lessons.md).
   */
  act(tableId: number, actor: Actor, step: number, action: unknown): Promise<ServiceResult<ActOutcome>> {
    return this.play(tableId, actor, step, { action });
  }

  /**
   * `act` for an action code from a button or select option (`definition.encodeAction`),
   * decoded with the table's game; a code that does not decode is refused as `malformed`.
   */
  actOnCode(tableId: number, actor: Actor, step: number, code: string): Promise<ServiceResult<ActOutcome>> {
    return this.play(tableId, actor, step, { code });
  }

  /**
   * Note that a seated player interacted with the table (opened their hand, refreshed it):
   * an away seat comes back; the seat's first look at its hand is recorded (`firstLook`). Refuses a lobby (`not-active`) and non-players (`not-seated`);
   * a closed table is returned unchanged (its panel shows how the game ended). Reads the
   * table and its seats once; only a seat that comes back is written (in a transaction).
   */
  markPresent(tableId: number, actor: Actor): Promise<ServiceResult<PresenceOutcome>> {
    return this.queue.run(tableId, async () => {
      type Checked = { refusal: ServiceError } | { table: TableRow; seats: SeatRow[]; me: SeatRow };
      const check = async (reader: StoreReads, table: TableRow | undefined, read?: SeatRow[]): Promise<Checked> => {
        const refused = this.authorise(table, actor, false);
        if (refused || !table) return { refusal: refused ?? { code: 'no-table' } };
        if (table.status === 'lobby') return { refusal: { code: 'not-active' } };
        const seats = read ?? (await reader.seats(tableId));
        const me = seats.find((row) => row.userId === actor.userId);
        if (!me || me.seat === null) return { refusal: { code: 'not-seated' } };
        return { table, seats, me };
      };
      // The table and its seats at once: one round trip instead of two on PostgreSQL's pool.
      const [row, rows] = await Promise.all([this.store.table(tableId), this.store.seats(tableId)]);
      const read = await check(this.store, row, rows);
      if ('refusal' in read) return fail<PresenceOutcome>(read.refusal);
      const firstLook = (table: TableRow, me: SeatRow) => table.status === 'active' && !me.looked && !isBotSeat(me);
      if (!this.comesBack(read.table, read.me) && !firstLook(read.table, read.me)) {
        return ok({ snapshot: await this.snapshotOf(this.store, read.table, read.seats), cameBack: false });
      }
      // The seat comes back from away, or opens its hand for the first time (docs/tables.md "Suspicion
      // notes": reaction windows stop waiting longer for it): write it, deciding again from the locked row.
      const result = await this.transact(async (tx) => {
        const locked = await check(tx, await tx.lockTable(tableId));
        if ('refusal' in locked) return fail<PresenceOutcome>(locked.refusal);
        let seats = locked.seats;
        let me = locked.me;
        const first = firstLook(locked.table, me);
        if (first) {
          seats = await this.patchSeat(tx, seats, me, { looked: true });
          me = { ...me, looked: true };
        }
        const outcome = await this.present(tx, locked.table, seats, me);
        return ok<PresenceOutcome>(first ? { ...outcome, firstLook: true } : outcome);
      });
      if (result.ok && result.value.cameBack) this.emit({ tableId, snapshot: result.value.snapshot, ping: [], ended: false });
      return result;
    });
  }

  /**
   * Leave a running game (`/table leave`): the seat is auto-played until the end and ranked
   * last. When only one player is still seated, they win at once (`forfeit`); when only bots
   * (or nobody) remain, the game ends as abandoned (bots never play on alone; not rated).
   */
  leaveGame(tableId: number, actor: Actor): Promise<ServiceResult<TableSnapshot>> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<TableSnapshot>> => {
        const locked = await this.lockFor(tx, tableId, actor, true, 'active');
        if (!locked.ok) return locked;
        const table = locked.value;
        let seats = await tx.seats(tableId);
        const me = seats.find((row) => row.userId === actor.userId);
        if (!me || me.seat === null) return fail({ code: 'not-seated' });
        if (me.left) return fail({ code: 'seat-left' });
        seats = await this.patchSeat(tx, seats, me, { left: true, away: true });
        const now = this.now();
        // Bots never play on alone: the last human to leave ends the game as abandoned.
        if (seats.every((row) => row.left || isBotSeat(row))) return ok(await this.snapshotOf(tx, await this.abandon(tx, table, now), seats));
        const leftEvent = { type: '$left', seat: me.seat };
        if (seats.filter((row) => !row.left).length === 1) {
          // Only one player is still seated: nobody is left to play against — they win now.
          const logged = await tx.updateTable(tableId, table.version, {
            updatedAt: now,
            recentEvents: keepRecent(table.recentEvents as StoredEvent[], [leftEvent], table.version + 1),
          });
          const finished = await this.committer.forfeit(tx, logged, seats, now);
          return ok({ table: finished.table, seats, pending: this.definition(table).pending(table.state), results: finished.results, events: [leftEvent] });
        }
        return ok(await this.committer.commit(tx, this.definition(table), table, seats, table.state, table.lastSeq, [leftEvent], now));
      },
      (result) => {
        if (!result.ok) return;
        if (result.value.table.status !== 'active') {
          this.timers.disarm(tableId);
          this.emit({ tableId, snapshot: result.value, ping: [], ended: true });
        } else {
          this.afterCommit(result.value, null);
        }
      },
    );
  }

  /**
   * Apply the move an AI player chose for `seat` (README "AI players"), drawn for decision
   * `step`: the same checks, one transaction (table row locked, version checked), action log
   * (kind `bot`), auto-play and deadline as a human's click. Refuses a seat no bot plays
   * (`not-seated`), an outdated step (`stale`) and an illegal action (`rule`) — at a lesson, any
   * move but the script's (`stale`); nothing changes then.
   */
  async botAct(tableId: number, seat: number, step: number, action: unknown): Promise<ServiceResult<ActOutcome>> {
    const result = await this.change(
      tableId,
      async (tx): Promise<ServiceResult<ActOutcome & { prev: Pending }>> => {
        const table = await tx.lockTable(tableId);
        if (!table) return fail({ code: 'no-table' });
        if (table.status !== 'active') return fail(wrongStatus(table, 'active'));
        const def = this.definition(table);
        const seats = await tx.seats(tableId);
        const row = seats.find((candidate) => candidate.seat === seat);
        if (!row || !isBotSeat(row)) return fail({ code: 'not-seated' });
        const prev = def.pending(table.state);
        if (prev.step !== step) return fail({ code: 'stale', action, echo: false, snapshot: await this.snapshotOf(tx, table, seats, prev) });
        const parsed = def.actionSchema.safeParse(action);
        if (!parsed.success) return fail({ code: 'malformed' });
        if (isLesson(table)) {
          // A lesson's bot plays its script's move and nothing else (docs/lessons.md "Lesson tables").
          const script = lessonScriptOf(this.registry, table);
          if (!script) return fail({ code: 'lesson-outdated', game: table.game });
          const scripted = lessonBotMove(def, script, table.state, seat);
          if (scripted === null || !sameAction(def, scripted, parsed.data)) return fail({ code: 'stale', action, echo: false, snapshot: await this.snapshotOf(tx, table, seats, prev) });
        }
        const applied = def.apply(table.state, seat, parsed.data);
        if (!applied.ok) return fail({ code: 'rule', error: applied.error, action: parsed.data, snapshot: await this.snapshotOf(tx, table, seats, prev) });
        const now = this.now();
        const seq = table.lastSeq + 1;
        await tx.appendAction({ tableId, seq, seat, userId: row.userId, kind: 'bot', action: parsed.data, at: now });
        const committed = await this.committer.commit(tx, def, table, seats, applied.state, seq, applied.events, now);
        return ok({ snapshot: committed, seat, action: parsed.data, events: committed.events.filter((event) => eventVisibleTo(event, seat)), prev });
      },
      (done) => {
        if (done.ok) this.afterCommit(done.value.snapshot, done.value.prev);
      },
    );
    if (!result.ok) return result;
    const { prev: _prev, ...outcome } = result.value;
    return ok(outcome);
  }

  /**
   * The host hands the seat of a player who left or is away to an AI player of `level`
   * (README "AI players"), who plays it until the game ends. The player counts as having
   * left (ranked last, never back at this table). Refuses anyone but the host (`host-only`)
   * and a seat that is present or already a bot's (`not-replaceable`).
   */
  replaceWithBot(tableId: number, actor: Actor, seat: number, level: BotLevel = DEFAULT_BOT_LEVEL): Promise<ServiceResult<TableSnapshot>> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<TableSnapshot>> => {
        const locked = await this.lockFor(tx, tableId, actor, true, 'active');
        if (!locked.ok) return locked;
        const table = locked.value;
        if (table.hostUserId !== actor.userId) return fail({ code: 'host-only' });
        let seats = await tx.seats(tableId);
        const row = seats.find((candidate) => candidate.seat === seat);
        if (!row || isBotSeat(row) || (!row.left && !row.away)) return fail({ code: 'not-replaceable', seat });
        const { displayName } = nextBotIdentity(seats);
        seats = await this.patchSeat(tx, seats, row, { botLevel: level, left: true, away: false, missed: 0, displayName });
        const replaced = { type: '$botReplaced', seat, player: row.displayName, level };
        const now = this.now();
        return ok(await this.committer.commit(tx, this.definition(table), table, seats, table.state, table.lastSeq, [replaced], now));
      },
      (result) => {
        if (result.ok) this.afterCommit(result.value, null);
      },
    );
  }

  /**
   * A vacation pause (README "Turn-based tables"; docs/turn-based.md "Vacation"): `actor`'s
   * clock stands still for `hours` (whole hours, 1..MAX_VACATION_HOURS) from now. When the
   * current decision waits for them, its deadline moves by exactly that much (only theirs: a
   * decision that waits for others only is not touched); a decision that opens for them
   * during the pause gets the rest of the pause added (`decisionMs`, src/tables/pace.ts).
   * Once per seat and game, at an active turn-based table. Refusals: `bad-vacation`,
   * `not-turn-based`, `vacation-used`, `not-seated`, `seat-left`, and the table's status.
   */
  takeVacation(tableId: number, actor: Actor, hours: number): Promise<ServiceResult<TableSnapshot>> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<TableSnapshot>> => {
        if (!Number.isInteger(hours) || hours < 1 || hours > MAX_VACATION_HOURS) return fail({ code: 'bad-vacation', max: MAX_VACATION_HOURS });
        const locked = await this.lockFor(tx, tableId, actor, false, 'active');
        if (!locked.ok) return locked;
        const table = locked.value;
        const options = tableOptionsOf(table.tableOptions);
        if (!isTurnBased(options)) return fail({ code: 'not-turn-based' });
        let seats = await tx.seats(tableId);
        const me = seats.find((row) => row.userId === actor.userId);
        if (!me || me.seat === null) return fail({ code: 'not-seated' });
        if (me.left) return fail({ code: 'seat-left' });
        const taken = options.vacations?.[String(me.seat)];
        if (taken) return fail({ code: 'vacation-used', until: taken.until });
        const now = this.now();
        const until = now + hours * HOUR_MS;
        const pending = this.definition(table).pending(table.state);
        const mine = pending.kind !== 'over' && seatsToAct(pending).includes(me.seat);
        const event = { type: '$vacation', seat: me.seat, until };
        // Taking a pause is being here: an away mark and missed deadlines are cleared.
        if (me.away || me.missed) seats = await this.patchSeat(tx, seats, me, { away: false, missed: 0 });
        const updated = await tx.updateTable(tableId, table.version, {
          updatedAt: now,
          tableOptions: { ...options, vacations: { ...options.vacations, [String(me.seat)]: { from: now, until } } },
          ...(mine && table.deadlineAt !== null ? { deadlineAt: table.deadlineAt + hours * HOUR_MS } : {}),
          recentEvents: keepRecent(table.recentEvents as StoredEvent[], [event], table.version + 1),
        });
        return ok({ ...(await this.snapshotOf(tx, updated, seats)), events: [event] });
      },
      (result) => {
        if (!result.ok) return;
        this.timers.arm(result.value.table);
        this.emit({ tableId, snapshot: result.value, ping: [], ended: false });
      },
    );
  }

  /** Whether a click or a look by seat `me` brings it back (it was away or had missed deadlines). */
  private comesBack(table: TableRow, me: SeatRow): boolean {
    return table.status === 'active' && !me.left && (me.away || me.missed > 0);
  }

  /**
   * Inside a transaction: mark seat `me` present (no longer away, no missed deadlines) when
   * it was not, bumping the table version; returns the table as it is then.
   */
  private async present(tx: StoreTx, table: TableRow, seats: SeatRow[], me: SeatRow, pending?: Pending): Promise<PresenceOutcome> {
    if (!this.comesBack(table, me)) return { snapshot: await this.snapshotOf(tx, table, seats, pending), cameBack: false };
    const patched = await this.patchSeat(tx, seats, me, { away: false, missed: 0 });
    const updated = await tx.updateTable(table.id, table.version, { updatedAt: this.now() });
    return { snapshot: await this.snapshotOf(tx, updated, patched, pending), cameBack: me.away };
  }

  /** The shared body of `act` and `actOnCode`. */
  private async play(tableId: number, actor: Actor, step: number, input: { action: unknown } | { code: string }): Promise<ServiceResult<ActOutcome>> {
    type Played = {
      result: ServiceResult<ActOutcome & { prev: Pending }>;
      /** The table after a refused click brought an away seat back. */
      back: TableSnapshot | null;
    };
    const played = await this.change(
      tableId,
      async (tx): Promise<Played> => {
        const refuse = (error: ServiceError, back: TableSnapshot | null = null): Played => ({ result: fail(error), back });
        const table = await tx.lockTable(tableId);
        const refused = this.authorise(table, actor, false);
        if (refused || !table) return refuse(refused ?? { code: 'no-table' });
        const def = this.definition(table);
        // The one decoding and check of the action per click: the codec validates with the
        // action schema; a raw action (tools, tests) is checked against the same schema.
        const action = 'code' in input ? def.decodeAction(input.code) : parsedAction(def, input.action);
        if (action === null) return refuse({ code: 'malformed' });
        if (table.status !== 'active') return refuse(wrongStatus(table, 'active'));
        let seats = await tx.seats(tableId);
        const me = seats.find((row) => row.userId === actor.userId);
        if (!me || me.seat === null) return refuse({ code: 'not-seated' });
        if (me.left) return refuse({ code: 'seat-left' });
        const prev = def.pending(table.state);
        // A seated player's refused click still says they are here.
        const stillHere = async (error: (snapshot: TableSnapshot) => ServiceError): Promise<Played> => {
          const presence = await this.present(tx, table, seats, me, prev);
          return refuse(error(presence.snapshot), presence.cameBack ? presence.snapshot : null);
        };
        if (prev.step !== step) {
          const echo = await this.isEcho(tx, tableId, actor.userId, action);
          return stillHere((snapshot) => ({ code: 'stale', action, echo, snapshot }));
        }
        if (isLesson(table)) {
          // The lesson's move first (docs/lessons.md): any other is "not yet", whatever the rules allow.
          const script = lessonScriptOf(this.registry, table);
          if (!script) return refuse({ code: 'lesson-outdated', game: table.game });
          if (!lessonAllows(def, script, table.state, action)) {
            const taught = lessonTaught(def, script, table.state);
            return stillHere((snapshot) => ({ code: 'lesson-not-yet', action, taught, snapshot }));
          }
        }
        const applied = def.apply(table.state, me.seat, action);
        if (!applied.ok) return stillHere((snapshot) => ({ code: 'rule', error: applied.error, action, snapshot }));
        const now = this.now();
        // The player is back: any own action clears the away mark and the missed count.
        if (me.away || me.missed) seats = await this.patchSeat(tx, seats, me, { away: false, missed: 0 });
        const seq = table.lastSeq + 1;
        await tx.appendAction({ tableId, seq, seat: me.seat, userId: me.userId, kind: 'player', action: action, at: now });
        const snapshot = await this.committer.commit(tx, def, table, seats, applied.state, seq, applied.events, now);
        const seat = me.seat;
        return { result: ok({ snapshot, seat, action: action, events: snapshot.events.filter((event) => eventVisibleTo(event, seat)), prev }), back: null };
      },
      (done) => {
        if (done.back) this.emit({ tableId, snapshot: done.back, ping: [], ended: false });
        if (done.result.ok) this.afterCommit(done.result.value.snapshot, done.result.value.prev);
      },
    );
    if (!played.result.ok) return played.result;
    const { prev: _prev, ...outcome } = played.result.value;
    return ok(outcome);
  }

  /** True when `action` repeats `userId`'s own newest logged action within DOUBLE_CLICK_MS. */
  private async isEcho(reader: StoreReads, tableId: number, userId: string, action: unknown): Promise<boolean> {
    const last = await reader.lastAction(tableId);
    return !!last && last.userId === userId && this.now() - last.at < DOUBLE_CLICK_MS && JSON.stringify(last.action) === JSON.stringify(action);
  }

  /**
   * 💡 Hint (README "AI players"; src/tables/hints.ts): `actor`'s seat's own input as it was
   * when the decision now pending opened (rebuilt from the seed and action log), for the
   * hint's search to advise on (`adviseHint`, off this transaction). Commits a public `$hint`
   * event (the log says who used a hint) once per decision and seat (`logged`: false when this
   * seat's hint at this decision is logged already); the game state and deadline do not change. Refusals: `hints-off`
   * (a rated table opened without `hints`), `nothing-to-decide`, `not-seated`, `seat-left`,
   * and the table's status.
   */
  hint(tableId: number, actor: Actor): Promise<ServiceResult<HintOutcome>> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<HintOutcome>> => {
        const locked = await this.lockFor(tx, tableId, actor, false, 'active');
        if (!locked.ok) return locked;
        const table = locked.value;
        const seats = await tx.seats(tableId);
        const me = seats.find((row) => row.userId === actor.userId);
        if (!me || me.seat === null || isBotSeat(me)) return fail({ code: 'not-seated' });
        if (me.left) return fail({ code: 'seat-left' });
        // A lesson's note says what to do: no hint there (docs/lessons.md).
        if (isLesson(table) || !hintsAllowed(seats, table.tableOptions, me.seat)) return fail({ code: 'hints-off' });
        const mod = this.registry.get(table.game);
        const def = mod.definition;
        if (def.legalActions(table.state, me.seat).length === 0) return fail({ code: 'nothing-to-decide' });
        const log = await tx.actions(tableId);
        const input = botInputFromLog(
          {
            game: table.game as never,
            definition: def,
            options: table.options,
            seats: seats.filter((row) => row.seat !== null).length,
            seed: table.seed!,
            setupMeta: { hostSeat: seats.find((row) => row.userId === table.hostUserId)?.seat ?? 0 },
            log: log.filter((entry) => entry.seq <= table.lastSeq).map((entry) => ({ seat: entry.seat, action: entry.action })),
          },
          me.seat,
          'decision',
        );
        // Logged once per decision and seat: pressed again at the same decision (its `step`, which
        // other seats' answers inside one decision — a counter window, a vote — do not change),
        // nothing is committed.
        const step = def.pending(table.state).step;
        const logged = (table.recentEvents as StoredEvent[]).some((stored) => stored.event.type === '$hint' && stored.event.seat === me.seat && stored.event.step === step);
        if (logged) return ok({ snapshot: await this.snapshotOf(tx, table, seats), seat: me.seat, input, logged: false });
        const used = { type: '$hint', seat: me.seat, step };
        const snapshot = await this.committer.commit(tx, def, table, seats, table.state, table.lastSeq, [used], this.now());
        return ok({ snapshot, seat: me.seat, input, logged: true });
      },
      (result) => {
        if (result.ok && result.value.logged) this.afterCommit(result.value.snapshot, null);
      },
    );
  }
}

/** `action` checked against the game's action schema: the action, or null when it is malformed. */
function parsedAction(def: AnyGameDefinition, action: unknown): unknown {
  const parsed = def.actionSchema.safeParse(action);
  return parsed.success ? parsed.data : null;

}
