/**
 * The lesson engine (docs/lessons.md): one small, game-agnostic driver for the guided first
 * game of every game. A game's lesson is *data* of its slice — `src/games/<game>/lesson.ts`
 * holds its script: the options and seed of a fixed teaching deal, the learner's seat, and the
 * line of decisions (the move each seat makes, the note shown when a rule first matters, the
 * parts of the picture the note points at). This file replays that line with the game's own
 * `GameDefinition` and answers what a running lesson needs: which decision of the line a state
 * is at, the move a scripted bot seat makes, whether the learner's click is the move being
 * taught, and whether the lesson is over.
 *
 * Pure like the engines (src/games/README.md "Purity"): no clock, I/O or randomness; the deal
 * is `definition.setup(options, seats, seed)`, so a lesson replays from its seed and action log
 * exactly like any table (review, bot input and the leak tests need nothing special).
 */
import type { AnyGameDefinition, Pending, Seat } from './engine.js';
import { seatsToAct } from './engine.js';

/**
 * A part of a picture a note points at, in the game's own terms (e.g. Suspicion `slot:2:0`,
 * NOIR `cell:Nell`): the game's drawers ring each key of `PictureContext.highlight` they draw
 * (src/games/picture.ts). A key the drawer does not know is ignored, never an error.
 */
export type HighlightKey = string;

/**
 * A note of a lesson: one or two sentences in the game's catalog, shown when the rule it
 * teaches first matters, with the rules section it teaches and what it points at.
 */
export interface LessonNote<K extends string = string> {
  /** The note's text: the key of `lesson.notes` in the game's catalog (both languages). */
  key: K;
  /**
   * The section of `docs/rules/<game>.md` it teaches, as the heading numbers it (e.g. `1.7`
   * for `## 1.7 Counter race`); test/games/lessons.test.ts checks the heading exists.
   */
  section: string;
  /** The parts of the picture(s) the note is about, ringed in the picture (may be empty). */
  highlight?: readonly HighlightKey[];
}

/**
 * A note's text in one language (the game's catalog, `lesson.notes`): one or two sentences;
 * `name(seat)` is the display name of a seat (the bots' names, or "you").
 */
export type LessonNoteText = (name: (seat: Seat) => string) => string;

/**
 * A rules section as players read it (the game's catalog, `lesson.sections`): the heading's
 * title and a short summary of docs/rules/<game>.md in the reader's language.
 */
export interface LessonSection {
  title: string;
  text: string;
}

/**
 * A game's rules sections by number, nested by its parts: `1.7` is `sections[1][7]` (a
 * catalog's dotted paths cannot hold a dotted key).
 */
export type LessonSections = Readonly<Record<number, Readonly<Record<number, LessonSection>>>>;

/** The section numbered `section` (e.g. `1.7`) of `sections`, or undefined. */
export function lessonSection(sections: LessonSections, section: string): LessonSection | undefined {
  const [major, minor] = section.split('.').map(Number);
  return major === undefined || minor === undefined ? undefined : sections[major]?.[minor];
}

/** One seat's move in a decision of the line. */
export interface LessonMove<A> {
  seat: Seat;
  /** The move: the one taught (the learner's seat) or the one a bot seat plays. */
  move: A;
  /**
   * The learner's seat only: other moves also accepted here (a real choice, e.g. a vote whose
   * outcome the other voters decide). The line must stay legal after each of them, and the
   * decisions must open in the same order (test/games/lessons.test.ts replays every one).
   */
  also?: readonly A[];
}

/**
 * One decision of the line: the moves of the seats that act in it, in the order they are made.
 * The learner's move, when the learner acts in it, comes first: a bot seat moves only once
 * every move listed before its own is made, so the order at a table is the order here.
 */
export interface LessonDecision<A, K extends string = string> {
  moves: readonly LessonMove<A>[];
  /** The note shown while this decision waits for the learner (only on the learner's decisions). */
  note?: LessonNote<K>;
  /**
   * Only the taught move (and `also`) is enabled; the learner's other legal moves are shown
   * greyed with "not yet — first …". Default true; false offers every legal move (the line
   * must then not depend on the choice: use `also` for each of them).
   */
  only?: boolean;
}

