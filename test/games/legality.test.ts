/**
 * One source of legality (src/games/README.md "Moves"): in every game, `legalActions` offers
 * exactly the moves its rules' `check` allows. `legalActions` runs each check in parts (the
 * position's gate once, then the move's own part per candidate) for speed; this proves the
 * parts add up to the whole check. For random positions of random legal games and every seat,
 * the whole action space of the game (every action type with every value of its fields, plus
 * cards the seat does not hold) is checked one action at a time with `check`, and:
 * - every move `legalActions` offers is allowed by `check`, and offered once;
 * - every action `check` allows is offered (Suspicion offers interchangeable copies in a hand
 *   once, with the first copy's id: docs/rules/suspicion.md, src/games/suspicion/moves.ts);
 * - `apply` refuses every other action, with the very refusal `check` gives when the action
 *   fits the game's action schema.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGameDefinition, Seat } from '../../src/games/engine.js';
import { jaccuseDefinition } from '../../src/games/jaccuse/engine.js';
import { ALL_EVIDENCE, ALL_INVESTIGATIONS, CHARACTERS, CHARACTER_MODES, SUSPICION_CARDS, type JaccuseState } from '../../src/games/jaccuse/rules.js';
import { noirDefinition } from '../../src/games/noir/engine.js';
import { MODES, type NoirState } from '../../src/games/noir/rules.js';
import { phantomDefinition } from '../../src/games/phantom/engine.js';
import { MAX_POSITIONS } from '../../src/games/phantom/rules.js';
import { suspicionDefinition } from '../../src/games/suspicion/engine.js';
import { VARIANTS, buildDeck, type SuspicionState } from '../../src/games/suspicion/rules.js';
import { canonicalCard } from '../../src/games/suspicion/state.js';
import { playRandomGame } from '../support/random-play.js';

/** A game, how to draw a table for it, its whole action space in a position, and how to name a move. */
interface Case {
  name: string;
  def: AnyGameDefinition;
  table: fc.Arbitrary<{ seats: number; options: Record<string, unknown> }>;
  /** Every action worth checking for `seat` in `state`. */
  space(state: any, seat: Seat): unknown[];
  /** The move `legalActions` offers for an allowed action (Suspicion: the first interchangeable copy). */
  canonical?(state: any, seat: Seat, action: any): unknown;
}

const SLOTS = [0, 1, 2];
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

const suspicion: Case = {
  name: 'Suspicion',
  def: suspicionDefinition,
  table: fc.record({ seats: fc.integer({ min: suspicionDefinition.minPlayers, max: suspicionDefinition.maxPlayers }), options: fc.record({ variant: fc.constantFrom(...VARIANTS) }) }),
  space(s: SuspicionState, seat) {
    const hand = s.players[seat]?.hand ?? [];
    const missing = buildDeck(s.options.variant).find((card) => !hand.includes(card));
    const cards = missing === undefined ? [...hand] : [...hand, missing];
    const seats = range(s.seats);
    const out: unknown[] = [];
    for (const card of cards) {
      out.push({ type: 'discard', card });
      for (const other of seats) {
        out.push({ type: 'place', card, suspect: other }, { type: 'declare', card, suspect: other });
        out.push({ type: 'burn', card, target: other }, { type: 'block', card, target: other }, { type: 'tamper', card, target: other });
        for (const slot of SLOTS) out.push({ type: 'wild', card, suspect: other, slot }, { type: 'tamper', card, target: other, slot });
      }
    }
    for (const other of seats) for (const from of SLOTS) for (const to of SLOTS) out.push({ type: 'recolour', suspect: other, from, to });
    for (const type of ['draw', 'pass', 'counter', 'counterBack', 'accept', 'cancel', 'allow', 'abstain']) out.push({ type });
    out.push({ type: 'vote', verdict: 'believe' }, { type: 'vote', verdict: 'bluff' });
    return out;
  },
  canonical(s: SuspicionState, seat, action) {
    return 'card' in action ? { ...action, card: canonicalCard(s, seat, action.card) } : action;
  },
};

