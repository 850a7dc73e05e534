/**
 * Button and select clicks: decode the custom_id (zod), then lobby verbs, table verbs and
 * game actions. Every click gets exactly one answer within Discord's 3 s: the database work
 * is synchronous and done first, the board is redrawn afterwards by the Publisher.
 *
 * Answers: a click on a private panel updates that panel in place; a click on the public
 * board (a race or a vote) answers with the clicker's panel as a new ephemeral message;
 * lobby clicks acknowledge silently (the lobby message itself changes). Mistakes get a
 * private, plain-language answer and change nothing.
 */
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { GameModule } from '../games/module.js';
import { catalogFor, type Catalog } from '../i18n/index.js';
import { describeEvent, renderContext } from '../tables/render.js';
import type { TableRow } from '../persistence/repo.js';
import type { ActOutcome } from '../tables/types.js';
import { actorOf, answerPrompt, privateText, serviceErrorText } from './answers.js';
import type { AppContext, InteractionLog } from './context.js';
import { decodeCustomId, type TableVerb } from './custom-id.js';
import { answerWithPanel } from './panels.js';
import { askToCancel } from '../commands/table.js';
import { adminClick } from '../commands/admin.js';
import { leaderboardPageClick } from '../commands/leaderboard.js';

type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

/** Table verbs only valid from a message in the table's own channel (lobby, confirmations). */
const CHANNEL_BOUND_VERBS: ReadonlySet<TableVerb> = new Set(['join', 'leave', 'start', 'cancel', 'cancel-confirm', 'leave-game']);

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
  // Leaderboard pages and /admin confirmations (issue 7) are not about one table.
  if (id.kind === 'leaderboard' || id.kind === 'admin') {
    if (id.kind === 'admin') return adminClick(i, app, log, id);
    if (i.isButton()) return leaderboardPageClick(i, app, log, id);
    log.outcome = 'malformed';
    await i.reply(privateText(t.common.errors.malformed));
    return;
  }
  log.table = id.tableId;
  const table = app.repo.table(id.tableId);
  const mod = table ? app.registry.find(table.game) : undefined;
  // A table is only reachable from its own server (ids are sequential: never trust them).
  if (!table || !mod || table.guildId !== i.guildId) {
    log.action = id.kind === 'table' ? id.verb : 'game';
    log.outcome = 'no_table';
    await i.reply(privateText(t.common.errors.noTable));
    return;
  }
  // Lobby buttons and confirmations live in the table's channel.
  if (id.kind === 'table' && CHANNEL_BOUND_VERBS.has(id.verb) && i.channelId !== table.channelId) {
    log.action = id.verb;
    log.outcome = 'other_channel';
    await i.reply(privateText(t.common.errors.otherChannel(table.channelId)));
    return;
  }
  if (id.kind === 'table') {
    log.action = id.verb;
    await tableVerb(i, app, log, t, table, mod, id.verb);
    return;
  }
  let code: string | undefined;
  if (id.kind === 'game') code = id.code;
  else if (i.isStringSelectMenu() && i.values.length === 1) code = i.values[0];
  const action = code ? mod.definition.decodeAction(code) : null;
  log.action = action ? `game:${String((action as { type?: unknown }).type)}` : 'game';
  if (!action) {
    log.outcome = 'malformed';
    await i.reply(privateText(t.common.errors.malformed));
    return;
  }
  await gameAction(i, app, log, t, table, mod, id.step, action);
}

/** Whether the clicked message is a private panel (ephemeral) rather than the public board. */
function onPanel(i: ComponentInteraction): boolean {
  return i.message.flags.has(MessageFlags.Ephemeral);
}

/** The one-line confirmation for a successful action: the first event the actor can read. */
function confirmation(app: AppContext, mod: GameModule, outcome: ActOutcome, t: Catalog): string | undefined {
  const ctx = renderContext(mod, outcome, t);
  for (const e of outcome.events) {
    const line = describeEvent(mod, e, ctx, outcome.seat);
    if (line) return t.common.panel.done(line);
  }
  return undefined;
}

/** Within this window, a stale click repeating the clicker's own last action is a double click. */
export const DOUBLE_CLICK_MS = 10_000;

