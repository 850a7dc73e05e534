/**
 * The Activity's web server (docs/activity.md): the page, the Embedded App SDK's files, the
 * fonts the pictures are drawn with, the sign-in route and the live WebSocket — all at paths
 * relative to the Activity's root, reached through Discord's proxy (`/.proxy/…` on
 * `<application id>.discordsays.com`, mapped to this server's root by the application's URL
 * mapping; discord-api-docs `developers/activities/development-guides/local-development.mdx`
 * "URL Mapping"). A leading `/.proxy` is taken off, so the same paths work with and without it.
 * No outside host is ever referenced (the page's CSP allows only its own origin).
 *
 * Sign-in (`POST /api/token`): the SDK's `authorize` code is traded for an access token with the
 * client secret (never sent to the browser), the server asks Discord who the token belongs to
 * and whether the Activity instance runs in a server channel with that user in it, and only
 * then opens a session. The WebSocket (`/live`) carries that session's table: states pushed by
 * the hub, moves and hints sent back. Bad input gets a plain message and changes nothing.
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { catalogFor, catalogs } from '../../i18n/index.js';
import type { Logger } from '../../logger.js';
import { isLesson } from '../../tables/lesson-rules.js';
import type { TableService } from '../../tables/service.js';
import type { TableSnapshot } from '../../tables/types.js';
import { PAGE_KIT_FILES, pageKitFolder } from '../../page-kit/files.js';
import { fontFiles } from '../pictures/rasterise.js';
import { actorOfSession, type ActivityHub, type HubClient, type ServerMessage } from './hub.js';
import { OAuthError, type ActivityDiscord } from './oauth.js';
import { Launches, Sessions, tableOfCustomId, type Session } from './sessions.js';

/** Folder of the page's static files (next to this module, in src/ or dist/src/; copied by the build). */
export function activityPageFolder(): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'page');
}

/** Folder of the Embedded App SDK's browser build (its ES modules import only each other). */
export function sdkFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@discord/embedded-app-sdk/package.json')), 'output');
}

/**
 * The page's Content-Security-Policy: its own origin only (Discord's proxy origin in an
 * Activity), for scripts, styles, fonts and the WebSocket; pictures are inline SVG. Framing is
 * left to Discord (the Activity is always framed by Discord's client).
 */
export const ACTIVITY_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
};

/** Largest request body the Activity accepts, bytes. */
export const MAX_ACTIVITY_BODY = 8 * 1024;
/** Largest WebSocket message from a page, bytes. */
export const MAX_SOCKET_MESSAGE = 4 * 1024;
/** How long a new WebSocket may wait before it says hello, ms. */
export const HELLO_TIMEOUT_MS = 10_000;
/** Messages a page may send per second before its socket is closed. */
export const SOCKET_MESSAGES_PER_SECOND = 20;
/** How often idle sockets are pinged (a dead one is closed at the next round), ms. */
export const SOCKET_PING_MS = 30_000;

const tokenBody = z.strictObject({ code: z.string().min(1).max(512), instanceId: z.string().min(1).max(200), customId: z.string().max(100).nullable().optional() });
const socketMessage = z.discriminatedUnion('t', [
  z.strictObject({ t: z.literal('hello'), session: z.string().min(1).max(100) }),
  z.strictObject({ t: z.literal('move'), id: z.number().int().min(0), step: z.number().int().min(0), code: z.string().min(1).max(100) }),
  z.strictObject({ t: z.literal('hint'), id: z.number().int().min(0) }),
]);

/** A refusal with its HTTP status and a plain message. */
class ActivityHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the Activity's server needs. */
export interface ActivityServerDeps {
  hub: ActivityHub;
  service: TableService;
  discord: ActivityDiscord;
  /** The application (client) id, once the bot knows it. */
  clientId: () => string | null;
  launches: Launches;
  logger: Logger;
  sessions?: Sessions;
}

