/**
 * A pool of worker threads running the AI players' decisions off the main thread, so no
 * interaction of any table waits on a bot's search (README "AI players").
 *
 * Budget and queueing (README "AI players", docs/bots-pool.md): a Hard request without a
 * fixed iteration count gets an absolute deadline when it is submitted (`budgetMs` later,
 * default `DEFAULT_BUDGET_MS`, 300 ms). Requests wait in deadline order for a free worker
 * and search for what remains of their budget. While requests wait, the searches running
 * and starting are cut to a fair share of the time left before the earliest waiting deadline
 * — (time left − the waiting requests' expected overhead) ÷ (1 + waiting ÷ workers) — through
 * a stop time each worker reads from shared memory, so a request never waits out another's
 * whole budget. The overhead is what a search takes past its stop time (building the seat's
 * knowledge, the first round), measured as a moving average. Only a request that cannot start
 * searching at least `MIN_SEARCH_MS` before its deadline is answered by the Normal heuristic:
 * on this thread as soon as that is certain while it waits, or by the worker (worker.ts);
 * such answers are counted (`stats`, a bench figure of `npm run arena -- --latency-only`).
 *
 * A worker that crashes, or does not answer a timed Hard request within its budget +
 * `STALL_GRACE_MS`, is replaced; its request is answered by the Normal heuristic on the
 * calling thread (`fallback: true`). A request for fixed work (an iteration count: tests, the
 * arena) is never cut short by the clock — on a loaded machine it takes what it takes — and
 * no request is handed to a worker before that thread has loaded its modules (docs/bots-pool.md: under
 * load a worker loading the TypeScript sources took longer than the grace, was replaced, and
 * the arena's fixed-iteration Hard moves were answered by Normal, one replacement after another).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { CpuBudget } from '../cpu-budget.js';
import { startModuleWorker } from '../worker-thread.js';
import { DEFAULT_BUDGET_MS, decideBot, MIN_SEARCH_MS, type BotDecision, type BotPolicy, type BotRequest } from './policy.js';
import type { WorkerAnswer, WorkerRequest } from './worker.js';

/** Extra time, in ms, a worker may take past a request's budget before it is replaced. */
export const STALL_GRACE_MS = 2_000;

/**
 * Counts of a pool's Hard requests with a time budget since it started (the bench's fallback
 * rate is `fallbacks / timed`).
 */
export interface PoolStats {
  /** Hard requests searched against a deadline (not a fixed iteration count). */
  timed: number;
  /** Of those, answered by the Normal heuristic because no worker could start their search in time (or a worker died). */
  fallbacks: number;
  /** Total time those requests waited in the queue for a worker, in ms. */
  waitedMs: number;
}

/** Options of a pool. */
export interface BotPoolOptions {
  /** Worker threads (default: available cores − 1, at least 1). */
  size?: number;
  /** Default search budget per Hard move, in ms (default 300). */
  budgetMs?: number;
  /** V8 old-generation limit per worker, in MB (default 256): a runaway search cannot eat the host. */
  maxHeapMb?: number;
  /**
   * The CPU budget shared with the render pool (src/cpu-budget.ts): a Hard search holds one of
   * its slots and lends it to waiting picture renders. Default none (the arena, tests); the
   * app passes the process's.
   */
  budget?: CpuBudget | null;
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
  /** Absolute deadline (epoch ms) of a timed Hard request, else null. */
  deadline: number | null;
  submittedAt: number;
  resolve: (d: PoolDecision) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
  /** While queued: fires when the request can no longer start its search in time. */
  expiry?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Stop time (epoch ms) of the running search, read by the worker while it searches. */
  stopAt: Float64Array;
  /** When the running job started on this worker (epoch ms). */
  startedAt: number;
  heapUsed: number;
  /** Resolves once the thread has loaded its modules. */
  loaded: Promise<void>;
  /** Whether it has (jobs are posted only to loaded workers). */
  ready: boolean;
}

const now = () => performance.timeOrigin + performance.now();

/** Start a worker (src/worker-thread.ts: the build's worker.js, or worker.ts under tsx), sharing `budget` if given. */
function startWorker(maxHeapMb: number, budget: CpuBudget | null): Worker {
  return startModuleWorker(import.meta.url, 'worker', { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb }, workerData: { budget: budget?.buffer ?? null } });
}

/** The worker-thread `BotPolicy` the table service uses. */
export class BotPool implements BotPolicy {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly budgetMs: number;
  private readonly maxHeapMb: number;
  private readonly budget: CpuBudget | null;
  private nextId = 1;
  private closed = false;
  private readonly memoryWaiters = new Map<number, (heap: number) => void>();
  private readonly counts: PoolStats = { timed: 0, fallbacks: 0, waitedMs: 0 };
  /** Moving average of how long a timed search ran past its stop time, in ms. */
  private overheadMs = 5;

