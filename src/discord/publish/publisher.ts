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
 * message ids and board version it writes back go to the store (./message-ids.ts).
 *
 * This file is the coordinator of src/discord/publish/: it queues each change on its table's
 * work (./work.ts, the per-table state at the bottom) and starts, from the background queue,
 * the three things a change redraws — the board (./board.ts), the ping (./pings.ts) and the
 * open panels (./live-panels.ts); the interaction tokens clicks lend (./tokens.ts) are shared
 * by all three.
 */
import type { REST } from 'discord.js';
import type { GameRegistry } from '../../games/registry.js';
import type { Logger } from '../../logger.js';
import type { SeatRow, TableRow } from '../../persistence/store/types.js';
import type { LostReason, TableListener, TableSnapshot } from '../../tables/types.js';
import type { TableService } from '../../tables/service.js';
import { PictureMaker } from '../pictures/index.js';
import { RestBudget, RestPriority, type RestBudgetOptions } from '../rest/rest-budget.js';
import { BackgroundQueue } from './background.js';
import { ChannelAccess, type PermissionsIn } from './channel-access.js';
import { Boards } from './board.js';
import { LivePanels } from './live-panels.js';
import type { MessageIds } from './message-ids.js';
import { PanelWriter } from './panel-writer.js';
import { PING_EDIT_DELAY_MS, Pings } from './pings.js';
import { InteractionTokens } from './tokens.js';
import { PublishWork, type Change } from './work.js';
import { WatchPanels } from './watch-panels.js';
import type { ReplayLoader } from '../../review/load.js';

/**
 * Text drawn whatever the stored settings say (README "Pictures"): tests that read what a
 * player reads, the benchmark's text-boards runs. The settings themselves — a server's for its
 * boards (`/admin settings`), a player's for their panels (the panel's "📝 Text version") —
 * come with the table's one read (`TableRow.textBoards`, `SeatRow.textPanels`): no redraw and
 * no click reads them.
 */
export interface ForcedText {
  /** True when server `guildId`'s boards are drawn as text anyway. */
  guild(guildId: string): boolean;
  /** True when user `userId`'s panels are drawn as text anyway. */
  user(userId: string): boolean;
}

/** No text forced: the stored settings alone. */
const NOTHING_FORCED: ForcedText = { guild: () => false, user: () => false };

/** What the publisher needs of the running bot. */
export interface PublisherDeps {
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
  /** Text drawn whatever the settings say (default: nothing forced). */
  textBoards?: ForcedText;
  /** The tables' replays (reviews and watch panels share them: src/review/load.ts). */
  replays: ReplayLoader;
  /** The bot's permissions in a channel as discord.js's cache says (./channel-access.ts; default: unknown, Discord's refusals only). */
  permissionsIn?: PermissionsIn;
  /** The Activity is set up: running boards offer Open table (docs/activity.md). */
  openTable?: boolean;
}

/** The TableListener that talks to Discord. */
export class Publisher implements TableListener {
  /** Global and per-channel pacing of board and ping requests, board first. */
  readonly budget: RestBudget;
  /** Drawing boards and panels, in slices that let clicks be answered first. */
  readonly background: BackgroundQueue;
  /** The pictures of boards and hands, cached (README "Pictures"). */
  readonly pictures: PictureMaker;
  /** Text drawn whatever the settings say. */
  private readonly forced: ForcedText;
  /** The interaction tokens clicks lend to the board and the pings. */
  readonly tokens: InteractionTokens;
  /** The open private panels, redrawn after each change (and their writer, which click answers share). */
  readonly panels: LivePanels;
  /** The watchers' panels, redrawn after each change from the watcher's replay (docs/watching.md). */
  readonly watchers: WatchPanels;
  /** The tables' replays, extended move by move (reviews and watch panels). */
  readonly replays: ReplayLoader;
  private readonly work: PublishWork;
  private readonly boards: Boards;
  private readonly pings: Pings;
  private readonly registry: GameRegistry;
  /** Tables whose place is gone (`forgetLost`): nothing is sent for them any more. */
  private readonly lost = new Set<number>();
  /** What the bot may do in each channel (./channel-access.ts). */
  readonly access: ChannelAccess;
  private readonly service: TableService;
  private readonly logger: Logger;

