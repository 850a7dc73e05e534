/**
 * The bot kit of every game (src/games/<game>/bot.ts), by game id.
 */
import type { GameId } from '../games/index.js';
import { jaccuseBot } from '../games/jaccuse/bot.js';
import { noirBot } from '../games/noir/bot.js';
import { phantomBot } from '../games/phantom/bot.js';
import { suspicionBot } from '../games/suspicion/bot.js';
import type { AnyBotKit, GameId as BotGameId } from './kit.js';

/** Compile-time check: the bot contract's game list is exactly the registry's. */
export const GAME_LISTS_AGREE: [GameId] extends [BotGameId] ? ([BotGameId] extends [GameId] ? true : never) : never = true;

const KITS: Record<GameId, AnyBotKit> = {
  suspicion: suspicionBot,
  noir: noirBot,
  phantom: phantomBot,
  jaccuse: jaccuseBot,
};

/** The kit of `game`; throws for a game without AI players (a programming error). */
export function botKit(game: GameId): AnyBotKit {
  const kit = (KITS as Partial<Record<string, AnyBotKit>>)[game];
  if (!kit) throw new Error(`no AI players for ${game}`);
  return kit;
}
