/**
 * The tournament service (docs/tournaments.md "Running a tournament"): the only writer of
 * tournaments. Sign-up, start, rounds (paired by src/tournaments/pairing.ts, their tables
 * opened already started through the table service), the record of each table's end, the
 * round's deadline, withdrawals and late entries, the end and cancellation — every change one
 * transaction on the tournament's row (locked, written with the version it read) and one row
 * of its log (`/tournament log`).
 *
 * Durable like a table (docs/architecture.md §4, §7): everything is stored before anyone is
 * told; a round is opened in steps that each commit (the pairing; a thread per table; the
 * tables), and `recover` finishes whatever a stopped process left half done — from the
 * stored rows, on whichever process owns the tournament's guild — and re-arms the round's
 * deadline. The pairing is deterministic from the stored seed, so it can be re-checked.
 */
import { randomInt } from 'node:crypto';
import type { GameRegistry } from '../games/registry.js';
import type { Logger } from '../logger.js';
import { DuplicateKeyError, VersionConflictError } from '../persistence/store/errors.js';
import type { ShardFilter, Store, StoreTx, TournamentLogRow, TournamentPatch, TournamentRow } from '../persistence/store/types.js';
import { tableOptionsOf, type TableOptions } from '../tables/bots.js';
import type { SpectatorDefaults } from '../tables/spectators.js';
import { MAX_CHANGE_ATTEMPTS } from '../tables/core.js';
import { HOUR_MS } from '../tables/pace.js';
import { TableQueue } from '../tables/queue.js';
import { RESTART_GRACE_MS, type TableService } from '../tables/service.js';
import type { Actor, TableChange, TableListener, TableSnapshot } from '../tables/types.js';
import { activeIn, minEntrants, parseTournament, readSettings, type SettingsInput, type StoredRound, type Tournament } from './model.js';
import { swissPairing } from './pairing.js';
import { standings, type RoundOutcome, type Standing } from './standings.js';

/** Where a tournament's tables live: the Discord wing makes a thread per table. */
export interface TournamentVenues {
  /**
   * A channel for table `table` of round `round` of `tournament` (a new thread of the
   * tournament's channel), which has no open table. Rejects when none can be made.
   */
  tableChannel(tournament: Tournament, round: number, table: number): Promise<string>;
}

/** Who asks: a member, and whether they may organise tournaments here (Manage Server or the server's tournament role). */
export interface TournamentActor extends Actor {
  canOrganise: boolean;
}

/** A refusal of the tournament service: nothing changed. */
export type TournamentError =
  | { code: 'no-tournament' }
  | { code: 'unknown-game' }
  | { code: 'bad-settings'; problems: string[] }
  | { code: 'channel-busy'; tournamentId: number }
  | { code: 'organiser-only' }
  | { code: 'closed'; status: TournamentRow['status'] }
  | { code: 'not-signup' }
  | { code: 'already-entered' }
  | { code: 'full'; max: number }
  | { code: 'not-entered' }
  | { code: 'already-withdrawn' }
  | { code: 'late-join-closed'; until: number }
  | { code: 'too-few'; min: number; have: number };

/** A tournament result or a refusal. */
export type TournamentResult<T> = { ok: true; value: T } | { ok: false; error: TournamentError };

/** What a change did, for the Discord wing (posts, standings pictures). */
export type TournamentChangeKind = 'opened' | 'joined' | 'left' | 'started' | 'round-started' | 'table-ended' | 'round-ended' | 'finished' | 'cancelled' | 'stalled';

/** A committed change of a tournament. */
export interface TournamentChange {
  tournament: Tournament;
  kind: TournamentChangeKind;
  /** The round it concerns (round-started, table-ended, round-ended). */
  round?: number;
  /** The standings after it (round-ended, finished). */
  standings?: Standing[];
}

/** Receives every committed change of a tournament, in commit order. Must not block. */
export interface TournamentListener {
  tournamentChanged(change: TournamentChange): void;
}

/** Dependencies of the tournament service. */
export interface TournamentServiceDeps {
  store: Store;
  registry: GameRegistry;
  tables: TableService;
  venues: TournamentVenues;
  logger: Logger;
  /** Current time, Unix ms. */
  now?: () => number;
  /** A fresh 32-bit seed. */
  newSeed?: () => number;
  /** The shards this process serves (as the table service's). */
  shard?: ShardFilter;
}

/** Input of `create`. */
export interface CreateTournamentInput {
  guildId: string;
  channelId: string;
  game: string;
  name: string;
  organiser: TournamentActor;
  /** The game's options for every table, as typed. */
  options: Record<string, unknown>;
  settings: SettingsInput;
  /** The server's watching defaults (`/admin settings`), for the settings not given. */
  spectatorDefaults?: SpectatorDefaults;
  locale?: string | null;
}

const ok = <T>(value: T): TournamentResult<T> => ({ ok: true, value });
const fail = <T>(error: TournamentError): TournamentResult<T> => ({ ok: false, error });

