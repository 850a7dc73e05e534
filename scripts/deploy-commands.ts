/**
 * `npm run deploy-commands`: register every slash command with a bulk overwrite — on
 * DEV_GUILD_ID when set (instant), otherwise globally — without starting the bot.
 * `npm run deploy-commands -- --clear` removes them from that scope instead (e.g. the copies a
 * development server keeps after switching to global registration).
 * Needs DISCORD_TOKEN (and DISCORD_API_URL for a proxy). Exit 2 on a bad environment or
 * without a token (local play registers its commands itself). In the Docker image it runs
 * the shipped build (no compiler there: scripts/build-if-needed.mjs).
 */
import { existsSync } from 'node:fs';
import { REST } from '@discordjs/rest';
import { Routes, type RESTGetCurrentApplicationResult } from 'discord-api-types/v10';
import { commandBodies } from '../src/app.js';
import { buildCommands } from '../src/commands/index.js';
import { ConfigError, loadConfig, restBaseOf } from '../src/config.js';
import { defaultRegistry } from '../src/games/index.js';
import { describeLoginFailure } from '../src/login-errors.js';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    // LOCAL=1 is about `npm start`; registering with Discord always needs the real token.
    config = loadConfig({ ...process.env, LOCAL: undefined });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  if (config.local) {
    process.stderr.write(
      'npm run deploy-commands registers the commands with Discord, so it needs DISCORD_TOKEN (README: "Create the Discord application"). Local play needs no deployment: it registers them itself at every start.\n',
    );
    process.exit(2);
  }
  const api = restBaseOf(config);
  const rest = new REST(api ? { api } : {}).setToken(config.discordToken);
  const app = (await rest.get(Routes.currentApplication())) as RESTGetCurrentApplicationResult;
  const clear = process.argv.includes('--clear');
  const body = clear ? [] : commandBodies(buildCommands(defaultRegistry()));
  const route = config.devGuildId ? Routes.applicationGuildCommands(app.id, config.devGuildId) : Routes.applicationCommands(app.id);
  await rest.put(route, { body });
  const scope = config.devGuildId ? `on guild ${config.devGuildId}` : 'globally';
  process.stdout.write(clear ? `Removed every command ${scope}.\n` : `Registered ${body.length} commands ${scope}${config.devGuildId ? '' : ' (may take a while to appear)'}.\n`);
}

main().catch((err: unknown) => {
  const status = (err as { status?: number }).status;
  if (status === 401) {
    process.stderr.write('DISCORD_TOKEN was rejected by Discord. Reset the token in the developer portal (Bot → Reset Token) and update .env.\n');
  } else {
    const network = describeLoginFailure(err, process.env.DISCORD_API_URL?.trim() || null, process.env.DISCORD_REST_PROXY?.trim() || null);
    process.stderr.write(network ? `${network}\n` : `Command registration failed: ${(err as Error).message}\n`);
  }
  process.exit(1);
});
