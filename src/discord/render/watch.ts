/**
 * A watcher's private panel (docs/watching.md): the public board of the step
 * the table's spectator rules allow — its picture and alt text (or its text version), every hand
 * once the game is over where the table lets watchers see them — and the moves so far, with
 * Refresh and Stop watching.
 *
 * Drawn from the watcher's replay only (`watcherReplay`, src/review/watch.ts: the replayed game
 * cut at the watcher's step), the table's id and channel, and its seats' names as they were
 * when it started — never from the live table: no deadline, no count of newer moves, no seat's
 * later leaving or away mark, nothing newer than the step shown (test/review/watch-panel.test.ts).
 */
import { ButtonStyle, ComponentType, MessageFlags, type APIComponentInContainer } from 'discord-api-types/v10';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import type { SeatRow } from '../../persistence/store/types.js';
import { eventsAt, lastStep, type GameReplay, type ReviewView } from '../../review/replay.js';
import { watcherView } from '../../review/watch.js';
import { isBotUser } from '../../tables/bots.js';
import type { SpectatorPolicy } from '../../tables/spectators.js';
import { reviewId, tableActionId } from '../custom-id.js';
import type { MessagePicture } from '../pictures/index.js';
import { describeEvent } from './context.js';
import { button, buttonRow, clip, V2_TEXT_MAX, type ComponentRow, type MessagePayload } from './markup.js';
import { reviewContext, stepBody, stepPictures, type StepDrawings } from './review.js';
import type { PictureSeat } from '../../games/picture.js';

/** Discord's limit on an embed description, in characters. */
const EMBED_DESCRIPTION_MAX = 4096;
/** Most moves the panel lists (the newest ones). */
export const WATCH_MOVES_SHOWN = 12;

/** What one watch panel shows. */
export interface WatchInput {
  /** The table: only its id and channel are read. */
  table: { id: number; channelId: string };
  /** The table's seats (names); the marks that change during a game (away, left, a bot taking over) are not read. */
  seats: readonly SeatRow[];
  /** The watcher's replay: the game cut at the step the rules allow (`watcherReplay`). */
  replay: GameReplay;
  policy: SpectatorPolicy;
  /** The table will never move again (finished, cancelled or abandoned). */
  over: boolean;
  /** It stopped before its end (cancelled or abandoned). */
  stopped: boolean;
}

/** How the panel of a game with drawers is drawn (README "Pictures"). */
export interface WatchLook {
  /** The step's pictures (null or absent: none could be drawn — the text version is sent). */
  pictures?: StepDrawings<MessagePicture> | null;
  /** The watcher's "text boards" setting: the text version instead of the pictures. */
  textBoards?: boolean;
}

/**
 * The seat rows as they were at the deal: names and the AI players seated from the start; a
 * seat's away or left mark, and an AI player who took a seat over later, are newer than the
 * step shown and are left out (the step's own events say who left, and when).
 */
export function dealSeats(seats: readonly SeatRow[]): SeatRow[] {
  return seats.map((row) => ({ ...row, away: false, left: false, botLevel: isBotUser(row.userId) ? row.botLevel : null }));
}

/** The view a watcher sees of `input`: public, or every hand once the game is over where the table allows it. */
export function watchView(input: Pick<WatchInput, 'policy' | 'over'>): ReviewView {
  return watcherView(input.policy, input.over);
}

/** The pictures' seat names of a watch panel (as at the deal: `dealSeats`). */
export function watchPictureSeats(seats: readonly SeatRow[], text: Catalog): PictureSeat[] {
  return dealSeats(seats)
    .filter((row) => row.seat !== null)
    .sort((a, b) => a.seat! - b.seat!)
    .map((row) => ({ seat: row.seat!, name: row.displayName || text.privacy.formerPlayer, bot: isBotUser(row.userId), away: false }));
}

/** The drawings of a watch panel: the board of the watcher's step from the public view, and every hand when the view reveals them. */
export function watchDrawings(mod: GameModule, input: WatchInput, text: Catalog): StepDrawings | null {
  return stepPictures(mod, input.replay, lastStep(input.replay), watchView(input), watchPictureSeats(input.seats, text), text, input.over);
}

/** The attachment name of a watch panel's picture (unique in the message). */
export function watchPictureName(tableId: number, step: number, seat: number | null): string {
  return seat === null ? `watch-${tableId}-${step}-board.png` : `watch-${tableId}-${step}-hand-${seat}.png`;
}

/**
 * The move list of the watcher's replay: the newest WATCH_MOVES_SHOWN moves, one line each
 * (who moved, how, and what the view may read of it), and a line counting the earlier ones.
 */
