/**
 * J'Accuse! — the Normal AI player's heuristics and the Hard level's evaluation
 * (docs/rules/jaccuse.md §4.3–§4.7), on the seat's own view.
 *
 * One loser, everyone else wins (§4.7): the seat wants the evidence hardened on someone
 * else, never on itself. A small model of the table (who holds which evidence, whose Hard
 * Evidence is closest to an arrest) scores every outcome. Vote: sample the face-down
 * Investigation card and the others' votes (each rival moves evidence away from itself,
 * otherwise accuses) and pick the Suspicion card with the best expected outcome. Inspector:
 * set the Investigation card that hurts the current holders most and spares the seat.
 * Across: send the card to the rival closest to an arrest. Pure.
 */
import type { Seat } from '../engine.js';
import type { Rng } from '../rng.js';
import { best, type Scores } from '../bot.js';
import {
  ALL_INVESTIGATIONS,
  ARREST_TOTAL,
  EVIDENCE_TYPES,
  INVESTIGATION_CARDS,
  SUSPICION_CARDS,
  evidenceType,
  isExonerated,
  type CharacterId,
  type EvidenceId,
  type EvidenceType,
  type InvestigationId,
  type JaccuseAction,
  type JaccuseState,
  type SuspicionCard,
} from './rules.js';
import type { JaccuseKnowledge, JaccuseSeatView } from './knowledge.js';

/** Sampled rounds per vote option (Normal). */
const VOTE_SAMPLES = 32;
/** Sampled rounds per Investigation card (Normal). */
const INVESTIGATION_SAMPLES = 24;
/** Chance the self-interest model gives a vote off its own preference (rules of thumb are not laws). */
export const PURPOSE_NOISE = 0.25;

/**
 * Chance of `vote` by a seat voting from `options` under the self-interest model: when it
 * holds evidence it may lose (`exposed`), any move card; otherwise J'Accuse!.
 */
export function purposeLikelihood(vote: SuspicionCard, options: readonly SuspicionCard[], exposed: boolean): number {
  const moves = options.filter((c) => c !== 'jaccuse');
  const preferred = exposed && moves.length > 0 ? moves : !exposed && options.includes('jaccuse') ? ['jaccuse'] : options;
  return PURPOSE_NOISE / options.length + (1 - PURPOSE_NOISE) * (preferred.includes(vote) ? 1 / preferred.length : 0);
}

/** The chance that `seat` votes by self-interest, from its revealed votes (even odds before any). */
export function purposeOf(k: JaccuseKnowledge, seat: Seat): number {
  return 1 / (1 + Math.exp(-k.purpose[seat]!));
}

/** Chance the rival model votes a random available card instead of its self-interest. */
const RIVAL_NOISE = PURPOSE_NOISE;
/** How steeply a seat's share of the danger grows with its threat (softmax weight). */
const DANGER_STEEPNESS = 1.6;

/** The table reduced to what decides an arrest (§4.7). */
export interface Table {
  n: number;
  inspector: Seat;
  characters: (CharacterId | null)[];
  /** Hard Evidence per seat: types as a bitmask (motive 1, opportunity 2, weapon 4) and a count. */
  hardTypes: number[];
  hardCount: number[];
  suspected: { type: EvidenceType; card: EvidenceId; holder: Seat }[];
  /** Seats arrested (the game is over when non-empty). */
  arrested: Seat[];
}

const BIT: Record<EvidenceType, number> = { motive: 1, opportunity: 2, weapon: 4 };
const bits = (m: number) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1);

/** The table of a view or of a state. */
export function tableOfView(v: JaccuseSeatView): Table {
  return {
    n: v.seatCount,
    inspector: v.inspector,
    characters: v.seats.map((p) => p.character),
    hardTypes: v.seats.map((p) => p.hard.reduce((m, c) => m | BIT[evidenceType(c)], 0)),
    hardCount: v.seats.map((p) => p.hard.length),
    suspected: v.seats.flatMap((p, holder) => p.suspected.map((card) => ({ type: evidenceType(card), card, holder }))),
    arrested: [...v.arrested],
  };
}

/** The decision-relevant `Table` of a full state (a sampled one, in a bot's simulations). */
export function tableOfState(s: JaccuseState): Table {
  return {
    n: s.seatCount,
    inspector: s.inspector,
    characters: [...s.characters],
    hardTypes: s.hard.map((h) => h.reduce((m, c) => m | BIT[evidenceType(c)], 0)),
    hardCount: s.hard.map((h) => h.length),
    suspected: EVIDENCE_TYPES.flatMap((type) => {
      const sus = s.suspected[type];
      return sus ? [{ type, card: sus.card, holder: sus.holder }] : [];
    }),
    arrested: [...s.arrested],
  };
}

