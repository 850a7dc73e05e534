/**
 * The review panel (README "Review a game"): one step of a replayed game as one view saw it —
 * the board (and the seat's hand) of that moment drawn by the game's own renderers from that
 * view only, the move in words, who moved and how (timer, auto-play, AI player), ⏮ ◀ ▶ ⏭, a
 * "view as" select of the views open to the reader, and Export. Every component carries the
 * table, the step and the view in its custom_id (`reviewId`), so the panel keeps working after
 * a restart and after the interaction's 15 minutes.
 *
 * Pictures (README "Pictures"): a game with drawers (`GameModule.pictures`, src/games/picture.ts)
 * gets a Components V2 panel showing the pictures of the step (`stepPictures`: the public board,
 * plus the chosen seat's hand, or every seat's hand when everything is revealed), each drawn from
 * the one view it shows, with its alt text; the reader's "text boards" setting, or a picture
 * that could not be drawn, gives the text version (`stepBody`) in the same panel.
 */
import { ButtonStyle, ComponentType, MessageFlags, type APIComponentInContainer } from 'discord-api-types/v10';
import type { GameEvent, Seat, Viewer } from '../../games/engine.js';
import type { GameModule } from '../../games/module.js';
import type { Picture, PictureContext, PictureSeat } from '../../games/picture.js';
import type { RenderContext } from '../../games/ui.js';
import type { Catalog } from '../../i18n/index.js';
import type { SeatRow, TableRow } from '../../persistence/store/types.js';
import { encodeView, eventsAt, lastStep, mayView, viewAt, type GameReplay, type ReviewView } from '../../review/replay.js';
import { isBotSeat } from '../../tables/policy.js';
import { reviewId } from '../custom-id.js';
import type { MessagePicture } from '../pictures/index.js';
import { describeEvent, renderContext } from './context.js';
import { moveNameIn, percent, reasonText } from './panel.js';
import type { SeatAnalysis } from '../../review/analysis.js';
import { button, buttonRow, clip, selectRow, V2_TEXT_MAX, type ComponentRow, type MessagePayload } from './markup.js';

/** The analysis block's share of a review panel's text, in characters (Components V2 count every Text Display together). */
const ANALYSIS_TEXT_MAX = 1500;
/** Discord's limit on an embed description, in characters. */
const EMBED_DESCRIPTION_MAX = 4096;

/** What one review panel shows. */
export interface ReviewInput {
  table: TableRow;
  /** The table's seat rows (names, bot levels; anonymised rows read "former player"). */
  seats: SeatRow[];
  replay: GameReplay;
  /** The step to draw, already clamped into the replay. */
  step: number;
  /** The view to draw, already checked with `mayView`. */
  view: ReviewView;
  /** The reader's seat, null for a non-player. */
  viewerSeat: Seat | null;
  /** True once the table will never move again (finished, cancelled or abandoned). */
  over: boolean;
  /** The table lets non-players see every hand once the game is over (`watchers-see-hands: after-the-end`, docs/watching.md). */
  watchersSeeHands?: boolean;
}

/** The RenderContext of a review: names as on the board, no deadline, inert action ids (no action rows are drawn). */
export function reviewContext(mod: GameModule, table: TableRow, seats: SeatRow[], text: Catalog): RenderContext {
  return renderContext(mod, { table: { ...table, status: 'finished' }, seats, pending: null, results: [], events: [] } as never, text);
}

/** The label of `view` for `reader` (the reader's own seat reads "Your seat"). */
export function viewLabel(view: ReviewView, ctx: RenderContext, viewerSeat: Seat | null, text: Catalog): string {
  const views = text.review.views;
  if (view.kind === 'public') return views.public;
  if (view.kind === 'all') return views.all;
  return view.seat === viewerSeat ? views.mine(ctx.name(view.seat)) : views.seat(ctx.name(view.seat));
}

/** Every view open to a reader at seat `viewerSeat` (null: a non-player), in menu order; `watchersSeeHands` as `mayView`. */
export function openViews(seatCount: number, viewerSeat: Seat | null, over: boolean, watchersSeeHands = false): ReviewView[] {
  const all: ReviewView[] = [{ kind: 'public' }, ...Array.from({ length: seatCount }, (_, seat) => ({ kind: 'seat', seat }) as ReviewView), { kind: 'all' }];
  return all.filter((view) => mayView(view, viewerSeat, over, watchersSeeHands));
}

/** The viewer an event is described for under `view` (everything revealed: one of its readers). */
function describedFor(view: ReviewView, event: GameEvent): Viewer {
  if (view.kind === 'seat') return view.seat;
  if (view.kind === 'all') return event.to?.[0] ?? null;
  return null;
}

