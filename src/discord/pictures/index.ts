/**
 * Pictures of boards and hands for messages (README "Pictures"): a game's drawers
 * (`GameModule.pictures`, src/games/picture.ts) give SVG from one viewer's view; this draws
 * them, rasterises them off the event loop (./rasterise.ts) and keeps the PNGs in a bounded
 * cache (./cache.ts), so a picture is rasterised once however many times it is sent.
 *
 * Keys: a board or hand is drawn once per (table, table version, viewer — public or seat —,
 * language, kind) (the SVG's hash and alt text are remembered under that key); the PNG is
 * kept under the SVG's hash, so a hand a rival's move did not change is the same PNG.
 */
import { createHash } from 'node:crypto';
import { eventVisibleTo, type Viewer } from '../../games/engine.js';
import type { GameModule } from '../../games/module.js';
import type { Picture, PictureContext, PictureSeat } from '../../games/picture.js';
import { catalogs, type Catalog } from '../../i18n/index.js';
import { isBotSeat } from '../../tables/policy.js';
import type { StoredEvent, TableSnapshot } from '../../tables/types.js';
import { ByteLru, PICTURE_CACHE_BYTES } from './cache.js';
import { rasterise, type Png } from './rasterise.js';

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
  /** SVG → PNG (default ./rasterise.ts; tests count calls). */
  rasterise?: (svg: string) => Promise<Png>;
}

/** The language code of a catalog ('en', 'es'). */
function languageCode(text: Catalog): string {
  for (const [code, catalog] of Object.entries(catalogs)) if (catalog === text) return code;
  return 'en';
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

/** Draws, rasterises and caches the pictures of boards and hands. */
export class PictureMaker {
  /** PNGs by SVG hash, and drawings by view key, in one byte-bounded LRU. */
  readonly cache: ByteLru<Png | Drawn>;
  private readonly raster: (svg: string) => Promise<Png>;
  /** Rasterisations on their way by SVG hash: a second ask waits for the first. */
  private readonly inFlight = new Map<string, Promise<Png>>();
  /** Rasterisations done (tests, bench). */
  rendered = 0;

  constructor(options: PictureMakerOptions = {}) {
    this.cache = new ByteLru<Png | Drawn>(options.cacheBytes ?? PICTURE_CACHE_BYTES, (value) => ('data' in value ? value.data.length : value.alt.length * 2 + 64));
    this.raster = options.rasterise ?? ((svg) => rasterise(svg));
  }

  /**
   * The public board of `snapshot` in `text`'s language, or null when the game has no
   * drawers or the table never started. Rejects when the drawer throws or the SVG is invalid.
   */
  board(mod: GameModule, snapshot: TableSnapshot, text: Catalog): Promise<MessagePicture | null> {
    return this.picture(mod, snapshot, null, text);
  }

  /** Seat `seat`'s hand (drawn from that seat's view only), like {@link board}. */
  hand(mod: GameModule, snapshot: TableSnapshot, seat: number, text: Catalog): Promise<MessagePicture | null> {
    return this.picture(mod, snapshot, seat, text);
  }

  /**
   * The cached picture for `viewer` if the table's current version was already drawn and
   * rasterised (no work at all), else null.
   */
  cached(mod: GameModule, snapshot: TableSnapshot, viewer: Viewer, text: Catalog): MessagePicture | null {
    const key = viewKey(snapshot, viewer, text);
    const drawn = this.cache.get(key) as Drawn | undefined;
    const png = drawn && (this.cache.get(`png:${drawn.hash}`) as Png | undefined);
    return drawn && png ? messagePicture(snapshot, viewer, drawn, png) : null;
  }

  /**
   * A picture already drawn by the caller (game review, src/commands/history.ts) ready to
   * send as attachment `name`: its PNG is taken from the cache by the SVG's hash, or
   * rasterised once (a second ask waits for the first). Rejects when the SVG is invalid.
   */
  async fromDrawing(picture: Picture, name: string): Promise<MessagePicture> {
    const hash = createHash('sha1').update(picture.svg).digest('hex');
    const png = await this.png(hash, picture.svg, () => picture.svg);
    return { name, png: png.data, alt: clipAlt(picture.alt), width: png.width, height: png.height, hash };
  }

  private async picture(mod: GameModule, snapshot: TableSnapshot, viewer: Viewer, text: Catalog): Promise<MessagePicture | null> {
    const { table } = snapshot;
    if (!mod.pictures || !table.state) return null;
    const key = viewKey(snapshot, viewer, text);
    let drawn = this.cache.get(key) as Drawn | undefined;
    let svg: string | null = null;
    if (!drawn) {
      const ctx = pictureContext(snapshot, viewer, text);
      const picture: Picture =
        viewer === null ? mod.pictures.board(mod.definition.publicView(table.state), ctx) : mod.pictures.hand(mod.definition.seatView(table.state, viewer), ctx);
      svg = picture.svg;
      drawn = { hash: createHash('sha1').update(svg).digest('hex'), alt: clipAlt(picture.alt) };
      this.cache.set(key, drawn);
    }
    const png = await this.png(drawn.hash, svg, () => {
      // The PNG was dropped while the drawing was kept: draw again (same view, same SVG).
      const ctx = pictureContext(snapshot, viewer, text);
      return viewer === null ? mod.pictures!.board(mod.definition.publicView(table.state!), ctx).svg : mod.pictures!.hand(mod.definition.seatView(table.state!, viewer), ctx).svg;
    });
    return messagePicture(snapshot, viewer, drawn, png);
  }

  /** The PNG of the SVG with hash `hash`: from the cache, a rasterisation on its way, or a new one. */
  private async png(hash: string, svg: string | null, redraw: () => string): Promise<Png> {
    const key = `png:${hash}`;
    const hit = this.cache.get(key) as Png | undefined;
    if (hit) return hit;
    const running = this.inFlight.get(hash);
    if (running) return running;
    const work = this.raster(svg ?? redraw()).then((png) => {
      this.rendered++;
      this.cache.set(key, png);
      return png;
    });
    this.inFlight.set(hash, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(hash);
    }
  }
}

/** The view key of a picture: table, version, viewer, language (the kind follows from the viewer). */
function viewKey(snapshot: TableSnapshot, viewer: Viewer, text: Catalog): string {
  const kind: PictureKind = viewer === null ? 'board' : 'hand';
  return `view:${snapshot.table.id}:${snapshot.table.version}:${viewer ?? 'public'}:${languageCode(text)}:${kind}`;
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
