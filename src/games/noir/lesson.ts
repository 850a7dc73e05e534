/**
 * NOIR: Killer vs. Inspector — the lesson (docs/lessons.md; `/noir learn`): the learner is the
 * Inspector (seat 0) against a scripted Killer on a fixed teaching deal, Standard mode.
 *
 * The deal (seed 4): the Killer is Milo (B3); the Inspector holds Edna, Lena, Zoe and Gus.
 *
 *         A     B     C     D     E
 *     1  Zoe   Ugo   Lena  Pia   Walt
 *     2  Bram  Iris  Gus   Jude  Otto
 *     3  Tess  Milo  Rosa  Flo   Quinn
 *     4  Kit   Hugo  Nell  Yuri  Vera
 *     5  Ada   Cora  Edna  Dex   Sid
 *
 * The line: Milo kills Rosa; the learner becomes Edna; Milo disguises but draws dead Rosa; the
 * learner exonerates Gus (the Killer's canvas: adjacent); Milo kills Hugo — only Milo is next to
 * Rosa, Gus and Hugo; the learner shifts column C up to stand next to Milo; Milo kills Tess; the
 * learner arrests Milo and wins.
 */
import type { LessonScript } from '../lesson.js';
import type { NoirAction } from './rules.js';

/** The notes of the lesson (texts: `lesson.notes` of the NOIR catalogs). */
export type NoirLessonNote = 'identity' | 'exonerate' | 'canvas' | 'shift' | 'arrest' | 'end' | 'classic' | 'citizens' | 'killTarget';

/** Suspect ids of the deal (src/games/noir/rules.ts SUSPECTS). */
const EDNA = 4;
const GUS = 6;
const HUGO = 7;
const MILO = 12;
const ROSA = 17;
const TESS = 19;

/** The NOIR lesson. */
export const noirLesson: LessonScript<NoirAction, NoirLessonNote> = {
  version: 1,
  options: { mode: 'standard', killer: 'guest' },
  seats: 2,
  learner: 0,
  seed: 4,
  decisions: [
    { moves: [{ seat: 1, move: { type: 'kill', suspect: ROSA } }] },
    { moves: [{ seat: 0, move: { type: 'choose', suspect: EDNA } }], note: { key: 'identity', section: '2.3', highlight: ['cell:17', 'hand:4'] } },
    { moves: [{ seat: 1, move: { type: 'disguise' } }] },
    { moves: [{ seat: 0, move: { type: 'exonerate' } }], note: { key: 'exonerate', section: '2.5', highlight: ['hand:11', 'hand:24', 'hand:6'] } },
    { moves: [{ seat: 0, move: { type: 'discard', suspect: GUS } }], note: { key: 'canvas', section: '2.6', highlight: ['cell:6', 'hand:6'] } },
    { moves: [{ seat: 1, move: { type: 'kill', suspect: HUGO } }] },
    { moves: [{ seat: 0, move: { type: 'shift', axis: 'col', index: 2, dir: -1 } }], note: { key: 'shift', section: '2.4', highlight: ['cell:12', 'cell:4', 'col:2'] } },
    { moves: [{ seat: 1, move: { type: 'kill', suspect: TESS } }] },
    { moves: [{ seat: 0, move: { type: 'arrest', suspect: MILO } }], note: { key: 'arrest', section: '2.5', highlight: ['cell:12'] } },
  ],
  end: { key: 'end', section: '2.11' },
  variants: {
    'mode=classic': { key: 'classic', section: '2.5' },
    'mode=citizens-arrest': { key: 'citizens', section: '2.7' },
    'killTarget=14': { key: 'killTarget', section: '2.0' },
  },
};
