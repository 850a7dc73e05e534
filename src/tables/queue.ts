/**
 * One queue per table within a process: the changes of a table run one after another, in
 * the order they were asked for, while different tables run concurrently. This replaces
 * "no await between read and write" now that the store is asynchronous (README
 * "Architecture"); across processes the store's row lock and version check do the same job.
 */

/** Runs async tasks one at a time per key (a table id), FIFO; other keys are not held up. */
export class TableQueue {
  /** The last task queued per key (settled or not); removed once the key's queue is empty. */
  private readonly tails = new Map<number, Promise<unknown>>();

  /** Keys with a task queued or running (for tests and the shutdown wait). */
  get busy(): number {
    return this.tails.size;
  }

  /**
   * Run `task` once every earlier task of `key` has settled (fulfilled or rejected); resolves
   * or rejects with the task's own outcome. A task that throws synchronously rejects.
   */
  run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    const started: Promise<T> = before ? before.then(task, task) : invoke(task);
    const tail = started.then(noop, noop);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return started;
  }

  /** Resolves once no task of any key is queued or running (tasks queued meanwhile included). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }
}

function noop(): void {}

function invoke<T>(task: () => Promise<T>): Promise<T> {
  try {
    return task();
  } catch (err) {
    return Promise.reject(err);
  }
}
