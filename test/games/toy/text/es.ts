/** Spanish words of Guess (tú register, like the rest of the catalog). */
import type { GuessErrorCode } from '../engine.js';

export const es = {
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
  } satisfies Record<GuessErrorCode, string>,
} as const;
