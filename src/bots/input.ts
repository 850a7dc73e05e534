/**
 * Building a bot seat's `BotInput` on the trusted side (the table service, replays, tools):
 * replay the game from its seed and action log — exactly what the table stores — keeping the
 * events visible to the seat, and take the seat's view at setup and now. The result holds
 * only what that seat may see (its view and its visible events), never the state.
 */
import { eventVisibleTo, type AnyGameDefinition, type GameEvent, type Seat, type SetupMeta } from '../games/engine.js';
import type { GameId } from '../games/index.js';
import type { BotInput } from './kit.js';

/** One logged action, as the action log stores it. */
export interface LoggedAction {
  seat: Seat;
  action: unknown;
}

/** What `botInputFromLog` needs: the table's game, parsed options, seats, seed and log. */
export interface ReplaySpec {
  game: GameId;
  definition: AnyGameDefinition;
  /** Parsed table options (as `setup` received them). */
  options: unknown;
  seats: number;
  seed: number;
  setupMeta?: SetupMeta;
  log: readonly LoggedAction[];
}

/**
 * The input of `seat` after replaying `spec.log`. Throws if a logged action is refused (a
 * corrupt log: the same error a replay would raise). Cost: one `apply` per logged action.
 */
export function botInputFromLog(spec: ReplaySpec, seat: Seat): BotInput {
  const def = spec.definition;
  let state: unknown = def.setup(spec.options, spec.seats, spec.seed, spec.setupMeta);
  const initialView = def.seatView(state, seat);
  const events: GameEvent[] = [];
  for (const [i, entry] of spec.log.entries()) {
    const r = def.apply(state, entry.seat, entry.action);
    if (!r.ok) throw new Error(`${spec.game}: logged action ${i} refused on replay: ${JSON.stringify(r.error)}`);
    state = r.state;
    for (const e of r.events) if (eventVisibleTo(e, seat)) events.push(e);
  }
  return { game: spec.game, seat, seatCount: spec.seats, options: spec.options, initialView, events, view: def.seatView(state, seat) };
}
