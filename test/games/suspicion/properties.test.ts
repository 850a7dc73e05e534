/**
 * Suspicion property tests (docs/architecture.md §6 layer 2), over all four variants and 2–6 seats:
 * random legal games never throw, conserve every card, end (or hit the round cap), replay
 * exactly from their log; apply agrees with legalActions on forged input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VARIANTS, buildDeck, type SuspicionAction, type SuspicionState } from '../../../src/games/suspicion/rules.js';
import { canonicalCard } from '../../../src/games/suspicion/state.js';
import { playRandomGame, replayGame } from '../../support/random-play.js';
import { allCards, def } from './helpers.js';
import { deep } from '../../support/depth.js';

const variantArb = fc.constantFrom(...VARIANTS);
const seatsArb = fc.integer({ min: 2, max: 6 });
const seedArb = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
const rateArb = fc.constantFrom(0, 0.1, 0.3, 0.9);

function conserved(s: SuspicionState): boolean {
  const a = allCards(s).sort();
  const b = buildDeck(s.options.variant).sort();
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/** Random games of the first property: 1,000 in `npm test`, 5,000 in `npm run test:deep`. */
const RANDOM_GAMES = deep(1000);

describe('random games', () => {
  it(`never throw, conserve every card, end or hit the cap, and replay exactly (${RANDOM_GAMES} games)`, () => {
    let games = 0;
    fc.assert(
      fc.property(variantArb, seatsArb, seedArb, seedArb, rateArb, (variant, seats, seed, playSeed, timeoutRate) => {
        const options = { variant };
        let last = -1;
        const r = playRandomGame(def, {
          seats,
          seed,
          playSeed,
          options,
          timeoutRate,
          onState: (state: SuspicionState) => {
            if (!conserved(state)) throw new Error('cards not conserved');
            if (state.step < last) throw new Error('step went back');
            last = state.step;
          },
        });
        games++;
        expect(r.over).toBe(true);
        const res = def.result(r.final)!;
        expect(res).not.toBeNull();
        expect(res.placements).toHaveLength(seats);
        if (res.reason === 'cap') expect(res.winners).toEqual([]);
        else expect(res.winners).toHaveLength(1);
        expect(replayGame(def, seats, seed, r.log, options)).toEqual(r.final);
        expect(JSON.parse(JSON.stringify(r.final))).toEqual(r.final);
      }),
      { numRuns: RANDOM_GAMES },
    );
    expect(games).toBe(RANDOM_GAMES);
  });
});

/** Every action shape, with cards drawn from the whole deck and any seat / slot. */
function forgedArb(deck: string[]): fc.Arbitrary<SuspicionAction> {
  const card = fc.constantFrom(...deck);
  const seat = fc.integer({ min: 0, max: 5 });
  const slot = fc.integer({ min: 0, max: 2 });
  return fc.oneof(
    fc.record({ type: fc.constant('place' as const), card, suspect: seat }),
    fc.record({ type: fc.constant('wild' as const), card, suspect: seat, slot }),
    fc.record({ type: fc.constant('discard' as const), card }),
    fc.record({ type: fc.constant('burn' as const), card, target: seat }),
    fc.record({ type: fc.constant('tamper' as const), card, target: seat, slot }),
    fc.record({ type: fc.constant('tamper' as const), card, target: seat }),
    fc.record({ type: fc.constant('block' as const), card, target: seat }),
    fc.record({ type: fc.constant('recolour' as const), suspect: seat, from: slot, to: slot }),
    fc.record({ type: fc.constant('declare' as const), card, suspect: seat }),
    fc.constantFrom<SuspicionAction>(
      { type: 'counter' },
      { type: 'pass' },
      { type: 'counterBack' },
      { type: 'accept' },
      { type: 'cancel' },
      { type: 'allow' },
      { type: 'vote', verdict: 'believe' },
      { type: 'vote', verdict: 'bluff' },
      { type: 'abstain' },
      { type: 'draw' },
    ),
  );
}

describe('apply agrees with legalActions', () => {
  it('a forged action is accepted exactly when it (or an identical copy) is legal; never throws, never mutates the state', () => {
    fc.assert(
      fc.property(variantArb, seatsArb, seedArb, seedArb, fc.integer({ min: 0, max: 200 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.nat()), { minLength: 30, maxLength: 30 }), (variant, seats, seed, playSeed, stopAt, probes) => {
        const options = { variant };
        const r = playRandomGame(def, { seats, seed, playSeed, options, maxActions: stopAt });
        const s: SuspicionState = r.final;
        const snapshot = JSON.stringify(s);
        const deck = buildDeck(variant);
        const forged = fc.sample(forgedArb(deck), { seed: playSeed, numRuns: probes.length });
        probes.forEach(([seat0], i) => {
          const seat = seat0 % seats;
          const a = forged[i]!;
          const legal = def.legalActions(s, seat).map((l) => def.encodeAction(l));
          const inHand = 'card' in a && s.players[seat]!.hand.includes(a.card);
          const probe = inHand ? { ...a, card: canonicalCard(s, seat, (a as { card: string }).card) } : a;
          const res = def.apply(s, seat, a);
          expect(res.ok, `${JSON.stringify(a)} by ${seat}`).toBe(legal.includes(def.encodeAction(probe as SuspicionAction)));
          if (!res.ok) expect(typeof res.error.code).toBe('string');
        });
        // Every legal action of every seat is accepted.
        for (let seat = 0; seat < seats; seat++) {
          for (const a of def.legalActions(s, seat)) expect(def.apply(s, seat, a).ok).toBe(true);
        }
        expect(JSON.stringify(s)).toBe(snapshot); // apply never mutates its input
        expect(JSON.parse(snapshot)).toStrictEqual(s); // the state is plain JSON
      }),
      { numRuns: deep(75) },
    );
  });
});
