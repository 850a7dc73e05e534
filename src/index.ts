/**
 * Process entry: config → logger → database (SQLite or PostgreSQL, migrated) → client →
 * recover tables → login. With SHARDS set it starts a ShardingManager instead, which runs
 * this same entry once per shard id of this host (src/sharding.ts, README "Deploy and scale out").
 * Without a Discord token (or with LOCAL=1) the same bot runs in local play instead: the
 * embedded Discord emulator and its web page on PORT (README → Quick start).
 *
 * Exit codes: 2 for anything the operator must fix before a start can work (invalid
 * environment, unusable database or world file, port taken), 1 for failures at login
 * (rejected token, Discord unreachable) or a bug. Each prints one plain message, no stack.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp, type App, type AppOptions } from './app.js';
import type { GlobalGate } from './discord/rest/global-budget.js';
import { isBudgetMessage, SharedGlobalGate, type BudgetReply } from './discord/rest/shard-budget.js';
import { ConfigError, isLoopbackHost, loadConfig, restBaseOf, type Config } from './config.js';
import { probeHealth, startHealthServer } from './health.js';
import { inviteUrl, INVITE_PERMISSIONS } from './invite.js';
import { LocalPortError, startLocalPlay, type LocalPlay } from './local/play.js';
import { WorldFileUnreadableError } from './local/world-file.js';
import { createLogger, flushLogger } from './logger.js';
import { describeLoginFailure } from './login-errors.js';
import { DatabaseMismatchError, DatabaseOpenError } from './persistence/db.js';
import { openPostgres, PostgresOpenError } from './persistence/pg/open.js';
import type { ShardFilter, Store } from './persistence/store/types.js';
import { planShards, runShardManager, ShardCountError, ShardStartError } from './sharding.js';

/** Exit code for configuration problems. */
export const EXIT_CONFIG = 2;
/** Exit code for failures at login or start-up. */
export const EXIT_START = 1;

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function readConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, EXIT_CONFIG);
    throw err;
  }
}

/** The plain message for a problem the operator must fix before starting (exit 2), or null. */
function setupProblem(err: unknown): string | null {
  if (err instanceof DatabaseMismatchError) return err.message;
  if (err instanceof DatabaseOpenError) {
    return `Configuration problem:\n  - DATABASE_PATH (${err.path}) cannot be used: ${err.message}. Give a file path in a folder this user can write to (default ./data/red-herring.db).\nSee README.md → Configuration.`;
  }
  if (err instanceof WorldFileUnreadableError) {
    return `${err.message}.\nMove it away (or delete it) to start a new local world; the games themselves are in the database next to it.`;
  }
  if (err instanceof LocalPortError) return err.message;
  if (err instanceof PostgresOpenError) return `Configuration problem:\n  - DATABASE_URL cannot be used: ${err.message}\nSee README.md → Configuration.`;
  return null;
}

/**
 * The store to run on: PostgreSQL at DATABASE_URL (connected and migrated here, so a wrong
 * URL, refused credentials or a too-new database end the start with exit 2), or undefined
 * for the SQLite file the app opens itself.
 */
async function openStore(): Promise<Store | undefined> {
  if (!config.databaseUrl) return undefined;
  try {
    return await openPostgres(config.databaseUrl, { logger });
  } catch (err) {
    const problem = setupProblem(err);
    if (problem) fail(problem, EXIT_CONFIG);
    throw err;
  }
}

/** What this process serves: its one shard when the ShardingManager spawned it, else every table. */
function shardFilter(): ShardFilter | undefined {
  return config.shard ? { shardCount: config.shard.count, shardIds: [config.shard.id] } : undefined;
}

const config = readConfig();
const logger = createLogger(config.logLevel, config.shard?.id);
let stopApp: () => Promise<void> = async () => undefined;

/**
 * What local play prints when it stops (Ctrl-C, SIGTERM): where the games (`databasePath`)
 * and the local world (`worldPath`, null when kept in memory) are saved, and how to go on.
 */
