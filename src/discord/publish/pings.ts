/**
 * The "your move" ping of each live table (docs/discord.md "Pings": only who must act, only
 * when it becomes their move): posted when a decision opens, as a follow-up of the click that
 * opened it while its token lives (./tokens.ts; otherwise on the channel route, within the
 * budget), edited down to those still deciding while a vote collects answers, and deleted
 * when the decision closes or the game ends.
 */
import { refusalOf, type ChannelAccess } from './channel-access.js';
import type { LostReason } from '../../tables/types.js';
import { Routes } from 'discord-api-types/v10';
import { RequestMethod, type REST } from 'discord.js';
import type { GameRegistry } from '../../games/registry.js';
import { catalogFor } from '../../i18n/index.js';
import type { Logger } from '../../logger.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { isTurnBased } from '../../tables/pace.js';
import { pingFor } from '../../tables/policy.js';
import type { TableChange, TableSnapshot } from '../../tables/types.js';
import { pingMessage } from '../render/ping.js';
import { sendOnSlot, webhookMessageRequest } from '../rest/requests.js';
import { RestPriority, type RestBudget } from '../rest/rest-budget.js';
import type { MessageIds } from './message-ids.js';
import type { InteractionTokens } from './tokens.js';
import { newestWithWritten, worthRetrying, type PublishWork, type TableWork } from './work.js';

/**
 * A ping edited down to those still deciding (a vote collecting answers) waits this long, ms,
 * so that the answers given meanwhile make one edit: such edits never notify anyone, and each
 * one spends an edit of the channel's budget the board needs.
 */
export const PING_EDIT_DELAY_MS = 1500;

/** What the pings need of the running bot. */
export interface PingDeps {
  rest: REST;
  /** The REST client of interaction-webhook routes (pings posted as follow-ups). */
  interactionRest: REST;
  messageIds: MessageIds;
  registry: GameRegistry;
  logger: Logger;
  budget: RestBudget;
  tokens: InteractionTokens;
  work: PublishWork;
  /** How long a ping edited down to those still deciding waits to coalesce, ms. */
  pingEditDelayMs: number;
  /** What the bot may do in each channel (./channel-access.ts). */
  access: ChannelAccess;
  /** The table's place is gone (Unknown Channel, Thread is locked): end it (src/tables/lost.ts). */
  placeGone: (tableId: number, reason: LostReason) => void;
}

/** The pings of the tables this process publishes. */
export class Pings {
  /**
   * Who the table's current ping message mentions. Not known after a restart: then it is
   * read back from the ping message itself (`pingedBy`) the first time it is needed.
   */
  private readonly pinged = new Map<number, Set<string>>();

  constructor(private readonly deps: PingDeps) {}

  /** The game is over: forget who its ping mentioned. */
  forgetTable(tableId: number): void {
    this.pinged.delete(tableId);
  }

  /** Bring table `tableId`'s ping up to its waiting changes until none is left (or a retry waits). */
  async run(tableId: number, work: TableWork): Promise<void> {
    const shared = this.deps.work;
    work.pingRunning = true;
    try {
      while (work.ping.length > 0 && !shared.closed && !work.retry.ping.waiting) {
        const changes = work.ping.splice(0);
        const snap = newestWithWritten(work, changes);
        if (!this.deps.registry.find(snap.table.game)) continue;
        const ended = changes.some((change) => change.ended) || snap.table.status !== 'active';
        try {
          await this.update(work, snap, changes, ended);
          work.retry.ping.failures = 0;
        } catch (err) {
          if (shared.retryLater(tableId, work, 'ping', changes, err)) continue;
          this.deps.logger.warn({ err, table: tableId }, 'ping failed');
        }
      }
    } finally {
      work.pingRunning = false;
      shared.finish(tableId, work);
    }
  }

