/**
 * Views of Tricks and the Phantom (docs/rules/phantom.md §3.5) and the result
 * (§3.9): the public view
 * strips every hand, face-down played card (only its clue colour is public), unused card
 * and 3-player discard; a seat view adds only that seat's own secrets.
 */
import type { GameResult, Seat } from '../engine.js';
import { glassOrder, ownerOf, positionCount, reportOrder, seatsActing } from './seating.js';
import type { CardNumber, Colour, CrimeReveal, Glass, Phase, PhantomState } from './rules.js';

/** What everyone may see (board, spectators). */
export interface PhantomPublicView {
  players: number;
  /** Investigator positions (4 in the 2-player game). */
  positions: number;
  round: number;
  crime: number;
  phase: Phase;
  step: number;
  targetScore: number;
  beginner: boolean;
  turnSeconds: number;
  scores: number[];
  handCounts: number[];
  /** How many cards lie face-down unseen (unused / next 4th-party card). */
  faceDownCount: number;
  /** 3 players: the face-up 4th-party card of this crime. */
  fourthParty: CardNumber | null;
  /** Cards of this round already revealed and out of play. */
  retired: CardNumber[];
  /** 3 players: who has discarded this round (not what). */
  discarded: boolean[] | null;
  firstInvestigator: number;
  reportOrder: number[];
  glassOrder: Seat[];
  /** This crime's reports: position, player and clue colour only. */
  reports: { position: number; seat: Seat; colour: Colour }[];
  glasses: Glass[];
  /** Seats that must act now (empty when over). */
  toAct: Seat[];
  /** Report phase: the position about to report. */
  actingPosition: number | null;
  /** The last solved crime (stays until the next crime is solved). */
  lastCrime: CrimeReveal | null;
  winners: Seat[];
}

/** What one seat may see: the public view plus its own cards, discard and reports. */
export interface PhantomSeatView extends PhantomPublicView {
  me: Seat;
  hand: CardNumber[];
  myDiscard: CardNumber | null;
  myReports: { position: number; card: CardNumber; colour: Colour }[];
}

/** The public view of `s` (no secret). */
export function publicView(s: PhantomState): PhantomPublicView {
  return {
    players: s.seats,
    positions: positionCount(s.seats),
    round: s.round,
    crime: s.crime,
    phase: s.phase,
    step: s.step,
    targetScore: s.options.targetScore,
    beginner: s.options.beginner,
    turnSeconds: s.options.turnSeconds,
    scores: [...s.scores],
    handCounts: s.hands.map((hand) => hand.length),
    faceDownCount: s.faceDown.length,
    fourthParty: s.fourthParty,
    retired: [...s.retired],
    discarded: s.seats === 3 ? s.discards.map((discarded) => discarded !== null) : null,
    firstInvestigator: s.firstInvestigator,
    reportOrder: reportOrder(s),
    glassOrder: glassOrder(s),
    reports: s.reports.map((report) => ({ position: report.position, seat: ownerOf(report.position, s.seats), colour: report.colour })),
    glasses: s.glasses.map((glass) => ({ ...glass })),
    toAct: seatsActing(s),
    actingPosition: s.phase === 'report' ? (reportOrder(s)[s.reports.length] ?? null) : null,
    lastCrime: s.lastCrime ? structuredClone(s.lastCrime) : null,
    winners: [...s.winners],
  };
}

/** The view of `seat`: public view + own hand, own 3-player discard, own reported cards. */
export function seatView(s: PhantomState, seat: Seat): PhantomSeatView {
  return {
    ...publicView(s),
    me: seat,
    hand: [...(s.hands[seat] ?? [])],
    myDiscard: s.discards[seat] ?? null,
    myReports: s.reports
      .filter((report) => ownerOf(report.position, s.seats) === seat)
      .map((report) => ({ position: report.position, card: report.card, colour: report.colour })),
  };
}

/** Final outcome: placements by score (ties share), the single leader wins (§3.9). */
export function result(s: PhantomState): GameResult | null {
  if (s.phase !== 'over') return null;
  const placements = s.scores.map((score) => 1 + s.scores.filter((other) => other > score).length);
  return { placements, winners: [...s.winners], scores: [...s.scores], reason: 'target' };
}
