/**
 * Keeps what players see in step with the database after every committed change
 * (docs/architecture.md §5): edits the public board (at most one request in flight per table; the
 * newest committed snapshot wins), re-posts it if it was deleted, posts the "your move" ping
 * (deleting the previous one), and refreshes open private panels through their interaction
 * tokens (valid 15 minutes; docs/discord.md §2).
 *
 * It draws from the snapshots the table service hands over with each change and never
 * reads the database for them: changes arrive in commit order per table (the service hands
 * them over right after each commit, inside the table's queue), so the newest snapshot of a
 * batch is the table now. It runs in the process (shard) that committed the change; the
 * message ids and board version it writes back go through the table service to the store.
 */
import { createHash } from 'node:crypto';
import { RESTJSONErrorCodes, Routes } from 'discord-api-types/v10';
import { parseResponse, RequestMethod, type REST, type RouteLike } from 'discord.js';
import type { GameRegistry } from '../../games/registry.js';
import { catalogFor } from '../../i18n/index.js';
import type { Logger } from '../../logger.js';
import { pingFor, viewerSeatOf } from '../../tables/policy.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { isTurnBased } from '../../tables/pace.js';
import { PanelWriter } from './panel-writer.js';
import type { TableService } from '../../tables/service.js';
import type { MessageIds } from './message-ids.js';
import type { TableChange, TableListener, TableSnapshot } from '../../tables/types.js';
import { boardMessage } from '../render/board.js';
import { lobbyMessage } from '../render/lobby.js';
import { panelFingerprint, panelMessage } from '../render/panel.js';
import { BackgroundQueue } from './background.js';
import { grantedSlot } from '../rest/global-budget.js';
import { RestBudget, RestPriority, type HeaderSource, type RestBudgetOptions, type SlotRelease, type SlotRequest } from '../rest/rest-budget.js';
import { pingMessage } from '../render/ping.js';
import { fileDigest } from '../render/markup.js';
import { PictureMaker, type MessagePicture } from '../pictures/index.js';
import { requestBody, type RequestBody } from '../render/message-body.js';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';

/**
 * Who asked for text instead of pictures (README "Pictures"): a server for its public boards
 * (`/admin settings`), a player for their private panels (the panel's "📝 Text version" button).
 */
export interface TextBoardsPreferences {
  /** True when the server's boards are drawn as text. */
  guild(guildId: string): Promise<boolean>;
  /** True when the player's panels are drawn as text. */
  user(userId: string): Promise<boolean>;
}

/** A panel interaction token is refreshed only while younger than this (Discord: 15 min), in ms. */
export const PANEL_TOKEN_TTL_MS = 14 * 60 * 1000;

/**
 * "Show my hand" on the board is answered with a deferred update of the board and the panel as
 * a private follow-up — so that its token can edit the board on an interaction route, outside
 * the global limit (docs/rate-limit.md) — only when the table has no live board token younger
 * than this, ms; otherwise it is answered with the panel at once (one request, not two).
 * Tokens live 15 min (PING_TOKEN_TTL_MS keeps a minute's margin), so one such click every
 * 5 minutes keeps a board off the global routes while players use it.
 */
export const BOARD_TOKEN_REFRESH_MS = 5 * 60 * 1000;

/** How many channels' boards `messageDeleted` remembers (the newest ones; older ones are read from the store). */
export const BOARD_CHANNELS_REMEMBERED = 50_000;

/**
 * Panel refreshes on their way at once, at most: the rest wait their turn (in order), so a
 * burst of redraws neither opens a connection per request nor crowds out click answers.
 */
export const PANEL_REFRESHES_IN_FLIGHT = 8;

/**
 * A ping edited down to those still deciding (a vote collecting answers) waits this long, ms,
 * so that the answers given meanwhile make one edit: such edits never notify anyone, and each
 * one spends an edit of the channel's budget the board needs.
 */
export const PING_EDIT_DELAY_MS = 1500;

/**
 * A board or ping request that failed for a passing reason (Discord answering 5xx, a network
 * error or timeout, the database away — README "What happens when…") is tried again after
 * this long, ms, doubling on each failure in a row up to PUBLISH_RETRY_MAX_MS; the retry
 * draws the newest state, so changes made meanwhile coalesce into it (one request per message).
 */
export const PUBLISH_RETRY_MS = 1000;
/** Longest wait before a failed board or ping request is tried again, ms. */
export const PUBLISH_RETRY_MAX_MS = 8000;
/** Failures in a row after which a table's board or ping stops being retried (until its next change). */
export const PUBLISH_RETRIES = 40;

/** Whether a failed Discord request is worth trying again: not a 4xx refusal (other than 429). */
export function worthRetrying(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status >= 500 || status === 429;
}

/**
 * A "your move" ping is posted as a follow-up of the table's newest interaction only while
 * that interaction's token is younger than this, ms; the ping is edited or deleted through
 * the same token only while it is younger than this too (Discord: tokens live 15 min;
 * docs/rate-limit.md). Older: the channel route, within the global budget.
 */
export const PING_TOKEN_TTL_MS = 14 * 60 * 1000;

/** How long a ping waits for the answer of the interaction it follows up, at most, ms (Discord waits 3 s for an answer). */
export const PING_ANSWER_WAIT_MS = 3500;

/**
 * The newest interaction on a table that committed a change (a click on its board or a
 * panel): its token can post follow-ups in the table's channel on an interaction route,
 * outside the bot's global limit (docs/rate-limit.md).
 */
export interface TableInteraction {
  applicationId: string;
  token: string;
  /** The channel the interaction happened in: a follow-up lands there. */
  channelId: string;
  /** When the token was issued (Unix ms). */
  since: number;
  /** Settles once the interaction's answer has gone through (a follow-up needs the answer first). */
  answered: Promise<unknown>;
  /**
   * Set when the click was on the table's board (or lobby) message and was answered with a
   * (deferred) update of it: that message's id. Its `@original` is then the board, which the
   * token can edit on an interaction route (outside the global limit).
   */
  boardMessageId?: string;
}

/** A ping posted as a follow-up: the token that can edit or delete it. */
interface PingVia {
  messageId: string;
  applicationId: string;
  token: string;
  since: number;
}

