/**
 * The compact simulation model a game offers the Hard level's information-set search
 * (src/bots/ismcts.ts): the same rules as the game's engine (src/games/<game>/engine.ts) on a
 * small mutable state, without rebuilding seat views, re-validating actions with zod or copying
 * the whole state per action — so one simulation costs microseconds, not milliseconds.
 *
 * A model is checked against its engine by a test that plays thousands of random positions
 * both ways (same actions, same random numbers where the engine draws): the legal action codes,
 * the seats to act, every seat's observation code and the result must agree at every step.
 *
 * Hidden information: a model state is built from a *sampled* full state (the game's
 * determinizer draws it from the searcher's own knowledge, src/games/bot.ts), never from the
 * real state. What a seat may learn of a move is exactly `observe(…)`: the tree of an
 * information-set search branches on it, never on the move itself when the move is hidden.
 *
 * Pure: no clock, no I/O; randomness only through the `Rng` passed in.
 */
import type { Seat } from './engine.js';
import type { Rng } from './rng.js';

/**
 * One game's compact model. `S` is the engine's full state, `M` the model's state, `A` the
 * model's action (any cheap representation: a number, a small object).
 */
export interface SimModel<S, M, A, K = unknown> {
  /** The game's id (a `GameId`). */
  game: string;
  /**
   * A model state equal to the engine state `state` (a sample from the determinizer).
   * `knowledge`, when the search passes it, is the searcher's knowledge (`BotKit.know`): a
   * model may copy public facts tracked from the history that the state does not hold (e.g.
   * NOIR's public candidate sets); a model must not read anything private to the searcher
   * from it that another seat's simulated decisions would then use.
   */
  fromState(state: S, rng: Rng, knowledge?: K): M;
  /** An independent copy of `m` (a simulation mutates its copy only). */
  clone(m: M): M;
  /** Seats that must decide now (several for simultaneous decisions); empty when the game is over. */
  toAct(m: M): readonly Seat[];
  /** The legal actions of `seat` now (non-empty when `seat` is in `toAct(m)`). */
  legal(m: M, seat: Seat): A[];
  /** The engine's action code of `action` (`definition.encodeAction` of the same engine action). */
  code(m: M, seat: Seat, action: A): string;
  /** Applies `action` by `seat`, drawing any chance outcome (a card from a pile…) with `rng`. */
  apply(m: M, seat: Seat, action: A, rng: Rng): void;
  /**
   * What `viewer` observes of the last `apply` (made by `actor`): a code that equals the
   * action's code when the move is public, and is the same for every move `viewer` cannot
   * tell apart (e.g. "drew a card"). Called right after `apply`. A model may append what the
   * move made public (an arrest's answer, a card shown…) after a `/`: the search's tree then
   * branches on it too (a model returning the bare code is still correct, only coarser).
   */
  observe(m: M, viewer: Seat, actor: Seat, action: A): string;
  /** The reward of each seat in [0, 1] once the game is over (a win 1, a shared win 1/winners), else null. */
  rewards(m: M): number[] | null;
  /** Estimated value in [0, 1] for `seat` of an unfinished `m` (the cut-off of a simulation). */
  evaluate(m: M, seat: Seat): number;
  /**
   * A fast playout choice for `seat` among `legal`. `style` picks the opponent model: 0 the
   * game's heuristic, 1 uniformly random, other values game-specific variants (the search
   * varies them so it is not tuned to one opponent).
   */
  playout(m: M, seat: Seat, legal: A[], rng: Rng, style: number): A;
  /**
   * True when `seat`'s decision now must come from the playout policy (`playout`, the
   * iteration's opponent style), not from a node of the searcher's tree: a decision whose
   * value turns on cards only `searcher` knows. Those are the same in every sample, so a seat
   * choosing at a node of the searcher's tree by its rewards learns them (the known weakness
   * of single-observer ISMCTS, Cowling et al. 2012) — in Suspicion the rivals judged every one
   * of the searcher's declarations right. The tree still branches on what the searcher
   * observes of the move. Absent: every decision in the tree is a node.
   */
  policyDecides?(m: M, seat: Seat, searcher: Seat): boolean;
  /** True when `action` can end the game at once (an arrest, an accusation, a winning report): always a root candidate. */
  canEnd?(m: M, seat: Seat, action: A): boolean;
  /**
   * How likely (0–1] `seat` was to play the observed `code` in `m` under the playout heuristic;
   * the search weights sampled deals by the product over the opponents' observed moves.
   */
  likelihood?(m: M, seat: Seat, code: string): number;
  /**
   * The opponents' last `limit` moves the searcher observed (oldest first), each as the model
   * state just before it under the hidden assignment of `sample` (a state the determinizer
   * drew from `knowledge`), the seat that moved and the code the searcher saw (what
   * `likelihood` takes). Built from the searcher's own knowledge (its view and the history it
   * observed) and `sample` only. With `likelihood`, the search weights each sampled deal by
   * how likely these moves were under it (src/bots/ismcts.ts `modelSearch`,
   * docs/hard-search.md "Likelihood weights"). Past parts a seat cannot know exactly (a hand
   * before later draws) may be approximated; the weights' floor absorbs the error.
   */
  history?(sample: S, knowledge: K, limit: number): { m: M; seat: Seat; code: string }[];
  /**
   * The part of `sample` that the likelihoods of `history` depend on, as a string (e.g. NOIR:
   * the other role's identity, and the Inspector's hand): samples with the same key get the
   * same weight, which the search then computes once. Absent: every sample is weighed anew.
   */
  historyKey?(sample: S, knowledge: K): string;
}

/** Any game's model, type parameters erased (for the kit). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySimModel = SimModel<any, any, any, any>;
