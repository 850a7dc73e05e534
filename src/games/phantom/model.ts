/**
 * Tricks and the Phantom — the compact simulation model (src/games/sim-model.ts) the Hard
 * level's information-set search plays on: the rules of ./moves.ts, ./seating.ts, ./setup.ts
 * and ./scoring.ts (docs/rules/phantom.md §3.3–§3.9, 2–4 players) on a small mutable state of
 * typed arrays, with actions as small integers. No zod, no seat views, no copies per action.
 *
 * A new round's deal is the engine's (`dealRound`: the same shuffle of the same deck), so the
 * same random numbers give the same hands (test/games/phantom/model.test.ts).
 *
 * What a seat observes of a move (`observe`, §3.5): a rival's secret discard only as "a card
 * was discarded", a rival's report only by its clue colour, a glass in full; the glass that
 * closes a crime also shows every card of the crime and the next 4th-party card. A new deal's
 * hands are chance, not observations.
 *
 * Pure: randomness only through the `Rng` passed in.
 */
import type { Seat } from '../engine.js';
import { Rng } from '../rng.js';
import type { SimModel } from '../sim-model.js';
import { criminalOf } from './bot-deal.js';
import { CRIMES_PER_ROUND, HAND_SIZE, deckFor, type CardNumber, type Colour, type PhantomAction, type PhantomState } from './rules.js';

// ── Cards and actions ────────────────────────────────────────────────────────────────

/** Clue colours by index, in the panel's order (rules.ts `COLOURS`): 0 yellow, 1 red, 2 blue. */
const COLOUR_NAMES: readonly Colour[] = ['yellow', 'red', 'blue'];
const COLOUR_CODES = ['y', 'r', 'b'];
/** True suit index of each card number (1–10); -1 for the Phantom (any clue). */
const SUIT = [-1, -1, 0, 0, 1, 1, 0, 2, 1, 2, 2];
const PHANTOM = 1;
const SHOPKEEPER = 4;
const FORENSICIST = 5;
const DETECTIVE = 6;
/** The Glass target "the 4th-party card" (positions are 0–3). */
const FOURTH = 4;

/** Action kinds (bits 0–1). */
const DISCARD = 0;
const REPORT = 1;
const GLASS = 2;
/**
 * An action: kind (bits 0–1); a card number (bits 2–5) with a clue colour index (bits 6–7) for
 * a report or a discard; a glass target (bits 2–4: a position, or 4 = the 4th-party card).
 */
export type PhantomModelAction = number;
const discardAct = (card: number) => DISCARD | (card << 2);
const reportAct = (card: number, colour: number) => REPORT | (card << 2) | (colour << 6);
const glassAct = (on: number) => GLASS | (on << 2);
const kindOf = (a: number) => a & 3;
const cardOf = (a: number) => (a >> 2) & 15;
const colourOf = (a: number) => (a >> 6) & 3;
const onOf = (a: number) => (a >> 2) & 7;

// ── State ────────────────────────────────────────────────────────────────────────────

const P_DISCARD = 0;
const P_REPORT = 1;
const P_SOLVE = 2;
const P_OVER = 3;
const PHASES = ['discard', 'report', 'solve', 'over'];

/** The model state: one game (rules.ts `PhantomState`) in typed arrays. */
export interface PhantomModel {
  n: number;
  /** Investigator positions (4 with 2 players). */
  positions: number;
  beginner: boolean;
  target: number;
  phase: number;
  round: number;
  crime: number;
  scores: Int16Array;
  /** Per seat·4 + index: the hand in the engine's order; `handLen[seat]` cards. */
  hands: Int8Array;
  handLen: Uint8Array;
  /** Per seat: its 3-player discard, or -1. */
  discards: Int8Array;
  /** Face-down cards, the next one at `faceDown[faceDownAt]`. */
  faceDown: Int8Array;
  faceDownAt: number;
  faceDownLen: number;
  fourth: number;
  /** Copies of each card number revealed this round (public). */
  retired: Uint8Array;
  first: number;
  /** Reports in report order: card, clue colour index; positions follow from `first`. */
  repCard: Int8Array;
  repColour: Int8Array;
  reports: number;
  /** Glasses in placement order: target (position or FOURTH). */
  glassOn: Int8Array;
  glasses: number;
  winner: number;
  /** The public reveal of the last `apply`, when it closed a crime (cards, next 4th party). */
  reveal: string;
}

