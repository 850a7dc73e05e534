/**
 * NOIR: Killer vs. Inspector — what an AI player knows and how it samples what it does not
 * (docs/rules/noir.md §2.8). Both roles replay the public history on their
 * own copy of the grid (from the first board, through every kill, shift, collapse, marker)
 * and keep two sets of suspects still consistent with everything public:
 *
 * - who the Killer can be: a kill happens next to the Killer's identity (§2.5), a Killer's
 *   canvas answer tells adjacency (§2.6), a missed arrest and every discarded evidence card
 *   clear a suspect, and a successful disguise starts the set afresh from the living
 *   suspects whose card may still have been in the deck;
 * - who the Inspector can be: alive, never a discarded card, next to (or equal to) every
 *   suspect they arrested normally (§2.5 Arrest), consistent with their canvas answers.
 *
 * Each role then removes what only it knows (the Inspector its hand and identity; the Killer
 * its identity and its disguise draws). The determinizer samples the other role's secrets
 * from those sets. Pure. Heuristics in bot-normal.ts.
 */
import type { GameEvent, Seat } from '../engine.js';
import type { Rng } from '../rng.js';
import type { BotInput, BotKit } from '../bot.js';
import { noirDefinition } from './engine.js';
import { SUSPECT_COUNT, type Cell, type NoirAction, type NoirOptions, type NoirState } from './rules.js';
import { PAST_MOVES_KEPT, aliveSet, inspectorCandidates, inspectorPrivate, killerCandidates, killerPrivate, type NoirKnowledge, type NoirSeatView } from './knowledge.js';
import { evaluateNoir, normalNoir, rolloutNoir } from './bot-normal.js';
import { noirModel } from './model.js';

export { inspectorCandidates, inspectorPrivate, killerCandidates, killerPrivate, type NoirKnowledge, type NoirSeatView };

// ── Grid geometry (rules §2.4, §2.5 Shift, §2.10), on plain `Cell[][]` ─────────────────────

/** Position of every suspect on `grid` (row, col), or undefined once collapsed away. */
export function positions(grid: Cell[][]): ([number, number] | undefined)[] {
  const out: ([number, number] | undefined)[] = Array(SUSPECT_COUNT).fill(undefined);
  grid.forEach((row, r) => row.forEach((c, col) => (out[c.suspect] = [r, col])));
  return out;
}

/** True when `a` and `b` are both on the grid and among each other's 8 neighbours (§2.4). */
export function adjacentAt(pos: ([number, number] | undefined)[], a: number, b: number): boolean {
  const pa = pos[a];
  const pb = pos[b];
  if (!pa || !pb || a === b) return false;
  return Math.abs(pa[0] - pb[0]) <= 1 && Math.abs(pa[1] - pb[1]) <= 1;
}

/** Suspects around `suspect` on `grid` (alive or not), none when it is off the grid. */
export function around(grid: Cell[][], pos: ([number, number] | undefined)[], suspect: number): Cell[] {
  const p = pos[suspect];
  if (!p) return [];
  const out: Cell[] = [];
  for (let dr = -1; dr <= 1; dr++)
    for (let dc = -1; dc <= 1; dc++) {
      if (dr === 0 && dc === 0) continue;
      const c = grid[p[0] + dr]?.[p[1] + dc];
      if (c) out.push(c);
    }
  return out;
}

/** One line moved one step with wrap-around (§2.5 Shift): rows right for dir 1, columns down. */
export function shifted(grid: Cell[][], axis: 'row' | 'col', index: number, dir: 1 | -1): Cell[][] {
  const out = grid.map((r) => r.map((c) => ({ ...c })));
  if (axis === 'row') {
    const row = out[index]!;
    const n = row.length;
    out[index] = row.map((_, i) => row[(i - dir + n) % n]!);
  } else {
    const n = out.length;
    const col = out.map((r) => r[index]!);
    for (let i = 0; i < n; i++) out[i]![index] = col[(i - dir + n) % n]!;
  }
  return out;
}