function savedMessage(databasePath: string, worldPath: string | null): string {
  const where = worldPath ? `${databasePath} and ${worldPath}` : databasePath;
  return `Local play stopped. The games and the local server are saved (${where}): \`npm start\` continues where you left off.`;
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await stopApp();
  await flushLogger(logger);
  // Local play is run by hand from a terminal (README → Quick start): say that nothing is lost.
  if (config.local && !config.shard) process.stdout.write(`${savedMessage(config.databasePath, config.local.worldPath)}\n`);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

async function startHealth(app: () => App | null): Promise<void> {
  if (config.healthPort === null) return;
  // Shard processes of one host answer on HEALTH_PORT + their shard id.
  const port = config.healthPort + (config.shard?.id ?? 0);
  try {
    await startHealthServer(port, () => probeHealth(app()));
  } catch (err) {
    logger.warn({ err, port }, `HEALTH_PORT ${port} cannot be used; /healthz is off`);
  }
}

async function runLocal(): Promise<void> {
  const local = config.local!;
  if (!isLoopbackHost(local.host)) {
    process.stderr.write(
      `Warning: LOCAL_HOST=${local.host} makes the local-play page reachable from other machines. It has no login: anyone who reaches port ${local.port} can play as any user and change the local server.\n`,
    );
  }
  let play: LocalPlay;
  const store = await openStore();
  try {
    play = await startLocalPlay(config, { logger, createApp: (c, o: AppOptions) => createApp(c, store ? { ...o, store } : o) });
  } catch (err) {
    const problem = setupProblem(err);
    if (problem) fail(problem, EXIT_CONFIG);
    logger.fatal({ err }, 'local play failed to start');
    process.exit(EXIT_START);
  }
  stopApp = () => play.stop();
  await startHealth(() => play.app);
  const why = local.reason === 'forced' ? 'LOCAL=1' : 'no Discord token set';
  await flushLogger(logger);
  process.stdout.write(`Local play: open ${play.url} (${why}; see README to connect a real bot)\n`);
}

async function runShards(): Promise<void> {
  let plan;
  try {
    plan = await planShards(config);
  } catch (err) {
    if (err instanceof ShardCountError) fail(err.message, err.kind === 'config' ? EXIT_CONFIG : EXIT_START);
    throw err;
  }
  logger.info({ shards: plan.totalShards, here: plan.shardIds }, `starting ${plan.shardIds.length} of ${plan.totalShards} shard process(es)`);
  const script = fileURLToPath(import.meta.url);
  try {
    const manager = await runShardManager(config, plan, { script, execArgv: process.execArgv, logger });
    stopApp = async () => {
      manager.respawn = false;
      // Each shard process stops gracefully on SIGTERM (its running changes commit first).
      await Promise.all(
        [...manager.shards.values()].map(
          (shard) =>
            new Promise<void>((resolve) => {
              const child = shard.process;
              if (!child || child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    };
  } catch (err) {
    if (err instanceof ShardStartError) {
      logger.fatal({ err }, 'a shard process failed to start');
      process.exit(err.exitCode === EXIT_CONFIG ? EXIT_CONFIG : EXIT_START);
    }
    throw err;
  }
  logger.info({ shards: plan.shardIds }, 'every shard of this host is ready');
}

/**
 * A shard process's global REST budget: slots leased from the ShardingManager over its IPC
 * (src/discord/rest/global-budget.ts; README "Deploy and scale out").
 */
function leasedGate(): GlobalGate | undefined {
  if (!process.send) return undefined;
  const gate = new SharedGlobalGate((message) => process.send!(message));
  process.on('message', (message: unknown) => {
    if (isBudgetMessage(message)) gate.receive(message as BudgetReply);
  });
  return gate;
}

async function runDiscord(): Promise<void> {
  let app: App;
  const store = await openStore();
  const shard = shardFilter();
  try {
    // Commands are the application's, not a shard's: shard 0 registers them (once, not once per process).
    const registerCommands = !config.shard || config.shard.id === 0;
    app = createApp(config, { logger, registerCommands, ...(store ? { store } : {}), ...(shard ? { shard } : {}), ...(config.shard ? { globalGate: leasedGate() } : {}) });
  } catch (err) {
    const problem = setupProblem(err);
    if (problem) fail(problem, EXIT_CONFIG);
    throw err;
  }
  stopApp = () => app.stop();
  await startHealth(() => app);
  logger.info({ api: restBaseOf(config) ?? 'discord.com' }, 'connecting to Discord…');
  try {
    await app.start();
  } catch (err) {
    const code = (err as { code?: string }).code;
    const network = describeLoginFailure(err, config.discordApiUrl, config.restProxyUrl);
    await app.stop().catch(() => undefined);
    if (code === 'TokenInvalid') fail('DISCORD_TOKEN was rejected by Discord. Reset the token in the developer portal (Bot → Reset Token) and update .env.', EXIT_START);
    if (network) fail(network, EXIT_START);
    logger.fatal({ err }, 'start-up failed');
    process.exit(EXIT_START);
  }
  const applicationId = app.client.application?.id ?? app.client.user?.id;
  if (applicationId) {
    logger.info({ applicationId, permissions: INVITE_PERMISSIONS.toString(), invite: inviteUrl(applicationId) }, `invite the bot: ${inviteUrl(applicationId)}`);
  }
}

void (config.local ? runLocal() : config.sharding && !config.shard ? runShards() : runDiscord()).catch((err: unknown) => {
  logger.fatal({ err }, 'start-up failed');
  process.exit(EXIT_START);
});
