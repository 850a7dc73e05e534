/**
 * Suspicion — applying actions (rules/suspicion.md §1.5–§1.12).
 *
 * `applyAction` validates everything against `legalActions` (copies of a card are
 * interchangeable), explains refusals with stable codes (`diagnose`), then performs the
 * action on a clone of the state.
 */
import type { ApplyResult, GameEvent, Seat } from '../engine.js';
import { Rng } from '../rng.js';
import {
  VERDICT_IF_NOBODY_VOTES,
  actionSchema,
  type Attack,
  type SuspicionAction,
  type SuspicionState,
  type Verdict,
} from './rules.js';
import { canonicalCard, cloneState, drawOne, endGame, face, faceUpCount, nextTurn, refill, slotOf, takeFromHand } from './engine-core.js';
import { cancelCardFor, counterCardFor, legalActions } from './engine-legal.js';
import { encodeAction } from './engine-codec.js';
import { diagnose } from './engine-diagnose.js';

type A<T extends SuspicionAction['type']> = Extract<SuspicionAction, { type: T }>;

/**
 * Apply `raw` (any decoded or forged value) for `seat`. Never throws for a player mistake:
 * refusals come back as `{ ok: false, error }` with the state unchanged.
 */
export function applyAction(s0: SuspicionState, seat: Seat, raw: unknown): ApplyResult<SuspicionState> {
  if (s0.phase.kind === 'over') return { ok: false, error: { code: 'game-over' } };
  const parsed = actionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: { code: 'bad-action' } };
  const a = parsed.data;
  if (!Number.isInteger(seat) || seat < 0 || seat >= s0.seats) return { ok: false, error: { code: 'not-seated' } };
  const probe = 'card' in a && s0.players[seat]!.hand.includes(a.card) ? { ...a, card: canonicalCard(s0, seat, a.card) } : a;
  const code = encodeAction(probe);
  if (!legalActions(s0, seat).some((l) => encodeAction(l) === code)) return { ok: false, error: diagnose(s0, seat, a) };

  const s = cloneState(s0);
  const ev: GameEvent[] = [];
  switch (a.type) {
    case 'place':
      place(s, seat, a, ev);
      break;
    case 'wild':
      placeWild(s, seat, a, ev);
      break;
    case 'discard':
      takeFromHand(s, seat, a.card);
      s.discard.push(a.card);
      ev.push({ type: 'discarded', seat, face: face(a.card) });
      refill(s, seat, ev);
      nextTurn(s, ev);
      break;
    case 'burn':
    case 'tamper':
    case 'block':
      attack(s, seat, a, ev);
      break;
    case 'recolour':
      recolour(s, seat, a, ev);
      break;
    case 'declare':
      declare(s, seat, a, ev);
      break;
    case 'counter':
      counter(s, seat, ev);
      break;
    case 'pass':
      if (s.phase.kind === 'counter') pass(s, seat, ev);
      else {
        ev.push({ type: 'idle', seat });
        refill(s, seat, ev);
        nextTurn(s, ev);
      }
      break;
    case 'counterBack':
      counterBack(s, seat, ev);
      break;
    case 'accept':
      acceptCounter(s, ev);
      break;
    case 'cancel':
      cancelAttack(s, seat, ev);
      break;
    case 'allow':
      resolveAttack(s, ev);
      break;
    case 'vote':
    case 'abstain':
      vote(s, seat, a.type === 'vote' ? a.verdict : 'abstain', ev);
      break;
    case 'draw':
      arrestDraw(s, seat, ev);
      break;
  }
  return { ok: true, state: s, events: ev };
}

/** Open the counter race on the card now in `suspect`/`slot` (§1.7). */
function openCounter(s: SuspicionState, placer: Seat, suspect: Seat, slot: number, refillAfter: boolean): void {
  s.phase = { kind: 'counter', placer, suspect, slot, passed: [], refill: refillAfter };
  s.step++;
}

