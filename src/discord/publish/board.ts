/**
 * The public board of each table (docs/architecture.md §5): edited in place with at most one
 * request in flight per table, drawn when its slot comes from the newest committed snapshot,
 * not sent again when it would look the same, re-posted when it was deleted (the gateway
 * tells: `messageDeleted`), and edited through a click's lent token when one lives
 * (./tokens.ts: an interaction route, outside the global limit). What a refused board becomes
 * is ./board-refusals.ts.
 */
import { createHash } from 'node:crypto';
import { RESTJSONErrorCodes, Routes } from 'discord-api-types/v10';
import { RequestMethod, type REST } from 'discord.js';
import type { GameModule } from '../../games/module.js';
import type { GameRegistry } from '../../games/registry.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import type { TableService } from '../../tables/service.js';
import type { TableSnapshot } from '../../tables/types.js';
import type { MessagePicture, PictureMaker } from '../pictures/index.js';
import { boardMessage } from '../render/board.js';
import { lobbyMessage } from '../render/lobby.js';
import { fileDigest } from '../render/markup.js';
import { requestBody } from '../render/message-body.js';
import { editWebhookMessage, sendOnSlot } from '../rest/requests.js';
import { RestPriority, type RestBudget, type SlotRelease } from '../rest/rest-budget.js';
import type { MessageIds } from './message-ids.js';
import type { InteractionTokens, TableInteraction } from './tokens.js';
import { newestWithWritten, worthRetrying, type Change, type PublishWork, type TableWork } from './work.js';
import { refusalOf } from './channel-access.js';
import { BoardRefusals, RedrawAsText, type BoardRefusalDeps } from './board-refusals.js';
import type { MessagePayload } from '../render/markup.js';

/** How many channels' boards `messageDeleted` remembers (the newest ones; older ones are read from the store). */
export const BOARD_CHANNELS_REMEMBERED = 50_000;

/** What a table's board message shows, as last accepted by Discord. */
interface BoardShown {
  version: number;
  fingerprint: string;
  /** When Discord last accepted a request for it (Unix ms). */
  at: number;
}

/** What the boards need of the running bot (with what their refusals need: ./board-refusals.ts). */
export interface BoardDeps extends BoardRefusalDeps {
  rest: REST;
  /** The REST client of interaction-webhook routes (a board edited through a lent token). */
  interactionRest: REST;
  service: TableService;
  messageIds: MessageIds;
  registry: GameRegistry;
  now: () => number;
  budget: RestBudget;
  pictures: PictureMaker;
  /** True when the table's board is drawn as text (README "Pictures"; the table row carries its server's setting). */
  textBoards: (table: TableSnapshot['table']) => boolean;
  /** How many members watch a table now (docs/watching.md: "👁 N watching" on its board). */
  watchers: (tableId: number) => number;
  /** The Activity is set up: boards offer Open table (docs/activity.md). */
  openTable?: boolean;
  tokens: InteractionTokens;
  work: PublishWork;
  /** Hand a change (a redraw of a deleted board) to the publisher. */
  publish: (change: Change) => void;
}

/** The boards of the tables this process publishes. */
export class Boards {
  private readonly shown = new Map<number, BoardShown>();
  /**
   * Channel → the open table there and its board message, as this process last wrote or read
   * them (null: no open table): lets `messageDeleted` tell a deleted board from any other
   * message without reading the store. At most BOARD_CHANNELS_REMEMBERED channels.
   */
  private readonly inChannel = new Map<string, { tableId: number; messageId: string } | null>();

  /** Boards refused: tables held back, hosts told (./board-refusals.ts). */
  readonly refusals: BoardRefusals;

  constructor(private readonly deps: BoardDeps) {
    this.refusals = new BoardRefusals(deps);
  }

  /**
   * Whether a Refresh should redraw the board of `snapshot`'s table: it does not show that
   * version yet, or this process never drew it (since it started, or since its gateway
   * session was renewed: `eventsMayBeMissed`). A deletion is told by the gateway
   * (`messageDeleted`), so no read is needed to find one.
   */
  behind(snapshot: TableSnapshot): boolean {
    const { table } = snapshot;
    const shown = this.shown.get(table.id);
    return !shown || shown.version < table.version || !table.boardMessageId;
  }

  /** True when every waiting board change is a redraw of the version the board already shows. */
  onlyRedraws(changes: Change[]): boolean {
    const shown = this.shown.get(changes[0]!.tableId);
    return !!shown && changes.every((change) => change.redraw && change.snapshot.table.version <= shown.version);
  }

