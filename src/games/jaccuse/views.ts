/**
 * J'Accuse! — what each viewer may see (docs/rules/jaccuse.md §4.8) and the result (§4.7). The public view strips every
 * Investigation hand, the face-down Investigation card, the votes being collected and the
 * order of every pile; a seat view adds only that seat's own secrets.
 */
import type { GameResult, Seat } from '../engine.js';
import {
  CHARACTERS,
  EVIDENCE_TYPES,
  SUSPICION_CYCLE_ROUNDS,
  type AcrossChoice,
  type CharacterId,
  type EndReason,
  type EvidenceId,
  type EvidenceType,
  type InvestigationId,
  type JaccuseOptions,
  type JaccusePhase,
  type JaccuseState,
  type RevealRecord,
  type SuspicionCard,
} from './rules.js';

/** What everyone sees of one seat. */
export interface JaccuseSeatPublic {
  character: CharacterId | null;
  /** Suspected Evidence in front of this player, icon order. */
  suspected: EvidenceId[];
  /** Hard Evidence against this player. */
  hard: EvidenceId[];
  /** Suspicion cards already used this cycle (face down on the sheet). */
  used: SuspicionCard[];
  /** Unplayed Investigation cards (count only). */
  investigationCount: number;
  /** During the vote: has this seat cast a card (never which one). */
  hasCast: boolean;
}

/** The public view (board, spectators). Contains no secret. */
export interface JaccusePublicView {
  seatCount: number;
  phase: JaccusePhase;
  /** Round number from 1 (0 during the character phase). */
  round: number;
  /** Position of the round in the Suspicion cycle, 1–3 (0 during the character phase). */
  cycleRound: number;
  inspector: Seat;
  options: JaccuseOptions;
  seats: JaccuseSeatPublic[];
  /** Cards left in each evidence pile. */
  piles: Record<EvidenceType, number>;
  /** Undealt Investigation cards (count). */
  investigationPile: number;
  /** Played Investigation cards, oldest first (face up). */
  investigationDiscard: InvestigationId[];
  /** True once the Inspector has set this round's card face down. */
  investigationSet: boolean;
  /** Votes cast so far this round (never who cast what). */
  castCount: number;
  /** Seat choosing a character now (character phase). */
  characterChooser: Seat | null;
  /** Characters still free (character phase). */
  freeCharacters: CharacterId[];
  /** The Across choice being made now, and how many more follow. */
  across: AcrossChoice | null;
  acrossRemaining: number;
  /** The latest reveal, kept until the next one. */
  lastReveal: RevealRecord | null;
  arrested: Seat[];
  endReason: EndReason | null;
}

/** A seat's own view: the public view plus that seat's secrets. */
export interface JaccuseSeatView extends JaccusePublicView {
  me: Seat;
  /** My unplayed Investigation cards. */
  hand: InvestigationId[];
  /** The card I set face down this round (only when I am the Inspector). */
  chosen: InvestigationId | null;
  /** My vote this round, until the reveal. */
  myVote: SuspicionCard | null;
}

/** Build the public view (docs/rules/jaccuse.md §4.8 "Public"). */
export function publicView(s: JaccuseState): JaccusePublicView {
  const taken = new Set(s.characters.filter((character): character is CharacterId => character !== null));
  return {
    seatCount: s.seatCount,
    phase: s.phase,
    round: s.round,
    cycleRound: s.round === 0 ? 0 : ((s.round - 1) % SUSPICION_CYCLE_ROUNDS) + 1,
    inspector: s.inspector,
    options: { ...s.options },
    seats: Array.from({ length: s.seatCount }, (_, seat) => ({
      character: s.characters[seat] ?? null,
      suspected: EVIDENCE_TYPES.flatMap((type) => {
        const suspected = s.suspected[type];
        return suspected && suspected.holder === seat ? [suspected.card] : [];
      }),
      hard: [...(s.hard[seat] ?? [])],
      used: [...(s.used[seat] ?? [])],
      investigationCount: s.investigationHands[seat]?.length ?? 0,
      hasCast: s.phase === 'vote' && s.votes[seat] !== null,
    })),
    piles: { motive: s.piles.motive.length, opportunity: s.piles.opportunity.length, weapon: s.piles.weapon.length },
    investigationPile: s.investigationPile.length,
    investigationDiscard: [...s.investigationDiscard],
    investigationSet: s.chosen !== null,
    castCount: s.phase === 'vote' ? s.votes.filter((vote) => vote !== null).length : 0,
    characterChooser: s.phase === 'characters' ? s.characterChooser : null,
    freeCharacters: s.phase === 'characters' ? CHARACTERS.filter((character) => !taken.has(character)) : [],
    across: s.phase === 'across' && s.acrossQueue[0] ? structuredClone(s.acrossQueue[0]) : null,
    acrossRemaining: s.phase === 'across' ? s.acrossQueue.length : 0,
    lastReveal: s.lastReveal ? structuredClone(s.lastReveal) : null,
    arrested: [...s.arrested],
    endReason: s.endReason,
  };
}

/** Build `seat`'s view: public view plus own hand, own face-down card, own vote (§4.8). */
export function seatView(s: JaccuseState, seat: Seat): JaccuseSeatView {
  return {
    ...publicView(s),
    me: seat,
    hand: [...(s.investigationHands[seat] ?? [])],
    chosen: seat === s.inspector ? s.chosen : null,
    myVote: s.phase === 'vote' ? (s.votes[seat] ?? null) : null,
  };
}

/** Final outcome (§4.7): arrested seats place 2 and lose; everyone else places 1 and wins. */
export function result(s: JaccuseState): GameResult | null {
  if (s.phase !== 'over') return null;
  const seats = Array.from({ length: s.seatCount }, (_, seat) => seat);
  return {
    placements: seats.map((seat) => (s.arrested.includes(seat) ? 2 : 1)),
    winners: seats.filter((seat) => !s.arrested.includes(seat)),
    reason: s.endReason ?? 'arrest',
  };
}
