/**
 * The bot kit of every game, by game id: each game module carries its own kit
 * (src/games/module.ts `bot`), so this table derives from the one list of games
 * (src/games/index.ts) and worker threads load the same list.
 */
import { GAME_MODULES } from '../games/index.js';
import type { AnyBotKit } from '../games/bot.js';
import type { GameRegistry } from '../games/registry.js';

/** A lookup of kits by game id, throwing for an unknown game (see `botKit`). */
export type KitLookup = (game: string) => AnyBotKit;

/** The kits of `modules` by game id; throws when a kit names another game than its module (a programming error). */
export function kitsOf(modules: readonly { id: string; bot: AnyBotKit }[]): KitLookup {
  const kits = new Map<string, AnyBotKit>();
  for (const module of modules) {
    if (module.bot.game !== module.id) throw new Error(`the kit of ${module.id} is ${module.bot.game}'s`);
    kits.set(module.id, module.bot);
  }
  return (game) => {
    const kit = kits.get(game);
    if (!kit) throw new Error(`no such game: ${game}`);
    return kit;
  };
}

/** The kits of a registry's games (tests register games of their own). */
export function registryKits(registry: GameRegistry): KitLookup {
  return kitsOf(registry.modules);
}

/** The kit of `game` (a `GameId`; a bot input carries it as a string); throws for an unknown game. */
export const botKit: KitLookup = kitsOf(GAME_MODULES);
