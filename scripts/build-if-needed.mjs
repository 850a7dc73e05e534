// Runs before `npm start` and `npm run deploy-commands`: compiles when the TypeScript compiler
// is installed (a development checkout) and a source file changed since the last build
// (dist/.build-stamp, written by copy-page.mjs), and uses the existing build when there is no
// compiler (the Docker image ships dist/ without dev dependencies, so there is no tsc to run).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
/** Newest modification time (ms) of the files the build reads. */
function newestSource() {
  let newest = 0;
  const visit = (path) => {
    const st = statSync(path);
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['src', 'scripts', 'drizzle', 'tsconfig.json', 'package.json']) if (existsSync(join(root, p))) visit(join(root, p));
  return newest;
}

const stamp = join(root, 'dist', '.build-stamp');
if (tsc && existsSync(stamp) && existsSync(join(root, 'dist', 'src', 'index.js')) && statSync(stamp).mtimeMs >= newestSource()) {
  process.exit(0); // the build is up to date
}
if (tsc) {
  // Compiling takes about a minute on a small machine: say so, or the first start looks hung.
  const started = Date.now();
  process.stdout.write('Building Red Herring (TypeScript → dist/, needed on the first start and after a source change; this can take a minute)…\n');
  const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
  const status = run([tsc, '-p', 'tsconfig.json']) || run([join(root, 'scripts', 'copy-page.mjs')]);
  if (status === 0) process.stdout.write(`Built in ${Math.round((Date.now() - started) / 1000)} s. Starting…\n`);
  process.exit(status);
}
if (!existsSync(join(root, 'dist', 'src', 'index.js'))) {
  process.stderr.write('There is no build (dist/) and no TypeScript compiler to make one: run `npm ci` (with dev dependencies), then try again.\n');
  process.exit(2);
}