  /**
   * The gateway says message `messageId` of channel `channelId` was deleted (MESSAGE_DELETE or
   * MESSAGE_DELETE_BULK, the GuildMessages intent — docs/rate-limit.md): when it was the board of
   * the open table there, post the board afresh (at board priority, from the newest state). The
   * table is found in memory, or read from the store once for a channel this process knows
   * nothing about (after a restart). Never throws (logged).
   */
  messageDeleted(channelId: string, messageId: string): void {
    const { work, service, logger } = this.deps;
    if (work.closed) return;
    const known = this.inChannel.get(channelId);
    if (known === null || (known && known.messageId !== messageId)) return;
    const check = (async () => {
      let snapshot: TableSnapshot | undefined;
      if (known) snapshot = await service.reads.snapshot(known.tableId);
      else {
        snapshot = await service.reads.openTableInChannel(channelId);
        const row = snapshot?.table;
        this.remember(channelId, row?.boardMessageId ? { tableId: row.id, messageId: row.boardMessageId } : null);
      }
      if (!snapshot || work.closed) return;
      const { table } = snapshot;
      if ((table.status !== 'active' && table.status !== 'lobby') || table.boardMessageId !== messageId) return;
      const tableId = table.id;
      logger.info({ table: tableId }, 'board message was deleted; posting a fresh one');
      this.shown.delete(tableId);
      this.deps.tokens.dropBoardVia(tableId, messageId);
      this.deps.publish({ tableId, snapshot, ping: [], ended: false, redraw: true, missingBoard: messageId });
    })();
    work.track(check.catch((err: unknown) => logger.warn({ err, channel: channelId }, 'a deleted board could not be looked up')));
  }

  /**
   * The gateway session was renewed (not resumed): deletions made meanwhile were not told. Every
   * board counts as never drawn by this process, so a Refresh redraws it once (re-posting it
   * if it is gone), and the store is asked again which message is a channel's board.
   */
  eventsMayBeMissed(): void {
    this.shown.clear();
    this.inChannel.clear();
  }

  /** Draw and send table `tableId`'s waiting board changes until none is left (or a retry waits). */
  async run(tableId: number, work: TableWork): Promise<void> {
    const { registry, tokens, budget, logger } = this.deps;
    const shared = this.deps.work;
    work.boardRunning = true;
    try {
      while (work.board.length > 0 && !shared.closed && !work.retry.board.waiting) {
        const first = newestWithWritten(work, work.board);
        if (!registry.find(first.table.game)) {
          work.board.length = 0;
          break;
        }
        const hasBoard = Boolean(first.table.boardMessageId);
        // A live token of a click on the board edits it on an interaction route: no global slot.
        // BOARD_TOKENS=never (boardTokenRefreshMs Infinity): a game's board never does (its
        // lobby still redraws through Join / Leave / Start, as it always did).
        const via = tokens.lendsBoards(first.table.status) ? await tokens.liveBoardVia(tableId, first.table.boardMessageId) : null;
        if (via && !shared.closed) {
          const changes = work.board.splice(0);
          try {
            await this.upsert(work, newestWithWritten(work, changes), changes, () => undefined, false, via);
            work.retry.board.failures = 0;
          } catch (err) {
            // The token was refused: the channel route, within the budget, from the next round.
            tokens.dropBoardVia(tableId);
            if (worthRetrying(err) && shared.retryLater(tableId, work, 'board', changes, err)) continue;
            work.board.unshift(...changes);
          }
          continue;
        }
        // A redraw asked for without a change (it brings a deleted board back) waits for the changes of other tables.
        const priority = this.onlyRedraws(work.board) ? RestPriority.cleanUp : RestPriority.board;
        work.boardRequest = budget.request(work.channelId, hasBoard ? 'edit' : 'create', priority);
        const release = await work.boardRequest.granted;
        work.boardRequest = null;
        if (shared.closed) return release();
        // Drawn now, from the newest state: everything that changed while waiting is in it.
        const changes = work.board.splice(0);
        const snap = newestWithWritten(work, changes);
        const missing = changes.find((change) => change.missingBoard)?.missingBoard;
        const gone = Boolean(missing && snap.table.boardMessageId === missing);
        if (gone) snap.table = { ...snap.table, boardMessageId: null };
        try {
          await this.upsert(work, snap, changes, release, gone);
          work.retry.board.failures = 0;
        } catch (err) {
          // The picture was refused: drawn again at once, as text (no retry wait, nothing lost).
          if (err instanceof RedrawAsText) {
            work.board.unshift(...changes);
            continue;
          }
          if (shared.retryLater(tableId, work, 'board', changes, err)) continue;
          logger.warn({ err, table: tableId }, 'board update failed');
        } finally {
          release();
        }
      }
    } finally {
      work.boardRunning = false;
      shared.finish(tableId, work);
    }
  }

