/**
 * Inside the product's bot process (bot-process.ts): what its pictures cost and waited for
 * during a rung, read from outside the product's code by wrapping its render queue's `run`
 * and its render pool's `render` (src/discord/pictures/queue.ts, pool.ts; nothing changes what
 * they do). Per picture kind — `hand` asked for with a deadline (a click's answer waits for it:
 * src/discord/interactions/panels.ts), `hand` without one (another seat's open panel redrawn
 * after a move: src/discord/publish/live-panels.ts), `board` (the publisher's edits, which go
 * before every hand in the queue) — the renders done, their wait in the queue, their time on
 * the worker (wall, and the worker thread's CPU: render-worker.ts `cpuMs`), and the renders
 * refused (the text version is sent instead), by reason.
 */
import type { PictureMaker } from '../../src/discord/pictures/index.js';
import type { RenderPool } from '../../src/discord/pictures/pool.js';
import type { RenderJob, RenderOutcome } from '../../src/discord/pictures/queue.js';
import { summary } from './stats.js';

/** Which picture: see the module comment. */
export type RenderKind = 'handOnClick' | 'handRefresh' | 'board';

/** What `RenderWatch.take` reports for one kind. */
export interface RenderKindStats {
  /** Renders done. */
  done: number;
  /** Asked for → started on the worker, ms (renders done). */
  waitMs: ReturnType<typeof summary>;
  /** Refused (`full`, `late`) or dropped for a newer version (`superseded`). */
  refused: Record<string, number>;
}

/** What `RenderWatch.take` reports. */
export interface RenderStats {
  byKind: Record<RenderKind, RenderKindStats>;
  /** Per render on the worker, all kinds: wall time with its CPU slot held, and the worker thread's CPU time, ms. */
  workerWallMs: ReturnType<typeof summary>;
  workerCpuMs: ReturnType<typeof summary>;
  /** Sum of the worker CPU time, ms (÷ the window's seconds = render cores used). */
  workerCpuTotalMs: number;
  /** Pieces rasterised anew and strips encoded anew, per render (compose.ts ComposeStats), means. */
  piecesRasterisedPerRender: number;
  stripsEncodedShare: number;
}

const KINDS: RenderKind[] = ['handOnClick', 'handRefresh', 'board'];

/** Watches one product's renders (see the module comment); `take()` reports and starts a new window. */
export class RenderWatch {
  private waits: Record<RenderKind, number[]> = { handOnClick: [], handRefresh: [], board: [] };
  private refused: Record<RenderKind, Record<string, number>> = { handOnClick: {}, handRefresh: {}, board: {} };
  private wall: number[] = [];
  private cpu: number[] = [];
  private pieces = 0;
  private strips = 0;
  private encoded = 0;

  constructor(pictures: PictureMaker, pool: RenderPool) {
    const queue = pictures.queue;
    const run = queue.run.bind(queue);
    queue.run = <T>(job: RenderJob<T>): Promise<RenderOutcome<T>> => {
      const kind: RenderKind = job.first ? 'board' : job.finishBy !== undefined && Number.isFinite(job.finishBy) ? 'handOnClick' : 'handRefresh';
      const asked = performance.now();
      const work = job.work;
      return run({
        ...job,
        work: (urgent) => {
          this.waits[kind].push(performance.now() - asked);
          return work(urgent);
        },
      }).then((outcome) => {
        if (!outcome.ok) this.refused[kind][outcome.refused] = (this.refused[kind][outcome.refused] ?? 0) + 1;
        return outcome;
      });
    };
    const render = pool.render.bind(pool);
    pool.render = async (job) => {
      const r = await render(job);
      this.wall.push(r.ms);
      if (r.cpuMs !== undefined) this.cpu.push(r.cpuMs);
      if (r.stats) {
        this.pieces += r.stats.rasterised;
        this.strips += r.stats.strips;
        this.encoded += r.stats.encoded;
      }
      return r;
    };
  }

  /** What was rendered since the last call (or since the watch started). */
  take(): RenderStats {
    const byKind = Object.fromEntries(KINDS.map((k) => [k, { done: this.waits[k].length, waitMs: summary(this.waits[k]), refused: this.refused[k] }])) as Record<RenderKind, RenderKindStats>;
    const renders = this.wall.length;
    const out: RenderStats = {
      byKind,
      workerWallMs: summary(this.wall),
      workerCpuMs: summary(this.cpu),
      workerCpuTotalMs: Math.round(this.cpu.reduce((a, b) => a + b, 0)),
      piecesRasterisedPerRender: renders ? Math.round((this.pieces / renders) * 100) / 100 : NaN,
      stripsEncodedShare: this.strips ? Math.round((this.encoded / this.strips) * 1000) / 1000 : NaN,
    };
    this.waits = { handOnClick: [], handRefresh: [], board: [] };
    this.refused = { handOnClick: {}, handRefresh: {}, board: {} };
    this.wall = [];
    this.cpu = [];
    this.pieces = this.strips = this.encoded = 0;
    return out;
  }
}
