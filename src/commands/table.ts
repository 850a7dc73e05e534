/**
 * `/table open` (the table as a Discord Activity, docs/activity.md), `/table leave`, `/table cancel`
 * and `/table watch` (docs/watching.md) for the open table in this channel. Leave and cancel ask for a
 * confirmation button first (docs/discord.md: destructive actions confirm). `/table vacation hours:`
 * pauses the player's clock at a turn-based table once per game (README "Turn-based tables").
 */
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { actorOf, privateText, serviceErrorText } from '../discord/interactions/answers.js';
import { askToCancel, askToLeave } from '../discord/interactions/prompts.js';
import { answerWithWatch } from '../discord/interactions/watch.js';
import type { SlashCommand } from '../discord/interactions/slash-command.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { catalogFor } from '../i18n/index.js';
import { MAX_VACATION_HOURS } from '../tables/pace.js';

/** The `/table` command. */
export const tableCommand: SlashCommand = {
  name: 'table',
  data: localizedCommand((t) =>
    new SlashCommandBuilder()
      .setName('table')
      .setDescription(t.common.commands.table)
      .setContexts(InteractionContextType.Guild)
      .addSubcommand((sub) => sub.setName('open').setDescription(t.activity.commandOpen))
      .addSubcommand((sub) => sub.setName('leave').setDescription(t.common.commands.tableLeave))
      .addSubcommand((sub) => sub.setName('cancel').setDescription(t.common.commands.tableCancel))
      .addSubcommand((sub) => sub.setName('watch').setDescription(t.watch.commands.tableWatch))
      .addSubcommand((sub) =>
        sub
          .setName('vacation')
          .setDescription(t.turns.vacation.description)
          .addIntegerOption((o) => o.setName('hours').setDescription(t.turns.vacation.hoursOption).setRequired(true).setMinValue(1).setMaxValue(MAX_VACATION_HOURS)),
      )
      .toJSON(),
  ),
  async execute(interaction, app, log) {
    const text = catalogFor(interaction.locale);
    const sub = interaction.options.getSubcommand();
    log.action = `table ${sub}`;
    const snapshot = interaction.channelId ? await app.service.reads.openTableInChannel(interaction.channelId) : undefined;
    if (!snapshot) {
      log.outcome = 'no-table';
      await interaction.reply(privateText(text.common.errors.noOpenTableInChannel));
      return;
    }
    const { table } = snapshot;
    log.table = table.id;
    if (sub === 'watch') {
      await answerWithWatch(interaction, app, log, snapshot);
      return;
    }
    const mod = app.registry.get(table.game);
    const actor = actorOf(interaction);
    if (sub === 'open') {
      // The table as a Discord Activity (docs/activity.md "Launch"), as the board's Open table button.
      if (!app.activity) {
        log.outcome = 'activity-off';
        await interaction.reply(privateText(text.activity.notEnabled));
        return;
      }
      app.activity.launches.remember(actor.userId, table.channelId, table.id);
      log.outcome = 'ok';
      await interaction.launchActivity();
      return;
    }
    if (sub === 'vacation') {
      const result = await app.service.play.takeVacation(table.id, actor, interaction.options.getInteger('hours', true));
      log.outcome = result.ok ? 'vacation' : result.error.code;
      if (!result.ok) {
        await interaction.reply(privateText(serviceErrorText(result.error, text, mod)));
        return;
      }
      const event = result.value.events.find((candidate) => candidate.type === '$vacation');
      const extended = result.value.table.deadlineAt !== table.deadlineAt;
      await interaction.reply(privateText(text.turns.vacation.taken(Number(event?.until ?? 0), extended)));
      return;
    }
    if (sub === 'leave') {
      const seat = snapshot.seats.find((row) => row.userId === actor.userId);
      if (!seat || seat.left) {
        log.outcome = 'not-seated';
        await interaction.reply(privateText(seat?.left ? text.common.errors.seatLeft : text.common.errors.notSeated));
        return;
      }
      if (table.status === 'lobby') {
        const result = await app.service.lobby.leaveLobby(table.id, actor);
        log.outcome = result.ok ? 'left_lobby' : result.error.code;
        await interaction.reply(privateText(result.ok ? text.common.lobby.youLeft : serviceErrorText(result.error, text, mod)));
        return;
      }
      await askToLeave(interaction, table, mod, text, log);
      return;
    }
    await askToCancel(interaction, table, mod, actor, text, log);
  },
};