/**
 * A game's lesson (docs/lessons.md): a private table against scripted bot seats on a fixed
 * deal. `A` = the game's action, `K` = its note keys.
 */
export interface LessonScript<A = unknown, K extends string = string> {
  /**
   * The script's version: bump it whenever the line changes. A lesson opened with another
   * version cannot continue on the new line; it is closed and can be started again.
   */
  version: number;
  /** Table options (the game's options schema fills in the rest). */
  options: Readonly<Record<string, unknown>>;
  /** Seats at the table. */
  seats: number;
  /** The learner's seat; every other seat is a scripted bot. */
  learner: Seat;
  /** The seed of the teaching deal (`definition.setup(options, seats, seed, { hostSeat: learner })`). */
  seed: number;
  /**
   * The lesson panel shows the public board's picture above the learner's own: for games whose
   * hand picture does not show the whole table (every rival's cards and slots). Default false.
   */
  showBoard?: boolean;
  /** The line, in order. The lesson is complete once the last decision's moves are made. */
  decisions: readonly LessonDecision<A, K>[];
  /** The note shown when the lesson is complete (with the offers to play a real game). */
  end: LessonNote<K>;
  /**
   * One extra note per variant or mode beyond the lesson's own game (docs/lessons.md "Lessons are data of the game slice"):
   * shown once, on a player's first table with that option value. Keyed `option=value`
   * (option keys of the game's options schema), e.g. `variant=no-bluff`; `seats=N` for a
   * player count with rules of its own (Tricks and the Phantom's two and three players).
   */
  variants?: Readonly<Record<string, LessonNote<K>>>;
}

/** Any game's lesson script, type parameters erased. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyLessonScript = LessonScript<any, string>;

/** One decision of a replayed line: the step it opened at, and the state before its moves. */
export interface LineDecision {
  /** Index in `script.decisions`. */
  index: number;
  /** `pending.step` of the decision (docs/architecture.md §3). */
  step: number;
  /** The state when it opened. */
  state: unknown;
}

/** A replayed line: each decision's step and state, and the state after the last move. */
export interface LessonLine {
  decisions: LineDecision[];
  /** The state once the line is played to its end. */
  final: unknown;
}

/** Why a script does not replay: which decision and move, and what went wrong. */
export class LessonScriptError extends Error {
  constructor(
    readonly decision: number,
    readonly move: number,
    message: string,
  ) {
    super(`lesson decision ${decision + 1}, move ${move + 1}: ${message}`);
  }
}

/** The options of `script` as its game parses them. */
export function lessonOptions(def: AnyGameDefinition, script: AnyLessonScript): unknown {
  return def.optionsSchema.parse(script.options);
}

/** The state of the teaching deal, before any move (`setup` with the script's seed). */
export function lessonSetup(def: AnyGameDefinition, script: AnyLessonScript): unknown {
  return def.setup(lessonOptions(def, script), script.seats, script.seed, { hostSeat: script.learner });
}

/** The same action (compared by its code, so key order and copies the codec merges do not matter). */
export function sameAction(def: AnyGameDefinition, a: unknown, b: unknown): boolean {
  return def.encodeAction(a) === def.encodeAction(b);
}

/**
 * Replay `script` from its deal, `choose(decision, move)` picking each learner move (default:
 * the taught one). Checks what a running lesson relies on: every move legal for its seat when
 * it is made (among `legalActions`), each seat to act listed in the decision (a bot never waits
 * for a move the script does not give), the learner's move first, no decision where the game is
 * over, notes only on the learner's decisions, and each decision a new step. Throws
 * LessonScriptError naming the first move that breaks one of them.
 */
