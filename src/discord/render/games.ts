/**
 * The `/games` answer (README "Turn-based tables"): every open table of this server where the
 * viewer sits, in the order `orderGames` gives, each with whose turn it is and until when
 * (Discord timestamps: the viewer's own time zone) and a button that opens the viewer's hand
 * for that table (the board's **Show my hand**, `rh1:t:<table>:hand`).
 */
import { ButtonStyle } from 'discord-api-types/v10';
import { seatsToAct } from '../../games/engine.js';
import type { GameRegistry } from '../../games/registry.js';
import type { Catalog } from '../../i18n/index.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { DEFAULT_MOVE_HOURS, isTurnBased } from '../../tables/pace.js';
import { isBotSeat } from '../../tables/policy.js';
import type { TableSnapshot } from '../../tables/types.js';
import { tableActionId } from '../custom-id.js';
import { button, buttonRow, clip, escapeName, type ComponentRow, type MessagePayload } from './markup.js';

/** Tables listed at most (five rows of five "Hand #N" buttons is Discord's limit; ten stay readable). */
export const GAMES_LISTED = 10;

/**
 * True when the open table `snap` waits for `userId`'s seat now (a seat still theirs: not
 * left, not a bot's) — also while they are marked away (auto-played, so not pinged): for
 * them it is still their move, never "waiting for" themselves.
 */
export function waitsFor(snap: TableSnapshot, userId: string): boolean {
  const { pending } = snap;
  if (snap.table.status !== 'active' || pending === null || pending.kind === 'over') return false;
  const row = snap.seats.find((candidate) => candidate.userId === userId);
  return !!row && row.seat !== null && !row.left && !isBotSeat(row) && seatsToAct(pending).includes(row.seat);
}

/**
 * The order of `/games` (README "Turn-based tables"): first the tables waiting for `userId`,
 * the nearest deadline first; then the other running tables, the nearest deadline first
 * (none last); then the lobbies; ties by table id.
 */
export function orderGames(snaps: readonly TableSnapshot[], userId: string): TableSnapshot[] {
  const rank = (snap: TableSnapshot) => (snap.table.status !== 'active' ? 2 : waitsFor(snap, userId) ? 0 : 1);
  const deadline = (snap: TableSnapshot) => snap.table.deadlineAt ?? Number.MAX_SAFE_INTEGER;
  return [...snaps].sort((a, b) => rank(a) - rank(b) || (rank(a) < 2 ? deadline(a) - deadline(b) : 0) || a.table.id - b.table.id);
}

/** The `/games` message for `userId` from their open tables' snapshots (any order). */
export function gamesMessage(snaps: readonly TableSnapshot[], userId: string, registry: GameRegistry, text: Catalog): MessagePayload {
  const t = text.turns.games;
  if (snaps.length === 0) return { content: t.empty, components: [], allowed_mentions: { parse: [] } };
  const ordered = orderGames(snaps, userId);
  const shown = ordered.slice(0, GAMES_LISTED);
  const lines = shown.map((snap) => {
    const { table, pending } = snap;
    const mod = registry.get(table.game);
    const title = `${mod.emoji} ${mod.title(text)}`;
    const where = `<#${table.channelId}>`;
    const options = tableOptionsOf(table.tableOptions);
    const live = !isTurnBased(options);
    const pace = live ? '' : t.turnBased(options.moveHours ?? DEFAULT_MOVE_HOURS);
    if (table.status !== 'active' || !pending || pending.kind === 'over') return t.lobby(title, table.id, where) + pace;
    if (waitsFor(snap, userId) && table.deadlineAt !== null) return t.yourMove(title, table.id, where, table.deadlineAt, live) + pace;
    const names = seatsToAct(pending)
      .map((seat) => escapeName(snap.seats.find((row) => row.seat === seat)?.displayName ?? `#${seat + 1}`))
      .join(', ');
    return (table.deadlineAt !== null ? t.waiting(title, table.id, where, names, table.deadlineAt, live) : t.noDeadline(title, table.id, where, names)) + pace;
  });
  if (ordered.length > shown.length) lines.push(t.more(ordered.length - shown.length));
  const hands = shown.filter((snap) => snap.table.status === 'active');
  const rows: ComponentRow[] = [];
  for (let i = 0; i < hands.length; i += 5) {
    rows.push(buttonRow(...hands.slice(i, i + 5).map((snap) => button(tableActionId(snap.table.id, 'hand'), t.openHand(snap.table.id), waitsFor(snap, userId) ? ButtonStyle.Primary : ButtonStyle.Secondary))));
  }
  return { content: clip([`**${t.title}**`, ...lines.map((line) => `• ${line}`)].join('\n'), 2000), components: rows, allowed_mentions: { parse: [] } };
}
