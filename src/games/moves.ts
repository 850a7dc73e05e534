/**
 * The table of moves: one game's single source of legality (src/games/README.md "Moves").
 *
 * Each move type (each `type` of the game's action union) has a `check` — why a move is
 * refused now, or null when it is allowed — and an `apply` that performs a checked move.
 * `legal` enumerates the game's candidate moves and keeps those their rule's `check`
 * allows; `applyMove` refuses with the same `check`. So "what is allowed" (buttons, bots,
 * auto-play) and "why not" (the private answer to a refused click) cannot disagree.
 *
 * The candidates only have to include every allowed move, in the order players see them;
 * each game's tests enumerate its whole action space to prove that no allowed move is
 * missing. `facts` are the derived data every check of one position needs (e.g. where each
 * suspect sits on a grid), computed once per `legal` call instead of once per candidate.
 *
 * Pure: nothing here mutates its input state; `apply` works on the table's own `clone`.
 */
import type { ApplyResult, GameEvent, RuleError, Seat } from './engine.js';

/**
 * The rules of one move type `M` in a game with state `S`, errors `E` and position facts `F`.
 */
export interface MoveRule<S, M, E extends RuleError, F> {
  /**
   * Why `seat` may not make `move` in `state` now (a typed refusal), or null when it may.
   * Never mutates `state`; `facts` are `MoveTable.facts(state, seat)`.
   */
  check(state: S, seat: Seat, move: M, facts: F): E | null;
  /**
   * Perform `move` by `seat`, which `check` allowed, on `draft` (a copy owned by the caller):
   * mutate it into the next state and push the move's events.
   */
  apply(draft: S, seat: Seat, move: M, events: GameEvent[]): void;
}

/** One `MoveRule` for every `type` of the action union `A`. */
export type MoveRules<S, A extends { type: string }, E extends RuleError, F> = {
  [T in A['type']]: MoveRule<S, Extract<A, { type: T }>, E, F>;
};

/** A game's table of moves. */
export interface MoveTable<S, A extends { type: string }, E extends RuleError, F = undefined> {
  /** Facts of `state` that the checks of `seat`'s moves share (computed once per call). */
  facts(state: S, seat: Seat): F;
  /**
   * Every move `seat` may make now, in the order the panel shows them (empty when it is not
   * `seat`'s decision). The game enumerates its candidates and keeps exactly those that the
   * rule of their own type allows. A rule's check may be written as its type's gate (read from
   * `facts`: the same for every candidate of that type in this position) followed by the
   * move's own part; then `legal` tests each gate once and runs the same part on each
   * candidate, on plain values, before it allocates the move (src/games/README.md "Moves";
   * measured with bench/legal-moves.ts). Otherwise `keep(out, move, rules.<type>.check(state,
   * seat, move, facts))`, naming the rule directly so the JIT can inline it.
   * test/games/legality.test.ts proves that the result is exactly what `check` allows.
   */
  legal(state: S, seat: Seat, facts: F): A[];
  /** The rules of each move type. */
  rules: MoveRules<S, A, E, F>;
  /** A deep copy of `state` for `apply` to mutate (plain JSON in, plain JSON out). */
  clone(state: S): S;
}

/** Add `move` to `out` when its check found no `refusal` (how `MoveTable.legal` keeps a candidate). */
export function keep<M>(out: M[], move: M, refusal: RuleError | null): void {
  if (refusal === null) out.push(move);
}

/** The rule of `move`'s type, with the move's own type (one cast, here only). */
function ruleOf<S, A extends { type: string }, E extends RuleError, F>(table: MoveTable<S, A, E, F>, move: A): MoveRule<S, A, E, F> | undefined {
  return (table.rules as Record<string, MoveRule<S, A, E, F> | undefined>)[move.type];
}

/**
 * Why `seat` may not make `move` now, or null when it may. `unknownType` is returned for an
 * action whose `type` the table does not know (callers validate actions with the game's zod
 * schema first; this guards against a forged object that skipped it).
 */
export function checkMove<S, A extends { type: string }, E extends RuleError, F>(
  table: MoveTable<S, A, E, F>,
  state: S,
  seat: Seat,
  move: A,
  unknownType: E,
): E | null {
  const rule = ruleOf(table, move);
  if (!rule) return unknownType;
  return rule.check(state, seat, move, table.facts(state, seat));
}

/** Every move `seat` may make now (`MoveTable.legal` with the position's facts). */
export function legalMoves<S, A extends { type: string }, E extends RuleError, F>(table: MoveTable<S, A, E, F>, state: S, seat: Seat): A[] {
  return table.legal(state, seat, table.facts(state, seat));
}

/**
 * Apply `move` by `seat`: refused with `check`'s error (state untouched), or performed on a
 * clone of `state`, returning the new state and the move's events.
 */
export function applyMove<S, A extends { type: string }, E extends RuleError, F>(
  table: MoveTable<S, A, E, F>,
  state: S,
  seat: Seat,
  move: A,
  unknownType: E,
): ApplyResult<S, E> {
  const error = checkMove(table, state, seat, move, unknownType);
  if (error) return { ok: false, error };
  const draft = table.clone(state);
  const events: GameEvent[] = [];
  ruleOf(table, move)!.apply(draft, seat, move, events);
  return { ok: true, state: draft, events };
}

/**
 * Open a new decision on `state` (a draft): set its phase and bump `step`, the decision
 * counter buttons are bound to (docs/architecture.md §3; `Pending.step` in ./engine.ts). A decision that
 * keeps its phase (the next reporter, the next Across choice) passes the same phase again.
 */
export function openDecision<S extends { step: number; phase: unknown }>(state: S, phase: S['phase']): void {
  state.phase = phase;
  state.step += 1;
}
