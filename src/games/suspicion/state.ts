/**
 * Suspicion — state queries and the helpers every move shares: card faces, who may be
 * targeted, drawing and refilling with reshuffles, turn passing with consumed turns (skip /
 * Block), the end of the game, and the state clone (docs/rules/suspicion.md).
 * The mutating helpers work on a draft the caller has already cloned.
 */
import type { GameEvent, Seat } from '../engine.js';
import { openDecision } from '../moves.js';
import { Rng } from '../rng.js';
import { rivalsClockwise } from '../seats.js';
import {
  FACE_UP_LIMIT_BLUFF,
  HAND_SIZE,
  ROUND_CAP,
  SUSPECT_COLOURS,
  cardFace,
  faceKey,
  type Attack,
  type CardFace,
  type CardId,
  type Colour,
  type EndReason,
  type Phase,
  type SuspicionState,
  type Variant,
} from './rules.js';

/** The face of a card known to be valid (a programming error otherwise). */
export function face(id: CardId): CardFace {
  const found = cardFace(id);
  if (!found) throw new Error(`unknown card ${id}`);
  return found;
}

/** Number of face-up cards on `seat`'s suspect. */
export function faceUpCount(s: SuspicionState, seat: Seat): number {
  let count = 0;
  for (const slot of s.players[seat]!.slots) if (slot !== null) count++;
  return count;
}

/** Face-up cards a suspect may carry in this variant (§1.6 A; No-Bluff: all three). */
export function faceUpLimit(variant: Variant): number {
  return variant === 'no-bluff' || variant === 'arrest-race' ? SUSPECT_COLOURS : FACE_UP_LIMIT_BLUFF;
}

/** The slot index of `colour` on `seat`'s suspect, or -1. */
export function slotOf(s: SuspicionState, seat: Seat, colour: Colour): number {
  return s.players[seat]!.suspect.indexOf(colour);
}

/** Seats other than `seat`, clockwise from its left. */
export function rivalsOf(s: SuspicionState, seat: Seat): Seat[] {
  return rivalsClockwise(seat, s.seats);
}

/** True when `target` is a seat at the table other than `seat`. */
export function isRival(s: SuspicionState, seat: Seat, target: Seat): boolean {
  return Number.isInteger(target) && target >= 0 && target < s.seats && target !== seat;
}

/** Suspects `seat` may place evidence on: its own, or (Criminal Edition) every rival's (§1.12). */
export function placeTargets(s: SuspicionState, seat: Seat): Seat[] {
  return s.options.variant === 'criminal' ? rivalsOf(s, seat) : [seat];
}

/** True when `suspect` is one of `placeTargets(s, seat)`. */
export function isPlaceTarget(s: SuspicionState, seat: Seat, suspect: Seat): boolean {
  return s.options.variant === 'criminal' ? isRival(s, seat, suspect) : suspect === seat;
}

/** Suspects Burn/Tamper may hit: rivals, or (Criminal Edition) any suspect (§1.12). */
export function attackTargets(s: SuspicionState, seat: Seat): Seat[] {
  return s.options.variant === 'criminal' ? [...rivalsOf(s, seat), seat] : rivalsOf(s, seat);
}

/** True when `target` is one of `attackTargets(s, seat)`. */
export function isAttackTarget(s: SuspicionState, seat: Seat, target: Seat): boolean {
  return isRival(s, seat, target) || (s.options.variant === 'criminal' && target === seat);
}

/** The first card of `seat`'s hand whose face matches `matches`, or undefined. */
export function findInHand(s: SuspicionState, seat: Seat, matches: (f: CardFace) => boolean): CardId | undefined {
  return s.players[seat]!.hand.find((card) => matches(face(card)));
}

/** The first card in `seat`'s hand with the same face as `card` (interchangeable copies). */
export function canonicalCard(s: SuspicionState, seat: Seat, card: CardId): CardId {
  const key = faceKey(face(card));
  return s.players[seat]!.hand.find((held) => faceKey(face(held)) === key) ?? card;
}

/** The counter card `seat` would use against colour `colour`: its first ⇄ card of that colour, never a Wild (§1.7). */
export function counterCardFor(s: SuspicionState, seat: Seat, colour: Colour): CardId | undefined {
  for (const card of s.players[seat]!.hand) {
    const f = face(card);
    if (f.kind === 'evidence' && f.counter && f.colour === colour) return card;
  }
  return undefined;
}

/** The card `seat` would cancel `attack` with: its first copy of the attacking card (§1.8). */
export function cancelCardFor(s: SuspicionState, seat: Seat, attack: Attack): CardId | undefined {
  for (const card of s.players[seat]!.hand) if (face(card).kind === attack) return card;
  return undefined;
}

/** Rivals of the placer still in the counter race `window`, clockwise from the placer's left (§1.7). */
export function racing(s: SuspicionState, window: Extract<Phase, { kind: 'counter' }>): Seat[] {
  return rivalsClockwise(window.placer, s.seats).filter((seat) => !window.passed.includes(seat));
}

/** True while `seat` holds a served Block card: it plays no card out of turn (§1.8). */
export function isBlocked(s: SuspicionState, seat: Seat): boolean {
  return s.players[seat]!.blockCard !== null;
}

/** Remove `card` from `seat`'s hand (it must be there). */
export function takeFromHand(s: SuspicionState, seat: Seat, card: CardId): void {
  const hand = s.players[seat]!.hand;
  const index = hand.indexOf(card);
  if (index < 0) throw new Error(`card ${card} not in hand of ${seat}`);
  hand.splice(index, 1);
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
    const card = drawOne(s, events);
    if (card === undefined) break;
    hand.push(card);
    drawn.push(card);
  }
  if (drawn.length > 0) events.push({ type: 'drew', to: [seat], seat, cards: drawn });
}

/** End the game (§1.11, §1.10 cap). */
export function endGame(s: SuspicionState, winner: Seat | null, reason: EndReason, events: GameEvent[]): void {
  openDecision(s, { kind: 'over', winner, reason });
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
    const player = s.players[s.turn]!;
    if (!player.skipNext && player.blockCard === null) break;
    events.push({ type: 'turnLost', seat: s.turn, skipped: player.skipNext, blocked: player.blockCard !== null });
    if (player.blockCard !== null) s.discard.push(player.blockCard);
    player.blockCard = null;
    player.skipNext = false;
  }
  openDecision(s, { kind: 'turn' });
}

/**
 * A deep copy of the state. Hand-written on purpose: it measures several times faster than
 * `structuredClone` (bench/legal-moves.ts, `apply_per_s`), and every move clones once.
 */
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
    players: s.players.map((player) => ({
      suspect: [...player.suspect],
      slots: player.slots.map((slot) => (slot ? { ...slot } : null)),
      hand: [...player.hand],
      blockCard: player.blockCard,
      skipNext: player.skipNext,
    })),
    draw: [...s.draw],
    discard: [...s.discard],
    phase,
    lastReveal: s.lastReveal && { ...s.lastReveal, votes: [...s.lastReveal.votes] },
  };
}
