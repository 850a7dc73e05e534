/**
 * What a J'Accuse! seat knows (the bot contract's `Knowledge`, src/games/bot.ts): the types
 * shared by the knowledge tracking and determinizer (./bot.ts), the heuristics
 * (./bot-normal.ts) and the Hard model (./bot-hard.ts), so none imports another for them.
 */
import type { Knowledge } from '../bot.js';
import type { Seat } from '../engine.js';
import { jaccuseDefinition } from './engine.js';
import type { EvidenceId, JaccuseOptions, SuspicionCard } from './rules.js';

/** A seat's view of J'Accuse!. */
export type JaccuseSeatView = ReturnType<typeof jaccuseDefinition.seatView>;

/**
 * What a J'Accuse! seat knows: its view; the exonerated cards, in the order they went under
 * their piles; and, from every revealed vote, how much each rival plays by self-interest
 * (moves evidence away when holding some, accuses otherwise) rather than at random.
 */
export interface JaccuseKnowledge extends Knowledge<JaccuseSeatView> {
  options: JaccuseOptions;
  exonerated: EvidenceId[];
  /** Who holds each in-play Suspected Evidence card (replayed from the events). */
  holders: Partial<Record<EvidenceId, Seat>>;
  /** Suspicion cards used this cycle per seat (replayed). */
  used: SuspicionCard[][];
  /**
   * Per seat: log-odds that it votes by self-interest rather than at random, from the revealed
   * votes (public), so the same for every seat's knowledge; the seat's own entry included.
   */
  purpose: number[];
}

