/**
 * The RenderContext a game's renderers draw with (src/games/ui.ts), built from a table
 * snapshot, and the log lines and notices every board and panel shares.
 */
import { eventVisibleTo, type GameEvent, type Viewer } from '../../games/engine.js';
import type { GameModule } from '../../games/module.js';
import type { RenderContext, SeatInfo } from '../../games/ui.js';
import type { Catalog } from '../../i18n/index.js';
import type { SeatRow } from '../../persistence/store/types.js';
import type { StoredEvent, TableSnapshot } from '../../tables/types.js';
import { isBotSeat } from '../../tables/policy.js';
import { gameActionId, gameSelectId } from '../custom-id.js';
import { escapeName, relative } from './markup.js';

/** How many log lines the board shows. */
export const BOARD_LOG_LINES = 6;
/** How many recent lines a panel shows to its seat. */
export const PANEL_LOG_LINES = 3;

/** Seat infos in seat order for a started table. */
export function seatInfos(seats: SeatRow[]): SeatInfo[] {
  return (
    seats
      .filter((row) => row.seat !== null)
      .sort((a, b) => a.seat! - b.seat!)
      // A seat that left is not "away" (it will not come back): renderers show it as left —
      // unless an AI player took it over, which plays it like anyone present.
      .map((row) => {
        const bot = isBotSeat(row);
        return { seat: row.seat!, userId: row.userId, displayName: row.displayName, away: row.away && !row.left && !bot, left: row.left && !bot };
      })
  );
}

/**
 * The RenderContext of a started table for its current decision step (buttons carry the
 * step of `snapshot.pending`, so a click on an outdated message is recognised as stale).
 */
export function renderContext(mod: GameModule, snapshot: TableSnapshot, text: Catalog): RenderContext {
  const { table } = snapshot;
  const seats = seatInfos(snapshot.seats);
  const step = snapshot.pending?.step ?? 0;
  // Bot seats read "🤖 Name (Hard)" wherever a name appears (docs/discord.md "Bots, languages, local play").
  // A lesson's bots play a script, not a level (docs/lessons.md): their names alone.
  const botLevels = new Map(table.lesson ? [] : snapshot.seats.filter((row) => row.seat !== null && isBotSeat(row)).map((row) => [row.seat!, row.botLevel!]));
  return {
    tableId: table.id,
    seats,
    t: text,
    deadlineMs: table.status === 'active' ? table.deadlineAt : null,
    actionId: (code) => gameActionId(table.id, step, code),
    selectId: (name) => gameSelectId(table.id, step, name),
    // An empty name is a player who erased their data (README "Privacy").
    name: (seat) => {
      const info = seats[seat];
      if (!info) return `Seat ${seat + 1}`;
      const shown = escapeName(info.displayName) || text.privacy.formerPlayer;
      const level = botLevels.get(seat);
      return level ? text.bots.nameWithLevel(shown, text.bots.levels[level] ?? level) : shown;
    },
    relative,
  };
}

/** One log line for an event as `viewer` sees it (the service's `$`-events included), or null. */
export function describeEvent(mod: GameModule, event: GameEvent, ctx: RenderContext, viewer: Viewer): string | null {
  const name = (seat: unknown) => ctx.name(Number(seat));
  switch (event.type) {
    case '$timeout':
      return ctx.t.common.board.timedOut(name(event.seat));
    case '$auto':
      return null; // the auto-played move itself is logged by the game
    case '$left':
      return ctx.t.common.board.leftGame(name(event.seat));
    case '$restarted':
      return ctx.t.common.board.restarted;
    case '$botReplaced':
      return ctx.t.bots.replaced(escapeName(String(event.player)), name(event.seat));
    case '$hint':
      return ctx.t.bots.hint.used(name(event.seat));
    case '$vacation':
      return ctx.t.turns.vacation.event(name(event.seat), Number(event.until));
    case '$noShow':
      return ctx.t.tournaments.board.noShow(name(event.seat));
    case '$roundOver':
      return ctx.t.tournaments.board.roundOver;
    default:
      return mod.ui.describeEvent(event, ctx, viewer);
  }
}

/**
 * One-line notices about the latest change (table `version`) that must not scroll out of
 * the log: who ran out of time, and whose seat was played automatically (away or left).
 */
export function latestNotices(events: StoredEvent[], version: number, ctx: RenderContext): string[] {
  const board = ctx.t.common.board;
  const latest = events.filter((stored) => stored.change === version).map((stored) => stored.event);
  const seatsOf = (type: string) => [...new Set(latest.filter((event) => event.type === type).map((event) => Number(event.seat)))];
  const out: string[] = [];
  const late = seatsOf('$timeout').map((seat) => ctx.name(seat));
  if (late.length) out.push(board.noticeTimeout(late.join(', ')));
  const auto = seatsOf('$auto');
  if (auto.length) {
    out.push(board.noticeAuto(auto.map((seat) => `${ctx.name(seat)} (${ctx.seats[seat]?.left ? board.leftWord : board.awayWord})`).join(', ')));
  }
  const restarted = latest.find((e) => e.type === '$restarted');
  if (restarted) out.push(board.noticeRestarted(ctx.relative(Number(restarted.until))));
  return out;
}

/** The last `count` log lines visible to `viewer`. */
export function logLines(mod: GameModule, events: StoredEvent[], ctx: RenderContext, viewer: Viewer, count: number): string[] {
  const lines: string[] = [];
  for (const { event } of events) {
    if (!eventVisibleTo(event, viewer)) continue;
    const line = describeEvent(mod, event, ctx, viewer);
    if (line) lines.push(line);
  }
  return lines.slice(-count);
}
