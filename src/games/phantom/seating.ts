/**
 * Seating of Tricks and the Phantom: investigator positions, report and glass order, who
 * must act now, dealing a round (docs/rules/phantom.md §3.3, §3.8). Pure.
 */
import type { Seat } from '../engine.js';
import { Rng } from '../rng.js';
import {
  HAND_SIZE,
  TWO_PLAYER_SEATS_PER_PLAYER,
  deckFor,
  type CardNumber,
  type PhantomState,
} from './rules.js';

/** Investigator positions at the table: 4 in the 2-player game (§3.8), else one per player. */
export function positionCount(players: number): number {
  return players === 2 ? players * TWO_PLAYER_SEATS_PER_PLAYER : players;
}

/** The player who owns a position (2 players: A, B, A, B clockwise → position % 2). */
export function ownerOf(position: number, players: number): Seat {
  return position % players;
}

/** Every position owned by `seat`. */
export function positionsOf(seat: Seat, players: number): number[] {
  const out: number[] = [];
  for (let position = 0; position < positionCount(players); position++) if (ownerOf(position, players) === seat) out.push(position);
  return out;
}

/** 2 players: 0 for a player's A seat, 1 for the B seat; 0 otherwise. */
export function seatLetterIndex(position: number, players: number): number {
  return Math.floor(position / players);
}

/** Positions in report order: clockwise from the first investigator (§3.3 step 3). */
export function reportOrder(s: Pick<PhantomState, 'seats' | 'firstInvestigator'>): number[] {
  const n = positionCount(s.seats);
  return Array.from({ length: n }, (_, i) => (s.firstInvestigator + i) % n);
}

/**
 * Players in glass order: counter-clockwise, starting with the player of the last-played
 * position (§3.3 step 4; 2 players: the owner of the last-played seat, §3.8).
 */
export function glassOrder(s: Pick<PhantomState, 'seats' | 'firstInvestigator'>): Seat[] {
  const order = reportOrder(s);
  const start = ownerOf(order[order.length - 1]!, s.seats);
  return Array.from({ length: s.seats }, (_, i) => (start - i + s.seats * 2) % s.seats);
}

/** A dealt round: hands per player, face-down cards, and the 3-player 4th-party card. */
export interface Deal {
  hands: CardNumber[][];
  faceDown: CardNumber[];
  fourthParty: CardNumber | null;
}

/**
 * Shuffle the round's deck and deal (§3.3 step 1, §3.8): 4p 2 cards each (3 unused),
 * 3p 3 each with the top remaining card face-up as the 4th-party card, 2p 4 each.
 */
export function dealRound(rng: Rng, players: number, beginner: boolean): Deal {
  const deck = rng.shuffle(deckFor(beginner));
  const size = HAND_SIZE[players]!;
  const hands: CardNumber[][] = Array.from({ length: players }, (_, i) => deck.slice(i * size, (i + 1) * size));
  const faceDown = deck.slice(players * size);
  const fourthParty = players === 3 ? (faceDown.shift() ?? null) : null;
  return { hands, faceDown, fourthParty };
}

/** The position that reports next (§3.3 step 3), or undefined once every position has reported. */
function nextReporter(s: PhantomState): number | undefined {
  const positions = positionCount(s.seats);
  return s.reports.length < positions ? (s.firstInvestigator + s.reports.length) % positions : undefined;
}

/** The player who places the next glass (§3.3 step 4, `glassOrder`), or undefined once all have. */
function nextGlass(s: PhantomState): Seat | undefined {
  if (s.glasses.length >= s.seats) return undefined;
  const positions = positionCount(s.seats);
  const start = ownerOf((s.firstInvestigator + positions - 1) % positions, s.seats);
  return (start - s.glasses.length + s.seats * 2) % s.seats;
}

/** True when `seat` must act now (the same answer as `seatsActing(s).includes(seat)`, without allocating). */
export function isActing(s: PhantomState, seat: Seat): boolean {
  switch (s.phase) {
    case 'discard':
      return s.discards[seat] === null;
    case 'report': {
      const position = nextReporter(s);
      return position !== undefined && ownerOf(position, s.seats) === seat;
    }
    case 'solve':
      return nextGlass(s) === seat;
    case 'over':
      return false;
  }
}

/** Seats that must act now (§3.3; 3-player discard: everyone who has not discarded). */
export function seatsActing(s: PhantomState): Seat[] {
  switch (s.phase) {
    case 'discard':
      return s.discards.flatMap((discarded, seat) => (discarded === null ? [seat] : []));
    case 'report': {
      const position = nextReporter(s);
      return position === undefined ? [] : [ownerOf(position, s.seats)];
    }
    case 'solve': {
      const seat = nextGlass(s);
      return seat === undefined ? [] : [seat];
    }
    case 'over':
      return [];
  }
}
