/**
 * The 💡 Hint of a private panel (README "AI players"): on an unrated table — fewer
 * than two humans seated, so no rating changes — or one whose host turned hints on (`hints`
 * table option), a player may ask what to play. The hint is the Hard level's move for the seat
 * at a fixed search size (`hintIterations`: what a live Hard move searches), with the game's
 * explanation from the seat's view and the search's estimate of the chance to win with it and
 * with the next best move (src/bots/advice.ts). It is computed from the seat's `BotInput` as
 * it was when the decision opened (src/bots/input.ts `botInputFromLog(…, 'decision')`: the
 * seat's view and the events it saw, rebuilt from the log on the trusted side), seeded from that
 * input: the same position always gives the same advice, whatever was answered since and
 * however often the button is pressed. Never from the state or another seat. Using it is
 * public: the game log says "X used a hint".
 */
import { decideBot, type BotPolicy, type BotRequest } from '../bots/policy.js';
import type { Advice } from '../bots/advice.js';
import type { BotInput } from '../games/bot.js';
import type { GameModule } from '../games/module.js';
import type { KitLookup } from '../bots/kits.js';
import type { SeatRow } from '../persistence/store/types.js';
import { tableOptionsOf } from './bots.js';
import { newcomerAt } from './lesson-rules.js';
import { isBotSeat } from './policy.js';
import type { Actor, HintOutcome, ServiceResult } from './types.js';

/**
 * A 💡 Hint asked while this many requests already wait for the AI players' pool is refused
 * (`hints-busy`, nothing logged): each is a live Hard move's search (≈ 300 ms of a core), so
 * more would be answered only after seconds — and under load they kept a thread busy for
 * minutes after the clicks stopped (docs/benchmark.md "Threads and priorities").
 */
export const HINT_QUEUE_MAX = 8;

/** Whether a hint asked now is refused as busy: `policy` already has HINT_QUEUE_MAX requests waiting. */
export function hintsBusy(policy: { readonly waiting?: number }): boolean {
  return (policy.waiting ?? 0) >= HINT_QUEUE_MAX;
}

/**
 * Ask for `actor`'s 💡 Hint at table `tableId` (TablePlay `hint`), or refuse it as `hints-busy`
 * before anything is logged when `policy` already has HINT_QUEUE_MAX requests waiting: what the
 * panel's button and the Activity both call.
 */
export function requestHint(play: { hint(tableId: number, actor: Actor): Promise<ServiceResult<HintOutcome>> }, policy: { readonly waiting?: number }, tableId: number, actor: Actor): Promise<ServiceResult<HintOutcome>> {
  if (hintsBusy(policy)) return Promise.resolve({ ok: false, error: { code: 'hints-busy' } });
  return play.hint(tableId, actor);
}

/** Search size of a hint for a game without bench figures (a test game). */
export const DEFAULT_HINT_ITERATIONS = 2000;

/**
 * Simulations a hint's search runs for `mod`: what a live 300 ms Hard move searches on the
 * bench machine (the module's `bench.arena.hardIterations`, bench/hard-iterations.ts), so the
 * Hint plays what the arena measures as Hard (docs/ai-strength.md).
 */
export function hintIterations(mod: Pick<GameModule, 'bench'>): number {
  return mod.bench?.arena.hardIterations ?? DEFAULT_HINT_ITERATIONS;
}

/** The policy request of a hint for the seat of `input` (a decision-open input). */
export function hintRequest(mod: Pick<GameModule, 'bench'>, input: BotInput): BotRequest {
  return { level: 'hard', input, iterations: hintIterations(mod), advise: {} };
}

/**
 * The advice for `input.seat`, searched by `policy` (the worker pool; inline in tests). A pool
 * that lost its worker answers without advice: the search then runs on this thread. Rejects
 * when the seat has nothing to decide.
 */
export async function adviseHint(policy: BotPolicy, mod: Pick<GameModule, 'bench'>, input: BotInput, kits?: KitLookup): Promise<Advice> {
  const request = hintRequest(mod, input);
  const decision = await policy.decide(request);
  return decision.advice ?? decideBot(request, kits).advice!;
}

/** `adviseHint` on this thread (tests, tools). */
export function hintFor(mod: Pick<GameModule, 'bench'>, input: BotInput, kits?: KitLookup): Advice {
  return decideBot(hintRequest(mod, input), kits).advice!;
}

/** The human seats of a table (bots and seats handed to a bot excluded). */
function humanSeats(seats: readonly Pick<SeatRow, 'seat' | 'botLevel'>[]): number {
  return seats.filter((row) => row.seat !== null && !isBotSeat(row)).length;
}

/**
 * Whether the player at `seat` of a table with `seats` and stored `tableOptions` may ask for
 * hints: always at an unrated table (fewer than two humans: README "AI players" → Ratings), at a
 * rated one when the table was opened with `hints:True`, or for a player at their first table of
 * the game (a `first` newcomer: docs/lessons.md "First table of a game").
 */
export function hintsAllowed(seats: readonly Pick<SeatRow, 'seat' | 'botLevel'>[], tableOptions: unknown, seat: number | null = null): boolean {
  const options = tableOptionsOf(tableOptions);
  return humanSeats(seats) < 2 || options.hints === true || newcomerAt(options.newcomers, seat)?.first === true;
}
