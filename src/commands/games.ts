/**
 * `/games [notify]` (README "Turn-based tables"): your open tables on this server — whose
 * turn it is, until when, a button to open your hand at each — only you see it. `notify`
 * (ping | dm) first stores how turn-based tables tell you it is your move.
 */
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { forDjsEphemeral, privateText } from '../discord/interactions/answers.js';
import type { SlashCommand } from '../discord/interactions/slash-command.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { gamesMessage } from '../discord/render/games.js';
import { catalogFor } from '../i18n/index.js';
import type { TurnNotify } from '../persistence/store/types.js';

/** The values of `notify`. */
const NOTIFY_MODES: readonly TurnNotify[] = ['ping', 'dm'];

/** The `/games` command. */
export const gamesCommand: SlashCommand = {
  name: 'games',
  data: localizedCommand((t) =>
    new SlashCommandBuilder()
      .setName('games')
      .setDescription(t.turns.games.description)
      .setContexts(InteractionContextType.Guild)
      .addStringOption((o) =>
        o
          .setName('notify')
          .setDescription(t.turns.games.notifyOption)
          .addChoices(...NOTIFY_MODES.map((mode) => ({ name: t.turns.games.notifyChoices[mode]!, value: mode }))),
      )
      .toJSON(),
  ),
  async execute(interaction, app, log) {
    const text = catalogFor(interaction.locale);
    log.action = 'games';
    if (!interaction.guildId) {
      log.outcome = 'not_in_guild';
      await interaction.reply(privateText(text.common.errors.notInGuild));
      return;
    }
    const notify = interaction.options.getString('notify');
    let note = '';
    if (notify !== null) {
      if (!(NOTIFY_MODES as readonly string[]).includes(notify)) {
        log.outcome = 'bad-options';
        await interaction.reply(privateText(text.common.errors.badOptions(`• notify: ${NOTIFY_MODES.join(', ')}`)));
        return;
      }
      await app.service.preferences.setTurnNotify(interaction.user.id, notify as TurnNotify);
      note = `${text.turns.games.notifySet(notify)}\n\n`;
    }
    const open = await app.service.reads.openTablesOfUser(interaction.guildId, interaction.user.id);
    const snaps = await app.service.reads.snapshots(open.map((table) => table.id));
    const message = gamesMessage(snaps, interaction.user.id, app.registry, text);
    log.outcome = 'ok';
    await interaction.reply(forDjsEphemeral({ ...message, content: `${note}${message.content ?? ''}`.slice(0, 2000) }));
  },
};
