/**
 * Button and select clicks, one way through: decode the custom_id (zod) → the table service
 * authorises, applies and commits in one transaction → answer from the snapshot it
 * committed → the Publisher redraws the board afterwards. Every click gets exactly one
 * answer within Discord's 3 s, and this module never reads the database itself.
 *
 * Answers: a click on a private panel updates that panel in place; a click on the public
 * board (a race or a vote) answers with the clicker's panel as a new ephemeral message;
 * lobby clicks acknowledge silently (the lobby message itself changes). Mistakes get a
 * private, plain-language answer and change nothing. Custom-id kinds that belong to a
 * command (leaderboard pages, `/admin` confirmations) go to that command's handler.
 */
import { MessageFlags } from 'discord.js';
import { BOT_LEVELS } from '../../games/bot.js';
import type { GameModule } from '../../games/module.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import type { ActOutcome, Actor, ServiceError, TableSnapshot } from '../../tables/types.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { spectatorPolicy } from '../../tables/spectators.js';
import { actorOf, answerPrompt, forDjsEphemeral, privateText, serviceErrorText } from './answers.js';
import type { AppContext, InteractionLog } from './context.js';
import { decodeCustomId, tableActionId, type CustomId, type TableVerb } from '../custom-id.js';
import { answerWithPanel } from './panels.js';
import { answerWithWatch, listWatchers, stopWatching } from './watch.js';
import { playAgainClick } from './play-again.js';
import { askToCancel, confirmPrompt } from './prompts.js';
import { whyClick } from './lessons.js';
import { moveLabel, newcomerNote } from '../render/lesson.js';
import { plainComponentTexts } from '../render/markup.js';
import { describeEvent, renderContext } from '../render/context.js';
import { rulesMessage } from '../render/rules.js';
import { hintNote } from '../render/panel.js';
import { adviseHint, requestHint } from '../../tables/hints.js';
import { registryKits } from '../../bots/kits.js';
import { acknowledgeFirst } from './late.js';
import { leaveSlot } from './admission.js';
import type { CommandComponentKind, ComponentHandler, ComponentHandlers, ComponentInteraction } from './slash-command.js';

/** Handle one component interaction; `handlers` are the commands' own custom-id kinds. */
export async function handleComponent(interaction: ComponentInteraction, app: AppContext, log: InteractionLog, handlers: ComponentHandlers): Promise<void> {
  const text = catalogFor(interaction.locale);
  const id = decodeCustomId(interaction.customId);
  if (!id) {
    log.action = 'component';
    log.outcome = 'malformed';
    await interaction.reply(privateText(text.common.errors.malformed));
    return;
  }
  if (id.kind !== 'game' && id.kind !== 'select' && id.kind !== 'table') {
    const handler = handlers[id.kind] as ComponentHandler<CommandComponentKind> | undefined;
    if (handler) return handler(interaction, app, log, id);
    log.action = id.kind;
    log.outcome = 'malformed';
    await interaction.reply(privateText(text.common.errors.malformed));
    return;
  }
  log.table = id.tableId;
  if (id.kind === 'table') {
    log.action = id.verb;
    await tableVerb(interaction, app, log, text, id.tableId, id.verb);
    return;
  }
  await gameAction(interaction, app, log, text, id);
}

/** `game:<type>` for the interaction log. */
function actionName(action: unknown): string {
  return `game:${String((action as { type?: unknown }).type)}`;
}

/** Whether the clicked message is a private panel (ephemeral) rather than the public board. */
function onPanel(interaction: ComponentInteraction): boolean {
  return interaction.message.flags.has(MessageFlags.Ephemeral);
}

/** The one-line confirmation for a successful action: the first event the actor can read (the Activity's answer too). */
export function confirmation(mod: GameModule, outcome: ActOutcome, text: Catalog): string | undefined {
  const ctx = renderContext(mod, outcome.snapshot, text);
  for (const event of outcome.events) {
    const line = describeEvent(mod, event, ctx, outcome.seat);
    if (line) return text.common.panel.done(line);
  }
  return undefined;
}

