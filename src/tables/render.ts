/**
 * The shared message frame around each game's renderers (DESIGN.md §5, UX.md): the lobby,
 * the public board (title, status, deadline, body, recent moves, "Show my hand") and the
 * private panel (table reference, note, body, actions, Refresh). Everything is rendered
 * from views: the board from the public view, a panel from that seat's view.
 */
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
} from 'discord-api-types/v10';
import { eventVisibleTo, type GameEvent, type Viewer } from '../games/engine.js';
import type { GameModule } from '../games/module.js';
import type { RenderContext, SeatInfo } from '../games/ui.js';
import type { Catalog } from '../i18n/index.js';
import type { SeatRow, TableRow } from '../persistence/repo.js';
import { gameActionId, gameSelectId, tableActionId } from '../discord/custom-id.js';
import { FORFEIT_REASON } from './commit.js';
import type { StoredEvent, TableSnapshot } from './types.js';

/** A message body as sent to Discord's REST API (channel message, interaction response). */
export interface MessagePayload {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowed_mentions?: { parse?: []; users?: string[] };
  flags?: number;
}

/** How many log lines the board shows. */
export const BOARD_LOG_LINES = 6;
/** How many recent lines a panel shows to its seat. */
export const PANEL_LOG_LINES = 3;

/** Embed colours per game (decimal RGB). */
const COLOURS: Record<string, number> = { suspicion: 0x4f7cac, noir: 0x2b2d31, phantom: 0x8e44ad, jaccuse: 0xc0392b };
const colour = (game: string) => COLOURS[game] ?? 0x5865f2;

