/**
 * Suspicion — the compact simulation model (src/games/sim-model.ts) the Hard level's
 * information-set search plays on: the rules of ./moves.ts and ./state.ts
 * (docs/rules/suspicion.md §1.5–§1.12, every variant) on a small mutable state of typed
 * arrays, with actions as small integers. No zod, no seat views, no copies per action.
 *
 * Cards are numbered 0–62 in the order of `buildDeck('classic')` (Arrest Race's deck is its
 * first 48), so a card's number gives its id for the action code and its face for the rules.
 * Piles keep the engine's order (a reshuffle is the engine's Fisher–Yates on the discard
 * pile), so the same random numbers give the same draws (test/games/suspicion/model.test.ts).
 *
 * What a seat observes of a move (`observe`) is what the engine's events visible to it show
 * (§1.13): faces, never card ids, of cards others play; nothing of a secret vote but that it
 * was cast, until the last vote reveals them all; Arrest Race's drawn card, shown to everyone.
 * Refills (a seat's own draws, private) are chance, not observations.
 *
 * Pure: randomness only through the `Rng` passed in.
 */
import type { Seat } from '../engine.js';
import type { Rng } from '../rng.js';
import type { SimModel } from '../sim-model.js';
import type { SuspicionKnowledge } from './knowledge.js';
import { priorBelieveChance } from './bot-normal.js';
import { COLOURS, HAND_SIZE, ROUND_CAP, buildDeck, cardFace, faceKey, type SuspicionAction, type SuspicionState } from './rules.js';

// ── Cards ────────────────────────────────────────────────────────────────────────────

/** Card kinds, as small integers. */
const EVIDENCE = 0;
const BURN = 1;
const TAMPER = 2;
const BLOCK = 3;
const WILD = 4;
const KIND_OF: Record<string, number> = { evidence: EVIDENCE, burn: BURN, tamper: TAMPER, block: BLOCK, wild: WILD };

/** Every card id, by card number (the classic deck's order). */
const CARD_IDS: readonly string[] = buildDeck('classic');
const CARD_COUNT = CARD_IDS.length;
/** Per card number: its kind, colour index (evidence only, else -1), counter symbol, face index. */
const KIND = new Uint8Array(CARD_COUNT);
const COLOUR = new Int8Array(CARD_COUNT);
const COUNTER = new Uint8Array(CARD_COUNT);
/** Face index: evidence colour·2 + counter (0–11), then 12 burn, 13 tamper, 14 block, 15 wild. */
const FACE = new Uint8Array(CARD_COUNT);
const FACE_KEYS: string[] = [];
CARD_IDS.forEach((id, n) => {
  const f = cardFace(id)!;
  KIND[n] = KIND_OF[f.kind]!;
  if (f.kind === 'evidence') {
    COLOUR[n] = COLOURS.indexOf(f.colour);
    COUNTER[n] = f.counter ? 1 : 0;
    FACE[n] = COLOUR[n]! * 2 + COUNTER[n]!;
  } else {
    COLOUR[n] = -1;
    FACE[n] = 11 + KIND[n]!;
  }
  FACE_KEYS[FACE[n]!] = faceKey(f);
});

/** A card number's id (`red3`, `wild1`…). */
export function cardIdOf(card: number): string {
  return CARD_IDS[card]!;
}

// ── Actions ──────────────────────────────────────────────────────────────────────────

/** Action types (bits 0–4 of an action). */
export const enum Act {
  Place,
  Wild,
  Discard,
  Burn,
  Tamper,
  Block,
  Recolour,
  Declare,
  Counter,
  Pass,
  CounterBack,
  Accept,
  Cancel,
  Allow,
  Vote,
  Abstain,
  Draw,
}
/** "No slot" in an action's slot field (a Tamper on an empty suspect). */
const NO_SLOT = 3;

/**
 * An action: type (bits 0–4), card number or verdict (bits 5–10; 0 believe, 1 bluff), suspect
 * or target seat (bits 11–13), slot or Recolour's `from` (bits 14–15, 3 = none), `to` (16–17).
 */
export type SuspicionModelAction = number;
const act = (type: number, card = 0, seat = 0, slot = 0, to = 0): number => type | (card << 5) | (seat << 11) | (slot << 14) | (to << 16);
const typeOf = (a: number) => a & 31;
const cardOf = (a: number) => (a >> 5) & 63;
const seatOf = (a: number) => (a >> 11) & 7;
const slotOf = (a: number) => (a >> 14) & 3;
const toOf = (a: number) => (a >> 16) & 3;

// ── State ────────────────────────────────────────────────────────────────────────────

/** Phases, as small integers (rules.ts `Phase`). */
const enum Ph {
  Turn,
  Counter,
  CounterBack,
  Cancel,
  Vote,
  Over,
}
const VARIANTS = ['classic', 'no-bluff', 'criminal', 'arrest-race'] as const;
const CLASSIC = 0;
const NO_BLUFF = 1;
const CRIMINAL = 2;
const ARREST = 3;

/** The model state: one Suspicion game (rules.ts `SuspicionState`) in typed arrays. */
export interface SuspicionModel {
  n: number;
  variant: number;
  coinFlip: boolean;
  /** Face-up cards a suspect may carry (§1.6 A). */
  limit: number;
  first: number;
  turn: number;
  round: number;
  /** Per seat·3 + slot: the suspect's colour index. */
  suspect: Uint8Array;
  /** Per seat·3 + slot: the face-up card number, or -1. */
  slotCard: Int8Array;
  /** Per seat·3 + slot: who placed it. */
  slotBy: Int8Array;
  /** Per seat·3 + slot: 1 when protected by a counter-counter (§1.7). */
  slotProt: Uint8Array;
  /** Per seat·3 + index: the hand, in the engine's order; `handLen[seat]` cards. */
  hand: Int8Array;
  handLen: Uint8Array;
  /** Per seat: the served Block card, or -1. */
  blockCard: Int8Array;
  skip: Uint8Array;
  /** Draw pile, top = `draw[drawLen - 1]`. */
  draw: Int8Array;
  drawLen: number;
  /** Discard pile, top = `discard[discardLen - 1]`. */
  discard: Int8Array;
  discardLen: number;
  phase: number;
  /** Counter / counter-back: placer, suspect, slot; refill after; passed rivals (bit mask); counterer. */
  placer: number;
  pSuspect: number;
  pSlot: number;
  refill: boolean;
  passed: number;
  counterer: number;
  /** Counter-back: the countered card (number, protection, placer) and the counter card. */
  placedCard: number;
  placedProt: number;
  placedBy: number;
  counterCard: number;
  /** Cancel window: attacker, target, kind (BURN / TAMPER / BLOCK), card, Tamper slot (-1 none). */
  attacker: number;
  target: number;
  attack: number;
  attackCard: number;
  attackSlot: number;
  /** Vote: declarer and face-down card; per seat -1 (not voted), 0 believe, 1 bluff, 2 abstain. */
  declarer: number;
  faceDown: number;
  votes: Int8Array;
  /** Bit mask of the voters (every rival of the declarer). */
  voters: number;
  winner: number;
  /**
   * Turns in a row that changed nothing on the table (a discard, an empty-handed pass, a lost
   * turn): knowledge.ts `quiet`, continued by the model for its playout policy. Not a rule
   * field (the lockstep tests leave it out).
   */
  quiet: number;
  /** What everyone learnt from the last `apply` beyond the move itself: a vote's reveal, Arrest Race's drawn face (or ''). */
  reveal: string;
}