/** A player's private panel, with the interaction token that can edit it. */
interface LivePanel {
  /** Id of the panel message. */
  messageId: string;
  /** The application and interaction token of the webhook route that edits it. */
  applicationId: string;
  token: string;
  /** When the token was issued (Unix ms). */
  since: number;
  /** The Discord locale of the player who opened it (`interaction.locale`): redraws keep their language. */
  locale: string;
  /**
   * Which of the token's messages the panel is: `@original` (the click's answer), or the id
   * of a follow-up (a panel sent after a deferred update of the board, whose `@original` is the board).
   */
  messageRef: string;
}

/** Per-table work state for coalescing. */
interface TableWork {
  channelId: string;
  /** The newest snapshot handed over whose panels are not refreshed yet. */
  panels: TableSnapshot | null;
  /** Changes not yet drawn on the board, oldest first. */
  board: Change[];
  /** Changes not yet looked at for the ping, oldest first. */
  ping: TableChange[];
  boardRunning: boolean;
  pingRunning: boolean;
  /** The board's slot request while it waits (raised to board priority when a game change comes). */
  boardRequest: SlotRequest | null;
  /** A board message a check found deleted: the next board work posts a fresh one instead of editing it. */
  missingBoard?: string;
  /** Board / ping requests that failed in a row (PUBLISH_RETRY_MS); while `waiting`, that work waits for its retry timer. */
  retry: { board: { failures: number; waiting: boolean }; ping: { failures: number; waiting: boolean } };
  /**
   * Message ids this publisher wrote while the work was going on (a re-posted board, a new
   * ping): newer than the ids in snapshots committed before the write. Forgotten when the
   * work is done — every later snapshot is read after the write.
   */
  written: { boardMessageId?: string | null; pingMessageId?: string | null };
}

/** What a table's board message shows, as last accepted by Discord. */
interface BoardShown {
  version: number;
  fingerprint: string;
  /** When Discord last accepted a request for it (Unix ms). */
  at: number;
}

/**
 * A change handed over, marked when it is only a redraw request (no game change), and when a
 * check found its board message deleted (`missingBoard`: that message's id).
 */
type Change = TableChange & { redraw?: boolean; missingBoard?: string };

/** The TableListener that talks to Discord. */
export class Publisher implements TableListener {
  private readonly work = new Map<number, TableWork>();
  private readonly panels = new Map<string, LivePanel>();
  private readonly boards = new Map<number, BoardShown>();
  /**
   * Who the table's current ping message mentions. Not known after a restart: then it is
   * read back from the ping message itself (`pingedBy`) the first time it is needed.
   */
  private readonly pinged = new Map<number, Set<string>>();
  /** Each table's newest interaction that committed a change (`noteInteraction`). */
  private readonly interactions = new Map<number, TableInteraction>();
  /** Pings posted as follow-ups, by table: edited and deleted through the same token while it lives. */
  private readonly pingVia = new Map<number, PingVia>();
  /** Each table's newest click on its board answered with a (deferred) update: its token edits the board. */
  private readonly boardVia = new Map<number, TableInteraction & { boardMessageId: string }>();
  private readonly idle: (() => void)[] = [];
  /** Deletions of old pings on their way (clean-up, not waited for by the table's work). */
  private readonly cleanUps = new Set<Promise<unknown>>();
  private closed = false;
  /** Orders every write to a panel message (edits from here, click answers from the router). */
  readonly panelWriter: PanelWriter;
  /** Global and per-channel pacing of board and ping requests, board first. */
  readonly budget: RestBudget;
  /** Drawing boards and panels, in slices that let clicks be answered first. */
  readonly background: BackgroundQueue;
  private readonly interactionRest: REST;
  /** Panel refreshes on their way, and those waiting for one of them to finish. */
  private refreshesInFlight = 0;
  private readonly refreshQueue: (() => void)[] = [];
  /**
   * Channel → the open table there and its board message, as this process last wrote or read
   * them (null: no open table): lets `messageDeleted` tell a deleted board from any other
   * message without reading the store. At most BOARD_CHANNELS_REMEMBERED channels.
   */
  private readonly boardInChannel = new Map<string, { tableId: number; messageId: string } | null>();
  /** Timers of delayed ping edits (cleared by `close`). */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();

  constructor(
    private readonly deps: {
      rest: REST;
      /**
       * The REST client for interaction-webhook routes (panel refreshes, edits after a
       * deferred click): outside the bot's global limit (docs/discord.md §4), so a
       * client of its own whose queue never waits behind board edits. Default: `rest`.
       */
      interactionRest?: REST;
      service: TableService;
      /** Where the board and ping message ids are kept (./message-ids.ts). */
      messageIds: MessageIds;
      registry: GameRegistry;
      logger: Logger;
      now?: () => number;
      /** Pacing of board and ping requests (RestBudget; defaults: Discord's observed limits). */
      budget?: RestBudgetOptions;
      /** How long a ping edited down to those still deciding waits to coalesce, in ms (default PING_EDIT_DELAY_MS). */
      pingEditDelayMs?: number;
      /** First wait before a failed board or ping request is tried again, in ms (default PUBLISH_RETRY_MS). */
      retryMs?: number;
      /** How old the table's board token must be for "Show my hand" to lend a new one, ms (default BOARD_TOKEN_REFRESH_MS; Infinity: never — tests of the channel route). */
      boardTokenRefreshMs?: number;
      /** The pictures of boards and hands (default: a PictureMaker with the default cache bound). */
      pictures?: PictureMaker;
      /** Text-boards preferences (default: pictures for everyone). */
      textBoards?: TextBoardsPreferences;
    },
  ) {
    this.panelWriter = new PanelWriter(deps.logger);
    this.budget = new RestBudget(deps.budget);
    this.background = new BackgroundQueue((err) => deps.logger.warn({ err }, 'background redraw failed'));
    this.interactionRest = deps.interactionRest ?? deps.rest;
    this.pictures = deps.pictures ?? new PictureMaker({ log: deps.logger });
    this.textBoards = deps.textBoards ?? { guild: async () => false, user: async () => false };
  }

  /** The pictures of boards and hands, cached (README "Pictures"). */
  readonly pictures: PictureMaker;
  /** Who asked for text instead of pictures. */
  readonly textBoards: TextBoardsPreferences;

