/**
 * The review's analysis (docs/review.md "Analysis"): for a game that will never move
 * again and one of its seats, every decision that seat made is searched again by the Hard level
 * from that seat's information at that moment — its view then and the events it had seen,
 * exactly the input a bot in the seat had (src/bots/input.ts), never a state or another seat's
 * secret — at the 💡 Hint's fixed size (src/tables/hints.ts `hintIterations`: what a live Hard
 * move searches), through the bot policy (the worker pool). Each decision gets Hard's move with
 * its explanation, the search's estimate of the seat's chance to win with it (before the move:
 * what the position was worth with the best play the search found) and with the move played
 * (after), and the cost of the move in points; the (at most five) costliest are the key moments.
 *
 * Budget: one search per decision, plus a second over the two moves alone when the first
 * hardly tried the move played (`FOCUS_SHARE`). Decisions are searched one at a time for the
 * whole process (`AnalysisRunner`), so an analysis never holds more than one worker job and live
 * AI players keep their searches. Results are kept per table, final log length and seat
 * (`ANALYSIS_CACHE_SIZE`); an analysis asked for while another request for it runs joins it.
 */
import type { Advice, AdvisedMove } from '../bots/advice.js';
import type { BotPolicy, BotRequest } from '../bots/policy.js';
import type { BotInput, HintReason } from '../games/bot.js';
import { eventVisibleTo, type GameEvent, type Seat } from '../games/engine.js';
import type { GameReplay } from './replay.js';

/** One decision of a seat as the analysis searches it: the review step of the move, the seat's input just before it, and the move. */
export interface SeatDecision {
  /** The review step the move led to (its `entry` is the move). */
  step: number;
  /** What the seat knew just before the move (the input a bot in the seat had then). */
  input: BotInput;
  /** The move the seat made. */
  played: unknown;
}

/** A move with the search's estimate of the seat's chance to win after it. */
export interface EstimatedMove {
  action: unknown;
  /** The move as the game encodes it. */
  code: string;
  /** Chance to win in [0, 1] as the search estimates it (J'Accuse!: to stay free); null: not estimated (a forced move). */
  estimate: number | null;
  /** Why, from the seat's view (the game's `hintReasons` key), or null. */
  reason: HintReason | null;
}

/** The analysis of one decision. */
export interface DecisionAnalysis {
  step: number;
  /** Legal moves the seat had (1: a forced move, not searched). */
  choices: number;
  /**
   * The Hard search's move, and its estimate: the seat's chance before the move, with the best
   * play found (from the focused search when there was one, so that it and the move played's
   * are measured alike).
   */
  hard: EstimatedMove;
  /** The move made, and its estimate: the chance after it. */
  played: EstimatedMove;
  /** Chance to win the move played gave up against Hard's, in points (0–100, ≥ 0); null when not estimated. */
  cost: number | null;
}

/** The analysis of one seat of one game. */
export interface SeatAnalysis {
  seat: Seat;
  /** Simulations per search (the stated budget of a step). */
  iterations: number;
  decisions: DecisionAnalysis[];
  /** Steps of the key moments: the costliest decisions (at least `KEY_MOMENT_MIN_COST`), costliest first, at most `KEY_MOMENTS`. */
  keyMoments: number[];
  /** Searches run (a decision's focused second search counts too). */
  searches: number;
  /** Wall time of the whole analysis, ms. */
  ms: number;
}

/** Key moments listed at most. */
export const KEY_MOMENTS = 5;
/** A move is a key moment when it cost at least this many points of the chance to win. */
export const KEY_MOMENT_MIN_COST = 5;
/**
 * Below this share of the first search's simulations the move played is searched again against
 * Hard's move alone (`among`): an estimate from a handful of simulations is noise.
 */
export const FOCUS_SHARE = 0.05;
/** Seat analyses kept (one per table, final log length and seat). */
export const ANALYSIS_CACHE_SIZE = 32;