  /**
   * Keep the "your move" ping true (docs/discord.md "Pings": only who must act, only when it becomes
   * their move): a new decision replaces it (unless it is the same players' move again,
   * e.g. the second half of an action — no second ping); while a vote collects answers the
   * ping is edited down to those still deciding (edits never notify); a deadline a restart
   * moved is edited into it (docs/tables.md "Restarts"); an ended game, or a decision nobody
   * is pinged for, removes it.
   */
  private async update(work: TableWork, snap: TableSnapshot, changes: TableChange[], ended: boolean): Promise<void> {
    const shared = this.deps.work;
    const tableId = snap.table.id;
    // Turn-based tables ping each player on their own (src/discord/publish/turn-notices.ts).
    if (isTurnBased(tableOptionsOf(snap.table.tableOptions))) return;
    if (ended) return this.replace(work, snap, []);
    const pinged = this.pinged.get(tableId) ?? (await this.pingedBy(snap));
    const usersToPing = snap.table.status === 'active' && snap.pending ? pingFor(snap.pending, snap.seats) : [];
    const asked = new Set(changes.flatMap((change) => change.ping));
    const fresh = usersToPing.filter((user) => asked.has(user));
    if (changes.some((change) => change.newDecision)) {
      const same = fresh.length > 0 && fresh.length === pinged.size && fresh.every((user) => pinged.has(user));
      if (!same) await this.replace(work, snap, fresh);
      // The same players, a deadline moved (a restart): the ping shows the new one (an edit never notifies).
      else if (snap.table.pingMessageId && changes.some((change) => change.deadlineMoved)) await this.edit(work, snap, fresh);
      return;
    }
    // The same decision goes on: mention only those still to act.
    if (!snap.table.pingMessageId || pinged.size === 0) return;
    const still = usersToPing.filter((user) => pinged.has(user));
    if (still.length === 0) return this.replace(work, snap, []);
    if (still.length >= pinged.size) return;
    // Wait a moment: the answers given meanwhile are drawn with this one (the next round, from the newest state).
    await shared.sleep(this.deps.pingEditDelayMs);
    if (shared.closed || work.ping.length > 0) return;
    await this.edit(work, snap, still);
  }

  /** Edit the table's ping (`snap.table.pingMessageId`) to mention `still` with the deadline of `snap`. */
  private async edit(work: TableWork, snap: TableSnapshot, still: string[]): Promise<void> {
    const { tokens, budget } = this.deps;
    const shared = this.deps.work;
    const tableId = snap.table.id;
    if (!snap.table.pingMessageId) return;
    const mod = this.deps.registry.get(snap.table.game);
    const body = pingMessage(mod, snap.table, still, catalogFor(snap.table.locale));
    // A ping posted as a follow-up is edited through its token while it lives (outside the global limit).
    const via = tokens.livePingVia(tableId, snap.table.pingMessageId);
    if (via) {
      if (shared.closed || superseded(work)) return;
      try {
        await webhookMessageRequest(this.deps.interactionRest, via, RequestMethod.Patch, snap.table.pingMessageId, body);
        this.pinged.set(tableId, new Set(still));
        return;
      } catch (err) {
        if (!worthRetrying(err)) tokens.setPingVia(tableId, null);
        throw err;
      }
    }
    // Nothing that can only fail (./channel-access.ts): an edit needs the channel in sight.
    if (!this.deps.access.allows(work.channelId, {})) return;
    const release = await budget.slot(work.channelId, 'edit', RestPriority.cleanUp);
    // A newer decision came in while waiting: the next round replaces the ping anyway.
    if (shared.closed || superseded(work)) return release();
    try {
      await sendOnSlot(this.deps.rest, release, RequestMethod.Patch, Routes.channelMessage(snap.table.channelId, snap.table.pingMessageId), body);
    } catch (err) {
      // An archived thread takes no edits: the mention stays until the next decision's ping (which unarchives it).
      if (refusalOf(err, false) === 'archived') return;
      return this.refused(snap.table, err);
    }
    this.pinged.set(tableId, new Set(still));
  }