/** Remove every all-deceased row and column until none is left (§2.10). */
export function collapsed(grid: Cell[][]): Cell[][] {
  let g = grid.map((r) => r.map((c) => ({ ...c })));
  for (;;) {
    const rows = new Set<number>();
    const cols = new Set<number>();
    g.forEach((r, i) => r.length > 0 && r.every((c) => !c.alive) && rows.add(i));
    const width = g[0]?.length ?? 0;
    for (let j = 0; j < width; j++) if (g.length > 0 && g.every((r) => !r[j]!.alive)) cols.add(j);
    if (rows.size === 0 && cols.size === 0) return g;
    g = g.filter((_, i) => !rows.has(i)).map((r) => r.filter((_, j) => !cols.has(j)));
    if (g.length === 0 || (g[0]?.length ?? 0) === 0) return [];
  }
}

/** The cell of `suspect`, if on the grid. */
function cellOf(grid: Cell[][], suspect: number): Cell | undefined {
  for (const r of grid) for (const c of r) if (c.suspect === suspect) return c;
  return undefined;
}

// ── Knowledge ────────────────────────────────────────────────────────────────────────────

/** Reset the Killer's candidates after a successful disguise: living suspects whose card was not discarded. */
function freshKillerCands(k: NoirKnowledge): void {
  const alive = new Set<number>();
  for (const r of k.grid) for (const c of r) if (c.alive) alive.add(c.suspect);
  for (let s = 0; s < SUSPECT_COUNT; s++) k.killerCands[s] = alive.has(s) && !k.discards.includes(s);
}

/** The action code (codec.ts) of the other role's main move that `e` reports, or null (not a move, or the seat's own). */
function pastMoveCode(k: NoirKnowledge, e: GameEvent): string | null {
  if (e.by === undefined || e.by === k.seat) return null;
  switch (e.type) {
    case 'kill':
      return `k:${e.suspect as number}`;
    case 'shift':
      return `s:${e.axis === 'row' ? 'r' : 'c'}:${e.index as number}:${e.dir as number}`;
    case 'disguise':
      return 'd';
    case 'exonerateDraw':
      return 'e';
    case 'arrest':
      return e.citizen ? null : `a:${e.suspect as number}`;
    case 'citizen':
      return `c:${e.suspect as number}:${e.target as number}`;
    default:
      return null;
  }
}

/**
 * Keep what the likelihood weights need (knowledge.ts `NoirPastMove`): before an event of the
 * other role's move, a snapshot of the public facts; the shift that ended the previous turn;
 * the deck's size; a successful disguise's old identity for the Killer's earlier moves.
 */
function track(k: NoirKnowledge, e: GameEvent): void {
  const moves = k.moves!;
  const code = pastMoveCode(k, e);
  if (code !== null) {
    let cells = 0;
    let dead = 0;
    for (const r of k.grid) for (const c of r) {
      cells++;
      if (!c.alive) dead++;
    }
    moves.push({
      by: e.by as number,
      role: k.role === 'killer' ? 'inspector' : 'killer',
      code,
      grid: k.grid.map((r) => r.map((c) => ({ ...c }))),
      killerCands: [...k.killerCands],
      inspectorCands: [...k.inspectorCands],
      discards: [...k.discards],
      firstKill: e.type === 'kill' && dead === 0 && cells === SUSPECT_COUNT,
      blocked: k.lastShift ? { ...k.lastShift } : null,
      deckLeft: k.deckLeft ?? 0,
      killerId: -1,
    });
    if (moves.length > PAST_MOVES_KEPT) moves.shift();
  }
  switch (e.type) {
    case 'shift':
      k.lastShift = { axis: e.axis === 'row' ? 0 : 1, index: e.index as number, dir: e.dir as number, collapsed: false };
      break;
    case 'collapse':
      if (k.lastShift) k.lastShift.collapsed = true;
      break;
    case 'exonerateDraw':
      k.deckLeft = e.deck as number;
      break;
    case 'disguise': {
      k.deckLeft = Math.max(0, (k.deckLeft ?? 0) - 1);
      k.lastShift = null;
      const c = cellOf(k.grid, e.discarded as number);
      if (e.effect !== 'none' || (c !== undefined && c.alive)) for (const m of moves) if (m.role === 'killer' && m.killerId < 0) m.killerId = e.discarded as number;
      break;
    }
    case 'kill':
    case 'exonerate':
    case 'arrest':
    case 'identityChosen':
      k.lastShift = null;
      break;
  }
}

