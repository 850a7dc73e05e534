/**
 * The replay core of game review (README "Review a game"): a stored game is its seed plus its
 * action log (src/persistence/schema.ts `actions`), and every view of every moment is computed
 * from the state that seed and log give at that moment — the same `publicView` / `seatView`
 * the table showed while the game ran, so a review shows each seat exactly what it was shown
 * and nothing earlier.
 *
 * Pure: imports only the game contract. One replay keeps the state after every step (engines
 * return fresh plain-JSON states and never change an old one), so stepping through a game of
 * n moves costs one replay of n `apply` calls, not n replays; `ReplayCache` keeps recent ones.
 */
import { eventVisibleTo, type AnyGameDefinition, type GameEvent, type Seat, type SetupMeta } from '../games/engine.js';

/** How an action-log entry was made (src/persistence/schema.ts `actions.kind`). */
export type MoveKind = 'player' | 'timeout' | 'auto' | 'bot';

/** One action-log entry as a replay needs it. */
export interface ReplayLogEntry {
  seat: Seat;
  action: unknown;
  /** Who made the move: the player, the deadline (`timeout`), away auto-play or an AI player. */
  kind: MoveKind;
  /** When it was applied, Unix ms. */
  at: number;
}

/** What a replay needs: the table's game definition, parsed options, seat count, seed and log. */
export interface ReplaySpec {
  definition: AnyGameDefinition;
  /** Parsed table options (as `setup` received them). */
  options: unknown;
  seats: number;
  /** The 32-bit seed chosen at start (`game_tables.seed`). */
  seed: number;
  setupMeta?: SetupMeta;
  log: readonly ReplayLogEntry[];
}

/** One moment of a replayed game: step 0 is the deal, step k the state after the k-th logged action. */
export interface ReplayStep {
  /** The action that led here (null for step 0). */
  entry: ReplayLogEntry | null;
  state: unknown;
  /** Every event that action produced, with its visibility (`to`); empty for step 0. */
  events: GameEvent[];
}

/** A whole replayed game. */
export interface GameReplay {
  definition: AnyGameDefinition;
  seats: number;
  /** `steps.length - 1` = the number of logged actions. */
  steps: ReplayStep[];
}

/**
 * Who a review step is drawn for: the public (what the board showed), one seat (what that seat
 * was shown: the public view plus its own secrets), or everything revealed (every seat's view).
 */
export type ReviewView = { kind: 'public' } | { kind: 'seat'; seat: Seat } | { kind: 'all' };

/**
 * Replay `spec` from its seed, keeping every step. Throws when a logged action is refused on
 * replay (a corrupt log; the message names the entry) — a stored game never does that.
 * Cost: one `setup` and one `apply` per logged action.
 */
export function replayGame(spec: ReplaySpec): GameReplay {
  const def = spec.definition;
  let state: unknown = def.setup(spec.options, spec.seats, spec.seed, spec.setupMeta);
  const steps: ReplayStep[] = [{ entry: null, state, events: [] }];
  for (const [index, entry] of spec.log.entries()) {
    const result = def.apply(state, entry.seat, entry.action);
    if (!result.ok) throw new Error(`${def.id}: logged action ${index + 1} refused on replay: ${JSON.stringify(result.error)}`);
    state = result.state;
    steps.push({ entry, state, events: result.events });
  }
  return { definition: def, seats: spec.seats, steps };
}

/**
 * `replay` with the logged actions `log` applied after its last step (the same steps a replay
 * of the whole log gives; the steps before are shared, not copied). Throws like `replayGame`
 * when an action is refused. Cost: one `apply` per new action.
 */
export function extendReplay(replay: GameReplay, log: readonly ReplayLogEntry[]): GameReplay {
  if (log.length === 0) return replay;
  const def = replay.definition;
  const steps = [...replay.steps];
  let state = steps[steps.length - 1]!.state;
  for (const [index, entry] of log.entries()) {
    const result = def.apply(state, entry.seat, entry.action);
    if (!result.ok) throw new Error(`${def.id}: logged action ${replay.steps.length + index} refused on replay: ${JSON.stringify(result.error)}`);
    state = result.state;
    steps.push({ entry, state, events: result.events });
  }
  return { ...replay, steps };
}

/** The last step number of a replay (= the number of logged actions). */
export function lastStep(replay: GameReplay): number {
  return replay.steps.length - 1;
}

