/**
 * J'Accuse! — the round machinery: table geometry, vote tally, resolution of a reveal,
 * end of round (arrests, cycles, reshuffle, Inspector rotation). Pure helpers used by
 * moves.ts and setup.ts; every function works on a draft the caller has already cloned and
 * mutates it.
 */
import type { GameEvent, Seat } from '../engine.js';
import { openDecision } from '../moves.js';
import type { Rng } from '../rng.js';
import { leftOf, rightOf } from '../seats.js';
import {
  ARREST_TOTAL,
  EVIDENCE_TYPES,
  INVESTIGATION_CARDS,
  INVESTIGATION_HAND_SIZE,
  RESHUFFLE_INCLUDES_UNDEALT,
  ROUND_CAP,
  SUSPICION_CARDS,
  SUSPICION_CYCLE_ROUNDS,
  evidenceType,
  isExonerated,
  type AcrossChoice,
  type EvidenceOutcome,
  type EvidenceType,
  type JaccusePhase,
  type JaccuseState,
  type SuspicionCard,
} from './rules.js';

// ───────────────────────────── Geometry (§4.3 6A, §4.4) ─────────────────────────────

export { leftOf, rightOf } from '../seats.js';

/**
 * Players a card held by `holder` may go "Across" to, in seat order (docs/rules/jaccuse.md §4.4):
 * with 3 players any other player; with 4+ every player who is neither the holder nor one
 * of their two neighbours (4 players: one, 5: two, 6: three).
 */
export function acrossTargets(holder: Seat, seatCount: number): Seat[] {
  const out: Seat[] = [];
  for (let seat = 0; seat < seatCount; seat++) {
    if (seat === holder) continue;
    if (seatCount > 3 && (seat === leftOf(holder, seatCount) || seat === rightOf(holder, seatCount))) continue;
    out.push(seat);
  }
  return out;
}

/** Position of `seat` counting clockwise from the Inspector's left (0 = left of the Inspector). */
export function orderFromInspectorLeft(seat: Seat, inspector: Seat, seatCount: number): number {
  return (seat - inspector - 1 + 2 * seatCount) % seatCount;
}

// ───────────────────────────── Tally (§4.3 step 4) ─────────────────────────────

/** Outcome of a vote count. */
export interface Tally {
  counts: Record<SuspicionCard, number>;
  outcome: SuspicionCard;
  /** True when two or more cards shared the top count (outcome is then J'Accuse!). */
  tie: boolean;
}

/**
 * Count the revealed Suspicion cards: the card with strictly more votes than every other
 * prevails; if the top count is shared by two or more cards it is J'Accuse! (§4.3 step 4).
 */
export function tally(votes: readonly SuspicionCard[]): Tally {
  const counts = { left: 0, right: 0, across: 0, jaccuse: 0 } as Record<SuspicionCard, number>;
  for (const vote of votes) counts[vote] += 1;
  const top = Math.max(...SUSPICION_CARDS.map((card) => counts[card]));
  const leaders = SUSPICION_CARDS.filter((card) => counts[card] === top);
  if (leaders.length === 1) return { counts, outcome: leaders[0] as SuspicionCard, tie: false };
  return { counts, outcome: 'jaccuse', tie: true };
}

// ───────────────────────────── Decisions and rounds (§4.3 step 1) ─────────────────────────────

/**
 * Open a new decision in `phase` (../moves.ts `openDecision`: sets the phase, bumps `step`)
 * and advance the generator once, so timeout picks differ per step.
 */
export function decide(s: JaccuseState, rng: Rng, phase: JaccusePhase): void {
  openDecision(s, phase);
  rng.int(0, 0x7fffffff);
}

/** Open round `state.round + 1`: the Inspector must set an Investigation card (§4.3 step 1). */
export function startRound(s: JaccuseState, rng: Rng, events: GameEvent[]): void {
  s.round += 1;
  decide(s, rng, 'investigate');
  events.push({ type: 'roundStart', round: s.round, inspector: s.inspector });
}

// ───────────────────────────── Reveal and resolution (§4.3 steps 3–6) ─────────────────────────────

/** The in-play cards of the types on the Investigation card, in icon order. */
function affected(s: JaccuseState, types: readonly EvidenceType[]) {
  return types.flatMap((type) => {
    const sus = s.suspected[type];
    return sus ? [{ type, ...sus }] : [];
  });
}