/** True when `action` repeats the clicker's own newest logged action (a double click). */
function isOwnEcho(app: AppContext, tableId: number, userId: string, action: unknown): boolean {
  const last = app.repo.lastAction(tableId);
  return !!last && last.userId === userId && Date.now() - last.at < DOUBLE_CLICK_MS && JSON.stringify(last.action) === JSON.stringify(action);
}

async function gameAction(
  i: ComponentInteraction,
  app: AppContext,
  log: InteractionLog,
  t: Catalog,
  table: TableRow,
  mod: GameModule,
  step: number,
  action: unknown,
): Promise<void> {
  const panel = onPanel(i);
  const r = app.service.act(table.id, actorOf(i), step, action);
  if (r.ok) {
    log.outcome = 'ok';
    await answerWithPanel(i, app, table.id, panel ? 'update' : 'reply', confirmation(app, mod, r.value, t));
    return;
  }
  log.outcome = r.error.code;
  const err = r.error;
  const seated = app.repo.seats(table.id).some((s) => s.userId === i.user.id && s.seat !== null);
  let note: string;
  if (err.code === 'stale') note = mod.ui.staleNote?.(action, t) ?? (isOwnEcho(app, table.id, i.user.id, action) ? t.common.panel.alreadyDone : t.common.panel.stale);
  else if (err.code === 'rule') note = serviceErrorText(err, t, mod);
  else {
    await i.reply(privateText(serviceErrorText(err, t, mod)));
    return;
  }
  if (!seated || table.status !== 'active') {
    await i.reply(privateText(note));
    return;
  }
  app.service.touch(table.id, i.user.id);
  await answerWithPanel(i, app, table.id, panel ? 'update' : 'reply', note);
}

async function tableVerb(
  i: ComponentInteraction,
  app: AppContext,
  log: InteractionLog,
  t: Catalog,
  table: TableRow,
  mod: GameModule,
  verb: TableVerb,
): Promise<void> {
  const actor = actorOf(i);
  const c = t.common.commands;
  const answerError = async (r: { ok: false; error: Parameters<typeof serviceErrorText>[0] }) => {
    log.outcome = r.error.code;
    await i.reply(privateText(serviceErrorText(r.error, t, mod)));
  };
  switch (verb) {
    case 'join':
    case 'leave':
    case 'start': {
      const r =
        verb === 'join'
          ? app.service.join(table.id, actor)
          : verb === 'leave'
            ? app.service.leaveLobby(table.id, actor)
            : app.service.start(table.id, actor);
      if (!r.ok) return answerError(r);
      log.outcome = 'ok';
      // The lobby / board message is redrawn by the Publisher; acknowledge silently.
      await i.deferUpdate();
      return;
    }
    case 'cancel':
      await askToCancel(i, table, mod, actor, t, log);
      return;
    case 'cancel-confirm': {
      const r = app.service.cancel(table.id, actor);
      if (!r.ok) return answerError(r);
      log.outcome = 'ok';
      await answerPrompt(i, c.cancelledDone);
      return;
    }
    case 'leave-game': {
      const r = app.service.leaveGame(table.id, actor);
      if (!r.ok) return answerError(r);
      log.outcome = 'ok';
      await answerPrompt(i, c.leftDone);
      return;
    }
    case 'keep':
      log.outcome = 'ok';
      await answerPrompt(i, c.kept);
      return;
    case 'rules':
      log.outcome = 'ok';
      await i.reply(privateText(mod.ui.rulesHelp(table.options, t)));
      return;
    case 'hand':
    case 'refresh': {
      if (table.status === 'lobby') {
        log.outcome = 'not_active';
        await i.reply(privateText(t.common.errors.notActive));
        return;
      }
      const seated = app.repo.seats(table.id).some((s) => s.userId === actor.userId && s.seat !== null);
      if (!seated) {
        log.outcome = 'not_seated';
        await i.reply(privateText(t.common.errors.notSeated));
        return;
      }
      app.service.touch(table.id, actor.userId);
      log.outcome = 'ok';
      const update = verb === 'refresh' && onPanel(i);
      await answerWithPanel(i, app, table.id, update ? 'update' : 'reply', update ? t.common.panel.refreshed : undefined);
      if (verb === 'refresh') app.publisher.redraw(table.id);
      return;
    }
  }
}
