/** Guess's renderers: the board from the public view, a seat's panel from its seat view. */
import type { GameUi } from '../../../src/games/ui.js';
import type { GuessAction, GuessError, GuessOptions, GuessPublicView, GuessSeatView } from './engine.js';
import { GUESSES, guessDefinition } from './engine.js';
import { guessText } from './text/index.js';

export const guessUi: GameUi<GuessPublicView, GuessSeatView, GuessAction, GuessOptions, GuessError> = {
  board(view, ctx) {
    const text = guessText(ctx.t);
    const status = view.winner !== null ? text.won(ctx.name(view.winner)) : view.hidden ? text.waitingGuess(GUESSES - view.guesses.length) : text.waitingHide;
    const body = view.guesses.map((g) => text.guessed(ctx.name(1), g.n, text[g.answer])).join('\n') || text.hid;
    return { status, body, rows: [] };
  },
  panel(view, legal, ctx) {
    const text = guessText(ctx.t);
    const buttons = legal.map((action) => {
      const code = guessDefinition.encodeAction(action);
      return { type: 2 as const, style: 1 as const, label: action.type === 'hide' ? text.hide(action.n) : text.guess(action.n), custom_id: ctx.actionId(code) };
    });
    return { body: view.mine !== null ? text.youHid(view.mine) : text.waitingGuess(GUESSES - view.guesses.length), rows: buttons.length ? [{ type: 1, components: buttons }] : [] };
  },
  describeEvent(event, ctx) {
    const text = guessText(ctx.t);
    if (event.type === 'hidden') return text.hid;
    if (event.type === 'hid') return text.youHid(event.n as number);
    if (event.type === 'guessed') return text.guessed(ctx.name(1), event.n as number, text[event.answer as 'higher' | 'lower' | 'right']);
    return null;
  },
  describeError: (error, t) => guessText(t).errors[error.code],
  rulesHelp: (_options, t) => guessText(t).rules,
  optionsSummary: (options, t) => guessText(t).summary(options.turnSeconds),
};
