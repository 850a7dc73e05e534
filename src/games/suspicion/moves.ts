/**
 * Suspicion — the table of moves (docs/rules/suspicion.md §1.5–§1.12) and what the game waits for.
 *
 * For every action type: `check`, why it is refused now (a `SuspicionError`), and `apply`.
 * `legalActions` offers the candidate moves to `check`; `apply` refuses with the same
 * `check` (../moves.ts), so the panel's buttons and the refusals cannot disagree.
 *
 * Interchangeable copies in a hand (two plain red cards, two Wilds…) are offered once, with
 * the first copy's id: the choice between them changes nothing. `check` accepts any copy.
 */
import type { ApplyResult, GameEvent, Pending, Seat } from '../engine.js';
import { applyMove, checkMove, keep, openDecision, type MoveRules, type MoveTable } from '../moves.js';
import { Rng } from '../rng.js';
import { rivalsClockwise } from '../seats.js';
import {
  SUSPECT_COLOURS,
  VERDICT_IF_NOBODY_VOTES,
  type CardFace,
  type Phase,
  type SuspicionAction,
  type SuspicionError,
  type SuspicionPlainErrorCode,
  type SuspicionState,
  type Verdict,
} from './rules.js';
import {
  cancelCardFor,
  cloneState,
  counterCardFor,
  drawOne,
  endGame,
  face,
  faceUpCount,
  faceUpLimit,
  isAttackTarget,
  isBlocked,
  isPlaceTarget,
  isRival,
  nextTurn,
  racing,
  refill,
  slotOf,
  takeFromHand,
} from './state.js';

/** One action of type `T`. */
type Move<T extends SuspicionAction['type']> = Extract<SuspicionAction, { type: T }>;
/** A refusal, or null when the move is allowed. */
type Refusal = SuspicionError | null;
type CounterPhase = Extract<Phase, { kind: 'counter' }>;
type CancelPhase = Extract<Phase, { kind: 'cancel' }>;
type CounterBackPhase = Extract<Phase, { kind: 'counterBack' }>;

/** A refusal without parameters. */
type PlainRefusal = { code: SuspicionPlainErrorCode };

/**
 * Every parameterless refusal, allocated once in one object literal with a fixed shape
 * (checks run for every candidate move; a lazily filled table measured markedly slower).
 */
const REFUSED: { readonly [Code in SuspicionPlainErrorCode]: PlainRefusal } = {
  'game-over': { code: 'game-over' },
  malformed: { code: 'malformed' },
  'not-seated': { code: 'not-seated' },
  'not-now': { code: 'not-now' },
  'not-your-turn': { code: 'not-your-turn' },
  'card-not-in-hand': { code: 'card-not-in-hand' },
  'not-in-variant': { code: 'not-in-variant' },
  'wrong-card': { code: 'wrong-card' },
  'own-suspect': { code: 'own-suspect' },
  'not-your-suspect': { code: 'not-your-suspect' },
  'slot-taken': { code: 'slot-taken' },
  'slot-empty': { code: 'slot-empty' },
  'not-a-rival': { code: 'not-a-rival' },
  'already-blocked': { code: 'already-blocked' },
  'choose-evidence': { code: 'choose-evidence' },
  'no-wild-there': { code: 'no-wild-there' },
  'declare-needs-two': { code: 'declare-needs-two' },
  'must-act': { code: 'must-act' },
  'window-closed': { code: 'window-closed' },
  'own-placement': { code: 'own-placement' },
  'already-passed': { code: 'already-passed' },
  'not-your-window': { code: 'not-your-window' },
  'no-vote': { code: 'no-vote' },
  'not-a-voter': { code: 'not-a-voter' },
  'illegal-action': { code: 'illegal-action' },
  'blocked': { code: 'blocked' },
};
for (const refusal of Object.values(REFUSED)) Object.freeze(refusal);
function refused(code: SuspicionPlainErrorCode): PlainRefusal {
  return REFUSED[code];
}

// ── Checks ───────────────────────────────────────────────────────────────────────────


/**
 * The kind of decision a position is in, as a small integer (phase kinds are strings, and
 * one of them, 'counterBack', is too long for JSON.parse to intern, so every comparison of a
 * kind would be a string comparison): read from the state once per facts.
 */
const enum Decision {
  Turn,
  Counter,
  CounterBack,
  Cancel,
  Vote,
  Over,
}

/**
 * What the checks of one seat in one position share (../moves.ts `MoveTable.facts`),
 * computed once per `legal` call instead of once per candidate:
 * - `decision`: the kind of the position's phase;
 * - `seat`: the refusal of any move (game over, not seated), or null;
 * - `turn`: the refusal of any turn move (that, or not a turn, or not this seat's turn);
 * - `window`: the refusal of any answer to the open window or vote by this seat (the
 *   placer in its own counter race, a rival who already passed, not the seat the window is
 *   for, not a voter), or null — also null on a turn, where window checks refuse first;
 * - `faces`: on the seat's own turn, the faces of its hand cards by hand index.
 */
export interface SeatFacts {
  decision: Decision;
  seat: PlainRefusal | null;
  turn: PlainRefusal | null;
  window: PlainRefusal | null;
  faces: readonly CardFace[];
}

