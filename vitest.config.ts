import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test lanes (docs/architecture.md §6): `npm test` runs all three projects; a developer runs one
 * with `npm run test:unit`, `test:e2e` or `test:browser`.
 * - unit: engines, bots, stores, services, the Discord wing's parts and the local page's server
 *   pieces — everything that needs neither the emulator's gateway nor a browser;
 * - e2e: the real discord.js client against the Discord emulator (test/e2e/);
 * - browser: the local page in headless Chromium (test/local/*-browser.test.ts).
 * Beside `npm test`, `.ci/run` runs `npm run test:deep` (the property files at five times their
 * random cases: test/support/depth.ts) and `npm run test:bench-smoke`.
 */
const BROWSER = ['test/local/*-browser.test.ts'];
/** The benchmark's end-to-end smoke run (`npm run test:bench-smoke`; CI runs it after `npm test`). */
const BENCH = ['test/bench/bench-smoke.test.ts'];
/** Files that run after every other, one at a time. */
const ALONE = ['test/e2e/shard-budget.test.ts'];

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
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', ...BROWSER, ...BENCH] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: ALONE } },
      // Three shard processes, PostgreSQL and a 429 storm with timed windows: run last, alone
      // (it failed 3 of 3 attempts once when it ran beside another file at the start of a run).
      { extends: true, test: { name: 'e2e-alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'browser', include: BROWSER } },
      // Not in `npm test` (package.json runs the four projects above by name): a whole
      // `npm run bench -- --quick` in child processes (≈ 85 s on CI), which asserts no behaviour
      // the other lanes do not — only that the benchmark command still runs end to end.
      { extends: true, test: { name: 'bench', include: BENCH } },
    ],
  },
});
