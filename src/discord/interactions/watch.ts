/**
 * Watching a table (docs/watching.md): 👀 Watch on a running board, its
 * panel's 🔄 Refresh and `/table watch` open (or redraw) the clicker's private watch panel; ⏹
 * Stop watching ends it; "👁 N watching" lists who watches. A player never watches their own
 * table, and nobody watches where the table's spectators are off: each is refused privately.
 * The panel is drawn by the publisher's watch panels (src/discord/publish/watch-panels.ts) from
 * the watcher's replay, never from the live table.
 */
import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { spectatorPolicy, watchRefusal } from '../../tables/spectators.js';
import type { TableSnapshot } from '../../tables/types.js';
import type { MessagePayload } from '../render/markup.js';
import { panelFingerprint } from '../render/panel.js';
import { stoppedWatchingMessage } from '../render/watch.js';
import { requestBody } from '../render/message-body.js';
import { escapeName } from '../render/markup.js';
import { actorOf, forDjs, forDjsEphemeral, privateText } from './answers.js';
import type { AppContext, InteractionLog } from './context.js';
import { interactionAgeMs, settledWithin } from './late.js';
import type { ComponentInteraction } from './slash-command.js';

/**
 * How long (ms, counted from the interaction's creation) a watch panel waits for its pictures
 * before answering: a picture already drawn (the step's PNG is cached by its SVG) goes with
 * the answer; otherwise the interaction is acknowledged and the panel follows as an edit.
 */
export const WATCH_PICTURE_WAIT_MS = 250;

/** Why `userId` may not watch `snapshot`'s table (a private line), or null. */
export function watchRefusalText(snapshot: TableSnapshot, userId: string, text: Catalog): { outcome: string; text: string } | null {
  const { table } = snapshot;
  if (table.status === 'lobby' || !table.state) return { outcome: 'not_started', text: text.watch.errors.notStarted };
  const refusal = watchRefusal(spectatorPolicy(tableOptionsOf(table.tableOptions)), snapshot.seats.find((row) => row.userId === userId));
  if (refusal === 'is-player') return { outcome: 'is_player', text: text.watch.errors.isPlayer };
  if (refusal === 'spectators-off') return { outcome: 'spectators_off', text: text.watch.errors.off };
  return null;
}

/**
 * Answer `interaction` with the clicker's watch panel of `snapshot`'s table: in place when the
 * click came from their watch panel, else a new private message; tracked for redraws while the
 * table runs (an ended table's panel shows its end, with Review). Refusals are private.
 */
export async function answerWithWatch(interaction: ChatInputCommandInteraction | ComponentInteraction, app: AppContext, log: InteractionLog, snapshot: TableSnapshot): Promise<void> {
  const text = catalogFor(interaction.locale);
  log.table = snapshot.table.id;
  const refused = watchRefusalText(snapshot, interaction.user.id, text);
  if (refused) {
    log.outcome = refused.outcome;
    await interaction.reply(privateText(refused.text));
    return;
  }
  const watchers = app.publisher.watchers;
  const mod = app.registry.get(snapshot.table.game);
  // A watcher has no seat at the table: their text-panels setting is read with their own click (kept with their panel for its redraws).
  const stored = mod.pictures ? await app.service.preferences.textPanels(interaction.user.id).catch(() => false) : false;
  const textBoards = mod.pictures ? app.publisher.panelAsText(undefined, interaction.user.id, stored) : false;
  const drawing = watchers.draw(snapshot, text, textBoards);
  drawing.catch(() => undefined);
  const acknowledged = interaction.deferred || interaction.replied;
  const ready = acknowledged ? await drawing : await settledWithin(drawing, WATCH_PICTURE_WAIT_MS - interactionAgeMs(interaction));
  const inPlace = interaction.isMessageComponent() && interaction.message.flags.has(MessageFlags.Ephemeral);
  const { version } = snapshot.table;
  log.outcome = 'ok';
  let messageId: string | undefined;
  if (inPlace && interaction.isMessageComponent()) {
    messageId = interaction.message.id;
    const id = messageId;
    let payload: MessagePayload | undefined = ready;
    await watchers.writer.answerClick(
      id,
      version,
      {
        update: () => interaction.update(forDjs(payload!, true)),
        defer: () => interaction.deferUpdate(),
        edit: async () => {
          payload ??= await drawing;
          watchers.writer.showing(id, panelFingerprint(payload));
          return app.publisher.panels.edit(interaction, requestBody(payload, true));
        },
      },
      () => (payload ? panelFingerprint(payload) : ''),
      ready !== undefined,
    );
  } else if (ready === undefined) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const payload = await drawing;
    messageId = (await interaction.editReply(forDjs(payload, true))).id;
    watchers.writer.shown(messageId, version, panelFingerprint(payload));
  } else {
    const response = await interaction.reply({ ...forDjsEphemeral(ready), withResponse: true });
    messageId = response.resource?.message?.id;
    if (messageId) watchers.writer.shown(messageId, version, panelFingerprint(ready));
  }
  if (messageId && snapshot.table.status === 'active') watchers.track(snapshot, interaction.user.id, actorOf(interaction).displayName, messageId, interaction, stored);
}

/** ⏹ Stop watching: the panel says so and is no longer redrawn; the board's count goes down. */
export async function stopWatching(interaction: ComponentInteraction, app: AppContext, log: InteractionLog, tableId: number): Promise<void> {
  const text = catalogFor(interaction.locale);
  const snapshot = await app.service.reads.snapshot(tableId);
  const mod = snapshot ? app.registry.find(snapshot.table.game) : undefined;
  log.outcome = app.publisher.watchers.stop(tableId, interaction.user.id) ? 'ok' : 'not_watching';
  await interaction.update(forDjs(stoppedWatchingMessage(mod, text), true));
}

/** "👁 N watching": who watches the table now, privately. */
export async function listWatchers(interaction: ComponentInteraction, app: AppContext, log: InteractionLog, tableId: number): Promise<void> {
  const text = catalogFor(interaction.locale);
  const names = app.publisher.watchers.names(tableId);
  log.outcome = 'ok';
  await interaction.reply(privateText(names.length ? text.watch.watchers(names.map(escapeName).join(', ')) : text.watch.nobody));
}