/** The move of `step` in words as `view` saw it: who moved, how, and the lines it may read. */
export function moveLines(mod: GameModule, replay: GameReplay, step: number, view: ReviewView, ctx: RenderContext, text: Catalog): string[] {
  const entry = replay.steps[step]!.entry;
  if (!entry) return [text.review.deal];
  const when = `<t:${Math.floor(entry.at / 1000)}:f>`;
  const lines: string[] = [];
  for (const event of eventsAt(replay, step, view)) {
    const line = describeEvent(mod, event, ctx, describedFor(view, event));
    if (!line) continue;
    // Everything revealed: a private line says whose it was ("You drew…" is that seat's).
    lines.push(view.kind === 'all' && event.to ? text.review.privateLine(event.to.map((seat) => ctx.name(seat)).join(', '), line) : line);
  }
  // A move that showed nobody anything (a pass): a view that may see the mover's choice says
  // what it was, named as the mover's panel named it; the others saw nothing of it.
  const mine = view.kind === 'all' || (view.kind === 'seat' && view.seat === entry.seat);
  if (lines.length === 0 && mine && entry.action != null) {
    const before = viewAt(replay, step - 1, { kind: 'seat', seat: entry.seat });
    const move = moveNameIn(mod, before.view, ctx, entry.action);
    lines.push(view.kind === 'all' ? text.review.chose(ctx.name(entry.seat), move) : text.review.youChose(move));
  }
  return [text.review.moved(ctx.name(entry.seat), text.review.marks[entry.kind], when), ...(lines.length ? lines.map((line) => `• ${line}`) : [text.review.nothingSeen])];
}

/**
 * The picture of `step` for `view`, as text: the board from the public view, plus the seat's
 * panel from its seat view (no actions), or every seat's panel when everything is revealed.
 */
export function stepBody(mod: GameModule, replay: GameReplay, step: number, view: ReviewView, ctx: RenderContext, text: Catalog, budget = Infinity): string[] {
  const board = mod.ui.board(viewAt(replay, step, { kind: 'public' }).view, ctx);
  const lines = [board.status, board.body];
  const shown = viewAt(replay, step, view);
  if (shown.kind === 'seat') lines.push('', mod.ui.panel(shown.view, [], ctx).body);
  if (shown.kind === 'all') {
    // Every seat gets an equal share of what is left, so the last seats are not cut off.
    const share = Math.floor((budget - lines.join('\n').length) / Math.max(1, shown.seats.length)) - 40;
    for (const [seat, seatView] of shown.seats.entries()) {
      const body = mod.ui.panel(seatView, [], ctx).body;
      lines.push('', text.review.seatHeading(ctx.name(seat)), Number.isFinite(share) ? clip(body, Math.max(40, share)) : body);
    }
  }
  return lines;
}

/** The drawings of one review step: the public board, then the hands shown, in seat order. */
export interface StepDrawings<P = Picture> {
  board: P;
  hands: { seat: Seat; picture: P }[];
}

/** The pictures of one review step ready to send (`StepDrawings` rasterised). */
export type ReviewPictures = StepDrawings<MessagePicture>;

/** How a review panel of a game with drawers is drawn (README "Pictures"). */
export interface ReviewLook {
  /** The step's pictures (null or absent: none could be drawn — the text version is sent). */
  pictures?: ReviewPictures | null;
  /** The reader's "text boards" setting: the text version instead of the pictures. */
  textBoards?: boolean;
  /** The chosen seat's analysis (absent: none offered — a running game, or not a seat's view). */
  analysis?: ReviewAnalysis;
}

/**
 * The analysis part of a seat's review step (docs/review.md "Analysis"): offered (an Analyse
 * button), running (how far), or done.
 */
export type ReviewAnalysis = { kind: 'offer' } | { kind: 'running'; done: number; total: number } | { kind: 'done'; result: SeatAnalysis };

