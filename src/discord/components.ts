/**
 * Button and select clicks, one way through: decode the custom_id (zod) → the table service
 * authorises, applies and commits in one transaction → answer from the snapshot it
 * committed → the Publisher redraws the board afterwards. Every click gets exactly one
 * answer within Discord's 3 s, and this module never reads the database itself.
 *
 * Answers: a click on a private panel updates that panel in place; a click on the public
 * board (a race or a vote) answers with the clicker's panel as a new ephemeral message;
 * lobby clicks acknowledge silently (the lobby message itself changes). Mistakes get a
 * private, plain-language answer and change nothing.
 */
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { GameModule } from '../games/module.js';
import { catalogFor, type Catalog } from '../i18n/index.js';
import type { ActOutcome, ServiceError } from '../tables/types.js';
import { actorOf, answerPrompt, privateText, serviceErrorText } from './answers.js';
import type { AppContext, InteractionLog } from './context.js';
import { decodeCustomId, type TableVerb } from './custom-id.js';
import { answerWithPanel } from './panels.js';
import { describeEvent, renderContext } from './render/context.js';
import { askToCancel } from '../commands/table.js';
import { adminClick } from '../commands/admin.js';
import { leaderboardPageClick } from '../commands/leaderboard.js';

type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

/** Handle one component interaction. */
export async function handleComponent(i: ComponentInteraction, app: AppContext, log: InteractionLog): Promise<void> {
  const t = catalogFor(i.locale);
  const id = decodeCustomId(i.customId);
  if (!id) {
    log.action = 'component';
    log.outcome = 'malformed';
    await i.reply(privateText(t.common.errors.malformed));
    return;
  }
  // Leaderboard pages and /admin confirmations are not about one table.
  if (id.kind === 'leaderboard' || id.kind === 'admin') {
    if (id.kind === 'admin') return adminClick(i, app, log, id);
    if (i.isButton()) return leaderboardPageClick(i, app, log, id);
    log.outcome = 'malformed';
    await i.reply(privateText(t.common.errors.malformed));
    return;
  }
  log.table = id.tableId;
  if (id.kind === 'table') {
    log.action = id.verb;
    await tableVerb(i, app, log, t, id.tableId, id.verb);
    return;
  }
  let code: string | undefined;
  if (id.kind === 'game') code = id.code;
  else if (i.isStringSelectMenu() && i.values.length === 1) code = i.values[0];
  log.action = 'game';
  const r = app.service.actOnCode(id.tableId, actorOf(i), id.step, code ?? '');
  if (r.ok) {
    log.action = actionName(r.value.action);
    log.outcome = 'ok';
    const mod = app.registry.get(r.value.snapshot.table.game);
    await answerWithPanel(i, app, r.value.snapshot, onPanel(i) ? 'update' : 'reply', confirmation(mod, r.value, t));
    return;
  }
  await refusedAction(i, app, log, t, r.error);
}

/** `game:<type>` for the interaction log. */
function actionName(action: unknown): string {
  return `game:${String((action as { type?: unknown }).type)}`;
}

/** Whether the clicked message is a private panel (ephemeral) rather than the public board. */
function onPanel(i: ComponentInteraction): boolean {
  return i.message.flags.has(MessageFlags.Ephemeral);
}

/** The one-line confirmation for a successful action: the first event the actor can read. */
function confirmation(mod: GameModule, outcome: ActOutcome, t: Catalog): string | undefined {
  const ctx = renderContext(mod, outcome.snapshot, t);
  for (const e of outcome.events) {
    const line = describeEvent(mod, e, ctx, outcome.seat);
    if (line) return t.common.panel.done(line);
  }
  return undefined;
}

/**
 * A refused game click: a stale or illegal click by a seated player is answered with their
 * current panel and a note (the refusal carries the table as it is now); anything else
 * privately, in plain words.
 */
async function refusedAction(i: ComponentInteraction, app: AppContext, log: InteractionLog, t: Catalog, err: ServiceError): Promise<void> {
  log.outcome = err.code;
  if (err.code !== 'stale' && err.code !== 'rule') {
    await i.reply(privateText(serviceErrorText(err, t)));
    return;
  }
  log.action = actionName(err.action);
  const mod = app.registry.get(err.snapshot.table.game);
  const note =
    err.code === 'stale'
      ? (mod.ui.staleNote?.(err.action, t) ?? (err.echo ? t.common.panel.alreadyDone : t.common.panel.stale))
      : serviceErrorText(err, t, mod);
  await answerWithPanel(i, app, err.snapshot, onPanel(i) ? 'update' : 'reply', note);
}

async function tableVerb(i: ComponentInteraction, app: AppContext, log: InteractionLog, t: Catalog, tableId: number, verb: TableVerb): Promise<void> {
  const actor = actorOf(i);
  const c = t.common.commands;
  const answerError = async (err: ServiceError) => {
    log.outcome = err.code;
    await i.reply(privateText(serviceErrorText(err, t)));
  };
  switch (verb) {
    case 'join':
    case 'leave':
    case 'start': {
      const r =
        verb === 'join' ? app.service.join(tableId, actor) : verb === 'leave' ? app.service.leaveLobby(tableId, actor) : app.service.start(tableId, actor);
      if (!r.ok) return answerError(r.error);
      log.outcome = 'ok';
      // The lobby / board message is redrawn by the Publisher; acknowledge silently.
      await i.deferUpdate();
      return;
    }
    case 'cancel': {
      // Like the other lobby buttons and confirmations, Cancel only works in the table's channel.
      const r = app.service.lookUp(tableId, actor, { sameChannel: true });
      if (!r.ok) return answerError(r.error);
      await askToCancel(i, r.value.table, app.registry.get(r.value.table.game), actor, t, log);
      return;
    }
    case 'cancel-confirm': {
      const r = app.service.cancel(tableId, actor);
      if (!r.ok) return answerError(r.error);
      log.outcome = 'ok';
      await answerPrompt(i, c.cancelledDone);
      return;
    }
    case 'leave-game': {
      const r = app.service.leaveGame(tableId, actor);
      if (!r.ok) return answerError(r.error);
      log.outcome = 'ok';
      await answerPrompt(i, c.leftDone);
      return;
    }
    case 'keep': {
      const r = app.service.lookUp(tableId, actor);
      if (!r.ok) return answerError(r.error);
      log.outcome = 'ok';
      await answerPrompt(i, c.kept);
      return;
    }
    case 'rules': {
      const r = app.service.lookUp(tableId, actor);
      if (!r.ok) return answerError(r.error);
      log.outcome = 'ok';
      await i.reply(privateText(app.registry.get(r.value.table.game).ui.rulesHelp(r.value.table.options, t)));
      return;
    }
    case 'hand':
    case 'refresh': {
      const r = app.service.markPresent(tableId, actor);
      if (!r.ok) return answerError(r.error);
      log.outcome = 'ok';
      // Players reach for these when the board is gone or buried: make sure it is there and current.
      if (verb === 'refresh') app.publisher.redraw(r.value.snapshot);
      const update = verb === 'refresh' && onPanel(i);
      await answerWithPanel(i, app, r.value.snapshot, update ? 'update' : 'reply', update ? t.common.panel.refreshed : undefined);
      return;
    }
  }
}