/** A game button, or a game select with exactly one chosen option (its value is the action code). */
async function gameAction(
  interaction: ComponentInteraction,
  app: AppContext,
  log: InteractionLog,
  text: Catalog,
  id: Extract<CustomId, { kind: 'game' | 'select' }>,
): Promise<void> {
  let code = '';
  if (id.kind === 'game') code = id.code;
  else if (interaction.isStringSelectMenu() && interaction.values.length === 1) code = interaction.values[0]!;
  log.action = 'game';
  const result = await app.service.play.actOnCode(id.tableId, actorOf(interaction), id.step, code);
  const how = onPanel(interaction) ? 'update' : 'reply';
  if (result.ok) {
    log.action = actionName(result.value.action);
    log.outcome = 'ok';
    const mod = app.registry.get(result.value.snapshot.table.game);
    const answered = answerWithPanel(interaction, app, result.value.snapshot, how, confirmation(mod, result.value, text));
    // The pings this move brings are follow-ups of this click (outside the global limit; docs/rate-limit.md).
    app.publisher.tokens.noteInteraction(id.tableId, interaction, answered);
    await answered;
    return;
  }
  const refusal = result.error;
  log.outcome = refusal.code;
  if (refusal.code !== 'stale' && refusal.code !== 'rule' && refusal.code !== 'lesson-not-yet') {
    if (await redrawWithReason(interaction, app, text, id.tableId, refusal)) return;
    await interaction.reply(privateText(serviceErrorText(refusal, text)));
    return;
  }
  // A seated player's stale or illegal click: their current panel, with a note.
  log.action = actionName(refusal.action);
  const mod = app.registry.get(refusal.snapshot.table.game);
  const note =
    refusal.code === 'stale'
      ? (mod.ui.staleNote?.(refusal.action, text) ?? (refusal.echo ? text.common.panel.alreadyDone : text.common.panel.stale))
      : refusal.code === 'lesson-not-yet'
        ? notYetNote(mod, refusal.snapshot, interaction.user.id, refusal.taught, text)
        : serviceErrorText(refusal, text, mod);
  await answerWithPanel(interaction, app, refusal.snapshot, how, note);
}

/**
 * The note of a click on a move a lesson does not teach now (docs/lessons.md): "Not yet — first
 * <the taught move, named as its button>".
 */
function notYetNote(mod: GameModule, snapshot: TableSnapshot, userId: string, taught: unknown[], text: Catalog): string {
  const seat = snapshot.seats.find((row) => row.userId === userId)?.seat ?? null;
  const [first] = taught;
  if (seat === null || first === undefined || !snapshot.table.state) return text.common.lesson.notYetPlain;
  const ctx = renderContext(mod, snapshot, text);
  const rows = plainComponentTexts(mod.ui.panel(mod.definition.seatView(snapshot.table.state, seat), [first], ctx).rows);
  const label = moveLabel(rows, mod.definition.encodeAction(first));
  return label ? text.common.lesson.notYet(label) : text.common.lesson.notYetPlain;
}

/**
 * A click on a private panel that was about to change — its decision already gone
 * (`nothing-to-decide`: 💡 Hint on buttons drawn before a move) or its game just over
 * (`table-closed`) — is answered like any stale click (docs/discord.md "Answers to
 * mistakes"): that panel redrawn in place, as the table is now, with the reason as its note,
 * not a bare refusal beside buttons that no longer mean anything. Only for a player of the
 * table (a seat row that is theirs); anything else keeps the private refusal. True when it
 * answered.
 */