/** §1.6 A: evidence face-up on its colour slot. */
function place(s: SuspicionState, seat: Seat, a: A<'place'>, ev: GameEvent[]): void {
  const f = face(a.card);
  if (f.kind !== 'evidence') throw new Error('place: not evidence');
  const slot = slotOf(s, a.suspect, f.colour);
  takeFromHand(s, seat, a.card);
  s.players[a.suspect]!.slots[slot] = { card: a.card, colour: f.colour, protected: false, by: seat };
  ev.push({ type: 'placed', seat, suspect: a.suspect, slot, colour: f.colour, face: f });
  openCounter(s, seat, a.suspect, slot, true);
}

/** §1.8 Wild: placed face-up, declaring the colour of its slot. */
function placeWild(s: SuspicionState, seat: Seat, a: A<'wild'>, ev: GameEvent[]): void {
  const colour = s.players[a.suspect]!.suspect[a.slot]!;
  takeFromHand(s, seat, a.card);
  s.players[a.suspect]!.slots[a.slot] = { card: a.card, colour, protected: false, by: seat };
  ev.push({ type: 'placed', seat, suspect: a.suspect, slot: a.slot, colour, face: face(a.card) });
  openCounter(s, seat, a.suspect, a.slot, true);
}

/** §1.6 D: move a Wild to another empty slot; protection is lost; a fresh counter window. */
function recolour(s: SuspicionState, seat: Seat, a: A<'recolour'>, ev: GameEvent[]): void {
  const p = s.players[a.suspect]!;
  const card = p.slots[a.from]!;
  p.slots[a.from] = null;
  const colour = p.suspect[a.to]!;
  p.slots[a.to] = { card: card.card, colour, protected: false, by: seat };
  ev.push({ type: 'recoloured', seat, suspect: a.suspect, fromSlot: a.from, toSlot: a.to, colour });
  openCounter(s, seat, a.suspect, a.to, false);
}

/** §1.7: a rival's counter wins the race; the counterer refills at once. */
function counter(s: SuspicionState, seat: Seat, ev: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'counter') throw new Error('counter: no window');
  const placed = s.players[ph.suspect]!.slots[ph.slot]!;
  const card = counterCardFor(s, seat, placed.colour)!;
  takeFromHand(s, seat, card);
  s.players[ph.suspect]!.slots[ph.slot] = null;
  ev.push({ type: 'countered', seat, placer: ph.placer, suspect: ph.suspect, slot: ph.slot, colour: placed.colour });
  refill(s, seat, ev);
  s.phase = { kind: 'counterBack', placer: ph.placer, suspect: ph.suspect, slot: ph.slot, counterer: seat, placed, counterCard: card, refill: ph.refill };
  s.step++;
}

/** A rival passes; when every rival has passed the placement stands (§1.7). */
function pass(s: SuspicionState, seat: Seat, ev: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'counter') throw new Error('pass: no window');
  ph.passed.push(seat);
  if (ph.passed.length < s.seats - 1) return;
  const colour = s.players[ph.suspect]!.slots[ph.slot]!.colour;
  ev.push({ type: 'uncountered', placer: ph.placer, suspect: ph.suspect, slot: ph.slot, colour });
  finishPlacement(s, ph.placer, ph.refill, ev);
}

/** §1.7 counter-counter: both counter cards go, the original returns protected. */
function counterBack(s: SuspicionState, seat: Seat, ev: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'counterBack') throw new Error('counterBack: no window');
  const card = counterCardFor(s, seat, ph.placed.colour)!;
  takeFromHand(s, seat, card);
  s.discard.push(ph.counterCard, card);
  s.players[ph.suspect]!.slots[ph.slot] = { ...ph.placed, protected: true };
  ev.push({ type: 'counteredBack', seat, counterer: ph.counterer, suspect: ph.suspect, slot: ph.slot, colour: ph.placed.colour });
  finishPlacement(s, ph.placer, ph.refill, ev);
}

/** The placer lets the counter stand: placed card and counter card are discarded (§1.7). */
function acceptCounter(s: SuspicionState, ev: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'counterBack') throw new Error('accept: no window');
  s.discard.push(ph.placed.card, ph.counterCard);
  ev.push({ type: 'counterStood', placer: ph.placer, counterer: ph.counterer, suspect: ph.suspect, colour: ph.placed.colour });
  if (ph.refill) refill(s, ph.placer, ev);
  nextTurn(s, ev);
}

