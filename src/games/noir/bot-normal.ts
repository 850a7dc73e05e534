/**
 * NOIR: Killer vs. Inspector — the Normal AI player's heuristics and the Hard level's
 * evaluation (docs/rules/noir.md §2.3–§2.11), on the seat's own knowledge.
 *
 * Killer: kill where it keeps the Inspector guessing (the kill's neighbourhood still holds
 * many public candidates) and where the Inspector may be, never stay where an arrest is
 * likely, disguise once the public candidates close in. Inspector: pick an identity far
 * from the first victim, arrest where the evidence points, exonerate the card whose canvas
 * answer splits the suspects best, and shift the likeliest suspects next to the identity.
 * Pure.
 */
import type { Seat } from '../engine.js';
import type { Rng } from '../rng.js';
import { best, type Scores } from '../bot.js';
import { SUSPECT_COUNT, type Cell, type NoirAction, type NoirState } from './rules.js';
import { inspectorCandidates, inspectorPrivate, killerCandidates, killerPrivate, type NoirKnowledge } from './knowledge.js';

/** Chance a simulated player takes a random legal action instead of its heuristic choice. */
const ROLLOUT_NOISE = 0.05;
/** How much the Inspector weighs being killed next turn against its own arrest chances. */
const DANGER_WEIGHT = 150;

/**
 * The grid reduced to what the heuristics ask: each suspect's row and column (−1 once
 * collapsed away) and whether it is alive. Shifting it moves coordinates only (§2.5).
 */
interface Board {
  rows: number;
  cols: number;
  row: Int8Array;
  col: Int8Array;
  alive: Uint8Array;
}

function boardOf(grid: Cell[][]): Board {
  const b: Board = { rows: grid.length, cols: grid[0]?.length ?? 0, row: new Int8Array(SUSPECT_COUNT).fill(-1), col: new Int8Array(SUSPECT_COUNT).fill(-1), alive: new Uint8Array(SUSPECT_COUNT) };
  grid.forEach((r, i) =>
    r.forEach((c, j) => {
      b.row[c.suspect] = i;
      b.col[c.suspect] = j;
      b.alive[c.suspect] = c.alive ? 1 : 0;
    }),
  );
  return b;
}

/** `b` after shifting one line one step with wrap-around (rows right for dir 1, columns down). */
function shiftBoard(b: Board, axis: 'row' | 'col', index: number, dir: 1 | -1): Board {
  const out: Board = { ...b, row: b.row.slice(), col: b.col.slice() };
  for (let s = 0; s < SUSPECT_COUNT; s++) {
    if (axis === 'row' && b.row[s] === index) out.col[s] = (b.col[s]! + dir + b.cols) % b.cols;
    else if (axis === 'col' && b.col[s] === index) out.row[s] = (b.row[s]! + dir + b.rows) % b.rows;
  }
  return out;
}

/** `b` with `suspect` dead. */
function killOn(b: Board, suspect: number): Board {
  const alive = b.alive.slice();
  alive[suspect] = 0;
  return { ...b, alive };
}

/** True when `x` and `y` are both on the grid and neighbours (§2.4). */
function near(b: Board, x: number, y: number): boolean {
  if (x === y || b.row[x]! < 0 || b.row[y]! < 0) return false;
  return Math.abs(b.row[x]! - b.row[y]!) <= 1 && Math.abs(b.col[x]! - b.col[y]!) <= 1;
}

/** Living neighbours of `suspect`. */
function livingNear(b: Board, suspect: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < SUSPECT_COUNT; s++) if (b.alive[s] && near(b, s, suspect)) out.push(s);
  return out;
}

/** How many of `list` are neighbours of `suspect`. */
function countNear(b: Board, list: readonly number[], suspect: number): number {
  let n = 0;
  for (const x of list) if (near(b, x, suspect)) n++;
  return n;
}

/**
 * Chance the Inspector arrests the Killer (at `me`) on its next turn: for each place the
 * Inspector may be (uniformly among `inspectors`), if the Killer is next to it the Inspector
 * picks among the living Killer candidates it can reach.
 */
function arrestDanger(b: Board, me: number, killers: readonly number[], inspectors: readonly number[]): number {
  if (inspectors.length === 0) return 0;
  let danger = 0;
  for (const x of inspectors) {
    if (!near(b, x, me)) continue;
    let reach = 0;
    for (const c of killers) if (b.alive[c] && near(b, x, c)) reach++;
    danger += 1 / Math.max(1, reach);
  }
  return danger / inspectors.length;
}

