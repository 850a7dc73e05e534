/**
 * What each game folder exports to the rest of the bot: its pure definition, its
 * renderers and the options of its `/<game> new` slash command.
 */
import type { Messages } from '../i18n/index.js';
import type { AnyGameDefinition } from './engine.js';
import type { AnyGamePictures } from './picture.js';
import type { AnyGameUi } from './ui.js';

/** A text taken from the reader's catalog (README "Languages"): called with the catalog to render in. */
export type CatalogText = (t: Messages) => string;

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
  /** Discord option description, ≤ 100 characters in every language. */
  description: CatalogText;
  type: 'integer' | 'string' | 'boolean';
  /** Fixed choices; each name ≤ 100 characters in every language. */
  choices?: { name: CatalogText; value: string | number }[];
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
  /** Display title in the reader's language, e.g. "Suspicion", "NOIR: Asesino contra Inspector". */
  title: CatalogText;
  /** One emoji shown before the title. */
  emoji: string;
  /** Embed colour of the game's lobby, board and panels (decimal RGB, e.g. 0x4f7cac). */
  colour: number;
  /** Short description for the slash command (≤ 100 characters in every language). */
  description: CatalogText;
  definition: AnyGameDefinition;
  ui: AnyGameUi;
  /**
   * The game's drawers (./picture.ts): its public board and a seat's hand as SVG from a view.
   * Optional while the games gain theirs; required once every game has one.
   */
  pictures?: AnyGamePictures;
  /** Options of `/<game> new` besides `seats` (added by the table service when min < max). */
  newOptions: CommandOptionSpec[];
  /** Options of `/<game> rules` (e.g. `variant`), mapped like `newOptions`. */
  rulesOptions?: CommandOptionSpec[];
}
