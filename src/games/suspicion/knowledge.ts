/**
 * What a Suspicion seat knows (the bot contract's `Knowledge`, src/games/bot.ts): the types
 * shared by the knowledge tracking and determinizer (./bot.ts) and the heuristics
 * (./bot-normal.ts), so neither imports the other's file for them.
 */
import type { Knowledge } from '../bot.js';
import type { Seat } from '../engine.js';
import { suspicionDefinition } from './engine.js';
import type { SuspicionOptions } from './rules.js';

/** A seat's view of Suspicion. */
export type SuspicionSeatView = ReturnType<typeof suspicionDefinition.seatView>;

/** Tally of one seat's revealed votes (§1.9; public once revealed). */
export interface VoteTally {
  believe: number;
  bluff: number;
  abstain: number;
}

/** What a Suspicion seat knows: its view plus what it tracked from the public history. */
export interface SuspicionKnowledge extends Knowledge<SuspicionSeatView> {
  options: SuspicionOptions;
  /** The first player (round boundaries, §1.3 step 4): whoever had the first turn. */
  first: Seat;
  /** Faces in the discard pile, bottom to top (keys as `faceKey`: `red`, `redx`, `burn`…). */
  discard: string[];
  /** Face key of the card under an open counter window, and whether its placer refills after it. */
  placedFace: string | null;
  placedRefill: boolean;
  /** Revealed votes per seat. */
  votes: VoteTally[];
  /** Revealed declarations per seat: how many, and how many were correct. */
  declared: { total: number; correct: number }[];
  /**
   * Turns in a row (any seat's) that changed nothing on the table: a discard, an empty-handed
   * pass or a lost turn (§1.5, §1.6 B); a placement, an attack, a recolour or a declaration
   * starts the count again. Criminal Edition's Normal player breaks a stall with it (bot-normal.ts).
   */
  quiet: number;
}
