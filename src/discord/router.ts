/**
 * The one global InteractionCreate router (no collectors, so buttons keep working across
 * restarts): slash commands go to their module, components to `handleComponent`. Writes
 * one log line per interaction with guild, table, user, action, outcome and duration (ms),
 * and turns any unexpected error into a private apology instead of "This interaction failed".
 */
import { performance } from 'node:perf_hooks';
import type { Interaction } from 'discord.js';
import type { SlashCommand } from '../commands/types.js';
import { catalogFor } from '../i18n/index.js';
import { privateText } from './answers.js';
import { handleComponent } from './components.js';
import type { AppContext, InteractionLog } from './context.js';

/** Build the InteractionCreate listener for a set of commands. */
export function createRouter(app: AppContext, commands: SlashCommand[]): (i: Interaction) => Promise<void> {
  const byName = new Map(commands.map((c) => [c.name, c]));
  return async (i: Interaction) => {
    const started = performance.now();
    const log: InteractionLog = { action: 'unknown', outcome: 'ignored' };
    try {
      if (i.isChatInputCommand()) {
        log.action = i.commandName;
        const cmd = byName.get(i.commandName);
        if (!cmd) {
          log.outcome = 'unknown_command';
          await i.reply(privateText(catalogFor(i.locale).common.errors.generic));
        } else {
          await cmd.execute(i, app, log);
        }
      } else if (i.isButton() || i.isStringSelectMenu()) {
        await handleComponent(i, app, log);
      }
    } catch (err) {
      log.outcome = 'error';
      app.logger.error({ err, interaction: i.id }, 'interaction handler failed');
      if (i.isRepliable()) {
        const apology = privateText(catalogFor(i.locale).common.errors.generic);
        const send = i.replied || i.deferred ? i.followUp(apology) : i.reply(apology);
        await send.catch(() => undefined);
      }
    } finally {
      app.logger.info(
        {
          guild: i.guildId,
          table: log.table,
          user: i.user.id,
          action: log.action,
          outcome: log.outcome,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'interaction',
      );
    }
  };
}
