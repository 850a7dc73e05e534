/**
 * A render worker thread (docs/pictures.md; ./pool.ts starts them): draws a board
 * or a hand with the game's drawers from the view the event loop computed, composes its PNG
 * from cached pieces (./compose.ts), and posts the PNG and the alt text back. Every render takes
 * a slot of the process's CPU budget (src/cpu-budget.ts) for its duration, so renders and the
 * AI players' searches together never use more than cores − 1 threads.
 *
 * Jobs: `draw` (a game's drawer, then compose), `scene` (a scene drawn elsewhere: the game
 * review, a tournament's standings).
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
import { catalogs, type Language } from '../../i18n/index.js';
import { Composer, type ComposeStats } from './compose.js';
import { fontFiles } from './rasterise.js';
import { lowerThreadPriority, RENDER_THREAD_NICE, threadCpuMs } from '../../thread-cpu.js';
import { RENDER_RANK } from './queue.js';

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
export type RenderRequest = (
  | { id: number; kind: 'draw'; game: string; picture: 'board' | 'hand'; view: unknown; ctx: DrawContext }
  | { id: number; kind: 'scene'; scene: Scene }
) & {
  /**
   * Which job the worker draws next among those handed to it (RENDERS_PER_WORKER, more with
   * urgent ones: URGENT_RENDER_CONCURRENCY): the lowest
   * rank first, in arrival order within a rank (`RENDER_RANK`; default RENDER_RANK.other).
   */
  rank?: number;
};

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
      /** CPU time of this thread during the render, ms (Linux: /proc/thread-self/schedstat; absent elsewhere). */
      cpuMs?: number;
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
  lowerThreadPriority(RENDER_THREAD_NICE);
  const budget = workerData?.budget instanceof SharedArrayBuffer ? new CpuBudget(workerData.budget) : null;
  const fonts = fontFiles();
  const composer = new Composer({ fonts, Resvg });
  // Jobs handed over wait here; between two renders the worker takes the messages that
  // arrived meanwhile (a turn of its event loop), then draws the lowest rank first.
  const inbox: RenderRequest[] = [];
  let draining = false;
  const drain = () => {
    draining = false;
    let best = 0;
    for (let i = 1; i < inbox.length; i++) if ((inbox[i]!.rank ?? RENDER_RANK.other) < (inbox[best]!.rank ?? RENDER_RANK.other)) best = i;
    const [job] = inbox.splice(best, 1);
    if (job) renderJob(job);
    if (inbox.length > 0 && !draining) {
      draining = true;
      setImmediate(drain);
    }
  };
  port.on('message', (job: RenderRequest) => {
    inbox.push(job);
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
  });
  const renderJob = (job: RenderRequest) => {
    budget?.acquire(true);
    const started = performance.now();
    const cpuStarted = threadCpuMs();
    let answer: RenderAnswer;
    try {
      if (job.kind === 'scene') {
        const { png, stats } = composer.png(job.scene);
        answer = { id: job.id, ok: true, png, width: job.scene.width, height: job.scene.height, ms: 0, stats };
      } else {
        const picture = drawJob(job);
        const hash = createHash('sha1').update(picture.svg).digest('hex');
        if (!picture.scene) throw new Error(`the ${job.game} ${job.picture} was drawn without a scene: only scenes are composed`);
        const { png, stats } = composer.png(picture.scene);
        answer = { id: job.id, ok: true, png, width: picture.width, height: picture.height, alt: picture.alt, hash, ms: 0, stats };
      }
      answer.ms = performance.now() - started;
      const cpuNow = cpuStarted === null ? null : threadCpuMs();
      if (cpuNow !== null) answer.cpuMs = cpuNow - cpuStarted!;
    } catch (err) {
      answer = { id: job.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    } finally {
      budget?.release();
    }
    const transfer = answer.ok && answer.png.byteOffset === 0 && answer.png.byteLength === answer.png.buffer.byteLength ? [answer.png.buffer as ArrayBuffer] : [];
    port.postMessage(answer, transfer);
  };
  port.postMessage({ ready: true });
}