/** The model of an engine state (a determinizer's sample, or the true state in tests). */
export function phantomModelOf(s: PhantomState): PhantomModel {
  const n = s.seats;
  const positions = n === 2 ? 4 : n;
  const m: PhantomModel = {
    n,
    positions,
    beginner: s.options.beginner,
    target: s.options.targetScore,
    phase: PHASES.indexOf(s.phase),
    round: s.round,
    crime: s.crime,
    scores: Int16Array.from(s.scores),
    hands: new Int8Array(n * 4).fill(-1),
    handLen: new Uint8Array(n),
    discards: Int8Array.from(s.discards.length === n ? s.discards.map((d) => d ?? -1) : new Array(n).fill(-1)),
    faceDown: new Int8Array(11).fill(-1),
    faceDownAt: 0,
    faceDownLen: s.faceDown.length,
    fourth: s.fourthParty ?? -1,
    retired: new Uint8Array(11),
    first: s.firstInvestigator,
    repCard: new Int8Array(4).fill(-1),
    repColour: new Int8Array(4).fill(-1),
    reports: s.reports.length,
    glassOn: new Int8Array(4).fill(-1),
    glasses: s.glasses.length,
    winner: s.winners.length === 1 ? s.winners[0]! : -1,
    reveal: '',
  };
  s.hands.forEach((hand, seat) => {
    hand.forEach((card, i) => (m.hands[seat * 4 + i] = card));
    m.handLen[seat] = hand.length;
  });
  s.faceDown.forEach((card, i) => (m.faceDown[i] = card));
  for (const card of s.retired) m.retired[card]!++;
  s.reports.forEach((r, i) => {
    m.repCard[i] = r.card;
    m.repColour[i] = COLOUR_NAMES.indexOf(r.colour);
  });
  s.glasses.forEach((g, i) => (m.glassOn[i] = g.on === 'fourth' ? FOURTH : g.on));
  return m;
}

/** An independent copy of `m`. */
export function clonePhantomModel(m: PhantomModel): PhantomModel {
  return {
    ...m,
    scores: m.scores.slice(),
    hands: m.hands.slice(),
    handLen: m.handLen.slice(),
    discards: m.discards.slice(),
    faceDown: m.faceDown.slice(),
    retired: m.retired.slice(),
    repCard: m.repCard.slice(),
    repColour: m.repColour.slice(),
    glassOn: m.glassOn.slice(),
  };
}

// ── Seating (seating.ts) ─────────────────────────────────────────────────────────────

const ownerOf = (m: PhantomModel, position: number) => position % m.n;
/** The position of the `i`-th report of the crime (clockwise from the first investigator). */
const positionAt = (m: PhantomModel, i: number) => (m.first + i) % m.positions;
/** Report index of `position`. */
const indexOfPosition = (m: PhantomModel, position: number) => (position - m.first + m.positions) % m.positions;
/** The seat placing the `i`-th glass: counter-clockwise from the player of the last-played position. */
function glassSeat(m: PhantomModel, i: number): number {
  const start = ownerOf(m, (m.first + m.positions - 1) % m.positions);
  return (start - i + m.n * 2) % m.n;
}

/** Seats that must decide now (moves.ts `pending`). */
export function phantomToAct(m: PhantomModel): Seat[] {
  switch (m.phase) {
    case P_DISCARD: {
      const out: Seat[] = [];
      for (let seat = 0; seat < m.n; seat++) if (m.discards[seat] === -1) out.push(seat);
      return out;
    }
    case P_REPORT:
      return m.reports < m.positions ? [ownerOf(m, positionAt(m, m.reports))] : [];
    case P_SOLVE:
      return m.glasses < m.n ? [glassSeat(m, m.glasses)] : [];
    default:
      return [];
  }
}

