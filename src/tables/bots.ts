/**
 * Pure rules of AI-player seats (README "AI players"): the table options that seat bots and
 * set their pace, bot seat identities and names, and how long a bot pauses before it moves.
 * No database, clock or timers here: the table service and the bot-turn driver
 * (src/tables/bot-turns.ts) call these.
 */
import { z } from 'zod';
import { BOT_LEVELS, type BotLevel } from '../games/bot.js';
import type { Pending } from '../games/engine.js';
import type { SeatRow } from '../persistence/store/types.js';
import { MAX_MOVE_HOURS, PACES } from './pace.js';
import { MAX_SPECTATOR_DELAY, SPECTATOR_MODES, WATCHERS_SEE_HANDS } from './spectators.js';

/** Level of a bot the host seats without choosing one, and of a bot replacing a player. */
export const DEFAULT_BOT_LEVEL: BotLevel = 'normal';
/** Default human-like pause before a bot moves: uniform in [min, max] ms (README "AI players"). */
export const DEFAULT_PACE_MS = { min: 1_500, max: 4_000 } as const;
/** Longest pace a table may set, in ms. */
export const MAX_PACE_MS = 30_000;
/** A bot answers a timed window at the latest this long before it closes, in ms. */
export const WINDOW_MARGIN_MS = 500;
/** Prefix of a bot seat's user id (never a Discord snowflake, which is all digits). */
export const BOT_USER_PREFIX = 'bot-';
/** The mark shown with every bot name (board, results, logs). */
export const BOT_MARK = '🤖';

/**
 * Table options handled by the table service (stored in `game_tables.table_options`), not
 * by the game's rules. `botPaceMs`: a fixed pause before each bot move, in ms (0 = instant);
 * absent = the default human-like range. `pace`, `moveHours` and `vacations`: the table's pace
 * (src/tables/pace.ts; README "Turn-based tables").
 */
export const tableOptionsSchema = z
  .object({
    botPaceMs: z.number().int().min(0).max(MAX_PACE_MS).optional(),
    /** 💡 Hints allowed at a rated table too (src/tables/hints.ts); unrated tables always allow them. */
    hints: z.boolean().optional(),
    pace: z.enum(PACES).optional(),
    moveHours: z.number().int().min(1).max(MAX_MOVE_HOURS).optional(),
    vacations: z.record(z.string(), z.object({ from: z.number(), until: z.number() })).optional(),
    /**
     * The tournament table this is (docs/tournaments.md "Running a tournament"): its end is
     * recorded in the tournament; a seat that never plays forfeits after the missed-deadline
     * rule (src/tables/deadlines.ts).
     */
    tournament: z.object({ id: z.number().int(), round: z.number().int(), table: z.number().int() }).optional(),
    /** Its results change no rating (a tournament opened with `rated:False`; src/ratings/store.ts). */
    unrated: z.boolean().optional(),
    /**
     * Seats new to this game or to a variant it plays (src/tables/lesson-rules.ts `Newcomer`;
     * docs/lessons.md "First table of a game"), set at Start.
     */
    newcomers: z
      .array(z.object({ seat: z.number().int().min(0), first: z.literal(true).optional(), learned: z.literal(true).optional(), variants: z.array(z.string()).optional() }).strict())
      .optional(),
    /** Who may watch and what they see (src/tables/spectators.ts; absent = public, no hands). */
    spectators: z.enum(SPECTATOR_MODES).optional(),
    spectatorDelay: z.number().int().min(1).max(MAX_SPECTATOR_DELAY).optional(),
    watchersSeeHands: z.enum(WATCHERS_SEE_HANDS).optional(),
  })
  .strict();
export type TableOptions = z.infer<typeof tableOptionsSchema>;

