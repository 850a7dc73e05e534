/**
 * The game-agnostic table service (docs/architecture.md §1, §4; README "Architecture"): lobbies,
 * seats, dispatch of game actions, deadlines, away players, recovery and results. It is the
 * only writer of game state, and it reaches the database only through the async Store
 * (src/persistence/store/types.ts: SQLite or PostgreSQL).
 *
 * Every accepted action is one store transaction, committed before the returned promise
 * resolves (so before the caller answers the interaction). Two clicks on one table never
 * interleave: within this process the changes of a table run one after another in a
 * per-table queue (./queue.ts); across processes (several shards, or two during a reshard)
 * each change starts by locking the table's row (`lockTable`, `SELECT … FOR UPDATE` on
 * PostgreSQL), decides from the row it locked, and writes with the version it read
 * (`updateTable` throws VersionConflictError otherwise, and the change is retried from a
 * fresh read). So no two moves are ever applied to one table from the same state, and a
 * deadline is applied once: the second process to fire it finds it moved.
 *
 * Each call reads the table once (one table + one seats read) and returns — and hands its
 * listeners, in commit order per table — the snapshot it committed: table, seats, pending
 * decision, results and the change's events, so the Discord layer answers and redraws
 * without reading the database again.
 */
import { randomInt } from 'node:crypto';
import { eventVisibleTo, seatsToAct, type AnyGameDefinition, type GameEvent, type Pending } from '../games/engine.js';
import type { GameRegistry } from '../games/registry.js';
import { Rng } from '../games/rng.js';
import type { Logger } from '../logger.js';
import { DuplicateKeyError, VersionConflictError } from '../persistence/store/errors.js';
import type { OpenTableHead, SeatRow, ShardFilter, Store, StoreReads, StoreTx, TableRow } from '../persistence/store/types.js';
import { GameCommitter } from './commit.js';
import { playDeadline } from './drivers.js';
import type { BotLevel } from '../games/bot.js';
import { DEFAULT_BOT_LEVEL, isBotUser, nextBotIdentity, readBotOptions, tableOptionsOf } from './bots.js';
import { botInputFromLog } from '../bots/input.js';
import { hintFor, hintsAllowed } from './hints.js';
import { HOUR_MS, isTurnBased, lobbyIdleMs, MAX_VACATION_HOURS, readPaceOptions, restartGraceMs } from './pace.js';
import { ABANDONED_REASON, deadlineFor, isAbandoned, isBotSeat, isPresent, keepRecent, pingFor } from './policy.js';
import { TableQueue } from './queue.js';
import { DeadlineTimers } from './timers.js';
import type {
  ActOutcome,
  Actor,
  HintOutcome,
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
/**
 * How often one change is tried when another writer changed the table between its read and
 * its write (VersionConflictError; only possible when a second process writes the table
 * without its row lock). Each try re-reads and decides again.
 */
export const MAX_CHANGE_ATTEMPTS = 3;
/** Recovery extends at most this many late deadlines at once (each is one transaction). */
export const RECOVERY_CONCURRENCY = 8;

/** Dependencies of the table service. */
export interface TableServiceDeps {
  store: Store;
  registry: GameRegistry;
  logger: Logger;
  /** Current time, Unix ms. */
  now?: () => number;
  /** A fresh 32-bit game seed. */
  newSeed?: () => number;
  /** Hooks run inside the transaction that stores a result (ratings). */
  resultHooks?: ResultHook[];
  /**
   * The shards this process serves: start-up recovery, stale boards and deadlines cover only
   * the tables of their guilds (README "Architecture": a shard owns its guilds' tables).
   * Undefined = every table (one process).
   */
  shard?: ShardFilter;
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
  botOptions?: { bots?: unknown; level?: unknown; paceSeconds?: unknown; hints?: unknown };
  /**
   * The pace options of `/<game> new` as typed (README "Turn-based tables"): `pace` (`live`
   * or `turn-based`) and `moveHours`; checked by `readPaceOptions` (src/tables/pace.ts).
   */
  paceOptions?: { pace?: unknown; moveHours?: unknown };
}

const ok = <T>(value: T): ServiceResult<T> => ({ ok: true, value });
const fail = <T>(error: ServiceError): ServiceResult<T> => ({ ok: false, error });

/**
 * True when `recover` gives the decision of table `head` a fresh deadline: an active table
 * whose deadline passed before `readyAt` (Unix ms, when the process became ready).
 */
export function lateAfterRestart(head: Pick<OpenTableHead, 'status' | 'deadlineAt'>, readyAt: number): boolean {
  return head.status === 'active' && head.deadlineAt !== null && head.deadlineAt < readyAt;
}

/** The refusal for a table that is not in the status a verb needs. */
function wrongStatus(table: TableRow, wanted: 'lobby' | 'active'): ServiceError {
  if (table.status === 'lobby' || table.status === 'active') return { code: wanted === 'lobby' ? 'not_lobby' : 'not_active' };
  return { code: 'table_closed', status: table.status };
}

/** The table service. One instance per process and store. */
export class TableService {
  private readonly store: Store;
  private readonly registry: GameRegistry;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly newSeed: () => number;
  private readonly shard: ShardFilter | undefined;
  private readonly listeners: TableListener[] = [];
  private readonly timers: DeadlineTimers;
  private readonly committer: GameCommitter;
  private readonly queue = new TableQueue();

  constructor(deps: TableServiceDeps) {
    this.store = deps.store;
    this.registry = deps.registry;
    this.log = deps.logger;
    this.now = deps.now ?? Date.now;
    this.newSeed = deps.newSeed ?? (() => randomInt(0, 2 ** 31 - 1));
    this.shard = deps.shard;
    this.timers = new DeadlineTimers((id) => this.fireDeadline(id), this.now, this.log);
    this.committer = new GameCommitter(this.log, deps.resultHooks ?? []);
  }

  /** Subscribe to committed changes. */
  addListener(listener: TableListener): void {
    this.listeners.push(listener);
  }

  /** Load a table with its seats, pending decision and results (undefined when unknown). */
  async snapshot(tableId: number): Promise<TableSnapshot | undefined> {
    const table = await this.store.table(tableId);
    return table ? this.snapshotOf(this.store, table, await this.store.seats(tableId)) : undefined;
  }

  /**
   * Load the tables with these ids as snapshots (seats, pending decision, results of a
   * finished table), by id ascending; unknown ids are left out. Reads in bulk
   * (`tablesWithSeats`: two statements per BULK_READ_IDS tables) rather than two reads each.
   */
  async snapshots(ids: readonly number[]): Promise<TableSnapshot[]> {
    const rows = await this.store.tablesWithSeats(ids);
    const out: TableSnapshot[] = [];
    for (const { table, seats } of rows) out.push(await this.snapshotOf(this.store, table, seats));
    return out;
  }

  /** The open (lobby or active) table in a channel, as a snapshot, if any. */
  async openTableInChannel(channelId: string): Promise<TableSnapshot | undefined> {
    const table = await this.store.openTableInChannel(channelId);
    return table ? this.snapshotOf(this.store, table, await this.store.seats(table.id)) : undefined;
  }

  /** The open tables of this process's shards (every open table without a shard filter), by id. */
  ownOpenTables(): Promise<TableRow[]> {
    return this.store.openTables(this.ownTables());
  }

  /**
   * The open tables of this process's shards (every open table without a shard filter), by
   * id, as OpenTableHead (no game state): what start-up recovery looks at first.
   */
  ownOpenTableHeads(): Promise<OpenTableHead[]> {
    return this.store.openTableHeads(this.ownTables());
  }

  /** Open tables in a guild where `userId` sits (not counting seats they left), most recently updated first. */
  openTablesOfUser(guildId: string, userId: string): Promise<TableRow[]> {
    return this.store.openTablesOfUser(guildId, userId);
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
  async lookUp(tableId: number, actor: Actor, opts: { sameChannel?: boolean } = {}): Promise<ServiceResult<TableSnapshot>> {
    // The table and its seats at once: one round trip instead of two on PostgreSQL's pool.
    const [table, seats] = await Promise.all([this.store.table(tableId), this.store.seats(tableId)]);
    const refused = this.authorise(table, actor, opts.sameChannel ?? false);
    if (refused || !table) return fail(refused ?? { code: 'no_table' });
    return ok(await this.snapshotOf(this.store, table, seats));
  }

  // ---------------------------------------------------------------- lobby

  /**
   * Open a lobby in a channel with the host seated. Refuses when the channel already has an
   * open table (`channel_busy`, pointing at it — also when another process opened one there
   * at the same moment) or the options are invalid (`bad_options`, one line per problem).
   */
  async createTable(input: CreateTableInput): Promise<ServiceResult<TableSnapshot>> {
    const mod = this.registry.find(input.game);
    if (!mod) return fail({ code: 'unknown_game' });
    const def = mod.definition;
    const parsed = def.optionsSchema.safeParse(input.options);
    const maxSeats = Math.min(def.maxPlayers, Math.max(def.minPlayers, input.maxSeats ?? def.maxPlayers));
    const bots = readBotOptions(input.botOptions ?? {}, maxSeats);
    const pace = readPaceOptions(input.paceOptions ?? {});
    if (!parsed.success || !bots.ok || !pace.ok) {
      return fail({
        code: 'bad_options',
        problems: [
          ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`)),
          ...(bots.ok ? [] : bots.problems),
          ...(pace.ok ? [] : pace.problems),
        ],
      });
    }
    const now = this.now();
    const busy = (table: TableRow): ServiceResult<TableSnapshot> =>
      fail({ code: 'channel_busy', tableId: table.id, game: table.game, status: table.status, boardMessageId: table.boardMessageId });
    let result: ServiceResult<TableSnapshot>;
    try {
      result = await this.store.transaction(async (tx): Promise<ServiceResult<TableSnapshot>> => {
        const open = await tx.openTableInChannel(input.channelId);
        if (open) return busy(open);
        const table = await tx.insertTable({
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
          deadlineAt: now + lobbyIdleMs(pace.options, LOBBY_IDLE_MS),
          recentEvents: [],
          tableOptions: { ...bots.options, ...pace.options },
        });
        await tx.insertSeat({ tableId: table.id, userId: input.host.userId, displayName: input.host.displayName, joinedAt: now });
        for (let n = 0; n < bots.seating.count; n++) await this.seatBot(tx, table.id, bots.seating.level, now);
        return ok(await this.snapshotOf(tx, table, await tx.seats(table.id)));
      });
    } catch (err) {
      // Another process opened a table in this channel between our check and our insert.
      if (!(err instanceof DuplicateKeyError)) throw err;
      const open = await this.store.openTableInChannel(input.channelId);
      if (!open) throw err;
      return busy(open);
    }
    if (result.ok) this.timers.arm(result.value.table);
    return result;
  }

  /**
   * Play again (README "Commands"): open a new lobby in the channel of finished table
   * `tableId` with the same game options, seat count, table options and language, `actor`
   * seated as host. Only from the table's own channel, by one of its players (or a member
   * with Manage Server), on a table that finished (cancelled and abandoned tables are not
   * replayed), while the channel has no open table (`channel_busy`, pointing at it — also
   * when another process opened one there at the same moment) and no table was opened there
   * since (`rematch_stale`: an old board) — so a double click opens one lobby (one
   * transaction; the second click finds the first one's lobby). `invited` are the previous
   * players to ping. Bots seated from the previous lobby are seated again at their levels.
   */
  async playAgain(tableId: number, actor: Actor): Promise<ServiceResult<RematchOutcome>> {
    const now = this.now();
    const busy = (table: TableRow): ServiceResult<RematchOutcome> =>
      fail({ code: 'channel_busy', tableId: table.id, game: table.game, status: table.status, boardMessageId: table.boardMessageId });
    let result: ServiceResult<RematchOutcome>;
    let channelId: string | undefined;
    try {
      result = await this.store.transaction(async (tx): Promise<ServiceResult<RematchOutcome>> => {
        const old = await tx.table(tableId);
        const refused = this.authorise(old, actor, true);
        if (refused || !old) return fail(refused ?? { code: 'no_table' });
        channelId = old.channelId;
        if (old.status !== 'finished') return fail({ code: 'not_finished', status: old.status });
        const players = (await tx.seats(tableId)).filter((row) => row.seat !== null);
        if (!players.some((row) => row.userId === actor.userId) && !actor.canManageGuild) return fail({ code: 'rematch_players_only', game: old.game });
        const open = await tx.openTableInChannel(old.channelId);
        if (open) return busy(open);
        const newer = await tx.newerTableInChannel(old.channelId, tableId);
        if (newer) return fail({ code: 'rematch_stale', newerTableId: newer.id, game: old.game });
        const def = this.definition(old);
        // Stored options were parsed when the table opened; parse again in case the game's options moved since.
        const options = def.optionsSchema.safeParse(old.options);
        if (!options.success) return fail({ code: 'bad_options', problems: options.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`) });
        const table = await tx.insertTable({
          guildId: old.guildId,
          channelId: old.channelId,
          game: old.game,
          status: 'lobby',
          hostUserId: actor.userId,
          options: options.data,
          maxSeats: old.maxSeats,
          // The same options (bot pace, table pace), without the old game's vacations.
          tableOptions: { ...tableOptionsOf(old.tableOptions), vacations: undefined },
          locale: old.locale,
          createdAt: now,
          updatedAt: now,
          deadlineAt: now + lobbyIdleMs(tableOptionsOf(old.tableOptions), LOBBY_IDLE_MS),
          recentEvents: [],
        });
        await tx.insertSeat({ tableId: table.id, userId: actor.userId, displayName: actor.displayName, joinedAt: now });
        // The bots seated from the lobby come back at their levels (README "AI players").
        for (const row of players) if (isBotUser(row.userId) && isBotSeat(row)) await this.seatBot(tx, table.id, row.botLevel as BotLevel, now);
        const invited = players.filter((row) => !row.left && row.botLevel === null && row.userId !== actor.userId).map((row) => row.userId);
        return ok({ snapshot: await this.snapshotOf(tx, table, await tx.seats(table.id)), invited });
      });
    } catch (err) {
      // Another process opened a table in this channel between our check and our insert.
      if (!(err instanceof DuplicateKeyError) || channelId === undefined) throw err;
      const open = await this.store.openTableInChannel(channelId);
      if (!open) throw err;
      return busy(open);
    }
    if (result.ok) this.timers.arm(result.value.snapshot.table);
    return result;
  }

  /** Remember the id of the table's public message (lobby, then board). */
  setBoardMessage(tableId: number, messageId: string | null): Promise<void> {
    return this.store.setMessageIds(tableId, { boardMessageId: messageId });
  }

  /** Remember that the board message now shows table `version`. */
  setBoardVersion(tableId: number, version: number): Promise<void> {
    return this.store.setMessageIds(tableId, { boardVersion: version });
  }

  /**
   * Open tables of this process's shards whose board does not show their latest state (the
   * bot stopped between a commit and the board edit), as changes to publish at start-up —
   * with a ping for whoever must act now, since that ping may be the one that was lost.
   * `candidates`: the ids of the tables to check (default: the open tables whose head says
   * their board is behind); each is read whole and kept only if its board is still behind.
   */
  async staleBoards(candidates?: readonly number[]): Promise<TableChange[]> {
    const stale = candidates ?? (await this.ownOpenTableHeads()).filter((head) => head.boardVersion < head.version).map((head) => head.id);
    const changes: TableChange[] = [];
    // Only these few are read whole (state, seats), in bulk; the check is repeated on the fresh rows.
    for (const snapshot of await this.snapshots(stale)) {
      const { table, pending } = snapshot;
      if ((table.status !== 'lobby' && table.status !== 'active') || table.boardVersion >= table.version) continue;
      const ping = pending ? pingFor(pending, snapshot.seats, isTurnBased(tableOptionsOf(table.tableOptions))) : [];
      changes.push({ tableId: table.id, snapshot, ping, ended: false, newDecision: pending !== null });
    }
    return changes;
  }

  /** Remember the id of the latest "your turn" ping message (to delete it later). */
  setPingMessage(tableId: number, messageId: string | null): Promise<void> {
    return this.store.setMessageIds(tableId, { pingMessageId: messageId });
  }

  /** Sit `actor` at a lobby. Refuses when already seated, full, or not a lobby. */
  join(tableId: number, actor: Actor): Promise<ServiceResult<TableSnapshot>> {
    return this.lobbyWrite(tableId, actor, async (tx, table, seats) => {
      if (seats.some((row) => row.userId === actor.userId)) return fail({ code: 'already_seated' });
      if (seats.length >= table.maxSeats) return fail({ code: 'table_full', max: table.maxSeats });
      await tx.insertSeat({ tableId, userId: actor.userId, displayName: actor.displayName, joinedAt: this.now() });
      return ok(undefined);
    });
  }

  /**
   * Leave a lobby. When the host leaves, the earliest remaining player becomes host; when
   * the last player leaves, the lobby is cancelled.
   */
  leaveLobby(tableId: number, actor: Actor): Promise<ServiceResult<TableSnapshot>> {
    return this.lobbyWrite(tableId, actor, async (tx, table, seats) => {
      if (!seats.some((row) => row.userId === actor.userId)) return fail({ code: 'not_seated' });
      await tx.deleteSeat(tableId, actor.userId);
      // Bots keep no lobby open on their own, and never become host.
      const rest = seats.filter((row) => row.userId !== actor.userId && !isBotSeat(row));
      if (rest.length === 0) return ok({ status: 'cancelled' as const, endedAt: this.now(), endReason: 'empty', deadlineAt: null });
      if (table.hostUserId === actor.userId) return ok({ hostUserId: rest[0]!.userId });
      return ok(undefined);
    });
  }

  /**
   * Seat an AI player of `level` at a lobby (host only; README "AI players": Add bot).
   * Refuses a full table (`table_full`) like a join.
   */
  addBot(tableId: number, actor: Actor, level: BotLevel): Promise<ServiceResult<TableSnapshot>> {
    return this.lobbyWrite(tableId, actor, async (tx, table, seats) => {
      if (table.hostUserId !== actor.userId) return fail({ code: 'host_only' });
      if (seats.length >= table.maxSeats) return fail({ code: 'table_full', max: table.maxSeats });
      await this.seatBot(tx, tableId, level, this.now());
      return ok(undefined);
    });
  }

  /** Take the bot seated as `botUserId` out of a lobby (host only; `not_bot` for anyone else's seat). */
  removeBot(tableId: number, actor: Actor, botUserId: string): Promise<ServiceResult<TableSnapshot>> {
    return this.lobbyWrite(tableId, actor, async (tx, table, seats) => {
      if (table.hostUserId !== actor.userId) return fail({ code: 'host_only' });
      const row = seats.find((candidate) => candidate.userId === botUserId);
      if (!row || !isBotSeat(row)) return fail({ code: 'not_bot' });
      await tx.deleteSeat(tableId, botUserId);
      return ok(undefined);
    });
  }

  /** Inside a lobby transaction: insert the seat row of a new bot of `level`. */
  private async seatBot(tx: StoreTx, tableId: number, level: BotLevel, now: number): Promise<void> {
    const identity = nextBotIdentity(await tx.seats(tableId));
    await tx.insertSeat({ tableId, ...identity, joinedAt: now, botLevel: level });
  }

  /**
   * Start a lobby (host only, at least the game's minimum players): seat order is the join
   * order shuffled with the game's seed, then the game is set up and any auto-play applied.
   */
  start(tableId: number, actor: Actor): Promise<ServiceResult<TableSnapshot>> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<TableSnapshot>> => {
        const locked = await this.lockFor(tx, tableId, actor, true, 'lobby');
        if (!locked.ok) return locked;
        const table = locked.value;
        if (table.hostUserId !== actor.userId) return fail({ code: 'host_only' });
        const def = this.definition(table);
        const joined = await tx.seats(tableId);
        if (joined.length < def.minPlayers) return fail({ code: 'too_few_players', min: def.minPlayers, have: joined.length });
        const seed = this.newSeed();
        const order = Rng.seeded(seed ^ 0x5eed).shuffle(joined);
        for (const [seat, row] of order.entries()) await tx.updateSeat(tableId, row.userId, { seat });
        const seated = order.map((row, seat) => ({ ...row, seat }));
        const hostSeat = order.findIndex((row) => row.userId === table.hostUserId);
        const state = def.setup(table.options, order.length, seed, { hostSeat });
        const now = this.now();
        return ok(await this.committer.commit(tx, def, table, seated, state, table.lastSeq, [], now, { patch: { status: 'active', seed, startedAt: now } }));
      },
      (result) => {
        if (result.ok) this.afterCommit(result.value, null);
      },
    );
  }

  /**
   * Cancel an open table (lobby or game): allowed for the host, or for a member with Manage
   * Server. A cancelled game is not rated. A host's cancel comes from the table's channel;
   * an admin's end (`reason` 'admin') from anywhere in the server.
   */
  cancel(tableId: number, actor: Actor, reason: 'cancelled' | 'admin' = 'cancelled'): Promise<ServiceResult<TableSnapshot>> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<TableSnapshot>> => {
        const locked = await this.lockFor(tx, tableId, actor, reason === 'cancelled');
        if (!locked.ok) return locked;
        const table = locked.value;
        if (table.status !== 'lobby' && table.status !== 'active') return fail({ code: 'table_closed', status: table.status });
        if (table.hostUserId !== actor.userId && !actor.canManageGuild) return fail({ code: 'host_or_manager_only' });
        const now = this.now();
        const updated = await tx.updateTable(tableId, table.version, {
          status: 'cancelled',
          endedAt: now,
          updatedAt: now,
          endReason: reason,
          endedBy: actor.userId,
          deadlineAt: null,
          deadlineStep: null,
        });
        return ok(await this.snapshotOf(tx, updated, await tx.seats(tableId)));
      },
      (result) => {
        if (!result.ok) return;
        this.timers.disarm(tableId);
        this.emit({ tableId, snapshot: result.value, ping: [], ended: true });
      },
    );
  }

  // ---------------------------------------------------------------- game

  /**
   * Apply a game action by `actor`, drawn for decision `step`. Refusals (not seated, stale
   * step, illegal now, malformed) change nothing in the game; a seated player's stale or
   * illegal click still counts as being present (an away seat comes back). On success the
   * new state, log row(s) and deadline are committed before the promise resolves.
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
   * an away seat comes back. Refuses a lobby (`not_active`) and non-players (`not_seated`);
   * a closed table is returned unchanged (its panel shows how the game ended). Reads the
   * table and its seats once; only a seat that comes back is written (in a transaction).
   */
  markPresent(tableId: number, actor: Actor): Promise<ServiceResult<PresenceOutcome>> {
    return this.queue.run(tableId, async () => {
      type Checked = { refusal: ServiceError } | { table: TableRow; seats: SeatRow[]; me: SeatRow };
      const check = async (reader: StoreReads, table: TableRow | undefined, read?: SeatRow[]): Promise<Checked> => {
        const refused = this.authorise(table, actor, false);
        if (refused || !table) return { refusal: refused ?? { code: 'no_table' } };
        if (table.status === 'lobby') return { refusal: { code: 'not_active' } };
        const seats = read ?? (await reader.seats(tableId));
        const me = seats.find((row) => row.userId === actor.userId);
        if (!me || me.seat === null) return { refusal: { code: 'not_seated' } };
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
      // The seat comes back from away, or opens its hand for the first time (README "Suspicion
      // notes": reaction windows stop waiting longer for it): write it, deciding again from the locked row.
      const result = await this.transact(async (tx) => {
        const locked = await check(tx, await tx.lockTable(tableId));
        if ('refusal' in locked) return fail<PresenceOutcome>(locked.refusal);
        let seats = locked.seats;
        let me = locked.me;
        if (firstLook(locked.table, me)) {
          seats = await this.patchSeat(tx, seats, me, { looked: true });
          me = { ...me, looked: true };
        }
        return ok(await this.present(tx, locked.table, seats, me));
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
        if (!me || me.seat === null) return fail({ code: 'not_seated' });
        if (me.left) return fail({ code: 'seat_left' });
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
   * (`not_seated`), an outdated step (`stale`) and an illegal action (`rule`); nothing changes then.
   */
  async botAct(tableId: number, seat: number, step: number, action: unknown): Promise<ServiceResult<ActOutcome>> {
    const result = await this.change(
      tableId,
      async (tx): Promise<ServiceResult<ActOutcome & { prev: Pending }>> => {
        const table = await tx.lockTable(tableId);
        if (!table) return fail({ code: 'no_table' });
        if (table.status !== 'active') return fail(wrongStatus(table, 'active'));
        const def = this.definition(table);
        const seats = await tx.seats(tableId);
        const row = seats.find((candidate) => candidate.seat === seat);
        if (!row || !isBotSeat(row)) return fail({ code: 'not_seated' });
        const prev = def.pending(table.state);
        if (prev.step !== step) return fail({ code: 'stale', action, echo: false, snapshot: await this.snapshotOf(tx, table, seats, prev) });
        const parsed = def.actionSchema.safeParse(action);
        if (!parsed.success) return fail({ code: 'malformed' });
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
   * left (ranked last, never back at this table). Refuses anyone but the host (`host_only`)
   * and a seat that is present or already a bot's (`not_replaceable`).
   */
  replaceWithBot(tableId: number, actor: Actor, seat: number, level: BotLevel = DEFAULT_BOT_LEVEL): Promise<ServiceResult<TableSnapshot>> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<TableSnapshot>> => {
        const locked = await this.lockFor(tx, tableId, actor, true, 'active');
        if (!locked.ok) return locked;
        const table = locked.value;
        if (table.hostUserId !== actor.userId) return fail({ code: 'host_only' });
        let seats = await tx.seats(tableId);
        const row = seats.find((candidate) => candidate.seat === seat);
        if (!row || isBotSeat(row) || (!row.left && !row.away)) return fail({ code: 'not_replaceable', seat });
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
   * 💡 Hint (README "AI players"; src/tables/hints.ts): what the Normal bot would play in
   * `actor`'s seat now, computed from that seat's own input (rebuilt from the seed and action
   * log), with its reason when the heuristic has one. Commits a public `$hint` event (the log
   * says who used a hint); the game state and deadline do not change. Refusals: `hints-off`
   * (a rated table opened without `hints`), `nothing-to-decide`, `not_seated`, `seat_left`,
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
        if (!me || me.seat === null || isBotSeat(me)) return fail({ code: 'not_seated' });
        if (me.left) return fail({ code: 'seat_left' });
        if (!hintsAllowed(seats, table.tableOptions)) return fail({ code: 'hints-off' });
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
        );
        const hint = hintFor(mod.bot, input);
        const used = { type: '$hint', seat: me.seat };
        const snapshot = await this.committer.commit(tx, def, table, seats, table.state, table.lastSeq, [used], this.now());
        return ok({ snapshot, seat: me.seat, ...hint });
      },
      (result) => {
        if (result.ok) this.afterCommit(result.value.snapshot, null);
      },
    );
  }

  /**
   * A vacation pause (README "Turn-based tables"; docs/turn-based.md "Vacation"): `actor`'s
   * clock stands still for `hours` (whole hours, 1..MAX_VACATION_HOURS) from now. When the
   * current decision waits for them, its deadline moves by exactly that much (only theirs: a
   * decision that waits for others only is not touched); a decision that opens for them
   * during the pause gets the rest of the pause added (`decisionMs`, src/tables/pace.ts).
   * Once per seat and game, at an active turn-based table. Refusals: `bad_vacation`,
   * `not_turn_based`, `vacation_used`, `not_seated`, `seat_left`, and the table's status.
   */
  takeVacation(tableId: number, actor: Actor, hours: number): Promise<ServiceResult<TableSnapshot>> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<TableSnapshot>> => {
        if (!Number.isInteger(hours) || hours < 1 || hours > MAX_VACATION_HOURS) return fail({ code: 'bad_vacation', max: MAX_VACATION_HOURS });
        const locked = await this.lockFor(tx, tableId, actor, false, 'active');
        if (!locked.ok) return locked;
        const table = locked.value;
        const options = tableOptionsOf(table.tableOptions);
        if (!isTurnBased(options)) return fail({ code: 'not_turn_based' });
        let seats = await tx.seats(tableId);
        const me = seats.find((row) => row.userId === actor.userId);
        if (!me || me.seat === null) return fail({ code: 'not_seated' });
        if (me.left) return fail({ code: 'seat_left' });
        const taken = options.vacations?.[String(me.seat)];
        if (taken) return fail({ code: 'vacation_used', until: taken.until });
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

  // ---------------------------------------------------------------- deadlines

  /**
   * Apply what a passed deadline means: the lobby closes, or each seat still to act gets
   * the game's default action (`playDeadline`; seats that miss turn/vote deadlines
   * AWAY_AFTER_MISSED times in a row are marked away). Decided under the table's row lock
   * from the stored deadline: does nothing (but re-arm) if it moved meanwhile — e.g. because
   * another process fired it first. Called by the timers; public for tests and recovery.
   */
  async fireDeadline(tableId: number): Promise<void> {
    if (this.timers.isStopped) return;
    const now = this.now();
    type Fired = { kind: 'fired'; snapshot: TableSnapshot; prev: Pending | null } | { kind: 'rearm'; table: TableRow | undefined };
    await this.change(
      tableId,
      async (tx): Promise<Fired> => {
        const table = await tx.lockTable(tableId);
        if (!table || table.deadlineAt === null || table.deadlineAt > now) return { kind: 'rearm', table };
        if (table.status === 'lobby') {
          const updated = await tx.updateTable(tableId, table.version, {
            status: 'cancelled',
            endedAt: now,
            updatedAt: now,
            endReason: 'expired',
            deadlineAt: null,
          });
          return { kind: 'fired', snapshot: await this.snapshotOf(tx, updated, await tx.seats(tableId)), prev: null };
        }
        if (table.status !== 'active') return { kind: 'rearm', table };
        const def = this.definition(table);
        let seats = await tx.seats(tableId);
        const due = def.pending(table.state);
        if (due.kind === 'over' || due.step !== table.deadlineStep) {
          // The deadline belongs to an older decision: just re-arm for the current one.
          const updated = await tx.updateTable(tableId, table.version, deadlineFor(due, null, now, seats, table.tableOptions));
          return { kind: 'fired', snapshot: { table: updated, seats, pending: due, results: [], events: [] }, prev: due };
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
          await tx.appendAction({ tableId, seq, seat: move.seat, userId: row?.userId ?? null, kind: 'timeout', action: move.action, at: now });
          events.push(...(counts ? [{ type: '$timeout', seat: move.seat }] : []), ...move.events);
          if (counts && row && !row.left && !isBotSeat(row)) {
            const missed = row.missed + 1;
            seats = await this.patchSeat(tx, seats, row, { missed, away: row.away || missed >= AWAY_AFTER_MISSED });
          }
        }
        const snapshot = await this.committer.commit(tx, def, table, seats, driven.state, seq, events, now, { pending: driven.pending });
        return { kind: 'fired', snapshot: await this.endIfAbandoned(tx, snapshot, now), prev: due };
      },
      (fired) => {
        if (fired.kind === 'rearm') {
          if (fired.table) this.timers.arm(fired.table);
          return;
        }
        if (fired.snapshot.pending === null) {
          this.timers.disarm(tableId);
          this.emit({ tableId, snapshot: fired.snapshot, ping: [], ended: true });
        } else {
          this.afterCommit(fired.snapshot, fired.prev);
        }
      },
    );
  }

  /**
   * Start-up recovery (README "Restarts"): re-arm the deadline of every open table of this
   * process's shards (all open tables without a shard filter). A game decision whose
   * deadline passed before `readyAt` (Unix ms: when this process became ready) gets a new
   * one — `readyAt` + `restartGraceMs` (src/tables/pace.ts: min(its own timeout, RESTART_GRACE_MS) live, a quarter of its time turn-based) — and a `$restarted` event for
   * the board, in one commit per table: nobody could click while the bot was down, so the
   * downtime counts against no one. An idle lobby whose time ran out closes as usual.
   * Resolves with the ids of the tables found. `heads`: this process's open tables as just
   * read by `ownOpenTableHeads` (read here when absent).
   */
  async recover(readyAt: number = this.now(), heads?: OpenTableHead[]): Promise<number[]> {
    // Heads only (no game state): arming a timer needs the id, status and deadline.
    const tables = heads ?? (await this.ownOpenTableHeads());
    const late: OpenTableHead[] = [];
    for (const table of tables) {
      if (lateAfterRestart(table, readyAt)) late.push(table);
      else this.timers.arm(table);
    }
    let next = 0;
    const worker = async () => {
      while (next < late.length) {
        const table = late[next++]!;
        try {
          await this.extendAfterRestart(table.id, readyAt);
        } catch (err) {
          // Left to its timer: it fires at once and plays the default move.
          this.log.error({ err, table: table.id }, 'could not extend a deadline after the restart');
          this.timers.arm(table);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(RECOVERY_CONCURRENCY, late.length) }, worker));
    return tables.map((table) => table.id);
  }

  /** Give the decision of a table whose deadline passed while the bot was down a fresh deadline (re-checked under its row lock). */
  private extendAfterRestart(tableId: number, readyAt: number): Promise<TableRow | undefined> {
    return this.change(
      tableId,
      async (tx): Promise<TableRow | undefined> => {
        const table = await tx.lockTable(tableId);
        if (!table || table.status !== 'active' || table.deadlineAt === null || table.deadlineAt >= readyAt) return table;
        const pending = this.definition(table).pending(table.state);
        if (pending.kind === 'over') return table;
        const deadlineAt = readyAt + restartGraceMs(pending, tableOptionsOf(table.tableOptions), RESTART_GRACE_MS);
        const restarted = { type: '$restarted', until: deadlineAt };
        this.log.info({ table: table.id, missedBy: readyAt - table.deadlineAt, deadlineAt }, 'deadline passed while the bot was down: extended');
        return tx.updateTable(table.id, table.version, {
          deadlineAt,
          deadlineStep: pending.step,
          updatedAt: readyAt,
          recentEvents: keepRecent(table.recentEvents as StoredEvent[], [restarted], table.version + 1),
        });
      },
      (table) => {
        if (table) this.timers.arm(table);
      },
    );
  }

  /**
   * Stop every timer (shutdown) and wait for the changes already running or queued to
   * commit. The database keeps the deadlines for the next start.
   */
  async stop(): Promise<void> {
    this.timers.stop();
    await this.queue.idle();
  }

  /** Number of tables with an armed deadline timer in this process. */
  get armedDeadlines(): number {
    return this.timers.armed;
  }

  // ---------------------------------------------------------------- internals

  /** Which open tables this process owns: its shards' guilds, or every table. */
  private ownTables(): { shard?: ShardFilter } {
    return this.shard ? { shard: this.shard } : {};
  }

  /** Run `body` as one store transaction, again from a fresh read when another writer won (VersionConflictError). */
  private async transact<T>(body: (tx: StoreTx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.transaction(body);
      } catch (err) {
        if (!(err instanceof VersionConflictError) || attempt >= MAX_CHANGE_ATTEMPTS) throw err;
        this.log.info({ table: err.tableId, attempt }, 'another writer changed the table first: deciding again');
      }
    }
  }

  /**
   * One change of table `tableId`: in the table's queue, as one transaction (`transact`),
   * then `after` with the committed value — still in the queue, so listeners receive a
   * table's changes in commit order, before the caller answers its interaction.
   */
  private change<T>(tableId: number, body: (tx: StoreTx) => Promise<T>, after: (value: T) => void): Promise<T> {
    return this.queue.run(tableId, async () => {
      const value = await this.transact(body);
      after(value);
      return value;
    });
  }

  /** A snapshot of `table` as read (no change events); loads the results of a finished table. */
  private async snapshotOf(reader: StoreReads, table: TableRow, seats: SeatRow[], pending?: Pending): Promise<TableSnapshot> {
    return {
      table,
      seats,
      pending: pending ?? (table.state ? this.definition(table).pending(table.state) : null),
      results: table.status === 'finished' ? await reader.results(table.id) : [],
      events: [],
    };
  }

  /**
   * The prefix of every table change: lock `tableId` in `tx`, check that `actor` may reach it
   * (`authorise`; `sameChannel` as there) and, when `status` is given, that the table is in
   * that status. The locked row, or the refusal: `no_table`, `other_channel`, `not_lobby` /
   * `not_active`, or `table_closed` with the table's status.
   */
  private async lockFor(tx: StoreTx, tableId: number, actor: Actor, sameChannel: boolean, status?: 'lobby' | 'active'): Promise<ServiceResult<TableRow>> {
    const table = await tx.lockTable(tableId);
    const refused = this.authorise(table, actor, sameChannel);
    if (refused || !table) return fail(refused ?? { code: 'no_table' });
    if (status !== undefined && table.status !== status) return fail(wrongStatus(table, status));
    return ok(table);
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
  private async endIfAbandoned(tx: StoreTx, snapshot: TableSnapshot, now: number): Promise<TableSnapshot> {
    const { table, seats } = snapshot;
    if (table.status !== 'active' || seats.some(isPresent)) return snapshot;
    const lastMoveAt = (await tx.lastPlayerActionAt(table.id)) ?? table.startedAt ?? table.createdAt;
    if (!isAbandoned(seats, lastMoveAt, now)) return snapshot;
    this.log.info({ table: table.id, lastMoveAt }, 'table abandoned: every player away');
    return { ...snapshot, table: await this.abandon(tx, table, now) };
  }

  /** Inside a transaction: close `table` as cancelled with end reason `abandoned` (not rated). */
  private abandon(tx: StoreTx, table: TableRow, now: number): Promise<TableRow> {
    return tx.updateTable(table.id, table.version, {
      status: 'cancelled',
      endedAt: now,
      updatedAt: now,
      endReason: ABANDONED_REASON,
      deadlineAt: null,
      deadlineStep: null,
    });
  }

  /** Store a patch of one seat row and return the seat list with it applied (no re-read). */
  private async patchSeat(tx: StoreTx, seats: SeatRow[], row: SeatRow, patch: Partial<SeatRow>): Promise<SeatRow[]> {
    await tx.updateSeat(row.tableId, row.userId, patch);
    return seats.map((candidate) => (candidate.userId === row.userId ? { ...candidate, ...patch } : candidate));
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
        if (refused || !table) return refuse(refused ?? { code: 'no_table' });
        const def = this.definition(table);
        // The one decoding and check of the action per click: the codec validates with the
        // action schema; a raw action (tools, tests) is checked against the same schema.
        const action = 'code' in input ? def.decodeAction(input.code) : parsedAction(def, input.action);
        if (action === null) return refuse({ code: 'malformed' });
        if (table.status !== 'active') return refuse(wrongStatus(table, 'active'));
        let seats = await tx.seats(tableId);
        const me = seats.find((row) => row.userId === actor.userId);
        if (!me || me.seat === null) return refuse({ code: 'not_seated' });
        if (me.left) return refuse({ code: 'seat_left' });
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

  /** Run a lobby mutation with the common checks; bumps activity and the idle deadline. */
  private lobbyWrite(
    tableId: number,
    actor: Actor,
    mutate: (tx: StoreTx, table: TableRow, seats: SeatRow[]) => Promise<ServiceResult<Partial<TableRow> | undefined>>,
  ): Promise<ServiceResult<TableSnapshot>> {
    return this.change(
      tableId,
      async (tx): Promise<ServiceResult<TableSnapshot>> => {
        const locked = await this.lockFor(tx, tableId, actor, true, 'lobby');
        if (!locked.ok) return locked;
        const table = locked.value;
        const inner = await mutate(tx, table, await tx.seats(tableId));
        if (!inner.ok) return inner as ServiceResult<TableSnapshot>;
        const now = this.now();
        const updated = await tx.updateTable(tableId, table.version, {
          updatedAt: now,
          deadlineAt: now + lobbyIdleMs(tableOptionsOf(table.tableOptions), LOBBY_IDLE_MS),
          ...inner.value,
        });
        return ok(await this.snapshotOf(tx, updated, await tx.seats(tableId)));
      },
      (result) => {
        if (!result.ok) return;
        const ended = result.value.table.status !== 'lobby';
        if (ended) this.timers.disarm(tableId);
        else this.timers.arm(result.value.table);
        this.emit({ tableId, snapshot: result.value, ping: [], ended });
      },
    );
  }

  /** After a game commit: re-arm the timer and tell listeners (with whom to ping). */
  private afterCommit(snapshot: TableSnapshot, prev: Pending | null): void {
    const { table, seats, pending } = snapshot;
    const ended = table.status !== 'active';
    if (ended) this.timers.disarm(table.id);
    else this.timers.arm(table);
    const opened = pending !== null && pending.step !== prev?.step;
    const ping = !ended && opened ? pingFor(pending, seats, isTurnBased(tableOptionsOf(table.tableOptions))) : [];
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

/** `action` checked against the game's action schema: the action, or null when it is malformed. */
function parsedAction(def: AnyGameDefinition, action: unknown): unknown {
  const parsed = def.actionSchema.safeParse(action);
  return parsed.success ? parsed.data : null;
}