/** One log row to append with a change (its seq and time are filled in). */
interface LogEntry {
  kind: string;
  by?: string | null;
  data?: unknown;
}

/**
 * The outcome reason of a round table that never opened (no thread could be made for it by the
 * round's deadline): no seats, and its entrants have a bye for the round (docs/tournaments.md
 * "Running a tournament").
 */
export const NOT_OPENED = 'not-opened';

/** setTimeout's maximum delay (ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The standings of a tournament from every table outcome stored so far (docs/tournaments.md "Standings"). */
export function standingsOf(tournament: Pick<Tournament, 'entrants' | 'rounds' | 'settings'>): Standing[] {
  const rounds: RoundOutcome[] = tournament.rounds.map((round) => ({
    round: round.round,
    byes: round.byes,
    tables: round.tables.filter((table) => table.outcome).map((table) => ({ seats: table.outcome!.seats.map((seat) => ({ id: seat.id, placement: seat.placement, left: seat.left })) })),
  }));
  const entrants = tournament.entrants.map((entrant) => ({ id: entrant.userId, withdrawn: entrant.withdrawnFrom !== null }));
  return standings(entrants, rounds, tournament.settings.seats);
}

/**
 * The pairing of round `round` of `tournament` (docs/tournaments.md "Pairing"): its active
 * entrants with their points, byes and opponents from the rounds before, paired with the
 * stored seed. Pure: the same stored tournament gives the same pairing (re-checkable).
 */
export function pairRound(tournament: Pick<Tournament, 'entrants' | 'rounds' | 'settings' | 'seed'>, round: number) {
  const before = { ...tournament, rounds: tournament.rounds.filter((stored) => stored.round < round) };
  const points = new Map(standingsOf(before).map((line) => [line.id, line.points]));
  const byes = new Map<string, number>();
  const met = new Map<string, string[]>();
  for (const stored of before.rounds) {
    for (const id of stored.byes) byes.set(id, (byes.get(id) ?? 0) + 1);
    for (const table of stored.tables) {
      // A table that never opened was no meeting (its players had a bye instead).
      if (table.outcome?.reason === NOT_OPENED) continue;
      for (const id of table.players) met.set(id, [...(met.get(id) ?? []), ...table.players.filter((other) => other !== id)]);
    }
  }
  const players = activeIn(tournament.entrants, round).map((entrant) => ({
    id: entrant.userId,
    points: points.get(entrant.userId) ?? 0,
    byes: byes.get(entrant.userId) ?? 0,
    met: met.get(entrant.userId) ?? [],
  }));
  return swissPairing({ players, tableSize: tournament.settings.seats, emptySeats: tournament.settings.emptySeats, seed: tournament.seed, round });
}

/** The tournament service. One per process and store. */
export class TournamentService implements TableListener {
  private readonly store: Store;
  private readonly registry: GameRegistry;
  private readonly tables: TableService;
  private readonly venues: TournamentVenues;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly newSeed: () => number;
  private readonly shard: ShardFilter | undefined;
  private readonly queue = new TableQueue();
  private readonly listeners: TournamentListener[] = [];
  private readonly timers = new Map<number, NodeJS.Timeout>();
  /** Records started by tables' ends, still running. */
  private readonly background = new Set<Promise<void>>();
  private stopped = false;

  constructor(deps: TournamentServiceDeps) {
    this.store = deps.store;
    this.registry = deps.registry;
    this.tables = deps.tables;
    this.venues = deps.venues;
    this.log = deps.logger;
    this.now = deps.now ?? Date.now;
    this.newSeed = deps.newSeed ?? (() => randomInt(0, 2 ** 31 - 1));
    this.shard = deps.shard;
    deps.tables.addListener(this);
  }

  /** Subscribe to committed changes. */
  addListener(listener: TournamentListener): void {
    this.listeners.push(listener);
  }

  // ---------------------------------------------------------------- reads

  /** The tournament with `id`, parsed, or undefined. */
  async get(id: number): Promise<Tournament | undefined> {
    const row = await this.store.tournament(id);
    return row ? parseTournament(row) : undefined;
  }

  /** The open tournament of a channel (signing up or running), parsed, or undefined. */
  async openInChannel(channelId: string): Promise<Tournament | undefined> {
    const row = await this.store.openTournamentInChannel(channelId);
    return row ? parseTournament(row) : undefined;
  }

  /** The open tournaments of a guild, parsed, by id. */
  async openInGuild(guildId: string): Promise<Tournament[]> {
    return (await this.store.openTournaments({ guildId })).map(parseTournament);
  }

  /** The newest `limit` rows of a tournament's log (all when absent), by seq. */
  logOf(id: number, limit?: number): Promise<TournamentLogRow[]> {
    return this.store.tournamentLog(id, limit);
  }

  // ---------------------------------------------------------------- sign-up

