/**
 * The one global InteractionCreate router (no collectors, so buttons keep working across
 * restarts): slash commands go to their module, components to `handleComponent` (with the
 * commands' own custom-id kinds). Every interaction gets an answer (docs/discord.md "Answers to
 * mistakes"): a command, subcommand or option the bot no longer has is told so with what to
 * use instead; modals, selects and context-menu commands the bot never offers get a private
 * plain answer; an autocomplete gets an empty choice list. Writes one log line per
 * interaction with guild, table, user, action, outcome and duration (ms), and turns any
 * unexpected error into a private apology instead of "This interaction failed" — a plain
 * "the table can't be reached right now, nothing was lost" when the database is away or full
 * (README "What happens when…"; logged once a minute, trouble-log.ts). A click
 * waits its turn (admission.ts: a bounded number of clicks is worked on at once) and one
 * that is in danger of missing Discord's 3 s is acknowledged first (late.ts), so it is
 * answered in time however long its work waits.
 */
import { performance } from 'node:perf_hooks';
import { RESTJSONErrorCodes } from 'discord-api-types/v10';
import type { ChatInputCommandInteraction, Interaction } from 'discord.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import { storeTrouble } from '../../persistence/store/errors.js';
import { troubleLogFor } from '../../persistence/store/trouble-log.js';
import { privateText } from './answers.js';
import { commandMismatch, type CommandMismatch } from './command-check.js';
import { ClickAdmission, holdsSlot } from './admission.js';
import { handleComponent } from './components.js';
import { acknowledgeFirst, ACKNOWLEDGE_FIRST_AFTER_MS, EXPIRED_AFTER_MS, InteractionAges, interactionAgeMs } from './late.js';
import type { AppContext, InteractionLog } from './context.js';
import { componentHandlers, type SlashCommand } from './slash-command.js';
import { markStage, startStages, stagesOf } from './stages.js';

/** How many commands an "unknown command" answer names as examples. */
const EXAMPLE_COMMANDS = 4;

/** A few of the bot's commands, for answers that point at what to use. */
function exampleCommands(byName: Map<string, SlashCommand>): string {
  return [...byName.keys()]
    .slice(0, EXAMPLE_COMMANDS)
    .map((name) => `\`/${name}\``)
    .join(', ');
}

/** The answer to a command that does not match its registration. */
function mismatchText(mismatch: CommandMismatch, text: Catalog): string {
  const errors = text.common.errors;
  const quoted = (names: string[]) => names.map((name) => `\`${name}\``).join(', ');
  switch (mismatch.kind) {
    case 'subcommand':
      return errors.unknownSubcommand(mismatch.path, quoted(mismatch.available.map((path) => `/${path}`)));
    case 'option':
      return errors.unknownOption(mismatch.path, mismatch.option, quoted(mismatch.available));
    case 'missing':
      return errors.missingOption(mismatch.path, mismatch.option);
  }
}

/** Run a slash command, or say plainly that it (or its subcommand / option) is not available. */
async function slashCommand(interaction: ChatInputCommandInteraction, app: AppContext, log: InteractionLog, byName: Map<string, SlashCommand>): Promise<void> {
  const text = catalogFor(interaction.locale);
  log.action = interaction.commandName;
  const command = byName.get(interaction.commandName);
  if (!command) {
    log.outcome = 'unknown_command';
    await interaction.reply(privateText(text.common.errors.unknownCommand(interaction.commandName, exampleCommands(byName))));
    return;
  }
  const mismatch = commandMismatch(command.data, interaction.options.data);
  if (mismatch) {
    log.outcome = `unknown_${mismatch.kind}`;
    await interaction.reply(privateText(mismatchText(mismatch, text)));
    return;
  }
  await command.execute(interaction, app, log);
}