/**
 * Every decision `seat` made in `replay`, each with the seat's input just before it: its view
 * of that state, its first board and the events of the game it could see — built with the
 * engine's `seatView` and `eventVisibleTo` only, as `botInputFromLog` builds a bot's input.
 * `game` and `options` as the table has them (the replay's spec).
 */
export function seatDecisions(replay: GameReplay, game: string, options: unknown, seat: Seat): SeatDecision[] {
  const def = replay.definition;
  const initialView = def.seatView(replay.steps[0]!.state, seat);
  const seen: GameEvent[] = [];
  const decisions: SeatDecision[] = [];
  for (let step = 1; step < replay.steps.length; step++) {
    const { entry, events } = replay.steps[step]!;
    if (entry!.seat === seat) {
      const view = def.seatView(replay.steps[step - 1]!.state, seat);
      decisions.push({ step, played: entry!.action, input: { game, seat, seatCount: replay.seats, options, initialView, events: seen.slice(), view } });
    }
    for (const event of events) if (eventVisibleTo(event, seat)) seen.push(event);
  }
  return decisions;
}

/** A search's move as the analysis keeps it. */
function estimated(move: AdvisedMove): EstimatedMove {
  return { action: move.action, code: move.code, estimate: move.estimate, reason: move.reason };
}

/** The estimate of `code` in `advice` (its best, runner-up or played move), or null. */
function estimateOf(advice: Advice, code: string): number | null {
  for (const move of [advice.best, advice.next, advice.played]) if (move && move.code === code) return move.estimate;
  return null;
}

/** Points of the chance to win between `before` and `after`, each in whole percent as shown (≥ 0), or null. */
function costOf(before: number | null, after: number | null): number | null {
  return before === null || after === null ? null : Math.max(0, Math.round(100 * before) - Math.round(100 * after));
}

/** Searches the analysis asks for, answered (the bot policy, or a test's stand-in). */
export type Advise = (request: BotRequest) => Promise<Advice>;

/**
 * Analyse one decision: Hard's search from the seat's input (with the move played estimated
 * too), and, when that search hardly tried the move played, a second search over Hard's move
 * and the move played alone, whose two estimates give the cost.
 */
export async function analyseDecision(advise: Advise, decision: SeatDecision, iterations: number): Promise<{ analysis: DecisionAnalysis; searches: number }> {
  const first = await advise({ level: 'hard', input: decision.input, iterations, advise: { played: decision.played } });
  const hard = estimated(first.best);
  const played = estimated(first.played!);
  const base = { step: decision.step, choices: first.choices, hard, played };
  if (first.choices <= 1 || hard.code === played.code) return { analysis: { ...base, played: hard, cost: first.choices <= 1 ? null : 0 }, searches: 1 };
  const visits = first.played!.visits;
  if (played.estimate !== null && visits >= FOCUS_SHARE * Math.max(1, first.iterations)) {
    return { analysis: { ...base, cost: costOf(hard.estimate, played.estimate) }, searches: 1 };
  }
  // Both estimates from the focused search: the two figures shown and their difference agree.
  const focused = await advise({ level: 'hard', input: decision.input, iterations, advise: { played: decision.played, among: [hard.code, played.code] } });
  const before = estimateOf(focused, hard.code) ?? hard.estimate;
  const after = estimateOf(focused, played.code);
  return { analysis: { ...base, hard: { ...hard, estimate: before }, played: { ...played, estimate: after }, cost: costOf(before, after) }, searches: 2 };
}

/** The key moments of `decisions`: the steps of the costliest (≥ `KEY_MOMENT_MIN_COST`), costliest first (then earliest), at most `KEY_MOMENTS`. */
export function keyMomentsOf(decisions: readonly DecisionAnalysis[]): number[] {
  return decisions
    .filter((d) => d.cost !== null && d.cost >= KEY_MOMENT_MIN_COST)
    .sort((a, b) => b.cost! - a.cost! || a.step - b.step)
    .slice(0, KEY_MOMENTS)
    .map((d) => d.step);
}

