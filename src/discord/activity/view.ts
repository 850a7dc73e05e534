/**
 * What the Activity shows one signed-in user (docs/activity.md "What each viewer receives"):
 * the table drawn live from that viewer's view only — the game's own SVG drawers
 * (`GameModule.pictures`) with the boxes of their keyed parts, the seat's legal moves with the
 * labels its private panel gives them and where each is clicked on the pictures, whose turn,
 * the deadline, the log lines the viewer may read and the end. A seat gets the public board and
 * its own hand; a spectator (not seated, or a seat left in a running game) the public board only,
 * as the table's spectator rules allow (src/tables/spectators.ts, src/review/watch.ts).
 *
 * Pure: data in (module, snapshot, catalog), data out; never the state itself.
 */
import { eventVisibleTo, seatsToAct, type Seat, type Viewer } from '../../games/engine.js';
import type { GameModule } from '../../games/module.js';
import { pictureRegions, type MoveTarget, type Picture, type PictureContext, type PictureRegion } from '../../games/picture.js';
import { catalogs, type Catalog, type Language } from '../../i18n/index.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { hintsAllowed } from '../../tables/hints.js';
import { isBotSeat, viewerSeatOf } from '../../tables/policy.js';
import { spectatorPolicy, watchRefusal, type SpectatorPolicy } from '../../tables/spectators.js';
import type { StoredEvent, TableSnapshot } from '../../tables/types.js';
import type { WatchPayload } from '../../review/watch.js';
import { decodeCustomId } from '../custom-id.js';
import { pictureContext, pictureSeats } from '../pictures/index.js';
import { latestNotices, logLines, renderContext } from '../render/context.js';
import { plainComponentTexts } from '../render/markup.js';
import { endText } from '../render/results.js';

/** How many log lines the Activity shows (the board shows 6; the Activity has room for more). */
export const ACTIVITY_LOG_LINES = 12;

/** A picture as the Activity draws it: its SVG, size in px, alt text and the boxes of its keyed parts. */
export interface ActivityPicture {
  kind: 'board' | 'hand';
  /** The seat whose hand it is (hands only). */
  seat?: Seat;
  svg: string;
  width: number;
  height: number;
  alt: string;
  /** Keyed parts (MoveTarget keys) → [x, y, w, h] in the picture's px. */
  regions: Record<string, [number, number, number, number]>;
}

/** One legal move of the viewer's seat. */
export interface ActivityMove {
  /** The game's action code (`definition.encodeAction`), sent back to make the move. */
  code: string;
  /** The label of its button or select option on the seat's private panel (emoji first). */
  label: string;
  /** Where it is clicked on the pictures, first to last; null: a button beside them. */
  path: MoveTarget[] | null;
}

/** A seat as the Activity lists it. */
export interface ActivitySeat {
  seat: Seat;
  name: string;
  bot: boolean;
  away: boolean;
  left: boolean;
  /** Must act in the pending decision. */
  acting: boolean;
  /** The viewer's own seat. */
  me: boolean;
}

/** Why a viewer sees no table, or only part of it. */
export type ActivityWatch = 'player' | 'spectator' | 'delayed' | 'off' | 'left';

/** Everything one viewer's Activity shows, from their view only. */
export interface ActivityState {
  table: { id: number; game: string; title: string; emoji: string; status: string; version: number; step: number; channelId: string };
  /** The viewer's language (their Discord client's). */
  lang: Language;
  viewer: { userId: string; seat: Seat | null; watch: ActivityWatch };
  /** One line (markdown): the phase and who must act. */
  status: string;
  seats: ActivitySeat[];
  /** The deadline of the pending decision, Unix ms (null: none, or not shown to this viewer). */
  deadlineAt: number | null;
  /** The viewer's seat must act now. */
  yourTurn: boolean;
  pictures: ActivityPicture[];
  moves: ActivityMove[];
  /** The recent moves the viewer may read (markdown), oldest first. */
  log: string[];
  /** Who ran out of time or was auto-played in the latest change (markdown). */
  notices: string[];
  /** The end of the table (markdown), once it is over. */
  end: string | null;
  /** 💡 Hint may be asked (src/tables/hints.ts). */
  hint: boolean;
  /** Delayed watchers: the step shown (moves behind the table are not said). */
  watchStep?: number;
}

