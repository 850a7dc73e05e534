/**
 * `/help` (README "Commands"): privately, in the reader's language (the interaction's
 * locale), first how to play at once (alone against bots, or with friends), then the games with one line each and their player counts, how to start one, the
 * player and server-admin commands, and where the rules are, with a 🎓 Learn button per game
 * (docs/lessons.md). Usable in servers and in a DM with the bot.
 */
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { forDjsEphemeral } from '../discord/interactions/answers.js';
import type { MessagePayload } from '../discord/render/markup.js';
import { clip } from '../discord/render/markup.js';
import type { SlashCommand } from '../discord/interactions/slash-command.js';
import type { GameRegistry } from '../games/registry.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { catalogFor, type Catalog } from '../i18n/index.js';
import { learnClick, learnRows } from '../discord/interactions/lessons.js';
import { openTableAfterLesson } from './game.js';

/** The embed colour of the help message (decimal RGB: Red Herring's red). */
const HELP_COLOUR = 0xc0392b;

/** The `/help` message for the games in `registry`, in `text`'s language (one embed; Discord allows 4,096 characters). */
export function helpMessage(registry: GameRegistry, text: Catalog): MessagePayload {
  const help = text.help;
  const games = registry.modules.map((mod) =>
    help.gameLine(
      mod.emoji,
      mod.title(text),
      help.players(mod.definition.minPlayers, mod.definition.maxPlayers),
      mod.command,
      mod.text(text).helpLine,
    ),
  );
  const description = [
    help.playNowHeading,
    help.playNow,
    '',
    help.gamesHeading,
    ...games,
    '',
    help.startHeading,
    help.start,
    text.turns.help,
    '',
    help.playerHeading,
    ...help.playerCommands,
    '',
    help.adminHeading,
    ...help.adminCommands,
    '',
    help.rulesHeading,
    help.rules,
  ].join('\n');
  // 🎓 Learn: each game's lesson (docs/lessons.md).
  return { embeds: [{ title: help.title, description: clip(description, 4096), color: HELP_COLOUR }], components: learnRows(registry.modules, text), allowed_mentions: { parse: [] } };
}

/** Build the `/help` command for the games in `registry`. */
export function helpCommand(registry: GameRegistry): SlashCommand {
  return {
    name: 'help',
    data: localizedCommand((t) =>
      new SlashCommandBuilder()
        .setName('help')
        .setDescription(t.help.commands.help)
        .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM)
        .toJSON(),
    ),
    async execute(interaction, _app, log) {
      log.action = 'help';
      log.outcome = 'ok';
      const text = catalogFor(interaction.locale);
      const help = helpMessage(registry, text);
      // In a DM with the bot (the one place outside servers Discord offers /help; the game
      // commands are offered in servers only): say plainly where games are played, and leave
      // out the Learn buttons, which open a lesson in a server channel.
      await interaction.reply(forDjsEphemeral(interaction.inGuild() ? help : { ...help, content: text.common.errors.notInGuild, components: [] }));
    },
    // The lesson buttons (`rh1:n:…`) of /help, of lobbies and of lesson panels (docs/lessons.md).
    components: {
      learn: (interaction, app, log, id) => learnClick(interaction, app, log, id, (click, mod, withBots) => openTableAfterLesson(click, mod, app, log, withBots)),
    },
  };
}
