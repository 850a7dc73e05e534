/**
 * The emulator's world: guilds, channels, users, members, messages, commands and
 * interactions, plus the request / violation logs. Every mutation goes through here so that
 * `changed()` can wake up `waitFor` predicates.
 */
import { randomBytes } from 'node:crypto';
import { ChannelType } from 'discord-api-types/v10';
import { AttachmentStore } from './attachments.js';
import { SnowflakeGenerator } from './snowflake.js';
import { RequestCounter } from './request-kinds.js';
import { ALL_PERMISSIONS, EVERYONE_PERMISSIONS, channelPermissions, effectivePermissions, hasAll } from './permissions.js';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { EmulatedActivities } from './activities.js';
import type { CommandRecord, ChannelRecord, GuildRecord, InteractionRecord, MemberRecord, MessageRecord, ResolvedOptions, RoleRecord, ThreadRecord, UserRecord } from './records.js';
import type { GatewayFrame, JsonObject, RecordedRequest, Violation } from './types.js';

export * from './records.js';

/** Thread channel types (`developers/resources/channel.mdx` "Channel Types"). */
export const THREAD_TYPES: ReadonlySet<number> = new Set([ChannelType.AnnouncementThread, ChannelType.PublicThread, ChannelType.PrivateThread]);

/** Whether a channel record is a thread. */
export function isThread(ch: ChannelRecord): boolean {
  return THREAD_TYPES.has(ch.type ?? ChannelType.GuildText);
}

/** The auto-archive durations a thread may have, minutes (`developers/resources/channel.mdx` "Thread Metadata Object"). */
export const AUTO_ARCHIVE_MINUTES = [60, 1440, 4320, 10080] as const;

/** The whole emulated world. */
export class EmulatorState {
  /** Options with defaults applied. */
  readonly opts: ResolvedOptions;
  /** Snowflake source for every id the emulator makes. */
  readonly ids = new SnowflakeGenerator(1);
  /** The bot token (`<base64 user id>.<random>.<random>`, like Discord's). */
  readonly token: string;
  readonly applicationId: string;
  readonly botUserId: string;
  readonly guilds = new Map<string, GuildRecord>();
  /** Guild channels and threads by id. */
  readonly channels = new Map<string, ChannelRecord>();
  readonly users = new Map<string, UserRecord>();
  /** Memberships by `guildId:userId`. */
  readonly members = new Map<string, MemberRecord>();
  /** Every message ever created (deleted ones are flagged, not removed). */
  readonly messages = new Map<string, MessageRecord>();
  /** Requests answered, by kind and by global / interaction route (request-kinds.ts). */
  readonly requestCounter = new RequestCounter();
  /** Commands by scope: 'global' or a guild id. */
  readonly commands = new Map<string, CommandRecord[]>();
  readonly interactions = new Map<string, InteractionRecord>();
  /** Interaction by token (webhook routes). */
  readonly interactionsByToken = new Map<string, InteractionRecord>();
  /** DM channels the bot opened: channel id → recipient user id. */
  readonly dmChannels = new Map<string, string>();
  /** HTTP request log. */
  readonly requests: RecordedRequest[] = [];
  /** Gateway payload log (op codes and event names). */
  readonly gatewayFrames: GatewayFrame[] = [];
  /** What Discord would reject / users would see fail. */
  readonly violations: Violation[] = [];
  /**
   * Requests Discord counts toward its invalid-request limit (401, 403, 429 but shared-scope
   * ones; 10,000 per 10 minutes → a temporary ban), oldest first.
   */
  readonly invalidRequests: InvalidRequest[] = [];
  /** Message id → users it notified. */
  readonly pings = new Map<string, string[]>();
  /** The bytes of the current attachments of live messages (bounded: `attachmentBytes`). */
  readonly attachments: AttachmentStore;
  /** `http://HOST:PORT` attachment URLs start with (set once the server listens). */
  attachmentOrigin = '';
  /** Messages the bot sent to users who accept DMs (`UserRecord.acceptsDms`), by message id. */
  readonly dmMessages = new Map<string, DmMessage>();
  /** Activities: instances, the client secret, OAuth2 codes and tokens (activities.ts). */
  readonly activities: EmulatedActivities;
  /** Increases on every `changed()` (world savers compare it to skip idle writes). */
  revision = 0;
  private readonly listeners = new Set<() => void>();
  private readonly requestListeners = new Set<(r: RecordedRequest) => void>();
  /** Interaction ids per user, oldest first (only with `retention.interactionsPerUser`). */
  private readonly interactionsOfUser = new Map<string, string[]>();
  private frozenNow: number | null = null;
  /** How far the emulated clock is ahead of the real one, ms (`advanceClock`). */
  private clockOffset = 0;

