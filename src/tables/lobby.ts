/**
 * The lobby (src/tables/service.ts; README "Commands"): open a table, join and leave, seat and
 * remove bots, start, cancel, and Play again. Each write is one change of the table (its queue,
 * its row lock, one transaction) and re-arms the lobby's idle deadline.
 */
import type { BotLevel } from '../games/bot.js';
import type { GameModule } from '../games/module.js';
import { Rng } from '../games/rng.js';
import { DuplicateKeyError } from '../persistence/store/errors.js';
import type { SeatRow, StoreTx, TableRow } from '../persistence/store/types.js';
import { isBotUser, nextBotIdentity, readBotOptions, tableOptionsOf } from './bots.js';
import { fail, ok, TablePart } from './core.js';
import { lobbyIdleMs, readPaceOptions } from './pace.js';
import { readSpectatorOptions, type SpectatorDefaults } from './spectators.js';
import { newcomersAt } from './lesson-rules.js';
import { isBotSeat } from './policy.js';
import type { Actor, RematchOutcome, ServiceResult, TableSnapshot } from './types.js';

/** A lobby without activity for this long is closed (README "Commands"), in ms. */
export const LOBBY_IDLE_MS = 30 * 60 * 1000;

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
  /**
   * The spectator options of `/<game> new` as typed (docs/watching.md): `spectators`, `delay`
   * (moves) and `seeHands`, over the server's defaults `spectatorDefaults` (`/admin settings`);
   * checked by `readSpectatorOptions` (src/tables/spectators.ts).
   */
  spectatorOptions?: { spectators?: unknown; delay?: unknown; seeHands?: unknown };
  spectatorDefaults?: SpectatorDefaults;
}

/** A table's options as `createTable` reads them (TableLobby.readOptions). */
interface ReadOptions {
  mod: GameModule;
  parsed: unknown;
  maxSeats: number;
  bots: Extract<ReturnType<typeof readBotOptions>, { ok: true }>;
  pace: Extract<ReturnType<typeof readPaceOptions>, { ok: true }>;
  spectators: Extract<ReturnType<typeof readSpectatorOptions>, { ok: true }>;
}

/** Lobbies: from opening a table to its start or cancellation. */
export class TableLobby extends TablePart {
  /**
   * Check the options of a table before opening it (`bad-options`, one line per problem;
   * `unknown-game`), changing nothing: `/<game> new thread:` asks before it opens the thread
   * the table would live in, so a mistyped option leaves no empty thread behind.
   */
  checkOptions(input: Omit<CreateTableInput, 'guildId' | 'channelId' | 'host'>): ServiceResult<void> {
    const read = this.readOptions(input);
    return read.ok ? ok(undefined) : read;
  }

