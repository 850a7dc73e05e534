/**
 * The game-agnostic table service (DESIGN.md §1, §4): lobbies, seats, dispatch of game
 * actions, deadlines, away players, recovery and results. It is the only writer of game
 * state. Every accepted action is one SQLite transaction, committed before the caller
 * answers the interaction; read → apply → write runs without an `await`, so two clicks on
 * one table can never interleave inside this process.
 *
 * Each call reads the table once and returns (and hands its listeners) the snapshot it
 * committed — table, seats, pending decision, results and the change's events — so the
 * Discord layer answers and redraws without reading the database again.
 */
import { randomInt } from 'node:crypto';
import { eventVisibleTo, type AnyGameDefinition, type GameEvent, type Pending } from '../games/engine.js';
import type { GameRegistry } from '../games/registry.js';
import { Rng } from '../games/rng.js';
import type { Logger } from '../logger.js';
import type { SeatRow, TableRepo, TableRow } from '../persistence/repo.js';
import { GameCommitter } from './commit.js';
import { playDeadline } from './drivers.js';
import type { BotLevel } from '../bots/kit.js';
import { DEFAULT_BOT_LEVEL, isBotUser, nextBotIdentity, readBotOptions } from './bots.js';
import { ABANDONED_REASON, deadlineFor, isAbandoned, isBotSeat, isPresent, keepRecent, pingFor } from './policy.js';
import { DeadlineTimers } from './timers.js';
import type {
  ActOutcome,
  Actor,
  PresenceOutcome,
  RematchOutcome,
  ResultHook,
  ServiceError,
  ServiceResult,
  StoredEvent,
  TableChange,
  TableListener,
  TableSnapshot,
} from './types.js';

/** A lobby without activity for this long is closed (README "Commands"), in ms. */
export const LOBBY_IDLE_MS = 30 * 60 * 1000;
/** Consecutive missed turn/vote deadlines after which a seat is marked away (README "Deadlines"). */
export const AWAY_AFTER_MISSED = 2;
/** Within this window (ms), a stale click repeating the clicker's own newest action is a double click. */
export const DOUBLE_CLICK_MS = 10_000;
/**
 * A decision whose deadline passed while the bot was down gets this long from the moment
 * the bot is ready again — or its own timeout, when shorter (README "Restarts"), in ms.
 */
export const RESTART_GRACE_MS = 60_000;

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
  /**
   * The table's language for boards, pings and announcements (a Discord locale such as
   * 'es-419', or a catalog language such as 'es'), fixed for the table's life. Absent = English.
   */
  locale?: string;
  /**
   * AI-player options of `/<game> new` as typed (README "AI players"): `bots` seated now,
   * their `level`, and `paceSeconds` before each bot move; checked by `readBotOptions`.
   */
  botOptions?: { bots?: unknown; level?: unknown; paceSeconds?: unknown };
}

const ok = <T>(value: T): ServiceResult<T> => ({ ok: true, value });
const fail = <T>(error: ServiceError): ServiceResult<T> => ({ ok: false, error });

/** The refusal for a table that is not in the status a verb needs. */
function wrongStatus(table: TableRow, wanted: 'lobby' | 'active'): ServiceError {
  if (table.status === 'lobby' || table.status === 'active') return { code: wanted === 'lobby' ? 'not_lobby' : 'not_active' };
  return { code: 'table_closed', status: table.status };
}

/** The table service. One instance per process and database. */
export class TableService {
  private readonly repo: TableRepo;
  private readonly registry: GameRegistry;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly newSeed: () => number;
  private readonly listeners: TableListener[] = [];
  private readonly timers: DeadlineTimers;
  private readonly committer: GameCommitter;

  constructor(deps: TableServiceDeps) {
    this.repo = deps.repo;
    this.registry = deps.registry;
    this.log = deps.logger;
    this.now = deps.now ?? Date.now;
    this.newSeed = deps.newSeed ?? (() => randomInt(0, 2 ** 31 - 1));
    this.timers = new DeadlineTimers((id) => this.fireDeadline(id), this.now, this.log);
    this.committer = new GameCommitter(this.repo, this.log, deps.resultHooks ?? []);
  }

  /** Subscribe to committed changes. */
  addListener(listener: TableListener): void {
    this.listeners.push(listener);
  }

  /** Load a table with its seats, pending decision and results (undefined when unknown). */
  snapshot(tableId: number): TableSnapshot | undefined {
    const table = this.repo.table(tableId);
    return table ? this.snapshotOf(table, this.repo.seats(tableId)) : undefined;
  }

