/**
 * Server settings: the defaults for new tables (`/admin settings`, README "Leaderboards and
 * ratings" → `/admin`): turn timer, counter window and vote timer, in seconds. They are merged *under* the options a player gives to `/<game> new`
 * (the player's choice wins), and a default a game cannot accept (out of its range) is
 * simply not applied to that game.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { GameRegistry } from '../games/registry.js';
import type { Db } from '../persistence/db.js';
import { guildSettings } from '../persistence/schema.js';

/** The timer settings a server can set, keyed like every game's options (BaseOptions). */
export const SETTING_KEYS = ['turnSeconds', 'reactionSeconds', 'voteSeconds'] as const;
/** One settable key. */
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Allowed range per setting, in seconds (the widest any game accepts; games may narrow it). */
export const SETTING_LIMITS: Record<SettingKey, { min: number; max: number }> = {
  turnSeconds: { min: 10, max: 3600 },
  reactionSeconds: { min: 3, max: 300 },
  voteSeconds: { min: 10, max: 3600 },
};

/** A server's defaults; a missing key means "the game's own default". */
export type GuildDefaults = Partial<Record<SettingKey, number>>;

/** A change to a server's defaults: a number sets it, null clears it, undefined leaves it. */
export type GuildDefaultsPatch = Partial<Record<SettingKey, number | null>>;

