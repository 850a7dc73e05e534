/**
 * Suspicion — the pure game definition (rules/suspicion.md): setup, pending decisions,
 * legal actions, apply, timeouts, views and result. The pieces live in engine-*.ts.
 */
import type { GameDefinition, Pending, Seat } from '../engine.js';
import { Rng, seedRng } from '../rng.js';
import {
  HAND_SIZE,
  MAX_PLAYERS,
  MIN_PLAYERS,
  actionSchema,
  allSuspects,
  buildDeck,
  optionsSchema,
  type SuspicionAction,
  type SuspicionOptions,
  type SuspicionState,
} from './rules.js';
import { applyAction } from './engine-apply.js';
import { decodeAction, encodeAction } from './engine-codec.js';
import { legalActions } from './engine-legal.js';
import { publicView, result, seatView, type SuspicionPublicView, type SuspicionSeatView } from './engine-view.js';
import { autoAction } from './autoplay.js';

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
  const colourOrder = suspects.map((sus) => rng.shuffle(sus));
  const draw = rng.shuffle(buildDeck(opts.variant));
  const handSize = opts.variant === 'arrest-race' ? 0 : HAND_SIZE;
  const players = colourOrder.map((suspect) => ({
    suspect,
    slots: [null, null, null],
    hand: draw.splice(draw.length - handSize, handSize),
    blockCard: null,
    skipNext: false,
  }));
  const first = (dealer + 1) % seatCount;
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

/**
 * What the game waits for: the active player's turn (turn timer); the counter race of every
 * rival of the placer who has not passed (reaction timer, §1.7); the placer's counter-counter
 * or the target's cancel (reaction timer); the secret vote (vote timer, §1.9); or the end.
 */
export function pending(s: SuspicionState): Pending {
  const o = s.options;
  const ph = s.phase;
  const reaction = { timer: 'reaction' as const, timeoutMs: o.reactionSeconds * 1000 };
  switch (ph.kind) {
    case 'turn':
      return { kind: 'turn', seat: s.turn, step: s.step, timer: 'turn', timeoutMs: o.turnSeconds * 1000 };
    case 'counter': {
      const seats: Seat[] = [];
      for (let i = 1; i < s.seats; i++) {
        const seat = (ph.placer + i) % s.seats;
        if (!ph.passed.includes(seat)) seats.push(seat);
      }
      return { kind: 'race', seats, step: s.step, ...reaction };
    }
    case 'counterBack':
      return { kind: 'turn', seat: ph.placer, step: s.step, ...reaction };
    case 'cancel':
      return { kind: 'turn', seat: ph.target, step: s.step, ...reaction };
    case 'vote':
      return {
        kind: 'simultaneous',
        seats: [...ph.voters],
        waiting: ph.voters.filter((v) => ph.votes[v] === null),
        step: s.step,
        timer: 'vote',
        timeoutMs: o.voteSeconds * 1000,
      };
    case 'over':
      return { kind: 'over', step: s.step };
  }
}

/** The Suspicion game definition (rules/suspicion.md). */
export const suspicionDefinition: GameDefinition<SuspicionState, SuspicionAction, SuspicionOptions, SuspicionPublicView, SuspicionSeatView> = {
  id: 'suspicion',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  optionsSchema,
  actionSchema,
  setup,
  pending,
  legalActions,
  apply: applyAction,
  defaultAction: autoAction,
  autoAction,
  publicView,
  seatView,
  result,
  encodeAction,
  decodeAction,
};
