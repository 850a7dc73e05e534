/**
 * A review's Export (README "Review a game"): the game record as JSON (game, options, seats,
 * every action with its time, and — for a player once the game is over — the seed that replays it) and a
 * readable markdown transcript of the whole game from one view. Nothing secret before the end:
 * while the game runs the record has no seed and other seats' actions are reduced to who moved,
 * how and when, and the transcript is drawn from the reader's view only.
 */
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import { lastStep, mayView, type ReviewView } from '../../review/replay.js';
import { moveLines, reviewContext, stepBody, viewLabel, type ReviewInput } from './review.js';

/** The JSON record of a game (`seed` and others' actions only once `over`). */
export interface GameRecord {
  format: 'red-herring-game/1';
  game: string;
  tableId: number;
  options: unknown;
  /** Seat names as the board shows them ("former player" for an erased user); no user ids. */
  seats: { seat: number; name: string; bot: string | null }[];
  /** The host's seat (`SetupMeta.hostSeat`), needed to replay games whose setup reads it. */
  hostSeat: number;
  /** The 32-bit seed, for a player once the game is over; null while it runs and for non-players. */
  seed: number | null;
  status: string;
  endReason: string | null;
  startedAt: number | null;
  endedAt: number | null;
  /** Every logged action in order; `action` is null for another seat's move unless the reader may see everything. */
  actions: { step: number; seat: number; kind: string; at: number; action: unknown }[];
}

/**
 * The record of a replayed game for a reader at `viewerSeat` (null: a non-player). The seed and
 * every seat's actions only go to a reader who may see everything (`mayView`: a player, once the
 * game is over); anyone else gets their own seat's actions and who, how and when of the rest.
 */
export function gameRecord(mod: GameModule, input: ReviewInput, hostSeat: number, text: Catalog): GameRecord {
  const { table, replay, viewerSeat } = input;
  const everything = mayView({ kind: 'all' }, viewerSeat, input.over, input.watchersSeeHands);
  const ctx = reviewContext(mod, table, input.seats, text);
  return {
    format: 'red-herring-game/1',
    game: mod.id,
    tableId: table.id,
    options: table.options,
    seats: ctx.seats.map((info) => ({ seat: info.seat, name: ctx.name(info.seat).replace(/\\(.)/g, '$1'), bot: input.seats.find((row) => row.seat === info.seat)?.botLevel ?? null })),
    hostSeat,
    seed: everything ? table.seed : null,
    status: table.status,
    endReason: table.endReason,
    startedAt: table.startedAt,
    endedAt: table.endedAt,
    actions: replay.steps.slice(1).map((step, index) => ({
      step: index + 1,
      seat: step.entry!.seat,
      kind: step.entry!.kind,
      at: step.entry!.at,
      action: everything || step.entry!.seat === viewerSeat ? step.entry!.action : null,
    })),
  };
}

/** The markdown transcript of the whole game from `view` (times in UTC, ISO 8601). */
export function gameTranscript(mod: GameModule, input: ReviewInput, view: ReviewView, text: Catalog): string {
  const { table, replay, viewerSeat } = input;
  const ctx = { ...reviewContext(mod, input.table, input.seats, text), relative: (ms: number) => new Date(ms).toISOString() };
  const t = text.review.transcript;
  const iso = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString());
  const lines = [t.title(mod.title(text), table.id), '', text.review.seenAs(viewLabel(view, ctx, viewerSeat, text)), '', `### ${t.seats}`];
  for (const info of ctx.seats) lines.push(t.seat(info.seat + 1, ctx.name(info.seat)));
  lines.push('', t.started(iso(table.startedAt)));
  if (table.endedAt !== null) lines.push(t.ended(iso(table.endedAt), table.endReason ?? table.status));
  for (let step = 1; step <= lastStep(replay); step++) {
    lines.push('', t.step(step), ...moveLines(mod, replay, step, view, ctx, text).map((line) => line.replace(/<t:(\d+):f>/g, (_, s: string) => new Date(Number(s) * 1000).toISOString())));
  }
  lines.push('', t.final, '', ...stepBody(mod, replay, lastStep(replay), view, ctx, text));
  return `${lines.join('\n')}\n`;
}
