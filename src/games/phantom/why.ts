/**
 * Tricks and the Phantom — ❔ Why (docs/lessons.md "❔ Why"): a seat's decision explained from
 * its own view and legal moves only — what the decision is, what each kind of move offered
 * does, and the rules section (docs/rules/phantom.md) that decides it. It explains; it never
 * recommends.
 */
import type { Catalog } from '../../i18n/index.js';
import type { WhyRender } from '../ui.js';
import type { PhantomAction } from './rules.js';
import { phantomText } from './text/index.js';
import type { PhantomSeatView } from './views.js';

/** ❔ Why for `view`'s seat, whose legal moves are `legal`; null when it has nothing to decide. */
export function why(view: PhantomSeatView, legal: PhantomAction[], t: Catalog): WhyRender | null {
  if (legal.length === 0) return null;
  const w = phantomText(t).why;
  const kind = legal[0]!.type;
  const section = kind === 'discard' ? '3.8' : kind === 'report' ? '3.3' : '3.4';
  const decision = kind === 'glass' && view.players === 2 ? `${w.decision.glass} ${w.twoPlayers}` : w.decision[kind];
  return { title: w.title[kind], decision, moves: [w.moves[kind]], section };
}
