/**
 * The picture contract between a game's `pictures.ts` and the Discord wing (README "Pictures").
 *
 * A game draws its public board and a seat's private hand as SVG, from a *view* only — the
 * public view for the board, one seat's view for its hand — so no secret the viewer may not
 * see can reach a picture. Drawers are pure functions: no clock, no randomness, no I/O; the
 * same view, context and language always give the same SVG (golden tests rely on it).
 * Rasterising to PNG, caching and sending are the Discord wing's job (`src/discord/pictures/`).
 */
import type { Catalog } from '../i18n/index.js';
import type { GameEvent, Seat, Viewer } from './engine.js';
import type { Scene } from './scene.js';

/** A drawn picture: SVG markup, its size in px, and its alt text. */
export interface Picture {
  /** A complete `<svg xmlns=…>` document with an opaque background (`sceneSvg(scene)` when drawn as a scene). */
  svg: string;
  /**
   * The picture as pieces (src/games/scene.ts), laid out in PNG pixels: the PNG is composed from
   * them (src/discord/pictures/compose.ts). Every drawer draws one: a picture without it is not
   * sent (the Discord wing composes scenes only).
   */
  scene?: Scene;
  /** Width in px (the PNG's width). Boards and hands are drawn {@link PICTURE_WIDTH} wide. */
  width: number;
  /** Height in px (the PNG's height). */
  height: number;
  /**
   * What the picture shows that matters for play, in the viewer's language: whose turn, what
   * is on the table, what changed. 1–1,024 characters (Discord's media description limit).
   */
  alt: string;
}

/** A seated player as a picture names them. */
export interface PictureSeat {
  seat: Seat;
  /** Display name, plain text (the drawer escapes it for SVG). */
  name: string;
  /** A bot seat (drawn with a robot mark / "(bot)"). */
  bot: boolean;
  /** Auto-played after missing deadlines, or left the game. */
  away: boolean;
}

/** Everything a drawer may use besides the view. */
export interface PictureContext {
  /** Seats in seat order (index = seat). */
  seats: PictureSeat[];
  /** Whose eyes: the seat of a hand picture, or null for the public board. */
  viewer: Viewer;
  /** The viewer's catalog (the board: the table's language; a hand: the player's). */
  t: Catalog;
  /**
   * The events of the latest change that this viewer may see (already filtered with
   * `visibleTo`), oldest first — what a drawer highlights as "just changed".
   */
  latest: GameEvent[];
  /** True once the game is over (draw the final position, no turn marker). */
  over: boolean;
  /**
   * The hand is shown to someone other than its seat's player (a game review of another
   * player's seat, or every hand once all is revealed): drawn with the seat's name, never
   * "your hand" or "(you)". Default false: in play a hand is only ever shown to its own player.
   */
  onlooker?: boolean;
  /**
   * Lesson highlights (docs/lessons.md): the parts of the picture a lesson's note points at, by
   * the game's own keys (e.g. Suspicion `slot:<seat>:<slot>`, `hand:<card>`). A drawer rings
   * each part it draws whose key is here — a scene drawer by passing the part's key to
   * `SceneBuilder.put` and `highlight` to `finish` (src/games/scene.ts) — and ignores the rest.
   * Absent outside lessons.
   */
  highlight?: ReadonlySet<string>;
  /**
   * Where the keyed parts were drawn (docs/activity.md "Hit targets"): when present, a drawer
   * that draws without scenes would record the box of every part it draws under the same keys
   * as the lesson highlights (every game draws scenes now, so none does); a scene drawer
   * records nothing here — `pictureRegions` reads the keys of its placed pieces. Absent outside
   * the Activity.
   */
  regions?: Map<string, PictureRegion>;
}

/** A box of a picture in its own px (its SVG's viewBox units): where a keyed part was drawn. */
export interface PictureRegion {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * One click of a move on the table (docs/activity.md "Hit targets"): the keyed part of a picture
 * it is made on (the keys of the lesson highlights, e.g. NOIR `cell:7`, Suspicion `hand:red1`),
 * and `side` when the click belongs beside that part rather than on it (an arrow that shifts a
 * row is left or right of it).
 */
export interface MoveTarget {
  key: string;
  side?: 'left' | 'right' | 'above' | 'below';
}

/**
 * A game's drawers. `PV` = public view, `SV` = seat view (the same types as its `GameUi`).
 * Neither may throw for a view its game can produce.
 */
export interface GamePictures<PV, SV, A = unknown> {
  /** The public board, drawn from the public view. */
  board(view: PV, ctx: PictureContext): Picture;
  /** One seat's private hand and position, drawn from that seat's view (`ctx.viewer`). */
  hand(view: SV, ctx: PictureContext): Picture;
  /**
   * The clicks that make `action` on the table in the Activity (docs/activity.md "Hit
   * targets"), first to last, from the acting seat's view; null when the move has no place on
   * the pictures (it is offered as a button beside them). Legality is never decided here: only
   * the legal moves are asked about. Absent: every move is a button.
   */
  targets?(action: A, view: SV): MoveTarget[] | null;
  /**
   * The hand picture already shows everything the board shows (NOIR's hand is the board with
   * the seat's own cards): a seated player's Activity shows the hand alone.
   */
  handShowsBoard?: boolean;
}

/** Any game's drawers, type parameters erased. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGamePictures = GamePictures<any, any, any>;

/**
 * The boxes of `picture`'s keyed parts (docs/activity.md "Hit targets"): the placed pieces of
 * its scene that carry a key, and whatever the drawer recorded in `recorded` (the context's
 * `regions`, for drawers without scenes). A key placed twice keeps its first box.
 */
export function pictureRegions(picture: Picture, recorded?: ReadonlyMap<string, PictureRegion>): Map<string, PictureRegion> {
  const out = new Map<string, PictureRegion>(recorded ?? []);
  for (const placed of picture.scene?.placed ?? []) {
    if (placed.key !== undefined && !out.has(placed.key)) out.set(placed.key, { x: placed.x, y: placed.y, w: placed.piece.w, h: placed.piece.h });
  }
  return out;
}

/**
 * Width of every board and hand picture, px. Discord (and the local page) show a picture about
 * 297 px wide on a 390-px phone (0.41×), so text drawn at {@link MIN_LABEL_PX} here reads at
 * ≥ 11 px there.
 */
export const PICTURE_WIDTH = 720;

/** Smallest font size for names and card words in a picture, px (≈ 11.5 px on a 390-px phone). */
export const MIN_TEXT_PX = 28;

/**
 * Smallest font size for secondary labels (keys, counts), px. The local page and Discord show
 * a picture ≈ 297 px wide on a 390-px phone (0.41×): 27 px here is ≥ 11 px there.
 */
export const MIN_LABEL_PX = 27;
