/**
 * J'Accuse! — the Hard AI player's search (docs/rules/jaccuse.md §4.3–§4.7): a determinized
 * lookahead of several rounds on a compact model of the table, from the seat's own knowledge.
 *
 * Each sample is a full state drawn by the determinizer (the unseen Investigation hands and
 * face-down card, the order of every evidence pile, the votes already cast). Every candidate
 * decision is played on the same sample with the same random numbers (common random numbers,
 * so candidates are compared on equal luck): this round with the candidate, then `rounds − 1`
 * more rounds in which every seat — the searcher too — sets Investigation cards and votes by
 * the self-interest model of the Normal level (`rivalVote`, as purposeful as each rival has
 * been seen to vote), with the real Suspicion cycle (§4.5: a card spent now is missing next
 * round), real replacements from the sampled piles (§4.3 6B) and the arrest check (§4.7).
 * The cut-off is the Normal level's table value (`tableValue`: 1 when someone else is
 * arrested, 0 when the seat is, else its share of the safety).
 *
 * A simulation here costs microseconds (the engine's full state, views and legality are not
 * rebuilt), so a 300 ms budget buys thousands of them where the generic engine search
 * (src/bots/ismcts.ts) bought about a hundred — too few to beat Normal's own 32 one-round
 * samples per vote. Pure; deterministic for a given `rng` and budget.
 */
import { encodeAction } from './codec.js';
import type { Seat } from '../engine.js';
import { Rng } from '../rng.js';
import type { SearchBudget, SearchResult, RootStat } from '../bot.js';
import {
  ALL_INVESTIGATIONS,
  ARREST_TOTAL,
  EVIDENCE_TYPES,
  INVESTIGATION_CARDS,
  SUSPICION_CARDS,
  SUSPICION_CYCLE_ROUNDS,
  isExonerated,
  type EvidenceId,
  type EvidenceType,
  type InvestigationId,
  type JaccuseAction,
  type JaccuseState,
  type SuspicionCard,
} from './rules.js';
import type { JaccuseKnowledge } from './knowledge.js';
import { jaccuseDefinition } from './engine.js';
import { acrossPick, normalJaccuse, prevailing, purposeOf, rivalVote, tableOfState, tableValue, threat, type Table } from './bot-normal.js';

/**
 * Distinct sampled states per decision, each with every rival's predicted vote: the first
 * samples draw a new state; later ones reuse them in turn with fresh random numbers for
 * the rounds after this one.
 */
export const PREDICTED_STATES = 48;
/** Rounds simulated per candidate: this one and the next (the Suspicion cycle makes a spent card matter then). */
export const LOOKAHEAD_ROUNDS = 2;
/** Samples after which the search may stop early because its choice is clear. */
export const MIN_SAMPLES = 96;
/** The choice is clear when its paired lead over every other candidate exceeds this many standard errors. */
export const CLEAR_LEAD = 3;

const BIT: Record<EvidenceType, number> = { motive: 1, opportunity: 2, weapon: 4 };
const bits = (m: number) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1);

/** The model of one sampled state (the search's own, exported for tests): the decision-relevant `Table` plus what later rounds need. */
export interface Sim {
  t: Table;
  /** Evidence piles, top first, by type. */
  piles: Record<EvidenceType, EvidenceId[]>;
  used: SuspicionCard[][];
  round: number;
  hands: InvestigationId[][];
}

/** The model of a full state (a sample, or the true state in tests). */
export function simOf(s: JaccuseState): Sim {
  return {
    t: tableOfState(s),
    piles: { motive: [...s.piles.motive], opportunity: [...s.piles.opportunity], weapon: [...s.piles.weapon] },
    used: s.used.map((u) => [...u]),
    round: s.round,
    hands: s.investigationHands.map((h) => [...h]),
  };
}

function cloneSim(m: Sim): Sim {
  return {
    t: { ...m.t, hardTypes: [...m.t.hardTypes], hardCount: [...m.t.hardCount], suspected: m.t.suspected.map((x) => ({ ...x })), arrested: [...m.t.arrested] },
    piles: { motive: [...m.piles.motive], opportunity: [...m.piles.opportunity], weapon: [...m.piles.weapon] },
    used: m.used.map((u) => [...u]),
    round: m.round,
    hands: m.hands.map((h) => [...h]),
  };
}

