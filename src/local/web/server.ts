/**
 * The local-play web front: on the emulator's own port it serves the page (static files from
 * `src/local/page`, copied to `dist/src/local/page` by the build, and the modules it shares
 * with the Activity's page, `src/page-kit`), the JSON API
 * (`/local/api/…`, see api.ts), a Server-Sent Events stream of changes
 * (`/local/api/events`: `change` with the world revision, `violation` when the emulator
 * refused a bot request) and `/healthz`. Requests for the emulator's Discord API (`/api/…`)
 * and its gateway pass through only when they come from the bot (right Host, no browser
 * Origin). Every answer is JSON; nothing here throws into the HTTP server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiscordEmulator } from '../emulator/index.js';
import { PAGE_KIT_FILES, pageKitFolder } from '../../page-kit/files.js';
import type { LocalApi } from './api.js';
import { HttpError, readJsonBody, sendJson, type OriginPolicy } from './guard.js';

/** Folder of the page's static files (next to this module's folder, in src/ or dist/src/). */
export function pageFolder(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'page');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** The page's Content-Security-Policy: its own scripts and styles only, never framed; it frames only this server's own Activity (`/.proxy/`, docs/activity.md). */
export const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A problem the page should show as a red banner (and that was logged). */
export interface Banner {
  time: number;
  kind: string;
  message: string;
}

/** How often a live stream gets a keep-alive comment, in ms. */
const KEEPALIVE_MS = 15_000;
/** Change notifications are sent at most this often per client, in ms. */
const CHANGE_THROTTLE_MS = 40;

/** The web front of local play. */
export class LocalWeb {
  private readonly files = new Map<string, { type: string; body: Buffer }>();
  private readonly streams = new Set<ServerResponse>();
  private readonly banners: Banner[] = [];
  private pendingChange: NodeJS.Timeout | null = null;
  private readonly keepalive: NodeJS.Timeout;

  /**
   * @param emu the emulator whose port this shares
   * @param api the page API
   * @param policy Host / Origin checks
   * @param health the `/healthz` answer: HTTP status and JSON
   * @param beforeRespond runs after an action and before its answer is written (save the world)
   */
  constructor(
    private readonly emu: DiscordEmulator,
    private readonly api: LocalApi,
    private readonly policy: OriginPolicy,
    private readonly health: () => { ok: boolean; body: unknown } | Promise<{ ok: boolean; body: unknown }>,
    private readonly beforeRespond: () => void = () => undefined,
    /** The Activity's routes under `/.proxy` (docs/activity.md "Try it in local play"), as Discord's proxy serves them; false: none. */
    private readonly proxy: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean> = () => false,
  ) {
    const folder = pageFolder();
    for (const name of readdirSync(folder)) {
      const type = TYPES[extname(name)];
      if (type) this.files.set(name, { type, body: readFileSync(join(folder, name)) });
    }
    // The modules the page shares with the Activity's page (the markdown renderer), served as its own.
    for (const name of PAGE_KIT_FILES) this.files.set(name, { type: TYPES['.js']!, body: readFileSync(join(pageKitFolder(), name)) });
    this.keepalive = setInterval(() => {
      for (const s of this.streams) s.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    this.keepalive.unref();
  }

  /** Tell every open page that the world changed (throttled). */
  notifyChange(): void {
    if (this.pendingChange) return;
    this.pendingChange = setTimeout(() => {
      this.pendingChange = null;
      this.broadcast('change', { revision: this.emu.revision });
    }, CHANGE_THROTTLE_MS);
  }

  /** Show a problem on every open page (and on pages opened later: the last 20 are kept). */
  banner(b: Banner): void {
    this.banners.push(b);
    if (this.banners.length > 20) this.banners.shift();
    this.broadcast('banner', b);
  }

  /** Close every live stream (at shutdown) and stop the timers. */
  close(): void {
    clearInterval(this.keepalive);
    if (this.pendingChange) clearTimeout(this.pendingChange);
    for (const s of this.streams) s.end();
    this.streams.clear();
  }

  /**
   * Handle a request if it is for the page, its API or /healthz (true), refuse a Discord API
   * request that does not come from the bot (true), or leave it to the emulator (false): the
   * bot's API requests and, once the page's own checks passed, attachment files.
   */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path.startsWith('/api/')) {
      if (this.policy.allowsBotRequest(req)) return false;
      sendJson(res, 403, { message: 'Only the bot may use the emulated Discord API.', code: 0 });
      return true;
    }
    try {
      this.policy.check(req);
      // Attachment files (pictures of messages) are served by the emulator itself.
      if (path.startsWith('/attachments/') && (req.method === 'GET' || req.method === 'HEAD')) return false;
      await this.route(req, res, url);
    } catch (err) {
      if (res.headersSent) {
        res.end();
      } else if (err instanceof HttpError) {
        sendJson(res, err.status, { error: err.message });
      } else {
        sendJson(res, 500, { error: `Local play hit a bug: ${(err as Error).message}` });
      }
    }
    return true;
  }

  private async route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === '/healthz' && method === 'GET') {
      const h = await this.health();
      return sendJson(res, h.ok ? 200 : 503, h.body);
    }
    if (method === 'GET' && (path === '/' || path === '/index.html')) return this.sendFile(res, 'index.html');
    if (method === 'GET' && path.startsWith('/page/')) return this.sendFile(res, path.slice('/page/'.length));
    if ((path === '/.proxy' || path.startsWith('/.proxy/')) && (await this.proxy(req, res))) return;
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (path === '/local/api/view' && method === 'GET') {
      return sendJson(res, 200, { ...this.api.view(url.searchParams.get('as') ?? undefined, url.searchParams.get('channel') ?? undefined), banners: this.banners });
    }
    if (path === '/local/api/events' && method === 'GET') return this.openStream(req, res);
    if (path.startsWith('/local/api/')) {
      if (method !== 'POST') throw new HttpError(405, `${method} is not allowed here; actions are POST with a JSON body.`);
      const body = await readJsonBody(req);
      const answer = await this.api.act(path.slice('/local/api/'.length), body);
      // What the user sees as done is on disk first (a SIGKILL loses at most a request in flight).
      this.beforeRespond();
      return sendJson(res, 200, answer);
    }
    throw new HttpError(404, `Nothing at ${path}. Open / for the local-play page.`);
  }

  private sendFile(res: ServerResponse, name: string): void {
    const file = this.files.get(name);
    if (!file) throw new HttpError(404, `No page file ${name}.`);
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': String(file.body.length),
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      ...(file.type.startsWith('text/html') ? { 'content-security-policy': PAGE_CSP } : {}),
    });
    res.end(file.body);
  }

  private openStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write(`retry: 1000\nevent: change\ndata: ${JSON.stringify({ revision: this.emu.revision })}\n\n`);
    this.streams.add(res);
    req.on('close', () => this.streams.delete(res));
  }

  private broadcast(event: string, data: unknown): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const s of this.streams) s.write(frame);
  }
}
