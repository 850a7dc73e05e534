/**
 * Building a bot seat's `BotInput` on the trusted side (the table service, replays, tools):
 * replay the game from its seed and action log — exactly what the table stores — keeping the
 * events visible to the seat, and take the seat's view at setup and now. The result holds
 * only what that seat may see (its view and its visible events), never the state.
 */
import { eventVisibleTo, type AnyGameDefinition, type GameEvent, type Seat, type SetupMeta } from '../games/engine.js';
import type { GameId } from '../games/index.js';
import type { BotInput } from '../games/bot.js';

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

/** Replays kept (one per recently deciding table). */
const REPLAY_CACHE_SIZE = 256;

/** A replayed game: the state after `entries` logged actions and every event they produced. */
interface Replay {
  /** JSON of each logged action applied, in order (the next log must start with exactly these). */
  entries: string[];
  setup: unknown;
  state: unknown;
  /** Every event the applied actions produced, in order (filtered per seat on the way out). */
  events: GameEvent[];
  /**
   * The position when the decision now pending opened (`Pending.step` last changed): the state
   * then and how many events had happened. Answers to that decision since (a secret vote, a
   * pass in a race) do not move it.
   */
  open: { state: unknown; events: number; step: number };
}

/** Recent replays by table identity (game, seed, seats, options, setup meta), least recent first. */
const replays = new Map<string, Replay>();

/**
 * The input of `seat` after replaying `spec.log` — or, with `at` = 'decision', as it was when
 * the decision now pending opened (`Pending.step`, src/games/engine.ts): the position the 💡
 * Hint advises on, so answers given to that decision since (the seat's own secret vote, a
 * rival's pass) never change the advice (docs/ai-players.md). Throws if a logged action is refused (a
 * corrupt log: the same error a replay would raise).
 *
 * Cost: a table that asked before (same game, seed, seats, options and setup meta, and a log
 * that starts with exactly the actions replayed then) applies only the new actions — one
 * `apply` per new entry plus a JSON comparison per old one; otherwise one `apply` per logged
 * action. The result is the same either way (engines are pure: a cached state is never changed).
 */
export function botInputFromLog(spec: ReplaySpec, seat: Seat, at: 'now' | 'decision' = 'now'): BotInput {
  const def = spec.definition;
  const key = JSON.stringify([spec.game, spec.seed, spec.seats, spec.options, spec.setupMeta ?? null]);
  const codes = spec.log.map((entry) => JSON.stringify([entry.seat, entry.action]));
  let replay = replays.get(key);
  replays.delete(key);
  if (!replay || replay.entries.length > codes.length || replay.entries.some((code, i) => code !== codes[i])) {
    const setup = def.setup(spec.options, spec.seats, spec.seed, spec.setupMeta);
    replay = { entries: [], setup, state: setup, events: [], open: { state: setup, events: 0, step: def.pending(setup).step } };
  }
  for (let i = replay.entries.length; i < spec.log.length; i++) {
    const entry = spec.log[i]!;
    const r = def.apply(replay.state, entry.seat, entry.action);
    if (!r.ok) throw new Error(`${spec.game}: logged action ${i} refused on replay: ${JSON.stringify(r.error)}`);
    replay.state = r.state;
    replay.entries.push(codes[i]!);
    replay.events.push(...r.events);
    const step = def.pending(r.state).step;
    if (step !== replay.open.step) replay.open = { state: r.state, events: replay.events.length, step };
  }
  replays.set(key, replay);
  if (replays.size > REPLAY_CACHE_SIZE) replays.delete(replays.keys().next().value!);
  const atOpen = at === 'decision';
  const events = (atOpen ? replay.events.slice(0, replay.open.events) : replay.events).filter((e) => eventVisibleTo(e, seat));
  return {
    game: spec.game,
    seat,
    seatCount: spec.seats,
    options: spec.options,
    initialView: def.seatView(replay.setup, seat),
    events,
    view: def.seatView(atOpen ? replay.open.state : replay.state, seat),
  };
}
