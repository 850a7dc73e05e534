/**
 * The shape of one `npm run bench` run (bench/run.ts): its parts, its settings and everything it
 * writes to bench/results/*.json — what bench/run.ts fills in and bench/report.ts prints.
 */
import type { ratios, RungResult } from './load/ladder.js';
import type { ScenarioResult } from './load/scenarios.js';
import type { SelfTime } from './load/cpu-profile.js';
import type { RecoveryResult } from './recovery.js';
import type { StoreBenchResult } from './store.js';

/** The parts a run may run (`--only`, `--skip`), in the order they run. */
export const PARTS = ['load', 'scenarios', 'profile', 'recovery', 'store', 'shards', 'leaderboard', 'pictures', 'review', 'activity'] as const;
export type Part = (typeof PARTS)[number];

/** The settings of one run. */
export interface BenchSettings {
  quick: boolean;
  /**
   * The load's random panel clicks include 💡 Hint (`--hints`). Off by default: every bench
   * player is at their first table, where hints are on, so a uniform pick asks ≈ 10 Hard searches
   * a second at 200 clicks/s — a search's seconds, by design, counted as a click's answer, and
   * the AI pool's CPU taken from everything else (docs/benchmark.md "What the load clicks").
   */
  hints?: boolean;
  /** The product's database in the load, scenarios and profile parts. */
  backend: 'sqlite' | 'postgres';
  tables: number;
  rates: number[];
  seconds: number;
  seed: number;
  logLevel: string;
  warmUpRate: number;
  spreadMovesPerSecond: number;
  spreadSeconds: number;
  busySeconds: number;
  profileRate: number;
  /** Where to write heap snapshots of the product and the baseline after the warm-up (`--heap-snapshots`). */
  heapSnapshotDir?: string;
  profileSeconds: number;
  /** A bot counts as quiet (drained) after this long without a request, ms. */
  quietMs: number;
  /** Run the refining rungs after the ladder (off with `--no-refine` and in --quick). */
  refine: boolean;
  /**
   * `--board-token-refresh-ms=N`: the product's "Show my hand" lends its token to the board when
   * the table's board token is N ms old (0: every such click, to measure what it costs); default the product's (5 min).
   */
  boardTokenRefreshMs?: number;
  /** `--text-boards`: the product (and its baseline) send every board and panel as text. */
  textBoards?: boolean;
  /**
   * The load part also runs a third world — the product with every board and panel as text,
   * as `--text-boards` sets it — at every rate of the ladder, beside the product with pictures
   * and the echo bot (default on; off with `--no-text-beside`, with `--text-boards` and in --quick).
   */
  textBeside?: boolean;
  recoveryTables: number;
  leaderboardResults: number;
  leaderboardRepetitions: number;
  parts: Part[];
}

/** Everything a run writes to bench/results/*.json. */
export interface BenchResults {
  node: string;
  date: string;
  machine: { cpus: number; model: string; loadAverageBefore: number[]; loadAverageAfter: number[] };
  settings: BenchSettings;
  /** Discord limits the emulator enforced during the measured parts. */
  limits: string;
  setup?: { productMs: number; echoMs: number };
  warmUp?: { product: RungResult; echo: RungResult; text?: RungResult };
  /** Per offered rate: the echo bot, the product, and (`textBeside`) the product with text boards, with their ratios to the echo bot. */
  ladder?: { rate: number; echo: RungResult; product: RungResult; ratios: ReturnType<typeof ratios>; text?: RungResult; textRatios?: ReturnType<typeof ratios> }[];
  /** Why the ladder stopped before its last rate, if it did. */
  ladderStopped?: string;
  /**
   * Rungs run after the ladder, one bot at a time, √2 above a bot's highest passing rate when
   * its next rate failed: the highest rate is read at half-rung resolution (the ladder doubles).
   */
  refined?: { rate: number; bot: 'echo' | 'product'; result: RungResult }[];
  /** Highest offered rate at which p99 ≤ 100 ms and nothing failed, per bot (ladder and refining rungs). */
  highestRateP99Under100?: { echo: number | null; product: number | null; ratio: number };
  /**
   * Heap after a full GC, every table clicked once: the product world vs a product world of
   * `baselineTables` warmed the same way; per table = difference / (tables − baselineTables).
   */
  memory?: {
    heapBytesPerOpenTableWarm: number;
    /** The same without V8's compiled code (the product with 1,000 warm tables has run hot paths the JIT optimised; the 8-table baseline has not: that code does not grow with tables). */
    heapBytesPerOpenTableWarmNoCode: number;
    productHeapBytes: number;
    baselineHeapBytes: number;
    productCodeBytes: number;
    baselineCodeBytes: number;
    tables: number;
    baselineTables: number;
    /**
     * What the heap figure leaves out, stated beside it (since 2026-12-07): PNGs and rasters
     * are Buffers, outside the V8 heap. The product's picture cache in use (and the baseline's)
     * and its bound; the piece and strip caches' bounds per render worker, and the workers; the
     * process's RSS per open table (everything: caches, workers, native memory).
     */
    productPictureCacheBytes?: number;
    baselinePictureCacheBytes?: number;
    pictureCacheBoundBytes?: number;
    pieceCacheBoundBytes?: number;
    stripCacheBoundBytes?: number;
    renderWorkers?: number;
    rssBytesPerOpenTable?: number;
  };
  scenarios?: ScenarioResult[];
  /** `top`: self time per function; `inclusive`: time under the product's own functions (src/). */
  profile?: { rate: number; seconds: number; run: RungResult; file: string; totalMs: number; top: SelfTime[]; inclusive: SelfTime[] };
  recovery?: RecoveryResult;
  store?: StoreBenchResult;
  shards?: { name: string; metrics: Record<string, number>; summary: string };
  leaderboard?: { name: string; metrics: Record<string, number>; summary: string };
  /** Picture render time and PNG size per game, board and hand (bench/pictures.ts). */
  pictures?: { name: string; metrics: Record<string, number>; summary: string };
  /** A review step against a panel click at the same load; apply calls of a whole review (bench/review.ts). */
  review?: { name: string; metrics: Record<string, number>; summary: string };
  /** The review analysis's cost per step, per game (bench/analysis.ts). */
  analysis?: { name: string; metrics: Record<string, number>; summary: string };
  /** A move from the Activity to the mover's screen and to the chat board (bench/activity.ts). */
  activity?: { name: string; metrics: Record<string, number>; summary: string };
  /** Parts that failed (the others still ran). */
  errors?: string[];
  durationSeconds: number;
}