/** Draws (or finds drawn) a picture; the caller may cache by `key`. */
export type PictureDrawer = (key: string, draw: () => ActivityPicture) => ActivityPicture;

/** Draw `picture` with its regions recorded. */
function drawn(kind: 'board' | 'hand', seat: Seat | undefined, draw: (ctx: PictureContext) => Picture, ctx: PictureContext): ActivityPicture {
  const recorded = new Map<string, PictureRegion>();
  const picture = draw({ ...ctx, regions: recorded });
  const regions: Record<string, [number, number, number, number]> = {};
  for (const [key, r] of pictureRegions(picture, recorded)) regions[key] = [Math.round(r.x), Math.round(r.y), Math.round(r.w), Math.round(r.h)];
  return { kind, ...(seat !== undefined ? { seat } : {}), svg: picture.svg, width: picture.width, height: picture.height, alt: picture.alt, regions };
}

/** The language code of a catalog. */
export function languageOfCatalog(text: Catalog): Language {
  for (const [code, catalog] of Object.entries(catalogs)) if (catalog === text) return code as Language;
  return 'en';
}

/**
 * The legal moves of `seat` with their panel labels (the same rows the seat's private panel
 * draws: labels of its buttons and select options by action code) and their clicks on the
 * pictures (`GamePictures.targets`).
 */
export function activityMoves(mod: GameModule, snapshot: TableSnapshot, seat: Seat, text: Catalog): ActivityMove[] {
  const { table } = snapshot;
  if (table.status !== 'active' || !table.state) return [];
  const def = mod.definition;
  const legal = def.legalActions(table.state, seat);
  if (legal.length === 0) return [];
  const view = def.seatView(table.state, seat);
  const ctx = renderContext(mod, snapshot, text);
  const labels = new Map<string, string>();
  for (const row of plainComponentTexts(mod.ui.panel(view, legal, ctx).rows)) {
    for (const component of row.components as { custom_id?: string; label?: string; emoji?: { name?: string }; options?: { label: string; value: string; emoji?: { name?: string } }[] }[]) {
      const named = (c: { label?: string; emoji?: { name?: string } }) => [c.emoji?.name, c.label].filter(Boolean).join(' ');
      const id = component.custom_id ? decodeCustomId(component.custom_id) : null;
      if (id?.kind === 'game' && !labels.has(id.code)) labels.set(id.code, named(component));
      for (const option of component.options ?? []) if (!labels.has(option.value)) labels.set(option.value, named(option));
    }
  }
  return legal.map((action) => {
    const code = def.encodeAction(action);
    return { code, label: labels.get(code) ?? code, path: mod.pictures?.targets?.(action, view) ?? null };
  });
}

/** Options of {@link activityState}. */
export interface ActivityStateOptions {
  /** Draws pictures (a cache); default: draw every time. */
  draw?: PictureDrawer;
  /**
   * What a delayed watcher may see (src/review/watch.ts `watchPayload` of the table's replay),
   * when the table's spectators are `delayed`; without it such a watcher sees no picture.
   */
  watch?: WatchPayload;
}

/**
 * The Activity of `userId` at `snapshot`'s table in `text`'s language. A seated player (not
 * left) gets the public board and their own hand (NOIR: the hand alone, which is the board
 * with their cards) and their legal moves; anyone else what the spectator rules let watchers
 * see — never a hand while the game runs.
 */
