/**
 * Without PostgreSQL server binaries, the PostgreSQL test files skip with the reason — and
 * under CI=true they fail instead (CI must test the real server). Runs a PostgreSQL test file
 * in a nested vitest with PG_BIN pointing at a folder without binaries.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function vitest(file: string, env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'CI' && k !== 'NODE_ENV'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', file], { cwd: root, env: { ...clean, ...env } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('PostgreSQL tests without a server', () => {
  it('skip with the reason outside CI, and fail under CI=true', async () => {
    const file = 'test/persistence/pg-backup.test.ts';
    const [local, ci] = await Promise.all([vitest(file, { PG_BIN: '/nonexistent/pg/bin' }), vitest(file, { PG_BIN: '/nonexistent/pg/bin', CI: 'true' })]);
    expect(local.output).toContain('PG_BIN=/nonexistent/pg/bin has no PostgreSQL server binaries');
    expect(local.output).toMatch(/1 skipped/);
    expect(local.code).toBe(0);
    expect(ci.output).toContain('PostgreSQL tests cannot run: PG_BIN=/nonexistent/pg/bin has no PostgreSQL server binaries');
    expect(ci.output).toMatch(/1 failed/);
    expect(ci.code).not.toBe(0);
  }, 120_000);
});
