/**
 * Suspicion — the Normal AI player's heuristics (docs/rules/suspicion.md §1.6–§1.12), on the
 * seat's own knowledge only: place matching evidence, keep a Wild for the final
 * declaration, counter a rival's placement when able, counter back and cancel whenever
 * possible, Burn / Tamper / Block the leader, declare when two cards are down with the card
 * the voters are least likely to judge right, and vote from what is visible (how likely the
 * declarer held a correct card, and how that seat declared before). Also the evaluation the
 * Hard level's search uses to cut simulations off. Pure.
 */
import type { Seat } from '../engine.js';
import type { Rng } from '../rng.js';
import { best, type Scores } from '../bot.js';
import {
  FACE_UP_LIMIT_BLUFF,
  SUSPECT_COLOURS,
  buildDeck,
  cardFace,
  faceKey,
  type CardFace,
  type CardId,
  type Colour,
  type SuspicionAction,
  type SuspicionState,
  type Variant,
} from './rules.js';
import type { SuspicionKnowledge, SuspicionSeatView } from './knowledge.js';

/** True when a face-down `face` would be a correct declaration for a slot of `colour` (§1.9 step 3). */
export function correctFor(face: CardFace, colour: Colour): boolean {
  return face.kind === 'wild' || (face.kind === 'evidence' && face.colour === colour);
}

/** Below this chance of a winning verdict, digging for a better card beats declaring. */
export const DECLARE_MIN_WIN_CHANCE = 0.3;
/** Prior pseudo-votes of an unknown voter: most players call a bluff (§1.9 vote model). */
const VOTE_PRIOR = { believe: 1, bluff: 2, abstain: 0.2 };
/** Weight (in pseudo-declarations) of the card-count estimate against a seat's record. */
const DECLARATION_PRIOR_WEIGHT = 2;
/** Chance a simulated player takes a random legal action instead of its heuristic choice. */
const ROLLOUT_NOISE = 0.08;

type View = SuspicionSeatView;
type Player = View['players'][number];

/** Face-up cards a suspect may carry in `variant` (§1.6 A; No-Bluff and Arrest Race: all three). */
export function faceUpLimit(variant: Variant): number {
  return variant === 'no-bluff' || variant === 'arrest-race' ? SUSPECT_COLOURS : FACE_UP_LIMIT_BLUFF;
}

const faceUp = (p: Player) => p.slots.filter((x) => x !== null).length;

const DECK_COUNTS = new Map<string, number>();
for (const id of buildDeck('classic')) {
  const key = faceKey(cardFace(id)!);
  DECK_COUNTS.set(key, (DECK_COUNTS.get(key) ?? 0) + 1);
}

/** How many cards of each face the seat has not seen (in other hands, the draw pile, face down). */
export function unseenCounts(k: SuspicionKnowledge): Map<string, number> {
  const v = k.view;
  const counts = new Map(DECK_COUNTS);
  if (v.variant === 'arrest-race') for (const key of ['burn', 'tamper', 'block', 'wild']) counts.delete(key);
  const seen = (key: string) => counts.set(key, (counts.get(key) ?? 0) - 1);
  for (const h of v.hand) seen(faceKey(h.face));
  for (const p of v.players) {
    for (const c of p.slots) if (c) seen(faceKey(c.face));
    if (p.blocked) seen('block');
  }
  for (const key of k.discard) seen(key);
  const ph = v.phase;
  if (ph.kind === 'counterBack') {
    seen(faceKey(ph.placed.face));
    seen(`${ph.colour}x`);
  }
  if (ph.kind === 'cancel') seen(ph.attack);
  if (v.faceDown) seen(faceKey(v.faceDown));
  return counts;
}

/** Total of a count map. */
export const total = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + Math.max(0, b), 0);

/** Chance that `hand` random cards out of `pool` include at least one of `good` (hypergeometric). */
export function chanceOfAny(good: number, pool: number, hand: number): number {
  if (good <= 0 || hand <= 0) return 0;
  if (pool - good < hand) return 1;
  let none = 1;
  for (let i = 0; i < hand; i++) none *= (pool - good - i) / (pool - i);
  return 1 - none;
}

/** Unseen cards that would be a correct declaration for a slot of `colour` (evidence of it or a Wild). */
export function correctUnseen(unseen: Map<string, number>, colour: Colour): number {
  return Math.max(0, unseen.get(colour) ?? 0) + Math.max(0, unseen.get(`${colour}x`) ?? 0) + Math.max(0, unseen.get('wild') ?? 0);
}

