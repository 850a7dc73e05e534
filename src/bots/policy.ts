/**
 * The AI players' levels and the one decision function behind every bot seat
 * (README "AI players"): Easy plays a random legal action (a random kind, then a random move of it), Normal the game's
 * heuristic, Hard a search (ISMCTS with the heuristic for simulations, or the game's own search
 * when its kit brings one, `hardSearch`). All three decide
 * from a `BotInput` only, with randomness seeded from that input (src/bots/seed.ts).
 *
 * `decideBot` is synchronous and runs wherever it is called; the table service calls it
 * through the worker pool (src/bots/pool.ts) so that a search never blocks an interaction.
 */
import type { SearchBudget } from '../games/bot.js';
import { hardSearch } from './ismcts.js';
import { adviceOf, type Advice } from './advice.js';
import type { AnyBotKit, BotInput, BotLevel, Knowledge } from '../games/bot.js';
import { botKit, type KitLookup } from './kits.js';
import { fnv1a, viewRng } from './seed.js';

/**
 * The Hard level's search time per move, in ms (README "AI players", docs/bots-pool.md): what
 * the live tables give every Hard move (shortened only when the bot's pause is shorter, see
 * src/tables/bot-turns.ts) and what the arena's iteration counts are calibrated to.
 */
export const DEFAULT_BUDGET_MS = 300;

/** Below this many ms left before its deadline a Hard request is answered by the Normal heuristic (src/bots/worker.ts). */
export const MIN_SEARCH_MS = 15;

/**
 * One decision request. `iterations` fixes the Hard search's size (tests, the arena);
 * otherwise it runs until `stop()` says so or until its `deadline` (see `SearchBudget`:
 * the search ends early enough to answer by `deadline.at`).
 */
export interface BotRequest {
  level: BotLevel;
  input: BotInput;
  iterations?: number;
  /**
   * Ask for advice (src/bots/advice.ts: the 💡 Hint, the review's analysis): a Hard request
   * with a fixed `iterations` then also answers the search's estimates and the explanations;
   * `played` is the move the seat made (a review step), to estimate it too; `among` (a review
   * step whose first search hardly tried the move played) searches those moves only (codes
   * as the game encodes them), so each gets its share of the simulations.
   */
  advise?: { played?: unknown; among?: readonly string[] };
  stop?: () => boolean;
  deadline?: SearchBudget['deadline'];
}

/** A decision: the action (legal for `input.seat` now), and how many search iterations ran (0 below Hard). */
export interface BotDecision {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  action: any;
  level: BotLevel;
  iterations: number;
  /** The advice, when the request asked for it (`BotRequest.advise`). */
  advice?: Advice;
}

/**
 * What the table service calls for a bot seat: decide `input.seat`'s next action. The
 * promise resolves within the time budget plus a small overhead, and rejects only for a
 * programming error (e.g. the seat has nothing to do).
 */
export interface BotPolicy {
  decide(request: BotRequest & { budgetMs?: number }): Promise<BotDecision>;
  /** Requests waiting for a thread now (a pool; absent: decided on this thread, nothing waits). */
  readonly waiting?: number;
  /** Release threads or other resources (idempotent). */
  close(): Promise<void>;
}

/**
 * Decide now, on this thread. Throws when `input.seat` has no legal action (it is not that
 * seat's decision) or when the game has no bot kit.
 */
export function decideBot(request: BotRequest, kits: KitLookup = botKit): BotDecision {
  const { level, input } = request;
  if (request.advise && (level !== 'hard' || request.iterations === undefined)) throw new Error('advice needs the Hard level at a fixed iteration count (the same position, the same advice)');
  const kit = kits(input.game);
  const rng = viewRng(input, level);
  const knowledge = knowledgeOf(kit, input);
  const sample = kit.determinize(knowledge, rng);
  const all = kit.definition.legalActions(sample, input.seat);
  if (all.length === 0) throw new Error(`${input.game}: seat ${input.seat} has no decision to make`);
  const among = request.advise?.among;
  const legal = among ? all.filter((a) => among.includes(kit.definition.encodeAction(a) as string)) : all;
  if (legal.length === 0) throw new Error(`${input.game}: none of ${among!.join(', ')} is legal for seat ${input.seat}`);
  switch (level) {
    case 'easy':
      return { action: easyChoice(legal, rng), level, iterations: 0 };
    case 'normal':
      return { action: kit.normal(knowledge, legal, rng), level, iterations: 0 };
    case 'hard': {
      const budget: SearchBudget = {};
      if (request.iterations !== undefined) budget.iterations = request.iterations;
      if (request.stop) budget.stop = request.stop;
      if (request.deadline) budget.deadline = request.deadline;
      if (budget.iterations === undefined && !budget.stop && !budget.deadline) throw new Error('hard level needs an iteration count, a stop condition or a deadline');
      const r = hardSearch(kit, knowledge, legal, rng, budget);
      if (request.advise) return { action: r.action, level, iterations: r.iterations, advice: adviceOf(kit, knowledge, legal, r, request.advise.played) };
      return { action: r.action, level, iterations: r.iterations };
    }
  }
}

