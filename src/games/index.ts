/** Every game the bot hosts, in the order they are listed to players. */
import { jaccuseModule } from './jaccuse/index.js';
import { noirModule } from './noir/index.js';
import { phantomModule } from './phantom/index.js';
import { GameRegistry } from './registry.js';
import { suspicionModule } from './suspicion/index.js';

/** The registry of all playable games. */
export function defaultRegistry(): GameRegistry {
  return new GameRegistry([suspicionModule, noirModule, phantomModule, jaccuseModule]);
}
