/**
 * A table in its own thread (`/<game> new thread:`; README "Where tables can live"): the
 * command's public reply says who opened which table, a thread is started from that reply, and
 * the table lives in the thread — lobby, board, pings and talk — so the channel keeps one line
 * per table and each table its own conversation.
 *
 * Discord's contract (discord-api-docs `developers/resources/channel.mdx` "Start Thread from
 * Message"): `POST /channels/{channel.id}/messages/{message.id}/threads` with a 1–100 character
 * `name` and `auto_archive_duration` (minutes); from a text channel's message it makes a public
 * thread, from an announcement channel's an announcement thread, never in a forum; the thread's
 * id is the message's. It needs Create Public Threads (TABLE_THREAD_PERMISSIONS,
 * ./answers.ts); a thread cannot hold threads (`opcodes-and-status-codes.mdx` 50024).
 */
import { ChannelType, Routes, type ChatInputCommandInteraction, type REST } from 'discord.js';
import { TABLE_THREAD_ARCHIVE_MINUTES } from '../publish/tournament-venues.js';

/** Discord's longest channel (thread) name, characters. */
const THREAD_NAME_MAX = 100;

/**
 * Whether a table's thread can be started from a message of `channel`: a text or
 * announcement channel (not a thread, a forum or a voice channel's chat). An unknown channel
 * (not in discord.js's cache) is tried: Discord's answer decides.
 */
export function canHoldTableThread(channel: ChatInputCommandInteraction['channel']): boolean {
  if (!channel) return true;
  return channel.type === ChannelType.GuildText || channel.type === ChannelType.GuildAnnouncement;
}

/**
 * Start the table's thread from message `messageId` of channel `channelId`, named `name`
 * (cut at 100 characters), archived after TABLE_THREAD_ARCHIVE_MINUTES without a message (a
 * message unarchives it: the table's next ping does). Resolves with the thread's id (the
 * message's); rejects with Discord's error (e.g. 50013 without Create Public Threads).
 */
export async function startTableThread(rest: REST, channelId: string, messageId: string, name: string): Promise<string> {
  const thread = (await rest.post(Routes.threads(channelId, messageId), {
    body: { name: name.slice(0, THREAD_NAME_MAX), auto_archive_duration: TABLE_THREAD_ARCHIVE_MINUTES },
  })) as { id: string };
  return thread.id;
}
