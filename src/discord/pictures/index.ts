/**
 * Pictures of boards and hands for messages (README "Pictures"; docs/pictures.md): a game's
 * drawers (`GameModule.pictures`, src/games/picture.ts) give a scene of pieces from one viewer's
 * view; the render pool (./pool.ts) draws and composes it on a worker thread from the view this
 * computes — the event loop never draws, rasterises or encodes — and the PNGs are kept in a
 * bounded cache (./cache.ts), so a picture is made once however many times it is sent.
 *
 * Keys: a board or hand is drawn once per (table, viewer — public or seat —, language, kind,
 * hash of the viewer's view and of what else the picture shows) (the SVG's hash and alt text
 * are remembered under that key); the PNG is kept under the SVG's hash, so a hand a rival's
 * move did not change is the same PNG. Renders wait their turn in a bounded render queue
 * (./queue.ts): a picture the queue refuses is sent as the text version.
 */
import { lessonNote } from '../../games/lesson.js';
import { lessonIdOf } from '../../tables/lesson-rules.js';
import { createHash } from 'node:crypto';
import { eventVisibleTo, type Viewer } from '../../games/engine.js';
import type { GameModule } from '../../games/module.js';
import type { Picture, PictureContext, PictureSeat } from '../../games/picture.js';
import { catalogs, type Catalog } from '../../i18n/index.js';
import { isBotSeat } from '../../tables/policy.js';
import type { StoredEvent, TableSnapshot } from '../../tables/types.js';
import type { Logger } from '../../logger.js';
import { ByteLru, PICTURE_CACHE_BYTES } from './cache.js';
import { GAME_MODULES } from '../../games/index.js';
import type { Language } from '../../i18n/index.js';
import { processRenderPool, type RenderPool } from './pool.js';
import { RENDER_RANK, RenderQueue, type RenderOutcome, type RenderRefusal } from './queue.js';
import type { Png } from './rasterise.js';

/** Which picture of a table. */
export type PictureKind = 'board' | 'hand';

/** A picture ready to attach to a message. */
export interface MessagePicture {
  /** The attachment's file name (`attachment://` + this in the message's components). */
  name: string;
  /** The PNG file. */
  png: Buffer;
  /** Alt text in the viewer's language, 1–1,024 characters (Discord's media description limit). */
  alt: string;
  width: number;
  height: number;
  /** Hash of the SVG it was drawn from (same picture ⇔ same hash). */
  hash: string;
}

/** Discord's limit on a media item's description (alt text), characters. */
export const ALT_TEXT_MAX = 1024;

/** What a view key remembers: the drawing's hash and alt text. */
interface Drawn {
  hash: string;
  alt: string;
}

/** Options of {@link PictureMaker}. */
export interface PictureMakerOptions {
  /** The cache bound, bytes (default PICTURE_CACHE_BYTES). */
  cacheBytes?: number;
  /**
   * SVG → PNG on this thread's behalf (tests count calls): given, pictures are drawn on this
   * thread and only the SVG is rasterised by it. Default: the render pool draws and composes.
   */
  rasterise?: (svg: string) => Promise<Png>;
  /** The render pool (default the process's, ./pool.ts). */
  pool?: RenderPool;
  /** The render queue (default: RENDER_CONCURRENCY at once, RENDER_QUEUE_SIZE waiting). */
  queue?: RenderQueue;
  /** Where an overloaded render queue is said, once per overload. */
  log?: Logger;
}

/** A picture asked for: ready, or why not (the caller sends the text version). */
export type PictureOutcome = { picture: MessagePicture } | { picture: null; refused: RenderRefusal | 'no-picture' };

/** The language code of a catalog ('en', 'es'). */
function languageCode(text: Catalog): Language {
  for (const [code, catalog] of Object.entries(catalogs)) if (catalog === text) return code as Language;
  return 'en';
}

/** A picture made: its PNG, alt text and the hash of its SVG. */
interface Made {
  png: Png;
  alt: string;
  hash: string;
}

/** The seats of a started table as pictures name them (plain text names; bots and absent players marked). */
export function pictureSeats(snapshot: TableSnapshot, text: Catalog): PictureSeat[] {
  return snapshot.seats
    .filter((row) => row.seat !== null)
    .sort((a, b) => a.seat! - b.seat!)
    .map((row) => ({ seat: row.seat!, name: row.displayName || text.privacy.formerPlayer, bot: isBotSeat(row), away: !isBotSeat(row) && (row.away || row.left) }));
}

