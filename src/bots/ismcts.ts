/**
 * The Hard level's searches (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree
 * Search", IEEE TCIAIG 2012). `hardSearch` picks one:
 *
 * - `modelSearch` (below), when the game's kit offers a compact model (src/games/sim-model.ts):
 *   SO-ISMCTS with partially observable moves, every seat's decision a node of the searcher's
 *   tree keyed by what the searcher observes, UCB with availability counts over every legal
 *   root action, the most visited answer (see its doc comment);
 * - otherwise `ismcts`, the engine-based search described here: one tree over the searching
 *   seat's own decisions, shared by every sampled state, with the game's Normal heuristic for
 *   everything the tree does not decide.
 *
 * The engine-based search:
 * - Each sample is a full state drawn from the seat's knowledge (the game's determinizer).
 * - Root: the heuristic shortlists its best `SHORTLIST_SIZE` actions, and every sample is
 *   played once from each of them with the same random numbers (same sample, same future
 *   draws, same dice for everyone's heuristic choices) — common random numbers, so actions
 *   are compared on equal luck and a few hundred simulations separate them.
 * - Below the root the searcher's later decisions are tree nodes chosen by UCB1 with
 *   availability counts (ISMCTS §4.2: a child's exploration term uses how often it was legal),
 *   shortlisted the same way; one node is added per simulation.
 * - Every other seat acts by the game's rollout heuristic on its own knowledge in the sample
 *   (it never "sees" the sample's hidden cards). After the tree, the game is played on for the
 *   kit's horizon, then cut off by the kit's evaluation (or scored if it ended).
 * - The answer is the heuristic's own choice unless another root action did better on the
 *   same samples by more than `SIGNIFICANCE` (or the kit's `significance`) standard errors of
 *   the paired difference: a search that learnt nothing plays like Normal.
 *
 * Deterministic for a given `rng` and iteration count; a clock budget comes in as `stop`.
 */
import { eventVisibleTo, seatsToAct, type GameEvent, type GameResult, type Seat } from '../games/engine.js';
import { Rng } from '../games/rng.js';
import type { AnyBotKit, Knowledge, RootStat, Scores, SearchBudget, SearchResult } from '../games/bot.js';

/** UCB1 exploration constant for rewards in [0, 1]. */
export const UCB_EXPLORATION = 0.7;
/** Most actions one simulation may apply in total (tree part and rollout part). */
export const SIMULATION_ACTION_CAP = 600;
/** How many of the heuristic's best-scored actions a searcher node considers. */
export const SHORTLIST_SIZE = 5;
/**
 * How many standard errors of the paired difference an action must beat the heuristic's
 * choice by (unless the kit sets its own). Measured in the arena (README "AI players"): a bar
 * of 2 kept Hard playing like Normal (Suspicion 2 players vs Normal: 48.8 % against Normal's
 * own 50 % on the same 80 deals); 0.5 lets the search's findings through (61.3 %), as it did
 * for NOIR's Inspector and Tricks and the Phantom.
 */
export const SIGNIFICANCE = 0.5;

/** Safety factor on the measured duration of a round of simulations when checking a deadline. */
const ROUND_TIME_MARGIN = 1.3;

class Node {
  visits = 0;
  total = 0;
  availability = 0;
  readonly children = new Map<string, Node>();
  /** Codes of the searcher's actions worth searching here (the heuristic's best), or null for all. */
  shortlist: Set<string> | null | undefined = undefined;
}

/** Default reward of a finished game: a win 1, a shared win 1/winners, a loss 0, no winner 1/n. */
export function defaultReward(result: GameResult, seat: Seat, seatCount: number): number {
  if (result.winners.length === 0) return 1 / seatCount;
  return result.winners.includes(seat) ? 1 : 0;
}

/** The heuristic's scores of `options` for `mind` (null when it does not score), and its choice. */
function heuristic(kit: AnyBotKit, mind: Knowledge, options: { type: string }[], rng: Rng): { values: number[] | null; choice: number } {
  const record: Scores = { values: null };
  const chosen = kit.normal(mind, options, rng, record);
  const code = kit.definition.encodeAction(chosen);
  const choice = Math.max(0, options.findIndex((a) => kit.definition.encodeAction(a) === code));
  const values = record.values && record.values.length === options.length ? record.values : null;
  return { values, choice };
}

