/** The shape of a slash command module: its registration body and its handler. */
import type { ChatInputCommandInteraction, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { AppContext, InteractionLog } from '../discord/context.js';

/** One slash command (DESIGN.md §7: one module per command, builder + handler). */
export interface SlashCommand {
  /** Top-level command name. */
  name: string;
  /** Registration body (bulk overwrite). */
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /** Handle one invocation; must answer the interaction within 3 s. */
  execute(i: ChatInputCommandInteraction, app: AppContext, log: InteractionLog): Promise<void>;
}
