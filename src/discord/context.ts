/**
 * What interaction handlers receive: the services of the running bot, and the per-interaction
 * log record that the router writes as one pino line when the handler returns.
 */
import type { REST } from 'discord.js';
import type { GameRegistry } from '../games/registry.js';
import type { Logger } from '../logger.js';
import type { Db } from '../persistence/db.js';
import type { TableRepo } from '../persistence/repo.js';
import type { TableService } from '../tables/service.js';
import type { Publisher } from './publisher.js';

/** Services shared by every handler. */
export interface AppContext {
  db: Db;
  repo: TableRepo;
  service: TableService;
  registry: GameRegistry;
  publisher: Publisher;
  rest: REST;
  logger: Logger;
}

/** Filled by handlers; logged once per interaction with its duration in ms (README "Configuration", `LOG_LEVEL`). */
export interface InteractionLog {
  table?: number;
  action: string;
  outcome: string;
  /** The click was acknowledged before its work ran (the bot was overloaded; late.ts). */
  acknowledgedFirst?: boolean;
}