function blank(n: number): SuspicionModel {
  return {
    n,
    variant: 0,
    coinFlip: false,
    limit: 2,
    first: 0,
    turn: 0,
    round: 1,
    suspect: new Uint8Array(n * 3),
    slotCard: new Int8Array(n * 3).fill(-1),
    slotBy: new Int8Array(n * 3).fill(-1),
    slotProt: new Uint8Array(n * 3),
    hand: new Int8Array(n * 3).fill(-1),
    handLen: new Uint8Array(n),
    blockCard: new Int8Array(n).fill(-1),
    skip: new Uint8Array(n),
    draw: new Int8Array(CARD_COUNT),
    drawLen: 0,
    discard: new Int8Array(CARD_COUNT),
    discardLen: 0,
    phase: Ph.Turn,
    placer: -1,
    pSuspect: -1,
    pSlot: -1,
    refill: false,
    passed: 0,
    counterer: -1,
    placedCard: -1,
    placedProt: 0,
    placedBy: -1,
    counterCard: -1,
    attacker: -1,
    target: -1,
    attack: 0,
    attackCard: -1,
    attackSlot: -1,
    declarer: -1,
    faceDown: -1,
    votes: new Int8Array(n).fill(-1),
    voters: 0,
    winner: -1,
    quiet: 0,
    reveal: '',
  };
}

/** First deck index of each special kind (burn, tamper, block, wild), after the 48 evidence cards. */
const SPECIAL_BASE = { burn: 48, tamper: 51, block: 55, wild: 59 };

/**
 * The card number of a card id, read from its characters (`fromState` runs once per sampled
 * state: a Map lookup per card measured slower): colour or kind from the first letters, ⇄ from
 * the `x`, the copy from the last digit. Checked against the deck order when the module loads.
 */
function parseNumber(id: string): number {
  const copy = id.charCodeAt(id.length - 1) - 49;
  const counter = id.charCodeAt(id.length - 2) === 120; // 'x'
  let colour: number;
  switch (id.charCodeAt(0)) {
    case 114: // r
      colour = 0;
      break;
    case 111: // o
      colour = 1;
      break;
    case 121: // y
      colour = 2;
      break;
    case 103: // g
      colour = 3;
      break;
    case 112: // p
      colour = 5;
      break;
    case 116: // t
      return SPECIAL_BASE.tamper + copy;
    case 119: // w
      return SPECIAL_BASE.wild + copy;
    default: {
      // b: blue, burn or block
      const second = id.charCodeAt(1);
      if (second === 117) return SPECIAL_BASE.burn + copy; // bu
      if (id.charCodeAt(2) === 111) return SPECIAL_BASE.block + copy; // blo
      colour = 4;
    }
  }
  return colour * 8 + (counter ? 6 : 0) + copy;
}
CARD_IDS.forEach((id, n) => {
  if (parseNumber(id) !== n) throw new Error(`suspicion model: card ${id} is not number ${n}`);
});

/** The card number of an engine card id (ids come from engine states, so only the range is checked). */
const num = (id: string): number => {
  const n = parseNumber(id);
  if (!(n >= 0 && n < CARD_COUNT)) throw new Error(`suspicion model: unknown card ${id}`);
  return n;
};

/** The model of an engine state (a determinizer's sample, or the true state in tests). */
export function suspicionModelOf(s: SuspicionState): SuspicionModel {
  const n = s.seats;
  const m = blank(n);
  m.variant = VARIANTS.indexOf(s.options.variant);
  m.coinFlip = s.options.tieRule === 'coin-flip';
  m.limit = m.variant === NO_BLUFF || m.variant === ARREST ? 3 : 2;
  m.first = s.first;
  m.turn = s.turn;
  m.round = s.round;
  for (let seat = 0; seat < n; seat++) {
    const p = s.players[seat]!;
    for (let i = 0; i < 3; i++) {
      m.suspect[seat * 3 + i] = COLOURS.indexOf(p.suspect[i]!);
      const c = p.slots[i];
      if (c) {
        m.slotCard[seat * 3 + i] = num(c.card);
        m.slotBy[seat * 3 + i] = c.by;
        m.slotProt[seat * 3 + i] = c.protected ? 1 : 0;
      }
    }
    for (let i = 0; i < p.hand.length; i++) m.hand[seat * 3 + i] = num(p.hand[i]!);
    m.handLen[seat] = p.hand.length;
    m.blockCard[seat] = p.blockCard === null ? -1 : num(p.blockCard);
    m.skip[seat] = p.skipNext ? 1 : 0;
  }
  for (let i = 0; i < s.draw.length; i++) m.draw[i] = num(s.draw[i]!);
  m.drawLen = s.draw.length;
  for (let i = 0; i < s.discard.length; i++) m.discard[i] = num(s.discard[i]!);
  m.discardLen = s.discard.length;
  const ph = s.phase;
  switch (ph.kind) {
    case 'turn':
      m.phase = Ph.Turn;
      break;
    case 'counter':
      m.phase = Ph.Counter;
      m.placer = ph.placer;
      m.pSuspect = ph.suspect;
      m.pSlot = ph.slot;
      m.refill = ph.refill;
      for (const seat of ph.passed) m.passed |= 1 << seat;
      break;
    case 'counterBack':
      m.phase = Ph.CounterBack;
      m.placer = ph.placer;
      m.pSuspect = ph.suspect;
      m.pSlot = ph.slot;
      m.refill = ph.refill;
      m.counterer = ph.counterer;
      m.placedCard = num(ph.placed.card);
      m.placedProt = ph.placed.protected ? 1 : 0;
      m.placedBy = ph.placed.by;
      m.counterCard = num(ph.counterCard);
      break;
    case 'cancel':
      m.phase = Ph.Cancel;
      m.attacker = ph.attacker;
      m.target = ph.target;
      m.attack = KIND_OF[ph.attack]!;
      m.attackCard = num(ph.card);
      m.attackSlot = ph.slot ?? -1;
      break;
    case 'vote':
      m.phase = Ph.Vote;
      m.declarer = ph.declarer;
      m.pSuspect = ph.suspect;
      m.pSlot = ph.slot;
      m.faceDown = num(ph.card);
      for (const voter of ph.voters) m.voters |= 1 << voter;
      ph.votes.forEach((v, seat) => (m.votes[seat] = v === null ? -1 : v === 'believe' ? 0 : v === 'bluff' ? 1 : 2));
      break;
    case 'over':
      m.phase = Ph.Over;
      m.winner = ph.winner ?? -1;
      break;
  }
  return m;
}

/** An independent copy of `m`. */
export function cloneSuspicionModel(m: SuspicionModel): SuspicionModel {
  return {
    ...m,
    suspect: m.suspect.slice(),
    slotCard: m.slotCard.slice(),
    slotBy: m.slotBy.slice(),
    slotProt: m.slotProt.slice(),
    hand: m.hand.slice(),
    handLen: m.handLen.slice(),
    blockCard: m.blockCard.slice(),
    skip: m.skip.slice(),
    draw: m.draw.slice(),
    discard: m.discard.slice(),
    votes: m.votes.slice(),
  };
}

