/**
 * The HTTP + WebSocket server on 127.0.0.1 (ephemeral port by default): reads request bodies
 * (JSON or multipart with `payload_json`), hands them to the REST router, serves attachment
 * bytes (`GET /attachments/…`, see `attachments.ts`), and upgrades WebSocket connections to
 * the gateway. With `HostingOptions` it listens on a chosen port and
 * interface and shares that port with a web handler (local play's page and API: everything
 * outside `/api/`). `close()` ends every socket so the process can exit.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Gateway } from './gateway.js';
import { MAX_REQUEST_BYTES, serveAttachment, uploadIndex, type AttachmentStore, type UploadedFile } from './attachments.js';
import type { RawRequest, RestRouter } from './rest-router.js';

/**
 * Split a multipart/form-data body (as `@discordjs/rest` sends it: a `payload_json` part and
 * `files[n]` parts) into its JSON payload and files, with undici's own form-data parser (the
 * `Request` of Node's fetch). Throws on a malformed body or `payload_json`.
 */
export async function parseMultipart(buf: Buffer, contentType: string): Promise<{ body: unknown; files: UploadedFile[] }> {
  const form = await new Request('http://127.0.0.1/', { method: 'POST', headers: { 'content-type': contentType }, body: buf }).formData();
  const files: UploadedFile[] = [];
  let body: unknown;
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      if (field === 'payload_json') body = JSON.parse(value);
      continue;
    }
    const bytes = Buffer.from(await value.arrayBuffer());
    files.push({ field, index: uploadIndex(field) ?? files.length, filename: value.name, contentType: value.type, size: bytes.length, bytes });
  }
  return { body, files };
}

async function readRequest(req: IncomingMessage): Promise<RawRequest> {
  const raw: RawRequest = { method: req.method ?? 'GET', url: req.url ?? '/', authorization: req.headers.authorization, body: undefined, files: [] };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    // Past the limit the rest is read and dropped (so the answer can still be written).
    if (size <= MAX_REQUEST_BYTES) chunks.push(c as Buffer);
  }
  if (size > MAX_REQUEST_BYTES) {
    raw.tooLarge = true;
    return raw;
  }
  const buf = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (buf.length === 0) return raw;
  try {
    if (type.startsWith('multipart/form-data')) Object.assign(raw, await parseMultipart(buf, type));
    // OAuth2's token route takes a form (activities.ts).
    else if (type.startsWith('application/x-www-form-urlencoded')) raw.body = Object.fromEntries(new URLSearchParams(buf.toString('utf8')));
    else raw.body = JSON.parse(buf.toString('utf8'));
  } catch (err) {
    raw.bodyError = err instanceof Error ? err.message : String(err);
  }
  return raw;
}

/** Where and how the emulator serves (local play); every field is optional. */
export interface HostingOptions {
  /** TCP port; 0 (default) = an ephemeral port. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. A wildcard (0.0.0.0, ::) is reached by the bot as loopback. */
  host?: string;
  /**
   * Handles a request first (before the Discord REST routes); resolves true when it answered.
   * Requests it declines go to the REST router (paths under `/api/`) or get a 404.
   */
  web?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** Decides whether a WebSocket upgrade (the gateway) may proceed; refused ones get 403. */
  acceptUpgrade?: (req: IncomingMessage) => boolean;
  /**
   * Takes over a WebSocket upgrade that is not the gateway's (local play: the Activity's live
   * socket through the emulated proxy); true when it did. Asked before `acceptUpgrade`.
   */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  /** Runs after a REST request was handled and before its answer is written (e.g. save the world). */
  beforeRespond?: () => void;
}

/** The address the bot (in the same process) uses to reach a server bound to `host`. */
export function connectHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The running server. */
export class EmulatorServer {
  private readonly http: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  private port = 0;

  constructor(
    private readonly router: RestRouter,
    private readonly gateway: Gateway,
    private readonly hosting: HostingOptions = {},
    private readonly attachments: AttachmentStore | null = null,
  ) {
    this.http = createServer((req, res) => void this.onRequest(req, res));
    // Discord keeps connections open far longer than Node's default 5 s: with the default, a
    // client reusing a socket just as the server drops it gets "other side closed".
    this.http.keepAliveTimeout = 60_000;
    this.http.on('upgrade', (req, socket, head) => {
      if (this.hosting.upgrade?.(req, socket, head)) return;
      if (this.hosting.acceptUpgrade && !this.hosting.acceptUpgrade(req)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.gateway.accept(ws, req));
    });
  }

  /**
   * Listen on the configured interface and port (default 127.0.0.1, ephemeral); resolves with
   * the port. Rejects with the listen error (`code` EADDRINUSE, EACCES, EADDRNOTAVAIL…).
   */
  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.hosting.port ?? 0, this.hosting.host ?? '127.0.0.1', () => {
        this.http.off('error', reject);
        resolve();
      });
    });
    this.port = (this.http.address() as AddressInfo).port;
    return this.port;
  }

  /** `http://HOST:PORT` as the bot reaches it (`http://127.0.0.1:PORT` by default). */
  get origin(): string {
    return `http://${connectHost(this.hosting.host ?? '127.0.0.1')}:${this.port}`;
  }

  /** The port listened on (0 before `listen`). */
  get listeningPort(): number {
    return this.port;
  }

  /** Close the gateway connections, the WebSocket server and every HTTP connection. */
  async close(): Promise<void> {
    await this.gateway.closeAll('stop');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    const closed = new Promise<void>((resolve) => this.http.close(() => resolve()));
    this.http.closeAllConnections();
    await closed;
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.hosting.web) {
      try {
        if (await this.hosting.web(req, res)) return;
      } catch {
        if (!res.headersSent && !res.destroyed) res.writeHead(500).end();
        return;
      }
    }
    const method = req.method ?? 'GET';
    if (this.attachments && (method === 'GET' || method === 'HEAD') && (req.url ?? '').startsWith('/attachments/')) {
      const file = serveAttachment(this.attachments, new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      res.writeHead(file.status, file.headers).end(method === 'HEAD' ? undefined : file.body);
      return;
    }
    let out;
    try {
      const raw = await readRequest(req);
      const delay = this.router.delayFor(raw);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      out = this.router.handle(raw);
      this.hosting.beforeRespond?.();
    } catch {
      // The client went away mid-request (or the emulator is stopping): nothing to answer.
      if (!res.headersSent && !res.destroyed) res.writeHead(500).end();
      return;
    }
    const headers: Record<string, string> = { ...out.headers };
    if (out.body !== undefined && out.status !== 204) {
      const text = JSON.stringify(out.body);
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(text));
      res.writeHead(out.status, headers).end(text);
    } else {
      res.writeHead(out.status, headers).end();
    }
  }
}
