/**
 * Starting a worker thread from a module next to the caller, both in the build (compiled
 * JavaScript) and from the TypeScript sources (tests, `npm run arena`, the bench under tsx):
 * there the thread first registers tsx's loader, then imports the module. Used by the AI
 * players' pool (src/bots/pool.ts) and the render pool (src/discord/pictures/pool.ts).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** File URL of tsx's ESM API (its `import` export), found from `here`. */
function tsxApi(here: string): string {
  if (typeof import.meta.resolve === 'function') {
    try {
      return import.meta.resolve('tsx/esm/api');
    } catch {
      // fall through to the package file
    }
  }
  const cjs = createRequire(here).resolve('tsx/esm/api');
  return pathToFileURL(cjs.replace(/index\.cjs$/, 'index.mjs')).href;
}

/**
 * A worker thread running module `name` (without extension) of the folder of `here` (the
 * caller's `import.meta.url`): `name.js` when the caller is compiled JavaScript, else a two-line
 * bootstrap that registers tsx's loader in the new thread before importing `name.ts`.
 */
export function startModuleWorker(here: string, name: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options);
  const api = tsxApi(here);
  const entry = new URL(`./${name}.ts`, here).href;
  const code = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { ...options, eval: true });
}