// ── Queries ──────────────────────────────────────────────────────────────────────────

function faceUpCount(m: SuspicionModel, seat: number): number {
  const b = seat * 3;
  return (m.slotCard[b]! >= 0 ? 1 : 0) + (m.slotCard[b + 1]! >= 0 ? 1 : 0) + (m.slotCard[b + 2]! >= 0 ? 1 : 0);
}

/** The slot of colour index `colour` on `seat`'s suspect, or -1. */
function slotOfColour(m: SuspicionModel, seat: number, colour: number): number {
  const b = seat * 3;
  return m.suspect[b] === colour ? 0 : m.suspect[b + 1] === colour ? 1 : m.suspect[b + 2] === colour ? 2 : -1;
}

/** Hand index of `seat`'s first ⇄ card of colour index `colour`, or -1 (§1.7). */
function counterIndex(m: SuspicionModel, seat: number, colour: number): number {
  const b = seat * 3;
  for (let i = 0; i < m.handLen[seat]!; i++) {
    const c = m.hand[b + i]!;
    if (COUNTER[c] === 1 && COLOUR[c] === colour) return i;
  }
  return -1;
}

/** Hand index of `seat`'s first card of kind `kind`, or -1. */
function kindIndex(m: SuspicionModel, seat: number, kind: number): number {
  const b = seat * 3;
  for (let i = 0; i < m.handLen[seat]!; i++) if (KIND[m.hand[b + i]!] === kind) return i;
  return -1;
}

function takeAt(m: SuspicionModel, seat: number, index: number): number {
  const b = seat * 3;
  const card = m.hand[b + index]!;
  const len = m.handLen[seat]!;
  for (let i = index; i < len - 1; i++) m.hand[b + i] = m.hand[b + i + 1]!;
  m.hand[b + len - 1] = -1;
  m.handLen[seat] = len - 1;
  return card;
}

function takeCard(m: SuspicionModel, seat: number, card: number): void {
  const b = seat * 3;
  for (let i = 0; i < m.handLen[seat]!; i++) {
    if (m.hand[b + i] === card) {
      takeAt(m, seat, i);
      return;
    }
  }
  throw new Error(`suspicion model: card ${CARD_IDS[card]} not in hand of ${seat}`);
}

const blocked = (m: SuspicionModel, seat: number) => m.blockCard[seat]! >= 0;

// ── Legal actions ────────────────────────────────────────────────────────────────────

/** Seats that must decide now (moves.ts `pending`, `seatsToAct`). */
export function suspicionToAct(m: SuspicionModel): Seat[] {
  switch (m.phase) {
    case Ph.Turn:
      return [m.turn];
    case Ph.Counter: {
      const out: Seat[] = [];
      for (let i = 1; i < m.n; i++) {
        const seat = (m.placer + i) % m.n;
        if ((m.passed & (1 << seat)) === 0) out.push(seat);
      }
      return out;
    }
    case Ph.CounterBack:
      return [m.placer];
    case Ph.Cancel:
      return [m.target];
    case Ph.Vote: {
      const out: Seat[] = [];
      for (let i = 1; i < m.n; i++) {
        const seat = (m.declarer + i) % m.n;
        if (m.votes[seat] === -1) out.push(seat);
      }
      return out;
    }
    default:
      return [];
  }
}

/** The legal actions of `seat` (moves.ts `legalActions`, in the same order). */
export function suspicionLegal(m: SuspicionModel, seat: Seat): number[] {
  const out: number[] = [];
  const n = m.n;
  switch (m.phase) {
    case Ph.Turn:
      if (seat === m.turn) legalTurn(m, seat, out);
      return out;
    case Ph.Counter:
      if (seat === m.placer || (m.passed & (1 << seat)) !== 0) return out;
      if (!blocked(m, seat) && counterIndex(m, seat, m.suspect[m.pSuspect * 3 + m.pSlot]!) >= 0) out.push(Act.Counter);
      out.push(Act.Pass);
      return out;
    case Ph.CounterBack:
      if (seat !== m.placer) return out;
      if (!blocked(m, seat) && counterIndex(m, seat, m.suspect[m.pSuspect * 3 + m.pSlot]!) >= 0) out.push(Act.CounterBack);
      out.push(Act.Accept);
      return out;
    case Ph.Cancel:
      if (seat !== m.target) return out;
      if (!blocked(m, seat) && kindIndex(m, seat, m.attack) >= 0) out.push(Act.Cancel);
      out.push(Act.Allow);
      return out;
    case Ph.Vote:
      if (seat < 0 || seat >= n || (m.voters & (1 << seat)) === 0) return out;
      out.push(act(Act.Vote, 0), act(Act.Vote, 1), Act.Abstain);
      return out;
    default:
      return out;
  }
}

function legalTurn(m: SuspicionModel, seat: number, out: number[]): void {
  const n = m.n;
  if (m.variant === ARREST) {
    out.push(Act.Draw);
    return;
  }
  const len = m.handLen[seat]!;
  if (len === 0) {
    out.push(Act.Pass);
    return;
  }
  const criminal = m.variant === CRIMINAL;
  const placeFirst = criminal ? 1 : 0;
  const placeLast = criminal ? n - 1 : 0;
  const attackLast = criminal ? n : n - 1;
  const limit = m.limit;
  let declarable = 0;
  if (m.variant !== NO_BLUFF) {
    for (let i = placeFirst; i <= placeLast; i++) if (faceUpCount(m, (seat + i) % n) === limit) declarable |= 1 << i;
  }
  const b = seat * 3;
  for (let index = 0; index < len; index++) {
    const card = m.hand[b + index]!;
    const f = FACE[card]!;
    let copy = false;
    for (let e = 0; e < index; e++) if (FACE[m.hand[b + e]!] === f) copy = true;
    if (copy) continue;
    switch (KIND[card]) {
      case EVIDENCE:
        for (let i = placeFirst; i <= placeLast; i++) {
          const suspect = (seat + i) % n;
          const slot = slotOfColour(m, suspect, COLOUR[card]!);
          if (slot >= 0 && m.slotCard[suspect * 3 + slot]! < 0 && faceUpCount(m, suspect) < limit) out.push(act(Act.Place, card, suspect));
        }
        break;
      case WILD:
        for (let i = placeFirst; i <= placeLast; i++) {
          const suspect = (seat + i) % n;
          if (faceUpCount(m, suspect) >= limit) continue;
          for (let slot = 0; slot < 3; slot++) if (m.slotCard[suspect * 3 + slot]! < 0) out.push(act(Act.Wild, card, suspect, slot));
        }
        break;
      case BURN:
        for (let i = 1; i <= attackLast; i++) out.push(act(Act.Burn, card, (seat + i) % n));
        break;
      case TAMPER:
        for (let i = 1; i <= attackLast; i++) {
          const target = (seat + i) % n;
          if (faceUpCount(m, target) === 0) out.push(act(Act.Tamper, card, target, NO_SLOT));
          for (let slot = 0; slot < 3; slot++) if (m.slotCard[target * 3 + slot]! >= 0) out.push(act(Act.Tamper, card, target, slot));
        }
        break;
      case BLOCK:
        for (let i = 1; i < n; i++) {
          const target = (seat + i) % n;
          if (m.blockCard[target]! < 0) out.push(act(Act.Block, card, target));
        }
        break;
    }
    if (declarable !== 0) {
      for (let i = placeFirst; i <= placeLast; i++) if ((declarable & (1 << i)) !== 0) out.push(act(Act.Declare, card, (seat + i) % n));
    }
    out.push(act(Act.Discard, card));
  }
  for (let i = placeFirst; i <= placeLast; i++) {
    const suspect = (seat + i) % n;
    for (let from = 0; from < 3; from++) {
      const at = suspect * 3 + from;
      if (m.slotCard[at]! < 0 || m.slotBy[at] !== seat || KIND[m.slotCard[at]!] !== WILD) continue;
      for (let to = 0; to < 3; to++) if (m.slotCard[suspect * 3 + to]! < 0) out.push(act(Act.Recolour, 0, suspect, from, to));
    }
  }
}

