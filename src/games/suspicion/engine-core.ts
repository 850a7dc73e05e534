/**
 * Suspicion — shared state helpers: drawing and refilling with reshuffles, turn passing with
 * consumed turns (skip / Block), the round cap, and small queries (rules/suspicion.md).
 * Pure functions; the "mutating" helpers work on a state the caller has already cloned.
 */
import type { GameEvent, Seat } from '../engine.js';
import { Rng } from '../rng.js';
import {
  FACE_UP_LIMIT_BLUFF,
  HAND_SIZE,
  ROUND_CAP,
  SUSPECT_COLOURS,
  cardFace,
  faceKey,
  type CardFace,
  type CardId,
  type EndReason,
  type SuspicionState,
  type Variant,
} from './rules.js';

/** The face of a card known to be valid (a programming error otherwise). */
export function face(id: CardId): CardFace {
  const f = cardFace(id);
  if (!f) throw new Error(`unknown card ${id}`);
  return f;
}

/** Number of face-up cards on `seat`'s suspect. */
export function faceUpCount(s: SuspicionState, seat: Seat): number {
  return s.players[seat]!.slots.filter((x) => x !== null).length;
}

/** Face-up cards a suspect may carry in this variant (§1.6 A; No-Bluff: all three). */
export function faceUpLimit(variant: Variant): number {
  return variant === 'no-bluff' || variant === 'arrest-race' ? SUSPECT_COLOURS : FACE_UP_LIMIT_BLUFF;
}

/** The slot index of `colour` on `seat`'s suspect, or -1. */
export function slotOf(s: SuspicionState, seat: Seat, colour: string): number {
  return s.players[seat]!.suspect.indexOf(colour as never);
}

/** Seats other than `seat`, clockwise from its left. */
export function rivalsOf(s: SuspicionState, seat: Seat): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i < s.seats; i++) out.push((seat + i) % s.seats);
  return out;
}

/** The first card of `seat`'s hand matching `pred`, or undefined. */
export function findInHand(s: SuspicionState, seat: Seat, pred: (f: CardFace) => boolean): CardId | undefined {
  return s.players[seat]!.hand.find((c) => pred(face(c)));
}

/** The first card in `seat`'s hand with the same face as `card` (interchangeable copies). */
export function canonicalCard(s: SuspicionState, seat: Seat, card: CardId): CardId {
  const key = faceKey(face(card));
  return s.players[seat]!.hand.find((c) => faceKey(face(c)) === key) ?? card;
}

/** Remove `card` from `seat`'s hand (it must be there). */
export function takeFromHand(s: SuspicionState, seat: Seat, card: CardId): void {
  const hand = s.players[seat]!.hand;
  const i = hand.indexOf(card);
  if (i < 0) throw new Error(`card ${card} not in hand of ${seat}`);
  hand.splice(i, 1);
}

/**
 * Draw the top card, reshuffling the discard pile into a new draw pile when the draw pile is
 * empty (§1.10 [DEFAULT]). Undefined when both piles are empty.
 */
export function drawOne(s: SuspicionState, events: GameEvent[]): CardId | undefined {
  if (s.draw.length === 0) {
    if (s.discard.length === 0) return undefined;
    const rng = Rng.from(s.rng);
    s.draw = rng.shuffle(s.discard);
    s.rng = rng.state();
    s.discard = [];
    events.push({ type: 'reshuffled', count: s.draw.length });
  }
  return s.draw.pop();
}

/** Refill `seat`'s hand to HAND_SIZE (§1.5 step 3); fewer if both piles run dry. */
export function refill(s: SuspicionState, seat: Seat, events: GameEvent[]): void {
  const hand = s.players[seat]!.hand;
  const drawn: CardId[] = [];
  while (hand.length < HAND_SIZE) {
    const c = drawOne(s, events);
    if (c === undefined) break;
    hand.push(c);
    drawn.push(c);
  }
  if (drawn.length > 0) events.push({ type: 'drew', to: [seat], seat, cards: drawn });
}

/** End the game (§1.11, §1.10 cap). */
export function endGame(s: SuspicionState, winner: Seat | null, reason: EndReason, events: GameEvent[]): void {
  s.phase = { kind: 'over', winner, reason };
  s.step++;
  events.push(winner === null ? { type: 'capReached', rounds: ROUND_CAP } : { type: 'won', seat: winner, reason });
}

/**
 * Pass play clockwise to the next player (§1.5 step 4). Turns of a player who must skip or
 * is blocked are consumed at once (§1.5 step 1: one consumed turn clears both flags and
 * discards the Block card). Each return to the first player starts a new round; passing
 * ROUND_CAP ends the game without a winner (§1.10).
 */
export function nextTurn(s: SuspicionState, events: GameEvent[]): void {
  for (;;) {
    s.turn = (s.turn + 1) % s.seats;
    if (s.turn === s.first) {
      s.round++;
      if (s.round > ROUND_CAP) {
        endGame(s, null, 'cap', events);
        return;
      }
    }
    const p = s.players[s.turn]!;
    if (!p.skipNext && p.blockCard === null) break;
    events.push({ type: 'turnLost', seat: s.turn, skipped: p.skipNext, blocked: p.blockCard !== null });
    if (p.blockCard !== null) s.discard.push(p.blockCard);
    p.blockCard = null;
    p.skipNext = false;
  }
  s.phase = { kind: 'turn' };
  s.step++;
}

/** A deep copy of the state (hand-written: much faster than structuredClone for every action). */
export function cloneState(s: SuspicionState): SuspicionState {
  const ph = s.phase;
  let phase: SuspicionState['phase'];
  switch (ph.kind) {
    case 'counter':
      phase = { ...ph, passed: [...ph.passed] };
      break;
    case 'counterBack':
      phase = { ...ph, placed: { ...ph.placed } };
      break;
    case 'vote':
      phase = { ...ph, voters: [...ph.voters], votes: [...ph.votes] };
      break;
    default:
      phase = { ...ph };
  }
  return {
    ...s,
    options: { ...s.options },
    rng: [...s.rng],
    players: s.players.map((p) => ({
      suspect: [...p.suspect],
      slots: p.slots.map((x) => (x ? { ...x } : null)),
      hand: [...p.hand],
      blockCard: p.blockCard,
      skipNext: p.skipNext,
    })),
    draw: [...s.draw],
    discard: [...s.discard],
    phase,
    lastReveal: s.lastReveal && { ...s.lastReveal, votes: [...s.lastReveal.votes] },
  };
}
