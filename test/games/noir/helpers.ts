/**
 * Test helpers for NOIR: build precise states on a known grid. The default grid holds
 * suspect ids in reading order, so suspect `5*r + c` sits at row r, column c
 * (e.g. 12 = C3, the centre). Seat 0 is the Killer, seat 1 the Inspector.
 */
import { noirDefinition } from '../../../src/games/noir/engine.js';
import { setupNoir } from '../../../src/games/noir/setup.js';
import { noirOptionsSchema, type NoirAction, type NoirOptions, type NoirState, type Phase, type Role } from '../../../src/games/noir/rules.js';
import type { GameEvent } from '../../../src/games/engine.js';

export const KILLER = 0;
export const INSPECTOR = 1;

export interface StateSpec {
  options?: Partial<NoirOptions>;
  /** Rows of suspect ids; default 5×5 reading order. */
  grid?: number[][];
  dead?: number[];
  markers?: number[];
  removed?: number[];
  killer?: number;
  inspector?: number | null;
  hand?: number[];
  /** Deck, top first; default: every card not otherwise placed, ascending. */
  deck?: number[];
  discards?: number[];
  phase?: Phase;
  turn?: Role;
  turns?: number;
}

/** The default 5×5 layout, suspect 5*r + c at (r, c). */
export function readingGrid(): number[][] {
  return Array.from({ length: 5 }, (_, r) => Array.from({ length: 5 }, (_, c) => 5 * r + c));
}

/** A state in the `play` phase (by default): Killer = C3 (12), Inspector = A1 (0), hand 20, 21, 22. */
export function makeState(spec: StateSpec = {}): NoirState {
  const options = noirOptionsSchema.parse({ killer: 'host', ...spec.options });
  const base = setupNoir(options, 2, 1, { hostSeat: KILLER });
  const layout = spec.grid ?? readingGrid();
  const dead = new Set(spec.dead ?? []);
  const markers = new Set(spec.markers ?? []);
  const killer = spec.killer ?? 12;
  const inspector = spec.inspector === undefined ? 0 : spec.inspector;
  const hand = spec.hand ?? [20, 21, 22];
  const discards = spec.discards ?? [];
  const used = new Set([killer, ...(inspector === null ? [] : [inspector]), ...hand, ...discards]);
  const deck = spec.deck ?? Array.from({ length: 25 }, (_, i) => i).filter((i) => !used.has(i));
  return {
    ...base,
    grid: layout.map((r) => r.map((suspect) => ({ suspect, alive: !dead.has(suspect), marker: markers.has(suspect) }))),
    removed: spec.removed ?? [],
    deck,
    discards,
    killerIdentity: killer,
    inspectorIdentity: inspector,
    hand,
    phase: spec.phase ?? 'play',
    turn: spec.turn ?? 'killer',
    turns: spec.turns ?? 2,
  };
}

/** Apply or fail the test. */
export function act(s: NoirState, seat: number, a: NoirAction): { state: NoirState; events: GameEvent[] } {
  const r = noirDefinition.apply(s, seat, a);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${JSON.stringify(r.error)}`);
  return { state: r.state, events: r.events };
}

/** The refusal code of an action (or 'ok'). */
export function refuse(s: NoirState, seat: number, a: NoirAction): string {
  const r = noirDefinition.apply(s, seat, a);
  return r.ok ? 'ok' : r.error.code;
}

/** Suspect ids of the grid, row by row. */
export function ids(s: NoirState): number[][] {
  return s.grid.map((r) => r.map((c) => c.suspect));
}

/** Every evidence card accounted for: deck + discards + identities + hand = the 25 cards. */
export function evidenceCards(s: NoirState): number[] {
  return [...s.deck, ...s.discards, s.killerIdentity, ...(s.inspectorIdentity === null ? [] : [s.inspectorIdentity]), ...s.hand].sort((a, b) => a - b);
}

/** Every suspect accounted for: grid + removed. */
export function suspectCards(s: NoirState): number[] {
  return [...s.grid.flat().map((c) => c.suspect), ...s.removed].sort((a, b) => a - b);
}

export const ALL = Array.from({ length: 25 }, (_, i) => i);
