/**
 * The one global InteractionCreate router (no collectors, so buttons keep working across
 * restarts): slash commands go to their module, components to `handleComponent` (with the
 * commands' own custom-id kinds). Writes one log line per interaction with guild, table,
 * user, action, outcome and duration (ms), and turns any unexpected error into a private
 * apology instead of "This interaction failed".
 */
import { performance } from 'node:perf_hooks';
import type { Interaction } from 'discord.js';
import { catalogFor } from '../i18n/index.js';
import { privateText } from './answers.js';
import { handleComponent } from './components.js';
import type { AppContext, InteractionLog } from './context.js';
import { componentHandlers, type SlashCommand } from './slash-command.js';

/** Build the InteractionCreate listener for a set of commands. */
export function createRouter(app: AppContext, commands: SlashCommand[]): (interaction: Interaction) => Promise<void> {
  const byName = new Map(commands.map((command) => [command.name, command]));
  const handlers = componentHandlers(commands);
  return async (interaction: Interaction) => {
    const started = performance.now();
    const log: InteractionLog = { action: 'unknown', outcome: 'ignored' };
    try {
      if (interaction.isChatInputCommand()) {
        log.action = interaction.commandName;
        const command = byName.get(interaction.commandName);
        if (!command) {
          log.outcome = 'unknown_command';
          await interaction.reply(privateText(catalogFor(interaction.locale).common.errors.generic));
        } else {
          await command.execute(interaction, app, log);
        }
      } else if (interaction.isButton() || interaction.isStringSelectMenu()) {
        await handleComponent(interaction, app, log, handlers);
      }
    } catch (err) {
      log.outcome = 'error';
      app.logger.error({ err, interaction: interaction.id }, 'interaction handler failed');
      if (interaction.isRepliable()) {
        const apology = privateText(catalogFor(interaction.locale).common.errors.generic);
        const send = interaction.replied || interaction.deferred ? interaction.followUp(apology) : interaction.reply(apology);
        await send.catch(() => undefined);
      }
    } finally {
      app.logger.info(
        {
          guild: interaction.guildId,
          table: log.table,
          user: interaction.user.id,
          action: log.action,
          outcome: log.outcome,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'interaction',
      );
    }
  };
}