function availableIn(m: Sim, seat: Seat): SuspicionCard[] {
  const used = m.used[seat]!;
  return SUSPICION_CARDS.filter((c) => !used.includes(c));
}

/**
 * Resolve one round on the model (§4.3 steps 4–9): moves (Across to the chooser's pick),
 * or hardening / exoneration with replacements drawn from the sampled piles in icon order;
 * then the arrest check, the Suspicion cycle and the Inspector's rotation. Mutates `m`.
 */
export function playRound(m: Sim, votes: readonly SuspicionCard[], investigation: InvestigationId, acrossChooser: 'holder' | 'inspector'): void {
  const t = m.t;
  const n = t.n;
  const outcome = prevailing(votes);
  const types = INVESTIGATION_CARDS[investigation] as readonly EvidenceType[];
  const before = outcome === 'across' ? { ...t, suspected: t.suspected.map((x) => ({ ...x })) } : t;
  if (outcome === 'jaccuse') {
    let dealt = 0;
    for (const type of EVIDENCE_TYPES) {
      if (!types.includes(type)) continue;
      const i = t.suspected.findIndex((x) => x.type === type);
      if (i < 0) continue;
      const s = t.suspected[i]!;
      if (isExonerated(t.characters[s.holder] ?? null, s.card)) m.piles[type].push(s.card);
      else {
        t.hardTypes[s.holder]! |= BIT[type];
        t.hardCount[s.holder]! += 1;
      }
      const next = m.piles[type].shift();
      if (next === undefined) t.suspected.splice(i, 1);
      else t.suspected[i] = { type, card: next, holder: (t.inspector + 1 + dealt++) % n };
    }
  } else {
    for (const s of t.suspected) {
      if (!types.includes(s.type)) continue;
      if (outcome === 'left') s.holder = (s.holder + 1) % n;
      else if (outcome === 'right') s.holder = (s.holder - 1 + n) % n;
      else {
        const eligible: Seat[] = [];
        for (let x = 0; x < n; x++) if (x !== s.holder && (n === 3 || (x !== (s.holder + 1) % n && x !== (s.holder - 1 + n) % n))) eligible.push(x);
        s.holder = eligible.length === 1 ? eligible[0]! : acrossPick(before, acrossChooser === 'holder' ? s.holder : t.inspector, eligible);
      }
    }
  }
  for (let seat = 0; seat < n; seat++) if (bits(t.hardTypes[seat]!) === 3 || t.hardCount[seat]! >= ARREST_TOTAL) t.arrested.push(seat);
  votes.forEach((v, seat) => m.used[seat]!.push(v));
  const hand = m.hands[t.inspector]!;
  const at = hand.indexOf(investigation);
  if (at >= 0) hand.splice(at, 1);
  if (m.round % SUSPICION_CYCLE_ROUNDS === 0) m.used = m.used.map(() => []);
  m.round++;
  t.inspector = (t.inspector + 1) % n;
}

/**
 * The Investigation card a seat sets in a later round: by self-interest (spare its own
 * evidence, hit the others', the more threatened the better) as often as it is purposeful,
 * otherwise any card of its hand.
 */
function inspectorCard(m: Sim, seat: Seat, purpose: number, rng: Rng): InvestigationId {
  const hand = m.hands[seat]!.length > 0 ? m.hands[seat]! : ALL_INVESTIGATIONS;
  if (hand.length === 1 || rng.int(0, 999) >= purpose * 1000) return hand[rng.int(0, hand.length - 1)]!;
  let bestCard = hand[0]!;
  let top = Number.NEGATIVE_INFINITY;
  for (const card of hand) {
    let x = rng.int(0, 99) / 1000;
    for (const type of INVESTIGATION_CARDS[card] as readonly EvidenceType[]) {
      const s = m.t.suspected.find((e) => e.type === type);
      if (!s || isExonerated(m.t.characters[s.holder] ?? null, s.card)) continue;
      x += s.holder === seat ? -2 : 0.2 * threat(m.t, s.holder);
    }
    if (x > top) {
      top = x;
      bestCard = card;
    }
  }
  return bestCard;
}

/**
 * What every other seat would vote this round if it played the Normal level's heuristic
 * on its own knowledge in `state` (its view in the sample: its own hand, the face-down card
 * when it is the Inspector; the public vote history, which is the same for every seat).
 * The searcher's entry is null.
 */