  /**
   * Seat `seat`'s hand picture for `snapshot` in `text`'s language, or null: the game has no
   * drawers, the player asked for text (`textBoards`), or drawing failed (logged; the panel
   * then shows the text version).
   */
  async handPicture(mod: GameModule, snapshot: TableSnapshot, seat: number | null, text: Catalog, textBoards: boolean): Promise<MessagePicture | null> {
    if (!mod.pictures || seat === null || textBoards || !snapshot.table.state) return null;
    try {
      return await this.pictures.hand(mod, snapshot, seat, text);
    } catch (err) {
      this.deps.logger.warn({ err, table: snapshot.table.id, seat }, 'hand picture failed');
      return null;
    }
  }

  /** The board picture for `snapshot`, or null (no drawers, text boards, or drawing failed: logged). */
  private async boardPicture(mod: GameModule, snapshot: TableSnapshot, text: Catalog, textBoards: boolean): Promise<MessagePicture | null> {
    if (!mod.pictures || textBoards || !snapshot.table.state) return null;
    try {
      return await this.pictures.board(mod, snapshot, text);
    } catch (err) {
      this.deps.logger.warn({ err, table: snapshot.table.id }, 'board picture failed');
      return null;
    }
  }

  /**
   * Remember that message `messageId`, which the interaction `token` of application
   * `applicationId` can edit, is `userId`'s panel for `tableId`, opened in Discord locale
   * `locale` (redraws keep that language) (the player's newest one:
   * older panels are no longer redrawn). It is redrawn only when the table moves past the
   * version it shows and its content changes, so the one-line note of a click survives until
   * something new happens.
   */
  trackPanel(tableId: number, userId: string, messageId: string, interaction: { applicationId: string; token: string; locale: string }, followUp = false): void {
    const key = `${tableId}:${userId}`;
    const before = this.panels.get(key);
    if (before && before.messageId !== messageId) this.panelWriter.forget(before.messageId);
    const messageRef = followUp ? messageId : '@original';
    this.panels.set(key, { messageId, applicationId: interaction.applicationId, token: interaction.token, since: (this.deps.now ?? Date.now)(), locale: interaction.locale, messageRef });
  }

  /**
   * Whether "Show my hand" clicked on message `messageId` of table `table` should be answered
   * with a deferred update of that message (lending its token to the board, `noteBoardClick`)
   * rather than a private reply: the message is the table's board, the game is on, and the
   * table has no live board token younger than BOARD_TOKEN_REFRESH_MS (`boardTokenRefreshMs`) for it.
   */
  wantsBoardToken(table: TableSnapshot['table'], messageId: string, channelId: string | null): boolean {
    const refreshMs = this.deps.boardTokenRefreshMs ?? BOARD_TOKEN_REFRESH_MS;
    if (refreshMs === Infinity || table.status !== 'active' || !table.boardMessageId || table.boardMessageId !== messageId || channelId !== table.channelId) return false;
    const via = this.boardVia.get(table.id);
    return !via || via.boardMessageId !== messageId || (this.deps.now ?? Date.now)() - via.since >= refreshMs;
  }

  /**
   * Remember that `interaction`, a click on table `tableId`'s board message `boardMessageId`
   * answered with a deferred update of it (settling `answered`), can edit the board through its
   * token (`@original`) while it lives: the board is then redrawn on an interaction route,
   * outside the global limit (docs/rate-limit.md). It does not carry the table's pings (those
   * follow up the click that made the move, `noteInteraction`).
   */
  noteBoardClick(tableId: number, interaction: { applicationId: string; token: string; channelId: string | null }, answered: Promise<unknown>, boardMessageId: string): void {
    if (!interaction.channelId) return;
    this.boardVia.set(tableId, { applicationId: interaction.applicationId, token: interaction.token, channelId: interaction.channelId, since: (this.deps.now ?? Date.now)(), answered: settledOnly(answered), boardMessageId });
  }

  /**
   * Remember that `interaction` (a click on table `tableId`'s board or a panel, whose answer
   * settles `answered`) committed a change: the pings that change brings are posted as its
   * follow-ups (an interaction route, outside the global limit) while its token lives and it
   * happened in the table's channel. Call it before answering the interaction (the ping work
   * starts after the commit, and waits for `answered`). With `boardMessageId` (the click was on
   * that board or lobby message, answered with a deferred update of it), the board is redrawn
   * through the token too (`PATCH /webhooks/{app}/{token}/messages/@original`) while it lives.
   */
  noteInteraction(tableId: number, interaction: { applicationId: string; token: string; channelId: string | null }, answered: Promise<unknown>, boardMessageId?: string): void {
    if (!interaction.channelId) return;
    const noted: TableInteraction = { applicationId: interaction.applicationId, token: interaction.token, channelId: interaction.channelId, since: (this.deps.now ?? Date.now)(), answered: settledOnly(answered) };
    this.interactions.set(tableId, noted);
    if (boardMessageId) this.boardVia.set(tableId, { ...noted, boardMessageId });
  }

  /**
   * Edit a panel message through an interaction token (`PATCH /webhooks/{app}/{token}/messages/{messageRef}`,
   * `@original` unless the panel is a follow-up: its id) on the interaction REST client. `body`
   * is the API JSON, already serialised.
   */
  editPanel(interaction: { applicationId: string; token: string }, body: string | RequestBody, messageRef = '@original'): Promise<unknown> {
    const route = Routes.webhookMessage(interaction.applicationId, interaction.token, messageRef);
    // With files: multipart (payload_json + files[n]); discord.js's REST builds it.
    if (typeof body !== 'string' && body.files.length > 0) return this.interactionRest.patch(route, { body: body.body, files: body.files, auth: false });
    return this.interactionRest.patch(route, {
      body: typeof body === 'string' ? body : JSON.stringify(body.body),
      passThroughBody: true,
      headers: { 'Content-Type': 'application/json' },
      auth: false,
    });
  }

