/**
 * Swiss pairing properties (docs/tournaments.md "Pairing"; src/tournaments/pairing.ts), over
 * random score tables checked against every possible pairing:
 * - byes rotate: nobody sits out a second time while an entrant still has fewer byes;
 * - no repeat opponents while a pairing without repeats exists (and never more repeats than
 *   the fewest possible);
 * - tables by nearest score: the least spread among the pairings with that many repeats, and
 *   without history the tables are consecutive blocks of the ranking;
 * - byes go to the bottom unless that costs a repeat;
 * - deterministic: the same players in any order, the same pairing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairingRanking, swissPairing, tableLayout, type EmptySeats, type PairingInput, type PairingPlayer } from '../../src/tournaments/pairing.js';

/** Every k-subset of `items`. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [first!, ...s]), ...subsets(rest, k)];
}

/** Every way to seat `ranked` (best first) at tables of `seats` (top first), each table opened by its best-ranked entrant. */
function partitions(ranked: readonly string[], seats: readonly number[]): string[][][] {
  if (seats.length === 0) return ranked.length === 0 ? [[]] : [];
  const [opener, ...rest] = ranked;
  const out: string[][][] = [];
  for (const companions of subsets(rest, seats[0]! - 1)) {
    const left = rest.filter((id) => !companions.includes(id));
    for (const tail of partitions(left, seats.slice(1))) out.push([[opener!, ...companions], ...tail]);
  }
  return out;
}

function metSet(players: readonly PairingPlayer[]): Set<string> {
  const out = new Set<string>();
  for (const player of players) for (const other of player.met) if (other !== player.id) out.add(`${player.id}|${other}`).add(`${other}|${player.id}`);
  return out;
}

function measure(tables: readonly string[][], points: ReadonlyMap<string, number>, met: ReadonlySet<string>): { repeats: number; spread: number } {
  let repeats = 0;
  let spread = 0;
  for (const table of tables) {
    for (let a = 0; a < table.length; a++) {
      for (let b = a + 1; b < table.length; b++) {
        if (met.has(`${table[a]}|${table[b]}`)) repeats++;
        spread += (points.get(table[a]!)! - points.get(table[b]!)!) ** 2;
      }
    }
  }
  return { repeats, spread };
}

/** Bye sets that keep byes rotating: nobody outside has fewer byes than someone inside. */
function rotatingByeSets(players: readonly PairingPlayer[], count: number): string[][] {
  return subsets(
    players.map((player) => player.id),
    count,
  ).filter((set) => {
    const inside = players.filter((player) => set.includes(player.id));
    const outside = players.filter((player) => !set.includes(player.id));
    return inside.every((a) => outside.every((b) => a.byes <= b.byes));
  });
}

/** The fewest repeats and, per bye set, the least spread at each repeat count. */
function bruteForce(input: PairingInput) {
  const ranking = pairingRanking(input.players, input.seed, input.round);
  const layout = tableLayout(input.players.length, input.tableSize, input.emptySeats);
  const points = new Map(input.players.map((player) => [player.id, player.points]));
  const met = metSet(input.players);
  const perByeSet = new Map<string, { minRepeats: number; spreadAt: Map<number, number> }>();
  let minRepeats = Infinity;
  for (const byes of rotatingByeSets(input.players, layout.byes)) {
    const rest = ranking.filter((id) => !byes.includes(id));
    const spreadAt = new Map<number, number>();
    let least = Infinity;
    for (const tables of partitions(rest, layout.seats)) {
      const { repeats, spread } = measure(tables, points, met);
      least = Math.min(least, repeats);
      spreadAt.set(repeats, Math.min(spreadAt.get(repeats) ?? Infinity, spread));
    }
    perByeSet.set([...byes].sort().join(','), { minRepeats: least, spreadAt });
    minRepeats = Math.min(minRepeats, least);
  }
  return { ranking, layout, points, met, perByeSet, minRepeats };
}

