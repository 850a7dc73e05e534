/**
 * Scoring of one crime (docs/rules/phantom.md §3.7, §3.8) and the next first
 * investigator (§3.3 step 7, §3.8). Pure functions of the revealed crime.
 */
import type { Seat } from '../engine.js';
import {
  DETECTIVE,
  FORENSICIST,
  SHOPKEEPER,
  isPhantom,
  type CardNumber,
  type Glass,
  type GlassTarget,
  type PointLine,
  type PointReason,
} from './rules.js';

/** The player of the criminal card gets this (§3.7 [SEED]; the Detective doubles it). */
export const POINTS_PLAYED_CRIMINAL = 1;
/** The Detective as criminal doubles its player's point and every correct glass (§3.2 #6). */
export const DETECTIVE_FACTOR = 2;
/** 2 players: a correct glass on the opponent's card (§3.8 [SEED]). */
export const TWO_PLAYER_GLASS_ON_OPPONENT = 2;
/** 2 players: a correct glass on one's own card (§3.8 [SEED]). */
export const TWO_PLAYER_GLASS_ON_OWN = 1;
/** The Phantom's player gains this per other player's glass on it (§3.7). */
export const PHANTOM_GAIN_PER_GLASS = 1;
/** A glass on someone else's Phantom costs this (§3.7). */
export const PHANTOM_GLASS_PENALTY = 1;
/** A glass on a face-up 4th-party Phantom costs this; nobody gains (§3.8 [DEFAULT]). */
export const FOURTH_PARTY_PHANTOM_PENALTY = 1;
/** 3 players, 4th-party criminal: each player of these cards gains this (§3.8 [SEED]). */
export const FOURTH_PARTY_SUPPORT_POINTS = 1;
/**
 * 3 players, 4th-party criminal: the cards whose players gain the support point, in the
 * order that decides who becomes first investigator (Shopkeeper's player first, §3.8).
 */
export const FOURTH_PARTY_SUPPORT_CARDS: readonly CardNumber[] = [SHOPKEEPER, FORENSICIST];
/** Scores never go below this; the floor is applied after all of a crime's changes (§3.7). */
export const SCORE_FLOOR = 0;

/** A played card of the crime: its position, its player and its number. */
export interface PlayedCard {
  position: number;
  seat: Seat;
  card: CardNumber;
}

/** What scoring needs to know about a revealed crime. */
export interface CrimeScoringInput {
  /** Number of players N (2–4). */
  players: number;
  cards: PlayedCard[];
  fourthParty: CardNumber | null;
  glasses: Glass[];
  criminal: CardNumber | null;
}

/** Per seat: the lines of the crime and their sum. */
export interface CrimePoints {
  seat: Seat;
  gain: number;
  lines: PointLine[];
}

/** Where the criminal card lies: a position, the 4th-party card, or null (no criminal). */
export function criminalLocation(input: Pick<CrimeScoringInput, 'cards' | 'fourthParty' | 'criminal'>): GlassTarget | null {
  if (input.criminal === null) return null;
  const played = input.cards.find((c) => c.card === input.criminal);
  if (played) return played.position;
  return input.fourthParty === input.criminal ? 'fourth' : null;
}

/**
 * Score one crime (§3.7; 2 players §3.8; 3-player 4th party §3.8). Returns one entry per
 * seat (index = seat) with the lines and their sum, before the floor at 0.
 */
export function scoreCrime(input: CrimeScoringInput): CrimePoints[] {
  const lines: PointLine[][] = Array.from({ length: input.players }, () => []);
  const add = (seat: Seat, reason: PointReason, amount: number, doubled = false) => {
    const list = lines[seat]!;
    const same = list.find((l) => l.reason === reason);
    if (same) same.amount += amount;
    else list.push(doubled ? { reason, amount, doubled } : { reason, amount });
  };
  const at = criminalLocation(input);
  const detective = input.criminal === DETECTIVE;
  const factor = detective ? DETECTIVE_FACTOR : 1;
  const cardAt = (on: GlassTarget) =>
    on === 'fourth' ? { seat: null, card: input.fourthParty } : (() => {
      const c = input.cards.find((p) => p.position === on);
      return { seat: c?.seat ?? null, card: c?.card ?? null };
    })();

  if (at !== null) {
    if (at === 'fourth') {
      for (const support of FOURTH_PARTY_SUPPORT_CARDS) {
        const p = input.cards.find((c) => c.card === support);
        if (p) add(p.seat, 'fourth-party-support', FOURTH_PARTY_SUPPORT_POINTS);
      }
    } else {
      add(cardAt(at).seat!, 'played-criminal', POINTS_PLAYED_CRIMINAL * factor, detective);
    }
    const correct = input.glasses.filter((g) => g.on === at);
    const k = correct.length;
    for (const g of correct) {
      let base: number;
      if (input.players === 2) {
        base = cardAt(at).seat === g.seat ? TWO_PLAYER_GLASS_ON_OWN : TWO_PLAYER_GLASS_ON_OPPONENT;
      } else {
        base = input.players - k;
      }
      add(g.seat, 'glass-criminal', base * factor, detective);
    }
  }

  for (const g of input.glasses) {
    const target = cardAt(g.on);
    if (target.card === null || !isPhantom(target.card)) continue;
    if (target.seat === null) {
      add(g.seat, 'fourth-party-phantom', -FOURTH_PARTY_PHANTOM_PENALTY);
    } else if (target.seat === g.seat) {
      add(g.seat, 'own-phantom', 0);
    } else {
      add(g.seat, 'fell-for-phantom', -PHANTOM_GLASS_PENALTY);
      add(target.seat, 'phantom-fooled', PHANTOM_GAIN_PER_GLASS);
    }
  }

  return lines.map((l, seat) => ({ seat, lines: l, gain: l.reduce((s, x) => s + x.amount, 0) }));
}

/** Apply a crime's gains all together, then clamp every score at the floor (§3.7). */
export function applyGains(scores: readonly number[], gains: readonly number[]): number[] {
  return scores.map((s, i) => Math.max(SCORE_FLOOR, s + (gains[i] ?? 0)));
}

/**
 * First investigator (a position) of the next crime (§3.3 step 7, §3.8): the position that
 * played the criminal; for a 4th-party criminal the Shopkeeper's, else the Forensicist's
 * position; otherwise unchanged.
 */
export function nextFirstInvestigator(
  input: Pick<CrimeScoringInput, 'cards' | 'fourthParty' | 'criminal'>,
  current: number,
): number {
  const at = criminalLocation(input);
  if (at === null) return current;
  if (at !== 'fourth') return at;
  for (const support of FOURTH_PARTY_SUPPORT_CARDS) {
    const p = input.cards.find((c) => c.card === support);
    if (p) return p.position;
  }
  return current;
}
