/**
 * The render queue (README "Pictures"): rasterising a picture costs ≈ 10–40 ms of a core, and
 * at a couple of hundred clicks a second the pictures asked for would take every core and
 * starve the event loop that answers clicks. So renders run RENDER_CONCURRENCY at a time (a
 * click's own picture up to URGENT_RENDER_CONCURRENCY: the worker draws it next), at
 * most RENDER_QUEUE_SIZE wait their turn, and a render that cannot start (the queue is full)
 * or would not finish by its caller's deadline is refused: the caller sends the text version,
 * which every panel and board has anyway. Renders waiting for the same picture (same table,
 * viewer, language and kind) are coalesced to the newest table version: an older one still
 * waiting is dropped ("superseded") when a newer one is asked for, so a picture of an old
 * version is never drawn after a newer one was asked for.
 */
import { availableParallelism } from 'node:os';

/** Render workers (./pool.ts: cores − 1, at least 1), so the event loop keeps a core. */
export const RENDER_WORKERS = Math.max(1, availableParallelism() - 1);

/**
 * Renders handed to each render worker at once (urgent ones may add to them, up to
 * URGENT_RENDER_CONCURRENCY in all): while it draws one, the next is already in its
 * inbox, so it never idles waiting for a busy event loop to hand it the next (at 200 clicks/s
 * a round trip through the loop took longer than the render: docs/pictures.md "Click →
 * answer"; 4 was tried on 2026-12-07 night and did not help). A worker still draws one at a
 * time, the lowest `RENDER_RANK` first, in a slot of the CPU budget it shares with the AI
 * players' searches (src/cpu-budget.ts); a job handed over can no longer be superseded.
 */
export const RENDERS_PER_WORKER = 2;

/**
 * Ranks of a render handed to a worker (render-worker.ts draws the lowest first among the jobs
 * it holds), as in this queue: a click's own picture (a player waits for it now), then boards,
 * then other seats' redraws.
 */
export const RENDER_RANK = { urgent: 0, board: 1, other: 2 } as const;

/** Renders on their way at once: RENDERS_PER_WORKER for each of the RENDER_WORKERS. */
export const RENDER_CONCURRENCY = RENDER_WORKERS * RENDERS_PER_WORKER;

/**
 * Renders on their way at once when the one asked for is urgent (a player waits for it now): it
 * is handed to a worker at once, past boards and redraws already handed over, while fewer than
 * this many are on their way — the worker draws the lowest `RENDER_RANK` next, so it waits for
 * the render being drawn and the urgent ones handed over before it (up to 5 at p99 at 200
 * clicks/s), not for the renders the worker holds to be answered and a turn of a busy event
 * loop (docs/pictures.md "Urgent renders past the queue").
 */
export const URGENT_RENDER_CONCURRENCY = RENDER_CONCURRENCY * 3;

/**
 * Renders waiting their turn, at most. At the measured ≈ 15–40 ms a render (README
 * "Pictures"), 24 waiting are ≈ 0.4–1 s of work: the last of them still reaches its player
 * within PICTURE_EDIT_BY_MS (panels.ts).
 */
export const RENDER_QUEUE_SIZE = 24;

/** The first estimate of one render's time before any was measured, ms. */
export const RENDER_ESTIMATE_MS = 30;

/** A render's time counts in the estimate as at most this many times the estimate (see `finish`). */
export const RENDER_OUTLIER_FACTOR = 8;

/** Why a render was not done. */
export type RenderRefusal = 'full' | 'late' | 'superseded';

/** A render's outcome: its value, or why it was not done. */
export type RenderOutcome<T> = { ok: true; value: T } | { ok: false; refused: RenderRefusal };

/** One render asked for. */
export interface RenderJob<T> {
  /** What picture this is, versions aside (`table:viewer:language:kind`): waiting jobs of one key are coalesced. */
  key: string;
  /** The table version drawn: a newer job of the same key supersedes an older one still waiting. */
  version: number;
  /** Unix ms by which the render must be done, else it is refused (default: no deadline). */
  finishBy?: number;
  /** Boards go before other seats' hands: one board is seen by the whole table. */
  first?: boolean;
  /**
   * A player waits for this picture now (a click's own panel): it goes before every board and
   * every other hand waiting (after the urgent ones already waiting).
   */
  urgent?: boolean;
  /**
   * The render itself (rejects pass through to the caller); `urgent`: whether it starts as a
   * click's own picture — asked for so, or promoted since (`promote`) — so that the render
   * worker draws it first too.
   */
  work: (urgent: boolean) => Promise<T>;
}