/** True when the hand card at `index` has an earlier copy (the two Phantoms are one choice). */
function repeated(m: PhantomModel, seat: number, index: number): boolean {
  const card = m.hands[seat * 4 + index];
  for (let i = 0; i < index; i++) if (m.hands[seat * 4 + i] === card) return true;
  return false;
}

/** The legal actions of `seat` (moves.ts `legalActions`, in the same order). */
export function phantomLegal(m: PhantomModel, seat: Seat): number[] {
  const out: number[] = [];
  switch (m.phase) {
    case P_DISCARD:
      if (m.discards[seat] !== -1) return out;
      for (let i = 0; i < m.handLen[seat]!; i++) if (!repeated(m, seat, i)) out.push(discardAct(m.hands[seat * 4 + i]!));
      return out;
    case P_REPORT:
      if (m.reports >= m.positions || ownerOf(m, positionAt(m, m.reports)) !== seat) return out;
      for (let i = 0; i < m.handLen[seat]!; i++) {
        if (repeated(m, seat, i)) continue;
        const card = m.hands[seat * 4 + i]!;
        if (card === PHANTOM) for (let c = 0; c < 3; c++) out.push(reportAct(card, c));
        else out.push(reportAct(card, SUIT[card]!));
      }
      return out;
    case P_SOLVE:
      if (m.glasses >= m.n || glassSeat(m, m.glasses) !== seat) return out;
      for (let i = 0; i < m.reports; i++) out.push(glassAct(positionAt(m, i)));
      if (m.fourth !== -1) out.push(glassAct(FOURTH));
      return out;
    default:
      return out;
  }
}

/** The engine's action code of `a` (codec.ts `encodeAction`). */
export function phantomCode(a: number): string {
  switch (kindOf(a)) {
    case DISCARD:
      return `d:${cardOf(a)}`;
    case REPORT:
      return `r:${cardOf(a)}:${COLOUR_CODES[colourOf(a)]}`;
    default:
      return `g:${onOf(a) === FOURTH ? 'f' : onOf(a)}`;
  }
}

/** What seats other than the actor see of `a` (§3.5): "discarded", a report's clue colour, a glass in full. */
export function phantomPublicCode(a: number): string {
  switch (kindOf(a)) {
    case DISCARD:
      return 'd';
    case REPORT:
      return `r:${COLOUR_CODES[colourOf(a)]}`;
    default:
      return phantomCode(a);
  }
}

/** The model action of an engine action (tests). */
export function phantomModelAction(a: PhantomAction): number {
  switch (a.type) {
    case 'discard':
      return discardAct(a.card);
    case 'report':
      return reportAct(a.card, COLOUR_NAMES.indexOf(a.colour));
    case 'glass':
      return glassAct(a.on === 'fourth' ? FOURTH : a.on);
  }
}

// ── Effects ──────────────────────────────────────────────────────────────────────────

function takeCard(m: PhantomModel, seat: number, card: number): void {
  const b = seat * 4;
  const len = m.handLen[seat]!;
  for (let i = 0; i < len; i++) {
    if (m.hands[b + i] !== card) continue;
    for (let j = i; j < len - 1; j++) m.hands[b + j] = m.hands[b + j + 1]!;
    m.hands[b + len - 1] = -1;
    m.handLen[seat] = len - 1;
    return;
  }
  throw new Error(`phantom model: card ${card} not in hand of ${seat}`);
}

/** setup.ts `startRound` / seating.ts `dealRound`: shuffle the round's deck with `rng` and deal (§3.3, §3.8). */
function startRound(m: PhantomModel, rng: Rng): void {
  const deck = rng.shuffle(deckFor(m.beginner));
  const size = HAND_SIZE[m.n]!;
  m.hands.fill(-1);
  for (let seat = 0; seat < m.n; seat++) {
    for (let i = 0; i < size; i++) m.hands[seat * 4 + i] = deck[seat * size + i]!;
    m.handLen[seat] = size;
  }
  m.faceDown.fill(-1);
  let k = 0;
  for (let i = m.n * size; i < deck.length; i++) m.faceDown[k++] = deck[i]!;
  m.faceDownAt = 0;
  m.faceDownLen = k;
  m.fourth = m.n === 3 && k > 0 ? m.faceDown[m.faceDownAt++]! : -1;
  if (m.n === 3 && k > 0) m.faceDownLen--;
  m.round++;
  m.crime = 1;
  m.discards.fill(-1);
  m.retired.fill(0);
  m.reports = 0;
  m.glasses = 0;
  m.phase = m.n === 3 ? P_DISCARD : P_REPORT;
}

