/**
 * Reading a V8 `.cpuprofile` (written by `node --cpu-prof`): self time per function,
 * largest first — where the process spent its CPU.
 *
 * Also runnable alone: `npx tsx bench/load/cpu-profile.ts FILE.cpuprofile [TOP]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository root as a file URL prefix (profile URLs are file URLs). */
const ROOT = pathToFileURL(join(import.meta.dirname, '..', '..')).href + '/';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One function's share of the profile. */
export interface SelfTime {
  /** `name (file:line)`, the file relative to the repository where possible. */
  function: string;
  /** Self time, ms. */
  selfMs: number;
  /** Share of all samples, percent (idle and GC included in the total). */
  percent: number;
}

/** Shorten a profile URL to a path relative to the repository, `node:` module, or package. */
function shortUrl(url: string): string {
  if (!url) return '';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) return url.slice(nm + '/node_modules/'.length);
  return url.startsWith(ROOT) ? url.slice(ROOT.length) : url.replace(/^file:\/\//, '');
}

/** `name (file:line)`; the line is left out when the profile does not know it (transpiled modules). */
function frameName(f: ProfileNode['callFrame']): string {
  const url = shortUrl(f.url);
  const name = f.functionName || '(anonymous)';
  if (!url) return name;
  return f.lineNumber > 0 ? `${name} (${url}:${f.lineNumber + 1})` : `${name} (${url})`;
}

/**
 * Self time per function (aggregated over call sites) of the profile at `path`, the `top`
 * largest. `(idle)` is time the event loop waited; `(garbage collector)` is GC.
 */
export function topSelfTime(path: string, top = 25): { totalMs: number; functions: SelfTime[] } {
  const p = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byNode = new Map(p.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const node = byNode.get(p.samples[i]!);
    const dt = p.timeDeltas[i] ?? 0;
    total += dt;
    if (!node) continue;
    const key = frameName(node.callFrame);
    selfUs.set(key, (selfUs.get(key) ?? 0) + dt);
  }
  const functions = [...selfUs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({ function: fn, selfMs: Math.round(us / 100) / 10, percent: Math.round((us / total) * 1000) / 10 }));
  return { totalMs: Math.round(total / 1000), functions };
}

/**
 * Inclusive time (the function and everything it called) of the functions whose source URL
 * matches `include` (default: the project's own `src/`), the `top` largest — which of the
 * product's code paths the self time above was spent under. A function on the stack twice
 * counts once per sample.
 */
export function topInclusiveTime(path: string, top = 15, include: RegExp = new RegExp(`^${ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}src/`)): SelfTime[] {
  const p = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byNode = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i] ?? 0;
    total += dt;
    const seen = new Set<string>();
    for (let id: number | undefined = p.samples[i]; id !== undefined; id = parent.get(id)) {
      const f = byNode.get(id)?.callFrame;
      if (!f || !include.test(f.url) || f.url.includes('/node_modules/')) continue;
      const key = frameName(f);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  }
  return [...inclusive.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({ function: fn, selfMs: Math.round(us / 100) / 10, percent: Math.round((us / total) * 1000) / 10 }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = topSelfTime(process.argv[2]!, Number(process.argv[3] ?? 30));
  process.stdout.write(`total ${r.totalMs} ms\n`);
  for (const f of r.functions) process.stdout.write(`${String(f.selfMs).padStart(9)} ms ${String(f.percent).padStart(5)}%  ${f.function}\n`);
  process.stdout.write('\ninclusive, src/ functions:\n');
  for (const f of topInclusiveTime(process.argv[2]!, 25)) process.stdout.write(`${String(f.selfMs).padStart(9)} ms ${String(f.percent).padStart(5)}%  ${f.function}\n`);
}
