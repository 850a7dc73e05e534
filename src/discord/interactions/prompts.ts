/**
 * Confirmation prompts (docs/discord.md "Answers to mistakes": destructive actions confirm first),
 * shared by the slash commands and the lobby's Cancel button.
 */
import { ButtonStyle, ComponentType } from 'discord.js';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import type { TableRow } from '../../persistence/store/types.js';
import type { Actor } from '../../tables/types.js';
import { privateText } from './answers.js';
import type { InteractionLog } from './context.js';
import { tableActionId } from '../custom-id.js';

/** An ephemeral question with a (red) confirm and a keep button. */
export function confirmPrompt(question: string, confirmId: string, confirmLabel: string, keepId: string, keepLabel: string) {
  return {
    ...privateText(question),
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

/** Ask a seated player to confirm leaving the running game at `table` (`/table leave`). */
export async function askToLeave(
  interaction: { reply(payload: ReturnType<typeof confirmPrompt>): Promise<unknown> },
  table: TableRow,
  mod: GameModule,
  text: Catalog,
  log: InteractionLog,
): Promise<void> {
  log.outcome = 'confirm';
  await interaction.reply(tablePrompt(table, text.common.commands.confirmLeave(mod.title(text), table.id), 'leave-game', text.common.commands.confirmLeaveButton, text));
}

/** A confirmation about `table`: `verb` on confirm, "keep playing" otherwise. */
function tablePrompt(table: TableRow, question: string, verb: 'leave-game' | 'cancel-confirm', confirmLabel: string, text: Catalog) {
  return confirmPrompt(question, tableActionId(table.id, verb), confirmLabel, tableActionId(table.id, 'keep'), text.common.commands.keepPlaying);
}

/**
 * Ask the host (or a member with Manage Server) to confirm cancelling `table`; anyone else
 * gets a private refusal. Shared by `/table cancel` and the lobby's Cancel button.
 */
export async function askToCancel(
  interaction: { reply(payload: ReturnType<typeof confirmPrompt> | ReturnType<typeof privateText>): Promise<unknown> },
  table: TableRow,
  mod: GameModule,
  actor: Actor,
  text: Catalog,
  log: InteractionLog,
): Promise<void> {
  const commands = text.common.commands;
  if (table.hostUserId !== actor.userId && !actor.canManageGuild) {
    log.outcome = 'host-or-manager-only';
    await interaction.reply(privateText(text.common.errors.hostOrManagerOnly));
    return;
  }
  log.outcome = 'confirm';
  await interaction.reply(tablePrompt(table, commands.confirmCancel(mod.title(text), table.id), 'cancel-confirm', commands.confirmCancelButton, text));
}