/** Indices of the `SHORTLIST_SIZE` best-scored options (always including the heuristic's choice). */
function shortlistIndices(values: number[] | null, choice: number, count: number): number[] {
  if (!values || count <= SHORTLIST_SIZE) return Array.from({ length: count }, (_, i) => i);
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]).map(([, i]) => i);
  const top = order.slice(0, SHORTLIST_SIZE);
  if (!top.includes(choice)) top[top.length - 1] = choice;
  return top;
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0.5;
}

/** Give every simulated mind the events it may see. */
function observeAll(kit: AnyBotKit, minds: Knowledge[], state: unknown, events: GameEvent[]): void {
  minds.forEach((mind, seat) => {
    const seen = events.filter((e) => eventVisibleTo(e, seat));
    if (seen.length > 0) kit.observe(mind, state, seen);
  });
}

/**
 * Play one simulation from `sample` with the searcher's first action `first`, walking and
 * growing the tree below `node`; returns the reward for the searcher. `rng` drives every
 * choice after the root (shared by the root actions of one sample).
 */
function simulate(kit: AnyBotKit, k: Knowledge, sample: unknown, first: { type: string }, node: Node, rng: Rng, tally: { finished: number }): number {
  const def = kit.definition;
  const me = k.seat;
  const reward = kit.reward ?? defaultReward;
  const minds: Knowledge[] = [];
  for (let s = 0; s < k.seatCount; s++) minds.push(kit.simKnowledge(k, sample, s));
  let state: unknown = sample;
  const step = (seat: Seat, action: { type: string }) => {
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(`${kit.game}: simulated action ${JSON.stringify(action)} refused: ${JSON.stringify(r.error)}`);
    state = r.state;
    observeAll(kit, minds, state, r.events);
  };
  step(me, first);
  const path: Node[] = [node];
  let inTree = true;
  let afterTree = 0;
  let applied = 1;
  let horizon = Number.POSITIVE_INFINITY;
  for (;;) {
    const p = def.pending(state);
    if (p.kind === 'over') {
      const v = reward(def.result(state)!, me, k.seatCount);
      tally.finished++;
      for (const n of path) {
        n.visits++;
        n.total += v;
      }
      return v;
    }
    if ((!inTree && afterTree >= horizon) || applied >= SIMULATION_ACTION_CAP) break;
    const toAct = seatsToAct(p);
    const seat = toAct.length === 1 ? toAct[0]! : toAct[rng.int(0, toAct.length - 1)]!;
    const options = def.legalActions(state, seat) as { type: string }[];
    if (options.length === 0) throw new Error(`${kit.game}: seat ${seat} must act but has no legal action in a sample`);
    let action: { type: string };
    if (options.length === 1) action = options[0]!;
    else if (seat === me && inTree) {
      const mind = minds[me]!;
      mind.view = def.seatView(state, me);
      const codes = options.map((a) => def.encodeAction(a));
      if (node.shortlist === undefined) {
        const h = heuristic(kit, mind, options, rng);
        node.shortlist = h.values ? new Set(shortlistIndices(h.values, h.choice, options.length).map((i) => codes[i]!)) : null;
      }
      const list = node.shortlist;
      let allowed = list ? codes.flatMap((code, i) => (list.has(code) ? [i] : [])) : codes.map((_, i) => i);
      if (allowed.length === 0) allowed = codes.map((_, i) => i);
      const untried: number[] = [];
      for (const i of allowed) {
        const child = node.children.get(codes[i]!);
        if (child) child.availability++;
        else untried.push(i);
      }
      let pick: number;
      if (untried.length > 0) {
        pick = untried[rng.int(0, untried.length - 1)]!;
        const child = new Node();
        child.availability = 1;
        node.children.set(codes[pick]!, child);
        inTree = false;
        horizon = kit.horizon(state);
      } else {
        pick = allowed[0]!;
        let best = Number.NEGATIVE_INFINITY;
        for (const i of allowed) {
          const child = node.children.get(codes[i]!)!;
          const score = child.total / child.visits + UCB_EXPLORATION * Math.sqrt(Math.log(child.availability) / child.visits);
          if (score > best) {
            best = score;
            pick = i;
          }
        }
      }
      node = node.children.get(codes[pick]!)!;
      path.push(node);
      action = options[pick]!;
    } else {
      const mind = minds[seat]!;
      mind.view = def.seatView(state, seat);
      action = kit.rollout(mind, options, rng);
      if (!inTree) afterTree++;
    }
    step(seat, action);
    applied++;
  }
  const v = clamp01(kit.evaluate(state, me, minds));
  for (const n of path) {
    n.visits++;
    n.total += v;
  }
  return v;
}