// ── Codes ────────────────────────────────────────────────────────────────────────────

const VERDICTS = ['believe', 'bluff'];

/** The engine's action code of `a` (codec.ts `encodeAction`). */
export function suspicionCode(a: number): string {
  const card = CARD_IDS[cardOf(a)];
  switch (typeOf(a)) {
    case Act.Place:
      return `pl:${card}:${seatOf(a)}`;
    case Act.Wild:
      return `wi:${card}:${seatOf(a)}:${slotOf(a)}`;
    case Act.Discard:
      return `di:${card}`;
    case Act.Burn:
      return `bu:${card}:${seatOf(a)}`;
    case Act.Tamper:
      return slotOf(a) === NO_SLOT ? `ta:${card}:${seatOf(a)}` : `ta:${card}:${seatOf(a)}:${slotOf(a)}`;
    case Act.Block:
      return `bl:${card}:${seatOf(a)}`;
    case Act.Recolour:
      return `rc:${seatOf(a)}:${slotOf(a)}:${toOf(a)}`;
    case Act.Declare:
      return `de:${card}:${seatOf(a)}`;
    case Act.Counter:
      return 'co';
    case Act.Pass:
      return 'pa';
    case Act.CounterBack:
      return 'cb';
    case Act.Accept:
      return 'ac';
    case Act.Cancel:
      return 'ca';
    case Act.Allow:
      return 'al';
    case Act.Vote:
      return `vo:${VERDICTS[cardOf(a)]}`;
    case Act.Abstain:
      return 'ab';
    default:
      return 'dr';
  }
}

/**
 * What a seat other than the actor sees of `a` before it is applied (§1.13): the code with
 * face keys instead of card ids (`pl:red:0`, `di:wild`), the target of an attack without its
 * card, a declaration without its card, and "a vote was cast" for a vote or abstention.
 */
export function suspicionPublicCode(a: number): string {
  const face = FACE_KEYS[FACE[cardOf(a)]!];
  switch (typeOf(a)) {
    case Act.Place:
      return `pl:${face}:${seatOf(a)}`;
    case Act.Wild:
      return `wi:${seatOf(a)}:${slotOf(a)}`;
    case Act.Discard:
      return `di:${face}`;
    case Act.Burn:
      return `bu:${seatOf(a)}`;
    case Act.Tamper:
      return slotOf(a) === NO_SLOT ? `ta:${seatOf(a)}` : `ta:${seatOf(a)}:${slotOf(a)}`;
    case Act.Block:
      return `bl:${seatOf(a)}`;
    case Act.Declare:
      return `de:${seatOf(a)}`;
    case Act.Vote:
    case Act.Abstain:
      return 'vo';
    default:
      return suspicionCode(a);
  }
}

/** The model action of an engine action (tests; `card` ids must be in the deck). */
export function suspicionModelAction(a: SuspicionAction): number {
  switch (a.type) {
    case 'place':
      return act(Act.Place, num(a.card), a.suspect);
    case 'wild':
      return act(Act.Wild, num(a.card), a.suspect, a.slot);
    case 'discard':
      return act(Act.Discard, num(a.card));
    case 'burn':
      return act(Act.Burn, num(a.card), a.target);
    case 'tamper':
      return act(Act.Tamper, num(a.card), a.target, a.slot ?? NO_SLOT);
    case 'block':
      return act(Act.Block, num(a.card), a.target);
    case 'recolour':
      return act(Act.Recolour, 0, a.suspect, a.from, a.to);
    case 'declare':
      return act(Act.Declare, num(a.card), a.suspect);
    case 'counter':
      return Act.Counter;
    case 'pass':
      return Act.Pass;
    case 'counterBack':
      return Act.CounterBack;
    case 'accept':
      return Act.Accept;
    case 'cancel':
      return Act.Cancel;
    case 'allow':
      return Act.Allow;
    case 'vote':
      return act(Act.Vote, a.verdict === 'believe' ? 0 : 1);
    case 'abstain':
      return Act.Abstain;
    case 'draw':
      return Act.Draw;
  }
}

// ── Effects (moves.ts, state.ts) ─────────────────────────────────────────────────────

/** state.ts `drawOne`: the top card, reshuffling the discard pile (engine's Fisher–Yates) when the draw pile is empty; -1 when both are empty. */
function drawOne(m: SuspicionModel, rng: Rng): number {
  if (m.drawLen === 0) {
    if (m.discardLen === 0) return -1;
    const len = m.discardLen;
    const d = m.draw;
    for (let i = 0; i < len; i++) d[i] = m.discard[i]!;
    for (let i = len - 1; i > 0; i--) {
      const j = rng.int(0, i);
      const t = d[i]!;
      d[i] = d[j]!;
      d[j] = t;
    }
    m.drawLen = len;
    m.discardLen = 0;
  }
  return m.draw[--m.drawLen]!;
}

function refill(m: SuspicionModel, seat: number, rng: Rng): void {
  while (m.handLen[seat]! < HAND_SIZE) {
    const card = drawOne(m, rng);
    if (card < 0) break;
    m.hand[seat * 3 + m.handLen[seat]!] = card;
    m.handLen[seat]!++;
  }
}

const pushDiscard = (m: SuspicionModel, card: number) => {
  m.discard[m.discardLen++] = card;
};

function endGame(m: SuspicionModel, winner: number): void {
  m.phase = Ph.Over;
  m.winner = winner;
}

/** state.ts `nextTurn`: clockwise, consuming skipped / blocked turns, with the round cap (§1.5, §1.10). */
function nextTurn(m: SuspicionModel): void {
  for (;;) {
    m.turn = (m.turn + 1) % m.n;
    if (m.turn === m.first) {
      m.round++;
      if (m.round > ROUND_CAP) {
        endGame(m, -1);
        return;
      }
    }
    const t = m.turn;
    if (m.skip[t] === 0 && m.blockCard[t]! < 0) break;
    m.quiet++;
    if (m.blockCard[t]! >= 0) pushDiscard(m, m.blockCard[t]!);
    m.blockCard[t] = -1;
    m.skip[t] = 0;
  }
  m.phase = Ph.Turn;
}

