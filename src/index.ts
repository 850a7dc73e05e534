/**
 * Process entry: config → logger → database (migrate) → client → recover tables → login.
 * An invalid environment prints one message listing every bad variable and exits with 2.
 */
import { existsSync } from 'node:fs';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { DatabaseOpenError } from './persistence/db.js';

/** Exit code for configuration problems. */
export const EXIT_CONFIG = 2;

function readConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
}

const config = readConfig();
const logger = createLogger(config.logLevel);
const app = (() => {
  try {
    return createApp(config, { logger });
  } catch (err) {
    if (err instanceof DatabaseOpenError) {
      process.stderr.write(
        `Configuration problem:\n  - DATABASE_PATH (${err.path}) cannot be used: ${err.message}. Give a file path in a folder this user can write to (default ./data/red-herring.db).\nSee README.md → Configuration.\n`,
      );
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
})();

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await app.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

app.start().catch(async (err: unknown) => {
  const code = (err as { code?: string }).code;
  if (code === 'TokenInvalid') {
    process.stderr.write('DISCORD_TOKEN was rejected by Discord. Reset the token in the developer portal (Bot → Reset Token) and update .env.\n');
  } else {
    logger.fatal({ err }, 'start-up failed');
  }
  await app.stop().catch(() => undefined);
  process.exit(1);
});