  /**
   * Edit the board message, or post a fresh one when it is missing or was deleted (`release`
   * ends the caller's RestBudget slot, taken for the first request). A board whose drawing
   * is what the message already shows is not sent again, unless a redraw asks (that is how
   * a deleted board is found and brought back).
   */
  private async upsert(work: TableWork, snap: TableSnapshot, changes: Change[], release: SlotRelease, gone = false, via?: TableInteraction): Promise<void> {
    const { service, registry, logger } = this.deps;
    let { table } = snap;
    if (!table.boardMessageId && !gone) {
      // A command that posts the lobby itself stores its id before any change of the table is
      // committed (src/tables/lobby.ts `whilePosting`); a snapshot read before that (or in another
      // process) may still lack it. Ask the store before posting a second one.
      const stored = (await service.reads.snapshot(table.id))?.table.boardMessageId;
      if (stored) {
        table = { ...table, boardMessageId: stored };
        snap = { ...snap, table };
      }
    }
    const mod = registry.get(table.game);
    const text = catalogFor(table.locale);
    const { access } = this.deps;
    let payload;
    if (table.status === 'lobby') payload = lobbyMessage(mod, snap, text);
    else {
      const textBoards = mod.pictures ? this.deps.textBoards(table) : false;
      // No Attach Files here (as the cache says, or as Discord said): the text version, saying why.
      const noFiles = !!mod.pictures && !textBoards && !access.filesAllowed(table.channelId);
      const picture = noFiles ? null : await this.picture(mod, snap, text, textBoards);
      // Newest state wins: a change that came in while drawing is drawn next, over this one.
      if (this.deps.work.closed) return;
      payload = boardMessage(mod, snap, text, { picture, textBoards, noFiles, watchers: this.deps.watchers(table.id), ...(this.deps.openTable ? { openTable: true } : {}) });
      if (noFiles) this.refusals.tellHostOnce(table, 'noFiles');
    }
    const edit = requestBody(payload, true);
    const embeds = Array.isArray((edit.body as { embeds?: unknown[] }).embeds) && (edit.body as { embeds: unknown[] }).embeds.length > 0;
    // Nothing that can only fail is sent (./channel-access.ts): the table's board waits for the permissions to come back.
    if (!access.allows(table.channelId, { embeds, files: edit.files.length > 0, post: !table.boardMessageId })) return this.refusals.stopped(table);
    const body = JSON.stringify(edit.body);
    const hash = createHash('sha1').update(body);
    // The files by digest (computed once per cached PNG), not their bytes again.
    for (const file of edit.files) hash.update(fileDigest(file.data));
    const fingerprint = hash.digest('base64');
    const shown = this.shown.get(table.id);
    const recheck = changes.some((change) => change.redraw);
    const closed = table.status !== 'lobby' && table.status !== 'active';
    let slot: SlotRelease | null = release;
    if (table.boardMessageId) {
      if (shown && shown.fingerprint === fingerprint && !recheck) {
        if (table.version > shown.version) await this.confirm(table, table.boardMessageId, table.version, fingerprint, closed, shown.at);
        return;
      }
      // An archived thread (as the cache says) takes no edits: an open table's board is posted
      // afresh below, which unarchives it; a closed table's stays as it is.
      let archived: string | null = null;
      if (!via && access.archived(table.channelId)) {
        if (closed) return;
        archived = table.boardMessageId;
        logger.info({ table: table.id }, 'the thread is archived: posting the board afresh (which unarchives it)');
        release();
      } else try {
        slot = null;
        if (via) await editWebhookMessage(this.deps.interactionRest, via, edit);
        else await sendOnSlot(this.deps.rest, release, RequestMethod.Patch, Routes.channelMessage(table.channelId, table.boardMessageId), edit.body, edit.files);
        await this.confirm(table, table.boardMessageId, table.version, fingerprint, closed);
        return;
      } catch (err) {
        // Duck-typed: discord.js's REST errors come from its CommonJS build (no shared class identity with ESM).
        if ((err as { code?: unknown }).code !== RESTJSONErrorCodes.UnknownMessage) {
          // An archived thread takes no edits, but a new message unarchives it (`developers/topics/threads.mdx`
          // "Active & Archived Threads"): the board is posted afresh below, the old one deleted.
          if (refusalOf(err, edit.files.length > 0) !== 'archived' || closed) return this.refusals.refused(table, err, edit.files.length > 0);
          archived = table.boardMessageId;
          logger.info({ table: table.id }, 'the thread is archived: posting the board afresh (which unarchives it)');
        } else logger.info({ table: table.id }, 'board message was deleted; posting a fresh one');
        this.shown.delete(table.id);
      }
      if (archived) {
        await this.post(work, table, payload, fingerprint, null);
        this.deleteOld(work, table.channelId, archived);
        return;
      }
    }
    // Closed tables do not come back from the dead: only open ones get a new board.
    if (closed) return;
    await this.post(work, table, payload, fingerprint, slot);
  }

