/**
 * Turn notices of turn-based tables (README "Turn-based tables"; docs/turn-based.md): one
 * ping when a decision needs a player, one reminder when a quarter of their time is left,
 * never more; the ping is deleted once they have acted (or the decision closed). Each player
 * chooses a mention in the table's channel (default) or a DM (`/games notify:`); a DM that
 * fails (closed DMs: Discord error 50007, or any other refusal) falls back to the channel
 * ping, so no notice is lost.
 *
 * What was sent is stored (`turn_notices`, one row per table and player: the decision step,
 * the message, the deadline and when the reminder is due) before anything else depends on
 * it, so a restart neither pings twice nor forgets a reminder: start-up arms the reminders
 * from one read of the due rows (`resume`), without reading any game state. Live tables are
 * left to the publisher's "your move" ping (src/discord/publish/publisher.ts).
 *
 * Changes of one table are handled one after another, in commit order (a promise chain per
 * table); every Discord request is outside the table service's queue.
 */
import { RESTJSONErrorCodes, Routes } from 'discord-api-types/v10';
import type { REST } from 'discord.js';
import type { GameRegistry } from '../../games/registry.js';
import { catalogFor } from '../../i18n/index.js';
import type { Logger } from '../../logger.js';
import type { DueReminder, ShardFilter, Store, TurnNoticeRow } from '../../persistence/store/types.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { isTurnBased, reminderAt } from '../../tables/pace.js';
import { pingFor } from '../../tables/policy.js';
import type { TableService } from '../../tables/service.js';
import type { TableChange, TableListener, TableSnapshot } from '../../tables/types.js';

/** setTimeout's longest delay (ms); a later reminder re-arms when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Dependencies of the notifier. */
export interface TurnNoticeDeps {
  rest: REST;
  store: Store;
  service: TableService;
  registry: GameRegistry;
  logger: Logger;
  /** Current time, Unix ms. */
  now?: () => number;
  /** The shards this process serves (`resume` arms only their tables' reminders). */
  shard?: ShardFilter;
}

/** What one notice send did (for tests and logs). */
export interface SentNotice {
  /** The channel the message went to (the table's channel, or a DM channel). */
  channelId: string;
  messageId: string;
  dm: boolean;
}

/** The TableListener that pings and reminds the players of turn-based tables. */
export class TurnNotifier implements TableListener {
  private readonly chains = new Map<number, Promise<void>>();
  private readonly reminders = new Map<string, NodeJS.Timeout>();
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly deps: TurnNoticeDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** TableListener: handle a committed change of a turn-based table (others are ignored). */
  tableChanged(change: TableChange): void {
    if (this.closed || !isTurnBased(tableOptionsOf(change.snapshot.table.tableOptions))) return;
    this.enqueue(change.tableId, () => (change.lost ? this.dropLost(change.tableId) : this.sync(change.snapshot)));
  }

  /**
   * A table whose place is gone (src/tables/lost.ts): forget its notices and reminders without
   * touching their messages (their channel is gone or closed to the bot: nothing more is sent).
   */
  private async dropLost(tableId: number): Promise<void> {
    const stored = await this.deps.store.turnNotices(tableId);
    for (const notice of stored) this.disarm(notice.tableId, notice.userId);
    if (stored.length > 0) await this.deps.store.deleteTurnNotices(tableId, stored.map((notice) => notice.userId));
  }

  /**
   * Start-up (docs/tables.md "Restarts"): arm the reminder of every stored notice of this process's
   * open tables whose reminder is still due (one statement; no game state read). Resolves
   * with the number armed. A reminder already due fires at once.
   */
  async resume(): Promise<number> {
    const due = await this.deps.store.pendingReminders(this.deps.shard ? { shard: this.deps.shard } : {});
    for (const notice of due) this.arm(notice);
    return due.length;
  }

