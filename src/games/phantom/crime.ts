/**
 * Determining the criminal (docs/rules/phantom.md §3.4). Card effects are data
 * plus small pure functions, in order of precedence, so a corrected effect is a one-line
 * change (with its test in test/games/phantom/criminal.test.ts).
 */
import {
  BARKEEPER,
  COURIER,
  FORENSICIST,
  POLITICIAN,
  SHOPKEEPER,
  YAKUZA,
  isPhantom,
  type CardNumber,
  type CrimeStep,
} from './rules.js';

/** An effect that removes a card from the candidates and may cancel other effects. */
export interface StrikeEffect {
  card: CardNumber;
  kind: 'strike';
  /** The card struck from `inPlay` (every card in play, itself included), or null. */
  strikes: (inPlay: readonly CardNumber[]) => CardNumber | null;
  /** Cards whose effects are cancelled while this card is in play. */
  cancels: readonly CardNumber[];
}

/** An effect that makes its own card the criminal when a condition on the other cards holds. */
export interface BecomesCriminalEffect {
  card: CardNumber;
  kind: 'becomes-criminal';
  /** `others` = every other card in play (Phantoms count as 1). */
  when: (others: readonly CardNumber[]) => boolean;
}

/** A criminal-changing card effect. */
export type CrimeEffect = StrikeEffect | BecomesCriminalEffect;

/** Highest number in a non-empty list. */
const highest = (cards: readonly CardNumber[]): CardNumber => cards.reduce((a, b) => (b > a ? b : a));

/**
 * The criminal-changing effects, highest precedence first (§3.4):
 * #5 Forensicist [INFER] strikes the highest card in play (itself if nothing is higher) and
 * cancels #2–#4; #2 Barkeeper [SRC] is the criminal when the #10 is in play; #3 Courier
 * [SRC] is the criminal when every other card is 5 or higher; #4 Shopkeeper [INFER]
 * strikes the #9 Yakuza.
 */
export const CRIME_EFFECTS: readonly CrimeEffect[] = [
  { card: FORENSICIST, kind: 'strike', strikes: (inPlay) => highest(inPlay), cancels: [BARKEEPER, COURIER, SHOPKEEPER] },
  { card: BARKEEPER, kind: 'becomes-criminal', when: (others) => others.includes(POLITICIAN) },
  { card: COURIER, kind: 'becomes-criminal', when: (others) => others.every((n) => n >= 5) },
  { card: SHOPKEEPER, kind: 'strike', strikes: (inPlay) => (inPlay.includes(YAKUZA) ? YAKUZA : null), cancels: [] },
];

/** Outcome of the determination: the criminal card (null when no suspect remains) and why. */
export interface CriminalResult {
  criminal: CardNumber | null;
  steps: CrimeStep[];
}

/**
 * Determine the criminal among the cards in play (4-player: the 4 played cards; 3-player:
 * the 3 played cards + the 4th-party card; 2-player: the 4 played cards). Phantoms are
 * number 1 and never the criminal. Walks `effects` in precedence order: a strike removes
 * a card and cancels the effects it lists; a "becomes criminal" effect whose condition
 * holds ends the search; otherwise the highest remaining suspect is the criminal (§3.4).
 */
export function determineCriminal(inPlay: readonly CardNumber[], effects: readonly CrimeEffect[] = CRIME_EFFECTS): CriminalResult {
  const steps: CrimeStep[] = [];
  const candidates = [...inPlay];
  const cancelled = new Set<CardNumber>();
  for (const effect of effects) {
    if (!inPlay.includes(effect.card) || cancelled.has(effect.card)) continue;
    if (effect.kind === 'strike') {
      const struck = effect.strikes(inPlay);
      if (struck !== null) {
        const i = candidates.indexOf(struck);
        if (i >= 0) candidates.splice(i, 1);
        steps.push({ kind: 'strike', card: effect.card, struck });
      }
      const present = effect.cancels.filter((c) => inPlay.includes(c));
      for (const c of effect.cancels) cancelled.add(c);
      if (present.length > 0) steps.push({ kind: 'cancel', card: effect.card, cancelled: present });
    } else {
      const others = [...inPlay];
      others.splice(others.indexOf(effect.card), 1);
      if (effect.when(others)) {
        steps.push({ kind: 'becomes-criminal', card: effect.card });
        return { criminal: effect.card, steps };
      }
      steps.push({ kind: 'no-trigger', card: effect.card });
    }
  }
  const suspects = candidates.filter((c) => !isPhantom(c));
  if (suspects.length === 0) {
    steps.push({ kind: 'none' });
    return { criminal: null, steps };
  }
  const criminal = highest(suspects);
  steps.push({ kind: 'highest', card: criminal });
  return { criminal, steps };
}