export function replayLine(
  def: AnyGameDefinition,
  script: AnyLessonScript,
  choose: (decision: number, move: LessonMove<unknown>) => unknown = (_, move) => move.move,
): LessonLine {
  let state = lessonSetup(def, script);
  const decisions: LineDecision[] = [];
  let lastStep = -Infinity;
  script.decisions.forEach((decision, d) => {
    const pending = def.pending(state);
    if (pending.kind === 'over') throw new LessonScriptError(d, 0, 'the game is already over');
    if (pending.step <= lastStep) throw new LessonScriptError(d, 0, `no new decision opened (step ${pending.step})`);
    lastStep = pending.step;
    decisions.push({ index: d, step: pending.step, state });
    if (decision.moves.length === 0) throw new LessonScriptError(d, 0, 'a decision without moves');
    const learnerAt = decision.moves.findIndex((move) => move.seat === script.learner);
    if (learnerAt > 0) throw new LessonScriptError(d, learnerAt, "the learner's move must come first");
    if (decision.note && learnerAt < 0) throw new LessonScriptError(d, 0, "a note on a decision the learner does not act in");
    decision.moves.forEach((move, m) => {
      const now = def.pending(state);
      if (now.kind === 'over' || now.step !== pending.step) throw new LessonScriptError(d, m, 'the decision closed before this move');
      if (!seatsToAct(now).includes(move.seat)) throw new LessonScriptError(d, m, `seat ${move.seat} is not to act (${describePending(now)})`);
      if (move.also && move.seat !== script.learner) throw new LessonScriptError(d, m, "`also` on a bot's move");
      const action = choose(d, move as LessonMove<unknown>);
      const legal = def.legalActions(state, move.seat);
      if (!legal.some((candidate) => sameAction(def, candidate, action))) {
        throw new LessonScriptError(d, m, `${def.encodeAction(action)} is not legal for seat ${move.seat}; legal: ${legal.map((a) => def.encodeAction(a)).join(' ')}`);
      }
      const applied = def.apply(state, move.seat, action);
      if (!applied.ok) throw new LessonScriptError(d, m, `refused: ${applied.error.code}`);
      state = applied.state;
    });
    const after = def.pending(state);
    if (after.kind !== 'over' && after.step === pending.step) {
      throw new LessonScriptError(d, decision.moves.length - 1, `the decision is still open for ${seatsToAct(after).join(', ')}`);
    }
  });
  return { decisions, final: state };
}

function describePending(pending: Pending): string {
  return pending.kind === 'over' ? 'over' : `${pending.kind} for ${seatsToAct(pending).join(', ')}`;
}

/** Where a lesson table stands (`lessonAt`). */
export type LessonPosition =
  /** At decision `index` of the line (`decision`), opened at `step`. */
  | { kind: 'at'; index: number; step: number; decision: LessonDecision<unknown, string> }
  /** Every decision of the line is made (or the game ended): the lesson is complete. */
  | { kind: 'done' }
  /** The state is not on the line (a move the script does not know was made). */
  | { kind: 'off' };

/**
 * A lesson's line, replayed once per script and definition (a running lesson looks it up at
 * every click and bot move: replaying 40 moves each time would be waste).
 */
const lines = new WeakMap<AnyLessonScript, WeakMap<AnyGameDefinition, LessonLine>>();

/** `replayLine(def, script)`, cached. */
export function lessonLine(def: AnyGameDefinition, script: AnyLessonScript): LessonLine {
  let byDef = lines.get(script);
  if (!byDef) lines.set(script, (byDef = new WeakMap()));
  let line = byDef.get(def);
  if (!line) byDef.set(def, (line = replayLine(def, script)));
  return line;
}

/**
 * Which decision of the line `state` is at: found by its pending step (steps only grow, and a
 * lesson's moves are the line's, so the step names the decision). `done` once the step is past
 * the last decision or the game is over.
 */
