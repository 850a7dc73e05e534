/**
 * Swiss pairing for tables of any size (docs/tournaments.md "Pairing"): pure and deterministic —
 * the same players, scores, history, seed and round give the same tables, so a stored pairing
 * can be re-checked at any time.
 *
 * What a pairing is chosen for, in this order (docs/tournaments.md "Pairing"):
 * 1. **Byes rotate.** When the players do not fill whole tables (and the organiser did not let a
 *    bot fill the empty seats), `n mod k` players sit out the round; they are players with the
 *    fewest byes so far: nobody gets a second bye while a player still paired every round has
 *    none.
 * 2. **No repeat opponents where avoidable**: as few pairs of players who already met at a table
 *    as possible (`repeats`; zero whenever a pairing without repeats exists).
 * 3. **Byes to the bottom**: among the bye sets of (1) that reach the fewest repeats, the one of
 *    the lowest-ranked players.
 * 4. **Tables of the nearest scores**: the least `spread` — over every table, the sum of the squared
 *    differences of points between each two players at it (without history that puts the first
 *    k of the ranking at table 1, the next k at table 2, …).
 * 5. What still ties goes by the ranking: players by points, equal points in an order drawn
 *    from the tournament's seed and the round.
 *
 * The search is a branch and bound over tables filled from the top of the ranking, exhaustive
 * up to `budget` steps (the property tests check it against every possible pairing up to 12
 * entrants); past its budget it returns the best pairing found so far — the first one tried is
 * each table filled from the top with the nearest entrants the opener's table has not met —
 * and says so (`exhaustive: false`).
 */
import { Rng } from '../games/rng.js';

/** One player to pair: an active entrant of the tournament. */
export interface PairingPlayer {
  /** Stable id (the Discord user snowflake). */
  id: string;
  /** Tournament points so far (multiples of 0.5). */
  points: number;
  /** Byes received so far. */
  byes: number;
  /** Ids of every entrant already met at a table (repeats allowed; bots are not entrants). */
  met: readonly string[];
}

/** What fills the seats `n mod k` players leave empty: byes, or AI players (docs/tournaments.md "Pairing"). */
export type EmptySeats = 'bye' | 'bot';

/** Input of `swissPairing`. */
export interface PairingInput {
  players: readonly PairingPlayer[];
  /** Seats per table (k ≥ 2). */
  tableSize: number;
  emptySeats: EmptySeats;
  /** The tournament's stored seed (a 32-bit integer). */
  seed: number;
  /** The round being paired, from 1. */
  round: number;
  /** Search steps allowed in all (default PAIRING_BUDGET). */
  budget?: number;
}

/** One table of a pairing. */
export interface PairedTable {
  /** Entrant ids, best-ranked first. */
  players: string[];
  /** AI players seated to fill the table (only with `emptySeats: 'bot'`). */
  bots: number;
}

/** A round's pairing. */
export interface Pairing {
  /** Tables from the top of the standings down. */
  tables: PairedTable[];
  /** Entrants who sit out the round (a bye), lowest-ranked first. */
  byes: string[];
  /** Pairs of entrants at one table who had met before. */
  repeats: number;
  /** Σ over tables of Σ over each two entrants at it of (points difference)². */
  spread: number;
  /** True when the search was exhaustive: the pairing is the best by the order above. */
  exhaustive: boolean;
  /** The ranking the pairing was built from (entrant ids, best first). */
  ranking: string[];
}

/**
 * Search steps (a table or a companion tried) `swissPairing` takes at most by default; see
 * docs/tournaments.md "Pairing" for what that costs.
 */
export const PAIRING_BUDGET = 200_000;

/** Bye sets tried at most before settling for the fewest repeats found. */
export const MAX_BYE_SETS = 24;

/**
 * The ranking a round is paired from: by points, best first; equal points in the order of a
 * shuffle drawn from `seed` and `round` (of the ids sorted, so the input's order never matters).
 */
export function pairingRanking(players: readonly Pick<PairingPlayer, 'id' | 'points'>[], seed: number, round: number): string[] {
  const ids = players.map((player) => player.id).sort();
  const drawn = Rng.seeded((seed ^ Math.imul(round, 0x9e3779b1)) | 0).shuffle(ids);
  const points = new Map(players.map((player) => [player.id, player.points]));
  const position = new Map(drawn.map((id, index) => [id, index]));
  return drawn.sort((a, b) => points.get(b)! - points.get(a)! || position.get(a)! - position.get(b)!);
}

/**
 * How many entrants each table seats, top table first, and how many byes: with byes, ⌊n/k⌋
 * full tables and n mod k byes; with bots, ⌈n/k⌉ tables and the k·⌈n/k⌉ − n AI seats spread
 * over the bottom tables (at most one more at a table than at any other). Throws RangeError
 * when no table can be formed (fewer than k entrants with byes, fewer than 2 with bots, k < 2).
 */
