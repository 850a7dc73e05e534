/**
 * NOIR: Killer vs. Inspector — the Normal AI player's heuristics and the Hard level's
 * evaluation (rules/noir-killer-vs-inspector.md §2.3–§2.11), on the seat's own knowledge.
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
import { SUSPECT_COUNT, type Cell, type NoirAction, type NoirState } from './rules.js';
import {
  adjacentAt,
  around,
  inspectorCandidates,
  inspectorPrivate,
  killerCandidates,
  killerPrivate,
  positions,
  shifted,
  type NoirKnowledge,
} from './bot.js';

/** Chance a simulated player takes a random legal action instead of its heuristic choice. */
const ROLLOUT_NOISE = 0.05;

type Pos = ([number, number] | undefined)[];

/** Pick the best-scored action; ties broken at random. */
function best(legal: NoirAction[], score: (a: NoirAction) => number, rng: Rng): NoirAction {
  let top = Number.NEGATIVE_INFINITY;
  let picks: NoirAction[] = [];
  for (const a of legal) {
    const s = score(a);
    if (s > top + 1e-9) {
      top = s;
      picks = [a];
    } else if (Math.abs(s - top) <= 1e-9) picks.push(a);
  }
  return picks[rng.int(0, picks.length - 1)]!;
}

function isAlive(grid: Cell[][], suspect: number): boolean {
  for (const r of grid) for (const c of r) if (c.suspect === suspect) return c.alive;
  return false;
}

function withDead(grid: Cell[][], suspect: number): Cell[][] {
  return grid.map((r) => r.map((c) => (c.suspect === suspect ? { ...c, alive: false } : c)));
}

/**
 * Chance the Inspector arrests the Killer (at `me`) on its next turn, on `grid`: for each
 * place the Inspector may be (uniformly among `inspectors`), if the Killer is next to it the
 * Inspector picks among the Killer candidates it can reach.
 */
function arrestDanger(grid: Cell[][], me: number, killers: number[], inspectors: number[]): number {
  if (inspectors.length === 0) return 0;
  const pos = positions(grid);
  let danger = 0;
  for (const x of inspectors) {
    if (!adjacentAt(pos, x, me)) continue;
    let reach = 0;
    for (const c of killers) if (adjacentAt(pos, x, c) && isAlive(grid, c)) reach++;
    danger += 1 / Math.max(1, reach);
  }
  return danger / inspectors.length;
}

/** Living neighbours of `suspect` on `grid`. */
function livingAround(grid: Cell[][], pos: Pos, suspect: number): number[] {
  return around(grid, pos, suspect)
    .filter((c) => c.alive)
    .map((c) => c.suspect);
}

/** The Killer's choice (rules §2.3, §2.5). */
function killerMove(k: NoirKnowledge, legal: NoirAction[], rng: Rng): NoirAction {
  const v = k.view;
  const me = v.identity!;
  const grid = v.grid;
  const pos = positions(grid);
  const publicKillers = killerCandidates(k);
  const inspectors = v.inspectorChosen ? inspectorCandidates(k, killerPrivate(v)) : [];
  const pInspector = (x: number) => (inspectors.includes(x) ? 1 / inspectors.length : 0);
  const remaining = Math.max(1, v.killTarget - v.deaths);
  const deathValue = 8 + 40 / remaining;
  if (v.phase === 'firstKill') {
    // Keep the Inspector guessing: the victim with the most living neighbours.
    return best(legal, (a) => (a.type === 'kill' ? livingAround(grid, pos, a.suspect).length : -1), rng);
  }
  const info = (n: number) => 5 * Math.log2(Math.max(1, n));
  const dangerNow = arrestDanger(grid, me, publicKillers, inspectors);
  const unseenAlive = (() => {
    const seen = new Set([...v.discards, ...killerPrivate(v)]);
    let alive = 0;
    let total = 0;
    for (let s = 0; s < SUSPECT_COUNT; s++) {
      if (seen.has(s)) continue;
      total++;
      if (isAlive(grid, s)) alive++;
    }
    return { alive, total };
  })();
  return best(
    legal,
    (a) => {
      switch (a.type) {
        case 'kill': {
          const after = withDead(grid, a.suspect);
          const cands = publicKillers.filter((c) => adjacentAt(pos, c, a.suspect));
          const lastKill = v.deaths + 1 >= v.killTarget;
          if (lastKill) return 1000;
          return 100 * pInspector(a.suspect) + deathValue + info(cands.length) - 100 * arrestDanger(after, me, cands, inspectors.filter((x) => x !== a.suspect));
        }
        case 'shift': {
          const g = shifted(grid, a.axis, a.index, a.dir);
          const p = positions(g);
          const reachable = livingAround(g, p, me).length;
          const nearInspector = inspectors.filter((x) => adjacentAt(p, x, me)).length / Math.max(1, inspectors.length);
          return info(publicKillers.length) - 100 * arrestDanger(g, me, publicKillers, inspectors) + 2 * Math.min(3, reachable) + 6 * nearInspector - 6;
        }
        case 'disguise': {
          const success = unseenAlive.total > 0 ? unseenAlive.alive / unseenAlive.total : 0;
          const bonus = v.mode === 'classic' && v.disguiseKillsOldIdentity ? deathValue : 0;
          const fresh = info(Math.max(1, unseenAlive.alive - 3)) - 100 * 0.03 + bonus;
          const stay = info(publicKillers.length) - 100 * dangerNow;
          return success * fresh + (1 - success) * stay - 4;
        }
        default:
          return -1000;
      }
    },
    rng,
  );
}

