/**
 * NOIR: Killer vs. Inspector — ❔ Why (docs/lessons.md "❔ Why"): a seat's decision explained
 * from its own view and legal moves only — what the decision is, what each kind of move offered
 * does, and the rules section (docs/rules/noir.md) that decides it. It explains; it never
 * recommends.
 */
import type { Catalog } from '../../i18n/index.js';
import type { WhyRender } from '../ui.js';
import type { NoirAction } from './rules.js';
import { noirText } from './text/index.js';
import type { NoirSeatView } from './views.js';

/** The kinds of NOIR decision (§2.3, §2.5–§2.7). */
type Decision = 'firstKill' | 'choose' | 'killer' | 'inspector' | 'discard';

/** ❔ Why for `view`'s seat, whose legal moves are `legal`; null when it has nothing to decide. */
export function why(view: NoirSeatView, legal: NoirAction[], t: Catalog): WhyRender | null {
  if (legal.length === 0) return null;
  const w = noirText(t).why;
  const kind: Decision =
    view.phase === 'firstKill' ? 'firstKill'
    : view.phase === 'chooseIdentity' ? 'choose'
    : view.phase === 'discard' ? 'discard'
    : view.role === 'killer' ? 'killer'
    : 'inspector';
  // Exonerating canvasses in Standard and Citizen's Arrest (§2.6), not in Classic (§2.5).
  const section = kind === 'firstKill' || kind === 'choose' ? '2.3' : kind === 'discard' && view.mode !== 'classic' ? '2.6' : '2.5';
  const decision = kind === 'discard' && view.mode === 'classic' ? w.decision.discardClassic : w.decision[kind];
  const moves = [...new Set(legal.map((action) => action.type))].map((type) => w.moves[type]);
  return { title: w.title[kind], decision, moves, section };
}
