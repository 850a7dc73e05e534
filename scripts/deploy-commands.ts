/**
 * `npm run deploy-commands`: register every slash command with a bulk overwrite — on
 * DEV_GUILD_ID when set (instant), otherwise globally — without starting the bot.
 * `npm run deploy-commands -- --clear` removes them from that scope instead (e.g. the copies a
 * development server keeps after switching to global registration).
 * Needs DISCORD_TOKEN (and DISCORD_API_URL for a proxy). Exit 2 on a bad environment.
 */
import { existsSync } from 'node:fs';
import { REST } from '@discordjs/rest';
import { Routes, type RESTGetCurrentApplicationResult } from 'discord-api-types/v10';
import { commandBodies } from '../src/app.js';
import { buildCommands } from '../src/commands/index.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { defaultRegistry } from '../src/games/index.js';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const rest = new REST(config.discordApiUrl ? { api: config.discordApiUrl } : {}).setToken(config.discordToken);
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
    process.stderr.write(`Command registration failed: ${(err as Error).message}\n`);
  }
  process.exit(1);
});
