/**
 * `npm run smoke` (src/smoke.ts): post, edit and delete a board with its picture in the channel
 * named by SMOKE_CHANNEL_ID or `--channel <id>`, reporting Discord's answer at each step. Reads
 * .env when present. Exit 0 all done, 1 a step refused, 2 a bad environment.
 */
import { existsSync } from 'node:fs';
import { runSmoke } from '../src/smoke.js';

if (existsSync('.env')) process.loadEnvFile('.env');
runSmoke(process.env, process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`smoke test failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