function predictVotes(k: JaccuseKnowledge, state: JaccuseState, investigation: InvestigationId, rng: Rng): (SuspicionCard | null)[] {
  const n = state.seatCount;
  const out: (SuspicionCard | null)[] = Array(n).fill(null);
  const voting: JaccuseState = { ...state, phase: 'vote', chosen: investigation, votes: Array(n).fill(null) };
  for (let seat = 0; seat < n; seat++) {
    if (seat === k.seat) continue;
    const view = jaccuseDefinition.seatView(voting, seat);
    const free = SUSPICION_CARDS.filter((c) => !state.used[seat]!.includes(c));
    const legal: JaccuseAction[] = free.map((card) => ({ type: 'vote', card }));
    const a = normalJaccuse({ ...k, seat, view }, legal, Rng.seeded(rng.int(-0x80000000, 0x7fffffff)));
    out[seat] = a.type === 'vote' ? a.card : free[0]!;
  }
  return out;
}

/** One root decision to compare: the Investigation card to set (if the seat is setting one) and the vote. */
interface Candidate {
  investigation: InvestigationId | null;
  vote: SuspicionCard;
}

/**
 * Play `c` on a fresh copy of `base` and `rounds − 1` rounds after it; returns the value in
 * [0, 1] for `me`. `predicted` holds each rival's vote this round as its own heuristic would
 * cast it in the sample (`predictVotes`).
 */
function simulate(k: JaccuseKnowledge, base: Sim, chosen: InvestigationId | null, predicted: readonly (SuspicionCard | null)[], c: Candidate, rounds: number, rng: Rng): number {
  const m = cloneSim(base);
  const me = k.seat;
  const n = m.t.n;
  const chooser = k.options.acrossChooser;
  for (let r = 0; r < rounds; r++) {
    if (m.t.arrested.length > 0) break;
    if (m.t.suspected.length === 0) break;
    const inspector = m.t.inspector;
    let card: InvestigationId;
    if (r === 0) card = c.investigation ?? chosen ?? inspectorCard(m, inspector, inspector === me ? 1 : purposeOf(k, inspector), rng);
    else card = inspectorCard(m, inspector, inspector === me ? 1 : purposeOf(k, inspector), rng);
    const votes: SuspicionCard[] = [];
    for (let seat = 0; seat < n; seat++) {
      if (r === 0 && seat === me) votes.push(c.vote);
      else if (r === 0 && predicted[seat]) {
        // As purposeful as the seat has been seen to be: its predicted vote, otherwise any card.
        const free = availableIn(m, seat);
        votes.push(rng.int(0, 999) < purposeOf(k, seat) * 1000 ? predicted[seat]! : free[rng.int(0, free.length - 1)]!);
      }
      else votes.push(rivalVote(m.t, seat, availableIn(m, seat), seat === inspector ? card : null, rng, seat === me ? 1 : purposeOf(k, seat)));
    }
    playRound(m, votes, card, chooser);
  }
  return tableValue(m.t, me);
}

/**
 * Hard's decision for a vote or an Investigation card (other decisions: `fallback`, the
 * Normal level). Runs samples until `budget` says stop (iterations = simulations, one per
 * candidate per sample), or until `MIN_SAMPLES` samples have made the best candidate's paired
 * lead over every other clear by `CLEAR_LEAD` standard errors; plays the best mean. A round of
 * samples the deadline interrupts is dropped; with none finished, `fallback` decides.
 * `tuning` (for measurements): `rounds` simulated per candidate (default `LOOKAHEAD_ROUNDS`),
 * and `predict: false` to draw the rivals' votes from the cruder self-interest model
 * (`rivalVote`) instead of predicting them with their own heuristic.
 */
