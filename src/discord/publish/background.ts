/**
 * Background work that yields to answering clicks (README "Architecture", the publisher):
 * board redraws and panel refreshes are drawn here, in slices of at most `sliceMs`, each
 * slice started from `setImmediate` — after Node's poll phase, so every interaction that
 * arrived meanwhile is read and answered (its callback sent) before the next slice runs.
 * Tasks run in the order they were queued; a task may be keyed, and a keyed task queued
 * again before it ran replaces the earlier one in its place (only the newest state is drawn).
 */

/** Default length of one slice of background work, ms. */
export const BACKGROUND_SLICE_MS = 4;

/** A queue of synchronous background tasks, run in slices between I/O turns. */
export class BackgroundQueue {
  private readonly tasks = new Map<string | number | symbol, () => void>();
  private scheduled = false;
  private closed = false;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly onError: (err: unknown) => void,
    private readonly sliceMs = BACKGROUND_SLICE_MS,
  ) {}

  /** Tasks queued and not yet run. */
  get size(): number {
    return this.tasks.size;
  }

  /**
   * Queue `task`. With a `key`, a task of the same key still waiting is replaced (it keeps
   * its place in the queue). A task that throws is reported to `onError`; the others run.
   */
  push(task: () => void, key?: string | number): void {
    if (this.closed) return;
    this.tasks.set(key ?? Symbol('background task'), task);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.runSlice());
    }
  }

  /** Resolves when no task is waiting. */
  async settled(): Promise<void> {
    if (this.tasks.size === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Drop every waiting task; later pushes are ignored. */
  close(): void {
    this.closed = true;
    this.tasks.clear();
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private runSlice(): void {
    this.scheduled = false;
    const until = performance.now() + this.sliceMs;
    for (const [key, task] of this.tasks) {
      this.tasks.delete(key);
      try {
        task();
      } catch (err) {
        this.onError(err);
      }
      if (performance.now() >= until) break;
    }
    if (this.tasks.size > 0) {
      this.scheduled = true;
      setImmediate(() => this.runSlice());
    } else {
      for (const resolve of this.idle.splice(0)) resolve();
    }
  }
}