/** The PictureContext of `snapshot` for `viewer` (the latest change's events it may see). */
export function pictureContext(snapshot: TableSnapshot, viewer: Viewer, text: Catalog): PictureContext {
  const { table } = snapshot;
  const recent = (table.recentEvents ?? []) as StoredEvent[];
  return {
    seats: pictureSeats(snapshot, text),
    viewer,
    t: text,
    latest: recent.filter((stored) => stored.change === table.version && eventVisibleTo(stored.event, viewer)).map((stored) => stored.event),
    over: table.status !== 'active',
  };
}

/** What a picture is drawn from, with its cache keys. */
interface Prepared {
  /** The version key: table, viewer, language, kind, table version and status, and the seats as drawn (no view computed). */
  versionKey: string;
  /** The view key: table, viewer, language, kind and a hash of everything the viewer's picture is drawn from (its view). */
  viewKey: () => string;
  /** The picture regardless of version (`table:viewer:language:kind`): renders of one are coalesced. */
  coalesce: string;
  /** Draw (on a render worker, or on this thread when the maker rasterises here) and make the PNG. */
  make: (rank?: number) => Promise<Made>;
}

/**
 * The parts a lesson table's pictures ring now (docs/lessons.md): those of the note the learner
 * reads, when the table plays the current version of its game's lesson; else undefined.
 */
function lessonHighlight(mod: GameModule, table: TableSnapshot['table']): ReadonlySet<string> | undefined {
  if (!table.lesson || !mod.lesson || table.lesson !== lessonIdOf(mod) || !table.state) return undefined;
  const note = lessonNote(mod.definition, mod.lesson, table.state);
  return note?.highlight?.length ? new Set(note.highlight) : undefined;
}

/** Draws, rasterises and caches the pictures of boards and hands. */
export class PictureMaker {
  /** PNGs by SVG hash, and drawings by view key, in one byte-bounded LRU. */
  readonly cache: ByteLru<Png | Drawn>;
  /** Renders wait their turn here (bounded; coalesced to the newest version). */
  readonly queue: RenderQueue;
  private readonly raster: ((svg: string) => Promise<Png>) | null;
  private readonly pool: RenderPool | null;
  /** Renders on their way by view key (pictures) or SVG hash (drawings): a second ask waits for the first. */
  private readonly inFlight = new Map<string, Promise<RenderOutcome<Made>>>();
  /** Rasterisations done (tests, bench). */
  rendered = 0;

  constructor(options: PictureMakerOptions = {}) {
    this.cache = new ByteLru<Png | Drawn>(options.cacheBytes ?? PICTURE_CACHE_BYTES, (value) => ('data' in value ? value.data.length : value.alt.length * 2 + 64));
    this.raster = options.rasterise ?? null;
    this.pool = options.rasterise ? null : (options.pool ?? null);
    const log = options.log;
    this.queue =
      options.queue ??
      new RenderQueue({
        onOverload: (why, refused) => log?.warn({ why, refused }, 'picture render queue overloaded: sending text versions until it drains'),
      });
  }

  /**
   * Start the render workers now (each loads its rasteriser and fonts once), so the first
   * pictures after a start are not slow, and do not make the render queue's estimate refuse
   * the ones after them. Nothing to do with a custom rasteriser (tests). Never rejects.
   */
  async warm(): Promise<void> {
    if (this.raster) return;
    await this.renderPool()
      .warm()
      .catch(() => undefined);
  }

  /**
   * The public board of `snapshot` in `text`'s language, or null when the game has no
   * drawers, the table never started, or the render queue refused it (full: the text
   * version is sent). Rejects when the drawer throws or the SVG is invalid.
   */
  async board(mod: GameModule, snapshot: TableSnapshot, text: Catalog): Promise<MessagePicture | null> {
    return (await this.request(mod, snapshot, null, text)).picture;
  }

  /** Seat `seat`'s hand (drawn from that seat's view only), like {@link board}. */
  async hand(mod: GameModule, snapshot: TableSnapshot, seat: number, text: Catalog): Promise<MessagePicture | null> {
    return (await this.request(mod, snapshot, seat, text)).picture;
  }

  /**
   * The cached picture for `viewer` if this view of the table was already drawn and
   * rasterised (no rasterising at all), else null.
   */
  cached(mod: GameModule, snapshot: TableSnapshot, viewer: Viewer, text: Catalog): MessagePicture | null {
    const prepared = this.prepare(mod, snapshot, viewer, text);
    if (!prepared) return null;
    const drawn = this.drawnFor(prepared);
    const png = drawn && (this.cache.get(`png:${drawn.hash}`) as Png | undefined);
    return drawn && png ? messagePicture(snapshot, viewer, drawn, png) : null;
  }

