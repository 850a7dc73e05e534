/**
 * `node --import tsx bench/arena-table.ts bench/results/arena-<date>-<label>.json …` — the
 * README "AI players" table from arena result files (bench/arena.ts): one line per game ·
 * setup · player count, one column per line-up, each cell
 * `rate [95 % interval, one deal one unit] (deals/games; base = the baseline line-up's rate on
 * the same seats and deals) status`. Rows of later files replace the same rows of earlier ones.
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
    cells.get(key)!.set(column, `${pct(r.hits / r.games)} % [${pct(r.interval[0])}, ${pct(r.interval[1])}] (${r.deals}/${r.games}; base ${pct(r.baselineHits / r.games)} %) ${STATUS[r.status]}`);
  }
}
console.log(`| Game · setup · n | ${COLUMNS.join(' | ')} |`);
console.log(`|---|${COLUMNS.map(() => '---').join('|')}|`);
for (const key of order) console.log(`| ${key} | ${COLUMNS.map((c) => cells.get(key)!.get(c) ?? '—').join(' | ')} |`);
