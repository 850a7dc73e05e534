/**
 * Environment configuration, validated with zod. Every problem is reported at once, in one
 * message that names each bad variable and how to fix it (no stack trace).
 *
 * Two modes (README → Configuration):
 * - **Discord**: a bot token is set → the bot logs in to Discord (or DISCORD_API_URL).
 * - **Local play**: no token (or the placeholder), or `LOCAL=1` → the bot runs against the
 *   embedded Discord emulator and a web page (src/local). Under `NODE_ENV=production` a
 *   missing token stays an error unless `LOCAL=1`, so an operator never gets a silent local
 *   page instead of their bot.
 */
import { basename, dirname, extname, join, resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SNOWFLAKE = /^\d{17,20}$/;

/** Local play settings (present only in local mode). */
export interface LocalPlayConfig {
  /** Why local play was chosen: no usable DISCORD_TOKEN, or `LOCAL=1`. */
  reason: 'no-token' | 'forced';
  /** TCP port of the page, its API and the emulator's Discord API (PORT). */
  port: number;
  /** Interface to bind (LOCAL_HOST); anything but a loopback address prints a warning. */
  host: string;
  /** Where the emulator's world (channels, users, messages) is saved, next to the database; null for ':memory:'. */
  worldPath: string | null;
}

/**
 * Running several shard processes under discord.js's ShardingManager (SHARDS, SHARD_IDS;
 * README "Deploy and scale out"). Present only in the process that starts the shards.
 */
export interface ShardingConfig {
  /** Total shard count, or 'auto' (asked from GET /gateway/bot at DISCORD_API_URL at start-up). */
  shards: 'auto' | number;
  /** The shard ids this host runs (SHARD_IDS), ascending; null = all of them. */
  shardIds: number[] | null;
}

/** The one shard a process spawned by the ShardingManager serves (from the manager's environment). */
export interface ShardProcessConfig {
  /** This process's shard id, in [0, count). */
  id: number;
  /** Total shard count across every host. */
  count: number;
}

/** The validated configuration of the bot. */
export interface Config {
  /** Bot token from the Discord developer portal (Bot → Reset Token); '' in local play (the emulator's token is used). */
  discordToken: string;
  /** SQLite file; its folder is created if missing. Unused when `databaseUrl` is set. */
  databasePath: string;
  /** PostgreSQL connection string (DATABASE_URL, postgres://…), or null for SQLite at `databasePath`. */
  databaseUrl: string | null;
  /** Start shard processes (SHARDS set, in the manager process), or null for one bot process. */
  sharding: ShardingConfig | null;
  /** The shard this process serves when the ShardingManager spawned it, else null. */
  shard: ShardProcessConfig | null;
  /** pino level. */
  logLevel: (typeof LOG_LEVELS)[number];
  /** REST base without version (discord.js `rest.api`), e.g. a REST proxy or the test emulator; null = Discord. */
  discordApiUrl: string | null;
  /**
   * DISCORD_REST_PROXY: the address (`http://host:port`, no path) of the one `@discordjs/proxy`
   * (`npm run proxy`, src/rest-proxy.ts) every host of the bot sends its REST requests through,
   * so that one process holds the bot token's global budget for all of them
   * (docs/operations.md "One REST proxy for every host"); null = each host talks to
   * `discordApiUrl` itself. When set, this host's own gate is the whole 50/s (`restGlobalShare` 1).
   */
  restProxyUrl: string | null;
  /** Register commands on this guild only (instant, for development) instead of globally. */
  devGuildId: string | null;
  /** Local play settings, or null when the bot connects to Discord. */
  local: LocalPlayConfig | null;
  /** Port of the `/healthz` endpoint on 127.0.0.1 (HEALTH_PORT), or null for none. */
  healthPort: number | null;
  /**
   * This host's share of the bot token's global REST limit, in (0, 1] (README "Deploy and scale out"):
   * REST_GLOBAL_SHARE, else this host's SHARD_IDS out of SHARDS (when both are numbers), else 1.
   * With SHARDS=auto and SHARD_IDS the share is found at start (`globalShareOf` in sharding.ts).
   * 1 with DISCORD_REST_PROXY (the proxy holds the budget of every host; REST_GLOBAL_SHARE is then refused).
   */
  restGlobalShare: number;
  /** Whether REST_GLOBAL_SHARE was set (it then wins over SHARD_IDS / SHARDS). */
  restGlobalShareSet: boolean;
  /**
   * BOARD_TOKENS (docs/rate-limit.md): 'lend' (default) — a Start or "Show my hand" click lends
   * its interaction token to the board, so board edits skip the global limit while it lives;
   * 'never' — every board edit takes the channel route (bench/shard-budget.ts presses the
   * shared global budget with it).
   */
  boardTokens: 'lend' | 'never';
  /**
   * The table as a Discord Activity (docs/activity.md "Set up on Discord"): DISCORD_CLIENT_SECRET
   * (the OAuth2 client secret the sign-in trades codes with; never sent to a browser) and
   * ACTIVITY_PORT (the Activity's web server on 127.0.0.1, behind the HTTPS host the
   * application's URL mapping names); null when not set up (no Open table button). Local play
   * sets it itself (the emulator's secret, served on the page's port).
   */
  activity: ActivityConfig | null;
}

/** The Activity's settings (Config.activity). */
export interface ActivityConfig {
  /** OAuth2 client secret (Developer Portal → OAuth2). */
  clientSecret: string;
  /** Port of the Activity's own web server on 127.0.0.1; null: served by local play's page server instead. */
  port: number | null;
}

/** Default database location (relative to the working directory). */
export const DEFAULT_DATABASE_PATH = './data/red-herring.db';
/** Default database of local play: never the real bot's file. */
export const DEFAULT_LOCAL_DATABASE_PATH = './data/local.db';
/** Default port of local play (PORT). */
export const DEFAULT_LOCAL_PORT = 3000;
/** Default interface of local play (LOCAL_HOST): this machine only. */
export const DEFAULT_LOCAL_HOST = '127.0.0.1';

/** Whether `text` is an http(s) address with nothing after the host and port (DISCORD_REST_PROXY). */
function isProxyAddress(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
}

/** Token values that mean "not filled in yet" (empty, `<token>`, "your bot token here"…). */
export function isPlaceholderToken(token: string | undefined): boolean {
  if (token === undefined) return true;
  const t = token.trim();
  return t === '' || /^<.*>$/.test(t) || /^(your[-_ ]?)?(bot[-_ ]?)?token([-_ ]?here)?$/i.test(t) || /^(changeme|xxx+)$/i.test(t);
}

/** True for addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The world file of local play for a database path: `data/local.db` → `data/local.world.json`. */
export function worldPathFor(databasePath: string): string | null {
  if (databasePath === ':memory:') return null;
  const base = basename(databasePath, extname(databasePath));
  return join(dirname(databasePath), `${base}.world.json`);
}

/** Largest SHARDS accepted (far above what Discord hands out to one bot). */
export const MAX_SHARDS = 4096;

/** The one wording of a bad port variable (PORT, HEALTH_PORT), whatever is wrong with it. */
const portProblem = (name: string) => `must be a whole port number from 1 to 65535, e.g. ${name}=${name === 'HEALTH_PORT' ? 8081 : 3000}`;

const port = (name: string) =>
  z.coerce.number({ error: portProblem(name) }).int(portProblem(name)).min(1, portProblem(name)).max(65535, portProblem(name));

/**
 * Kernel file systems that hold no files of ours (their folders cannot be created: Node's
 * recursive mkdir never returns under /proc, and the process then ignores SIGTERM). A
 * DATABASE_PATH under one is refused before anything touches it. /dev/shm is ordinary memory
 * storage and stays allowed.
 */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev'];

/**
 * The kernel folder (`/proc`, `/sys`, `/dev`) that `path` lies in once resolved against the
 * working directory, or null (':memory:', ordinary paths, /dev/shm).
 */
export function systemFolderOf(path: string): string | null {
  if (path === ':memory:') return null;
  const absolute = resolve(path);
  if (absolute === '/dev/shm' || absolute.startsWith('/dev/shm/')) return null;
  return SYSTEM_FOLDERS.find((folder) => absolute === folder || absolute.startsWith(`${folder}/`)) ?? null;
}

const schema = z.object({
  DISCORD_TOKEN: z
    .string()
    .trim()
    .refine((s) => !/\s/.test(s), 'contains spaces. Paste the token exactly as the developer portal shows it')
    .optional(),
  DATABASE_PATH: z
    .string()
    .trim()
    .min(1, 'is empty. Remove it to use the default ./data/red-herring.db (./data/local.db in local play), or give a file path')
    .refine((p) => systemFolderOf(p) === null, {
      error: (issue) => `(${String(issue.input)}) is in ${systemFolderOf(String(issue.input))}, a folder of the operating system that holds no files. Give a file path in a folder this user can write to (default ./data/red-herring.db)`,
    })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  DISCORD_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:8080/api (without /v10)' })
    .refine((u) => !/\/v\d+\/?$/.test(u), 'must not end with a version: discord.js appends /v10 itself')
    .optional(),
  DISCORD_REST_PROXY: z
    .string()
    .trim()
    .refine(isProxyAddress, "must be the address of the REST proxy every host shares (npm run proxy): http(s)://host:port without a path, such as http://rest-proxy:8080 (the bot adds /api/v10 itself)")
    .optional(),
  DEV_GUILD_ID: z
    .string()
    .regex(SNOWFLAKE, 'must be a server (guild) id: 17–20 digits (Discord → Server Settings → Widget, or right-click the server → Copy Server ID)')
    .optional(),
  LOCAL: z.enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 (local play even with a token) or 0 (also true / false, yes / no)' }).optional(),
  NODE_ENV: z.string().optional(),
  PORT: port('PORT').optional(),
  LOCAL_HOST: z
    .string()
    .trim()
    .regex(/^[\w.:[\]-]+$/, 'must be an interface address or host name, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)')
    .optional(),
  HEALTH_PORT: port('HEALTH_PORT').optional(),
  ACTIVITY_PORT: port('ACTIVITY_PORT').optional(),
  DISCORD_CLIENT_SECRET: z.string().trim().min(8, 'must be the OAuth2 client secret of the application (Developer Portal → OAuth2 → Client Secret)').optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((u) => /^postgres(ql)?:\/\/[^\s]+$/i.test(u) && URL.canParse(u), 'must be a PostgreSQL connection string: postgres://user:password@host:5432/database (remove it to use SQLite at DATABASE_PATH)')
    .optional(),
  SHARDS: z
    .string()
    .trim()
    .refine((v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_SHARDS), `must be auto (the count Discord recommends) or a whole number of shards from 1 to ${MAX_SHARDS}`)
    .optional(),
  REST_GLOBAL_SHARE: z
    .string()
    .trim()
    .refine(
      (v) => /^(\d+(\.\d*)?|\.\d+)$/.test(v) && Number(v) > 0 && Number(v) <= 1,
      "must be a number above 0 and at most 1: this host's share of the bot's 50 global requests per second, e.g. REST_GLOBAL_SHARE=0.5 when two hosts each run half the shards",
    )
    .optional(),
  BOARD_TOKENS: z
    .string()
    .trim()
    .refine((v) => v === 'lend' || v === 'never', 'must be lend (the default: boards are edited through a recent click\'s interaction token when there is one) or never (every board edit takes the channel route and the global budget; for measuring that budget)')
    .optional(),
  SHARD_IDS: z
    .string()
    .trim()
    .refine((v) => parseShardIds(v) !== null, 'must list shard ids and ranges separated by commas, e.g. 0,1 or 0-3,8 (each a whole number, no repeats)')
    .optional(),
});

/**
 * Parse a SHARD_IDS list (`0,1`, `0-3,8`): the ids ascending, or null when malformed or when
 * an id repeats.
 */
export function parseShardIds(text: string): number[] | null {
  const ids: number[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const range = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from || to >= MAX_SHARDS) return null;
    for (let id = from; id <= to; id++) ids.push(id);
  }
  const sorted = [...ids].sort((a, b) => a - b);
  return sorted.some((id, i) => i > 0 && sorted[i - 1] === id) ? null : sorted;
}

