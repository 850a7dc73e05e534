/**
 * Tricks and the Phantom — the lesson (docs/lessons.md; `/phantom learn`): the first round (two
 * crimes) of a four-player game on a fixed teaching deal, the learner in seat 0 against three
 * scripted bots; the lesson stops when the round is scored.
 *
 * The deal (seed 7): the learner holds a Phantom and the Shopkeeper (4); seat 1 the Barkeeper (2)
 * and the Politician (10); seat 2 the Yakuza (9) and the Detective (6); seat 3 the Reporter (7)
 * and the other Phantom; the 8, 5 and 3 are out of the round.
 *
 * Crime 1: the learner plays the Phantom with a blue clue; the Politician is the criminal (the
 * highest suspect), one bot falls for the Phantom. Crime 2: the learner's Shopkeeper rules out the
 * Yakuza, so the Shopkeeper itself is the criminal and the learner's glass on it scores.
 */
import type { LessonScript } from '../lesson.js';
import type { PhantomAction } from './rules.js';

/** The notes of the lesson (texts: `lesson.notes` of the Tricks and the Phantom catalogs). */
export type PhantomLessonNote = 'report' | 'glass' | 'colour' | 'shopkeeper' | 'end' | 'beginner' | 'threePlayers' | 'twoPlayers';

/** The Tricks and the Phantom lesson. */
export const phantomLesson: LessonScript<PhantomAction, PhantomLessonNote> = {
  version: 1,
  options: {},
  seats: 4,
  learner: 0,
  showBoard: true,
  seed: 7,
  decisions: [
    // Crime 1: reports clockwise from the learner.
    { moves: [{ seat: 0, move: { type: 'report', card: 1, colour: 'blue' } }], note: { key: 'report', section: '3.3', highlight: ['hand:1'] } },
    { moves: [{ seat: 1, move: { type: 'report', card: 10, colour: 'blue' } }] },
    { moves: [{ seat: 2, move: { type: 'report', card: 6, colour: 'yellow' } }] },
    { moves: [{ seat: 3, move: { type: 'report', card: 7, colour: 'blue' } }] },
    // Glasses counter-clockwise from the last to play.
    { moves: [{ seat: 3, move: { type: 'glass', on: 0 } }] },
    { moves: [{ seat: 2, move: { type: 'glass', on: 1 } }] },
    { moves: [{ seat: 1, move: { type: 'glass', on: 1 } }] },
    { moves: [{ seat: 0, move: { type: 'glass', on: 1 } }], note: { key: 'glass', section: '3.4', highlight: ['report:1'] } },
    // Crime 2: the Politician's player (seat 1) investigates first.
    { moves: [{ seat: 1, move: { type: 'report', card: 2, colour: 'yellow' } }] },
    { moves: [{ seat: 2, move: { type: 'report', card: 9, colour: 'blue' } }] },
    { moves: [{ seat: 3, move: { type: 'report', card: 1, colour: 'blue' } }] },
    { moves: [{ seat: 0, move: { type: 'report', card: 4, colour: 'red' } }], note: { key: 'colour', section: '3.7', highlight: ['hand:4', 'scores'] } },
    { moves: [{ seat: 0, move: { type: 'glass', on: 0 } }], note: { key: 'shopkeeper', section: '3.4', highlight: ['report:0', 'report:2'] } },
    { moves: [{ seat: 3, move: { type: 'glass', on: 2 } }] },
    { moves: [{ seat: 2, move: { type: 'glass', on: 3 } }] },
    { moves: [{ seat: 1, move: { type: 'glass', on: 2 } }] },
  ],
  end: { key: 'end', section: '3.9', highlight: ['scores'] },
  variants: {
    'beginner=true': { key: 'beginner', section: '3.3' },
    'seats=3': { key: 'threePlayers', section: '3.8' },
    'seats=2': { key: 'twoPlayers', section: '3.8' },
  },
};
