/**
 * The rendering contract between a game's `ui.ts` and the table service (docs/architecture.md §5).
 *
 * A game UI turns a *view* (never the full state) into the game-specific parts of a
 * message; the shared frame (title, deadline, seat status marks, log, "Show my hand") is
 * added by `src/discord/render/`. Renderers are pure: they never mutate state and never
 * talk to Discord.
 */
import type { APIActionRowComponent, APIComponentInMessageActionRow } from 'discord-api-types/v10';
import type { Catalog } from '../i18n/index.js';
import type { GameEvent, RuleError, Seat, Viewer } from './engine.js';

/** One action row of message components (≤ 5 buttons, or one select menu). */
export type ActionRow = APIActionRowComponent<APIComponentInMessageActionRow>;

/** What the renderers know about a seated player. */
export interface SeatInfo {
  seat: Seat;
  /** Discord user snowflake. */
  userId: string;
  /** Display name in the guild (plain text; render it with `ctx.name`). */
  displayName: string;
  /** Auto-played after missing deadlines (docs/discord.md 💤). */
  away: boolean;
  /** Left the game with `/table leave`; auto-played until the end. */
  left: boolean;
}

/** Everything a renderer may use besides the view. */
export interface RenderContext {
  /** Database id of the table (shown to players as "table #id"). */
  tableId: number;
  /** Seats in seat order (index = seat). */
  seats: SeatInfo[];
  /** The English (later: the reader's) message catalog. */
  t: Catalog;
  /** Absolute deadline of the current decision, Unix ms, or null when none. */
  deadlineMs: number | null;
  /**
   * custom_id for a button that performs the game action encoded as `code`
   * (`definition.encodeAction`), bound to the current decision step.
   */
  actionId(code: string): string;
  /**
   * custom_id for a select menu whose option values are action codes; `name` tells
   * selects apart within one message (e.g. 'place', 'burn').
   */
  selectId(name: string): string;
  /** A seat's display name, escaped for markdown. */
  name(seat: Seat): string;
  /** A Discord relative timestamp for a Unix ms instant (`<t:…:R>`). */
  relative(ms: number): string;
}

/** The game-specific part of the public board. */
export interface BoardRender {
  /** One line: the phase and who must act, e.g. "Round 3 · ▶ Ana's turn". No deadline. */
  status: string;
  /** The board body, markdown: one line per seat, grids, piles (≤ 3,000 characters). */
  body: string;
  /** Buttons concerning everyone (a race's "Counter!", a public vote): at most 2 rows. */
  rows: ActionRow[];
}

/** The game-specific part of a seat's private panel. */
export interface PanelRender {
  /** Markdown: the seat's cards, position and what they are waiting for (≤ 3,000 characters). */
  body: string;
  /** Exactly the legal actions as buttons / selects: at most 4 rows. */
  rows: ActionRow[];
}

/**
 * The ❔ Why answer about a seat's decision (docs/lessons.md "❔ Why"): what the decision is,
 * what each kind of move offered now does, and the rules section it is decided by. Drawn from
 * the seat's own view and legal moves only. It explains; it never recommends (the 💡 Hint does).
 */
export interface WhyRender {
  /** A short name of the decision, e.g. "Counter window". */
  title: string;
  /** What the decision is, in one or two sentences. */
  decision: string;
  /** What each kind of move offered now does, one line each, in the panel's order. */
  moves: string[];
  /** The section of docs/rules/<game>.md it is decided by (`1.7`), summarised in the catalog's `lesson.sections`. */
  section: string;
}

/**
 * A game's renderers. `PV` = public view, `SV` = seat view, `A` = action, `O` = options,
 * `E` = the game's union of refusals.
 */
export interface GameUi<PV, SV, A, O, E extends RuleError = RuleError> {
  /** Render the public board from the public view. */
  board(view: PV, ctx: RenderContext): BoardRender;
  /** Render `view`'s seat panel; `legal` are that seat's legal actions now. */
  panel(view: SV, legal: A[], ctx: RenderContext): PanelRender;
  /**
   * One plain-language log line for an event as seen by `viewer`, or null to leave it out.
   * Only called with events `viewer` may see.
   */
  describeEvent(event: GameEvent, ctx: RenderContext, viewer: Viewer): string | null;
  /** A private, plain-language answer for a refused action (one catalog text per code of `E`). */
  describeError(error: E, t: Catalog): string;
  /**
   * The private answer for a click drawn for an earlier step, e.g. a lost counter race
   * ("Too late — someone countered first. You keep your card."). Null = generic note.
   */
  staleNote?(action: A, t: Catalog): string | null;
  /**
   * ❔ Why (docs/lessons.md): `view`'s seat's decision explained from that view and its legal
   * moves `legal` only; null when the seat has nothing to decide.
   */
  why?(view: SV, legal: A[], t: Catalog): WhyRender | null;
  /** `/<game> rules`: an ephemeral summary in our own words, showing `options`' values. */
  rulesHelp(options: O, t: Catalog): string;
  /**
   * One or two lines for the lobby describing the chosen options. `live` false: a turn-based
   * table (src/tables/pace.ts), whose decisions last its time per move, not the game's
   * timers — the timers are left out (the lobby's pace line says the time per move).
   */
  optionsSummary(options: O, t: Catalog, live?: boolean): string;
}

/** Any game UI, type parameters erased. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameUi = GameUi<any, any, any, any, any>;
