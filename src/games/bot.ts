/**
 * The bot contract: what a game's own bot knowledge (src/games/<game>/bot.ts) provides and
 * what the generic AI-player machinery (src/bots) drives — the kit, a seat's input and
 * knowledge, the search budget and result, and `best`, the scored choice the heuristics share.
 * It sits in src/games, below both, so a game's bot files import nothing from src/bots.
 * Pure like the engines (no clock, no unseeded randomness, no timers, no Node I/O).
 *
 * Hidden information: a bot decides from a `BotInput` — what a player sitting at the seat
 * could know — and never from the game state. Every sampled state a bot searches is built
 * by the game's determinizer from that input.
 */
import type { GameDefinition, GameEvent, GameResult, Seat } from './engine.js';
import type { Rng } from './rng.js';
import type { AnySimModel } from './sim-model.js';

/** Strength of an AI player: random (src/bots/policy.ts `easyChoice`), heuristic, or search (README "AI players"). */
export type BotLevel = 'easy' | 'normal' | 'hard';

/** Every level, weakest first. */
export const BOT_LEVELS: readonly BotLevel[] = ['easy', 'normal', 'hard'];

/**
 * What one seat knows, and so everything a bot may decide from:
 * - `view`: the seat's view now (`definition.seatView(state, seat)`);
 * - `initialView`: the seat's view right after setup (the first board every player saw);
 * - `events`: every game event visible to the seat (`eventVisibleTo(event, seat)`), in the
 *   order they happened since setup — public ones and the seat's private ones, never
 *   another seat's private event;
 * - `options`: the parsed table options (public), `seatCount`, and the game id.
 *
 * All fields are plain JSON, so an input can be posted to a worker thread unchanged.
 */
export interface BotInput<SV = unknown, O = unknown> {
  /**
   * The game's id (a `GameId`, src/games/index.ts; typed as a string here so that the pure
   * bot files need not import the game registry and its renderers).
   */
  game: string;
  seat: Seat;
  seatCount: number;
  options: O;
  initialView: SV;
  events: GameEvent[];
  view: SV;
}

/**
 * A seat's knowledge as a game's bot code keeps it: at least the current view and the seat;
 * games add what they track from the event history (e.g. Suspicion's discard pile, NOIR's
 * suspects still consistent with every kill, arrest and canvas answer).
 */
export interface Knowledge<SV = unknown> {
  seat: Seat;
  seatCount: number;
  view: SV;
}

/**
 * One game's bot knowledge (src/games/<game>/bot.ts). `S` state, `A` action, `SV` seat view,
 * `K` knowledge. Every function is pure and deterministic given its `rng`.
 *
 * Search (Hard level) uses `determinize` to sample full states, then plays them forward: the
 * searching seat's own decisions in the tree, every other decision by `rollout` on the
 * deciding seat's own knowledge (`simKnowledge` + `observe`), up to `horizon` actions after
 * the tree, then `evaluate`.
 */
