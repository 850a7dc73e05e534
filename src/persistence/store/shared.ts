/**
 * Logic both store implementations share: paging, leaderboard ranks, shard filters and the
 * server-settings merge, bulk-read chunks. Pure functions (no database).
 */
import { BULK_READ_IDS, MAX_TABLE_CHANNELS, SETTING_KEYS, type SeatRow, type TableRow, type TableWithSeats, type HostingPatch, type HostingRules, type HostingUpdate, type VsBotRecord, type ClaimOptions, type Store, type StoreTx, type GuildDefaults, type GuildDefaultsPatch, type GuildWatchSettings, type LeaderRow, type RatingUpdate, type SettingKey, type ShardFilter } from './types.js';

/** Names of the methods a Store offers outside transactions (reads and atomic writes). */
export type StoreMethod = Exclude<keyof Store, 'backend' | 'transaction' | 'close'>;

/** Every method the store offers outside transactions. */
export const STORE_METHODS = [
  'table',
  'openTableInChannel',
  'openTables',
  'openTableHeads',
  'tablesWithSeats',
  'openTablesOfUser',
  'seats',
  'actions',
  'lastAction',
  'lastPlayerActionAt',
  'results',
  'currentSeason',
  'seasonRatings',
  'leaderboard',
  'allGames',
  'playerGames',
  'playerTotals',
  'recentGames',
  'stoppedGames',
  'finishedGamesOf',
  'finishedLessonsOf',
  'guildDefaults',
  'guildLanguage',
  'adminTables',
  'newerTableInChannel',
  'hostingRules',
  'recordAgainstBots',
  'storedData',
  'openSeatsOf',
  'openTournamentsOf',
  'userTextBoards',
  'guildTextBoards',
  'setMessageIds',
  'resetSeason',
  'updateGuildDefaults',
  'updateHostingRules',
  'setGuildLanguage',
  'setUserTextBoards',
  'setGuildTextBoards',
  'guildWatchSettings',
  'setGuildWatchSettings',
  'eraseUserData',
  'turnNotifyOf',
  'turnNotices',
  'pendingReminders',
  'setTurnNotify',
  'putTurnNotice',
  'deleteTurnNotices',
  'savePanelTokens',
  'takePanelTokens',
  'tournament',
  'openTournamentInChannel',
  'openTournaments',
  'tournamentLog',
] as const satisfies readonly StoreMethod[];

/** The methods only a transaction handle offers. */
export const TX_ONLY_METHODS = [
  'lockTable',
  'claimDueDeadlines',
  'insertTable',
  'updateTable',
  'insertSeat',
  'deleteSeat',
  'updateSeat',
  'appendAction',
  'insertResults',
  'saveRatings',
  'setRatingChanges',
  'lockTournament',
  'insertTournament',
  'updateTournament',
  'appendTournamentLog',
] as const satisfies readonly Exclude<keyof StoreTx, StoreMethod>[];

/** `ids` sorted ascending without duplicates, cut into chunks of at most BULK_READ_IDS (one statement each). */
export function bulkChunks(ids: readonly number[]): number[][] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const chunks: number[][] = [];
  for (let i = 0; i < sorted.length; i += BULK_READ_IDS) chunks.push(sorted.slice(i, i + BULK_READ_IDS));
  return chunks;
}

/** Pair each table row with its seat rows (`seatRows` in any table order, each table's in `seats` order). */
export function pairSeats(tableRows: readonly TableRow[], seatRows: readonly SeatRow[]): TableWithSeats[] {
  const byTable = new Map<number, SeatRow[]>();
  for (const row of seatRows) {
    const list = byTable.get(row.tableId);
    if (list) list.push(row);
    else byTable.set(row.tableId, [row]);
  }
  return tableRows.map((table) => ({ table, seats: byTable.get(table.id) ?? [] }));
}

/** Every method of a transaction handle. */
export const TX_METHODS = [...STORE_METHODS, ...TX_ONLY_METHODS] as const;

// Compile-time check that the lists above name every method of their interface.
const everyMethodListed: [Exclude<StoreMethod, (typeof STORE_METHODS)[number]>, Exclude<keyof StoreTx, (typeof TX_METHODS)[number]>] extends [never, never]
  ? true
  : never = true;
void everyMethodListed;

/** Statuses of tournaments that are still open (one per channel at most). */
export const OPEN_TOURNAMENT_STATUSES = ['signup', 'running'] as const;

