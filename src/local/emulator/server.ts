/**
 * The HTTP + WebSocket server on 127.0.0.1 (ephemeral port): reads request bodies (JSON or
 * multipart with `payload_json`), hands them to the REST router, and upgrades WebSocket
 * connections to the gateway. `close()` ends every socket so the process can exit.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { Gateway } from './gateway.js';
import type { UploadedFile } from './messages.js';
import type { RawRequest, RestRouter } from './rest-router.js';

/** Split a multipart/form-data body into its JSON payload and files. */
export function parseMultipart(buf: Buffer, contentType: string): { body: unknown; files: UploadedFile[] } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error('multipart body without boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const files: UploadedFile[] = [];
  let body: unknown;
  let pos = buf.indexOf(delimiter);
  while (pos !== -1) {
    const start = pos + delimiter.length;
    if (buf.subarray(start, start + 2).toString() === '--') break;
    const next = buf.indexOf(delimiter, start);
    if (next === -1) break;
    const part = buf.subarray(start + 2, next - 2); // skip CRLF after delimiter and before next
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString();
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? 'application/octet-stream';
    if (name === 'payload_json') body = JSON.parse(content.toString('utf8'));
    else if (filename !== undefined) files.push({ field: name, filename, contentType: type, size: content.length });
    pos = next;
  }
  return { body, files };
}

async function readRequest(req: IncomingMessage): Promise<RawRequest> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const buf = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  const raw: RawRequest = { method: req.method ?? 'GET', url: req.url ?? '/', authorization: req.headers.authorization, body: undefined, files: [] };
  if (buf.length === 0) return raw;
  try {
    if (type.startsWith('multipart/form-data')) Object.assign(raw, parseMultipart(buf, type));
    else raw.body = JSON.parse(buf.toString('utf8'));
  } catch (err) {
    raw.bodyError = err instanceof Error ? err.message : String(err);
  }
  return raw;
}

/** The running server. */
export class EmulatorServer {
  private readonly http: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  private port = 0;

  constructor(
    private readonly router: RestRouter,
    private readonly gateway: Gateway,
  ) {
    this.http = createServer((req, res) => void this.onRequest(req, res));
    // Discord keeps connections open far longer than Node's default 5 s: with the default, a
    // client reusing a socket just as the server drops it gets "other side closed".
    this.http.keepAliveTimeout = 60_000;
    this.http.on('upgrade', (req, socket, head) => {
      this.wss.handleUpgrade(req, socket, head, (ws) => this.gateway.accept(ws, req));
    });
  }

  /** Listen on 127.0.0.1 with an ephemeral port; resolves with the port. */
  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.http.address() as AddressInfo).port;
    return this.port;
  }

  /** `http://127.0.0.1:PORT`. */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
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
    let out;
    try {
      out = this.router.handle(await readRequest(req));
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
