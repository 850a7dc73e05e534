/**
 * Legal-move benchmark: how many `legalActions` and `apply` calls per second each game
 * engine answers over random positions — the two calls an AI player's search makes
 * millions of times. Measured, not asserted (the machine is shared and noisy): every
 * figure is the median of several interleaved trials, with the slowest trial as the tail.
 *
 * Positions come from random legal games played from fixed seeds through the public game
 * contract only (`setup`, `pending`, `legalActions`, `apply`, `defaultAction`), so the same
 * positions are measured before and after a change of an engine's internals. Each position
 * goes through JSON first, as a state loaded from the database does.
 *
 * - `legal_per_s`: `legalActions(state, seat)` for a seat that must act now;
 * - `apply_per_s`: `apply(state, seat, move)` of one of those legal moves (chosen up front);
 * - `moves_per_position`: mean number of legal moves (to compare engines fairly).
 *
 * Called by bench/run.ts; also runnable alone:
 * `npx tsx bench/legal-moves.ts [ms-per-trial] [label filter, e.g. suspicion]`.
 * `--serve [label filter]` answers trials on request, for the interleaved before/after
 * comparison bench/legal-moves-compare.ts.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { seatsToAct, type AnyGameDefinition, type Seat } from '../src/games/engine.js';
import { defaultRegistry } from '../src/games/index.js';
import { Rng } from '../src/games/rng.js';
import type { GameLegalMovesSetup } from './setups.js';

/** One benchmark's output (the shape bench/run.ts collects). */
export interface BenchResult {
  name: string;
  metrics: Record<string, number>;
  summary: string;
}

/** One measured configuration: a game, its seat count and options. */
type Config = GameLegalMovesSetup;

/** Environment variable through which bench/legal-moves-compare.ts hands both of its workers the same configurations (JSON). */
export const CONFIGS_ENV = 'LEGAL_MOVES_CONFIGS';

/**
 * The configurations measured: every game's usual table sizes and variants, as its module
 * declares them (src/games/<game>/bench.ts `legalMoves`, read through bench/setups.ts) —
 * or, when CONFIGS_ENV is set, the list it holds (a checkout from before the games declared
 * theirs has no bench/setups.ts, so the comparison reads the list once, on its own side).
 */
async function configs(): Promise<Config[]> {
  const given = process.env[CONFIGS_ENV];
  if (given) return JSON.parse(given) as Config[];
  const { legalMovesSetups } = await import('./setups.js');
  return legalMovesSetups();
}

/** Positions collected per configuration. */
export const POSITIONS = 2_000;
/** Trials per configuration and measurement (interleaved; the median is reported). */
export const TRIALS = 5;

/** A position to measure: a state, a seat that must act there, and one of its legal moves. */
interface Sample {
  state: unknown;
  seat: Seat;
  move: unknown;
  legalCount: number;
}

/** `value` after a round trip through JSON (a fresh copy, as loaded from the database). */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** Play random legal games from fixed seeds until `count` positions are collected. */
function collect(def: AnyGameDefinition, config: Config, count: number): Sample[] {
  const rng = Rng.seeded(0x5eed);
  const samples: Sample[] = [];
  const options = def.optionsSchema.parse(config.options);
  for (let game = 0; samples.length < count; game++) {
    // Every state the engine sees goes through JSON (as one loaded from the database), so the
    // engine's inline caches learn the shapes of measured positions only, not those of its own
    // clones during collection (which would bias a before/after comparison of two engines).
    let state: unknown = viaJson((def.setup as (...a: unknown[]) => unknown)(options, config.seats, 1000 + game, { hostSeat: 0 }));
    for (let moves = 0; moves < 5_000 && samples.length < count; moves++) {
      const pending = def.pending(state);
      if (pending.kind === 'over') break;
      const toAct = seatsToAct(pending);
      const seat = rng.pick(toAct);
      const legal = def.legalActions(state, seat);
      if (legal.length === 0) throw new Error(`${config.label}: seat ${seat} must act but has no legal move`);
      const move = rng.pick(legal);
      samples.push({ state: viaJson(state), seat, move: viaJson(move), legalCount: legal.length });
      const r = def.apply(state, seat, move);
      if (!r.ok) throw new Error(`${config.label}: engine refused its own legal move ${JSON.stringify(move)}`);
      state = viaJson(r.state);
    }
  }
  return samples;
}

/** Calls per second of `call` over every sample, repeated until `budgetMs` has passed. */
function rate(samples: Sample[], budgetMs: number, call: (s: Sample) => unknown): number {
  return timedRate(samples, budgetMs, call).perSecond;
}

/**
 * `call` over every sample, repeated until `budgetMs` of wall-clock time has passed: calls per
 * wall-clock second, and per second of this process's CPU time (user + system, every thread:
 * `process.cpuUsage`), which time spent descheduled on a loaded machine does not inflate.
 */
