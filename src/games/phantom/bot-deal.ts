/**
 * Tricks and the Phantom — the arithmetic and sampling the AI players share: the criminal
 * among cards in play (docs/rules/phantom.md §3.4), the points of a crime (§3.7,
 * §3.8), and dealing the cards a seat has not seen into every hidden place consistently with
 * the clue colours (§3.3 step 3, §3.5). The engine keeps its own helpers private, so these
 * are the bot's copies; a test checks they agree with the engine. Pure.
 */
import type { Seat } from '../engine.js';
import type { Rng } from '../rng.js';
import {
  BARKEEPER,
  COLOURS,
  COURIER,
  DETECTIVE,
  FORENSICIST,
  POLITICIAN,
  SHOPKEEPER,
  YAKUZA,
  deckFor,
  trueColour,
  type CardNumber,
  type Colour,
  type GlassTarget,
} from './rules.js';
import type { phantomDefinition } from './engine.js';

/** A seat's view of Tricks and the Phantom. */
export type PhantomSeatView = ReturnType<typeof phantomDefinition.seatView>;

/** Attempts of the rejection sampler before it accepts a sample without the Phantom-colour weighting. */
const SAMPLE_ATTEMPTS = 60;

// ── Crime arithmetic (§3.4, §3.7, §3.8) ──────────────────────────────────────────────────

/** The criminal among the cards in play (§3.4), or null when no suspect remains (uncached). */
function criminalRule(inPlay: readonly CardNumber[]): CardNumber | null {
  const candidates = [...inPlay];
  if (inPlay.includes(FORENSICIST)) {
    let top = inPlay[0]!;
    for (const c of inPlay) if (c > top) top = c;
    candidates.splice(candidates.indexOf(top), 1);
  } else {
    if (inPlay.includes(BARKEEPER) && inPlay.includes(POLITICIAN)) return BARKEEPER;
    if (inPlay.includes(COURIER)) {
      let others = true;
      let skipped = false;
      for (const c of inPlay) {
        if (c === COURIER && !skipped) skipped = true;
        else if (c < 5) others = false;
      }
      if (others) return COURIER;
    }
    if (inPlay.includes(SHOPKEEPER) && inPlay.includes(YAKUZA)) candidates.splice(candidates.indexOf(YAKUZA), 1);
  }
  let top: CardNumber | null = null;
  for (const c of candidates) if (c !== 1 && (top === null || c > top)) top = c;
  return top;
}

/** Criminal by in-play set: the suspects 2–10 as a bit mask and the number of Phantoms (0–2). */
const CRIMINAL_MEMO: (CardNumber | null | undefined)[] = [];

/** The criminal among the cards in play (§3.4), or null when no suspect remains. */
export function criminalOf(inPlay: readonly CardNumber[]): CardNumber | null {
  let mask = 0;
  let phantoms = 0;
  for (const c of inPlay) {
    if (c === 1) phantoms++;
    else mask |= 1 << c;
  }
  const key = mask * 4 + phantoms;
  let hit = CRIMINAL_MEMO[key];
  if (hit === undefined) {
    hit = criminalRule(inPlay);
    CRIMINAL_MEMO[key] = hit;
  }
  return hit;
}

/** A crime laid out: the card at each reporting position and the 4th-party card. */
export interface CrimeLayout {
  players: number;
  /** Card at each position (index = position). */
  cards: CardNumber[];
  fourth: CardNumber | null;
}

/** Owner of a reporting position (2 players: A, B, A, B). */
export function ownerOfPosition(position: number, players: number): Seat {
  return position % players;
}

/**
 * Points of one crime per seat before the floor at 0 (§3.7, §3.8), given where every glass
 * lies (`glasses[seat]` = its target).
 */
