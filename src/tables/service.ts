/**
 * The game-agnostic table service (DESIGN.md §1, §4): lobbies, seats, dispatch of game
 * actions, deadlines, away players, recovery and results. It is the only writer of game
 * state. Every accepted action is one SQLite transaction, committed before the caller
 * answers the interaction; read → apply → write runs without an `await`, so two clicks on
 * one table can never interleave inside this process.
 */
import { randomInt } from 'node:crypto';
import { seatsToAct, type AnyGameDefinition, type GameEvent, type Pending } from '../games/engine.js';
import type { GameRegistry } from '../games/registry.js';
import { Rng } from '../games/rng.js';
import type { Logger } from '../logger.js';
import type { SeatRow, TableRepo, TableRow } from '../persistence/repo.js';
import { deadlineFor, keepRecent, pingFor } from './policy.js';
import { GameCommitter } from './commit.js';
import { DeadlineTimers } from './timers.js';
import type {
  StoredEvent,
  ActOutcome,
  Actor,
  ResultHook,
  ServiceError,
  ServiceResult,
  TableChange,
  TableListener,
  TableSnapshot,
} from './types.js';

/** A lobby without activity for this long is closed (issue 2 §4). */
export const LOBBY_IDLE_MS = 30 * 60 * 1000;
/** Consecutive missed turn/vote deadlines after which a seat is marked away (issue 2 §6). */
export const AWAY_AFTER_MISSED = 2;

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
  private readonly timers: DeadlineTimers;
  private readonly committer: GameCommitter;

  constructor(deps: TableServiceDeps) {
    this.repo = deps.repo;
    this.registry = deps.registry;
    this.log = deps.logger;
    this.now = deps.now ?? Date.now;
    this.newSeed = deps.newSeed ?? (() => randomInt(0, 2 ** 31 - 1));
    this.resultHooks = deps.resultHooks ?? [];
    this.timers = new DeadlineTimers((id) => this.fireDeadline(id), this.now, this.log);
    this.committer = new GameCommitter(this.repo, this.log, this.resultHooks);
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
    if (result.ok) this.timers.arm(result.value.table);
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
        return { tableId: table.id, ping: pending ? pingFor(pending, seats) : [], ended: false, newDecision: pending !== null };
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
    if (r.ok && emptied) this.timers.disarm(tableId);
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
      const auto = this.committer.settle(def, table, seated, state, table.lastSeq, now);
      state = auto.state;
      const pending = def.pending(state);
      const updated = this.repo.updateTable(tableId, table.version, {
        status: 'active',
        seed,
        state,
        startedAt: now,
        updatedAt: now,
        lastSeq: auto.lastSeq,
        recentEvents: keepRecent([], auto.events, table.version + 1),
        ...deadlineFor(pending, null, now),
      });
      const finished = pending.kind === 'over' ? this.committer.finish(def, updated, seated, state, now) : updated;
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
      this.timers.disarm(tableId);
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
      const seq = table.lastSeq + 1;
      this.repo.appendAction({ tableId, seq, seat: me.seat, userId: me.userId, kind: 'player', action: parsed.data, at: now });
      const c = this.committer.commit(def, table, res.state, seq, res.events, now);
      return ok({
        table: c.table,
        seats: this.repo.seats(tableId),
        seat: me.seat,
        events: c.events.filter((e) => !e.to || e.to.includes(me.seat!)),
        pending: c.pending,
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
      const leftEvent = { type: '$left', seat: me.seat };
      if (seatsNow.filter((s) => !s.left).length === 1) {
        // Only one player is still seated: nobody is left to play against — they win now.
        const logged = this.repo.updateTable(tableId, table.version, {
          updatedAt: now,
          recentEvents: keepRecent(table.recentEvents as StoredEvent[], [leftEvent], table.version + 1),
        });
        const finished = this.committer.forfeit(logged, seatsNow, now);
        return ok({ table: finished, seats: this.repo.seats(tableId), pending: null });
      }
      const c = this.committer.commit(this.definition(table), table, table.state, table.lastSeq, [leftEvent], now);
      return ok({ table: c.table, seats: this.repo.seats(tableId), pending: c.pending });
    });
    if (!r.ok) return r;
    const { pending, ...snap } = r.value;
    if (pending === null) {
      this.timers.disarm(tableId);
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
    if (this.timers.isStopped) return;
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
        const updated = this.repo.updateTable(tableId, table.version, deadlineFor(prev, null, now));
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
      const c = this.committer.commit(def, table, state, seq, events, now);
      return { table: c.table, seats: this.repo.seats(tableId), pending: c.pending, prev };
    });
    if (!r) {
      const t = this.repo.table(tableId);
      if (t) this.timers.arm(t);
      return;
    }
    if (r.pending === null) {
      this.timers.disarm(tableId);
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
    for (const t of tables) this.timers.arm(t);
    return tables.map((t) => t.id);
  }

  /** Stop every timer (shutdown). The database keeps the deadlines for the next start. */
  stop(): void {
    this.timers.stop();
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
      if (!ended) this.timers.arm(r.value.table);
      this.emit({ tableId, ping: [], ended });
    }
    return r;
  }

  /** After a commit: re-arm the timer and tell listeners (with whom to ping). */
  private afterCommit(table: TableRow, seats: SeatRow[], pending: Pending, prev: Pending | null): void {
    const ended = table.status !== 'active';
    if (ended) this.timers.disarm(table.id);
    else this.timers.arm(table);
    const ping = !ended && pending.step !== prev?.step ? pingFor(pending, seats) : [];
    const newDecision = pending.kind !== 'over' && pending.step !== prev?.step;
    this.emit({ tableId: table.id, ping, ended, newDecision });
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


}
