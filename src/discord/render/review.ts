/**
 * The review panel (README "Review a game"): one step of a replayed game as one view saw it —
 * the board (and the seat's hand) of that moment drawn by the game's own renderers from that
 * view only, the move in words, who moved and how (timer, auto-play, AI player), ⏮ ◀ ▶ ⏭, a
 * "view as" select of the views open to the reader, and Export. Every component carries the
 * table, the step and the view in its custom_id (`reviewId`), so the panel keeps working after
 * a restart and after the interaction's 15 minutes.
 *
 * Pictures: the step is drawn as text (the games' `board` / `panel` renderers). Once the games'
 * pictures (`GameModule.pictures`, src/games/picture.ts) are drawn into messages, the picture of
 * a step is `pictures.board(viewAt(…).view)` / `pictures.hand(…)` of the same view: the hook is
 * `stepBody` below.
 */
import { ButtonStyle } from 'discord-api-types/v10';
import type { GameEvent, Seat, Viewer } from '../../games/engine.js';
import type { GameModule } from '../../games/module.js';
import type { RenderContext } from '../../games/ui.js';
import type { Catalog } from '../../i18n/index.js';
import type { SeatRow, TableRow } from '../../persistence/store/types.js';
import { encodeView, eventsAt, lastStep, mayView, viewAt, type GameReplay, type ReviewView } from '../../review/replay.js';
import { reviewId } from '../custom-id.js';
import { describeEvent, renderContext } from './context.js';
import { button, buttonRow, clip, selectRow, type ComponentRow, type MessagePayload } from './markup.js';

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

/** Every view open to a reader at seat `viewerSeat` (null: a non-player), in menu order. */
export function openViews(seatCount: number, viewerSeat: Seat | null, over: boolean): ReviewView[] {
  const all: ReviewView[] = [{ kind: 'public' }, ...Array.from({ length: seatCount }, (_, seat) => ({ kind: 'seat', seat }) as ReviewView), { kind: 'all' }];
  return all.filter((view) => mayView(view, viewerSeat, over));
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

/** The review panel message of one step (sent ephemeral). */
export function reviewMessage(mod: GameModule, input: ReviewInput, text: Catalog): MessagePayload {
  const { table, replay, step, view, viewerSeat, over } = input;
  const ctx = reviewContext(mod, table, input.seats, text);
  const last = lastStep(replay);
  const code = encodeView(view);
  const head = [text.review.where(`<#${table.channelId}>`), text.review.stepOf(step, last), text.review.seenAs(viewLabel(view, ctx, viewerSeat, text))];
  if (!over) head.push(text.review.running);
  else if (table.status !== 'finished' || table.endReason === 'abandoned') head.push(text.review.stopped);
  const move = moveLines(mod, replay, step, view, ctx, text);
  const body = stepBody(mod, replay, step, view, ctx, text, EMBED_DESCRIPTION_MAX - [...head, '', ...move, ''].join('\n').length);
  const description = [...head, '', ...move, '', ...body].join('\n');
  const rows: ComponentRow[] = [
    buttonRow(
      { ...button(reviewId(table.id, 0, code, 'f'), text.review.first, ButtonStyle.Secondary, step === 0) },
      { ...button(reviewId(table.id, Math.max(0, step - 1), code, 'p'), text.review.previous, ButtonStyle.Primary, step === 0) },
      { ...button(reviewId(table.id, Math.min(last, step + 1), code, 'n'), text.review.next, ButtonStyle.Primary, step === last) },
      { ...button(reviewId(table.id, last, code, 'l'), text.review.last, ButtonStyle.Secondary, step === last) },
      button(reviewId(table.id, step, code, 'x'), text.review.export, ButtonStyle.Secondary),
    ),
  ];
  const views = openViews(replay.seats, viewerSeat, over);
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
  return {
    embeds: [{ title: clip(text.review.title(mod.emoji, mod.title(text), table.id), 256), description: clip(description, EMBED_DESCRIPTION_MAX), color: mod.colour }],
    components: rows,
    allowed_mentions: { parse: [] },
  };
}
