/** The end of a table on its board: the result with placements, or why it closed. */
import type { RenderContext } from '../../games/ui.js';
import type { Catalog } from '../../i18n/index.js';
import { ABANDON_AFTER_MS, ABANDON_AFTER_TIMEOUTS, ABANDONED_REASON, isBotSeat } from '../../tables/policy.js';
import { LOST_REASONS, type TableSnapshot } from '../../tables/types.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { LOBBY_IDLE_MS } from '../../tables/lobby.js';
import { lobbyIdleMs } from '../../tables/pace.js';
import { escapeName } from './markup.js';

/**
 * The end-of-table text of a closed table: who cancelled it or why it closed, or — for a
 * finished game — the winner(s) and, for more than two players, scores or leavers, the
 * placements (leavers marked 🚪).
 */
export function endText(snapshot: TableSnapshot, ctx: RenderContext, text: Catalog): string {
  const { table, results } = snapshot;
  const board = text.common.board;
  const by = snapshot.seats.find((row) => row.userId === table.endedBy);
  const byName = by ? escapeName(by.displayName) : null;
  switch (table.endReason) {
    case 'cancelled':
      return board.cancelled(byName);
    case 'admin':
      return board.cancelledAdmin(byName);
    case 'expired':
      // As long as the lobby waited: a turn-based table's lobby waits its time per move (src/tables/pace.ts).
      return board.expired(Math.round(lobbyIdleMs(tableOptionsOf(table.tableOptions), LOBBY_IDLE_MS) / 60_000));
    case ABANDONED_REASON:
      // Everyone left; every person left and only bots remained (bots never play on alone,
      // README "AI players"); or nobody played any more (every player away for long).
      if (snapshot.seats.every((row) => row.left)) return board.abandoned;
      if (snapshot.seats.every((row) => row.left || isBotSeat(row))) return board.abandonedHumansLeft;
      return board.abandonedAway(ABANDON_AFTER_MS / 60_000, ABANDON_AFTER_TIMEOUTS);
    case 'empty':
      return board.emptyLobby;
  }
  if (table.endReason && (LOST_REASONS as readonly string[]).includes(table.endReason)) return board.lost[table.endReason]!;
  if (results.length === 0) return board.finished;
  const winners = results.filter((row) => row.winner).map((row) => `**${ctx.name(row.seat)}**`);
  const lines = [board.finished, winners.length === 0 ? board.noWinner : board.winners(winners.join(', '), winners.length)];
  if (results.length > 2 || results.some((row) => row.score !== null || row.left)) {
    lines.push('', board.placements);
    for (const row of [...results].sort((a, z) => a.placement - z.placement || a.seat - z.seat)) {
      const score = row.score !== null ? ` — ${row.score}` : '';
      lines.push(`${row.placement}. ${ctx.name(row.seat)}${score}${row.left ? ' 🚪' : ''}`);
    }
  }
  return lines.join('\n');
}
