/**
 * `/hand` (README "Commands"): open your private panel for your table in this channel; in a
 * channel without a table of yours, your only running table's panel with a note naming that
 * table and its channel; with several, a button per table (`rh1:t:<table>:hand`), each opening
 * that table's panel.
 */
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { ButtonStyle } from 'discord-api-types/v10';
import { actorOf, forDjsEphemeral, privateText, serviceErrorText } from '../discord/interactions/answers.js';
import { tableActionId } from '../discord/custom-id.js';
import { button, buttonRow, clip, type ComponentRow, type MessagePayload } from '../discord/render/markup.js';
import type { TableRow } from '../persistence/store/types.js';
import { newcomerNote } from '../discord/render/lesson.js';
import { answerWithPanel } from '../discord/interactions/panels.js';
import type { SlashCommand } from '../discord/interactions/slash-command.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { catalogFor, type Catalog } from '../i18n/index.js';

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
    const open = await app.service.reads.openTablesOfUser(interaction.guildId, interaction.user.id);
    const playing = open.filter((table) => table.status === 'active');
    const table = playing.find((candidate) => candidate.channelId === interaction.channelId) ?? (playing.length === 1 ? playing[0] : undefined);
    if (!table && playing.length === 0 && open.length > 0) {
      log.outcome = 'not-active';
      await interaction.reply(privateText(errors.notActive));
      return;
    }
    if (!table && playing.length > 1) {
      log.outcome = 'several_tables';
      await interaction.reply(forDjsEphemeral(tableChoice(playing, text)));
      return;
    }
    if (!table) {
      log.outcome = 'no-table';
      await interaction.reply(privateText(errors.noTableHere(text.common.newCommands(app.registry.modules.map((mod) => mod.command)))));
      return;
    }
    log.table = table.id;
    const result = await app.service.play.markPresent(table.id, actorOf(interaction));
    if (!result.ok) {
      log.outcome = result.error.code;
      await interaction.reply(privateText(serviceErrorText(result.error, text)));
      return;
    }
    log.outcome = 'ok';
    // Players reach for /hand when the board is gone or buried: make sure it is there and current.
    app.publisher.redraw(result.value.snapshot);
    const elsewhere = table.channelId !== interaction.channelId ? text.common.commands.handElsewhere(table.id, table.channelId) : undefined;
    // A seat's first look at its hand: what its player is new to here (docs/lessons.md "First table of a game").
    const newcomer = result.value.firstLook ? newcomerNote(app.registry.get(table.game), result.value.snapshot, interaction.user.id, text) : undefined;
    await answerWithPanel(interaction, app, result.value.snapshot, 'reply', [elsewhere, newcomer].filter(Boolean).join('\n') || undefined);
    // Shown once: kept on the panel's redraws a while, so a bot's move does not take it away unread.
    if (newcomer) app.publisher.panels.keepNote(result.value.snapshot.table.id, interaction.user.id, newcomer);
  },
};

/** Buttons per row and rows of `/hand`'s choice between tables (Discord: 5 buttons a row, 5 rows). */
const CHOICE_PER_ROW = 5;
const CHOICE_ROWS = 5;

/**
 * `/hand`'s answer for someone at several running tables and none in this channel: the list
 * (table and channel) and a "Table #N" button per table, newest activity first (at most 25).
 */
function tableChoice(tables: TableRow[], text: Catalog): MessagePayload {
  const errors = text.common.errors;
  const shown = tables.slice(0, CHOICE_PER_ROW * CHOICE_ROWS);
  const rows: ComponentRow[] = [];
  for (let i = 0; i < shown.length; i += CHOICE_PER_ROW) {
    rows.push(buttonRow(...shown.slice(i, i + CHOICE_PER_ROW).map((table) => button(tableActionId(table.id, 'hand'), text.common.commands.pickTable(table.id), ButtonStyle.Secondary))));
  }
  const list = tables.map((table) => errors.tableIn(table.id, table.channelId)).join('\n');
  return { content: clip(`${errors.severalTables}\n${list}`, 2000), components: rows, allowed_mentions: { parse: [] } };
}
