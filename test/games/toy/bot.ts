/**
 * Guess's AI players (the `BotKit` of src/games/bot.ts): the hider picks at random; the
 * guesser's knowledge is the numbers still possible after the answers, and Normal guesses
 * the middle one (a binary search always finds the number within 3 guesses).
 */
import type { BotInput, BotKit, Knowledge } from '../../../src/games/bot.js';
import { seedRng, type Rng } from '../../../src/games/rng.js';
import { GUESS_MAX, guessDefinition, HIDER, stillPossible, type GuessAction, type GuessSeatView, type GuessState } from './engine.js';

interface GuessKnowledge extends Knowledge<GuessSeatView> {
  options: GuessState['options'];
}

function determinize(k: GuessKnowledge, rng: Rng): GuessState {
  const v = k.view;
  const secret = !v.hidden ? null : (v.mine ?? rng.pick(stillPossible(v)));
  return { options: k.options, step: 1 + (v.hidden ? 1 : 0) + v.guesses.length, secret, guesses: v.guesses.map((g) => ({ ...g })), winner: v.winner, rng: seedRng(rng.int(0, 0x7fffffff)) };
}

function normal(k: GuessKnowledge, legal: GuessAction[], rng: Rng): GuessAction {
  if (k.seat === HIDER) return rng.pick(legal);
  const possible = stillPossible(k.view);
  const middle = possible[Math.floor((possible.length - 1) / 2)] ?? 1;
  return legal.find((a) => a.n === middle) ?? legal[0]!;
}

export const guessBot: BotKit<GuessState, GuessAction, GuessSeatView, GuessKnowledge> = {
  game: 'guess',
  definition: guessDefinition,
  know: (input) => {
    const i = input as BotInput<GuessSeatView, GuessState['options']>;
    return { seat: i.seat, seatCount: i.seatCount, view: i.view, options: i.options };
  },
  determinize,
  normal,
  simKnowledge: (searcher, state, seat) => ({ ...searcher, seat, view: guessDefinition.seatView(state, seat) }),
  observe: () => {},
  rollout: normal,
  evaluate: (_state, seat) => (seat === HIDER ? 0.5 : 0.5),
  horizon: () => GUESS_MAX,
};