/** The stored defaults of `guildId` (empty when none were set). */
export function guildDefaults(db: Db, guildId: string): GuildDefaults {
  const row = db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId)).get();
  const out: GuildDefaults = {};
  if (!row) return out;
  for (const key of SETTING_KEYS) {
    const value = row[key];
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * The server's table language (`/admin settings language:`): a catalog language such as
 * 'en' or 'es', or null when each table takes the language of the player who opens it.
 */
export function guildLanguage(db: Db, guildId: string): string | null {
  const row = db.select({ language: guildSettings.language }).from(guildSettings).where(eq(guildSettings.guildId, guildId)).get();
  return row?.language ?? null;
}

/** Set (a language such as 'es') or clear (null) the server's table language; other settings are kept. */
export function setGuildLanguage(db: Db, guildId: string, language: string | null, by: string, now: number): void {
  db.insert(guildSettings)
    .values({ guildId, language, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({ target: guildSettings.guildId, set: { language, updatedAt: now, updatedBy: by } })
    .run();
}

/**
 * Check a patch against SETTING_LIMITS. Returns the keys that are out of range (empty when
 * the patch is acceptable). Null (clear) is always acceptable.
 */
export function invalidSettings(patch: GuildDefaultsPatch): SettingKey[] {
  return SETTING_KEYS.filter((key) => {
    const value = patch[key];
    if (value === undefined || value === null) return false;
    return !Number.isInteger(value) || value < SETTING_LIMITS[key].min || value > SETTING_LIMITS[key].max;
  });
}

/**
 * Apply a (validated) patch to `guildId`'s defaults and return the new defaults.
 * Throws RangeError if the patch has out-of-range values (callers validate first).
 */
export function updateGuildDefaults(db: Db, guildId: string, patch: GuildDefaultsPatch, by: string, now: number): GuildDefaults {
  const bad = invalidSettings(patch);
  if (bad.length > 0) throw new RangeError(`settings out of range: ${bad.join(', ')}`);
  return db.transaction(() => {
    const merged: Record<SettingKey, number | null> = { turnSeconds: null, reactionSeconds: null, voteSeconds: null };
    const current = guildDefaults(db, guildId);
    for (const key of SETTING_KEYS) {
      const value = patch[key];
      merged[key] = value === undefined ? (current[key] ?? null) : value;
    }
    db.insert(guildSettings)
      .values({ guildId, ...merged, updatedAt: now, updatedBy: by })
      .onConflictDoUpdate({ target: guildSettings.guildId, set: { ...merged, updatedAt: now, updatedBy: by } })
      .run();
    return guildDefaults(db, guildId);
  });
}

/**
 * The options to create a table with: the command's own `options` over the server
 * `defaults`. A default is only added when the game's options schema still accepts the
 * result (e.g. NOIR's turn timer starts at 15 s, so a 10 s server default is skipped
 * there); the command's options are never changed.
 */
export function withServerDefaults(schema: z.ZodType, defaults: GuildDefaults, options: Record<string, unknown>): Record<string, unknown> {
  let out = { ...options };
  for (const key of SETTING_KEYS) {
    const value = defaults[key];
    if (value === undefined || key in options) continue;
    const candidate = { ...out, [key]: value };
    if (schema.safeParse(candidate).success) out = candidate;
  }
  return out;
}

// ---------------------------------------------------------------- hosting rules

/** At most this many channels on a server's list of table channels. */
export const MAX_TABLE_CHANNELS = 25;

/**
 * Where tables may be opened and by whom (`/admin settings`, README "Leaderboards and
 * ratings" → `/admin`). `channelIds` null = every channel where the bot can post;
 * `hostRoleId` null = anyone. Members with Manage Server may always open tables (they can
 * change the rule anyway), but only in the listed channels.
 */
export interface HostingRules {
  /** Channel snowflakes where tables may be opened, or null for every channel. */
  channelIds: string[] | null;
  /** The role a member needs to open a table (role snowflake), or null for anyone. */
  hostRoleId: string | null;
}

/** The hosting rules of `guildId` (anyone, anywhere when nothing was set). */
export function hostingRules(db: Db, guildId: string): HostingRules {
  const row = db
    .select({ channelIds: guildSettings.tableChannelIds, hostRoleId: guildSettings.hostRoleId })
    .from(guildSettings)
    .where(eq(guildSettings.guildId, guildId))
    .get();
  const channelIds = Array.isArray(row?.channelIds) && row.channelIds.length > 0 ? row.channelIds.map(String) : null;
  return { channelIds, hostRoleId: row?.hostRoleId ?? null };
}

/**
 * A change to the hosting rules. `allowChannel` adds a channel to the list (the first one
 * turns "every channel" into "only the listed ones"), `removeChannel` takes one off (an
 * empty list means every channel again), `anyChannel` clears the list; `hostRoleId` sets
 * the host role (null = anyone).
 */
export interface HostingPatch {
  allowChannel?: string;
  removeChannel?: string;
  anyChannel?: boolean;
  hostRoleId?: string | null;
}

/** Why a hosting patch cannot be applied (nothing is stored then). */
export type HostingPatchProblem =
  | { code: 'not_listed'; channelId: string }
  | { code: 'no_list'; channelId: string }
  | { code: 'already_listed'; channelId: string }
  | { code: 'too_many'; max: number };

/**
 * Apply a hosting patch to `guildId` in one transaction and return the new rules, or the
 * problem that stopped it (the stored rules are then unchanged). Removing a channel that
 * is not listed, or listing one twice, is refused; so is a list longer than MAX_TABLE_CHANNELS.
 */
export function updateHostingRules(
  db: Db,
  guildId: string,
  patch: HostingPatch,
  by: string,
  now: number,
): { ok: true; rules: HostingRules; emptied: boolean } | { ok: false; problem: HostingPatchProblem } {
  return db.transaction(() => {
    const current = hostingRules(db, guildId);
    let list = current.channelIds ? [...current.channelIds] : null;
    let emptied = false;
    if (patch.anyChannel) list = null;
    if (patch.removeChannel !== undefined) {
      if (!list) return { ok: false as const, problem: { code: 'no_list' as const, channelId: patch.removeChannel } };
      if (!list.includes(patch.removeChannel)) return { ok: false as const, problem: { code: 'not_listed' as const, channelId: patch.removeChannel } };
      list = list.filter((id) => id !== patch.removeChannel);
      if (list.length === 0) {
        list = null;
        emptied = true;
      }
    }
    if (patch.allowChannel !== undefined) {
      if (list?.includes(patch.allowChannel)) return { ok: false as const, problem: { code: 'already_listed' as const, channelId: patch.allowChannel } };
      list = [...(list ?? []), patch.allowChannel];
      if (list.length > MAX_TABLE_CHANNELS) return { ok: false as const, problem: { code: 'too_many' as const, max: MAX_TABLE_CHANNELS } };
      emptied = false;
    }
    const hostRoleId = patch.hostRoleId === undefined ? current.hostRoleId : patch.hostRoleId;
    const set = { tableChannelIds: list, hostRoleId, updatedAt: now, updatedBy: by };
    db.insert(guildSettings)
      .values({ guildId, ...set })
      .onConflictDoUpdate({ target: guildSettings.guildId, set })
      .run();
    return { ok: true as const, rules: hostingRules(db, guildId), emptied };
  });
}

/** Where and who wants to open a table, as the hosting rules need to know it. */
export interface HostAttempt {
  /** The channel of the interaction (snowflake). */
  channelId: string;
  /** The parent channel when the interaction comes from a thread, else null. */
  parentChannelId: string | null;
  /** Role snowflakes of the member. */
  roleIds: readonly string[];
  /** The member has Manage Server. */
  canManageGuild: boolean;
}

/** Why the hosting rules refuse a new table. */
export type HostingRefusal = { code: 'channel_not_allowed'; channelIds: string[] } | { code: 'host_role_required'; roleId: string };

/**
 * Whether `attempt` may open a table under `rules`: null when allowed. A thread counts as
 * its parent channel; Manage Server skips the role rule, never the channel list.
 */
export function hostingRefusal(rules: HostingRules, attempt: HostAttempt): HostingRefusal | null {
  const { channelIds, hostRoleId } = rules;
  if (channelIds && !channelIds.includes(attempt.channelId) && !(attempt.parentChannelId && channelIds.includes(attempt.parentChannelId))) {
    return { code: 'channel_not_allowed', channelIds };
  }
  if (hostRoleId && !attempt.canManageGuild && !attempt.roleIds.includes(hostRoleId)) return { code: 'host_role_required', roleId: hostRoleId };
  return null;
}

/** How a game treats a server default: used as is, out of its own range, or not one of its timers. */
export type SettingUse = { game: string; use: 'used' } | { game: string; use: 'out_of_range'; min?: number; max?: number } | { game: string; use: 'no_such_timer' };

/**
 * How each game treats server default `key` = `value` seconds: a game without that timer
 * (e.g. NOIR has no vote) does not use it; a game whose own limits exclude it keeps its
 * default (`min`/`max` from its `/<game> new` option). Decided by the game's options
 * schema, exactly as `withServerDefaults` applies it.
 */
export function settingUse(registry: GameRegistry, key: SettingKey, value: number): SettingUse[] {
  return registry.modules.map((mod): SettingUse => {
    const spec = mod.newOptions.find((option) => option.optionKey === key);
    if (!spec) return { game: mod.id, use: 'no_such_timer' };
    const merged = withServerDefaults(mod.definition.optionsSchema, { [key]: value }, {});
    if (key in merged) return { game: mod.id, use: 'used' };
    return { game: mod.id, use: 'out_of_range', ...(spec.min !== undefined ? { min: spec.min } : {}), ...(spec.max !== undefined ? { max: spec.max } : {}) };
  });
}
