/**
 * Test helpers for Suspicion: build precise states (hands, slots, piles, whose turn) on top
 * of a real setup, act and expect success or a refusal, and count every card.
 */
import { expect } from 'vitest';
import type { GameEvent, Seat } from '../../../src/games/engine.js';
import { suspicionDefinition as def } from '../../../src/games/suspicion/engine.js';
import { setup } from '../../../src/games/suspicion/setup.js';
import {
  buildDeck,
  cardFace,
  optionsSchema,
  type CardId,
  type Colour,
  type SuspicionAction,
  type SuspicionState,
} from '../../../src/games/suspicion/rules.js';

/** Fixed suspects by seat, for readable tests. */
export const SUSPECTS: Colour[][] = [
  ['red', 'blue', 'pink'],
  ['orange', 'yellow', 'green'],
  ['red', 'green', 'blue'],
  ['yellow', 'blue', 'pink'],
  ['orange', 'red', 'pink'],
  ['green', 'yellow', 'blue'],
];

/** A slot spec: a card id (placed by the owner, colour from the card or the slot), or details. */
export type SlotSpec = CardId | null | { card: CardId; protected?: boolean; by?: Seat };

export interface Arrangement {
  variant?: 'classic' | 'no-bluff' | 'criminal' | 'arrest-race';
  options?: Record<string, unknown>;
  turn?: Seat;
  hands?: Record<number, CardId[]>;
  slots?: Record<number, SlotSpec[]>;
  /** Draw pile from the top: the first card is drawn first. Default: every unused card. */
  drawTop?: CardId[];
  /** Use exactly `drawTop` as the draw pile (the unused cards go to the discard pile). */
  drawOnly?: boolean;
  discard?: CardId[];
  blocked?: Record<number, CardId>;
  skip?: Seat[];
  /** Rounds already played (default 1). */
  round?: number;
}

/**
 * A state at a turn of `turn` with exactly the given hands and slots (other seats get plain
 * evidence fillers, which can neither counter nor cancel). Every card of the deck is
 * somewhere exactly once.
 */
export function arrange(seats: number, a: Arrangement = {}): SuspicionState {
  const options = optionsSchema.parse({ variant: a.variant ?? 'classic', ...(a.options ?? {}) });
  const s = setup(options, seats, 12345);
  const pool = new Set(buildDeck(options.variant));
  const take = (c: CardId) => {
    if (!pool.delete(c)) throw new Error(`card ${c} used twice or not in the deck`);
    return c;
  };
  s.players.forEach((p, i) => {
    p.suspect = [...SUSPECTS[i]!];
    p.slots = [null, null, null];
    p.hand = [];
    p.blockCard = null;
    p.skipNext = false;
  });
  for (const [seat, spec] of Object.entries(a.slots ?? {})) {
    const p = s.players[Number(seat)]!;
    spec.forEach((x, i) => {
      if (x === null) return;
      const d = typeof x === 'string' ? { card: x } : x;
      take(d.card);
      p.slots[i] = { card: d.card, colour: p.suspect[i]!, protected: d.protected ?? false, by: d.by ?? Number(seat) };
    });
  }
  for (const [seat, cards] of Object.entries(a.blocked ?? {})) s.players[Number(seat)]!.blockCard = take(cards);
  for (const seat of a.skip ?? []) s.players[seat]!.skipNext = true;
  for (const [seat, cards] of Object.entries(a.hands ?? {})) s.players[Number(seat)]!.hand = cards.map(take);
  const discard = (a.discard ?? []).map(take);
  const top = (a.drawTop ?? []).map(take);
  if (options.variant !== 'arrest-race') {
    const fillers = [...pool].filter((c) => {
      const f = cardFace(c)!;
      return f.kind === 'evidence' && !f.counter;
    });
    s.players.forEach((p, i) => {
      if (a.hands && i in a.hands) return;
      while (p.hand.length < 3) p.hand.push(take(fillers.pop()!));
    });
  }
  const rest = [...pool];
  if (a.drawOnly) {
    s.draw = [...top].reverse();
    s.discard = [...rest, ...discard];
  } else {
    s.draw = [...rest, ...[...top].reverse()];
    s.discard = discard;
  }
  s.turn = a.turn ?? 0;
  s.first = 0;
  s.dealer = seats - 1;
  s.round = a.round ?? 1;
  s.phase = { kind: 'turn' };
  s.step = 100;
  expectConserved(s);
  return s;
}

/** Apply and expect success. */
export function act(s: SuspicionState, seat: Seat, action: SuspicionAction): { state: SuspicionState; events: GameEvent[] } {
  const r = def.apply(s, seat, action);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(action)} for seat ${seat}: ${JSON.stringify(r.error)}`);
  expectConserved(r.state);
  return { state: r.state, events: r.events };
}

/** Apply a sequence of [seat, action] and return the final state. */
export function run(s: SuspicionState, steps: [Seat, SuspicionAction][]): SuspicionState {
  let st = s;
  for (const [seat, a] of steps) st = act(st, seat, a).state;
  return st;
}

/** Apply and expect a refusal; returns its code (and checks the state is untouched). */
export function refuse(s: SuspicionState, seat: Seat, action: unknown): string {
  const before = JSON.stringify(s);
  const r = def.apply(s, seat, action as SuspicionAction);
  if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(action)} for seat ${seat}`);
  expect(JSON.stringify(s)).toBe(before);
  return r.error.code;
}

/** Every card id in the state: hands, piles, slots, served Blocks, cards waiting in a window. */
export function allCards(s: SuspicionState): CardId[] {
  const out: CardId[] = [...s.draw, ...s.discard];
  for (const p of s.players) {
    out.push(...p.hand);
    for (const x of p.slots) if (x) out.push(x.card);
    if (p.blockCard) out.push(p.blockCard);
  }
  const ph = s.phase;
  if (ph.kind === 'counterBack') out.push(ph.placed.card, ph.counterCard);
  if (ph.kind === 'cancel') out.push(ph.card);
  if (ph.kind === 'vote') out.push(ph.card);
  return out;
}

/** Hands + piles + board + face-down + in-window cards = the deck, each card once. */
export function expectConserved(s: SuspicionState): void {
  const cards = allCards(s).sort();
  expect(cards).toEqual(buildDeck(s.options.variant).sort());
}

/** Events of a type. */
export function eventsOf(events: GameEvent[], type: string): GameEvent[] {
  return events.filter((e) => e.type === type);
}

export { def };

/** Mid-game, 4 seats: evidence placed (one protected), a Block served, a skip; Ana places red. */
export function counterWindow(): { state: SuspicionState; events: GameEvent[] } {
  const s = arrange(4, {
    turn: 0,
    hands: { 0: ['red1', 'wild1', 'burn1'], 1: ['redx1', 'tamper1', 'orange2'], 2: ['greenx1', 'block1', 'blue3'] },
    slots: { 0: [null, 'blue1', null], 1: [{ card: 'orange1', protected: true }, null, 'green1'], 2: [null, null, 'blue2'], 3: ['yellow1', null, null] },
    blocked: { 3: 'block2' },
    skip: [2],
    discard: ['pink1'],
  });
  return act(s, 0, { type: 'place', card: 'red1', suspect: 0 });
}
