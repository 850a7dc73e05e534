/**
 * Suspicion — ❔ Why (docs/lessons.md "❔ Why"): a seat's decision explained from its own view
 * and legal moves only — what the decision is, what each kind of move offered does, and the
 * rules section (docs/rules/suspicion.md) that decides it. It explains; it never recommends.
 */
import type { Catalog } from '../../i18n/index.js';
import type { WhyRender } from '../ui.js';
import type { SuspicionAction } from './rules.js';
import { suspicionText } from './text/index.js';
import type { SuspicionSeatView } from './views.js';

/** The kinds of Suspicion decision (§1.5–§1.9, §1.12). */
type Decision = 'turn' | 'arrestRace' | 'counter' | 'counterBack' | 'cancel' | 'vote';

/** The section that decides each kind. */
const SECTION: Record<Decision, string> = { turn: '1.6', arrestRace: '1.12', counter: '1.7', counterBack: '1.7', cancel: '1.8', vote: '1.9' };

/** ❔ Why for `view`'s seat, whose legal moves are `legal`; null when it has nothing to decide. */
export function why(view: SuspicionSeatView, legal: SuspicionAction[], t: Catalog): WhyRender | null {
  if (legal.length === 0) return null;
  const w = suspicionText(t).why;
  const kinds = new Set(legal.map((action) => action.type));
  const kind: Decision =
    view.phase.kind === 'counter' ? 'counter'
    : view.phase.kind === 'counterBack' ? 'counterBack'
    : view.phase.kind === 'cancel' ? 'cancel'
    : view.phase.kind === 'vote' ? 'vote'
    : kinds.has('draw') ? 'arrestRace'
    : 'turn';
  const decision = kind === 'turn' && view.variant !== 'classic' ? `${w.decision.turn} ${w.variant[view.variant]}` : w.decision[kind];
  const moves = [...kinds].map((type) => w.moves[type]);
  return { title: w.title[kind], decision, moves, section: SECTION[kind] };
}
