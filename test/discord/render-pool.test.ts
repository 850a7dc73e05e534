/**
 * The render pool's answer (src/discord/pictures/pool.ts, render-worker.ts): besides the PNG, a
 * render says its wall time and, on Linux, the worker thread's own CPU time for it — what
 * `npm run bench` reports as a picture's CPU cost under load (docs/benchmark.md).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_MODULES } from '../../src/games/index.js';
import { RenderPool } from '../../src/discord/pictures/pool.js';
import { RENDER_RANK } from '../../src/discord/pictures/queue.js';
import { RENDER_THREAD_NICE, SEARCH_THREAD_NICE, threadCpuMs } from '../../src/thread-cpu.js';
import { BotPool } from '../../src/bots/pool.js';
import { readdirSync, readFileSync } from 'node:fs';

/** The nice value in a /proc stat file (field 19). */
function niceOf(path: string): number {
  const stat = readFileSync(path, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice value of each thread of this process, by thread id (Linux: /proc/self/task/N/stat). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      nices.set(Number(tid), niceOf(`/proc/self/task/${tid}/stat`));
    } catch {
      // the thread ended meanwhile
    }
  }
  return nices;
}

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

  it.runIf(process.platform === 'linux')('a render worker and an AI-players worker yield the CPU (their threads niced), the event loop does not (docs/benchmark.md "Threads and priorities")', async () => {
    const before = threadNices();
    const own = niceOf('/proc/thread-self/stat');
    const renders = new RenderPool({ size: 1, budget: null });
    const bots = new BotPool({ size: 1 });
    try {
      await renders.warm();
      await bots.ready();
      const after = threadNices();
      const fresh = [...after].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
      expect(fresh).toContain(RENDER_THREAD_NICE);
      expect(fresh).toContain(SEARCH_THREAD_NICE);
      expect(RENDER_THREAD_NICE).toBeLessThan(SEARCH_THREAD_NICE);
      // The thread running this test (an event loop) keeps its priority.
      expect(niceOf('/proc/thread-self/stat')).toBe(own);
    } finally {
      await renders.close();
      await bots.close();
    }
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

  it('draws the jobs it holds by rank: a click\'s own picture before a board before other seats\' hands, each rank in arrival order (RENDER_RANK)', async () => {
    const mod = GAME_MODULES.find((m) => m.id === 'phantom')!;
    const seats = [0, 1, 2, 3].map((seat) => ({ seat, name: `Player ${seat + 1}`, bot: false, away: false }));
    const job = (seed: number, rank: number) => {
      const state = mod.definition.setup(mod.definition.optionsSchema.parse({}), 4, seed);
      return { kind: 'draw' as const, game: 'phantom', picture: 'board' as const, view: mod.definition.publicView(state), ctx: { seats, viewer: null, lang: 'en' as const, latest: [], over: false }, rank };
    };
    await pool.warm();
    const done: string[] = [];
    const asked: [string, number][] = [['other-1', RENDER_RANK.other], ['other-2', RENDER_RANK.other], ['board', RENDER_RANK.board], ['urgent', RENDER_RANK.urgent], ['other-3', RENDER_RANK.other]];
    await Promise.all(asked.map(([name, rank], i) => pool.render(job(100 + i, rank)).then(() => done.push(name))));
    // All handed over at once: whichever job the worker took before the others arrived, the rest go by rank.
    const rest = done[0] === 'other-1' ? done.slice(1) : done;
    expect(rest.slice(0, 2)).toEqual(['urgent', 'board']);
    expect(done.filter((name) => name.startsWith('other'))).toEqual(['other-1', 'other-2', 'other-3']);
  }, 60_000);
});
