/**
 * Several shard processes on one host (README "Deploy and scale out"): with SHARDS set, the entry
 * point becomes a discord.js ShardingManager that spawns one process per shard id of this
 * host (SHARD_IDS, default all), restarts a process that dies, and passes each its shard id
 * and the total. Every shard process runs the whole bot against the shared PostgreSQL
 * database and owns the tables of its guilds (`(guild_id >> 22) % shard_count`, Discord's
 * sharding formula): their deadlines, recovery and stale boards.
 *
 * SHARDS=auto asks GET /gateway/bot at DISCORD_API_URL (or discord.com) for the count and
 * hands the manager a number: discord.js's own `auto` always asks discord.com and would
 * ignore a REST proxy or the local emulator.
 */
import { ShardingManager, type Shard } from 'discord.js';
import { restBaseOf, type Config } from './config.js';
import { DISCORD_GLOBAL_PER_SECOND } from './discord/rest/global-budget.js';
import { GlobalBudgetHost, isBudgetMessage, type BudgetReply, type BudgetRequest } from './discord/rest/shard-budget.js';
import type { Logger } from './logger.js';

/** The Discord REST base used when DISCORD_API_URL is not set. */
export const DISCORD_API = 'https://discord.com/api';
/** Discord's minimum wait between two IDENTIFYs of one bot (max_concurrency 1), in ms. */
export const IDENTIFY_SPACING_MS = 5_500;
/** How long a spawned shard may take to become ready before the start counts as failed, in ms. */
export const SHARD_READY_TIMEOUT_MS = 60_000;

/** Why the shard count could not be found or used (exit 1: login-like failures; exit 2: configuration). */
export class ShardCountError extends Error {
  constructor(
    message: string,
    /** 'config' = the operator must change something (exit 2); 'start' = Discord refused or was unreachable (exit 1). */
    readonly kind: 'config' | 'start',
  ) {
    super(message);
    this.name = 'ShardCountError';
  }
}

/** What GET /gateway/bot answered: the recommended shard count and how many IDENTIFYs may run at once. */
export interface GatewayBotInfo {
  shards: number;
  /** `session_start_limit.max_concurrency` (1 for most bots). */
  maxConcurrency: number;
}

/**
 * Ask GET /gateway/bot at `apiBase` (a REST base without version, e.g. DISCORD_API_URL) with
 * the bot token. Throws ShardCountError('start') when the token is refused or the API does
 * not answer with a shard count.
 */
export async function fetchGatewayBot(apiBase: string, token: string, fetchImpl: typeof fetch = fetch): Promise<GatewayBotInfo> {
  const url = `${apiBase.replace(/\/+$/, '')}/v10/gateway/bot`;
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Authorization: `Bot ${token}` }, signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    throw new ShardCountError(`SHARDS=auto could not ask ${url} for the shard count: ${(err as Error).message}. Check DISCORD_API_URL (or DISCORD_REST_PROXY) and the network, or set SHARDS to a number.`, 'start');
  }
  if (response.status === 401) throw new ShardCountError('DISCORD_TOKEN was rejected by Discord (GET /gateway/bot answered 401). Reset the token in the developer portal (Bot → Reset Token) and update .env.', 'start');
  const body = (await response.json().catch(() => null)) as { shards?: unknown; session_start_limit?: { max_concurrency?: unknown } } | null;
  if (!response.ok || !body || typeof body.shards !== 'number' || !Number.isInteger(body.shards) || body.shards < 1) {
    throw new ShardCountError(`SHARDS=auto: ${url} answered ${response.status} without a shard count. Set SHARDS to a number, or check DISCORD_API_URL (or DISCORD_REST_PROXY).`, 'start');
  }
  const concurrency = body.session_start_limit?.max_concurrency;
  return { shards: body.shards, maxConcurrency: typeof concurrency === 'number' && concurrency >= 1 ? concurrency : 1 };
}

/** The shard count and this host's shard ids, resolved and checked. */
export interface ShardPlan {
  totalShards: number;
  shardIds: number[];
  /** Wait between two shard spawns, ms (Discord's IDENTIFY spacing, divided over max_concurrency). */
  spawnDelayMs: number;
}

/**
 * Turn SHARDS / SHARD_IDS into numbers: `auto` asks /gateway/bot. Throws ShardCountError:
 * 'config' when SHARD_IDS names ids outside the count or when several shards would run on
 * SQLite; 'start' when the count cannot be fetched.
 */