/** Facts without hand faces, one frozen object per combination (no allocation on the hot path). */
function constantFacts(decision: Decision, seat: PlainRefusal | null, turn: PlainRefusal | null, window: PlainRefusal | null): SeatFacts {
  return Object.freeze({ decision, seat, turn, window, faces: Object.freeze([]) });
}
const GAME_OVER = constantFacts(Decision.Over, refused('game-over'), refused('game-over'), refused('game-over'));
const NOT_SEATED = constantFacts(Decision.Over, refused('not-seated'), refused('not-seated'), refused('not-seated'));
const NOT_YOUR_TURN = constantFacts(Decision.Turn, null, refused('not-your-turn'), null);
const OWN_TURN_EMPTY_HAND = constantFacts(Decision.Turn, null, null, null);
/** Per window decision: the seat may answer, or why not. */
const windowFacts = (decision: Decision) => ({
  open: constantFacts(decision, null, refused('not-now'), null),
  notYours: constantFacts(decision, null, refused('not-now'), refused('not-your-window')),
});
const COUNTER = {
  open: constantFacts(Decision.Counter, null, refused('not-now'), null),
  ownPlacement: constantFacts(Decision.Counter, null, refused('not-now'), refused('own-placement')),
  alreadyPassed: constantFacts(Decision.Counter, null, refused('not-now'), refused('already-passed')),
  blocked: constantFacts(Decision.Counter, null, refused('not-now'), refused('blocked')),
};
const COUNTER_BACK = windowFacts(Decision.CounterBack);
const CANCEL = windowFacts(Decision.Cancel);
const VOTE = {
  open: constantFacts(Decision.Vote, null, refused('not-now'), null),
  notAVoter: constantFacts(Decision.Vote, null, refused('not-now'), refused('not-a-voter')),
};

/** The facts of a seat on its own turn: no refusal, and its hand's faces. */
function ownTurnFacts(hand: readonly string[]): SeatFacts {
  if (hand.length === 0) return OWN_TURN_EMPTY_HAND;
  const faces: CardFace[] = new Array(hand.length);
  for (let index = 0; index < hand.length; index++) faces[index] = face(hand[index]!);
  return { decision: Decision.Turn, seat: null, turn: null, window: null, faces };
}

/** True when `seats` holds `seat` (a plain loop over a short list). */
function holdsSeat(seats: readonly Seat[], seat: Seat): boolean {
  for (let index = 0; index < seats.length; index++) if (seats[index] === seat) return true;
  return false;
}

/** The facts of `seat` in `s`. */
function seatFacts(s: SuspicionState, seat: Seat): SeatFacts {
  const ph = s.phase;
  // The seat first, so that the phase kind (a string) is compared in one switch only.
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) return ph.kind === 'over' ? GAME_OVER : NOT_SEATED;
  switch (ph.kind) {
    case 'turn':
      return seat === s.turn ? ownTurnFacts(s.players[seat]!.hand) : NOT_YOUR_TURN;
    case 'counter':
      if (seat === ph.placer) return COUNTER.ownPlacement;
      if (holdsSeat(ph.passed, seat)) return isBlocked(s, seat) ? COUNTER.blocked : COUNTER.alreadyPassed;
      return COUNTER.open;
    case 'vote':
      return holdsSeat(ph.voters, seat) ? VOTE.open : VOTE.notAVoter;
    case 'cancel':
      return seat === ph.target ? CANCEL.open : CANCEL.notYours;
    case 'counterBack':
      return seat === ph.placer ? COUNTER_BACK.open : COUNTER_BACK.notYours;
    case 'over':
      return GAME_OVER;
  }
}

/** Refusals of a turn action (§1.6): the facts' gate, or an action this variant lacks. */
function turnRefusal(s: SuspicionState, type: SuspicionAction['type'], facts: SeatFacts): Refusal {
  if (facts.turn) return facts.turn;
  const variant = s.options.variant;
  if ((type === 'draw') !== (variant === 'arrest-race')) return refused('not-in-variant');
  if (type === 'declare' && variant === 'no-bluff') return refused('not-in-variant');
  return null;
}

/** The face of `card` when `seat` holds it, else null ("that card is not in your hand"). */
function heldFace(s: SuspicionState, seat: Seat, card: string, facts: SeatFacts): CardFace | null {
  const index = s.players[seat]!.hand.indexOf(card);
  return index < 0 ? null : (facts.faces[index] ?? null);
}

/** `suspect` must be one `seat` may place on: its own, or (Criminal Edition) a rival's (§1.12). */
function suspectRefusal(s: SuspicionState, seat: Seat, suspect: Seat): Refusal {
  if (isPlaceTarget(s, seat, suspect)) return null;
  return refused(s.options.variant === 'criminal' ? 'own-suspect' : 'not-your-suspect');
}

/** A face-up placement needs room under the variant's face-up limit (§1.6 A). */
function limitRefusal(s: SuspicionState, suspect: Seat): Refusal {
  const limit = faceUpLimit(s.options.variant);
  return faceUpCount(s, suspect) >= limit ? { code: 'face-up-limit', params: { limit } } : null;
}

// Each turn move's check is the turn's gate for its type (`turnRefusal`), the card held (its
// face), then the move's own part; `legalTurn` tests each type's gate once and runs the same
// parts on the faces of the hand it walks.

/** §1.6 A: evidence on the empty slot of its colour. */
function checkPlace(s: SuspicionState, seat: Seat, move: Move<'place'>, facts: SeatFacts): Refusal {
  const bad = turnRefusal(s, move.type, facts);
  if (bad) return bad;
  const f = heldFace(s, seat, move.card, facts);
  return f ? placePart(s, seat, f, move.suspect) : refused('card-not-in-hand');
}
/** The part of `checkPlace` after the card: evidence, a suspect `seat` may place on, its colour's slot empty, room. */
function placePart(s: SuspicionState, seat: Seat, f: CardFace, suspect: Seat): Refusal {
  if (f.kind !== 'evidence') return refused('wrong-card');
  const suspectBad = suspectRefusal(s, seat, suspect);
  if (suspectBad) return suspectBad;
  const slot = slotOf(s, suspect, f.colour);
  if (slot < 0) return { code: 'colour-not-on-suspect', params: { colour: f.colour } };
  if (s.players[suspect]!.slots[slot] !== null) return refused('slot-taken');
  return limitRefusal(s, suspect);
}

