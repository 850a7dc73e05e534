/**
 * Opening and redrawing a player's private panel, shared by `/hand`, "Show my hand",
 * "Refresh", and every answer to a game click.
 */
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { MessagePicture } from '../pictures/index.js';
import { requestBody } from '../render/message-body.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import type { GameModule } from '../../games/module.js';
import type { TableSnapshot } from '../../tables/types.js';
import { panelFingerprint, panelMessage } from '../render/panel.js';
import type { MessagePayload } from '../render/markup.js';
import type { AppContext } from './context.js';
import { forDjs, forDjsEphemeral, missingChannelPermissions } from './answers.js';
import { markStage } from './stages.js';
import { leaveSlot } from './admission.js';
import { settledWithin } from './late.js';
import { viewerSeatOf } from '../../tables/policy.js';

type PanelInteraction = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

/**
 * Answer `interaction` with the user's panel drawn from `snapshot` (the table as the
 * service just committed or read it): a new ephemeral message (`reply`), an in-place
 * update of the panel the click came from (`update`), or — for a click on the table's board
 * (`follow-up`) — a deferred update of the board, whose token then redraws the board
 * (`InteractionTokens.noteBoardClick`, src/discord/publish/tokens.ts), and the panel as an ephemeral follow-up. Remembers the
 * interaction so later changes can refresh this panel. When the bot can no longer post in the table's channel,
 * the panel says so (the board cannot be updated). `lookChanged`: the click switched the
 * panel between pictures and text (a new look, PanelWriter `changeLook`: nothing drawn for
 * the old look is sent after this answer).
 */
