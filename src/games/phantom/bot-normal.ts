/**
 * Tricks and the Phantom — the Normal AI player's heuristics and the Hard level's
 * evaluation (docs/rules/phantom.md §3.3–§3.9), on the seat's own view.
 *
 * Glass: sample the unseen cards consistently with every clue colour (bot.ts), and put the
 * glass where the expected points are highest — the likeliest criminal, fewer rivals
 * sharing it, never a rival's likely Phantom. Report: play the card (and, for a Phantom,
 * the clue colour) whose sampled crimes score best for the seat. 3-player discard: keep the
 * Phantom and the cards most often criminal. Pure.
 */
import type { Seat } from '../engine.js';
import type { Rng } from '../rng.js';
import { best, type Scores } from '../bot.js';
import { trueColour, type CardNumber, type Colour, type GlassTarget, type PhantomAction, type PhantomState } from './rules.js';
import { criminalOf, crimePoints, dealHidden, type CrimeLayout, type PhantomSeatView } from './bot-deal.js';
import type { PhantomKnowledge } from './knowledge.js';

/** Sampled crimes per glass decision. */
const GLASS_SAMPLES = 100;
/** Sampled crimes per report option. */
const REPORT_SAMPLES = 30;
/** Sampled crimes per glass decision inside simulations (kept cheap). */
const ROLLOUT_GLASS_SAMPLES = 8;
/** Chance the model gives a rival of finding the criminal with its glass. */
const RIVAL_SKILL = 0.35;
/** Chance the model gives the seat itself of finding the criminal when it glasses later. */
const OWN_SKILL = 0.6;
/** How much keeping the first-investigator seat is worth, in points (§3.3 step 7). */
const FIRST_INVESTIGATOR_VALUE = 0.3;
/**
 * Clue colour shown on a Phantom, by how criminal each suit looks (blue holds 7, 9, 10).
 * Keeping cards in a 3-player discard (§3.8), worst first: the Courier and the Shopkeeper
 * are rarely the criminal; the Phantom is kept for a lure.
 */
const PHANTOM_COLOUR_PREFERENCE: readonly Colour[] = ['blue', 'red', 'yellow'];
const KEEP_RANK: Readonly<Record<CardNumber, number>> = { 1: 10, 10: 9, 6: 8, 9: 7, 8: 6, 5: 5, 7: 4, 2: 3, 4: 2, 3: 1 };

type View = PhantomSeatView;

/** What every sampled crime of one decision shares: targets, each seat's non-own targets, placed glasses. */
interface Table {
  v: View;
  all: GlassTarget[];
  /** Per seat: the targets that are not its own cards (all targets when every one is its own). */
  otherTargets: GlassTarget[][];
  /** Per seat: its placed glass, if any. */
  placed: (GlassTarget | undefined)[];
}

function tableOf(v: View): Table {
  const all: GlassTarget[] = Array.from({ length: v.positions }, (_, p) => p);
  if (v.fourthParty !== null) all.push('fourth');
  const otherTargets = Array.from({ length: v.players }, (_, seat) => {
    const others = all.filter((t) => t === 'fourth' || t % v.players !== seat);
    return others.length > 0 ? others : all;
  });
  const placed: (GlassTarget | undefined)[] = Array(v.players).fill(undefined);
  for (const g of v.glasses) placed[g.seat] = g.on;
  return { v, all, otherTargets, placed };
}

/** Where a glass would find the criminal of `layout` (null: no criminal). */
export function criminalAt(layout: CrimeLayout): GlassTarget | null {
  const criminal = criminalOf(layout.fourth === null ? layout.cards : [...layout.cards, layout.fourth]);
  if (criminal === null) return null;
  const p = layout.cards.indexOf(criminal);
  if (p >= 0) return p;
  return layout.fourth === criminal ? 'fourth' : null;
}

/** Every glass: those placed, then the model's guesses for the seats still to place theirs. */
function modelGlasses(t: Table, at: GlassTarget | null, rng: Rng): GlassTarget[] {
  const glasses: GlassTarget[] = Array(t.v.players);
  for (let seat = 0; seat < t.v.players; seat++) {
    const g = t.placed[seat];
    if (g !== undefined) {
      glasses[seat] = g;
      continue;
    }
    const skill = seat === t.v.me ? OWN_SKILL : RIVAL_SKILL;
    if (at !== null && rng.int(0, 999) < skill * 1000) glasses[seat] = at;
    else {
      const from = t.otherTargets[seat]!;
      glasses[seat] = from[rng.int(0, from.length - 1)]!;
    }
  }
  return glasses;
}

