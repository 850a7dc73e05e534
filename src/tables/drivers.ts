/**
 * Pure drivers that play moves on seats' behalf (no database, no clock, no logger): the
 * deadline rule and the auto-play of absent seats. Both are built on `playWhile`, so they
 * apply, stop and report in exactly the same way; the table service stores what they
 * played (action log rows, announcements, missed-deadline counts).
 */
import { seatsToAct, type AnyGameDefinition, type GameEvent, type Pending, type RuleError, type Seat } from '../games/engine.js';

/** One move played on a seat's behalf, with the events it produced. */
export interface PlayedMove {
  seat: Seat;
  action: unknown;
  events: GameEvent[];
}

/** What a driver did. */
export interface Driven {
  /** The state after the last move played (the input state when nothing was played). */
  state: unknown;
  /** The moves played, in order. */
  played: PlayedMove[];
  /** `definition.pending(state)` of the returned state. */
  pending: Pending;
  /**
   * The engine refused a move it chose itself (a bug in the game): play stopped before it,
   * and the caller logs it. Null when play stopped normally.
   */
  refused: { seat: Seat; action: unknown; error: RuleError } | null;
}

/** Picks the next move for the decision `pending` of `state`, or null to stop. */
export type NextMove = (pending: Pending, state: unknown) => { seat: Seat; action: unknown } | null;

/**
 * The building block: apply the moves `next` picks until it returns null, the game is over
 * or `limit` moves were played. `pending` is `definition.pending(state)` when the caller
 * already has it (it is computed once per state either way).
 */
export function playWhile(def: AnyGameDefinition, state: unknown, next: NextMove, limit: number, pending: Pending = def.pending(state)): Driven {
  const played: PlayedMove[] = [];
  let refused: Driven['refused'] = null;
  while (played.length < limit && pending.kind !== 'over') {
    const move = next(pending, state);
    if (!move) break;
    const result = def.apply(state, move.seat, move.action);
    if (!result.ok) {
      refused = { seat: move.seat, action: move.action, error: result.error };
      break;
    }
    state = result.state;
    played.push({ seat: move.seat, action: move.action, events: result.events });
    pending = def.pending(state);
  }
  return { state, played, pending, refused };
}

/**
 * The deadline rule (docs/tables.md "Deadlines"): when decision `due` (the pending decision of
 * `state`) runs out of time, every seat it still waits for gets the game's default action
 * (`definition.defaultAction`), in `seatsToAct(due)` order — until the decision step
 * changes, the game ends, or a listed seat is no longer asked to act.
 */
export function playDeadline(def: AnyGameDefinition, state: unknown, due: Pending = def.pending(state)): Driven {
  const queue = seatsToAct(due);
  let index = 0;
  return playWhile(
    def,
    state,
    (now, current) => {
      const seat = queue[index++];
      if (seat === undefined || now.kind === 'over' || now.step !== due.step || !seatsToAct(now).includes(seat)) return null;
      return { seat, action: def.defaultAction(current, seat) };
    },
    queue.length,
    due,
  );
}

/**
 * Auto-play (docs/tables.md "Deadlines": away players): while a seat for which `absent(seat)` holds
 * is among those to act, play its `definition.autoAction` (or `defaultAction` when the game
 * has none) — the first such seat in `seatsToAct` order each time — up to `limit` moves.
 */
export function playAbsentSeats(
  def: AnyGameDefinition,
  state: unknown,
  absent: (seat: Seat) => boolean,
  limit: number,
  pending?: Pending,
): Driven {
  const choose = def.autoAction ?? def.defaultAction;
  return playWhile(
    def,
    state,
    (now, current) => {
      const seat = seatsToAct(now).find(absent);
      return seat === undefined ? null : { seat, action: choose.call(def, current, seat) };
    },
    limit,
    pending,
  );
}