const noir: Case = {
  name: 'NOIR',
  def: noirDefinition,
  table: fc.record({ seats: fc.constant(2), options: fc.record({ mode: fc.constantFrom(...MODES) }) }),
  space(s: NoirState) {
    const suspects = range(25);
    const out: unknown[] = [{ type: 'disguise' }, { type: 'exonerate' }];
    for (const suspect of suspects) {
      out.push({ type: 'kill', suspect }, { type: 'choose', suspect }, { type: 'arrest', suspect }, { type: 'discard', suspect });
    }
    // A citizen's arrest discarding each hand card, or one suspect not in hand, against every suspect.
    const discards = [...s.hand, suspects.find((suspect) => !s.hand.includes(suspect))!];
    for (const discard of discards) for (const target of suspects) out.push({ type: 'citizen', discard, target });
    for (const axis of ['row', 'col']) for (const index of range(5)) for (const dir of [1, -1]) out.push({ type: 'shift', axis, index, dir });
    return out;
  },
};

const phantom: Case = {
  name: 'Tricks and the Phantom',
  def: phantomDefinition,
  table: fc.record({ seats: fc.integer({ min: phantomDefinition.minPlayers, max: phantomDefinition.maxPlayers }), options: fc.constant({}) }),
  space() {
    const out: unknown[] = [];
    for (let card = 1; card <= 10; card++) {
      out.push({ type: 'discard', card });
      for (const colour of ['yellow', 'red', 'blue']) out.push({ type: 'report', card, colour });
    }
    for (const on of [...range(MAX_POSITIONS), 'fourth']) out.push({ type: 'glass', on });
    return out;
  },
};

const jaccuse: Case = {
  name: "J'Accuse!",
  def: jaccuseDefinition,
  table: fc.record({ seats: fc.integer({ min: jaccuseDefinition.minPlayers, max: jaccuseDefinition.maxPlayers }), options: fc.record({ characters: fc.constantFrom(...CHARACTER_MODES) }) }),
  space(s: JaccuseState) {
    const out: unknown[] = [];
    for (const character of CHARACTERS) out.push({ type: 'character', character });
    for (const card of ALL_INVESTIGATIONS) out.push({ type: 'investigate', card });
    for (const card of SUSPICION_CARDS) out.push({ type: 'vote', card });
    // The card at the head of the Across queue and one other, to every seat and one beyond.
    const head = s.acrossQueue[0]?.card;
    const cards = [...new Set([head ?? ALL_EVIDENCE[0]!, ALL_EVIDENCE.find((card) => card !== head)!])];
    for (const card of cards) for (const to of range(s.seatCount + 1)) out.push({ type: 'send', card, to });
    return out;
  },
};

/** Check one position for every seat (and one seat beyond the table). */
function checkPosition(game: Case, state: unknown, seats: number): void {
  const { def } = game;
  const check = def.check!;
  const snapshot = JSON.stringify(state);
  for (let seat = 0; seat <= seats; seat++) {
    const legal = def.legalActions(state, seat);
    const offered = legal.map((move) => def.encodeAction(move));
    expect(new Set(offered).size, `${game.name}: a move offered twice to seat ${seat}`).toBe(offered.length);
    for (const move of legal) expect(check(state, seat, move), `${game.name}: offered ${JSON.stringify(move)} to seat ${seat}`).toBeNull();
    const allowed = new Set<string>();
    for (const action of game.space(state, seat)) {
      const refusal = check(state, seat, action);
      if (refusal === null) {
        allowed.add(def.encodeAction(game.canonical ? game.canonical(state, seat, action) : action));
        continue;
      }
      const result = def.apply(state, seat, action);
      expect(result.ok, `${game.name}: applied ${JSON.stringify(action)} that check refused`).toBe(false);
      // (An action outside the action schema is refused as malformed before any check.)
      if (!result.ok && def.actionSchema.safeParse(action).success) expect(result.error, JSON.stringify(action)).toEqual(refusal);
    }
    expect([...allowed].sort(), `${game.name}: seat ${seat} in ${snapshot.slice(0, 200)}`).toEqual([...offered].sort());
  }
  expect(JSON.stringify(state)).toBe(snapshot); // checks never mutate the state
}

describe.each([suspicion, noir, phantom, jaccuse])('$name: legalActions is exactly what check allows', (game) => {
  it('at random positions of random games, for every seat and the whole action space', () => {
    fc.assert(
      fc.property(game.table, fc.integer(), fc.integer(), fc.integer({ min: 4, max: 12 }), ({ seats, options }, seed, playSeed, every) => {
        let step = 0;
        const states: unknown[] = [];
        const game0 = playRandomGame(game.def, {
          seats,
          seed,
          playSeed,
          options,
          maxActions: 200,
          onState: (state) => {
            if (step++ % every === 0) states.push(JSON.parse(JSON.stringify(state)));
          },
        });
        states.push(game0.initial, game0.final);
        for (const state of states) checkPosition(game, state, seats);
      }),
      { numRuns: 6 },
    );
  });
});