interface Waiting {
  key: string;
  version: number;
  finishBy: number;
  first: boolean;
  urgent: boolean;
  /** Hands the render over; `urgent`: as a click's own picture (it may have been promoted since it was asked for). */
  start: (urgent: boolean) => void;
  refuse: (why: RenderRefusal) => void;
}

/** Options of {@link RenderQueue}. */
export interface RenderQueueOptions {
  /** Renders running at once (default RENDER_CONCURRENCY). */
  concurrency?: number;
  /** Renders running at once when the next is urgent (default URGENT_RENDER_CONCURRENCY; at least `concurrency`). */
  urgentConcurrency?: number;
  /** Renders waiting, at most (default RENDER_QUEUE_SIZE). */
  size?: number;
  /** The clock, Unix ms (tests). */
  now?: () => number;
  /** Told when the queue starts refusing after it last did not (`why`, what was refused since, in all): log it once. */
  onOverload?: (why: 'full' | 'late', refusedSoFar: number) => void;
}

/** A bounded, coalescing queue of renders (see the module comment). */
export class RenderQueue {
  readonly concurrency: number;
  readonly urgentConcurrency: number;
  readonly size: number;
  private readonly now: () => number;
  private readonly onOverload?: RenderQueueOptions['onOverload'];
  private readonly waiting: Waiting[] = [];
  private running = 0;
  /** Moving average of a render's time, ms. */
  private averageMs = RENDER_ESTIMATE_MS;
  /** True from the first refusal until a render is accepted with the queue at most half full. */
  private overloaded = false;
  /** Renders refused (full or late) since the queue was made. */
  refused = 0;
  /** Renders dropped because a newer version of the same picture was asked for. */
  superseded = 0;

  constructor(options: RenderQueueOptions = {}) {
    this.concurrency = options.concurrency ?? RENDER_CONCURRENCY;
    this.urgentConcurrency = Math.max(this.concurrency, options.urgentConcurrency ?? URGENT_RENDER_CONCURRENCY);
    this.size = options.size ?? RENDER_QUEUE_SIZE;
    this.now = options.now ?? Date.now;
    this.onOverload = options.onOverload;
  }

  /** Renders waiting now. */
  get length(): number {
    return this.waiting.length;
  }

  /** The moving average of a render's time, ms. */
  get renderMs(): number {
    return this.averageMs;
  }

  /**
   * When a render asked for now would be done, Unix ms (estimated from the renders waiting
   * and running and the average render time). `urgent`: one that goes before every board and
   * redraw waiting (only the urgent ones waiting are ahead of it) and may start past
   * `concurrency`, up to `urgentConcurrency`.
   */
  estimateDone(urgent = false): number {
    if (urgent) {
      const ahead = this.waiting.filter((w) => w.urgent).length;
      const rounds = this.running < this.urgentConcurrency && ahead === 0 ? 1 : Math.floor((ahead + 1) / this.concurrency) + 2;
      return this.now() + rounds * this.averageMs;
    }
    const ahead = this.waiting.length + this.running;
    const rounds = this.running < this.concurrency && this.waiting.length === 0 ? 1 : Math.floor(ahead / this.concurrency) + 1;
    return this.now() + rounds * this.averageMs;
  }

  /**
   * Whether a render asked for now with deadline `finishBy` (Unix ms) would be taken: null if
   * so, else why not. Lets a caller skip drawing a picture that would be refused. An urgent
   * render is full only when every render waiting is urgent (it takes the place of the last
   * board or redraw waiting otherwise: `run`).
   */
  wouldRefuse(finishBy = Infinity, urgent = false): 'full' | 'late' | null {
    if (urgent) {
      const startsNow = this.running < this.urgentConcurrency && !this.waiting.some((w) => w.urgent);
      if (!startsNow && this.waiting.length >= this.size && this.waiting.every((w) => w.urgent)) return 'full';
    } else if (this.running >= this.concurrency && this.waiting.length >= this.size) return 'full';
    if (this.estimateDone(urgent) > finishBy) return 'late';
    return null;
  }