/** §1.6 C / §1.8 Wild: into any empty slot, declaring its colour. */
function checkWild(s: SuspicionState, seat: Seat, move: Move<'wild'>, facts: SeatFacts): Refusal {
  const bad = turnRefusal(s, move.type, facts);
  if (bad) return bad;
  const f = heldFace(s, seat, move.card, facts);
  return f ? wildPart(s, seat, f, move.suspect, move.slot) : refused('card-not-in-hand');
}
/** The part of `checkWild` after the card: a Wild, a suspect `seat` may place on, the slot empty, room. */
function wildPart(s: SuspicionState, seat: Seat, f: CardFace, suspect: Seat, slot: number): Refusal {
  if (f.kind !== 'wild') return refused('wrong-card');
  const suspectBad = suspectRefusal(s, seat, suspect);
  if (suspectBad) return suspectBad;
  if (s.players[suspect]!.slots[slot] !== null) return refused('slot-taken');
  return limitRefusal(s, suspect);
}

/** §1.8 Burn / Tamper / Block: the right card against a target it may hit. */
function checkAttack(s: SuspicionState, seat: Seat, move: Move<'burn' | 'tamper' | 'block'>, facts: SeatFacts): Refusal {
  const bad = turnRefusal(s, move.type, facts);
  if (bad) return bad;
  const f = heldFace(s, seat, move.card, facts);
  return f ? attackPart(s, seat, move.type, f, move.target, move.type === 'tamper' ? move.slot : undefined) : refused('card-not-in-hand');
}
/** The part of `checkAttack` after the card: the attack's own card, a target it may hit, and (Tamper) the evidence chosen. */
function attackPart(s: SuspicionState, seat: Seat, type: 'burn' | 'tamper' | 'block', f: CardFace, target: Seat, slot: number | undefined): Refusal {
  if (f.kind !== type) return refused('wrong-card');
  const allowed = type === 'block' ? isRival(s, seat, target) : isAttackTarget(s, seat, target);
  if (!allowed) return refused('not-a-rival');
  if (type === 'block' && s.players[target]!.blockCard !== null) return refused('already-blocked');
  if (type === 'tamper') {
    if (slot === undefined && faceUpCount(s, target) > 0) return refused('choose-evidence');
    if (slot !== undefined && s.players[target]!.slots[slot] === null) return refused('slot-empty');
  }
  return null;
}

/** §1.6 B: discard any hand card. */
function checkDiscard(s: SuspicionState, seat: Seat, move: Move<'discard'>, facts: SeatFacts): Refusal {
  return turnRefusal(s, move.type, facts) ?? (heldFace(s, seat, move.card, facts) ? null : refused('card-not-in-hand'));
}

/** §1.6 D: move your own face-up Wild to another empty slot (not with an empty hand: then you pass). */
function checkRecolour(s: SuspicionState, seat: Seat, move: Move<'recolour'>, facts: SeatFacts): Refusal {
  return turnRefusal(s, move.type, facts) ?? recolourPart(s, seat, move.suspect, move.from, move.to);
}
/** The part of `checkRecolour` after the gate: a suspect `seat` may place on, its own Wild at `from`, `to` empty, a hand. */
function recolourPart(s: SuspicionState, seat: Seat, suspect: Seat, from: number, to: number): Refusal {
  const bad = suspectRefusal(s, seat, suspect);
  if (bad) return bad;
  const slots = s.players[suspect]!.slots;
  const wild = slots[from];
  if (!wild || face(wild.card).kind !== 'wild' || wild.by !== seat) return refused('no-wild-there');
  if (slots[to] !== null) return refused('slot-taken');
  return s.players[seat]!.hand.length === 0 ? refused('illegal-action') : null;
}

/** §1.6 E: the final declaration needs exactly the face-up limit on the suspect. */
function checkDeclare(s: SuspicionState, seat: Seat, move: Move<'declare'>, facts: SeatFacts): Refusal {
  const bad = turnRefusal(s, move.type, facts);
  if (bad) return bad;
  return heldFace(s, seat, move.card, facts) ? declarePart(s, seat, move.suspect) : refused('card-not-in-hand');
}
/** The part of `checkDeclare` after the card: a suspect `seat` may place on, carrying exactly the face-up limit. */
function declarePart(s: SuspicionState, seat: Seat, suspect: Seat): Refusal {
  const suspectBad = suspectRefusal(s, seat, suspect);
  if (suspectBad) return suspectBad;
  return faceUpCount(s, suspect) !== faceUpLimit(s.options.variant) ? refused('declare-needs-two') : null;
}

/** §1.12 Arrest Race: drawing is the only turn move. */
function checkDraw(s: SuspicionState, _seat: Seat, move: Move<'draw'>, facts: SeatFacts): Refusal {
  return turnRefusal(s, move.type, facts);
}

/** Pass: on a turn only with an empty hand (§1.6); in a counter race, any rival still in it (§1.7). */
function checkPass(s: SuspicionState, seat: Seat, move: Move<'pass'>, facts: SeatFacts): Refusal {
  if (facts.seat) return facts.seat;
  if (facts.decision === Decision.Turn) return turnRefusal(s, move.type, facts) ?? (s.players[seat]!.hand.length > 0 ? refused('must-act') : null);
  return counterGate(s, facts);
}

