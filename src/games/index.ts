/** Every game the bot hosts, in the order they are listed to players. */
import { jaccuseModule } from './jaccuse/index.js';
import { noirModule } from './noir/index.js';
import { phantomModule } from './phantom/index.js';
import { GameRegistry } from './registry.js';

/** The registry of all playable games. */
export function defaultRegistry(): GameRegistry {
  return new GameRegistry([noirModule, phantomModule, jaccuseModule]);
}