/**
 * The seat's belief that `declarer`'s face-down card is correct (§1.9): the chance a
 * 3-card hand of unseen cards held a correct one (a declarer who can plays it), blended
 * with the declarer's own record of revealed declarations.
 */
export function believedCorrect(k: SuspicionKnowledge, declarer: Seat): number {
  const v = k.view;
  const ph = v.phase;
  const colour = ph.kind === 'vote' ? ph.colour : null;
  let prior = 0.45;
  if (colour !== null) {
    const unseen = unseenCounts(k);
    prior = chanceOfAny(correctUnseen(unseen, colour), total(unseen), 3);
  }
  const d = k.declared[declarer]!;
  return (d.correct + DECLARATION_PRIOR_WEIGHT * prior) / (d.total + DECLARATION_PRIOR_WEIGHT);
}

/**
 * Chance the vote on a declaration by `declarer` ends "believe" (§1.9 step 2), from each
 * voter's revealed voting habits: majority of cast votes; a tie goes to the nearest voter
 * from the declarer's left who voted (or a coin flip); nobody voting means "believe".
 */
export function chanceOfBelieve(k: SuspicionKnowledge, declarer: Seat): number {
  const n = k.seatCount;
  const voters: [number, number, number][] = [];
  for (let i = 1; i < n; i++) {
    const t = k.votes[(declarer + i) % n]!;
    voters.push(voteHabit(t.believe, t.bluff, t.abstain));
  }
  return verdictBelieveChance(voters, k.options.tieRule === 'coin-flip');
}

/** A voter's chances to believe, call a bluff and abstain after `believe`, `bluff`, `abstain` revealed votes (with the prior). */
function voteHabit(believe: number, bluff: number, abstain: number): [number, number, number] {
  const b = believe + VOTE_PRIOR.believe;
  const f = bluff + VOTE_PRIOR.bluff;
  const a = abstain + VOTE_PRIOR.abstain;
  return [b / (b + f + a), f / (b + f + a), a / (b + f + a)];
}

/**
 * Chance the verdict is "believe" (§1.9 step 2) when the voters, clockwise from the declarer's
 * left, believe / call a bluff / abstain with the given chances: majority of cast votes; a tie
 * goes to the nearest voter from the declarer's left who voted (or a coin flip); nobody voting
 * means "believe".
 */
export function verdictBelieveChance(voters: readonly (readonly [number, number, number])[], coinFlip: boolean): number {
  let believe = 0;
  const choice: number[] = Array(voters.length).fill(0);
  const walk = (i: number, p: number) => {
    if (i === voters.length) {
      let yes = 0;
      let no = 0;
      for (const c of choice) if (c === 0) yes++;
      else if (c === 1) no++;
      if (yes + no === 0 || yes > no) believe += p;
      else if (yes === no) {
        if (coinFlip) believe += p / 2;
        else if (choice[choice.findIndex((c) => c !== 2)] === 0) believe += p;
      }
      return;
    }
    for (let c = 0; c < 3; c++) {
      choice[i] = c;
      walk(i + 1, p * voters[i]![c]!);
    }
  };
  walk(0, 1);
  return believe;
}

/** `verdictBelieveChance` for `voters` voters nobody has seen vote yet (the prior habit). */
export function priorBelieveChance(voters: number, coinFlip: boolean): number {
  return verdictBelieveChance(Array.from({ length: voters }, () => voteHabit(0, 0, 0)), coinFlip);
}

/** How much the seat wants to keep a card (0 = useless … 50 = precious). */
function usefulness(k: SuspicionKnowledge, face: CardFace, duplicate: boolean): number {
  const v = k.view;
  const me = v.players[k.seat]!;
  const limit = faceUpLimit(v.variant);
  const criminal = v.variant === 'criminal';
  switch (face.kind) {
    case 'wild':
      return v.variant === 'no-bluff' ? 38 : 45;
    case 'burn':
      return 32;
    case 'tamper':
      return 27;
    case 'block':
      return 20;
    case 'evidence': {
      const needing = v.players.filter((p, s) => s !== k.seat && p.suspect.includes(face.colour) && p.slots[p.suspect.indexOf(face.colour)] === null).length;
      if (criminal) return (face.counter ? 18 : 8) + 3 * needing;
      const slot = me.suspect.indexOf(face.colour);
      const open = slot >= 0 && me.slots[slot] === null;
      if (open && faceUp(me) < limit) return duplicate ? 22 : 40;
      if (open) return duplicate ? 25 : 44;
      return face.counter ? 14 + 3 * needing : 0;
    }
  }
}