function openCounter(m: SuspicionModel, placer: number, suspect: number, slot: number, refillAfter: boolean, rng: Rng): void {
  let passed = 0;
  let count = 0;
  for (let i = 1; i < m.n; i++) {
    const rival = (placer + i) % m.n;
    if (blocked(m, rival)) {
      passed |= 1 << rival;
      count++;
    }
  }
  m.phase = Ph.Counter;
  m.placer = placer;
  m.pSuspect = suspect;
  m.pSlot = slot;
  m.refill = refillAfter;
  m.passed = passed;
  if (count === m.n - 1) finishPlacement(m, placer, refillAfter, rng);
}

function finishPlacement(m: SuspicionModel, placer: number, refillAfter: boolean, rng: Rng): void {
  if (m.variant === NO_BLUFF && faceUpCount(m, placer) === 3) {
    endGame(m, placer);
    return;
  }
  if (refillAfter) refill(m, placer, rng);
  nextTurn(m);
}

function setSlot(m: SuspicionModel, suspect: number, slot: number, card: number, by: number, prot: number): void {
  const at = suspect * 3 + slot;
  m.slotCard[at] = card;
  m.slotBy[at] = by;
  m.slotProt[at] = prot;
}

function clearSlot(m: SuspicionModel, at: number): void {
  m.slotCard[at] = -1;
  m.slotBy[at] = -1;
  m.slotProt[at] = 0;
}

function resolveAttack(m: SuspicionModel, rng: Rng): void {
  const t = m.target;
  if (m.attack === BLOCK) m.blockCard[t] = m.attackCard;
  else {
    pushDiscard(m, m.attackCard);
    const from = m.attack === BURN ? 0 : m.attackSlot;
    const to = m.attack === BURN ? 2 : m.attackSlot;
    if (from >= 0) {
      for (let slot = from; slot <= to; slot++) {
        const at = t * 3 + slot;
        if (m.slotCard[at]! < 0) continue;
        pushDiscard(m, m.slotCard[at]!);
        clearSlot(m, at);
      }
    }
  }
  refill(m, m.attacker, rng);
  nextTurn(m);
}

function resolveVote(m: SuspicionModel, rng: Rng): void {
  let believe = 0;
  let bluff = 0;
  for (let seat = 0; seat < m.n; seat++) {
    if (m.votes[seat] === 0) believe++;
    else if (m.votes[seat] === 1) bluff++;
  }
  let verdict: number;
  let tie = '';
  if (believe + bluff === 0) verdict = 0;
  else if (believe !== bluff) verdict = believe > bluff ? 0 : 1;
  else if (m.coinFlip) {
    verdict = rng.int(0, 1);
    tie = 'c';
  } else {
    verdict = 0;
    for (let i = 1; i < m.n; i++) {
      const v = m.votes[(m.declarer + i) % m.n]!;
      if (v === 0 || v === 1) {
        verdict = v;
        break;
      }
    }
    tie = 'l';
  }
  const colour = m.suspect[m.pSuspect * 3 + m.pSlot]!;
  const card = m.faceDown;
  const correct = KIND[card] === WILD || COLOUR[card] === colour;
  const won = (verdict === 1) === correct;
  let cast = '';
  for (let seat = 0; seat < m.n; seat++) cast += m.votes[seat] === 0 ? 'b' : m.votes[seat] === 1 ? 'f' : '-';
  m.reveal = `rv:${cast}:${FACE_KEYS[FACE[card]!]}:${verdict}${tie}`;
  if (won) {
    setSlot(m, m.pSuspect, m.pSlot, card, m.declarer, 0);
    endGame(m, m.declarer);
    return;
  }
  pushDiscard(m, card);
  m.skip[m.declarer] = 1;
  refill(m, m.declarer, rng);
  nextTurn(m);
}

/** Applies `a` by `seat` (moves.ts `rules`); `a` must be legal. */
export function suspicionApply(m: SuspicionModel, seat: Seat, a: number, rng: Rng): void {
  m.reveal = '';
  const card = cardOf(a);
  const type = typeOf(a);
  if (m.phase === Ph.Turn) m.quiet = type === Act.Discard || type === Act.Pass ? m.quiet + 1 : 0;
  switch (type) {
    case Act.Place: {
      const suspect = seatOf(a);
      const slot = slotOfColour(m, suspect, COLOUR[card]!);
      takeCard(m, seat, card);
      setSlot(m, suspect, slot, card, seat, 0);
      openCounter(m, seat, suspect, slot, true, rng);
      return;
    }
    case Act.Wild: {
      takeCard(m, seat, card);
      setSlot(m, seatOf(a), slotOf(a), card, seat, 0);
      openCounter(m, seat, seatOf(a), slotOf(a), true, rng);
      return;
    }
    case Act.Discard:
      takeCard(m, seat, card);
      pushDiscard(m, card);
      refill(m, seat, rng);
      nextTurn(m);
      return;
    case Act.Recolour: {
      const suspect = seatOf(a);
      const from = suspect * 3 + slotOf(a);
      const wild = m.slotCard[from]!;
      clearSlot(m, from);
      setSlot(m, suspect, toOf(a), wild, seat, 0);
      openCounter(m, seat, suspect, toOf(a), false, rng);
      return;
    }
    case Act.Burn:
    case Act.Tamper:
    case Act.Block: {
      const target = seatOf(a);
      takeCard(m, seat, card);
      m.attacker = seat;
      m.target = target;
      m.attack = type === Act.Burn ? BURN : type === Act.Tamper ? TAMPER : BLOCK;
      m.attackCard = card;
      m.attackSlot = type === Act.Tamper && slotOf(a) !== NO_SLOT ? slotOf(a) : -1;
      const effect = type === Act.Burn ? faceUpCount(m, target) > 0 : type === Act.Tamper ? m.attackSlot >= 0 : true;
      if (target !== seat && effect && !blocked(m, target)) m.phase = Ph.Cancel;
      else resolveAttack(m, rng);
      return;
    }
    case Act.Declare: {
      const suspect = seatOf(a);
      const b = suspect * 3;
      const slot = m.slotCard[b]! < 0 ? 0 : m.slotCard[b + 1]! < 0 ? 1 : 2;
      takeCard(m, seat, card);
      m.phase = Ph.Vote;
      m.declarer = seat;
      m.pSuspect = suspect;
      m.pSlot = slot;
      m.faceDown = card;
      m.votes.fill(-1);
      m.voters = ((1 << m.n) - 1) & ~(1 << seat);
      return;
    }
    case Act.Counter: {
      const at = m.pSuspect * 3 + m.pSlot;
      const counterCard = takeAt(m, seat, counterIndex(m, seat, m.suspect[at]!));
      m.placedCard = m.slotCard[at]!;
      m.placedProt = m.slotProt[at]!;
      m.placedBy = m.slotBy[at]!;
      m.counterCard = counterCard;
      m.counterer = seat;
      clearSlot(m, at);
      refill(m, seat, rng);
      m.phase = Ph.CounterBack;
      return;
    }
    case Act.Pass: {
      if (m.phase !== Ph.Counter) {
        refill(m, seat, rng);
        nextTurn(m);
        return;
      }
      m.passed |= 1 << seat;
      let count = 0;
      for (let s = 0; s < m.n; s++) if ((m.passed & (1 << s)) !== 0) count++;
      if (count >= m.n - 1) finishPlacement(m, m.placer, m.refill, rng);
      return;
    }
    case Act.CounterBack: {
      const colour = m.suspect[m.pSuspect * 3 + m.pSlot]!;
      const own = takeAt(m, seat, counterIndex(m, seat, colour));
      pushDiscard(m, m.counterCard);
      pushDiscard(m, own);
      setSlot(m, m.pSuspect, m.pSlot, m.placedCard, m.placedBy, 1);
      finishPlacement(m, m.placer, m.refill, rng);
      return;
    }
    case Act.Accept:
      pushDiscard(m, m.placedCard);
      pushDiscard(m, m.counterCard);
      if (m.refill) refill(m, m.placer, rng);
      nextTurn(m);
      return;
    case Act.Cancel: {
      const own = takeAt(m, seat, kindIndex(m, seat, m.attack));
      pushDiscard(m, m.attackCard);
      pushDiscard(m, own);
      refill(m, seat, rng);
      refill(m, m.attacker, rng);
      nextTurn(m);
      return;
    }
    case Act.Allow:
      resolveAttack(m, rng);
      return;
    case Act.Vote:
    case Act.Abstain: {
      m.votes[seat] = typeOf(a) === Act.Abstain ? 2 : card;
      for (let s = 0; s < m.n; s++) if ((m.voters & (1 << s)) !== 0 && m.votes[s] === -1) return;
      resolveVote(m, rng);
      return;
    }
    case Act.Draw: {
      const drawn = drawOne(m, rng);
      if (drawn < 0) {
        m.reveal = 'dr:-';
        nextTurn(m);
        return;
      }
      m.reveal = `dr:${FACE_KEYS[FACE[drawn]!]}`;
      const slot = KIND[drawn] === EVIDENCE ? slotOfColour(m, seat, COLOUR[drawn]!) : -1;
      if (slot >= 0 && m.slotCard[seat * 3 + slot]! < 0) {
        setSlot(m, seat, slot, drawn, seat, 0);
        if (faceUpCount(m, seat) === 3) {
          endGame(m, seat);
          return;
        }
      } else pushDiscard(m, drawn);
      nextTurn(m);
      return;
    }
  }
}