function timedRate(samples: Sample[], budgetMs: number, call: (s: Sample) => unknown): { perSecond: number; perCpuSecond: number } {
  let calls = 0;
  let sink = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < budgetMs) {
    for (const s of samples) {
      const out = call(s);
      if (out) sink++;
    }
    calls += samples.length;
    elapsed = performance.now() - start;
  }
  const cpu = process.cpuUsage(cpuStart);
  if (sink < 0) throw new Error('unreachable');
  return { perSecond: (calls / elapsed) * 1000, perCpuSecond: (calls / (cpu.user + cpu.system)) * 1e6 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/**
 * Run the benchmark; `budgetMs` is the length of one trial of one measurement, `only` keeps
 * the configurations whose label contains it (all by default).
 */
export async function benchLegalMoves(budgetMs = 400, only = ''): Promise<BenchResult> {
  const registry = defaultRegistry();
  const prepared = (await configs()).filter((config) => config.label.includes(only)).map((config) => {
    const def = registry.get(config.game).definition;
    const samples = collect(def, config, POSITIONS);
    return { config, def, samples };
  });
  const legal = new Map<string, number[]>();
  const applied = new Map<string, number[]>();
  // Warm up every engine once, then interleave the trials so load spikes hit all alike.
  for (const p of prepared) {
    rate(p.samples, budgetMs / 4, (s) => p.def.legalActions(s.state, s.seat));
    rate(p.samples, budgetMs / 4, (s) => p.def.apply(s.state, s.seat, s.move));
  }
  for (let trial = 0; trial < TRIALS; trial++) {
    for (const p of prepared) {
      const l = rate(p.samples, budgetMs, (s) => p.def.legalActions(s.state, s.seat));
      const a = rate(p.samples, budgetMs, (s) => p.def.apply(s.state, s.seat, s.move));
      legal.set(p.config.label, [...(legal.get(p.config.label) ?? []), l]);
      applied.set(p.config.label, [...(applied.get(p.config.label) ?? []), a]);
    }
  }
  const metrics: Record<string, number> = {};
  const lines: string[] = [];
  for (const p of prepared) {
    const label = p.config.label;
    const l = legal.get(label)!;
    const a = applied.get(label)!;
    const moves = p.samples.reduce((n, s) => n + s.legalCount, 0) / p.samples.length;
    metrics[`${label}.legal_per_s`] = Math.round(median(l));
    metrics[`${label}.legal_per_s_slowest`] = Math.round(Math.min(...l));
    metrics[`${label}.apply_per_s`] = Math.round(median(a));
    metrics[`${label}.apply_per_s_slowest`] = Math.round(Math.min(...a));
    metrics[`${label}.moves_per_position`] = Math.round(moves * 10) / 10;
    lines.push(
      `${label.padEnd(24)} legalActions ${Math.round(median(l)).toLocaleString('en').padStart(10)}/s (slowest ${Math.round(Math.min(...l)).toLocaleString('en')})` +
        ` · apply ${Math.round(median(a)).toLocaleString('en').padStart(9)}/s (slowest ${Math.round(Math.min(...a)).toLocaleString('en')})` +
        ` · ${moves.toFixed(1)} moves/position`,
    );
  }
  return {
    name: 'legal moves and apply per game (calls per second, median of trials)',
    metrics,
    summary: lines.join('\n'),
  };
}

/**
 * Serve trials on request (the worker side of bench/legal-moves-compare.ts): collect the
 * positions of every configuration whose label contains `only`, warm up, write one JSON line
 * `{"ready":true,"moves":{label: moves per position}}`, then answer each stdin line
 * `legal|apply LABEL MS` with one line `{"rate":…,"cpuRate":…}`: one trial of MS ms, in calls
 * per wall-clock second and per second of the process's CPU time.
 */
async function serve(only: string): Promise<void> {
  const registry = defaultRegistry();
  const prepared = new Map(
    (await configs()).filter((config) => config.label.includes(only)).map((config) => {
      const def = registry.get(config.game).definition;
      return [config.label, { def, samples: collect(def, config, POSITIONS) }] as const;
    }),
  );
  const moves: Record<string, number> = {};
  for (const [label, p] of prepared) {
    rate(p.samples, 100, (s) => p.def.legalActions(s.state, s.seat));
    rate(p.samples, 100, (s) => p.def.apply(s.state, s.seat, s.move));
    moves[label] = Math.round((p.samples.reduce((n, s) => n + s.legalCount, 0) / p.samples.length) * 10) / 10;
  }
  process.stdout.write(`${JSON.stringify({ ready: true, moves })}\n`);
  const { createInterface } = await import('node:readline');
  for await (const line of createInterface({ input: process.stdin })) {
    const [kind, label, ms] = line.trim().split(' ');
    const p = prepared.get(label ?? '');
    if (!p || (kind !== 'legal' && kind !== 'apply')) {
      process.stdout.write(`${JSON.stringify({ error: `bad request: ${line}` })}\n`);
      continue;
    }
    const call = kind === 'legal' ? (s: Sample) => p.def.legalActions(s.state, s.seat) : (s: Sample) => p.def.apply(s.state, s.seat, s.move);
    const measured = timedRate(p.samples, Number(ms), call);
    process.stdout.write(`${JSON.stringify({ rate: measured.perSecond, cpuRate: measured.perCpuSecond })}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--serve') {
  await serve(process.argv[3] ?? '');
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const budget = Number(process.argv[2] ?? 400);
  const r = await benchLegalMoves(Number.isFinite(budget) && budget > 0 ? budget : 400, process.argv[3] ?? '');
  process.stdout.write(`## ${r.name}\n${r.summary}\n${JSON.stringify(r.metrics)}\n`);
}
