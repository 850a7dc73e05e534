/**
 * The render pool's answer (src/discord/pictures/pool.ts, render-worker.ts): besides the PNG, a
 * render says its wall time and, on Linux, the worker thread's own CPU time for it — what
 * `npm run bench` reports as a picture's CPU cost under load (docs/benchmark.md).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_MODULES } from '../../src/games/index.js';
import { RenderPool } from '../../src/discord/pictures/pool.js';
import { threadCpuMs } from '../../src/thread-cpu.js';

const pool = new RenderPool({ size: 1, budget: null });
afterAll(() => pool.close());

describe('render pool', () => {
  it.runIf(process.platform === 'linux')("a thread's CPU time grows with its work, not with its waiting, and is part of the process's (threadCpuMs)", async () => {
    const before = threadCpuMs()!;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const slept = threadCpuMs()! - before;
    // A fixed amount of work (≈ 10–30 ms of a core): however loaded the machine, it takes CPU time.
    const wallFrom = performance.now();
    const processFrom = process.cpuUsage();
    const busyFrom = threadCpuMs()!;
    let x = 0;
    for (let i = 0; i < 20_000_000; i++) x = (x + i * 7) % 1_000_003;
    const busy = threadCpuMs()! - busyFrom;
    const used = process.cpuUsage(processFrom);
    const processBusy = (used.user + used.system) / 1000;
    const wall = performance.now() - wallFrom;
    expect(x).toBeGreaterThanOrEqual(0);
    expect(slept).toBeLessThan(20);
    expect(busy).toBeGreaterThan(1);
    // This thread's time is within its wall time and within the whole process's (1 ms for the clocks' rounding).
    expect(busy).toBeLessThanOrEqual(wall + 1);
    expect(busy).toBeLessThanOrEqual(processBusy + 1);
  });

  it('answers a board with its wall time and (on Linux) its CPU time on the worker thread', async () => {
    const mod = GAME_MODULES.find((m) => m.id === 'suspicion')!;
    const state = mod.definition.setup(mod.definition.optionsSchema.parse({}), 4, 7);
    const seats = [0, 1, 2, 3].map((seat) => ({ seat, name: `Player ${seat + 1}`, bot: false, away: false }));
    const r = await pool.render({ kind: 'draw', game: 'suspicion', picture: 'board', view: mod.definition.publicView(state), ctx: { seats, viewer: null, lang: 'en', latest: [], over: false } });
    expect(r.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(r.ms).toBeGreaterThan(0);
    if (process.platform !== 'linux') return;
    expect(r.cpuMs).toBeGreaterThan(0);
    // One thread's CPU time within the render cannot exceed its wall time (1 ms for the clocks' rounding).
    expect(r.cpuMs!).toBeLessThanOrEqual(r.ms + 1);
  }, 60_000);
});