/** Statuses of tables that are still open (one per channel at most). */
export const OPEN_STATUSES = ['lobby', 'active'] as const;

/** Default and largest `limit` of `claimDueDeadlines`. */
export const CLAIM_LIMIT = { default: 100, max: 1000 } as const;

/** Clamp a requested 0-based page into [0, pages − 1]; `pages` is at least 1. */
export function clampPage(page: number, total: number, size: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  return { page: Math.min(Math.max(0, Math.trunc(page) || 0), pages - 1), pages };
}

/** Check a page size: a positive integer. Throws RangeError otherwise. */
export function checkPageSize(size: number): number {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`page size must be a positive integer, got ${size}`);
  return size;
}

/**
 * Ranks for one leaderboard page (standard competition ranking: equal ordinals share a
 * rank, the next rank skips, also across pages). `rows` are the page's rows by ordinal
 * descending; `page` is 0-based; `aboveFirst` is how many rows of the whole board have a
 * higher ordinal than the page's first row (only read when `page` > 0).
 */
export function rankPage(rows: Omit<LeaderRow, 'rank'>[], page: number, size: number, aboveFirst: number): LeaderRow[] {
  let prev: { ordinal: number; rank: number } | null = null;
  return rows.map((r, i) => {
    let rank: number;
    if (prev && r.ordinal === prev.ordinal) rank = prev.rank;
    else if (i === 0 && page > 0) rank = aboveFirst + 1;
    else rank = page * size + i + 1;
    prev = { ordinal: r.ordinal, rank };
    return { rank, ...r };
  });
}

/**
 * Check a shard filter: `shardCount` a positive integer, `shardIds` a non-empty list of
 * integers in [0, shardCount). Returns the distinct ids, ascending. Throws RangeError otherwise.
 */
export function checkShardFilter(filter: ShardFilter): number[] {
  const { shardCount, shardIds } = filter;
  if (!Number.isInteger(shardCount) || shardCount < 1) throw new RangeError(`shardCount must be a positive integer, got ${shardCount}`);
  if (shardIds.length === 0) throw new RangeError('shardIds must name at least one shard');
  for (const id of shardIds) {
    if (!Number.isInteger(id) || id < 0 || id >= shardCount) throw new RangeError(`shard id ${id} is not in [0, ${shardCount})`);
  }
  return [...new Set(shardIds)].sort((a, b) => a - b);
}

/** The shard of a guild: `(guild_id >> 22) % shardCount` (Discord's formula); guild ids are snowflakes. */
export function shardOfGuild(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** Check and default `claimDueDeadlines`' limit: an integer in [1, CLAIM_LIMIT.max]. Throws RangeError otherwise. */
export function claimLimit(options: ClaimOptions | undefined): number {
  const limit = options?.limit ?? CLAIM_LIMIT.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > CLAIM_LIMIT.max) {
    throw new RangeError(`claim limit must be an integer in [1, ${CLAIM_LIMIT.max}], got ${limit}`);
  }
  return limit;
}

