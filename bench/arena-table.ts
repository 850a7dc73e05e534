/**
 * `node --import tsx bench/arena-table.ts bench/results/arena-<date>-<label>.json …` — the
 * AI strength table from arena result files (bench/arena.ts; docs/ai-strength.md): one line per
 * game · setup · player count, one column per line-up, each cell
 * `rate vs base: difference [95 % interval] (deals/games) status` — the bot's rate, the baseline
 * line-up's rate in the same seats on the same deals, their per-deal paired difference with its
 * Student t interval (one deal one unit) and the target's status (met = clear of zero).
 * Rows of later files replace the same rows of earlier ones.
 */
import { readFileSync } from 'node:fs';

interface Row {
  game: string;
  setup: string;
  n: number;
  lineUp: string;
  games: number;
  deals: number;
  hits: number;
  baselineHits: number;
  interval: [number, number];
  paired?: { mean: number; interval: [number, number] };
  status: 'met' | 'point' | 'missed' | 'luck';
}

const NAMES: Record<string, string> = { suspicion: 'Suspicion', noir: 'NOIR', phantom: 'Tricks and the Phantom', jaccuse: "J'Accuse!" };
const COLUMNS = ['Hard vs Easy', 'Hard vs Normal', 'Normal vs Easy'];
const STATUS = { met: 'met', point: 'point only', missed: '**missed**', luck: 'pure luck' } as const;

const cells = new Map<string, Map<string, string>>();
const order: string[] = [];
for (const file of process.argv.slice(2)) {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] };
  for (const r of data.rows) {
    const key = `${NAMES[r.game] ?? r.game}${r.setup === 'base' ? '' : ` ${r.setup}`} · ${r.n}`;
    if (!cells.has(key)) {
      cells.set(key, new Map());
      order.push(key);
    }
    const pct = (x: number) => (r.game === 'jaccuse' ? (100 * x).toFixed(1) : (100 * x).toFixed(0));
    const column = COLUMNS.find((c) => r.lineUp.startsWith(c))!;
    const sign = (x: number) => (x >= 0 ? '+' : '−') + pct(Math.abs(x));
    const diff = r.paired ? `${sign(r.paired.mean)} [${sign(r.paired.interval[0])}, ${sign(r.paired.interval[1])}]` : 'unpaired';
    cells.get(key)!.set(column, `${pct(r.hits / r.games)} % vs ${pct(r.baselineHits / r.games)} %: ${diff} (${r.deals}/${r.games}) ${STATUS[r.status]}`);
  }
}
console.log(`| Game · setup · n | ${COLUMNS.join(' | ')} |`);
console.log(`|---|${COLUMNS.map(() => '---').join('|')}|`);
for (const key of order) console.log(`| ${key} | ${COLUMNS.map((c) => cells.get(key)!.get(c) ?? '—').join(' | ')} |`);
