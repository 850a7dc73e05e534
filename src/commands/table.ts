/**
 * `/table leave` and `/table cancel` for the open table in this channel. Both ask for a
 * confirmation button first (UX.md: destructive actions confirm).
 */
import { ButtonStyle, ComponentType, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { catalogFor, en } from '../i18n/index.js';
import { privateText, serviceErrorText, actorOf } from '../discord/answers.js';
import { tableActionId } from '../discord/custom-id.js';
import type { InteractionLog } from '../discord/context.js';
import type { GameModule } from '../games/module.js';
import type { Catalog } from '../i18n/index.js';
import type { TableRow } from '../persistence/repo.js';
import type { Actor } from '../tables/types.js';
import type { SlashCommand } from './types.js';

/** An ephemeral question with a confirm and a keep button. */
export function confirmPrompt(text: string, confirmId: string, confirmLabel: string, keepId: string, keepLabel: string) {
  return {
    ...privateText(text),
    components: [
      {
        type: ComponentType.ActionRow as const,
        components: [
          { type: ComponentType.Button as const, style: ButtonStyle.Danger as const, custom_id: confirmId, label: confirmLabel },
          { type: ComponentType.Button as const, style: ButtonStyle.Secondary as const, custom_id: keepId, label: keepLabel },
        ],
      },
    ],
  };
}

/** The `/table` command. */
export const tableCommand: SlashCommand = {
  name: 'table',
  data: new SlashCommandBuilder()
    .setName('table')
    .setDescription(en.common.commands.table)
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((s) => s.setName('leave').setDescription(en.common.commands.tableLeave))
    .addSubcommand((s) => s.setName('cancel').setDescription(en.common.commands.tableCancel))
    .toJSON(),
  async execute(i, app, log) {
    const t = catalogFor(i.locale);
    const c = t.common.commands;
    const sub = i.options.getSubcommand();
    log.action = `table ${sub}`;
    const snapshot = i.channelId ? app.service.openTableInChannel(i.channelId) : undefined;
    if (!snapshot) {
      log.outcome = 'no_table';
      await i.reply(privateText(t.common.errors.noOpenTableInChannel));
      return;
    }
    const { table } = snapshot;
    log.table = table.id;
    const mod = app.registry.get(table.game);
    const actor = actorOf(i);
    if (sub === 'leave') {
      const seat = snapshot.seats.find((s) => s.userId === actor.userId);
      if (!seat || seat.left) {
        log.outcome = 'not_seated';
        await i.reply(privateText(seat?.left ? t.common.errors.seatLeft : t.common.errors.notSeated));
        return;
      }
      if (table.status === 'lobby') {
        const r = app.service.leaveLobby(table.id, actor);
        log.outcome = r.ok ? 'left_lobby' : r.error.code;
        await i.reply(privateText(r.ok ? t.common.lobby.youLeft : serviceErrorText(r.error, t, mod)));
        return;
      }
      log.outcome = 'confirm';
      await i.reply(
        confirmPrompt(c.confirmLeave(mod.title, table.id), tableActionId(table.id, 'leave-game'), c.confirmLeaveButton, tableActionId(table.id, 'keep'), c.keepPlaying),
      );
      return;
    }
    await askToCancel(i, table, mod, actor, t, log);
  },
};

/**
 * Ask the host (or a member with Manage Server) to confirm cancelling `table`; anyone else
 * gets a private refusal. Shared by `/table cancel` and the lobby's Cancel button.
 */
export async function askToCancel(
  i: { reply(p: ReturnType<typeof confirmPrompt> | ReturnType<typeof privateText>): Promise<unknown> },
  table: TableRow,
  mod: GameModule,
  actor: Actor,
  t: Catalog,
  log: InteractionLog,
): Promise<void> {
  const c = t.common.commands;
  if (table.hostUserId !== actor.userId && !actor.canManageGuild) {
    log.outcome = 'host_or_manager_only';
    await i.reply(privateText(t.common.errors.hostOrManagerOnly));
    return;
  }
  log.outcome = 'confirm';
  await i.reply(
    confirmPrompt(c.confirmCancel(mod.title, table.id), tableActionId(table.id, 'cancel-confirm'), c.confirmCancelButton, tableActionId(table.id, 'keep'), c.keepPlaying),
  );
}
