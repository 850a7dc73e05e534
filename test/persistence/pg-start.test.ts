/**
 * The entry point with DATABASE_URL (README "Configuration"): a PostgreSQL server that cannot
 * be reached, refused credentials, and SHARDS above 1 on SQLite each end the start with one
 * plain message and exit 2 — no stack trace, never the password — before anything connects
 * to Discord.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describePostgres } from '../support/postgres.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Run the entry point in an empty folder with `env`; resolves with its exit code and output. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'rh-pg-start-'));
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/index.ts')], { cwd, env: { PATH: process.env.PATH!, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      rmSync(cwd, { recursive: true, force: true });
      resolve({ code, stderr, stdout });
    });
  });
}

describePostgres('starting on PostgreSQL', (server) => {
  it('exits 2 with a plain message for refused credentials and for a server that cannot be reached', async () => {
    const wrong = server().url('postgres', { user: 'postgres', password: 'not-the-password' });
    const [refused, unreachable] = await Promise.all([
      start({ DISCORD_TOKEN: 'MTA.token.x', DATABASE_URL: wrong }),
      start({ DISCORD_TOKEN: 'MTA.token.x', DATABASE_URL: 'postgres://bot:hunter2@127.0.0.1:9/redherring' }),
    ]);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/DATABASE_URL cannot be used: PostgreSQL at .* refused the credentials/);
    expect(refused.stderr).not.toContain('not-the-password');
    expect(unreachable.code, unreachable.stderr).toBe(2);
    expect(unreachable.stderr).toMatch(/DATABASE_URL cannot be used: cannot reach the PostgreSQL server at bot@127\.0\.0\.1:9\/redherring: connect ECONNREFUSED/);
    expect(unreachable.stderr).not.toContain('hunter2');
    for (const r of [refused, unreachable]) expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses SHARDS=2 on SQLite (exit 2), naming DATABASE_URL', async () => {
    const r = await start({ DISCORD_TOKEN: 'MTA.token.x', SHARDS: '2' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/SHARDS=2 runs several bot processes, and they need one shared PostgreSQL database: set DATABASE_URL/);
  }, 60_000);
});
