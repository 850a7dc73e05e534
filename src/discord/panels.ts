/**
 * Opening and redrawing a player's private panel, shared by `/hand`, "Show my hand",
 * "Refresh", and every answer to a game click.
 */
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { MessagePicture } from './pictures/index.js';
import { requestBody } from './message-body.js';
import { interactionAgeMs } from './late.js';
import type { MessagePayload } from './render/markup.js';
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
  const seat = snapshot.seats.find((row) => row.userId === interaction.user.id)?.seat ?? null;
  const textBoards = mod.pictures ? await app.publisher.textBoards.user(interaction.user.id).catch(() => false) : false;
  const pictureWork = app.publisher.handPicture(mod, snapshot, seat, text, textBoards);
  // A picture not drawn in time is sent after acknowledging the click (never a late answer).
  const acknowledged = interaction.deferred || interaction.replied;
  const picture = acknowledged ? await pictureWork : await within(pictureWork, PICTURE_ANSWER_BY_MS - interactionAgeMs(interaction));
  const draw = (drawn: MessagePicture | null) => panelMessage(mod, snapshot, interaction.user.id, text, shownNote, { picture: drawn, textBoards });
  const writer = app.publisher.panelWriter;
  if (how === 'update' && interaction.isMessageComponent()) {
    // In place, in order with the bot's own edits of this panel (it never goes back in time).
    const messageId = interaction.message.id;
    let rendered = picture === undefined ? null : draw(picture);
    await writer.answerClick(
      messageId,
      table.version,
      {
        update: () => interaction.update(forDjs(rendered!, true)),
        defer: () => interaction.deferUpdate(),
        edit: async () => {
          rendered ??= draw(await pictureWork);
          writer.showing(messageId, panelFingerprint(rendered, shownNote));
          return app.publisher.editPanel(interaction, requestBody(rendered, true));
        },
      },
      () => (rendered ? panelFingerprint(rendered, shownNote) : ''),
      rendered !== null,
    );
    app.publisher.trackPanel(table.id, interaction.user.id, messageId, interaction);
    return;
  }
  let messageId: string | undefined;
  let rendered: MessagePayload;
  if (picture === undefined) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    rendered = draw(await pictureWork);
    messageId = (await interaction.editReply(forDjs(rendered))).id;
  } else {
    rendered = draw(picture);
    const response = await interaction.reply({ ...forDjsEphemeral(rendered), withResponse: true });
    messageId = response.resource?.message?.id;
  }
  if (!messageId) return;
  writer.shown(messageId, table.version, panelFingerprint(rendered, shownNote));
  app.publisher.trackPanel(table.id, interaction.user.id, messageId, interaction);
}

/**
 * A click is answered with its picture only while younger than this, ms (its snowflake's
 * age): a picture still being drawn then is sent after acknowledging the click. Below
 * late.ts ACKNOWLEDGE_FIRST_AFTER_MS plus a picture's p99, well inside Discord's 3 s.
 */
export const PICTURE_ANSWER_BY_MS = 1500;

/** `work`'s value if it settles within `ms` (≤ 0: only if already settled), else undefined. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
