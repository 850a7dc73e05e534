/**
 * Configuration (README "Configuration"): defaults, every bad variable named in one message, and the
 * process entry point exiting with code 2 and no stack trace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATABASE_PATH, DEFAULT_LOCAL_DATABASE_PATH, loadConfig, loadProxyConfig, restBaseOf } from '../../src/config.js';
import { globalShareOf } from '../../src/sharding.js';

const ROOT = join(import.meta.dirname, '../..');

describe('loadConfig', () => {
  it('applies the defaults and treats empty optional variables as unset', () => {
    expect(loadConfig({ DISCORD_TOKEN: 'abc.def', LOG_LEVEL: '', DISCORD_API_URL: '', DEV_GUILD_ID: '' })).toEqual({
      discordToken: 'abc.def',
      databasePath: DEFAULT_DATABASE_PATH,
      databaseUrl: null,
      sharding: null,
      shard: null,
      logLevel: 'info',
      discordApiUrl: null,
      restProxyUrl: null,
      devGuildId: null,
      local: null,
      healthPort: null,
      restGlobalShare: 1,
      restGlobalShareSet: false,
      boardTokens: 'lend',
      activity: null,
    });
  });

  it('BOARD_TOKENS: lend or never; anything else is named', () => {
    expect(loadConfig({ DISCORD_TOKEN: 't', BOARD_TOKENS: 'never' }).boardTokens).toBe('never');
    expect(loadConfig({ DISCORD_TOKEN: 't', BOARD_TOKENS: 'lend' }).boardTokens).toBe('lend');
    expect(() => loadConfig({ DISCORD_TOKEN: 't', BOARD_TOKENS: 'sometimes' })).toThrow(/BOARD_TOKENS must be lend/);
  });

  it('accepts a REST proxy base and a dev guild', () => {
    const c = loadConfig({ DISCORD_TOKEN: 't', DISCORD_API_URL: 'http://127.0.0.1:8080/api', DEV_GUILD_ID: '123456789012345678', LOG_LEVEL: 'debug' });
    expect(c).toMatchObject({ discordApiUrl: 'http://127.0.0.1:8080/api', devGuildId: '123456789012345678', logLevel: 'debug' });
  });

  it('names every bad variable at once, with how to fix it', () => {
    let err: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'loud', DISCORD_API_URL: 'http://x/api/v10', DEV_GUILD_ID: 'abc', DATABASE_PATH: ' ' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems;
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['DISCORD_TOKEN', 'DATABASE_PATH', 'LOG_LEVEL', 'DISCORD_API_URL', 'DEV_GUILD_ID']);
    expect(problems[0]).toMatch(/Create a Discord application/);
    expect((err as Error).message).toMatch(/README/);
  });
});

describe('local play (README → Quick start)', () => {
  it('starts local play when no token is set, on ./data/local.db, port 3000, 127.0.0.1, quiet log', () => {
    for (const env of [{}, { DISCORD_TOKEN: '' }, { DISCORD_TOKEN: '   ' }, { DISCORD_TOKEN: '<your bot token>' }, { DISCORD_TOKEN: 'your-bot-token-here' }]) {
      expect(loadConfig(env)).toEqual({
        discordToken: '',
        databasePath: DEFAULT_LOCAL_DATABASE_PATH,
        databaseUrl: null,
        sharding: null,
        shard: null,
        logLevel: 'warn',
        discordApiUrl: null,
        restProxyUrl: null,
        devGuildId: null,
        local: { reason: 'no-token', port: 3000, host: '127.0.0.1', worldPath: join('data', 'local.world.json') },
        healthPort: null,
        restGlobalShare: 1,
        restGlobalShareSet: false,
      boardTokens: 'lend',
        activity: null,
      });
    }
  });

  it('LOCAL=1 forces local play even with a token; LOCAL=0 with a token connects to Discord', () => {
    const forced = loadConfig({ DISCORD_TOKEN: 'abc.def', LOCAL: '1' });
    expect(forced.local?.reason).toBe('forced');
    expect(forced.discordToken).toBe('');
    expect(loadConfig({ DISCORD_TOKEN: 'abc.def', LOCAL: '0' }).local).toBeNull();
  });

  it('under NODE_ENV=production a missing token is an error unless LOCAL=1', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DISCORD_TOKEN is missing[\s\S]*LOCAL=1/);
    expect(() => loadConfig({ NODE_ENV: 'production', DISCORD_TOKEN: '<token>' })).toThrow(/placeholder/);
    expect(loadConfig({ NODE_ENV: 'production', LOCAL: '1' }).local?.reason).toBe('forced');
  });

  it('uses DATABASE_PATH, PORT and LOCAL_HOST when given; the world file sits next to the database', () => {
    const c = loadConfig({ DATABASE_PATH: '/tmp/x/my.sqlite', PORT: '4100', LOCAL_HOST: '0.0.0.0', LOG_LEVEL: 'info' });
    expect(c).toMatchObject({ databasePath: '/tmp/x/my.sqlite', logLevel: 'info', local: { port: 4100, host: '0.0.0.0', worldPath: '/tmp/x/my.world.json' } });
    expect(loadConfig({ DATABASE_PATH: ':memory:' }).local?.worldPath).toBeNull();
  });

  it('names bad PORT, LOCAL_HOST and LOCAL values; PORT is not read when connecting to Discord', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: '99999', LOCAL_HOST: 'a b', LOCAL: 'maybe' });
    } catch (e) {
      err = e;
    }
    expect((err as ConfigError).problems.map((p) => p.split(' ')[0])).toEqual(['LOCAL', 'PORT', 'LOCAL_HOST']);
    expect(loadConfig({ DISCORD_TOKEN: 'abc.def', PORT: 'web' }).local).toBeNull();
    expect(() => loadConfig({ DISCORD_TOKEN: 'abc.def', HEALTH_PORT: '0' })).toThrow(/HEALTH_PORT/);
    expect(loadConfig({ DISCORD_TOKEN: 'abc.def', HEALTH_PORT: '8081' }).healthPort).toBe(8081);
  });

  it('sets up the Activity with both DISCORD_CLIENT_SECRET and ACTIVITY_PORT, and names the missing one (docs/activity.md)', () => {
    expect(loadConfig({ DISCORD_TOKEN: 'abc.def' }).activity).toBeNull();
    expect(loadConfig({ DISCORD_TOKEN: 'abc.def', DISCORD_CLIENT_SECRET: 'a-client-secret', ACTIVITY_PORT: '8082' }).activity).toEqual({ clientSecret: 'a-client-secret', port: 8082 });
    expect(() => loadConfig({ DISCORD_TOKEN: 'abc.def', DISCORD_CLIENT_SECRET: 'a-client-secret' })).toThrow(/ACTIVITY_PORT is missing/);
    expect(() => loadConfig({ DISCORD_TOKEN: 'abc.def', ACTIVITY_PORT: '8082' })).toThrow(/DISCORD_CLIENT_SECRET is missing/);
    expect(() => loadConfig({ DISCORD_TOKEN: 'abc.def', DISCORD_CLIENT_SECRET: 'a-client-secret', ACTIVITY_PORT: '0' })).toThrow(/ACTIVITY_PORT/);
  });

  it('words every bad PORT the same way (not a number, a fraction, out of range)', () => {
    const problem = (PORT: string) => {
      try {
        loadConfig({ PORT });
      } catch (e) {
        return (e as ConfigError).problems;
      }
      return [];
    };
    for (const bad of ['web', '3.5', '0', '99999']) expect(problem(bad)).toEqual(['PORT must be a whole port number from 1 to 65535, e.g. PORT=3000']);
  });

  it('refuses a DATABASE_PATH in /proc, /sys or /dev before touching it; /dev/shm is a folder like any other', () => {
    for (const path of ['/proc/self/rh.db', '/proc/x/y/local.db', '/sys/kernel/rh.db', '/dev/rh.db']) {
      expect(() => loadConfig({ DATABASE_PATH: path })).toThrow(new RegExp(`DATABASE_PATH \\(${path.replace(/[/.]/g, '\\$&')}\\) is in /(proc|sys|dev), a folder of the operating system`));
    }
    expect(loadConfig({ DATABASE_PATH: '/dev/shm/rh.db' }).databasePath).toBe('/dev/shm/rh.db');
    expect(loadConfig({ DATABASE_PATH: './process/rh.db' }).databasePath).toBe('./process/rh.db');
  });
});

describe('process entry point', () => {
  it('exits with code 2 and one plain message when the environment is invalid', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'rh-entry-'));
    try {
      const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/index.ts')], {
        cwd,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'loud', DEV_GUILD_ID: 'abc' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/DISCORD_TOKEN is missing/);
      expect(r.stderr).toMatch(/LOG_LEVEL must be one of/);
      expect(r.stderr).toMatch(/DEV_GUILD_ID must be a server/);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('local play says on Ctrl-C that the games are saved, and where', { timeout: 60_000 }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'rh-entry-'));
    try {
      const port = String(20_000 + Math.floor(Math.random() * 20_000));
      const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/index.ts')], { cwd, env: { PATH: process.env.PATH!, PORT: port } });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const deadline = Date.now() + 45_000;
      while (!out.includes('Local play: open') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(out).toMatch(/Local play: open http:\/\/127\.0\.0\.1:\d+/);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(out).toMatch(/Local play stopped\. The games and the local server are saved \(\.\/data\/local\.db and data\/local\.world\.json\): `npm start` continues where you left off\./);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('exits with code 2 and the plain message for a DATABASE_PATH under /proc (it used to hang in mkdir)', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'rh-entry-'));
    try {
      const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/index.ts')], {
        cwd,
        env: { PATH: process.env.PATH, DATABASE_PATH: '/proc/self/fdinfo/x/rh.db' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/DATABASE_PATH \(\/proc\/self\/fdinfo\/x\/rh\.db\) is in \/proc/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

const PG = 'postgres://u:p@db:5432/rh';

/** The problems a ConfigError lists, or [] when `load` succeeds. */
function problemsOf(load: () => unknown): string[] {
  try {
    load();
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('DISCORD_REST_PROXY (the bot hosts)', () => {
  it('sends REST to the proxy at /api, and makes this host\'s own gate the whole 50/s whatever its SHARD_IDS', () => {
    const c = loadConfig({ DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARDS: '4', SHARD_IDS: '0,1', DISCORD_REST_PROXY: 'http://rest-proxy:8080' });
    expect(c.restProxyUrl).toBe('http://rest-proxy:8080');
    expect(restBaseOf(c)).toBe('http://rest-proxy:8080/api');
    expect(c.restGlobalShare).toBe(1);
    expect(globalShareOf(c, { totalShards: 4, shardIds: [0, 1], spawnDelayMs: 5500 })).toBe(1);
    // Without it: DISCORD_API_URL (or Discord), and SHARD_IDS out of SHARDS.
    const without = loadConfig({ DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARDS: '4', SHARD_IDS: '0,1', DISCORD_API_URL: 'http://emu:1/api' });
    expect(restBaseOf(without)).toBe('http://emu:1/api');
    expect(without.restGlobalShare).toBe(0.5);
    expect(loadConfig({ DISCORD_TOKEN: 't.t', DISCORD_REST_PROXY: 'https://10.0.0.5:8443/' }).restProxyUrl).toBe('https://10.0.0.5:8443');
  });

  it('names DISCORD_REST_PROXY in one message for a value that is not a proxy address, and refuses REST_GLOBAL_SHARE beside it', () => {
    for (const value of ['rest-proxy:8080', 'ftp://rest-proxy:8080', 'http://rest-proxy:8080/api', 'http://rest-proxy:8080/?x=1', 'not a url']) {
      const problems = problemsOf(() => loadConfig({ DISCORD_TOKEN: 't.t', DISCORD_REST_PROXY: value }));
      expect(problems, value).toHaveLength(1);
      expect(problems[0], value).toMatch(/^DISCORD_REST_PROXY must be /);
    }
    const both = problemsOf(() => loadConfig({ DISCORD_TOKEN: 't.t', DISCORD_REST_PROXY: 'http://rest-proxy:8080', REST_GLOBAL_SHARE: '0.5' }));
    expect(both).toHaveLength(1);
    expect(both[0]).toMatch(/^REST_GLOBAL_SHARE divides .* remove REST_GLOBAL_SHARE/);
  });
});

describe('npm run proxy (its environment; docs/operations.md "One REST proxy for every host")', () => {
  it('defaults: port 8080 on 127.0.0.1, Discord upstream', () => {
    expect(loadProxyConfig({ DISCORD_TOKEN: 'a.b' })).toEqual({ discordToken: 'a.b', discordApiUrl: null, port: 8080, host: '127.0.0.1', logLevel: 'info' });
    expect(loadProxyConfig({ DISCORD_TOKEN: 'a.b', PROXY_PORT: '9000', PROXY_HOST: '0.0.0.0', DISCORD_API_URL: 'http://emu:1/api', LOG_LEVEL: 'debug' })).toEqual({
      discordToken: 'a.b',
      discordApiUrl: 'http://emu:1/api',
      port: 9000,
      host: '0.0.0.0',
      logLevel: 'debug',
    });
  });
});
