/**
 * Server settings: the defaults for new tables (`/admin settings`, README "Leaderboards and
 * ratings" → `/admin`): turn timer, counter window and vote timer, in seconds. They are merged *under* the options a player gives to `/<game> new`
 * (the player's choice wins), and a default a game cannot accept (out of its range) is
 * simply not applied to that game. Stored per server in the shared database (Store
 * `guildDefaults` / `updateGuildDefaults`).
 */
import type { z } from 'zod';
import { SETTING_KEYS, type GuildDefaults, type GuildDefaultsPatch, type SettingKey, type StoreAtomicWrites } from '../persistence/store/types.js';

export { SETTING_KEYS, type GuildDefaults, type GuildDefaultsPatch, type SettingKey };

/** Allowed range per setting, in seconds (the widest any game accepts; games may narrow it). */
export const SETTING_LIMITS: Record<SettingKey, { min: number; max: number }> = {
  turnSeconds: { min: 10, max: 3600 },
  reactionSeconds: { min: 3, max: 300 },
  voteSeconds: { min: 10, max: 3600 },
};

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
