/**
 * Where a click's time went under load (docs/pictures.md "Click → answer"): reads the
 * product's log (kept by `RH_BENCH_LOG_DIR=DIR npm run bench -- --only=load …`) and prints, per
 * window of `WINDOW` seconds, the component clicks answered, how many were acknowledged first,
 * and the p50 / p99 of each stage (src/discord/interactions/stages.ts: ms since the router received the
 * click) and of the interaction's age on receipt (`ageMs`: the gateway's delivery and the
 * event loop's lag before the router ran).
 *
 * `npx tsx bench/load/stages.ts FILE.log [WINDOW=5]`
 */
import { readFileSync } from 'node:fs';

interface Line {
  /** pino's ISO time, then Unix ms. */
  time: string | number;
  msg?: string;
  action?: string;
  ms?: number;
  ageMs?: number;
  acknowledgedFirst?: boolean;
  stages?: Record<string, number>;
}

function q(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN;
}

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/load/stages.ts FILE.log [WINDOW]');
const windowMs = Number(process.argv[3] ?? 5) * 1000;
const lines: Line[] = [];
for (const raw of readFileSync(file, 'utf8').split('\n')) {
  if (!raw.includes('"interaction"')) continue;
  try {
    const l = JSON.parse(raw) as Line;
    if (l.msg === 'interaction' && l.stages) lines.push({ ...l, time: Date.parse(String(l.time)) });
  } catch {
    // not a log line
  }
}
const ORDER = ['ackFirst', 'acked', 'admitted', 'panel', 'cached', 'pictureWaited', 'sending', 'answered'];
const fmt = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : Math.round(n).toString());
const start = Number(lines[0]?.time ?? 0);
const windows = new Map<number, Line[]>();
for (const l of lines) {
  const w = Math.floor((Number(l.time) - start) / windowMs);
  windows.set(w, [...(windows.get(w) ?? []), l]);
}
process.stdout.write(`${lines.length} component interactions with stages; per stage p50/p99 ms since receipt\n`);
process.stdout.write(['window s', 'n', 'ackFirst', 'ageMs', ...ORDER, 'handler'].map((h) => h.padStart(10)).join('') + '\n');
for (const [w, ls] of [...windows.entries()].sort((a, b) => a[0] - b[0])) {
  const col = (get: (l: Line) => number | undefined) => {
    const xs = ls.map(get).filter((x): x is number => x !== undefined).sort((a, b) => a - b);
    return xs.length ? `${fmt(q(xs, 0.5))}/${fmt(q(xs, 0.99))}` : '-';
  };
  const cells = [
    `${(w * windowMs) / 1000}`,
    `${ls.length}`,
    `${ls.filter((l) => l.acknowledgedFirst).length}`,
    col((l) => l.ageMs),
    ...ORDER.map((s) => col((l) => l.stages?.[s])),
    col((l) => l.ms),
  ];
  process.stdout.write(cells.map((c) => c.padStart(10)).join('') + '\n');
}
