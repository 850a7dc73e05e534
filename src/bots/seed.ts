/**
 * A bot's randomness, seeded from what its seat can see only: the game id, the seat, its
 * current view and how many events it has seen. Never from the game's generator (which
 * encodes future draws) nor from the table seed (which fixes the deal), so two states that
 * look the same to the seat give the same choice.
 */
import { Rng } from '../games/rng.js';
import type { BotInput } from '../games/bot.js';

/** 32-bit FNV-1a hash of a string (UTF-16 code units), as an unsigned integer. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The seed of a decision: a hash of the seat's view, the seat, the game, the number of
 * visible events and `salt` (e.g. the level, so levels do not share their dice).
 */
export function viewSeed(input: Pick<BotInput, 'game' | 'seat' | 'view' | 'events'>, salt = ''): number {
  return fnv1a(`${input.game}|${input.seat}|${input.events.length}|${salt}|${JSON.stringify(input.view)}`) | 0;
}

/** A generator for one decision, seeded by `viewSeed`. */
export function viewRng(input: Pick<BotInput, 'game' | 'seat' | 'view' | 'events'>, salt = ''): Rng {
  return Rng.seeded(viewSeed(input, salt));
}