/**
 * The reaction to a placement is over and the card stands. No-Bluff (house design): a
 * suspect whose three slots are now face-up wins for its owner (§1.12). Then the placer
 * refills (§1.5 step 3) and play passes on.
 */
function finishPlacement(s: SuspicionState, placer: Seat, refillAfter: boolean, ev: GameEvent[]): void {
  if (s.options.variant === 'no-bluff' && faceUpCount(s, placer) === s.players[placer]!.suspect.length) {
    endGame(s, placer, 'three-face-up', ev);
    return;
  }
  if (refillAfter) refill(s, placer, ev);
  nextTurn(s, ev);
}

/** Whether an attack would change anything (no window is opened for a wasted card). */
function hasEffect(s: SuspicionState, attackKind: Attack, target: Seat, slot: number | null): boolean {
  if (attackKind === 'burn') return faceUpCount(s, target) > 0;
  if (attackKind === 'tamper') return slot !== null;
  return true;
}

/** §1.8 Burn / Tamper / Block: the target may cancel, unless it is yourself or a wasted card. */
function attack(s: SuspicionState, seat: Seat, a: A<'burn'> | A<'tamper'> | A<'block'>, ev: GameEvent[]): void {
  takeFromHand(s, seat, a.card);
  const slot = a.type === 'tamper' ? (a.slot ?? null) : null;
  const colour = slot === null ? null : (s.players[a.target]!.slots[slot]?.colour ?? null);
  ev.push({ type: 'attacked', seat, attack: a.type, target: a.target, slot, colour });
  s.phase = { kind: 'cancel', attacker: seat, target: a.target, attack: a.type, card: a.card, slot };
  if (a.target !== seat && hasEffect(s, a.type, a.target, slot)) {
    s.step++;
    return;
  }
  resolveAttack(s, ev);
}

/** The target cancels with its own copy: both cards are discarded, nothing else (§1.8). */
function cancelAttack(s: SuspicionState, seat: Seat, ev: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'cancel') throw new Error('cancel: no window');
  const card = cancelCardFor(s, seat, ph.attack)!;
  takeFromHand(s, seat, card);
  s.discard.push(ph.card, card);
  ev.push({ type: 'cancelled', seat, attacker: ph.attacker, attack: ph.attack });
  refill(s, seat, ev);
  refill(s, ph.attacker, ev);
  nextTurn(s, ev);
}

/** The attack happens (§1.8); the attacker refills; play passes on. */
function resolveAttack(s: SuspicionState, ev: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'cancel') throw new Error('resolve: no attack');
  const t = s.players[ph.target]!;
  if (ph.attack === 'block') {
    t.blockCard = ph.card;
    ev.push({ type: 'blocked', target: ph.target });
  } else {
    s.discard.push(ph.card);
    const slots = ph.attack === 'burn' ? [0, 1, 2] : ph.slot === null ? [] : [ph.slot];
    const lost = [];
    for (const i of slots) {
      const c = t.slots[i];
      if (!c) continue;
      s.discard.push(c.card);
      t.slots[i] = null;
      lost.push({ slot: i, colour: c.colour, face: face(c.card) });
    }
    ev.push({ type: ph.attack === 'burn' ? 'burned' : 'tampered', attacker: ph.attacker, target: ph.target, lost });
  }
  refill(s, ph.attacker, ev);
  nextTurn(s, ev);
}

/** §1.6 E: the final declaration; opens the secret vote of every other player (§1.9). */
function declare(s: SuspicionState, seat: Seat, a: A<'declare'>, ev: GameEvent[]): void {
  const slot = s.players[a.suspect]!.slots.indexOf(null);
  takeFromHand(s, seat, a.card);
  const voters: Seat[] = [];
  for (let i = 1; i < s.seats; i++) voters.push((seat + i) % s.seats);
  s.phase = { kind: 'vote', declarer: seat, suspect: a.suspect, slot, card: a.card, voters, votes: Array(s.seats).fill(null) };
  s.step++;
  const colour = s.players[a.suspect]!.suspect[slot]!;
  ev.push({ type: 'declared', seat, suspect: a.suspect, slot, colour });
  ev.push({ type: 'declaredCard', to: [seat], face: face(a.card), colour });
}

