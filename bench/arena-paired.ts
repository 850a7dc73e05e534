/**
 * `node --import tsx bench/arena-paired.ts <before.json> <after.json>` — a before/after of two
 * arena runs on the same deals (`npm run arena -- --seed=<seed>` with the same arguments,
 * docs/ai-strength.md "Before / after on the same deals"), paired by deal: for each row (game,
 * set-up, players, line-up) present in both, the wins before and after, the mean per-deal
 * difference of the win rate with a 95 % interval (Student's t over the deals, one deal one
 * unit) and how many deals went better, worse or the same. Prints a Markdown table.
 */
import { readFileSync } from 'node:fs';
import { t95 } from './arena-stats.js';

interface Unit { games: number; hits: number }
interface Row { game: string; setup: string; n: number; lineUp: string; games: number; hits: number; deals: number; units?: Unit[] }

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) throw new Error('usage: arena-paired.ts <before.json> <after.json>');
const read = (f: string) => (JSON.parse(readFileSync(f, 'utf8')) as { seed: number; rows: Row[] });
const before = read(beforeFile);
const after = read(afterFile);
if (before.seed !== after.seed) throw new Error(`different seeds (${before.seed}, ${after.seed}): not the same deals`);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(`seed ${before.seed}\n`);
console.log('| row | before | after | per-deal difference [95 %] | deals better / worse / same |');
console.log('|---|---|---|---|---|');
for (const b of before.rows) {
  const a = after.rows.find((r) => r.game === b.game && r.setup === b.setup && r.n === b.n && r.lineUp === b.lineUp);
  if (!a || !a.units || !b.units || a.units.length !== b.units.length) continue;
  const d = a.units.map((u, i) => u.hits / u.games - b.units![i]!.hits / b.units![i]!.games);
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, d.length - 1));
  const half = d.length > 1 ? t95(d.length - 1) * (sd / Math.sqrt(d.length)) : Number.NaN;
  const better = d.filter((x) => x > 0).length;
  const worse = d.filter((x) => x < 0).length;
  console.log(`| ${b.game} ${b.setup} · ${b.n} · ${b.lineUp} | ${b.hits}/${b.games} (${pct(b.hits / b.games)}) | ${a.hits}/${a.games} (${pct(a.hits / a.games)}) | ${mean >= 0 ? '+' : ''}${pct(mean)} [${pct(mean - half)}, ${pct(mean + half)}] | ${better} / ${worse} / ${d.length - better - worse} |`);
}