/** How urgently rival `s` must be stopped (0 … 3): near the face-up limit, soon to act. */
function threat(v: View, s: Seat): number {
  const p = v.players[s]!;
  const limit = faceUpLimit(v.variant);
  const up = faceUp(p);
  let t = up >= limit ? 3 : up === limit - 1 ? 1.2 : up > 0 ? 0.4 : 0;
  if (p.skipNext || p.blocked) t *= 0.5;
  return t;
}

/** Score of one turn action for the classic, No-Bluff and Arrest Race rules. */
function scoreOwnTurn(k: SuspicionKnowledge, a: SuspicionAction, unseen: Map<string, number>, counts: Map<string, number>): number {
  const v = k.view;
  const me = v.players[k.seat]!;
  const limit = faceUpLimit(v.variant);
  const pool = total(unseen);
  const face = 'card' in a ? cardFace(a.card)! : null;
  const counterRisk = (colour: Colour) => {
    const c = Math.max(0, unseen.get(`${colour}x`) ?? 0);
    const hands = v.players.reduce((sum, p, s) => sum + (s === k.seat || p.blocked ? 0 : p.handSize), 0);
    return chanceOfAny(c, pool, hands);
  };
  switch (a.type) {
    case 'declare': {
      const colour = v.players[a.suspect]!.suspect[v.players[a.suspect]!.slots.indexOf(null)]!;
      const believe = chanceOfBelieve(k, k.seat);
      const win = correctFor(face!, colour) ? 1 - believe : believe;
      return win < DECLARE_MIN_WIN_CHANCE ? 40 + 60 * win : 60 + 60 * win;
    }
    case 'place': {
      const f = face as Extract<CardFace, { kind: 'evidence' }>;
      const after = faceUp(me) + 1;
      let s = after >= limit ? 86 : 80;
      if (f.counter) s -= 4;
      s -= 8 * counterRisk(f.colour);
      return s;
    }
    case 'wild': {
      const colour = me.suspect[a.slot]!;
      const wilds = counts.get('wild') ?? 0;
      const hasMatch = v.hand.some((h) => h.face.kind === 'evidence' && h.face.colour === colour);
      let s = 72 - 8 * counterRisk(colour);
      if (v.variant !== 'no-bluff' && wilds < 2) s -= 16;
      if (hasMatch) s -= 25;
      return s;
    }
    case 'burn': {
      const t = v.players[a.target]!;
      const up = faceUp(t);
      if (up === 0) return -50;
      return 30 + 20 * threat(v, a.target) + 4 * up;
    }
    case 'tamper': {
      if (a.slot === undefined) return -50;
      const t = v.players[a.target]!;
      const c = t.slots[a.slot]!;
      return 28 + 18 * threat(v, a.target) + (c.face.kind === 'wild' ? 3 : 0) + (c.protected ? 2 : 0);
    }
    case 'block': {
      const t = v.players[a.target]!;
      if (t.skipNext) return 5;
      return 20 + 17 * threat(v, a.target);
    }
    case 'discard': {
      const key = faceKey(face!);
      return 50 - usefulness(k, face!, (counts.get(key) ?? 0) > 1);
    }
    case 'recolour':
      return 3;
    default:
      return 0;
  }
}

/**
 * Criminal Edition (§1.12), a second face-up card on `suspect`'s card (`filled` = the slot it
 * fills): the seats that take a turn before mine and may declare on it first — every rival
 * but the suspect's owner, except those losing their next turn (skipping or blocked, §1.5).
 */
export function declarersAhead(k: SuspicionKnowledge, suspect: Seat): Seat[] {
  const v = k.view;
  const out: Seat[] = [];
  for (let i = 1; i < k.seatCount; i++) {
    const s = (k.seat + i) % k.seatCount;
    const p = v.players[s]!;
    if (s !== suspect && !p.skipNext && !p.blocked) out.push(s);
  }
  return out;
}

/** What a second card in Criminal Edition would do for the seat (`secondCard`). */
export interface SecondCard {
  /** Colour of the slot left open: the declaration's colour. */
  open: Colour;
  /** Rivals who may declare on it before the seat's next turn. */
  ahead: Seat[];
  /** The seat keeps a card that fits the open slot (evidence of its colour or a Wild, §1.9). */
  holdsFit: boolean;
  /** Chance one rival ahead holds a fitting card (a 3-card hand of the cards the seat has not seen). */
  rivalFits: number;
  /** Estimated chance that the seat is the one whose declaration on it wins. */
  win: number;
}