  /** The open (lobby or active) table in a channel, as a snapshot, if any. */
  openTableInChannel(channelId: string): TableSnapshot | undefined {
    const table = this.repo.openTableInChannel(channelId);
    return table ? this.snapshotOf(table, this.repo.seats(table.id)) : undefined;
  }

  /** The definition of the game played at `table`. */
  definition(table: TableRow): AnyGameDefinition {
    return this.registry.get(table.game).definition;
  }

  /**
   * Load a table for `actor` without changing it (the rules of a lobby, a cancel prompt).
   * Refuses a table of another server (`no_table`) and, when `sameChannel`, a click from
   * another channel than the table's (`other_channel`).
   */
  lookUp(tableId: number, actor: Actor, opts: { sameChannel?: boolean } = {}): ServiceResult<TableSnapshot> {
    const table = this.repo.table(tableId);
    const refused = this.authorise(table, actor, opts.sameChannel ?? false);
    if (refused || !table) return fail(refused ?? { code: 'no_table' });
    return ok(this.snapshotOf(table, this.repo.seats(tableId)));
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
    const maxSeats = Math.min(def.maxPlayers, Math.max(def.minPlayers, input.maxSeats ?? def.maxPlayers));
    const bots = readBotOptions(input.botOptions ?? {}, maxSeats);
    if (!parsed.success || !bots.ok) {
      return fail({
        code: 'bad_options',
        problems: [
          ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`)),
          ...(bots.ok ? [] : bots.problems),
        ],
      });
    }
    const now = this.now();
    const result = this.repo.transaction((): ServiceResult<TableSnapshot> => {
      const busy = this.repo.openTableInChannel(input.channelId);
      if (busy) {
        return fail({ code: 'channel_busy', tableId: busy.id, game: busy.game, status: busy.status, boardMessageId: busy.boardMessageId });
      }
      const table = this.repo.insertTable({
        guildId: input.guildId,
        channelId: input.channelId,
        game: mod.id,
        status: 'lobby',
        hostUserId: input.host.userId,
        locale: input.locale ?? null,
        options: parsed.data,
        maxSeats,
        createdAt: now,
        updatedAt: now,
        deadlineAt: now + LOBBY_IDLE_MS,
        recentEvents: [],
        tableOptions: bots.options,
      });
      this.repo.insertSeat({ tableId: table.id, userId: input.host.userId, displayName: input.host.displayName, joinedAt: now });
      for (let n = 0; n < bots.seating.count; n++) this.seatBot(table.id, bots.seating.level, now);
      return ok(this.snapshotOf(table, this.repo.seats(table.id)));
    });
    if (result.ok) this.timers.arm(result.value.table);
    return result;
  }

  /**
   * Play again (README "Commands"): open a new lobby in the channel of finished table
   * `tableId` with the same game options, seat count, table options and language, `actor`
   * seated as host. Only from the table's own channel, by one of its players (or a member
   * with Manage Server), on a table that finished (cancelled and abandoned tables are not
   * replayed), while the channel has no open table (`channel_busy`, pointing at it) and no
   * table was opened there since (`rematch_stale`: an old board) — so a double click opens
   * one lobby. `invited` are the previous players to ping. Bots seated from the previous
   * lobby are seated again at their levels.
   */
  playAgain(tableId: number, actor: Actor): ServiceResult<RematchOutcome> {
    const now = this.now();
    const result = this.repo.transaction((): ServiceResult<RematchOutcome> => {
      const old = this.repo.table(tableId);
      const refused = this.authorise(old, actor, true);
      if (refused || !old) return fail(refused ?? { code: 'no_table' });
      if (old.status !== 'finished') return fail({ code: 'not_finished', status: old.status });
      const players = this.repo.seats(tableId).filter((row) => row.seat !== null);
      if (!players.some((row) => row.userId === actor.userId) && !actor.canManageGuild) return fail({ code: 'rematch_players_only', game: old.game });
      const busy = this.repo.openTableInChannel(old.channelId);
      if (busy) {
        return fail({ code: 'channel_busy', tableId: busy.id, game: busy.game, status: busy.status, boardMessageId: busy.boardMessageId });
      }
      const newer = this.repo.newerTableInChannel(old.channelId, tableId);
      if (newer) return fail({ code: 'rematch_stale', newerTableId: newer.id, game: old.game });
      const def = this.definition(old);
      // Stored options were parsed when the table opened; parse again in case the game's options moved since.
      const options = def.optionsSchema.safeParse(old.options);
      if (!options.success) return fail({ code: 'bad_options', problems: options.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`) });
      const table = this.repo.insertTable({
        guildId: old.guildId,
        channelId: old.channelId,
        game: old.game,
        status: 'lobby',
        hostUserId: actor.userId,
        options: options.data,
        maxSeats: old.maxSeats,
        tableOptions: old.tableOptions,
        locale: old.locale,
        createdAt: now,
        updatedAt: now,
        deadlineAt: now + LOBBY_IDLE_MS,
        recentEvents: [],
      });
      this.repo.insertSeat({ tableId: table.id, userId: actor.userId, displayName: actor.displayName, joinedAt: now });
      // The bots seated from the lobby come back at their levels (README "AI players").
      for (const row of players) if (isBotUser(row.userId) && isBotSeat(row)) this.seatBot(table.id, row.botLevel as BotLevel, now);
      const invited = players.filter((row) => !row.left && row.botLevel === null && row.userId !== actor.userId).map((row) => row.userId);
      return ok({ snapshot: this.snapshotOf(table, this.repo.seats(table.id)), invited });
    });
    if (result.ok) this.timers.arm(result.value.snapshot.table);
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
      .filter((table) => table.boardVersion < table.version)
      .map((table) => {
        const snapshot = this.snapshotOf(table, this.repo.seats(table.id));
        const { pending } = snapshot;
        return { tableId: table.id, snapshot, ping: pending ? pingFor(pending, snapshot.seats) : [], ended: false, newDecision: pending !== null };
      });
  }

  /** Remember the id of the latest "your turn" ping message (to delete it later). */
  setPingMessage(tableId: number, messageId: string | null): void {
    this.repo.setMessageIds(tableId, { pingMessageId: messageId });
  }

  /** Sit `actor` at a lobby. Refuses when already seated, full, or not a lobby. */
  join(tableId: number, actor: Actor): ServiceResult<TableSnapshot> {
    return this.lobbyWrite(tableId, actor, (table, seats) => {
      if (seats.some((row) => row.userId === actor.userId)) return fail({ code: 'already_seated' });
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
    const result = this.lobbyWrite(tableId, actor, (table, seats) => {
      if (!seats.some((row) => row.userId === actor.userId)) return fail({ code: 'not_seated' });
      this.repo.deleteSeat(tableId, actor.userId);
      // Bots keep no lobby open on their own, and never become host.
      const rest = seats.filter((row) => row.userId !== actor.userId && !isBotSeat(row));
      if (rest.length === 0) {
        emptied = true;
        return ok({ status: 'cancelled' as const, endedAt: this.now(), endReason: 'empty', deadlineAt: null });
      }
      if (table.hostUserId === actor.userId) return ok({ hostUserId: rest[0]!.userId });
      return ok(undefined);
    });
    if (result.ok && emptied) this.timers.disarm(tableId);
    return result;
  }

  /**
   * Seat an AI player of `level` at a lobby (host only; README "AI players": Add bot).
   * Refuses a full table (`table_full`) like a join.
   */
  addBot(tableId: number, actor: Actor, level: BotLevel): ServiceResult<TableSnapshot> {
    return this.lobbyWrite(tableId, actor, (table, seats) => {
      if (table.hostUserId !== actor.userId) return fail({ code: 'host_only' });
      if (seats.length >= table.maxSeats) return fail({ code: 'table_full', max: table.maxSeats });
      this.seatBot(tableId, level, this.now());
      return ok(undefined);
    });
  }

  /** Take the bot seated as `botUserId` out of a lobby (host only; `not_bot` for anyone else's seat). */
  removeBot(tableId: number, actor: Actor, botUserId: string): ServiceResult<TableSnapshot> {
    return this.lobbyWrite(tableId, actor, (table, seats) => {
      if (table.hostUserId !== actor.userId) return fail({ code: 'host_only' });
      const row = seats.find((candidate) => candidate.userId === botUserId);
      if (!row || !isBotSeat(row)) return fail({ code: 'not_bot' });
      this.repo.deleteSeat(tableId, botUserId);
      return ok(undefined);
    });
  }

  /** Inside a lobby transaction: insert the seat row of a new bot of `level`. */
  private seatBot(tableId: number, level: BotLevel, now: number): void {
    const identity = nextBotIdentity(this.repo.seats(tableId));
    this.repo.insertSeat({ tableId, ...identity, joinedAt: now, botLevel: level });
  }

  /**
   * Start a lobby (host only, at least the game's minimum players): seat order is the join
   * order shuffled with the game's seed, then the game is set up and any auto-play applied.
   */
  start(tableId: number, actor: Actor): ServiceResult<TableSnapshot> {
    const result = this.repo.transaction((): ServiceResult<TableSnapshot> => {
      const table = this.repo.table(tableId);
      const refused = this.authorise(table, actor, true);
      if (refused || !table) return fail(refused ?? { code: 'no_table' });
      if (table.status !== 'lobby') return fail(wrongStatus(table, 'lobby'));
      if (table.hostUserId !== actor.userId) return fail({ code: 'host_only' });
      const def = this.definition(table);
      const joined = this.repo.seats(tableId);
      if (joined.length < def.minPlayers) return fail({ code: 'too_few_players', min: def.minPlayers, have: joined.length });
      const seed = this.newSeed();
      const order = Rng.seeded(seed ^ 0x5eed).shuffle(joined);
      order.forEach((row, seat) => this.repo.updateSeat(tableId, row.userId, { seat }));
      const seated = order.map((row, seat) => ({ ...row, seat }));
      const hostSeat = order.findIndex((row) => row.userId === table.hostUserId);
      const state = def.setup(table.options, order.length, seed, { hostSeat });
      const now = this.now();
      return ok(
        this.committer.commit(def, table, seated, state, table.lastSeq, [], now, {
          patch: { status: 'active', seed, startedAt: now },
        }),
      );
    });
    if (!result.ok) return result;
    this.afterCommit(result.value, null);
    return result;
  }

  /**
   * Cancel an open table (lobby or game): allowed for the host, or for a member with Manage
   * Server. A cancelled game is not rated. A host's cancel comes from the table's channel;
   * an admin's end (`reason` 'admin') from anywhere in the server.
   */
  cancel(tableId: number, actor: Actor, reason: 'cancelled' | 'admin' = 'cancelled'): ServiceResult<TableSnapshot> {
    const result = this.repo.transaction((): ServiceResult<TableSnapshot> => {
      const table = this.repo.table(tableId);
      const refused = this.authorise(table, actor, reason === 'cancelled');
      if (refused || !table) return fail(refused ?? { code: 'no_table' });
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
      return ok(this.snapshotOf(updated, this.repo.seats(tableId)));
    });
    if (result.ok) {
      this.timers.disarm(tableId);
      this.emit({ tableId, snapshot: result.value, ping: [], ended: true });
    }
    return result;
  }

  // ---------------------------------------------------------------- game

  /**
   * Apply a game action by `actor`, drawn for decision `step`. Refusals (not seated, stale
   * step, illegal now, malformed) change nothing in the game; a seated player's stale or
   * illegal click still counts as being present (an away seat comes back). On success the
   * new state, log row(s) and deadline are committed before this returns.
   */
  act(tableId: number, actor: Actor, step: number, action: unknown): ServiceResult<ActOutcome> {
    return this.play(tableId, actor, step, { action });
  }

  /**
   * `act` for an action code from a button or select option (`definition.encodeAction`),
   * decoded with the table's game; a code that does not decode is refused as `malformed`.
   */
  actOnCode(tableId: number, actor: Actor, step: number, code: string): ServiceResult<ActOutcome> {
    return this.play(tableId, actor, step, { code });
  }

  /**
   * Note that a seated player interacted with the table (opened their hand, refreshed it):
   * an away seat comes back. Refuses a lobby (`not_active`) and non-players (`not_seated`);
   * a closed table is returned unchanged (its panel shows how the game ended).
   */
  markPresent(tableId: number, actor: Actor): ServiceResult<PresenceOutcome> {
    const result = this.repo.transaction((): ServiceResult<PresenceOutcome> => {
      const table = this.repo.table(tableId);
      const refused = this.authorise(table, actor, false);
      if (refused || !table) return fail(refused ?? { code: 'no_table' });
      if (table.status === 'lobby') return fail({ code: 'not_active' });
      const seats = this.repo.seats(tableId);
      const me = seats.find((row) => row.userId === actor.userId);
      if (!me || me.seat === null) return fail({ code: 'not_seated' });
      return ok(this.present(table, seats, me));
    });
    if (result.ok && result.value.cameBack) this.emit({ tableId, snapshot: result.value.snapshot, ping: [], ended: false });
    return result;
  }

  /**
   * Leave a running game (`/table leave`): the seat is auto-played until the end and ranked
   * last. When every player has left, the table is cancelled (not rated).
   */
  leaveGame(tableId: number, actor: Actor): ServiceResult<TableSnapshot> {
    const result = this.repo.transaction((): ServiceResult<TableSnapshot> => {
      const table = this.repo.table(tableId);
      const refused = this.authorise(table, actor, true);
      if (refused || !table) return fail(refused ?? { code: 'no_table' });
      if (table.status !== 'active') return fail(wrongStatus(table, 'active'));
      let seats = this.repo.seats(tableId);
      const me = seats.find((row) => row.userId === actor.userId);
      if (!me || me.seat === null) return fail({ code: 'not_seated' });
      if (me.left) return fail({ code: 'seat_left' });
      seats = this.patchSeat(seats, me, { left: true, away: true });
      const now = this.now();
      // Bots never play on alone: the last human to leave ends the game as abandoned.
      if (seats.every((row) => row.left || isBotSeat(row))) return ok(this.snapshotOf(this.abandon(table, now), seats));
      const leftEvent = { type: '$left', seat: me.seat };
      if (seats.filter((row) => !row.left).length === 1) {
        // Only one player is still seated: nobody is left to play against — they win now.
        const logged = this.repo.updateTable(tableId, table.version, {
          updatedAt: now,
          recentEvents: keepRecent(table.recentEvents as StoredEvent[], [leftEvent], table.version + 1),
        });
        const finished = this.committer.forfeit(logged, seats, now);
        return ok({ table: finished.table, seats, pending: this.definition(table).pending(table.state), results: finished.results, events: [leftEvent] });
      }
      return ok(this.committer.commit(this.definition(table), table, seats, table.state, table.lastSeq, [leftEvent], now));
    });
    if (!result.ok) return result;
    if (result.value.table.status !== 'active') {
      this.timers.disarm(tableId);
      this.emit({ tableId, snapshot: result.value, ping: [], ended: true });
    } else {
      this.afterCommit(result.value, null);
    }
    return result;
  }

  /**
   * Apply the move an AI player chose for `seat` (README "AI players"), drawn for decision
   * `step`: the same checks, one transaction, action log (kind `bot`), auto-play and
   * deadline as a human's click. Refuses a seat no bot plays (`not_seated`), an outdated
   * step (`stale`) and an illegal action (`rule`); nothing changes then.
   */
  botAct(tableId: number, seat: number, step: number, action: unknown): ServiceResult<ActOutcome> {
    const result = this.repo.transaction((): ServiceResult<ActOutcome & { prev: Pending }> => {
      const table = this.repo.table(tableId);
      if (!table) return fail({ code: 'no_table' });
      if (table.status !== 'active') return fail(wrongStatus(table, 'active'));
      const def = this.definition(table);
      const seats = this.repo.seats(tableId);
      const row = seats.find((candidate) => candidate.seat === seat);
      if (!row || !isBotSeat(row)) return fail({ code: 'not_seated' });
      const prev = def.pending(table.state);
      const snapshot = (): TableSnapshot => this.snapshotOf(table, seats, prev);
      if (prev.step !== step) return fail({ code: 'stale', action, echo: false, snapshot: snapshot() });
      const parsed = def.actionSchema.safeParse(action);
      if (!parsed.success) return fail({ code: 'bad_action' });
      const applied = def.apply(table.state, seat, parsed.data);
      if (!applied.ok) return fail({ code: 'rule', error: applied.error, action: parsed.data, snapshot: snapshot() });
      const now = this.now();
      const seq = table.lastSeq + 1;
      this.repo.appendAction({ tableId, seq, seat, userId: row.userId, kind: 'bot', action: parsed.data, at: now });
      const committed = this.committer.commit(def, table, seats, applied.state, seq, applied.events, now);
      return ok({ snapshot: committed, seat, action: parsed.data, events: committed.events.filter((event) => eventVisibleTo(event, seat)), prev });
    });
    if (!result.ok) return result;
    const { prev, ...outcome } = result.value;
    this.afterCommit(outcome.snapshot, prev);
    return ok(outcome);
  }

  /**
   * The host hands the seat of a player who left or is away to an AI player of `level`
   * (README "AI players"), who plays it until the game ends. The player counts as having
   * left (ranked last, never back at this table). Refuses anyone but the host (`host_only`)
   * and a seat that is present or already a bot's (`not_replaceable`).
   */
  replaceWithBot(tableId: number, actor: Actor, seat: number, level: BotLevel = DEFAULT_BOT_LEVEL): ServiceResult<TableSnapshot> {
    const result = this.repo.transaction((): ServiceResult<TableSnapshot> => {
      const table = this.repo.table(tableId);
      const refused = this.authorise(table, actor, true);
      if (refused || !table) return fail(refused ?? { code: 'no_table' });
      if (table.status !== 'active') return fail(wrongStatus(table, 'active'));
      if (table.hostUserId !== actor.userId) return fail({ code: 'host_only' });
      let seats = this.repo.seats(tableId);
      const row = seats.find((candidate) => candidate.seat === seat);
      if (!row || isBotSeat(row) || (!row.left && !row.away)) return fail({ code: 'not_replaceable', seat });
      const { displayName } = nextBotIdentity(seats);
      seats = this.patchSeat(seats, row, { botLevel: level, left: true, away: false, missed: 0, displayName });
      const replaced = { type: '$botReplaced', seat, player: row.displayName, level };
      const now = this.now();
      return ok(this.committer.commit(this.definition(table), table, seats, table.state, table.lastSeq, [replaced], now));
    });
    if (result.ok) this.afterCommit(result.value, null);
    return result;
  }

  // ---------------------------------------------------------------- deadlines

  /**
   * Apply what a passed deadline means: the lobby closes, or each seat still to act gets
   * the game's default action (`playDeadline`; seats that miss turn/vote deadlines
   * AWAY_AFTER_MISSED times in a row are marked away). Does nothing if the deadline moved
   * meanwhile. Called by the timers; public for tests and recovery.
   */
  fireDeadline(tableId: number): void {
    if (this.timers.isStopped) return;
    const now = this.now();
    type Fired = { snapshot: TableSnapshot; prev: Pending | null };
    const fired = this.repo.transaction((): Fired | null => {
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
        return { snapshot: this.snapshotOf(updated, this.repo.seats(tableId)), prev: null };
      }
      if (table.status !== 'active') return null;
      const def = this.definition(table);
      let seats = this.repo.seats(tableId);
      const due = def.pending(table.state);
      if (due.kind === 'over' || due.step !== table.deadlineStep) {
        // The deadline belongs to an older decision: just re-arm for the current one.
        const updated = this.repo.updateTable(tableId, table.version, deadlineFor(due, null, now));
        return { snapshot: { table: updated, seats, pending: due, results: [], events: [] }, prev: due };
      }
      const driven = playDeadline(def, table.state, due);
      if (driven.refused) this.log.error({ table: tableId, ...driven.refused }, 'engine refused its own default action');
      // Reaction windows (counters, races) may lapse freely; missed turns and votes count.
      const counts = due.timer !== 'reaction';
      const events: GameEvent[] = [];
      let seq = table.lastSeq;
      for (const move of driven.played) {
        seq += 1;
        const row = seats.find((candidate) => candidate.seat === move.seat);
        this.repo.appendAction({ tableId, seq, seat: move.seat, userId: row?.userId ?? null, kind: 'timeout', action: move.action, at: now });
        events.push(...(counts ? [{ type: '$timeout', seat: move.seat }] : []), ...move.events);
        if (counts && row && !row.left && !isBotSeat(row)) {
          const missed = row.missed + 1;
          seats = this.patchSeat(seats, row, { missed, away: row.away || missed >= AWAY_AFTER_MISSED });
        }
      }
      const snapshot = this.committer.commit(def, table, seats, driven.state, seq, events, now, { pending: driven.pending });
      return { snapshot: this.endIfAbandoned(snapshot, now), prev: due };
    });
    if (!fired) {
      const table = this.repo.table(tableId);
      if (table) this.timers.arm(table);
      return;
    }
    if (fired.snapshot.pending === null) {
      this.timers.disarm(tableId);
      this.emit({ tableId, snapshot: fired.snapshot, ping: [], ended: true });
    } else {
      this.afterCommit(fired.snapshot, fired.prev);
    }
  }

  /**
   * Start-up recovery (README "Restarts"): re-arm the deadline of every open table. A game
   * decision whose deadline passed before `readyAt` (Unix ms: when this process became
   * ready) gets a new one — `readyAt` + min(its own timeout, RESTART_GRACE_MS) — and a
   * `$restarted` event for the board, in one commit per table: nobody could click while the
   * bot was down, so the downtime counts against no one. An idle lobby whose time ran out
   * closes as usual. Returns the ids of the tables found.
   */
  recover(readyAt: number = this.now()): number[] {
    const tables = this.repo.openTables();
    for (const table of tables) {
      const late = table.status === 'active' && table.deadlineAt !== null && table.deadlineAt < readyAt;
      this.timers.arm(late ? this.extendAfterRestart(table, readyAt) : table);
    }
    return tables.map((table) => table.id);
  }

  /** Give the decision of `table` (its deadline passed while the bot was down) a fresh deadline. */
  private extendAfterRestart(table: TableRow, readyAt: number): TableRow {
    const pending = this.definition(table).pending(table.state);
    if (pending.kind === 'over') return table;
    const deadlineAt = readyAt + Math.min(pending.timeoutMs, RESTART_GRACE_MS);
    const restarted = { type: '$restarted', until: deadlineAt };
    this.log.info({ table: table.id, missedBy: readyAt - table.deadlineAt!, deadlineAt }, 'deadline passed while the bot was down: extended');
    return this.repo.updateTable(table.id, table.version, {
      deadlineAt,
      deadlineStep: pending.step,
      updatedAt: readyAt,
      recentEvents: keepRecent(table.recentEvents as StoredEvent[], [restarted], table.version + 1),
    });
  }

  /** Stop every timer (shutdown). The database keeps the deadlines for the next start. */
  stop(): void {
    this.timers.stop();
  }

  // ---------------------------------------------------------------- internals

  /** A snapshot of `table` as read (no change events); loads results of a finished table. */
  private snapshotOf(table: TableRow, seats: SeatRow[], pending?: Pending): TableSnapshot {
    return {
      table,
      seats,
      pending: pending ?? (table.state ? this.definition(table).pending(table.state) : null),
      results: table.status === 'finished' ? this.repo.results(table.id) : [],
      events: [],
    };
  }

  /**
   * Who may reach `table` (README "Architecture": table buttons only work from their own
   * server; lobby and confirmation buttons only from the table's channel).
   */
  private authorise(table: TableRow | undefined, actor: Actor, sameChannel: boolean): ServiceError | null {
    if (!table) return { code: 'no_table' };
    if (actor.from && table.guildId !== actor.from.guildId) return { code: 'no_table' };
    if (sameChannel && actor.from && table.channelId !== actor.from.channelId) return { code: 'other_channel', channelId: table.channelId };
    return null;
  }

  /**
   * Inside a deadline's transaction: end a game nobody plays any more (`isAbandoned`) as
   * cancelled with end reason `abandoned` — no results, not rated, the channel free again.
   */
  private endIfAbandoned(snapshot: TableSnapshot, now: number): TableSnapshot {
    const { table, seats } = snapshot;
    if (table.status !== 'active' || seats.some(isPresent)) return snapshot;
    const lastMoveAt = this.repo.lastPlayerActionAt(table.id) ?? table.startedAt ?? table.createdAt;
    if (!isAbandoned(seats, lastMoveAt, now)) return snapshot;
    this.log.info({ table: table.id, lastMoveAt }, 'table abandoned: every player away');
    return { ...snapshot, table: this.abandon(table, now) };
  }

  /** Inside a transaction: close `table` as cancelled with end reason `abandoned` (not rated). */
  private abandon(table: TableRow, now: number): TableRow {
    return this.repo.updateTable(table.id, table.version, {
      status: 'cancelled',
      endedAt: now,
      updatedAt: now,
      endReason: ABANDONED_REASON,
      deadlineAt: null,
      deadlineStep: null,
    });
  }

  /** Store a patch of one seat row and return the seat list with it applied (no re-read). */
  private patchSeat(seats: SeatRow[], row: SeatRow, patch: Partial<SeatRow>): SeatRow[] {
    this.repo.updateSeat(row.tableId, row.userId, patch);
    return seats.map((candidate) => (candidate.userId === row.userId ? { ...candidate, ...patch } : candidate));
  }

  /**
   * Inside a transaction: mark seat `me` present (no longer away, no missed deadlines) when
   * it was not, bumping the table version; returns the table as it is then.
   */
  private present(table: TableRow, seats: SeatRow[], me: SeatRow, pending?: Pending): PresenceOutcome {
    if (table.status !== 'active' || me.left || (!me.away && me.missed === 0)) {
      return { snapshot: this.snapshotOf(table, seats, pending), cameBack: false };
    }
    const patched = this.patchSeat(seats, me, { away: false, missed: 0 });
    const updated = this.repo.updateTable(table.id, table.version, { updatedAt: this.now() });
    return { snapshot: this.snapshotOf(updated, patched, pending), cameBack: me.away };
  }

  /** The shared body of `act` and `actOnCode`. */
  private play(tableId: number, actor: Actor, step: number, input: { action: unknown } | { code: string }): ServiceResult<ActOutcome> {
    // Set inside the transaction when a refused click brought an away seat back.
    const back: { snapshot: TableSnapshot | null } = { snapshot: null };
    const result = this.repo.transaction((): ServiceResult<ActOutcome & { prev: Pending }> => {
      const table = this.repo.table(tableId);
      const refused = this.authorise(table, actor, false);
      if (refused || !table) return fail(refused ?? { code: 'no_table' });
      const def = this.definition(table);
      const action = 'code' in input ? def.decodeAction(input.code) : input.action;
      if (action === null) return fail({ code: 'malformed' });
      if (table.status !== 'active') return fail(wrongStatus(table, 'active'));
      let seats = this.repo.seats(tableId);
      const me = seats.find((row) => row.userId === actor.userId);
      if (!me || me.seat === null) return fail({ code: 'not_seated' });
      if (me.left) return fail({ code: 'seat_left' });
      const prev = def.pending(table.state);
      // A seated player's refused click still says they are here.
      const stillHere = (): TableSnapshot => {
        const presence = this.present(table, seats, me, prev);
        if (presence.cameBack) back.snapshot = presence.snapshot;
        return presence.snapshot;
      };
      if (prev.step !== step) return fail({ code: 'stale', action, echo: this.isEcho(tableId, actor.userId, action), snapshot: stillHere() });
      const parsed = def.actionSchema.safeParse(action);
      if (!parsed.success) return fail({ code: 'bad_action' });
      const applied = def.apply(table.state, me.seat, parsed.data);
      if (!applied.ok) return fail({ code: 'rule', error: applied.error, action: parsed.data, snapshot: stillHere() });
      const now = this.now();
      // The player is back: any own action clears the away mark and the missed count.
      if (me.away || me.missed) seats = this.patchSeat(seats, me, { away: false, missed: 0 });
      const seq = table.lastSeq + 1;
      this.repo.appendAction({ tableId, seq, seat: me.seat, userId: me.userId, kind: 'player', action: parsed.data, at: now });
      const snapshot = this.committer.commit(def, table, seats, applied.state, seq, applied.events, now);
      const seat = me.seat;
      return ok({ snapshot, seat, action: parsed.data, events: snapshot.events.filter((event) => eventVisibleTo(event, seat)), prev });
    });
    if (back.snapshot) this.emit({ tableId, snapshot: back.snapshot, ping: [], ended: false });
    if (!result.ok) return result;
    const { prev, ...outcome } = result.value;
    this.afterCommit(outcome.snapshot, prev);
    return ok(outcome);
  }

  /** True when `action` repeats `userId`'s own newest logged action within DOUBLE_CLICK_MS. */
  private isEcho(tableId: number, userId: string, action: unknown): boolean {
    const last = this.repo.lastAction(tableId);
    return !!last && last.userId === userId && this.now() - last.at < DOUBLE_CLICK_MS && JSON.stringify(last.action) === JSON.stringify(action);
  }

  /** Run a lobby mutation with the common checks; bumps activity and the idle deadline. */
  private lobbyWrite(
    tableId: number,
    actor: Actor,
    mutate: (table: TableRow, seats: SeatRow[]) => ServiceResult<Partial<TableRow> | undefined>,
  ): ServiceResult<TableSnapshot> {
    const result = this.repo.transaction((): ServiceResult<TableSnapshot> => {
      const table = this.repo.table(tableId);
      const refused = this.authorise(table, actor, true);
      if (refused || !table) return fail(refused ?? { code: 'no_table' });
      if (table.status !== 'lobby') return fail(wrongStatus(table, 'lobby'));
      const inner = mutate(table, this.repo.seats(tableId));
      if (!inner.ok) return inner as ServiceResult<TableSnapshot>;
      const now = this.now();
      const updated = this.repo.updateTable(tableId, table.version, {
        updatedAt: now,
        deadlineAt: now + LOBBY_IDLE_MS,
        ...inner.value,
      });
      return ok(this.snapshotOf(updated, this.repo.seats(tableId)));
    });
    if (result.ok) {
      const ended = result.value.table.status !== 'lobby';
      if (!ended) this.timers.arm(result.value.table);
      this.emit({ tableId, snapshot: result.value, ping: [], ended });
    }
    return result;
  }

  /** After a game commit: re-arm the timer and tell listeners (with whom to ping). */
  private afterCommit(snapshot: TableSnapshot, prev: Pending | null): void {
    const { table, seats, pending } = snapshot;
    const ended = table.status !== 'active';
    if (ended) this.timers.disarm(table.id);
    else this.timers.arm(table);
    const opened = pending !== null && pending.step !== prev?.step;
    const ping = !ended && opened ? pingFor(pending, seats) : [];
    const newDecision = opened && pending.kind !== 'over';
    this.emit({ tableId: table.id, snapshot, ping, ended, newDecision });
  }

  private emit(change: TableChange): void {
    for (const listener of this.listeners) {
      try {
        listener.tableChanged(change);
      } catch (err) {
        this.log.error({ err, table: change.tableId }, 'table listener failed');
      }
    }
  }
}
