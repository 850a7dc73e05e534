/**
 * Keeps what players see in step with the database after every committed change
 * (DESIGN.md §5): edits the public board (at most one request in flight per table; the
 * newest committed snapshot wins), re-posts it if it was deleted, posts the "your move" ping
 * (deleting the previous one), and refreshes open private panels through their interaction
 * tokens (valid 15 minutes; discord-platform.md §2).
 *
 * It draws from the snapshots the table service hands over with each change and never
 * reads the database: changes arrive in commit order (the service hands them over
 * synchronously after each commit), so the newest snapshot of a batch is the table now.
 */
import { RESTJSONErrorCodes, Routes } from 'discord-api-types/v10';
import type { BaseInteraction, InteractionResponse, Message, REST } from 'discord.js';
import type { GameRegistry } from '../games/registry.js';
import { catalogFor } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import { pingFor } from '../tables/policy.js';
import { PanelWriter } from './panel-writer.js';
import type { TableService } from '../tables/service.js';
import type { TableChange, TableListener, TableSnapshot } from '../tables/types.js';
import { boardMessage } from './render/board.js';
import { lobbyMessage } from './render/lobby.js';
import type { MessagePayload } from './render/markup.js';
import { panelMessage } from './render/panel.js';
import { pingMessage } from './render/ping.js';

/** A panel interaction token is refreshed only while younger than this (Discord: 15 min), in ms. */
export const PANEL_TOKEN_TTL_MS = 14 * 60 * 1000;

/** A player's private panel, with an interaction token that can edit it. */
interface LivePanel {
  /** Id of the panel message. */
  messageId: string;
  interaction: { editReply(payload: MessagePayload): Promise<unknown> };
  /** When the token was issued (Unix ms). */
  since: number;
  /** The Discord locale of the player who opened it (`interaction.locale`): redraws keep their language. */
  locale: string;
}

/** Per-table work state for coalescing. */
interface TableWork {
  running: boolean;
  /** Changes handed over and not yet published, oldest first. */
  changes: TableChange[];
  /**
   * Message ids this publisher wrote while the work was going on (a re-posted board, a new
   * ping): newer than the ids in snapshots committed before the write. Forgotten when the
   * work is done — every later snapshot is read after the write.
   */
  written: { boardMessageId?: string | null; pingMessageId?: string | null };
}

/** The TableListener that talks to Discord. */
export class Publisher implements TableListener {
  private readonly work = new Map<number, TableWork>();
  private readonly panels = new Map<string, LivePanel>();
  /**
   * Who the table's current ping message mentions. Not known after a restart: then it is
   * read back from the ping message itself (`pingedBy`) the first time it is needed.
   */
  private readonly pinged = new Map<number, Set<string>>();
  private readonly idle: (() => void)[] = [];
  private closed = false;
  /** Orders every write to a panel message (edits from here, click answers from the router). */
  readonly panelWriter: PanelWriter;

  constructor(
    private readonly deps: {
      rest: REST;
      service: TableService;
      registry: GameRegistry;
      logger: Logger;
      now?: () => number;
    },
  ) {
    this.panelWriter = new PanelWriter(deps.logger);
  }

  /**
   * Remember that message `messageId`, which `interaction` can edit, is `userId`'s panel for
   * `tableId` (the player's newest one: older panels are no longer redrawn). It is redrawn
   * only when the table moves past the version it shows, so the one-line note of a click
   * survives until something new happens.
   */
  trackPanel(
    tableId: number,
    userId: string,
    messageId: string,
    interaction: BaseInteraction & { editReply(payload: MessagePayload): Promise<Message | InteractionResponse> },
  ): void {
    const key = `${tableId}:${userId}`;
    const before = this.panels.get(key);
    if (before && before.messageId !== messageId) this.panelWriter.forget(before.messageId);
    this.panels.set(key, { messageId, interaction, since: (this.deps.now ?? Date.now)(), locale: interaction.locale });
  }

  /**
   * TableListener: schedule the redraw after the caller has answered its interaction.
   * Changes must be handed over in commit order.
   */
  tableChanged(change: TableChange): void {
    if (this.closed) return;
    let work = this.work.get(change.tableId);
    if (!work) {
      work = { running: false, changes: [], written: {} };
      this.work.set(change.tableId, work);
    }
    work.changes.push(change);
    if (!work.running) setImmediate(() => void this.run(change.tableId));
  }

  /**
   * Redraw a table's board from `snapshot` (re-posting it if it was deleted) without any
   * game change — e.g. when a player asks for their hand with `/hand`, which is how people
   * recover from a deleted or buried board. Call it right after the read, before any await.
   */
  redraw(snapshot: TableSnapshot): void {
    this.tableChanged({ tableId: snapshot.table.id, snapshot, ping: [], ended: false });
  }

  /** Resolves when no redraw is pending or running and no panel write is on its way (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.work.size > 0 || !this.panelWriter.isIdle) {
      if (this.work.size > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
      await this.panelWriter.settled();
    }
  }

  /** Stop publishing (shutdown); pending redraws are dropped, the database is the truth. */
  close(): void {
    this.closed = true;
  }

