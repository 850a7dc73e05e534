/**
 * The 💡 Hint of a private panel (README "AI players"): on an unrated table — fewer than two
 * humans seated, so no rating changes — or one whose host turned hints on (`hints` table
 * option), a player may ask what the Normal bot would play in their seat now, with the
 * heuristic's one-line reason when it has one. The hint is computed from that seat's
 * `BotInput` only (its view and the events it saw, rebuilt from the log on the trusted side),
 * exactly as a Normal bot in the seat would decide: never from the state or another seat.
 * Using it is public: the game log says "X used a hint".
 */
import { viewRng } from '../bots/seed.js';
import type { AnyBotKit, BotInput, HintReason } from '../games/bot.js';
import type { SeatRow } from '../persistence/store/types.js';
import { tableOptionsOf } from './bots.js';
import { isBotSeat } from './policy.js';

/** A hint: the Normal heuristic's action for the seat (legal now) and its reason, if any. */
export interface Hint {
  action: unknown;
  reason: HintReason | null;
}

/** The human seats of a table (bots and seats handed to a bot excluded). */
function humanSeats(seats: readonly Pick<SeatRow, 'seat' | 'botLevel'>[]): number {
  return seats.filter((row) => row.seat !== null && !isBotSeat(row)).length;
}

/**
 * Whether players at a table with `seats` and stored `tableOptions` may ask for hints: always
 * at an unrated table (fewer than two humans: README "AI players" → Ratings), at a rated one
 * only when the table was opened with `hints:True`.
 */
export function hintsAllowed(seats: readonly Pick<SeatRow, 'seat' | 'botLevel'>[], tableOptions: unknown): boolean {
  return humanSeats(seats) < 2 || tableOptionsOf(tableOptions).hints === true;
}

/**
 * The hint for `input.seat`: the Normal level's choice on `kit.know(input)` — the same
 * generator, determinized legal list and heuristic call as `decideBot` at level Normal
 * (src/bots/policy.ts), so the hint is what a Normal bot in the seat would play — and
 * `kit.reason` for it. Throws when the seat has no decision to make.
 */
export function hintFor(kit: AnyBotKit, input: BotInput): Hint {
  const knowledge = kit.know(input);
  const rng = viewRng(input, 'normal');
  const sample = kit.determinize(knowledge, rng);
  const legal = kit.definition.legalActions(sample, input.seat);
  if (legal.length === 0) throw new Error(`${input.game}: seat ${input.seat} has no decision to make`);
  const action = kit.normal(knowledge, legal, rng);
  return { action, reason: kit.reason?.(knowledge, action) ?? null };
}
