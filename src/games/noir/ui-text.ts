/**
 * NOIR text for the renderers: suspect labels, grid coordinates (columns A–E, rows 1–5 on
 * the *current* grid), shift labels, the monospace grid block (≤ 31 characters wide for a
 * 5×5 grid, rows and columns labelled), log lines, error answers, rules help and the
 * options summary. Pure; reads views and events only.
 */
import type { Catalog } from '../../i18n/index.js';
import type { GameEvent, Viewer } from '../engine.js';
import type { RenderContext } from '../ui.js';
import { ACTION_CAP, SUSPECTS, type Cell, type NoirError, type NoirOptions, type Role } from './rules.js';
import { noirText } from './text/index.js';

/** Column letters of the grid (at most 5 columns). */
export const COLUMN_LETTERS = 'ABCDE';

/** The suspect's display data (name, code). */
export function suspectOf(id: number): { name: string; code: string } {
  return SUSPECTS[id] ?? { name: `#${id}`, code: `#${id}` };
}

/** "Ada (ADA)". */
export function suspectLabel(id: number, t: Catalog): string {
  const s = suspectOf(id);
  return noirText(t).suspect(s.name, s.code);
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
  return c ? noirText(t).at(c) : noirText(t).collapsedAway;
}

/** "Row 3 →", "Column B ↑" (line label on the grid at the time of the shift). */
export function shiftLabel(axis: 'row' | 'col', index: number, dir: number, t: Catalog): string {
  if (axis === 'row') return noirText(t).shiftLabel('row', String(index + 1), dir === 1 ? '→' : '←');
  return noirText(t).shiftLabel('col', COLUMN_LETTERS[index] ?? '?', dir === 1 ? '↓' : '↑');
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
  return ids.length === 0 ? noirText(t).none : ids.map((id) => suspectOf(id).code).join(', ');
}

/** Keep the last `max` items of a list, with a "+N earlier" prefix when some were dropped. */
export function lastItems(items: string[], max: number, t: Catalog): string {
  if (items.length <= max) return items.join(' · ');
  return [noirText(t).earlier(items.length - max), ...items.slice(-max)].join(' · ');
}

/** "🔪 Killer". */
export function roleText(t: Catalog, role: Role): string {
  return `${noirText(t).roleEmoji[role]} ${noirText(t).roleName[role]}`;
}

/** One log line per event (private draws phrased for their recipient). */
export function describeEvent(e: GameEvent, ctx: RenderContext, _viewer: Viewer): string | null {
  const t = noirText(ctx.t);
  const who = (s: unknown) => ctx.name(Number(s));
  const sus = (s: unknown) => suspectLabel(Number(s), ctx.t);
  switch (e.type) {
    case 'kill':
      return t.evKill(who(e.by), sus(e.suspect));
    case 'canvas':
      return t.evCanvas(sus(e.suspect), t.roleName[e.answeredBy as Role], Boolean(e.adjacent));
    case 'collapse':
      return t.evCollapse(Number(e.rows), Number(e.cols), codeList(e.suspects as number[], ctx.t));
    case 'shift':
      return t.evShift(who(e.by), shiftLabel(e.axis as 'row' | 'col', Number(e.index), Number(e.dir), ctx.t));
    case 'disguise':
      if (e.effect === 'killed') return t.evDisguiseKilled(who(e.by), sus(e.discarded));
      if (e.effect === 'marked') return t.evDisguiseMarked(who(e.by), sus(e.discarded));
      return t.evDisguiseNone(who(e.by), sus(e.discarded));
    case 'disguiseDraw':
      return e.alive ? t.evDrawAlive(sus(e.suspect)) : t.evDrawDead(sus(e.suspect), sus(e.identity));
    case 'identityChosen':
      return t.evIdentityChosen(who(e.by));
    case 'identity':
      return t.evIdentity(sus(e.suspect));
    case 'arrest':
      return (e.hit ? t.evArrestHit : t.evArrestMiss)(who(e.by), sus(e.suspect));
    case 'exonerateDraw':
      return t.evExonerateDraw(who(e.by), Number(e.deck));
    case 'drew':
      return t.evDrew(sus(e.suspect));
    case 'exonerate':
      return t.evExonerate(who(e.by), sus(e.suspect), Boolean(e.marker));
    case 'citizen':
      return t.evCitizen(who(e.by), sus(e.suspect), Boolean(e.marker));
    case 'gameOver': {
      const reveal = t.evReveal(sus(e.killerIdentity), e.inspectorIdentity === null ? t.none : sus(e.inspectorIdentity));
      if (e.winner === null) return `${t.evDraw(ACTION_CAP)} ${reveal}`;
      const role: Role = e.reason === 'arrest' ? 'inspector' : 'killer';
      return `${t.evWin(who(e.winner), roleText(ctx.t, role), t.reasonText[e.reason as keyof typeof t.reasonText])} ${reveal}`;
    }
    default:
      return null;
  }
}

/** A private, plain-language answer for a refused action (one catalog text per `NoirError` code). */
export function describeError(error: NoirError, t: Catalog): string {
  // A code from outside the union (never produced by the engine) gets the generic text.
  return noirText(t).errors[error.code] ?? noirText(t).errors.unknown;
}

/** `/noir rules`: the rules in short with this table's values. */
export function rulesHelp(o: NoirOptions, t: Catalog): string {
  const n = noirText(t);
  return n.rulesHelp({
    mode: n.modeName[o.mode],
    target: o.killTarget,
    killer: n.killerChoiceName[o.killer],
    seconds: o.turnSeconds,
    cap: ACTION_CAP,
    disguise: o.mode === 'classic' ? n.disguiseRule(o.disguiseKillsOldIdentity) : '',
    canvassing: o.mode !== 'classic',
    citizens: o.mode === 'citizens-arrest',
  });
}

/** One line for the lobby describing the chosen options. */
export function optionsSummary(o: NoirOptions, t: Catalog, live = true): string {
  const n = noirText(t);
  return n.optionsSummary(n.modeName[o.mode], o.killTarget, n.killerChoiceName[o.killer], live ? o.turnSeconds : null);
}
