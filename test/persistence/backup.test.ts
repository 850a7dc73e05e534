/**
 * `npm run backup -- FILE` (scripts/backup.ts), run as the real command in a child process:
 * a consistent copy while another process keeps writing, plain refusals for bad usage, and
 * never a half-written file under the backup's name.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/persistence/db.js';

const root = join(import.meta.dirname, '..', '..');

/** Run the backup command; resolves with its exit code and output. */
function backup(args: string[], env: Record<string, string | undefined> = {}, cwd = root): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'scripts', 'backup.ts'), ...args], {
      cwd,
      env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const dirs: string[] = [];
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rh-backup-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('copies a database that another process keeps writing to: a complete, consistent snapshot', async () => {
    const dir = temp();
    const source = join(dir, 'live.db');
    openDatabase(source).$client.close();
    // The writer: a second process, committing a table + its seat in one transaction every few ms.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const D = require(${JSON.stringify(join(root, 'node_modules', 'better-sqlite3'))});
         const db = new D(${JSON.stringify(source)}); db.pragma('journal_mode = WAL'); db.pragma('busy_timeout = 5000');
         const t = db.prepare("insert into game_tables (guild_id, channel_id, game, status, host_user_id, options, max_seats, created_at, updated_at) values ('1', ?, 'noir', 'finished', '2', '{}', 4, 1, 1)");
         const s = db.prepare("insert into seats (table_id, user_id, display_name, joined_at) values (?, '2', 'P', 1)");
         const pad = db.prepare("insert into actions (table_id, seq, seat, kind, action, at) values (?, 1, 0, 'player', ?, 1)");
         let n = 0;
         const tick = db.transaction(() => { const id = t.run(String(++n)).lastInsertRowid; s.run(id); pad.run(id, JSON.stringify({ pad: 'x'.repeat(2000) })); });
         process.stdout.write('ready\\n');
         setInterval(() => { for (let i = 0; i < 20; i++) tick(); }, 2);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let copied = 0;
    try {
      await new Promise<void>((r) => writer.stdout.once('data', () => r()));
      await new Promise((r) => setTimeout(r, 300));
      const target = join(dir, 'copy.db');
      const r = await backup([target], { DATABASE_PATH: source });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Backed up .*live\.db to .*copy\.db: \d+ pages, [\d.]+ MB in \d+ ms\.\n$/);
      const copy = new Database(target, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        const tables = copy.prepare('select count(*) from game_tables').pluck().get() as number;
        expect(tables).toBeGreaterThan(0);
        copied = tables;
        // A single self-contained file.
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        // Every committed table came with its seat and log row; nothing half-copied.
        expect(copy.prepare('select count(*) from seats').pluck().get()).toBe(tables);
        expect(copy.prepare('select count(*) from actions').pluck().get()).toBe(tables);
        // The copy has the schema and migration history of the source.
        expect(copy.prepare('select count(*) from __drizzle_migrations').pluck().get()).toBeGreaterThan(0);
      } finally {
        copy.close();
      }
      // Let the writer go on: the source must move past the snapshot (checked below).
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      writer.kill();
      await new Promise((r) => writer.once('close', r));
    }
    expect(readdirSync(dir).filter((f) => f.startsWith('copy.db')).sort()).toEqual(['copy.db']);
    const after = new Database(source, { readonly: true });
    expect(after.prepare('select count(*) from game_tables').pluck().get()).toBeGreaterThan(copied);
    after.close();
  }, 60_000);

  it('backs up a database nobody has open, and reads DATABASE_PATH from .env', async () => {
    const dir = temp();
    const source = join(dir, 'idle.db');
    const db = openDatabase(source);
    db.$client.prepare("insert into guild_settings (guild_id, turn_seconds, updated_at) values ('1', 60, 1)").run();
    db.$client.close();
    writeFileSync(join(dir, '.env'), `DATABASE_PATH=${source}\n`);
    const r = await backup(['out.db'], { DATABASE_PATH: undefined }, dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const copy = new Database(join(dir, 'out.db'), { readonly: true });
    expect(copy.prepare('select turn_seconds from guild_settings').pluck().get()).toBe(60);
    copy.close();
  });

  it('refuses bad usage with a plain message and exit 2, writing nothing', async () => {
    const dir = temp();
    const source = join(dir, 'src.db');
    openDatabase(source).$client.close();
    const existing = join(dir, 'taken.db');
    writeFileSync(existing, 'keep me');
    const cases: [string[], Record<string, string>, RegExp][] = [
      [[], { DATABASE_PATH: source }, /which file should the backup go to\?\nusage: npm run backup -- FILE/],
      [[existing], { DATABASE_PATH: source }, /exists already: pick a new name, or add --force/],
      [[join(dir, 'x.db')], { DATABASE_PATH: join(dir, 'missing.db') }, /no database at .*missing\.db/],
      [[join(dir, 'nope', 'x.db')], { DATABASE_PATH: source }, /the folder .*nope does not exist/],
      [[source], { DATABASE_PATH: source }, /cannot be the database itself/],
      [[join(dir, 'x.db')], { DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }, /PostgreSQL\. Back it up with pg_dump/],
      [[join(dir, 'x.db'), '--bogus'], { DATABASE_PATH: source }, /unknown option --bogus/],
    ];
    const runs = await Promise.all(cases.map(([args, env]) => backup(args, env)));
    for (const [i, [args, , message]] of cases.entries()) {
      expect(runs[i]!.code, args.join(' ')).toBe(2);
      expect(runs[i]!.stderr).toMatch(message);
      expect(runs[i]!.stdout).toBe('');
    }
    expect(existsSync(join(dir, 'x.db'))).toBe(false);
    const forced = await backup([existing, '--force'], { DATABASE_PATH: source });
    expect(forced.code).toBe(0);
    const copy = new Database(existing, { readonly: true });
    expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
    copy.close();
  }, 60_000);

  it('fails with exit 1 and leaves no file when the source is not a database', async () => {
    const dir = temp();
    const bogus = join(dir, 'not-a-db.db');
    writeFileSync(bogus, 'this is not an SQLite file, just text that is long enough to have a header...'.repeat(20));
    const r = await backup([join(dir, 'x.db')], { DATABASE_PATH: bogus });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^backup failed: /);
    expect(readdirSync(dir)).toEqual(['not-a-db.db']);
  });
});