export function searchJaccuse(
  k: JaccuseKnowledge,
  legal: JaccuseAction[],
  rng: Rng,
  budget: SearchBudget,
  determinize: (k: JaccuseKnowledge, rng: Rng) => JaccuseState,
  fallback: (k: JaccuseKnowledge, legal: JaccuseAction[], rng: Rng) => JaccuseAction,
  tuning: { rounds?: number; predict?: boolean } = {},
): SearchResult<JaccuseAction> {
  const rounds = tuning.rounds ?? LOOKAHEAD_ROUNDS;
  const v = k.view;
  const none = (action: JaccuseAction): SearchResult<JaccuseAction> => ({ action, iterations: 0, stats: [], finished: 0 });
  if (legal.length === 1) return none(legal[0]!);
  if (v.phase !== 'vote' && v.phase !== 'investigate') return none(fallback(k, legal, rng));
  // Candidates: every (card, vote) pair when setting the Investigation, every vote otherwise.
  const mine = SUSPICION_CARDS.filter((c) => !v.seats[k.seat]!.used.includes(c));
  const groups: JaccuseAction[] = [];
  const candidates: Candidate[] = [];
  const groupOf: number[] = [];
  for (const a of legal) {
    if (a.type === 'investigate') {
      for (const vote of mine) {
        candidates.push({ investigation: a.card, vote });
        groupOf.push(groups.length);
      }
      groups.push(a);
    } else if (a.type === 'vote') {
      candidates.push({ investigation: null, vote: a.card });
      groupOf.push(groups.length);
      groups.push(a);
    }
  }
  if (groups.length === 0) return none(fallback(k, legal, rng));
  const sums = candidates.map(() => 0);
  const states: { base: Sim; chosen: InvestigationId | null; predicted: (SuspicionCard | null)[] }[] = [];
  const rows: number[][] = [];
  const maxIterations = budget.iterations ?? Number.POSITIVE_INFINITY;
  const deadline = budget.deadline;
  let iterations = 0;
  let roundMs = 0;
  const groupMeans = () => {
    const best = groups.map(() => Number.NEGATIVE_INFINITY);
    const arg = groups.map(() => 0);
    candidates.forEach((_, i) => {
      const mean = sums[i]! / rows.length;
      if (mean > best[groupOf[i]!]!) {
        best[groupOf[i]!] = mean;
        arg[groupOf[i]!] = i;
      }
    });
    return { best, arg };
  };
  const clear = (): boolean => {
    const { best, arg } = groupMeans();
    let top = 0;
    for (let g = 1; g < groups.length; g++) if (best[g]! > best[top]!) top = g;
    const lead = arg[top]!;
    for (let g = 0; g < groups.length; g++) {
      if (g === top) continue;
      const other = arg[g]!;
      const diffs = rows.map((r) => r[lead]! - r[other]!);
      const d = diffs.reduce((s, x) => s + x, 0) / diffs.length;
      const variance = diffs.reduce((s, x) => s + (x - d) ** 2, 0) / (diffs.length - 1);
      if (!(d > CLEAR_LEAD * Math.sqrt(variance / diffs.length))) return false;
    }
    return true;
  };
  while (iterations + candidates.length <= Math.max(maxIterations, candidates.length)) {
    if (rows.length > 0) {
      if (budget.stop?.()) break;
      if (deadline && deadline.now() + 1.3 * roundMs > deadline.at) break;
      if (rows.length >= MIN_SAMPLES && rows.length % 16 === 0 && clear()) break;
    }
    const startedAt = deadline?.now() ?? 0;
    if (deadline && startedAt >= deadline.at) break;
    if (rows.length < PREDICTED_STATES) {
      const state = determinize(k, rng);
      // The Investigation card set (when the searcher is setting it, any of its cards: only the
      // Inspector sees it, so the rivals' votes do not depend on it).
      const card = state.chosen ?? candidates[0]!.investigation!;
      states.push({ base: simOf(state), chosen: state.chosen, predicted: tuning.predict === false ? state.votes : predictVotes(k, state, card, rng) });
    }
    const { base, chosen, predicted } = states[rows.length % PREDICTED_STATES]!;
    const seed = rng.int(-0x80000000, 0x7fffffff);
    const row = candidates.map((c) => simulate(k, base, chosen, predicted, c, rounds, Rng.seeded(seed)));
    rows.push(row);
    row.forEach((x, i) => (sums[i]! += x));
    iterations += candidates.length;
    if (deadline) roundMs = Math.max(deadline.now() - startedAt, 0.8 * roundMs);
    if (iterations >= maxIterations) break;
  }
  if (rows.length === 0) return none(fallback(k, legal, rng));
  const { best } = groupMeans();
  let top = 0;
  for (let g = 1; g < groups.length; g++) if (best[g]! > best[top]!) top = g;
  // Codes as the engine encodes the actions (codec.ts), like every other search's root statistics.
  const stats: RootStat[] = groups.map((a, g) => ({ code: encodeAction(a), visits: rows.length, mean: best[g]! }));
  return { action: groups[top]!, iterations, stats, finished: 0 };
}