/**
 * Criminal Edition (§1.12): the race a second face-up card on a rival's suspect starts. Every
 * rival ahead declares on it in turn (docs/rules/suspicion.md §1.9: a declaration wins when the
 * vote judges it wrongly): it wins with its fitting card when the vote says bluff, or with any
 * other card when the vote believes; a failed declarer loses its next turn and the next one
 * tries. The seat wins when every rival ahead fails and its own declaration then wins — with
 * its fitting card against a "bluff" vote, or bluffing against a "believe". Rivals' hands are
 * estimated from the unseen cards, the votes from each seat's revealed voting (`chanceOfBelieve`).
 * `card` is the card the placement uses (not kept for the declaration).
 */
export function secondCard(k: SuspicionKnowledge, suspect: Seat, filled: number, card: CardId, unseen: Map<string, number>): SecondCard {
  const v = k.view;
  const target = v.players[suspect]!;
  const openSlot = target.slots.findIndex((x, i) => x === null && i !== filled);
  const open = target.suspect[openSlot]!;
  const ahead = declarersAhead(k, suspect);
  const rivalFits = chanceOfAny(correctUnseen(unseen, open), total(unseen), 3);
  let win = 1;
  for (const s of ahead) {
    const believe = chanceOfBelieve(k, s);
    win *= 1 - (rivalFits * (1 - believe) + (1 - rivalFits) * believe);
  }
  const holdsFit = v.hand.some((h) => h.card !== card && correctFor(h.face, open));
  const believe = chanceOfBelieve(k, k.seat);
  win *= holdsFit ? 1 - believe : believe;
  return { open, ahead, holdsFit, rivalFits, win };
}

/**
 * Score of a second face-up card in Criminal Edition (§1.12). With nobody ahead (two players,
 * or every rival ahead losing a turn) the seat declares first: always worth it. Otherwise by
 * the chance `secondCard` estimates against the fair share 1/n: above it, better than any
 * discard; below it, a card to keep waiting with — until a whole round has passed with nothing
 * but discards (`quiet`): then the table is stuck (the round cap ends it with no winner, §1.10),
 * and any second card beats one more discard, the likeliest to win first.
 */
function scoreSecondCard(k: SuspicionKnowledge, suspect: Seat, filled: number, card: CardId, wild: boolean, unseen: Map<string, number>): number {
  const c = secondCard(k, suspect, filled, card, unseen);
  if (c.ahead.length === 0) return wild ? 70 : 84;
  const share = c.win * k.seatCount;
  let s = share >= 1 ? 64 + 10 * Math.min(1, share - 1) : 20 + 20 * share;
  if (k.quiet >= k.seatCount) s = Math.max(s, 52 + 10 * Math.min(1, share));
  return wild ? s - 6 : s;
}

/** Score of one turn action in Criminal Edition (§1.12): declare on any suspect with two cards down. */
function scoreCriminalTurn(k: SuspicionKnowledge, a: SuspicionAction, unseen: Map<string, number>, counts: Map<string, number>): number {
  const v = k.view;
  const face = 'card' in a ? cardFace(a.card)! : null;
  switch (a.type) {
    case 'declare': {
      const p = v.players[a.suspect]!;
      const colour = p.suspect[p.slots.indexOf(null)]!;
      const believe = chanceOfBelieve(k, k.seat);
      const win = correctFor(face!, colour) ? 1 - believe : believe;
      return 60 + 60 * win;
    }
    case 'place': {
      const p = v.players[a.suspect]!;
      if (faceUp(p) === 0) return 62;
      const colour = (face as Extract<CardFace, { kind: 'evidence' }>).colour;
      return scoreSecondCard(k, a.suspect, p.suspect.indexOf(colour), a.card, false, unseen);
    }
    case 'wild': {
      if (faceUp(v.players[a.suspect]!) === 0) return 45;
      return scoreSecondCard(k, a.suspect, a.slot, a.card, true, unseen);
    }
    case 'burn':
    case 'tamper': {
      if (a.type === 'tamper' && a.slot === undefined) return -50;
      const up = faceUp(v.players[a.target]!);
      return up >= 2 ? 70 : up === 1 ? 25 : -50;
    }
    case 'block':
      return 15;
    case 'discard': {
      const key = faceKey(face!);
      return 50 - usefulness(k, face!, (counts.get(key) ?? 0) > 1);
    }
    default:
      return 0;
  }
}