/** The card at glass target `on` (-1 when none). */
const cardAt = (m: PhantomModel, on: number) => (on === FOURTH ? m.fourth : m.repCard[indexOfPosition(m, on)]!);

const IN_PLAY: CardNumber[][] = [[], [], [], [], [], []];

/** moves.ts `solveCrime`: the criminal (§3.4), the crime's points (§3.7, §3.8), the next crime or round (§3.9). */
function solveCrime(m: PhantomModel, rng: Rng): void {
  const n = m.n;
  const count = m.reports + (m.fourth !== -1 ? 1 : 0);
  const inPlay = IN_PLAY[count]!;
  for (let i = 0; i < m.reports; i++) inPlay[i] = m.repCard[i] as CardNumber;
  if (m.fourth !== -1) inPlay[m.reports] = m.fourth as CardNumber;
  const criminal = criminalOf(inPlay);
  let reveal = '';
  for (let i = 0; i < m.reports; i++) reveal += `${m.repCard[i]}.`;
  // Where the criminal lies: a report index's position, the 4th party, or nowhere.
  let at = -1;
  if (criminal !== null) {
    for (let i = 0; i < m.reports; i++) if (m.repCard[i] === criminal) at = positionAt(m, i);
    if (at === -1 && m.fourth === criminal) at = FOURTH;
  }
  const gains = GAINS[n]!;
  gains.fill(0);
  const factor = criminal === DETECTIVE ? 2 : 1;
  const positionOfCard = (card: number) => {
    for (let i = 0; i < m.reports; i++) if (m.repCard[i] === card) return positionAt(m, i);
    return -1;
  };
  if (at !== -1) {
    if (at === FOURTH) {
      const shop = positionOfCard(SHOPKEEPER);
      if (shop >= 0) gains[ownerOf(m, shop)]! += 1;
      const forensic = positionOfCard(FORENSICIST);
      if (forensic >= 0) gains[ownerOf(m, forensic)]! += 1;
    } else gains[ownerOf(m, at)]! += factor;
    let k = 0;
    for (let g = 0; g < m.glasses; g++) if (m.glassOn[g] === at) k++;
    for (let g = 0; g < m.glasses; g++) {
      if (m.glassOn[g] !== at) continue;
      const seat = glassSeat(m, g);
      const base = n === 2 ? (at !== FOURTH && ownerOf(m, at) === seat ? 1 : 2) : n - k;
      gains[seat]! += base * factor;
    }
  }
  for (let g = 0; g < m.glasses; g++) {
    const on = m.glassOn[g]!;
    if (cardAt(m, on) !== PHANTOM) continue;
    const seat = glassSeat(m, g);
    if (on === FOURTH) gains[seat]! -= 1;
    else if (ownerOf(m, on) !== seat) {
      gains[seat]! -= 1;
      gains[ownerOf(m, on)]! += 1;
    }
  }
  for (let seat = 0; seat < n; seat++) m.scores[seat] = Math.max(0, m.scores[seat]! + gains[seat]!);
  // Next first investigator (scoring.ts `nextFirstInvestigator`).
  if (at === FOURTH) {
    const shop = positionOfCard(SHOPKEEPER);
    const forensic = positionOfCard(FORENSICIST);
    if (shop >= 0) m.first = shop;
    else if (forensic >= 0) m.first = forensic;
  } else if (at !== -1) m.first = at;
  for (let i = 0; i < count; i++) m.retired[inPlay[i]!]!++;
  m.reports = 0;
  m.glasses = 0;
  m.fourth = -1;
  if (m.crime < CRIMES_PER_ROUND) {
    m.crime++;
    if (n === 3 && m.faceDownLen > 0) {
      m.fourth = m.faceDown[m.faceDownAt++]!;
      m.faceDownLen--;
      reveal += `f${m.fourth}`;
    }
    m.phase = P_REPORT;
    m.reveal = reveal;
    return;
  }
  let top = 0;
  let leaders = 0;
  let leader = -1;
  for (let seat = 0; seat < n; seat++) {
    const s = m.scores[seat]!;
    if (s > top || seat === 0) {
      top = s;
      leaders = 1;
      leader = seat;
    } else if (s === top) leaders++;
  }
  if (top >= m.target && leaders === 1) {
    m.winner = leader;
    m.phase = P_OVER;
    m.reveal = reveal;
    return;
  }
  startRound(m, rng);
  if (m.fourth !== -1) reveal += `f${m.fourth}`;
  m.reveal = reveal;
}
const GAINS = [new Int16Array(0), new Int16Array(1), new Int16Array(2), new Int16Array(3), new Int16Array(4)];

