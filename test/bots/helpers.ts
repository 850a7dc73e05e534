/**
 * Shared fixtures of the AI-player tests: every game setup worth covering (Suspicion's four
 * variants, NOIR's three modes with either role for the host, Tricks and the Phantom with and
 * without the beginner deck, J'Accuse! with random or chosen characters and either Across
 * chooser), and a refereed game that records each decision's input next to the true state.
 */
import type { AnyGameDefinition } from '../../src/games/engine.js';
import type { GameId } from '../../src/games/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import type { BotInput, BotLevel } from '../../src/games/bot.js';
import { playMatch, type MatchOutcome } from '../../src/bots/match.js';
import { decideBot } from '../../src/bots/policy.js';

/** One table setup: game, options, seat count. */
export interface Config {
  game: GameId;
  options: Record<string, unknown>;
  seats: number;
}

const registry = defaultRegistry();

/** The definition of `game`. */
export function definitionOf(game: string): AnyGameDefinition {
  return registry.get(game).definition;
}

/** Every setup of every game, at every allowed seat count. */
export function allConfigs(): Config[] {
  const out: Config[] = [];
  for (const variant of ['classic', 'no-bluff', 'criminal', 'arrest-race']) for (let seats = 2; seats <= 6; seats++) out.push({ game: 'suspicion', options: { variant }, seats });
  for (const mode of ['classic', 'standard', 'citizens-arrest'])
    for (const killer of ['host', 'guest']) out.push({ game: 'noir', options: { mode, killer, ...(mode === 'classic' && killer === 'guest' ? { disguiseKillsOldIdentity: false } : {}) }, seats: 2 });
  for (const beginner of [false, true]) for (let seats = 2; seats <= 4; seats++) out.push({ game: 'phantom', options: { beginner }, seats });
  for (const [characters, acrossChooser] of [['random', 'holder'], ['choice', 'inspector'], ['random', 'inspector'], ['choice', 'holder']])
    for (let seats = 3; seats <= 6; seats++) out.push({ game: 'jaccuse', options: { characters, acrossChooser }, seats });
  return out;
}

/** Options of a refereed game. */
export interface PlayOptions {
  levels: BotLevel[];
  seed: number;
  /** Hard search iterations per move (fixed, so tests are repeatable). */
  iterations?: number;
  onDecision?: (input: BotInput, state: unknown) => void;
  onAction?: (seat: number, action: unknown) => void;
  maxActions?: number;
}

/** Play `config` with one bot level per seat (decided on this thread). */
export function play(config: Config, opts: PlayOptions): Promise<MatchOutcome> {
  return playMatch({
    game: config.game,
    definition: definitionOf(config.game),
    seats: config.seats,
    seed: opts.seed,
    options: config.options,
    setupMeta: { hostSeat: opts.seed & 1 },
    players: opts.levels.map((level) => (input: BotInput) => decideBot({ level, input, iterations: opts.iterations ?? 4 }).action),
    ...(opts.onDecision ? { onDecision: opts.onDecision } : {}),
    ...(opts.onAction ? { onAction: opts.onAction } : {}),
    ...(opts.maxActions ? { maxActions: opts.maxActions } : {}),
  });
}
