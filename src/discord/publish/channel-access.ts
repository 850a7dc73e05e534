/**
 * What the bot may do in each channel it publishes in, so that it never sends what can only
 * fail (docs/discord-conformance.md "Permissions", "Rate limits"): every 401, 403 and 429 counts
 * toward Discord's invalid-request limit (10,000 in 10 minutes ban the bot's IP for a while;
 * discord-api-docs `developers/topics/rate-limits.mdx` "Invalid Request Limit aka Cloudflare
 * bans"), whose first advice is "inspecting role or channel permissions and … not making
 * requests that are restricted by such permissions".
 *
 * Two sources: the permissions discord.js computes from its cache (kept current by the
 * Guilds intent's CHANNEL_UPDATE and GUILD_ROLE_UPDATE), with Discord's implicit rules applied
 * (`developers/topics/permissions.mdx` "Implicit Permissions", "Inherited Permissions
 * (Threads)"); and Discord's own refusals, for when the cache is behind. A channel where files
 * were refused gets text boards (no picture); a channel where posting or editing was refused
 * gets nothing more; both are forgotten when the server's permissions change.
 */
import { PermissionFlagsBits as P, RESTJSONErrorCodes } from 'discord-api-types/v10';

/** What a board or ping request needs: post a message, edit one, with files or embeds. */
export interface Need {
  /** Posting a new message (Send Messages, or Send Messages in Threads in a thread). */
  post?: boolean;
  embeds?: boolean;
  files?: boolean;
}

/**
 * The bot's permission bits in a channel as discord.js computes them, whether it is a thread
 * and whether that thread is archived; null when unknown (not cached).
 */
export type PermissionsIn = (channelId: string) => { bits: bigint; thread: boolean; archived?: boolean } | null;

/**
 * What a refusal from Discord means for the table (`developers/topics/opcodes-and-status-codes.mdx`
 * "JSON Error Codes"): `files` — Missing Permissions on a request with files (draw text instead);
 * `blocked` — Missing Permissions / Missing Access otherwise (stop sending there);
 * `deleted` — Unknown Channel (the table's place is gone); `locked` — Thread is locked;
 * `archived` — the thread is archived (a new message unarchives it); null — anything else.
 */
export type Refusal = 'files' | 'blocked' | 'deleted' | 'locked' | 'archived' | null;

/** Classify a failed request (`hadFiles`: it carried files). */
export function refusalOf(err: unknown, hadFiles: boolean): Refusal {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === RESTJSONErrorCodes.MissingPermissions) return hadFiles ? 'files' : 'blocked';
  if (code === RESTJSONErrorCodes.MissingAccess) return 'blocked';
  if (code === RESTJSONErrorCodes.UnknownChannel) return 'deleted';
  if (code === RESTJSONErrorCodes.ThreadLocked) return 'locked';
  if (code === RESTJSONErrorCodes.InvalidActionOnArchivedThread) return 'archived';
  return null;
}

/**
 * The bits that count after Discord's implicit rules: nothing without View Channel; without the
 * permission to send there (Send Messages, or in a thread Send Messages in Threads) no Embed
 * Links or Attach Files either.
 */
export function effectiveBits(bits: bigint, thread: boolean): bigint {
  if ((bits & P.Administrator) !== 0n) return bits | P.ViewChannel | P.SendMessages | P.SendMessagesInThreads | P.EmbedLinks | P.AttachFiles;
  if ((bits & P.ViewChannel) === 0n) return 0n;
  const send = thread ? P.SendMessagesInThreads : P.SendMessages;
  return (bits & send) === 0n ? bits & ~(P.EmbedLinks | P.AttachFiles) : bits;
}

/** Per-channel knowledge of what the bot may do, from its cache and from Discord's refusals. */
export class ChannelAccess {
  /** Channels where Discord refused files: boards are drawn as text there. */
  private readonly noFiles = new Set<string>();
  /** Channels where Discord refused a post or an edit: nothing more is sent there. */
  private readonly blocked = new Set<string>();

  constructor(private readonly permissionsIn: PermissionsIn = () => null) {}

  /** Whether a request that needs `need` in `channelId` can succeed, as far as the bot knows. */
  allows(channelId: string, need: Need): boolean {
    if (this.blocked.has(channelId)) return false;
    if (need.files && this.noFiles.has(channelId)) return false;
    const known = this.permissionsIn(channelId);
    if (!known) return true;
    const have = effectiveBits(known.bits, known.thread);
    const send = known.thread ? P.SendMessagesInThreads : P.SendMessages;
    const wanted = P.ViewChannel | (need.post ? send : 0n) | (need.embeds ? P.EmbedLinks : 0n) | (need.files ? P.AttachFiles : 0n);
    return (have & wanted) === wanted;
  }

  /** Whether `channelId` is a thread the cache knows to be archived (no edits there until a message unarchives it). */
  archived(channelId: string): boolean {
    return this.permissionsIn(channelId)?.archived === true;
  }

  /** Whether board pictures can go to `channelId` (Attach Files allowed and never refused there). */
  filesAllowed(channelId: string): boolean {
    return this.allows(channelId, { files: true });
  }

  /** Discord refused files in `channelId` (the cache was behind): text from now on. */
  refuseFiles(channelId: string): void {
    this.noFiles.add(channelId);
  }

  /** Discord refused a post or an edit in `channelId`: send nothing more there. */
  block(channelId: string): void {
    this.blocked.add(channelId);
  }

  /** Whether Discord refused a post or an edit in `channelId` since the permissions last changed. */
  isBlocked(channelId: string): boolean {
    return this.blocked.has(channelId);
  }

  /**
   * The server's permissions changed (CHANNEL_UPDATE, GUILD_ROLE_UPDATE, the bot's member
   * updated): forget the refusals, so the next change tries again with what the cache says.
   */
  permissionsChanged(): void {
    this.noFiles.clear();
    this.blocked.clear();
  }
}
