/**
 * Tricks and the Phantom — the initial state and the deal of each round
 * (docs/rules/phantom.md §3.3, §3.8).
 */
import type { GameEvent } from '../engine.js';
import { openDecision } from '../moves.js';
import { Rng, seedRng } from '../rng.js';
import { FIRST_INVESTIGATOR_OF_GAME, MAX_PLAYERS, MIN_PLAYERS, optionsSchema, type PhantomOptions, type PhantomState } from './rules.js';
import { dealRound, ownerOf, positionCount } from './seating.js';

/** Events announcing a new round: the public start and each player's private deal. */
export function roundEvents(s: PhantomState): GameEvent[] {
  const events: GameEvent[] = [
    {
      type: 'round-started',
      round: s.round,
      firstInvestigator: s.firstInvestigator,
      firstSeat: ownerOf(s.firstInvestigator, s.seats),
      fourthParty: s.fourthParty,
    },
  ];
  s.hands.forEach((cards, seat) => events.push({ type: 'dealt', to: [seat], cards: [...cards] }));
  return events;
}

/**
 * Deal round `round` into the draft `s`: shuffle, deal, the 3-player 4th-party card (§3.3,
 * §3.8); opens the 3-player secret discard, or the first report.
 */
export function startRound(s: PhantomState, round: number): void {
  const rng = Rng.from(s.rng);
  const deal = dealRound(rng, s.seats, s.options.beginner);
  s.rng = rng.state();
  s.round = round;
  s.crime = 1;
  s.hands = deal.hands;
  s.faceDown = deal.faceDown;
  s.fourthParty = deal.fourthParty;
  s.discards = s.hands.map(() => null);
  s.retired = [];
  s.reports = [];
  s.glasses = [];
  openDecision(s, s.seats === 3 ? 'discard' : 'report');
}

/**
 * Create the initial state (§3.3): seeded RNG, random first investigator of the game
 * ([DEFAULT]), first round dealt. Throws for a seat count outside 2–4.
 */
export function setup(options: PhantomOptions, seatCount: number, seed: number): PhantomState {
  if (!Number.isInteger(seatCount) || seatCount < MIN_PLAYERS || seatCount > MAX_PLAYERS) {
    throw new RangeError(`phantom: ${seatCount} seats (needs ${MIN_PLAYERS}–${MAX_PLAYERS})`);
  }
  const opts = optionsSchema.parse(options);
  const rng = Rng.from(seedRng(seed));
  const firstInvestigator = FIRST_INVESTIGATOR_OF_GAME === 'random' ? rng.int(0, positionCount(seatCount) - 1) : 0;
  const s: PhantomState = {
    v: 1,
    options: opts,
    seats: seatCount,
    rng: rng.state(),
    step: 0,
    phase: 'report',
    round: 0,
    crime: 1,
    scores: Array.from({ length: seatCount }, () => 0),
    hands: [],
    discards: [],
    faceDown: [],
    fourthParty: null,
    retired: [],
    firstInvestigator,
    reports: [],
    glasses: [],
    lastCrime: null,
    winners: [],
  };
  startRound(s, 1);
  return s;
}
