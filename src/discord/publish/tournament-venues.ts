/**
 * Where a tournament's tables live (docs/tournaments.md "Running a tournament"): one new
 * thread of the tournament's channel per table, so the rule "one open table per channel"
 * holds and each table has its own board, pings and conversation.
 *
 * Discord's contract (https://discord.com/developers/docs/resources/channel#start-thread-without-message):
 * `POST /channels/{channel.id}/threads` with a 1–100 character `name`, the thread
 * `type` — given explicitly, since it defaults to a private thread — and
 * `auto_archive_duration` in minutes (60, 1440, 4320 or 10080). A message in an archived
 * thread unarchives it, so a week-long archive does not stop a turn-based table.
 */
import { ChannelType, type REST, Routes } from 'discord.js';
import { catalogFor } from '../../i18n/index.js';
import type { Tournament } from '../../tournaments/model.js';
import type { TournamentVenues } from '../../tournaments/service.js';

/** A table's thread is archived after this long without activity, in minutes (the longest Discord allows). */
export const TABLE_THREAD_ARCHIVE_MINUTES = 10080;

/** Makes a public thread of the tournament's channel for each table. */
export class ThreadVenues implements TournamentVenues {
  constructor(private readonly rest: REST) {}

  /** A new public thread named for the round and table in the tournament's language; rejects with Discord's error when it cannot be made. */
  async tableChannel(tournament: Tournament, round: number, table: number): Promise<string> {
    const text = catalogFor(tournament.locale ?? undefined);
    const name = text.tournaments.threadName(tournament.name, round, table).slice(0, 100);
    const thread = (await this.rest.post(Routes.threads(tournament.channelId), {
      body: { name, type: ChannelType.PublicThread, auto_archive_duration: TABLE_THREAD_ARCHIVE_MINUTES },
      reason: `Tournament #${tournament.id}`,
    })) as { id: string };
    return thread.id;
  }
}
