/**
 * Picture benchmark (docs/pictures.md; issue 38's targets): the CPU time of one picture as a
 * render worker makes it — the game's drawer from the view, then the PNG composed from cached
 * pieces (src/discord/pictures/compose.ts) — on this thread, one at a time, so one core's worth.
 *
 * Pictures of random games of every game at its biggest table (6 seats or its maximum), boards and
 * hands of every seat, English and Spanish alternating, asked for in the order a server meets them:
 * the four games' positions interleaved, so the caches serve a mixed stream. One composer for the
 * whole run, as one render worker; its caches warm up during the first pictures, and the run's
 * very first picture of each game is reported apart (`first`). Reported per game and kind: CPU p50
 * / p99 (ms, `process.cpuUsage`, which other processes' work inflates far less than wall time), PNG
 * p50 / max (KB), the share of strips composed anew, pictures per second per core (1,000 ÷ mean
 * CPU ms), and the caches' bytes at the end.
 */
import { Resvg } from '@resvg/resvg-js';
import { GAME_MODULES } from '../src/games/index.js';
import type { PictureContext } from '../src/games/picture.js';
import { catalogs } from '../src/i18n/index.js';
import { Composer } from '../src/discord/pictures/compose.js';
import { fontFiles } from '../src/discord/pictures/rasterise.js';
import { playRandomGame } from '../test/support/random-play.js';

const NAMES = ['Ana', 'Bartholomew Featherstonehaugh', 'Carmen', 'Dmitri', 'Élodie', 'Fatima'];

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Job {
  game: string;
  kind: 'board' | 'hand';
  draw: () => ReturnType<NonNullable<(typeof GAME_MODULES)[number]['pictures']>['board']>;
}

/** Options of {@link benchPictures}. */
export interface PictureBenchOptions {
  /** Positions per game (each gives a board and one hand). */
  count: number;
  /** Strip height, zlib level and row filter of the composer (defaults: the product's). */
  stripHeight?: number;
  level?: number;
  filter?: 0 | 1 | 2;
  /** Bytes of the strip cache (0: every strip encoded anew, to time the encoder alone). */
  stripCacheBytes?: number;
}

