/** Every game the bot hosts, in the order they are listed to players. */
import { jaccuseModule } from './jaccuse/index.js';
import { noirModule } from './noir/index.js';
import { phantomModule } from './phantom/index.js';
import { GameRegistry } from './registry.js';
import { suspicionModule } from './suspicion/index.js';

/** The game modules, in the order they are listed to players. */
export const GAME_MODULES = [suspicionModule, noirModule, phantomModule, jaccuseModule] as const;

/** Identifiers of the games the bot hosts: derived from the modules above, never listed twice. */
export type GameId = (typeof GAME_MODULES)[number]['id'];

/** True when `id` names one of the games the bot hosts (e.g. a stored table's game). */
export function isGameId(id: string): id is GameId {
  return GAME_MODULES.some((module) => module.id === id);
}

/** The registry of all playable games. */
export function defaultRegistry(): GameRegistry {
  return new GameRegistry([...GAME_MODULES]);
}