/** Markdown-escape a user-chosen name. */
export function escapeName(name: string): string {
  return name.replace(/([\\*_`~|>#\[\]()-])/g, '\\$1').replace(/@/g, '@\u200b').slice(0, 64);
}

const relative = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

/** Undo `escapeName` in text that Discord shows without markdown (button labels, select options). */
function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\*_`~|>#\[\]()-])/g, '$1');
}

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/**
 * Component texts are not markdown: names the game UI escaped for message bodies are shown
 * raw in labels, placeholders and select options ("john_doe", not "john\\_doe").
 */
export function plainComponentTexts(rows: Row[]): Row[] {
  return rows.map((row) => ({
    ...row,
    components: row.components.map((c) => {
      const out: Record<string, unknown> = { ...c };
      for (const key of ['label', 'placeholder'] as const) if (typeof out[key] === 'string') out[key] = unescapeMarkdown(out[key] as string);
      if (Array.isArray(out.options)) {
        out.options = (out.options as { label: string; description?: string }[]).map((o) => ({
          ...o,
          label: unescapeMarkdown(o.label),
          ...(o.description !== undefined ? { description: unescapeMarkdown(o.description) } : {}),
        }));
      }
      return out as unknown as typeof c;
    }),
  }));
}

/** Seat infos in seat order for a started table. */
export function seatInfos(seats: SeatRow[]): SeatInfo[] {
  return seats
    .filter((s) => s.seat !== null)
    .sort((a, b) => a.seat! - b.seat!)
    // A seat that left is not "away" (it will not come back): renderers show it as left.
    .map((s) => ({ seat: s.seat!, userId: s.userId, displayName: s.displayName, away: s.away && !s.left, left: s.left }));
}

/** Build the RenderContext of a started table for its current decision step. */
export function renderContext(mod: GameModule, snap: TableSnapshot, t: Catalog): RenderContext {
  const { table } = snap;
  const seats = seatInfos(snap.seats);
  const step = snap.pending?.step ?? 0;
  return {
    tableId: table.id,
    seats,
    t,
    deadlineMs: table.status === 'active' ? table.deadlineAt : null,
    actionId: (code) => gameActionId(table.id, step, code),
    selectId: (name) => gameSelectId(table.id, step, name),
    name: (seat) => escapeName(seats[seat]?.displayName ?? `Seat ${seat + 1}`),
    relative,
  };
}

/** One log line for an event as `viewer` sees it (service events included), or null. */
export function describeEvent(mod: GameModule, e: GameEvent, ctx: RenderContext, viewer: Viewer): string | null {
  const name = (s: unknown) => ctx.name(Number(s));
  switch (e.type) {
    case '$timeout':
      return ctx.t.common.board.timedOut(name(e.seat));
    case '$auto':
      return null; // the auto-played move itself is logged by the game
    case '$left':
      return ctx.t.common.board.leftGame(name(e.seat));
    default:
      return mod.ui.describeEvent(e, ctx, viewer);
  }
}

/**
 * One-line notices about the latest change (table `version`) that must not scroll out of
 * the log: who ran out of time, and whose seat was played automatically (away or left).
 */
export function latestNotices(events: StoredEvent[], version: number, ctx: RenderContext): string[] {
  const now = events.filter((e) => e.change === version).map((e) => e.event);
  const names = (type: string) => [...new Set(now.filter((e) => e.type === type).map((e) => Number(e.seat)))].map((s) => ctx.name(s));
  const out: string[] = [];
  const late = names('$timeout');
  if (late.length) out.push(ctx.t.common.board.noticeTimeout(late.join(', ')));
  const auto = [...new Set(now.filter((e) => e.type === '$auto').map((e) => Number(e.seat)))];
  if (auto.length) {
    out.push(ctx.t.common.board.noticeAuto(auto.map((s) => `${ctx.name(s)} (${ctx.seats[s]?.left ? ctx.t.common.board.leftWord : ctx.t.common.board.awayWord})`).join(', ')));
  }
  return out;
}

/** The last `n` log lines visible to `viewer`. */
export function logLines(mod: GameModule, events: StoredEvent[], ctx: RenderContext, viewer: Viewer, n: number): string[] {
  const lines: string[] = [];
  for (const { event } of events) {
    if (!eventVisibleTo(event, viewer)) continue;
    const line = describeEvent(mod, event, ctx, viewer);
    if (line) lines.push(line);
  }
  return lines.slice(-n);
}

function button(
  custom_id: string,
  label: string,
  style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger,
  disabled = false,
): APIButtonComponent {
  return { type: ComponentType.Button, custom_id, label, style, disabled };
}

function row(...components: APIButtonComponent[]): APIActionRowComponent<APIComponentInMessageActionRow> {
  return { type: ComponentType.ActionRow, components };
}

/** The public lobby message. */
export function lobbyMessage(mod: GameModule, snap: TableSnapshot, t: Catalog): MessagePayload {
  const { table, seats } = snap;
  const c = t.common.lobby;
  const def = mod.definition;
  const host = seats.find((s) => s.userId === table.hostUserId);
  const players = seats.map((s, i) => `${i + 1}. ${escapeName(s.displayName)}${s.userId === table.hostUserId ? ' 👑' : ''}`);
  const description = [
    c.host(escapeName(host?.displayName ?? '—')),
    '',
    c.players(seats.length, table.maxSeats),
    ...players,
    '',
    c.options,
    mod.ui.optionsSummary(table.options, t),
    '',
    c.needs(def.minPlayers, table.maxSeats),
    table.deadlineAt ? c.expires(relative(table.deadlineAt)) : '',
  ].join('\n');
  return {
    embeds: [{ title: c.title(mod.emoji, mod.title, table.id), description: description.slice(0, 4000), color: colour(table.game) }],
    components: [
      row(
        button(tableActionId(table.id, 'join'), c.join, ButtonStyle.Primary, seats.length >= table.maxSeats),
        button(tableActionId(table.id, 'leave'), c.leave, ButtonStyle.Secondary),
        button(tableActionId(table.id, 'start'), c.start, ButtonStyle.Success, seats.length < def.minPlayers),
        button(tableActionId(table.id, 'cancel'), c.cancel, ButtonStyle.Danger),
        button(tableActionId(table.id, 'rules'), c.rules, ButtonStyle.Secondary),
      ),
    ],
    allowed_mentions: { parse: [] },
  };
}

/** The end-of-table text (result or why it closed). */
function endText(snap: TableSnapshot, ctx: RenderContext, t: Catalog): string {
  const { table, results } = snap;
  const b = t.common.board;
  const by = snap.seats.find((s) => s.userId === table.endedBy);
  const byName = by ? escapeName(by.displayName) : null;
  switch (table.endReason) {
    case 'cancelled':
      return b.cancelled(byName);
    case 'admin':
      return b.cancelledAdmin(byName);
    case 'expired':
      return b.expired;
    case 'abandoned':
      return b.abandoned;
    case 'empty':
      return b.emptyLobby;
  }
  if (results.length === 0) return b.finished;
  const winners = results.filter((r) => r.winner).map((r) => `**${ctx.name(r.seat)}**`);
  const lines = [b.finished, winners.length === 0 ? b.noWinner : winners.length === 1 ? b.winners(winners[0]!) : b.winnersMany(winners.join(', '))];
  if (results.length > 2 || results.some((r) => r.score !== null || r.left)) {
    lines.push('', b.placements);
    for (const r of [...results].sort((a, z) => a.placement - z.placement || a.seat - z.seat)) {
      const score = r.score !== null ? ` — ${r.score}` : '';
      lines.push(`${r.placement}. ${ctx.name(r.seat)}${score}${r.left ? ' 🚪' : ''}`);
    }
  }
  return lines.join('\n');
}

/** The public board of a started (or ended) table, with the stored results once finished. */
export function boardMessage(mod: GameModule, snap: TableSnapshot, t: Catalog): MessagePayload {
  const { table } = snap;
  if (!table.state) {
    // A lobby that closed before starting.
    return {
      embeds: [{ title: t.common.lobby.title(mod.emoji, mod.title, table.id), description: endText(snap, renderContext(mod, snap, t), t), color: colour(table.game) }],
      components: [],
      allowed_mentions: { parse: [] },
    };
  }
  const ctx = renderContext(mod, snap, t);
  const view = mod.definition.publicView(table.state);
  const game = mod.ui.board(view, ctx);
  const active = table.status === 'active';
  const b = t.common.board;
  const leavers = ctx.seats.filter((s) => s.left);
  const engineResult = table.status === 'finished' && table.endReason !== FORFEIT_REASON ? mod.definition.result(table.state) : null;
  const head =
    table.status === 'cancelled'
      ? b.closedStatus
      : table.endReason === FORFEIT_REASON
        ? b.forfeitStatus
        : engineResult?.winners.some((w) => leavers.some((l) => l.seat === w))
          ? b.leaverFinishedFirstStatus
          : active && table.deadlineAt
            ? `${game.status} · ${b.deadline(relative(table.deadlineAt))}`
            : game.status;
  const parts = [head, ...(active ? latestNotices(table.recentEvents as StoredEvent[], table.version, ctx) : []), '', game.body];
  if (leavers.length) parts.push(b.leftList(leavers.map((l) => ctx.name(l.seat)).join(', ')));
  if (!active) parts.push('', endText(snap, ctx, t));
  const log = logLines(mod, table.recentEvents as StoredEvent[], ctx, null, BOARD_LOG_LINES);
  if (log.length) parts.push('', t.common.board.log, ...log.map((l) => `• ${l}`));
  if (active && ctx.seats.some((s) => s.away)) parts.push('', `-# ${b.awayNote}`);
  const components: APIActionRowComponent<APIComponentInMessageActionRow>[] = active
    ? [...plainComponentTexts(game.rows.slice(0, 2)), row(button(tableActionId(table.id, 'hand'), t.common.board.showHand, ButtonStyle.Primary))]
    : [];
  return {
    embeds: [{ title: t.common.board.title(mod.emoji, mod.title, table.id), description: clip(parts.join('\n'), 4096), color: colour(table.game) }],
    components,
    allowed_mentions: { parse: [] },
  };
}

/**
 * A seat's private panel (ephemeral). `note` is the one-line confirmation or explanation
 * shown first (e.g. "✅ You placed 🟥 red evidence.").
 */
export function panelMessage(mod: GameModule, snap: TableSnapshot, userId: string, t: Catalog, note?: string): MessagePayload {
  const { table } = snap;
  const me = snap.seats.find((s) => s.userId === userId);
  // Mentions do not render in embed titles: the channel goes in the description.
  const title = t.common.panel.title(mod.emoji, mod.title, table.id);
  const lines: string[] = [t.common.panel.where(`<#${table.channelId}>`)];
  if (note) lines.push(note, '');
  let rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  if (!table.state || !me || me.seat === null) {
    lines.push(t.common.panel.spectator);
  } else {
    const ctx = renderContext(mod, snap, t);
    const view = mod.definition.seatView(table.state, me.seat);
    const active = table.status === 'active';
    const legal = active && !me.left ? mod.definition.legalActions(table.state, me.seat) : [];
    const game = mod.ui.panel(view, legal, ctx);
    lines.push(game.body);
    if (active && table.deadlineAt) lines.push(t.common.panel.deadline(relative(table.deadlineAt)));
    if (!active) lines.push('', t.common.panel.gameOver);
    else if (me.left) lines.push('', t.common.panel.leftSeat);
    const log = logLines(mod, table.recentEvents as StoredEvent[], ctx, me.seat, PANEL_LOG_LINES);
    if (log.length) lines.push('', t.common.board.log, ...log.map((l) => `• ${l}`));
    if (active && !me.left) rows = plainComponentTexts(game.rows.slice(0, 4));
  }
  if (table.status === 'active') rows.push(row(button(tableActionId(table.id, 'refresh'), t.common.panel.refresh, ButtonStyle.Secondary)));
  return {
    embeds: [{ title: clip(title, 256), description: clip(lines.join('\n'), 4096), color: colour(table.game) }],
    components: rows,
    allowed_mentions: { parse: [] },
  };
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** The ping posted when a new decision starts (mentions only those who must act). */
export function pingMessage(mod: GameModule, table: TableRow, userIds: string[], t: Catalog): MessagePayload {
  const mentions = userIds.map((id) => `<@${id}>`).join(' ');
  const rel = table.deadlineAt ? relative(table.deadlineAt) : '';
  return {
    content: t.common.board.yourTurnPing(mentions, mod.title, table.id, rel),
    allowed_mentions: { users: userIds },
  };
}
