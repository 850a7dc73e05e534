/**
 * The bot kit of every game (src/games/<game>/bot.ts), by game id.
 */
import type { GameId } from '../games/engine.js';
import { jaccuseBot } from '../games/jaccuse/bot.js';
import { noirBot } from '../games/noir/bot.js';
import { phantomBot } from '../games/phantom/bot.js';
import { suspicionBot } from '../games/suspicion/bot.js';
import type { AnyBotKit } from './kit.js';

const KITS: Partial<Record<GameId, AnyBotKit>> = {
  suspicion: suspicionBot,
  noir: noirBot,
  phantom: phantomBot,
  jaccuse: jaccuseBot,
};

/** The kit of `game`; throws for a game without AI players (a programming error). */
export function botKit(game: GameId): AnyBotKit {
  const kit = KITS[game];
  if (!kit) throw new Error(`no AI players for ${game}`);
  return kit;
}
