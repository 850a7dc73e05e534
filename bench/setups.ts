/**
 * The set-ups the benches play, read from the game modules (src/games/module.ts
 * `GameBenchSetups`) in the order of `GAME_MODULES` (src/games/index.ts): a game brings its
 * own, so the benches list no game themselves.
 */
import { GAME_MODULES, type GameId } from '../src/games/index.js';
import type { ArenaSetup, GameBenchSetups, LegalMovesSetup } from '../src/games/module.js';

/** The bench set-ups of game `id`; throws when its module declares none. */
export function benchSetupsOf(id: GameId): GameBenchSetups {
  const module = GAME_MODULES.find((m) => m.id === id);
  if (!module) throw new Error(`unknown game ${id}`);
  if (!module.bench) throw new Error(`${id}: its game module declares no bench set-ups (src/games/module.ts GameBenchSetups)`);
  return module.bench;
}

/** One arena set-up of one game. */
export interface GameArenaSetup extends ArenaSetup {
  game: GameId;
}

/** The arena's set-ups of game `id`, in the order its module lists them. */
export function arenaSetups(id: GameId): GameArenaSetup[] {
  return benchSetupsOf(id).arena.setups.map((setup) => ({ game: id, ...setup }));
}

/** One configuration of the legal-move benchmark. */
export interface GameLegalMovesSetup extends LegalMovesSetup {
  game: GameId;
}

/** Every game's legal-move configurations: the games in `GAME_MODULES` order, each game's in its module's order. */
export function legalMovesSetups(): GameLegalMovesSetup[] {
  return GAME_MODULES.flatMap((module) => benchSetupsOf(module.id).legalMoves.map((setup) => ({ game: module.id, ...setup })));
}