export function tableLayout(entrants: number, tableSize: number, emptySeats: EmptySeats): { seats: number[]; bots: number[]; byes: number } {
  if (!Number.isInteger(tableSize) || tableSize < 2) throw new RangeError(`tableSize ${tableSize}: at least 2`);
  if (emptySeats === 'bye') {
    if (entrants < tableSize) throw new RangeError(`${entrants} entrants cannot fill a table of ${tableSize}`);
    const tables = Math.floor(entrants / tableSize);
    return { seats: new Array<number>(tables).fill(tableSize), bots: new Array<number>(tables).fill(0), byes: entrants - tables * tableSize };
  }
  if (entrants < 2) throw new RangeError(`${entrants} entrant: a table needs at least 2`);
  const tables = Math.ceil(entrants / tableSize);
  const empty = tables * tableSize - entrants;
  const base = Math.floor(empty / tables);
  const extra = empty % tables;
  const bots = Array.from({ length: tables }, (_, index) => base + (index >= tables - extra ? 1 : 0));
  return { seats: bots.map((count) => tableSize - count), bots, byes: 0 };
}

/**
 * Pair one round (docs/tournaments.md "Pairing"; the order of what is chosen for is in this
 * file's header). Deterministic: equal input, equal output. Throws RangeError when the layout
 * has no table (see `tableLayout`) or an id repeats.
 */
export function swissPairing(input: PairingInput): Pairing {
  const { tableSize, emptySeats } = input;
  const ranking = pairingRanking(input.players, input.seed, input.round);
  if (new Set(ranking).size !== ranking.length) throw new RangeError('swissPairing: an entrant id repeats');
  const layout = tableLayout(ranking.length, tableSize, emptySeats);
  const byId = new Map(input.players.map((player) => [player.id, player]));
  const budget = { left: input.budget ?? PAIRING_BUDGET };

  let best: { search: SearchResult; byes: string[] } | null = null;
  let exhaustive = true;
  let tried = 0;
  for (const byes of byeSets(ranking, byId, layout.byes)) {
    const out = new Set(byes);
    const rest = ranking.filter((id) => !out.has(id));
    const search = searchTables(rest, byId, layout.seats, budget);
    exhaustive &&= search.exhaustive;
    if (!best || search.repeats < best.search.repeats) best = { search, byes };
    tried += 1;
    if (best.search.repeats === 0 || tried >= MAX_BYE_SETS || budget.left <= 0) {
      // Fewer repeats might exist with a bye set not tried.
      if (best.search.repeats > 0 && tried >= MAX_BYE_SETS) exhaustive = false;
      if (best.search.repeats > 0 && budget.left <= 0) exhaustive = false;
      break;
    }
  }
  const chosen = best!;
  return {
    tables: chosen.search.tables.map((players, index) => ({ players, bots: layout.bots[index]! })),
    byes: chosen.byes,
    repeats: chosen.search.repeats,
    spread: chosen.search.spread,
    exhaustive: exhaustive && chosen.search.exhaustive,
    ranking,
  };
}

/**
 * The bye sets that keep byes rotating, most preferred first: everyone with fewer byes than
 * the `count`-th fewest must sit out; the rest come from those with exactly that many, the
 * lowest-ranked first (combinations in order of their ranks from the bottom).
 */
export function* byeSets(ranking: readonly string[], byId: ReadonlyMap<string, Pick<PairingPlayer, 'byes'>>, count: number): Generator<string[]> {
  if (count === 0) {
    yield [];
    return;
  }
  const bottomFirst = [...ranking].reverse();
  const byFewest = [...bottomFirst].sort((a, b) => byId.get(a)!.byes - byId.get(b)!.byes);
  const threshold = byId.get(byFewest[count - 1]!)!.byes;
  const forced = bottomFirst.filter((id) => byId.get(id)!.byes < threshold);
  const pool = bottomFirst.filter((id) => byId.get(id)!.byes === threshold);
  for (const pick of combinations(pool.length, count - forced.length)) yield [...forced, ...pick.map((index) => pool[index]!)];
}

/** Every k-subset of 0..n−1 as ascending index lists, in lexicographic order. */
function* combinations(n: number, k: number): Generator<number[]> {
  const picked = Array.from({ length: k }, (_, index) => index);
  if (k > n) return;
  for (;;) {
    yield [...picked];
    let i = k - 1;
    while (i >= 0 && picked[i] === n - k + i) i--;
    if (i < 0) return;
    picked[i]! += 1;
    for (let j = i + 1; j < k; j++) picked[j] = picked[j - 1]! + 1;
  }
}

/** The best tables found for one bye set. */
interface SearchResult {
  tables: string[][];
  repeats: number;
  spread: number;
  exhaustive: boolean;
}

/**
 * Branch and bound: fill the tables from the top, each opened by the best-ranked entrant not
 * seated yet, with companions taken from the rest — those met before none of the table
 * first, then the others — in ranking order. A branch is cut when (its repeats + a lower
 * bound of the repeats still to come, its spread + a lower bound of the spread still to
 * come) is no better than the best pairing found. The bounds: every entrant who has fewer
 * unmet entrants left than companions to find sits in at least one repeated pair (each pair
 * covers two); when the tables left are of one size, the remaining entrants cut into
 * consecutive blocks of the ranking, the least spread any grouping of them can have.
 */