/** Fold one public or own event into the knowledge (the grid replay and both candidate sets). */
function fold(k: NoirKnowledge, e: GameEvent): void {
  if (k.moves) track(k, e);
  switch (e.type) {
    case 'kill': {
      const victim = e.suspect as number;
      const pos = positions(k.grid);
      for (let s = 0; s < SUSPECT_COUNT; s++) if (k.killerCands[s] && !adjacentAt(pos, s, victim)) k.killerCands[s] = false;
      k.inspectorCands[victim] = false;
      const c = cellOf(k.grid, victim);
      if (c) c.alive = false;
      break;
    }
    case 'canvas': {
      const around = e.suspect as number;
      const adjacent = e.adjacent as boolean;
      const pos = positions(k.grid);
      if (!pos[around]) break;
      const set = e.answeredBy === 'killer' ? k.killerCands : k.inspectorCands;
      for (let s = 0; s < SUSPECT_COUNT; s++) if (set[s] && adjacentAt(pos, s, around) !== adjacent) set[s] = false;
      break;
    }
    case 'shift':
      k.grid = shifted(k.grid, e.axis as 'row' | 'col', e.index as number, e.dir as 1 | -1);
      break;
    case 'collapse':
      k.grid = collapsed(k.grid);
      break;
    case 'disguise': {
      const card = e.discarded as number;
      const c = cellOf(k.grid, card);
      const success = e.effect !== 'none' || (c !== undefined && c.alive);
      k.discards.push(card);
      k.killerCands[card] = false;
      k.inspectorCands[card] = false;
      if (!success) break;
      if (c && e.effect === 'marked') c.marker = true;
      if (c && e.effect === 'killed') c.alive = false;
      freshKillerCands(k);
      break;
    }
    case 'exonerate':
    case 'citizen': {
      const card = e.suspect as number;
      k.discards.push(card);
      k.killerCands[card] = false;
      k.inspectorCands[card] = false;
      const c = cellOf(k.grid, card);
      if (c && e.marker) c.marker = true;
      break;
    }
    case 'arrest': {
      const target = e.suspect as number;
      if (!e.hit) k.killerCands[target] = false;
      if (!e.citizen) {
        const pos = positions(k.grid);
        for (let s = 0; s < SUSPECT_COUNT; s++) if (k.inspectorCands[s] && s !== target && !adjacentAt(pos, s, target)) k.inspectorCands[s] = false;
      }
      break;
    }
  }
}

/** The knowledge of `input.seat`, replaying its visible events on the first board. */
export function knowNoir(input: BotInput<NoirSeatView, NoirOptions>): NoirKnowledge {
  const k: NoirKnowledge = {
    seat: input.seat,
    seatCount: 2,
    view: input.view,
    role: input.view.role,
    options: input.options,
    grid: input.initialView.grid.map((r) => r.map((c) => ({ ...c }))),
    killerCands: Array(SUSPECT_COUNT).fill(true),
    inspectorCands: Array(SUSPECT_COUNT).fill(true),
    discards: [],
    moves: [],
    lastShift: null,
    deckLeft: input.initialView.deckSize,
  };
  for (const e of input.events) fold(k, e);
  return k;
}

/**
 * A full state consistent with `k`: the other role's identity drawn uniformly from its
 * candidates (the Killer's among suspects every public fact allows and the Inspector does
 * not hold; the Inspector's likewise, among cards the Killer never saw); the rest of the
 * unseen cards dealt to the Inspector's hand (when the Killer samples) and the deck.
 * Throws when no candidate is left (a tracking bug).
 */
