/**
 * What a watcher's panel shows (docs/watching.md "Spectator rules of a table"; docs/watching.md), pure: the step of the
 * replayed game the table's spectator rules allow (src/tables/spectators.ts `watcherStep`), its
 * view (public, or every hand once the game is over when the table allows it) and the moves up
 * to it as that view saw them. Built from the replay's steps up to that step only — never from
 * the live table — so a delayed watcher cannot receive anything newer: the payload of a log
 * equals the payload of that log cut at the watcher's step (test/review/watch.property.test.ts).
 */
import type { GameEvent, Seat } from '../games/engine.js';
import { watcherStep, type SpectatorPolicy } from '../tables/spectators.js';
import { eventsAt, viewAt, type GameReplay, type MoveKind, type ReviewView, type StepView } from './replay.js';

/** One move of the watcher's move list. */
export interface WatchedMove {
  /** 1-based step. */
  step: number;
  seat: Seat;
  kind: MoveKind;
  /** Unix ms. */
  at: number;
  /** The move's events the watcher's view may see. */
  events: GameEvent[];
}

/** A watcher's panel as data. */
export interface WatchPayload {
  /** The step shown (moves applied). How many moves were logged after it is not said: that too is newer. */
  step: number;
  /** The view of `step`. */
  view: StepView;
  viewKind: ReviewView['kind'];
  /** Every move up to `step`, oldest first. */
  moves: WatchedMove[];
  /** The game is over at `step` (so the panel shows the end). */
  overAtStep: boolean;
}

/**
 * The part of `replay` (the table's seed and whole log) a watcher may see under `policy`: its
 * steps up to the watcher's step (`watcherStep`), nothing after — so whatever is drawn from the
 * result (the watch panel, its pictures, its move list) cannot show a newer moment, nor how many
 * moves were made since. `over`: the table will never move again.
 */
export function watcherReplay(replay: GameReplay, policy: SpectatorPolicy, over: boolean): GameReplay {
  const step = watcherStep(policy, replay.steps.length - 1, over);
  return step === replay.steps.length - 1 ? replay : { ...replay, steps: replay.steps.slice(0, step + 1) };
}

/** What a watcher is shown: the public view, or every hand once the game is over when the table lets watchers see hands. */
export function watcherView(policy: SpectatorPolicy, over: boolean): ReviewView {
  return over && policy.seeHands === 'after-the-end' ? { kind: 'all' } : { kind: 'public' };
}

/**
 * The watcher's payload of `replay` (the table's seed and whole log) under `policy`, `over`
 * when the table will never move again (finished, cancelled or abandoned).
 */
export function watchPayload(replay: GameReplay, policy: SpectatorPolicy, over: boolean): WatchPayload {
  const step = watcherStep(policy, replay.steps.length - 1, over);
  const view = watcherView(policy, over);
  const list: WatchedMove[] = [];
  for (let k = 1; k <= step; k++) {
    const entry = replay.steps[k]!.entry!;
    list.push({ step: k, seat: entry.seat, kind: entry.kind, at: entry.at, events: eventsAt(replay, k, view) });
  }
  return {
    step,
    view: viewAt(replay, step, view),
    viewKind: view.kind,
    moves: list,
    overAtStep: replay.definition.pending(replay.steps[step]!.state).kind === 'over',
  };
}
