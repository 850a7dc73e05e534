/**
 * What interaction handlers receive: the services of the running bot, and the per-interaction
 * log record that the router writes as one pino line when the handler returns.
 */
import type { TurnNotifier } from '../publish/turn-notices.js';
import type { BotPolicy } from '../../bots/policy.js';
import type { REST } from 'discord.js';
import type { GameRegistry } from '../../games/registry.js';
import type { Logger } from '../../logger.js';
import type { Store } from '../../persistence/store/types.js';
import type { TableService } from '../../tables/service.js';
import type { TournamentService } from '../../tournaments/service.js';
import type { MessageIds } from '../publish/message-ids.js';
import type { Publisher } from '../publish/publisher.js';

/** Services shared by every handler. */
export interface AppContext {
  /**
   * The storage every query goes through (SQLite or PostgreSQL). Handlers use it only for
   * reads and self-contained writes (leaderboards, /stats, settings, seasons); every game
   * change goes through `service`.
   */
  store: Store;
  service: TableService;
  /** The board and ping message ids of the tables (./message-ids.ts). */
  messageIds: MessageIds;
  registry: GameRegistry;
  publisher: Publisher;
  rest: REST;
  logger: Logger;
  /** Pings and reminders of turn-based tables (README "Turn-based tables"); absent in tools without Discord. */
  turnNotices?: TurnNotifier;
  /** The AI players' policy (the worker pool): the 💡 Hint's search runs there (src/tables/hints.ts `adviseHint`). */
  bots: BotPolicy;
  /** Swiss tournaments (docs/tournaments.md); absent in tools without Discord. */
  tournaments?: TournamentService;
  /** How this process talks to Discord (`/admin check`); absent in tools without Discord. */
  platform?: PlatformFacts;
  /** The table as a Discord Activity (docs/activity.md), when the bot has it set up; absent otherwise. */
  activity?: { launches: LaunchNotes };
}

/**
 * Where a click that opens the table as an Activity notes which table it was (the Activity
 * server's `Launches`, src/discord/activity/sessions.ts, implements it: the Activity stands above
 * the click handlers, so they name only what they call).
 */
export interface LaunchNotes {
  /** User `userId` launched the Activity in channel `channelId` from table `tableId`. */
  remember(userId: string, channelId: string, tableId: number): void;
}

/** How the running process talks to Discord, for `/admin check` (src/commands/admin-check.ts). */
export interface PlatformFacts {
  /** The guild commands are registered on (DEV_GUILD_ID), or null: globally. */
  commandGuildId: string | null;
  /** The names of the commands the bot registers. */
  commandNames: readonly string[];
  /** This process's share of Discord's 50 requests a second (REST_GLOBAL_SHARE, 0–1). */
  restShare: number;
  /** Requests a second this process may spend on global routes. */
  restPerSecond: number;
  /** DISCORD_API_URL when set (a proxy, or the local emulator), else null. */
  apiUrl: string | null;
  /** DISCORD_REST_PROXY when set (the one REST proxy every host shares: it holds the budget), else null. */
  restProxyUrl?: string | null;
}

/** Filled by handlers; logged once per interaction with its duration in ms (README "Configuration", `LOG_LEVEL`). */
export interface InteractionLog {
  table?: number;
  action: string;
  outcome: string;
  /** The click was acknowledged before its work ran (the bot was overloaded; late.ts). */
  acknowledgedFirst?: boolean;
}
