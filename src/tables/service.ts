/**
 * The game-agnostic table service (DESIGN.md §1, §4): lobbies, seats, dispatch of game
 * actions, deadlines, away players, recovery and results. It is the only writer of game
 * state. Every accepted action is one SQLite transaction, committed before the caller
 * answers the interaction; read → apply → write runs without an `await`, so two clicks on
 * one table can never interleave inside this process.
 */
import { randomInt } from 'node:crypto';
import { seatsToAct, type AnyGameDefinition, type GameEvent, type Pending, type Seat } from '../games/engine.js';
import type { GameRegistry } from '../games/registry.js';
import { Rng } from '../games/rng.js';
import type { Logger } from '../logger.js';
import type { SeatRow, TableRepo, TableRow } from '../persistence/repo.js';
import type {
  ActOutcome,
  Actor,
  ResultHook,
  ServiceError,
  ServiceResult,
  StoredEvent,
  TableChange,
  TableListener,
  TableSnapshot,
} from './types.js';

/** A lobby without activity for this long is closed (issue 2 §4). */
export const LOBBY_IDLE_MS = 30 * 60 * 1000;
/** Consecutive missed turn/vote deadlines after which a seat is marked away (issue 2 §6). */
export const AWAY_AFTER_MISSED = 2;
/** How many recent events the table keeps for the board log and panel notes. */
export const RECENT_EVENTS_KEPT = 30;
/** Guard against an engine that never stops asking away seats to act. */
export const MAX_AUTO_ACTIONS_PER_CHANGE = 2_000;

/** Dependencies of the table service. */
export interface TableServiceDeps {
  repo: TableRepo;
  registry: GameRegistry;
  logger: Logger;
  /** Current time, Unix ms. */
  now?: () => number;
  /** A fresh 32-bit game seed. */
  newSeed?: () => number;
  /** Hooks run inside the transaction that stores a result (ratings). */
  resultHooks?: ResultHook[];
}

/** Input of `createTable`. */
export interface CreateTableInput {
  guildId: string;
  channelId: string;
  game: string;
  host: Actor;
  /** Raw option values keyed by option key (validated by the game's options schema). */
  options: Record<string, unknown>;
  /** Maximum seats (defaults to the game's maximum; clamped to its range). */
  maxSeats?: number;
}

const ok = <T>(value: T): ServiceResult<T> => ({ ok: true, value });
const fail = <T>(error: ServiceError): ServiceResult<T> => ({ ok: false, error });

/** The table service. One instance per process and database. */
export class TableService {
  private readonly repo: TableRepo;
  private readonly registry: GameRegistry;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly newSeed: () => number;
  private readonly resultHooks: ResultHook[];
  private readonly listeners: TableListener[] = [];
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private stopped = false;

  constructor(deps: TableServiceDeps) {
    this.repo = deps.repo;
    this.registry = deps.registry;
    this.log = deps.logger;
    this.now = deps.now ?? Date.now;
    this.newSeed = deps.newSeed ?? (() => randomInt(0, 2 ** 31 - 1));
    this.resultHooks = deps.resultHooks ?? [];
  }

  /** Subscribe to committed changes. */
  addListener(l: TableListener): void {
    this.listeners.push(l);
  }

  /** Load a table and its seats. */
  snapshot(tableId: number): TableSnapshot | undefined {
    const table = this.repo.table(tableId);
    if (!table) return undefined;
    return { table, seats: this.repo.seats(tableId) };
  }

  /** The definition of the game played at `table`. */
  definition(table: TableRow): AnyGameDefinition {
    return this.registry.get(table.game).definition;
  }

  // ---------------------------------------------------------------- lobby