  /**
   * @param opts options with defaults applied
   * @param identity the application id and token of a restored world (default: new ones)
   */
  constructor(opts: ResolvedOptions, identity?: { applicationId: string; token: string }) {
    this.opts = opts;
    this.attachments = new AttachmentStore(opts.attachmentBytes, opts.attachmentDir);
    this.applicationId = identity?.applicationId ?? this.ids.next();
    this.botUserId = this.applicationId; // modern bots: application id == bot user id
    const b64 = (s: string) => Buffer.from(s).toString('base64').replace(/=+$/, '');
    this.token = identity?.token ?? `${b64(this.botUserId)}.${randomBytes(4).toString('base64url')}.${randomBytes(27).toString('base64url')}`;
    this.users.set(this.botUserId, { id: this.botUserId, username: opts.botName, globalName: null, bot: true, locale: 'en-US' });
    this.activities = new EmulatedActivities(this, opts.activities);
  }

  /** Current time in ms (real time plus `advanceClock`); fixed while `freezeClock` runs (same-millisecond dispatch). */
  now(): number {
    return this.frozenNow ?? Date.now() + this.clockOffset;
  }

  /**
   * Move the emulated clock `ms` ahead (interaction tokens age, threads go inactive); returns
   * the active threads whose inactivity now reaches their auto-archive duration
   * (`developers/topics/threads.mdx` "Active & Archived Threads"), for the caller to archive.
   */
  advanceClock(ms: number): ChannelRecord[] {
    if (!(ms >= 0)) throw new Error(`discord-emulator: advanceClock(${ms}): the clock only moves forward`);
    this.clockOffset += ms;
    const now = this.now();
    return [...this.channels.values()].filter((c) => c.thread && !c.thread.archived && now - c.thread.lastActivity >= c.thread.autoArchiveMinutes * 60_000);
  }

  /** Run `fn` with the clock frozen at one millisecond. */
  freezeClock<T>(fn: () => T): T {
    const outer = this.frozenNow;
    this.frozenNow ??= Date.now() + this.clockOffset;
    try {
      return fn();
    } finally {
      this.frozenNow = outer;
    }
  }

  /** A new snowflake for now. */
  snowflake(): string {
    return this.ids.next(this.now());
  }

  /** Notify `waitFor` listeners that something changed. */
  changed(): void {
    this.revision++;
    for (const l of [...this.listeners]) l();
  }

  /** Subscribe to changes; returns the unsubscribe function. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Subscribe to every answered HTTP request; returns the unsubscribe function. */
  onRequest(fn: (r: RecordedRequest) => void): () => void {
    this.requestListeners.add(fn);
    return () => this.requestListeners.delete(fn);
  }

  /** Log an answered request (kept within `retention.log`) and tell the request listeners. */
  recordRequest(r: RecordedRequest): void {
    this.requests.push(r);
    const keep = this.opts.retention.log;
    if (keep !== null) {
      if (this.requests.length > 2 * keep) this.requests.splice(0, this.requests.length - keep);
      if (this.gatewayFrames.length > 2 * keep) this.gatewayFrames.splice(0, this.gatewayFrames.length - keep);
    }
    for (const l of this.requestListeners) l(r);
  }

  /**
   * Remember a new interaction and, with `retention.interactionsPerUser`, forget the user's
   * oldest settled ones beyond that number, with the ephemeral messages that only they
   * refer to.
   */
  addInteraction(record: InteractionRecord): void {
    this.interactions.set(record.id, record);
    this.interactionsByToken.set(record.token, record);
    const keep = this.opts.retention.interactionsPerUser;
    if (keep === null) return;
    const ids = this.interactionsOfUser.get(record.userId) ?? [];
    ids.push(record.id);
    this.interactionsOfUser.set(record.userId, ids);
    // The newest one (still being dispatched) is never a candidate.
    for (let k = 0; ids.length > keep && k < ids.length - 1; ) {
      const old = this.interactions.get(ids[k]!);
      if (old?.settle) {
        k++; // still waiting for its callback: forgotten later
        continue;
      }
      ids.splice(k, 1);
      if (old) this.forgetInteraction(old, ids);
    }
  }

