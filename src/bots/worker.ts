/**
 * The worker thread of the AI players' pool (src/bots/pool.ts): receives decision requests,
 * runs them with `decideBot`, and answers with the decision and this thread's heap use.
 *
 * A Hard request carries an absolute deadline (epoch ms) and a stop time in shared memory
 * (`stopAt`), which the pool may move earlier while the search runs (its fair share when
 * other requests wait, src/bots/pool.ts); the search stops there. When the request waited in
 * the queue so long that less than `MIN_SEARCH_MS` is left, the Normal heuristic answers
 * instead (`fallback`), so no bot is ever later than its budget.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { CpuBudget, SearchSlot } from '../cpu-budget.js';
import { decideBot, MIN_SEARCH_MS, type BotRequest } from './policy.js';
import { lowerThreadPriority, SEARCH_THREAD_NICE } from '../thread-cpu.js';

export { MIN_SEARCH_MS };

/** A request as the pool queues it. `deadline` is epoch ms (performance.timeOrigin + performance.now()). */
export interface WorkerRequest {
  id: number;
  request: Omit<BotRequest, 'stop' | 'deadline'>;
  deadline: number;
}

/**
 * A request as posted to a worker: `stopAt[0]` is the epoch ms at which a timed Hard search
 * stops (never after `deadline`; the pool may lower it while the search runs).
 */
export interface PostedRequest extends WorkerRequest {
  stopAt?: Float64Array;
}

/** A worker's answer. `heapUsed` is this thread's V8 heap in use, in bytes. */
export type WorkerAnswer =
  | { id: number; ok: true; decision: ReturnType<typeof decideBot>; fallback: boolean; heapUsed: number }
  | { id: number; ok: false; error: string; heapUsed: number };

const now = () => performance.timeOrigin + performance.now();

/** The process's CPU budget, when the pool shares one (src/cpu-budget.ts): a search holds a slot and lends it to waiting renders. */
const budget = workerData?.budget instanceof SharedArrayBuffer ? new CpuBudget(workerData.budget) : null;

function answer(msg: PostedRequest): WorkerAnswer {
  const heapUsed = () => getHeapStatistics().used_heap_size;
  try {
    const { request } = msg;
    if (request.level === 'hard' && request.iterations === undefined) {
      const stopAt = msg.stopAt ?? Float64Array.of(msg.deadline);
      if (msg.deadline - now() < MIN_SEARCH_MS) {
        return { id: msg.id, ok: true, decision: decideBot({ ...request, level: 'normal' }), fallback: true, heapUsed: heapUsed() };
      }
      // `at` is read afresh at every check: the pool may move the stop time earlier. Time the
      // search lent its CPU slot to picture renders moves it later (src/cpu-budget.ts).
      const slot = budget ? new SearchSlot(budget) : null;
      const deadline = {
        now,
        get at() {
          slot?.check();
          return Math.min(stopAt[0]!, msg.deadline) + (slot?.pausedMs ?? 0);
        },
      };
      slot?.start();
      try {
        const decision = decideBot({ ...request, stop: () => now() >= deadline.at, deadline });
        return { id: msg.id, ok: true, decision, fallback: false, heapUsed: heapUsed() };
      } finally {
        slot?.end();
      }
    }
    return { id: msg.id, ok: true, decision: decideBot(request), fallback: false, heapUsed: heapUsed() };
  } catch (e) {
    return { id: msg.id, ok: false, error: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e), heapUsed: heapUsed() };
  }
}

parentPort?.on('message', (msg: PostedRequest | { id: number; memory: true }) => {
  if ('memory' in msg) {
    parentPort!.postMessage({ id: msg.id, ok: true, memoryOnly: true, heapUsed: getHeapStatistics().used_heap_size });
    return;
  }
  parentPort!.postMessage(answer(msg));
});

/** Tell the pool this thread has loaded and can take work. */
if (parentPort) lowerThreadPriority(SEARCH_THREAD_NICE);
parentPort?.postMessage({ ready: true });
