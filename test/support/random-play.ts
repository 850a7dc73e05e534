/**
 * Random legal play for property tests of any game engine (docs/architecture.md §6 layer 2).
 *
 * Plays a game the way the table service drives it: whoever `pending` lists may act;
 * sometimes a deadline passes instead and `defaultAction` is applied for every seat still
 * to act, in seat order, until the decision step changes (docs/tables.md "Deadlines"). This loop is
 * written out here on purpose, independently of the service's driver (src/tables/drivers.ts),
 * so the property tests check the deadline rule itself, not the production code.
 * Every applied action is logged so the game can be replayed from its seed.
 */
import { Rng } from '../../src/games/rng.js';
import { seatsToAct, type AnyGameDefinition, type GameEvent, type Seat } from '../../src/games/engine.js';
import type { CommandOptionSpec, GameModule } from '../../src/games/module.js';

/** One applied action, as the table service stores it in the action log. */
export interface LogEntry {
  seat: Seat;
  action: unknown;
  kind: 'player' | 'timeout';
}

/** Options of `playRandomGame`. */
export interface RandomPlayOptions {
  seats: number;
  /** Seed of the game (passed to `setup`). */
  seed: number;
  /** Seed of the random player's own choices. */
  playSeed: number;
  /** Game options (parsed by the game's options schema; `{}` = all defaults). */
  options?: unknown;
  /** Extra `setup` argument (host seat etc.), if the game takes one. */
  setupMeta?: unknown;
  /** Stop after this many applied actions (a test of the engine's own cap should set it high). */
  maxActions?: number;
  /** Probability in [0,1] that a decision is left to its deadline. Default 0.1. */
  timeoutRate?: number;
  /** Called after every applied action with the new state and its events. */
  onState?: (state: any, events: GameEvent[], entry: LogEntry) => void;
}

/** Result of a random game. */
export interface RandomPlayResult {
  initial: any;
  final: any;
  log: LogEntry[];
  /** True when the game reached `pending.kind === 'over'`. */
  over: boolean;
}

/**
 * Play one random legal game. Throws (failing the property) if the engine throws, refuses
 * one of its own legal actions or its own default action, or offers no action to a seat it
 * says must act.
 */
export function playRandomGame(def: AnyGameDefinition, opts: RandomPlayOptions): RandomPlayResult {
  const options = def.optionsSchema.parse(opts.options ?? {});
  const initial = (def.setup as (...a: unknown[]) => unknown)(options, opts.seats, opts.seed, opts.setupMeta);
  let state: any = initial;
  const rng = Rng.seeded(opts.playSeed);
  const log: LogEntry[] = [];
  const max = opts.maxActions ?? 20_000;
  const timeoutRate = opts.timeoutRate ?? 0.1;

  const applyOne = (seat: Seat, action: unknown, kind: LogEntry['kind']) => {
    const result = def.apply(state, seat, action);
    if (!result.ok) {
      throw new Error(
        `engine refused its own ${kind} action ${JSON.stringify(action)} for seat ${seat}: ${JSON.stringify(result.error)}`,
      );
    }
    state = result.state;
    const entry: LogEntry = { seat, action, kind };
    log.push(entry);
    opts.onState?.(state, result.events, entry);
  };

  while (log.length < max) {
    const due = def.pending(state);
    if (due.kind === 'over') break;
    const toAct = seatsToAct(due);
    if (toAct.length === 0) throw new Error(`pending ${due.kind} lists no seat to act`);
    if (rng.int(0, 999) < timeoutRate * 1000) {
      // The deadline passes: default action for each seat still to act, until the step moves.
      for (const seat of toAct) {
        const now = def.pending(state);
        if (now.kind === 'over' || now.step !== due.step || !seatsToAct(now).includes(seat)) break;
        applyOne(seat, def.defaultAction(state, seat), 'timeout');
      }
      continue;
    }
    const seat = rng.pick(toAct);
    const legal = def.legalActions(state, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} must act (${due.kind}) but has no legal action`);
    applyOne(seat, rng.pick(legal), 'player');
  }
  return { initial, final: state, log, over: def.pending(state).kind === 'over' };
}

/**
 * Rebuild a game from its seed and action log (what a replay or an audit does). Throws if
 * any logged action is refused.
 */
export function replayGame(
  def: AnyGameDefinition,
  seats: number,
  seed: number,
  log: LogEntry[],
  options: unknown = {},
  setupMeta?: unknown,
): any {
  const parsed = def.optionsSchema.parse(options);
  let state: any = (def.setup as (...a: unknown[]) => unknown)(parsed, seats, seed, setupMeta);
  for (const [index, entry] of log.entries()) {
    // Logged actions went through JSON in the database: replay them the same way.
    const action = JSON.parse(JSON.stringify(entry.action));
    const result = def.apply(state, entry.seat, action);
    if (!result.ok) throw new Error(`replay refused entry ${index}: ${JSON.stringify(result.error)}`);
    state = result.state;
  }
  return state;
}

/**
 * Random table options for `mod`, read from its slash-command options (src/games/module.ts
 * `CommandOptionSpec`): each option with fixed choices (a rules variant, a mode, who starts…)
 * gets one of its choices at random, each yes/no option a random answer; every other option
 * keeps the schema's default. Derived from the module, so a new game's variants are covered
 * the moment it declares them.
 */
export function randomTableOptions(mod: Pick<GameModule, 'newOptions' | 'rulesOptions'>, rng: Rng): Record<string, unknown> {
  const specs = new Map<string, CommandOptionSpec>();
  for (const spec of [...mod.newOptions, ...(mod.rulesOptions ?? [])]) specs.set(spec.optionKey, spec);
  const options: Record<string, unknown> = {};
  for (const [key, spec] of specs) {
    if (spec.choices?.length) options[key] = rng.pick(spec.choices.map((choice) => choice.value));
    else if (spec.type === 'boolean') options[key] = rng.pick([false, true]);
  }
  return options;
}