  private async run(tableId: number): Promise<void> {
    const work = this.work.get(tableId);
    if (!work || work.running) return;
    work.running = true;
    try {
      while (work.changes.length > 0 && !this.closed) {
        const changes = work.changes.splice(0);
        await this.publish(work, changes);
      }
    } finally {
      work.running = false;
      if (work.changes.length === 0 || this.closed) this.work.delete(tableId);
      if (this.work.size === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  /** Render the newest snapshot of a batch once and push it everywhere it shows. Never throws. */
  private async publish(work: TableWork, changes: TableChange[]): Promise<void> {
    const newest = changes.reduce((best, change) => (change.snapshot.table.version >= best.table.version ? change.snapshot : best), changes[0]!.snapshot);
    // Message ids this publisher wrote meanwhile are newer than those the snapshot was read with.
    const snap: TableSnapshot = { ...newest, table: { ...newest.table, ...work.written } };
    const tableId = snap.table.id;
    if (!this.deps.registry.find(snap.table.game)) return;
    try {
      await this.upsertBoard(work, snap);
    } catch (err) {
      this.deps.logger.warn({ err, table: tableId }, 'board update failed');
    }
    const ended = changes.some((change) => change.ended) || snap.table.status !== 'active';
    try {
      await this.updatePing(work, { ...snap, table: { ...snap.table, ...work.written } }, changes, ended);
    } catch (err) {
      this.deps.logger.warn({ err, table: tableId }, 'ping failed');
    }
    this.refreshPanels(snap);
  }

  /** Users the current decision should ping: present players who must act on a turn or vote timer. */
  private usersToPing(snap: TableSnapshot): string[] {
    if (snap.table.status !== 'active' || !snap.pending) return [];
    return pingFor(snap.pending, snap.seats);
  }

  /**
   * Keep the "your move" ping true (UX.md "Pings": only who must act, only when it becomes
   * their move): a new decision replaces it (unless it is the same players' move again,
   * e.g. the second half of an action — no second ping); while a vote collects answers the
   * ping is edited down to those still deciding (edits never notify); an ended game, or a
   * decision nobody is pinged for, removes it.
   */
  private async updatePing(work: TableWork, snap: TableSnapshot, changes: TableChange[], ended: boolean): Promise<void> {
    const tableId = snap.table.id;
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
        const mod = this.deps.registry.get(snap.table.game);
        await this.deps.rest.patch(Routes.channelMessage(snap.table.channelId, snap.table.pingMessageId), {
          body: pingMessage(mod, snap.table, still, catalogFor(snap.table.locale)),
        });
        this.pinged.set(tableId, new Set(still));
      }
    }
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

  /** Edit the board message, or post a fresh one when it is missing or was deleted. */
  private async upsertBoard(work: TableWork, snap: TableSnapshot): Promise<void> {
    const { table } = snap;
    const mod = this.deps.registry.get(table.game);
    const text = catalogFor(table.locale);
    const payload = table.status === 'lobby' ? lobbyMessage(mod, snap, text) : boardMessage(mod, snap, text);
    if (table.boardMessageId) {
      try {
        await this.deps.rest.patch(Routes.channelMessage(table.channelId, table.boardMessageId), { body: payload });
        this.deps.service.setBoardVersion(table.id, table.version);
        return;
      } catch (err) {
        // Duck-typed: discord.js's REST errors come from its CommonJS build (no shared class identity with ESM).
        if ((err as { code?: unknown }).code !== RESTJSONErrorCodes.UnknownMessage) throw err;
        this.deps.logger.info({ table: table.id }, 'board message was deleted; posting a fresh one');
      }
    }
    // Closed tables do not come back from the dead: only open ones get a new board.
    if (table.status !== 'lobby' && table.status !== 'active') return;
    const message = (await this.deps.rest.post(Routes.channelMessages(table.channelId), { body: payload })) as { id: string };
    work.written.boardMessageId = message.id;
    this.deps.service.setBoardMessage(table.id, message.id);
    this.deps.service.setBoardVersion(table.id, table.version);
  }

  /** Delete the previous ping and post a new one mentioning only `userIds` (none = just delete). */
  private async replacePing(work: TableWork, snap: TableSnapshot, userIds: string[]): Promise<void> {
    const { table } = snap;
    if (userIds.length) this.pinged.set(table.id, new Set(userIds));
    else this.pinged.delete(table.id);
    if (table.pingMessageId) {
      work.written.pingMessageId = null;
      this.deps.service.setPingMessage(table.id, null);
      await this.deps.rest.delete(Routes.channelMessage(table.channelId, table.pingMessageId)).catch(() => undefined);
    }
    if (userIds.length === 0) return;
    const mod = this.deps.registry.get(table.game);
    const message = (await this.deps.rest.post(Routes.channelMessages(table.channelId), {
      body: pingMessage(mod, table, userIds, catalogFor(table.locale)),
    })) as { id: string };
    work.written.pingMessageId = message.id;
    this.deps.service.setPingMessage(table.id, message.id);
  }

  /**
   * Redraw every tracked panel of this table that shows an older version (through the panel
   * writer: in order per message, only the newest version, drawn when it is sent).
   */
  private refreshPanels(snap: TableSnapshot): void {
    const now = (this.deps.now ?? Date.now)();
    const mod = this.deps.registry.get(snap.table.game);
    for (const seat of snap.seats) {
      const key = `${snap.table.id}:${seat.userId}`;
      const live = this.panels.get(key);
      if (!live) continue;
      if (now - live.since > PANEL_TOKEN_TTL_MS || snap.table.status === 'cancelled') {
        this.untrack(key, live);
        continue;
      }
      this.panelWriter.write(
        live.messageId,
        snap.table.version,
        () => live.interaction.editReply(panelMessage(mod, snap, seat.userId, catalogFor(live.locale))),
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
    }
  }

  /** Stop redrawing a panel (its token expired, an edit failed, or the table is over). */
  private untrack(key: string, live: LivePanel): void {
    if (this.panels.get(key) === live) this.panels.delete(key);
    this.panelWriter.forget(live.messageId);
  }
}