  /**
   * A player now waits for the picture `key` that is waiting its turn (asked for earlier as a
   * board or another seat's redraw): it moves up among the urgent ones (after those already
   * there), as if asked for urgently now. Nothing happens when no render of `key` is waiting
   * (running already, or none).
   */
  promote(key: string): void {
    const i = this.waiting.findIndex((w) => w.key === key && !w.urgent);
    if (i < 0) return;
    const [entry] = this.waiting.splice(i, 1);
    entry!.urgent = true;
    const at = this.waiting.findIndex((w) => !w.urgent);
    this.waiting.splice(at < 0 ? this.waiting.length : at, 0, entry!);
    this.next();
  }

  /** Run `job` in turn; resolves with its value or why it was refused, rejects when its work does. */
  run<T>(job: RenderJob<T>): Promise<RenderOutcome<T>> {
    const finishBy = job.finishBy ?? Infinity;
    // Coalesce: an older version of the same picture still waiting is dropped.
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const other = this.waiting[i]!;
      if (other.key !== job.key) continue;
      if (other.version < job.version) {
        this.waiting.splice(i, 1);
        this.superseded++;
        other.refuse('superseded');
      }
    }
    const urgent = job.urgent ?? false;
    const refusal = this.wouldRefuse(finishBy, urgent);
    if (refusal) {
      this.refused++;
      if (!this.overloaded) {
        this.overloaded = true;
        this.onOverload?.(refusal, this.refused);
      }
      return Promise.resolve({ ok: false, refused: refusal });
    }
    if (this.overloaded && this.waiting.length <= this.size / 2) this.overloaded = false;
    return new Promise<RenderOutcome<T>>((resolve, reject) => {
      const start = (asUrgent: boolean) => {
        this.running++;
        const started = this.now();
        job.work(asUrgent).then(
          (value) => {
            this.finish(started);
            resolve({ ok: true, value });
          },
          (err: unknown) => {
            this.finish(started);
            reject(err);
          },
        );
      };
      const ahead = urgent ? this.waiting.some((w) => w.urgent) : this.waiting.length > 0;
      if (this.running < (urgent ? this.urgentConcurrency : this.concurrency) && !ahead) {
        start(urgent);
        return;
      }
      const entry: Waiting = { key: job.key, version: job.version, finishBy, first: job.first ?? false, urgent, start, refuse: (why) => resolve({ ok: false, refused: why }) };
      if (urgent && this.waiting.length >= this.size) {
        // Full of boards and redraws: the last of them gives its place to the player waiting now.
        const last = this.waiting.findLastIndex((w) => !w.urgent);
        const [dropped] = this.waiting.splice(last, 1);
        this.refused++;
        dropped!.refuse('full');
      }
      if (entry.urgent) {
        // After the urgent ones already waiting, before every board and other hand.
        const at = this.waiting.findIndex((w) => !w.urgent);
        this.waiting.splice(at < 0 ? this.waiting.length : at, 0, entry);
      } else if (entry.first) {
        // After the urgent ones and the boards already waiting, before every other hand.
        const at = this.waiting.findIndex((w) => !w.urgent && !w.first);
        this.waiting.splice(at < 0 ? this.waiting.length : at, 0, entry);
      } else this.waiting.push(entry);
    });
  }

  private finish(started: number): void {
    this.running--;
    // One slow render (a render worker's start, a pause) counts as at most RENDER_OUTLIER_FACTOR
    // times the estimate: alone it must not make the next pictures look late and be refused
    // (after a restart that turned the first panels into text versions); renders slow for good
    // still raise it (a steady 2.5 s render is estimated late after 9 renders instead of 8).
    const took = Math.min(Math.max(1, this.now() - started), this.averageMs * RENDER_OUTLIER_FACTOR);
    this.averageMs = this.averageMs * 0.8 + took * 0.2;
    this.next();
  }

  /**
   * Start waiting renders while there is room (up to `urgentConcurrency` for urgent ones, which
   * wait first), refusing those whose deadline has passed.
   */
  private next(): void {
    while (this.waiting.length > 0 && this.running < (this.waiting[0]!.urgent ? this.urgentConcurrency : this.concurrency)) {
      const entry = this.waiting.shift()!;
      if (this.now() + this.averageMs > entry.finishBy) {
        this.refused++;
        entry.refuse('late');
        continue;
      }
      entry.start(entry.urgent);
    }
  }
}