/** Whether to counter the placement in the open window (§1.7). */
function wantsCounter(k: SuspicionKnowledge): boolean {
  const v = k.view;
  const ph = v.phase;
  if (ph.kind !== 'counter') return false;
  const n = k.seatCount;
  const target = v.players[ph.suspect]!;
  const up = faceUp(target);
  if (v.variant === 'criminal') {
    // Two cards down: the first player after the placer who is not the suspect's owner
    // declares first — let it stand if that is me.
    if (up >= 2) {
      let first = (ph.placer + 1) % n;
      if (first === ph.suspect) first = (first + 1) % n;
      return first !== k.seat;
    }
    return true;
  }
  const limit = faceUpLimit(v.variant);
  const counterCard = v.hand.find((h) => h.face.kind === 'evidence' && h.face.counter && h.face.colour === ph.colour);
  const keep = counterCard ? usefulness(k, counterCard.face, false) : 0;
  const value = up >= limit ? 100 : up === limit - 1 ? 62 : 42;
  return value > keep + 5;
}

/** The Normal choice for `k.seat` among `legal` (rules §1.6–§1.12). */
export function normalSuspicion(k: SuspicionKnowledge, legal: SuspicionAction[], rng: Rng, record?: Scores): SuspicionAction {
  if (legal.length === 1) return legal[0]!;
  const v = k.view;
  const has = (type: SuspicionAction['type']) => legal.find((a) => a.type === type);
  switch (v.phase.kind) {
    case 'counter':
      return (wantsCounter(k) && has('counter')) || has('pass')!;
    case 'counterBack':
      return has('counterBack') ?? has('accept')!;
    case 'cancel':
      return has('cancel') ?? has('allow')!;
    case 'vote': {
      const p = believedCorrect(k, v.phase.declarer);
      return legal.find((a) => a.type === 'vote' && a.verdict === (p > 0.5 ? 'believe' : 'bluff')) ?? legal[0]!;
    }
    case 'turn': {
      const unseen = unseenCounts(k);
      const counts = new Map<string, number>();
      for (const h of v.hand) counts.set(faceKey(h.face), (counts.get(faceKey(h.face)) ?? 0) + 1);
      if (v.variant === 'criminal') return best(legal, (a) => scoreCriminalTurn(k, a, unseen, counts), rng, record);
      return best(legal, (a) => scoreOwnTurn(k, a, unseen, counts), rng, record);
    }
    case 'over':
      return legal[0]!;
  }
}

/** The rollout policy inside the Hard level's simulations: Normal, with a little noise. */
export function rolloutSuspicion(k: SuspicionKnowledge, legal: SuspicionAction[], rng: Rng): SuspicionAction {
  if (rng.int(0, 999) < ROLLOUT_NOISE * 1000) return legal[rng.int(0, legal.length - 1)]!;
  return normalSuspicion(k, legal, rng);
}

/**
 * Value of a running game for `seat`, in [0, 1]: a softmax of every detective's progress
 * (face-up cards towards the limit, a correct card in hand for the declaration, turns lost).
 */
export function evaluateSuspicion(s: SuspicionState, seat: Seat): number {
  const limit = faceUpLimit(s.options.variant);
  if (s.options.variant === 'criminal') {
    // Everybody races for the same suspects: the one about to move is closest.
    const n = s.seats;
    const ready = s.players.some((p) => p.slots.filter((x) => x).length >= 2);
    const dist = (seat - s.turn + n) % n;
    return ready ? Math.max(0.02, (1 / n) * (1.6 - (0.4 * dist) / Math.max(1, n - 1))) : 1 / n;
  }
  const strength = s.players.map((p) => {
    const up = p.slots.filter((x) => x !== null).length;
    let x = (2.2 * up) / limit;
    if (s.options.variant === 'classic' && up >= limit) {
      const colour = p.suspect[p.slots.indexOf(null)];
      if (colour && p.hand.some((c) => correctFor(cardFace(c)!, colour))) x += 0.4;
    }
    x += 0.25 * p.hand.filter((c) => ['burn', 'tamper'].includes(cardFace(c)!.kind)).length;
    if (p.skipNext || p.blockCard) x -= 0.3;
    return Math.exp(1.6 * x);
  });
  const sum = strength.reduce((a, b) => a + b, 0);
  return strength[seat]! / sum;
}
