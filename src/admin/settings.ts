/**
 * Server settings: the defaults for new tables (`/admin settings`, README "Leaderboards and
 * ratings" → `/admin`): turn timer, counter window and vote timer, in seconds. They are merged *under* the options a player gives to `/<game> new`
 * (the player's choice wins), and a default a game cannot accept (out of its range) is
 * simply not applied to that game. Stored per server in the shared database (Store
 * `guildDefaults` / `updateGuildDefaults`).
 */
import type { z } from 'zod';
import { SETTING_KEYS, type GuildDefaults, type GuildDefaultsPatch, type SettingKey, type StoreAtomicWrites, type StoreReads, type HostingPatch, type HostingPatchProblem, type HostingRules, type HostingUpdate, MAX_TABLE_CHANNELS } from '../persistence/store/types.js';

export { MAX_TABLE_CHANNELS, type HostingPatch, type HostingPatchProblem, type HostingRules, type HostingUpdate };
import type { GameRegistry } from '../games/registry.js';

export { SETTING_KEYS, type GuildDefaults, type GuildDefaultsPatch, type SettingKey };

/** Allowed range per setting, in seconds (the widest any game accepts; games may narrow it). */
export const SETTING_LIMITS: Record<SettingKey, { min: number; max: number }> = {
  turnSeconds: { min: 10, max: 3600 },
  reactionSeconds: { min: 3, max: 300 },
  voteSeconds: { min: 10, max: 3600 },
};

/**
 * The server's table language (`/admin settings language:`): a catalog language such as
 * 'en' or 'es', or null when each table takes the language of the player who opens it.
 */
export function guildLanguage(store: Pick<StoreReads, 'guildLanguage'>, guildId: string): Promise<string | null> {
  return store.guildLanguage(guildId);
}

/** Set (a language such as 'es') or clear (null) the server's table language; other settings are kept. */
export function setGuildLanguage(store: Pick<StoreAtomicWrites, 'setGuildLanguage'>, guildId: string, language: string | null, by: string, now: number): Promise<void> {
  return store.setGuildLanguage(guildId, language, by, now);
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
 * Apply a (validated) patch to `guildId`'s defaults in one statement (keys not in the patch
 * keep their value even when another admin, on another shard, changes them at the same
 * moment) and resolve with the new defaults. Rejects with RangeError if the patch has
 * out-of-range values (callers validate first), before anything is written.
 */
export async function updateGuildDefaults(store: StoreAtomicWrites, guildId: string, patch: GuildDefaultsPatch, by: string, now: number): Promise<GuildDefaults> {
  const bad = invalidSettings(patch);
  if (bad.length > 0) throw new RangeError(`settings out of range: ${bad.join(', ')}`);
  return store.updateGuildDefaults(guildId, patch, by, now);
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
// Where tables may be opened and by whom (README "Leaderboards and ratings" → `/admin`):
// stored by the Store (`hostingRules` / `updateHostingRules`, one transaction per patch).
// Members with Manage Server may always open tables (they can change the rule anyway), but
// only in the listed channels.

/** The hosting rules of `guildId` (anyone, anywhere when nothing was set). */
export function hostingRules(store: Pick<StoreReads, 'hostingRules'>, guildId: string): Promise<HostingRules> {
  return store.hostingRules(guildId);
}

/**
 * Apply a hosting patch to `guildId` in one transaction and resolve with the new rules, or
 * the problem that stopped it (the stored rules are then unchanged). Removing a channel that
 * is not listed, or listing one twice, is refused; so is a list longer than MAX_TABLE_CHANNELS.
 */
export function updateHostingRules(store: Pick<StoreAtomicWrites, 'updateHostingRules'>, guildId: string, patch: HostingPatch, by: string, now: number): Promise<HostingUpdate> {
  return store.updateHostingRules(guildId, patch, by, now);
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
export type HostingRefusal = { code: 'channel-not-allowed'; channelIds: string[] } | { code: 'host-role-required'; roleId: string };

/**
 * Whether `attempt` may open a table under `rules`: null when allowed. A thread counts as
 * its parent channel; Manage Server skips the role rule, never the channel list.
 */
export function hostingRefusal(rules: HostingRules, attempt: HostAttempt): HostingRefusal | null {
  const { channelIds, hostRoleId } = rules;
  if (channelIds && !channelIds.includes(attempt.channelId) && !(attempt.parentChannelId && channelIds.includes(attempt.parentChannelId))) {
    return { code: 'channel-not-allowed', channelIds };
  }
  if (hostRoleId && !attempt.canManageGuild && !attempt.roleIds.includes(hostRoleId)) return { code: 'host-role-required', roleId: hostRoleId };
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