/** Run the picture benchmark: metrics and a printable summary. */
export async function benchPictures(options: PictureBenchOptions | number): Promise<{ name: string; metrics: Record<string, number>; summary: string }> {
  const opts = typeof options === 'number' ? { count: options } : options;
  const composer = new Composer({ fonts: fontFiles(), Resvg: Resvg as never, level: opts.level, stripHeight: opts.stripHeight, filter: opts.filter, stripCacheBytes: opts.stripCacheBytes });
  // The jobs: each game's positions, interleaved across games.
  const perGame: Job[][] = [];
  for (const mod of GAME_MODULES) {
    const pictures = mod.pictures;
    if (!pictures) continue;
    const seats = Math.min(6, mod.definition.maxPlayers);
    const states: unknown[] = [];
    playRandomGame(mod.definition, { seats, seed: 3, playSeed: 4, maxActions: 2000, onState: (state) => states.push(state) });
    const step = Math.max(1, Math.floor(states.length / opts.count));
    const jobs: Job[] = [];
    states.forEach((state, i) => {
      if (i % step !== 0 || jobs.length >= 2 * opts.count) return;
      const seat = (i / step) % seats;
      const lang = (i / step) % 2 === 0 ? 'en' : 'es';
      const ctx = (viewer: number | null): PictureContext => ({
        seats: Array.from({ length: seats }, (_, s) => ({ seat: s, name: NAMES[s]!, bot: s === 3, away: false })),
        viewer,
        t: catalogs[lang],
        latest: [],
        over: false,
      });
      jobs.push({ game: mod.id, kind: 'board', draw: () => pictures.board(mod.definition.publicView(state as never), ctx(null)) });
      jobs.push({ game: mod.id, kind: 'hand', draw: () => pictures.hand(mod.definition.seatView(state as never, seat), ctx(seat)) });
    });
    perGame.push(jobs);
  }
  const order: Job[] = [];
  for (let i = 0; perGame.some((jobs) => i < jobs.length); i++) for (const jobs of perGame) if (i < jobs.length) order.push(jobs[i]!);
  const rows = new Map<string, { cpu: number[]; bytes: number[]; strips: number; encoded: number; first: number | null }>();
  // Warm the JIT and resvg's first load on a throw-away picture (not counted).
  new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').render();
  for (const job of order) {
    const key = `${job.game}.${job.kind}`;
    const row = rows.get(key) ?? { cpu: [], bytes: [], strips: 0, encoded: 0, first: null };
    rows.set(key, row);
    const started = cpuMs();
    const picture = job.draw();
    if (!picture.scene) throw new Error(`${key}: drawn without a scene`);
    const made = composer.png(picture.scene);
    const png = made.png;
    row.strips += made.stats.strips;
    row.encoded += made.stats.encoded;
    const ms = cpuMs() - started;
    if (row.first === null) row.first = ms;
    else row.cpu.push(ms);
    row.bytes.push(png.length);
  }
  const metrics: Record<string, number> = {};
  const lines: string[] = [];
  let allCpu: number[] = [];
  for (const [key, row] of rows) {
    const cpu = [...row.cpu].sort((a, b) => a - b);
    const bytes = [...row.bytes].sort((a, b) => a - b);
    allCpu = allCpu.concat(cpu);
    const mean = cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length);
    metrics[`${key}.cpuP50Ms`] = Math.round(quantile(cpu, 0.5) * 100) / 100;
    metrics[`${key}.cpuP99Ms`] = Math.round(quantile(cpu, 0.99) * 100) / 100;
    metrics[`${key}.firstMs`] = Math.round((row.first ?? 0) * 10) / 10;
    metrics[`${key}.picturesPerSecondPerCore`] = Math.round(1000 / Math.max(mean, 0.001));
    metrics[`${key}.pngP50Bytes`] = quantile(bytes, 0.5);
    metrics[`${key}.pngMaxBytes`] = bytes.at(-1) ?? 0;
    metrics[`${key}.stripsNewShare`] = row.strips ? Math.round((row.encoded / row.strips) * 100) / 100 : 1;
    lines.push(
      `${key.padEnd(16)} CPU p50 ${metrics[`${key}.cpuP50Ms`]!.toFixed(2).padStart(6)} ms, p99 ${metrics[`${key}.cpuP99Ms`]!.toFixed(2).padStart(6)} ms, ${String(metrics[`${key}.picturesPerSecondPerCore`]).padStart(5)} pictures/s per core; first ${metrics[`${key}.firstMs`]} ms; PNG p50 ${Math.round(quantile(bytes, 0.5) / 1024)} KB, max ${Math.round((bytes.at(-1) ?? 0) / 1024)} KB; strips made anew ${Math.round(metrics[`${key}.stripsNewShare`]! * 100)} % (${cpu.length + 1} pictures)`,
    );
  }
  allCpu.sort((a, b) => a - b);
  const caches = composer.cacheBytes;
  metrics['all.cpuP50Ms'] = Math.round(quantile(allCpu, 0.5) * 100) / 100;
  metrics['all.cpuP99Ms'] = Math.round(quantile(allCpu, 0.99) * 100) / 100;
  metrics['caches.pieceBytes'] = caches.pieces;
  metrics['caches.stripBytes'] = caches.strips;
  lines.push(`all pictures: CPU p50 ${metrics['all.cpuP50Ms']} ms, p99 ${metrics['all.cpuP99Ms']} ms (targets 5 / 15 ms); caches after the run: pieces ${Math.round(caches.pieces / 1024)} KB, strips ${Math.round(caches.strips / 1024)} KB (bounds ${24} MiB each per render worker)`);
  return { name: 'Pictures: CPU per picture as a render worker makes it (draw + compose + encode, one thread)', metrics, summary: lines.join('\n') };
}

// `npx tsx bench/pictures.ts [count] [--strip=N --level=N --filter=N --strip-cache=BYTES]` runs this part alone.
if (process.argv[1]?.endsWith('pictures.ts')) {
  const { loadavg } = await import('node:os');
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const before = loadavg().map((x) => x.toFixed(2)).join(' ');
  const result = await benchPictures({
    count: Number(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 40),
    ...(arg('strip') ? { stripHeight: Number(arg('strip')) } : {}),
    ...(arg('level') ? { level: Number(arg('level')) } : {}),
    ...(arg('filter') ? { filter: Number(arg('filter')) as 0 | 1 | 2 } : {}),
    ...(arg('strip-cache') ? { stripCacheBytes: Number(arg('strip-cache')) } : {}),
  });
  process.stdout.write(`${result.summary}\nload average before ${before}, after ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
}