  /**
   * A picture already drawn by the caller (game review, src/commands/history.ts) ready to
   * send as attachment `name`: its PNG is taken from the cache by the SVG's hash, or
   * rasterised once in turn (the render queue; a second ask waits for the first). Rejects when
   * the SVG is invalid or the queue refuses it (the caller sends the text version).
   */
  async fromDrawing(picture: Picture, name: string): Promise<MessagePicture> {
    const hash = createHash('sha1').update(picture.svg).digest('hex');
    const key = `png:${hash}`;
    const hit = this.cache.get(key) as Png | undefined;
    if (hit) return { name, png: hit.data, alt: clipAlt(picture.alt), width: hit.width, height: hit.height, hash };
    const outcome = await this.once(`drawing:${hash}`, () =>
      this.queue.run({
        key: `drawing:${hash}`,
        version: 0,
        work: async () => {
          const png = await this.pngOf(picture);
          this.rendered++;
          this.cache.set(key, png);
          return { png, alt: clipAlt(picture.alt), hash };
        },
      }),
    );
    if (!outcome.ok) throw new Error(`picture render refused: ${outcome.refused}`);
    const { png } = outcome.value;
    return { name, png: png.data, alt: clipAlt(picture.alt), width: png.width, height: png.height, hash };
  }

  /**
   * `viewer`'s picture of `snapshot` (null: the public board), drawn and rasterised in turn
   * (the render queue), or why not: `no-picture` (no drawers, or the table never started),
   * `full`, `late` (it would not be done by `finishBy`, Unix ms), `superseded` (a newer
   * version of the same picture was asked for before this one's turn). `urgent`: a player waits
   * for it now (a click's own panel): it goes first in the render queue. Rejects when the
   * drawer throws or the SVG is invalid.
   */
  async request(mod: GameModule, snapshot: TableSnapshot, viewer: Viewer, text: Catalog, finishBy?: number, urgent = false): Promise<PictureOutcome> {
    const prepared = this.prepare(mod, snapshot, viewer, text);
    if (!prepared) return { picture: null, refused: 'no-picture' };
    const drawn = this.drawnFor(prepared);
    const cachedPng = drawn && (this.cache.get(`png:${drawn.hash}`) as Png | undefined);
    if (drawn && cachedPng) return { picture: messagePicture(snapshot, viewer, drawn, cachedPng) };
    const viewKey = prepared.viewKey();
    // Already asked for (a redraw of this seat's panel, or the board) and still waiting its
    // turn: a player waits for it now, so it goes first too.
    if (urgent && this.inFlight.has(viewKey)) this.queue.promote(prepared.coalesce);
    if (!this.inFlight.has(viewKey)) {
      // Not asked for at all when the queue would refuse it: computing the view costs the event loop too.
      const refusal = this.queue.wouldRefuse(finishBy, urgent);
      if (refusal) return { picture: null, refused: refusal };
    }
    const outcome = await this.once(viewKey, () =>
      this.queue.run({
        key: prepared.coalesce,
        version: snapshot.table.version,
        finishBy,
        first: viewer === null,
        urgent,
        work: async (asUrgent) => {
          // In the worker too, a click's own picture goes first (render-worker.ts RENDER_RANK),
          // also one asked for as a redraw and promoted since (a player waits for it now).
          const made = await prepared.make(asUrgent ? RENDER_RANK.urgent : viewer === null ? RENDER_RANK.board : RENDER_RANK.other);
          this.rendered++;
          const remembered: Drawn = { hash: made.hash, alt: made.alt };
          this.cache.set(`png:${made.hash}`, made.png);
          this.cache.set(viewKey, remembered);
          this.cache.set(prepared.versionKey, remembered);
          return made;
        },
      }),
    );
    return outcome.ok ? { picture: messagePicture(snapshot, viewer, outcome.value, outcome.value.png) } : { picture: null, refused: outcome.refused };
  }