function searchTables(ranking: readonly string[], byId: ReadonlyMap<string, PairingPlayer>, seats: readonly number[], budget: { left: number }): SearchResult {
  const m = ranking.length;
  const points = ranking.map((id) => byId.get(id)!.points);
  const met = new Uint8Array(m * m);
  const index = new Map(ranking.map((id, i) => [id, i]));
  for (let i = 0; i < m; i++) {
    for (const other of byId.get(ranking[i]!)!.met) {
      const j = index.get(other);
      if (j !== undefined && j !== i) {
        met[i * m + j] = 1;
        met[j * m + i] = 1;
      }
    }
  }
  const used = new Uint8Array(m);
  // unmet[i]: entrants not seated yet (other than i) whom i has not met.
  const unmet = new Int32Array(m);
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j && !met[i * m + j]) unmet[i]! += 1;
  const sameSizeFrom = seats.map((size, t) => seats.slice(t).every((other) => other === size));

  const current: number[][] = [];
  let best: { tables: number[][]; repeats: number; spread: number } | null = null;
  let aborted = false;

  const better = (repeats: number, spread: number) => !best || repeats < best.repeats || (repeats === best.repeats && spread < best.spread);
  const seat = (i: number, on: boolean) => {
    used[i] = on ? 1 : 0;
    const delta = on ? -1 : 1;
    for (let j = 0; j < m; j++) if (j !== i && !met[i * m + j]) unmet[j]! += delta;
  };
  const tableSpread = (members: readonly number[], extra: number) => {
    let sum = 0;
    for (const member of members) sum += (points[member]! - points[extra]!) ** 2;
    return sum;
  };
  const tableRepeats = (members: readonly number[], extra: number) => {
    let count = 0;
    for (const member of members) count += met[member * m + extra]!;
    return count;
  };
  const bounds = (t: number): { repeats: number; spread: number } => {
    if (t >= seats.length) return { repeats: 0, spread: 0 };
    const need = Math.min(...seats.slice(t)) - 1;
    let short = 0;
    const left: number[] = [];
    for (let i = 0; i < m; i++) {
      if (used[i]) continue;
      left.push(i);
      if (unmet[i]! < need) short += 1;
    }
    let spread = 0;
    if (sameSizeFrom[t]) {
      const size = seats[t]!;
      for (let start = 0; start < left.length; start += size) {
        const block = left.slice(start, start + size);
        for (let a = 0; a < block.length; a++) for (let b = a + 1; b < block.length; b++) spread += (points[block[a]!]! - points[block[b]!]!) ** 2;
      }
    }
    return { repeats: Math.ceil(short / 2), spread };
  };

  const fill = (t: number, repeats: number, spread: number): void => {
    if (aborted) return;
    if (t === seats.length) {
      if (better(repeats, spread)) best = { tables: current.map((table) => [...table]), repeats, spread };
      return;
    }
    if (--budget.left < 0 && best) {
      aborted = true;
      return;
    }
    const bound = bounds(t);
    if (!better(repeats + bound.repeats, spread + bound.spread)) return;
    let opener = 0;
    while (used[opener]) opener++;
    const size = seats[t]!;
    seat(opener, true);
    const members = [opener];
    current.push(members);
    // Pass 0: companions who met nobody at the table; pass 1: tables with at least one repeat.
    for (const pass of [0, 1] as const) {
      const choose = (from: number, addedRepeats: number, addedSpread: number): void => {
        if (aborted) return;
        if (--budget.left < 0 && best) {
          aborted = true;
          return;
        }
        if (!better(repeats + addedRepeats, spread + addedSpread)) return;
        if (members.length === size) {
          if ((pass === 0) === (addedRepeats === 0)) fill(t + 1, repeats + addedRepeats, spread + addedSpread);
          return;
        }
        for (let j = from; j < m; j++) {
          if (used[j]) continue;
          const r = tableRepeats(members, j);
          if (pass === 0 && r > 0) continue;
          const s = tableSpread(members, j);
          seat(j, true);
          members.push(j);
          choose(j + 1, addedRepeats + r, addedSpread + s);
          members.pop();
          seat(j, false);
          if (aborted) return;
        }
      };
      choose(opener + 1, 0, 0);
      if (aborted) break;
    }
    current.pop();
    seat(opener, false);
  };

  fill(0, 0, 0);
  const found = best as { tables: number[][]; repeats: number; spread: number } | null;
  if (!found) throw new Error('swissPairing: no pairing found (layout and entrants disagree)');
  return {
    tables: found.tables.map((table) => table.map((i) => ranking[i]!)),
    repeats: found.repeats,
    spread: found.spread,
    exhaustive: !aborted,
  };
}
