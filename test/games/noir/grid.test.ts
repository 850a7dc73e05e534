/** Geometry: rules §2.4 adjacency, §2.5 wrap-around shifting, §2.10 collapse. */
import { describe, expect, it } from 'vitest';
import { areAdjacent, collapse, findSuspect, livingNeighbours, neighbours, shiftGrid } from '../../../src/games/noir/grid.js';
import type { Cell } from '../../../src/games/noir/rules.js';
import { readingGrid } from './helpers.js';

const cells = (layout: number[][], dead: number[] = [], markers: number[] = []): Cell[][] =>
  layout.map((r) => r.map((suspect) => ({ suspect, alive: !dead.includes(suspect), marker: markers.includes(suspect) })));
const idsOf = (g: Cell[][]) => g.map((r) => r.map((c) => c.suspect));

describe('§2.5 shift wraps around in all four directions', () => {
  const g = cells(readingGrid());
  it.each([
    ['row 1 right', 'row', 0, 1, [4, 0, 1, 2, 3]],
    ['row 1 left', 'row', 0, -1, [1, 2, 3, 4, 0]],
    ['row 5 right', 'row', 4, 1, [24, 20, 21, 22, 23]],
    ['row 5 left', 'row', 4, -1, [21, 22, 23, 24, 20]],
  ] as const)('%s', (_, axis, index, dir, expected) => {
    const out = shiftGrid(g, axis, index, dir);
    expect(idsOf(out)[index]).toEqual(expected);
    // other rows untouched
    expect(idsOf(out).filter((_, i) => i !== index)).toEqual(idsOf(g).filter((_, i) => i !== index));
  });
  it.each([
    ['column A down', 0, 1, [20, 0, 5, 10, 15]],
    ['column A up', 0, -1, [5, 10, 15, 20, 0]],
    ['column E down', 4, 1, [24, 4, 9, 14, 19]],
    ['column E up', 4, -1, [9, 14, 19, 24, 4]],
  ] as const)('%s', (_, index, dir, expected) => {
    const out = shiftGrid(g, 'col', index, dir);
    expect(idsOf(out).map((r) => r[index])).toEqual(expected);
    expect(idsOf(out).map((r) => r.filter((_, j) => j !== index))).toEqual(idsOf(g).map((r) => r.filter((_, j) => j !== index)));
  });
  it('dead cards and innocent markers travel with their cells', () => {
    const out = shiftGrid(cells(readingGrid(), [4], [3]), 'row', 0, 1);
    expect(out[0]![0]).toEqual({ suspect: 4, alive: false, marker: false });
    expect(out[0]![4]).toEqual({ suspect: 3, alive: true, marker: true });
  });
  it('does not mutate its input', () => {
    const before = JSON.stringify(g);
    shiftGrid(g, 'col', 2, -1);
    expect(JSON.stringify(g)).toBe(before);
  });
  it('a shift followed by its reverse restores the grid', () => {
    expect(shiftGrid(shiftGrid(g, 'col', 3, 1), 'col', 3, -1)).toEqual(g);
  });
});

describe('§2.4 adjacency: 8 neighbours, no wrap', () => {
  const g = cells(readingGrid());
  it.each([
    ['corner A1', 0, [1, 5, 6]],
    ['edge C1', 2, [1, 3, 6, 7, 8]],
    ['centre C3', 12, [6, 7, 8, 11, 13, 16, 17, 18]],
    ['corner E5', 24, [18, 19, 23]],
  ])('%s', (_, s, expected) => {
    expect(neighbours(g, findSuspect(g, s)!).map((p) => g[p.row]![p.col]!.suspect).sort((a, b) => a - b)).toEqual(expected);
  });
  it('no wrap-around: A1 is not adjacent to E1 nor A5', () => {
    expect(areAdjacent(g, 0, 4)).toBe(false);
    expect(areAdjacent(g, 0, 20)).toBe(false);
  });
  it('a suspect is never adjacent to itself', () => {
    expect(areAdjacent(g, 12, 12)).toBe(false);
  });
  it('diagonals are adjacent', () => {
    expect(areAdjacent(g, 12, 18)).toBe(true);
    expect(areAdjacent(g, 12, 6)).toBe(true);
  });
  it('livingNeighbours skips the dead', () => {
    expect(livingNeighbours(cells(readingGrid(), [6, 7]), 12)).toEqual([8, 11, 13, 16, 17, 18]);
  });
});

describe('§2.10 collapse', () => {
  it('removes an all-dead row and closes the gap', () => {
    const r = collapse(cells(readingGrid(), [5, 6, 7, 8, 9]));
    expect(r.removed).toEqual([5, 6, 7, 8, 9]);
    expect(idsOf(r.grid)).toEqual([
      [0, 1, 2, 3, 4],
      [10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19],
      [20, 21, 22, 23, 24],
    ]);
    expect(r.rows).toBe(1);
    expect(r.cols).toBe(0);
  });
  it('removes an all-dead column', () => {
    const r = collapse(cells(readingGrid(), [2, 7, 12, 17, 22]));
    expect(r.removed.sort((a, b) => a - b)).toEqual([2, 7, 12, 17, 22]);
    expect(idsOf(r.grid)[0]).toEqual([0, 1, 3, 4]);
    expect(r.cols).toBe(1);
  });
  it('removes a row and a column at once (sharing a cell)', () => {
    const r = collapse(cells(readingGrid(), [0, 1, 2, 3, 4, 5, 10, 15, 20]));
    expect(r.rows).toBe(1);
    expect(r.cols).toBe(1);
    expect(r.removed.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 10, 15, 20]);
    expect(idsOf(r.grid)).toEqual([
      [6, 7, 8, 9],
      [11, 12, 13, 14],
      [16, 17, 18, 19],
      [21, 22, 23, 24],
    ]);
  });
  it('a partly dead line stays', () => {
    const r = collapse(cells(readingGrid(), [5, 6, 7, 8]));
    expect(r.removed).toEqual([]);
    expect(r.grid.length).toBe(5);
  });
  it('adjacency is computed on the compacted grid', () => {
    const g = cells(readingGrid(), [5, 6, 7, 8, 9]);
    expect(areAdjacent(g, 0, 10)).toBe(false);
    const r = collapse(g);
    expect(areAdjacent(r.grid, 0, 10)).toBe(true);
    expect(areAdjacent(r.grid, 1, 10)).toBe(true);
    expect(findSuspect(r.grid, 7)).toBeNull();
  });
  it('collapsed grids can become rectangular and keep shrinking', () => {
    const r1 = collapse(cells(readingGrid(), [2, 7, 12, 17, 22]));
    expect(r1.grid[0]!.length).toBe(4);
    const dead2 = r1.grid.map((row) => ({ ...row[0]!, alive: false }));
    const g2 = r1.grid.map((row, i) => [dead2[i]!, ...row.slice(1)]);
    const r2 = collapse(g2);
    expect(r2.grid[0]!.length).toBe(3);
    expect(r2.grid.length).toBe(5);
  });
});