/**
 * Search from `k` (the searcher's knowledge) among `legal` (the seat's legal actions now,
 * which its view determines) and return the chosen action with the root statistics.
 */
export function ismcts<A extends { type: string }>(kit: AnyBotKit, k: Knowledge, legal: A[], rng: Rng, budget: SearchBudget): SearchResult<A> {
  const def = kit.definition;
  const rootCodes = legal.map((a) => def.encodeAction(a));
  if (legal.length === 1) return { action: legal[0]!, iterations: 0, stats: [{ code: rootCodes[0]!, visits: 0, mean: 0 }], finished: 0 };
  const tally = { finished: 0 };
  const h = heuristic(kit, k, legal, rng);
  const candidates = shortlistIndices(h.values, h.choice, legal.length);
  const nodes = candidates.map(() => new Node());
  /** rewards[j][c]: sample j played from candidate c. */
  const rewards: number[][] = [];
  const maxIterations = budget.iterations ?? Number.POSITIVE_INFINITY;
  let iterations = 0;
  const deadline = budget.deadline;
  /** Duration of a round in ms (a decaying maximum of the rounds measured so far). */
  let roundMs = 0;
  while (iterations + candidates.length <= Math.max(maxIterations, candidates.length)) {
    if (rewards.length > 0) {
      if (budget.stop?.()) break;
      if (deadline && deadline.now() + ROUND_TIME_MARGIN * roundMs > deadline.at) break;
    }
    const startedAt = deadline?.now() ?? 0;
    if (deadline && startedAt >= deadline.at) break;
    const sample = kit.determinize(k, rng);
    const seed = rng.int(-0x80000000, 0x7fffffff);
    const row: number[] = [];
    for (let i = 0; i < candidates.length; i++) {
      // Past the deadline mid-round: drop the unfinished round (its actions were not compared on equal luck).
      if (deadline && i > 0 && deadline.now() >= deadline.at) break;
      row.push(simulate(kit, k, sample, legal[candidates[i]!]!, nodes[i]!, Rng.seeded(seed), tally));
    }
    if (row.length < candidates.length) break;
    rewards.push(row);
    iterations += candidates.length;
    if (deadline) roundMs = Math.max(deadline.now() - startedAt, 0.8 * roundMs);
    if (iterations >= maxIterations) break;
  }
  const samples = rewards.length;
  // No round finished in time (a deadline already spent): the heuristic's choice.
  if (samples === 0) return { action: legal[h.choice]!, iterations, stats: [], finished: tally.finished };
  const mean = (i: number) => rewards.reduce((s, r) => s + r[i]!, 0) / samples;
  const base = Math.max(0, candidates.indexOf(h.choice));
  let chosen = base;
  let bestMean = mean(base);
  const bar = kit.significance?.(k) ?? SIGNIFICANCE;
  candidates.forEach((_, i) => {
    if (i === base) return;
    const diffs = rewards.map((r) => r[i]! - r[base]!);
    const d = diffs.reduce((s, x) => s + x, 0) / samples;
    const variance = samples > 1 ? diffs.reduce((s, x) => s + (x - d) ** 2, 0) / (samples - 1) : Number.POSITIVE_INFINITY;
    const significant = d > 0 && d > bar * Math.sqrt(variance / samples);
    const m = mean(i);
    if (significant && m > bestMean) {
      bestMean = m;
      chosen = i;
    }
  });
  const stats: RootStat[] = candidates.map((c, i) => ({ code: rootCodes[c]!, visits: samples, mean: mean(i) }));
  return { action: legal[candidates[chosen]!]!, iterations, stats, finished: tally.finished };
}

