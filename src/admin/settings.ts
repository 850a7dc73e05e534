/**
 * Server settings: the defaults for new tables (`/admin settings`, README "Leaderboards and
 * ratings" → `/admin`): turn timer, counter window and vote timer, in seconds. They are merged *under* the options a player gives to `/<game> new`
 * (the player's choice wins), and a default a game cannot accept (out of its range) is
 * simply not applied to that game.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
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
