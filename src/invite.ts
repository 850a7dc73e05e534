/**
 * The bot's invite link (README → "Create the Discord application"): scopes `bot` and
 * `applications.commands`, and the channel permissions of README's invite: View Channels,
 * Send Messages, Embed Links (REQUIRED_CHANNEL_PERMISSIONS, what a table needs) plus Read
 * Message History. The README value and this one are checked against each other by a test.
 */
import { PermissionFlagsBits } from 'discord.js';
import { REQUIRED_CHANNEL_PERMISSIONS } from './discord/interactions/answers.js';

/** The permissions integer of the invite link (84992). */
export const INVITE_PERMISSIONS: bigint = Object.values(REQUIRED_CHANNEL_PERMISSIONS).reduce((a, b) => a | b, 0n) | PermissionFlagsBits.ReadMessageHistory;

/** The OAuth2 URL that adds the bot with application id `applicationId` to a server. */
export function inviteUrl(applicationId: string): string {
  return `https://discord.com/oauth2/authorize?client_id=${applicationId}&scope=bot+applications.commands&permissions=${INVITE_PERMISSIONS}`;
}
