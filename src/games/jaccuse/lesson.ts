/**
 * J'Accuse! — the lesson (docs/lessons.md; `/jaccuse learn`): the first four rounds of a
 * four-player game on a fixed teaching deal, the learner in seat 0 (the first Inspector) against
 * three scripted bots; the lesson stops when the fourth round is revealed.
 *
 * The deal (seed 128): the learner is the Physician; seat 1 the Butler (cleared of Secrets,
 * Cellar, Candlestick), seat 2 the Heir, seat 3 the Affair. Suspected Evidence: Infidelity
 * (Motive) at seat 1, Woods (Opportunity) at seat 2, Window (Weapon) at seat 3.
 *
 * The line: round 1 the learner investigates all three types (any of their three such cards) and J'Accuse! prevails (three Hard
 * Evidence cards); round 2 the majority moves the evidence Right, the Jealousy motive lands on
 * the learner; round 3 a J'Accuse! hardens the Candlestick on the Affair while the Butler's sheet
 * clears him of the Cellar; round 4 (all Suspicion cards back) the learner's motive goes Across.
 *
 * Highlight keys (src/games/jaccuse/pictures.ts): `hand:<investigation>`, `suspected:<type>`,
 * `sheet:<seat>`, `hard:<seat>`, `suspicion:<seat>`.
 */
import type { LessonMove, LessonScript } from '../lesson.js';
import type { JaccuseAction, SuspicionCard } from './rules.js';

/** One round's secret votes of seats 0–3, the learner's first (src/games/lesson.ts: the learner's move comes first). */
function votes(...cards: [SuspicionCard, SuspicionCard, SuspicionCard, SuspicionCard]): LessonMove<JaccuseAction>[] {
  return cards.map((card, seat) => ({ seat, move: { type: 'vote', card } }));
}
/** The notes of the lesson (texts: `lesson.notes` of the J'Accuse! catalogs). */
export type JaccuseLessonNote =
  | 'investigate'
  | 'jaccuse'
  | 'direction'
  | 'sheet'
  | 'across'
  | 'end'
  | 'chosen'
  | 'inspectorAcross'
  | 'threePlayers';

/** The J'Accuse! lesson. */
export const jaccuseLesson: LessonScript<JaccuseAction, JaccuseLessonNote> = {
  version: 1,
  options: {},
  seats: 4,
  learner: 0,
  showBoard: true,
  seed: 128,
  decisions: [
    // Round 1: the learner is the Inspector.
    // The learner holds three cards of all three types (mow3, mow2, mow1 in the hand's order): any
    // of them is the move taught; "👉 Your move" points at the first of the hand (mow3, "copy 1").
    {
      moves: [{ seat: 0, move: { type: 'investigate', card: 'mow3' }, also: [{ type: 'investigate', card: 'mow2' }, { type: 'investigate', card: 'mow1' }] }],
      note: { key: 'investigate', section: '4.3', highlight: ['hand:mow3', 'hand:mow2', 'hand:mow1'] },
    },
    { moves: votes('jaccuse', 'jaccuse', 'left', 'right'), note: { key: 'jaccuse', section: '4.3', highlight: ['suspected:motive', 'suspected:opportunity', 'suspected:weapon'] } },
    // Round 2: seat 1 investigates Motive and Opportunity; the majority votes Right.
    { moves: [{ seat: 1, move: { type: 'investigate', card: 'mo2' } }] },
    { moves: votes('left', 'right', 'right', 'across'), note: { key: 'direction', section: '4.5', highlight: ['suspected:motive', 'suspicion:0'] } },
    // Round 3: seat 2 investigates Opportunity and Weapon; J'Accuse! prevails.
    { moves: [{ seat: 2, move: { type: 'investigate', card: 'ow2' } }] },
    { moves: votes('across', 'left', 'jaccuse', 'jaccuse'), note: { key: 'sheet', section: '4.1', highlight: ['sheet:1', 'suspected:opportunity'] } },
    // Round 4: every Suspicion card is back; seat 3 investigates Motive; Across prevails.
    { moves: [{ seat: 3, move: { type: 'investigate', card: 'm2' } }] },
    { moves: votes('across', 'across', 'left', 'right'), note: { key: 'across', section: '4.4', highlight: ['suspected:motive', 'suspicion:0'] } },
  ],
  end: { key: 'end', section: '4.7', highlight: ['hard:3'] },
  variants: {
    'characters=choice': { key: 'chosen', section: '4.2' },
    'acrossChooser=inspector': { key: 'inspectorAcross', section: '4.4' },
    'seats=3': { key: 'threePlayers', section: '4.4' },
  },
};
