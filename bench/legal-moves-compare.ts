/**
 * Before/after comparison of bench/legal-moves.ts between two checkouts, interleaved so that
 * the noise of a shared machine hits both alike (docs/benchmark.md "Legal moves").
 *
 * Two worker processes stay up for the whole run: one on the "before" checkout, one on this
 * ("after") checkout, both running THIS checkout's bench/legal-moves.ts in `--serve` mode
 * (copied into the before checkout as bench/.legal-moves-compare.ts), with the configurations
 * of this checkout's game modules (bench/setups.ts) handed to both in the environment. That file
 * reaches the engines through the public game contract only, so both sides measure the same positions.
 * Each worker collects its positions and warms up once; then, for every round, configuration
 * and measurement (`legalActions`, `apply`), one trial runs on one side and right after it
 * one on the other (only one process measures at a time), the order alternating from round to
 * round, after one uncounted warm-up round. Rates are calls per second of the worker's CPU
 * time (`process.cpuUsage`), so time spent descheduled on a loaded machine does not count.
 * Reported per configuration: the median over rounds of each side's rate, the median and the
 * spread (lowest–highest) of the per-round ratios after/before, the ratio of the two fastest
 * trials (load only ever slows a trial down), and the moves per position on both sides (they
 * must match unless a rule changed).
 *
 * Usage: `npx tsx bench/legal-moves-compare.ts BEFORE_DIR [rounds=15] [ms-per-trial=200] [label filter]`,
 * BEFORE_DIR a checkout with node_modules, e.g. a detached worktree of the commit to compare
 * with (`git worktree add --detach ../before <commit>`, then `cp -al node_modules` into it).
 * Prints the load average at the start and the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CONFIGS_ENV } from './legal-moves.js';
import { legalMovesSetups } from './setups.js';

const here = dirname(fileURLToPath(import.meta.url));
const afterDir = resolve(here, '..');
const [beforeArg, roundsArg, budgetArg, only = ''] = process.argv.slice(2);
if (!beforeArg) {
  process.stderr.write('usage: npx tsx bench/legal-moves-compare.ts BEFORE_DIR [rounds] [ms-per-trial] [label filter]\n');
  process.exit(2);
}
const beforeDir = resolve(beforeArg);
const rounds = Number(roundsArg ?? 15);
const budgetMs = Number(budgetArg ?? 200);
if (!(Number.isInteger(rounds) && rounds > 0 && budgetMs > 0)) {
  process.stderr.write('rounds must be a positive integer and ms-per-trial a positive number\n');
  process.exit(2);
}

/** A worker process of one checkout, answering one request at a time. */
interface Worker {
  child: ChildProcess;
  /** Send one line, resolve with the next JSON line it writes. */
  ask(line: string | null): Promise<Record<string, unknown>>;
}

/**
 * The configurations both workers measure: this checkout's (the game modules' `bench.legalMoves`),
 * handed to both through the environment, since the before checkout may predate them.
 */
const configsJson = JSON.stringify(legalMovesSetups());

/** Start `script` in `--serve` mode inside `dir`. */
function startWorker(dir: string, script: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--serve', only], {
    cwd: dir,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, [CONFIGS_ENV]: configsJson },
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    child,
    async ask(line) {
      if (line !== null) child.stdin!.write(`${line}\n`);
      const next = await lines.next();
      if (next.done) throw new Error(`worker in ${dir} exited`);
      const answer = JSON.parse(next.value) as Record<string, unknown>;
      if (answer.error) throw new Error(String(answer.error));
      return answer;
    },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const fmt = (n: number) => Math.round(n).toLocaleString('en');
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

const beforeScript = join(beforeDir, 'bench', '.legal-moves-compare.ts');
copyFileSync(join(afterDir, 'bench', 'legal-moves.ts'), beforeScript);
const before = startWorker(beforeDir, beforeScript);
const after = startWorker(afterDir, join(afterDir, 'bench', 'legal-moves.ts'));
try {
  const [readyBefore, readyAfter] = await Promise.all([before.ask(null), after.ask(null)]);
  const movesBefore = readyBefore.moves as Record<string, number>;
  const movesAfter = readyAfter.moves as Record<string, number>;
  const labels = Object.keys(movesAfter);
  const loadStart = load();
  type Series = { before: number[]; after: number[] };
  const results = new Map<string, { legal: Series; apply: Series }>();
  for (const label of labels) results.set(label, { legal: { before: [], after: [] }, apply: { before: [], after: [] } });
  // Round -1 is a warm-up on both sides (the JIT settles on the request loop), not counted.
  for (let round = -1; round < rounds; round++) {
    for (const label of labels) {
      for (const kind of ['legal', 'apply'] as const) {
        const series = results.get(label)![kind];
        const sides = round % 2 === 0 ? ([['before', before], ['after', after]] as const) : ([['after', after], ['before', before]] as const);
        for (const [side, worker] of sides) {
          const answer = await worker.ask(`${kind} ${label} ${budgetMs}`);
          if (round >= 0) series[side].push(answer.cpuRate as number);
        }
      }
    }
    process.stderr.write(`round ${round + 1}/${rounds} done, load average ${load()}\n`);
  }
  const loadEnd = load();
  const rows: string[] = [];
  const json: Record<string, unknown> = {};
  for (const label of labels) {
    const { legal, apply } = results.get(label)!;
    const ratios = (series: Series) => series.after.map((value, i) => value / series.before[i]!);
    const spread = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
    const best = (series: Series) => Math.max(...series.after) / Math.max(...series.before);
    const line = {
      legalBefore: median(legal.before),
      legalAfter: median(legal.after),
      legalRatio: median(ratios(legal)),
      legalRatioSpread: spread(ratios(legal)),
      legalBestRatio: best(legal),
      applyBefore: median(apply.before),
      applyAfter: median(apply.after),
      applyRatio: median(ratios(apply)),
      applyRatioSpread: spread(ratios(apply)),
      applyBestRatio: best(apply),
      movesBefore: movesBefore[label],
      movesAfter: movesAfter[label],
    };
    json[label] = line;
    rows.push(
      `| ${label} | ${fmt(line.legalBefore)} | ${fmt(line.legalAfter)} | ${line.legalRatio.toFixed(2)}× (${line.legalRatioSpread}) | ${line.legalBestRatio.toFixed(2)}× ` +
        `| ${fmt(line.applyBefore)} | ${fmt(line.applyAfter)} | ${line.applyRatio.toFixed(2)}× (${line.applyRatioSpread}) | ${line.applyBestRatio.toFixed(2)}× ` +
        `| ${line.movesBefore} / ${line.movesAfter} |`,
    );
  }
  process.stdout.write(
    `## legalActions and apply per second: before (${beforeDir}) vs after (${afterDir})\n` +
      `${rounds} interleaved rounds of ${budgetMs} ms trials; calls per second of CPU time (process.cpuUsage); medians over rounds;\n` +
      'ratio = median of per-round after/before (lowest–highest); best/best = fastest after trial / fastest before trial\n' +
      `load average at start ${loadStart}, at end ${loadEnd}\n\n` +
      '| configuration | legalActions/s before | after | ratio (lowest–highest) | best/best | apply/s before | after | ratio (lowest–highest) | best/best | moves/position before / after |\n' +
      '|---|---|---|---|---|---|---|---|---|---|\n' +
      `${rows.join('\n')}\n\n${JSON.stringify(json)}\n`,
  );
} finally {
  for (const worker of [before, after]) {
    worker.child.stdin!.end();
    worker.child.kill();
  }
  rmSync(beforeScript, { force: true });
}