/** The Activity's HTTP routes and WebSocket. */
export class ActivityServer {
  readonly sessions: Sessions;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_MESSAGE });
  private readonly page = new Map<string, { type: string; body: Buffer }>();
  private readonly sdk: string;
  private readonly fonts: Map<string, string>;
  private readonly pinger: NodeJS.Timeout;
  private readonly alive = new WeakSet<WebSocket>();

  constructor(private readonly deps: ActivityServerDeps) {
    this.sessions = deps.sessions ?? new Sessions();
    const folder = activityPageFolder();
    for (const name of readdirSync(folder)) {
      const type = TYPES[extname(name)];
      if (type) this.page.set(name, { type, body: readFileSync(join(folder, name)) });
    }
    // The modules both pages share: the markdown renderer (the log lines and notes are Discord markdown).
    for (const name of PAGE_KIT_FILES) this.page.set(name, { type: TYPES['.js']!, body: readFileSync(join(pageKitFolder(), name)) });
    this.sdk = sdkFolder();
    this.fonts = new Map(fontFiles().map((path) => [path.split(sep).pop()!.replace('.subset', ''), path]));
    this.pinger = setInterval(() => {
      for (const ws of this.wss.clients) {
        if (!this.alive.has(ws)) {
          ws.terminate();
          continue;
        }
        this.alive.delete(ws);
        ws.ping();
      }
    }, SOCKET_PING_MS);
    this.pinger.unref();
  }

  /** Close every WebSocket and stop the timers. */
  close(): void {
    clearInterval(this.pinger);
    for (const ws of this.wss.clients) ws.close(1001, 'server stopping');
    this.wss.close();
  }

  /** The path relative to the Activity's root (Discord's `/.proxy` prefix taken off). */
  static localPath(url: string | undefined): string {
    const path = new URL(url ?? '/', 'http://localhost').pathname;
    return path === '/.proxy' ? '/' : path.startsWith('/.proxy/') ? path.slice('/.proxy'.length) : path;
  }

  /** Answer one HTTP request (never throws; every answer is plain). */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await this.route(req, res);
    } catch (err) {
      if (res.headersSent) {
        res.end();
        return;
      }
      if (err instanceof ActivityHttpError) sendJson(res, err.status, { error: err.message });
      else {
        this.deps.logger.error({ err }, 'activity: request failed');
        sendJson(res, 500, { error: 'The table app hit a bug; try again.' });
      }
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = ActivityServer.localPath(req.url);
    const method = req.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD') {
      if (path === '/' || path === '/index.html') return this.sendPage(res, 'index.html');
      if (path.startsWith('/app/')) return this.sendPage(res, path.slice('/app/'.length));
      if (path.startsWith('/sdk/')) return this.sendSdk(res, path.slice('/sdk/'.length));
      if (path.startsWith('/fonts/')) return this.sendFont(res, path.slice('/fonts/'.length));
      if (path === '/api/config') return sendJson(res, 200, { clientId: this.deps.clientId() });
      if (path === '/api/texts') {
        const lang = new URL(req.url ?? '/', 'http://localhost').searchParams.get('lang');
        return sendJson(res, 200, { texts: catalogFor(lang).activity.page });
      }
    }
    if (method === 'POST' && path === '/api/token') return sendJson(res, 200, await this.signIn(await readJson(req)));
    throw new ActivityHttpError(404, `Nothing at ${path}.`);
  }

  /**
   * Sign in: trade the code, learn the user, check the instance (it runs, in a server channel,
   * with this user in it), open a session. The answer holds the access token (the page hands it
   * to the SDK's `authenticate`) and the session token.
   */
  async signIn(body: unknown): Promise<{ access_token: string; session: string; user: { id: string; name: string } }> {
    const parsed = tokenBody.safeParse(body);
    if (!parsed.success) throw new ActivityHttpError(400, `Invalid sign-in request: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ')}`);
    const { code, instanceId, customId } = parsed.data;
    const en = catalogs.en.activity.signIn;
    try {
      const grant = await this.deps.discord.exchangeCode(code);
      const user = await this.deps.discord.user(grant.accessToken);
      const text = catalogFor(user.locale).activity.signIn;
      const instance = await this.deps.discord.instance(instanceId);
      if (!instance) throw new ActivityHttpError(403, text.noInstance);
      if (!instance.users.includes(user.id)) throw new ActivityHttpError(403, text.notInInstance);
      if (instance.location.kind !== 'gc' || !instance.location.guildId) throw new ActivityHttpError(403, text.notInServer);
      const session = this.sessions.open({
        userId: user.id,
        name: user.globalName || user.username,
        locale: user.locale,
        instanceId,
        guildId: instance.location.guildId,
        channelId: instance.location.channelId,
        customId: customId ?? null,
      });
      return { access_token: grant.accessToken, session: session.token, user: { id: user.id, name: session.name } };
    } catch (err) {
      if (err instanceof ActivityHttpError) throw err;
      if (err instanceof OAuthError) {
        this.deps.logger.warn({ status: err.status, problem: err.message }, 'activity: sign-in refused by Discord');
        throw new ActivityHttpError(err.status === 0 ? 503 : 401, en.discordRefused(err.message));
      }
      throw err;
    }
  }

  /** Take over a WebSocket upgrade for `/live`; false when it is not the Activity's. */
  upgrade(req: IncomingMessage, socket: Socket, head: Buffer): boolean {
    if (ActivityServer.localPath(req.url) !== '/live') return false;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
    return true;
  }

  private accept(ws: WebSocket): void {
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    let client: HubClient | null = null;
    let window = { start: Date.now(), count: 0 };
    const send = (message: ServerMessage | { t: 'signin'; message: string }) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const hello = setTimeout(() => ws.close(4001, 'no hello'), HELLO_TIMEOUT_MS);
    hello.unref();
    ws.on('close', () => {
      clearTimeout(hello);
      if (client) this.deps.hub.remove(client);
    });
    ws.on('message', (data, binary) => {
      const now = Date.now();
      if (now - window.start > 1000) window = { start: now, count: 0 };
      if (++window.count > SOCKET_MESSAGES_PER_SECOND) {
        ws.close(4008, 'too many messages');
        return;
      }
      let parsed;
      try {
        parsed = binary ? null : socketMessage.safeParse(JSON.parse(String(data)));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        send({ t: 'done', id: -1, ok: false, error: 'That message is not one the table app sends.' });
        return;
      }
      const message = parsed.data;
      if (message.t === 'hello') {
        clearTimeout(hello);
        if (client) return;
        const session = this.sessions.get(message.session);
        if (!session) {
          send({ t: 'signin', message: 'session unknown or expired' });
          return;
        }
        void this.open(session, send).then(
          (opened) => {
            if (!opened || ws.readyState !== ws.OPEN) return;
            client = opened;
          },
          (err: unknown) => this.deps.logger.error({ err }, 'activity: could not open a table'),
        );
        return;
      }
      if (!client) {
        send({ t: 'done', id: message.id, ok: false, error: 'Say hello first.' });
        return;
      }
      const task = message.t === 'move' ? this.deps.hub.move(client, message.id, message.step, message.code) : this.deps.hub.hint(client, message.id);
      task.catch((err: unknown) => {
        this.deps.logger.error({ err }, 'activity: a move failed');
        send({ t: 'done', id: message.id, ok: false, error: catalogFor(client?.session.locale).activity.failed });
      });
    });
  }

  /**
   * The table a session shows — the one a shared link's `custom_id` names (in this server), the
   * one its user last opened in this channel, or the channel's open table — subscribed on the
   * hub; null (and a plain message) when there is none.
   */
  private async open(session: Session, send: (m: ServerMessage) => void): Promise<HubClient | null> {
    const text = catalogFor(session.locale);
    let snapshot: TableSnapshot | undefined;
    const named = tableOfCustomId(session.customId) ?? this.deps.launches.tableOf(session.userId, session.channelId);
    if (named !== null) {
      const found = await this.deps.service.reads.snapshot(named);
      // A lesson is private to its learner's panel (docs/lessons.md "What a lesson is"): never shown here.
      if (found && found.table.guildId === session.guildId && !isLesson(found.table)) snapshot = found;
    }
    snapshot ??= await this.deps.service.reads.openTableInChannel(session.channelId);
    if (!snapshot) {
      // Every game's command, as plain text (the page shows no markdown).
      send({ t: 'none', message: text.activity.page.noTable.replace('{commands}', text.common.newCommands(this.deps.hub.registry.modules.map((mod) => mod.command)).replaceAll('`', '')) });
      return null;
    }
    const tableId = snapshot.table.id;
    // A seat opening its table is present (an away seat comes back; its hand is now seen).
    let firstLook = false;
    if (snapshot.table.status === 'active' && snapshot.seats.some((row) => row.userId === session.userId && row.seat !== null && !row.left)) {
      const present = await this.deps.service.play.markPresent(tableId, actorOfSession(session));
      if (present.ok) {
        snapshot = present.value.snapshot;
        firstLook = present.value.firstLook === true;
      }
    }
    const client: HubClient = { session, tableId, send };
    this.deps.hub.add(client, snapshot);
    // The seat's first look at this table is here, not on its panel: the first-table note (hints on,
    // the lesson; a new variant's note) is shown here, once, as the panel would (docs/lessons.md "First table of a game").
    if (firstLook) this.deps.hub.firstLook(client, snapshot);
    return client;
  }

  private sendPage(res: ServerResponse, name: string): void {
    const file = this.page.get(name);
    if (!file) throw new ActivityHttpError(404, `No page file ${name}.`);
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': String(file.body.length),
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      ...(file.type.startsWith('text/html') ? { 'content-security-policy': ACTIVITY_CSP } : {}),
    });
    res.end(file.body);
  }

  /** A file of the SDK's browser build (`output/…`), never outside it. */
  private sendSdk(res: ServerResponse, rel: string): void {
    const path = normalize(join(this.sdk, rel));
    if (!path.startsWith(this.sdk + sep) || !TYPES[extname(path)] || !existsSync(path) || !statSync(path).isFile()) throw new ActivityHttpError(404, `No SDK file ${rel}.`);
    res.writeHead(200, { 'content-type': TYPES[extname(path)]!, 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' });
    createReadStream(path).pipe(res);
  }

  private sendFont(res: ServerResponse, name: string): void {
    const path = this.fonts.get(name);
    if (!path) throw new ActivityHttpError(404, `No font ${name}.`);
    res.writeHead(200, { 'content-type': 'font/ttf', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' });
    createReadStream(path).pipe(res);
  }
}

/** Answer with JSON, never cached. */
function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

/** A JSON body of at most MAX_ACTIVITY_BODY bytes (415 / 413 / 400 otherwise). */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new ActivityHttpError(415, 'The body must be JSON (Content-Type: application/json).');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_ACTIVITY_BODY) throw new ActivityHttpError(413, `The body is larger than ${MAX_ACTIVITY_BODY} bytes.`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch (err) {
    throw new ActivityHttpError(400, `The body is not valid JSON: ${(err as Error).message}`);
  }
}

/**
 * Serve the Activity on its own port (production: ACTIVITY_PORT behind the HTTPS host the
 * application's URL mapping names). Resolves once listening; rejects with the listen error.
 */
export async function startActivityHttp(server: ActivityServer, port: number, host: string): Promise<Server & { port: number }> {
  const http = createServer((req, res) => void server.handle(req, res));
  http.on('upgrade', (req, socket, head) => {
    if (!server.upgrade(req, socket as Socket, head)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  return Object.assign(http, { port: (http.address() as AddressInfo).port });
}