/** A random score table: entrants with points, byes and a history of meetings. */
const instance = fc
  .record({
    tableSize: fc.integer({ min: 2, max: 4 }),
    extra: fc.integer({ min: 0, max: 8 }),
    emptySeats: fc.constantFrom<EmptySeats>('bye', 'bot'),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    round: fc.integer({ min: 1, max: 6 }),
    density: fc.double({ min: 0, max: 0.9, noNaN: true }),
    draws: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 200, maxLength: 200 }),
  })
  .map(({ tableSize, extra, emptySeats, seed, round, density, draws }) => {
    const n = Math.min(12, tableSize + extra);
    let next = 0;
    const draw = () => draws[next++ % draws.length]! / 1_000_000;
    const ids = Array.from({ length: n }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const met = new Map(ids.map((id) => [id, [] as string[]]));
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        if (draw() < density) {
          met.get(ids[a]!)!.push(ids[b]!);
          met.get(ids[b]!)!.push(ids[a]!);
        }
      }
    }
    const players: PairingPlayer[] = ids.map((id) => ({ id, points: Math.floor(draw() * 7) / 2, byes: Math.floor(draw() * 3), met: met.get(id)! }));
    return { players, tableSize, emptySeats, seed, round } satisfies PairingInput;
  });

describe('swiss pairing against every possible pairing (up to 12 entrants)', () => {
  it('seats everyone once, byes rotate, fewest repeats, nearest scores, byes at the bottom', () => {
    fc.assert(
      fc.property(instance, (input) => {
        const got = swissPairing(input);
        const truth = bruteForce(input);
        expect(got.exhaustive).toBe(true);
        // Every entrant at one table or on a bye; tables of the layout's sizes and AI seats.
        const seated = [...got.tables.flatMap((table) => table.players), ...got.byes].sort();
        expect(seated).toEqual(input.players.map((player) => player.id).sort());
        expect(got.tables.map((table) => table.players.length)).toEqual(truth.layout.seats);
        expect(got.tables.map((table) => table.bots)).toEqual(truth.layout.bots);
        expect(got.byes.length).toBe(truth.layout.byes);
        // Byes rotate.
        const byesOf = new Map(input.players.map((player) => [player.id, player.byes]));
        const paired = input.players.filter((player) => !got.byes.includes(player.id));
        for (const id of got.byes) for (const other of paired) expect(byesOf.get(id)!).toBeLessThanOrEqual(other.byes);
        // No repeat while a pairing without one exists; never more repeats than the fewest.
        const measured = measure(
          got.tables.map((table) => table.players),
          truth.points,
          truth.met,
        );
        expect(measured).toEqual({ repeats: got.repeats, spread: got.spread });
        expect(got.repeats).toBe(truth.minRepeats);
        // Nearest scores: the least spread among the pairings of this bye set with that many repeats.
        const mine = truth.perByeSet.get([...got.byes].sort().join(','))!;
        expect(got.spread).toBe(mine.spreadAt.get(got.repeats));
        // Byes at the bottom: a bye swapped with an equally eligible entrant ranked lower would cost a repeat.
        const rank = new Map(truth.ranking.map((id, index) => [id, index]));
        for (const id of got.byes) {
          for (const lower of paired) {
            if (lower.byes !== byesOf.get(id) || rank.get(lower.id)! < rank.get(id)!) continue;
            const swapped = [...got.byes.filter((other) => other !== id), lower.id].sort().join(',');
            expect(truth.perByeSet.get(swapped)!.minRepeats).toBeGreaterThan(got.repeats);
          }
        }
        // Deterministic whatever the order of the input.
        expect(swissPairing({ ...input, players: [...input.players].reverse() })).toEqual(got);
      }),
      { numRuns: 300, seed: 39 },
    );
  });

  it('without history, tables are consecutive blocks of the ranking', () => {
    fc.assert(
      fc.property(instance, (raw) => {
        const input = { ...raw, players: raw.players.map((player) => ({ ...player, met: [] })) };
        const got = swissPairing(input);
        const order = got.ranking.filter((id) => !got.byes.includes(id));
        expect(got.tables.flatMap((table) => table.players)).toEqual(order);
        expect(got.repeats).toBe(0);
      }),
      { numRuns: 200, seed: 391 },
    );
  });
});

/** The circle method: rounds of a round robin of `n` (even) entrants, each a perfect matching. */
function roundRobin(ids: readonly string[]): string[][][] {
  const n = ids.length;
  const rounds: string[][][] = [];
  const ring = ids.slice(1);
  for (let r = 0; r < n - 1; r++) {
    const order = [ids[0]!, ...ring.slice(r), ...ring.slice(0, r)];
    rounds.push(Array.from({ length: n / 2 }, (_, i) => [order[i]!, order[n - 1 - i]!]));
  }
  return rounds;
}

