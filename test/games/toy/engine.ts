/**
 * "Guess", a test-only toy game that proves a game is one folder and one line: the hider
 * secretly picks a number from 1 to 5; the guesser has 3 guesses, each answered "higher" or
 * "lower"; a right guess wins for the guesser, three wrong ones for the hider. Two seats,
 * turns only, one secret (the number, in the hider's view alone). Pure, like a real engine.
 */
import { z } from 'zod';
import type { GameDefinition, GameEvent, GameResult, Pending, RuleError, Seat } from '../../../src/games/engine.js';
import { seedRng, type RngState } from '../../../src/games/rng.js';

/** Numbers the hider may pick. */
export const GUESS_MAX = 5;
/** Guesses the guesser has. */
export const GUESSES = 3;
/** Seats: the hider picks, the guesser guesses. */
export const HIDER = 0;
export const GUESSER = 1;

export const guessOptionsSchema = z.object({ turnSeconds: z.number().int().min(10).max(3600).default(60) });
export type GuessOptions = z.infer<typeof guessOptionsSchema>;

export const guessActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hide'), n: z.number().int().min(1).max(GUESS_MAX) }),
  z.object({ type: z.literal('guess'), n: z.number().int().min(1).max(GUESS_MAX) }),
]);
export type GuessAction = z.infer<typeof guessActionSchema>;

export type GuessErrorCode = 'game-over' | 'not-your-turn' | 'malformed';
export type GuessError = RuleError<GuessErrorCode>;

export interface GuessState {
  options: GuessOptions;
  step: number;
  secret: number | null;
  /** Guesses so far with their answers. */
  guesses: { n: number; answer: 'higher' | 'lower' | 'right' }[];
  winner: Seat | null;
  /** Seeded generator state (unused by the rules; kept like every game's). */
  rng: RngState;
}

export interface GuessPublicView {
  hidden: boolean;
  guesses: GuessState['guesses'];
  winner: Seat | null;
  /** Revealed once the game is over. */
  secret: number | null;
}

export interface GuessSeatView extends GuessPublicView {
  seat: Seat;
  /** The hider's own number (the guesser's view never holds it before the end). */
  mine: number | null;
}

function over(s: GuessState): boolean {
  return s.winner !== null;
}

function toAct(s: GuessState): Seat {
  return s.secret === null ? HIDER : GUESSER;
}

function publicView(s: GuessState): GuessPublicView {
  return { hidden: s.secret !== null, guesses: s.guesses.map((g) => ({ ...g })), winner: s.winner, secret: over(s) ? s.secret : null };
}

function check(s: GuessState, seat: Seat, action: GuessAction): GuessError | null {
  if (over(s)) return { code: 'game-over' };
  if (seat !== toAct(s)) return { code: 'not-your-turn' };
  if ((action.type === 'hide') !== (seat === HIDER)) return { code: 'not-your-turn' };
  if (action.type !== 'hide' && action.type !== 'guess') return { code: 'malformed' };
  return null;
}

/** The Guess definition (registered under the id 'guess'). */
export const guessDefinition: GameDefinition<GuessState, GuessAction, GuessOptions, GuessPublicView, GuessSeatView, GuessError> = {
  id: 'guess',
  minPlayers: 2,
  maxPlayers: 2,
  optionsSchema: guessOptionsSchema,
  actionSchema: guessActionSchema,
  setup(options, seatCount, seed) {
    if (seatCount !== 2) throw new Error('Guess is for 2 players');
    return { options, step: 1, secret: null, guesses: [], winner: null, rng: seedRng(seed) };
  },
  pending(s): Pending {
    if (over(s)) return { kind: 'over', step: s.step };
    return { kind: 'turn', seat: toAct(s), step: s.step, timer: 'turn', timeoutMs: s.options.turnSeconds * 1000 };
  },
  legalActions(s, seat) {
    if (over(s) || seat !== toAct(s)) return [];
    const numbers = Array.from({ length: GUESS_MAX }, (_, i) => i + 1);
    return seat === HIDER ? numbers.map((n) => ({ type: 'hide' as const, n })) : numbers.map((n) => ({ type: 'guess' as const, n }));
  },
  check,
  apply(s, seat, action) {
    const error = check(s, seat, action);
    if (error) return { ok: false, error };
    const next = structuredClone(s);
    const events: GameEvent[] = [];
    next.step += 1;
    if (action.type === 'hide') {
      next.secret = action.n;
      events.push({ type: 'hidden' }, { type: 'hid', n: action.n, to: [HIDER] });
    } else {
      const secret = next.secret!;
      const answer = action.n === secret ? 'right' : secret > action.n ? 'higher' : 'lower';
      next.guesses.push({ n: action.n, answer });
      events.push({ type: 'guessed', n: action.n, answer });
      if (answer === 'right') next.winner = GUESSER;
      else if (next.guesses.length >= GUESSES) next.winner = HIDER;
    }
    return { ok: true, state: next, events };
  },
  defaultAction(s, seat) {
    return guessDefinition.legalActions(s, seat)[0]!;
  },
  publicView,
  seatView(s, seat) {
    return { ...publicView(s), seat, mine: seat === HIDER ? s.secret : null };
  },
  result(s): GameResult | null {
    if (!over(s)) return null;
    const winner = s.winner!;
    return { placements: [winner === HIDER ? 1 : 2, winner === GUESSER ? 1 : 2], winners: [winner], reason: winner === GUESSER ? 'found' : 'hidden' };
  },
  encodeAction: (action) => `${action.type === 'hide' ? 'h' : 'g'}${action.n}`,
  decodeAction(code) {
    const match = /^([hg])(\d)$/.exec(code);
    if (!match) return null;
    const parsed = guessActionSchema.safeParse({ type: match[1] === 'h' ? 'hide' : 'guess', n: Number(match[2]) });
    return parsed.success ? parsed.data : null;
  },
};

/** The numbers still possible for the guesser after the answers in `view`. */
export function stillPossible(view: GuessPublicView): number[] {
  return Array.from({ length: GUESS_MAX }, (_, i) => i + 1).filter((n) =>
    view.guesses.every((g) => (g.answer === 'right' ? n === g.n : g.answer === 'higher' ? n > g.n : n < g.n)),
  );
}
