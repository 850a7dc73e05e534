/**
 * Suspicion — the initial state (docs/rules/suspicion.md §1.3).
 */
import { Rng, seedRng } from '../rng.js';
import { leftOf } from '../seats.js';
import { HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, allSuspects, buildDeck, optionsSchema, type SuspicionOptions, type SuspicionState } from './rules.js';

/**
 * §1.3 setup: a random dealer; one random suspect card per player (colours in LEFT, RIGHT,
 * BOTTOM order); the shuffled deck; 3 cards each (none in Arrest Race, where nobody holds a
 * hand); the first player sits left of the dealer. Throws for a seat count outside 2–6.
 */
export function setup(options: SuspicionOptions, seatCount: number, seed: number): SuspicionState {
  if (!Number.isInteger(seatCount) || seatCount < MIN_PLAYERS || seatCount > MAX_PLAYERS) {
    throw new RangeError(`Suspicion needs ${MIN_PLAYERS}–${MAX_PLAYERS} players, got ${seatCount}`);
  }
  const opts = optionsSchema.parse(options);
  const rng = Rng.from(seedRng(seed));
  const dealer = rng.int(0, seatCount - 1);
  const suspects = rng.shuffle(allSuspects()).slice(0, seatCount);
  const colourOrder = suspects.map((suspect) => rng.shuffle(suspect));
  const draw = rng.shuffle(buildDeck(opts.variant));
  const handSize = opts.variant === 'arrest-race' ? 0 : HAND_SIZE;
  const players = colourOrder.map((suspect) => ({
    suspect,
    slots: [null, null, null],
    hand: draw.splice(draw.length - handSize, handSize),
    blockCard: null,
    skipNext: false,
  }));
  const first = leftOf(dealer, seatCount);
  return {
    options: opts,
    seats: seatCount,
    rng: rng.state(),
    step: 1,
    round: 1,
    dealer,
    first,
    turn: first,
    players,
    draw,
    discard: [],
    phase: { kind: 'turn' },
    lastReveal: null,
  };
}