export function lessonAt(def: AnyGameDefinition, script: AnyLessonScript, state: unknown): LessonPosition {
  const pending = def.pending(state);
  if (pending.kind === 'over') return { kind: 'done' };
  const line = lessonLine(def, script);
  const found = line.decisions.find((decision) => decision.step === pending.step);
  if (found) return { kind: 'at', index: found.index, step: found.step, decision: script.decisions[found.index]! };
  const last = line.decisions.at(-1);
  return last && pending.step > last.step ? { kind: 'done' } : { kind: 'off' };
}

/**
 * The move scripted for bot seat `seat` now, or null: not at a decision of the line, the seat
 * has no move in it or is not to act, or a move listed before its own is still to be made.
 */
export function lessonBotMove(def: AnyGameDefinition, script: AnyLessonScript, state: unknown, seat: Seat): unknown | null {
  const at = lessonAt(def, script, state);
  if (at.kind !== 'at') return null;
  const pending = def.pending(state);
  const toAct = new Set(seatsToAct(pending));
  if (!toAct.has(seat)) return null;
  for (const move of at.decision.moves) {
    if (move.seat === seat) return move.move;
    // An earlier mover still to act: this seat waits (the line's order).
    if (toAct.has(move.seat)) return null;
  }
  return null;
}

/** The learner's moves the lesson accepts now: the taught move and its `also`, or none. */
export function lessonTaught(def: AnyGameDefinition, script: AnyLessonScript, state: unknown): unknown[] {
  const at = lessonAt(def, script, state);
  if (at.kind !== 'at') return [];
  const mine = at.decision.moves.find((move) => move.seat === script.learner);
  return mine ? [mine.move, ...(mine.also ?? [])] : [];
}

/**
 * Whether the learner may make `action` now: one of `lessonTaught`, or — at a decision with
 * `only: false` — any legal move.
 */
export function lessonAllows(def: AnyGameDefinition, script: AnyLessonScript, state: unknown, action: unknown): boolean {
  const at = lessonAt(def, script, state);
  if (at.kind !== 'at') return false;
  if (at.decision.only === false) return true;
  return lessonTaught(def, script, state).some((taught) => sameAction(def, taught, action));
}

/** The note for the learner now: the current decision's, or the end note once done; null otherwise. */
export function lessonNote(def: AnyGameDefinition, script: AnyLessonScript, state: unknown): LessonNote | null {
  const at = lessonAt(def, script, state);
  if (at.kind === 'done') return script.end;
  if (at.kind !== 'at') return null;
  const learnerToAct = seatsToAct(def.pending(state)).includes(script.learner);
  return learnerToAct ? (at.decision.note ?? null) : null;
}

/** How far the learner is: their decisions made so far and in all (for "step 3 of 9"). */
export function lessonProgress(def: AnyGameDefinition, script: AnyLessonScript, state: unknown): { done: number; total: number } {
  const mine = script.decisions.map((decision, index) => ({ index, learner: decision.moves.some((move) => move.seat === script.learner) })).filter((d) => d.learner);
  const at = lessonAt(def, script, state);
  const total = mine.length;
  if (at.kind === 'done') return { done: total, total };
  if (at.kind !== 'at') return { done: 0, total };
  const before = mine.filter((d) => d.index < at.index).length;
  const current = mine.some((d) => d.index === at.index) && !seatsToAct(def.pending(state)).includes(script.learner) ? 1 : 0;
  return { done: before + current, total };
}

/**
 * The variant keys of `script.variants` a table of `options` (as its game parsed them) and
 * `seats` seats plays (docs/lessons.md "First table of a game"): `option=value` when the option's
 * value reads `value` (`String(options[option])`), `seats=N` when the table has N seats. In the
 * order the script lists them.
 */
export function variantKeysAt(script: Pick<AnyLessonScript, 'variants'>, options: unknown, seats: number): string[] {
  const values = (options ?? {}) as Record<string, unknown>;
  return Object.keys(script.variants ?? {}).filter((key) => {
    const at = key.indexOf('=');
    if (at < 0) return false;
    const name = key.slice(0, at);
    const value = key.slice(at + 1);
    if (name === 'seats') return String(seats) === value;
    return Object.hasOwn(values, name) && String(values[name]) === value;
  });
}
