/**
 * A render worker thread (docs/pictures.md; ./pool.ts starts them): draws a board
 * or a hand with the game's drawers from the view the event loop computed, composes its PNG
 * from cached pieces (./compose.ts), and posts the PNG and the alt text back. Every render takes
 * a slot of the process's CPU budget (src/cpu-budget.ts) for its duration, so renders and the
 * AI players' searches together never use more than cores − 1 threads.
 *
 * Jobs: `draw` (a game's drawer, then compose), `scene` (a scene drawn elsewhere: the game
 * review), `svg` (a whole SVG rasterised at a scale: drawers without scenes).
 */
import './allocator.js';
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { Resvg } from '@resvg/resvg-js';
import { CpuBudget } from '../../cpu-budget.js';
import { GAME_MODULES } from '../../games/index.js';
import type { PictureContext, PictureSeat } from '../../games/picture.js';
import type { GameEvent, Viewer } from '../../games/engine.js';
import type { Scene } from '../../games/scene.js';
import { FONT_FAMILY } from '../../games/svg.js';
import { catalogs, type Language } from '../../i18n/index.js';
import { Composer, type ComposeStats } from './compose.js';
import { encodeOpaquePng } from './png.js';
import { fontFiles, RASTER_SCALE } from './rasterise.js';

/** What a `draw` job draws from: a picture context without its catalog (the language instead). */
export interface DrawContext {
  seats: PictureSeat[];
  viewer: Viewer;
  lang: Language;
  latest: GameEvent[];
  over: boolean;
  onlooker?: boolean;
  /** A lesson's highlighted parts (PictureContext.highlight, docs/lessons.md). */
  highlight?: ReadonlySet<string>;
}

/** A job posted to a render worker. */
export type RenderRequest =
  | { id: number; kind: 'draw'; game: string; picture: 'board' | 'hand'; view: unknown; ctx: DrawContext }
  | { id: number; kind: 'scene'; scene: Scene }
  | { id: number; kind: 'svg'; svg: string; scale: number };

/** A render worker's answer: the PNG (its buffer transferred), or the error's message. */
export type RenderAnswer =
  | {
      id: number;
      ok: true;
      png: Uint8Array;
      width: number;
      height: number;
      /** Alt text (`draw` jobs). */
      alt?: string;
      /** SHA-1 of the picture's SVG (`draw` jobs): the same hash ⇔ the same picture. */
      hash?: string;
      /** Wall time of the render with its CPU slot held, ms. */
      ms: number;
      stats?: ComposeStats;
    }
  | { id: number; ok: false; error: string };

/** Draw a `draw` job's picture (the game's drawer, in the worker's own catalogs). */
export function drawJob(job: Extract<RenderRequest, { kind: 'draw' }>) {
  const mod = GAME_MODULES.find((m) => m.id === job.game);
  if (!mod?.pictures) throw new Error(`no drawers for game ${job.game}`);
  const { lang, ...rest } = job.ctx;
  const ctx: PictureContext = { ...rest, t: catalogs[lang] ?? catalogs.en };
  return job.picture === 'board' ? mod.pictures.board(job.view, ctx) : mod.pictures.hand(job.view, ctx);
}

if (parentPort) {
  const port = parentPort;
  const budget = workerData?.budget instanceof SharedArrayBuffer ? new CpuBudget(workerData.budget) : null;
  const fonts = fontFiles();
  const composer = new Composer({ fonts, Resvg });
  const wholeSvg = (svg: string, scale: number) => {
    const image = new Resvg(svg, {
      font: { fontFiles: fonts, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
      fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
      shapeRendering: 2,
      textRendering: 1,
      logLevel: 'off',
    }).render();
    return { png: encodeOpaquePng(image.pixels, image.width, image.height) ?? image.asPng(), width: image.width, height: image.height };
  };
  port.on('message', (job: RenderRequest) => {
    budget?.acquire(true);
    const started = performance.now();
    let answer: RenderAnswer;
    try {
      if (job.kind === 'svg') {
        const { png, width, height } = wholeSvg(job.svg, job.scale);
        answer = { id: job.id, ok: true, png, width, height, ms: 0 };
      } else if (job.kind === 'scene') {
        const { png, stats } = composer.png(job.scene);
        answer = { id: job.id, ok: true, png, width: job.scene.width, height: job.scene.height, ms: 0, stats };
      } else {
        const picture = drawJob(job);
        const hash = createHash('sha1').update(picture.svg).digest('hex');
        if (picture.scene) {
          const { png, stats } = composer.png(picture.scene);
          answer = { id: job.id, ok: true, png, width: picture.width, height: picture.height, alt: picture.alt, hash, ms: 0, stats };
        } else {
          // A drawer without scenes: its whole SVG, laid out 720 px wide, at RASTER_SCALE.
          const { png, width, height } = wholeSvg(picture.svg, RASTER_SCALE);
          answer = { id: job.id, ok: true, png, width, height, alt: picture.alt, hash, ms: 0 };
        }
      }
      answer.ms = performance.now() - started;
    } catch (err) {
      answer = { id: job.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    } finally {
      budget?.release();
    }
    const transfer = answer.ok && answer.png.byteOffset === 0 && answer.png.byteLength === answer.png.buffer.byteLength ? [answer.png.buffer as ArrayBuffer] : [];
    port.postMessage(answer, transfer);
  });
  port.postMessage({ ready: true });
}
