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
 * keeps the two equal) — View Channel, Send Messages, Send Messages in Threads, Embed Links,
 * Attach Files, Read Message History — so the suite runs with production's permissions
 * (discord-api-docs `developers/topics/permissions.mdx` "Bitwise Permission Flags").
 */
export const DEFAULT_BOT_PERMISSIONS: bigint =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
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