/**
 * What `viewer` observes of the last `apply` of `a` by `actor`: the actor its own code, every
 * other seat `suspicionPublicCode`; then `|` and what everyone learnt beyond the move, if
 * anything: the reveal when the move closed a vote (every vote, the card's face, the verdict,
 * §1.9), the face drawn in Arrest Race (§1.12).
 */
export function suspicionObserve(m: SuspicionModel, viewer: Seat, actor: Seat, a: number): string {
  const base = viewer === actor ? suspicionCode(a) : suspicionPublicCode(a);
  return m.reveal === '' ? base : `${base}|${m.reveal}`;
}

/** Rewards once over: the winner 1, the others 0; no winner (round cap) 1/n each (views.ts `result`). */
export function suspicionRewards(m: SuspicionModel): number[] | null {
  if (m.phase !== Ph.Over) return null;
  const out: number[] = new Array(m.n);
  // The round cap (§1.10) ends the game with nobody winning: no seat's win (bot.ts `reward`).
  for (let seat = 0; seat < m.n; seat++) out[seat] = seat === m.winner ? 1 : 0;
  return out;
}

/** The winner once over (-1 for none), or undefined while the game runs (tests). */
export function suspicionWinner(m: SuspicionModel): number | undefined {
  return m.phase === Ph.Over ? m.winner : undefined;
}

// ── Evaluation and playout policies ──────────────────────────────────────────────────

/**
 * Value of an unfinished game for `seat`, in [0, 1]: bot-normal.ts `evaluateSuspicion` on the
 * model — a softmax of every detective's progress (face-up cards towards the limit, a correct
 * card in hand for the declaration, Burn / Tamper in hand, a lost turn to come); in Criminal
 * Edition the seat about to move is closest once a suspect is ready.
 */
export function suspicionEvaluate(m: SuspicionModel, seat: Seat): number {
  const n = m.n;
  if (m.variant === CRIMINAL) {
    let ready = false;
    for (let s = 0; s < n; s++) if (faceUpCount(m, s) >= 2) ready = true;
    const dist = (seat - m.turn + n) % n;
    return ready ? Math.max(0.02, (1 / n) * (1.6 - (0.4 * dist) / Math.max(1, n - 1))) : 1 / n;
  }
  let sum = 0;
  let mine = 0;
  for (let s = 0; s < n; s++) {
    const up = faceUpCount(m, s);
    let x = (2.2 * up) / m.limit;
    const len = m.handLen[s]!;
    if (m.variant === CLASSIC && up >= m.limit) {
      const b = s * 3;
      const open = m.slotCard[b]! < 0 ? 0 : m.slotCard[b + 1]! < 0 ? 1 : m.slotCard[b + 2]! < 0 ? 2 : -1;
      if (open >= 0) {
        const colour = m.suspect[b + open]!;
        for (let i = 0; i < len; i++) {
          const c = m.hand[b + i]!;
          if (KIND[c] === WILD || COLOUR[c] === colour) {
            x += 0.4;
            break;
          }
        }
      }
    }
    for (let i = 0; i < len; i++) {
      const k = KIND[m.hand[s * 3 + i]!];
      if (k === BURN || k === TAMPER) x += 0.25;
    }
    if (m.skip[s] === 1 || m.blockCard[s]! >= 0) x -= 0.3;
    const w = Math.exp(1.6 * x);
    sum += w;
    if (s === seat) mine = w;
  }
  return mine / sum;
}

/** Chance that `hand` random cards out of `pool` include at least one of `good` (bot-normal.ts `chanceOfAny`). */
function chanceOfAny(good: number, pool: number, hand: number): number {
  if (good <= 0 || hand <= 0) return 0;
  if (pool - good < hand) return 1;
  let none = 1;
  for (let i = 0; i < hand; i++) none *= (pool - good - i) / (pool - i);
  return 1 - none;
}

/**
 * Cards `viewer` cannot see (the draw pile, other hands, the face-down card): how many, and
 * how many of them fit colour index `colour` (its evidence or a Wild). Counted on the sample,
 * but the same in every sample of the viewer's knowledge (only their places differ).
 */
function unseenFitting(m: SuspicionModel, viewer: number, colour: number): [number, number] {
  let pool = 0;
  let good = 0;
  const fits = (c: number) => KIND[c] === WILD || COLOUR[c] === colour;
  for (let i = 0; i < m.drawLen; i++) {
    pool++;
    if (fits(m.draw[i]!)) good++;
  }
  for (let s = 0; s < m.n; s++) {
    if (s === viewer) continue;
    for (let i = 0; i < m.handLen[s]!; i++) {
      pool++;
      if (fits(m.hand[s * 3 + i]!)) good++;
    }
  }
  if (m.phase === Ph.Vote && m.declarer !== viewer) {
    pool++;
    if (fits(m.faceDown)) good++;
  }
  return [pool, good];
}

