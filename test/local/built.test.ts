/**
 * The build as the Docker image runs it (README → Docker): `dist/` compiled into a folder
 * laid out like the image's /app (package.json, node_modules without the TypeScript
 * compiler, dist with the page's static files, drizzle, scripts), then started with plain
 * `node dist/src/index.js`:
 * - local play without a token prints its one line and serves the page; the world file and
 *   ./data/local.db appear; a taken port is a plain message and exit 2;
 * - `npm run deploy-commands` works without a compiler;
 * - with a token it logs "connecting to Discord…" and, once ready, the invite URL; /healthz
 *   and the Dockerfile's HEALTHCHECK command follow the database and gateway state;
 * - network failures at login (refused, TLS, DNS) and a database written by a newer build
 *   or with a missing column get plain messages and their exit codes; the file is untouched.
 * Start-up times are written to test-results/startup.json (measured, not asserted).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordEmulator } from '../../src/local/emulator/index.js';
import { INVITE_PERMISSIONS } from '../../src/invite.js';
import { openDatabase, shippedMigrations } from '../../src/persistence/db.js';
import { screenshotPath } from './support.js';

const ROOT = join(import.meta.dirname, '..', '..');
const APP = mkdtempSync(join(tmpdir(), 'rh-image-'));
const timings: Record<string, number> = {};

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A running `node dist/src/index.js` with its output collected. */
interface Running {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function launch(env: Record<string, string>, cwd = APP): Running {
  let out = '';
  let err = '';
  const child = spawn(process.execPath, ['dist/src/index.js'], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (err += String(d)));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, out: () => out, err: () => err, exited };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

/** Run a command without blocking this process (the emulator it talks to lives here). */
function run(cmd: string, args: string[], opts: { cwd?: string; env: Record<string, string>; timeoutMs: number }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** The Dockerfile's HEALTHCHECK command (exec form), run as Docker would, with `env`; resolves with its exit code. */
async function healthcheck(env: Record<string, string>): Promise<number | null> {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, '');
  const line = dockerfile.split('\n').find((l) => l.startsWith('HEALTHCHECK'));
  const json = /CMD (\[.*\])\s*$/.exec(line ?? '')?.[1];
  if (!json) throw new Error('no exec-form HEALTHCHECK in the Dockerfile');
  const [cmd, ...args] = JSON.parse(json) as string[];
  expect(cmd).toBe('node'); // the slim image has no curl
  return (await run(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, timeoutMs: 10_000 })).status;
}

function sha(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

beforeAll(() => {
  // The image's /app: compile, copy page + migrations + helper scripts, and node_modules
  // without the compiler (npm prune --omit=dev removes typescript).
  const started = Date.now();
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.json'), '--outDir', join(APP, 'dist')], { encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`build failed: ${tsc.stdout}${tsc.stderr}`);
  timings.buildMs = Date.now() - started;
  // What scripts/copy-page.mjs copies in `npm run build`: the local page, the Activity's page and src/page-kit.
  for (const page of ['src/local/page', 'src/discord/activity/page']) cpSync(join(ROOT, page), join(APP, 'dist', page), { recursive: true });
  cpSync(join(ROOT, 'src/page-kit'), join(APP, 'dist/src/page-kit'), { recursive: true, filter: (path) => !path.endsWith('.ts') }); // and the modules both pages share
  cpSync(join(ROOT, 'drizzle'), join(APP, 'drizzle'), { recursive: true });
  cpSync(join(ROOT, 'assets'), join(APP, 'assets'), { recursive: true }); // the Dockerfile's COPY assets (fonts)
  mkdirSync(join(APP, 'scripts'));
  for (const f of ['build-if-needed.mjs', 'copy-page.mjs']) cpSync(join(ROOT, 'scripts', f), join(APP, 'scripts', f));
  cpSync(join(ROOT, 'package.json'), join(APP, 'package.json'));
  mkdirSync(join(APP, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === 'typescript' || entry === '.bin') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(APP, 'node_modules', entry));
  }
}, 300_000);

afterAll(() => {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(screenshotPath('startup.json'), JSON.stringify(timings, null, 2));
  rmSync(APP, { recursive: true, force: true });
});