// ── Information-set search on a compact model (kit.model) ─────────────────────────────────

/**
 * Playout styles the opponents are simulated with, one per iteration in turn (SimModel
 * `playout`: 0 the game's heuristic, 1 uniformly random, 2 and 3 game-specific variants): the
 * search is not tuned to one opponent. The searcher's own playout moves use style 0.
 */
export const OPPONENT_STYLES: readonly number[] = [0, 2, 0, 3, 1];
/** Most actions a playout applies after leaving the tree before the model's evaluation cuts it off. */
export const MODEL_PLAYOUT_CAP = 80;
/**
 * Root actions visited at least this share of the most visited one's count are tied (UCB
 * spreads its visits evenly over actions of equal value); the tie goes to Normal's heuristic.
 */
export const TIE_VISITS = 0.9;
/**
 * Root actions whose mean reward is within this many standard errors (of the difference) of
 * the most visited action's mean are tied with it too: the search cannot tell them apart, and
 * the most visited of a score of near-equal actions is the luckiest (docs/hard-search.md: NOIR's Hard
 * Inspector played 27–36 % shifts that change nothing around it, its 18 shifts within 0.03 of
 * its exoneration). The tie goes to Normal's heuristic as above.
 */
export const TIE_STANDARD_ERRORS = 1;
/** A root action needs at least this share of the most visited one's count to be tied by its mean (a rarely visited action's mean is too loose to trust). */
export const TIE_MIN_VISITS = 0.25;
/** Iterations between two looks at the clock. */
const CLOCK_EVERY = 16;

/**
 * Likelihood weights (docs/hard-search.md "Likelihood weights"), read by every `modelSearch`:
 * - `moves`: how many of the opponents' last observed moves (`SimModel.history`) weight a
 *   sampled deal — its weight is the product of `SimModel.likelihood` over them; 0 turns the
 *   weights off (every deal as the determinizer drew it, as before). The environment
 *   variable `HARD_LIKELIHOOD_MOVES` sets it at load (worker threads inherit it: the arena's
 *   before/after on the same deals runs with `HARD_LIKELIHOOD_MOVES=0`);
 * - `floor`: the least one observed move's likelihood counts for: the model's heuristic is
 *   not the opponent's, so no deal is ruled out by a move the heuristic would not make (a
 *   factor of at most 1 / floor per move between two deals);
 * - `pool`: sampled deals in the weighted pool, filled at the start of a search; every
 *   `refresh` iterations the oldest is replaced with a fresh deal, and each iteration draws
 *   its deal from the pool in proportion to the weights (importance resampling over a
 *   sliding pool).
 * Benches and tests may change the fields; the values are the measured choice
 * (bench/likelihood-check.ts, bench/results/likelihood-check-2026-12-02.txt).
 */
export const LIKELIHOOD = { moves: likelihoodMovesSetting(), floor: 0.1, pool: 64, refresh: 2 };

function likelihoodMovesSetting(): number {
  const raw = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.HARD_LIKELIHOOD_MOVES;
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 16;
}

/**
 * The likelihood weight of `sample` for the searcher `k`: the product over the opponents'
 * last `moves` observed moves (`model.history`) of `model.likelihood`, each floored at
 * `floor`; 1 when the model offers no history. Reads only `k` and `sample`.
 */
export function likelihoodWeight(kit: AnyBotKit, k: Knowledge, sample: unknown, moves = LIKELIHOOD.moves, floor = LIKELIHOOD.floor): number {
  const model = kit.model;
  if (!model?.history || !model.likelihood || moves <= 0) return 1;
  let w = 1;
  for (const past of model.history(sample, k, moves)) w *= Math.max(floor, Math.min(1, model.likelihood(past.m, past.seat, past.code)));
  return w;
}

