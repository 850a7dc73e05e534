/**
 * Records of the emulated world (plain data; see `state.ts` for the world itself) and the
 * resolved emulator options.
 */
import { DEFAULT_ATTACHMENT_BYTES } from './attachments.js';
import { DEFAULT_BOT_PERMISSIONS } from './permissions.js';
import type { ResolvedRateLimits } from './rate-limits.js';
import type { EmulatorOptions, InteractionError, JsonObject, RateLimitOptions } from './types.js';

/** Options with defaults applied. */
export interface ResolvedOptions {
  ackTimeoutMs: number;
  tokenTtlMs: number;
  rateLimit: ResolvedRateLimits | null;
  webhookEditDelayMs: number;
  heartbeatIntervalMs: number;
  shards: number;
  maxConcurrency: number;
  privilegedIntents: number;
  botPermissions: bigint;
  guildName: string;
  channelName: string;
  botName: string;
  retention: { log: number | null; interactionsPerUser: number | null };
  attachmentBytes: number;
  attachmentDir: string | null;
  debug: ((line: string) => void) | null;
  activities: boolean;
}

/** Apply defaults to the user's options. */
export function resolveOptions(o: EmulatorOptions = {}): ResolvedOptions {
  return {
    ackTimeoutMs: o.ackTimeoutMs ?? 3000,
    tokenTtlMs: o.tokenTtlMs ?? 15 * 60_000,
    rateLimit: resolveRateLimit(o.rateLimit),
    webhookEditDelayMs: o.webhookEditDelayMs ?? 0,
    heartbeatIntervalMs: o.heartbeatIntervalMs ?? 41_250,
    shards: o.shards ?? 1,
    maxConcurrency: o.maxConcurrency ?? 1,
    privilegedIntents: o.privilegedIntents ?? 0,
    botPermissions: o.botPermissions ?? DEFAULT_BOT_PERMISSIONS,
    guildName: o.guildName ?? 'Emulated Guild',
    channelName: o.channelName ?? 'general',
    botName: o.botName ?? 'Red Herring',
    retention: { log: o.retention?.log ?? null, interactionsPerUser: o.retention?.interactionsPerUser ?? null },
    attachmentBytes: o.attachmentBytes ?? DEFAULT_ATTACHMENT_BYTES,
    attachmentDir: o.attachmentDir ?? null,
    debug: o.debug === true ? (line) => process.stderr.write(`[discord-emulator] ${line}\n`) : o.debug || null,
    activities: o.activities ?? false,
  };
}

/** Apply defaults to a `rateLimit` option (`true` = Discord's defaults, falsy = off). */
export function resolveRateLimit(o: boolean | RateLimitOptions | undefined): ResolvedRateLimits | null {
  const rl = o === true ? {} : o || null;
  if (!rl) return null;
  return { limit: rl.limit ?? 5, windowMs: rl.windowMs ?? 5000, globalPerSecond: rl.globalPerSecond === false ? null : (rl.globalPerSecond ?? 50) };
}

/** A user account (human or the bot). */
export interface UserRecord {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  locale: string;
  /**
   * The user accepts DMs from the bot. Absent or false: closed DMs (the common case), so a
   * message sent to their DM channel answers 403 / 50007 "Cannot send messages to this user".
   */
  acceptsDms?: boolean;
}

/** A role of a guild. */
export interface RoleRecord {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  managed: boolean;
  botId?: string;
}

/** A guild and its roles. */
export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  locale: string;
  joinedAt: string;
  roles: Map<string, RoleRecord>;
  channelIds: string[];
  memberIds: string[];
  /**
   * The bot is no longer in this guild (removed or left: GUILD_DELETE without `unavailable`):
   * its routes answer 50001 Missing Access, no event of it reaches the bot, no one can use its
   * commands there.
   */
  botRemoved?: boolean;
  /** An outage: GUILD_DELETE with `unavailable: true` was sent; GUILD_CREATE comes when it ends. */
  unavailable?: boolean;
}

