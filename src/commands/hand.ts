/** `/hand`: open your private panel for your table in this channel (or your only table here). */
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { actorOf, privateText, serviceErrorText } from '../discord/interactions/answers.js';
import { answerWithPanel } from '../discord/interactions/panels.js';
import type { SlashCommand } from '../discord/interactions/slash-command.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { catalogFor } from '../i18n/index.js';

/** The `/hand` command. */
export const handCommand: SlashCommand = {
  name: 'hand',
  data: localizedCommand((t) =>
    new SlashCommandBuilder().setName('hand').setDescription(t.common.commands.hand).setContexts(InteractionContextType.Guild).toJSON(),
  ),
  async execute(interaction, app, log) {
    const text = catalogFor(interaction.locale);
    const errors = text.common.errors;
    log.action = 'hand';
    if (!interaction.guildId) {
      log.outcome = 'not_in_guild';
      await interaction.reply(privateText(errors.notInGuild));
      return;
    }
    const open = await app.service.openTablesOfUser(interaction.guildId, interaction.user.id);
    const playing = open.filter((table) => table.status === 'active');
    const table = playing.find((candidate) => candidate.channelId === interaction.channelId) ?? (playing.length === 1 ? playing[0] : undefined);
    if (!table && playing.length === 0 && open.length > 0) {
      log.outcome = 'not-active';
      await interaction.reply(privateText(errors.notActive));
      return;
    }
    if (!table) {
      log.outcome = playing.length > 1 ? 'several_tables' : 'no-table';
      const list = playing.map((candidate) => errors.tableIn(candidate.id, candidate.channelId)).join('\n');
      await interaction.reply(privateText(playing.length > 1 ? `${errors.severalTables}\n${list}` : errors.noTableHere));
      return;
    }
    log.table = table.id;
    const result = await app.service.markPresent(table.id, actorOf(interaction));
    if (!result.ok) {
      log.outcome = result.error.code;
      await interaction.reply(privateText(serviceErrorText(result.error, text)));
      return;
    }
    log.outcome = 'ok';
    // Players reach for /hand when the board is gone or buried: make sure it is there and current.
    app.publisher.redraw(result.value.snapshot);
    await answerWithPanel(interaction, app, result.value.snapshot, 'reply');
  },
};
