/**
 * When the world changes under a table (docs/discord-conformance.md "Lifecycle events"): the gateway tells the bot (Guilds intent) that it was removed from a
 * server (GUILD_DELETE without `unavailable`; with it, an outage, which changes nothing), that a
 * channel or thread was deleted (CHANNEL_DELETE, with the threads under it; THREAD_DELETE), or
 * that a thread was locked (THREAD_UPDATE: without Manage Threads the bot can neither post nor
 * edit there). The tables of such a place end as cancelled (src/tables/lost.ts), and nothing more
 * is sent for them. At start-up, before recovery, tables whose server or channel went away
 * while the bot was down end the same way, so recovery never brings them back.
 */
import { PermissionFlagsBits, type Client } from 'discord.js';
import {
  GatewayDispatchEvents,
  RESTJSONErrorCodes,
  Routes,
  type APIThreadChannel,
  type GatewayChannelDeleteDispatchData,
  type GatewayGuildDeleteDispatchData,
  type GatewayThreadDeleteDispatchData,
  type GatewayThreadUpdateDispatchData,
} from 'discord-api-types/v10';
import type { PermissionsIn } from './discord/publish/channel-access.js';
import type { Logger } from './logger.js';
import type { LostPlace, TableService } from './tables/service.js';
import type { LostReason } from './tables/types.js';

/**
 * The bot's permission bits in a channel as discord.js computes them from its cache (roles and
 * overwrites; a thread's from its parent), whether it is a thread and whether that thread is
 * archived; null when the channel or the bot's member is not cached. What the publisher checks
 * before sending (src/discord/publish/channel-access.ts).
 */
export function cachedPermissions(client: Client): PermissionsIn {
  return (channelId) => {
    const channel = client.channels.cache.get(channelId);
    const me = client.user;
    if (!channel || channel.isDMBased() || !me) return null;
    const bits = channel.permissionsFor(me)?.bitfield;
    if (bits === undefined) return null;
    return { bits, thread: channel.isThread(), archived: channel.isThread() && channel.archived === true };
  };
}

/** Watches the gateway for places that are gone and ends their tables. */
export class Lifecycle {
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: {
      client: Client;
      service: TableService;
      logger: Logger;
      /** The server's permissions may have changed (a channel or role updated): src/discord/publish/publisher.ts `permissionsChanged`. */
      permissionsChanged?: () => void;
    },
  ) {}

  /** Listen to the raw dispatches (they arrive before discord.js updates its cache, so a deleted channel's threads are still known). */
  watch(): void {
    const ws = this.deps.client.ws;
    ws.on(GatewayDispatchEvents.GuildDelete, (data: GatewayGuildDeleteDispatchData) => {
      // An outage: the server comes back with GUILD_CREATE; its tables wait (`developers/events/gateway-events.mdx` "Guild Delete").
      if (data.unavailable) return this.deps.logger.info({ guild: data.id }, 'server unavailable (outage): its tables wait');
      this.lose({ guildId: data.id }, 'bot-removed');
    });
    ws.on(GatewayDispatchEvents.ChannelDelete, (data: GatewayChannelDeleteDispatchData) => {
      const channel = this.deps.client.channels.cache.get(data.id);
      const threads = channel && 'threads' in channel ? [...channel.threads.cache.keys()] : [];
      this.lose({ channelIds: [data.id, ...threads] }, 'channel-deleted');
    });
    ws.on(GatewayDispatchEvents.ThreadDelete, (data: GatewayThreadDeleteDispatchData) => this.lose({ channelIds: [data.id] }, 'channel-deleted'));
    ws.on(GatewayDispatchEvents.ThreadUpdate, (data: GatewayThreadUpdateDispatchData) => {
      if (data.thread_metadata?.locked && !this.managesThreads(data.id)) this.lose({ channelIds: [data.id] }, 'thread-locked');
    });
    // Permissions change with a channel's overwrites or a role (`developers/topics/permissions.mdx`
    // "Permission Overwrites"): what Discord refused may be allowed now. After discord.js has
    // applied the event (the raw event comes first), so the cache is current.
    const changed = () => setImmediate(() => this.deps.permissionsChanged?.());
    for (const event of [GatewayDispatchEvents.ChannelUpdate, GatewayDispatchEvents.GuildRoleUpdate, GatewayDispatchEvents.GuildRoleDelete, GatewayDispatchEvents.GuildRoleCreate]) ws.on(event, changed);
  }

  /**
   * Start-up, before recovery: end this process's open tables whose server the bot is no longer
   * in (not among the guilds of READY), or whose channel or thread is gone (not cached, and
   * Discord answers 10003 Unknown Channel) or locked against the bot. A channel the bot merely
   * cannot see is left alone (its requests stop on their own, 50001). Resolves with the number
   * of tables ended.
   */
  async sweepAtStart(): Promise<number> {
    const { client, service } = this.deps;
    let ended = 0;
    for (const head of await service.reads.ownOpenTableHeads()) {
      let reason: LostReason | null = null;
      if (!client.guilds.cache.has(head.guildId)) reason = 'bot-removed';
      else if (!client.channels.cache.has(head.channelId)) reason = await this.uncachedChannel(head.channelId);
      else if (this.lockedAgainstBot(head.channelId)) reason = 'thread-locked';
      if (reason && (await service.loss.endLost(head.id, reason))) ended += 1;
    }
    return ended;
  }

  /** Resolves once every loss being handled is stored (tests). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** End the tables of `place` (never throws: logged). */
  private lose(place: LostPlace, reason: LostReason): void {
    const work = this.deps.service
      .loss.endLostIn(place, reason)
      .catch((err: unknown) => this.deps.logger.warn({ err, place, reason }, 'tables of a place that is gone could not be ended'))
      .finally(() => this.running.delete(work));
    this.running.add(work);
  }

  /** Why a channel the cache does not hold (a deleted channel, or an archived thread) cannot host its table, or null. */
  private async uncachedChannel(channelId: string): Promise<LostReason | null> {
    try {
      const channel = (await this.deps.client.rest.get(Routes.channel(channelId))) as Partial<APIThreadChannel>;
      // An archived thread (not cached): locked against the bot when it lacks Manage Threads in the parent, whose permissions it inherits.
      return channel.thread_metadata?.locked && !this.managesThreads(channel.parent_id ?? '') ? 'thread-locked' : null;
    } catch (err) {
      return (err as { code?: unknown }).code === RESTJSONErrorCodes.UnknownChannel ? 'channel-deleted' : null;
    }
  }

  /** A cached thread that is locked while the bot lacks Manage Threads there (`developers/topics/threads.mdx` "Locked Threads"). */
  private lockedAgainstBot(channelId: string): boolean {
    const channel = this.deps.client.channels.cache.get(channelId);
    return !!channel?.isThread() && channel.locked === true && !this.managesThreads(channelId);
  }

  /** Whether the bot has Manage Threads in a cached channel or thread (unknown: no). */
  private managesThreads(channelId: string): boolean {
    const channel = this.deps.client.channels.cache.get(channelId);
    const me = this.deps.client.user;
    return !!channel && !channel.isDMBased() && !!me && !!channel.permissionsFor(me)?.has(PermissionFlagsBits.ManageThreads);
  }
}