  constructor(deps: PublisherDeps) {
    this.registry = deps.registry;
    const now = deps.now ?? Date.now;
    const interactionRest = deps.interactionRest ?? deps.rest;
    this.budget = new RestBudget(deps.budget);
    this.background = new BackgroundQueue((err) => deps.logger.warn({ err }, 'background redraw failed'));
    this.pictures = deps.pictures ?? new PictureMaker({ log: deps.logger });
    this.forced = deps.textBoards ?? NOTHING_FORCED;
    this.work = new PublishWork(this.background, deps.logger, (tableId) => this.kick(tableId), deps.retryMs);
    this.access = new ChannelAccess(deps.permissionsIn);
    this.service = deps.service;
    this.logger = deps.logger;
    this.tokens = new InteractionTokens(now, deps.boardTokenRefreshMs);
    this.replays = deps.replays;
    const writer = new PanelWriter(deps.logger);
    this.watchers = new WatchPanels(
      {
        registry: deps.registry,
        logger: deps.logger,
        now,
        pictures: this.pictures,
        replays: deps.replays,
        textPanels: (userId, stored) => this.panelAsText(undefined, userId, stored),
        edit: (interaction, body) => this.panels.edit(interaction, body),
        redrawBoard: (snapshot) => this.redraw(snapshot),
      },
      writer,
    );
    const shared = { rest: deps.rest, interactionRest, registry: deps.registry, logger: deps.logger, budget: this.budget, tokens: this.tokens, work: this.work, messageIds: deps.messageIds };
    this.boards = new Boards({
      ...shared,
      service: deps.service,
      now,
      pictures: this.pictures,
      textBoards: (table) => this.boardAsText(table),
      watchers: (tableId) => this.watchers.count(tableId),
      publish: (change) => this.tableChanged(change),
      access: this.access,
      placeGone: (tableId, reason) => this.placeGone(tableId, reason),
      // Tracked, so that `settled` waits for it too.
      tellHost: (table, what) => this.work.track(this.panels.notePrivately(table.id, table.hostUserId, (text) => (what === 'noFiles' ? text.platform.noFilesHost(table.id) : text.platform.blockedHost(table.id)))),
      ...(deps.openTable ? { openTable: true } : {}),
    });
    this.pings = new Pings({ ...shared, pingEditDelayMs: deps.pingEditDelayMs ?? PING_EDIT_DELAY_MS, access: this.access, placeGone: (tableId, reason) => this.placeGone(tableId, reason) });
    this.panels = new LivePanels(
      { interactionRest, registry: deps.registry, logger: deps.logger, now, pictures: this.pictures, textPanels: (seat) => this.panelAsText(seat) },
      writer,
    );
  }

  /** Whether `table`'s board is drawn as text: its server's setting, carried by the table row, or forced. */
  boardAsText(table: Pick<TableRow, 'guildId' | 'textBoards'>): boolean {
    return table.textBoards || this.forced.guild(table.guildId);
  }

  /**
   * Whether a user's panel is drawn as text: their setting, carried by their seat row when they
   * sit at the table (`stored` for one read on its own: `/history`'s review), or forced.
   */
  panelAsText(seat: Pick<SeatRow, 'userId' | 'textPanels'> | undefined, userId = seat?.userId ?? '', stored = false): boolean {
    return seat?.textPanels === true || stored || this.forced.user(userId);
  }

  /**
   * TableListener: schedule the redraw after the caller has answered its interaction (the
   * work starts from the background queue, after the click's callback has gone out).
   * Changes must be handed over in commit order.
   */
  tableChanged(change: Change): void {
    if (this.work.closed || this.lost.has(change.tableId)) return;
    if (change.lost) return this.forgetLost(change);
    // A lesson has no board and no ping (docs/lessons.md): only its learner's panel is redrawn.
    if (change.snapshot.table.lesson) {
      this.background.push(() => this.panels.refresh(change.snapshot), change.tableId);
      return;
    }
    const work = this.work.add(change);
    // A board redraw waiting at clean-up priority now carries a game change: it goes with the boards.
    if (!change.redraw) work.boardRequest?.promote(RestPriority.board);
    this.background.push(() => this.kick(change.tableId), change.tableId);
  }

