/**
 * NOIR text helpers for the renderers: suspect labels, grid coordinates (columns A–E, rows
 * 1–5 on the *current* grid), shift labels and the monospace grid block (≤ 31 characters
 * wide for a 5×5 grid, rows and columns labelled). Pure; reads views only.
 */
import type { Catalog } from '../../i18n/index.js';
import { SUSPECTS, type Cell } from './rules.js';

/** Column letters of the grid (at most 5 columns). */
export const COLUMN_LETTERS = 'ABCDE';

/** The suspect's display data (name, code). */
export function suspectOf(id: number): { name: string; code: string } {
  return SUSPECTS[id] ?? { name: `#${id}`, code: `#${id}` };
}

/** "Ada (ADA)". */
export function suspectLabel(id: number, t: Catalog): string {
  const s = suspectOf(id);
  return t.noir.suspect(s.name, s.code);
}

/** Grid coordinate "B3" of a suspect on `grid`, or null when collapsed away. */
export function coordOf(grid: Cell[][], id: number): string | null {
  for (let r = 0; r < grid.length; r++) {
    const c = grid[r]!.findIndex((cell) => cell.suspect === id);
    if (c >= 0) return `${COLUMN_LETTERS[c]}${r + 1}`;
  }
  return null;
}

/** "at B3" or "collapsed away". */
export function whereLabel(grid: Cell[][], id: number, t: Catalog): string {
  const c = coordOf(grid, id);
  return c ? t.noir.at(c) : t.noir.collapsedAway;
}

/** "Row 3 →", "Column B ↑" (line label on the grid at the time of the shift). */
export function shiftLabel(axis: 'row' | 'col', index: number, dir: number, t: Catalog): string {
  if (axis === 'row') return t.noir.shiftLabel('row', String(index + 1), dir === 1 ? '→' : '←');
  return t.noir.shiftLabel('col', COLUMN_LETTERS[index] ?? '?', dir === 1 ? '↓' : '↑');
}

/** How a cell is highlighted in a seat's own panel: own identity, own evidence, or none. */
export type CellMark = 'self' | 'hand' | null;

/** One 5-character cell: ` ADA ` alive, `-ada-` dead, `+ADA+` innocent marker, `[ADA]` self, `(ADA)` own evidence. */
export function cellText(cell: Cell, mark: CellMark = null): string {
  const code = suspectOf(cell.suspect).code.padEnd(3).slice(0, 3);
  if (!cell.alive) return `-${code.toLowerCase()}-`;
  if (mark === 'self') return `[${code}]`;
  if (mark === 'hand') return `(${code})`;
  if (cell.marker) return `+${code}+`;
  return ` ${code} `;
}

/** The grid as a code block: a column-letter header and one labelled line per row. */
export function gridBlock(grid: Cell[][], markOf: (suspect: number) => CellMark = () => null): string {
  const cols = grid[0]?.length ?? 0;
  const header = `  ${Array.from({ length: cols }, (_, c) => `  ${COLUMN_LETTERS[c]}  `).join(' ')}`.trimEnd();
  const lines = grid.map((row, r) => `${r + 1} ${row.map((cell) => cellText(cell, markOf(cell.suspect))).join(' ')}`.trimEnd());
  return ['```', header, ...lines, '```'].join('\n');
}

/** A compact list of suspect codes, "ADA, BRA", or the catalog's "—" when empty. */
export function codeList(ids: readonly number[], t: Catalog): string {
  return ids.length === 0 ? t.noir.none : ids.map((id) => suspectOf(id).code).join(', ');
}

/** Keep the last `max` items of a list, with a "+N earlier" prefix when some were dropped. */
export function lastItems(items: string[], max: number, t: Catalog): string {
  if (items.length <= max) return items.join(' · ');
  return [t.noir.earlier(items.length - max), ...items.slice(-max)].join(' · ');
}