export function determinizeNoir(k: NoirKnowledge, rng: Rng): NoirState {
  const v = k.view;
  const unseen = new Set<number>(Array.from({ length: SUSPECT_COUNT }, (_, i) => i));
  for (const d of v.discards) unseen.delete(d);
  let killerIdentity: number;
  let inspectorIdentity: number | null;
  let hand: number[];
  let drawn: number | null;
  if (v.role === 'inspector') {
    for (const c of inspectorPrivate(v)) unseen.delete(c);
    const cands = killerCandidates(k, inspectorPrivate(v)).filter((c) => unseen.has(c));
    if (cands.length === 0) throw new Error('noir bot: no Killer candidate is left');
    killerIdentity = cands[rng.int(0, cands.length - 1)]!;
    unseen.delete(killerIdentity);
    inspectorIdentity = v.identity;
    hand = [...v.hand];
    drawn = v.drawn;
  } else {
    killerIdentity = v.identity!;
    for (const c of killerPrivate(v)) unseen.delete(c);
    inspectorIdentity = null;
    if (v.inspectorChosen) {
      const cands = inspectorCandidates(k, killerPrivate(v)).filter((c) => unseen.has(c));
      if (cands.length === 0) throw new Error('noir bot: no Inspector candidate is left');
      inspectorIdentity = cands[rng.int(0, cands.length - 1)]!;
      unseen.delete(inspectorIdentity);
    }
    const rest = rng.shuffle([...unseen]);
    hand = rest.slice(0, v.handSize);
    for (const c of hand) unseen.delete(c);
    drawn = v.phase === 'discard' ? (hand[hand.length - 1] ?? null) : null;
    if (v.phase === 'chooseIdentity') {
      // The four starting cards hold at least one living card (the Inspector must choose one).
      const alive = aliveSet(v);
      if (!hand.some((c) => alive[c])) {
        const swap = [...unseen].find((c) => alive[c]);
        if (swap !== undefined && hand.length > 0) {
          unseen.add(hand[0]!);
          unseen.delete(swap);
          hand[0] = swap;
        }
      }
    }
  }
  const deck = rng.shuffle([...unseen]);
  if (deck.length !== v.deckSize) throw new Error(`noir bot: ${deck.length} unseen cards for a deck of ${v.deckSize}`);
  return {
    options: k.options,
    rng: rng.state(),
    step: v.step,
    turns: v.turns,
    phase: v.phase,
    turn: v.actingRole ?? 'killer',
    killerSeat: v.killerSeat,
    inspectorSeat: v.inspectorSeat,
    grid: v.grid.map((r) => r.map((c) => ({ ...c }))),
    removed: [...v.removed],
    deck,
    discards: [...v.discards],
    killerIdentity,
    inspectorIdentity,
    hand,
    drawn,
    killerDraws: v.role === 'killer' ? v.draws.map((d) => ({ ...d })) : [],
    lastShift: v.lastShift ? { ...v.lastShift } : null,
    arrests: v.arrests.map((a) => ({ ...a })),
    canvasses: v.canvasses.map((c) => ({ ...c })),
    citizensArrests: v.citizensArrests,
    winner: v.winner,
    endReason: v.endReason,
  };
}

/** Knowledge of `seat` inside a simulation: the searcher's public tracking, the sample's view. */
function simKnowledge(searcher: NoirKnowledge, state: NoirState, seat: Seat): NoirKnowledge {
  const view = noirDefinition.seatView(state, seat);
  return {
    ...searcher,
    seat,
    view,
    role: view.role,
    grid: searcher.grid.map((r) => r.map((c) => ({ ...c }))),
    killerCands: [...searcher.killerCands],
    inspectorCands: [...searcher.inspectorCands],
    discards: [...searcher.discards],
    moves: undefined,
  };
}

/** The NOIR bot kit (the `BotKit` of src/games/bot.ts). */
export const noirBot: BotKit<NoirState, NoirAction, NoirSeatView, NoirKnowledge> = {
  game: 'noir',
  definition: noirDefinition,
  know: (input) => knowNoir(input as BotInput<NoirSeatView, NoirOptions>),
  determinize: determinizeNoir,
  normal: normalNoir,
  simKnowledge,
  observe: (k, _state, events) => {
    for (const e of events) fold(k, e);
  },
  rollout: rolloutNoir,
  evaluate: evaluateNoir,
  // Games between heuristic players are short: play them out (the evaluation only cuts off the rare long ones).
  horizon: () => 40,
  // The Hard level searches on the compact model (src/bots/ismcts.ts `modelSearch`).
  model: noirModel,
};
