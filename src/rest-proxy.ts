/**
 * `npm run proxy`: the one REST proxy every host of the bot sends its requests through
 * (docs/operations.md "One REST proxy for every host"; src/discord/rest/proxy-server.ts):
 * `@discordjs/proxy` on PROXY_PORT (default 8080) of PROXY_HOST (default 127.0.0.1), holding
 * DISCORD_TOKEN's global budget of 50 requests a second for all of them, in front of Discord
 * (or DISCORD_API_URL). Each host then sets DISCORD_REST_PROXY=http://<this host>:<port>.
 *
 * Exit 2 with one plain message per bad variable; exit 1 when the port cannot be opened.
 * SIGTERM / SIGINT stop it (requests still queued are dropped: the hosts' discord.js sends them
 * again elsewhere or fails them, as when Discord is unreachable).
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadProxyConfig, type ProxyConfig } from './config.js';
import { startRestProxy } from './discord/rest/proxy-server.js';
import { createLogger, flushLogger } from './logger.js';

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: ProxyConfig;
  try {
    config = loadProxyConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message.replace('See README.md → Configuration.', 'See docs/operations.md → One REST proxy for every host.'), 2);
    throw err;
  }
  const logger = createLogger(config.logLevel);
  let proxy;
  try {
    proxy = await startRestProxy({ token: config.discordToken, upstream: config.discordApiUrl, port: config.port, host: config.host, logger });
  } catch (err) {
    await flushLogger(logger);
    fail(`The REST proxy cannot listen on ${config.host}:${config.port}: ${(err as Error).message}. Set PROXY_PORT (or PROXY_HOST) to a free one.`, 1);
  }
  const stop = async () => {
    await proxy.close();
    logger.info('REST proxy stopped');
    await flushLogger(logger);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

void main();