async function redrawWithReason(interaction: ComponentInteraction, app: AppContext, text: Catalog, tableId: number, refusal: ServiceError): Promise<boolean> {
  if (refusal.code !== 'nothing-to-decide' && refusal.code !== 'table-closed') return false;
  if (!onPanel(interaction) || interaction.deferred || interaction.replied) return false;
  const looked = await app.service.reads.lookUp(tableId, actorOf(interaction));
  if (!looked.ok || !looked.value.seats.some((row) => row.userId === interaction.user.id && row.seat !== null)) return false;
  await answerWithPanel(interaction, app, looked.value, 'update', serviceErrorText(refusal, text));
  return true;
}

/** The table verbs of a hand panel's own buttons (a refusal there may redraw the panel: redrawWithReason). */
const PANEL_VERBS: ReadonlySet<TableVerb> = new Set<TableVerb>(['hint', 'refresh', 'text-version', 'pictures']);

/** A table verb (`rh1:t:…`): lobby buttons, confirmations, rules, hand and refresh. */
async function tableVerb(interaction: ComponentInteraction, app: AppContext, log: InteractionLog, text: Catalog, tableId: number, verb: TableVerb): Promise<void> {
  const actor = actorOf(interaction);
  const commands = text.common.commands;
  const refuse = async (refusal: ServiceError) => {
    log.outcome = refusal.code;
    if (PANEL_VERBS.has(verb) && (await redrawWithReason(interaction, app, text, tableId, refusal))) return;
    await interaction.reply(privateText(serviceErrorText(refusal, text)));
  };
  switch (verb) {
    case 'join':
    case 'leave':
    case 'start': {
      const result = await (verb === 'join' ? app.service.lobby.join(tableId, actor) : verb === 'leave' ? app.service.lobby.leaveLobby(tableId, actor) : app.service.lobby.start(tableId, actor));
      if (!result.ok) return refuse(result.error);
      log.outcome = 'ok';
      // A click acknowledged early by a deferred private reply (src/discord/interactions/late.ts) has that
      // reply, not the clicked message, as its `@original`: its token must not redraw the lobby.
      const ownsClicked = !interaction.deferred && !interaction.replied;
      // The lobby / board message is redrawn by the Publisher; acknowledge silently.
      const answered = interaction.deferUpdate();
      // Start's first pings are follow-ups of this click, and the lobby / board is redrawn through
      // its token (`@original` is the clicked message after a deferred update): outside the global limit (docs/rate-limit.md).
      app.publisher.tokens.noteInteraction(tableId, interaction, answered, ownsClicked ? interaction.message.id : undefined);
      await answered;
      return;
    }
    case 'cancel': {
      // Like the other lobby buttons and confirmations, Cancel only works in the table's channel.
      const result = await app.service.reads.lookUp(tableId, actor, { sameChannel: true });
      if (!result.ok) return refuse(result.error);
      await askToCancel(interaction, result.value.table, app.registry.get(result.value.table.game), actor, text, log);
      return;
    }
    case 'cancel-confirm': {
      const result = await app.service.lobby.cancel(tableId, actor);
      if (!result.ok) return refuse(result.error);
      log.outcome = 'ok';
      const { table } = result.value;
      await answerPrompt(interaction, table.lesson ? text.common.lesson.left(app.registry.get(table.game).command) : commands.cancelledDone);
      return;
    }
    case 'leave-game': {
      const result = await app.service.play.leaveGame(tableId, actor);
      if (!result.ok) return refuse(result.error);
      log.outcome = 'ok';
      // The game may have ended with this leave: one player left wins, or only bots remained.
      const { status } = result.value.table;
      await answerPrompt(interaction, status === 'active' ? commands.leftDone : status === 'finished' ? commands.leftDoneForfeit : commands.leftDoneLastHuman);
      return;
    }
    case 'keep': {
      const result = await app.service.reads.lookUp(tableId, actor);
      if (!result.ok) return refuse(result.error);
      log.outcome = 'ok';
      await answerPrompt(interaction, commands.kept);
      return;
    }
    case 'rules': {
      const result = await app.service.reads.lookUp(tableId, actor);
      if (!result.ok) return refuse(result.error);
      log.outcome = 'ok';
      const { table } = result.value;
      await interaction.reply(forDjsEphemeral(rulesMessage(app.registry.get(table.game), table.options, text)));
      return;
    }
    case 'add-bot':
    case 'remove-bot':
    case 'replace-bot': {
      // Selects: the one chosen value is a level, a bot's user id, or a seat number.
      const value = interaction.isStringSelectMenu() && interaction.values.length === 1 ? interaction.values[0]! : '';
      const level = BOT_LEVELS.find((candidate) => candidate === value);
      const seat = /^[0-9]{1,2}$/.test(value) ? Number(value) : null;
      if (verb === 'add-bot' && !level) return refuse({ code: 'malformed' });
      if (verb === 'replace-bot' && seat === null) return refuse({ code: 'malformed' });
      const result = await (verb === 'add-bot'
        ? app.service.lobby.addBot(tableId, actor, level!)
        : verb === 'remove-bot'
          ? app.service.lobby.removeBot(tableId, actor, value)
          : app.service.play.replaceWithBot(tableId, actor, seat!));
      if (!result.ok) return refuse(result.error);
      log.outcome = 'ok';
      // The lobby / board message is redrawn by the Publisher; acknowledge silently.
      await interaction.deferUpdate();
      return;
    }
    case 'again':
      await playAgainClick(interaction, app, log, text, tableId);
      return;
    case 'open': {
      // Open table (docs/activity.md "Launch"): Discord opens the Activity in this channel (callback type 12);
      // the launch is remembered so that the Activity shows this very table.
      if (!app.activity) {
        log.outcome = 'activity-off';
        await interaction.reply(privateText(text.activity.notEnabled));
        return;
      }
      const result = await app.service.reads.lookUp(tableId, actor);
      if (!result.ok) return refuse(result.error);
      app.activity.launches.remember(actor.userId, interaction.channelId, tableId);
      log.outcome = 'ok';
      await interaction.launchActivity();
      return;
    }
    case 'text-version':
    case 'pictures': {
      // The panel's switch between the hand's picture and its text version (README "Pictures"), stored through the service.
      const result = await app.service.preferences.setTextPanels(tableId, actor, verb === 'text-version');
      if (!result.ok) return refuse(result.error);
      log.outcome = 'ok';
      // A new look of the panel: nothing drawn for the old one is sent after this answer.
      await answerWithPanel(interaction, app, result.value, onPanel(interaction) ? 'update' : 'reply', undefined, true);
      return;
    }
    case 'hint': {
      // 💡 Hint (README "AI players"): the panel again, with the advice as its note. The search
      // takes a live Hard move's time (more under load, and it may run on this thread with an
      // inline policy): the click is acknowledged first (late.ts), then the answer edits the panel.
      // Too many searches waiting already: refused before anything is logged.
      const result = await requestHint(app.service.play, app.bots, tableId, actor);
      if (!result.ok) return refuse(result.error);
      if (!interaction.deferred && !interaction.replied) {
        await acknowledgeFirst(interaction, (target, body) => app.publisher.panels.edit(target, body));
        log.acknowledgedFirst = true;
      }
      // Acknowledged: the search runs on the AI players' pool, so it gives its admission slot
      // back rather than hold it for seconds under load (admission.ts `leaveSlot`).
      leaveSlot(interaction);
      const { snapshot, seat, input } = result.value;
      const mod = app.registry.get(snapshot.table.game);
      const advice = await adviseHint(app.bots, mod, input, registryKits(app.registry));
      log.outcome = 'ok';
      await answerWithPanel(interaction, app, snapshot, onPanel(interaction) ? 'update' : 'reply', hintNote(mod, snapshot, seat, advice, text));
      return;
    }
    case 'why':
      // ❔ Why (docs/lessons.md): privately, from the clicker's own view.
      await whyClick(interaction, app, log, text, tableId);
      return;
    case 'lesson-leave': {
      // Leaving a lesson asks first, like leaving a game (docs/discord.md "Answers to mistakes").
      const result = await app.service.reads.lookUp(tableId, actor);
      if (!result.ok) return refuse(result.error);
      const { table } = result.value;
      if (!table.lesson || table.hostUserId !== actor.userId) return refuse({ code: 'not-seated' });
      log.outcome = 'confirm';
      const mod = app.registry.get(table.game);
      const lesson = text.common.lesson;
      await interaction.reply(confirmPrompt(lesson.leaveAsk(mod.title(text), mod.command), tableActionId(tableId, 'cancel-confirm'), lesson.leaveButton, tableActionId(tableId, 'keep'), lesson.keepLearning));
      return;
    }
    case 'watch': {
      // 👀 Watch on a board, or 🔄 Refresh on a watch panel (docs/watching.md).
      const result = await app.service.reads.lookUp(tableId, actor);
      if (!result.ok) return refuse(result.error);
      await answerWithWatch(interaction, app, log, result.value);
      return;
    }
    case 'unwatch':
      await stopWatching(interaction, app, log, tableId);
      return;
    case 'watchers':
      await listWatchers(interaction, app, log, tableId);
      return;
    case 'hand':
    case 'refresh': {
      const result = await app.service.play.markPresent(tableId, actor);
      if (!result.ok && result.error.code === 'not-seated' && verb === 'hand' && (await pointToWatch(interaction, app, text, tableId, actor))) {
        log.outcome = 'not-seated';
        return;
      }
      if (!result.ok) return refuse(result.error);
      log.outcome = 'ok';
      // Players reach for these when the board is gone or buried: make sure it is there and current.
      if (verb === 'refresh') app.publisher.recheck(result.value.snapshot);
      const update = verb === 'refresh' && onPanel(interaction);
      // "Show my hand" on the board, when the table has no fresh board token: a deferred update of
      // the board and the panel as a private follow-up, so that this click's token can redraw the
      // board outside the global limit (docs/rate-limit.md). Not for a click acknowledged early (late.ts).
      const lend =
        verb === 'hand' && !onPanel(interaction) && !interaction.deferred && !interaction.replied && app.publisher.tokens.wantsBoardToken(result.value.snapshot.table, interaction.message.id, interaction.channelId);
      // A seat's first look at its hand: what its player is new to here (docs/lessons.md "First table of a game").
      const newcomer = result.value.firstLook ? newcomerNote(app.registry.get(result.value.snapshot.table.game), result.value.snapshot, interaction.user.id, text) : undefined;
      const note = [update ? text.common.panel.refreshed : undefined, newcomer].filter(Boolean).join('\n') || undefined;
      await answerWithPanel(interaction, app, result.value.snapshot, update ? 'update' : lend ? 'follow-up' : 'reply', note);
      // Shown once: kept on the panel's redraws a while, so a bot's move does not take it away unread.
      if (newcomer) app.publisher.panels.keepNote(result.value.snapshot.table.id, interaction.user.id, newcomer);
      return;
    }
  }
}

/**
 * "Show my hand" from someone not playing at a running table that can be watched: the private
 * answer says so and where to follow it (the board's 👀 Watch, docs/watching.md); false when
 * the table cannot be watched (then the plain refusal stands).
 */
async function pointToWatch(interaction: ComponentInteraction, app: AppContext, text: Catalog, tableId: number, actor: Actor): Promise<boolean> {
  const found = await app.service.reads.lookUp(tableId, actor);
  if (!found.ok || found.value.table.status !== 'active') return false;
  if (spectatorPolicy(tableOptionsOf(found.value.table.tableOptions)).mode === 'off') return false;
  await interaction.reply(privateText(text.common.errors.notSeatedWatch(text.watch.watchButton)));
  return true;
}
