/**
 * Does an invoked slash command still match what the bot registered? A Discord client can
 * send a command, subcommand or option the bot no longer has (a stale command list after an
 * update, a modified client); those get a plain answer instead of reaching the handler.
 */
import {
  ApplicationCommandOptionType,
  type APIApplicationCommandOption,
  type CommandInteractionOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';

/** How an invocation differs from the registered command, with what the answer names. */
export type CommandMismatch =
  /** `path` (command + subcommands, space-separated) names a subcommand that does not exist or is missing; `available` are the full paths to use. */
  | { kind: 'subcommand'; path: string; available: string[] }
  /** `path` has no option `option`, or it has another type now; `available` are its options. */
  | { kind: 'option'; path: string; option: string; available: string[] }
  /** A required option of `path` was not sent. */
  | { kind: 'missing'; path: string; option: string };

const GROUPING = new Set<number>([ApplicationCommandOptionType.Subcommand, ApplicationCommandOptionType.SubcommandGroup]);

/** Every full subcommand path under `defs` (e.g. `admin tables`, `admin end`). */
function subcommandPaths(prefix: string, defs: readonly APIApplicationCommandOption[]): string[] {
  return defs.flatMap((def) => {
    if (def.type === ApplicationCommandOptionType.SubcommandGroup) return subcommandPaths(`${prefix} ${def.name}`, def.options ?? []);
    return def.type === ApplicationCommandOptionType.Subcommand ? [`${prefix} ${def.name}`] : [];
  });
}

function check(path: string, given: readonly CommandInteractionOption[], defs: readonly APIApplicationCommandOption[]): CommandMismatch | null {
  const grouping = defs.some((def) => GROUPING.has(def.type));
  if (grouping) {
    const sub = given.find((option) => GROUPING.has(option.type));
    const def = sub && defs.find((candidate) => candidate.name === sub.name && candidate.type === sub.type);
    if (!sub || !def) return { kind: 'subcommand', path: sub ? `${path} ${sub.name}` : path, available: subcommandPaths(path, defs) };
    return check(`${path} ${sub.name}`, sub.options ?? [], 'options' in def ? (def.options ?? []) : []);
  }
  const names = defs.map((def) => def.name);
  for (const option of given) {
    const def = defs.find((candidate) => candidate.name === option.name);
    if (!def || def.type !== option.type) return { kind: 'option', path, option: option.name, available: names };
  }
  for (const def of defs) {
    if ('required' in def && def.required && !given.some((option) => option.name === def.name)) return { kind: 'missing', path, option: def.name };
  }
  return null;
}

/**
 * Compare the options of an invocation of `registered` (discord.js's
 * `interaction.options.data`) with its registration body; null when they match.
 */
export function commandMismatch(registered: RESTPostAPIChatInputApplicationCommandsJSONBody, given: readonly CommandInteractionOption[]): CommandMismatch | null {
  return check(registered.name, given, registered.options ?? []);
}
