/**
 * Local play (README → Quick start): the real bot runs against the embedded Discord emulator,
 * and a web page on the same port shows that emulator's server as a Discord client would.
 *
 * `startLocalPlay` loads the saved world (next to the database), starts the emulator on
 * LOCAL_HOST:PORT with the page and its API on the same port, builds the bot with the
 * emulator's URL and token, and resolves once the bot is ready. From then on the world is
 * saved after every change (atomically, before each emulator answer), and every request the
 * emulator refuses as Discord would is logged and shown as a banner on the page.
 */
import type { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import type { App, AppOptions } from '../app.js';
import type { Config } from '../config.js';
import { probeHealth } from '../health.js';
import type { Logger } from '../logger.js';
import { DiscordEmulator, type Violation } from './emulator/index.js';
import { LocalApi } from './web/api.js';
import { OriginPolicy } from './web/guard.js';
import { PageState } from './web/page-state.js';
import { LocalWeb } from './web/server.js';
import { readWorldFile, WorldSaver } from './world-file.js';

/** Name of the emulated server of a new local world. */
export const LOCAL_GUILD_NAME = 'Red Herring (local)';
/** Simulated users of a new local world; the first one owns the server. */
export const LOCAL_STARTING_USERS = ['Ana', 'Ben', 'Cleo'] as const;
/** Text channels of a new local world. */
export const LOCAL_STARTING_CHANNELS = ['general', 'game-night', 'testing'] as const;
/** Entries kept of the emulator's request / gateway / violation logs in a long session. */
const LOG_ENTRIES_KEPT = 500;

/** The port could not be used (taken, privileged, or the address does not exist here). */
export class LocalPortError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
    readonly code: string,
  ) {
    super(
      code === 'EADDRINUSE'
        ? `Port ${port} is already in use on ${host} (another Red Herring, or another program). Stop it, or choose another port: PORT=${port + 1} npm start`
        : code === 'EACCES'
          ? `Port ${port} on ${host} needs more privileges than this user has. Choose a port above 1023, e.g. PORT=3000.`
          : `Cannot listen on ${host}:${port} (${code}). Check LOCAL_HOST (an address of this machine, e.g. 127.0.0.1) and PORT.`,
    );
    this.name = 'LocalPortError';
  }
}

/** A running local-play session. */
export interface LocalPlay {
  /** The page's address, e.g. `http://127.0.0.1:3000`. */
  url: string;
  emulator: DiscordEmulator;
  /** The bot (rebuilt from the same config on every start). */
  app: App;
  /** World saves so far (count, bytes). */
  saves: { writes: number; bytes: number };
  /** Save the world, stop the bot, close the page streams and the port. Safe to call twice. */
  stop(): Promise<void>;
}

/** What `startLocalPlay` needs besides the config. */
export interface LocalPlayOptions {
  logger: Logger;
  /** Builds the bot (src/app.ts `createApp`); passed in so tests and the entry point share it. */
  createApp: (config: Config, opts: AppOptions) => App;
  /** Extra options for the bot (tests: clock, seeds). */
  appOptions?: Partial<AppOptions>;
}

/**
 * Start local play from a config whose `local` is set. Throws WorldFileUnreadableError (bad
 * world file), LocalPortError (port unusable), DatabaseOpenError from the bot's database, or
 * whatever the bot's start-up throws; nothing keeps running after a throw.
 */
