/**
 * Suspicion — the lesson (docs/lessons.md; `/suspicion learn`): a three-player classic game on
 * a fixed teaching deal, the learner in seat 0 against two scripted bots, played to the
 * learner's winning declaration.
 *
 * The deal (seed 13736): the learner's suspect is pink / yellow / blue, their hand ⇄ pink, pink
 * and Tamper; seat 1 (red / pink / orange) holds red, the other ⇄ pink and orange; seat 2
 * (red / orange / yellow) red, Burn and green.
 *
 * The line: the learner places pink, seat 1 counters, the learner counters back (protected);
 * the learner lets two placements stand, tampers with seat 2's red, cancels seat 2's Burn with
 * their own, places ⇄ yellow as evidence; seat 1 declares a bluff and the learner votes; seat 2
 * places a Wild; the learner declares a bluff of their own and both bots believe it.
 *
 * Highlight keys (src/games/suspicion/pictures.ts): `suspect:<seat>`, `slot:<seat>:<slot>`,
 * `hand:<card>`.
 */
import type { LessonScript } from '../lesson.js';
import type { SuspicionAction } from './rules.js';

/** The notes of the lesson (texts: `lesson.notes` of the Suspicion catalogs). */
export type SuspicionLessonNote =
  | 'goal'
  | 'counterBack'
  | 'noCounter'
  | 'special'
  | 'cancel'
  | 'refill'
  | 'vote'
  | 'wild'
  | 'declare'
  | 'end'
  | 'noBluff'
  | 'criminal'
  | 'arrestRace';

/** The Suspicion lesson. */
export const suspicionLesson: LessonScript<SuspicionAction, SuspicionLessonNote> = {
  version: 1,
  options: { variant: 'classic' },
  seats: 3,
  learner: 0,
  showBoard: true,
  seed: 13736,
  decisions: [
    { moves: [{ seat: 0, move: { type: 'place', card: 'pink4', suspect: 0 } }], note: { key: 'goal', section: '1.1', highlight: ['suspect:0', 'hand:pink4'] } },
    { moves: [{ seat: 1, move: { type: 'counter' } }] },
    { moves: [{ seat: 0, move: { type: 'counterBack' } }], note: { key: 'counterBack', section: '1.7', highlight: ['slot:0:0', 'hand:pinkx1'] } },
    { moves: [{ seat: 1, move: { type: 'place', card: 'red5', suspect: 1 } }] },
    { moves: [{ seat: 0, move: { type: 'pass' } }, { seat: 2, move: { type: 'pass' } }], note: { key: 'noCounter', section: '1.7', highlight: ['slot:1:0'] } },
    { moves: [{ seat: 2, move: { type: 'place', card: 'red1', suspect: 2 } }] },
    { moves: [{ seat: 0, move: { type: 'pass' } }, { seat: 1, move: { type: 'pass' } }] },
    { moves: [{ seat: 0, move: { type: 'tamper', card: 'tamper3', target: 2, slot: 0 } }], note: { key: 'special', section: '1.8', highlight: ['slot:2:0', 'hand:tamper3'] } },
    { moves: [{ seat: 2, move: { type: 'allow' } }] },
    { moves: [{ seat: 1, move: { type: 'place', card: 'orange4', suspect: 1 } }] },
    { moves: [{ seat: 0, move: { type: 'pass' } }, { seat: 2, move: { type: 'pass' } }] },
    { moves: [{ seat: 2, move: { type: 'burn', card: 'burn2', target: 0 } }] },
    { moves: [{ seat: 0, move: { type: 'cancel' } }], note: { key: 'cancel', section: '1.8', highlight: ['hand:burn3', 'suspect:0'] } },
    { moves: [{ seat: 0, move: { type: 'place', card: 'yellowx1', suspect: 0 } }], note: { key: 'refill', section: '1.5', highlight: ['hand:yellowx1', 'slot:0:1'] } },
    { moves: [{ seat: 1, move: { type: 'pass' } }, { seat: 2, move: { type: 'pass' } }] },
    { moves: [{ seat: 1, move: { type: 'declare', card: 'green2', suspect: 1 } }] },
    {
      moves: [{ seat: 0, move: { type: 'vote', verdict: 'bluff' }, also: [{ type: 'vote', verdict: 'believe' }] }, { seat: 2, move: { type: 'vote', verdict: 'bluff' } }],
      note: { key: 'vote', section: '1.9', highlight: ['slot:1:1'] },
    },
    { moves: [{ seat: 2, move: { type: 'wild', card: 'wild3', suspect: 2, slot: 0 } }] },
    { moves: [{ seat: 0, move: { type: 'pass' } }, { seat: 1, move: { type: 'pass' } }], note: { key: 'wild', section: '1.8', highlight: ['slot:2:0'] } },
    {
      moves: [{ seat: 0, move: { type: 'declare', card: 'red4', suspect: 0 }, also: [{ type: 'declare', card: 'pink6', suspect: 0 }, { type: 'declare', card: 'yellow1', suspect: 0 }] }],
      note: { key: 'declare', section: '1.6', highlight: ['slot:0:2'] },
    },
    { moves: [{ seat: 1, move: { type: 'vote', verdict: 'believe' } }, { seat: 2, move: { type: 'vote', verdict: 'believe' } }] },
  ],
  end: { key: 'end', section: '1.11', highlight: ['suspect:0'] },
  variants: {
    'variant=no-bluff': { key: 'noBluff', section: '1.12' },
    'variant=criminal': { key: 'criminal', section: '1.12' },
    'variant=arrest-race': { key: 'arrestRace', section: '1.12' },
  },
};
