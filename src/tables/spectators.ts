/**
 * Who may watch a table and what they see (docs/watching.md "Spectator rules of a table"; docs/watching.md): pure rules
 * of the table options `spectators`, `spectatorDelay` and `watchersSeeHands`, fixed when the
 * table opens (the host's choice at `/<game> new`, else the server's default from `/admin
 * settings`). No database, clock or Discord here: the Discord wing asks these before it draws
 * a watcher's panel, and draws it from `watchPayload` (src/review/watch.ts) only.
 */
import type { SeatRow } from '../persistence/store/types.js';

/** `spectators`: watchers see the table live, N moves behind, or cannot watch. */
export const SPECTATOR_MODES = ['public', 'delayed', 'off'] as const;
export type SpectatorMode = (typeof SPECTATOR_MODES)[number];

/** `watchers-see-hands`: never, or every hand once the game is over. */
export const WATCHERS_SEE_HANDS = ['off', 'after-the-end'] as const;
export type WatchersSeeHands = (typeof WATCHERS_SEE_HANDS)[number];

/** Moves a `delayed` table's watchers are behind when nobody chose (docs/watching.md). */
export const DEFAULT_SPECTATOR_DELAY = 3;
/** Most moves behind a table may set. */
export const MAX_SPECTATOR_DELAY = 30;

/** A table's spectator rules, resolved. */
export interface SpectatorPolicy {
  mode: SpectatorMode;
  /** Moves behind (action-log entries: every move, timeout, auto-play and AI move counts); 0 unless `delayed`. */
  delay: number;
  seeHands: WatchersSeeHands;
}

/** The server defaults `/admin settings` may store (null = not set). */
export interface SpectatorDefaults {
  spectators?: string | null;
  spectatorDelay?: number | null;
  watchersSeeHands?: string | null;
}

/** The spectator part of a table's stored options (src/tables/bots.ts `TableOptions`). */
export interface SpectatorOptions {
  spectators?: SpectatorMode;
  spectatorDelay?: number;
  watchersSeeHands?: WatchersSeeHands;
}

/** The spectator rules of a table from its parsed table options (`tableOptionsOf`; absent = public, no hands). */
export function spectatorPolicy(options: SpectatorOptions): SpectatorPolicy {
  const mode = options.spectators ?? 'public';
  return { mode, delay: mode === 'delayed' ? (options.spectatorDelay ?? DEFAULT_SPECTATOR_DELAY) : 0, seeHands: options.watchersSeeHands ?? 'off' };
}

/**
 * The spectator table options of a new table from the host's choices at `/<game> new` (each
 * optional) over the server's defaults: `spectators` one of SPECTATOR_MODES, `delay` 1..MAX
 * moves (only with `delayed`), `seeHands` one of WATCHERS_SEE_HANDS. One plain problem line per
 * bad value; a server default that no longer fits is ignored.
 */
export function readSpectatorOptions(
  raw: { spectators?: unknown; delay?: unknown; seeHands?: unknown },
  defaults: SpectatorDefaults = {},
): { ok: true; options: SpectatorOptions } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const serverMode = (SPECTATOR_MODES as readonly unknown[]).includes(defaults.spectators) ? (defaults.spectators as SpectatorMode) : undefined;
  const mode = raw.spectators ?? serverMode ?? 'public';
  if (!(SPECTATOR_MODES as readonly unknown[]).includes(mode)) problems.push(`spectators: one of ${SPECTATOR_MODES.join(', ')}`);
  const serverDelay = Number.isInteger(defaults.spectatorDelay) && defaults.spectatorDelay! >= 1 && defaults.spectatorDelay! <= MAX_SPECTATOR_DELAY ? defaults.spectatorDelay! : undefined;
  const delay = raw.delay ?? serverDelay ?? DEFAULT_SPECTATOR_DELAY;
  if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 1 || delay > MAX_SPECTATOR_DELAY) problems.push(`spectator-delay: a whole number of moves from 1 to ${MAX_SPECTATOR_DELAY}`);
  else if (raw.delay !== undefined && mode !== 'delayed') problems.push('spectator-delay: only with spectators:delayed');
  const serverHands = (WATCHERS_SEE_HANDS as readonly unknown[]).includes(defaults.watchersSeeHands) ? (defaults.watchersSeeHands as WatchersSeeHands) : undefined;
  const seeHands = raw.seeHands ?? serverHands ?? 'off';
  if (!(WATCHERS_SEE_HANDS as readonly unknown[]).includes(seeHands)) problems.push(`watchers-see-hands: one of ${WATCHERS_SEE_HANDS.join(', ')}`);
  if (problems.length > 0) return { ok: false, problems };
  const options: SpectatorOptions = {};
  if (mode !== 'public') options.spectators = mode as SpectatorMode;
  if (mode === 'delayed') options.spectatorDelay = delay as number;
  if (seeHands !== 'off') options.watchersSeeHands = seeHands as WatchersSeeHands;
  return { ok: true, options };
}

/** The spectator rules a new table gets from the server's defaults alone (a default that no longer fits is ignored). */
export function serverDefaultPolicy(defaults: SpectatorDefaults): SpectatorPolicy {
  const read = readSpectatorOptions({}, defaults);
  return spectatorPolicy(read.ok ? read.options : {});
}

/** Why someone may not watch a table: watching is off there, or they play at it (they have their own panel). */
export type WatchRefusal = 'spectators-off' | 'is-player';

/**
 * Whether the member whose seat row at the table is `me` (undefined: not seated) may watch it:
 * a player never watches their own table (even after leaving it); nobody watches a table whose
 * spectators are off.
 */
export function watchRefusal(policy: SpectatorPolicy, me: Pick<SeatRow, 'seat'> | undefined): WatchRefusal | null {
  if (me && me.seat !== null) return 'is-player';
  if (policy.mode === 'off') return 'spectators-off';
  return null;
}

/**
 * The newest step (number of logged moves applied) a watcher may see when `moves` moves are
 * logged: every one at a public table and once the game is over (`over`: it will never move
 * again); while a `delayed` table runs, `delay` moves fewer (never below the deal, step 0).
 */
export function watcherStep(policy: SpectatorPolicy, moves: number, over: boolean): number {
  if (over || policy.mode !== 'delayed') return moves;
  return Math.max(0, moves - policy.delay);
}