/** Applies `a` by `seat` (moves.ts `rules`); `a` must be legal. */
export function phantomApply(m: PhantomModel, seat: Seat, a: number, rng: Rng): void {
  m.reveal = '';
  switch (kindOf(a)) {
    case DISCARD: {
      takeCard(m, seat, cardOf(a));
      m.discards[seat] = cardOf(a);
      for (let s = 0; s < m.n; s++) if (m.discards[s] === -1) return;
      m.phase = P_REPORT;
      return;
    }
    case REPORT:
      takeCard(m, seat, cardOf(a));
      m.repCard[m.reports] = cardOf(a);
      m.repColour[m.reports] = colourOf(a);
      m.reports++;
      if (m.reports === m.positions) m.phase = P_SOLVE;
      return;
    default:
      m.glassOn[m.glasses++] = onOf(a);
      if (m.glasses === m.n) solveCrime(m, rng);
  }
}

/**
 * What `viewer` observes of the last `apply` of `a` by `actor`: the actor its own code, every
 * other seat `phantomPublicCode`; the glass that closed a crime adds the revealed cards (report
 * order) and the next 4th-party card, if any (`|` and the reveal).
 */
export function phantomObserve(m: PhantomModel, viewer: Seat, actor: Seat, a: number): string {
  const base = viewer === actor ? phantomCode(a) : phantomPublicCode(a);
  return m.reveal === '' ? base : `${base}|${m.reveal}`;
}

/** Rewards once over: the single leader 1, the others 0 (views.ts `result`, §3.9). */
export function phantomRewards(m: PhantomModel): number[] | null {
  if (m.phase !== P_OVER) return null;
  const out: number[] = new Array(m.n);
  for (let seat = 0; seat < m.n; seat++) out[seat] = seat === m.winner ? 1 : 0;
  return out;
}

/** The winner once over, or undefined while the game runs (tests). */
export function phantomWinner(m: PhantomModel): number | undefined {
  return m.phase === P_OVER ? m.winner : undefined;
}

/**
 * Value of an unfinished game for `seat`, in [0, 1]: bot-normal.ts `evaluatePhantom` on the
 * model — a softmax of the scores whose temperature grows with the points still missing.
 */
export function phantomEvaluate(m: PhantomModel, seat: Seat): number {
  let top = 0;
  for (let s = 0; s < m.n; s++) if (m.scores[s]! > top) top = m.scores[s]!;
  const tau = Math.max(1, 0.35 * (m.target - top) + 1);
  let sum = 0;
  let mine = 0;
  for (let s = 0; s < m.n; s++) {
    const w = Math.exp(m.scores[s]! / tau);
    sum += w;
    if (s === seat) mine = w;
  }
  return mine / sum;
}

// ── Playout policies ─────────────────────────────────────────────────────────────────