/**
 * A pool of sampled deals weighted by `likelihoodWeight`, for `modelSearch`: `LIKELIHOOD.pool`
 * deals drawn at the start; `next` replaces the oldest with a fresh deal, then returns a deal
 * drawn in proportion to the weights. Null when nothing would be weighted (the model has no
 * likelihood or history, the weights are off, or the searcher has observed no opponent move).
 */
export class LikelihoodPool {
  readonly samples: unknown[] = [];
  readonly weights: number[] = [];
  private oldest = 0;

  private constructor(
    private readonly kit: AnyBotKit,
    private readonly k: Knowledge,
    private readonly moves: number,
    private readonly floor: number,
    private readonly refresh: number,
  ) {}
  /** Draws since the last fresh deal. */
  private sinceFresh = 0;

  /** The pool for `k`, filled with `size` deals drawn with `rng`, or null (see the class comment). */
  static create(kit: AnyBotKit, k: Knowledge, rng: Rng, size = LIKELIHOOD.pool, moves = LIKELIHOOD.moves, floor = LIKELIHOOD.floor, refresh = LIKELIHOOD.refresh): LikelihoodPool | null {
    const model = kit.model;
    if (!model?.history || !model.likelihood || moves <= 0 || size <= 0) return null;
    // Probe on a copy of the generator: without a pool `rng` is untouched, so the search draws
    // exactly the deals it drew before the weights existed (the arena's before/after).
    const probe = kit.determinize(k, Rng.from(rng.state()));
    if (model.history(probe, k, moves).length === 0) return null;
    const pool = new LikelihoodPool(kit, k, moves, floor, Math.max(1, refresh));
    while (pool.samples.length < size) pool.add(kit.determinize(k, rng));
    return pool;
  }

  /** Weights by `SimModel.historyKey` (deals with the same key weigh the same). */
  private readonly byKey = new Map<string, number>();

  private add(sample: unknown): void {
    this.samples.push(sample);
    this.weights.push(this.weigh(sample));
  }

  private weigh(sample: unknown): number {
    const keyOf = this.kit.model!.historyKey;
    if (!keyOf) return likelihoodWeight(this.kit, this.k, sample, this.moves, this.floor);
    const key = keyOf(sample, this.k);
    let w = this.byKey.get(key);
    if (w === undefined) {
      w = likelihoodWeight(this.kit, this.k, sample, this.moves, this.floor);
      this.byKey.set(key, w);
    }
    return w;
  }

  /** Every `refresh` calls replace the oldest deal with a fresh one; then draw a deal in proportion to the weights. */
  next(rng: Rng): unknown {
    if (++this.sinceFresh >= this.refresh) {
      this.sinceFresh = 0;
      const fresh = this.kit.determinize(this.k, rng);
      this.samples[this.oldest] = fresh;
      this.weights[this.oldest] = this.weigh(fresh);
      this.oldest = (this.oldest + 1) % this.samples.length;
    }
    return this.samples[this.draw(rng)];
  }

  /** An index drawn in proportion to the weights. */
  draw(rng: Rng): number {
    let total = 0;
    for (const w of this.weights) total += w;
    let x = (rng.int(0, 0x3fffffff) / 0x40000000) * total;
    for (let i = 0; i < this.weights.length; i++) {
      x -= this.weights[i]!;
      if (x < 0) return i;
    }
    return this.weights.length - 1;
  }
}

/** Statistics of one action of the seat deciding at an information-set node. */
interface Edge {
  /** Times chosen. */
  n: number;
  /** Sum of the decider's rewards after choosing it. */
  w: number;
  /** Sum of the squares of those rewards (root ties by standard error). */
  w2: number;
  /** Times it was legal when the node was visited (ISMCTS availability count). */
  avail: number;
  /** Position in the first legal list that held it (the deterministic tie-break). */
  order: number;
}

