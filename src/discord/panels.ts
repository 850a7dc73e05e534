/**
 * Opening and redrawing a player's private panel, shared by `/hand`, "Show my hand",
 * "Refresh", and every answer to a game click.
 */
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import { catalogFor } from '../i18n/index.js';
import { panelMessage } from '../tables/render.js';
import type { AppContext } from './context.js';
import { forDjs, forDjsEphemeral, missingChannelPermissions } from './answers.js';

type PanelInteraction = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

/**
 * Answer `i` with the user's panel for `tableId`: a new ephemeral message (`reply`) or an
 * in-place update of the panel the click came from (`update`). Remembers the interaction
 * so later changes can refresh this panel. When the bot can no longer post in the table's
 * channel, the panel says so (the board cannot be updated). Returns false if the table is gone.
 */
export async function answerWithPanel(
  i: PanelInteraction,
  app: AppContext,
  tableId: number,
  how: 'reply' | 'update',
  note?: string,
): Promise<boolean> {
  const snap = app.service.snapshot(tableId);
  if (!snap) return false;
  const t = catalogFor(i.locale);
  const mod = app.registry.get(snap.table.game);
  const missing = i.channelId === snap.table.channelId && snap.table.status === 'active' ? missingChannelPermissions(i, t) : [];
  // Editing its own board needs View Channel + Embed Links; Send Messages is for pings and re-posting.
  const onlySend = missing.length === 1 && missing[0] === t.common.permissions.SendMessages;
  const warning = missing.length ? (onlySend ? t.common.panel.postBlocked(missing[0]!) : t.common.panel.boardBlocked(missing.join(', '))) : undefined;
  const rendered = panelMessage(mod, snap, i.user.id, t, [note, warning].filter(Boolean).join('\n') || undefined);
  if (how === 'update' && !i.isChatInputCommand()) {
    await i.update(forDjs(rendered));
  } else {
    await i.reply(forDjsEphemeral(rendered));
  }
  app.publisher.trackPanel(tableId, i.user.id, snap.table.version, i);
  return true;
}