/** How close `seat` is to an arrest (one of each type, or ARREST_TOTAL cards), counting what it holds. */
export function threat(t: Table, seat: Seat): number {
  const types = bits(t.hardTypes[seat]!);
  const count = t.hardCount[seat]!;
  let x = 0.9 * types + 0.45 * count;
  if (types === 2 || count === ARREST_TOTAL - 1) x += 0.8;
  for (const s of t.suspected) {
    if (s.holder !== seat || isExonerated(t.characters[seat] ?? null, s.card)) continue;
    const fresh = (t.hardTypes[seat]! & BIT[s.type]) === 0;
    x += fresh ? (types === 2 ? 0.9 : 0.45) : count === ARREST_TOTAL - 1 ? 0.9 : 0.25;
  }
  return x;
}

/** Value in [0, 1] of a table for `seat`: 1 when someone else was arrested, 0 when it was, else its safety share. */
export function tableValue(t: Table, seat: Seat): number {
  if (t.arrested.length > 0) return t.arrested.includes(seat) ? 0 : 1;
  const w = Array.from({ length: t.n }, (_, s) => Math.exp(DANGER_STEEPNESS * threat(t, s)));
  const sum = w.reduce((a, b) => a + b, 0);
  return 1 - w[seat]! / sum;
}

/** The prevailing Suspicion card (§4.3 step 4: strictly most votes, a shared top is J'Accuse!). */
export function prevailing(votes: readonly SuspicionCard[]): SuspicionCard {
  const counts = new Map<SuspicionCard, number>();
  for (const v of votes) counts.set(v, (counts.get(v) ?? 0) + 1);
  let top = 0;
  let leaders: SuspicionCard[] = [];
  for (const [card, c] of counts) {
    if (c > top) {
      top = c;
      leaders = [card];
    } else if (c === top) leaders.push(card);
  }
  return leaders.length === 1 ? leaders[0]! : 'jaccuse';
}

/** Where a chooser sends an Across card: the eligible rival with the highest threat (never itself when avoidable). */
export function acrossPick(t: Table, chooser: Seat, eligible: Seat[]): Seat {
  let bestSeat = eligible[0]!;
  let top = Number.NEGATIVE_INFINITY;
  for (const s of eligible) {
    const x = (s === chooser ? -10 : 0) + threat(t, s);
    if (x > top) {
      top = x;
      bestSeat = s;
    }
  }
  return bestSeat;
}

/**
 * Resolve a round on the model (§4.3 steps 4–6, §4.7): moves Left / Right / Across, or
 * hardening / exoneration; a replacement is modelled as "a card of that type with the
 * seat left of the Inspector". Returns a new table.
 */
export function resolveRound(t: Table, votes: readonly SuspicionCard[], investigation: InvestigationId, acrossChooser: 'holder' | 'inspector'): Table {
  const outcome = prevailing(votes);
  const types = INVESTIGATION_CARDS[investigation] as readonly EvidenceType[];
  const next: Table = { ...t, hardTypes: [...t.hardTypes], hardCount: [...t.hardCount], suspected: t.suspected.map((s) => ({ ...s })), arrested: [] };
  const n = t.n;
  let dealt = 0;
  for (const s of next.suspected) {
    if (!types.includes(s.type)) continue;
    if (outcome === 'left') s.holder = (s.holder + 1) % n;
    else if (outcome === 'right') s.holder = (s.holder - 1 + n) % n;
    else if (outcome === 'across') {
      const eligible = acrossTargetsOf(s.holder, n);
      s.holder = eligible.length === 1 ? eligible[0]! : acrossPick(t, acrossChooser === 'holder' ? s.holder : t.inspector, eligible);
    } else {
      if (!isExonerated(t.characters[s.holder] ?? null, s.card)) {
        next.hardTypes[s.holder]! |= BIT[s.type];
        next.hardCount[s.holder]! += 1;
      }
      s.holder = (t.inspector + 1 + dealt++) % n;
    }
  }
  for (let seat = 0; seat < n; seat++) if (bits(next.hardTypes[seat]!) === 3 || next.hardCount[seat]! >= ARREST_TOTAL) next.arrested.push(seat);
  return next;
}

function acrossTargetsOf(holder: Seat, n: number): Seat[] {
  const out: Seat[] = [];
  for (let s = 0; s < n; s++) {
    if (s === holder) continue;
    if (n > 3 && (s === (holder + 1) % n || s === (holder - 1 + n) % n)) continue;
    out.push(s);
  }
  return out;
}

/** Suspicion cards `seat` may still vote this cycle (§4.5). */
function available(v: JaccuseSeatView, seat: Seat): SuspicionCard[] {
  const used = v.seats[seat]!.used;
  return SUSPICION_CARDS.filter((c) => !used.includes(c));
}

/**
 * The rival model's vote: move evidence away when holding some the Investigation may hit
 * (the Inspector knows which types; others assume any), otherwise accuse; sometimes random.
 */
