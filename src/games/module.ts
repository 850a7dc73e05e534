/**
 * What each game folder exports to the rest of the bot — the whole game slice in one object:
 * its pure definition, its renderers and pictures, its AI players' kit, its texts in every
 * language and the options of its `/<game> new` slash command. `./index.ts` is the one list
 * of modules; every per-game table of the bot derives from it (docs/architecture.md
 * "The game slice").
 */
import type { Messages } from '../i18n/index.js';
import type { AnyBotKit } from './bot.js';
import type { AnyGameDefinition } from './engine.js';
import type { AnyLessonScript, LessonNoteText, LessonSections } from './lesson.js';
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

/**
 * The texts of one game every common part of the bot reads (the lobby, `/help`, the command
 * localizations): the game's texts in one language, from its folder (`src/games/<game>/text/`,
 * e.g. `noirText(t)`). Each language must have every key of the English texts (`Widen` of
 * src/i18n/index.ts), so a game whose Spanish texts lack a command name does not compile.
 */
export interface GameText {
  /** Display title, e.g. "Suspicion". */
  title: string;
  /** One line for `/help`. */
  helpLine: string;
  /**
   * This language's names of the game's slash command and of the options only this game has,
   * by registered (English) name; the options every game shares are in `common.commandNames`.
   */
  commandNames: Readonly<Record<string, string>>;
  /**
   * Why a move is worth playing, for the 💡 Hint and the review's analysis: one or two plain
   * sentences from the seat's view, by the key its kit's `explain` (or `reason`) returns
   * (src/games/bot.ts `HintReason`, src/games/<game>/hint.ts); absent when it gives none.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  hintReasons?: Readonly<Record<string, (...args: any[]) => string>>;
  /**
   * The texts of the game's lesson (docs/lessons.md): its notes by key (the keys of the
   * module's `lesson` script) and the rules sections its notes and ❔ Why cite, by number
   * (`1.7` is `sections[1][7]`: the heading of docs/rules/<game>.md, summarised in this language).
   */
  lesson?: {
    notes: Readonly<Record<string, LessonNoteText>>;
    sections: LessonSections;
  };
}

/**
 * One table set-up a bench plays: a label to print and select it by, and the options of
 * `/<game> new` it starts with (keys of the game's options schema, parsed by it).
 */
export interface BenchSetup {
  /** Printed in the bench's rows and matched by its filters, e.g. "classic", "standard killer". */
  label: string;
  /** Options of the table (the game's options schema fills in the rest). */
  options: Readonly<Record<string, unknown>>;
}

/** A set-up of `npm run arena` (bench/arena.ts): the measured bot is always seated in the host seat's place by the arena. */
export interface ArenaSetup extends BenchSetup {
  /** The measured bot's role when the options fix it through the host seat (NOIR: killer or inspector). */
  role?: string;
  /**
   * True when the players' decisions cannot change the outcome (Suspicion's arrest race): the
   * arena prints the rate as pure luck, with no target.
   */
  pureLuck?: boolean;
}

/** A configuration of the legal-move benchmark (bench/legal-moves.ts): a set-up at one seat count. */
export interface LegalMovesSetup extends BenchSetup {
  /** Seats at the table. */
  seats: number;
}

/**
 * How the benches play a game (plain data: src/ never imports bench code). Every game of
 * `./index.ts` has one (test/unit/architecture.test.ts); the benches derive their lists from
 * `GAME_MODULES`, in its order.
 */
export interface GameBenchSetups {
  arena: {
    /** The arena's set-ups, in the order they are played (each at every player count the game allows). */
    setups: readonly ArenaSetup[];
    /** Deals per Hard line-up (each played once per seat): fewer seat counts → more deals. */
    deals: number;
    /** Hard search iterations per move: what a live 300 ms Hard move searches on the bench machine (median, bench/hard-iterations.ts). */
    hardIterations: number;
    /** Seats at the game's tables in the arena's latency test (Hard moves through the worker pool under load). */
    latencySeats: number;
  };
  /** The legal-move benchmark's configurations: the game's usual table sizes and variants. */
  legalMoves: readonly LegalMovesSetup[];
  /**
   * Every rules variant, mode and option that changes how a game plays out (each at every
   * player count): what bench/endings.ts and test/bots/endings.test.ts play at every bot level
   * to check that games end with a winner, not at a safety cap (docs/ai-strength.md).
   */
  variants: readonly BenchSetup[];
}

/** What one measured configuration (game, variant, player count) came to over the measured games (./typical-length.ts). */
export interface LengthStats {
  /** Median number of decisions per game (turns, votes and reaction windows; a vote counts once). */
  decisions: number;
  /** Estimated duration in seconds: the lower quartile, the median and the upper quartile. */
  seconds: { low: number; median: number; high: number };
}

/**
 * A game's measured typical lengths (README "Game length"): configuration key (its rules
 * variant, or 'default') → player count → stats. Generated into the game's
 * `typical-length.data.ts` by `npm run game-lengths -- --write` (scripts/game-lengths.ts).
 */
export type GameLengths = Readonly<Record<string, Readonly<Record<number, LengthStats>>>>;

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
  /** The game's texts in the language of the reader's catalog `t` (its `text/index.ts` accessor, e.g. `noirText`). */
  text(t: Messages): GameText;
  definition: AnyGameDefinition;
  ui: AnyGameUi;
  /** The AI players' knowledge of the game (./bot.ts `BotKit`; its `game` is this module's id). */
  bot: AnyBotKit;
  /**
   * The game's drawers (./picture.ts): its public board and a seat's hand as SVG from a view.
   * Optional while the games gain theirs; required once every game has one.
   */
  pictures?: AnyGamePictures;
  /** Options of `/<game> new` besides `seats` (added by the table service when min < max). */
  newOptions: CommandOptionSpec[];
  /** Options of `/<game> rules` (e.g. `variant`), mapped like `newOptions`. */
  rulesOptions?: CommandOptionSpec[];
  /**
   * The game's measured typical lengths, shown by `/<game> rules` (./typical-length.ts).
   * Optional so a test-only game needs none; every game of `GAME_MODULES` has them, measured
   * today (test/unit/typical-length.test.ts).
   */
  typicalLengths?: GameLengths;
  /**
   * The game's lesson (docs/lessons.md): the script of its guided first game — teaching deal,
   * line of decisions, notes and highlights — that `/<game> learn` plays through the lesson
   * engine (./lesson.ts). Optional so a test-only game needs none; every game of `GAME_MODULES`
   * has one (test/games/lessons.test.ts).
   */
  lesson?: AnyLessonScript;
  /**
   * The set-ups the arena and the legal-move benchmark play. Optional so a test-only game
   * needs none; every game of `GAME_MODULES` must have them (test/unit/architecture.test.ts).
   */
  bench?: GameBenchSetups;
}