/** Keeping cards in a 3-player discard, best first (bot-normal.ts `KEEP_RANK`). */
const KEEP_RANK = [0, 10, 3, 1, 2, 5, 8, 4, 6, 7, 9];
/** Clue on a Phantom by the heuristic: the most criminal-looking suit, blue (bot-normal.ts `clueFor`). */
const PHANTOM_CLUE = 2;
/** Sampled crimes per glass of the heuristic playout. */
const GLASS_SAMPLES = 6;
/** How criminal a clue colour looks to the colour-reading style (blue holds 7, 9, 10). */
const COLOUR_WEIGHT = [1, 2, 3];

/**
 * The cards `seat` has not seen this round (bot-deal.ts `unseenCards`): the deck minus its
 * hand, its reports, its discard, the retired cards and the 4th-party card. Writes them into
 * `out` and returns how many.
 */
function unseen(m: PhantomModel, seat: number, out: Int8Array): number {
  const counts = UNSEEN_COUNTS;
  counts.fill(1);
  counts[0] = 0;
  counts[PHANTOM] = m.beginner ? 1 : 2;
  for (let i = 0; i < m.handLen[seat]!; i++) counts[m.hands[seat * 4 + i]!]!--;
  for (let i = 0; i < m.reports; i++) if (ownerOf(m, positionAt(m, i)) === seat) counts[m.repCard[i]!]!--;
  if (m.discards[seat]! >= 0) counts[m.discards[seat]!]!--;
  for (let c = 1; c <= 10; c++) counts[c]! -= m.retired[c]!;
  if (m.fourth >= 0) counts[m.fourth]!--;
  let k = 0;
  for (let c = 1; c <= 10; c++) for (let j = 0; j < counts[c]!; j++) out[k++] = c;
  return k;
}
const UNSEEN_COUNTS = new Int8Array(11);
const POOL = new Int8Array(11);
const LAYOUT: CardNumber[][] = [[], [], [], [], [], []];
const TALLY = new Float64Array(5);

/**
 * The heuristic glass (bot-normal.ts `glassValues`, cheaply): deal the cards `seat` has not
 * seen to the rivals' reports, each fitting its clue (GLASS_SAMPLES samples), and count where
 * the criminal lies; a rival's report that may be a Phantom costs the chance it is one.
 * Never the seat's own report unless every card is its own. Ties broken with `rng`.
 */
function heuristicGlass(m: PhantomModel, seat: number, legal: number[], rng: Rng): number {
  const pool = POOL;
  const size = unseen(m, seat, pool);
  TALLY.fill(0);
  const count = m.reports + (m.fourth !== -1 ? 1 : 0);
  const layout = LAYOUT[count]!;
  for (let sample = 0; sample < GLASS_SAMPLES; sample++) {
    let left = size;
    let ok = true;
    for (let i = 0; i < m.reports && ok; i++) {
      if (ownerOf(m, positionAt(m, i)) === seat) {
        layout[i] = m.repCard[i] as CardNumber;
        continue;
      }
      // A random unseen card fitting the clue (swap-remove from the pool's live part).
      const colour = m.repColour[i]!;
      let fits = 0;
      for (let j = 0; j < left; j++) if (SUIT[pool[j]!] === -1 || SUIT[pool[j]!] === colour) fits++;
      if (fits === 0) {
        ok = false;
        break;
      }
      let pick = rng.int(0, fits - 1);
      for (let j = 0; j < left; j++) {
        if (SUIT[pool[j]!] !== -1 && SUIT[pool[j]!] !== colour) continue;
        if (pick-- === 0) {
          layout[i] = pool[j] as CardNumber;
          pool[j] = pool[left - 1]!;
          pool[left - 1] = layout[i]!;
          left--;
          break;
        }
      }
    }
    if (!ok) break;
    if (m.fourth !== -1) layout[m.reports] = m.fourth as CardNumber;
    const criminal = criminalOf(layout);
    for (let i = 0; i < m.reports; i++) {
      if (layout[i] === criminal) TALLY[i]! += 1;
      else if (layout[i] === PHANTOM && ownerOf(m, positionAt(m, i)) !== seat) TALLY[i]! -= 0.5;
    }
    if (m.fourth !== -1 && criminal === m.fourth) TALLY[FOURTH]! += 1;
  }
  let best = -Infinity;
  let pick = legal[0]!;
  let ties = 0;
  let others = 0;
  for (const a of legal) if (onOf(a) === FOURTH || ownerOf(m, onOf(a)) !== seat) others++;
  for (const a of legal) {
    const on = onOf(a);
    if (others > 0 && on !== FOURTH && ownerOf(m, on) === seat) continue;
    const v = on === FOURTH ? TALLY[FOURTH]! : TALLY[indexOfPosition(m, on)]!;
    if (v > best + 1e-9) {
      best = v;
      pick = a;
      ties = 1;
    } else if (Math.abs(v - best) <= 1e-9 && rng.int(0, ties++) === 0) pick = a;
  }
  return pick;
}

