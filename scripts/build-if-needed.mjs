// Runs before `npm start` and `npm run deploy-commands`: compiles when the TypeScript compiler
// is installed (a development checkout: always fresh), and uses the existing build when it is
// not (the Docker image ships dist/ without dev dependencies, so there is no tsc to run).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
let tsc = null;
try {
  tsc = require.resolve('typescript/bin/tsc');
} catch {
  tsc = null;
}
if (tsc) {
  const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
  const status = run([tsc, '-p', 'tsconfig.json']) || run([join(root, 'scripts', 'copy-page.mjs')]);
  process.exit(status);
}
if (!existsSync(join(root, 'dist', 'src', 'index.js'))) {
  process.stderr.write('There is no build (dist/) and no TypeScript compiler to make one: run `npm ci` (with dev dependencies), then try again.\n');
  process.exit(2);
}
