// Build step: copy the local-play page, the Activity's page and the modules they share (static
// HTML/CSS/JS, no bundler) next to the compiled server code, so dist/ — and the Docker image — serve them
// (src/local/web/server.ts → pageFolder, src/discord/activity/server.ts → activityPageFolder,
// src/page-kit/files.ts → pageKitFolder).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The local-play page, and the Discord Activity's page (src/discord/activity/server.ts).
for (const page of [['src', 'local', 'page'], ['src', 'discord', 'activity', 'page']]) {
  const from = join(root, ...page);
  const to = join(root, 'dist', ...page);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  cpSync(from, to, { recursive: true });
}
// The browser modules both pages import (src/page-kit/files.ts): its .js files beside the compiled
// files.js, whose folder tsc made (so it is not emptied first).
cpSync(join(root, 'src', 'page-kit'), join(root, 'dist', 'src', 'page-kit'), { recursive: true, filter: (path) => !path.endsWith('.ts') });
// Marks a complete build: scripts/build-if-needed.mjs skips compiling while no source is newer.
writeFileSync(join(root, 'dist', '.build-stamp'), `${new Date().toISOString()}\n`);
