/**
 * Typical game lengths (README "Game length"): how long a game usually takes, per game,
 * rules variant and player count. The numbers are measured, not guessed: seeded random
 * legal games are played to their end (`scripts/game-lengths.ts`), their decisions counted
 * and each decision given a stated time — SECONDS_PER_DECISION for a turn decision or a
 * vote (everyone votes at once), and each reaction window (a counter or cancel window) its
 * full default length, since a window nobody uses stays open until its deadline.
 *
 * The measured values live in each game's folder, `<game>/typical-length.data.ts` (the
 * module's `typicalLengths`), written by `npm run game-lengths -- --write`; a test replays the
 * same seeded games and fails when the stored values are out of date (e.g. after a rule change).
 */
import type { Pending } from './engine.js';
import type { GameLengths, GameModule, LengthStats } from './module.js';

export type { GameLengths, LengthStats } from './module.js';

/** Time assumed for one turn decision or one vote, in seconds (README "Game length"). */
export const SECONDS_PER_DECISION = 10;
/** Random games measured per game, variant and player count. */
export const LENGTH_SAMPLE_GAMES = 50;
/** Seed of the first measured game; game k uses LENGTH_FIRST_SEED + k (its moves: + LENGTH_PLAY_SEED_OFFSET). */
export const LENGTH_FIRST_SEED = 1;
/** Added to a measured game's seed to seed its random player's choices. */
export const LENGTH_PLAY_SEED_OFFSET = 100_000;
/** Key of a game's configuration when it has no rules variant to choose (`/<game> rules` options). */
export const DEFAULT_LENGTH_CONFIG = 'default';

/** Measured lengths of several games: game id → configuration key → player count → stats. */
export type TypicalLengthTable = Record<string, GameLengths>;

/** The measured lengths of every module of `modules`, by game id (absent for a game without them). */
export function lengthTable(modules: readonly GameModule[]): TypicalLengthTable {
  const table: TypicalLengthTable = {};
  for (const mod of modules) if (mod.typicalLengths) table[mod.id] = mod.typicalLengths;
  return table;
}

/** The decisions of one game, counted by the timer each ran on. */
export interface DecisionCounts {
  turn: number;
  vote: number;
  reaction: number;
  /** Sum of the reaction windows' default lengths, in ms. */
  reactionMs: number;
}

/**
 * Count one decision that just closed: `pending` is the decision the game waited for before
 * its step changed. Turn and vote decisions count once each; reaction windows also add
 * their default length.
 */
export function countDecision(counts: DecisionCounts, pending: Pending): void {
  if (pending.kind === 'over') return;
  if (pending.timer === 'reaction') {
    counts.reaction += 1;
    counts.reactionMs += pending.timeoutMs;
  } else {
    counts[pending.timer] += 1;
  }
}

/** The estimated duration of a game with these decisions, in seconds (README "Game length"). */
export function estimatedSeconds(counts: DecisionCounts): number {
  return (counts.turn + counts.vote) * SECONDS_PER_DECISION + counts.reactionMs / 1000;
}

/** Whole minutes (at least 1) for a duration in seconds, as the rules help and README show it. */
export function lengthMinutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60));
}

/**
 * The configuration key a table's options fall under: the value of the game's rules
 * variant option (the first `/<game> rules` option with choices, e.g. Suspicion's
 * `variant`, NOIR's `mode`), or DEFAULT_LENGTH_CONFIG for a game without one.
 */
export function lengthConfigKey(mod: GameModule, options: unknown): string {
  const spec = lengthVariantOption(mod);
  if (!spec) return DEFAULT_LENGTH_CONFIG;
  return String((options as Record<string, unknown> | null)?.[spec.optionKey] ?? DEFAULT_LENGTH_CONFIG);
}

/** The rules option whose choices are measured separately, if the game has one. */
export function lengthVariantOption(mod: GameModule) {
  return mod.rulesOptions?.find((spec) => (spec.choices?.length ?? 0) > 0);
}

/**
 * The measured lengths for a table of `mod` with `options` (the module's `typicalLengths`), by
 * player count (ascending); empty when nothing was measured for that configuration.
 */
export function typicalLengths(mod: GameModule, options: unknown): { players: number; stats: LengthStats }[] {
  const byPlayers = mod.typicalLengths?.[lengthConfigKey(mod, options)] ?? {};
  return Object.entries(byPlayers)
    .map(([players, stats]) => ({ players: Number(players), stats }))
    .sort((a, b) => a.players - b.players);
}
