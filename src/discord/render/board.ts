/**
 * The public board of a started (or ended) table (docs/discord.md "The board"): status line with the
 * deadline, notices about the latest change, the game's own body, who left, the end text,
 * the recent moves, and the buttons that concern everyone plus "Show my hand" — or, once the
 * game finished, "Play again" (README "Commands") and "Review" (README "Review a game";
 * cancelled and abandoned games that had started get Review only). Drawn from the public view only.
 */
import { ButtonStyle } from 'discord-api-types/v10';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import { FORFEIT_REASON } from '../../tables/commit.js';
import type { StoredEvent, TableSnapshot } from '../../tables/types.js';
import { reviewId, tableActionId } from '../custom-id.js';
import { BOARD_LOG_LINES, latestNotices, logLines, renderContext } from './context.js';
import { turnBasedBoardLines } from './turns.js';
import { button, buttonRow, clip, containerMessage, plainComponentTexts, relative, selectRow, type ComponentRow, type MessagePayload } from './markup.js';
import type { MessagePicture } from '../pictures/index.js';
import { isBotSeat } from '../../tables/policy.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { spectatorPolicy } from '../../tables/spectators.js';
import { endText } from './results.js';

/**
 * The host's "hand a seat to a bot" select (README "AI players"): one option per human seat
 * that left or is away; no row when there is none. Anyone sees it; only the host's choice counts.
 */
function replaceWithBotRow(snapshot: TableSnapshot, text: Catalog): ComponentRow[] {
  const board = text.common.board;
  const candidates = snapshot.seats
    .filter((row) => row.seat !== null && !isBotSeat(row) && (row.left || row.away))
    .sort((a, b) => a.seat! - b.seat!);
  if (candidates.length === 0) return [];
  return [
    selectRow(
      tableActionId(snapshot.table.id, 'replace-bot'),
      text.bots.replacePlaceholder,
      candidates.map((row) => ({ value: String(row.seat), label: text.bots.replaceOption(row.displayName, row.left ? board.leftWord : board.awayWord) })),
    ),
  ];
}

/** How the board of a game with pictures is drawn (README "Pictures"). */
export interface BoardLook {
  /** The board's picture (null: none could be drawn — the text version is sent). */
  picture?: MessagePicture | null;
  /** The server's "text boards" setting: the text version instead of the picture. */
  textBoards?: boolean;
  /** How many members watch the table now (docs/watching.md): "👁 N watching", names on a click. */
  watchers?: number;
  /** The bot may not attach files in the table's channel: the text version, saying why (src/discord/publish/channel-access.ts). */
  noFiles?: boolean;
  /** The bot has the Activity set up: a running board offers **Open table** (docs/activity.md). */
  openTable?: boolean;
}

/**
 * The board message of `snapshot`, with its stored results once finished. A game without
 * drawers (`GameModule.pictures`) gets the embed layout; a game with drawers gets a
 * Components V2 message (README "Pictures") showing `look.picture`, or the text version
 * when there is no picture or the server asked for text boards.
 */