/**
 * Analyse every decision of `seat` (`seatDecisions`), one search at a time; `progress(done,
 * total)` after each. Rejects when a search does (a programming error).
 */
export async function analyseSeat(advise: Advise, decisions: readonly SeatDecision[], seat: Seat, iterations: number, progress?: (done: number, total: number) => void): Promise<SeatAnalysis> {
  const started = performance.now();
  const out: DecisionAnalysis[] = [];
  let searches = 0;
  for (const decision of decisions) {
    const r = await analyseDecision(advise, decision, iterations);
    out.push(r.analysis);
    searches += r.searches;
    progress?.(out.length, decisions.length);
  }
  return { seat, iterations, decisions: out, keyMoments: keyMomentsOf(out), searches, ms: performance.now() - started };
}

/** `advise` through a bot policy: its worker pool answers with the advice (a pool that lost its worker answers without: an error). */
export function policyAdvise(policy: BotPolicy): Advise {
  return async (request) => {
    const decision = await policy.decide(request);
    if (!decision.advice) throw new Error('the bot policy answered without advice');
    return decision.advice;
  };
}

/** One seat analysis, running or done. */
export interface AnalysisEntry {
  /** Settles with the analysis (rejects when it failed; the entry is then dropped). */
  promise: Promise<SeatAnalysis>;
  /** The analysis once done. */
  result: SeatAnalysis | null;
  /** Decisions searched so far, and in all. */
  done: number;
  total: number;
  /** Called after each decision while it runs (a review panel's progress). */
  listeners: Set<(done: number, total: number) => void>;
}

/**
 * Runs seat analyses for the process: one search at a time for all of them together, the
 * results kept by table, final log length and seat (least recently used dropped past
 * `capacity`). A finished game's log never grows, so the key names one analysis.
 */
export class AnalysisRunner {
  private readonly entries = new Map<string, AnalysisEntry>();
  /** The chain every search waits on: one at a time for the whole process. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly advise: Advise,
    private readonly capacity = ANALYSIS_CACHE_SIZE,
  ) {}

  private static key(tableId: number, lastSeq: number, seat: Seat): string {
    return `${tableId}:${lastSeq}:${seat}`;
  }

  /** The analysis of `seat` at table `tableId` (log length `lastSeq`), running or done, or undefined. */
  peek(tableId: number, lastSeq: number, seat: Seat): AnalysisEntry | undefined {
    return this.entries.get(AnalysisRunner.key(tableId, lastSeq, seat));
  }

  /**
   * The analysis of `seat` at table `tableId`: the kept one, the one running, or a new one over
   * `decisions` (`seatDecisions`) at `iterations` a search. The caller checks the table is over
   * and that the reader may see the seat.
   */
  start(tableId: number, lastSeq: number, seat: Seat, decisions: () => readonly SeatDecision[], iterations: number): AnalysisEntry {
    const key = AnalysisRunner.key(tableId, lastSeq, seat);
    const known = this.entries.get(key);
    if (known) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const list = decisions();
    const entry: AnalysisEntry = { promise: null as never, result: null, done: 0, total: list.length, listeners: new Set() };
    const serial: Advise = (request) => {
      const mine = this.turn.then(() => this.advise(request));
      this.turn = mine.catch(() => undefined);
      return mine;
    };
    entry.promise = analyseSeat(serial, list, seat, iterations, (done, total) => {
      entry.done = done;
      for (const listener of entry.listeners) listener(done, total);
    }).then(
      (result) => {
        entry.result = result;
        return result;
      },
      (err: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw err;
      },
    );
    // A failure is the caller's to report; never an unhandled rejection here.
    entry.promise.catch(() => undefined);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) {
      for (const [k, e] of this.entries) {
        if (this.entries.size <= this.capacity) break;
        if (e.result) this.entries.delete(k);
      }
    }
    return entry;
  }
}
