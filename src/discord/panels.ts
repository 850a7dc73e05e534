/**
 * Opening and redrawing a player's private panel, shared by `/hand`, "Show my hand",
 * "Refresh", and every answer to a game click.
 */
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import { catalogFor } from '../i18n/index.js';
import { panelMessage } from '../tables/render.js';
import type { AppContext } from './context.js';
import { forDjs, forDjsEphemeral } from './answers.js';

type PanelInteraction = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

/**
 * Answer `i` with the user's panel for `tableId`: a new ephemeral message (`reply`) or an
 * in-place update of the panel the click came from (`update`). Remembers the interaction
 * so later changes can refresh this panel. Returns false if the table is gone.
 */
export async function answerWithPanel(
  i: PanelInteraction,
  app: AppContext,
  tableId: number,
  how: 'reply' | 'update' | 'followUp',
  note?: string,
): Promise<boolean> {
  const snap = app.service.snapshot(tableId);
  if (!snap) return false;
  const mod = app.registry.get(snap.table.game);
  const rendered = panelMessage(mod, snap, i.user.id, catalogFor(i.locale), note);
  const payload = forDjsEphemeral(rendered);
  if (how === 'update' && !i.isChatInputCommand()) {
    await i.update(forDjs(rendered));
    app.publisher.trackPanel(tableId, i.user.id, snap.table.version, i);
  } else if (how === 'followUp') {
    // A follow-up is a separate message: its token cannot be tracked as "the" panel.
    await i.followUp(payload);
  } else {
    await i.reply(payload);
    app.publisher.trackPanel(tableId, i.user.id, snap.table.version, i);
  }
  return true;
}
