/**
 * Configuration (issue 2 §2): defaults, every bad variable named in one message, and the
 * process entry point exiting with code 2 and no stack trace.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATABASE_PATH, loadConfig } from '../../src/config.js';

const ROOT = join(import.meta.dirname, '../..');

describe('loadConfig', () => {
  it('applies the defaults and treats empty optional variables as unset', () => {
    expect(loadConfig({ DISCORD_TOKEN: 'abc.def', LOG_LEVEL: '', DISCORD_API_URL: '', DEV_GUILD_ID: '' })).toEqual({
      discordToken: 'abc.def',
      databasePath: DEFAULT_DATABASE_PATH,
      logLevel: 'info',
      discordApiUrl: null,
      devGuildId: null,
    });
  });

  it('accepts a REST proxy base and a dev guild', () => {
    const c = loadConfig({ DISCORD_TOKEN: 't', DISCORD_API_URL: 'http://127.0.0.1:8080/api', DEV_GUILD_ID: '123456789012345678', LOG_LEVEL: 'debug' });
    expect(c).toMatchObject({ discordApiUrl: 'http://127.0.0.1:8080/api', devGuildId: '123456789012345678', logLevel: 'debug' });
  });

  it('names every bad variable at once, with how to fix it', () => {
    let err: unknown;
    try {
      loadConfig({ LOG_LEVEL: 'loud', DISCORD_API_URL: 'http://x/api/v10', DEV_GUILD_ID: 'abc', DATABASE_PATH: ' ' });
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

describe('process entry point', () => {
  it('exits with code 2 and one plain message when the environment is invalid', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'rh-entry-'));
    try {
      const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/index.ts')], {
        cwd,
        env: { PATH: process.env.PATH, LOG_LEVEL: 'loud', DEV_GUILD_ID: 'abc' },
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
});