/** True once the replayed game is over at its last step (the engine's `pending`). */
export function replayOver(replay: GameReplay): boolean {
  return replay.definition.pending(replay.steps[lastStep(replay)]!.state).kind === 'over';
}

/** `step` clamped into [0, last step]. */
export function clampStep(replay: GameReplay, step: number): number {
  return Math.max(0, Math.min(lastStep(replay), Math.trunc(step)));
}

/** What `view` may see at `step`: the public view, a seat view, or (everything revealed) every seat view. */
export type StepView = { kind: 'public'; view: unknown } | { kind: 'seat'; seat: Seat; view: unknown } | { kind: 'all'; view: unknown; seats: unknown[] };

/**
 * The view of `step` (clamped) for `view`: exactly what `publicView` / `seatView` gave for that
 * state while the game ran. Throws RangeError for a seat outside the table. Does not check who
 * may ask (see `mayView`).
 */
export function viewAt(replay: GameReplay, step: number, view: ReviewView): StepView {
  const def = replay.definition;
  const state = replay.steps[clampStep(replay, step)]!.state;
  switch (view.kind) {
    case 'public':
      return { kind: 'public', view: def.publicView(state) };
    case 'seat':
      if (!Number.isInteger(view.seat) || view.seat < 0 || view.seat >= replay.seats) throw new RangeError(`no seat ${view.seat}`);
      return { kind: 'seat', seat: view.seat, view: def.seatView(state, view.seat) };
    case 'all':
      return { kind: 'all', view: def.publicView(state), seats: Array.from({ length: replay.seats }, (_, seat) => def.seatView(state, seat)) };
  }
}

/**
 * The events of `step` (clamped) that `view` may see: public ones, plus the seat's own for a
 * seat view, plus all of them when everything is revealed.
 */
export function eventsAt(replay: GameReplay, step: number, view: ReviewView): GameEvent[] {
  const events = replay.steps[clampStep(replay, step)]!.events;
  if (view.kind === 'all') return events;
  return events.filter((event) => eventVisibleTo(event, view.kind === 'seat' ? view.seat : null));
}

/**
 * The review's privacy rule (README "Review a game"): anyone may see the public view; a
 * player may see their own seat's view, during and after the game; every other seat's view and
 * everything revealed only once the game is over (`over`: finished, or cancelled / abandoned —
 * a table that will never move again). `viewerSeat` is the asker's seat, null for a non-player.
 * `watchersSeeHands`: the table lets watchers see every hand after the end (docs/watching.md "Spectator rules of a table"),
 * so a non-player may too once it is over.
 */
export function mayView(view: ReviewView, viewerSeat: Seat | null, over: boolean, watchersSeeHands = false): boolean {
  const revealed = over && (viewerSeat !== null || watchersSeeHands);
  switch (view.kind) {
    case 'public':
      return true;
    case 'seat':
      return view.seat === viewerSeat || revealed;
    case 'all':
      return revealed;
  }
}

/**
 * The view a review opens with: the asker's own seat when they played, else the public view.
 */
export function defaultView(viewerSeat: Seat | null): ReviewView {
  return viewerSeat === null ? { kind: 'public' } : { kind: 'seat', seat: viewerSeat };
}

/** A view as a custom_id part: `p` (public), `a` (everything revealed), `s<seat>`. */
export function encodeView(view: ReviewView): string {
  return view.kind === 'public' ? 'p' : view.kind === 'all' ? 'a' : `s${view.seat}`;
}

/** Decode `encodeView`'s form; null for anything else. */
export function decodeView(code: string): ReviewView | null {
  if (code === 'p') return { kind: 'public' };
  if (code === 'a') return { kind: 'all' };
  const match = /^s([0-9])$/.exec(code);
  return match ? { kind: 'seat', seat: Number(match[1]) } : null;
}

/**
 * Recent replays by table and log length (a table's log only grows, so `(table, last seq)`
 * names one replay), with whatever the caller keeps beside them (`T`). Least recently used
 * first; `capacity` entries at most.
 */
export class ReplayCache<T = GameReplay> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity = 64) {}

  /** The entry of `tableId` at `lastSeq` (now the most recently used), or undefined. */
  get(tableId: number, lastSeq: number): T | undefined {
    const key = `${tableId}:${lastSeq}`;
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Keep `value` for `tableId` at `lastSeq`, dropping the least recently used entry when full. */
  set(tableId: number, lastSeq: number, value: T): void {
    const key = `${tableId}:${lastSeq}`;
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** How many entries are kept now. */
  get size(): number {
    return this.entries.size;
  }
}