/**
 * A node of the searcher's tree: an information set of the searching seat (the history as
 * it observes it). `edges` hold the deciding seat's actions by action code; `children` the
 * next information sets by what the searcher observes of the move (SimModel `observe`).
 */
class InfoNode {
  /** By action key: the action itself when the model's actions are numbers, else its code. */
  readonly edges = new Map<string | number, Edge>();
  readonly children = new Map<string, InfoNode>();
  /** Tried moves that can end the game first (root only). */
  endFirst = false;
}

/**
 * The index of the action to take at `node` among `codes` (the decider's legal codes): an
 * untried one first (at the root, moves that can end the game before the rest, `ends`), in
 * legal order; then UCB1 with availability counts (Cowling et al. 2012 §4.2):
 * mean + UCB_EXPLORATION·√(ln availability / n). Ties go to the earliest in legal order.
 */
function selectEdge(node: InfoNode, codes: (string | number)[], ends: boolean[] | null): number {
  let untried = -1;
  for (let i = 0; i < codes.length; i++) {
    let edge = node.edges.get(codes[i]!);
    if (!edge) {
      edge = { n: 0, w: 0, w2: 0, avail: 0, order: node.edges.size };
      node.edges.set(codes[i]!, edge);
    }
    edge.avail++;
    if (edge.n === 0 && (untried < 0 || (ends !== null && ends[i] && !ends[untried]))) untried = i;
  }
  if (untried >= 0) return untried;
  let pick = 0;
  let best = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < codes.length; i++) {
    const e = node.edges.get(codes[i]!)!;
    const score = e.w / e.n + UCB_EXPLORATION * Math.sqrt(Math.log(e.avail) / e.n);
    if (score > best) {
      best = score;
      pick = i;
    }
  }
  return pick;
}

/**
 * The child of `node` for what the searcher observed (`seen`), or null after adding it: one
 * node is added per iteration, and the iteration plays out from there.
 */
function descend(node: InfoNode, seen: string): InfoNode | null {
  const child = node.children.get(seen);
  if (child) return child;
  node.children.set(seen, new InfoNode());
  return null;
}

/**
 * Single-observer information-set MCTS with partially observable moves (Cowling, Powley &
 * Whitehouse 2012, SO-ISMCTS + POM) on the kit's compact model (src/games/sim-model.ts):
 *
 * - every iteration samples a full state from the searcher's knowledge (`kit.determinize`)
 *   and builds the model from it (`model.fromState`, with the searcher's knowledge);
 * - the tree is the searcher's: a node is an information set of the searching seat; every
 *   seat's decision is a node — the searcher chooses among its legal action codes, another
 *   seat among its own action codes by its own rewards (so opponents search too, not a fixed
 *   heuristic); the next node is keyed by what the *searcher* observes of the move
 *   (`model.observe`), so moves it cannot tell apart share a node, and public outcomes split;
 *   a seat whose decision the model leaves to its policy (`model.policyDecides`: Suspicion's
 *   rivals, who would otherwise learn the searcher's cards) plays the iteration's opponent
 *   style there, and the walk goes on by what the searcher observes;
 * - selection is UCB1 with availability counts, untried actions first; one node is added per
 *   iteration; then the model's playout policy plays on — opponents in a style that changes
 *   every iteration (`OPPONENT_STYLES`) — for at most `MODEL_PLAYOUT_CAP` actions, then the
 *   model's result (or its evaluation of every seat) is backed up along the path;
 * - the root is searched over every legal action (no shortlist): moves that can end the game
 *   (`model.canEnd`) are tried first; the answer is the most visited root action; actions
 *   visited at least `TIE_VISITS` as often, or at least `TIE_MIN_VISITS` as often with a mean
 *   reward within `TIE_STANDARD_ERRORS` standard errors of its mean, are tied, and the tie goes
 *   to the best score of Normal's heuristic (`kit.normal`'s record), then the higher mean
 *   reward, then legal order.
 *
 * Sampled deals honour the determinizer's hard constraints (src/games/<game>/bot.ts) and, when
 * the model offers `history` and `likelihood` and the searcher has observed opponent moves,
 * are weighted by how likely those moves were under each deal (`LikelihoodPool`: the last
 * `LIKELIHOOD.moves` moves, each floored at `LIKELIHOOD.floor`, a sliding pool of
 * `LIKELIHOOD.pool` deals; docs/hard-search.md "Likelihood weights").
 *
 * Deterministic for a given `rng` and iteration count; with a `deadline`, the clock is read
 * every `CLOCK_EVERY` iterations and the search stops when the next batch would overrun.
 */