  private forgetInteraction(old: InteractionRecord, kept: string[]): void {
    this.interactions.delete(old.id);
    this.interactionsByToken.delete(old.token);
    const referenced = new Set<string>();
    for (const id of kept) {
      const i = this.interactions.get(id);
      if (i?.originalMessageId) referenced.add(i.originalMessageId);
      if (i?.sourceMessageId) referenced.add(i.sourceMessageId);
      for (const f of i?.followUpIds ?? []) referenced.add(f);
    }
    for (const id of [old.originalMessageId, ...old.followUpIds]) {
      const m = id ? this.messages.get(id) : undefined;
      if (m?.ephemeral && !referenced.has(m.id)) {
        this.messages.delete(m.id);
        this.pings.delete(m.id);
        this.attachments.release(m.id);
      }
    }
  }

  /** Mark a message deleted (every route then answers Unknown Message) and free its attachments' bytes. */
  deleteMessage(m: MessageRecord): void {
    m.deleted = true;
    this.attachments.release(m.id);
    this.changed();
  }

  /** Debug log line (only when the debug option is set). */
  log(line: string): void {
    this.opts.debug?.(line);
  }

  /** Record a violation. */
  violation(v: Omit<Violation, 'time'>): void {
    const full: Violation = { ...v, time: Date.now() };
    this.violations.push(full);
    this.log(`VIOLATION ${v.kind}: ${v.message}${v.problems ? ` — ${v.problems.join('; ')}` : ''}`);
    this.changed();
  }

  // ---- world building ----

  /** Create a guild with @everyone, the bot's managed role and the bot as member. */
  addGuild(name: string, ownerId: string): GuildRecord {
    const id = this.snowflake();
    const joinedAt = new Date(this.now()).toISOString();
    const guild: GuildRecord = { id, name, ownerId, locale: 'en-US', joinedAt, roles: new Map(), channelIds: [], memberIds: [] };
    guild.roles.set(id, { id, name: '@everyone', permissions: EVERYONE_PERMISSIONS, position: 0, managed: false });
    const botRole = this.snowflake();
    guild.roles.set(botRole, { id: botRole, name: this.opts.botName, permissions: this.opts.botPermissions, position: 1, managed: true, botId: this.botUserId });
    this.guilds.set(id, guild);
    this.addMember(id, ownerId, []);
    this.addMember(id, this.botUserId, [botRole]);
    return guild;
  }

  /** Add a channel (text unless `type` says: voice, announcement, forum) to a guild. */
  addChannel(guildId: string, name: string, botPermissions: bigint, type: number = ChannelType.GuildText): ChannelRecord {
    const guild = this.guild(guildId);
    const ch: ChannelRecord = { id: this.snowflake(), guildId, name, position: guild.channelIds.length, botPermissions, lastMessageId: null, type, parentId: null };
    this.channels.set(ch.id, ch);
    guild.channelIds.push(ch.id);
    this.changed();
    return ch;
  }