  /**
   * Send every reminder that is due now (Unix ms from `now`) without waiting for its timer —
   * what the timers do, for tests that move a controlled clock. Resolves with how many were sent.
   */
  async fireDue(): Promise<number> {
    const due = (await this.deps.store.pendingReminders(this.deps.shard ? { shard: this.deps.shard } : {})).filter((notice) => notice.remindAt <= this.now());
    let sent = 0;
    for (const notice of due) {
      await this.enqueue(notice.tableId, async () => {
        if (await this.remind(notice.tableId, notice.userId)) sent += 1;
      });
    }
    return sent;
  }

  /** Resolves once every queued change has been handled. */
  async settled(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  /** Stop: clear the reminder timers (the stored rows keep them for the next start). */
  close(): void {
    this.closed = true;
    for (const timer of this.reminders.values()) clearTimeout(timer);
    this.reminders.clear();
  }

  /** Number of armed reminder timers. */
  get armedReminders(): number {
    return this.reminders.size;
  }

  // ------------------------------------------------------------------ internals

  private enqueue(tableId: number, work: () => Promise<void>): Promise<void> {
    const before = this.chains.get(tableId) ?? Promise.resolve();
    const next = before
      .then(work)
      .catch((err: unknown) => this.deps.logger.warn({ err, table: tableId }, 'turn notice failed'))
      .finally(() => {
        if (this.chains.get(tableId) === next) this.chains.delete(tableId);
      });
    this.chains.set(tableId, next);
    return next;
  }

  /**
   * Bring the stored notices of a table in line with its snapshot: delete the notices (and
   * their messages) of players who no longer need to act; ping those who now must act and
   * were not yet told about this decision; move a notice's deadline and reminder when the
   * decision's deadline moved (a vacation, a restart). A player still to act in the next
   * decision (the second half of their own move) keeps their notice: no second ping.
   */
  private async sync(snap: TableSnapshot): Promise<void> {
    const { table, pending } = snap;
    const stored = await this.deps.store.turnNotices(table.id);
    const open = table.status === 'active' && pending !== null && pending.kind !== 'over' && table.deadlineAt !== null;
    const toAct = open ? pingFor(pending, snap.seats, true) : [];
    const options = tableOptionsOf(table.tableOptions);
    const gone = stored.filter((notice) => !toAct.includes(notice.userId));
    for (const notice of gone) {
      this.disarm(notice.tableId, notice.userId);
      await this.deleteMessage(notice);
    }
    if (gone.length > 0) await this.deps.store.deleteTurnNotices(table.id, gone.map((notice) => notice.userId));
    if (!open) return;
    const deadlineAt = table.deadlineAt!;
    for (const userId of toAct) {
      const notice = stored.find((candidate) => candidate.userId === userId);
      if (notice) {
        if (notice.step === pending.step && notice.deadlineAt === deadlineAt) continue;
        // The same player's decision goes on (a new step, or a moved deadline): keep the ping,
        // follow the deadline; a reminder already sent stays sent.
        const renewed = notice.step !== pending.step;
        const updated: TurnNoticeRow = {
          ...notice,
          step: pending.step,
          deadlineAt,
          remindAt: notice.remindAt === null && !renewed ? null : reminderAt(deadlineAt, pending.timer, options),
        };
        await this.deps.store.putTurnNotice(updated);
        this.arm(updated);
        continue;
      }
      const sent = await this.send(snap, userId, 'ping', deadlineAt);
      const row: TurnNoticeRow = {
        tableId: table.id,
        userId,
        step: pending.step,
        channelId: sent?.channelId ?? null,
        messageId: sent?.messageId ?? null,
        dm: sent?.dm ?? false,
        deadlineAt,
        remindAt: reminderAt(deadlineAt, pending.timer, options),
      };
      await this.deps.store.putTurnNotice(row);
      this.arm(row);
    }
  }

  /** Arm (or re-arm) the reminder timer of a stored notice; nothing once it was sent. */
  private arm(notice: DueReminder | TurnNoticeRow): void {
    this.disarm(notice.tableId, notice.userId);
    if (this.closed || notice.remindAt === null) return;
    const key = `${notice.tableId}:${notice.userId}`;
    const delay = Math.max(0, notice.remindAt - this.now());
    const timer = setTimeout(() => {
      this.reminders.delete(key);
      void this.enqueue(notice.tableId, async () => {
        await this.remind(notice.tableId, notice.userId);
      });
    }, Math.min(delay, MAX_TIMER_MS));
    timer.unref?.();
    this.reminders.set(key, timer);
  }

  private disarm(tableId: number, userId: string): void {
    const key = `${tableId}:${userId}`;
    const timer = this.reminders.get(key);
    if (timer) clearTimeout(timer);
    this.reminders.delete(key);
  }

  /**
   * Send the one reminder of a notice when it is due and the player still has to act in
   * that decision: a new message (an edit would not notify), the old ping deleted. Decided
   * from the stored row and the table as it is now. Returns true when a reminder went out.
   */
  private async remind(tableId: number, userId: string): Promise<boolean> {
    const notice = (await this.deps.store.turnNotices(tableId)).find((row) => row.userId === userId);
    if (!notice || notice.remindAt === null) return false;
    if (notice.remindAt > this.now()) {
      this.arm(notice);
      return false;
    }
    const snap = await this.deps.service.reads.snapshot(tableId);
    const pending = snap?.pending;
    if (!snap || snap.table.status !== 'active' || !pending || pending.kind === 'over' || pending.step !== notice.step || !pingFor(pending, snap.seats, true).includes(userId)) {
      // Not this player's decision any more: the next change of the table cleans the notice up.
      await this.deps.store.putTurnNotice({ ...notice, remindAt: null });
      return false;
    }
    const sent = await this.send(snap, userId, 'reminder', snap.table.deadlineAt ?? notice.deadlineAt);
    await this.deleteMessage(notice);
    await this.deps.store.putTurnNotice({ ...notice, remindAt: null, channelId: sent?.channelId ?? null, messageId: sent?.messageId ?? null, dm: sent?.dm ?? false });
    return sent !== null;
  }

  /**
   * Send a ping or a reminder to `userId` about table `snap`: by DM when they chose so (and
   * the DM goes through), else as a mention in the table's channel. Null when even the
   * channel refused it (logged).
   */
  private async send(snap: TableSnapshot, userId: string, kind: 'ping' | 'reminder', until: number): Promise<SentNotice | null> {
    const { table } = snap;
    const mod = this.deps.registry.get(table.game);
    const text = catalogFor(table.locale);
    const content = text.turns[kind](`<@${userId}>`, mod.title(text), table.id, until, `<#${table.channelId}>`);
    const body = { content, allowed_mentions: { users: [userId] } };
    if ((await this.deps.store.turnNotifyOf(userId)) === 'dm') {
      try {
        const dm = (await this.deps.rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as { id: string };
        const message = (await this.deps.rest.post(Routes.channelMessages(dm.id), { body })) as { id: string };
        return { channelId: dm.id, messageId: message.id, dm: true };
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        // Closed DMs (50007) or any other refusal: the channel ping below, so the notice is never lost.
        this.deps.logger.info({ table: table.id, user: userId, code }, code === RESTJSONErrorCodes.CannotSendMessagesToThisUser ? 'DMs closed: pinging in the channel' : 'DM failed: pinging in the channel');
      }
    }
    try {
      const message = (await this.deps.rest.post(Routes.channelMessages(table.channelId), { body })) as { id: string };
      return { channelId: table.channelId, messageId: message.id, dm: false };
    } catch (err) {
      this.deps.logger.warn({ err, table: table.id, user: userId }, 'turn ping could not be sent');
      return null;
    }
  }

  /** Delete a notice's message (already gone: fine). */
  private async deleteMessage(notice: TurnNoticeRow): Promise<void> {
    if (!notice.channelId || !notice.messageId) return;
    try {
      await this.deps.rest.delete(Routes.channelMessage(notice.channelId, notice.messageId));
    } catch (err) {
      if ((err as { code?: unknown }).code !== RESTJSONErrorCodes.UnknownMessage) this.deps.logger.debug({ err, table: notice.tableId }, 'turn ping could not be deleted');
    }
  }
}
