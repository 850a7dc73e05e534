/**
 * SVG → PNG (README "Pictures"): the games' drawers (`src/games/<game>/pictures.ts`) give SVG,
 * Discord shows PNG. Rendered and PNG-encoded with resvg on a worker thread (`RasterWorker`), so
 * the event loop keeps answering clicks while a picture is drawn, with only the fonts the project ships
 * (`assets/fonts/`, made by `scripts/subset-fonts.sh`): no system font is ever looked up, so
 * a picture is the same bytes on every machine.
 */
// First: resvg's allocator settings must be in the environment before resvg loads (./allocator.ts).
import './allocator.js';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { FONT_FAMILY } from '../../games/svg.js';
import { encodeOpaquePng, PNG_DEFLATE_LEVEL, PNG_ENCODER_SOURCE } from './png.js';

/** The font files pictures are drawn with: DejaVu Sans and Bold, subset (`scripts/subset-fonts.sh`). */
export const FONT_FILES = ['DejaVuSans.subset.ttf', 'DejaVuSans-Bold.subset.ttf'];

/**
 * The folder holding `assets/fonts/`: the repository root, found from this file both in the
 * sources (`src/discord/pictures/`) and in the build (`dist/src/discord/pictures/`).
 */
function fontDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'assets', 'fonts');
    if (existsSync(join(candidate, FONT_FILES[0]!))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('assets/fonts not found: pictures need the shipped fonts (scripts/subset-fonts.sh)');
}

let fontPaths: string[] | null = null;

/** Absolute paths of the shipped font files (throws when `assets/fonts/` is missing). */
export function fontFiles(): string[] {
  fontPaths ??= FONT_FILES.map((file) => join(fontDir(), file));
  return fontPaths;
}

/** A rasterised picture. */
export interface Png {
  /** The PNG file. */
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Scale from a drawer's coordinates to the PNG's pixels. Drawers lay pictures out
 * `PICTURE_WIDTH` (720) px wide; Discord shows a picture at most ≈ 520 px wide on a desktop
 * and ≈ 400 px on a phone, so a 540-px PNG loses nothing at the size it is seen, and has
 * 0.56× the pixels: a NOIR board rasterises in a median 16 ms instead of 37 ms (one core,
 * load ≈ 6; README "Pictures").
 */
export const RASTER_SCALE = 0.75;

/**
 * Rasterise `svg` to a PNG at `scale` × its own size (default RASTER_SCALE) with the shipped
 * fonts, off the event loop (README "Pictures" has the measured times): parsing, drawing and
 * PNG encoding (./png.ts) all run on a worker thread (`RasterWorker`), so the only cost left on the
 * event loop is posting the SVG and receiving the PNG. Rejects when the SVG cannot be parsed.
 * `fonts` overrides the font files (the bench compares the full fonts with the subsets).
 * Falls back to resvg's `renderAsync` (drawing on libuv's pool, encoding on the loop) when
 * worker threads are unavailable.
 */
export async function rasterise(svg: string, fonts: string[] = fontFiles(), scale = RASTER_SCALE): Promise<Png> {
  const options = rasterOptions(fonts, scale);
  const worker = sharedWorker();
  if (worker) return worker.render(svg, options);
  const image = await renderAsync(svg, options);
  return { data: encodeOpaquePng(image.pixels, image.width, image.height) ?? image.asPng(), width: image.width, height: image.height };
}

/** resvg's options for the shipped fonts at `scale`. */
function rasterOptions(fonts: string[], scale: number): ResvgRenderOptions {
  return {
    font: { fontFiles: fonts, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
    shapeRendering: 2,
    textRendering: 1,
    logLevel: 'off',
  };
}

/**
 * The worker's code (CommonJS, run with `eval`: no separate file to find in the sources, the
 * build or under tsx): loads resvg from the path the main thread resolved, renders each SVG it
 * is sent, encodes it (./png.ts: opaque RGB; resvg's `asPng` for a picture with transparency),
 * and posts the PNG (or the error's message) back with the job id.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { deflateSync } = require('node:zlib');
const { Resvg } = require(workerData.resvg);
${PNG_ENCODER_SOURCE}
parentPort.on('message', ({ id, svg, options }) => {
  try {
    const image = new Resvg(svg, options).render();
    const png = encodeOpaquePng(image.pixels, image.width, image.height, deflateSync, ${PNG_DEFLATE_LEVEL}) || image.asPng();
    parentPort.postMessage({ id, png, width: image.width, height: image.height });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

/**
 * One worker thread rasterising pictures (resvg parse + draw + PNG encode), jobs in order.
 * The render queue (./queue.ts) already bounds how many run at once (RENDER_CONCURRENCY = 1),
 * so one thread is enough. The worker does not keep the process alive while idle (`unref`);
 * if it dies, the jobs on their way reject and the next job starts a new one.
 */
export class RasterWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (png: Png) => void; reject: (err: Error) => void }>();

  constructor(private readonly resvgPath: string) {}

  /** Render `svg` with `options` on the worker; rejects with resvg's error (e.g. an SVG that does not parse). */
  render(svg: string, options: ResvgRenderOptions): Promise<Png> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Png>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, svg, options });
    });
  }

  /** Stop the worker (jobs on their way reject). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { resvg: this.resvgPath } });
    worker.unref();
    worker.on('message', (message: { id: number; png?: Uint8Array; width?: number; height?: number; error?: string }) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.error !== undefined || !message.png) job.reject(new Error(message.error ?? 'rasterising failed'));
      else job.resolve({ data: Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength), width: message.width!, height: message.height! });
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const job of this.pending.values()) job.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`raster worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

let shared: RasterWorker | null | undefined;

/** The process's raster worker, or null when worker threads (or resvg's path) are unavailable. */
function sharedWorker(): RasterWorker | null {
  if (shared === undefined) {
    try {
      shared = new RasterWorker(createRequire(import.meta.url).resolve('@resvg/resvg-js'));
    } catch {
      shared = null;
    }
  }
  return shared;
}