// Each reaction's check is its window's gate (the seat's refusal, the window closed, or the
// window facts) followed by the move's own part; `legalReaction` tests the gate once and runs
// the same part.

/** The gate of every answer to the counter race (§1.7): every rival of the placer still in it. */
function counterGate(s: SuspicionState, facts: SeatFacts): Refusal {
  return facts.seat ?? (facts.decision !== Decision.Counter ? refused('window-closed') : facts.window);
}

/**
 * The counter's own part (§1.7): a ⇄ card of the placement's colour, and no Block (§1.8; a
 * rival blocked before the race opened is out of it).
 */
function counterPart(s: SuspicionState, seat: Seat, ph: CounterPhase): Refusal {
  if (isBlocked(s, seat)) return refused('blocked');
  const colour = s.players[ph.suspect]!.slots[ph.slot]!.colour;
  return counterCardFor(s, seat, colour) === undefined ? { code: 'no-counter-card', params: { colour } } : null;
}

/** The gate of both answers to a counter (§1.7): the placer only. */
function counterBackGate(s: SuspicionState, facts: SeatFacts): Refusal {
  return facts.seat ?? (facts.decision !== Decision.CounterBack ? refused('window-closed') : facts.window);
}

/** Counter back's own part (§1.7): a ⇄ card of the colour, and no Block (§1.8). */
function counterBackPart(s: SuspicionState, seat: Seat, ph: CounterBackPhase): Refusal {
  if (isBlocked(s, seat)) return refused('blocked');
  return counterCardFor(s, seat, ph.placed.colour) === undefined ? { code: 'no-counter-card', params: { colour: ph.placed.colour } } : null;
}

/** The gate of both answers to an attack (§1.8 cancel window): the target only. */
function cancelGate(s: SuspicionState, facts: SeatFacts): Refusal {
  return facts.seat ?? (facts.decision !== Decision.Cancel ? refused('window-closed') : facts.window);
}

/** The cancel's own part (§1.8): a copy of the attacking card, and no Block. */
function cancelPart(s: SuspicionState, seat: Seat, ph: CancelPhase): Refusal {
  if (isBlocked(s, seat)) return refused('blocked');
  return cancelCardFor(s, seat, ph.attack) === undefined ? { code: 'no-cancel-card', params: { attack: ph.attack } } : null;
}

/** §1.9 vote: every voter may vote or abstain, and change their answer until the vote closes. */
function voteGate(s: SuspicionState, facts: SeatFacts): Refusal {
  return facts.seat ?? (facts.decision !== Decision.Vote ? refused('no-vote') : facts.window);
}

// ── Effects ──────────────────────────────────────────────────────────────────────────

/**
 * Open the counter race on the card now in `suspect`/`slot` (§1.7). Blocked rivals cannot
 * react (§1.8): they are out of the race from the start, and when no rival is left in it the
 * placement stands at once.
 */
function openCounter(s: SuspicionState, placer: Seat, suspect: Seat, slot: number, refillAfter: boolean, events: GameEvent[]): void {
  const passed = rivalsClockwise(placer, s.seats).filter((rival) => isBlocked(s, rival));
  const window: CounterPhase = { kind: 'counter', placer, suspect, slot, passed, refill: refillAfter };
  openDecision(s, window);
  if (passed.length === s.seats - 1) closeCounter(s, window, events);
}

/** §1.6 A: evidence face-up on its colour slot. */
function place(s: SuspicionState, seat: Seat, move: Move<'place'>, events: GameEvent[]): void {
  const f = face(move.card);
  if (f.kind !== 'evidence') throw new Error('place: not evidence');
  const slot = slotOf(s, move.suspect, f.colour);
  takeFromHand(s, seat, move.card);
  s.players[move.suspect]!.slots[slot] = { card: move.card, colour: f.colour, protected: false, by: seat };
  events.push({ type: 'placed', seat, suspect: move.suspect, slot, colour: f.colour, face: f });
  openCounter(s, seat, move.suspect, slot, true, events);
}

/** §1.8 Wild: placed face-up, declaring the colour of its slot. */
function placeWild(s: SuspicionState, seat: Seat, move: Move<'wild'>, events: GameEvent[]): void {
  const colour = s.players[move.suspect]!.suspect[move.slot]!;
  takeFromHand(s, seat, move.card);
  s.players[move.suspect]!.slots[move.slot] = { card: move.card, colour, protected: false, by: seat };
  events.push({ type: 'placed', seat, suspect: move.suspect, slot: move.slot, colour, face: face(move.card) });
  openCounter(s, seat, move.suspect, move.slot, true, events);
}

/** §1.6 B: discard a hand card, refill, pass on. */
function discard(s: SuspicionState, seat: Seat, move: Move<'discard'>, events: GameEvent[]): void {
  takeFromHand(s, seat, move.card);
  s.discard.push(move.card);
  events.push({ type: 'discarded', seat, face: face(move.card) });
  refill(s, seat, events);
  nextTurn(s, events);
}

/** §1.6 D: move a Wild to another empty slot; protection is lost; a fresh counter window. */
function recolour(s: SuspicionState, seat: Seat, move: Move<'recolour'>, events: GameEvent[]): void {
  const owner = s.players[move.suspect]!;
  const wild = owner.slots[move.from]!;
  owner.slots[move.from] = null;
  const colour = owner.suspect[move.to]!;
  owner.slots[move.to] = { card: wild.card, colour, protected: false, by: seat };
  events.push({ type: 'recoloured', seat, suspect: move.suspect, fromSlot: move.from, toSlot: move.to, colour });
  openCounter(s, seat, move.suspect, move.to, false, events);
}