  constructor(options: BotPoolOptions = {}) {
    this.budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
    this.maxHeapMb = options.maxHeapMb ?? 256;
    this.budget = options.budget ?? null;
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

  /** Counts of timed Hard requests answered so far (a copy). */
  get stats(): PoolStats {
    return { ...this.counts };
  }

  /** Requests waiting for a free worker. */
  get waiting(): number {
    return this.queue.length;
  }

  private spawn(): Slot {
    const worker = startWorker(this.maxHeapMb, this.budget);
    worker.unref();
    let loaded: () => void = () => {};
    const stopAt = new Float64Array(new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT));
    const slot: Slot = { worker, job: null, stopAt, startedAt: 0, heapUsed: 0, loaded: new Promise<void>((resolve) => (loaded = resolve)), ready: false };
    worker.on('message', (msg: WorkerAnswer | { id: number; memoryOnly: true; heapUsed: number } | { ready: true }) => {
      if ('ready' in msg) {
        slot.ready = true;
        loaded();
        this.pump();
      } else this.onMessage(slot, msg);
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
    if (job.deadline !== null && !(msg.ok && msg.fallback)) {
      const over = Math.max(0, now() - slot.stopAt[0]!);
      this.overheadMs = 0.8 * this.overheadMs + 0.2 * Math.min(over, 1_000);
    }
    if (msg.ok) {
      if (msg.fallback && job.deadline !== null) this.counts.fallbacks++;
      job.resolve({ ...msg.decision, fallback: msg.fallback });
    } else job.reject(new Error(`bot decision failed: ${msg.error}`));
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
    if (job.deadline !== null) this.counts.fallbacks++;
    try {
      job.resolve({ ...decideBot({ level: 'normal', input: job.request.input }), fallback: true });
    } catch (e) {
      job.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  /**
   * The stop time of a search running or starting at `t` while `this.queue` waits: its own
   * deadline, cut to a fair share of the time left before the earliest waiting deadline, but
   * never before `MIN_SEARCH_MS` after it started (a started search always gets a round).
   */
  private stopTime(job: Job, startedAt: number, t: number): number {
    const own = job.deadline!;
    const next = this.queue.find((j) => j.deadline !== null)?.deadline;
    if (next == null) return own;
    const ahead = this.queue.length / this.slots.length;
    const share = (Math.min(own, next) - t - ahead * this.overheadMs) / (1 + ahead);
    return Math.min(own, Math.max(startedAt + MIN_SEARCH_MS, t + share));
  }

  /** Re-cut the stop times of the searches running now (after the queue changed). */
  private rebalance(): void {
    const t = now();
    for (const slot of this.slots) {
      if (slot.job?.deadline != null) slot.stopAt[0] = this.stopTime(slot.job, slot.startedAt, t);
    }
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job || !slot.ready || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      clearTimeout(job.expiry);
      slot.job = job;
      const t = now();
      slot.startedAt = t;
      if (job.deadline !== null) {
        this.counts.timed++;
        this.counts.waitedMs += t - job.submittedAt;
        slot.stopAt[0] = this.stopTime(job, t, t);
      }
      if (job.deadline !== null) {
        // Only a timed request has a clock to miss: fixed work runs to its end however loaded the machine is.
        const grace = Math.max(0, job.deadline - t) + STALL_GRACE_MS;
        job.timer = setTimeout(() => {
          if (slot.job === job) this.replace(slot);
        }, grace);
        job.timer.unref();
      }
      slot.worker.postMessage({ ...job.message, stopAt: slot.stopAt });
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
    const submittedAt = now();
    const deadline = submittedAt + (budgetMs ?? this.budgetMs);
    const timed = plain.level === 'hard' && plain.iterations === undefined;
    return new Promise<PoolDecision>((resolve, reject) => {
      const job: Job = { message: { id: this.nextId++, request: plain, deadline }, request, deadline: timed ? deadline : null, submittedAt, resolve, reject };
      // Earliest deadline first; requests without one (fixed work) keep their arrival order among them.
      const at = timed ? this.queue.findIndex((j) => j.deadline !== null && j.deadline > deadline) : -1;
      if (at < 0) this.queue.push(job);
      else this.queue.splice(at, 0, job);
      if (timed) {
        // Still waiting when it can no longer search in time: the Normal heuristic answers now.
        job.expiry = setTimeout(() => {
          const i = this.queue.indexOf(job);
          if (i < 0) return;
          this.queue.splice(i, 1);
          this.counts.timed++;
          this.counts.waitedMs += now() - submittedAt;
          this.fallback(job);
          this.rebalance();
        }, Math.max(0, deadline - submittedAt - MIN_SEARCH_MS));
        job.expiry.unref();
      }
      this.pump();
      this.rebalance();
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
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.expiry);
      job.reject(new Error('bot pool closed'));
    }
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