  /** `start()`'s outcome, shared by every ask under `key` while it runs. */
  private async once(key: string, start: () => Promise<RenderOutcome<Made>>): Promise<RenderOutcome<Made>> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = start();
    this.inFlight.set(key, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** The render pool: the one given, else the process's (started on first use). */
  private renderPool(): RenderPool {
    return this.pool ?? processRenderPool();
  }

  /**
   * The PNG of a picture drawn on this thread: rasterised here (tests) or composed on the pool.
   * Rejects for a picture without a scene (every drawer draws scenes, docs/pictures.md).
   */
  private async pngOf(picture: Picture): Promise<Png> {
    if (this.raster) return this.raster(picture.svg);
    if (!picture.scene) throw new Error('a picture without a scene cannot be composed');
    const rendered = await this.renderPool().render({ kind: 'scene', scene: picture.scene });
    return { data: rendered.png, width: rendered.width, height: rendered.height };
  }

  /**
   * The keys and the drawing of `viewer`'s picture of `snapshot`, or null when there is none
   * to draw. The version key is found without computing the view; the view key (a hash of the
   * view) only when the version key is not in the cache (`viewKey`, computed once).
   */
  private prepare(mod: GameModule, snapshot: TableSnapshot, viewer: Viewer, text: Catalog): Prepared | null {
    const { table } = snapshot;
    const pictures = mod.pictures;
    if (!pictures || !table.state) return null;
    const kind: PictureKind = viewer === null ? 'board' : 'hand';
    const seats = pictureSeats(snapshot, text);
    const coalesce = `${table.id}:${viewer ?? 'public'}:${languageCode(text)}:${kind}`;
    // The table's state changes only with its version (every commit bumps it), so (table,
    // viewer, language, kind, version, status, seats as drawn) gives exactly one view: the
    // version key. It holds the viewer: never found by another viewer (docs/architecture.md §5: renderers get a view, never the state).
    const versionKey = `ver:${coalesce}:${table.version}:${table.status}:${JSON.stringify(seats)}`;
    let made: { view: unknown; ctx: PictureContext; key: string } | null = null;
    const compute = () => {
      if (made) return made;
      const view = viewer === null ? mod.definition.publicView(table.state) : mod.definition.seatView(table.state, viewer);
      const highlight = lessonHighlight(mod, table);
      const ctx = { ...pictureContext(snapshot, viewer, text), seats, ...(highlight ? { highlight } : {}) };
      // The key holds the viewer and a hash of their view: a picture is only ever found again by
      // the viewer it was drawn for, from the same view (docs/architecture.md §5: renderers get a view, never the state).
      const seen = createHash('sha1')
        .update(JSON.stringify([view, ctx.latest, ctx.seats, ctx.over, highlight ? [...highlight] : null]))
        .digest('base64');
      made = { view, ctx, key: `view:${coalesce}:${seen}` };
      return made;
    };
    // The game's own drawers are drawn on a render worker (which has them too); other drawers
    // (tests) and a maker that rasterises here draw on this thread.
    const onWorker = !this.raster && GAME_MODULES.some((m) => m.id === mod.id && m.pictures === pictures);
    return {
      versionKey,
      viewKey: () => compute().key,
      coalesce,
      make: async (rank?: number) => {
        const { view, ctx } = compute();
        if (onWorker) {
          const { t: _t, ...plain } = ctx;
          void _t;
          const r = await this.renderPool().render({ kind: 'draw', game: mod.id, picture: kind, view, ctx: { ...plain, lang: languageCode(text) }, ...(rank === undefined ? {} : { rank }) });
          return { png: { data: r.png, width: r.width, height: r.height }, alt: clipAlt(r.alt ?? ''), hash: r.hash! };
        }
        const picture = viewer === null ? pictures.board(view, ctx) : pictures.hand(view, ctx);
        return { png: await this.pngOf(picture), alt: clipAlt(picture.alt), hash: createHash('sha1').update(picture.svg).digest('hex') };
      },
    };
  }

  /** The drawing remembered for `prepared` (by version key, else by view key: then remembered by version key too). */
  private drawnFor(prepared: Prepared): Drawn | undefined {
    const byVersion = this.cache.get(prepared.versionKey) as Drawn | undefined;
    if (byVersion) return byVersion;
    const byView = this.cache.get(prepared.viewKey()) as Drawn | undefined;
    if (byView) this.cache.set(prepared.versionKey, byView);
    return byView;
  }

}

function messagePicture(snapshot: TableSnapshot, viewer: Viewer, drawn: Drawn, png: Png): MessagePicture {
  const name = viewer === null ? `board-${snapshot.table.id}.png` : `hand-${snapshot.table.id}.png`;
  return { name, png: png.data, alt: drawn.alt, width: png.width, height: png.height, hash: drawn.hash };
}

/** Alt text cut to Discord's ALT_TEXT_MAX characters. */
function clipAlt(alt: string): string {
  const chars = [...alt.trim()];
  return chars.length <= ALT_TEXT_MAX ? chars.join('') : `${chars.slice(0, ALT_TEXT_MAX - 1).join('')}…`;
}
