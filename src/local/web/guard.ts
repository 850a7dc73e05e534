/**
 * What keeps other websites away from the local-play page, which has no login
 * (README → Configuration, "Local play"): requests must name this server in `Host` (an IP
 * literal, localhost or the configured LOCAL_HOST — a DNS-rebinding page sends its own
 * domain; any port, since Docker may map ours to another), browsers' `Origin` must be this
 * server, and action bodies must be
 * `application/json` (a cross-site form cannot send that without a CORS preflight, which
 * this server never grants). Plus the JSON body reader and answer helpers of the page API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/** Largest accepted API body, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** A refusal with its HTTP status and a plain message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Split a Host header into host name and port ('' when absent); IPv6 brackets removed. */
export function parseHostHeader(value: string | undefined): { hostname: string; port: string } | null {
  if (!value) return null;
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!m) return null;
  return { hostname: m[1]!.replace(/^\[|\]$/g, '').toLowerCase(), port: m[2] ?? '' };
}

/** Which Host and Origin values this server answers to. */
export class OriginPolicy {
  /**
   * @param port the port the server listens on
   * @param configuredHost LOCAL_HOST (a name given there is allowed too)
   */
  constructor(
    private readonly port: () => number,
    private readonly configuredHost: string,
  ) {}

  /**
   * True when the Host header names this server: localhost, an IP literal, or LOCAL_HOST. The
   * port is not checked: a port mapping (Docker `-p 8080:3000`) shows another one, and
   * rebinding attacks are told apart by their host name.
   */
  hostAllowed(value: string | undefined): boolean {
    const host = parseHostHeader(value);
    if (!host) return false;
    const configured = this.configuredHost.replace(/^\[|\]$/g, '').toLowerCase();
    return host.hostname === 'localhost' || isIP(host.hostname) !== 0 || host.hostname === configured;
  }

  /** True when an Origin header is absent (not a browser) or is this very server (`http://<Host>`). */
  originAllowed(origin: string | undefined, host: string | undefined): boolean {
    if (origin === undefined) return true;
    return host !== undefined && origin.toLowerCase() === `http://${host.toLowerCase()}`;
  }

  /**
   * Check a request to the page or its API; throws HttpError 403 (wrong Host, another
   * site's Origin or `Sec-Fetch-Site: cross-site`).
   */
  check(req: IncomingMessage): void {
    const host = req.headers.host;
    if (!this.hostAllowed(host)) throw new HttpError(403, `Host "${host ?? ''}" is not this local-play server. Open http://127.0.0.1:${this.port()} instead.`);
    const origin = req.headers.origin;
    if (!this.originAllowed(origin, host)) throw new HttpError(403, `Requests from ${origin} are not allowed: only the local-play page itself may use this API.`);
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Cross-site requests are not allowed.');
  }

  /**
   * Requests to the emulator's Discord API and gateway come from the bot in this process: the
   * right Host and no browser Origin at all.
   */
  allowsBotRequest(req: IncomingMessage): boolean {
    return this.hostAllowed(req.headers.host) && req.headers.origin === undefined && req.headers['sec-fetch-site'] === undefined;
  }
}

/**
 * Read a JSON request body: `application/json` only (415 otherwise), at most MAX_BODY_BYTES
 * (413), valid JSON (400). An empty body reads as `{}`.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'The body must be JSON (Content-Type: application/json).');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `The body is not valid JSON: ${(err as Error).message}`);
  }
}

/** Answer with JSON (no caching; never readable cross-origin: no CORS headers are ever sent). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}