/** Record (or change) a secret vote; the last missing answer resolves the vote. */
function vote(s: SuspicionState, seat: Seat, choice: Verdict | 'abstain', ev: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'vote') throw new Error('vote: no vote');
  ph.votes[seat] = choice;
  ev.push({ type: 'voteRecorded', to: [seat], choice });
  if (ph.voters.every((v) => ph.votes[v] !== null)) resolveVote(s, ev);
}

/**
 * §1.9: majority of cast votes; nobody voted → VERDICT_IF_NOBODY_VOTES; a tie is decided by
 * the nearest voter clockwise from the declarer's left who cast a vote (the seat to the left
 * itself unless it abstained), or by a seeded coin flip. The declarer wins when the verdict
 * is wrong; otherwise the card is discarded and the declarer misses the next turn.
 */
function resolveVote(s: SuspicionState, ev: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'vote') throw new Error('resolve: no vote');
  const cast = ph.votes.map((v) => (v === 'believe' || v === 'bluff' ? v : null));
  const believe = cast.filter((v) => v === 'believe').length;
  const bluff = cast.filter((v) => v === 'bluff').length;
  let verdict: Verdict;
  let tieBreak: 'left' | 'coin' | null = null;
  if (believe + bluff === 0) verdict = VERDICT_IF_NOBODY_VOTES;
  else if (believe !== bluff) verdict = believe > bluff ? 'believe' : 'bluff';
  else if (s.options.tieRule === 'coin-flip') {
    const rng = Rng.from(s.rng);
    verdict = rng.int(0, 1) === 0 ? 'believe' : 'bluff';
    s.rng = rng.state();
    tieBreak = 'coin';
  } else {
    let v: Verdict | null = null;
    for (let i = 1; i < s.seats && v === null; i++) v = cast[(ph.declarer + i) % s.seats] ?? null;
    verdict = v ?? VERDICT_IF_NOBODY_VOTES;
    tieBreak = 'left';
  }
  const owner = s.players[ph.suspect]!;
  const colour = owner.suspect[ph.slot]!;
  const f = face(ph.card);
  const correct = f.kind === 'wild' || (f.kind === 'evidence' && f.colour === colour);
  const won = (verdict === 'bluff') === correct;
  s.lastReveal = { declarer: ph.declarer, suspect: ph.suspect, slot: ph.slot, colour, card: ph.card, correct, verdict, votes: cast, tieBreak, won };
  ev.push({ type: 'revealed', declarer: ph.declarer, suspect: ph.suspect, slot: ph.slot, colour, face: f, correct, verdict, votes: cast, tieBreak, won });
  if (won) {
    owner.slots[ph.slot] = { card: ph.card, colour, protected: false, by: ph.declarer };
    endGame(s, ph.declarer, 'declaration', ev);
    return;
  }
  s.discard.push(ph.card);
  s.players[ph.declarer]!.skipNext = true;
  refill(s, ph.declarer, ev);
  nextTurn(s, ev);
}

/** §1.12 Arrest Race: draw one card; a match for an empty slot is placed, else discarded. */
function arrestDraw(s: SuspicionState, seat: Seat, ev: GameEvent[]): void {
  const c = drawOne(s, ev);
  if (c === undefined) {
    nextTurn(s, ev);
    return;
  }
  const f = face(c);
  const p = s.players[seat]!;
  const slot = f.kind === 'evidence' ? slotOf(s, seat, f.colour) : -1;
  if (slot >= 0 && p.slots[slot] === null) {
    p.slots[slot] = { card: c, colour: p.suspect[slot]!, protected: false, by: seat };
    ev.push({ type: 'arrestDraw', seat, face: f, slot });
    if (faceUpCount(s, seat) === p.suspect.length) {
      endGame(s, seat, 'arrest', ev);
      return;
    }
  } else {
    s.discard.push(c);
    ev.push({ type: 'arrestDraw', seat, face: f, slot: null });
  }
  nextTurn(s, ev);
}