/** §1.7: a rival's counter wins the race; the counterer refills at once. */
function counter(s: SuspicionState, seat: Seat, events: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'counter') throw new Error('counter: no window');
  const placed = s.players[ph.suspect]!.slots[ph.slot]!;
  const card = counterCardFor(s, seat, placed.colour)!;
  takeFromHand(s, seat, card);
  s.players[ph.suspect]!.slots[ph.slot] = null;
  events.push({ type: 'countered', seat, placer: ph.placer, suspect: ph.suspect, slot: ph.slot, colour: placed.colour });
  refill(s, seat, events);
  openDecision(s, { kind: 'counterBack', placer: ph.placer, suspect: ph.suspect, slot: ph.slot, counterer: seat, placed, counterCard: card, refill: ph.refill });
}

/** Pass: in a counter race, when every rival has passed the placement stands (§1.7); on a turn, do nothing. */
function pass(s: SuspicionState, seat: Seat, events: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'counter') {
    events.push({ type: 'idle', seat });
    refill(s, seat, events);
    nextTurn(s, events);
    return;
  }
  ph.passed.push(seat);
  if (ph.passed.length < s.seats - 1) return;
  closeCounter(s, ph, events);
}

/** Nobody countered: the placement stands. */
function closeCounter(s: SuspicionState, ph: CounterPhase, events: GameEvent[]): void {
  const colour = s.players[ph.suspect]!.slots[ph.slot]!.colour;
  events.push({ type: 'uncountered', placer: ph.placer, suspect: ph.suspect, slot: ph.slot, colour });
  finishPlacement(s, ph.placer, ph.refill, events);
}

/** §1.7 counter-counter: both counter cards go, the original returns protected. */
function counterBack(s: SuspicionState, seat: Seat, events: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'counterBack') throw new Error('counterBack: no window');
  const card = counterCardFor(s, seat, ph.placed.colour)!;
  takeFromHand(s, seat, card);
  s.discard.push(ph.counterCard, card);
  s.players[ph.suspect]!.slots[ph.slot] = { ...ph.placed, protected: true };
  events.push({ type: 'counteredBack', seat, counterer: ph.counterer, suspect: ph.suspect, slot: ph.slot, colour: ph.placed.colour });
  finishPlacement(s, ph.placer, ph.refill, events);
}

/** The placer lets the counter stand: placed card and counter card are discarded (§1.7). */
function acceptCounter(s: SuspicionState, events: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'counterBack') throw new Error('accept: no window');
  s.discard.push(ph.placed.card, ph.counterCard);
  events.push({ type: 'counterStood', placer: ph.placer, counterer: ph.counterer, suspect: ph.suspect, colour: ph.placed.colour });
  if (ph.refill) refill(s, ph.placer, events);
  nextTurn(s, events);
}

/**
 * The reaction to a placement is over and the card stands. No-Bluff (house design): a
 * suspect whose three slots are now face-up wins for its owner (§1.12). Then the placer
 * refills (§1.5 step 3) and play passes on.
 */
function finishPlacement(s: SuspicionState, placer: Seat, refillAfter: boolean, events: GameEvent[]): void {
  if (s.options.variant === 'no-bluff' && faceUpCount(s, placer) === s.players[placer]!.suspect.length) {
    endGame(s, placer, 'three-face-up', events);
    return;
  }
  if (refillAfter) refill(s, placer, events);
  nextTurn(s, events);
}

/** Whether an attack would change anything (no window is opened for a wasted card, §1.8). */
function hasEffect(s: SuspicionState, move: Move<'burn' | 'tamper' | 'block'>, slot: number | null): boolean {
  if (move.type === 'burn') return faceUpCount(s, move.target) > 0;
  if (move.type === 'tamper') return slot !== null;
  return true;
}

/**
 * §1.8 Burn / Tamper / Block: the target may cancel — unless it is yourself, a wasted card, or
 * a blocked target, who cannot react: then the attack happens at once.
 */
function attack(s: SuspicionState, seat: Seat, move: Move<'burn' | 'tamper' | 'block'>, events: GameEvent[]): void {
  takeFromHand(s, seat, move.card);
  const slot = move.type === 'tamper' ? (move.slot ?? null) : null;
  const colour = slot === null ? null : (s.players[move.target]!.slots[slot]?.colour ?? null);
  events.push({ type: 'attacked', seat, attack: move.type, target: move.target, slot, colour });
  const window: CancelPhase = { kind: 'cancel', attacker: seat, target: move.target, attack: move.type, card: move.card, slot };
  if (move.target !== seat && hasEffect(s, move, slot) && !isBlocked(s, move.target)) openDecision(s, window);
  else resolveAttack(s, window, events);
}

/** The target cancels with its own copy: both cards are discarded, nothing else (§1.8). */
function cancelAttack(s: SuspicionState, seat: Seat, events: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'cancel') throw new Error('cancel: no window');
  const card = cancelCardFor(s, seat, ph.attack)!;
  takeFromHand(s, seat, card);
  s.discard.push(ph.card, card);
  events.push({ type: 'cancelled', seat, attacker: ph.attacker, attack: ph.attack });
  refill(s, seat, events);
  refill(s, ph.attacker, events);
  nextTurn(s, events);
}