export function crimePoints(layout: CrimeLayout, glasses: readonly GlassTarget[]): number[] {
  const n = layout.players;
  const cards = layout.cards;
  const points: number[] = Array(n).fill(0);
  const criminal = criminalOf(layout.fourth === null ? cards : [...cards, layout.fourth]);
  let at: GlassTarget | null = null;
  if (criminal !== null) {
    const pos = cards.indexOf(criminal);
    at = pos >= 0 ? pos : layout.fourth === criminal ? 'fourth' : null;
  }
  const factor = criminal === DETECTIVE ? 2 : 1;
  if (at !== null) {
    if (at === 'fourth') {
      const shop = cards.indexOf(SHOPKEEPER);
      if (shop >= 0) points[shop % n]! += 1;
      const forensic = cards.indexOf(FORENSICIST);
      if (forensic >= 0) points[forensic % n]! += 1;
    } else points[at % n]! += factor;
    let k = 0;
    for (const g of glasses) if (g === at) k++;
    for (let seat = 0; seat < glasses.length; seat++) {
      if (glasses[seat] !== at) continue;
      const base = n === 2 ? (at !== 'fourth' && at % n === seat ? 1 : 2) : n - k;
      points[seat]! += base * factor;
    }
  }
  for (let seat = 0; seat < glasses.length; seat++) {
    const g = glasses[seat]!;
    const card = g === 'fourth' ? layout.fourth : cards[g];
    if (card !== 1) continue;
    if (g === 'fourth') points[seat]! -= 1;
    else if (g % n !== seat) {
      points[seat]! -= 1;
      points[g % n]! += 1;
    }
  }
  return points;
}

// ── Dealing the unseen cards ─────────────────────────────────────────────────────────────

/** The cards of this round's deck the seat has not seen, as a list of numbers (Phantoms twice). */
export function unseenCards(v: PhantomSeatView): CardNumber[] {
  const out = deckFor(v.beginner);
  const drop = (c: CardNumber) => {
    const i = out.indexOf(c);
    if (i < 0) throw new Error(`phantom bot: card ${c} seen twice`);
    out.splice(i, 1);
  };
  for (const c of v.hand) drop(c);
  for (const r of v.myReports) drop(r.card);
  if (v.myDiscard !== null) drop(v.myDiscard);
  for (const c of v.retired) drop(c);
  if (v.fourthParty !== null) drop(v.fourthParty);
  return out;
}

/** True when `card` may carry clue `colour` (§3.3 step 3: true suit, any colour on a Phantom). */
export function fitsClue(card: CardNumber, colour: Colour): boolean {
  const t = trueColour(card);
  return t === null || t === colour;
}

/** The unseen cards dealt to every hidden place of the current crime. */
export interface HiddenDeal {
  /** Card of each report of another seat, by position. */
  reports: Map<number, CardNumber>;
  hands: CardNumber[][];
  discards: (CardNumber | null)[];
  faceDown: CardNumber[];
}

/**
 * Deal the unseen cards: reports first (each fitting its clue; a Phantom under a clue is
 * accepted with probability 1/3, the chance a Phantom shows that colour at random), then
 * hands, 3-player discards and face-down cards at random.
 */
export function dealHidden(v: PhantomSeatView, rng: Rng): HiddenDeal {
  const unseen = unseenCards(v);
  const others = v.reports.filter((r) => r.seat !== v.me);
  let reports = new Map<number, CardNumber>();
  let rest: CardNumber[] = unseen;
  for (let attempt = 0; attempt < SAMPLE_ATTEMPTS; attempt++) {
    const pool = rng.shuffle(unseen);
    const got = new Map<number, CardNumber>();
    let ok = true;
    let weight = 1;
    for (const r of others) {
      const i = pool.findIndex((c) => fitsClue(c, r.colour));
      if (i < 0) {
        ok = false;
        break;
      }
      const card = pool.splice(i, 1)[0]!;
      if (card === 1) weight /= COLOURS.length;
      got.set(r.position, card);
    }
    if (!ok) continue;
    reports = got;
    rest = pool;
    if (attempt === SAMPLE_ATTEMPTS - 1 || rng.int(0, 999) < weight * 1000) break;
  }
  if (reports.size !== others.length) throw new Error('phantom bot: no card fits the clues');
  const hands: CardNumber[][] = v.handCounts.map((count, seat) => (seat === v.me ? [...v.hand] : rest.splice(0, count)));
  const discards: (CardNumber | null)[] = Array.from({ length: v.players }, (_, seat) => {
    if (seat === v.me) return v.myDiscard;
    return v.discarded?.[seat] ? rest.splice(0, 1)[0]! : null;
  });
  const faceDown = rest.splice(0, v.faceDownCount);
  if (rest.length !== 0) throw new Error(`phantom bot: ${rest.length} unseen cards have no place`);
  return { reports, hands, discards, faceDown };
}

