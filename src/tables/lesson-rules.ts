/**
 * Pure rules of lesson tables (docs/lessons.md "Lesson tables"): which lesson a table plays,
 * how long an untouched lesson stays open, how its bots pace, and why it ends. No database,
 * clock or timers: the table service (./lessons.ts, ./commit.ts, ./deadlines.ts) and the bot
 * driver (./bot-turns.ts) call these.
 */
import { variantKeysAt, type AnyLessonScript } from '../games/lesson.js';
import type { GameModule } from '../games/module.js';
import type { GameRegistry } from '../games/registry.js';
import type { FinishedGameKind, TableRow } from '../persistence/store/types.js';

/**
 * A lesson nobody touches for this long closes (end reason LESSON_IDLE_REASON), in ms: its
 * decisions have no game timers (a learner reads the notes at their own pace, and nothing is
 * ever auto-played for them), so this is the one deadline of every decision of a lesson.
 */
export const LESSON_IDLE_MS = 60 * 60 * 1000;

/** The pause before a lesson's bot moves, in ms: long enough to see the move, short enough to keep a lesson to about five minutes. */
export const LESSON_BOT_PACE_MS = 1_200;

/** End reason of a lesson played to its end (status `cancelled`: a lesson has no result). */
export const LESSON_DONE_REASON = 'lesson-done';
/** End reason of a lesson untouched for LESSON_IDLE_MS. */
export const LESSON_IDLE_REASON = 'lesson-idle';
/** End reason of a lesson whose script changed since it opened (a new version was deployed); it starts again. */
export const LESSON_OUTDATED_REASON = 'lesson-outdated';

/** The value of `game_tables.lesson` for `mod`'s lesson now (`<game>@<version>`), or null when it has none. */
export function lessonIdOf(mod: GameModule): string | null {
  return mod.lesson ? `${mod.id}@${mod.lesson.version}` : null;
}

/** True for a lesson table (its `lesson` column set). */
export function isLesson(table: Pick<TableRow, 'lesson'>): boolean {
  return table.lesson !== null && table.lesson !== undefined;
}

/**
 * The script a lesson table plays: its game's lesson, when the table was opened with this very
 * version of it; null for a game table, and for a lesson whose script has changed since (it
 * cannot continue on the new line: docs/lessons.md).
 */
export function lessonScriptOf(registry: GameRegistry, table: Pick<TableRow, 'lesson' | 'game'>): AnyLessonScript | null {
  if (!isLesson(table)) return null;
  const mod = registry.find(table.game);
  return mod?.lesson && lessonIdOf(mod) === table.lesson ? mod.lesson : null;
}

/**
 * A seat new to something at a table (docs/lessons.md "First table of a game"), stored in its
 * table options (`newcomers`): `first` — its player had finished no game of this game when the
 * table started (💡 Hint is on for them, and their first panel suggests the lesson); `learned` —
 * with `first`: they had played the game's lesson to its end, so their first panel does not
 * suggest it again; `variants` — the lesson script's variant keys this table plays that they had
 * finished no game with (each note shown on their first panel).
 */
export interface Newcomer {
  seat: number;
  first?: true;
  learned?: true;
  variants?: string[];
}

/**
 * The newcomers of a table starting with `options` (as its game parsed them) and `seats` seats:
 * each of `humans` (seat and user) who had finished no game of it (`first`), or none with a
 * variant of `script` this table plays (`variants`), from `finished` (the store's
 * `finishedGamesOf` rows for them); a first-timer in `learned` (the store's `finishedLessonsOf`:
 * they finished the lesson) is marked so (`learned`). Seats new to nothing are left out.
 */
export function newcomersAt(
  script: Pick<AnyLessonScript, 'variants'> | null | undefined,
  options: unknown,
  seats: number,
  humans: readonly { seat: number; userId: string }[],
  finished: readonly FinishedGameKind[],
  learned: readonly string[],
): Newcomer[] {
  const playing = script ? variantKeysAt(script, options, seats) : [];
  const out: Newcomer[] = [];
  for (const { seat, userId } of humans) {
    const mine = finished.filter((row) => row.userId === userId);
    const known = new Set(mine.flatMap((row) => (script ? variantKeysAt(script, row.options, row.players) : [])));
    const variants = playing.filter((key) => !known.has(key));
    const newcomer: Newcomer = { seat };
    if (mine.length === 0) newcomer.first = true;
    if (newcomer.first && learned.includes(userId)) newcomer.learned = true;
    if (variants.length > 0) newcomer.variants = variants;
    if (newcomer.first || newcomer.variants) out.push(newcomer);
  }
  return out;
}

/** The newcomer entry of `seat` in `tableOptions` (stored `newcomers`), or undefined. */
export function newcomerAt(newcomers: readonly Newcomer[] | undefined, seat: number | null | undefined): Newcomer | undefined {
  return seat === null || seat === undefined ? undefined : newcomers?.find((row) => row.seat === seat);
}