/** How the analysis reads at `step`, and its rows: the Analyse button, or the key moments menu. */
export function analysisPart(mod: GameModule, input: ReviewInput, analysis: ReviewAnalysis, ctx: RenderContext, text: Catalog): { lines: string[]; rows: ComponentRow[] } {
  const t = text.review.analysis;
  const { table, replay, step, view } = input;
  if (view.kind !== 'seat') return { lines: [], rows: [] };
  const seat = view.seat;
  const code = encodeView(view);
  const name = ctx.name(seat);
  if (analysis.kind === 'offer') return { lines: [], rows: [buttonRow(button(reviewId(table.id, step, code, 'a'), t.button, ButtonStyle.Success))] };
  if (analysis.kind === 'running') return { lines: [t.running(name, analysis.done, analysis.total)], rows: [] };
  const result = analysis.result;
  /** A move of the seat's decision at `at`, named as its panel named it then. */
  const named = (at: number, action: unknown) => moveNameIn(mod, viewAt(replay, at - 1, view).view, ctx, action);
  const pct = (x: number | null) => t.percent(x === null ? null : percent(x));
  const agreed = result.decisions.filter((d) => d.choices > 1 && d.hard.code === d.played.code).length;
  const lines = [t.summary(name, result.decisions.filter((d) => d.choices > 1).length, agreed, result.iterations)];
  const here = result.decisions.find((d) => d.step === step);
  if (here) {
    if (here.choices <= 1) lines.push(t.only);
    else if (here.hard.code === here.played.code) lines.push(t.same(named(step, here.hard.action), pct(here.hard.estimate)));
    else {
      lines.push(t.other(named(step, here.hard.action), pct(here.hard.estimate), named(step, here.played.action), pct(here.played.estimate), here.cost === null ? '' : t.cost(here.cost)));
      const why = reasonText(mod, here.hard.reason, text);
      if (why) lines.push(t.why(why));
    }
  }
  const moments = result.keyMoments.map((at) => result.decisions.find((d) => d.step === at)!);
  if (moments.length === 0) lines.push(t.noKeyMoments);
  else lines.push(t.keyMoments, ...moments.map((d) => `• ${t.keyMoment(d.step, named(d.step, d.played.action), named(d.step, d.hard.action), d.cost!)}`));
  const rows: ComponentRow[] = [];
  if (moments.length > 0) {
    const menu = selectRow(
      reviewId(table.id, step, code, 'k'),
      t.jump,
      moments.map((d) => ({ value: String(d.step), label: clip(t.jumpOption(d.step, d.cost!), 100) })),
    );
    for (const component of menu.components) {
      if ('options' in component && component.options) component.options = component.options.map((option) => (option.value === String(step) ? { ...option, default: true } : option));
    }
    rows.push(menu);
  }
  return { lines, rows };
}

/** The seats of a reviewed table as pictures name them (plain text; nobody is drawn away in a review). */
export function reviewPictureSeats(seats: SeatRow[], text: Catalog): PictureSeat[] {
  return seats
    .filter((row) => row.seat !== null)
    .sort((a, b) => a.seat! - b.seat!)
    .map((row) => ({ seat: row.seat!, name: row.displayName || text.privacy.formerPlayer, bot: isBotSeat(row), away: false }));
}

/**
 * The pictures of `step` for `view`, drawn by the game's drawers from the views `view` may see
 * only: the board from the public view (with the public events of the step as "just changed"),
 * plus the seat's hand from that seat's view for a seat view, or every seat's hand when
 * everything is revealed. Null for a game without drawers. `over`: the table will never move
 * again (its last step is drawn as the final position). `readerSeat`: the reader's own seat at
 * the table (null: none) — any other seat's hand is drawn for an onlooker (its name, never
 * "your hand"). Does not check who may ask (`mayView`).
 */
export function stepPictures(mod: GameModule, replay: GameReplay, step: number, view: ReviewView, seats: PictureSeat[], text: Catalog, over: boolean, readerSeat: Seat | null = null): StepDrawings | null {
  const pictures = mod.pictures;
  if (!pictures) return null;
  const state = replay.steps[step]!.state;
  const ended = replay.definition.pending(state).kind === 'over' || (over && step === lastStep(replay));
  const ctx = (viewer: Viewer): PictureContext => ({
    seats,
    viewer,
    t: text,
    latest: eventsAt(replay, step, viewer === null ? { kind: 'public' } : { kind: 'seat', seat: viewer }),
    over: ended,
    // Another player's hand (or every hand, once all is revealed) is drawn with its seat's name, never "your".
    onlooker: viewer !== null && viewer !== readerSeat,
  });
  const board = pictures.board(viewAt(replay, step, { kind: 'public' }).view, ctx(null));
  const shown: Seat[] = view.kind === 'seat' ? [view.seat] : view.kind === 'all' ? Array.from({ length: replay.seats }, (_, seat) => seat) : [];
  const hands = shown.map((seat) => ({ seat, picture: pictures.hand(viewAt(replay, step, { kind: 'seat', seat }).view, ctx(seat)) }));
  return { board, hands };
}

/** The attachment names of a review step's pictures (unique in the message). */
export function reviewPictureName(tableId: number, step: number, seat: Seat | null): string {
  return seat === null ? `review-${tableId}-${step}-board.png` : `review-${tableId}-${step}-hand-${seat}.png`;
}

