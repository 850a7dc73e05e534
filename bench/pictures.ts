/**
 * Picture benchmark (docs/pictures.md; issue 38's targets): the CPU time of one picture as a
 * render worker makes it — the game's drawer from the view, then the PNG composed from cached
 * pieces (src/discord/pictures/compose.ts) — on this thread, one at a time, so one core's worth.
 * One composer for the whole run, as one render worker, with the worker's allocator setting
 * (./allocator.ts) and the event loop turning between pictures as between a worker's jobs (resvg
 * frees a render's pixels from a finaliser, which runs only then: a loop that never yields grew
 * to gigabytes).
 *
 * Two streams of pictures, each reported per game and kind:
 * - `tables` (as the product meets them): TABLES tables per game, each with its own players'
 *   names and language, played move by move and interleaved; after each move the table's board
 *   and the mover's hand are drawn — so a picture follows the same table's previous one, one move
 *   apart, and every table's first pictures are cold.
 * - `spread` (harsher): random games at their biggest table (6 seats or the game's maximum), boards
 *   and hands of every seat, positions several moves apart, English and Spanish alternating, the
 *   four games interleaved.
 * Reported: CPU p50 / p99 (ms, `process.cpuUsage`, which other processes' work inflates far less
 * than wall time), PNG p50 / max (KB), the share of strips (and of rows) composed anew, pictures
 * per second per core (1,000 ÷ mean CPU ms), the stream's first picture apart (`first`), the
 * caches' bytes at the end and their hit shares; with `--working-set`, the hit share an LRU cache
 * of each of several sizes would have (./cache-working-set.ts).
 */
import '../src/discord/pictures/allocator.js';
import { Resvg } from '@resvg/resvg-js';
import { GAME_MODULES } from '../src/games/index.js';
import type { PictureContext } from '../src/games/picture.js';
import { catalogs } from '../src/i18n/index.js';
import { Composer, PIECE_CACHE_BYTES, STRIP_CACHE_BYTES } from '../src/discord/pictures/compose.js';
import { fontFiles } from '../src/discord/pictures/rasterise.js';
import { playRandomGame } from '../test/support/random-play.js';
import { traceComposer } from './cache-working-set.js';

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
  /** Positions per game in the `spread` stream (each gives a board and one hand). */
  count: number;
  /** Tables per game and moves per table of the `tables` stream (default 6 × 40; 0 tables: none). */
  tables?: number;
  moves?: number;
  /** Strip height, zlib level and row filter of the composer (defaults: the product's). */
  stripHeight?: number;
  level?: number;
  filter?: 0 | 1 | 2;
  /** Bytes of the strip cache (0: every strip encoded anew, to time the encoder alone). */
  stripCacheBytes?: number;
  /** Bytes of the piece cache (default the product's). */
  pieceCacheBytes?: number;
  /**
   * Record every cache lookup and report the hit rates an LRU cache of several sizes would have
   * (./cache-working-set.ts); run with caches large enough to keep everything.
   */
  workingSet?: boolean;
}

