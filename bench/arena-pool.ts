/**
 * `node --import tsx bench/arena-pool.ts bench/results/arena-<date>-<label>.json …` — pools arena
 * runs made with different seeds (bench/arena.ts; docs/ai-strength.md "The target per seat"):
 * the rows of the same game, set-up, player count and line-up are joined deal by deal (each
 * file's deals are fresh and independent, so their units simply add up), and printed as one
 * row each with the combined rate and its interval (bench/arena-stats.ts `clusterWilson`, one
 * deal one unit), the baseline's rate in the same seats, the per-deal paired difference with
 * its Student t 95 % interval (`pairedDifference`), the deals better / worse / same, the
 * status against the target (met = clear of zero; J'Accuse!: below it, an arrest rate), the
 * capped share and the seeds pooled. A long arena cell can so be run in chunks of deals, each
 * saved on its own, and read together. Throws when a file has a row without per-deal units
 * (runs before the units were saved cannot be pooled) or two files hold the same row with the
 * same seed (the same deals counted twice; one seed split over files by set-up is fine).
 */
import { readFileSync } from 'node:fs';
import { clusterWilson, pairedDifference, type DealUnit } from './arena-stats.js';

interface Row {
  game: string;
  setup: string;
  n: number;
  lineUp: string;
  games: number;
  capped?: number;
  baselineCapped?: number;
  hardMoves?: number;
  units?: DealUnit[];
}
interface Run {
  seed: number;
  rows: Row[];
  seconds?: number;
  loadAverage?: number[];
}

/** One pooled row: the key and every file's units, seeds and counts. */
interface Pooled {
  game: string;
  setup: string;
  n: number;
  lineUp: string;
  units: DealUnit[];
  seeds: number[];
  games: number;
  capped: number;
  baselineCapped: number;
  hardMoves: number;
}

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: arena-pool.ts <arena result .json> …');
const pooled = new Map<string, Pooled>();
const seen = new Set<string>();
let seconds = 0;
for (const file of files) {
  const run = JSON.parse(readFileSync(file, 'utf8')) as Run;
  seconds += run.seconds ?? 0;
  for (const r of run.rows) {
    if (!r.units) throw new Error(`${file}: row ${r.game} ${r.setup} ${r.n} ${r.lineUp} has no per-deal units`);
    const key = `${r.game}|${r.setup}|${r.n}|${r.lineUp}`;
    if (seen.has(`${run.seed}|${key}`)) throw new Error(`${file}: ${key} with seed ${run.seed} already pooled (the same deals twice)`);
    seen.add(`${run.seed}|${key}`);
    const p = pooled.get(key) ?? { game: r.game, setup: r.setup, n: r.n, lineUp: r.lineUp, units: [], seeds: [], games: 0, capped: 0, baselineCapped: 0, hardMoves: 0 };
    p.units.push(...r.units);
    p.seeds.push(run.seed);
    p.games += r.games;
    p.capped += r.capped ?? 0;
    p.baselineCapped += r.baselineCapped ?? 0;
    p.hardMoves += r.hardMoves ?? 0;
    pooled.set(key, p);
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(1)}`;
console.log(`${files.length} file(s), ${(seconds / 60).toFixed(1)} min of arena time\n`);
console.log('| game · set-up · n | line-up | deals (games) | bot in the seat [95 %] | baseline in the same seats | per-deal difference [95 %] | deals better / worse / same | target | capped (baseline) | seeds |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const p of pooled.values()) {
  const rate = clusterWilson(p.units);
  const base = p.units.reduce((s, u) => s + (u.baselineHits ?? 0), 0) / rate.games;
  const d = pairedDifference(p.units);
  const sign = p.game === 'jaccuse' ? -1 : 1;
  const status = sign * d.interval[0] > 0 && sign * d.interval[1] > 0 ? 'met' : sign * d.mean > 0 ? 'point only' : '**missed**';
  console.log(
    `| ${p.game} · ${p.setup} · ${p.n} | ${p.lineUp} | ${rate.deals} (${rate.games}) | ${pct(rate.rate)} [${(100 * rate.interval[0]).toFixed(1)}, ${(100 * rate.interval[1]).toFixed(1)}] | ${pct(base)} | ` +
      `${signed(d.mean)} [${signed(d.interval[0])}, ${signed(d.interval[1])}] | ${d.better} / ${d.worse} / ${d.same} | ${status} | ${pct(p.capped / p.games)} (${pct(p.baselineCapped / p.games)}) | ${p.seeds.join(', ')} |`,
  );
}
