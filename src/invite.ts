/**
 * The bot's invite link (README "Create the Discord application"): scopes `bot` and `applications.commands`,
 * and the channel permissions a table needs in every kind of channel it can live in
 * (REQUIRED_CHANNEL_PERMISSIONS and REQUIRED_THREAD_PERMISSIONS: View Channels, Send Messages,
 * Send Messages in Threads, Embed Links, Attach Files), Create Public Threads for
 * `/<game> new thread:` and tournaments (TABLE_THREAD_PERMISSIONS), plus Read Message History
 * (docs/discord-conformance.md "Permissions"). README's value and this one are checked against
 * each other by a test, and the emulator's bot has exactly these by default.
 */
import { PermissionFlagsBits } from 'discord.js';
import { REQUIRED_CHANNEL_PERMISSIONS, REQUIRED_THREAD_PERMISSIONS, TABLE_THREAD_PERMISSIONS } from './discord/interactions/answers.js';

/** The permissions integer of the invite link (309237763072). */
export const INVITE_PERMISSIONS: bigint =
  [...Object.values(REQUIRED_CHANNEL_PERMISSIONS), ...Object.values(REQUIRED_THREAD_PERMISSIONS), ...Object.values(TABLE_THREAD_PERMISSIONS)].reduce((a, b) => a | b, 0n) | PermissionFlagsBits.ReadMessageHistory;

/** The OAuth2 URL that adds the bot with application id `applicationId` to a server. */
export function inviteUrl(applicationId: string): string {
  return `https://discord.com/oauth2/authorize?client_id=${applicationId}&scope=bot+applications.commands&permissions=${INVITE_PERMISSIONS}`;
}
