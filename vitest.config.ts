import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Property tests play thousands of games; on a loaded 2-core machine they can take several
    // times their quiet 5–10 s. A timeout here guards against hangs, not speed (that is
    // measured by `npm run bench`).
    testTimeout: 60_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