describe('the built app, laid out like the Docker image', () => {
  it('local play: one line, the page answers, the world is saved next to ./data/local.db, HEALTHCHECK passes', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const healthPort = await freePort();
    const started = Date.now();
    const bot = launch({ PORT: String(port), HEALTH_PORT: String(healthPort) });
    try {
      await waitFor(async () => (await status(`http://127.0.0.1:${port}/`)) === 200 || bot.child.exitCode !== null, 'the page to answer');
      timings.nodeToPageMs = Date.now() - started;
      await waitFor(() => bot.out().includes('Local play'), 'the line');
      timings.nodeToLineMs = Date.now() - started;
      expect(bot.out()).toBe(`Local play: open http://127.0.0.1:${port} (no Discord token set; see README to connect a real bot)\n`);
      expect(bot.err()).toBe('');
      const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(page).toContain('/page/app.js');
      expect((await fetch(`http://127.0.0.1:${port}/page/app.js`)).status).toBe(200);
      expect(existsSync(join(APP, 'data', 'local.db'))).toBe(true);
      expect(JSON.parse(readFileSync(join(APP, 'data', 'local.world.json'), 'utf8')).format).toBe('red-herring-local-world');
      expect(existsSync(join(APP, 'data', 'red-herring.db'))).toBe(false);
      expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toMatchObject({ status: 'ok', database: 'ok', gateway: 'ready' });
      expect(await healthcheck({ HEALTH_PORT: String(healthPort) })).toBe(0);
      // A change, then SIGKILL: the world file already has it (saved before the answer).
      const added = await fetch(`http://127.0.0.1:${port}/local/api/channels`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"survives-kill"}' });
      expect(added.status).toBe(200);
      bot.child.kill('SIGKILL');
      await bot.exited;
    } finally {
      bot.child.kill('SIGKILL');
    }
    const restartedAt = Date.now();
    const again = launch({ PORT: String(port), LOCAL_HOST: '0.0.0.0' });
    try {
      await waitFor(async () => (await status(`http://127.0.0.1:${port}/`)) === 200 || again.child.exitCode !== null, 'the page after SIGKILL');
      timings.restartAfterKillToPageMs = Date.now() - restartedAt;
      const view = (await (await fetch(`http://127.0.0.1:${port}/local/api/view`)).json()) as { channels: Array<{ name: string }> };
      expect(view.channels.map((c) => c.name)).toContain('survives-kill');
      // Listening beyond this machine needs LOCAL_HOST and prints a warning; the URL stays loopback.
      await waitFor(() => again.out().includes('Local play'), 'the line after restart');
      expect(again.err()).toMatch(/^Warning: LOCAL_HOST=0\.0\.0\.0 makes the local-play page reachable from other machines/);
      expect(again.out()).toContain(`open http://127.0.0.1:${port} `);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      again.child.kill('SIGKILL');
    }
    // A taken port: a plain message and exit 2.
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', () => r()));
    try {
      const taken = launch({ PORT: String(port) });
      expect(await taken.exited).toBe(2);
      expect(taken.err()).toMatch(new RegExp(`Port ${port} is already in use on 127\\.0\\.0\\.1.*PORT=${port + 1} npm start`));
      expect(taken.err()).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });

  it('npm run deploy-commands works in the image (no TypeScript compiler there)', { timeout: 60_000 }, async () => {
    const emu = await DiscordEmulator.start();
    try {
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const r = await run(npm, ['run', '--silent', 'deploy-commands'], {
        cwd: APP,
        env: { PATH: process.env.PATH ?? '', DISCORD_TOKEN: emu.token, DISCORD_API_URL: emu.apiBase, DEV_GUILD_ID: emu.guild.id },
        timeoutMs: 45_000,
      });
      expect(r.stderr).not.toMatch(/tsc: not found/);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Registered \d+ commands on guild/);
      expect(emu.commands(emu.guild.id).map((c) => c.name)).toEqual(expect.arrayContaining(['suspicion', 'noir', 'phantom', 'jaccuse', 'hand']));
    } finally {
      await emu.stop();
    }
  });

  it('connecting: logs "connecting to Discord…" then the invite URL; /healthz and HEALTHCHECK follow the gateway', { timeout: 60_000 }, async () => {
    const emu = await DiscordEmulator.start();
    const healthPort = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'rh-connect-'));
    const bot = launch({ DISCORD_TOKEN: emu.token, DISCORD_API_URL: emu.apiBase, DATABASE_PATH: join(data, 'bot.db'), LOG_LEVEL: 'info', HEALTH_PORT: String(healthPort) });
    try {
      await waitFor(() => bot.out().includes('invite the bot') || bot.child.exitCode !== null, 'the invite line');
      const lines = bot.out().trim().split('\n').map((l) => JSON.parse(l) as { msg: string; invite?: string; applicationId?: string; permissions?: string });
      const connecting = lines.findIndex((l) => l.msg === 'connecting to Discord…');
      const invite = lines.findIndex((l) => l.msg.startsWith('invite the bot'));
      expect(connecting).toBeGreaterThanOrEqual(0);
      expect(invite).toBeGreaterThan(connecting);
      expect(lines[invite]).toMatchObject({
        applicationId: emu.applicationId,
        permissions: '309237763072',
        invite: `https://discord.com/oauth2/authorize?client_id=${emu.applicationId}&scope=bot+applications.commands&permissions=309237763072`,
      });
      expect(INVITE_PERMISSIONS).toBe(309237763072n); // the value README's invite link shows
      const health = `http://127.0.0.1:${healthPort}/healthz`;
      expect(await (await fetch(health)).json()).toMatchObject({ status: 'ok', database: 'ok', gateway: 'ready' });
      expect(await healthcheck({ HEALTH_PORT: String(healthPort) })).toBe(0);
      // Discord goes away: the gateway is no longer ready → unhealthy.
      await emu.stop();
      await waitFor(async () => (await status(health)) === 503, '/healthz to turn 503');
      expect(await (await fetch(health)).json()).toMatchObject({ status: 'unhealthy', database: 'ok' });
      expect(await healthcheck({ HEALTH_PORT: String(healthPort) })).toBe(1);
    } finally {
      bot.child.kill('SIGKILL');
      await emu.stop();
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('network failures at login: refused, TLS, DNS → a plain message naming DISCORD_API_URL, exit 1', { timeout: 60_000 }, async () => {
    const closed = await freePort();
    const plain: Server = createServer((_req, res) => res.end('not tls'));
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', () => r()));
    const plainPort = (plain.address() as AddressInfo).port;
    const data = mkdtempSync(join(tmpdir(), 'rh-net-'));
    try {
      const cases: Array<[string, RegExp]> = [
        [`http://127.0.0.1:${closed}/api`, /connection to 127\.0\.0\.1:\d+ was refused/],
        [`https://127.0.0.1:${plainPort}/api`, /secure \(TLS\) connection to 127\.0\.0\.1:\d+ failed/],
        ['http://red-herring-does-not-exist.invalid/api', /(could not be resolved \(DNS\)|did not answer in time)/],
      ];
      const runs = cases.map(([url], i) => launch({ DISCORD_TOKEN: 'MTIz.abc.def', DISCORD_API_URL: url, DATABASE_PATH: join(data, `n${i}.db`) }));
      for (const [i, [url, why]] of cases.entries()) {
        const bot = runs[i]!;
        expect(await bot.exited, bot.err()).toBe(1);
        expect(bot.err()).toMatch(why);
        expect(bot.err()).toContain(`Check DISCORD_API_URL (${url})`);
        expect(bot.err()).not.toMatch(/\n\s+at /);
      }
    } finally {
      await new Promise((r) => plain.close(r));
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('a database written by a newer build, or missing a column, is refused with exit 2 and left untouched', { timeout: 60_000 }, async () => {
    const data = mkdtempSync(join(tmpdir(), 'rh-db-'));
    try {
      const newest = shippedMigrations().at(-1)!;
      // A database a newer build migrated: one more migration row, newer than any we ship.
      const newer = join(data, 'newer.db');
      openDatabase(newer).$client.close();
      const future = newest.when + 86_400_000;
      const raw = new Database(newer);
      raw.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('f'.repeat(64), future);
      raw.pragma('journal_mode = DELETE');
      raw.close();
      const before = sha(newer);
      const r1 = launch({ DISCORD_TOKEN: 'MTIz.abc.def', DATABASE_PATH: newer });
      expect(await r1.exited).toBe(2);
      expect(r1.err()).toContain(`${newer} was written by a newer Red Herring`);
      expect(r1.err()).toContain(new Date(future).toISOString().slice(0, 16).replace('T', ' '));
      expect(r1.err()).toContain(newest.tag);
      expect(r1.err()).toMatch(/file was not changed/);
      expect(sha(newer)).toBe(before);
      expect(existsSync(`${newer}-wal`)).toBe(false);

      // A column the code needs is gone.
      const broken = join(data, 'broken.db');
      openDatabase(broken).$client.close();
      const b = new Database(broken);
      b.exec('ALTER TABLE game_tables DROP COLUMN board_version');
      b.close();
      const r2 = launch({ DISCORD_TOKEN: 'MTIz.abc.def', DATABASE_PATH: broken });
      expect(await r2.exited).toBe(2);
      expect(r2.err()).toContain(`${broken} does not have the tables this build expects: table game_tables lacks column board_version`);
      expect(r2.err()).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