  /**
   * Start a thread in `parentId` (`developers/resources/channel.mdx` "Start Thread without
   * Message", "Start Thread in Forum or Media Channel"): public (announcement thread in an
   * announcement channel), private (text channels only) or a forum post (always public). Its
   * members are its owner and `memberIds` (the bot among them if it was added or mentioned).
   * Throws for a kind the parent cannot hold.
   */
  addThread(parentId: string, name: string, opts: { private?: boolean; ownerId: string; memberIds?: string[]; autoArchiveMinutes?: number; id?: string }): ChannelRecord {
    const parent = this.channel(parentId);
    const parentType = parent.type ?? ChannelType.GuildText;
    let type: number;
    if (parentType === ChannelType.GuildForum) {
      if (opts.private) throw new Error('discord-emulator: a forum post is a public thread');
      type = ChannelType.PublicThread;
    } else if (parentType === ChannelType.GuildAnnouncement) {
      if (opts.private) throw new Error('discord-emulator: private threads exist only in text channels');
      type = ChannelType.AnnouncementThread;
    } else if (parentType === ChannelType.GuildText) {
      type = opts.private ? ChannelType.PrivateThread : ChannelType.PublicThread;
    } else {
      throw new Error(`discord-emulator: channel type ${parentType} cannot hold threads`);
    }
    const minutes = opts.autoArchiveMinutes ?? 1440;
    if (!(AUTO_ARCHIVE_MINUTES as readonly number[]).includes(minutes)) throw new Error(`discord-emulator: auto_archive_duration ${minutes} is not one of ${AUTO_ARCHIVE_MINUTES.join(', ')}`);
    const now = this.now();
    const thread: ThreadRecord = { archived: false, locked: false, autoArchiveMinutes: minutes, archiveTimestamp: now, lastActivity: now, ownerId: opts.ownerId, memberIds: [...new Set([opts.ownerId, ...(opts.memberIds ?? [])])] };
    const ch: ChannelRecord = { id: opts.id ?? this.snowflake(), guildId: parent.guildId, name, position: 0, botPermissions: parent.botPermissions, lastMessageId: null, type, parentId, thread };
    this.channels.set(ch.id, ch);
    this.changed();
    return ch;
  }

