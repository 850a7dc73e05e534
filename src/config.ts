/**
 * Environment configuration, validated with zod. Every problem is reported at once, in one
 * message that names each bad variable and how to fix it (no stack trace).
 */
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SNOWFLAKE = /^\d{17,20}$/;

/** The validated configuration of the bot. */
export interface Config {
  /** Bot token from the Discord developer portal (Bot → Reset Token). */
  discordToken: string;
  /** SQLite file; its folder is created if missing. */
  databasePath: string;
  /** pino level. */
  logLevel: (typeof LOG_LEVELS)[number];
  /** REST base without version (discord.js `rest.api`), e.g. a REST proxy or the test emulator; null = Discord. */
  discordApiUrl: string | null;
  /** Register commands on this guild only (instant, for development) instead of globally. */
  devGuildId: string | null;
}

/** Default database location (relative to the working directory). */
export const DEFAULT_DATABASE_PATH = './data/red-herring.db';

const schema = z.object({
  DISCORD_TOKEN: z
    .string({ error: 'is missing. Create a Discord application and a bot token (README: "Create the Discord application"), then put DISCORD_TOKEN=<token> in .env' })
    .trim()
    .min(1, 'is empty. Paste the bot token from the Discord developer portal (Bot → Reset Token) into .env')
    .refine((s) => !/\s/.test(s), 'contains spaces. Paste the token exactly as the developer portal shows it'),
  DATABASE_PATH: z
    .string()
    .trim()
    .min(1, 'is empty. Remove it to use the default ./data/red-herring.db, or give a file path')
    .default(DEFAULT_DATABASE_PATH),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  DISCORD_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:8080/api (without /v10)' })
    .refine((u) => !/\/v\d+\/?$/.test(u), 'must not end with a version: discord.js appends /v10 itself')
    .optional(),
  DEV_GUILD_ID: z
    .string()
    .regex(SNOWFLAKE, 'must be a server (guild) id: 17–20 digits (Discord → Server Settings → Widget, or right-click the server → Copy Server ID)')
    .optional(),
});

/** Thrown by `loadConfig` with a message that lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration problem${problems.length > 1 ? 's' : ''}:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee README.md → Configuration.`);
    this.name = 'ConfigError';
  }
}

/**
 * Validate the environment. Empty strings count as unset for optional variables (so a
 * copied .env.example with blank lines works). Throws ConfigError listing every problem.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = env[key];
    cleaned[key] = v === undefined || (v.trim() === '' && key !== 'DISCORD_TOKEN' && key !== 'DATABASE_PATH') ? undefined : v;
  }
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`);
    throw new ConfigError([...new Set(problems)]);
  }
  const d = parsed.data;
  return {
    discordToken: d.DISCORD_TOKEN,
    databasePath: d.DATABASE_PATH,
    logLevel: d.LOG_LEVEL,
    discordApiUrl: d.DISCORD_API_URL ?? null,
    devGuildId: d.DEV_GUILD_ID ?? null,
  };
}