export function boardMessage(mod: GameModule, snapshot: TableSnapshot, text: Catalog, look: BoardLook = {}): MessagePayload {
  const { table } = snapshot;
  const ctx = renderContext(mod, snapshot, text);
  if (!table.state) {
    // A lobby that closed before starting.
    return {
      content: '',
      embeds: [{ title: text.common.lobby.title(mod.emoji, mod.title(text), table.id), description: endText(snapshot, ctx, text), color: mod.colour }],
      components: [],
      allowed_mentions: { parse: [] },
    };
  }
  const view = mod.definition.publicView(table.state);
  const game = mod.ui.board(view, ctx);
  const active = table.status === 'active';
  const board = text.common.board;
  const leavers = ctx.seats.filter((seat) => seat.left);
  const engineResult = table.status === 'finished' && table.endReason !== FORFEIT_REASON ? mod.definition.result(table.state) : null;
  const head =
    table.status === 'cancelled'
      ? board.closedStatus
      : table.endReason === FORFEIT_REASON
        ? board.forfeitStatus
        : engineResult?.winners.some((winner) => leavers.some((leaver) => leaver.seat === winner))
          ? board.leaverFinishedFirstStatus
          : active && table.deadlineAt
            ? `${game.status} · ${board.deadline(relative(table.deadlineAt))}`
            : game.status;
  const recent = table.recentEvents as StoredEvent[];
  const top = [head, ...turnBasedBoardLines(snapshot, ctx.name, text), ...(active ? latestNotices(recent, table.version, ctx) : [])];
  const below: string[] = [];
  if (leavers.length) below.push(board.leftList(leavers.map((leaver) => ctx.name(leaver.seat)).join(', ')));
  if (!active) below.push('', endText(snapshot, ctx, text));
  const log = logLines(mod, recent, ctx, null, BOARD_LOG_LINES);
  if (log.length) below.push('', board.log, ...log.map((line) => `• ${line}`));
  if (active && ctx.seats.some((seat) => seat.away)) below.push('', `-# ${board.awayNote}`);
  if (active && look.noFiles && mod.pictures) below.push('', `-# ${text.platform.noFilesNote}`);
  const components: ComponentRow[] = active
    ? [
        ...plainComponentTexts(game.rows.slice(0, 2)),
        buttonRow(
          button(tableActionId(table.id, 'hand'), board.showHand, ButtonStyle.Primary),
          ...(look.openTable && mod.pictures ? [button(tableActionId(table.id, 'open'), text.activity.openButton, ButtonStyle.Secondary)] : []),
          ...watchButtons(snapshot, look.watchers ?? 0, text),
        ),
        ...replaceWithBotRow(snapshot, text),
      ]
    : table.status === 'finished'
      ? [buttonRow(button(tableActionId(table.id, 'again'), board.playAgain, ButtonStyle.Success), reviewButton(table.id, text))]
      : table.state
        ? [buttonRow(reviewButton(table.id, text))]
        : [];
  const title = board.title(mod.emoji, mod.title(text), table.id);
  if (mod.pictures) {
    const picture = look.textBoards || look.noFiles ? null : (look.picture ?? null);
    return containerMessage(
      mod.colour,
      picture
        ? { top: `### ${title}\n${top.join('\n')}`, picture, below: trimBlank(below).join('\n') }
        : { top: `### ${title}\n${[...top, '', game.body, ...below].join('\n')}` },
      components,
    );
  }
  return {
    // A board never carries text above it: this clears a Play again lobby's invitation once the game starts.
    content: '',
    embeds: [{ title, description: clip([...top, '', game.body, ...below].join('\n'), 4096), color: mod.colour }],
    components,
    allowed_mentions: { parse: [] },
  };
}

/**
 * The board's watch buttons (docs/watching.md): 👀 Watch, and "👁 N watching" (its click lists
 * who) while anyone watches — none where the table's spectators are off.
 */
function watchButtons(snapshot: TableSnapshot, watchers: number, text: Catalog) {
  if (spectatorPolicy(tableOptionsOf(snapshot.table.tableOptions)).mode === 'off') return [];
  const id = snapshot.table.id;
  return [
    button(tableActionId(id, 'watch'), text.watch.watchButton, ButtonStyle.Secondary),
    ...(watchers > 0 ? [button(tableActionId(id, 'watchers'), text.watch.watchingButton(watchers), ButtonStyle.Secondary)] : []),
  ];
}

/** `lines` without blank lines at the start. */
function trimBlank(lines: string[]): string[] {
  const first = lines.findIndex((line) => line.trim() !== '');
  return first < 0 ? [] : lines.slice(first);
}

/** The Review button of an ended board: opens the clicker's private review at the last step. */
function reviewButton(tableId: number, text: Catalog) {
  return button(reviewId(tableId, null, 'p', 'o'), text.review.reviewButton, ButtonStyle.Secondary);
}