  /**
   * A table whose place is gone (src/tables/lost.ts: server left, channel or thread deleted or
   * locked): drop its queued work and everything remembered of it, so nothing more is sent —
   * each request there could only fail, and each failure counts toward Discord's
   * invalid-request limit (docs/discord-conformance.md "Rate limits").
   */
  private forgetLost(change: Change): void {
    const { tableId, snapshot } = change;
    this.lost.add(tableId);
    this.work.drop(tableId);
    this.panels.forgetTable(snapshot);
    this.boards.forgetTable(tableId, snapshot.table.channelId);
    this.pings.forgetTable(tableId);
    this.tokens.forgetTable(tableId);
  }

  /**
   * Discord said a table's place is gone (Unknown Channel, Thread is locked) while the gateway
   * had not: end the table (src/tables/lost.ts), which hands `forgetLost` its change. Never throws.
   */
  private placeGone(tableId: number, reason: LostReason): void {
    this.work.track(this.service.loss.endLost(tableId, reason).catch((err: unknown) => this.logger.warn({ err, table: tableId, reason }, 'a table whose place is gone could not be ended')));
  }

  /**
   * The server's permissions changed (CHANNEL_UPDATE, GUILD_ROLE_UPDATE, the bot's member
   * updated: src/app.ts): forget what Discord refused, and draw again the boards held back for
   * want of a permission (./channel-access.ts). Never throws.
   */
  permissionsChanged(): void {
    this.access.permissionsChanged();
    const held = this.boards.refusals.takeStopped();
    if (held.length === 0 || this.work.closed) return;
    this.work.track(
      this.service.reads.snapshots(held).then(
        (snapshots) => {
          for (const snapshot of snapshots) if (snapshot.table.status === 'active' || snapshot.table.status === 'lobby') this.redraw(snapshot);
        },
        (err: unknown) => this.logger.warn({ err }, 'held-back boards could not be read'),
      ),
    );
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
    if (this.boards.behind(snapshot)) this.redraw(snapshot);
  }

  /** The gateway says a message was deleted: a board is posted afresh (Boards.messageDeleted). Never throws. */
  messageDeleted(channelId: string, messageId: string): void {
    this.boards.messageDeleted(channelId, messageId);
  }

  /** The gateway session was renewed (not resumed): deletions may have been missed (Boards.eventsMayBeMissed). */
  eventsMayBeMissed(): void {
    this.boards.eventsMayBeMissed();
  }

  /**
   * How much is left to do (tables with board or ping work, queued drawing, clean-ups, waiting
   * panel refreshes, and 1 while a panel write is on its way); 0 when idle (monitoring, the benchmark's drain).
   */
  get pending(): number {
    return this.work.size + this.background.size + this.panels.waiting + (this.panels.writer.isIdle ? 0 : 1);
  }

  /** Resolves when no redraw is pending or running and no panel write is on its way (tests, shutdown). */
  async settled(): Promise<void> {
    while (!this.work.closed && (!this.work.isIdle || !this.panels.writer.isIdle || this.background.size > 0)) {
      if (this.background.size > 0) await this.background.settled();
      await this.work.settled();
      await this.panels.writer.settled();
    }
  }

  /** Stop publishing (shutdown); pending redraws are dropped, the database is the truth. */
  close(): void {
    this.work.close();
    this.watchers.close();
    this.background.close();
    this.budget.close();
  }

  /** From the background queue: refresh the table's panels now, start its board and ping work. */
  private kick(tableId: number): void {
    const work = this.work.of(tableId);
    if (!work || this.work.closed) return;
    const newest = work.panels;
    work.panels = null;
    if (newest && this.registry.find(newest.table.game)) {
      this.panels.refresh(newest);
      this.watchers.refresh(newest);
      // The game is over: its clicks lend no more tokens, and its ping mentions nobody any more.
      if (newest.table.status !== 'active' && newest.table.status !== 'lobby') {
        this.pings.forgetTable(tableId);
        this.tokens.forgetTable(tableId);
      }
    }
    if (!work.boardRunning) void this.boards.run(tableId, work);
    if (!work.pingRunning) void this.pings.run(tableId, work);
  }
}