/** A `guild_settings` row's timer columns as GuildDefaults (nulls dropped). */
export function defaultsOf(row: Partial<Record<SettingKey, number | null>> | undefined): GuildDefaults {
  const out: GuildDefaults = {};
  if (!row) return out;
  for (const k of SETTING_KEYS) {
    const v = row[k];
    if (v !== null && v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * The two halves of a settings upsert: the values of a new row (keys not in the patch are
 * null) and the columns to overwrite on an existing row (only the keys in the patch).
 * Throws RangeError for a value that is neither null nor a non-negative integer.
 */
export function settingsUpsert(patch: GuildDefaultsPatch): { insert: Record<SettingKey, number | null>; update: Partial<Record<SettingKey, number | null>> } {
  const insert: Record<SettingKey, number | null> = { turnSeconds: null, reactionSeconds: null, voteSeconds: null };
  const update: Partial<Record<SettingKey, number | null>> = {};
  for (const k of SETTING_KEYS) {
    const v = patch[k];
    if (v === undefined) continue;
    if (v !== null && (!Number.isInteger(v) || v < 0)) throw new RangeError(`${k} must be a non-negative integer of seconds or null, got ${v}`);
    insert[k] = v;
    update[k] = v;
  }
  return { insert, update };
}

/** Clamp a 1-based page of `/admin tables`: `page` in [1, pages], `pages` at least 1. */
export function clampAdminPage(page: number, total: number, perPage: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return { page: Math.min(Math.max(1, Math.floor(page) || 1), pages), pages };
}

/** Check a batch of rating updates names each player once; returns its length. Throws RangeError otherwise. */
export function checkRatingUpdates(updates: readonly RatingUpdate[]): number {
  const ids = new Set(updates.map((u) => u.userId));
  if (ids.size !== updates.length) throw new RangeError('a rating batch names a player twice');
  return updates.length;
}

/** `patch` without its undefined keys (an UPDATE with nothing to SET is skipped by the callers). */
export function definedOnly<T extends object>(patch: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** A stored `table_channel_ids` value and host role as HostingRules (an empty or missing list = every channel). */
export function hostingRulesOf(row: { channelIds: unknown; hostRoleId: string | null } | undefined): HostingRules {
  const channelIds = Array.isArray(row?.channelIds) && row.channelIds.length > 0 ? row.channelIds.map(String) : null;
  return { channelIds, hostRoleId: row?.hostRoleId ?? null };
}

/**
 * Apply a hosting patch to the current rules (pure): the new channel list and host role to
 * store, or the problem that refuses the patch (see StoreAtomicWrites.updateHostingRules).
 */
export function applyHostingPatch(current: HostingRules, patch: HostingPatch): { ok: true; channelIds: string[] | null; hostRoleId: string | null; emptied: boolean } | Extract<HostingUpdate, { ok: false }> {
  let list = current.channelIds ? [...current.channelIds] : null;
  let emptied = false;
  if (patch.anyChannel) list = null;
  if (patch.removeChannel !== undefined) {
    if (!list) return { ok: false, problem: { code: 'no-list', channelId: patch.removeChannel } };
    if (!list.includes(patch.removeChannel)) return { ok: false, problem: { code: 'not-listed', channelId: patch.removeChannel } };
    list = list.filter((id) => id !== patch.removeChannel);
    if (list.length === 0) {
      list = null;
      emptied = true;
    }
  }
  if (patch.allowChannel !== undefined) {
    if (list?.includes(patch.allowChannel)) return { ok: false, problem: { code: 'already-listed', channelId: patch.allowChannel } };
    list = [...(list ?? []), patch.allowChannel];
    if (list.length > MAX_TABLE_CHANNELS) return { ok: false, problem: { code: 'too-many', max: MAX_TABLE_CHANNELS } };
    emptied = false;
  }
  const hostRoleId = patch.hostRoleId === undefined ? current.hostRoleId : patch.hostRoleId;
  return { ok: true, channelIds: list, hostRoleId, emptied };
}

/** Bot levels in the order `/stats` lists them. */
const BOT_LEVEL_ORDER = ['easy', 'normal', 'hard'];

/** Sort a record against bots weakest level first (unknown levels last); numbers coerced (PostgreSQL counts are bigint strings). */
export function sortVsBots(rows: readonly { level: string; games: unknown; wins: unknown }[]): VsBotRecord[] {
  const rank = (level: string) => {
    const at = BOT_LEVEL_ORDER.indexOf(level);
    return at < 0 ? BOT_LEVEL_ORDER.length : at;
  };
  return rows.map((row) => ({ level: row.level, games: Number(row.games), wins: Number(row.wins) })).sort((a, b) => rank(a.level) - rank(b.level));
}

/** A `guild_settings` read of the watching columns as GuildWatchSettings (nulls when no row). */
export function watchSettingsOf(row: Partial<GuildWatchSettings> | undefined): GuildWatchSettings {
  return { spectators: row?.spectators ?? null, spectatorDelay: row?.spectatorDelay ?? null, watchersSeeHands: row?.watchersSeeHands ?? null, tournamentRoleId: row?.tournamentRoleId ?? null };
}

/** The column values a watching-settings patch writes (keys absent from it are not written). */
export function watchSettingsPatch(patch: Partial<GuildWatchSettings>): Partial<GuildWatchSettings> {
  const out: Partial<GuildWatchSettings> = {};
  for (const key of ['spectators', 'spectatorDelay', 'watchersSeeHands', 'tournamentRoleId'] as const) if (patch[key] !== undefined) (out as Record<string, unknown>)[key] = patch[key];
  return out;
}
