/**
 * Suspicion — what each viewer may see (docs/rules/suspicion.md §1.13) and the final result.
 *
 * Public: suspects, face-up evidence with declared colours and 🛡 marks, who placed it,
 * blocked / skipping flags, hand sizes, pile sizes, the top discard, the open window, how
 * many voters have answered, and the last revealed declaration. Private to a seat: its own
 * hand, its own vote, and its own face-down card. Card ids never appear except in the own
 * hand (for the action codes).
 */
import type { GameResult, Seat } from '../engine.js';
import {
  ROUND_CAP,
  type Attack,
  type CardFace,
  type CardId,
  type Colour,
  type EndReason,
  type SlotCard,
  type SuspicionState,
  type TieRule,
  type Variant,
  type Verdict,
} from './rules.js';
import { face, racing } from './state.js';

/** A face-up card as everyone sees it. */
export interface SlotView {
  colour: Colour;
  face: CardFace;
  protected: boolean;
  /** Who placed it. */
  by: Seat;
}

/** One detective as everyone sees them. */
export interface PlayerView {
  seat: Seat;
  suspect: Colour[];
  slots: (SlotView | null)[];
  handSize: number;
  blocked: boolean;
  skipNext: boolean;
}

/** The open decision, public part. */
export type PhaseView =
  | { kind: 'turn'; seat: Seat }
  | { kind: 'counter'; placer: Seat; suspect: Seat; slot: number; colour: Colour; waiting: Seat[] }
  | { kind: 'counterBack'; placer: Seat; counterer: Seat; suspect: Seat; slot: number; colour: Colour; placed: SlotView }
  | { kind: 'cancel'; attacker: Seat; target: Seat; attack: Attack; slot: number | null }
  | { kind: 'vote'; declarer: Seat; suspect: Seat; slot: number; colour: Colour; voters: Seat[]; answered: number }
  | { kind: 'over'; winner: Seat | null; reason: EndReason };

/** A revealed declaration. */
export interface RevealView {
  declarer: Seat;
  suspect: Seat;
  slot: number;
  colour: Colour;
  face: CardFace;
  correct: boolean;
  verdict: Verdict;
  votes: (Verdict | null)[];
  tieBreak: 'left' | 'coin' | null;
  won: boolean;
}

/** The public view (board, spectators). */
export interface SuspicionPublicView {
  variant: Variant;
  tieRule: TieRule;
  seats: number;
  round: number;
  roundCap: number;
  turn: Seat;
  phase: PhaseView;
  players: PlayerView[];
  drawSize: number;
  discardSize: number;
  topDiscard: CardFace | null;
  lastReveal: RevealView | null;
}

/** A seat's view: the public view plus that seat's own secrets. */
export interface SuspicionSeatView extends SuspicionPublicView {
  me: Seat;
  hand: { card: CardId; face: CardFace }[];
  /** Own answer in an open vote (null = not yet). */
  myVote: Verdict | 'abstain' | null;
  /** Own face-down card while a vote on it is open. */
  faceDown: CardFace | null;
}

function slotView(slot: SlotCard): SlotView {
  return { colour: slot.colour, face: face(slot.card), protected: slot.protected, by: slot.by };
}

function phaseView(s: SuspicionState): PhaseView {
  const ph = s.phase;
  switch (ph.kind) {
    case 'turn':
      return { kind: 'turn', seat: s.turn };
    case 'counter': {
      const colour = s.players[ph.suspect]!.slots[ph.slot]!.colour;
      return { kind: 'counter', placer: ph.placer, suspect: ph.suspect, slot: ph.slot, colour, waiting: racing(s, ph) };
    }
    case 'counterBack':
      return { kind: 'counterBack', placer: ph.placer, counterer: ph.counterer, suspect: ph.suspect, slot: ph.slot, colour: ph.placed.colour, placed: slotView(ph.placed) };
    case 'cancel':
      return { kind: 'cancel', attacker: ph.attacker, target: ph.target, attack: ph.attack, slot: ph.slot };
    case 'vote': {
      const colour = s.players[ph.suspect]!.suspect[ph.slot]!;
      const answered = ph.voters.filter((voter) => ph.votes[voter] !== null).length;
      return { kind: 'vote', declarer: ph.declarer, suspect: ph.suspect, slot: ph.slot, colour, voters: [...ph.voters], answered };
    }
    case 'over':
      return { kind: 'over', winner: ph.winner, reason: ph.reason };
  }
}

/** The public view: every secret stripped. */
export function publicView(s: SuspicionState): SuspicionPublicView {
  const top = s.discard[s.discard.length - 1];
  const reveal = s.lastReveal;
  return {
    variant: s.options.variant,
    tieRule: s.options.tieRule,
    seats: s.seats,
    round: Math.min(s.round, ROUND_CAP),
    roundCap: ROUND_CAP,
    turn: s.turn,
    phase: phaseView(s),
    players: s.players.map((player, seat) => ({
      seat,
      suspect: [...player.suspect],
      slots: player.slots.map((slot) => (slot ? slotView(slot) : null)),
      handSize: player.hand.length,
      blocked: player.blockCard !== null,
      skipNext: player.skipNext,
    })),
    drawSize: s.draw.length,
    discardSize: s.discard.length,
    topDiscard: top === undefined ? null : face(top),
    lastReveal: reveal && {
      declarer: reveal.declarer,
      suspect: reveal.suspect,
      slot: reveal.slot,
      colour: reveal.colour,
      face: face(reveal.card),
      correct: reveal.correct,
      verdict: reveal.verdict,
      votes: [...reveal.votes],
      tieBreak: reveal.tieBreak,
      won: reveal.won,
    },
  };
}

/** `seat`'s view: the public view, its own hand, its own vote and its own face-down card. */
export function seatView(s: SuspicionState, seat: Seat): SuspicionSeatView {
  const ph = s.phase;
  const own = ph.kind === 'vote';
  return {
    ...publicView(s),
    me: seat,
    hand: (s.players[seat]?.hand ?? []).map((card) => ({ card, face: face(card) })),
    myVote: own ? (ph.votes[seat] ?? null) : null,
    faceDown: own && ph.declarer === seat ? face(ph.card) : null,
  };
}

/**
 * §1.11: the winner is placed 1st, everyone else 2nd; at the round cap nobody wins (a draw:
 * everyone 1st, no winners). Null while the game runs.
 */
export function result(s: SuspicionState): GameResult | null {
  const ph = s.phase;
  if (ph.kind !== 'over') return null;
  if (ph.winner === null) return { placements: Array(s.seats).fill(1), winners: [], reason: ph.reason };
  return { placements: s.players.map((_, seat) => (seat === ph.winner ? 1 : 2)), winners: [ph.winner], reason: ph.reason };
}

/** Seats that must act now, and seats still deciding in a race or vote. */
export function actingSeats(view: SuspicionPublicView): { acting: Seat[]; deciding: Seat[] } {
  const ph = view.phase;
  switch (ph.kind) {
    case 'turn':
      return { acting: [ph.seat], deciding: [] };
    case 'counter':
      return { acting: [], deciding: ph.waiting };
    case 'counterBack':
      return { acting: [ph.placer], deciding: [] };
    case 'cancel':
      return { acting: [ph.target], deciding: [] };
    case 'vote':
      return { acting: [], deciding: ph.voters };
    case 'over':
      return { acting: [], deciding: [] };
  }
}