/**
 * Reveal the votes and the Investigation card and resolve them (§4.3 steps 3–7). Left /
 * Right moves are decided at once; Across moves with a choice queue an `AcrossChoice`
 * (in seat order from the Inspector's left, §4.9); J'Accuse! hardens or exonerates and
 * re-deals. When no choice is left the round ends (`finishRound`).
 */
export function reveal(s: JaccuseState, rng: Rng, events: GameEvent[]): void {
  const n = s.seatCount;
  const votes = s.votes as SuspicionCard[];
  const { counts, outcome, tie } = tally(votes);
  const investigation = s.chosen as NonNullable<JaccuseState['chosen']>;
  const types = INVESTIGATION_CARDS[investigation];
  const outcomes: EvidenceOutcome[] = [];
  events.push({ type: 'reveal', round: s.round, votes: [...votes], counts: { ...counts }, outcome, tie, investigation });

  votes.forEach((v, seat) => s.used[seat]?.push(v));
  s.votes = Array<null>(n).fill(null);
  s.investigationDiscard.push(investigation);
  s.chosen = null;

  const cards = affected(s, types);
  if (cards.length === 0) events.push({ type: 'nothingAffected', investigation });
  if (outcome === 'jaccuse') {
    const removed: EvidenceType[] = [];
    for (const { type, card, holder } of cards) {
      if (isExonerated(s.characters[holder] ?? null, card)) {
        s.piles[type].push(card);
        outcomes.push({ kind: 'exonerate', card, holder });
        events.push({ type: 'exonerated', card, seat: holder, character: s.characters[holder] });
      } else {
        s.hard[holder]?.push(card);
        outcomes.push({ kind: 'harden', card, holder });
        events.push({ type: 'hardened', card, seat: holder, character: s.characters[holder] });
      }
      s.suspected[type] = null;
      removed.push(type);
    }
    dealReplacements(s, removed, outcomes, events);
  } else {
    const queue: AcrossChoice[] = [];
    for (const { card, holder } of cards) {
      let to: Seat | null = null;
      if (outcome === 'left') to = leftOf(holder, n);
      else if (outcome === 'right') to = rightOf(holder, n);
      else {
        const eligible = acrossTargets(holder, n);
        if (eligible.length === 1) to = eligible[0] as Seat;
        else queue.push({ card, holder, chooser: s.options.acrossChooser === 'holder' ? holder : s.inspector, eligible });
      }
      outcomes.push({ kind: 'move', card, from: holder, to, direction: outcome });
      if (to !== null) events.push({ type: 'moved', card, from: holder, recipient: to, direction: outcome, character: s.characters[holder] });
    }
    queue.sort(
      (a, b) =>
        orderFromInspectorLeft(a.holder, s.inspector, n) - orderFromInspectorLeft(b.holder, s.inspector, n) ||
        EVIDENCE_TYPES.indexOf(evidenceType(a.card)) - EVIDENCE_TYPES.indexOf(evidenceType(b.card)),
    );
    s.acrossQueue = queue;
  }
  s.lastReveal = { round: s.round, inspector: s.inspector, votes: [...votes], counts, outcome, tie, investigation, outcomes };

  if (s.acrossQueue.length > 0) {
    decide(s, rng, 'across');
    const head = s.acrossQueue[0] as AcrossChoice;
    events.push({ type: 'acrossPending', card: head.card, holder: head.holder, chooser: head.chooser });
  } else {
    finishRound(s, rng, events);
  }
}

/**
 * Deal a replacement for each removed type, in icon order (§4.3 6B): the first card drawn
 * goes to the player left of the Inspector, the next to the next player clockwise. An empty
 * pile supplies nothing and takes no seat in that order.
 */
export function dealReplacements(s: JaccuseState, removed: readonly EvidenceType[], outcomes: EvidenceOutcome[], events: GameEvent[]): void {
  let k = 0;
  for (const type of EVIDENCE_TYPES) {
    if (!removed.includes(type)) continue;
    const card = s.piles[type].shift();
    if (card === undefined) {
      events.push({ type: 'pileEmpty', evidenceType: type });
      continue;
    }
    const to = (s.inspector + 1 + k) % s.seatCount;
    k += 1;
    s.suspected[type] = { card, holder: to };
    outcomes.push({ kind: 'deal', card, to });
    events.push({ type: 'dealt', card, recipient: to });
  }
}