/** The affine plane of order 4: 16 points, 5 parallel classes of 4 lines of 4, no pair on two lines. */
function affinePlane4(ids: readonly string[]): string[][][] {
  // GF(4) = {0, 1, a, a+1} as 0..3 with a² = a + 1.
  const mul = [
    [0, 0, 0, 0],
    [0, 1, 2, 3],
    [0, 2, 3, 1],
    [0, 3, 1, 2],
  ];
  const point = (x: number, y: number) => ids[x * 4 + y]!;
  const classes: string[][][] = [];
  for (let slope = 0; slope < 4; slope++) {
    classes.push(Array.from({ length: 4 }, (_, c) => Array.from({ length: 4 }, (_, x) => point(x, mul[slope]![x]! ^ c))));
  }
  classes.push(Array.from({ length: 4 }, (_, x) => Array.from({ length: 4 }, (_, y) => point(x, y))));
  return classes;
}

function withHistory(ids: readonly string[], history: readonly string[][][], points: (id: string) => number): PairingPlayer[] {
  const met = new Map(ids.map((id) => [id, [] as string[]]));
  for (const round of history) for (const table of round) for (const id of table) met.get(id)!.push(...table.filter((other) => other !== id));
  return ids.map((id) => ({ id, points: points(id), byes: 0, met: met.get(id)! }));
}

describe('swiss pairing where a pairing without repeats is known to exist', () => {
  it('64 entrants at 2 seats after r rounds of a round robin: no repeat', () => {
    const ids = Array.from({ length: 64 }, (_, i) => `u${i}`);
    const schedule = roundRobin(ids);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 64, maxLength: 64 }), (played, seed, halfPoints) => {
        const history = schedule.slice(0, played);
        const players = withHistory(ids, history, (id) => halfPoints[Number(id.slice(1))]! / 2);
        const got = swissPairing({ players, tableSize: 2, emptySeats: 'bye', seed, round: played + 1 });
        expect(got.repeats).toBe(0);
      }),
      { numRuns: 25, seed: 3939 },
    );
  });

  it('16 entrants at 4 seats after up to 4 parallel classes of the affine plane: no repeat, exhaustive', () => {
    const ids = Array.from({ length: 16 }, (_, i) => `v${String(i).padStart(2, '0')}`);
    const plane = affinePlane4(ids);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 16, maxLength: 16 }), (played, seed, halfPoints) => {
        const players = withHistory(ids, plane.slice(0, played), (id) => halfPoints[Number(id.slice(1))]! / 2);
        const got = swissPairing({ players, tableSize: 4, emptySeats: 'bye', seed, round: played + 1 });
        expect(got.repeats).toBe(0);
        expect(got.exhaustive).toBe(true);
      }),
      { numRuns: 25, seed: 3940 },
    );
  });
});

describe('byes rotate over a whole tournament', () => {
  it('bye counts never differ by more than one, round after round', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 23 }), fc.integer({ min: 2, max: 4 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (n, k, seed) => {
        fc.pre(n % k !== 0);
        const ids = Array.from({ length: n }, (_, i) => `w${String(i).padStart(2, '0')}`);
        const state = new Map(ids.map((id) => [id, { id, points: 0, byes: 0, met: [] as string[] }]));
        let luck = seed;
        for (let round = 1; round <= 6; round++) {
          const got = swissPairing({ players: [...state.values()], tableSize: k, emptySeats: 'bye', seed, round });
          for (const id of got.byes) {
            state.get(id)!.byes += 1;
            state.get(id)!.points += (k - 1) / 2;
          }
          for (const table of got.tables) {
            table.players.forEach((id, index) => {
              luck = (Math.imul(luck, 1103515245) + 12345) | 0;
              state.get(id)!.points += (index + (luck >>> 16)) % k;
              state.get(id)!.met.push(...table.players.filter((other) => other !== id));
            });
          }
          const counts = [...state.values()].map((player) => player.byes);
          expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 30, seed: 3941 },
    );
  });
});
