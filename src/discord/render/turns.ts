/**
 * The turn-based lines of a lobby and a board (README "Turn-based tables"): the pace, whose
 * turn it is and until when (Discord timestamps, shown in each viewer's own time zone), and
 * who is on vacation. Nothing for a live table.
 */
import { seatsToAct } from '../../games/engine.js';
import type { Catalog } from '../../i18n/index.js';
import type { TableRow } from '../../persistence/store/types.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { DEFAULT_MOVE_HOURS, isTurnBased } from '../../tables/pace.js';
import type { TableSnapshot } from '../../tables/types.js';

/** The pace line of a turn-based table ("📬 Turn-based: 24 h per move …"), or null for a live one. */
export function paceLine(table: Pick<TableRow, 'tableOptions'>, text: Catalog): string | null {
  const options = tableOptionsOf(table.tableOptions);
  return isTurnBased(options) ? text.turns.paceLine(options.moveHours ?? DEFAULT_MOVE_HOURS) : null;
}

/**
 * The board lines of an active turn-based table: the pace, "Waiting for <names> until
 * <time>" (`name` gives a seat's display name), and a line per seat on vacation (a pause that
 * runs past the table's last change). Empty for a live or closed table.
 */
export function turnBasedBoardLines(snapshot: TableSnapshot, name: (seat: number) => string, text: Catalog): string[] {
  const { table, pending } = snapshot;
  const pace = paceLine(table, text);
  if (!pace || table.status !== 'active') return [];
  const lines = [pace];
  if (pending && pending.kind !== 'over' && table.deadlineAt !== null) {
    lines.push(text.turns.waitingFor(seatsToAct(pending).map(name).join(', '), table.deadlineAt));
  }
  const vacations = tableOptionsOf(table.tableOptions).vacations ?? {};
  for (const [seat, vacation] of Object.entries(vacations)) {
    if (vacation.until > table.updatedAt) lines.push(text.turns.vacationNote(name(Number(seat)), vacation.until));
  }
  return lines;
}
