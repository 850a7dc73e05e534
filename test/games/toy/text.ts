/**
 * Guess's texts in every language the bot speaks: `Record<Language, …>` with the English
 * texts as the shape, so a missing Spanish text does not compile — the same guarantee the
 * real games get from `Messages` (src/i18n/index.ts).
 */
import { languageOf, type Language, type Messages, type Widen } from '../../../src/i18n/index.js';
import type { GuessErrorCode } from './engine.js';

const en = {
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

/** The texts of Guess, by language. */
export const guessTexts: Record<Language, Widen<typeof en>> = {
  en,
  es: {
    title: 'Adivina',
    description: 'Un juego de adivinar para dos (solo para pruebas).',
    helpLine: 'Uno esconde un número del 1 al 5; el otro tiene tres intentos.',
    commandNames: { guess: 'adivina' },
    turnTimer: 'Segundos por turno',
    hide: (n: number) => `Esconder ${n}`,
    guess: (n: number) => `Probar ${n}`,
    waitingHide: 'Quien esconde está eligiendo un número.',
    waitingGuess: (left: number) => `A quien adivina le quedan ${left} intentos.`,
    higher: 'más alto',
    lower: 'más bajo',
    right: '¡correcto!',
    guessed: (name: string, n: number, answer: string) => `${name} probó ${n}: ${answer}`,
    hid: 'El número está escondido.',
    youHid: (n: number) => `Escondiste el ${n}.`,
    won: (name: string) => `Gana ${name}.`,
    rules: 'Esconde un número del 1 al 5; el otro jugador tiene tres intentos, cada uno respondido con más alto o más bajo.',
    summary: (seconds: number) => `Tiempo por turno: ${seconds} s.`,
    errors: {
      'game-over': 'La partida terminó.',
      'not-your-turn': 'No es tu turno.',
      malformed: 'Esa jugada no es válida aquí. No se cambió nada.',
    },
  },
};

/** The texts of Guess in the language of catalog `t`. */
export function guessText(t: Messages): Widen<typeof en> {
  return guessTexts[languageOf(t.common.language)];
}