export function modelSearch<A extends { type: string }>(kit: AnyBotKit, k: Knowledge, legal: A[], rng: Rng, budget: SearchBudget): SearchResult<A> {
  const model = kit.model!;
  const def = kit.definition;
  const rootCodes = legal.map((a) => def.encodeAction(a) as string);
  if (legal.length === 1) return { action: legal[0]!, iterations: 0, stats: [{ code: rootCodes[0]!, visits: 0, mean: 0 }], finished: 0 };
  const me = k.seat;
  const root = new InfoNode();
  root.endFirst = true;
  const maxIterations = budget.iterations ?? Number.POSITIVE_INFINITY;
  const deadline = budget.deadline;
  let iterations = 0;
  let finished = 0;
  let batchStart = deadline?.now() ?? 0;
  let batchMs = 0;
  const trail: { node: InfoNode; seat: Seat; code: string | number }[] = [];
  /** The engine code of each root edge key. */
  const rootCode = new Map<string | number, string>();
  /** The edge key of an action: itself when a number (a model's cheap action), else its code. */
  const keyOf = (m: unknown, seat: Seat, a: unknown): string | number => (typeof a === 'number' ? a : model.code(m, seat, a));
  // Likelihood weights: deals drawn from a weighted pool when the searcher observed opponent moves.
  const pool = maxIterations > 0 && !(deadline && deadline.now() >= deadline.at) ? LikelihoodPool.create(kit, k, rng) : null;
  while (iterations < maxIterations) {
    if (iterations % CLOCK_EVERY === 0 && iterations > 0) {
      if (budget.stop?.()) break;
      if (deadline) {
        const now = deadline.now();
        batchMs = Math.max(now - batchStart, 0.8 * batchMs);
        batchStart = now;
        if (now + ROUND_TIME_MARGIN * batchMs > deadline.at) break;
      }
    } else if (iterations === 0 && deadline && deadline.now() >= deadline.at) break;
    const sample = pool ? pool.next(rng) : kit.determinize(k, rng);
    const m = model.fromState(sample, rng, k);
    const style = OPPONENT_STYLES[iterations % OPPONENT_STYLES.length]!;
    trail.length = 0;
    let node: InfoNode | null = root;
    let applied = 0;
    let rewards: number[] | null = null;
    for (;;) {
      rewards = model.rewards(m);
      if (rewards) break;
      if (applied >= SIMULATION_ACTION_CAP || (node === null && applied >= MODEL_PLAYOUT_CAP + trail.length)) break;
      const toAct = model.toAct(m);
      const seat = toAct.length === 1 ? toAct[0]! : toAct[rng.int(0, toAct.length - 1)]!;
      const options = model.legal(m, seat);
      if (options.length === 0) throw new Error(`${kit.game}: seat ${seat} must act but the model offers no action`);
      if (node !== null && seat !== me && model.policyDecides?.(m, seat, me)) {
        // A decision the searcher's tree must not learn (it would read the searcher's own
        // secret): the policy decides; the walk goes on by what the searcher observes.
        const action = options.length === 1 ? options[0] : model.playout(m, seat, options, rng, style);
        model.apply(m, seat, action, rng);
        node = descend(node, model.observe(m, me, seat, action));
      } else if (node !== null) {
        const codes = options.map((a) => keyOf(m, seat, a));
        const ends = node.endFirst && model.canEnd ? options.map((a) => model.canEnd!(m, seat, a)) : null;
        if (node === root && rootCode.size < options.length) options.forEach((a, j) => rootCode.set(codes[j]!, model.code(m, seat, a)));
        const i = selectEdge(node, codes, ends);
        const action = options[i];
        model.apply(m, seat, action, rng);
        trail.push({ node, seat, code: codes[i]! });
        node = descend(node, model.observe(m, me, seat, action));
      } else {
        const action = options.length === 1 ? options[0] : model.playout(m, seat, options, rng, seat === me ? 0 : style);
        model.apply(m, seat, action, rng);
      }
      applied++;
    }
    if (rewards) finished++;
    else rewards = Array.from({ length: k.seatCount }, (_, s) => clamp01(model.evaluate(m, s)));
    for (const step of trail) {
      const edge = step.node.edges.get(step.code)!;
      const r = rewards[step.seat] ?? 0;
      edge.n++;
      edge.w += r;
      edge.w2 += r * r;
    }
    iterations++;
  }
  const byCode = new Map<string, Edge>();
  for (const [key, edge] of root.edges) byCode.set(rootCode.get(key) ?? String(key), edge);
  const stats: RootStat[] = rootCodes.map((code) => {
    const e = byCode.get(code);
    return { code, visits: e?.n ?? 0, mean: e && e.n > 0 ? e.w / e.n : 0 };
  });
  // The most visited (`ref`: ties in visits to the higher mean); actions within TIE_VISITS of
  // its visits, or within TIE_STANDARD_ERRORS of its mean, are tied with it, and the tie goes
  // to Normal's heuristic score (kit.normal's record), then the higher mean, then legal order.
  let top = 0;
  let ref = -1;
  stats.forEach((st, i) => {
    if (st.visits > top || (st.visits === top && top > 0 && st.mean > stats[ref]!.mean)) {
      top = st.visits;
      ref = i;
    }
  });
  let chosen = -1;
  if (top > 0) {
    const record: Scores = { values: null };
    kit.normal(k, legal, Rng.seeded(iterations), record);
    const score = record.values && record.values.length === legal.length ? record.values : null;
    /** Variance of the mean of a root action's rewards (0 for fewer than two visits). */
    const meanVariance = (code: string) => {
      const e = byCode.get(code);
      if (!e || e.n < 2) return 0;
      return Math.max(0, (e.w2 - (e.w * e.w) / e.n) / (e.n - 1)) / e.n;
    };
    const refStat = stats[ref]!;
    const refVariance = meanVariance(refStat.code);
    const tied = (st: RootStat) =>
      st.visits >= TIE_VISITS * top ||
      (st.visits >= TIE_MIN_VISITS * top && st.mean >= refStat.mean - TIE_STANDARD_ERRORS * Math.sqrt(refVariance + meanVariance(st.code)));
    stats.forEach((st, i) => {
      if (st.visits === 0 || !tied(st)) return;
      if (chosen < 0) {
        chosen = i;
        return;
      }
      const b = stats[chosen]!;
      const ds = score ? score[i]! - score[chosen]! : 0;
      if (ds > 1e-9 || (Math.abs(ds) <= 1e-9 && st.mean > b.mean)) chosen = i;
    });
  }
  // No iteration ran (a deadline already spent): the heuristic's choice.
  if (chosen < 0) return { action: kit.normal(k, legal, rng), iterations, stats: [], finished };
  return { action: legal[chosen]!, iterations, stats, finished };
}

/**
 * The Hard level's search for `kit`: the game's own `search` when the kit has one (same
 * contract: legal actions of the seat now, budget, deterministic for `rng`), else the
 * information-set search on the kit's compact model (`modelSearch`) when it has one, else
 * the engine-based search (`ismcts`).
 */
export function hardSearch<A extends { type: string }>(kit: AnyBotKit, k: Knowledge, legal: A[], rng: Rng, budget: SearchBudget): SearchResult<A> {
  if (kit.search) return kit.search(k, legal, rng, budget) as SearchResult<A>;
  return kit.model && kit.searchOnModel !== false ? modelSearch(kit, k, legal, rng, budget) : ismcts(kit, k, legal, rng, budget);
}
