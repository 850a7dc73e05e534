/**
 * J'Accuse! — ❔ Why (docs/lessons.md "❔ Why"): a seat's decision explained from its own view and
 * legal moves only — what the decision is, what each kind of move offered does, and the rules
 * section (docs/rules/jaccuse.md) that decides it. It explains; it never recommends.
 */
import type { Catalog } from '../../i18n/index.js';
import type { WhyRender } from '../ui.js';
import type { JaccuseAction } from './rules.js';
import { jaccuseText } from './text/index.js';
import type { JaccuseSeatView } from './views.js';

/** ❔ Why for `view`'s seat, whose legal moves are `legal`; null when it has nothing to decide. */
export function why(view: JaccuseSeatView, legal: JaccuseAction[], t: Catalog): WhyRender | null {
  if (legal.length === 0) return null;
  const w = jaccuseText(t).why;
  const kind = legal[0]!.type;
  const section = kind === 'character' ? '4.2' : kind === 'send' ? '4.4' : '4.3';
  // The Inspector votes too (§4.3): told so when it is their vote.
  const decision = kind === 'vote' && view.inspector === view.me ? `${w.decision.vote} ${w.inspectorVotes}` : w.decision[kind];
  return { title: w.title[kind], decision, moves: [w.moves[kind]], section };
}