/**
 * The shard the ShardingManager spawned this process for, read from the variables discord.js
 * sets on its children (SHARDING_MANAGER, SHARDS = this shard's id, SHARD_COUNT), or null
 * when this process was not spawned by it.
 */
export function shardProcessFromEnv(env: NodeJS.ProcessEnv): ShardProcessConfig | null {
  if (env.SHARDING_MANAGER !== 'true') return null;
  const id = Number(env.SHARDS);
  const count = Number(env.SHARD_COUNT);
  if (!Number.isInteger(id) || !Number.isInteger(count) || id < 0 || count < 1 || id >= count) return null;
  return { id, count };
}

/**
 * The problems of SHARDS / SHARD_IDS that need more than one variable: several shard
 * processes need PostgreSQL (DATABASE_URL), SHARD_IDS needs SHARDS and ids below it, and
 * local play is one process. Values that do not parse are left to the schema's messages.
 */
function shardingProblems(env: Record<string, string | undefined>, local: boolean): string[] {
  const shards = env.SHARDS?.trim();
  const idsText = env.SHARD_IDS?.trim();
  const problems: string[] = [];
  if (local && (shards !== undefined || idsText !== undefined)) {
    problems.push('SHARDS runs the bot as several Discord shard processes, which local play does not do. Remove SHARDS and SHARD_IDS for local play, or set DISCORD_TOKEN (without LOCAL=1) to connect to Discord');
    return problems;
  }
  if (idsText !== undefined && shards === undefined) problems.push('SHARD_IDS needs SHARDS: set SHARDS to the total number of shards across every host (e.g. SHARDS=4 with SHARD_IDS=0,1 here and SHARD_IDS=2,3 on the other host)');
  const count = shards !== undefined && /^\d+$/.test(shards) ? Number(shards) : null;
  const ids = idsText === undefined ? null : parseShardIds(idsText);
  if (count !== null && ids && ids.some((id) => id >= count)) problems.push(`SHARD_IDS ${idsText} names shard ids outside 0–${count - 1}: with SHARDS=${count}, shard ids run from 0 to ${count - 1}`);
  const several = (count !== null && count > 1) || (ids !== null && ids.length > 1);
  if (several && env.DATABASE_URL === undefined) {
    problems.push(`SHARDS=${shards} runs several bot processes, and they need one shared PostgreSQL database: set DATABASE_URL=postgres://user:password@host:5432/database (SQLite at DATABASE_PATH serves one process only)`);
  }
  return problems;
}

