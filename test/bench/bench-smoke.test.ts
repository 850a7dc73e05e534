/**
 * Smoke test of `npm run bench -- --quick`: the benchmark runs end to end (both bots, the
 * emulator's rate limits, every part) and writes its JSON. It asserts nothing about speed
 * (README "Benchmark": speed is measured, never asserted), only that the run completes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const out = mkdtempSync(join(tmpdir(), 'rh-bench-smoke-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run bench -- --quick', () => {
  it('completes and writes its results', async () => {
    const run = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/run.ts', '--quick', `--out=${out}`], {
      cwd: join(import.meta.dirname, '..', '..'),
      timeout: 170_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(run.stdout).toContain('written to');
    const files = readdirSync(out);
    expect(files).toHaveLength(1);
    const results = JSON.parse(readFileSync(join(out, files[0]!), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(results)).toEqual(expect.arrayContaining(['ladder', 'memory', 'scenarios', 'profile', 'recovery', 'leaderboard']));
  }, 180_000);
});
