/**
 * One CPU budget for every worker thread of the process (docs/pictures.md;
 * docs/bots-pool.md "Workers and queueing"): the AI players' searches (src/bots/pool.ts) and the
 * picture renders (src/discord/pictures/pool.ts) each have a pool of cores − 1 threads, but at
 * most `slots` = cores − 1 of those threads compute at once, so the event loop always keeps a
 * core for clicks and neither pool starves the other:
 *
 * - a render takes a slot for its few milliseconds (it waits for one if all are taken);
 * - a Hard search takes a slot for its budget, but lends it to waiting renders — pausing
 *   until they are done — as long as its pauses stay under RENDER_SHARE of its time so far,
 *   and its stop time moves later by what it paused, so it searches as long as it would have;
 *   beyond that share it keeps its slot and the renders wait for it.
 *
 * The state lives in a SharedArrayBuffer that every worker thread is given; `acquire` blocks
 * with `Atomics.wait`, so it is only ever called on a worker thread, never on the event loop.
 */
import { availableParallelism } from 'node:os';

/** The most of a search's time it lends to renders waiting for its slot (0–1). */
export const RENDER_SHARE = 0.5;

/** Slots in use by default: the cores less the event loop's, at least 1. */
export function defaultSlots(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** Int32 cells of the budget's shared memory. */
const FREE = 0;
const RENDERS_WAITING = 1;
/** Searches waiting for a slot (at their start, or taking it back after lending it): renders let them go first. */
const SEARCHES_WAITING = 2;
const CELLS = 3;

/** A view of a CPU budget's shared memory, usable on any thread (see the module comment). */
export class CpuBudget {
  private readonly cells: Int32Array;

  /** A new budget of `slots` (default: cores − 1, at least 1), or a view of an existing one's `buffer`. */
  constructor(source: number | SharedArrayBuffer = defaultSlots()) {
    if (typeof source === 'number') {
      this.cells = new Int32Array(new SharedArrayBuffer(CELLS * Int32Array.BYTES_PER_ELEMENT));
      Atomics.store(this.cells, FREE, Math.max(1, Math.floor(source)));
    } else this.cells = new Int32Array(source);
  }

  /** The shared memory, to hand to a worker thread (`new CpuBudget(buffer)` there). */
  get buffer(): SharedArrayBuffer {
    return this.cells.buffer as SharedArrayBuffer;
  }

  /** Slots free now. */
  get free(): number {
    return Atomics.load(this.cells, FREE);
  }

  /** Renders waiting for a slot now. */
  get rendersWaiting(): number {
    return Atomics.load(this.cells, RENDERS_WAITING);
  }

  /**
   * Take a slot, waiting (blocking this thread) until one is free. Worker threads only.
   * `render`: counted as a render waiting meanwhile, which a running search lends its slot to;
   * a render lets a search waiting for a slot go first (the search lent it, or is starting).
   */
  acquire(render = false): void {
    const waiting = render ? RENDERS_WAITING : SEARCHES_WAITING;
    Atomics.add(this.cells, waiting, 1);
    try {
      for (;;) {
        const free = Atomics.load(this.cells, FREE);
        if (free > 0 && !(render && Atomics.load(this.cells, SEARCHES_WAITING) > 0)) {
          if (Atomics.compareExchange(this.cells, FREE, free, free - 1) === free) return;
          continue;
        }
        Atomics.wait(this.cells, FREE, free, 5);
      }
    } finally {
      Atomics.sub(this.cells, waiting, 1);
    }
  }

  /** Give a slot back (after `acquire`). */
  release(): void {
    Atomics.add(this.cells, FREE, 1);
    Atomics.notify(this.cells, FREE, 1);
  }

  /**
   * Give a held slot to a waiting render and take one back: after releasing it, wait until
   * another thread has taken it (at most `handOverMs`), then `acquire` (blocks). Worker threads only.
   */
  lend(handOverMs = 10): void {
    const after = Atomics.add(this.cells, FREE, 1) + 1;
    Atomics.notify(this.cells, FREE, 1);
    Atomics.wait(this.cells, FREE, after, handOverMs);
    this.acquire();
  }
}

/**
 * A running search's side of the budget (src/bots/worker.ts): holds a slot from `start` to
 * `end`, and at each `check` lends it to the renders waiting while its pauses stay under
 * RENDER_SHARE of its time; `pausedMs` is how long it lent it (its stop time moves by that).
 */
export class SearchSlot {
  private startedAt = 0;
  /** Time lent to renders so far, ms. */
  pausedMs = 0;

  /**
   * `now`: the clock, ms; `lend`: hands the slot to the waiting renders and takes it back
   * (default `budget.lend()`; tests pass a stand-in).
   */
  constructor(
    private readonly budget: CpuBudget,
    private readonly now: () => number = () => performance.now(),
    private readonly lend: () => void = () => budget.lend(),
  ) {}

  /** Take a slot for the search (blocks until one is free). */
  start(): void {
    this.budget.acquire();
    this.startedAt = this.now();
  }

  /** Lend the slot to waiting renders if the share allows (blocks until it has a slot again). */
  check(): void {
    if (this.budget.rendersWaiting === 0) return;
    const t = this.now();
    if (this.pausedMs >= (t - this.startedAt) * RENDER_SHARE) return;
    this.lend();
    this.pausedMs += this.now() - t;
  }

  /** Give the slot back. */
  end(): void {
    this.budget.release();
  }
}

let shared: CpuBudget | null = null;

/** The process's budget (cores − 1 slots), shared by the bots' pool and the render pool. */
export function processCpuBudget(): CpuBudget {
  shared ??= new CpuBudget();
  return shared;
}