/** Record an Across recipient for the head of the queue; ends the round when none is left (§4.4). */
export function chooseAcross(s: JaccuseState, to: Seat, rng: Rng, events: GameEvent[]): void {
  const head = s.acrossQueue.shift() as AcrossChoice;
  const move = s.lastReveal?.outcomes.find((o) => o.kind === 'move' && o.card === head.card);
  if (move && move.kind === 'move') move.to = to;
  events.push({ type: 'moved', card: head.card, from: head.holder, recipient: to, direction: 'across', chooser: head.chooser, character: s.characters[head.holder] });
  if (s.acrossQueue.length > 0) {
    decide(s, rng, 'across');
    const next = s.acrossQueue[0] as AcrossChoice;
    events.push({ type: 'acrossPending', card: next.card, holder: next.holder, chooser: next.chooser });
  } else {
    finishRound(s, rng, events);
  }
}

// ───────────────────────────── End of round (§4.3 steps 6–9, §4.5–4.7) ─────────────────────────────

/** Seats whose Hard Evidence holds one of each type or `ARREST_TOTAL`+ cards (§4.7). */
export function arrestable(s: JaccuseState): Seat[] {
  const out: Seat[] = [];
  s.hard.forEach((cards, seat) => {
    const types = new Set(cards.map(evidenceType));
    if (types.size === EVIDENCE_TYPES.length || cards.length >= ARREST_TOTAL) out.push(seat);
  });
  return out;
}

/** True when every pile is empty and no Suspected Evidence is in play (§4.7 no-loser end). */
export function evidenceExhausted(s: JaccuseState): boolean {
  return EVIDENCE_TYPES.every((t) => s.piles[t].length === 0 && s.suspected[t] === null);
}

/**
 * Finish the round: all moves happen at once, then the end check (arrests — all qualifying
 * players at once —, evidence exhausted, or the `ROUND_CAP` safety cap); otherwise the
 * Suspicion cycle returns every 3rd round, the Investigation cards are reshuffled and
 * re-dealt once every hand is empty, the Inspector role passes clockwise and a new round opens.
 */
export function finishRound(s: JaccuseState, rng: Rng, events: GameEvent[]): void {
  const n = s.seatCount;
  for (const o of s.lastReveal?.outcomes ?? []) {
    if (o.kind !== 'move' || o.to === null) continue;
    const sus = s.suspected[evidenceType(o.card)];
    if (sus && sus.card === o.card) sus.holder = o.to;
  }
  s.acrossQueue = [];

  const arrested = arrestable(s);
  if (arrested.length > 0) return endGame(s, 'arrest', arrested, rng, events);
  if (evidenceExhausted(s)) return endGame(s, 'exhausted', [], rng, events);
  if (s.round >= ROUND_CAP) return endGame(s, 'cap', [], rng, events);

  if (s.round % SUSPICION_CYCLE_ROUNDS === 0) {
    s.used = Array.from({ length: n }, () => []);
    events.push({ type: 'suspicionReturned' });
  }
  if (s.investigationHands.every((h) => h.length === 0)) reshuffleInvestigations(s, rng, events);
  s.inspector = leftOf(s.inspector, n);
  startRound(s, rng, events);
}

/**
 * Shuffle the Investigation cards and deal 3 to each player (§4.6): the discards together
 * with the never-dealt cards (`RESHUFFLE_INCLUDES_UNDEALT`).
 */
export function reshuffleInvestigations(s: JaccuseState, rng: Rng, events: GameEvent[]): void {
  const pile = RESHUFFLE_INCLUDES_UNDEALT
    ? rng.shuffle([...s.investigationPile, ...s.investigationDiscard])
    : [...s.investigationPile, ...rng.shuffle(s.investigationDiscard)];
  s.investigationDiscard = [];
  s.investigationHands = s.investigationHands.map(() => pile.splice(0, INVESTIGATION_HAND_SIZE));
  s.investigationPile = pile;
  events.push({ type: 'investigationReshuffled' });
}

function endGame(s: JaccuseState, reason: 'arrest' | 'exhausted' | 'cap', arrested: Seat[], rng: Rng, events: GameEvent[]): void {
  s.endReason = reason;
  s.arrested = arrested;
  decide(s, rng, 'over');
  if (reason === 'arrest') {
    for (const seat of arrested) events.push({ type: 'arrested', seat, evidence: [...(s.hard[seat] ?? [])], character: s.characters[seat] });
  }
  events.push({ type: 'gameOver', reason, arrested: [...arrested] });
}