/** Information score of `n` suspects the Inspector still cannot tell apart. */
function info(n: number): number {
  return 5 * Math.log2(Math.max(1, n));
}

/** The Killer's choice (rules §2.3, §2.5). */
function killerMove(k: NoirKnowledge, legal: NoirAction[], rng: Rng, record?: Scores): NoirAction {
  const v = k.view;
  const me = v.identity!;
  const board = boardOf(v.grid);
  if (v.phase === 'firstKill') {
    // Keep the Inspector guessing: the victim with the most living neighbours.
    return best(legal, (a) => (a.type === 'kill' ? livingNear(board, a.suspect).length : -1), rng, record);
  }
  const publicKillers = killerCandidates(k);
  const inspectors = v.inspectorChosen ? inspectorCandidates(k, killerPrivate(v)) : [];
  const remaining = Math.max(1, v.killTarget - v.deaths);
  const deathValue = 8 + 40 / remaining;
  const dangerNow = arrestDanger(board, me, publicKillers, inspectors);
  const seen = new Set([...v.discards, ...killerPrivate(v)]);
  let unseenAlive = 0;
  let unseen = 0;
  for (let s = 0; s < SUSPECT_COUNT; s++) {
    if (seen.has(s)) continue;
    unseen++;
    if (board.alive[s]) unseenAlive++;
  }
  return best(
    legal,
    (a) => {
      switch (a.type) {
        case 'kill': {
          if (v.deaths + 1 >= v.killTarget) return 1000;
          const after = killOn(board, a.suspect);
          const cands = publicKillers.filter((c) => near(board, c, a.suspect));
          const pInspector = inspectors.includes(a.suspect) ? 1 / inspectors.length : 0;
          return 100 * pInspector + deathValue + info(cands.length) - 100 * arrestDanger(after, me, cands, inspectors.filter((x) => x !== a.suspect));
        }
        case 'shift': {
          const b = shiftBoard(board, a.axis, a.index, a.dir);
          const reachable = livingNear(b, me).length;
          const nearInspector = countNear(b, inspectors, me) / Math.max(1, inspectors.length);
          return info(publicKillers.length) - 100 * arrestDanger(b, me, publicKillers, inspectors) + 2 * Math.min(3, reachable) + 6 * nearInspector - 6;
        }
        case 'disguise': {
          const success = unseen > 0 ? unseenAlive / unseen : 0;
          const bonus = v.mode === 'classic' && v.disguiseKillsOldIdentity ? deathValue : 0;
          const fresh = info(Math.max(1, unseenAlive - 3)) - 3 + bonus;
          const stay = info(publicKillers.length) - 100 * dangerNow;
          return success * fresh + (1 - success) * stay - 4;
        }
        default:
          return -1000;
      }
    },
    rng,
    record,
  );
}

/** Expected number of candidates left after the Killer's canvas answer around `card` (§2.6). */
function splitSize(b: Board, cands: readonly number[], card: number): number {
  if (b.row[card]! < 0 || cands.length === 0) return cands.length;
  const close = countNear(b, cands, card);
  const far = cands.length - close;
  return (close * close + far * far) / cands.length;
}