/** The stored table options of a table (unknown or malformed JSON reads as the defaults). */
export function tableOptionsOf(raw: unknown): TableOptions {
  const parsed = tableOptionsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** Bots to seat when a table opens: how many and at which level. */
export interface BotSeating {
  count: number;
  level: BotLevel;
}

/**
 * Check the bot options of `/<game> new` for a table of `maxSeats` seats with the host
 * already seated: `bots` in 0..maxSeats − 1, `level` one of BOT_LEVELS, `paceSeconds` in
 * 0..MAX_PACE_MS / 1000, `hints` a boolean (💡 hints at a rated table, src/tables/hints.ts).
 * Returns the seating and table options, or one problem line per bad value (the service
 * answers them as `bad-options`).
 */
export function readBotOptions(
  raw: { bots?: unknown; level?: unknown; paceSeconds?: unknown; hints?: unknown },
  maxSeats: number,
): { ok: true; seating: BotSeating; options: TableOptions } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const count = raw.bots ?? 0;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > maxSeats - 1) {
    problems.push(`bots: must be a whole number from 0 to ${maxSeats - 1} (the host takes one of the ${maxSeats} seats)`);
  }
  const level = raw.level ?? DEFAULT_BOT_LEVEL;
  if (typeof level !== 'string' || !(BOT_LEVELS as readonly string[]).includes(level)) {
    problems.push(`bot-level: must be one of ${BOT_LEVELS.join(', ')}`);
  }
  const options: TableOptions = {};
  if (raw.paceSeconds !== undefined) {
    const pace = raw.paceSeconds;
    if (typeof pace !== 'number' || !Number.isFinite(pace) || pace < 0 || pace * 1000 > MAX_PACE_MS) {
      problems.push(`bot-pace: must be a number of seconds from 0 to ${MAX_PACE_MS / 1000}`);
    } else options.botPaceMs = Math.round(pace * 1000);
  }
  if (raw.hints !== undefined) {
    if (typeof raw.hints !== 'boolean') problems.push('hints: must be True or False');
    else if (raw.hints) options.hints = true;
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, seating: { count: count as number, level: level as BotLevel }, options };
}

/** True for the seat row of a bot seated in the lobby (its user id is not a Discord user). */
export function isBotUser(userId: string): boolean {
  return userId.startsWith(BOT_USER_PREFIX);
}

/** The level of the bot playing `row`, or null for a human seat. */
export function botLevelOf(row: Pick<SeatRow, 'botLevel'>): BotLevel | null {
  const level = row.botLevel;
  return level && (BOT_LEVELS as readonly string[]).includes(level) ? (level as BotLevel) : null;
}

/** Names given to bots, in order of use (famous fictional detectives). */
export const BOT_NAMES = ['Marple', 'Poirot', 'Holmes', 'Dupin', 'Wimsey', 'Maigret', 'Vance', 'Spade', 'Lestrade', 'Tennison'] as const;

/**
 * The identity of the next bot at a table whose seat rows are `seats`: a user id
 * `bot-<n>` (the smallest n not used at the table) and a display name with the bot mark,
 * e.g. `🤖 Poirot`, avoiding names already seated.
 */
export function nextBotIdentity(seats: readonly Pick<SeatRow, 'userId' | 'displayName'>[]): { userId: string; displayName: string } {
  const ids = new Set(seats.map((row) => row.userId));
  let n = 1;
  while (ids.has(`${BOT_USER_PREFIX}${n}`)) n += 1;
  const names = new Set(seats.map((row) => row.displayName));
  const name = BOT_NAMES.map((base) => `${BOT_MARK} ${base}`).find((candidate) => !names.has(candidate)) ?? `${BOT_MARK} Bot ${n}`;
  return { userId: `${BOT_USER_PREFIX}${n}`, displayName: name };
}

/**
 * How long a bot waits before its move, in ms: the table's fixed pace, or `random()` (in
 * [0, 1)) spread over DEFAULT_PACE_MS; never later than WINDOW_MARGIN_MS before the
 * decision's deadline (`deadlineAt`, Unix ms; null = none), so a bot answers every counter
 * window and vote in time (README "AI players": min(pace, window − 0.5 s)). `now`: Unix ms.
 */
export function botPauseMs(options: TableOptions, pending: Pending, deadlineAt: number | null, now: number, random: () => number): number {
  if (pending.kind === 'over') return 0;
  const pace = options.botPaceMs ?? Math.round(DEFAULT_PACE_MS.min + random() * (DEFAULT_PACE_MS.max - DEFAULT_PACE_MS.min));
  const window = deadlineAt === null ? Infinity : deadlineAt - now;
  return Math.max(0, Math.min(pace, window - WINDOW_MARGIN_MS));
}
