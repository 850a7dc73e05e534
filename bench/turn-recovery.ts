/**
 * Restart recovery of open turn-based tables (README "Turn-based tables"):
 * `npx tsx bench/turn-recovery.ts [tables=10000] [runs=3]` seeds that many turn-based NOIR
 * tables on SQLite (72 h per move: deadlines days away) and prints the start-up times of
 * `benchTurnBasedRecovery` (bench/recovery.ts) as JSON, with the load average.
 */
import { loadavg } from 'node:os';
import { benchTurnBasedRecovery } from './recovery.js';

const tables = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 3);
const result = await benchTurnBasedRecovery(tables, runs);
console.log(JSON.stringify({ ...result, loadAverage: loadavg().map((x) => Math.round(x * 100) / 100) }, null, 2));
