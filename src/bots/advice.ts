/**
 * Advice from the Hard search (docs/ai-players.md): the 💡 Hint (src/tables/hints.ts) and the review's
 * analysis both ask the Hard level what it would play from one seat's
 * information, at a fixed search size (so the same position always gives the same answer), and
 * read the search's own root statistics: the chance to win it estimates for its move, for the
 * next best and, in a review, for the move that was played. The move comes with the game's
 * explanation from the seat's view (`BotKit.explain`, else Normal's `reason`).
 *
 * Pure; runs wherever `decideBot` runs (a worker thread of the pool, or inline).
 */
import type { AnyBotKit, HintReason, Knowledge, RootStat, SearchResult } from '../games/bot.js';

/** One move as advice names it: the action, its code, its estimated chance to win and how often the search tried it. */
export interface AdvisedMove {
  action: unknown;
  code: string;
  /**
   * Mean reward of the move in the search, in [0, 1]: its chance to win (J'Accuse!: to stay
   * free) as the search estimates it from the seat's information. Null when the search did not
   * weigh it (a forced move, or no simulation of it).
   */
  estimate: number | null;
  /** Simulations of the move at the search's root. */
  visits: number;
  /** Why, from the seat's view (the game's catalog key and arguments), or null. */
  reason: HintReason | null;
}

/** What the search advises for one decision of one seat. */
export interface Advice {
  /** The Hard search's move. */
  best: AdvisedMove;
  /** The runner-up: the other move the search tried most (then the higher estimate), when there was a choice. */
  next: AdvisedMove | null;
  /** The move actually played (review analysis), when the request named one. */
  played: AdvisedMove | null;
  /** Legal moves the seat had. */
  choices: number;
  /** Simulations the search ran. */
  iterations: number;
}

/** Below this share of the search's simulations a root move's mean is too noisy to quote. */
export const MIN_VISIT_SHARE = 0.01;

/** The advice for `k.seat` from a finished search `result` over `legal`; `played` is the move made (review), if any. */
export function adviceOf(kit: AnyBotKit, k: Knowledge, legal: readonly unknown[], result: SearchResult<unknown>, played?: unknown): Advice {
  const def = kit.definition;
  const byCode = new Map<string, RootStat>(result.stats.map((s) => [s.code, s]));
  const quotable = (s: RootStat | undefined) => !!s && s.visits > 0 && s.visits >= MIN_VISIT_SHARE * Math.max(1, result.iterations) && legal.length > 1;
  const move = (action: unknown): AdvisedMove => {
    const code = def.encodeAction(action) as string;
    const stat = byCode.get(code);
    return { action, code, estimate: quotable(stat) ? stat!.mean : null, visits: stat?.visits ?? 0, reason: explain(kit, k, action) };
  };
  const best = move(result.action);
  let next: AdvisedMove | null = null;
  for (const a of legal) {
    const code = def.encodeAction(a) as string;
    if (code === best.code) continue;
    const stat = byCode.get(code);
    if (!quotable(stat)) continue;
    // The runner-up: the move the search spent most simulations on after its own (then the higher mean).
    if (!next || stat!.visits > next.visits || (stat!.visits === next.visits && stat!.mean > next.estimate!)) next = { action: a, code, estimate: stat!.mean, visits: stat!.visits, reason: null };
  }
  if (next) next.reason = explain(kit, k, next.action);
  const playedMove = played === undefined ? null : move(played);
  return { best, next, played: playedMove, choices: legal.length, iterations: result.iterations };
}

/** The game's explanation of `action` for the seat of `k` (`BotKit.explain`, else Normal's `reason`), or null. */
export function explain(kit: AnyBotKit, k: Knowledge, action: unknown): HintReason | null {
  return kit.explain?.(k, action) ?? kit.reason?.(k, action) ?? null;
}
