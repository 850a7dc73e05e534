/** `/hand`: open your private panel for your table in this channel (or your only table here). */
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { catalogFor, en } from '../i18n/index.js';
import { actorOf, privateText, serviceErrorText } from '../discord/answers.js';
import { answerWithPanel } from '../discord/panels.js';
import type { SlashCommand } from './types.js';

/** The `/hand` command. */
export const handCommand: SlashCommand = {
  name: 'hand',
  data: new SlashCommandBuilder()
    .setName('hand')
    .setDescription(en.common.commands.hand)
    .setContexts(InteractionContextType.Guild)
    .toJSON(),
  async execute(i, app, log) {
    const t = catalogFor(i.locale);
    log.action = 'hand';
    if (!i.guildId) {
      log.outcome = 'not_in_guild';
      await i.reply(privateText(t.common.errors.notInGuild));
      return;
    }
    const open = app.repo.openTablesOfUser(i.guildId, i.user.id);
    const tables = open.filter((tb) => tb.status === 'active');
    const table = tables.find((tb) => tb.channelId === i.channelId) ?? (tables.length === 1 ? tables[0] : undefined);
    if (!table && tables.length === 0 && open.length > 0) {
      log.outcome = 'not_active';
      await i.reply(privateText(t.common.errors.notActive));
      return;
    }
    if (!table) {
      log.outcome = tables.length > 1 ? 'several_tables' : 'no_table';
      const list = tables.map((tb) => t.common.errors.tableIn(tb.id, tb.channelId)).join('\n');
      await i.reply(privateText(tables.length > 1 ? `${t.common.errors.severalTables}\n${list}` : t.common.errors.noTableHere));
      return;
    }
    log.table = table.id;
    const r = app.service.markPresent(table.id, actorOf(i));
    if (!r.ok) {
      log.outcome = r.error.code;
      await i.reply(privateText(serviceErrorText(r.error, t)));
      return;
    }
    log.outcome = 'ok';
    // Players reach for /hand when the board is gone or buried: make sure it is there and current.
    app.publisher.redraw(r.value.snapshot);
    await answerWithPanel(i, app, r.value.snapshot, 'reply');
  },
};