/** Variables read only in local play (not validated otherwise: PORT is often set by hosting platforms). */
const LOCAL_ONLY = new Set(['PORT', 'LOCAL_HOST']);

/**
 * The REST base (without version: discord.js appends `/v10`) the bot's requests go to:
 * DISCORD_REST_PROXY's `/api` (the shared `@discordjs/proxy`, which strips `/api/v10` and
 * forwards to Discord), else DISCORD_API_URL, else null (discord.js's default, Discord).
 */
export function restBaseOf(config: Pick<Config, 'restProxyUrl' | 'discordApiUrl'>): string | null {
  return config.restProxyUrl ? `${config.restProxyUrl}/api` : config.discordApiUrl;
}

/** Thrown by `loadConfig` with a message that lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration problem${problems.length > 1 ? 's' : ''}:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee README.md → Configuration.`);
    this.name = 'ConfigError';
  }
}

/**
 * Validate the environment. Empty strings count as unset for optional variables (so a
 * copied .env.example with blank lines works); an empty or placeholder DISCORD_TOKEN means
 * local play (except under NODE_ENV=production without LOCAL=1). Throws ConfigError
 * listing every problem.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = env[key];
    cleaned[key] = v === undefined || (v.trim() === '' && key !== 'DATABASE_PATH') ? undefined : v;
  }
  // A process spawned by the ShardingManager: SHARDS and SHARD_COUNT are discord.js's own
  // (this shard's id and the total), not the operator's SHARDS.
  const shard = shardProcessFromEnv(env);
  if (shard) {
    cleaned.SHARDS = undefined;
    cleaned.SHARD_IDS = undefined;
  }
  const forced = cleaned.LOCAL !== undefined && ['1', 'true', 'yes'].includes(cleaned.LOCAL);
  const hasToken = !isPlaceholderToken(cleaned.DISCORD_TOKEN);
  const production = cleaned.NODE_ENV === 'production';
  const local = forced || (!hasToken && !production);
  if (!local) for (const key of LOCAL_ONLY) cleaned[key] = undefined;
  const tokenGiven = cleaned.DISCORD_TOKEN;
  if (!hasToken || local) cleaned.DISCORD_TOKEN = undefined;

  const parsed = schema.safeParse(cleaned);
  const problems: string[] = [];
  if (!local && !hasToken) {
    problems.push(
      tokenGiven === undefined
        ? 'DISCORD_TOKEN is missing. Create a Discord application and a bot token (README: "Create the Discord application"), then put DISCORD_TOKEN=<token> in .env — or set LOCAL=1 to try the bot in local play (NODE_ENV=production needs one of the two)'
        : 'DISCORD_TOKEN still holds the placeholder. Paste the bot token from the Discord developer portal (Bot → Reset Token) into .env — or set LOCAL=1 for local play',
    );
  }
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`));
  if (!local && cleaned.DISCORD_REST_PROXY !== undefined && cleaned.REST_GLOBAL_SHARE !== undefined) {
    problems.push('REST_GLOBAL_SHARE divides the bot\'s 50 global requests per second between hosts by hand, and DISCORD_REST_PROXY sends every host\'s requests through one proxy that holds the whole budget: remove REST_GLOBAL_SHARE (docs/operations.md "One REST proxy for every host")');
  }
  // The Activity needs both (docs/activity.md "Set up on Discord"); local play brings its own.
  if (!local && (cleaned.ACTIVITY_PORT === undefined) !== (cleaned.DISCORD_CLIENT_SECRET === undefined)) {
    problems.push(cleaned.ACTIVITY_PORT === undefined ? 'ACTIVITY_PORT is missing: the Activity (DISCORD_CLIENT_SECRET is set) needs the port of its web server, e.g. ACTIVITY_PORT=8082' : 'DISCORD_CLIENT_SECRET is missing: the Activity (ACTIVITY_PORT is set) needs the application\'s OAuth2 client secret');
  }
  problems.push(...shardingProblems(cleaned, local));
  if (problems.length > 0 || !parsed.success) throw new ConfigError([...new Set(problems)]);
  const d = parsed.data;
  const sharding: ShardingConfig | null =
    d.SHARDS === undefined ? null : { shards: d.SHARDS === 'auto' ? 'auto' : Number(d.SHARDS), shardIds: d.SHARD_IDS === undefined ? null : parseShardIds(d.SHARD_IDS) };
  const databasePath = d.DATABASE_PATH ?? (local ? DEFAULT_LOCAL_DATABASE_PATH : DEFAULT_DATABASE_PATH);
  return {
    discordToken: local ? '' : d.DISCORD_TOKEN!,
    databasePath,
    databaseUrl: d.DATABASE_URL ?? null,
    sharding,
    shard,
    // Local play keeps the terminal to its one line: warnings and errors only, unless asked.
    logLevel: d.LOG_LEVEL ?? (local ? 'warn' : 'info'),
    discordApiUrl: local ? null : (d.DISCORD_API_URL ?? null),
    restProxyUrl: local || d.DISCORD_REST_PROXY === undefined ? null : new URL(d.DISCORD_REST_PROXY).origin,
    devGuildId: local ? null : (d.DEV_GUILD_ID ?? null),
    local: local
      ? { reason: forced ? 'forced' : 'no-token', port: d.PORT ?? DEFAULT_LOCAL_PORT, host: d.LOCAL_HOST ?? DEFAULT_LOCAL_HOST, worldPath: worldPathFor(databasePath) }
      : null,
    healthPort: d.HEALTH_PORT ?? null,
    restGlobalShare: !local && d.DISCORD_REST_PROXY !== undefined ? 1 : d.REST_GLOBAL_SHARE !== undefined ? Number(d.REST_GLOBAL_SHARE) : sharding && sharding.shards !== 'auto' && sharding.shardIds ? sharding.shardIds.length / sharding.shards : 1,
    restGlobalShareSet: d.REST_GLOBAL_SHARE !== undefined,
    boardTokens: d.BOARD_TOKENS === 'never' ? 'never' : 'lend',
    activity: !local && d.ACTIVITY_PORT !== undefined && d.DISCORD_CLIENT_SECRET !== undefined ? { clientSecret: d.DISCORD_CLIENT_SECRET, port: d.ACTIVITY_PORT } : null,
  };
}

/** The REST proxy's settings (`npm run proxy`, src/rest-proxy.ts; docs/operations.md "One REST proxy for every host"). */
export interface ProxyConfig {
  /** The bot token whose global budget the proxy holds (DISCORD_TOKEN). */
  discordToken: string;
  /** Discord's REST base without version (DISCORD_API_URL), or null for discord.com. */
  discordApiUrl: string | null;
  /** PROXY_PORT, default 8080. */
  port: number;
  /** PROXY_HOST, default 127.0.0.1 (0.0.0.0 in a container other hosts reach). */
  host: string;
  logLevel: (typeof LOG_LEVELS)[number];
}