/** Expected number of candidates left after the Killer's canvas answer around `card` (§2.6). */
function splitSize(pos: Pos, cands: number[], card: number): number {
  if (!pos[card] || cands.length === 0) return cands.length;
  let near = 0;
  for (const c of cands) if (adjacentAt(pos, c, card)) near++;
  const far = cands.length - near;
  return (near * near + far * far) / cands.length;
}

/** The Inspector's choice (rules §2.3, §2.5–§2.7). */
function inspectorMove(k: NoirKnowledge, legal: NoirAction[], rng: Rng): NoirAction {
  const v = k.view;
  const grid = v.grid;
  const pos = positions(grid);
  const cands = killerCandidates(k, inspectorPrivate(v));
  const n = Math.max(1, cands.length);
  const isCand = (s: number) => cands.includes(s);
  const canvassing = v.mode !== 'classic';
  if (v.phase === 'chooseIdentity') {
    return best(
      legal,
      (a) => {
        if (a.type !== 'choose') return -1;
        const near = cands.filter((c) => adjacentAt(pos, c, a.suspect)).length / n;
        return -10 * near + 0.5 * livingAround(grid, pos, a.suspect).length;
      },
      rng,
    );
  }
  if (v.phase === 'discard') {
    return best(
      legal,
      (a) => {
        if (a.type !== 'discard') return -1;
        const keep = v.mode === 'citizens-arrest' ? livingAround(grid, pos, a.suspect).filter(isCand).length : 0;
        return canvassing ? -splitSize(pos, cands, a.suspect) - 0.5 * keep : -keep;
      },
      rng,
    );
  }
  const me = v.identity!;
  const reach = (p: Pos, g: Cell[][]) => livingAround(g, p, me).filter(isCand);
  const adjacentNow = reach(pos, grid);
  const bestSplit = canvassing && v.deckSize > 0 ? Math.min(...v.hand.map((c) => splitSize(pos, cands, c)), n) : n;
  const hitChance = 1 / n;
  return best(
    legal,
    (a) => {
      switch (a.type) {
        case 'arrest':
          if (!isCand(a.suspect)) return -50;
          return 100 * hitChance + (adjacentNow.length >= 2 ? 10 : 0) - (n > 4 ? 30 : 0);
        case 'citizen':
          if (!isCand(a.target)) return -50;
          return 100 * hitChance - 8 - (n > 3 ? 40 : 0);
        case 'exonerate': {
          if (!canvassing) return 8 + 10 * (cands.length / Math.max(1, v.deckSize + v.handSize));
          const gain = 1 / Math.max(1, bestSplit) - 1 / n;
          return 10 + 120 * gain;
        }
        case 'shift': {
          const g = shifted(grid, a.axis, a.index, a.dir);
          const p = positions(g);
          const near = reach(p, g).length;
          return (near > 0 ? 70 * hitChance + 3 * Math.min(near, 3) : 0) + 1;
        }
        default:
          return -1000;
      }
    },
    rng,
  );
}

/** The Normal choice for `k.seat` among `legal`. */
export function normalNoir(k: NoirKnowledge, legal: NoirAction[], rng: Rng): NoirAction {
  if (legal.length === 1) return legal[0]!;
  return k.view.role === 'killer' ? killerMove(k, legal, rng) : inspectorMove(k, legal, rng);
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
    const pos = positions(s.grid);
    if (adjacentAt(pos, s.killerIdentity, s.inspectorIdentity)) {
      const killerToMove = s.turn === 'killer';
      if (killerToMove) p *= 1 - 0.8 / Math.max(1, inspectors);
      else p += (1 - p) * (0.8 / Math.max(1, killers));
    }
  }
  return seat === s.inspectorSeat ? p : 1 - p;
}
