/**
 * Opening and redrawing a player's private panel, shared by `/hand`, "Show my hand",
 * "Refresh", and every answer to a game click.
 */
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import { catalogFor } from '../i18n/index.js';
import type { TableSnapshot } from '../tables/types.js';
import { panelFingerprint, panelMessage } from './render/panel.js';
import type { AppContext } from './context.js';
import { forDjs, forDjsEphemeral, missingChannelPermissions } from './answers.js';

type PanelInteraction = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

/**
 * Answer `interaction` with the user's panel drawn from `snapshot` (the table as the
 * service just committed or read it): a new ephemeral message (`reply`) or an in-place
 * update of the panel the click came from (`update`). Remembers the interaction so later
 * changes can refresh this panel. When the bot can no longer post in the table's channel,
 * the panel says so (the board cannot be updated).
 */
export async function answerWithPanel(
  interaction: PanelInteraction,
  app: AppContext,
  snapshot: TableSnapshot,
  how: 'reply' | 'update',
  note?: string,
): Promise<void> {
  const text = catalogFor(interaction.locale);
  const { table } = snapshot;
  const mod = app.registry.get(table.game);
  const missing = interaction.channelId === table.channelId && table.status === 'active' ? missingChannelPermissions(interaction, text) : [];
  // Editing its own board needs View Channel + Embed Links; Send Messages is for pings and re-posting.
  const onlySend = missing.length === 1 && missing[0] === text.common.permissions.SendMessages;
  const warning = missing.length ? (onlySend ? text.common.panel.postBlocked(missing[0]!) : text.common.panel.boardBlocked(missing.join(', '))) : undefined;
  const shownNote = [note, warning].filter(Boolean).join('\n') || undefined;
  const rendered = panelMessage(mod, snapshot, interaction.user.id, text, shownNote);
  const writer = app.publisher.panelWriter;
  if (how === 'update' && interaction.isMessageComponent()) {
    // In place, in order with the bot's own edits of this panel (it never goes back in time).
    const messageId = interaction.message.id;
    await writer.answerClick(
      messageId,
      table.version,
      {
        update: () => interaction.update(forDjs(rendered)),
        defer: () => interaction.deferUpdate(),
        edit: () => app.publisher.editPanel(interaction, JSON.stringify(rendered)),
      },
      () => panelFingerprint(rendered, shownNote),
    );
    app.publisher.trackPanel(table.id, interaction.user.id, messageId, interaction);
    return;
  }
  const response = await interaction.reply({ ...forDjsEphemeral(rendered), withResponse: true });
  const messageId = response.resource?.message?.id;
  if (!messageId) return;
  writer.shown(messageId, table.version, panelFingerprint(rendered, shownNote));
  app.publisher.trackPanel(table.id, interaction.user.id, messageId, interaction);
}
