/**
 * Picture benchmark (README "Pictures"): render time per picture (SVG → PNG with the shipped
 * font subsets, one at a time, so one core's worth — wall time, and the process's CPU time, which
 * a shared machine's other work does not inflate as much) and PNG size, p50 / p99 per game, board and
 * hand, over positions of random games at the game's biggest table (6 seats or its maximum),
 * after one untimed warm-up picture (the raster worker starts once per process);
 * and the same boards with the full DejaVu fonts, to show what the subsets save.
 */
import { GAME_MODULES } from '../src/games/index.js';
import { catalogs } from '../src/i18n/index.js';
import { pictureContext } from '../src/discord/pictures/index.js';
import { rasterise } from '../src/discord/pictures/rasterise.js';
import { playRandomGame } from '../test/support/random-play.js';
import { snapshotOf } from '../test/support/test-pictures.js';

const FULL_FONTS = ['node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'];

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

/** Pictures per game and kind: `count` positions (boards) and as many hands. */
export async function benchPictures(count: number): Promise<{ name: string; metrics: Record<string, number>; summary: string }> {
  const metrics: Record<string, number> = {};
  const lines: string[] = [];
  // One picture before timing: the raster worker's start (loading resvg, its first fonts and
  // JIT warm-up) happens once per process, not once per picture.
  await rasterise('<svg xmlns="http://www.w3.org/2000/svg" width="720" height="60"><rect width="720" height="60" fill="#2b2d31"/><text x="10" y="40" font-size="28" fill="#fff">Warm-up</text></svg>');
  for (const mod of GAME_MODULES) {
    if (!mod.pictures) continue;
    const seats = Math.min(6, mod.definition.maxPlayers);
    const states: unknown[] = [];
    playRandomGame(mod.definition, { seats, seed: 3, playSeed: 4, maxActions: 2000, onState: (state) => states.push(state) });
    const step = Math.max(1, Math.floor(states.length / count));
    const picked = states.filter((_, i) => i % step === 0).slice(0, count);
    for (const kind of ['board', 'hand', 'board-full-fonts'] as const) {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      const sizes: number[] = [];
      for (const [i, state] of picked.entries()) {
        const snap = snapshotOf(mod, state, seats, i + 2);
        const seat = i % seats;
        const t = catalogs.en;
        const svg =
          kind === 'hand'
            ? mod.pictures.hand(mod.definition.seatView(state as never, seat), pictureContext(snap, seat, t)).svg
            : mod.pictures.board(mod.definition.publicView(state as never), pictureContext(snap, null, t)).svg;
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        const png = await rasterise(svg, kind === 'board-full-fonts' ? FULL_FONTS : undefined);
        const cpu = process.cpuUsage(cpuBefore);
        times.push(performance.now() - started);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
        sizes.push(png.data.length);
      }
      times.sort((a, b) => a - b);
      cpuTimes.sort((a, b) => a - b);
      sizes.sort((a, b) => a - b);
      const key = `${mod.id}.${kind}`;
      metrics[`${key}.p50Ms`] = Math.round(quantile(times, 0.5) * 10) / 10;
      metrics[`${key}.p99Ms`] = Math.round(quantile(times, 0.99) * 10) / 10;
      metrics[`${key}.cpuP50Ms`] = Math.round(quantile(cpuTimes, 0.5) * 10) / 10;
      metrics[`${key}.cpuP99Ms`] = Math.round(quantile(cpuTimes, 0.99) * 10) / 10;
      metrics[`${key}.pngP50Bytes`] = quantile(sizes, 0.5);
      metrics[`${key}.pngMaxBytes`] = sizes.at(-1) ?? 0;
      lines.push(`${key}: p50 ${metrics[`${key}.p50Ms`]} ms, p99 ${metrics[`${key}.p99Ms`]} ms (CPU p50 ${metrics[`${key}.cpuP50Ms`]} / p99 ${metrics[`${key}.cpuP99Ms`]} ms), PNG p50 ${Math.round(quantile(sizes, 0.5) / 1024)} KB, max ${Math.round((sizes.at(-1) ?? 0) / 1024)} KB (${picked.length} pictures)`);
    }
  }
  return { name: 'Pictures: render time and PNG size (one at a time)', metrics, summary: lines.join('\n') };
}

// `npx tsx bench/pictures.ts [count]` runs this part alone.
if (process.argv[1]?.endsWith('pictures.ts')) {
  const { loadavg } = await import('node:os');
  const before = loadavg().map((x) => x.toFixed(2)).join(' ');
  const result = await benchPictures(Number(process.argv[2] ?? 40));
  process.stdout.write(`${result.summary}\nload average before ${before}, after ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
}
