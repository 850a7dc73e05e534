/**
 * The command contract (docs/architecture.md §10: one module per command, builder + handler). Commands
 * live in src/commands/ and depend on this wing; the router only knows this shape.
 */
import type {
  ButtonInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { AppContext, InteractionLog } from './context.js';
import type { CustomId } from '../custom-id.js';

/** A click on a button or a string select. */
export type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

/** Custom-id kinds a command may own; table and game ids belong to the component router. */
export type CommandComponentKind = Exclude<CustomId['kind'], 'game' | 'select' | 'table'>;

/** Handles a click on a component whose custom_id decoded to kind `K`; answers it within 3 s. */
export type ComponentHandler<K extends CustomId['kind']> = (
  interaction: ComponentInteraction,
  app: AppContext,
  log: InteractionLog,
  id: Extract<CustomId, { kind: K }>,
) => Promise<void>;

/** Component handlers by custom-id kind. */
export type ComponentHandlers = { [K in CommandComponentKind]?: ComponentHandler<K> };

/** One slash command: its registration body, its handler, and the clicks it owns. */
export interface SlashCommand {
  /** Top-level command name. */
  name: string;
  /** Registration body (bulk overwrite). */
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /** Handle one invocation; must answer the interaction within 3 s. */
  execute(interaction: ChatInputCommandInteraction, app: AppContext, log: InteractionLog): Promise<void>;
  /** Clicks on components this command draws (e.g. leaderboard pages), by custom_id kind. */
  components?: ComponentHandlers;
}

/**
 * Collect the component handlers of `commands`. Throws when two commands claim the same
 * custom-id kind (a programming error, caught at start-up).
 */
export function componentHandlers(commands: readonly SlashCommand[]): ComponentHandlers {
  const handlers: Record<string, unknown> = {};
  for (const command of commands) {
    for (const [kind, handler] of Object.entries(command.components ?? {})) {
      if (handlers[kind]) throw new Error(`custom_id kind '${kind}' is claimed by two commands (second: /${command.name})`);
      handlers[kind] = handler;
    }
  }
  return handlers as ComponentHandlers;
}
