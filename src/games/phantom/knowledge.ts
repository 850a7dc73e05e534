/**
 * What a Tricks and the Phantom seat knows (the bot contract's `Knowledge`, src/games/bot.ts),
 * shared by ./bot.ts and the heuristics (./bot-normal.ts).
 */
import type { Knowledge } from '../bot.js';
import type { PhantomSeatView } from './bot-deal.js';
import type { PhantomOptions } from './rules.js';

/** What a seat knows: its view is all of it (the history is on the board). */
export interface PhantomKnowledge extends Knowledge<PhantomSeatView> {
  options: PhantomOptions;
}