  /**
   * Replace the table's ping with a new one mentioning only `userIds` (none = just delete
   * the old one). The new ping goes first; deleting the old one is clean-up, at the lowest
   * priority and not waited for.
   */
  private async replace(work: TableWork, snap: TableSnapshot, userIds: string[]): Promise<void> {
    const { tokens, budget, messageIds } = this.deps;
    const shared = this.deps.work;
    const { table } = snap;
    if (userIds.length) this.pinged.set(table.id, new Set(userIds));
    else this.pinged.delete(table.id);
    const old = table.pingMessageId;
    if (old) {
      work.written.pingMessageId = null;
      await messageIds.setPingMessage(table.id, null);
      // A ping posted as a follow-up goes through its token while it lives (outside the global limit).
      const via = tokens.livePingVia(table.id, old);
      tokens.setPingVia(table.id, null);
      shared.track(
        via
          ? webhookMessageRequest(this.deps.interactionRest, via, RequestMethod.Delete, old, undefined).catch((err: unknown) => this.deleteOnChannel(work, table.channelId, old, err))
          : this.deleteOnChannel(work, table.channelId, old),
      );
    }
    if (userIds.length === 0) return;
    const mod = this.deps.registry.get(table.game);
    const body = pingMessage(mod, table, userIds, catalogFor(table.locale));
    // First choice: a follow-up of the table's newest interaction (an interaction route, outside the global limit).
    const follow = await tokens.followUpToken(table);
    if (follow && !shared.closed && !superseded(work)) {
      try {
        const message = (await this.deps.interactionRest.post(Routes.webhook(follow.applicationId, follow.token), { body, auth: false })) as { id: string };
        tokens.setPingVia(table.id, { messageId: message.id, applicationId: follow.applicationId, token: follow.token, since: follow.since });
        work.written.pingMessageId = message.id;
        await messageIds.setPingMessage(table.id, message.id);
        return;
      } catch (err) {
        // A refused token (expired, unknown): the channel route below. Anything else is retried (nobody was pinged for sure).
        if (worthRetrying(err)) {
          this.pinged.delete(table.id);
          throw err;
        }
        this.deps.logger.debug({ err, table: table.id }, 'ping follow-up refused; pinging through the channel');
      }
    }
    // Nothing that can only fail (./channel-access.ts): no post where the bot may not send.
    if (!this.deps.access.allows(work.channelId, { post: true })) {
      this.pinged.delete(table.id);
      return;
    }
    const release = await budget.slot(work.channelId, 'create', RestPriority.ping);
    if (shared.closed || superseded(work)) {
      this.pinged.delete(table.id);
      return release();
    }
    let message: { id: string };
    try {
      message = (await sendOnSlot(this.deps.rest, release, RequestMethod.Post, Routes.channelMessages(table.channelId), body)) as { id: string };
    } catch (err) {
      // Nobody was pinged: a retry must ping them again.
      this.pinged.delete(table.id);
      return this.refused(table, err);
    }
    work.written.pingMessageId = message.id;
    await messageIds.setPingMessage(table.id, message.id);
  }

  /**
   * What Discord's refusal of a ping request means (./channel-access.ts): posting refused —
   * nothing more is sent in that channel; the channel deleted or the thread locked — the
   * table's place is gone. Anything else is rethrown (retried if worth it).
   */
  private refused(table: TableSnapshot['table'], err: unknown): Promise<void> {
    switch (refusalOf(err, false)) {
      case 'blocked':
        this.deps.access.block(table.channelId);
        this.deps.logger.info({ table: table.id, channel: table.channelId }, 'the bot may not post in this channel: no pings there until the permissions change');
        return Promise.resolve();
      case 'deleted':
        this.deps.placeGone(table.id, 'channel-deleted');
        return Promise.resolve();
      case 'locked':
        this.deps.placeGone(table.id, 'thread-locked');
        return Promise.resolve();
      default:
        throw err;
    }
  }

  /** Delete an old ping through the channel route, at clean-up priority within the budget (after `_err`: its token failed). */
  private deleteOnChannel(work: TableWork, channelId: string, messageId: string, _err?: unknown): Promise<unknown> {
    if (!this.deps.access.allows(channelId, {})) return Promise.resolve();
    return this.deps.budget
      .slot(work.channelId, 'delete', RestPriority.cleanUp)
      .then((done) => (this.deps.work.closed ? done() : sendOnSlot(this.deps.rest, done, RequestMethod.Delete, Routes.channelMessage(channelId, messageId), undefined)));
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
}

/** True when changes waiting for the ping open a new decision or end the game (the ping drawn now would be replaced at once). */
function superseded(work: TableWork): boolean {
  return work.ping.some((change) => change.newDecision || change.ended);
}