export async function answerWithPanel(
  interaction: PanelInteraction,
  app: AppContext,
  snapshot: TableSnapshot,
  how: 'reply' | 'update' | 'follow-up',
  note?: string,
  lookChanged = false,
): Promise<void> {
  markStage(interaction, 'panel');
  const text = catalogFor(interaction.locale);
  const { table } = snapshot;
  // A note kept on this player's panel (the first-table note) ends with their next click.
  app.publisher.panels.dropNote(table.id, interaction.user.id);
  const mod = app.registry.get(table.game);
  const missing = interaction.channelId === table.channelId && table.status === 'active' ? missingChannelPermissions(interaction, text) : [];
  // Without Attach Files alone the board is drawn as text (src/discord/publish/channel-access.ts;
  // nothing to say for a game without pictures); anything else missing blocks the board: editing
  // it needs View Channel and Embed Links, and without Send Messages (in Threads, in a thread)
  // those are implicitly denied (docs/discord-conformance.md "Permissions").
  const onlyFiles = missing.length === 1 && missing[0] === text.common.permissions.AttachFiles;
  const warning = missing.length === 0 || (onlyFiles && !mod.pictures) ? undefined : onlyFiles ? text.platform.noFilesNote : text.common.panel.boardBlocked(missing.join(', '));
  const shownNote = [note, warning].filter(Boolean).join('\n') || undefined;
  // A seat left while the game runs shows no hand and no picture (viewerSeatOf).
  const seat = viewerSeatOf(snapshot.seats.find((row) => row.userId === interaction.user.id), table.status);
  // The player's text-panels setting came with the table's read (their seat row): no read of their settings here.
  const textBoards = mod.pictures ? app.publisher.panelAsText(snapshot.seats.find((row) => row.userId === interaction.user.id), interaction.user.id) : false;
  const pictures = app.publisher.pictures;
  const wanted = !!mod.pictures && seat !== null && !textBoards && !!table.state;
  // A picture already drawn goes with the answer; one being drawn is waited for at most
  // PICTURE_INLINE_WAIT_MS, with the click's admission slot given back meanwhile (below), and
  // after that the click is answered and the picture follows as an edit. Never while holding the
  // slot: waiting for renders there held every slot with the event loop idle, the clicks behind
  // waited past ACKNOWLEDGE_FIRST_AFTER_MS and were acknowledged first in turn (docs/pictures.md
  // "Click → answer" and "Click → answer at 200 clicks/s, 2026-12-07 night").
  // A lesson shows the board's picture too, for games whose hand picture does not show the whole table (docs/lessons.md).
  const withBoard = !!table.lesson && !!mod.lesson?.showBoard;
  const picture = wanted ? pictures.cached(mod, snapshot, seat, text) : null;
  const board = wanted && withBoard ? pictures.cached(mod, snapshot, null, text) : null;
  markStage(interaction, 'cached');
  // A picture the render queue would refuse now (full, or not done within PICTURE_EDIT_BY_MS)
  // is not waited for: the answer is the text version at once, not an acknowledgement and an
  // edit to the same text version later.
  let later = wanted && (!picture || (withBoard && !board)) && pictures.queue.wouldRefuse(Date.now() + PICTURE_EDIT_BY_MS, true) === null;
  let shown: Shown = { hand: picture, board };
  // A picture soon drawn (its render goes first in the queue) is waited for, a little: one
  // answer with it instead of an acknowledgement and an edit — half the requests, and the
  // player sees it sooner. The click gives its admission slot back meanwhile (admission.ts
  // `leaveSlot`: a wait off the event loop holds no slot).
  let drawing: Promise<Shown> | null = null;
  if (later) {
    drawing = shownPictures(app, mod, snapshot, seat!, text, withBoard);
    const waitMs = inlineWaitMs(interaction, Date.now());
    if (waitMs > 0) {
      leaveSlot(interaction);
      const waited = await settledWithin(drawing, waitMs);
      markStage(interaction, 'pictureWaited');
      if (waited) {
        shown = waited;
        later = false;
      }
    }
  }
  const toCome = () => (drawing ??= shownPictures(app, mod, snapshot, seat!, text, withBoard));
  const draw = (drawn: Shown) => panelMessage(mod, snapshot, interaction.user.id, text, shownNote, { picture: drawn.hand, board: drawn.board, textBoards });
  const writer = app.publisher.panels.writer;
  if (how === 'update' && interaction.isMessageComponent()) {
    // In place, in order with the bot's own edits of this panel (it never goes back in time).
    // A picture still to draw: acknowledge now (the panel keeps showing its last picture), then edit.
    const messageId = interaction.message.id;
    const look = lookChanged ? writer.changeLook(messageId) : writer.lookOf(messageId);
    let rendered = later ? null : draw(shown);
    await writer.answerClick(
      messageId,
      table.version,
      {
        update: () => (markStage(interaction, 'sending'), interaction.update(forDjs(rendered!, true)).finally(() => markStage(interaction, 'answered'))),
        defer: () => (markStage(interaction, 'sending'), interaction.deferUpdate().finally(() => markStage(interaction, 'answered'))),
        edit: async () => {
          rendered ??= draw(await toCome());
          writer.showing(messageId, panelFingerprint(rendered, shownNote));
          return app.publisher.panels.edit(interaction, requestBody(rendered, true));
        },
      },
      () => (rendered ? panelFingerprint(rendered, shownNote) : ''),
      rendered !== null,
      look,
    );
    app.publisher.panels.track(table.id, interaction.user.id, messageId, interaction);
    return;
  }
  const followUp = how === 'follow-up' && interaction.isMessageComponent();
  // A new panel whose picture is not drawn yet (a cold picture cache — after a restart, say —
  // must not change what the player sees): acknowledge now and send the panel with its
  // picture once drawn. Only a click acknowledged first under load (late.ts) still gets the
  // text version at once.
  if (later && !interaction.deferred && !interaction.replied) return panelWithPictureToCome(interaction, app, toCome(), snapshot, text, followUp, draw, shownNote);
  // A new panel: at once, with its picture if drawn already, else the text version at once
  // and the picture as an edit when drawn (or the text version stays: the queue refused it).
  let messageId: string | undefined;
  const rendered = draw(shown);
  markStage(interaction, 'sending');
  if (followUp) {
    // The board's token: its `@original` is the board once the deferred update went through.
    const acknowledged = interaction.deferUpdate();
    app.publisher.tokens.noteBoardClick(table.id, interaction, acknowledged, interaction.message.id);
    await acknowledged;
    markStage(interaction, 'answered');
    messageId = (await interaction.followUp(forDjsEphemeral(rendered))).id;
  } else {
    const response = await interaction.reply({ ...forDjsEphemeral(rendered), withResponse: true });
    markStage(interaction, 'answered');
    messageId = response.resource?.message?.id;
  }
  if (!messageId) return;
  writer.shown(messageId, table.version, panelFingerprint(rendered, shownNote));
  app.publisher.panels.track(table.id, interaction.user.id, messageId, interaction, followUp);
  if (!later) return;
  const id = messageId;
  // Drawn for the look the panel has now: a switch to the text version before the picture
  // arrives (PanelWriter `changeLook`) drops it.
  const look = writer.lookOf(id);
  // Not awaited: the click's handler (and its admission slot, admission.ts) is done once answered.
  void toCome().then((drawn) => {
    if (!drawn.hand) return;
    const withPicture = draw(drawn);
    // Same version: sent unless the panel already shows (or will show) a newer one.
    writer.write(
      id,
      table.version,
      () => {
        writer.showing(id, panelFingerprint(withPicture, shownNote));
        return app.publisher.panels.edit(interaction, requestBody(withPicture, true), followUp ? id : '@original');
      },
      true,
      undefined,
      look,
    );
  });
}

/**
 * A new panel whose hand picture is still to be drawn: the click is acknowledged at once — a
 * deferred private reply ("thinking…"), or for a click on the board a deferred update of the
 * board — and the panel follows with its picture once drawn (the text version when the render
 * is refused or fails): an edit of the deferred reply, or the private follow-up. The handler
 * returns once acknowledged (its admission slot is free, admission.ts); the drawing is not
 * waited for.
 */
