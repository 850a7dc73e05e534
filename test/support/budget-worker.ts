/**
 * A stand-in render thread for test/cpu-budget.test.ts: takes a slot of the CPU budget it is
 * given as a render does (src/cpu-budget.ts), holds it `holdMs` (busy), gives it back, `count`
 * times in a row, and posts when it got each slot (ms since its start).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CpuBudget } from '../../src/cpu-budget.js';

const { buffer, holdMs, count } = workerData as { buffer: SharedArrayBuffer; holdMs: number; count: number };
const budget = new CpuBudget(buffer);
const got: number[] = [];
const t0 = performance.now();
for (let i = 0; i < count; i++) {
  budget.acquire(true);
  got.push(performance.now() - t0);
  const until = performance.now() + holdMs;
  while (performance.now() < until);
  budget.release();
}
parentPort!.postMessage(got);