/** How urgently rival `s` must be stopped (bot-normal.ts `threat`). */
function threat(m: SuspicionModel, s: number): number {
  const up = faceUpCount(m, s);
  let t = up >= m.limit ? 3 : up === m.limit - 1 ? 1.2 : up > 0 ? 0.4 : 0;
  if (m.skip[s] === 1 || m.blockCard[s]! >= 0) t *= 0.5;
  return t;
}

/** How much `seat` wants to keep `card` (bot-normal.ts `usefulness`, without the rivals' needs). */
function usefulness(m: SuspicionModel, seat: number, card: number): number {
  switch (KIND[card]) {
    case WILD:
      return m.variant === NO_BLUFF ? 38 : 45;
    case BURN:
      return 32;
    case TAMPER:
      return 27;
    case BLOCK:
      return 20;
    default: {
      if (m.variant === CRIMINAL) return COUNTER[card] === 1 ? 18 : 8;
      const slot = slotOfColour(m, seat, COLOUR[card]!);
      const open = slot >= 0 && m.slotCard[seat * 3 + slot]! < 0;
      if (open) return faceUpCount(m, seat) < m.limit ? 40 : 44;
      return COUNTER[card] === 1 ? 16 : 0;
    }
  }
}

/** Chance a declaration's vote ends "believe" with voters nobody has seen vote (bot-normal.ts `priorBelieveChance`), by tie rule (coin flip 1) and voter count. */
const PRIOR_BELIEVE = [false, true].map((coin) => Array.from({ length: 6 }, (_, voters) => priorBelieveChance(voters, coin)));

/**
 * Score of a second face-up card on `suspect` in Criminal Edition (§1.12), `filled` the slot it
 * fills and `card` the card it uses: bot-normal.ts `scoreSecondCard` with every voter at the
 * prior voting habit.
 */
function secondCardScore(m: SuspicionModel, seat: number, suspect: number, filled: number, card: number, wild: boolean): number {
  const b = suspect * 3;
  let open = -1;
  for (let i = 0; i < 3; i++) if (i !== filled && m.slotCard[b + i]! < 0) open = i;
  const colour = m.suspect[b + open]!;
  let ahead = 0;
  for (let i = 1; i < m.n; i++) {
    const s = (seat + i) % m.n;
    if (s !== suspect && m.skip[s] === 0 && m.blockCard[s]! < 0) ahead++;
  }
  if (ahead === 0) return wild ? 70 : 84;
  const [pool, good] = unseenFitting(m, seat, colour);
  const fits = chanceOfAny(good, pool, 3);
  const believe = PRIOR_BELIEVE[m.coinFlip ? 1 : 0]![m.n - 1]!;
  let win = (1 - (fits * (1 - believe) + (1 - fits) * believe)) ** ahead;
  let holds = false;
  for (let i = 0; i < m.handLen[seat]!; i++) {
    const c = m.hand[seat * 3 + i]!;
    if (c !== card && (KIND[c] === WILD || COLOUR[c] === colour)) holds = true;
  }
  win *= holds ? 1 - believe : believe;
  const share = win * m.n;
  let s = share >= 1 ? 64 + 10 * Math.min(1, share - 1) : 20 + 20 * share;
  if (m.quiet >= m.n) s = Math.max(s, 52 + 10 * Math.min(1, share));
  return wild ? s - 6 : s;
}

/**
 * Score of a turn action for `seat`: bot-normal.ts `scoreOwnTurn` / `scoreCriminalTurn`
 * re-expressed cheaply (declare with a fitting card first, place, attack the leader, discard
 * the least useful card). `greedy` rushes: any declaration and placement first, attacks only
 * on a suspect that is ready.
 */
function scoreTurn(m: SuspicionModel, seat: number, a: number, greedy: boolean): number {
  const card = cardOf(a);
  const criminal = m.variant === CRIMINAL;
  switch (typeOf(a)) {
    case Act.Declare: {
      const suspect = seatOf(a);
      const b = suspect * 3;
      const open = m.slotCard[b]! < 0 ? 0 : m.slotCard[b + 1]! < 0 ? 1 : 2;
      const fits = KIND[card] === WILD || COLOUR[card] === m.suspect[b + open];
      if (greedy) return fits ? 120 : 100;
      return fits ? 100 : criminal ? 65 : 70 - usefulness(m, seat, card) / 10;
    }
    case Act.Place: {
      if (criminal) {
        const suspect = seatOf(a);
        return faceUpCount(m, suspect) === 0 ? 62 : secondCardScore(m, seat, suspect, slotOfColour(m, suspect, COLOUR[card]!), card, false);
      }
      const after = faceUpCount(m, seat) + 1;
      return (after >= m.limit ? 86 : 80) - (COUNTER[card] === 1 ? 4 : 0) + (greedy ? 20 : 0);
    }
    case Act.Wild: {
      if (criminal) return faceUpCount(m, seatOf(a)) === 0 ? 45 : secondCardScore(m, seat, seatOf(a), slotOf(a), card, true);
      const colour = m.suspect[seat * 3 + slotOf(a)]!;
      let s = 72;
      let wilds = 0;
      let match = false;
      for (let i = 0; i < m.handLen[seat]!; i++) {
        const c = m.hand[seat * 3 + i]!;
        if (KIND[c] === WILD) wilds++;
        else if (KIND[c] === EVIDENCE && COLOUR[c] === colour) match = true;
      }
      if (m.variant !== NO_BLUFF && wilds < 2 && !greedy) s -= 16;
      if (match) s -= 25;
      return s;
    }
    case Act.Burn: {
      const up = faceUpCount(m, seatOf(a));
      if (up === 0 || seatOf(a) === seat) return -50;
      if (criminal) return up >= 2 ? 70 : 25;
      if (greedy && up < m.limit) return 10;
      return 30 + 20 * threat(m, seatOf(a)) + 4 * up;
    }
    case Act.Tamper: {
      if (slotOf(a) === NO_SLOT || seatOf(a) === seat) return -50;
      if (criminal) return faceUpCount(m, seatOf(a)) >= 2 ? 70 : 25;
      if (greedy && faceUpCount(m, seatOf(a)) < m.limit) return 8;
      return 28 + 18 * threat(m, seatOf(a)) + (KIND[m.slotCard[seatOf(a) * 3 + slotOf(a)]!] === WILD ? 3 : 0);
    }
    case Act.Block:
      if (criminal) return 15;
      if (m.skip[seatOf(a)] === 1) return 5;
      return 20 + 17 * threat(m, seatOf(a));
    case Act.Discard:
      return 50 - usefulness(m, seat, card);
    case Act.Recolour:
      return 3;
    default:
      return 0;
  }
}

/** The best-scored action (ties broken with `rng`). */
function bestOf(m: SuspicionModel, seat: number, legal: number[], rng: Rng, greedy: boolean): number {
  let top = -Infinity;
  let pick = legal[0]!;
  let ties = 0;
  for (const a of legal) {
    const s = scoreTurn(m, seat, a, greedy);
    if (s > top + 1e-9) {
      top = s;
      pick = a;
      ties = 1;
    } else if (Math.abs(s - top) <= 1e-9 && rng.int(0, ties++) === 0) pick = a;
  }
  return pick;
}