  /** A channel's threads (not deleted). */
  threadsOf(parentId: string): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.parentId === parentId);
  }

  /**
   * What the bot may do in a channel now (`channelPermissions`): a thread inherits its
   * parent's permissions; a private thread is invisible unless the bot is a member or has
   * MANAGE_THREADS (`developers/topics/threads.mdx` "Permissions"); a server the bot was removed
   * from grants nothing.
   */
  botPermissionsIn(channelId: string): bigint {
    const ch = this.channel(channelId);
    if (this.guild(ch.guildId).botRemoved) return 0n;
    const bits = this.botPermissionBits(channelId);
    const visible = ch.type !== ChannelType.PrivateThread || ch.thread!.memberIds.includes(this.botUserId) || hasAll(bits, PermissionFlagsBits.ManageThreads);
    return channelPermissions(bits, { thread: isThread(ch), visible });
  }

  /**
   * The bot's permission bits in a channel as Discord computes them (a thread's are its
   * parent's), before the implicit rules: what `app_permissions` carries — implicitly denied
   * permissions "are not explicitly denied when doing permissions calculations, but they are
   * ignored" (`developers/topics/permissions.mdx` "Implicit Permissions").
   */
  botPermissionBits(channelId: string): bigint {
    const ch = this.channel(channelId);
    const parent = ch.parentId ? this.channels.get(ch.parentId) : undefined;
    return effectivePermissions(parent?.botPermissions ?? ch.botPermissions);
  }

  /** Create a user account. */
  addUser(username: string, bot = false, locale = 'en-US'): UserRecord {
    const u: UserRecord = { id: this.snowflake(), username: username.toLowerCase().replace(/[^a-z0-9_.]/g, '_').slice(0, 32) || 'user', globalName: username, bot, locale };
    this.users.set(u.id, u);
    return u;
  }

  /** Make a user a member of a guild. */
  addMember(guildId: string, userId: string, roles: string[]): MemberRecord {
    const m: MemberRecord = { guildId, userId, roles, joinedAt: new Date(this.now()).toISOString(), nick: null };
    this.members.set(`${guildId}:${userId}`, m);
    this.guild(guildId).memberIds.push(userId);
    return m;
  }

  /** Add a role to a guild. */
  addRole(guildId: string, name: string, permissions: bigint): RoleRecord {
    const guild = this.guild(guildId);
    const role: RoleRecord = { id: this.snowflake(), name, permissions, position: guild.roles.size, managed: false };
    guild.roles.set(role.id, role);
    return role;
  }

  /** A guild by id (throws if unknown: an emulator bug or a test typo). */
  guild(id: string): GuildRecord {
    const g = this.guilds.get(id);
    if (!g) throw new Error(`discord-emulator: unknown guild ${id}`);
    return g;
  }

  /** A channel by id (throws if unknown). */
  channel(id: string): ChannelRecord {
    const c = this.channels.get(id);
    if (!c) throw new Error(`discord-emulator: unknown channel ${id}`);
    return c;
  }

  /** A member record, if the user is in the guild. */
  member(guildId: string, userId: string): MemberRecord | undefined {
    return this.members.get(`${guildId}:${userId}`);
  }

  /** Guild-level permissions of a member (roles + @everyone; owner and Administrator = all). */
  memberPermissions(guildId: string, userId: string): bigint {
    const guild = this.guild(guildId);
    if (guild.ownerId === userId) return ALL_PERMISSIONS;
    const m = this.member(guildId, userId);
    let bits = guild.roles.get(guildId)?.permissions ?? 0n;
    for (const r of m?.roles ?? []) bits |= guild.roles.get(r)?.permissions ?? 0n;
    return effectivePermissions(bits);
  }

  // ---- API JSON ----

  /** User JSON as Discord returns it. */
  userJson(id: string): JsonObject {
    const u = this.users.get(id);
    if (!u) throw new Error(`discord-emulator: unknown user ${id}`);
    return {
      id: u.id,
      username: u.username,
      global_name: u.globalName,
      discriminator: u.bot ? '0000' : '0',
      avatar: null,
      avatar_decoration_data: null,
      public_flags: 0,
      flags: 0,
      ...(u.bot ? { bot: true } : {}),
      banner: null,
      accent_color: null,
      primary_guild: null,
      collectibles: null,
    };
  }

  /** Member JSON; `withUser` adds `user`, `withPermissions` adds `permissions` (interactions). */
  memberJson(guildId: string, userId: string, withUser = true, withPermissions = false): JsonObject {
    const m = this.member(guildId, userId);
    if (!m) throw new Error(`discord-emulator: user ${userId} is not a member of ${guildId}`);
    return {
      ...(withUser ? { user: this.userJson(userId) } : {}),
      nick: m.nick,
      avatar: null,
      banner: null,
      roles: [...m.roles],
      joined_at: m.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      pending: false,
      flags: 0,
      communication_disabled_until: null,
      unusual_dm_activity_until: null,
      ...(withPermissions ? { permissions: this.memberPermissions(guildId, userId).toString() } : {}),
    };
  }

  /** Role JSON. */
  roleJson(r: RoleRecord): JsonObject {
    return {
      id: r.id,
      name: r.name,
      description: null,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: r.position,
      permissions: r.permissions.toString(),
      managed: r.managed,
      mentionable: false,
      flags: 0,
      ...(r.botId ? { tags: { bot_id: r.botId } } : {}),
    };
  }

  /**
   * Channel JSON by kind (`developers/resources/channel.mdx` "Channel Object"). The bot's
   * configured permissions are expressed as a member overwrite, so discord.js's own
   * `permissionsFor(bot)` agrees with `app_permissions` and the REST checks; a thread carries
   * none (it inherits its parent's) and has `parent_id`, `owner_id` and `thread_metadata`.
   */
  channelJson(id: string): JsonObject {
    const c = this.channel(id);
    const type = c.type ?? ChannelType.GuildText;
    const base: JsonObject = {
      id: c.id,
      type,
      guild_id: c.guildId,
      name: c.name,
      last_message_id: c.lastMessageId,
      rate_limit_per_user: 0,
      flags: 0,
    };
    if (c.thread) {
      const t = c.thread;
      return {
        ...base,
        parent_id: c.parentId,
        owner_id: t.ownerId,
        member_count: Math.min(50, t.memberIds.length),
        message_count: 0,
        total_message_sent: 0,
        thread_metadata: {
          archived: t.archived,
          auto_archive_duration: t.autoArchiveMinutes,
          archive_timestamp: new Date(t.archiveTimestamp).toISOString(),
          locked: t.locked,
          create_timestamp: new Date(t.archiveTimestamp).toISOString(),
          ...(type === ChannelType.PrivateThread ? { invitable: true } : {}),
        },
        ...(t.memberIds.includes(this.botUserId) ? { member: { id: c.id, user_id: this.botUserId, join_timestamp: new Date(t.archiveTimestamp).toISOString(), flags: 0 } } : {}),
        ...(this.channels.get(c.parentId ?? '')?.type === ChannelType.GuildForum ? { applied_tags: [] } : {}),
      };
    }
    const channel: JsonObject = {
      ...base,
      position: c.position,
      permission_overwrites: [
        { id: this.botUserId, type: 1, allow: c.botPermissions.toString(), deny: (ALL_PERMISSIONS & ~c.botPermissions).toString() },
      ],
      parent_id: null,
      nsfw: false,
    };
    if (type === ChannelType.GuildVoice) return { ...channel, bitrate: 64000, user_limit: 0, rtc_region: null, video_quality_mode: 1 };
    if (type === ChannelType.GuildForum) {
      return { ...channel, topic: null, default_auto_archive_duration: 1440, available_tags: [], default_reaction_emoji: null, default_thread_rate_limit_per_user: 0, default_sort_order: null, default_forum_layout: 0 };
    }
    return { ...channel, topic: null, default_auto_archive_duration: 1440, icon_emoji: null, theme_color: null };
  }

  /**
   * The DM channel between the bot and `userId` (one per pair: the one the bot opened with
   * POST /users/@me/channels, or a new one the user opens by using a command there).
   */
  dmChannelWith(userId: string): string {
    let id = [...this.dmChannels.entries()].find(([, u]) => u === userId)?.[0];
    if (!id) {
      id = this.snowflake();
      this.dmChannels.set(id, userId);
      this.changed();
    }
    return id;
  }

  /**
   * A DM channel as a channel record for the message code (guildId '': no server), never kept
   * in `channels` (no guild lists, permissions or gateway events see it). Throws for other ids.
   */
  dmChannelRecord(id: string): ChannelRecord {
    if (!this.dmChannels.has(id)) throw new Error(`discord-emulator: unknown channel ${id}`);
    return { id, guildId: '', name: '', position: 0, botPermissions: 0n, lastMessageId: null, type: ChannelType.DM };
  }

  /** JSON of a DM channel the bot opened. */
  dmChannelJson(id: string): JsonObject {
    const userId = this.dmChannels.get(id);
    if (!userId) throw new Error(`discord-emulator: unknown DM channel ${id}`);
    return { id, type: ChannelType.DM, last_message_id: null, flags: 0, recipients: [this.userJson(userId)] };
  }

  /** Guild JSON (REST shape; `gateway` adds the GUILD_CREATE extras). */
  guildJson(id: string, gateway = false): JsonObject {
    const g = this.guild(id);
    const base: JsonObject = {
      id: g.id,
      name: g.name,
      icon: null,
      icon_hash: null,
      splash: null,
      discovery_splash: null,
      owner_id: g.ownerId,
      region: 'deprecated',
      afk_channel_id: null,
      afk_timeout: 300,
      widget_enabled: false,
      widget_channel_id: null,
      verification_level: 0,
      default_message_notifications: 1,
      explicit_content_filter: 0,
      roles: [...g.roles.values()].map((r) => this.roleJson(r)),
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: g.channelIds[0] ?? null,
      system_channel_flags: 0,
      rules_channel_id: null,
      public_updates_channel_id: null,
      safety_alerts_channel_id: null,
      max_presences: null,
      max_members: 500000,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: g.locale,
      max_video_channel_users: 25,
      max_stage_video_channel_users: 50,
      nsfw_level: 0,
      nsfw: false,
      premium_progress_bar_enabled: false,
      incidents_data: null,
    };
    if (!gateway) return base;
    return {
      ...base,
      joined_at: g.joinedAt,
      large: false,
      unavailable: false,
      member_count: g.memberIds.length,
      voice_states: [],
      members: [this.memberJson(g.id, this.botUserId)],
      channels: g.channelIds.map((c) => this.channelJson(c)),
      // The active threads the bot can see (`developers/topics/threads.mdx` "Gateway Events").
      threads: [...this.channels.values()].filter((c) => c.guildId === g.id && c.thread && !c.thread.archived && this.botPermissionsIn(c.id) !== 0n).map((c) => this.channelJson(c.id)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      embedded_activities: [],
      activity_instances: [],
      application_command_counts: {},
      lazy: true,
      hub_type: null,
      latest_onboarding_question_id: null,
      version: Date.now(),
    };
  }
}

/** A request that counts toward Discord's invalid-request limit. */
export interface InvalidRequest {
  time: number;
  status: number;
  /** Discord's JSON error code (50013, 50001…), 0 when none. */
  code: number;
  method: string;
  path: string;
  route: string;
}

/** A message in a DM channel (README "Turn-based tables": turn pings by DM). */
export interface DmMessage {
  id: string;
  channelId: string;
  /** The recipient. */
  userId: string;
  content: string;
  deleted: boolean;
}