  /** Post `payload` as the table's new board (taking a create slot unless `slot` is one already granted). */
  private async post(work: TableWork, table: TableSnapshot['table'], payload: MessagePayload, fingerprint: string, slot: SlotRelease | null): Promise<void> {
    const { budget, messageIds } = this.deps;
    slot ??= await budget.slot(work.channelId, 'create', RestPriority.board);
    if (this.deps.work.closed) return slot();
    const create = requestBody(payload, false);
    let message: { id: string };
    try {
      message = (await sendOnSlot(this.deps.rest, slot, RequestMethod.Post, Routes.channelMessages(table.channelId), create.body, create.files)) as { id: string };
    } catch (err) {
      return this.refusals.refused(table, err, create.files.length > 0);
    }
    work.written.boardMessageId = message.id;
    await messageIds.setBoardMessage(table.id, message.id);
    await this.confirm(table, message.id, table.version, fingerprint, false);
  }

  /** Delete an old board message (clean-up priority, not waited for). */
  private deleteOld(work: TableWork, channelId: string, messageId: string): void {
    const { budget, rest } = this.deps;
    const shared = this.deps.work;
    shared.track(budget.slot(work.channelId, 'delete', RestPriority.cleanUp).then((done) => (shared.closed ? done() : sendOnSlot(rest, done, RequestMethod.Delete, Routes.channelMessage(channelId, messageId), undefined))));
  }

  /** The board picture for `snapshot`, or null (no drawers, text boards, or drawing failed: logged). */
  private async picture(mod: GameModule, snapshot: TableSnapshot, text: Catalog, textBoards: boolean): Promise<MessagePicture | null> {
    if (!mod.pictures || textBoards || !snapshot.table.state) return null;
    try {
      return await this.deps.pictures.board(mod, snapshot, text);
    } catch (err) {
      this.deps.logger.warn({ err, table: snapshot.table.id }, 'board picture failed');
      return null;
    }
  }

  /**
   * Remember (and store) that `table`'s board, message `messageId`, shows table `version`; a
   * closed table's board is not redrawn again (nor re-posted when deleted).
   */
  private async confirm(table: { id: number; channelId: string }, messageId: string, version: number, fingerprint: string, closed: boolean, at: number = this.deps.now()): Promise<void> {
    const tableId = table.id;
    if (closed) this.refusals.forget(tableId);
    if (closed) this.shown.delete(tableId);
    else this.shown.set(tableId, { version, fingerprint, at });
    this.remember(table.channelId, closed ? null : { tableId, messageId });
    await this.deps.messageIds.setBoardVersion(tableId, version);
  }

  /** Forget table `tableId`'s board in `channelId` without a request (its place is gone: src/tables/lost.ts). */
  forgetTable(tableId: number, channelId: string): void {
    this.shown.delete(tableId);
    this.refusals.forget(tableId);
    this.remember(channelId, null);
  }

  /** Note channel `channelId`'s open table and board message (null: none), forgetting the oldest channels past BOARD_CHANNELS_REMEMBERED. */
  private remember(channelId: string, board: { tableId: number; messageId: string } | null): void {
    this.inChannel.delete(channelId);
    this.inChannel.set(channelId, board);
    if (this.inChannel.size > BOARD_CHANNELS_REMEMBERED) this.inChannel.delete(this.inChannel.keys().next().value!);
  }
}