/** Default port of the REST proxy (PROXY_PORT). */
export const DEFAULT_PROXY_PORT = 8080;

const proxySchema = z.object({
  DISCORD_TOKEN: schema.shape.DISCORD_TOKEN,
  DISCORD_API_URL: schema.shape.DISCORD_API_URL,
  PROXY_PORT: z.coerce
    .number({ error: 'must be a whole port number from 1 to 65535, e.g. PROXY_PORT=8080' })
    .int('must be a whole port number from 1 to 65535, e.g. PROXY_PORT=8080')
    .min(1, 'must be a whole port number from 1 to 65535, e.g. PROXY_PORT=8080')
    .max(65535, 'must be a whole port number from 1 to 65535, e.g. PROXY_PORT=8080')
    .optional(),
  PROXY_HOST: z
    .string()
    .trim()
    .regex(/^[\w.:[\]-]+$/, 'must be an interface address or host name, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every interface: a container the bot hosts reach)')
    .optional(),
  LOG_LEVEL: schema.shape.LOG_LEVEL,
});

/**
 * Validate the REST proxy's environment (DISCORD_TOKEN required; DISCORD_API_URL, PROXY_PORT,
 * PROXY_HOST, LOG_LEVEL optional; empty strings count as unset). Throws ConfigError listing
 * every problem, each naming its variable.
 */
export function loadProxyConfig(env: NodeJS.ProcessEnv = process.env): ProxyConfig {
  const cleaned: Record<string, string | undefined> = {};
  for (const key of Object.keys(proxySchema.shape)) {
    const v = env[key];
    cleaned[key] = v === undefined || v.trim() === '' ? undefined : v;
  }
  const problems: string[] = [];
  if (isPlaceholderToken(cleaned.DISCORD_TOKEN)) {
    problems.push('DISCORD_TOKEN is missing (or still the placeholder): the REST proxy holds the global budget of one bot token, and needs that token (the same DISCORD_TOKEN as the bot hosts)');
    cleaned.DISCORD_TOKEN = undefined;
  }
  const parsed = proxySchema.safeParse(cleaned);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`));
  if (problems.length > 0 || !parsed.success) throw new ConfigError([...new Set(problems)]);
  const d = parsed.data;
  return { discordToken: d.DISCORD_TOKEN!, discordApiUrl: d.DISCORD_API_URL ?? null, port: d.PROXY_PORT ?? DEFAULT_PROXY_PORT, host: d.PROXY_HOST ?? DEFAULT_LOCAL_HOST, logLevel: d.LOG_LEVEL ?? 'info' };
}