export interface BotKit<S, A extends { type: string }, SV, K extends Knowledge<SV>> {
  /** The game's id (the registry checks that it is the id of the module that carries it). */
  game: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  definition: GameDefinition<S, A, any, any, SV>;
  /** The knowledge of `input.seat`, from its input only. */
  know(input: BotInput<SV>): K;
  /**
   * A full state consistent with everything `k` holds: `seatView(result, k.seat)` deep-equals
   * `k.view`, and hidden parts (other hands, piles, identities) are sampled with `rng`. The
   * state's own generator is re-seeded from `rng` (future draws are unknown too).
   */
  determinize(k: K, rng: Rng): S;
  /**
   * The Normal level's choice for `k.seat`: a heuristic on its own knowledge; always legal.
   * When the heuristic scores the actions, it writes the scores into `record` (index = position
   * in `legal`), which the Hard level uses to shortlist the actions worth searching.
   */
  normal(k: K, legal: A[], rng: Rng, record?: Scores): A;
  /**
   * The knowledge `seat` would have in the sampled `state`, at the root of a simulation run
   * by the searcher whose knowledge is `searcher`: public history from the searcher, private
   * parts from the state (that seat's own hand etc.).
   */
  simKnowledge(searcher: K, state: S, seat: Seat): K;
  /** Fold `events` (already filtered to those visible to `k.seat`) into `k`; `state` is after them. */
  observe(k: K, state: S, events: GameEvent[]): void;
  /** The fast heuristic used inside simulations for `k.seat` (its `view` is fresh). Always legal. */
  rollout(k: K, legal: A[], rng: Rng): A;
  /**
   * Estimated value in [0, 1] for `seat` of a non-terminal `state` (1 = sure win); `minds`
   * holds every seat's simulated knowledge (index = seat), e.g. what an opponent has deduced.
   */
  evaluate(state: S, seat: Seat, minds: K[]): number;
  /** Reward in [0, 1] of a finished game for `seat` (default: a win 1, a loss 0, a draw 1/n). */
  reward?(result: GameResult, seat: Seat, seatCount: number): number;
  /** Actions played after leaving the search tree before `evaluate` cuts the simulation off. */
  horizon(state: S): number;
  /**
   * How many standard errors of the paired difference (same samples, same dice) a root action
   * must beat the heuristic's own choice by before the search plays it instead (default
   * `SIGNIFICANCE` in src/bots/ismcts.ts), for the searcher `k`. Lower trusts the search
   * more; where simulations mostly reach the end of the game (their values are results, not
   * the cut-off evaluation's guess) a low bar plays better.
   */
  significance?(k: K): number;
  /**
   * The game's own Hard search, used instead of the generic ISMCTS (src/bots/ismcts.ts) when
   * present: the same contract (choose among `legal`, the seat's legal actions now, within
   * `budget`, where `iterations` counts simulations; deterministic for a given `rng`), on a
   * game-specific model that can afford far more simulations per move.
   */
  search?(k: K, legal: A[], rng: Rng, budget: SearchBudget): SearchResult<A>;
  /**
   * Why the Normal heuristic chose `action` for `k.seat`, in one line, when the heuristic can
   * say (README "AI players", 💡 Hint): a catalog key of the game's `hintReasons` (src/i18n)
   * and its arguments. Null (or absent) when it has no single reason.
   */
  reason?(k: K, action: A): HintReason | null;
  /**
   * The 💡 Hint's and the review analysis's explanation of `action` for `k.seat`, from that
   * seat's knowledge only (docs/ai-players.md): what the move does for the seat, what it knows that
   * makes it worth playing, and the risk — one or two plain sentences, as a catalog key of the
   * game's `hintReasons` (src/games/<game>/text) and its arguments. Every decision kind of
   * the game has one (test/bots/explain.test.ts); null only for a move with nothing to say.
   */
  explain?(k: K, action: A): HintReason | null;
  /**
   * The game's compact simulation model (src/games/sim-model.ts): when present, the generic
   * information-set search (src/bots/ismcts.ts) simulates on it instead of the engine.
   */
  model?: AnySimModel;
  /**
   * False: Hard keeps the engine-based search although the kit has a `model` (which then
   * serves its lockstep tests and speed benches only) — for a game whose model search plays
   * worse than the engine search on the same deals (docs/ai-strength.md). Default true.
   */
  searchOnModel?: boolean;
}

/** A heuristic's one-line reason for a move: a key of the game's `hintReasons` catalog texts and their arguments. */
export interface HintReason {
  key: string;
  args?: (string | number)[];
}

/** Any game's kit, type parameters erased (for the registry of kits). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBotKit = BotKit<any, any, any, any>;

/**
 * When a search stops: after `iterations` simulations, as soon as `stop()` says so, or — with
 * a `deadline` — when the next round of simulations (one per root candidate, timed as the
 * rounds so far took) would not end by `deadline.at`. `deadline.now()` and `at` are ms on
 * the same clock. A round the deadline interrupts is dropped; when no round finished in
 * time the answer is the heuristic's choice, so the search overruns by one simulation at most.
 */
export interface SearchBudget {
  iterations?: number;
  stop?: () => boolean;
  deadline?: { now: () => number; at: number };
}

/** Statistics of one root action of a search. */
export interface RootStat {
  code: string;
  visits: number;
  /** Mean reward in [0, 1]. */
  mean: number;
}

/** Outcome of a search: the chosen action, how many simulations ran, and the root statistics. */
export interface SearchResult<A> {
  action: A;
  iterations: number;
  stats: RootStat[];
  /** Simulations that reached the end of the game (the rest were cut off by the kit's evaluation). */
  finished: number;
}

/**
 * Receives the scores of a heuristic's last choice (index = position in the legal list), so
 * the Hard level's search can start from the heuristic's own ranking (src/bots/ismcts.ts
 * shortlist).
 */
export interface Scores {
  values: number[] | null;
}

/** The best-scored action of `legal` (ties broken with `rng`); records every score in `record`. */
export function best<A>(legal: readonly A[], score: (a: A) => number, rng: Rng, record?: Scores): A {
  let top = Number.NEGATIVE_INFINITY;
  let picks: number[] = [];
  const values: number[] = [];
  legal.forEach((a, i) => {
    const s = score(a);
    values.push(s);
    if (s > top + 1e-9) {
      top = s;
      picks = [i];
    } else if (Math.abs(s - top) <= 1e-9) picks.push(i);
  });
  if (record) record.values = values;
  return legal[picks[rng.int(0, picks.length - 1)]!]!;
}