  /** `input`'s options parsed: the game's by its schema, the table's by src/tables/bots.ts, src/tables/pace.ts and src/tables/spectators.ts. */
  private readOptions(input: Omit<CreateTableInput, 'guildId' | 'channelId' | 'host'>): ServiceResult<ReadOptions> {
    const mod = this.registry.find(input.game);
    if (!mod) return fail({ code: 'unknown-game' });
    const def = mod.definition;
    const parsed = def.optionsSchema.safeParse(input.options);
    const maxSeats = Math.min(def.maxPlayers, Math.max(def.minPlayers, input.maxSeats ?? def.maxPlayers));
    const bots = readBotOptions(input.botOptions ?? {}, maxSeats);
    const pace = readPaceOptions(input.paceOptions ?? {});
    const spectators = readSpectatorOptions(input.spectatorOptions ?? {}, input.spectatorDefaults ?? {});
    if (!parsed.success || !bots.ok || !pace.ok || !spectators.ok) {
      return fail({
        code: 'bad-options',
        problems: [
          ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`)),
          ...(bots.ok ? [] : bots.problems),
          ...(pace.ok ? [] : pace.problems),
          ...(spectators.ok ? [] : spectators.problems),
        ],
      });
    }
    return ok({ mod, parsed: parsed.data, maxSeats, bots, pace, spectators });
  }

  /**
   * Open a lobby in a channel with the host seated. Refuses when the channel already has an
   * open table (`channel-busy`, pointing at it — also when another process opened one there
   * at the same moment) or the options are invalid (`bad-options`, one line per problem).
   */
  async createTable(input: CreateTableInput): Promise<ServiceResult<TableSnapshot>> {
    const read = this.readOptions(input);
    if (!read.ok) return read;
    const { mod, parsed, maxSeats, bots, pace, spectators } = read.value;
    const now = this.now();
    const busy = (table: TableRow): ServiceResult<TableSnapshot> =>
      fail({ code: 'channel-busy', tableId: table.id, game: table.game, status: table.status, boardMessageId: table.boardMessageId });
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
          options: parsed,
          maxSeats,
          createdAt: now,
          updatedAt: now,
          deadlineAt: now + lobbyIdleMs(pace.options, LOBBY_IDLE_MS),
          recentEvents: [],
          tableOptions: { ...bots.options, ...pace.options, ...spectators.options },
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
   * replayed), while the channel has no open table (`channel-busy`, pointing at it — also
   * when another process opened one there at the same moment) and no table was opened there
   * since (`rematch-stale`: an old board) — so a double click opens one lobby (one
   * transaction; the second click finds the first one's lobby). `invited` are the previous
   * players to ping. Bots seated from the previous lobby are seated again at their levels.
   */
  async playAgain(tableId: number, actor: Actor): Promise<ServiceResult<RematchOutcome>> {
    const now = this.now();
    const busy = (table: TableRow): ServiceResult<RematchOutcome> =>
      fail({ code: 'channel-busy', tableId: table.id, game: table.game, status: table.status, boardMessageId: table.boardMessageId });
    let result: ServiceResult<RematchOutcome>;
    let channelId: string | undefined;
    try {
      result = await this.store.transaction(async (tx): Promise<ServiceResult<RematchOutcome>> => {
        const old = await tx.table(tableId);
        const refused = this.authorise(old, actor, true);
        if (refused || !old) return fail(refused ?? { code: 'no-table' });
        channelId = old.channelId;
        if (old.status !== 'finished') return fail({ code: 'not-finished', status: old.status });
        const players = (await tx.seats(tableId)).filter((row) => row.seat !== null);
        if (!players.some((row) => row.userId === actor.userId) && !actor.canManageGuild) return fail({ code: 'rematch-players-only', game: old.game });
        const open = await tx.openTableInChannel(old.channelId);
        if (open) return busy(open);
        const newer = await tx.newerTableInChannel(old.channelId, tableId);
        if (newer) return fail({ code: 'rematch-stale', newerTableId: newer.id, game: old.game });
        const def = this.definition(old);
        // Stored options were parsed when the table opened; parse again in case the game's options moved since.
        const options = def.optionsSchema.safeParse(old.options);
        if (!options.success) return fail({ code: 'bad-options', problems: options.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`) });
        const table = await tx.insertTable({
          guildId: old.guildId,
          channelId: old.channelId,
          game: old.game,
          status: 'lobby',
          hostUserId: actor.userId,
          options: options.data,
          maxSeats: old.maxSeats,
          // The same options (bot pace, table pace, spectators), without the old game's vacations —
          // nor its tournament link: a rematch is a friendly game (docs/tournaments.md).
          tableOptions: { ...tableOptionsOf(old.tableOptions), vacations: undefined, tournament: undefined, unrated: undefined, newcomers: undefined },
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

  /**
   * Run `post` — the caller posting a new lobby's message as its answer and storing that
   * message's id (`/<game> new`, Play again) — in table `tableId`'s queue, before any change of
   * the table asked for meanwhile. A Join clicked the moment the lobby appears (its answer still
   * on the way back to the bot, the id not stored yet) then commits after the id is stored: its
   * snapshot carries it, and the publisher edits that lobby rather than posting a second one
   * beside it (whose first would keep Start disabled). Resolves or rejects as `post` does.
   */
  whilePosting<T>(tableId: number, post: () => Promise<T>): Promise<T> {
    return this.queue.run(tableId, post);
  }

  /** Sit `actor` at a lobby. Refuses when already seated, full, or not a lobby. */
  join(tableId: number, actor: Actor): Promise<ServiceResult<TableSnapshot>> {
    return this.lobbyWrite(tableId, actor, async (tx, table, seats) => {
      if (seats.some((row) => row.userId === actor.userId)) return fail({ code: 'already-seated' });
      if (seats.length >= table.maxSeats) return fail({ code: 'table-full', max: table.maxSeats });
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
      if (!seats.some((row) => row.userId === actor.userId)) return fail({ code: 'not-seated' });
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
   * Refuses a full table (`table-full`) like a join.
   */
  addBot(tableId: number, actor: Actor, level: BotLevel): Promise<ServiceResult<TableSnapshot>> {
    return this.lobbyWrite(tableId, actor, async (tx, table, seats) => {
      if (table.hostUserId !== actor.userId) return fail({ code: 'host-only' });
      if (seats.length >= table.maxSeats) return fail({ code: 'table-full', max: table.maxSeats });
      await this.seatBot(tx, tableId, level, this.now());
      return ok(undefined);
    });
  }

  /** Take the bot seated as `botUserId` out of a lobby (host only; `not-bot` for anyone else's seat). */
  removeBot(tableId: number, actor: Actor, botUserId: string): Promise<ServiceResult<TableSnapshot>> {
    return this.lobbyWrite(tableId, actor, async (tx, table, seats) => {
      if (table.hostUserId !== actor.userId) return fail({ code: 'host-only' });
      const row = seats.find((candidate) => candidate.userId === botUserId);
      if (!row || !isBotSeat(row)) return fail({ code: 'not-bot' });
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
        if (table.hostUserId !== actor.userId) return fail({ code: 'host-only' });
        const def = this.definition(table);
        const joined = await tx.seats(tableId);
        if (joined.length < def.minPlayers) return fail({ code: 'too-few-players', min: def.minPlayers, have: joined.length });
        const seed = this.newSeed();
        const order = Rng.seeded(seed ^ 0x5eed).shuffle(joined);
        for (const [seat, row] of order.entries()) await tx.updateSeat(tableId, row.userId, { seat });
        const seated = order.map((row, seat) => ({ ...row, seat }));
        const hostSeat = order.findIndex((row) => row.userId === table.hostUserId);
        const state = def.setup(table.options, order.length, seed, { hostSeat });
        const now = this.now();
        // Who is new to this game or to a variant it plays (docs/lessons.md "First table of a game").
        const humans = seated.filter((row) => !isBotSeat(row)).map((row) => ({ seat: row.seat, userId: row.userId }));
        const humanIds = humans.map((row) => row.userId);
        const finished = await tx.finishedGamesOf(table.guildId, table.game, humanIds);
        const learned = await tx.finishedLessonsOf(table.guildId, table.game, humanIds);
        const newcomers = newcomersAt(this.registry.get(table.game).lesson, table.options, seated.length, humans, finished, learned);
        const tableOptions = { ...tableOptionsOf(table.tableOptions), newcomers: newcomers.length > 0 ? newcomers : undefined };
        return ok(await this.committer.commit(tx, def, table, seated, state, table.lastSeq, [], now, { patch: { status: 'active', seed, startedAt: now, tableOptions } }));
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
        if (table.status !== 'lobby' && table.status !== 'active') return fail({ code: 'table-closed', status: table.status });
        if (table.hostUserId !== actor.userId && !actor.canManageGuild) return fail({ code: 'host-or-manager-only' });
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
}