/**
 * A guild channel or thread. `botPermissions` is what the bot may do there (a thread uses its
 * parent's: threads inherit permissions, discord-api-docs `developers/topics/permissions.mdx`
 * "Inherited Permissions (Threads)"); `type` is Discord's channel type
 * (`developers/resources/channel.mdx` "Channel Types": 0 text, 2 voice, 5 announcement,
 * 10 announcement thread, 11 public thread, 12 private thread, 15 forum).
 */
export interface ChannelRecord {
  id: string;
  guildId: string;
  name: string;
  position: number;
  botPermissions: bigint;
  lastMessageId: string | null;
  /** Channel type (absent in world files written before channel kinds: 0, text). */
  type?: number;
  /** The channel a thread lives in (text, announcement or forum). */
  parentId?: string | null;
  /** Thread state (threads only). */
  thread?: ThreadRecord;
}

/** What only a thread has (`developers/resources/channel.mdx` "Thread Metadata Object"). */
export interface ThreadRecord {
  archived: boolean;
  locked: boolean;
  /** Minutes of inactivity after which it archives: 60, 1440, 4320 or 10080. */
  autoArchiveMinutes: number;
  /** When it was created, archived or unarchived (emulator clock, ms). */
  archiveTimestamp: number;
  /** Last activity (a message sent, unarchiving), emulator clock ms (`developers/topics/threads.mdx` "Active & Archived Threads"). */
  lastActivity: number;
  /** Who started it. */
  ownerId: string;
  /** Members (private threads: only they and MANAGE_THREADS holders see it). */
  memberIds: string[];
}

/** Membership of a user in a guild. */
export interface MemberRecord {
  guildId: string;
  userId: string;
  roles: string[];
  joinedAt: string;
  nick: string | null;
}

/** A stored message: its API JSON plus what only the emulator knows. */
export interface MessageRecord {
  data: JsonObject;
  id: string;
  channelId: string;
  guildId: string;
  ephemeral: boolean;
  visibleTo: string[] | null;
  deleted: boolean;
  /** Deferred reply still showing "thinking…" (flag 128). */
  loading: boolean;
  /** Called (then dropped) when a loading message is filled in (`InteractionResult.filledReply`). */
  fillWaiters?: (() => void)[];
  /** Called (then dropped) at the message's next edit, a deferred reply's filling in included (`InteractionResult.nextEdit`). */
  editWaiters?: (() => void)[];
  interactionId: string | null;
}

/** A registered application command (API JSON). */
export type CommandRecord = JsonObject & { id: string; name: string; type: number };

/** An interaction the emulator dispatched, and what the bot did with it. */
export interface InteractionRecord {
  id: string;
  token: string;
  /** 2 application command, 3 message component, 5 modal submit. */
  type: number;
  guildId: string;
  channelId: string;
  userId: string;
  /** The dispatched `data` object. */
  data: JsonObject;
  /** The message a component sits on. */
  sourceMessageId: string | null;
  /** Display name for interaction_metadata (`suspicion new`). */
  commandName: string | null;
  createdAt: number;
  dispatchedAt: number;
  ackedAt: number | null;
  callbackType: number | null;
  /** The message `@original` refers to (reply, loading message or component's message). */
  originalMessageId: string | null;
  followUpIds: string[];
  /** Called (then dropped) when the next follow-up is created (`InteractionResult.firstFollowUp`). */
  followUpWaiters?: (() => void)[];
  /** Ephemerality chosen by a deferred reply (applies to its first follow-up). */
  deferredEphemeral: boolean;
  timedOut: boolean;
  error: InteractionError | null;
  modal: JsonObject | null;
  /** The Activity instance a LAUNCH_ACTIVITY answer started or joined (activities.ts). */
  activityInstanceId?: string | null;
  /** Resolves the user's pending promise (first callback attempt or timeout). */
  settle: (() => void) | null;
  timer: NodeJS.Timeout | null;
}