/** The attack happens (§1.8); the attacker refills; play passes on. */
function resolveAttack(s: SuspicionState, window: CancelPhase, events: GameEvent[]): void {
  const target = s.players[window.target]!;
  if (window.attack === 'block') {
    target.blockCard = window.card;
    events.push({ type: 'blocked', target: window.target });
  } else {
    s.discard.push(window.card);
    const slots = window.attack === 'burn' ? [0, 1, 2] : window.slot === null ? [] : [window.slot];
    const lost = [];
    for (const index of slots) {
      const card = target.slots[index];
      if (!card) continue;
      s.discard.push(card.card);
      target.slots[index] = null;
      lost.push({ slot: index, colour: card.colour, face: face(card.card) });
    }
    events.push({ type: window.attack === 'burn' ? 'burned' : 'tampered', attacker: window.attacker, target: window.target, lost });
  }
  refill(s, window.attacker, events);
  nextTurn(s, events);
}

/** §1.6 E: the final declaration; opens the secret vote of every other player (§1.9). */
function declare(s: SuspicionState, seat: Seat, move: Move<'declare'>, events: GameEvent[]): void {
  const slot = s.players[move.suspect]!.slots.indexOf(null);
  takeFromHand(s, seat, move.card);
  const voters = rivalsClockwise(seat, s.seats);
  openDecision(s, { kind: 'vote', declarer: seat, suspect: move.suspect, slot, card: move.card, voters, votes: Array(s.seats).fill(null) });
  const colour = s.players[move.suspect]!.suspect[slot]!;
  events.push({ type: 'declared', seat, suspect: move.suspect, slot, colour });
  events.push({ type: 'declaredCard', to: [seat], face: face(move.card), colour });
}

/** Record (or change) a secret vote; the last missing answer resolves the vote. */
function vote(s: SuspicionState, seat: Seat, choice: Verdict | 'abstain', events: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'vote') throw new Error('vote: no vote');
  ph.votes[seat] = choice;
  events.push({ type: 'voteRecorded', to: [seat], choice });
  if (ph.voters.every((voter) => ph.votes[voter] !== null)) resolveVote(s, events);
}

/**
 * §1.9: majority of cast votes; nobody voted → VERDICT_IF_NOBODY_VOTES; a tie is decided by
 * the nearest voter clockwise from the declarer's left who cast a vote (the seat to the left
 * itself unless it abstained), or by a seeded coin flip. The declarer wins when the verdict
 * is wrong; otherwise the card is discarded and the declarer misses the next turn.
 */
function resolveVote(s: SuspicionState, events: GameEvent[]): void {
  const ph = s.phase;
  if (ph.kind !== 'vote') throw new Error('resolve: no vote');
  const cast = ph.votes.map((choice) => (choice === 'believe' || choice === 'bluff' ? choice : null));
  const believe = cast.filter((choice) => choice === 'believe').length;
  const bluff = cast.filter((choice) => choice === 'bluff').length;
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
    const decider = rivalsClockwise(ph.declarer, s.seats).find((voter) => cast[voter]);
    verdict = (decider === undefined ? null : cast[decider]) ?? VERDICT_IF_NOBODY_VOTES;
    tieBreak = 'left';
  }
  const owner = s.players[ph.suspect]!;
  const colour = owner.suspect[ph.slot]!;
  const card = face(ph.card);
  const correct = card.kind === 'wild' || (card.kind === 'evidence' && card.colour === colour);
  const won = (verdict === 'bluff') === correct;
  s.lastReveal = { declarer: ph.declarer, suspect: ph.suspect, slot: ph.slot, colour, card: ph.card, correct, verdict, votes: cast, tieBreak, won };
  events.push({ type: 'revealed', declarer: ph.declarer, suspect: ph.suspect, slot: ph.slot, colour, face: card, correct, verdict, votes: cast, tieBreak, won });
  if (won) {
    owner.slots[ph.slot] = { card: ph.card, colour, protected: false, by: ph.declarer };
    endGame(s, ph.declarer, 'declaration', events);
    return;
  }
  s.discard.push(ph.card);
  s.players[ph.declarer]!.skipNext = true;
  refill(s, ph.declarer, events);
  nextTurn(s, events);
}

/** §1.12 Arrest Race: draw one card; a match for an empty slot is placed, else discarded. */
function arrestDraw(s: SuspicionState, seat: Seat, events: GameEvent[]): void {
  const card = drawOne(s, events);
  if (card === undefined) {
    nextTurn(s, events);
    return;
  }
  const f = face(card);
  const player = s.players[seat]!;
  const slot = f.kind === 'evidence' ? slotOf(s, seat, f.colour) : -1;
  if (slot >= 0 && player.slots[slot] === null) {
    player.slots[slot] = { card, colour: player.suspect[slot]!, protected: false, by: seat };
    events.push({ type: 'arrestDraw', seat, face: f, slot });
    if (faceUpCount(s, seat) === player.suspect.length) {
      endGame(s, seat, 'arrest', events);
      return;
    }
  } else {
    s.discard.push(card);
    events.push({ type: 'arrestDraw', seat, face: f, slot: null });
  }
  nextTurn(s, events);
}

// ── The table ────────────────────────────────────────────────────────────────────────