/** The review panel message of one step (sent ephemeral). */
export function reviewMessage(mod: GameModule, input: ReviewInput, text: Catalog, look: ReviewLook = {}): MessagePayload {
  const { table, replay, step, view, viewerSeat, over } = input;
  const ctx = reviewContext(mod, table, input.seats, text);
  const last = lastStep(replay);
  const code = encodeView(view);
  const head = [text.review.where(`<#${table.channelId}>`), text.review.stepOf(step, last), text.review.seenAs(viewLabel(view, ctx, viewerSeat, text))];
  if (!over) head.push(text.review.running);
  else if (table.status !== 'finished' || table.endReason === 'abandoned') head.push(text.review.stopped);
  const analysed = look.analysis && over ? analysisPart(mod, input, look.analysis, ctx, text) : { lines: [], rows: [] };
  const move = moveLines(mod, replay, step, view, ctx, text);
  /** The analysis, its own block (a Text Display of its own in a Components V2 panel). */
  const analysisText = clip(analysed.lines.join('\n'), ANALYSIS_TEXT_MAX);
  const rows: ComponentRow[] = [
    buttonRow(
      { ...button(reviewId(table.id, 0, code, 'f'), text.review.first, ButtonStyle.Secondary, step === 0) },
      { ...button(reviewId(table.id, Math.max(0, step - 1), code, 'p'), text.review.previous, ButtonStyle.Primary, step === 0) },
      { ...button(reviewId(table.id, Math.min(last, step + 1), code, 'n'), text.review.next, ButtonStyle.Primary, step === last) },
      { ...button(reviewId(table.id, last, code, 'l'), text.review.last, ButtonStyle.Secondary, step === last) },
      button(reviewId(table.id, step, code, 'x'), text.review.export, ButtonStyle.Secondary),
    ),
  ];
  const views = openViews(replay.seats, viewerSeat, over, input.watchersSeeHands);
  if (views.length > 1) {
    const menu = selectRow(
      reviewId(table.id, step, code, 'v'),
      text.review.viewAs,
      views.map((option) => ({ value: encodeView(option), label: viewLabel(option, ctx, viewerSeat, text).replace(/\\(.)/g, '$1') })),
    );
    // The view on show is the menu's selected option.
    for (const component of menu.components) {
      if ('options' in component && component.options) component.options = component.options.map((option) => (option.value === code ? { ...option, default: true } : option));
    }
    rows.push(menu);
  }
  rows.push(...analysed.rows);
  const title = text.review.title(mod.emoji, mod.title(text), table.id);
  if (mod.pictures) {
    const top = clip([`### ${title}`, ...head, '', ...move].join('\n'), V2_TEXT_MAX / 2);
    const pictures = look.textBoards ? null : (look.pictures ?? null);
    const inside: APIComponentInContainer[] = [];
    const files: MessagePayload['files'] = [];
    if (pictures) {
      inside.push({ type: ComponentType.TextDisplay, content: top });
      if (analysisText) inside.push({ type: ComponentType.TextDisplay, content: analysisText });
      const show = (picture: MessagePicture) => {
        inside.push({ type: ComponentType.MediaGallery, items: [{ media: { url: `attachment://${picture.name}` }, description: picture.alt }] });
        files.push({ name: picture.name, data: picture.png, description: picture.alt });
      };
      show(pictures.board);
      for (const { seat, picture } of pictures.hands) {
        // Everything revealed: each hand under its seat's name.
        if (view.kind === 'all') inside.push({ type: ComponentType.TextDisplay, content: text.review.seatHeading(ctx.name(seat)) });
        show(picture);
      }
    } else {
      const lead = analysisText ? [top, '', analysisText] : [top];
      const body = stepBody(mod, replay, step, view, ctx, text, V2_TEXT_MAX - lead.join('\n').length - 2);
      inside.push({ type: ComponentType.TextDisplay, content: clip([...lead, '', ...body].join('\n'), V2_TEXT_MAX) });
    }
    inside.push({ type: ComponentType.Separator, divider: true, spacing: 1 }, ...rows);
    return {
      components: [{ type: ComponentType.Container, accent_color: mod.colour, components: inside }],
      allowed_mentions: { parse: [] },
      flags: MessageFlags.IsComponentsV2,
      ...(files.length ? { files } : {}),
    };
  }
  const shown = [...head, '', ...move, ...(analysisText ? ['', analysisText] : []), ''];
  const body = stepBody(mod, replay, step, view, ctx, text, EMBED_DESCRIPTION_MAX - shown.join('\n').length);
  const description = [...shown, ...body].join('\n');
  return {
    embeds: [{ title: clip(title, 256), description: clip(description, EMBED_DESCRIPTION_MAX), color: mod.colour }],
    components: rows,
    allowed_mentions: { parse: [] },
  };
}