  /**
   * TableListener: schedule the redraw after the caller has answered its interaction (the
   * work starts from the background queue, after the click's callback has gone out).
   * Changes must be handed over in commit order.
   */
  tableChanged(change: Change): void {
    if (this.closed) return;
    let work = this.work.get(change.tableId);
    if (!work) {
      work = {
        channelId: change.snapshot.table.channelId,
        panels: null,
        board: [],
        ping: [],
        boardRunning: false,
        pingRunning: false,
        boardRequest: null,
        written: {},
        retry: { board: { failures: 0, waiting: false }, ping: { failures: 0, waiting: false } },
      };
      this.work.set(change.tableId, work);
    }
    work.board.push(change);
    // A board redraw waiting at clean-up priority now carries a game change: it goes with the boards.
    if (!change.redraw) work.boardRequest?.promote(RestPriority.board);
    if (!change.redraw) work.ping.push(change);
    if (!work.panels || change.snapshot.table.version >= work.panels.table.version) work.panels = change.snapshot;
    this.background.push(() => this.kick(change.tableId), change.tableId);
  }

  /**
   * Redraw a table's board from `snapshot` (re-posting it if it was deleted) without any
   * game change — e.g. when a player asks for their hand with `/hand`, which is how people
   * recover from a deleted or buried board. Without a change it is sent at clean-up priority
   * (after other tables' changes). (The newest version of a batch wins, so a read handed over
   * late never draws an older board over a newer one.)
   */
  redraw(snapshot: TableSnapshot): void {
    this.tableChanged({ tableId: snapshot.table.id, snapshot, ping: [], ended: false, redraw: true });
  }

  /**
   * For a panel's Refresh click: make sure the board is there and current. A board that does
   * not show `snapshot`'s version yet, or that this process never drew (since it started, or
   * since its gateway session was renewed: `eventsMayBeMissed`), is redrawn — re-posted if it
   * was deleted meanwhile. Otherwise nothing is sent: a deletion is told by the gateway
   * (`messageDeleted`), so no read is needed to find one.
   */
  recheck(snapshot: TableSnapshot): void {
    const { table } = snapshot;
    const shown = this.boards.get(table.id);
    if (!shown || shown.version < table.version || !table.boardMessageId) this.redraw(snapshot);
  }

  /**
   * The gateway says message `messageId` of channel `channelId` was deleted (MESSAGE_DELETE or
   * MESSAGE_DELETE_BULK, the GuildMessages intent — docs/rate-limit.md): when it was the board of
   * the open table there, post the board afresh (at board priority, from the newest state). The
   * table is found in memory, or read from the store once for a channel this process knows
   * nothing about (after a restart). Never throws (logged).
   */
  messageDeleted(channelId: string, messageId: string): void {
    if (this.closed) return;
    const known = this.boardInChannel.get(channelId);
    if (known === null || (known && known.messageId !== messageId)) return;
    const check = (async () => {
      let snapshot: TableSnapshot | undefined;
      if (known) snapshot = await this.deps.service.snapshot(known.tableId);
      else {
        snapshot = await this.deps.service.openTableInChannel(channelId);
        const row = snapshot?.table;
        this.rememberBoard(channelId, row?.boardMessageId ? { tableId: row.id, messageId: row.boardMessageId } : null);
      }
      if (!snapshot || this.closed) return;
      const { table } = snapshot;
      if ((table.status !== 'active' && table.status !== 'lobby') || table.boardMessageId !== messageId) return;
      const tableId = table.id;
      this.deps.logger.info({ table: tableId }, 'board message was deleted; posting a fresh one');
      this.boards.delete(tableId);
      if (this.boardVia.get(tableId)?.boardMessageId === messageId) this.boardVia.delete(tableId);
      this.tableChanged({ tableId, snapshot, ping: [], ended: false, redraw: true, missingBoard: messageId });
    })()
      .catch((err: unknown) => this.deps.logger.warn({ err, channel: channelId }, 'a deleted board could not be looked up'))
      .finally(() => this.cleanUps.delete(check));
    this.cleanUps.add(check);
  }

  /**
   * The gateway session was renewed (not resumed): deletions made meanwhile were not told. Every
   * board counts as never drawn by this process, so a Refresh redraws it once (re-posting it
   * if it is gone), and the store is asked again which message is a channel's board.
   */
  eventsMayBeMissed(): void {
    this.boards.clear();
    this.boardInChannel.clear();
  }

  /** Note channel `channelId`'s open table and board message (null: none), forgetting the oldest channels past BOARD_CHANNELS_REMEMBERED. */
  private rememberBoard(channelId: string, board: { tableId: number; messageId: string } | null): void {
    this.boardInChannel.delete(channelId);
    this.boardInChannel.set(channelId, board);
    if (this.boardInChannel.size > BOARD_CHANNELS_REMEMBERED) this.boardInChannel.delete(this.boardInChannel.keys().next().value!);
  }

  /**
   * How much is left to do (tables with board or ping work, queued drawing, clean-ups, waiting
   * panel refreshes, and 1 while a panel write is on its way); 0 when idle (monitoring, the benchmark's drain).
   */
  get pending(): number {
    return this.work.size + this.background.size + this.cleanUps.size + this.refreshQueue.length + (this.panelWriter.isIdle ? 0 : 1);
  }

