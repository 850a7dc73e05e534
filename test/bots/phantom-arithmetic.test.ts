/**
 * The Phantom bot's copies of the crime rules agree with the engine: the criminal of every
 * possible set of cards in play (docs/rules/phantom.md §3.4), and the points of
 * random crimes with random glasses for 2–4 players (§3.7, §3.8).
 */
import { describe, expect, it } from 'vitest';
import { determineCriminal } from '../../src/games/phantom/crime.js';
import { scoreCrime } from '../../src/games/phantom/scoring.js';
import { deckFor, type CardNumber, type GlassTarget } from '../../src/games/phantom/rules.js';
import { crimePoints, criminalOf } from '../../src/games/phantom/bot-deal.js';
import { Rng } from '../../src/games/rng.js';

function subsets<T>(items: T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, size - 1).map((s) => [first!, ...s]), ...subsets(rest, size)];
}

describe('Phantom bot arithmetic', () => {
  it('finds the same criminal as the engine for every 3, 4 and 5 cards in play', () => {
    const deck = deckFor(false);
    let checked = 0;
    for (const size of [3, 4, 5]) {
      for (const cards of subsets(deck, size)) {
        expect(criminalOf(cards), cards.join(',')).toBe(determineCriminal(cards).criminal);
        checked++;
      }
    }
    expect(checked).toBe(165 + 330 + 462);
  });

  it('scores random crimes like the engine', () => {
    const rng = Rng.seeded(3);
    for (let i = 0; i < 3000; i++) {
      const players = rng.int(2, 4);
      const positions = players === 2 ? 4 : players;
      const deck = rng.shuffle(deckFor(false));
      const cards = deck.slice(0, positions) as CardNumber[];
      const fourth = players === 3 ? (deck[positions] as CardNumber) : null;
      const targets: GlassTarget[] = Array.from({ length: positions }, (_, p) => p);
      if (fourth !== null) targets.push('fourth');
      const glasses = Array.from({ length: players }, () => targets[rng.int(0, targets.length - 1)]!);
      const inPlay = fourth === null ? cards : [...cards, fourth];
      const engine = scoreCrime({
        players,
        cards: cards.map((card, position) => ({ position, seat: position % players, card })),
        fourthParty: fourth,
        glasses: glasses.map((on, seat) => ({ seat, on })),
        criminal: determineCriminal(inPlay).criminal,
      });
      expect(crimePoints({ players, cards, fourth }, glasses)).toEqual(engine.map((p) => p.gain));
    }
  });
});