/** The `spread` stream: `count` positions per game, several moves apart, every seat's hand in turn, languages alternating. */
function spreadJobs(count: number): Job[] {
  const perGame: Job[][] = [];
  for (const mod of GAME_MODULES) {
    const pictures = mod.pictures;
    if (!pictures) continue;
    const seats = Math.min(6, mod.definition.maxPlayers);
    const states: unknown[] = [];
    playRandomGame(mod.definition, { seats, seed: 3, playSeed: 4, maxActions: 2000, onState: (state) => states.push(state) });
    const step = Math.max(1, Math.floor(states.length / count));
    const jobs: Job[] = [];
    states.forEach((state, i) => {
      if (i % step !== 0 || jobs.length >= 2 * count) return;
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
  return interleave(perGame);
}

/** First names of the `tables` stream's players (each table gives them its own surnames). */
const FIRST_NAMES = ['Ana', 'Bartholomew', 'Carmen', 'Dmitri', 'Élodie', 'Fatima', 'Gus', 'Hiro'];

/**
 * The `tables` stream: `tables` tables per game (4–6 seats), each with its own names and
 * language, played `moves` moves; after each move its board and the mover's hand, the tables
 * interleaved move by move.
 */
function tableJobs(tables: number, moves: number): Job[] {
  const perTable: Job[][] = [];
  for (const mod of GAME_MODULES) {
    const pictures = mod.pictures;
    if (!pictures) continue;
    for (let k = 0; k < tables; k++) {
      const seats = Math.max(mod.definition.minPlayers, Math.min(mod.definition.maxPlayers, 4 + (k % 3)));
      const names = Array.from({ length: seats }, (_, s) => `${FIRST_NAMES[(s + k) % FIRST_NAMES.length]} ${String.fromCharCode(65 + (k % 26))}${k}`);
      const lang = k % 2 === 0 ? 'en' : 'es';
      const ctx = (viewer: number | null): PictureContext => ({
        seats: names.map((name, s) => ({ seat: s, name, bot: false, away: false })),
        viewer,
        t: catalogs[lang],
        latest: [],
        over: false,
      });
      const jobs: Job[] = [];
      playRandomGame(mod.definition, {
        seats,
        seed: 100 + k,
        playSeed: 200 + k,
        maxActions: moves,
        onState: (state, _events, entry) => {
          jobs.push({ game: mod.id, kind: 'board', draw: () => pictures.board(mod.definition.publicView(state as never), ctx(null)) });
          jobs.push({ game: mod.id, kind: 'hand', draw: () => pictures.hand(mod.definition.seatView(state as never, entry.seat), ctx(entry.seat)) });
        },
      });
      perTable.push(jobs);
    }
  }
  // A move at a time per table: its board and hand together.
  const order: Job[] = [];
  for (let i = 0; perTable.some((jobs) => i < jobs.length); i += 2) for (const jobs of perTable) order.push(...jobs.slice(i, i + 2));
  return order;
}

function interleave(lists: Job[][]): Job[] {
  const order: Job[] = [];
  for (let i = 0; lists.some((jobs) => i < jobs.length); i++) for (const jobs of lists) if (i < jobs.length) order.push(jobs[i]!);
  return order;
}

/** Run `order` through a fresh composer, one picture at a time, the event loop turning between them; metrics prefixed `stream.`. */
async function runStream(stream: string, order: Job[], opts: PictureBenchOptions, metrics: Record<string, number>, lines: string[]): Promise<void> {
  const composer = new Composer({ fonts: fontFiles(), Resvg: Resvg as never, level: opts.level, stripHeight: opts.stripHeight, filter: opts.filter, stripCacheBytes: opts.stripCacheBytes, pieceCacheBytes: opts.pieceCacheBytes });
  const traces = opts.workingSet ? traceComposer(composer) : null;
  const hits = { pieces: 0, rasterised: 0, strips: 0, encoded: 0 };
  const rows = new Map<string, { cpu: number[]; bytes: number[]; strips: number; encoded: number; rows: number; encodedRows: number; first: number | null }>();
  // Warm the JIT and resvg's first load on a throw-away picture (not counted).
  new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').render();
  for (const job of order) {
    const key = `${job.game}.${job.kind}`;
    const row = rows.get(key) ?? { cpu: [], bytes: [], strips: 0, encoded: 0, rows: 0, encodedRows: 0, first: null };
    rows.set(key, row);
    // As between a render worker's jobs: the event loop turns (and resvg's finalisers free the last atlas).
    await new Promise((resolve) => setImmediate(resolve));
    const started = cpuMs();
    const picture = job.draw();
    if (!picture.scene) throw new Error(`${key}: drawn without a scene`);
    const made = composer.png(picture.scene);
    const png = made.png;
    row.strips += made.stats.strips;
    hits.pieces += made.stats.pieces;
    hits.rasterised += made.stats.rasterised;
    hits.strips += made.stats.strips;
    hits.encoded += made.stats.encoded;
    row.encoded += made.stats.encoded;
    row.rows += picture.scene.height;
    row.encodedRows += (made.stats as { encodedRows?: number }).encodedRows ?? Number.NaN;
    const ms = cpuMs() - started;
    if (row.first === null) row.first = ms;
    else row.cpu.push(ms);
    row.bytes.push(png.length);
  }
  let allCpu: number[] = [];
  lines.push(`${stream} stream (${order.length} pictures):`);
  for (const [game, row] of rows) {
    const key = `${stream}.${game}`;
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
    metrics[`${key}.rowsNewShare`] = row.rows ? Math.round((row.encodedRows / row.rows) * 100) / 100 : 1;
    lines.push(
      `  ${game.padEnd(16)} CPU p50 ${metrics[`${key}.cpuP50Ms`]!.toFixed(2).padStart(6)} ms, p99 ${metrics[`${key}.cpuP99Ms`]!.toFixed(2).padStart(6)} ms, ${String(metrics[`${key}.picturesPerSecondPerCore`]).padStart(5)} pictures/s per core; first ${metrics[`${key}.firstMs`]} ms; PNG p50 ${Math.round(quantile(bytes, 0.5) / 1024)} KB, max ${Math.round((bytes.at(-1) ?? 0) / 1024)} KB; strips made anew ${Math.round(metrics[`${key}.stripsNewShare`]! * 100)} % (rows ${Math.round(metrics[`${key}.rowsNewShare`]! * 100)} %) (${cpu.length + 1} pictures)`,
    );
  }
  allCpu.sort((a, b) => a - b);
  const caches = composer.cacheBytes;
  metrics[`${stream}.all.cpuP50Ms`] = Math.round(quantile(allCpu, 0.5) * 100) / 100;
  metrics[`${stream}.all.cpuP99Ms`] = Math.round(quantile(allCpu, 0.99) * 100) / 100;
  metrics[`${stream}.all.picturesPerSecondPerCore`] = Math.round(1000 / Math.max(allCpu.reduce((a, b) => a + b, 0) / Math.max(1, allCpu.length), 0.001));
  metrics[`${stream}.caches.pieceBytes`] = caches.pieces;
  metrics[`${stream}.caches.stripBytes`] = caches.strips;
  metrics[`${stream}.caches.pieceHitShare`] = Math.round((1 - hits.rasterised / Math.max(1, hits.pieces)) * 1000) / 1000;
  metrics[`${stream}.caches.stripHitShare`] = Math.round((1 - hits.encoded / Math.max(1, hits.strips)) * 1000) / 1000;
  lines.push(
    `  all: CPU p50 ${metrics[`${stream}.all.cpuP50Ms`]} ms, p99 ${metrics[`${stream}.all.cpuP99Ms`]} ms (targets 5 / 15 ms), ${metrics[`${stream}.all.picturesPerSecondPerCore`]} pictures/s per core; caches after the stream: pieces ${Math.round(caches.pieces / 1024)} KB, strips ${Math.round(caches.strips / 1024)} KB (bounds ${Math.round(PIECE_CACHE_BYTES / 1048576)} / ${Math.round(STRIP_CACHE_BYTES / 1048576)} MiB per render worker); hits: pieces ${(metrics[`${stream}.caches.pieceHitShare`]! * 100).toFixed(1)} % of ${hits.pieces} placed, strips ${(metrics[`${stream}.caches.stripHitShare`]! * 100).toFixed(1)} % of ${hits.strips}`,
  );
  if (traces) {
    const sizes = WORKING_SET_MIB.map((m) => m * 1048576);
    const piecesEvicted = traces.pieces.distinct().bytes > (opts.pieceCacheBytes ?? PIECE_CACHE_BYTES);
    for (const name of ['pieces', 'strips'] as const) {
      const trace = traces[name];
      const rates = trace.hitRates(sizes);
      const all = trace.distinct();
      lines.push(
        `  working set, ${name}: ${trace.lookups} lookups, ${all.keys} distinct (${Math.round(all.bytes / 1048576)} MiB if never evicted); an LRU cache of ${WORKING_SET_MIB.map((m, i) => `${m} MiB hits ${(rates[i]! * 100).toFixed(1)} %`).join(', ')}${name === 'strips' ? (piecesEvicted ? ' (given this run\'s piece cache, which evicted: a piece rasterised again gets a new id, so its strips\' keys change and no strip cache size brings them back)' : ' (every piece stayed cached)') : ''}`,
      );
      WORKING_SET_MIB.forEach((m, i) => (metrics[`${stream}.workingSet.${name}.hitShareAt${m}MiB`] = Math.round(rates[i]! * 1000) / 1000));
    }
  }
}

/** Cache sizes the working-set replay reports, MiB. */
const WORKING_SET_MIB = [8, 24, 48, 96, 192, 384, 768];

/** Run the picture benchmark (both streams, `tables` first): metrics and a printable summary. */
export async function benchPictures(options: PictureBenchOptions | number): Promise<{ name: string; metrics: Record<string, number>; summary: string }> {
  const opts = typeof options === 'number' ? { count: options } : options;
  const metrics: Record<string, number> = {};
  const lines: string[] = [];
  const tables = opts.tables ?? 6;
  if (tables > 0) await runStream('tables', tableJobs(tables, opts.moves ?? 40), opts, metrics, lines);
  if (opts.count > 0) await runStream('spread', spreadJobs(opts.count), opts, metrics, lines);
  return { name: 'Pictures: CPU per picture as a render worker makes it (draw + compose + encode, one thread)', metrics, summary: lines.join('\n') };
}

// `npx tsx bench/pictures.ts [count] [--tables=N --moves=N --strip=N --level=N --filter=N --strip-cache=BYTES --piece-cache=BYTES --working-set]` runs this part alone.
if (process.argv[1]?.endsWith('pictures.ts')) {
  const { loadavg } = await import('node:os');
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const before = loadavg().map((x) => x.toFixed(2)).join(' ');
  const result = await benchPictures({
    count: Number(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 40),
    ...(arg('tables') ? { tables: Number(arg('tables')) } : {}),
    ...(arg('moves') ? { moves: Number(arg('moves')) } : {}),
    ...(arg('strip') ? { stripHeight: Number(arg('strip')) } : {}),
    ...(arg('level') ? { level: Number(arg('level')) } : {}),
    ...(arg('filter') ? { filter: Number(arg('filter')) as 0 | 1 | 2 } : {}),
    ...(arg('strip-cache') ? { stripCacheBytes: Number(arg('strip-cache')) } : {}),
    ...(arg('piece-cache') ? { pieceCacheBytes: Number(arg('piece-cache')) } : {}),
    ...(process.argv.includes('--working-set') ? { workingSet: true } : {}),
  });
  process.stdout.write(`${result.summary}\nload average before ${before}, after ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
}
