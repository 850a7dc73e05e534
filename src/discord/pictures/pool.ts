/**
 * The render pool (docs/pictures.md): worker threads that draw and compose
 * pictures (./render-worker.ts), so the event loop never draws, rasterises or encodes a picture —
 * it posts the view and receives the PNG. Sized to the machine: cores − 1 threads, at least 1,
 * and every render takes a slot of the process's CPU budget (src/cpu-budget.ts), shared with the
 * AI players' pool, so renders and searches together never use more than cores − 1 cores. Jobs
 * go to a free thread, else to the one with the fewest jobs; the render queue (./queue.ts) in
 * front of it bounds how many wait.
 *
 * A thread that dies rejects its jobs and is started again for the next job. Threads do not
 * keep the process alive while idle.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { processCpuBudget, type CpuBudget } from '../../cpu-budget.js';
import { startModuleWorker } from '../../worker-thread.js';
import type { RenderAnswer, RenderRequest } from './render-worker.js';

/** A rendered picture as the pool answers it (the PNG as a Buffer). */
export type Rendered = Omit<Extract<RenderAnswer, { ok: true }>, 'png'> & { png: Buffer };

/** A job without its id (the pool numbers them). */
export type RenderJobRequest = RenderRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Thread {
  worker: Worker;
  /** Set when the thread died: a job waiting for it to load is not posted. */
  dead: boolean;
  ready: Promise<void>;
  jobs: Map<number, { resolve: (r: Rendered) => void; reject: (e: Error) => void }>;
}

/** Options of a {@link RenderPool}. */
export interface RenderPoolOptions {
  /** Threads (default: cores − 1, at least 1). */
  size?: number;
  /** The CPU budget shared with the AI players (default the process's; null: none). */
  budget?: CpuBudget | null;
}

/** Worker threads drawing and composing pictures (see the module comment). */
export class RenderPool {
  readonly size: number;
  private readonly budget: CpuBudget | null;
  private readonly threads: (Thread | null)[];
  private nextId = 1;
  private closed = false;

  constructor(options: RenderPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? availableParallelism() - 1));
    this.budget = options.budget === undefined ? processCpuBudget() : options.budget;
    this.threads = Array.from({ length: this.size }, () => null);
  }

  /** Jobs on their way in all threads. */
  get running(): number {
    return this.threads.reduce((n, t) => n + (t?.jobs.size ?? 0), 0);
  }

  /** Render `job` on a thread; rejects with the worker's error (a drawer that threw, an SVG that does not parse) or when the thread died. */
  async render(job: RenderJobRequest): Promise<Rendered> {
    if (this.closed) throw new Error('render pool is closed');
    const thread = this.pick();
    await thread.ready;
    if (thread.dead) throw new Error('render worker exited before it loaded');
    const id = this.nextId++;
    return new Promise<Rendered>((resolve, reject) => {
      thread.jobs.set(id, { resolve, reject });
      if (thread.jobs.size === 1) thread.worker.ref();
      thread.worker.postMessage({ ...job, id } as RenderRequest);
    });
  }

  /** Start every thread now (else each starts with its first job); resolves once all have loaded. */
  async warm(): Promise<void> {
    await Promise.all(this.threads.map((_, i) => this.thread(i).ready));
  }

  /** Stop every thread (jobs on their way reject). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.threads.map(async (thread, i) => {
        this.threads[i] = null;
        if (thread) await thread.worker.terminate();
      }),
    );
  }

  /** The thread with the fewest jobs (started if it was not). */
  private pick(): Thread {
    let best = 0;
    for (let i = 0; i < this.size; i++) {
      const jobs = this.threads[i]?.jobs.size ?? 0;
      if (jobs === 0) return this.thread(i);
      if (jobs < (this.threads[best]?.jobs.size ?? 0)) best = i;
    }
    return this.thread(best);
  }

  private thread(i: number): Thread {
    const existing = this.threads[i];
    if (existing) return existing;
    const worker = startModuleWorker(import.meta.url, 'render-worker', { workerData: { budget: this.budget?.buffer ?? null } });
    worker.unref();
    let loaded: () => void = () => {};
    const thread: Thread = { worker, dead: false, jobs: new Map(), ready: new Promise<void>((resolve) => (loaded = resolve)) };
    worker.on('message', (message: RenderAnswer | { ready: true }) => {
      if ('ready' in message) {
        loaded();
        return;
      }
      const job = thread.jobs.get(message.id);
      if (!job) return;
      thread.jobs.delete(message.id);
      if (thread.jobs.size === 0) worker.unref();
      if (message.ok) job.resolve({ ...message, png: Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength) });
      else job.reject(new Error(message.error));
    });
    const fail = (err: Error) => {
      thread.dead = true;
      if (this.threads[i] === thread) this.threads[i] = null;
      loaded();
      for (const job of thread.jobs.values()) job.reject(err);
      thread.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`render worker exited (${code})`)));
    this.threads[i] = thread;
    return thread;
  }
}

let shared: RenderPool | null = null;

/** The process's render pool (started lazily: threads start with their first job). */
export function processRenderPool(): RenderPool {
  shared ??= new RenderPool();
  return shared;
}
