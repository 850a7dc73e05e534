/**
 * A referee for games played by AI players (the arena, tests, tools): it holds the true
 * state, and gives each seat only its `BotInput` — its view, its initial view and the
 * events visible to it — exactly what the table service gives a bot seat.
 *
 * Who acts: a turn's seat; in a race or a simultaneous decision, one seat still to act at a
 * time, picked at random with the referee's own generator (so the first to answer a counter
 * window varies, as it does at a real table).
 */
import { eventVisibleTo, seatsToAct, type AnyGameDefinition, type GameEvent, type GameResult, type Seat, type SetupMeta } from '../games/engine.js';
import type { GameId } from '../games/index.js';
import { Rng } from '../games/rng.js';
import type { BotInput } from '../games/bot.js';

/** Chooses `input.seat`'s action (synchronously or not). */
export type MatchPlayer = (input: BotInput) => unknown | Promise<unknown>;

/** A game to referee. `options` are raw table options (parsed by the game's schema). */
export interface MatchSpec {
  game: GameId;
  definition: AnyGameDefinition;
  seats: number;
  /** Seed of the deal (`setup`). */
  seed: number;
  options?: unknown;
  setupMeta?: SetupMeta;
  /** One player per seat. */
  players: MatchPlayer[];
  /** Seed of the referee's choice of who answers first in races and votes. */
  orderSeed?: number;
  /** Stop (unfinished) after this many actions. Default 20,000. */
  maxActions?: number;
  /** Called after every applied action. */
  onAction?: (seat: Seat, action: unknown, events: GameEvent[], state: unknown) => void;
  /** Called before a seat decides, with its input and the true state (for tests and audits; never given to a player). */
  onDecision?: (input: BotInput, state: unknown) => void;
}

/**
 * True when a game did not end by its rules: `null` (stopped unfinished at the referee's action
 * limit: a timeout) or ended by a game's safety cap (result reason `cap`: Suspicion's 60 rounds,
 * docs/rules/suspicion.md §1.10; NOIR's 200 turns, docs/rules/noir.md §2.11; J'Accuse!'s 200
 * rounds, docs/rules/jaccuse.md §4.7) — a stall, never a decided game (docs/ai-strength.md).
 */
export function endedByCap(result: GameResult | null): boolean {
  return result === null || result.reason === 'cap';
}

/** How a refereed game ended. */
export interface MatchOutcome {
  result: GameResult | null;
  actions: number;
  final: unknown;
}

/**
 * Play one game to its end. Throws if a player returns an action the engine refuses (the
 * bot broke the rules) or the engine offers nothing to a seat it says must act.
 */
export async function playMatch(spec: MatchSpec): Promise<MatchOutcome> {
  const def = spec.definition;
  const options = def.optionsSchema.parse(spec.options ?? {});
  let state: unknown = def.setup(options, spec.seats, spec.seed, spec.setupMeta);
  const order = Rng.seeded(spec.orderSeed ?? spec.seed ^ 0x5bd1e995);
  const seen: GameEvent[][] = Array.from({ length: spec.seats }, () => []);
  const initial = Array.from({ length: spec.seats }, (_, seat) => def.seatView(state, seat));
  const max = spec.maxActions ?? 20_000;
  let actions = 0;
  while (actions < max) {
    const p = def.pending(state);
    if (p.kind === 'over') break;
    const toAct = seatsToAct(p);
    if (toAct.length === 0) throw new Error(`${spec.game}: pending ${p.kind} lists nobody`);
    const seat = toAct.length === 1 ? toAct[0]! : toAct[order.int(0, toAct.length - 1)]!;
    const input: BotInput = {
      game: spec.game,
      seat,
      seatCount: spec.seats,
      options,
      initialView: initial[seat],
      events: seen[seat]!.slice(),
      view: def.seatView(state, seat),
    };
    spec.onDecision?.(input, state);
    const action = await spec.players[seat]!(input);
    const r = def.apply(state, seat, action);
    if (!r.ok) throw new Error(`${spec.game}: seat ${seat} played ${JSON.stringify(action)}, refused: ${JSON.stringify(r.error)}`);
    state = r.state;
    actions++;
    for (let s = 0; s < spec.seats; s++) for (const e of r.events) if (eventVisibleTo(e, s)) seen[s]!.push(e);
    spec.onAction?.(seat, action, r.events, state);
  }
  return { result: def.result(state), actions, final: state };
}
