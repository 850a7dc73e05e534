/**
 * NOIR grid geometry: positions, 8-neighbour adjacency, wrap-around shifting and collapse
 * (docs/rules/noir.md §2.4, §2.5 Shift, §2.10). Pure functions over
 * `Cell[][]` (rows of cells, always a rectangle); inputs are never mutated.
 */
import type { Cell } from './rules.js';

/** A position on the current grid: 0-based row (top = 0) and column (left = 0). */
export interface Pos {
  row: number;
  col: number;
}

/** Number of rows of `grid`. */
export function rowCount(grid: Cell[][]): number {
  return grid.length;
}

/** Number of columns of `grid` (0 for an empty grid). */
export function colCount(grid: Cell[][]): number {
  return grid[0]?.length ?? 0;
}

/** The cell at `pos` (throws on a position outside the grid: a programming error). */
export function cellAt(grid: Cell[][], pos: Pos): Cell {
  const c = grid[pos.row]?.[pos.col];
  if (!c) throw new RangeError(`no cell at ${pos.row},${pos.col}`);
  return c;
}

/** Where suspect `suspect` sits on the grid, or null when it was collapsed away. */
export function findSuspect(grid: Cell[][], suspect: number): Pos | null {
  for (let row = 0; row < grid.length; row++) {
    const r = grid[row]!;
    for (let col = 0; col < r.length; col++) {
      if (r[col]!.suspect === suspect) return { row, col };
    }
  }
  return null;
}

/**
 * The cells around `pos`: the (up to) 8 orthogonal and diagonal neighbours on the current
 * grid, no wrap-around, never `pos` itself (rules §2.4).
 */
export function neighbours(grid: Cell[][], pos: Pos): Pos[] {
  const out: Pos[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if (dr === 0 && dc === 0) continue;
      const row = pos.row + dr;
      const col = pos.col + dc;
      if (row >= 0 && row < rowCount(grid) && col >= 0 && col < colCount(grid)) out.push({ row, col });
    }
  }
  return out;
}

/** True when suspects `a` and `b` are both on the grid and adjacent (rules §2.4). */
export function areAdjacent(grid: Cell[][], a: number, b: number): boolean {
  const pa = findSuspect(grid, a);
  const pb = findSuspect(grid, b);
  if (!pa || !pb || a === b) return false;
  return Math.abs(pa.row - pb.row) <= 1 && Math.abs(pa.col - pb.col) <= 1;
}

/** Suspects around `suspect` that are alive, in reading order (empty when it is not on the grid). */
export function livingNeighbours(grid: Cell[][], suspect: number): number[] {
  const p = findSuspect(grid, suspect);
  if (!p) return [];
  return neighbours(grid, p)
    .map((q) => cellAt(grid, q))
    .filter((c) => c.alive)
    .map((c) => c.suspect);
}

/** Length of a row (= column count) or of a column (= row count). */
export function lineLength(grid: Cell[][], axis: 'row' | 'col'): number {
  return axis === 'row' ? colCount(grid) : rowCount(grid);
}

/** Number of rows (axis 'row') or columns (axis 'col'). */
export function lineCount(grid: Cell[][], axis: 'row' | 'col'): number {
  return axis === 'row' ? rowCount(grid) : colCount(grid);
}

/**
 * Shift one line one step with wrap-around (rules §2.5 Shift): a row moves right
 * (`dir` 1) or left (-1), a column down (1) or up (-1); the card pushed off one end
 * re-enters at the other end. Cells carry their alive flag and marker. Returns a new grid.
 */
export function shiftGrid(grid: Cell[][], axis: 'row' | 'col', index: number, dir: 1 | -1): Cell[][] {
  const out = grid.map((r) => r.map((c) => ({ ...c })));
  if (axis === 'row') {
    const row = out[index];
    if (!row) throw new RangeError(`no row ${index}`);
    const n = row.length;
    out[index] = row.map((_, i) => row[(i - dir + n) % n]!);
  } else {
    const n = out.length;
    if (index < 0 || index >= colCount(out)) throw new RangeError(`no column ${index}`);
    const col = out.map((r) => r[index]!);
    for (let i = 0; i < n; i++) out[i]![index] = col[(i - dir + n) % n]!;
  }
  return out;
}

/** What a collapse removed: the new grid and the removed suspects (rows first, top to bottom). */
export interface CollapseResult {
  grid: Cell[][];
  removed: number[];
  rows: number;
  cols: number;
}

/**
 * Collapse (rules §2.10): while some row or column holds only deceased suspects, remove
 * it and close the gap. Removed suspects are returned in reading order of the old grid.
 */
export function collapse(grid: Cell[][]): CollapseResult {
  let g = grid.map((r) => r.map((c) => ({ ...c })));
  const removed: number[] = [];
  let rows = 0;
  let cols = 0;
  for (;;) {
    const deadRows = new Set<number>();
    const deadCols = new Set<number>();
    g.forEach((r, i) => {
      if (r.length > 0 && r.every((c) => !c.alive)) deadRows.add(i);
    });
    for (let j = 0; j < colCount(g); j++) {
      if (g.length > 0 && g.every((r) => !r[j]!.alive)) deadCols.add(j);
    }
    if (deadRows.size === 0 && deadCols.size === 0) break;
    g.forEach((r, i) =>
      r.forEach((c, j) => {
        if (deadRows.has(i) || deadCols.has(j)) removed.push(c.suspect);
      }),
    );
    rows += deadRows.size;
    cols += deadCols.size;
    g = g.filter((_, i) => !deadRows.has(i)).map((r) => r.filter((_, j) => !deadCols.has(j)));
    if (g.length === 0 || colCount(g) === 0) {
      g = [];
      break;
    }
  }
  return { grid: g, removed, rows, cols };
}
