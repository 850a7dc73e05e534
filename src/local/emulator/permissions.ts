/**
 * Permission constants and helpers of the emulator (Discord permission bit fields as bigint).
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';

/** Every permission bit known to discord-api-types. */
export const ALL_PERMISSIONS: bigint = Object.values(PermissionFlagsBits).reduce((a, b) => a | b, 0n);

/** What @everyone may do in the emulated guild (close to Discord's defaults). */
export const EVERYONE_PERMISSIONS: bigint =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.CreateInstantInvite |
  PermissionFlagsBits.ChangeNickname |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseExternalEmojis |
  PermissionFlagsBits.UseExternalStickers |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.Connect |
  PermissionFlagsBits.Speak;

/**
 * The bot's permissions in a channel unless a test or the local page says otherwise: exactly
 * what README's invite grants (`src/invite.ts` INVITE_PERMISSIONS; test/discord/invite.test.ts
 * keeps the two equal) — View Channel, Send Messages, Send Messages in Threads, Create Public
 * Threads, Embed Links, Attach Files, Read Message History — so the suite runs with production's permissions
 * (discord-api-docs `developers/topics/permissions.mdx` "Bitwise Permission Flags").
 */
export const DEFAULT_BOT_PERMISSIONS: bigint =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory;

/** Resolve Administrator: an administrator has every permission. */
export function effectivePermissions(bits: bigint): bigint {
  return (bits & PermissionFlagsBits.Administrator) !== 0n ? ALL_PERMISSIONS : bits;
}

/** True when `bits` holds every bit of `needed`. */
export function hasAll(bits: bigint, needed: bigint): boolean {
  return (effectivePermissions(bits) & needed) === needed;
}

/** Names of the permission bits of `needed` missing from `bits` (for error messages). */
export function missingNames(bits: bigint, needed: bigint): string[] {
  const have = effectivePermissions(bits);
  return Object.entries(PermissionFlagsBits)
    .filter(([, bit]) => (needed & bit) !== 0n && (have & bit) === 0n)
    .map(([name]) => name);
}

/** Permissions a denied base permission takes with it (`developers/topics/permissions.mdx` "Implicit Permissions"). */
const NEED_SEND: bigint = PermissionFlagsBits.MentionEveryone | PermissionFlagsBits.SendTTSMessages | PermissionFlagsBits.AttachFiles | PermissionFlagsBits.EmbedLinks;

/**
 * What the bot may do in a channel whose (inherited) permission bits are `bits`, after
 * Discord's implicit rules (`developers/topics/permissions.mdx` "Implicit Permissions",
 * "Inherited Permissions (Threads)"): Administrator has everything; a channel it cannot see
 * (`visible` false: a private thread it is not in, a server it was removed from) or without
 * VIEW_CHANNEL grants nothing; without the permission to send there — SEND_MESSAGES, or in a
 * thread SEND_MESSAGES_IN_THREADS, since SEND_MESSAGES has no effect in threads
 * (`developers/topics/threads.mdx` "Permissions") — MENTION_EVERYONE, SEND_TTS_MESSAGES,
 * ATTACH_FILES and EMBED_LINKS are ignored too. (That the thread's base is
 * SEND_MESSAGES_IN_THREADS is the documented rule applied to threads: members of an
 * announcement channel, who may not send there, talk and attach in its threads.)
 */
export function channelPermissions(bits: bigint, opts: { thread: boolean; visible: boolean }): bigint {
  if (!opts.visible) return 0n;
  const have = effectivePermissions(bits);
  if ((have & PermissionFlagsBits.Administrator) !== 0n) return have;
  if ((have & PermissionFlagsBits.ViewChannel) === 0n) return 0n;
  const send = opts.thread ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages;
  return (have & send) === 0n ? have & ~NEED_SEND : have;
}

/** The permission that lets the bot post in a channel of this kind (`developers/topics/threads.mdx` "Permissions"). */
export function sendPermission(thread: boolean): bigint {
  return thread ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages;
}
