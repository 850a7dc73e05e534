/**
 * The browser modules both pages import — the local-play page (`src/local/page`, served by
 * `src/local/web/server.ts`) and the Discord Activity's page (`src/discord/activity/page`,
 * served by `src/discord/activity/server.ts`): each server serves them next to its own page's
 * files, under the same names, so a page imports `./markdown.js` as if it were its own. Kept
 * here, below both, so neither page's folder reaches into the other's. Copied to
 * `dist/src/page-kit` by the build (scripts/copy-page.mjs).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder of the shared browser modules (this module's folder, in src/ or dist/src/). */
export function pageKitFolder(): string {
  return dirname(fileURLToPath(import.meta.url));
}

/** The shared browser modules each page serves: Discord's message markdown as safe HTML. */
export const PAGE_KIT_FILES: readonly string[] = ['markdown.js'];