const rules: MoveRules<SuspicionState, SuspicionAction, SuspicionError, SeatFacts> = {
  place: { check: checkPlace, apply: place },
  wild: { check: checkWild, apply: placeWild },
  discard: { check: checkDiscard, apply: discard },
  burn: { check: checkAttack, apply: attack },
  tamper: { check: checkAttack, apply: attack },
  block: { check: checkAttack, apply: attack },
  recolour: { check: checkRecolour, apply: recolour },
  declare: { check: checkDeclare, apply: declare },
  draw: { check: checkDraw, apply: (s, seat, _move, events) => arrestDraw(s, seat, events) },
  pass: { check: checkPass, apply: (s, seat, _move, events) => pass(s, seat, events) },
  counter: { check: (s, seat, _move, facts) => counterGate(s, facts) ?? counterPart(s, seat, s.phase as CounterPhase), apply: (s, seat, _move, events) => counter(s, seat, events) },
  counterBack: {
    check: (s, seat, _move, facts) => counterBackGate(s, facts) ?? counterBackPart(s, seat, s.phase as CounterBackPhase),
    apply: (s, seat, _move, events) => counterBack(s, seat, events),
  },
  accept: { check: (s, _seat, _move, facts) => counterBackGate(s, facts), apply: (s, _seat, _move, events) => acceptCounter(s, events) },
  cancel: { check: (s, seat, _move, facts) => cancelGate(s, facts) ?? cancelPart(s, seat, s.phase as CancelPhase), apply: (s, seat, _move, events) => cancelAttack(s, seat, events) },
  allow: {
    check: (s, _seat, _move, facts) => cancelGate(s, facts),
    apply: (s, _seat, _move, events) => resolveAttack(s, s.phase as CancelPhase, events),
  },
  vote: { check: (s, _seat, _move, facts) => voteGate(s, facts), apply: (s, seat, move, events) => vote(s, seat, move.verdict, events) },
  abstain: { check: (s, _seat, _move, facts) => voteGate(s, facts), apply: (s, seat, _move, events) => vote(s, seat, 'abstain', events) },
};

/**
 * The legal turn moves (§1.6), in panel order: per distinct hand card its placements,
 * attacks, declarations and discard, then the moves of Wilds already on a suspect. Each
 * type's gate (`turnRefusal`) is tested once; each candidate then runs its rule's own part
 * on the face of the hand card it is built from (the card is held: it is the hand's own).
 */
function legalTurn(s: SuspicionState, seat: Seat, facts: SeatFacts, out: SuspicionAction[]): SuspicionAction[] {
  const variant = s.options.variant;
  if (variant === 'arrest-race') {
    const draw: Move<'draw'> = { type: 'draw' };
    keep(out, draw, rules.draw.check(s, seat, draw, facts));
    return out;
  }
  const hand = s.players[seat]!.hand;
  if (hand.length === 0) {
    const pass: Move<'pass'> = { type: 'pass' };
    keep(out, pass, rules.pass.check(s, seat, pass, facts));
    return out;
  }
  const placeOpen = turnRefusal(s, 'place', facts) === null;
  const wildOpen = turnRefusal(s, 'wild', facts) === null;
  const burnOpen = turnRefusal(s, 'burn', facts) === null;
  const tamperOpen = turnRefusal(s, 'tamper', facts) === null;
  const blockOpen = turnRefusal(s, 'block', facts) === null;
  const declareOpen = turnRefusal(s, 'declare', facts) === null;
  const discardOpen = turnRefusal(s, 'discard', facts) === null;
  // Seats in clockwise order from `seat + first` to `seat + last` (allocation-free loops):
  // place targets are the seat itself, or (Criminal Edition) its rivals; attack targets are
  // the rivals, and in Criminal Edition the seat itself last (state.ts placeTargets / attackTargets).
  const seats = s.seats;
  const criminal = variant === 'criminal';
  const placeFirst = criminal ? 1 : 0;
  const placeLast = criminal ? seats - 1 : 0;
  const attackLast = criminal ? seats : seats - 1;
  const faces = facts.faces;
  // Declaring's own part does not depend on the card: run it once per suspect (bit i: seat + i).
  let declarable = 0;
  if (declareOpen) {
    for (let i = placeFirst; i <= placeLast; i++) if (declarePart(s, seat, (seat + i) % seats) === null) declarable |= 1 << i;
  }
  for (let index = 0; index < hand.length; index++) {
    const card = hand[index]!;
    const f = faces[index]!;
    if (hasEarlierCopy(faces, index)) continue;
    switch (f.kind) {
      case 'evidence':
        if (!placeOpen) break;
        for (let i = placeFirst; i <= placeLast; i++) {
          const suspect = (seat + i) % seats;
          if (placePart(s, seat, f, suspect) === null) out.push({ type: 'place', card, suspect });
        }
        break;
      case 'wild':
        if (!wildOpen) break;
        for (let i = placeFirst; i <= placeLast; i++) {
          const suspect = (seat + i) % seats;
          for (let slot = 0; slot < SUSPECT_COLOURS; slot++) {
            if (wildPart(s, seat, f, suspect, slot) === null) out.push({ type: 'wild', card, suspect, slot });
          }
        }
        break;
      case 'burn':
        if (!burnOpen) break;
        for (let i = 1; i <= attackLast; i++) {
          const target = (seat + i) % seats;
          if (attackPart(s, seat, 'burn', f, target, undefined) === null) out.push({ type: 'burn', card, target });
        }
        break;
      case 'tamper':
        if (!tamperOpen) break;
        for (let i = 1; i <= attackLast; i++) {
          const target = (seat + i) % seats;
          if (attackPart(s, seat, 'tamper', f, target, undefined) === null) out.push({ type: 'tamper', card, target });
          for (let slot = 0; slot < SUSPECT_COLOURS; slot++) {
            if (attackPart(s, seat, 'tamper', f, target, slot) === null) out.push({ type: 'tamper', card, target, slot });
          }
        }
        break;
      case 'block':
        if (!blockOpen) break;
        for (let i = 1; i < seats; i++) {
          const target = (seat + i) % seats;
          if (attackPart(s, seat, 'block', f, target, undefined) === null) out.push({ type: 'block', card, target });
        }
        break;
    }
    if (declarable !== 0) {
      for (let i = placeFirst; i <= placeLast; i++) if ((declarable & (1 << i)) !== 0) out.push({ type: 'declare', card, suspect: (seat + i) % seats });
    }
    if (discardOpen) out.push({ type: 'discard', card });
  }
  if (turnRefusal(s, 'recolour', facts) === null) {
    for (let i = placeFirst; i <= placeLast; i++) {
      const suspect = (seat + i) % seats;
      const slots = s.players[suspect]!.slots;
      for (let from = 0; from < SUSPECT_COLOURS; from++) {
        if (slots[from]?.by !== seat) continue;
        for (let to = 0; to < SUSPECT_COLOURS; to++) {
          if (recolourPart(s, seat, suspect, from, to) === null) out.push({ type: 'recolour', suspect, from, to });
        }
      }
    }
  }
  return out;
}