  /**
   * Open a tournament for sign-up in a channel (the organiser does not enter by opening it).
   * Refuses a member who may not organise (`organiser-only`), an unknown game, bad settings or
   * game options (`bad-settings`, one line per problem), and a channel that already has an
   * open tournament (`channel-busy`).
   */
  async create(input: CreateTournamentInput): Promise<TournamentResult<Tournament>> {
    if (!input.organiser.canOrganise) return fail({ code: 'organiser-only' });
    const mod = this.registry.find(input.game);
    if (!mod) return fail({ code: 'unknown-game' });
    const def = mod.definition;
    const settings = readSettings(input.settings, def, input.spectatorDefaults ?? {});
    const options = def.optionsSchema.safeParse(input.options);
    if (!settings.ok || !options.success) {
      return fail({
        code: 'bad-settings',
        problems: [...(settings.ok ? [] : settings.problems), ...(options.success ? [] : options.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`))],
      });
    }
    const now = this.now();
    try {
      const row = await this.store.transaction(async (tx) => {
        const open = await tx.openTournamentInChannel(input.channelId);
        if (open) return fail<Tournament>({ code: 'channel-busy', tournamentId: open.id });
        const inserted = await tx.insertTournament({
          guildId: input.guildId,
          channelId: input.channelId,
          game: mod.id,
          status: 'signup',
          organiserUserId: input.organiser.userId,
          name: input.name.trim().slice(0, 80) || mod.id,
          options: options.data,
          settings: settings.settings,
          seed: this.newSeed(),
          locale: input.locale ?? null,
          createdAt: now,
          updatedAt: now,
        });
        return ok(await this.write(tx, inserted, {}, [{ kind: 'opened', by: input.organiser.userId, data: { game: mod.id, settings: settings.settings, options: options.data } }]));
      });
      if (!row.ok) return row;
      return ok(this.emit(row.value, 'opened'));
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const open = await this.store.openTournamentInChannel(input.channelId);
      if (!open) throw err;
      return fail({ code: 'channel-busy', tournamentId: open.id });
    }
  }

  /**
   * Enter a tournament. During sign-up up to its `maxEntrants`; once it runs, a late entry
   * while the next round is at most `lateJoinUntil` (paired from the next round on, with no
   * points for the rounds before: docs/tournaments.md "Standings").
   */
  join(id: number, actor: TournamentActor): Promise<TournamentResult<Tournament>> {
    return this.change(id, actor, 'joined', async (tx, t) => {
      if (t.status !== 'signup' && t.status !== 'running') return fail({ code: 'closed', status: t.status });
      if (t.entrants.some((entrant) => entrant.userId === actor.userId)) return fail({ code: 'already-entered' });
      if (t.entrants.length >= t.settings.maxEntrants) return fail({ code: 'full', max: t.settings.maxEntrants });
      const fromRound = t.status === 'signup' ? 1 : t.round + 1;
      if (t.status === 'running' && (fromRound > t.settings.lateJoinUntil || fromRound > t.settings.rounds)) return fail({ code: 'late-join-closed', until: t.settings.lateJoinUntil });
      const entrants = [...t.entrants, { userId: actor.userId, name: actor.displayName, joinedAt: this.now(), fromRound, withdrawnFrom: null }];
      return ok(await this.write(tx, t, { entrants }, [{ kind: t.status === 'signup' ? 'joined' : 'late-joined', by: actor.userId, data: { fromRound } }]));
    });
  }

  /**
   * Leave a tournament: during sign-up the entry is removed; once it runs the entrant
   * withdraws — not paired from the next round on, keeping their points (a game they are
   * playing goes on: `/table leave` leaves it).
   */
  leave(id: number, actor: TournamentActor): Promise<TournamentResult<Tournament>> {
    return this.change(id, actor, 'left', async (tx, t) => {
      if (t.status !== 'signup' && t.status !== 'running') return fail({ code: 'closed', status: t.status });
      const me = t.entrants.find((entrant) => entrant.userId === actor.userId);
      if (!me) return fail({ code: 'not-entered' });
      if (t.status === 'signup') {
        return ok(await this.write(tx, t, { entrants: t.entrants.filter((entrant) => entrant !== me) }, [{ kind: 'left', by: actor.userId }]));
      }
      if (me.withdrawnFrom !== null) return fail({ code: 'already-withdrawn' });
      const entrants = t.entrants.map((entrant) => (entrant === me ? { ...entrant, withdrawnFrom: t.round + 1 } : entrant));
      return ok(await this.write(tx, t, { entrants }, [{ kind: 'withdrew', by: actor.userId, data: { from: t.round + 1 } }]));
    });
  }

  /**
   * Start a tournament (its organiser, or a member who may organise): at least
   * `minEntrants` entrants. Round 1 is paired and its tables opened before this resolves.
   */
  async start(id: number, actor: TournamentActor): Promise<TournamentResult<Tournament>> {
    const started = await this.change(id, actor, 'started', async (tx, t) => {
      if (t.organiserUserId !== actor.userId && !actor.canOrganise) return fail({ code: 'organiser-only' });
      if (t.status !== 'signup') return t.status === 'running' ? fail({ code: 'not-signup' }) : fail({ code: 'closed', status: t.status });
      const min = minEntrants(t.settings);
      if (t.entrants.length < min) return fail({ code: 'too-few', min, have: t.entrants.length });
      return ok(await this.write(tx, t, { status: 'running', startedAt: this.now() }, [{ kind: 'started', by: actor.userId, data: { entrants: t.entrants.length } }]));
    });
    if (!started.ok) return started;
    return ok(await this.openRound(id, 1));
  }

  /**
   * Open the tables of the current round that could not be opened (a thread refused: the
   * round waits, docs/tournaments.md "Running a tournament") — its organiser, or a member who
   * may organise. `not-signup`-free: refuses `closed` when it is not running and `no-tournament`
   * for another server's; resolves with the tournament as the retry left it (still waiting
   * when a thread is refused again).
   */
  async resume(id: number, actor: TournamentActor): Promise<TournamentResult<Tournament>> {
    const t = await this.get(id);
    if (!t || (actor.from && actor.from.guildId !== t.guildId)) return fail({ code: 'no-tournament' });
    if (t.organiserUserId !== actor.userId && !actor.canOrganise) return fail({ code: 'organiser-only' });
    if (t.status !== 'running') return fail({ code: 'closed', status: t.status });
    return ok(await this.openRound(id, t.round));
  }

  /** Whether the current round of `t` has tables not opened yet (a thread was refused: `resume`). */
  static waiting(t: Pick<Tournament, 'status' | 'round' | 'rounds'>): boolean {
    const current = t.rounds.find((round) => round.round === t.round);
    return t.status === 'running' && current !== undefined && current.tables.some((table) => table.tableId === null && table.outcome === null);
  }

  /**
   * Cancel a tournament (its organiser, or a member who may organise): no more rounds; the
   * tables still running are cancelled (not rated).
   */
  async cancel(id: number, actor: TournamentActor): Promise<TournamentResult<Tournament>> {
    const result = await this.change(id, actor, 'cancelled', async (tx, t) => {
      if (t.organiserUserId !== actor.userId && !actor.canOrganise) return fail({ code: 'organiser-only' });
      if (t.status !== 'signup' && t.status !== 'running') return fail({ code: 'closed', status: t.status });
      return ok(await this.write(tx, t, { status: 'cancelled', endedAt: this.now(), endReason: 'cancelled', roundDeadlineAt: null }, [{ kind: 'cancelled', by: actor.userId }]));
    });
    if (!result.ok) return result;
    this.disarm(id);
    const current = result.value.rounds.find((round) => round.round === result.value.round);
    for (const table of current?.tables ?? []) {
      if (table.tableId === null || table.outcome) continue;
      const closed = await this.tables.lobby.cancel(table.tableId, { userId: actor.userId, displayName: actor.displayName, canManageGuild: true }, 'admin');
      if (!closed.ok && closed.error.code !== 'table-closed') this.log.warn({ tournament: id, table: table.tableId, error: closed.error }, 'could not cancel a tournament table');
    }
    return result;
  }

  // ---------------------------------------------------------------- rounds

  /**
   * Open round `round`: pair it and store the pairing (or end the tournament when too few
   * entrants are left to fill a table), make a thread for each table, open the tables. Each
   * step commits; calling it again (recovery) goes on from the first step not done.
   * Resolves with the tournament as the last step left it.
   */
  private async openRound(id: number, round: number): Promise<Tournament> {
    // 1. The pairing.
    let t = await this.queue.run(id, () =>
      this.transact(async (tx) => {
        const locked = await this.lock(tx, id);
        if (!locked || locked.status !== 'running' || locked.rounds.some((stored) => stored.round === round) || locked.round !== round - 1) return { t: locked, changed: false };
        const active = activeIn(locked.entrants, round);
        const need = locked.settings.emptySeats === 'bye' ? locked.settings.seats : 2;
        if (active.length < need) {
          const done = await this.write(tx, locked, { status: 'finished', endedAt: this.now(), endReason: 'too-few', roundDeadlineAt: null }, [{ kind: 'finished', data: { reason: 'too-few', active: active.length } }]);
          return { t: done, changed: true, kind: 'finished' as const };
        }
        const pairing = pairRound(locked, round);
        const now = this.now();
        const deadlineAt = now + locked.settings.roundHours * HOUR_MS;
        const stored: StoredRound = {
          round,
          startedAt: now,
          deadlineAt,
          endedAt: null,
          byes: pairing.byes,
          repeats: pairing.repeats,
          spread: pairing.spread,
          exhaustive: pairing.exhaustive,
          ranking: pairing.ranking,
          tables: pairing.tables.map((table, index) => ({ no: index + 1, players: table.players, bots: table.bots, channelId: null, tableId: null, outcome: null })),
        };
        const next = await this.write(tx, locked, { round, roundDeadlineAt: deadlineAt, rounds: [...locked.rounds, stored] }, [
          { kind: 'round-paired', data: { round, tables: stored.tables.map((table) => ({ no: table.no, players: table.players, bots: table.bots })), byes: stored.byes, repeats: pairing.repeats, exhaustive: pairing.exhaustive } },
        ]);
        return { t: next, changed: true, kind: 'paired' as const };
      }),
    ).then((step) => {
      if (step.changed && step.t && step.kind === 'finished') this.emit(step.t, 'finished', { standings: standingsOf(step.t) });
      return step.t;
    });
    if (!t || t.status !== 'running' || t.round !== round) return t!;
    // 2. A thread for each table (outside any transaction: it is a Discord request).
    const stored = t.rounds.find((candidate) => candidate.round === round)!;
    for (const table of stored.tables) {
      if (table.channelId !== null || table.outcome !== null) continue;
      let channelId: string;
      try {
        channelId = await this.venues.tableChannel(t, round, table.no);
      } catch (err) {
        // No thread (permissions taken away, the channel gone): the round waits for `resume` or the next start-up.
        this.log.warn({ err, tournament: id, round, table: table.no }, 'could not make a tournament table thread');
        const stalled = await this.write1(id, { kind: 'venue-failed', data: { round, table: table.no, error: err instanceof Error ? err.message : String(err) } });
        if (stalled) this.emit(stalled, 'stalled', { round });
        // The round's deadline still ends it: its tables that never opened become byes then.
        this.arm(stalled ?? t);
        return stalled ?? t;
      }
      t = await this.queue.run(id, () =>
        this.transact(async (tx) => {
          const locked = (await this.lock(tx, id))!;
          const tables = locked.rounds.find((candidate) => candidate.round === round)!.tables;
          const target = tables.find((candidate) => candidate.no === table.no)!;
          if (target.channelId !== null) return locked;
          return this.write(tx, locked, { rounds: this.withTable(locked, round, table.no, { channelId }) }, [{ kind: 'table-venue', data: { round, table: table.no, channelId } }]);
        }),
      );
    }
    // 3. The tables, in one transaction with the tournament's record of them.
    let opened: TableSnapshot[] = [];
    t = await this.queue.run(id, async () => {
      const done = await this.transact(async (tx) => {
        opened = [];
        const locked = (await this.lock(tx, id))!;
        if (locked.status !== 'running') return locked;
        const current = locked.rounds.find((candidate) => candidate.round === round)!;
        let rounds = locked.rounds;
        const names = new Map(locked.entrants.map((entrant) => [entrant.userId, entrant.name]));
        for (const table of current.tables) {
          if (table.tableId !== null || table.channelId === null || table.outcome !== null) continue;
          const snapshot = await this.tables.seating.openSeated(tx, {
            guildId: locked.guildId,
            channelId: table.channelId,
            game: locked.game,
            hostUserId: locked.organiserUserId,
            locale: locked.locale,
            options: locked.options,
            players: table.players.map((userId) => ({ userId, displayName: names.get(userId) ?? userId })),
            bots: table.bots,
            botLevel: locked.settings.botLevel,
            tableOptions: this.tableOptions(locked, round, table.no),
          });
          opened.push(snapshot);
          rounds = this.withTable({ ...locked, rounds }, round, table.no, { tableId: snapshot.table.id });
        }
        if (opened.length === 0) return locked;
        return this.write(tx, locked, { rounds }, [{ kind: 'round-started', data: { round, tables: opened.map((snapshot) => snapshot.table.id) } }]);
      });
      for (const snapshot of opened) this.tables.seating.announce(snapshot);
      if (opened.length > 0) this.emit(done, 'round-started', { round });
      return done;
    });
    this.arm(t);
    // A table that ended in its first commit (every seat auto-played) is recorded now.
    for (const snapshot of opened) if (snapshot.table.status !== 'active') await this.recordTable(snapshot);
    return t;
  }

  /** The table options of a tournament table (docs/tournaments.md "Running a tournament"). */
  private tableOptions(t: Tournament, round: number, table: number): TableOptions {
    return {
      pace: t.settings.pace,
      ...(t.settings.pace === 'turn-based' ? { moveHours: t.settings.moveHours } : {}),
      tournament: { id: t.id, round, table },
      ...(t.settings.rated ? {} : { unrated: true }),
      // Watching its tables (docs/watching.md): the tournament's rules.
      ...(t.settings.spectators ? { spectators: t.settings.spectators } : {}),
      ...(t.settings.spectatorDelay !== undefined ? { spectatorDelay: t.settings.spectatorDelay } : {}),
      ...(t.settings.watchersSeeHands ? { watchersSeeHands: t.settings.watchersSeeHands } : {}),
    };
  }

  /** The rounds of `t` with table `no` of round `round` patched. */
  private withTable(t: Pick<Tournament, 'rounds'>, round: number, no: number, patch: Partial<StoredRound['tables'][number]>): StoredRound[] {
    return t.rounds.map((stored) => (stored.round !== round ? stored : { ...stored, tables: stored.tables.map((table) => (table.no === no ? { ...table, ...patch } : table)) }));
  }

  /**
   * TableListener: a tournament table that ended is recorded (in the background; `idle`
   * waits for it). Ignored once stopped: recovery records what a stopped process missed.
   */
  tableChanged(change: TableChange): void {
    if (!change.ended || this.stopped) return;
    const link = tableOptionsOf(change.snapshot.table.tableOptions).tournament;
    if (!link) return;
    const task = this.recordTable(change.snapshot).catch((err: unknown) => this.log.error({ err, tournament: link.id, table: change.tableId }, 'could not record a tournament table'));
    this.background.add(task);
    void task.finally(() => this.background.delete(task));
  }

  /** Resolves once no record started by a table's end is still running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.background.size > 0 || this.queue.busy > 0) {
      await Promise.all([...this.background]);
      await this.queue.idle();
    }
  }

  /**
   * Record how tournament table `snapshot` ended (its result rows; a table that ended without
   * a result scores 0 for each entrant), once. When it was the round's last table the round
   * ends: the next one is opened, or the tournament finishes after its last round.
   */
  async recordTable(snapshot: TableSnapshot): Promise<void> {
    const link = tableOptionsOf(snapshot.table.tableOptions).tournament;
    if (!link || snapshot.table.status === 'lobby' || snapshot.table.status === 'active') return;
    const step = await this.queue.run(link.id, () =>
      this.transact(async (tx) => {
        const t = await this.lock(tx, link.id);
        if (!t || t.status !== 'running') return null;
        const round = t.rounds.find((stored) => stored.round === link.round);
        const table = round?.tables.find((candidate) => candidate.no === link.table);
        if (!round || !table || table.outcome || table.tableId !== snapshot.table.id) return null;
        const results = new Map(snapshot.results.map((result) => [result.seat, result]));
        const entrants = new Set(table.players);
        const seats = snapshot.seats
          .filter((row) => row.seat !== null)
          .map((row) => {
            const result = results.get(row.seat!);
            return { id: entrants.has(row.userId) ? row.userId : null, placement: result?.placement ?? null, ...(result?.left ? { left: true } : {}) };
          });
        const outcome = { seats, reason: snapshot.table.endReason ?? null };
        const rounds = this.withTable(t, link.round, link.table, { outcome });
        const logs: LogEntry[] = [{ kind: 'table-ended', data: { round: link.round, table: link.table, tableId: snapshot.table.id, outcome } }];
        const end = this.roundEnd(t, rounds, link.round);
        return { t: await this.write(tx, t, end.patch, [...logs, ...end.logs]), roundOver: end.roundOver, finished: end.finished, round: link.round };
      }).then((done) => {
        if (!done) return null;
        this.emit(done.t, 'table-ended', { round: done.round });
        if (done.roundOver) {
          this.disarm(link.id);
          this.emit(done.t, done.finished ? 'finished' : 'round-ended', { round: done.round, standings: standingsOf(done.t) });
        }
        return done;
      }),
    );
    if (step?.roundOver && !step.finished) await this.openRound(link.id, step.round + 1);
  }

  /**
   * The patch and log rows that store `rounds` (round `round` changed) and, when that leaves
   * every table of the current round with an outcome, end the round — and the tournament after
   * its last round. `roundOver`: the round ended by this patch.
   */
  private roundEnd(t: Tournament, rounds: StoredRound[], round: number): { patch: TournamentPatch; logs: LogEntry[]; roundOver: boolean; finished: boolean } {
    const current = rounds.find((stored) => stored.round === round)!;
    const roundOver = round === t.round && current.tables.every((candidate) => candidate.outcome !== null);
    const patch: TournamentPatch = { rounds };
    const logs: LogEntry[] = [];
    if (!roundOver) return { patch, logs, roundOver, finished: false };
    const ended = rounds.map((stored) => (stored.round === round ? { ...stored, endedAt: this.now() } : stored));
    patch.rounds = ended;
    patch.roundDeadlineAt = null;
    const after = standingsOf({ ...t, rounds: ended });
    logs.push({ kind: 'round-ended', data: { round, standings: after.map((line) => ({ id: line.id, place: line.place, points: line.points })) } });
    const finished = round >= t.settings.rounds;
    if (finished) {
      Object.assign(patch, { status: 'finished', endedAt: this.now(), endReason: 'finished' });
      logs.push({ kind: 'finished', data: { winner: after[0]?.id ?? null } });
    }
    return { patch, logs, roundOver, finished };
  }

  /**
   * At the round's deadline, the current round's tables that never opened (no thread could be
   * made for them, docs/tournaments.md "Running a tournament"): each gets the outcome
   * NOT_OPENED and its entrants a bye for the round — (k − 1) / 2 points, no meeting, as if
   * they had sat out. Ends the round when that was all it waited for. Once per table.
   */
  private async closeUnopened(id: number): Promise<void> {
    const step = await this.queue.run(id, () =>
      this.transact(async (tx) => {
        const t = await this.lock(tx, id);
        const current = t?.rounds.find((stored) => stored.round === t.round);
        if (!t || t.status !== 'running' || !current) return null;
        const unopened = current.tables.filter((table) => table.tableId === null && table.outcome === null);
        if (unopened.length === 0) return null;
        const byes = unopened.flatMap((table) => table.players);
        const rounds = t.rounds.map((stored) =>
          stored.round !== t.round
            ? stored
            : {
                ...stored,
                byes: [...stored.byes, ...byes],
                tables: stored.tables.map((table) => (unopened.includes(table) ? { ...table, outcome: { seats: [], reason: NOT_OPENED } } : table)),
              },
        );
        const logs: LogEntry[] = unopened.map((table) => ({ kind: 'table-unopened', data: { round: t.round, table: table.no, byes: table.players } }));
        const end = this.roundEnd(t, rounds, t.round);
        return { t: await this.write(tx, t, end.patch, [...logs, ...end.logs]), roundOver: end.roundOver, finished: end.finished, round: t.round };
      }).then((done) => {
        if (done?.roundOver) {
          this.disarm(id);
          this.emit(done.t, done.finished ? 'finished' : 'round-ended', { round: done.round, standings: standingsOf(done.t) });
        }
        return done;
      }),
    );
    if (step?.roundOver && !step.finished) await this.openRound(id, step.round + 1);
  }

  /**
   * The round's deadline (docs/tournaments.md "Running a tournament"): every table of the
   * current round still running ends by the rules' timer policy, and each is recorded.
   * Does nothing when the deadline moved or the round ended meanwhile.
   */
  async fireRoundDeadline(id: number): Promise<void> {
    if (this.stopped) return;
    const t = await this.get(id);
    if (!t || t.status !== 'running' || t.roundDeadlineAt === null) return;
    if (t.roundDeadlineAt > this.now()) {
      this.arm(t);
      return;
    }
    const current = t.rounds.find((round) => round.round === t.round);
    if (!current) return;
    await this.write1(id, { kind: 'round-deadline', data: { round: t.round } });
    // Tables that never opened first: if they were all the round waited for, it ends now.
    await this.closeUnopened(id);
    for (const table of current.tables) {
      if (table.outcome || table.tableId === null) continue;
      const ended = (await this.tables.seating.endByTimerPolicy(table.tableId)) ?? (await this.tables.reads.snapshot(table.tableId));
      if (ended) await this.recordTable(ended);
    }
  }

  // ---------------------------------------------------------------- recovery

  /**
   * After a restart or when this process takes over a guild's shard (docs/architecture.md §7):
   * for each open tournament it owns, finish opening its current round, record the tables
   * that ended while nobody was listening, open the next round when the current one is over,
   * and re-arm the round's deadline — a deadline that passed while the bot was down gets a
   * quarter of a move's time (live: RESTART_GRACE_MS) from `readyAt`, so the downtime counts
   * against no one. Resolves with the ids of the running tournaments found.
   */
  async recover(readyAt: number = this.now()): Promise<number[]> {
    const open = (await this.store.openTournaments(this.shard ? { shard: this.shard } : {})).map(parseTournament);
    const running = open.filter((t) => t.status === 'running');
    for (const found of running) {
      try {
        await this.recoverOne(found.id, readyAt);
      } catch (err) {
        this.log.error({ err, tournament: found.id }, 'could not recover a tournament');
      }
    }
    return running.map((t) => t.id);
  }

  private async recoverOne(id: number, readyAt: number): Promise<void> {
    let t = (await this.get(id))!;
    const current = t.rounds.find((round) => round.round === t.round);
    if (!current) {
      await this.openRound(id, t.round + 1);
      return;
    }
    if (current.tables.some((table) => table.tableId === null && table.outcome === null)) t = await this.openRound(id, t.round);
    for (const table of t.rounds.find((round) => round.round === t.round)!.tables) {
      if (table.outcome || table.tableId === null) continue;
      const snapshot = await this.tables.reads.snapshot(table.tableId);
      if (snapshot && snapshot.table.status !== 'active' && snapshot.table.status !== 'lobby') await this.recordTable(snapshot);
    }
    t = (await this.get(id))!;
    if (t.status !== 'running') return;
    const now = t.rounds.find((round) => round.round === t.round)!;
    if (now.tables.every((table) => table.outcome !== null)) {
      // The round ended but the next one was not opened before the stop.
      if (now.endedAt === null) return;
      await this.openRound(id, t.round + 1);
      return;
    }
    if (t.roundDeadlineAt !== null && t.roundDeadlineAt < readyAt) {
      const grace = t.settings.pace === 'turn-based' ? Math.round((t.settings.moveHours * HOUR_MS) / 4) : RESTART_GRACE_MS;
      const deadlineAt = readyAt + grace;
      t = await this.queue.run(id, () =>
        this.transact(async (tx) => {
          const locked = (await this.lock(tx, id))!;
          if (locked.roundDeadlineAt === null || locked.roundDeadlineAt >= readyAt) return locked;
          return this.write(tx, locked, { roundDeadlineAt: deadlineAt }, [{ kind: 'deadline-extended', data: { round: locked.round, missedBy: readyAt - locked.roundDeadlineAt, deadlineAt } }]);
        }),
      );
    }
    this.arm(t);
  }

  /** Stop the deadline timers (shutdown) and wait for the changes in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }

  // ---------------------------------------------------------------- helpers

  /** (Re)arm the round deadline of `t` (nothing when no round runs). */
  private arm(t: Pick<Tournament, 'id' | 'status' | 'roundDeadlineAt'>): void {
    this.disarm(t.id);
    if (this.stopped || t.status !== 'running' || t.roundDeadlineAt === null) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(t.id);
        this.fireRoundDeadline(t.id).catch((err: unknown) => this.log.error({ err, tournament: t.id }, 'round deadline failed'));
      },
      Math.min(MAX_TIMER_MS, Math.max(0, t.roundDeadlineAt - this.now())),
    );
    timer.unref?.();
    this.timers.set(t.id, timer);
  }

  private disarm(id: number): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  /** Number of tournaments with an armed round deadline in this process. */
  get armedDeadlines(): number {
    return this.timers.size;
  }

  /**
   * Remember the message of tournament `id`'s card (posted by `/tournament new`), so that every
   * later change — a join or leave by command included — redraws it (docs/tournaments.md "On
   * Discord"). No log row and no change told: the card is not the tournament's state.
   */
  async setCardMessage(id: number, messageId: string): Promise<void> {
    await this.queue.run(id, () =>
      this.transact(async (tx) => {
        const t = await this.lock(tx, id);
        if (t) await tx.updateTournament(t.id, t.version, { cardMessageId: messageId });
      }),
    );
  }

  /** One refusable change of tournament `id` by `actor`: locked, decided, written, then told. */
  private async change(
    id: number,
    actor: TournamentActor,
    kind: TournamentChangeKind,
    body: (tx: StoreTx, t: Tournament) => Promise<TournamentResult<Tournament>>,
  ): Promise<TournamentResult<Tournament>> {
    return this.queue.run(id, async () => {
      const result = await this.transact(async (tx) => {
        const t = await this.lock(tx, id);
        if (!t || (actor.from && actor.from.guildId !== t.guildId)) return fail<Tournament>({ code: 'no-tournament' });
        return body(tx, t);
      });
      if (result.ok) this.emit(result.value, kind);
      return result;
    });
  }

  /** Append one log row to tournament `id` on its own (nothing else changes). */
  private write1(id: number, entry: LogEntry): Promise<Tournament | undefined> {
    return this.queue.run(id, () =>
      this.transact(async (tx) => {
        const t = await this.lock(tx, id);
        return t ? this.write(tx, t, {}, [entry]) : undefined;
      }),
    );
  }

  private async lock(tx: StoreTx, id: number): Promise<Tournament | undefined> {
    const row = await tx.lockTournament(id);
    return row ? parseTournament(row) : undefined;
  }

  /** Inside `tx`: write `patch` to `t` with the version it was read at, and its log rows. */
  private async write(tx: StoreTx, t: TournamentRow | Tournament, patch: TournamentPatch, logs: LogEntry[]): Promise<Tournament> {
    const now = this.now();
    let seq = t.lastLogSeq;
    for (const entry of logs) {
      seq += 1;
      await tx.appendTournamentLog({ tournamentId: t.id, seq, at: now, byUserId: entry.by ?? null, kind: entry.kind, data: entry.data ?? {} });
    }
    return parseTournament(await tx.updateTournament(t.id, t.version, { ...patch, lastLogSeq: seq, updatedAt: now }));
  }

  /** Run `body` as one transaction, again from a fresh read when another writer won. */
  private async transact<T>(body: (tx: StoreTx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.transaction(body);
      } catch (err) {
        if (!(err instanceof VersionConflictError) || attempt >= MAX_CHANGE_ATTEMPTS) throw err;
      }
    }
  }

  private emit(t: Tournament, kind: TournamentChangeKind, extra: Omit<TournamentChange, 'tournament' | 'kind'> = {}): Tournament {
    for (const listener of this.listeners) {
      try {
        listener.tournamentChanged({ tournament: t, kind, ...extra });
      } catch (err) {
        this.log.error({ err, tournament: t.id }, 'tournament listener failed');
      }
    }
    return t;
  }
}
