/**
 * Information Set Monte Carlo Tree Search for the Hard level (Cowling, Powley & Whitehouse,
 * "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), single-observer form: one
 * tree over the searching seat's own decisions, shared by every sampled state.
 *
 * Each iteration samples a full state from the seat's knowledge (the game's determinizer),
 * walks the tree choosing the searcher's actions by UCB1 with availability counts (a child's
 * exploration term uses how often it was legal, not its parent's visits — ISMCTS §4.2), and
 * lets every other seat act by the game's rollout heuristic on that seat's own knowledge in
 * the sampled state, so opponents never "see" the sample's hidden cards. One new node is
 * added per iteration; after it the game is played on by the rollout heuristic for the
 * kit's horizon, then cut off by the kit's evaluation (or scored if it ended).
 *
 * Deterministic for a given `rng` and iteration count; a clock budget comes in as `stop`.
 */
import { eventVisibleTo, seatsToAct, type GameEvent, type GameResult, type Seat } from '../games/engine.js';
import type { Rng } from '../games/rng.js';
import type { AnyBotKit, Knowledge } from './kit.js';

/** UCB1 exploration constant for rewards in [0, 1]. */
export const UCB_EXPLORATION = 0.7;
/** Most actions one simulation may apply in total (tree part and rollout part). */
export const SIMULATION_ACTION_CAP = 600;

/** When a search stops: after `iterations`, or as soon as `stop()` says so (checked each iteration). */
export interface SearchBudget {
  iterations?: number;
  stop?: () => boolean;
}

/** Statistics of one root action. */
export interface RootStat {
  code: string;
  visits: number;
  /** Mean reward in [0, 1]. */
  mean: number;
}

/** Outcome of a search: the chosen action, how many iterations ran, and the root statistics. */
export interface SearchResult<A> {
  action: A;
  iterations: number;
  stats: RootStat[];
}

class Node {
  visits = 0;
  total = 0;
  availability = 0;
  readonly children = new Map<string, Node>();
}

/** Default reward of a finished game: a win 1, a shared win 1/winners, a loss 0, no winner 1/n. */
export function defaultReward(result: GameResult, seat: Seat, seatCount: number): number {
  if (result.winners.length === 0) return 1 / seatCount;
  return result.winners.includes(seat) ? 1 : 0;
}

/**
 * Search from `k` (the searcher's knowledge) and return the most visited root action among
 * `legal` (the seat's legal actions now, which its view determines). Throws if the budget
 * allows no iteration at all and more than one action is legal (a programming error).
 */
export function ismcts<A extends { type: string }>(
  kit: AnyBotKit,
  k: Knowledge,
  legal: A[],
  rng: Rng,
  budget: SearchBudget,
): SearchResult<A> {
  const def = kit.definition;
  const me = k.seat;
  const rootCodes = legal.map((a) => def.encodeAction(a));
  if (legal.length === 1) return { action: legal[0]!, iterations: 0, stats: [{ code: rootCodes[0]!, visits: 0, mean: 0 }] };
  const root = new Node();
  const reward = kit.reward ?? defaultReward;
  let iterations = 0;
  const maxIterations = budget.iterations ?? Number.POSITIVE_INFINITY;
  while (iterations < maxIterations && !(iterations > 0 && budget.stop?.())) {
    iterations++;
    let state = kit.determinize(k, rng);
    const seatCount = k.seatCount;
    const minds: Knowledge[] = [];
    for (let s = 0; s < seatCount; s++) minds.push(kit.simKnowledge(k, state, s));
    let node = root;
    const path: Node[] = [root];
    let inTree = true;
    let afterTree = 0;
    let applied = 0;
    let horizon = Number.POSITIVE_INFINITY;
    let value: number | null = null;
    for (;;) {
      const p = def.pending(state);
      if (p.kind === 'over') {
        value = reward(def.result(state)!, me, seatCount);
        break;
      }
      if (!inTree && afterTree >= horizon) break;
      if (applied >= SIMULATION_ACTION_CAP) break;
      const toAct = seatsToAct(p);
      const seat = toAct.length === 1 ? toAct[0]! : toAct[rng.int(0, toAct.length - 1)]!;
      const options = def.legalActions(state, seat) as A[];
      if (options.length === 0) throw new Error(`${kit.game}: seat ${seat} must act but has no legal action in a sample`);
      let action: A;
      if (seat === me && inTree && options.length > 1) {
        const codes = options.map((a) => def.encodeAction(a));
        const untried: number[] = [];
        codes.forEach((code, i) => {
          const child = node.children.get(code);
          if (child) child.availability++;
          else untried.push(i);
        });
        let pick: number;
        if (untried.length > 0) {
          pick = untried[rng.int(0, untried.length - 1)]!;
          const child = new Node();
          child.availability = 1;
          node.children.set(codes[pick]!, child);
          inTree = false;
          horizon = kit.horizon(state);
        } else {
          pick = 0;
          let best = Number.NEGATIVE_INFINITY;
          codes.forEach((code, i) => {
            const child = node.children.get(code)!;
            const score = child.total / child.visits + UCB_EXPLORATION * Math.sqrt(Math.log(child.availability) / child.visits);
            if (score > best) {
              best = score;
              pick = i;
            }
          });
        }
        node = node.children.get(codes[pick]!)!;
        path.push(node);
        action = options[pick]!;
      } else {
        if (options.length === 1) action = options[0]!;
        else {
          const mind = minds[seat]!;
          mind.view = def.seatView(state, seat);
          action = kit.rollout(mind, options, rng) as A;
        }
        if (!inTree) afterTree++;
      }
      const r = def.apply(state, seat, action);
      if (!r.ok) throw new Error(`${kit.game}: simulated action ${JSON.stringify(action)} refused: ${JSON.stringify(r.error)}`);
      state = r.state;
      applied++;
      observeAll(kit, minds, state, r.events);
    }
    const v = value ?? clamp01(kit.evaluate(state, me, minds));
    for (const n of path) {
      n.visits++;
      n.total += v;
    }
  }
  const stats: RootStat[] = rootCodes.map((code) => {
    const c = root.children.get(code);
    return { code, visits: c?.visits ?? 0, mean: c && c.visits > 0 ? c.total / c.visits : 0 };
  });
  let best = 0;
  stats.forEach((s, i) => {
    const b = stats[best]!;
    if (s.visits > b.visits || (s.visits === b.visits && s.mean > b.mean)) best = i;
  });
  return { action: legal[best]!, iterations, stats };
}

/** Give every simulated mind the events it may see. */
function observeAll(kit: AnyBotKit, minds: Knowledge[], state: unknown, events: GameEvent[]): void {
  minds.forEach((mind, seat) => {
    const seen = events.filter((e) => eventVisibleTo(e, seat));
    kit.observe(mind, state, seen);
  });
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0.5;
}