export function activityState(mod: GameModule, snapshot: TableSnapshot, userId: string, text: Catalog, options: ActivityStateOptions = {}): ActivityState {
  const { table } = snapshot;
  const draw = options.draw ?? ((_key: string, make: () => ActivityPicture) => make());
  const lang = languageOfCatalog(text);
  const ctx = renderContext(mod, snapshot, text);
  const row = snapshot.seats.find((r) => r.userId === userId);
  const seat = viewerSeatOf(row, table.status);
  const policy: SpectatorPolicy = spectatorPolicy(tableOptionsOf(table.tableOptions));
  const started = table.state !== null && table.state !== undefined;
  const active = table.status === 'active';
  const pending = snapshot.pending;
  const toAct = new Set(pending && active ? seatsToAct(pending) : []);
  const watch: ActivityWatch =
    seat !== null ? 'player' : row && row.seat !== null ? 'left' : watchRefusal(policy, row) === 'spectators-off' && active ? 'off' : policy.mode === 'delayed' && active ? 'delayed' : 'spectator';
  const seatsShown = pictureSeats(snapshot, text);
  const seats: ActivitySeat[] = started
    ? seatsShown.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, away: s.away, left: snapshot.seats.find((r) => r.seat === s.seat)?.left ?? false, acting: toAct.has(s.seat), me: s.seat === seat }))
    : snapshot.seats.map((r, i) => ({ seat: i, name: r.displayName || text.privacy.formerPlayer, bot: isBotSeat(r), away: false, left: false, acting: false, me: r.userId === userId }));

  const pictures: ActivityPicture[] = [];
  let moves: ActivityMove[] = [];
  let log: string[] = [];
  let status = '';
  let watchStep: number | undefined;
  const over = table.status !== 'active';
  if (started && mod.pictures) {
    const pics = mod.pictures;
    const version = `${table.id}:${table.version}:${table.status}:${lang}:${JSON.stringify(seatsShown)}`;
    if (watch === 'delayed' || watch === 'off') {
      // A delayed watcher sees the replay cut at the step the table allows (src/review/watch.ts); watching off: nothing.
      const payload = watch === 'delayed' ? options.watch : undefined;
      if (payload && payload.view.kind === 'public') {
        const view = payload.view.view;
        const latest = payload.moves.at(-1)?.events ?? [];
        watchStep = payload.step;
        pictures.push(draw(`board:${table.id}:step${payload.step}:${lang}`, () => drawn('board', undefined, (c) => pics.board(view, c), { seats: seatsShown, viewer: null, t: text, latest, over: payload.overAtStep })));
      }
    } else {
      const publicCtx = pictureContext(snapshot, null, text);
      const showBoard = seat === null || !pics.handShowsBoard;
      if (showBoard) pictures.push(draw(`board:${version}`, () => drawn('board', undefined, (c) => pics.board(mod.definition.publicView(table.state), c), { ...publicCtx, seats: seatsShown })));
      if (seat !== null) {
        const handCtx = pictureContext(snapshot, seat, text);
        pictures.push(draw(`hand${seat}:${version}`, () => drawn('hand', seat, (c) => pics.hand(mod.definition.seatView(table.state, seat), c), { ...handCtx, seats: seatsShown })));
      }
    }
  }
  if (started) {
    const live = watch !== 'delayed' && watch !== 'off';
    if (live) {
      status = mod.ui.board(mod.definition.publicView(table.state), ctx).status;
      log = logLines(mod, (table.recentEvents ?? []) as StoredEvent[], ctx, seat, ACTIVITY_LOG_LINES);
    } else status = watch === 'off' ? text.activity.watchingOff : text.activity.watchingDelayed(policy.delay);
    if (seat !== null && active) moves = activityMoves(mod, snapshot, seat, text);
  } else {
    status = text.activity.lobby;
  }
  const events = (table.recentEvents ?? []) as StoredEvent[];
  const notices = started && watch !== 'delayed' && watch !== 'off' ? latestNotices(events.filter((e) => eventVisibleTo(e.event, seat)), table.version, ctx) : [];
  const yourTurn = seat !== null && toAct.has(seat) && moves.length > 0;
  return {
    table: {
      id: table.id,
      game: mod.id,
      title: mod.title(text),
      emoji: mod.emoji,
      status: table.status,
      version: table.version,
      step: pending?.step ?? 0,
      channelId: table.channelId,
    },
    lang,
    viewer: { userId, seat, watch },
    status,
    seats,
    deadlineAt: active && watch !== 'delayed' && watch !== 'off' ? (table.deadlineAt ?? null) : null,
    yourTurn,
    pictures,
    moves,
    log,
    notices,
    end: over && table.status !== 'lobby' ? endText(snapshot, ctx, text) : null,
    hint: seat !== null && active && hintsAllowed(snapshot.seats, table.tableOptions, seat) && moves.length > 0,
    ...(watchStep !== undefined ? { watchStep } : {}),
  };
}

/** Whose eyes: the viewer seat of `userId` at `snapshot` (null: public view only). */
export function activityViewer(snapshot: TableSnapshot, userId: string): Viewer {
  return viewerSeatOf(
    snapshot.seats.find((r) => r.userId === userId),
    snapshot.table.status,
  );
}