export async function planShards(config: Config, fetchImpl: typeof fetch = fetch): Promise<ShardPlan> {
  const sharding = config.sharding!;
  let totalShards: number;
  let maxConcurrency = 1;
  if (sharding.shards === 'auto') {
    const info = await fetchGatewayBot(restBaseOf(config) ?? DISCORD_API, config.discordToken, fetchImpl);
    totalShards = info.shards;
    maxConcurrency = info.maxConcurrency;
  } else {
    totalShards = sharding.shards;
  }
  const shardIds = sharding.shardIds ?? Array.from({ length: totalShards }, (_, id) => id);
  const outside = shardIds.filter((id) => id >= totalShards);
  if (outside.length > 0) {
    throw new ShardCountError(`Configuration problem:\n  - SHARD_IDS names shard ${outside.join(', ')}, but SHARDS=${sharding.shards} means ${totalShards} shard(s), ids 0–${totalShards - 1}.\nSee README.md → Deploy and scale out.`, 'config');
  }
  if (totalShards > 1 && !config.databaseUrl) {
    throw new ShardCountError(
      `Configuration problem:\n  - SHARDS=${sharding.shards} means ${totalShards} shards, and several shard processes need one shared PostgreSQL database: set DATABASE_URL=postgres://user:password@host:5432/database (SQLite at DATABASE_PATH serves one process only).\nSee README.md → Deploy and scale out.`,
      'config',
    );
  }
  return { totalShards, shardIds, spawnDelayMs: Math.ceil(IDENTIFY_SPACING_MS / maxConcurrency) };
}

/**
 * This host's share of the bot token's global REST limit (README "Deploy and scale out"):
 * REST_GLOBAL_SHARE when set, else its shard ids out of the total (SHARD_IDS of SHARDS; 1
 * when this host runs every shard); 1 with DISCORD_REST_PROXY.
 */
export function globalShareOf(config: Config, plan: ShardPlan): number {
  // Behind the shared REST proxy the proxy holds the budget of every host: this host's gate only orders its own requests.
  if (config.restProxyUrl) return 1;
  return config.restGlobalShareSet ? config.restGlobalShare : plan.shardIds.length / plan.totalShards;
}

/**
 * The global REST budget of this host's shard processes, held in the manager's process
 * (src/discord/rest/global-budget.ts): each shard process leases its slots over the manager's IPC.
 */
export function hostBudget(manager: ShardingManager, share: number, logger: Logger): GlobalBudgetHost {
  const host = new GlobalBudgetHost(
    { perWindow: Math.max(1, Math.floor(DISCORD_GLOBAL_PER_SECOND * share)), logger },
    (id: number, message: BudgetReply) => {
      const child = manager.shards.get(id)?.process;
      if (!child || !child.connected) throw new Error(`shard ${id} has no process`);
      child.send(message);
    },
    () => [...manager.shards.keys()],
  );
  manager.on('shardCreate', (shard: Shard) => {
    shard.on('message', (message: unknown) => {
      if (isBudgetMessage(message)) host.receive(shard.id, message as BudgetRequest);
    });
    // A dead shard's slots count as answered at once (its requests died with it).
    shard.on('death', () => host.shardDied(shard.id));
  });
  return host;
}

/** Options of `runShardManager`. */
export interface ShardManagerOptions {
  /** The script each shard process runs (this entry point). */
  script: string;
  /** Node options for the shard processes (e.g. `--import tsx` in development). */
  execArgv: string[];
  logger: Logger;
}

/**
 * Spawn this host's shard processes one after another (`plan.spawnDelayMs` apart) and keep
 * them running: a process that exits is spawned again by the manager (`respawn`). Resolves
 * with the manager once every shard reported ready; rejects when a shard never becomes ready.
 */
export async function runShardManager(config: Config, plan: ShardPlan, options: ShardManagerOptions): Promise<ShardingManager> {
  const { logger } = options;
  const manager = new ShardingManager(options.script, {
    totalShards: plan.totalShards,
    shardList: plan.shardIds,
    token: config.discordToken,
    mode: 'process',
    respawn: true,
    execArgv: options.execArgv,
  });
  manager.on('shardCreate', (shard: Shard) => {
    logger.info({ shard: shard.id, of: plan.totalShards }, 'shard process started');
    shard.on('spawn', (child) => logger.info({ shard: shard.id, childPid: 'pid' in child ? child.pid : undefined }, 'shard process spawned'));
    shard.on('death', (child) => {
      const code = 'exitCode' in child ? child.exitCode : null;
      lastExitCode = code;
      logger.warn({ shard: shard.id, code }, 'shard process died: starting it again (its tables resume from the database)');
    });
    shard.on('ready', () => logger.info({ shard: shard.id }, 'shard ready'));
  });
  let lastExitCode: number | null = null;
  const share = globalShareOf(config, plan);
  const budget = hostBudget(manager, share, logger);
  logger.info({ share, perSecond: budget.window.perWindow }, 'global REST budget of this host');
  try {
    await manager.spawn({ amount: plan.totalShards, delay: plan.spawnDelayMs, timeout: SHARD_READY_TIMEOUT_MS });
  } catch (err) {
    manager.respawn = false;
    budget.close();
    for (const shard of manager.shards.values()) shard.kill();
    throw new ShardStartError(lastExitCode, err);
  }
  return manager;
}

/** A shard process died or timed out before it was ready; its own message is already on stderr. */
export class ShardStartError extends Error {
  constructor(
    /** The exit code of the last shard process that died (2 = configuration problem), or null. */
    readonly exitCode: number | null,
    cause: unknown,
  ) {
    super(`a shard process did not become ready: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'ShardStartError';
  }
}