/** Playout styles: 0 the Normal heuristic, 1 uniformly random, 2 colour reader (see `phantomPlayout`). */
export const PHANTOM_STYLES = 3;

/**
 * The playout choice of `seat` among `legal`. Style 0 (bot-normal.ts `rolloutPhantom`): keep
 * the Phantom and the likeliest criminals in a discard, report a random card with its true suit
 * (blue on a Phantom), glass by `heuristicGlass`. Style 1: uniformly random. Style 2, colour
 * reader: report the highest card (a Phantom under blue when held), glass the rival report
 * whose clue looks most criminal (blue > red > yellow), else the 4th-party card.
 */
export function phantomPlayout(m: PhantomModel, seat: Seat, legal: number[], rng: Rng, style: number): number {
  if (legal.length === 1) return legal[0]!;
  if (style === 1) return legal[rng.int(0, legal.length - 1)]!;
  switch (m.phase) {
    case P_DISCARD: {
      let pick = legal[0]!;
      for (const a of legal) if (KEEP_RANK[cardOf(a)]! < KEEP_RANK[cardOf(pick)]!) pick = a;
      return pick;
    }
    case P_REPORT: {
      if (style === 2) {
        let pick = -1;
        for (const a of legal) {
          if (cardOf(a) === PHANTOM && colourOf(a) === PHANTOM_CLUE) return a;
          if (pick < 0 || cardOf(a) > cardOf(pick)) pick = a;
        }
        return pick;
      }
      const a = legal[rng.int(0, legal.length - 1)]!;
      return cardOf(a) === PHANTOM ? reportAct(PHANTOM, PHANTOM_CLUE) : a;
    }
    case P_SOLVE: {
      if (style !== 2) return heuristicGlass(m, seat, legal, rng);
      let pick = legal[legal.length - 1]!;
      let best = -1;
      for (const a of legal) {
        const on = onOf(a);
        if (on === FOURTH || ownerOf(m, on) === seat) continue;
        const w = COLOUR_WEIGHT[m.repColour[indexOfPosition(m, on)]!]!;
        if (w > best) {
          best = w;
          pick = a;
        }
      }
      return pick;
    }
    default:
      return legal[0]!;
  }
}

/** Chance a simulated player leaves its style for a uniformly random move (`likelihood`'s floor). */
const LIKELIHOOD_NOISE = 0.1;
/** Samples of the heuristic glass when estimating its likelihood. */
const LIKELIHOOD_GLASS_SAMPLES = 12;

/**
 * How likely `seat` was to make a move observed as `code` (its full code, or what others see
 * of it) in `m` under the heuristic (style 0) mixed with LIKELIHOOD_NOISE of random play. A
 * report's clue colour is what rivals see: with the heuristic a suspect shows its suit and a
 * Phantom blue, so a yellow or red clue on a card that fits no held suit is unlikely. The
 * heuristic glass is estimated from LIKELIHOOD_GLASS_SAMPLES choices on a fixed seed.
 */