async function panelWithPictureToCome(
  interaction: PanelInteraction,
  app: AppContext,
  drawing: Promise<Shown>,
  snapshot: TableSnapshot,
  text: Catalog,
  followUp: boolean,
  draw: (drawn: Shown) => MessagePayload,
  shownNote: string | undefined,
): Promise<void> {
  const { table } = snapshot;
  const writer = app.publisher.panels.writer;
  markStage(interaction, 'sending');
  if (followUp && interaction.isMessageComponent()) {
    // The board's token: its `@original` is the board once the deferred update went through.
    const acknowledged = interaction.deferUpdate();
    app.publisher.tokens.noteBoardClick(table.id, interaction, acknowledged, interaction.message.id);
    await acknowledged;
    markStage(interaction, 'answered');
    void drawing.then(async (drawn) => {
      const rendered = draw(drawn);
      const sent = await interaction.followUp(forDjsEphemeral(rendered));
      writer.shown(sent.id, table.version, panelFingerprint(rendered, shownNote));
      app.publisher.panels.track(table.id, interaction.user.id, sent.id, interaction, true);
    }).catch((err: unknown) => app.logger.warn({ err, table: table.id }, 'the panel after its picture could not be sent'));
    return;
  }
  const response = await interaction.deferReply({ flags: MessageFlags.Ephemeral, withResponse: true });
  markStage(interaction, 'answered');
  const id = response.resource?.message?.id;
  if (!id) return;
  writer.shown(id, 0);
  app.publisher.panels.track(table.id, interaction.user.id, id, interaction);
  const look = writer.lookOf(id);
  void drawing.then((drawn) => {
    const rendered = draw(drawn);
    // In order with the publisher's refreshes of this panel: not sent when a newer one went first.
    writer.write(
      id,
      table.version,
      () => {
        writer.showing(id, panelFingerprint(rendered, shownNote));
        return app.publisher.panels.edit(interaction, requestBody(rendered, true));
      },
      true,
      undefined,
      look,
    );
  });
}

/**
 * Longest a click's answer waits for its own picture still being drawn, ms: drawn by then, the
 * answer carries it (one request); else the click is acknowledged and the picture follows as an
 * edit. Never past INLINE_WAIT_UNTIL_AGE_MS of the interaction's age (Discord's 3 s to answer,
 * docs/discord.md §1). A click already acknowledged first (late.ts) waits up to
 * PICTURE_EDIT_BY_MS instead, and gets one edit.
 */
export const PICTURE_INLINE_WAIT_MS = 250;

/** A click this old (ms since its snowflake) no longer waits for its picture before it is answered. */
export const INLINE_WAIT_UNTIL_AGE_MS = 1500;

/** How long `interaction` may still wait for its picture at `now` (Unix ms), ms (≥ 0). */
function inlineWaitMs(interaction: { createdTimestamp: number; deferred: boolean; replied: boolean }, now: number): number {
  // Acknowledged already (late.ts, under load): the token lives 15 minutes, and the user sees
  // "thinking…" either way — one edit with the picture (or the text version, refused) instead of
  // the text version now and the picture as a second edit: under overload every request counts.
  if (interaction.deferred || interaction.replied) return PICTURE_EDIT_BY_MS;
  const created = Number.isFinite(interaction.createdTimestamp) ? interaction.createdTimestamp : now;
  return Math.max(0, Math.min(PICTURE_INLINE_WAIT_MS, created + INLINE_WAIT_UNTIL_AGE_MS - now));
}

/**
 * A picture not drawn yet is sent as an edit only if drawn within this, ms from when it is
 * asked for; later the text version stays (README "Pictures": a picture that would arrive
 * seconds after the answer is worth less than the render time it takes from other clicks).
 */
export const PICTURE_EDIT_BY_MS = 2000;

/** The pictures a panel shows: the seat's hand, and a lesson's board (docs/lessons.md). */
interface Shown {
  hand: MessagePicture | null;
  board: MessagePicture | null;
}

/** Seat `seat`'s hand picture and, when `withBoard` (a lesson's), the board's, each in turn in the render queue (null: refused or failed). */
async function shownPictures(app: AppContext, mod: GameModule, snapshot: TableSnapshot, seat: number, text: Catalog, withBoard: boolean): Promise<Shown> {
  const [hand, board] = await Promise.all([handPicture(app, mod, snapshot, seat, text), withBoard ? handPicture(app, mod, snapshot, null, text) : Promise.resolve(null)]);
  return { hand, board };
}

/**
 * Seat `seat`'s hand picture (null: the board's) in turn in the render queue, or null: the queue refused it (full,
 * too late for PICTURE_EDIT_BY_MS, or a newer version was asked for), or drawing failed (logged).
 */
async function handPicture(app: AppContext, mod: GameModule, snapshot: TableSnapshot, seat: number | null, text: Catalog): Promise<MessagePicture | null> {
  try {
    return (await app.publisher.pictures.request(mod, snapshot, seat, text, Date.now() + PICTURE_EDIT_BY_MS, true)).picture;
  } catch (err) {
    app.logger.warn({ err, table: snapshot.table.id, seat }, 'hand picture failed');
    return null;
  }
}
