/**
 * The CPU budget shared by the AI players' searches and the picture renders (src/cpu-budget.ts,
 * docs/pictures.md): a render waiting for the only slot gets it from a running
 * search within the search's check interval, the search is credited the time it lent, and a
 * stream of renders gets at most RENDER_SHARE of a search's time.
 */
import { describe, expect, it } from 'vitest';
import { CpuBudget, RENDER_SHARE, SearchSlot } from '../src/cpu-budget.js';
import { startModuleWorker } from '../src/worker-thread.js';

/** Start the stand-in render thread (test/support/budget-worker.ts); resolves with when it got each slot, ms after its start. */
function renders(budget: CpuBudget, holdMs: number, count: number): Promise<number[]> {
  const worker = startModuleWorker(new URL('./support/x.ts', import.meta.url).href, 'budget-worker', { workerData: { buffer: budget.buffer, holdMs, count } });
  return new Promise((resolve, reject) => {
    worker.once('message', (got: number[]) => {
      void worker.terminate();
      resolve(got);
    });
    worker.once('error', reject);
  });
}

/** A search on this thread: holds a slot for `ms`, checking every 0.2 ms; resolves with its slot's paused time. */
async function search(budget: CpuBudget, ms: number, waitForRender = true): Promise<{ pausedMs: number; ranMs: number }> {
  const slot = new SearchSlot(budget);
  slot.start();
  // Let the render thread start and queue for the slot.
  const t0 = performance.now();
  if (waitForRender) while (budget.rendersWaiting === 0 && performance.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 1));
  const started = performance.now();
  while (performance.now() - started < ms + slot.pausedMs) {
    const until = performance.now() + 0.2;
    while (performance.now() < until);
    slot.check();
  }
  slot.end();
  return { pausedMs: slot.pausedMs, ranMs: performance.now() - started };
}

describe('CPU budget', () => {
  it('counts its slots: acquire takes one, release gives it back', () => {
    const budget = new CpuBudget(2);
    budget.acquire();
    expect(budget.free).toBe(1);
    budget.release();
    expect(budget.free).toBe(2);
    expect(new CpuBudget(budget.buffer).free).toBe(2);
  });

  it('a render waiting for the only slot gets it from a running search, which searches on afterwards for as long as it lent', async () => {
    const budget = new CpuBudget(1);
    const rendered = renders(budget, 5, 1);
    const { pausedMs, ranMs } = await search(budget, 200);
    const [gotAt] = await rendered;
    // The render got the slot while the search ran (the search lent it: its paused time counts the
    // render's hold), and the search ran its own 200 ms besides.
    expect(pausedMs).toBeGreaterThanOrEqual(4);
    expect(ranMs).toBeGreaterThanOrEqual(200 + pausedMs - 1);
    expect(gotAt).toBeDefined();
    expect(budget.free).toBe(1);
  });

  it(`lends the slot only while what it lent stays under ${RENDER_SHARE * 100} % of its time: a stream of renders never starves a search`, () => {
    const budget = new CpuBudget(1);
    let clock = 0;
    let lends = 0;
    // Each lending: the renders waiting take the slot for 30 ms.
    const slot = new SearchSlot(
      budget,
      () => clock,
      () => {
        lends++;
        clock += 30;
      },
    );
    slot.start();
    const cells = new Int32Array(budget.buffer);
    for (let step = 0; step < 100; step++) {
      clock += 10;
      // Renders wait from the 20th check on (cell 1: what a render's acquire(true) marks).
      Atomics.store(cells, 1, step >= 20 ? 1 : 0);
      slot.check();
      if (step < 20) expect(slot.pausedMs).toBe(0);
    }
    slot.end();
    // It lent (renders were not starved), and never much beyond the share (at most one render's 30 ms past it).
    expect(lends).toBeGreaterThan(5);
    expect(slot.pausedMs).toBe(lends * 30);
    expect(slot.pausedMs).toBeLessThanOrEqual(RENDER_SHARE * clock + 30);
    expect(slot.pausedMs).toBeGreaterThanOrEqual(RENDER_SHARE * clock - 30);
    expect(budget.free).toBe(1);
  });
});