/** Build the InteractionCreate listener for a set of commands. */
export function createRouter(app: AppContext, commands: SlashCommand[]): (interaction: Interaction) => Promise<void> {
  const byName = new Map(commands.map((command) => [command.name, command]));
  const handlers = componentHandlers(commands);
  const admission = new ClickAdmission({ acknowledgeAfterMs: ACKNOWLEDGE_FIRST_AFTER_MS });
  const ages = new InteractionAges();
  return async (interaction: Interaction) => {
    const started = performance.now();
    const ageMs = interactionAgeMs(interaction);
    startStages(interaction);
    const log: InteractionLog = { action: 'unknown', outcome: 'ignored' };
    try {
      if (interaction.isChatInputCommand()) {
        await slashCommand(interaction, app, log, byName);
      } else if (interaction.isButton() || interaction.isStringSelectMenu()) {
        // Its age corrected for this machine's clock (late.ts InteractionAges).
        const overdueMs = ages.overdueMs(interaction);
        if (overdueMs >= EXPIRED_AFTER_MS) {
          // Too late to be acknowledged: leave it (nothing changes) and spend the time on clicks still in time.
          log.action = 'component';
          log.outcome = 'expired';
          return;
        }
        // Overloaded: a click that waits for its turn until it is in danger is acknowledged first.
        // For acknowledging first, the larger of the raw and the corrected age: a clock running
        // behind makes the raw age too small, a start under load (every click seen so far late)
        // the corrected one; each alone would acknowledge too late (late.ts ACKNOWLEDGE_FIRST_AFTER_MS).
        const release = await admission.enter(Math.max(ageMs, overdueMs), async () => {
          log.acknowledgedFirst = true;
          markStage(interaction, 'ackFirst');
          await acknowledgeFirst(interaction, (target, body) => app.publisher.panels.edit(target, body));
          markStage(interaction, 'acked');
        });
        markStage(interaction, 'admitted');
        holdsSlot(interaction, release);
        try {
          await handleComponent(interaction, app, log, handlers);
        } finally {
          release();
        }
      } else if (interaction.isAutocomplete()) {
        // No option of ours autocompletes: the only answer Discord accepts is a (here empty) list.
        log.action = `autocomplete ${interaction.commandName}`;
        log.outcome = 'no_choices';
        await interaction.respond([]);
      } else if (interaction.isRepliable()) {
        // Anything else the bot never offers: a modal it did not open, a user / role / channel
        // select, a context-menu command.
        const errors = catalogFor(interaction.locale).common.errors;
        const [action, answer] = interaction.isModalSubmit()
          ? ['modal', errors.unknownForm]
          : interaction.isMessageComponent()
            ? ['component', errors.unknownComponent]
            : interaction.isCommand()
              ? [interaction.commandName, errors.unknownCommand(interaction.commandName, exampleCommands(byName))]
              : ['interaction', errors.unknownComponent];
        log.action = action;
        log.outcome = 'unsupported';
        await interaction.reply(privateText(answer));
      }
    } catch (err) {
      if ((err as { code?: unknown }).code === RESTJSONErrorCodes.UnknownInteraction && !(interaction.isRepliable() && (interaction.replied || interaction.deferred))) {
        // Its 3 s were over before the answer went out: nothing to apologise through (the token is dead).
        log.outcome = 'expired';
        return;
      }
      // The database is away or full: nothing was stored, and the same click works later.
      const trouble = storeTrouble(err);
      log.outcome = trouble ? 'table-unreachable' : 'error';
      if (trouble) troubleLogFor(app.logger).report(trouble, err, { interaction: interaction.id });
      else app.logger.error({ err, interaction: interaction.id }, 'interaction handler failed');
      if (interaction.isRepliable()) {
        const errors = catalogFor(interaction.locale).common.errors;
        const apology = privateText(trouble ? errors.tableUnreachable : errors.generic);
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
          ...(log.acknowledgedFirst ? { acknowledgedFirst: true } : {}),
          ms: Math.round((performance.now() - started) * 10) / 10,
          ageMs,
          stages: stagesOf(interaction),
        },
        'interaction',
      );
    }
  };
}
