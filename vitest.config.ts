import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test lanes (docs/architecture.md §6): `npm test` runs all three projects; a developer runs one
 * with `npm run test:unit`, `test:e2e` or `test:browser`.
 * - unit: engines, bots, stores, services, the Discord wing's parts and the local page's server
 *   pieces — everything that needs neither the emulator's gateway nor a browser;
 * - e2e: the real discord.js client against the Discord emulator (test/e2e/);
 * - browser: the local page in headless Chromium (test/local/*-browser.test.ts).
 * - slow: whole processes built or started, one file at a time (`npm run test:slow`).
 * `npm test` runs unit, e2e and browser; `.ci/run` then runs `npm run test:deep` (the property
 * files at five times their random cases: test/support/depth.ts) and `npm run test:slow`.
 */
const BROWSER = ['test/local/*-browser.test.ts'];
/**
 * Files that build or start whole processes and want the machine to themselves: the benchmark's
 * quick run end to end (≈ 85 s on CI), three shard processes on PostgreSQL through a timed
 * global 429 storm (its windows fail on a machine busy with other files), and the Docker
 * image's layout compiled with tsc and started (≈ 45 s), the 12-entrant Suspicion tournament
 * (four games played to their end, board pictures drawn as they go: ≈ 50 s at load 23 on 2 cores),
 * the standings in the browser (two tournaments of two rounds in local play: 46 s at load 21),
 * every game's lesson followed in the browser the two ways test/local/lessons-browser.test.ts does
 * not (English at 390 px, Spanish on desktop: ≈ 4 min at load 21), and ❔ Why clicked through
 * Discord at every decision kind of every game (≈ 1 min at load 23: real tables played to each
 * kind), and the shared REST proxy in front of the emulator (it holds requests for seconds on
 * purpose; two bot hosts behind it: ≈ 50 s at load 5). CI runs them after `npm test`.
 */
const SLOW = [
  'test/bench/bench-smoke.test.ts',
  'test/e2e/shard-budget.test.ts',
  'test/local/built.test.ts',
  'test/e2e/tournament-suspicion.test.ts',
  'test/local/standings-browser.test.ts',
  'test/local/lessons-more-browser.test.ts',
  'test/e2e/why.test.ts',
  'test/discord/rest-proxy.test.ts',
  'test/e2e/rest-proxy.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Property tests play thousands of games; on a loaded 2-core machine they can take several
    // times their quiet 5–10 s. A timeout here guards against hangs, not speed (that is
    // measured by `npm run bench`).
    testTimeout: 60_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Two test files at once even on 2 cores (vitest's default is cores − 1 = one): the e2e,
    // browser and PostgreSQL files spend much of their time waiting on timers, sockets and child
    // processes, so a second file fills that time (npm test on 2 quiet cores: README "Tests").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // The unit files share their worker's module cache (isolate: false): they hold no global
      // state between files (no vi.mock, no process.env writes), and re-importing discord.js,
      // drizzle and the engines for every file was ≈ 190 s of CPU in `npm test`
      // (docs/architecture.md §6). e2e and browser files keep one fresh module graph each.
      { extends: true, test: { name: 'unit', isolate: false, include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', ...BROWSER, ...SLOW] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'browser', include: BROWSER, exclude: SLOW } },
      // Not in `npm test` (package.json names the three projects above); `npm run test:slow`
      // runs it one file at a time.
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