export function phantomLikelihood(m: PhantomModel, seat: Seat, code: string): number {
  const legal = phantomLegal(m, seat);
  if (legal.length === 0) return 1;
  const bar = code.indexOf('|');
  const shown = bar < 0 ? code : code.slice(0, bar);
  const matches = (a: number) => phantomCode(a) === shown || phantomPublicCode(a) === shown;
  let p = 0;
  for (const a of legal) if (matches(a)) p += LIKELIHOOD_NOISE / legal.length;
  switch (m.phase) {
    case P_DISCARD: {
      let pick = legal[0]!;
      for (const a of legal) if (KEEP_RANK[cardOf(a)]! < KEEP_RANK[cardOf(pick)]!) pick = a;
      if (matches(pick)) p += 1 - LIKELIHOOD_NOISE;
      break;
    }
    case P_REPORT: {
      for (const a of legal) {
        const played = cardOf(a) === PHANTOM ? reportAct(PHANTOM, PHANTOM_CLUE) : a;
        if (played === a && matches(a)) p += (1 - LIKELIHOOD_NOISE) / legal.length;
        else if (played !== a && matches(played)) p += (1 - LIKELIHOOD_NOISE) / legal.length;
      }
      break;
    }
    case P_SOLVE: {
      const rng = Rng.seeded(m.glasses * 31 + seat);
      let hits = 0;
      for (let i = 0; i < LIKELIHOOD_GLASS_SAMPLES; i++) if (matches(heuristicGlass(m, seat, legal, rng))) hits++;
      p += ((1 - LIKELIHOOD_NOISE) * hits) / LIKELIHOOD_GLASS_SAMPLES;
      break;
    }
  }
  return Math.min(1, Math.max(p, 1e-6));
}

/** True when `a` may end the game at once: the last glass of a round's second crime (§3.9). */
export function phantomCanEnd(m: PhantomModel, _seat: Seat, a: number): boolean {
  return kindOf(a) === GLASS && m.crime === CRIMES_PER_ROUND && m.glasses === m.n - 1;
}

/**
 * The other players' last `limit` moves of the current crime that `k.seat` observed — each
 * report (what it sees of it: the clue colour) and each glass — as model states just before
 * them under the hidden cards of `sample` (a state from `determinizePhantom(k)`): the crime's
 * reports and glasses cut back to before the move, the reported cards back in their owners'
 * hands (rules §3.5, §3.6). Exact: a crime's reports and glasses are all on the board, and
 * hands change within a crime only by reporting. Earlier crimes are not weighted (the hands
 * were dealt again or played since). Reads `k.seat` and `sample` only.
 */
export function phantomHistory(sample: PhantomState, k: { seat: Seat }, limit: number): { m: PhantomModel; seat: Seat; code: string }[] {
  const out: { m: PhantomModel; seat: Seat; code: string }[] = [];
  if (limit <= 0) return out;
  const n = sample.seats;
  for (let i = 0; i < sample.reports.length; i++) {
    const r = sample.reports[i]!;
    const by = r.position % n;
    if (by === k.seat) continue;
    const hands = sample.hands.map((h) => [...h]);
    for (const later of sample.reports.slice(i)) hands[later.position % n]!.push(later.card);
    const before: PhantomState = { ...sample, phase: 'report', hands, reports: sample.reports.slice(0, i), glasses: [] };
    out.push({ m: phantomModelOf(before), seat: by, code: `r:${COLOUR_CODES[COLOUR_NAMES.indexOf(r.colour)]}` });
  }
  for (let j = 0; j < sample.glasses.length; j++) {
    const g = sample.glasses[j]!;
    if (g.seat === k.seat) continue;
    const before: PhantomState = { ...sample, phase: 'solve', glasses: sample.glasses.slice(0, j) };
    out.push({ m: phantomModelOf(before), seat: g.seat, code: `g:${g.on === 'fourth' ? 'f' : g.on}` });
  }
  return out.slice(-limit);
}

/** Tricks and the Phantom's compact model (src/games/sim-model.ts). */
export const phantomModel: SimModel<PhantomState, PhantomModel, number> = {
  game: 'phantom',
  fromState: (state) => phantomModelOf(state),
  clone: clonePhantomModel,
  toAct: phantomToAct,
  legal: phantomLegal,
  code: (_m, _seat, a) => phantomCode(a),
  apply: phantomApply,
  observe: phantomObserve,
  rewards: phantomRewards,
  evaluate: phantomEvaluate,
  playout: phantomPlayout,
  canEnd: phantomCanEnd,
  likelihood: phantomLikelihood,
  history: phantomHistory,
};