/** True when a hand card before `index` has the same face (interchangeable copies are offered once). */
function hasEarlierCopy(faces: readonly CardFace[], index: number): boolean {
  const f = faces[index]!;
  for (let earlier = 0; earlier < index; earlier++) {
    const other = faces[earlier]!;
    if (other === f) return true;
    if (other.kind !== f.kind) continue;
    if (f.kind !== 'evidence' || other.kind !== 'evidence') return true;
    if (other.colour === f.colour && other.counter === f.counter) return true;
  }
  return false;
}

/**
 * The legal answers to an open window or vote (§1.7–§1.9), act then decline: none when the
 * window's gate refuses the seat; else the decline, and the act when its own part allows it.
 */
function legalReaction(s: SuspicionState, seat: Seat, facts: SeatFacts): SuspicionAction[] {
  switch (facts.decision) {
    case Decision.Counter:
      if (counterGate(s, facts)) return [];
      return counterPart(s, seat, s.phase as CounterPhase) === null ? [{ type: 'counter' }, { type: 'pass' }] : [{ type: 'pass' }];
    case Decision.Vote:
      if (voteGate(s, facts)) return [];
      return [{ type: 'vote', verdict: 'believe' }, { type: 'vote', verdict: 'bluff' }, { type: 'abstain' }];
    case Decision.Cancel:
      if (cancelGate(s, facts)) return [];
      return cancelPart(s, seat, s.phase as CancelPhase) === null ? [{ type: 'cancel' }, { type: 'allow' }] : [{ type: 'allow' }];
    case Decision.CounterBack:
      if (counterBackGate(s, facts)) return [];
      return counterBackPart(s, seat, s.phase as CounterBackPhase) === null ? [{ type: 'counterBack' }, { type: 'accept' }] : [{ type: 'accept' }];
    default:
      return [];
  }
}

/** Suspicion's table of moves. */
export const suspicionMoves: MoveTable<SuspicionState, SuspicionAction, SuspicionError, SeatFacts> = {
  facts: seatFacts,
  legal(s, seat, facts) {
    if (facts.decision !== Decision.Turn) return legalReaction(s, seat, facts);
    return facts.turn ? [] : legalTurn(s, seat, facts, []);
  },
  rules,
  clone: cloneState,
};

/**
 * Every action `seat` may take now (empty when it is not that seat's decision).
 * Counter race: every rival of the placer may pass; those holding a ⇄ card of the colour
 * may also counter. Windows for one seat: act or decline. Vote: any choice, changeable.
 */
export function legalActions(s: SuspicionState, seat: Seat): SuspicionAction[] {
  return suspicionMoves.legal(s, seat, seatFacts(s, seat));
}

/** Why `seat` may not take `action` now, or null when it may (the check `apply` uses). */
export function checkAction(s: SuspicionState, seat: Seat, action: SuspicionAction): SuspicionError | null {
  return checkMove(suspicionMoves, s, seat, action, refused('malformed'));
}

/**
 * Apply `action` for `seat`. The action was decoded and checked against the action schema
 * once, where it entered (the codec, or the table service for a raw action); an object of no
 * known type is refused as `malformed`. Never throws for a player mistake: refusals come back
 * as `{ ok: false, error }` with the state unchanged.
 */
export function apply(s: SuspicionState, seat: Seat, action: SuspicionAction): ApplyResult<SuspicionState, SuspicionError> {
  if (s.phase.kind === 'over') return { ok: false, error: refused('game-over') };
  return applyMove(suspicionMoves, s, seat, action, refused('malformed'));
}

/**
 * What the game waits for: the active player's turn (turn timer); the counter race of every
 * rival of the placer who has not passed (reaction timer, §1.7); the placer's counter-counter
 * or the target's cancel (reaction timer); the secret vote (vote timer, §1.9); or the end.
 */
export function pending(s: SuspicionState): Pending {
  const options = s.options;
  const ph = s.phase;
  const reaction = { timer: 'reaction' as const, timeoutMs: options.reactionSeconds * 1000 };
  switch (ph.kind) {
    case 'turn':
      return { kind: 'turn', seat: s.turn, step: s.step, timer: 'turn', timeoutMs: options.turnSeconds * 1000 };
    case 'counter':
      return { kind: 'race', seats: racing(s, ph), step: s.step, ...reaction };
    case 'counterBack':
      return { kind: 'turn', seat: ph.placer, step: s.step, ...reaction };
    case 'cancel':
      return { kind: 'turn', seat: ph.target, step: s.step, ...reaction };
    case 'vote':
      return {
        kind: 'simultaneous',
        seats: [...ph.voters],
        waiting: ph.voters.filter((voter) => ph.votes[voter] === null),
        step: s.step,
        timer: 'vote',
        timeoutMs: options.voteSeconds * 1000,
      };
    case 'over':
      return { kind: 'over', step: s.step };
  }
}
