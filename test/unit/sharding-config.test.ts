/**
 * SHARDS, SHARD_IDS and DATABASE_URL (README "Deploy and scale out"): what parses, what is refused
 * with which plain message, and how SHARDS=auto asks GET /gateway/bot at DISCORD_API_URL.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseShardIds, shardProcessFromEnv } from '../../src/config.js';
import { DiscordEmulator } from '../../src/local/emulator/index.js';
import { fetchGatewayBot, planShards, ShardCountError } from '../../src/sharding.js';

const PG = 'postgres://bot:secret@db.internal:5432/redherring';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('SHARDS, SHARD_IDS and DATABASE_URL', () => {
  it('parses a PostgreSQL URL and shard settings', () => {
    const c = loadConfig({ DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARDS: '4', SHARD_IDS: '2-3' });
    expect(c.databaseUrl).toBe(PG);
    expect(c.sharding).toEqual({ shards: 4, shardIds: [2, 3] });
    expect(c.shard).toBeNull();
    expect(loadConfig({ DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARDS: 'auto' }).sharding).toEqual({ shards: 'auto', shardIds: null });
    // One shard on SQLite is one process: allowed.
    expect(loadConfig({ DISCORD_TOKEN: 't.t', SHARDS: '1' }).sharding).toEqual({ shards: 1, shardIds: null });
  });

  it('parses shard id lists and ranges, refusing repeats and junk', () => {
    expect(parseShardIds('0,1')).toEqual([0, 1]);
    expect(parseShardIds('8, 0-3')).toEqual([0, 1, 2, 3, 8]);
    expect(parseShardIds('1,1')).toBeNull();
    expect(parseShardIds('0-2,2')).toBeNull();
    expect(parseShardIds('3-1')).toBeNull();
    expect(parseShardIds('a')).toBeNull();
    expect(parseShardIds('')).toBeNull();
  });

  it('refuses several shards on SQLite, SHARD_IDS without SHARDS or outside it, and bad values — all in one message', () => {
    expect(problemsOf({ DISCORD_TOKEN: 't.t', SHARDS: '2' }).join('\n')).toMatch(/SHARDS=2 runs several bot processes.*need one shared PostgreSQL database: set DATABASE_URL=postgres:\/\//);
    expect(problemsOf({ DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARD_IDS: '0' }).join('\n')).toMatch(/SHARD_IDS needs SHARDS/);
    expect(problemsOf({ DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARDS: '2', SHARD_IDS: '1,2' }).join('\n')).toMatch(/SHARD_IDS 1,2 names shard ids outside 0–1/);
    const many = problemsOf({ DISCORD_TOKEN: 't.t', DATABASE_URL: 'mysql://x', SHARDS: 'lots', SHARD_IDS: '1;2' });
    expect(many.find((p) => p.startsWith('DATABASE_URL'))).toMatch(/PostgreSQL connection string: postgres:\/\//);
    expect(many.find((p) => p.startsWith('SHARDS'))).toMatch(/auto .* or a whole number of shards/);
    expect(many.find((p) => p.startsWith('SHARD_IDS'))).toMatch(/e\.g\. 0,1 or 0-3,8/);
    expect(problemsOf({ DISCORD_TOKEN: 't.t', SHARDS: '0' }).join('\n')).toMatch(/SHARDS must be auto/);
  });

  it('refuses SHARDS in local play, which is one process', () => {
    expect(problemsOf({ LOCAL: '1', SHARDS: '2', DATABASE_URL: PG }).join('\n')).toMatch(/local play does not do/);
  });

  it("reads a shard process's own shard from the ShardingManager's variables, not the operator's SHARDS", () => {
    const env = { DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '2', SHARD_IDS: '0,1' };
    const c = loadConfig(env);
    expect(c.shard).toEqual({ id: 1, count: 2 });
    expect(c.sharding).toBeNull();
    expect(shardProcessFromEnv({ SHARDS: '1', SHARD_COUNT: '2' })).toBeNull();
    expect(shardProcessFromEnv({ SHARDING_MANAGER: 'true', SHARDS: '2', SHARD_COUNT: '2' })).toBeNull();
  });
});

describe('SHARDS=auto', () => {
  it("takes the count from GET /gateway/bot at DISCORD_API_URL (the emulator's), never discord.com", async () => {
    const emu = await DiscordEmulator.start({ shards: 3 });
    try {
      expect(await fetchGatewayBot(emu.apiBase, emu.token)).toEqual({ shards: 3, maxConcurrency: 1 });
      const config = loadConfig({ DISCORD_TOKEN: emu.token, DISCORD_API_URL: emu.apiBase, DATABASE_URL: PG, SHARDS: 'auto', SHARD_IDS: '1-2' });
      expect(await planShards(config)).toEqual({ totalShards: 3, shardIds: [1, 2], spawnDelayMs: 5500 });
      const wrongToken = loadConfig({ DISCORD_TOKEN: 'not.the.token', DISCORD_API_URL: emu.apiBase, DATABASE_URL: PG, SHARDS: 'auto' });
      await expect(planShards(wrongToken)).rejects.toThrow(/DISCORD_TOKEN was rejected/);
      // auto resolving to more shards than SHARD_IDS allows, or to several on SQLite, is a configuration problem (exit 2).
      const outside = loadConfig({ DISCORD_TOKEN: emu.token, DISCORD_API_URL: emu.apiBase, DATABASE_URL: PG, SHARDS: 'auto', SHARD_IDS: '3' });
      await expect(planShards(outside)).rejects.toMatchObject({ kind: 'config', message: expect.stringMatching(/SHARD_IDS names shard 3/) });
      const sqlite = loadConfig({ DISCORD_TOKEN: emu.token, DISCORD_API_URL: emu.apiBase, SHARDS: 'auto' });
      const refused = await planShards(sqlite).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(ShardCountError);
      expect((refused as ShardCountError).kind).toBe('config');
      expect((refused as Error).message).toMatch(/means 3 shards.*DATABASE_URL/s);
    } finally {
      await emu.stop();
    }
  });

  it('says so when the API cannot be reached', async () => {
    const config = loadConfig({ DISCORD_TOKEN: 't.t', DISCORD_API_URL: 'http://127.0.0.1:9/api', DATABASE_URL: PG, SHARDS: 'auto' });
    await expect(planShards(config)).rejects.toMatchObject({ kind: 'start', message: expect.stringMatching(/could not ask http:\/\/127\.0\.0\.1:9\/api\/v10\/gateway\/bot/) });
  });
});

describe('docker-compose.yml', () => {
  it("the bot service's environment parses with the config schema: PostgreSQL, SHARDS=auto", async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { parse } = await import('yaml');
    const compose = parse(readFileSync(join(import.meta.dirname, '..', '..', 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string>; depends_on?: unknown }>;
    };
    const vars = { DISCORD_TOKEN: 'MTA.example.token', POSTGRES_PASSWORD: 'compose-secret_1' };
    // Substitute ${NAME} and ${NAME:?message} as compose does, from the .env values above.
    const substitute = (value: string) => value.replace(/\$\{(\w+)(?::\?[^}]*)?\}/g, (_, name: string) => vars[name as keyof typeof vars] ?? '');
    const env = Object.fromEntries(Object.entries(compose.services.bot!.environment!).map(([k, v]) => [k, substitute(String(v))]));
    // The image sets NODE_ENV=production.
    const config = loadConfig({ ...env, NODE_ENV: 'production' });
    expect(config.databaseUrl).toBe('postgres://redherring:compose-secret_1@postgres:5432/redherring');
    expect(config.sharding).toEqual({ shards: 'auto', shardIds: null });
    expect(config.local).toBeNull();
    expect(config.healthPort).toBe(8081);
    const pgEnv = compose.services.postgres!.environment!;
    expect(config.databaseUrl).toContain(`${pgEnv.POSTGRES_USER}:`);
    expect(config.databaseUrl!.endsWith(`/${pgEnv.POSTGRES_DB}`)).toBe(true);
  });
});
