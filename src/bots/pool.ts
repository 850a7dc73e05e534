/**
 * A pool of worker threads running the AI players' decisions off the main thread, so no
 * interaction of any table waits on a bot's search (README "AI players").
 *
 * Requests queue in arrival order; each idle worker takes the next one. A Hard request
 * without a fixed iteration count gets an absolute deadline when it is submitted
 * (`budgetMs` later, default 300 ms): time spent waiting in the queue comes out of its
 * search, and a request that waited past its deadline is answered by the Normal heuristic
 * (worker.ts), so every answer arrives within the budget plus the hand-over overhead.
 *
 * A worker that crashes, or does not answer within `budgetMs + STALL_GRACE_MS`, is replaced;
 * its request is answered by the Normal heuristic on the calling thread (`fallback: true`).
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_BUDGET_MS, decideBot, type BotDecision, type BotPolicy, type BotRequest } from './policy.js';
import type { WorkerAnswer, WorkerRequest } from './worker.js';

/** Extra time, in ms, a worker may take past a request's budget before it is replaced. */
export const STALL_GRACE_MS = 2_000;

/** Options of a pool. */
export interface BotPoolOptions {
  /** Worker threads (default: available cores − 1, at least 1). */
  size?: number;
  /** Default search budget per Hard move, in ms (default 300). */
  budgetMs?: number;
  /** V8 old-generation limit per worker, in MB (default 256): a runaway search cannot eat the host. */
  maxHeapMb?: number;
}

/** A decision from the pool: `fallback` when the Normal heuristic answered for a Hard request. */
export interface PoolDecision extends BotDecision {
  fallback: boolean;
}

/** Heap in use by one worker thread, in bytes (V8 `used_heap_size` of that thread). */
export interface WorkerMemory {
  worker: number;
  heapUsed: number;
}

interface Job {
  message: WorkerRequest;
  request: BotRequest;
  resolve: (d: PoolDecision) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  heapUsed: number;
  /** Resolves once the thread has loaded its modules. */
  loaded: Promise<void>;
}

const now = () => performance.timeOrigin + performance.now();

/** File URL of tsx's ESM API (its `import` export), found from `here`. */
function tsxApi(here: string): string {
  if (typeof import.meta.resolve === 'function') {
    try {
      return import.meta.resolve('tsx/esm/api');
    } catch {
      // fall through to the package file
    }
  }
  const cjs = createRequire(here).resolve('tsx/esm/api');
  return pathToFileURL(cjs.replace(/index\.cjs$/, 'index.mjs')).href;
}

/**
 * Start a worker: the compiled JavaScript next to this file, or — when running from the
 * TypeScript sources (tests, `npm run arena`) — a two-line bootstrap that registers tsx's
 * loader in the new thread before importing worker.ts.
 */
function startWorker(maxHeapMb: number): Worker {
  const here = import.meta.url;
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  if (!here.endsWith('.ts')) return new Worker(new URL('./worker.js', here), { resourceLimits });
  const api = tsxApi(here);
  const entry = new URL('./worker.ts', here).href;
  const code = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, resourceLimits });
}

/** The worker-thread `BotPolicy` the table service uses. */
export class BotPool implements BotPolicy {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly budgetMs: number;
  private readonly maxHeapMb: number;
  private nextId = 1;
  private closed = false;
  private readonly memoryWaiters = new Map<number, (heap: number) => void>();

