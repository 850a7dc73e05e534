/**
 * Tricks and the Phantom — why a move is worth playing, from the seat's own view only (the 💡
 * Hint and the review's analysis; src/bots/advice.ts), for every decision kind of
 * docs/rules/phantom.md §3.3–§3.8: the 3-player discard, a report, a glass. Chances are the
 * share of sampled crimes (the cards the seat has not seen dealt consistently with every clue,
 * as the Normal heuristic samples them) in which the card is the criminal; the sampling is
 * seeded from the view, so the same position always gives the same figures. Texts: the game's
 * `hintReasons` (./text); the move's own label names its card and clue.
 */
import type { HintReason } from '../bot.js';
import { Rng } from '../rng.js';
import { criminalAt, glassValues, sampleLayout } from './bot-normal.js';
import type { PhantomKnowledge } from './knowledge.js';
import type { GlassTarget, PhantomAction } from './rules.js';

/** Sampled crimes behind a reason's figures. */
const SAMPLES = 200;

/** A generator seeded from the view (32-bit FNV-1a of its JSON). */
function viewRng(view: unknown): Rng {
  const text = JSON.stringify(view);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return Rng.seeded(h | 0);
}

/** Share of sampled crimes (as a whole percentage) whose criminal is at `target`, the seat's report of `card` at its position included when given. */
function criminalShare(k: PhantomKnowledge, target: GlassTarget, report?: number): number {
  const v = k.view;
  const rng = viewRng(v);
  let hits = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const layout = sampleLayout(v, rng, report === undefined ? undefined : { position: v.actingPosition!, card: report as never });
    if (criminalAt(layout) === target) hits++;
  }
  return Math.round((100 * hits) / SAMPLES);
}

/** Why `action` for the seat of `k` (every decision kind of Tricks and the Phantom). */
export function phantomExplain(k: PhantomKnowledge, action: PhantomAction): HintReason {
  const v = k.view;
  switch (action.type) {
    case 'discard':
      return action.card === 1 ? { key: 'discardPhantom', args: [] } : { key: 'discard', args: [action.card] };
    case 'report': {
      if (action.card === 1) return { key: 'reportPhantom', args: [v.players - 1] };
      const share = criminalShare(k, v.actingPosition!, action.card);
      return { key: action.card === 6 ? 'reportDetective' : 'report', args: [share, v.hand.length] };
    }
    case 'glass': {
      const mine = action.on !== 'fourth' && action.on % v.players === v.me ? 1 : 0;
      const share = criminalShare(k, action.on);
      const points = glassValues(v, SAMPLES, viewRng(v)).get(action.on) ?? 0;
      const expected = Math.round(points * 10) / 10;
      return action.on === 'fourth' ? { key: 'glassFourth', args: [share, expected] } : { key: 'glass', args: [share, expected, mine] };
    }
  }
}
