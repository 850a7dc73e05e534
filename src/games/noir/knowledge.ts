/**
 * What a NOIR seat knows (the bot contract's `Knowledge`, src/games/bot.ts) and the queries
 * on it that the knowledge tracking and determinizer (./bot.ts) and the heuristics
 * (./bot-normal.ts) share: who the other role can still be.
 */
import type { Knowledge } from '../bot.js';
import { noirDefinition } from './engine.js';
import { SUSPECT_COUNT, type Cell, type NoirOptions, type Role } from './rules.js';

/** A seat's view of NOIR. */
export type NoirSeatView = ReturnType<typeof noirDefinition.seatView>;

/** What a NOIR seat knows. Candidate sets are indexed by suspect id (true = still possible). */
export interface NoirKnowledge extends Knowledge<NoirSeatView> {
  role: Role;
  options: NoirOptions;
  /** The public grid, replayed from the first board through the events. */
  grid: Cell[][];
  /** Suspects the Killer's current identity can be, from public facts only. */
  killerCands: boolean[];
  /** Suspects the Inspector's identity can be, from public facts only. */
  inspectorCands: boolean[];
  /** Evidence cards discarded face up (public). */
  discards: number[];
  /**
   * The other role's main moves this seat observed, oldest first (at most `PAST_MOVES_KEPT`),
   * each with the public facts just before it: what the search needs to rebuild the model
   * state before the move under a sampled identity and weight the sample by how likely the
   * move was (src/bots/ismcts.ts `modelSearch`, docs/hard-search.md "Likelihood weights").
   * Absent in a simulated seat's knowledge.
   */
  moves?: NoirPastMove[];
  /** The shift that ended the previous turn (its undo is not legal now, §2.5 Shift), else null; tracked with `moves`. */
  lastShift?: { axis: number; index: number; dir: number; collapsed: boolean } | null;
  /** Cards left in the evidence deck (public), tracked with `moves`. */
  deckLeft?: number;
}

/** Most past moves a NOIR knowledge keeps for the likelihood weights. */
export const PAST_MOVES_KEPT = 16;

/**
 * One of the other role's moves as a seat observed it (public facts only): the model state
 * before it is rebuilt from these plus a sample's hidden identities (model.ts `noirHistory`).
 */
export interface NoirPastMove {
  /** The seat that moved and its role. */
  by: number;
  role: Role;
  /** The move's action code (codec.ts), as every seat sees it. */
  code: string;
  /** The public grid, candidate sets and discards just before the move. */
  grid: Cell[][];
  killerCands: boolean[];
  inspectorCands: boolean[];
  discards: number[];
  /** The game's first kill (phase `firstKill`, §2.3). */
  firstKill: boolean;
  /** The shift whose undo was not legal for this move, or null. */
  blocked: { axis: number; index: number; dir: number; collapsed: boolean } | null;
  deckLeft: number;
  /**
   * A Killer's move: its identity then, when public — the old identity shown by a later
   * successful disguise (§2.5 Disguise); −1 when it is still the Killer's current identity.
   */
  killerId: number;
}

/** Suspects alive on the current grid of the view. */
export function aliveSet(v: NoirSeatView): boolean[] {
  const out: boolean[] = Array(SUSPECT_COUNT).fill(false);
  for (const r of v.grid) for (const c of r) if (c.alive) out[c.suspect] = true;
  return out;
}

/**
 * Who the Killer may be, for the Inspector (or as the Killer fears the Inspector sees it,
 * without the Inspector's private cards): the public set, alive, minus `exclude`.
 */
export function killerCandidates(k: NoirKnowledge, exclude: readonly number[] = []): number[] {
  const alive = aliveSet(k.view);
  const out: number[] = [];
  for (let s = 0; s < SUSPECT_COUNT; s++) if (k.killerCands[s] && alive[s] && !exclude.includes(s)) out.push(s);
  return out;
}

/** Who the Inspector may be, for the Killer: the public set, alive, minus the Killer's own cards. */
export function inspectorCandidates(k: NoirKnowledge, exclude: readonly number[] = []): number[] {
  const alive = aliveSet(k.view);
  const out: number[] = [];
  for (let s = 0; s < SUSPECT_COUNT; s++) if (k.inspectorCands[s] && alive[s] && !exclude.includes(s)) out.push(s);
  return out;
}

/** The Inspector's own cards (hand, identity): never the Killer. */
export function inspectorPrivate(v: NoirSeatView): number[] {
  return [...v.hand, ...(v.identity === null ? [] : [v.identity])];
}

/** The Killer's own cards (identity, every disguise draw): never the Inspector. */
export function killerPrivate(v: NoirSeatView): number[] {
  return [...(v.identity === null ? [] : [v.identity]), ...v.draws.map((d) => d.suspect)];
}