  /**
   * Open a lobby in a channel with the host seated. Refuses when the channel already has an
   * open table (`channel_busy`, pointing at it) or the options are invalid (`bad_options`,
   * one line per problem).
   */
  createTable(input: CreateTableInput): ServiceResult<TableSnapshot> {
    const mod = this.registry.find(input.game);
    if (!mod) return fail({ code: 'unknown_game' });
    const def = mod.definition;
    const parsed = def.optionsSchema.safeParse(input.options);
    if (!parsed.success) {
      return fail({
        code: 'bad_options',
        problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`),
      });
    }
    const maxSeats = Math.min(def.maxPlayers, Math.max(def.minPlayers, input.maxSeats ?? def.maxPlayers));
    const now = this.now();
    const result = this.repo.transaction((): ServiceResult<TableSnapshot> => {
      const busy = this.repo.openTableInChannel(input.channelId);
      if (busy) {
        return fail({ code: 'channel_busy', tableId: busy.id, game: busy.game, status: busy.status });
      }
      const table = this.repo.insertTable({
        guildId: input.guildId,
        channelId: input.channelId,
        game: mod.id,
        status: 'lobby',
        hostUserId: input.host.userId,
        options: parsed.data,
        maxSeats,
        createdAt: now,
        updatedAt: now,
        deadlineAt: now + LOBBY_IDLE_MS,
        recentEvents: [],
      });
      this.repo.insertSeat({ tableId: table.id, userId: input.host.userId, displayName: input.host.displayName, joinedAt: now });
      return ok({ table, seats: this.repo.seats(table.id) });
    });
    if (result.ok) this.arm(result.value.table);
    return result;
  }

  /** Remember the id of the table's public message (lobby, then board). */
  setBoardMessage(tableId: number, messageId: string | null): void {
    this.repo.setMessageIds(tableId, { boardMessageId: messageId });
  }

  /** Remember that the board message now shows table `version`. */
  setBoardVersion(tableId: number, version: number): void {
    this.repo.setMessageIds(tableId, { boardVersion: version });
  }

  /**
   * Open tables whose board does not show their latest state (the bot stopped between a
   * commit and the board edit), as changes to publish at start-up — with a ping for whoever
   * must act now, since that ping may be the one that was lost.
   */
  staleBoards(): TableChange[] {
    return this.repo
      .openTables()
      .filter((t) => t.boardVersion < t.version)
      .map((table) => {
        const seats = this.repo.seats(table.id);
        const pending = table.state ? this.definition(table).pending(table.state) : null;
        return { tableId: table.id, ping: pending ? this.pingFor(pending, seats) : [], ended: false, newDecision: pending !== null };
      });
  }

  /** Remember the id of the latest "your turn" ping message (to delete it later). */
  setPingMessage(tableId: number, messageId: string | null): void {
    this.repo.setMessageIds(tableId, { pingMessageId: messageId });
  }

  /** Sit `actor` at a lobby. Refuses when already seated, full, or not a lobby. */
  join(tableId: number, actor: Actor): ServiceResult<TableSnapshot> {
    return this.lobbyWrite(tableId, (table, seats) => {
      if (seats.some((s) => s.userId === actor.userId)) return fail({ code: 'already_seated' });
      if (seats.length >= table.maxSeats) return fail({ code: 'table_full', max: table.maxSeats });
      this.repo.insertSeat({ tableId, userId: actor.userId, displayName: actor.displayName, joinedAt: this.now() });
      return ok(undefined);
    });
  }

  /**
   * Leave a lobby. When the host leaves, the earliest remaining player becomes host; when
   * the last player leaves, the lobby is cancelled.
   */
  leaveLobby(tableId: number, actor: Actor): ServiceResult<TableSnapshot> {
    let emptied = false;
    const r = this.lobbyWrite(tableId, (table, seats) => {
      if (!seats.some((s) => s.userId === actor.userId)) return fail({ code: 'not_seated' });
      this.repo.deleteSeat(tableId, actor.userId);
      const rest = seats.filter((s) => s.userId !== actor.userId);
      if (rest.length === 0) {
        emptied = true;
        return ok({ status: 'cancelled' as const, endedAt: this.now(), endReason: 'empty', deadlineAt: null });
      }
      if (table.hostUserId === actor.userId) return ok({ hostUserId: rest[0]!.userId });
      return ok(undefined);
    });
    if (r.ok && emptied) this.disarm(tableId);
    return r;
  }

  /**
   * Start a lobby (host only, at least the game's minimum players): seat order is the join
   * order shuffled with the game's seed, then the game is set up and any auto-play applied.
   */
  start(tableId: number, actor: Actor): ServiceResult<TableSnapshot> {
    type Started = TableSnapshot & { pending: Pending };
    const r = this.repo.transaction((): ServiceResult<Started> => {
      const table = this.repo.table(tableId);
      if (!table) return fail({ code: 'no_table' });
      if (table.status !== 'lobby') return fail({ code: table.status === 'active' ? 'not_lobby' : 'table_closed', status: table.status } as ServiceError);
      if (table.hostUserId !== actor.userId) return fail({ code: 'host_only' });
      const def = this.definition(table);
      const seats = this.repo.seats(tableId);
      if (seats.length < def.minPlayers) return fail({ code: 'too_few_players', min: def.minPlayers, have: seats.length });
      const seed = this.newSeed();
      const order = Rng.seeded(seed ^ 0x5eed).shuffle(seats);
      order.forEach((s, i) => this.repo.updateSeat(tableId, s.userId, { seat: i }));
      const hostSeat = order.findIndex((s) => s.userId === table.hostUserId);
      let state = def.setup(table.options, order.length, seed, { hostSeat });
      const seated = this.repo.seats(tableId);
      const now = this.now();
      const auto = this.settle(def, table, seated, state, table.lastSeq, now);
      state = auto.state;
      const pending = def.pending(state);
      const updated = this.repo.updateTable(tableId, table.version, {
        status: 'active',
        seed,
        state,
        startedAt: now,
        updatedAt: now,
        lastSeq: auto.lastSeq,
        recentEvents: this.keepRecent([], auto.events),
        ...this.deadlineFor(pending, null, now),
      });
      const finished = pending.kind === 'over' ? this.finish(def, updated, seated, state, now) : updated;
      return ok({ table: finished, seats: this.repo.seats(tableId), pending });
    });
    if (!r.ok) return r;
    this.afterCommit(r.value.table, r.value.seats, r.value.pending, null);
    return ok({ table: r.value.table, seats: r.value.seats });
  }

  /**
   * Cancel an open table (lobby or game): allowed for the host, or for a member with Manage
   * Server. A cancelled game is not rated.
   */
  cancel(tableId: number, actor: Actor, reason: 'cancelled' | 'admin' = 'cancelled'): ServiceResult<TableSnapshot> {
    const r = this.repo.transaction((): ServiceResult<TableSnapshot> => {
      const table = this.repo.table(tableId);
      if (!table) return fail({ code: 'no_table' });
      if (table.status !== 'lobby' && table.status !== 'active') return fail({ code: 'table_closed', status: table.status });
      if (table.hostUserId !== actor.userId && !actor.canManageGuild) return fail({ code: 'host_or_manager_only' });
      const updated = this.repo.updateTable(tableId, table.version, {
        status: 'cancelled',
        endedAt: this.now(),
        updatedAt: this.now(),
        endReason: reason,
        endedBy: actor.userId,
        deadlineAt: null,
        deadlineStep: null,
      });
      return ok({ table: updated, seats: this.repo.seats(tableId) });
    });
    if (r.ok) {
      this.disarm(tableId);
      this.emit({ tableId, ping: [], ended: true });
    }
    return r;
  }

  // ---------------------------------------------------------------- game

  /**
   * Apply a game action by `actor`, drawn for decision `step`. Refusals (not seated, stale
   * step, illegal now, malformed) change nothing. On success the new state, log row(s) and
   * deadline are committed before this returns.
   */
  act(tableId: number, actor: Actor, step: number, action: unknown): ServiceResult<ActOutcome> {
    type Acted = ActOutcome & { pending: Pending; prev: Pending };
    const r = this.repo.transaction((): ServiceResult<Acted> => {
      const table = this.repo.table(tableId);
      if (!table) return fail({ code: 'no_table' });
      if (table.status !== 'active') {
        return fail({ code: table.status === 'lobby' ? 'not_active' : 'table_closed', status: table.status } as ServiceError);
      }
      const seats = this.repo.seats(tableId);
      const me = seats.find((s) => s.userId === actor.userId);
      if (!me || me.seat === null) return fail({ code: 'not_seated' });
      if (me.left) return fail({ code: 'seat_left' });
      const def = this.definition(table);
      const prev = def.pending(table.state);
      if (prev.step !== step) return fail({ code: 'stale', action });
      const parsed = def.actionSchema.safeParse(action);
      if (!parsed.success) return fail({ code: 'bad_action' });
      const res = def.apply(table.state, me.seat, parsed.data);
      if (!res.ok) return fail({ code: 'rule', error: res.error });
      const now = this.now();
      // The player is back: any own action clears the away mark and the missed count.
      if (me.away || me.missed) this.repo.updateSeat(tableId, me.userId, { away: false, missed: 0 });
      const seatsNow = this.repo.seats(tableId);
      let seq = table.lastSeq + 1;
      this.repo.appendAction({ tableId, seq, seat: me.seat, userId: me.userId, kind: 'player', action: parsed.data, at: now });
      const auto = this.settle(def, table, seatsNow, res.state, seq, now);
      seq = auto.lastSeq;
      const events = [...res.events, ...auto.events];
      const pending = def.pending(auto.state);
      const updated = this.repo.updateTable(tableId, table.version, {
        state: auto.state,
        lastSeq: seq,
        updatedAt: now,
        recentEvents: this.keepRecent(table.recentEvents as StoredEvent[], events),
        ...this.deadlineFor(pending, table, now),
      });
      const finished = pending.kind === 'over' ? this.finish(def, updated, seatsNow, auto.state, now) : updated;
      return ok({
        table: finished,
        seats: this.repo.seats(tableId),
        seat: me.seat,
        events: events.filter((e) => !e.to || e.to.includes(me.seat!)),
        pending,
        prev,
      });
    });
    if (!r.ok) return r;
    const { pending, prev, ...outcome } = r.value;
    this.afterCommit(outcome.table, outcome.seats, pending, prev);
    return ok(outcome);
  }

  /**
   * Note that a seated player interacted with the table (e.g. opened their hand): an away
   * seat comes back. Returns true when something changed.
   */
  touch(tableId: number, userId: string): boolean {
    const cameBack = this.repo.transaction(() => {
      const table = this.repo.table(tableId);
      if (!table || table.status !== 'active') return false;
      const seat = this.repo.seats(tableId).find((s) => s.userId === userId);
      if (!seat || seat.left || (!seat.away && seat.missed === 0)) return false;
      this.repo.updateSeat(tableId, userId, { away: false, missed: 0 });
      this.repo.updateTable(tableId, table.version, { updatedAt: this.now() });
      return seat.away;
    });
    if (cameBack) this.emit({ tableId, ping: [], ended: false });
    return cameBack;
  }

  /**
   * Leave a running game (`/table leave`): the seat is auto-played until the end and ranked
   * last. When every player has left, the table is cancelled (not rated).
   */
  leaveGame(tableId: number, actor: Actor): ServiceResult<TableSnapshot> {
    type Left = TableSnapshot & { pending: Pending | null };
    const r = this.repo.transaction((): ServiceResult<Left> => {
      const table = this.repo.table(tableId);
      if (!table) return fail({ code: 'no_table' });
      if (table.status !== 'active') return fail({ code: table.status === 'lobby' ? 'not_active' : 'table_closed', status: table.status } as ServiceError);
      const seats = this.repo.seats(tableId);
      const me = seats.find((s) => s.userId === actor.userId);
      if (!me || me.seat === null) return fail({ code: 'not_seated' });
      if (me.left) return fail({ code: 'seat_left' });
      this.repo.updateSeat(tableId, me.userId, { left: true, away: true });
      const now = this.now();
      const seatsNow = this.repo.seats(tableId);
      if (seatsNow.every((s) => s.left)) {
        const updated = this.repo.updateTable(tableId, table.version, {
          status: 'cancelled',
          endedAt: now,
          updatedAt: now,
          endReason: 'abandoned',
          deadlineAt: null,
          deadlineStep: null,
        });
        return ok({ table: updated, seats: seatsNow, pending: null });
      }
      const def = this.definition(table);
      const leftEvent: GameEvent = { type: '$left', seat: me.seat };
      const auto = this.settle(def, table, seatsNow, table.state, table.lastSeq, now);
      const pending = def.pending(auto.state);
      const updated = this.repo.updateTable(tableId, table.version, {
        state: auto.state,
        lastSeq: auto.lastSeq,
        updatedAt: now,
        recentEvents: this.keepRecent(table.recentEvents as StoredEvent[], [leftEvent, ...auto.events]),
        ...this.deadlineFor(pending, table, now),
      });
      const finished = pending.kind === 'over' ? this.finish(def, updated, seatsNow, auto.state, now) : updated;
      return ok({ table: finished, seats: this.repo.seats(tableId), pending });
    });
    if (!r.ok) return r;
    const { pending, ...snap } = r.value;
    if (pending === null) {
      this.disarm(tableId);
      this.emit({ tableId, ping: [], ended: true });
    } else {
      this.afterCommit(snap.table, snap.seats, pending, null);
    }
    return ok(snap);
  }

  // ---------------------------------------------------------------- deadlines

  /**
   * Apply what a passed deadline means: the lobby closes, or each seat still to act gets
   * the game's default action (seats that miss turn/vote deadlines twice in a row are marked
   * away). Does nothing if the deadline moved meanwhile. Called by the timers; public for
   * tests and recovery.
   */
  fireDeadline(tableId: number): void {
    if (this.stopped) return;
    const now = this.now();
    type Fired = { table: TableRow; seats: SeatRow[]; pending: Pending | null; prev: Pending | null };
    const r: Fired | null = this.repo.transaction((): Fired | null => {
      const table = this.repo.table(tableId);
      if (!table || table.deadlineAt === null || table.deadlineAt > now) return null;
      if (table.status === 'lobby') {
        const updated = this.repo.updateTable(tableId, table.version, {
          status: 'cancelled',
          endedAt: now,
          updatedAt: now,
          endReason: 'expired',
          deadlineAt: null,
        });
        return { table: updated, seats: this.repo.seats(tableId), pending: null, prev: null };
      }
      if (table.status !== 'active') return null;
      const def = this.definition(table);
      const prev = def.pending(table.state);
      if (prev.kind === 'over' || prev.step !== table.deadlineStep) {
        // The deadline belongs to an older decision: just re-arm for the current one.
        const updated = this.repo.updateTable(tableId, table.version, this.deadlineFor(prev, null, now));
        return { table: updated, seats: this.repo.seats(tableId), pending: prev, prev };
      }
      let state = table.state;
      let seq = table.lastSeq;
      const events: GameEvent[] = [];
      const seats = this.repo.seats(tableId);
      const counts = prev.timer !== 'reaction';
      for (const seat of seatsToAct(prev)) {
        const cur = def.pending(state);
        if (cur.kind === 'over' || cur.step !== prev.step || !seatsToAct(cur).includes(seat)) break;
        const action = def.defaultAction(state, seat);
        const res = def.apply(state, seat, action);
        if (!res.ok) {
          this.log.error({ table: tableId, seat, action, error: res.error }, 'engine refused its own default action');
          break;
        }
        state = res.state;
        seq += 1;
        const row = seats.find((s) => s.seat === seat);
        this.repo.appendAction({ tableId, seq, seat, userId: row?.userId ?? null, kind: 'timeout', action, at: now });
        events.push(...(counts ? [{ type: '$timeout', seat }] : []), ...res.events);
        if (counts && row && !row.left) {
          const missed = row.missed + 1;
          this.repo.updateSeat(tableId, row.userId, { missed, away: row.away || missed >= AWAY_AFTER_MISSED });
        }
      }
      const seatsNow = this.repo.seats(tableId);
      const auto = this.settle(def, table, seatsNow, state, seq, now);
      const pending = def.pending(auto.state);
      const updated = this.repo.updateTable(tableId, table.version, {
        state: auto.state,
        lastSeq: auto.lastSeq,
        updatedAt: now,
        recentEvents: this.keepRecent(table.recentEvents as StoredEvent[], [...events, ...auto.events]),
        ...this.deadlineFor(pending, table, now),
      });
      const finished = pending.kind === 'over' ? this.finish(def, updated, seatsNow, auto.state, now) : updated;
      return { table: finished, seats: this.repo.seats(tableId), pending, prev };
    });
    if (!r) {
      const t = this.repo.table(tableId);
      if (t) this.arm(t);
      return;
    }
    if (r.pending === null) {
      this.disarm(tableId);
      this.emit({ tableId, ping: [], ended: true });
    } else {
      this.afterCommit(r.table, r.seats, r.pending, r.prev);
    }
  }

  /**
   * Start-up recovery: re-arm the deadline of every open table (expired ones fire at once).
   * Returns the ids of the tables found.
   */
  recover(): number[] {
    const tables = this.repo.openTables();
    for (const t of tables) this.arm(t);
    return tables.map((t) => t.id);
  }

  /** Stop every timer (shutdown). The database keeps the deadlines for the next start. */
  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  // ---------------------------------------------------------------- internals

  /** Run a lobby mutation with the common checks; bumps activity and the idle deadline. */
  private lobbyWrite(
    tableId: number,
    fn: (table: TableRow, seats: SeatRow[]) => ServiceResult<Partial<TableRow> | undefined>,
  ): ServiceResult<TableSnapshot> {
    const r = this.repo.transaction((): ServiceResult<TableSnapshot> => {
      const table = this.repo.table(tableId);
      if (!table) return fail({ code: 'no_table' });
      if (table.status !== 'lobby') {
        return fail({ code: table.status === 'active' ? 'not_lobby' : 'table_closed', status: table.status } as ServiceError);
      }
      const inner = fn(table, this.repo.seats(tableId));
      if (!inner.ok) return inner as ServiceResult<TableSnapshot>;
      const now = this.now();
      const updated = this.repo.updateTable(tableId, table.version, {
        updatedAt: now,
        deadlineAt: now + LOBBY_IDLE_MS,
        ...inner.value,
      });
      return ok({ table: updated, seats: this.repo.seats(tableId) });
    });
    if (r.ok) {
      const ended = r.value.table.status !== 'lobby';
      if (!ended) this.arm(r.value.table);
      this.emit({ tableId, ping: [], ended });
    }
    return r;
  }

  /**
   * Auto-play away and departed seats while they are the ones to act (issue 2 §6). Away
   * seats are only auto-played while at least one player is present, so a table nobody
   * attends advances at deadline pace instead of racing to the end.
   */
  private settle(
    def: AnyGameDefinition,
    table: TableRow,
    seats: SeatRow[],
    state: unknown,
    lastSeq: number,
    now: number,
  ): { state: unknown; events: GameEvent[]; lastSeq: number } {
    const bySeat = new Map(seats.filter((s) => s.seat !== null).map((s) => [s.seat!, s]));
    const someonePresent = seats.some((s) => !s.away && !s.left);
    const events: GameEvent[] = [];
    let seq = lastSeq;
    for (let i = 0; i < MAX_AUTO_ACTIONS_PER_CHANGE; i++) {
      const p = def.pending(state);
      if (p.kind === 'over') break;
      const seat = seatsToAct(p).find((s) => {
        const row = bySeat.get(s);
        return row && (row.left || (row.away && someonePresent));
      });
      if (seat === undefined) break;
      const action = def.autoAction ? def.autoAction(state, seat) : def.defaultAction(state, seat);
      const res = def.apply(state, seat, action);
      if (!res.ok) {
        this.log.error({ table: table.id, seat, action, error: res.error }, 'engine refused its own auto action');
        break;
      }
      state = res.state;
      seq += 1;
      this.repo.appendAction({ tableId: table.id, seq, seat, userId: bySeat.get(seat)?.userId ?? null, kind: 'auto', action, at: now });
      events.push({ type: '$auto', seat }, ...res.events);
    }
    return { state, events, lastSeq: seq };
  }

  /** Deadline columns for a pending decision (kept when the step did not change). */
  private deadlineFor(p: Pending, before: TableRow | null, now: number): { deadlineAt: number | null; deadlineStep: number | null } {
    if (p.kind === 'over') return { deadlineAt: null, deadlineStep: null };
    if (before && before.deadlineStep === p.step && before.deadlineAt !== null) {
      return { deadlineAt: before.deadlineAt, deadlineStep: p.step };
    }
    return { deadlineAt: now + p.timeoutMs, deadlineStep: p.step };
  }

  /** Append events to the recent-events ring, numbering them after the newest kept one. */
  private keepRecent(old: StoredEvent[], events: GameEvent[]): StoredEvent[] {
    const last = old.length ? old[old.length - 1]!.seq : 0;
    const added = events.map((event, i) => ({ seq: last + i + 1, event }));
    return [...old, ...added].slice(-RECENT_EVENTS_KEPT);
  }

  /** Store the result of a game that just ended (inside the caller's transaction). */
  private finish(def: AnyGameDefinition, table: TableRow, seats: SeatRow[], state: unknown, now: number): TableRow {
    const result = def.result(state);
    if (!result) throw new Error(`table ${table.id}: game over without a result`);
    const seated = seats.filter((s) => s.seat !== null).sort((a, b) => a.seat! - b.seat!);
    // Leaving never dodges a loss: leavers are placed after everyone who stayed.
    const stayed = seated.filter((s) => !s.left).map((s) => result.placements[s.seat!] ?? seated.length);
    const lastPlace = (stayed.length ? Math.max(...stayed) : 0) + 1;
    const rows = seated.map((s) => {
      const seat = s.seat!;
      const placement = s.left ? lastPlace : (result.placements[seat] ?? seated.length);
      return {
        seat,
        userId: s.userId,
        placement,
        winner: !s.left && result.winners.includes(seat),
        left: s.left,
        score: result.scores?.[seat] ?? null,
      };
    });
    this.repo.insertResults(rows.map((r) => ({ ...r, tableId: table.id, guildId: table.guildId, game: table.game, endedAt: now })));
    const updated = this.repo.updateTable(table.id, table.version, {
      status: 'finished',
      endedAt: now,
      endReason: result.reason,
      deadlineAt: null,
      deadlineStep: null,
    });
    for (const hook of this.resultHooks) hook(updated, rows);
    return updated;
  }

  /** After a commit: re-arm the timer and tell listeners (with whom to ping). */
  private afterCommit(table: TableRow, seats: SeatRow[], pending: Pending, prev: Pending | null): void {
    const ended = table.status !== 'active';
    if (ended) this.disarm(table.id);
    else this.arm(table);
    const ping = !ended && pending.step !== prev?.step ? this.pingFor(pending, seats) : [];
    const newDecision = pending.kind !== 'over' && pending.step !== prev?.step;
    this.emit({ tableId: table.id, ping, ended, newDecision });
  }

  /** Users to ping for a decision: those who must act, present, on a turn or vote timer. */
  private pingFor(pending: Pending, seats: SeatRow[]): string[] {
    if (pending.kind === 'over' || pending.timer === 'reaction') return [];
    const present = new Set(seatsToAct(pending));
    return seats.filter((s) => s.seat !== null && present.has(s.seat) && !s.away && !s.left).map((s) => s.userId);
  }

  private emit(change: TableChange): void {
    for (const l of this.listeners) {
      try {
        l.tableChanged(change);
      } catch (err) {
        this.log.error({ err, table: change.tableId }, 'table listener failed');
      }
    }
  }

  /** (Re)arm the timer of a table for its stored deadline. */
  private arm(table: TableRow): void {
    this.disarm(table.id);
    if (this.stopped || table.deadlineAt === null || (table.status !== 'lobby' && table.status !== 'active')) return;
    const delay = Math.max(0, table.deadlineAt - this.now());
    // setTimeout caps at 2^31-1 ms; a longer wait simply re-arms when it fires.
    const t = setTimeout(() => {
      this.timers.delete(table.id);
      try {
        this.fireDeadline(table.id);
      } catch (err) {
        this.log.error({ err, table: table.id }, 'deadline handling failed');
      }
    }, Math.min(delay, 2 ** 31 - 1));
    t.unref?.();
    this.timers.set(table.id, t);
  }

  private disarm(tableId: number): void {
    const t = this.timers.get(tableId);
    if (t) clearTimeout(t);
    this.timers.delete(tableId);
  }
}