  constructor(options: BotPoolOptions = {}) {
    this.budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
    this.maxHeapMb = options.maxHeapMb ?? 256;
    const size = Math.max(1, options.size ?? availableParallelism() - 1);
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /** Number of worker threads. */
  get size(): number {
    return this.slots.length;
  }

  /** Resolves once every worker thread has loaded (requests made earlier simply wait in the queue). */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.loaded));
  }

  /** Requests waiting for a free worker. */
  get waiting(): number {
    return this.queue.length;
  }

  private spawn(): Slot {
    const worker = startWorker(this.maxHeapMb);
    worker.unref();
    let loaded: () => void = () => {};
    const slot: Slot = { worker, job: null, heapUsed: 0, loaded: new Promise<void>((resolve) => (loaded = resolve)) };
    worker.on('message', (msg: WorkerAnswer | { id: number; memoryOnly: true; heapUsed: number } | { ready: true }) => {
      if ('ready' in msg) loaded();
      else this.onMessage(slot, msg);
    });
    worker.on('error', () => this.replace(slot));
    worker.on('exit', () => {
      if (!this.closed && this.slots.includes(slot)) this.replace(slot);
    });
    return slot;
  }

  private onMessage(slot: Slot, msg: WorkerAnswer | { id: number; memoryOnly: true; heapUsed: number }): void {
    slot.heapUsed = msg.heapUsed;
    if ('memoryOnly' in msg) {
      this.memoryWaiters.get(msg.id)?.(msg.heapUsed);
      this.memoryWaiters.delete(msg.id);
      return;
    }
    const job = slot.job;
    if (!job || job.message.id !== msg.id) return;
    slot.job = null;
    clearTimeout(job.timer);
    if (msg.ok) job.resolve({ ...msg.decision, fallback: msg.fallback });
    else job.reject(new Error(`bot decision failed: ${msg.error}`));
    this.pump();
  }

  /** Replace a dead or stalled worker; its job is answered on this thread by the Normal heuristic. */
  private replace(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i < 0 || this.closed) return;
    const job = slot.job;
    slot.job = null;
    void slot.worker.terminate();
    this.slots[i] = this.spawn();
    if (job) this.fallback(job);
    this.pump();
  }

  private fallback(job: Job): void {
    clearTimeout(job.timer);
    try {
      job.resolve({ ...decideBot({ level: 'normal', input: job.request.input }), fallback: true });
    } catch (e) {
      job.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      // Under load, share the time left fairly with the requests still queued behind this one.
      const left = job.message.deadline - now();
      if (left > 0 && this.queue.length > 0) {
        const share = left / (1 + this.queue.length / this.slots.length);
        job.message = { ...job.message, deadline: now() + share };
      }
      const grace = Math.max(0, job.message.deadline - now()) + STALL_GRACE_MS;
      job.timer = setTimeout(() => {
        if (slot.job === job) this.replace(slot);
      }, grace);
      job.timer.unref();
      slot.worker.postMessage(job.message);
    }
  }

  /**
   * Decide `request.input.seat`'s action on a worker. Hard searches until `budgetMs`
   * (default: the pool's) after this call, or for `iterations`. Rejects for a programming
   * error (no decision to make, unknown game) or after `close()`.
   */
  decide(request: BotRequest & { budgetMs?: number }): Promise<PoolDecision> {
    if (this.closed) return Promise.reject(new Error('bot pool is closed'));
    const { stop: _stop, deadline: _deadline, budgetMs, ...plain } = request;
    void _stop;
    void _deadline;
    const deadline = now() + (budgetMs ?? this.budgetMs);
    return new Promise<PoolDecision>((resolve, reject) => {
      this.queue.push({ message: { id: this.nextId++, request: plain, deadline }, request, resolve, reject });
      this.pump();
    });
  }

  /** Heap in use by each worker now, in bytes (asks every worker; a busy one answers after its job). */
  async memory(): Promise<WorkerMemory[]> {
    return Promise.all(
      this.slots.map(
        (slot, worker) =>
          new Promise<WorkerMemory>((resolve) => {
            const id = this.nextId++;
            this.memoryWaiters.set(id, (heapUsed) => resolve({ worker, heapUsed }));
            slot.worker.postMessage({ id, memory: true });
          }),
      ),
    );
  }

  /** Stop every worker; queued requests are rejected. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('bot pool closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job) {
          clearTimeout(slot.job.timer);
          slot.job.reject(new Error('bot pool closed'));
        }
        await slot.worker.terminate();
      }),
    );
  }
}