export async function startLocalPlay(config: Config, opts: LocalPlayOptions): Promise<LocalPlay> {
  const local = config.local;
  if (!local) throw new Error('startLocalPlay needs a local-play config (config.local)');
  const { logger } = opts;
  const world = local.worldPath ? readWorldFile(local.worldPath) : null;
  const page = PageState.from(world?.extras);
  const policy = new OriginPolicy(() => emulator?.port ?? local.port, local.host);
  let web: LocalWeb | null = null;
  let saver: WorldSaver | null = null;
  let app: App | null = null;
  let emulator: DiscordEmulator | undefined;
  try {
    emulator = await DiscordEmulator.start(
      {
        guildName: LOCAL_GUILD_NAME,
        channelName: LOCAL_STARTING_CHANNELS[0],
        debug: (line) => logger.trace({ emulator: line }, 'emulator'),
        // The table as a Discord Activity (docs/activity.md "Try it in local play"): the page's Open table works.
        activities: true,
        // Pictures are kept beside the world file (not in it), bounded like in memory.
        ...(local.worldPath ? { attachmentDir: join(dirname(local.worldPath), 'local.attachments') } : {}),
      },
      {
        port: local.port,
        host: local.host,
        ...(world ? { world } : {}),
        web: (req, res) => (web ? web.handle(req, res) : unavailable(res)),
        // The Activity's live socket through the emulated proxy (`/.proxy/live`), for this server's own pages only.
        upgrade: (req, socket, head) => {
          if (!app?.activity || !isActivityPath(req.url)) return false;
          if (!policy.hostAllowed(req.headers.host) || !policy.originAllowed(req.headers.origin, req.headers.host)) {
            socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
            return true;
          }
          return app.activity.upgrade(req, socket as Socket, head);
        },
        acceptUpgrade: (req) => policy.allowsBotRequest(req),
        beforeRespond: () => saver?.flush(),
      },
    );
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw new LocalPortError(local.host, local.port, code);
    throw err;
  }
  const emu = emulator;
  try {
    if (!world) seedWorld(emu);
    if (local.worldPath) {
      const path = local.worldPath;
      saver = new WorldSaver(
        path,
        () => emu.revision,
        () => {
          page.prune((id) => emu.message(id) !== undefined);
          return emu.snapshot({ dropMessage: (m) => m.ephemeral && page.dismissedByAnyone(m.id), extras: page.toJSON() });
        },
        (err) => logger.error({ err, path }, 'local play: could not save the world file'),
      );
      saver.flush();
    }
    const api = new LocalApi(emu, page, () => {
      emu.touch();
    });
    web = new LocalWeb(
      emu,
      api,
      policy,
      () => probeHealth(app),
      () => saver?.flush(),
      async (req, res) => {
        if (!app?.activity) return false;
        await app.activity.handle(req, res);
        return true;
      },
    );
    let violationsSeen = emu.violations.length;
    emu.onChange(() => {
      const violations = emu.violations;
      if (violations.length > violationsSeen) for (const v of violations.slice(violationsSeen)) reportViolation(v, logger, web!);
      violationsSeen = violations.length;
      if (violations.length > LOG_ENTRIES_KEPT * 2 || emu.requests.length > LOG_ENTRIES_KEPT * 2 || emu.gatewayFrames.length > LOG_ENTRIES_KEPT * 2) {
        emu.trimLogs(LOG_ENTRIES_KEPT);
        violationsSeen = emu.violations.length;
      }
      saver?.schedule();
      web?.notifyChange();
    });
    // The Activity is served on this port under `/.proxy` (as Discord's proxy would), signing in against the emulator.
    const appConfig: Config = { ...config, discordToken: emu.token, discordApiUrl: emu.apiBase, devGuildId: null, activity: { clientSecret: emu.activities.clientSecret, port: null } };
    app = opts.createApp(appConfig, { logger, ...opts.appOptions });
    await app.start();
  } catch (err) {
    await app?.stop().catch(() => undefined);
    web?.close();
    await emu.stop();
    throw err;
  }
  const running = app;
  const url = `http://${displayHost(local.host)}:${emu.port}`;
  let stopped = false;
  return {
    url,
    emulator: emu,
    app: running,
    get saves() {
      return saver?.stats ?? { writes: 0, bytes: 0 };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await running.stop().catch((err: unknown) => logger.error({ err }, 'local play: the bot did not stop cleanly'));
      saver?.close();
      web?.close();
      await emu.stop();
    },
  };
}

/** A new world: the starting users (the first owns the server) and channels. */
function seedWorld(emu: DiscordEmulator): void {
  const [owner, ...others] = LOCAL_STARTING_USERS;
  emu.renameUser(emu.guild.ownerId, owner);
  for (const name of others) emu.addUser(name);
  for (const name of LOCAL_STARTING_CHANNELS.slice(1)) emu.addChannel(name);
}

/** How the printed URL names the interface: wildcards are reached as 127.0.0.1. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function unavailable(res: import('node:http').ServerResponse): boolean {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"error":"Local play is starting; try again in a moment."}');
  return true;
}

/** A request Discord would have refused: in the log (with its details) and on the page. */
function reportViolation(v: Violation, logger: Logger, web: LocalWeb): void {
  logger.error({ kind: v.kind, route: v.route, problems: v.problems, violation: v.message }, 'local play: Discord would refuse this request from the bot');
  const where = v.route && v.route !== '?' ? `${v.route}: ` : '';
  web.banner({ time: v.time, kind: v.kind, message: `${where}${v.problems?.length ? v.problems.join('; ') : v.message}` });
}

/** A path of the Activity as Discord's proxy serves it (`/.proxy/…`, docs/activity.md "Try it in local play"). */
export function isActivityPath(url: string | undefined): boolean {
  const path = new URL(url ?? '/', 'http://localhost').pathname;
  return path === '/.proxy' || path.startsWith('/.proxy/');
}