/**
 * The Easy level's move: a kind of move (`type`) drawn uniformly among the kinds the seat may
 * make, then one move of that kind uniformly — a beginner decides what to do, then where or
 * with which card. A uniform draw over all moves instead plays whichever kind has the most
 * variants: NOIR's Inspector shifted in about 4 moves of 5 and 1 game in 9 reached the
 * 200-turn cap with no winner (docs/ai-strength.md).
 */
export function easyChoice<A extends { type: string }>(legal: readonly A[], rng: { int(min: number, max: number): number }): A {
  const kinds: string[] = [];
  for (const a of legal) if (!kinds.includes(a.type)) kinds.push(a.type);
  const kind = kinds[rng.int(0, kinds.length - 1)]!;
  const of = legal.filter((a) => a.type === kind);
  return of[rng.int(0, of.length - 1)]!;
}

/** Knowledge cache entries kept (one per recently deciding seat). */
const KNOWLEDGE_CACHE_SIZE = 512;

interface CachedKnowledge {
  events: number;
  /**
   * JSON of every event folded in. The new input must start with exactly these events: two
   * games dealt alike (the arena's paired seeds) can share a first board and a last event
   * while their histories differ, so checking only the last event mixed their knowledge.
   */
  history: string;
  knowledge: Knowledge;
}

/** Recently built knowledge by game, seat and first board: the next decision folds in only the new events. */
const knowledgeCache = new Map<string, CachedKnowledge>();
/** Hash of each first board seen (inputs from one referee share the object). */
const boardHashes = new WeakMap<object, number>();

/**
 * The seat's knowledge for `input`: built from scratch (`kit.know`), or — when the same seat
 * of the same game decided before and the input continues that history — the cached
 * knowledge with only the new events folded in (`kit.observe`). Same result either way.
 */
function knowledgeOf(kit: AnyBotKit, input: BotInput): Knowledge {
  let board = boardHashes.get(input.initialView as object);
  if (board === undefined) {
    board = fnv1a(JSON.stringify(input.initialView));
    boardHashes.set(input.initialView as object, board);
  }
  const key = `${input.game}|${input.seat}|${board}`;
  const hit = knowledgeCache.get(key);
  knowledgeCache.delete(key);
  let knowledge: Knowledge;
  if (hit && hit.events > 0 && hit.events <= input.events.length && JSON.stringify(input.events.slice(0, hit.events)) === hit.history) {
    knowledge = hit.knowledge;
    kit.observe(knowledge, undefined, input.events.slice(hit.events));
    knowledge.view = input.view;
  } else knowledge = kit.know(input);
  if (input.events.length > 0) {
    // Decisions never modify the knowledge they are given, so the same object can be carried on.
    knowledgeCache.set(key, { events: input.events.length, history: JSON.stringify(input.events), knowledge });
    if (knowledgeCache.size > KNOWLEDGE_CACHE_SIZE) knowledgeCache.delete(knowledgeCache.keys().next().value!);
  }
  return knowledge;
}

/**
 * A `BotPolicy` deciding on the calling thread (tests, the arena, tools); Hard searches for
 * `budgetMs`. `kits` finds a game's kit (default: the games of src/games/index.ts; tests pass
 * `registryKits(registry)` for a registry with games of their own).
 */
export class InlinePolicy implements BotPolicy {
  constructor(
    private readonly clock: () => number = () => performance.now(),
    private readonly kits: KitLookup = botKit,
  ) {}

  async decide(request: BotRequest & { budgetMs?: number }): Promise<BotDecision> {
    if (request.level !== 'hard' || request.iterations !== undefined || request.stop || request.deadline) return decideBot(request, this.kits);
    const end = this.clock() + (request.budgetMs ?? DEFAULT_BUDGET_MS);
    return decideBot({ ...request, stop: () => this.clock() >= end, deadline: { now: this.clock, at: end } }, this.kits);
  }

  async close(): Promise<void> {}
}