/** Whether `seat` counters the open placement (bot-normal.ts `wantsCounter`, cheaply). */
function wantsCounter(m: SuspicionModel, seat: number, greedy: boolean): boolean {
  if (greedy) return true;
  const up = faceUpCount(m, m.pSuspect);
  if (m.variant === CRIMINAL) {
    if (up < 2) return true;
    let first = (m.placer + 1) % m.n;
    if (first === m.pSuspect) first = (first + 1) % m.n;
    return first !== seat;
  }
  const i = counterIndex(m, seat, m.suspect[m.pSuspect * 3 + m.pSlot]!);
  const keep = i < 0 ? 0 : usefulness(m, seat, m.hand[seat * 3 + i]!);
  const value = up >= m.limit ? 100 : up === m.limit - 1 ? 62 : 42;
  return value > keep + 5;
}

/** Whether `seat` believes the open declaration: the chance a 3-card hand of unseen cards held a fitting one (bot-normal.ts `believedCorrect` without the record). */
function believes(m: SuspicionModel, seat: number): boolean {
  const [pool, good] = unseenFitting(m, seat, m.suspect[m.pSuspect * 3 + m.pSlot]!);
  return chanceOfAny(good, pool, 3) > 0.5;
}

/** Playout styles: 0 the Normal heuristic, 1 uniformly random, 2 greedy (rush, always counter, never believe). */
export const SUSPICION_STYLES = 3;

/** The playout choice of `seat` among `legal` under `style` (see `SUSPICION_STYLES`). */
export function suspicionPlayout(m: SuspicionModel, seat: Seat, legal: number[], rng: Rng, style: number): number {
  if (legal.length === 1) return legal[0]!;
  if (style === 1) return legal[rng.int(0, legal.length - 1)]!;
  const greedy = style === 2;
  const has = (type: number) => {
    for (const a of legal) if (typeOf(a) === type) return a;
    return -1;
  };
  switch (m.phase) {
    case Ph.Counter: {
      const c = has(Act.Counter);
      return c >= 0 && wantsCounter(m, seat, greedy) ? c : has(Act.Pass);
    }
    case Ph.CounterBack: {
      const c = has(Act.CounterBack);
      return c >= 0 ? c : has(Act.Accept);
    }
    case Ph.Cancel: {
      const c = has(Act.Cancel);
      return c >= 0 ? c : has(Act.Allow);
    }
    case Ph.Vote:
      return act(Act.Vote, greedy ? 1 : believes(m, seat) ? 0 : 1);
    default:
      return bestOf(m, seat, legal, rng, greedy);
  }
}

/** Chance a simulated player leaves its style for a uniformly random move (`likelihood`'s floor). */
const LIKELIHOOD_NOISE = 0.1;

/**
 * How likely `seat` was to make a move observed as `code` (its full code, or what others see
 * of it) in `m` under the heuristic (style 0) mixed with LIKELIHOOD_NOISE of random play:
 * the summed probability of every legal action that shows as `code`.
 */
export function suspicionLikelihood(m: SuspicionModel, seat: Seat, code: string): number {
  const legal = suspicionLegal(m, seat);
  if (legal.length === 0) return 1;
  const bar = code.indexOf('|');
  const shown = bar < 0 ? code : code.slice(0, bar);
  // The heuristic's choice set: its deterministic answer, or the tied best turn moves.
  let chosen: number[];
  if (m.phase === Ph.Turn) {
    let top = -Infinity;
    chosen = [];
    for (const a of legal) {
      const s = scoreTurn(m, seat, a, false);
      if (s > top + 1e-9) {
        top = s;
        chosen = [a];
      } else if (Math.abs(s - top) <= 1e-9) chosen.push(a);
    }
  } else chosen = [suspicionPlayout(m, seat, legal, RNG_UNUSED, 0)];
  let p = 0;
  for (const a of legal) {
    if (suspicionCode(a) !== shown && suspicionPublicCode(a) !== shown) continue;
    p += LIKELIHOOD_NOISE / legal.length;
    if (chosen.includes(a)) p += (1 - LIKELIHOOD_NOISE) / chosen.length;
  }
  return Math.min(1, Math.max(p, 1e-6));
}

/** Playout of a reaction or vote draws no random number; a stand-in that fails loudly if it ever does. */
const RNG_UNUSED = {
  int(): number {
    throw new Error('suspicion model: unexpected random draw');
  },
} as unknown as Rng;

/** True when `a` may end the game at once: a declaration, the last vote, No-Bluff's third card, Arrest Race's draw with two slots filled. */
export function suspicionCanEnd(m: SuspicionModel, seat: Seat, a: number): boolean {
  switch (typeOf(a)) {
    case Act.Declare:
      return true;
    case Act.Vote:
    case Act.Abstain: {
      let waiting = 0;
      for (let s = 0; s < m.n; s++) if ((m.voters & (1 << s)) !== 0 && m.votes[s] === -1) waiting++;
      return waiting === 1 && m.votes[seat] === -1;
    }
    case Act.Place:
    case Act.Wild:
    case Act.Recolour:
      return m.variant === NO_BLUFF && seatOf(a) === seat && faceUpCount(m, seat) >= (typeOf(a) === Act.Recolour ? 3 : 2);
    case Act.Pass:
    case Act.CounterBack:
      return m.variant === NO_BLUFF && (m.phase === Ph.Counter || m.phase === Ph.CounterBack) && faceUpCount(m, m.placer) >= 2;
    case Act.Draw:
      return faceUpCount(m, seat) === 2;
    default:
      return false;
  }
}

/**
 * True when `seat`'s decision must come from the playout policy in the search, not from the
 * searcher's tree (sim-model.ts `policyDecides`): every rival's decision. The searcher's own
 * cards are the same in every sample, so a rival choosing at a node of the searcher's tree by
 * its rewards learns them: it judged every declaration of the searcher right (§1.9: the vote
 * on a face-down card only the declarer has seen), countered only when the searcher could not
 * counter back (§1.7), attacked only when it held no cancel (§1.8). Measured (docs/hard-search.md
 * "Suspicion"): with the votes alone left to the policy Hard won 36 of 120 classic games against
 * Normal, with every rival decision 48, the engine-based search 42 on the same deals.
 */
export function suspicionPolicyDecides(_m: SuspicionModel, seat: Seat, searcher: Seat): boolean {
  return seat !== searcher;
}

/** Suspicion's compact model (src/games/sim-model.ts). */
export const suspicionModel: SimModel<SuspicionState, SuspicionModel, number, SuspicionKnowledge> = {
  game: 'suspicion',
  fromState: (state, _rng, knowledge) => {
    const m = suspicionModelOf(state);
    m.quiet = knowledge?.quiet ?? 0;
    return m;
  },
  clone: cloneSuspicionModel,
  toAct: suspicionToAct,
  legal: suspicionLegal,
  code: (_m, _seat, a) => suspicionCode(a),
  apply: suspicionApply,
  observe: suspicionObserve,
  rewards: suspicionRewards,
  evaluate: suspicionEvaluate,
  playout: suspicionPlayout,
  canEnd: suspicionCanEnd,
  policyDecides: suspicionPolicyDecides,
  likelihood: suspicionLikelihood,
};
