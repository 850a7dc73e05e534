/**
 * NOIR views (docs/rules/noir.md §2.8) and the result (§2.11): what everyone
 * sees, and what each seat additionally sees. Secrets — the Killer's identity and disguise draws, the
 * Inspector's identity, hand and drawn card, the deck order — appear only in their owner's
 * seat view, and in the public view only once the game is over (`reveal`).
 */
import type { GameResult, Seat } from '../engine.js';
import { actingRole, blockedShift, deathCount, roleOf, seatOf } from './state.js';
import {
  ACTION_CAP,
  type ArrestRecord,
  type CanvasRecord,
  type Cell,
  type DisguiseDraw,
  type EndReason,
  type LastShift,
  type NoirMode,
  type Phase,
  type Role,
  type ShiftAction,
} from './rules.js';
import type { NoirState } from './rules.js';

/** The public board (rules §2.8 "Public"). */
export interface NoirPublicView {
  mode: NoirMode;
  killTarget: number;
  disguiseKillsOldIdentity: boolean;
  phase: Phase;
  /** Seat that must act now, null when over. */
  toAct: Seat | null;
  /** Role that must act now, null when over. */
  actingRole: Role | null;
  step: number;
  turns: number;
  actionCap: number;
  killerSeat: Seat;
  inspectorSeat: Seat;
  /** Rows of cells (suspect id, alive, innocent marker). */
  grid: Cell[][];
  /** Suspects removed by collapses. */
  removed: number[];
  deaths: number;
  deckSize: number;
  /** Face-up evidence discards (proven innocent), oldest first. */
  discards: number[];
  /** Number of cards in the Inspector's evidence hand. */
  handSize: number;
  inspectorChosen: boolean;
  lastShift: LastShift | null;
  /** The shift the player to act may not make (no-undo rule), or null. */
  blockedShift: ShiftAction | null;
  arrests: ArrestRecord[];
  canvasses: CanvasRecord[];
  citizensArrests: number;
  winner: Role | null;
  endReason: EndReason | null;
  /** Both identities and the Inspector's hand, only once the game is over. */
  reveal: { killerIdentity: number; inspectorIdentity: number | null; hand: number[] } | null;
}

/** A seat's view: the public view plus that seat's own secrets. */
export interface NoirSeatView extends NoirPublicView {
  seat: Seat;
  role: Role;
  /** Own identity: the Killer's current one; the Inspector's once chosen (else null). */
  identity: number | null;
  /** The Inspector's evidence hand (the 4 starting cards before the choice); [] for the Killer. */
  hand: number[];
  /** The card just drawn while discarding for Exonerate (Inspector), else null. */
  drawn: number | null;
  /** The Killer's own disguise draws; [] for the Inspector. */
  draws: DisguiseDraw[];
}

/** The public view of `s` (no secret until the game is over). */
export function publicViewOf(s: NoirState): NoirPublicView {
  const role = actingRole(s);
  return {
    mode: s.options.mode,
    killTarget: s.options.killTarget,
    disguiseKillsOldIdentity: s.options.disguiseKillsOldIdentity,
    phase: s.phase,
    toAct: role === null ? null : seatOf(s, role),
    actingRole: role,
    step: s.step,
    turns: s.turns,
    actionCap: ACTION_CAP,
    killerSeat: s.killerSeat,
    inspectorSeat: s.inspectorSeat,
    grid: s.grid.map((row) => row.map((cell) => ({ suspect: cell.suspect, alive: cell.alive, marker: cell.marker }))),
    removed: [...s.removed],
    deaths: deathCount(s),
    deckSize: s.deck.length,
    discards: [...s.discards],
    handSize: s.hand.length,
    inspectorChosen: s.inspectorIdentity !== null,
    lastShift: s.lastShift ? { ...s.lastShift } : null,
    blockedShift: s.phase === 'play' ? blockedShift(s) : null,
    arrests: s.arrests.map((arrest) => ({ ...arrest })),
    canvasses: s.canvasses.map((canvas) => ({ ...canvas })),
    citizensArrests: s.citizensArrests,
    winner: s.winner,
    endReason: s.endReason,
    reveal:
      s.phase === 'over'
        ? { killerIdentity: s.killerIdentity, inspectorIdentity: s.inspectorIdentity, hand: [...s.hand] }
        : null,
  };
}

/** The view of `seat`: public plus own secrets only. Throws for a seat not at the table. */
export function seatViewOf(s: NoirState, seat: Seat): NoirSeatView {
  const role = roleOf(s, seat);
  if (role === null) throw new RangeError(`seat ${seat} is not at this table`);
  const pub = publicViewOf(s);
  if (role === 'killer') {
    return { ...pub, seat, role, identity: s.killerIdentity, hand: [], drawn: null, draws: s.killerDraws.map((draw) => ({ ...draw })) };
  }
  return { ...pub, seat, role, identity: s.inspectorIdentity, hand: [...s.hand], drawn: s.drawn, draws: [] };
}

/** Final outcome (rules §2.11): winner placement 1, loser 2; a draw at the cap: both 1, no winners. */
export function resultNoir(s: NoirState): GameResult | null {
  if (s.phase !== 'over' || s.endReason === null) return null;
  if (s.winner === null) return { placements: [1, 1], winners: [], reason: s.endReason };
  const winner: Seat = seatOf(s, s.winner);
  const placements = [0, 1].map((seat) => (seat === winner ? 1 : 2));
  return { placements, winners: [winner], reason: s.endReason };
}