export function rivalVote(t: Table, seat: Seat, options: SuspicionCard[], investigation: InvestigationId | null, rng: Rng, purpose = 1): SuspicionCard {
  if (options.length === 1 || rng.int(0, 999) >= purpose * 1000 || rng.int(0, 999) < RIVAL_NOISE * 1000) return options[rng.int(0, options.length - 1)]!;
  const types = investigation ? (INVESTIGATION_CARDS[investigation] as readonly EvidenceType[]) : EVIDENCE_TYPES;
  const exposed = t.suspected.some((s) => s.holder === seat && types.includes(s.type) && !isExonerated(t.characters[seat] ?? null, s.card));
  const moves = options.filter((c) => c !== 'jaccuse');
  if (exposed && moves.length > 0) return moves[rng.int(0, moves.length - 1)]!;
  if (!exposed && options.includes('jaccuse')) return 'jaccuse';
  return options[rng.int(0, options.length - 1)]!;
}

/** Investigation cards the seat has not seen (the Inspector holds its choice among them). */
function unseenInvestigations(v: JaccuseSeatView): InvestigationId[] {
  const known = new Set<InvestigationId>([...v.investigationDiscard, ...v.hand]);
  const out = ALL_INVESTIGATIONS.filter((c) => !known.has(c));
  return out.length > 0 ? out : [...ALL_INVESTIGATIONS];
}

/** Expected value for `me` of voting `mine` (given the Investigation card if known). */
function voteValue(k: JaccuseKnowledge, t: Table, mine: SuspicionCard, investigation: InvestigationId | null, samples: number, rng: Rng): number {
  const v = k.view;
  const pool = investigation ? [investigation] : unseenInvestigations(v);
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const card = pool[rng.int(0, pool.length - 1)]!;
    const votes: SuspicionCard[] = [];
    for (let seat = 0; seat < t.n; seat++) {
      if (seat === k.seat) votes.push(mine);
      else votes.push(rivalVote(t, seat, available(v, seat), seat === v.inspector ? card : null, rng, purposeOf(k, seat)));
    }
    sum += tableValue(resolveRound(t, votes, card, k.options.acrossChooser), k.seat);
  }
  return sum / samples;
}

export function decideJaccuse(k: JaccuseKnowledge, legal: JaccuseAction[], rng: Rng, voteSamples: number, investigationSamples: number, record?: Scores): JaccuseAction {
  if (legal.length === 1) return legal[0]!;
  const v = k.view;
  const t = tableOfView(v);
  switch (v.phase) {
    case 'characters': {
      // The sheet exonerated of the most evidence in play (mine counts double).
      return best(
        legal,
        (a) => (a.type === 'character' ? t.suspected.reduce((sum, s) => sum + (isExonerated(a.character, s.card) ? (s.holder === k.seat ? 2 : 1) : 0), 0) : -1),
        rng,
        record,
      );
    }
    case 'investigate': {
      const mine = available(v, k.seat);
      return best(
        legal,
        (a) => {
          if (a.type !== 'investigate') return -1;
          let top = 0;
          for (const vote of mine) top = Math.max(top, voteValue(k, t, vote, a.card, Math.ceil(investigationSamples / mine.length), rng));
          return top;
        },
        rng,
        record,
      );
    }
    case 'vote': {
      const known = v.inspector === k.seat ? v.chosen : null;
      return best(legal, (a) => (a.type === 'vote' ? voteValue(k, t, a.card, known, voteSamples, rng) : -1), rng, record);
    }
    case 'across': {
      return best(
        legal,
        (a) => {
          if (a.type !== 'send') return -1;
          const moved = { ...t, suspected: t.suspected.map((s) => (s.card === a.card ? { ...s, holder: a.to } : s)) };
          return tableValue(moved, k.seat);
        },
        rng,
        record,
      );
    }
    case 'over':
      return legal[0]!;
  }
}

/** The Normal choice for `k.seat` among `legal`. */
export function normalJaccuse(k: JaccuseKnowledge, legal: JaccuseAction[], rng: Rng, record?: Scores): JaccuseAction {
  return decideJaccuse(k, legal, rng, VOTE_SAMPLES, INVESTIGATION_SAMPLES, record);
}

/**
 * The rollout policy inside simulations: the rival model itself for votes — as purposeful as
 * the searcher has seen this seat vote (`purposeOf`: a seat that votes at random is simulated
 * voting at random, not by self-interest) — and quick choices elsewhere.
 */
export function rolloutJaccuse(k: JaccuseKnowledge, legal: JaccuseAction[], rng: Rng): JaccuseAction {
  if (legal.length === 1) return legal[0]!;
  const v = k.view;
  if (v.phase === 'vote') {
    const t = tableOfView(v);
    const options = legal.flatMap((a) => (a.type === 'vote' ? [a.card] : []));
    const card = rivalVote(t, k.seat, options, v.inspector === k.seat ? v.chosen : null, rng, purposeOf(k, k.seat));
    return legal.find((a) => a.type === 'vote' && a.card === card) ?? legal[0]!;
  }
  return decideJaccuse(k, legal, rng, 4, 6);
}

/** Value of a running game for `seat`, in [0, 1] (the model's safety share). */
export function evaluateJaccuse(s: JaccuseState, seat: Seat): number {
  return tableValue(tableOfState(s), seat);
}