  /** Resolves when no redraw is pending or running and no panel write is on its way (tests, shutdown). */
  async settled(): Promise<void> {
    while (!this.closed && (this.work.size > 0 || !this.panelWriter.isIdle || this.background.size > 0 || this.cleanUps.size > 0)) {
      if (this.background.size > 0) await this.background.settled();
      if (this.work.size > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
      await this.panelWriter.settled();
      if (this.cleanUps.size > 0) await Promise.all([...this.cleanUps]);
    }
  }

  /** Stop publishing (shutdown); pending redraws are dropped, the database is the truth. */
  close(): void {
    this.closed = true;
    this.background.close();
    this.budget.close();
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
    this.work.clear();
    for (const resolve of this.idle.splice(0)) resolve();
  }

  /** From the background queue: refresh the table's panels now, start its board and ping work. */
  private kick(tableId: number): void {
    const work = this.work.get(tableId);
    if (!work || this.closed) return;
    const newest = work.panels;
    work.panels = null;
    if (newest && this.deps.registry.find(newest.table.game)) this.refreshPanels(newest);
    if (!work.boardRunning) void this.runBoard(tableId, work);
    if (!work.pingRunning) void this.runPing(tableId, work);
  }

  private async runBoard(tableId: number, work: TableWork): Promise<void> {
    work.boardRunning = true;
    try {
      while (work.board.length > 0 && !this.closed && !work.retry.board.waiting) {
        const first = newestOf(work.board)!;
        if (!this.deps.registry.find(first.table.game)) {
          work.board.length = 0;
          break;
        }
        const hasBoard = Boolean(first.table.boardMessageId || work.written.boardMessageId);
        // A live token of a click on the board edits it on an interaction route: no global slot.
        // BOARD_TOKENS=never (boardTokenRefreshMs Infinity): a game's board never does (its
        // lobby still redraws through Join / Leave / Start, as it always did).
        const lendable = this.deps.boardTokenRefreshMs !== Infinity || first.table.status === 'lobby';
        const via = lendable ? await this.liveBoardVia(tableId, work.written.boardMessageId ?? first.table.boardMessageId) : null;
        if (via && !this.closed) {
          const changes = work.board.splice(0);
          const newest = newestOf(changes)!;
          const snap: TableSnapshot = { ...newest, table: { ...newest.table, ...work.written } };
          try {
            await this.upsertBoard(work, snap, changes, () => undefined, false, via);
            work.retry.board.failures = 0;
          } catch (err) {
            // The token was refused: the channel route, within the budget, from the next round.
            this.boardVia.delete(tableId);
            if (worthRetrying(err) && this.retryLater(tableId, work, 'board', changes, err)) continue;
            work.board.unshift(...changes);
          }
          continue;
        }
        // A redraw asked for without a change (it brings a deleted board back) waits for the changes of other tables.
        const priority = this.onlyRedraws(work.board) ? RestPriority.cleanUp : RestPriority.board;
        work.boardRequest = this.budget.request(work.channelId, hasBoard ? 'edit' : 'create', priority);
        const release = await work.boardRequest.granted;
        work.boardRequest = null;
        if (this.closed) return release();
        // Drawn now, from the newest state: everything that changed while waiting is in it.
        const changes = work.board.splice(0);
        const newest = newestOf(changes)!;
        const snap: TableSnapshot = { ...newest, table: { ...newest.table, ...work.written } };
        const missing = changes.find((change) => change.missingBoard)?.missingBoard;
        const gone = Boolean(missing && snap.table.boardMessageId === missing);
        if (gone) snap.table = { ...snap.table, boardMessageId: null };
        try {
          await this.upsertBoard(work, snap, changes, release, gone);
          work.retry.board.failures = 0;
        } catch (err) {
          if (this.retryLater(tableId, work, 'board', changes, err)) continue;
          this.deps.logger.warn({ err, table: tableId }, 'board update failed');
        } finally {
          release();
        }
      }
    } finally {
      work.boardRunning = false;
      this.finishWork(tableId, work);
    }
  }

  private async runPing(tableId: number, work: TableWork): Promise<void> {
    work.pingRunning = true;
    try {
      while (work.ping.length > 0 && !this.closed && !work.retry.ping.waiting) {
        const changes = work.ping.splice(0);
        const newest = newestOf(changes)!;
        if (!this.deps.registry.find(newest.table.game)) continue;
        const snap: TableSnapshot = { ...newest, table: { ...newest.table, ...work.written } };
        const ended = changes.some((change) => change.ended) || snap.table.status !== 'active';
        try {
          await this.updatePing(work, snap, changes, ended);
          work.retry.ping.failures = 0;
        } catch (err) {
          if (this.retryLater(tableId, work, 'ping', changes, err)) continue;
          this.deps.logger.warn({ err, table: tableId }, 'ping failed');
        }
      }
    } finally {
      work.pingRunning = false;
      this.finishWork(tableId, work);
    }
  }

  /**
   * After a failed board or ping request (`kind`) drawn from `changes`: when it is worth
   * trying again (`worthRetrying`, at most PUBLISH_RETRIES times in a row), put the changes
   * back and kick the table's work again after PUBLISH_RETRY_MS (doubling, up to
   * PUBLISH_RETRY_MAX_MS) — the retry draws the newest state then. False when given up.
   */
  private retryLater(tableId: number, work: TableWork, kind: 'board' | 'ping', changes: Change[], err: unknown): boolean {
    const retry = work.retry[kind];
    if (this.closed || !worthRetrying(err) || retry.failures >= PUBLISH_RETRIES) {
      retry.failures = 0;
      return false;
    }
    retry.failures += 1;
    work[kind].unshift(...changes);
    retry.waiting = true;
    const first = this.deps.retryMs ?? PUBLISH_RETRY_MS;
    const delay = Math.min(first * 2 ** (retry.failures - 1), Math.max(first, PUBLISH_RETRY_MAX_MS));
    this.deps.logger.warn({ err, table: tableId, attempt: retry.failures, retryInMs: delay }, kind === 'board' ? 'board update failed; retrying with the newest state' : 'ping failed; retrying');
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      retry.waiting = false;
      if (!this.closed) this.background.push(() => this.kick(tableId), tableId);
    }, delay);
    this.timers.set(timer, () => (retry.waiting = false));
    return true;
  }

  /** Forget a table's work state once both its board and ping work are done (and no retry waits). */
  private finishWork(tableId: number, work: TableWork): void {
    if (work.boardRunning || work.pingRunning) return;
    if ((work.retry.board.waiting || work.retry.ping.waiting) && !this.closed) return;
    if ((work.board.length > 0 || work.ping.length > 0) && !this.closed) {
      this.background.push(() => this.kick(tableId), tableId);
      return;
    }
    if (this.work.get(tableId) === work) this.work.delete(tableId);
    if (this.work.size === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** True when every waiting board change is a redraw of the version the board already shows. */
  private onlyRedraws(changes: Change[]): boolean {
    const shown = this.boards.get(changes[0]!.tableId);
    return !!shown && changes.every((change) => change.redraw && change.snapshot.table.version <= shown.version);
  }

  /** Users the current decision should ping: present players who must act on a turn or vote timer. */
  private usersToPing(snap: TableSnapshot): string[] {
    if (snap.table.status !== 'active' || !snap.pending) return [];
    return pingFor(snap.pending, snap.seats);
  }

  /**
   * Keep the "your move" ping true (docs/discord.md "Pings": only who must act, only when it becomes
   * their move): a new decision replaces it (unless it is the same players' move again,
   * e.g. the second half of an action — no second ping); while a vote collects answers the
   * ping is edited down to those still deciding (edits never notify); an ended game, or a
   * decision nobody is pinged for, removes it.
   */
  private async updatePing(work: TableWork, snap: TableSnapshot, changes: TableChange[], ended: boolean): Promise<void> {
    const tableId = snap.table.id;
    // Turn-based tables ping each player on their own (src/discord/publish/turn-notices.ts).
    if (isTurnBased(tableOptionsOf(snap.table.tableOptions))) return;
    if (ended) return this.replacePing(work, snap, []);
    const pinged = this.pinged.get(tableId) ?? (await this.pingedBy(snap));
    const usersToPing = this.usersToPing(snap);
    const asked = new Set(changes.flatMap((change) => change.ping));
    const fresh = usersToPing.filter((user) => asked.has(user));
    if (changes.some((change) => change.newDecision)) {
      const same = fresh.length > 0 && fresh.length === pinged.size && fresh.every((user) => pinged.has(user));
      if (!same) await this.replacePing(work, snap, fresh);
      return;
    }
    // The same decision goes on: mention only those still to act.
    if (snap.table.pingMessageId && pinged.size > 0) {
      const still = usersToPing.filter((user) => pinged.has(user));
      if (still.length === 0) await this.replacePing(work, snap, []);
      else if (still.length < pinged.size) {
        // Wait a moment: the answers given meanwhile are drawn with this one (the next round, from the newest state).
        await this.sleep(this.deps.pingEditDelayMs ?? PING_EDIT_DELAY_MS);
        if (this.closed || work.ping.length > 0) return;
        const mod = this.deps.registry.get(snap.table.game);
        const body = pingMessage(mod, snap.table, still, catalogFor(snap.table.locale));
        // A ping posted as a follow-up is edited through its token while it lives (outside the global limit).
        const via = this.livePingVia(tableId, snap.table.pingMessageId);
        if (via) {
          if (this.closed || this.pingSuperseded(work)) return;
          try {
            await this.webhookRequest(via, RequestMethod.Patch, snap.table.pingMessageId, body);
            this.pinged.set(tableId, new Set(still));
            return;
          } catch (err) {
            if (!worthRetrying(err)) this.pingVia.delete(tableId);
            throw err;
          }
        }
        const release = await this.budget.slot(work.channelId, 'edit', RestPriority.cleanUp);
        // A newer decision came in while waiting: the next round replaces the ping anyway.
        if (this.closed || this.pingSuperseded(work)) return release();
        await this.channelRequest(release, RequestMethod.Patch, Routes.channelMessage(snap.table.channelId, snap.table.pingMessageId), body);
        this.pinged.set(tableId, new Set(still));
      }
    }
  }

  /** Resolves after `ms` (at once after `close`). */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.closed) return resolve();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  /** True when changes waiting for the ping open a new decision or end the game (the ping drawn now would be replaced at once). */
  private pingSuperseded(work: TableWork): boolean {
    return work.ping.some((change) => change.newDecision || change.ended);
  }

  /**
   * Who the table's ping message mentions, read from the message (after a restart the
   * publisher has no memory of it): the `<@id>` mentions of its content. None when there is
   * no ping message or it cannot be read.
   */
  private async pingedBy(snap: TableSnapshot): Promise<Set<string>> {
    const { table } = snap;
    const users = new Set<string>();
    if (!table.pingMessageId) return users;
    try {
      const message = (await this.deps.rest.get(Routes.channelMessage(table.channelId, table.pingMessageId))) as { content?: string };
      for (const match of (message.content ?? '').matchAll(/<@!?(\d+)>/g)) users.add(match[1]!);
    } catch (err) {
      this.deps.logger.debug({ err, table: table.id }, 'ping message could not be read');
    }
    this.pinged.set(table.id, users);
    return users;
  }

  /**
   * Send one request about a channel's messages on the bot's REST client (discord.js still
   * waits out any limit it knows of) and release its RestBudget slot with the answer's
   * rate-limit headers. Returns the parsed answer; throws the REST error.
   */
  private async channelRequest(release: SlotRelease, method: RequestMethod, route: RouteLike, payload: unknown, files: RequestBody['files'] = []): Promise<unknown> {
    let headers: HeaderSource | null = null;
    try {
      // The slot of the bot-wide budget taken with this one is the request's (global-budget.ts).
      const response = await grantedSlot.run(release.global, () => this.deps.rest.queueRequest({
        fullRoute: route,
        method,
        // With files: multipart (payload_json + files[n], README "Pictures").
        ...(files.length > 0
          ? { body: typeof payload === 'string' ? JSON.parse(payload) : payload, files }
          : payload === undefined
            ? {}
            : { body: typeof payload === 'string' ? payload : JSON.stringify(payload), passThroughBody: true, headers: { 'Content-Type': 'application/json' } }),
      }));
      headers = response.headers;
      return method === RequestMethod.Delete ? undefined : await parseResponse(response);
    } finally {
      release(headers);
    }
  }

  /**
   * Edit the board message, or post a fresh one when it is missing or was deleted (`release`
   * ends the caller's RestBudget slot, taken for the first request). A board whose drawing
   * is what the message already shows is not sent again, unless a redraw asks (that is how
   * a deleted board is found and brought back).
   */
  private async upsertBoard(work: TableWork, snap: TableSnapshot, changes: Change[], release: SlotRelease, gone = false, via?: TableInteraction): Promise<void> {
    let { table } = snap;
    if (!table.boardMessageId && !gone) {
      // A command that posts the lobby itself stores its id after its answer: a change committed
      // in between (a Join clicked at once) does not know it yet. Ask the store before posting a second one.
      const stored = (await this.deps.service.snapshot(table.id))?.table.boardMessageId;
      if (stored) {
        table = { ...table, boardMessageId: stored };
        snap = { ...snap, table };
      }
    }
    const mod = this.deps.registry.get(table.game);
    const text = catalogFor(table.locale);
    let payload;
    if (table.status === 'lobby') payload = lobbyMessage(mod, snap, text);
    else {
      const textBoards = mod.pictures ? await this.textBoards.guild(table.guildId).catch(() => false) : false;
      const picture = await this.boardPicture(mod, snap, text, textBoards);
      // Newest state wins: a change that came in while drawing is drawn next, over this one.
      if (this.closed) return;
      payload = boardMessage(mod, snap, text, { picture, textBoards });
    }
    const edit = requestBody(payload, true);
    const body = JSON.stringify(edit.body);
    const hash = createHash('sha1').update(body);
    // The files by digest (computed once per cached PNG), not their bytes again.
    for (const file of edit.files) hash.update(fileDigest(file.data));
    const fingerprint = hash.digest('base64');
    const shown = this.boards.get(table.id);
    const recheck = changes.some((change) => change.redraw);
    const closed = table.status !== 'lobby' && table.status !== 'active';
    let slot: SlotRelease | null = release;
    if (table.boardMessageId) {
      if (shown && shown.fingerprint === fingerprint && !recheck) {
        if (table.version > shown.version) await this.confirmBoard(table, table.boardMessageId, table.version, fingerprint, closed, shown.at);
        return;
      }
      try {
        slot = null;
        if (via) await this.editPanel(via, edit);
        else await this.channelRequest(release, RequestMethod.Patch, Routes.channelMessage(table.channelId, table.boardMessageId), edit.body, edit.files);
        await this.confirmBoard(table, table.boardMessageId, table.version, fingerprint, closed);
        return;
      } catch (err) {
        // Duck-typed: discord.js's REST errors come from its CommonJS build (no shared class identity with ESM).
        if ((err as { code?: unknown }).code !== RESTJSONErrorCodes.UnknownMessage) throw err;
        this.deps.logger.info({ table: table.id }, 'board message was deleted; posting a fresh one');
        this.boards.delete(table.id);
      }
    }
    // Closed tables do not come back from the dead: only open ones get a new board.
    if (closed) return;
    slot ??= await this.budget.slot(work.channelId, 'create', RestPriority.board);
    if (this.closed) return slot();
    const create = requestBody(payload, false);
    const message = (await this.channelRequest(slot, RequestMethod.Post, Routes.channelMessages(table.channelId), create.body, create.files)) as { id: string };
    work.written.boardMessageId = message.id;
    await this.deps.messageIds.setBoardMessage(table.id, message.id);
    await this.confirmBoard(table, message.id, table.version, fingerprint, false);
  }

  /**
   * Remember (and store) that `table`'s board, message `messageId`, shows table `version`; a
   * closed table's board is not redrawn again (nor re-posted when deleted).
   */
  private async confirmBoard(table: { id: number; channelId: string }, messageId: string, version: number, fingerprint: string, closed: boolean, at: number = (this.deps.now ?? Date.now)()): Promise<void> {
    const tableId = table.id;
    if (closed) this.boards.delete(tableId);
    else this.boards.set(tableId, { version, fingerprint, at });
    this.rememberBoard(table.channelId, closed ? null : { tableId, messageId });
    await this.deps.messageIds.setBoardVersion(tableId, version);
  }

  /**
   * Replace the table's ping with a new one mentioning only `userIds` (none = just delete
   * the old one). The new ping goes first; deleting the old one is clean-up, at the lowest
   * priority and not waited for.
   */
  private async replacePing(work: TableWork, snap: TableSnapshot, userIds: string[]): Promise<void> {
    const { table } = snap;
    if (userIds.length) this.pinged.set(table.id, new Set(userIds));
    else this.pinged.delete(table.id);
    const old = table.pingMessageId;
    if (old) {
      work.written.pingMessageId = null;
      await this.deps.messageIds.setPingMessage(table.id, null);
      // A ping posted as a follow-up goes through its token while it lives (outside the global limit).
      const via = this.livePingVia(table.id, old);
      this.pingVia.delete(table.id);
      const cleanUp = (
        via
          ? this.webhookRequest(via, RequestMethod.Delete, old, undefined).catch((err: unknown) => this.channelCleanUp(work, table.channelId, old, err))
          : this.channelCleanUp(work, table.channelId, old)
      )
        .catch(() => undefined)
        .finally(() => this.cleanUps.delete(cleanUp));
      this.cleanUps.add(cleanUp);
    }
    if (userIds.length === 0) return;
    const mod = this.deps.registry.get(table.game);
    const body = pingMessage(mod, table, userIds, catalogFor(table.locale));
    // First choice: a follow-up of the table's newest interaction (an interaction route, outside the global limit).
    const follow = await this.followUpToken(table);
    if (follow && !this.closed && !this.pingSuperseded(work)) {
      try {
        const message = (await this.interactionRest.post(Routes.webhook(follow.applicationId, follow.token), { body, auth: false })) as { id: string };
        this.pingVia.set(table.id, { messageId: message.id, applicationId: follow.applicationId, token: follow.token, since: follow.since });
        work.written.pingMessageId = message.id;
        await this.deps.messageIds.setPingMessage(table.id, message.id);
        return;
      } catch (err) {
        // A refused token (expired, unknown): the channel route below. Anything else is retried (nobody was pinged for sure).
        const status = (err as { status?: unknown } | null)?.status;
        if (typeof status !== 'number' || status >= 500 || status === 429) {
          this.pinged.delete(table.id);
          throw err;
        }
        this.deps.logger.debug({ err, table: table.id }, 'ping follow-up refused; pinging through the channel');
      }
    }
    const release = await this.budget.slot(work.channelId, 'create', RestPriority.ping);
    if (this.closed || this.pingSuperseded(work)) {
      this.pinged.delete(table.id);
      return release();
    }
    let message: { id: string };
    try {
      message = (await this.channelRequest(release, RequestMethod.Post, Routes.channelMessages(table.channelId), body)) as { id: string };
    } catch (err) {
      // Nobody was pinged: a retry must ping them again.
      this.pinged.delete(table.id);
      throw err;
    }
    work.written.pingMessageId = message.id;
    await this.deps.messageIds.setPingMessage(table.id, message.id);
  }

  /** Delete an old ping through the channel route, at clean-up priority within the budget (after `_err`: its token failed). */
  private channelCleanUp(work: TableWork, channelId: string, messageId: string, _err?: unknown): Promise<unknown> {
    return this.budget
      .slot(work.channelId, 'delete', RestPriority.cleanUp)
      .then((done) => (this.closed ? done() : this.channelRequest(done, RequestMethod.Delete, Routes.channelMessage(channelId, messageId), undefined)));
  }

  /**
   * The table's newest interaction whose token can post its ping now: younger than
   * PING_TOKEN_TTL_MS, in the table's channel, and answered (waited for up to
   * PING_ANSWER_WAIT_MS). Null otherwise (a bot move or a deadline with no live click).
   */
  private async followUpToken(table: TableSnapshot['table']): Promise<TableInteraction | null> {
    const via = this.interactions.get(table.id);
    const now = (this.deps.now ?? Date.now)();
    if (!via || via.channelId !== table.channelId || now - via.since > PING_TOKEN_TTL_MS) return null;
    return (await this.answeredIn(via)) ? via : null;
  }

  /**
   * The token of the table's newest click on board message `messageId` answered with a
   * (deferred) update, while it lives (PING_TOKEN_TTL_MS) and once that answer went through
   * (waited for up to PING_ANSWER_WAIT_MS); null: the channel route.
   */
  private async liveBoardVia(tableId: number, messageId: string | null | undefined): Promise<TableInteraction | null> {
    const via = this.boardVia.get(tableId);
    if (!via || !messageId || via.boardMessageId !== messageId) return null;
    if ((this.deps.now ?? Date.now)() - via.since > PING_TOKEN_TTL_MS) {
      this.boardVia.delete(tableId);
      return null;
    }
    return (await this.answeredIn(via)) ? via : null;
  }

  /** Whether `via`'s answer went through within PING_ANSWER_WAIT_MS. */
  private async answeredIn(via: TableInteraction): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      via.answered.then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_ANSWER_WAIT_MS))),
    ]);
    clearTimeout(timer);
    return answered;
  }

  /** The follow-up token of the table's ping `messageId`, while it lives (PING_TOKEN_TTL_MS); null: the channel route. */
  private livePingVia(tableId: number, messageId: string): PingVia | null {
    const via = this.pingVia.get(tableId);
    if (!via || via.messageId !== messageId) return null;
    return (this.deps.now ?? Date.now)() - via.since <= PING_TOKEN_TTL_MS ? via : null;
  }

  /** Edit or delete a follow-up message through its interaction token (`/webhooks/{app}/{token}/messages/{id}`, outside the global limit). */
  private webhookRequest(via: PingVia, method: RequestMethod.Patch | RequestMethod.Delete, messageId: string, body: unknown): Promise<unknown> {
    const route = Routes.webhookMessage(via.applicationId, via.token, messageId);
    return method === RequestMethod.Delete ? this.interactionRest.delete(route, { auth: false }) : this.interactionRest.patch(route, { body, auth: false });
  }

  /**
   * Redraw every tracked panel of this table that shows an older version (through the panel
   * writer: in order per message, only the newest version, drawn when it is sent, and not
   * sent when it looks the same as what the message shows), through the interaction REST client.
   */
  /**
   * Redraw the open panels of `snap`'s table. The clicker's own panel was already answered in
   * place by their click (callback type 7, components.ts); everyone else's can only be edited
   * through the token of the interaction that opened it, one write per message in order
   * (PanelWriter) and at most PANEL_REFRESHES_IN_FLIGHT at once, within Discord's rate limits.
   * So for a moment after a change — e.g. the last vote of a J'Accuse! reveal — other players
   * still see the buttons drawn before it: that delay is inherent, and a click on such a
   * button is refused as stale with the current panel (staleNote, components.ts).
   */
  private refreshPanels(snap: TableSnapshot): void {
    const now = (this.deps.now ?? Date.now)();
    const mod = this.deps.registry.get(snap.table.game);
    for (const seat of snap.seats) {
      const key = `${snap.table.id}:${seat.userId}`;
      const live = this.panels.get(key);
      if (!live) continue;
      // A cancelled or abandoned table's panels are redrawn too: no buttons left, "this game is over".
      if (now - live.since > PANEL_TOKEN_TTL_MS) {
        this.untrack(key, live);
        continue;
      }
      this.panelWriter.write(
        live.messageId,
        snap.table.version,
        async () => {
          const text = catalogFor(live.locale);
          const textBoards = mod.pictures ? await this.textBoards.user(seat.userId).catch(() => false) : false;
          const picture = await this.handPicture(mod, snap, viewerSeatOf(seat, snap.table.status), text, textBoards);
          const payload = panelMessage(mod, snap, seat.userId, text, undefined, { picture, textBoards });
          const fingerprint = panelFingerprint(payload);
          if (this.panelWriter.contentOf(live.messageId) === fingerprint) return;
          this.panelWriter.showing(live.messageId, fingerprint);
          return this.refreshPanel(live, requestBody(payload, true));
        },
        false,
        () => this.untrack(key, live),
      );
    }
    if (snap.table.status !== 'active') {
      for (const seat of snap.seats) {
        const key = `${snap.table.id}:${seat.userId}`;
        const live = this.panels.get(key);
        if (live) this.untrack(key, live);
      }
      if (snap.table.status !== 'lobby') {
        this.pinged.delete(snap.table.id);
        this.interactions.delete(snap.table.id);
        this.boardVia.delete(snap.table.id);
      }
    }
  }

  /** `editPanel` for a refresh: at most PANEL_REFRESHES_IN_FLIGHT at once, the others in turn. */
  private async refreshPanel(live: LivePanel, body: RequestBody): Promise<unknown> {
    if (this.refreshesInFlight >= PANEL_REFRESHES_IN_FLIGHT) await new Promise<void>((resolve) => this.refreshQueue.push(resolve));
    this.refreshesInFlight += 1;
    try {
      return await this.editPanel(live, body, live.messageRef);
    } finally {
      this.refreshesInFlight -= 1;
      this.refreshQueue.shift()?.();
    }
  }

  /** Stop redrawing a panel (its token expired, an edit failed, or the table is over). */
  private untrack(key: string, live: LivePanel): void {
    if (this.panels.get(key) === live) this.panels.delete(key);
    this.panelWriter.forget(live.messageId);
  }
}

/**
 * `answered`, settling the same way but resolving to nothing: what discord.js answers with (an
 * InteractionResponse holds the whole interaction, its message included) is not kept alive for
 * the 14 minutes a token is remembered — that was ~10 KB per open table. Never rejects unhandled.
 */
function settledOnly(answered: Promise<unknown>): Promise<void> {
  const settled = answered.then(() => undefined);
  settled.catch(() => undefined);
  return settled;
}

/** The newest snapshot among `changes` (by table version; the later one on a tie). */
function newestOf(changes: TableChange[]): TableSnapshot | undefined {
  let best: TableSnapshot | undefined;
  for (const change of changes) if (!best || change.snapshot.table.version >= best.table.version) best = change.snapshot;
  return best;
}
