/**
 * The bot kit of every game (src/games/<game>/bot.ts), by game id.
 */
import { isGameId, type GameId } from '../games/index.js';
import { jaccuseBot } from '../games/jaccuse/bot.js';
import { noirBot } from '../games/noir/bot.js';
import { phantomBot } from '../games/phantom/bot.js';
import { suspicionBot } from '../games/suspicion/bot.js';
import type { AnyBotKit } from '../games/bot.js';

/** The kits by game id; each kit's own `game` is the id it is listed under (checked by `botKit`). */
const KITS: Partial<Record<GameId, AnyBotKit>> = {
  suspicion: suspicionBot,
  noir: noirBot,
  phantom: phantomBot,
  jaccuse: jaccuseBot,
};

/**
 * The kit of `game` (a `GameId`; a bot input carries it as a string); throws for an unknown
 * game, a game without AI players or a kit listed under another id (programming errors).
 */
export function botKit(game: string): AnyBotKit {
  if (!isGameId(game)) throw new Error(`no such game: ${game}`);
  const kit = KITS[game];
  if (!kit) throw new Error(`no AI players for ${game}`);
  if (kit.game !== game) throw new Error(`the kit listed for ${game} is ${kit.game}'s`);
  return kit;
}
