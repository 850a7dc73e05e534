/** English words of Guess (the reference: Spanish is typed by it, ./index.ts). */
import type { GuessErrorCode } from '../engine.js';

export const en = {
  title: 'Guess',
  description: 'A two-player guessing game (test only).',
  helpLine: 'One player hides a number from 1 to 5, the other has three guesses.',
  commandNames: { guess: 'guess' },
  turnTimer: 'Seconds per turn',
  hide: (n: number) => `Hide ${n}`,
  guess: (n: number) => `Guess ${n}`,
  waitingHide: 'The hider is choosing a number.',
  waitingGuess: (left: number) => `The guesser has ${left} guesses left.`,
  higher: 'higher',
  lower: 'lower',
  right: 'right!',
  guessed: (name: string, n: number, answer: string) => `${name} guessed ${n}: ${answer}`,
  hid: 'The number is hidden.',
  youHid: (n: number) => `You hid ${n}.`,
  won: (name: string) => `${name} wins.`,
  rules: 'Hide a number from 1 to 5; the other player has three guesses, each answered higher or lower.',
  summary: (seconds: number) => `Turn timer ${seconds} s.`,
  errors: {
    'game-over': 'The game is over.',
    'not-your-turn': 'It is not your turn.',
    malformed: 'That move is not valid here. Nothing was changed.',
  } satisfies Record<GuessErrorCode, string>,
} as const;
