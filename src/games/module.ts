/**
 * What each game folder exports to the rest of the bot: its pure definition, its
 * renderers and the options of its `/<game> new` slash command.
 */
import type { AnyGameDefinition } from './engine.js';
import type { AnyGameUi } from './ui.js';

/**
 * One option of `/<game> new`, mapped onto a key of the game's options schema. Derived from
 * that schema by `commandOptions` (./options.ts): `type`, `min`, `max`, the choice values and
 * `default` are the schema's; the table service still passes the chosen values through
 * `optionsSchema.parse`, so the schema stays the one judge of a value.
 */
export interface CommandOptionSpec {
  /** Discord option name: lowercase, digits and dashes, ≤ 32 characters. */
  name: string;
  /** Key in the game's options object that receives the value. */
  optionKey: string;
  /** Discord option description, ≤ 100 characters. */
  description: string;
  type: 'integer' | 'string' | 'boolean';
  choices?: { name: string; value: string | number }[];
  /** Smallest accepted integer (inclusive). */
  min?: number;
  /** Largest accepted integer (inclusive). */
  max?: number;
  /** The value a table gets when the option is left out (the schema's `.default`). */
  default?: string | number | boolean;
}

/** A playable game as the bot sees it; `Id` is its literal id (./index.ts derives `GameId` from them). */
export interface GameModule<Id extends string = string> {
  id: Id;
  /** Slash command name, e.g. 'suspicion' for `/suspicion new`. */
  command: string;
  /** Display title, e.g. "Suspicion". */
  title: string;
  /** One emoji shown before the title. */
  emoji: string;
  /** Embed colour of the game's lobby, board and panels (decimal RGB, e.g. 0x4f7cac). */
  colour: number;
  /** Short description for the slash command (≤ 100 characters). */
  description: string;
  definition: AnyGameDefinition;
  ui: AnyGameUi;
  /** Options of `/<game> new` besides `seats` (added by the table service when min < max). */
  newOptions: CommandOptionSpec[];
  /** Options of `/<game> rules` (e.g. `variant`), mapped like `newOptions`. */
  rulesOptions?: CommandOptionSpec[];
}
