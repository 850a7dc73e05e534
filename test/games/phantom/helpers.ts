/** Small builders for precise Tricks and the Phantom states (tests only). */
import { expect } from 'vitest';
import type { GameEvent, Seat } from '../../../src/games/engine.js';
import { phantomDefinition as def } from '../../../src/games/phantom/engine.js';
import { setup } from '../../../src/games/phantom/setup.js';
import { optionsSchema, trueColour, type CardNumber, type Colour, type PhantomAction, type PhantomState } from '../../../src/games/phantom/rules.js';

export { def };

/** Parsed options with overrides. */
export const opts = (o: Record<string, unknown> = {}) => optionsSchema.parse(o);

/**
 * A state at the start of a crime's report phase with the given hands (per player),
 * first investigator (a position), scores and 3-player 4th-party card.
 */
export function crimeState(
  seats: number,
  o: {
    hands: CardNumber[][];
    firstInvestigator?: number;
    scores?: number[];
    fourthParty?: CardNumber | null;
    faceDown?: CardNumber[];
    crime?: number;
    round?: number;
    targetScore?: number;
    beginner?: boolean;
  },
): PhantomState {
  const s = setup(opts({ targetScore: o.targetScore ?? 10, beginner: o.beginner ?? false }), seats, 1);
  s.hands = o.hands.map((h) => [...h]);
  s.firstInvestigator = o.firstInvestigator ?? 0;
  s.scores = o.scores ?? s.scores.map(() => 0);
  s.fourthParty = o.fourthParty ?? null;
  s.faceDown = o.faceDown ?? [];
  s.discards = s.hands.map(() => null);
  s.crime = o.crime ?? 1;
  s.round = o.round ?? 1;
  s.retired = [];
  s.phase = 'report';
  if (seats === 3) s.discards = s.hands.map(() => 2 as CardNumber); // placeholder discards (not checked)
  return s;
}

/** A report of `card` with its true colour (a Phantom: `colour`, default red). */
export const report = (card: CardNumber, colour?: Colour): PhantomAction => ({
  type: 'report',
  card,
  colour: colour ?? trueColour(card) ?? 'red',
});

/** A glass on a position or the 4th-party card. */
export const glass = (on: number | 'fourth'): PhantomAction => ({ type: 'glass', on });

/** Apply `seat`'s action, expecting success. */
export function act(s: PhantomState, seat: Seat, a: PhantomAction): { state: PhantomState; events: GameEvent[] } {
  const r = def.apply(s, seat, a);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(a)} by ${seat}: ${JSON.stringify(r.error)}`);
  return { state: r.state, events: r.events };
}

/** The seat `pending` says must act (turn decisions). */
export function turnSeat(s: PhantomState): Seat {
  const p = def.pending(s);
  expect(p.kind).toBe('turn');
  return (p as { seat: Seat }).seat;
}

/**
 * Play a whole crime: `reports` in report order (each by whoever must act), then `glasses`
 * in glass order. Returns the final state and every event.
 */
export function playCrime(
  s: PhantomState,
  reports: PhantomAction[],
  glasses: (number | 'fourth')[],
): { state: PhantomState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  let state = s;
  for (const a of [...reports, ...glasses.map(glass)]) {
    const r = act(state, turnSeat(state), a);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/** Multiset of every card in the state (for conservation checks). */
export function allCards(s: PhantomState): number[] {
  return [
    ...s.hands.flat(),
    ...s.discards.filter((d): d is CardNumber => d !== null),
    ...s.faceDown,
    ...(s.fourthParty !== null ? [s.fourthParty] : []),
    ...s.retired,
    ...s.reports.map((r) => r.card),
  ].sort((a, b) => a - b);
}