/** A sampled layout of the whole crime (every position filled); `extra` is the seat's report being weighed. */
export function sampleLayout(v: View, rng: Rng, extra?: { position: number; card: CardNumber }): CrimeLayout {
  const deal = dealHidden(v, rng);
  const cards: CardNumber[] = Array(v.positions).fill(1);
  const reported: boolean[] = Array(v.positions).fill(false);
  for (const r of v.myReports) cards[r.position] = r.card;
  for (const r of v.reports) reported[r.position] = true;
  for (const [p, c] of deal.reports) cards[p] = c;
  const hands = deal.hands;
  if (extra) {
    cards[extra.position] = extra.card;
    reported[extra.position] = true;
    const i = hands[v.me]!.indexOf(extra.card);
    if (i >= 0) hands[v.me]!.splice(i, 1);
  }
  for (const p of v.reportOrder) {
    if (reported[p]) continue;
    const hand = hands[p % v.players]!;
    cards[p] = hand.splice(rng.int(0, hand.length - 1), 1)[0] ?? 1;
  }
  return { players: v.players, cards, fourth: v.fourthParty };
}

/** Expected points of putting the glass on each target, over `samples` sampled crimes. */
export function glassValues(v: View, samples: number, rng: Rng): Map<GlassTarget, number> {
  const t = tableOf(v);
  const sums: number[] = Array(t.all.length).fill(0);
  for (let i = 0; i < samples; i++) {
    const layout = sampleLayout(v, rng);
    const glasses = modelGlasses(t, criminalAt(layout), rng);
    for (let j = 0; j < t.all.length; j++) {
      glasses[v.me] = t.all[j]!;
      sums[j]! += crimePoints(layout, glasses)[v.me]!;
    }
  }
  return new Map(t.all.map((target, j) => [target, sums[j]! / samples]));
}

/** Expected points of reporting `card` now (with the seat's later glass modelled). */
function reportValue(v: View, card: CardNumber, rng: Rng): number {
  const position = v.actingPosition!;
  const t = tableOf(v);
  let sum = 0;
  for (let i = 0; i < REPORT_SAMPLES; i++) {
    const layout = sampleLayout(v, rng, { position, card });
    const at = criminalAt(layout);
    sum += crimePoints(layout, modelGlasses(t, at, rng))[v.me]! + (at === position ? FIRST_INVESTIGATOR_VALUE : 0);
  }
  return sum / REPORT_SAMPLES;
}

/** A report of `card` with its clue: the true suit, or the most criminal-looking colour on a Phantom. */
function clueFor(card: CardNumber): Colour {
  return trueColour(card) ?? PHANTOM_COLOUR_PREFERENCE[0]!;
}

function decide(k: PhantomKnowledge, legal: PhantomAction[], rng: Rng, glassSamples: number, searchReports: boolean, record?: Scores): PhantomAction {
  if (legal.length === 1) return legal[0]!;
  const v = k.view;
  switch (v.phase) {
    case 'discard':
      return best(legal, (a) => (a.type === 'discard' ? -KEEP_RANK[a.card] : -99), rng, record);
    case 'report': {
      if (!searchReports) {
        const a = legal[rng.int(0, legal.length - 1)]!;
        return a.type === 'report' ? { type: 'report', card: a.card, colour: clueFor(a.card) } : a;
      }
      const values = new Map<CardNumber, number>();
      for (const a of legal) if (a.type === 'report' && !values.has(a.card)) values.set(a.card, reportValue(v, a.card, rng));
      return best(legal, (a) => (a.type === 'report' ? values.get(a.card)! + (a.colour === clueFor(a.card) ? 0.01 : 0) : -99), rng, record);
    }
    case 'solve': {
      const values = glassValues(v, glassSamples, rng);
      return best(legal, (a) => (a.type === 'glass' ? values.get(a.on) ?? -99 : -99), rng, record);
    }
    case 'over':
      return legal[0]!;
  }
}

/** The Normal choice for `k.seat` among `legal`. */
export function normalPhantom(k: PhantomKnowledge, legal: PhantomAction[], rng: Rng, record?: Scores): PhantomAction {
  return decide(k, legal, rng, GLASS_SAMPLES, true, record);
}

/** The rollout policy inside simulations: cheaper glass sampling, random reports with true clues. */
export function rolloutPhantom(k: PhantomKnowledge, legal: PhantomAction[], rng: Rng): PhantomAction {
  return decide(k, legal, rng, ROLLOUT_GLASS_SAMPLES, false);
}

/**
 * Value of a running game for `seat`, in [0, 1]: a softmax of the scores whose temperature
 * grows with the points still missing to the target (a lead matters more near the end).
 */
export function evaluatePhantom(s: PhantomState, seat: Seat): number {
  const top = Math.max(...s.scores);
  const tau = Math.max(1, 0.35 * (s.options.targetScore - top) + 1);
  const w = s.scores.map((x) => Math.exp(x / tau));
  return w[seat]! / w.reduce((a, b) => a + b, 0);
}

