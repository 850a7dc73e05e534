// Build step: copy the local-play page (static HTML/CSS/JS, no bundler) next to the compiled
// server code, so dist/ — and the Docker image — serve it (src/local/web/server.ts → pageFolder).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const from = join(root, 'src', 'local', 'page');
const to = join(root, 'dist', 'src', 'local', 'page');
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
cpSync(from, to, { recursive: true });
// Marks a complete build: scripts/build-if-needed.mjs skips compiling while no source is newer.
writeFileSync(join(root, 'dist', '.build-stamp'), `${new Date().toISOString()}\n`);