export function watchMoveLines(mod: GameModule, input: WatchInput, text: Catalog): string[] {
  const { replay } = input;
  const view = watchView(input);
  const ctx = reviewContext(mod, input.table as never, dealSeats(input.seats), text);
  const w = text.watch;
  const last = lastStep(replay);
  if (last === 0) return [w.noMoves];
  const first = Math.max(1, last - WATCH_MOVES_SHOWN + 1);
  const lines: string[] = [];
  if (first > 1) lines.push(w.earlier(first - 1));
  for (let step = first; step <= last; step++) {
    const entry = replay.steps[step]!.entry!;
    const said: string[] = [];
    for (const event of eventsAt(replay, step, view)) {
      const viewer = view.kind === 'all' ? (event.to?.[0] ?? null) : null;
      const line = describeEvent(mod, event, ctx, viewer);
      if (line) said.push(line);
    }
    lines.push(w.moveLine(step, ctx.name(entry.seat), text.review.marks[entry.kind], said.join(' · ')));
  }
  return lines;
}

/** The watch panel message (sent ephemeral). */
export function watchMessage(mod: GameModule, input: WatchInput, text: Catalog, look: WatchLook = {}): MessagePayload {
  const { table, replay, policy } = input;
  const w = text.watch;
  const step = lastStep(replay);
  const view = watchView(input);
  const ctx = reviewContext(mod, table as never, dealSeats(input.seats), text);
  const head = [w.where(`<#${table.channelId}>`)];
  if (input.over) head.push(input.stopped ? w.stopped : w.over);
  else head.push(policy.mode === 'delayed' ? w.delayed(policy.delay) : w.live);
  head.push(w.atMove(step));
  if (view.kind === 'all') head.push(w.handsShown);
  const moves = ['', w.movesHeading(step), ...watchMoveLines(mod, input, text)];
  const rows: ComponentRow[] = [
    buttonRow(
      button(tableActionId(table.id, 'watch'), w.refresh, ButtonStyle.Secondary),
      ...(input.over ? [button(reviewId(table.id, null, 'p', 'o'), text.review.reviewButton, ButtonStyle.Secondary)] : [button(tableActionId(table.id, 'unwatch'), w.stop, ButtonStyle.Secondary)]),
    ),
  ];
  const footer = input.over ? [] : ['', w.expires];
  const title = w.title(mod.emoji, mod.title(text), table.id);
  if (mod.pictures) {
    const pictures = look.textBoards ? null : (look.pictures ?? null);
    const inside: APIComponentInContainer[] = [];
    const files: NonNullable<MessagePayload['files']> = [];
    if (pictures) {
      const below = clip([...moves, ...footer].join('\n').trim(), V2_TEXT_MAX / 2);
      inside.push({ type: ComponentType.TextDisplay, content: clip([`### ${title}`, ...head].join('\n'), V2_TEXT_MAX / 4) });
      const show = (picture: MessagePicture) => {
        inside.push({ type: ComponentType.MediaGallery, items: [{ media: { url: `attachment://${picture.name}` }, description: picture.alt }] });
        files.push({ name: picture.name, data: picture.png, description: picture.alt });
      };
      show(pictures.board);
      for (const { seat, picture } of pictures.hands) {
        inside.push({ type: ComponentType.TextDisplay, content: text.review.seatHeading(ctx.name(seat)) });
        show(picture);
      }
      inside.push({ type: ComponentType.TextDisplay, content: below });
    } else {
      const top = [`### ${title}`, ...head].join('\n');
      const tail = [...moves, ...footer].join('\n');
      const body = stepBody(mod, replay, step, view, ctx, text, V2_TEXT_MAX - top.length - tail.length - 8);
      inside.push({ type: ComponentType.TextDisplay, content: clip([top, '', ...body, tail].join('\n'), V2_TEXT_MAX) });
    }
    inside.push({ type: ComponentType.Separator, divider: true, spacing: 1 }, ...rows);
    return {
      components: [{ type: ComponentType.Container, accent_color: mod.colour, components: inside }],
      allowed_mentions: { parse: [] },
      flags: MessageFlags.IsComponentsV2,
      ...(files.length ? { files } : {}),
    };
  }
  const tail = [...moves, ...footer].join('\n');
  const body = stepBody(mod, replay, step, view, ctx, text, EMBED_DESCRIPTION_MAX - [...head, tail].join('\n').length - 8);
  return {
    embeds: [{ title: clip(title, 256), description: clip([...head, '', ...body, tail].join('\n'), EMBED_DESCRIPTION_MAX), color: mod.colour }],
    components: rows,
    allowed_mentions: { parse: [] },
  };
}

/** What a watch panel says once its reader stopped watching (no components). */
export function stoppedWatchingMessage(mod: GameModule | undefined, text: Catalog): MessagePayload {
  if (mod && !mod.pictures) return { embeds: [{ description: text.watch.stoppedWatching, color: mod.colour }], components: [], allowed_mentions: { parse: [] } };
  return {
    components: [{ type: ComponentType.Container, ...(mod ? { accent_color: mod.colour } : {}), components: [{ type: ComponentType.TextDisplay, content: text.watch.stoppedWatching }] }],
    allowed_mentions: { parse: [] },
    flags: MessageFlags.IsComponentsV2,
  };
}