/** The Inspector's choice (rules §2.3, §2.5–§2.7). */
function inspectorMove(k: NoirKnowledge, legal: NoirAction[], rng: Rng, record?: Scores): NoirAction {
  const v = k.view;
  const board = boardOf(v.grid);
  const cands = killerCandidates(k, inspectorPrivate(v));
  const isCand: boolean[] = Array(SUSPECT_COUNT).fill(false);
  for (const c of cands) isCand[c] = true;
  const n = Math.max(1, cands.length);
  const canvassing = v.mode !== 'classic';
  if (v.phase === 'chooseIdentity') {
    return best(legal, (a) => (a.type === 'choose' ? -10 * (countNear(board, cands, a.suspect) / n) + 0.5 * livingNear(board, a.suspect).length : -1), rng, record);
  }
  if (v.phase === 'discard') {
    return best(
      legal,
      (a) => {
        if (a.type !== 'discard') return -1;
        const keep = v.mode === 'citizens-arrest' ? livingNear(board, a.suspect).filter((c) => isCand[c]).length : 0;
        return canvassing ? -splitSize(board, cands, a.suspect) - 0.5 * keep : -keep;
      },
      rng,
      record,
    );
  }
  const me = v.identity!;
  const adjacentNow = livingNear(board, me).filter((c) => isCand[c]).length;
  let bestSplit = n;
  if (canvassing && v.deckSize > 0) for (const c of v.hand) bestSplit = Math.min(bestSplit, splitSize(board, cands, c));
  const hitChance = 1 / n;
  // My own danger: the Killer kills me when it is next to me and guesses me among the
  // suspects the public facts leave for my identity (a normal arrest narrows them, §2.5).
  const mine = inspectorCandidates(k);
  const exposure = (b: Board, left: number) => (countNear(b, cands, me) / n) * (1 / Math.max(1, left));
  const dangerNow = exposure(board, mine.length);
  return best(
    legal,
    (a) => {
      switch (a.type) {
        case 'arrest': {
          if (!isCand[a.suspect]) return -50;
          const left = mine.filter((x) => x === a.suspect || near(board, x, a.suspect)).length;
          return 100 * hitChance + (adjacentNow >= 2 ? 10 : 0) - (n > 4 ? 30 : 0) - DANGER_WEIGHT * (1 - hitChance) * exposure(board, left);
        }
        case 'citizen':
          if (!isCand[a.target]) return -50;
          return 100 * hitChance - 8 - (n > 3 ? 40 : 0) - DANGER_WEIGHT * (1 - hitChance) * dangerNow;
        case 'exonerate': {
          const value = canvassing ? 10 + 120 * (1 / Math.max(1, bestSplit) - 1 / n) : 8 + 10 * (cands.length / Math.max(1, v.deckSize + v.handSize));
          return value - DANGER_WEIGHT * dangerNow;
        }
        case 'shift': {
          const b = shiftBoard(board, a.axis, a.index, a.dir);
          let reach = 0;
          for (const c of cands) if (b.alive[c] && near(b, c, me)) reach++;
          return (reach > 0 ? 70 * hitChance + 3 * Math.min(reach, 3) : 0) + 1 - DANGER_WEIGHT * exposure(b, mine.length);
        }
        default:
          return -1000;
      }
    },
    rng,
    record,
  );
}

/** The Normal choice for `k.seat` among `legal`. */
export function normalNoir(k: NoirKnowledge, legal: NoirAction[], rng: Rng, record?: Scores): NoirAction {
  if (legal.length === 1) return legal[0]!;
  return k.view.role === 'killer' ? killerMove(k, legal, rng, record) : inspectorMove(k, legal, rng, record);
}

/** The rollout policy inside the Hard level's simulations: Normal, with a little noise. */
export function rolloutNoir(k: NoirKnowledge, legal: NoirAction[], rng: Rng): NoirAction {
  if (rng.int(0, 999) < ROLLOUT_NOISE * 1000) return legal[rng.int(0, legal.length - 1)]!;
  return normalNoir(k, legal, rng);
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Value of a running game for `seat`, in [0, 1]: the Inspector's chances grow with the kills
 * still needed and shrink with the suspects it still cannot tell apart; a Killer next to the
 * Inspector's identity threatens both ways.
 */
export function evaluateNoir(s: NoirState, seat: Seat, minds: NoirKnowledge[]): number {
  let deaths = s.removed.length;
  for (const r of s.grid) for (const c of r) if (!c.alive) deaths++;
  const remaining = Math.max(0, s.options.killTarget - deaths);
  const inspectorMind = minds[s.inspectorSeat]!;
  const killerMind = minds[s.killerSeat]!;
  const alive = new Set<number>();
  for (const r of s.grid) for (const c of r) if (c.alive) alive.add(c.suspect);
  const own = new Set([...s.hand, ...(s.inspectorIdentity === null ? [] : [s.inspectorIdentity])]);
  let killers = 0;
  for (let x = 0; x < SUSPECT_COUNT; x++) if (inspectorMind.killerCands[x] && alive.has(x) && !own.has(x)) killers++;
  let inspectors = 0;
  for (let x = 0; x < SUSPECT_COUNT; x++) if (killerMind.inspectorCands[x] && alive.has(x) && x !== s.killerIdentity) inspectors++;
  let p = logistic(1.2 * Math.log(remaining + 1) - 1.2 * Math.log(Math.max(1, killers)) - 0.3);
  if (s.inspectorIdentity !== null) {
    if (near(boardOf(s.grid), s.killerIdentity, s.inspectorIdentity)) {
      const killerToMove = s.turn === 'killer';
      if (killerToMove) p *= 1 - 0.8 / Math.max(1, inspectors);
      else p += (1 - p) * (0.8 / Math.max(1, killers));
    }
  }
  return seat === s.inspectorSeat ? p : 1 - p;
}
