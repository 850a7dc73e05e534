/**
 * REST routing: route table types, path matching with percent-decoded segments, Discord
 * error bodies, bot authorization, injected faults (`faults.ts`), Discord's rate limits when
 * enabled (`rate-limits.ts`), and recording of every request and violation.
 */
import type { EmulatorCore } from './interactions.js';
import { MAX_UPLOAD_BYTES, uploadBytes, type UploadedFile } from './attachments.js';
import { RateLimiter } from './rate-limits.js';
import type { RequestKind } from './request-kinds.js';
import { describeProblems, type Problem } from './validation.js';
import type { JsonObject, Violation } from './types.js';
import type { MessageRecord } from './records.js';

/** What a route handler gets. */
export interface RouteContext {
  core: EmulatorCore;
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  files: UploadedFile[];
  /** The request's Authorization header (routes that take a Bearer token or client credentials read it). */
  authorization: string | undefined;
}

/** What a route handler answers. */
export interface RouteResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Validation problems: the request is recorded as an `invalid-body` violation. */
  problems?: Problem[];
  /** Any other violation to record. */
  violation?: Omit<Violation, 'time' | 'method' | 'path' | 'route'>;
}

/** A REST route. */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** e.g. `/channels/:channel/messages/:message` (relative to `/api/v10`). */
  pattern: string;
  /** Requires `Authorization: Bot <token>`. */
  auth: boolean;
  /** Has a per-channel message bucket for its method (when rate limits are enabled). */
  channelRateLimited?: boolean;
  handler: (ctx: RouteContext) => RouteResponse;
}

/** A Discord JSON error answer. */
export function apiError(status: number, code: number, message: string, extra: JsonObject = {}): RouteResponse {
  return { status, body: { message, code, ...extra } };
}

/** 200 with a JSON body. */
export function ok(body: unknown, status = 200): RouteResponse {
  return { status, body };
}

/** 204 No Content. */
export function noContent(): RouteResponse {
  return { status: 204 };
}

/** Route parameters that are not snowflakes. */
const FREE_PARAMS: Record<string, RegExp> = {
  token: /^[\w.-]+$/,
  emoji: /./u,
  message: /^(\d{1,20}|@original)$/,
  // An Activity instance id: `i-<launch id>-gc-<guild id>-<channel id>`.
  instance: /^[\w-]{1,200}$/,
};

/**
 * Match `segments` against a route pattern; returns the params or null. Id parameters must
 * look like snowflakes (so `/messages/bulk-delete` is not taken for a message id).
 */
export function matchPattern(pattern: string, segments: string[]): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const s = segments[i]!;
    if (p.startsWith(':')) {
      const name = p.slice(1);
      if (!(FREE_PARAMS[name] ?? /^\d{1,20}$/).test(s)) return null;
      params[name] = s;
    } else if (p !== s) return null;
  }
  return params;
}

/** Everything needed to answer one HTTP request. */
export interface RawRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
  files: UploadedFile[];
  /** Set when the body could not be parsed. */
  bodyError?: string;
  /** Set when the body was larger than `MAX_REQUEST_BYTES` (it was not parsed). */
  tooLarge?: boolean;
}

/** The answer to send. */
export interface RawResponse {
  status: number;
  body?: unknown;
  headers: Record<string, string>;
}

/** Routes requests, enforces auth and rate limits, records requests and violations. */
export class RestRouter {
  private limiter: RateLimiter | null = null;

  constructor(
    private readonly core: EmulatorCore,
    private readonly routes: RouteDef[],
  ) {}

  /** The limiter for the current `rateLimit` setting (a new one, with fresh windows, when it changed). */
  private rateLimiter(): RateLimiter | null {
    const settings = this.core.state.opts.rateLimit;
    if (!settings) return (this.limiter = null);
    if (this.limiter?.settings !== settings) this.limiter = new RateLimiter(settings);
    return this.limiter;
  }

  /** How long (ms) to hold `req` before handling it: the `webhookEditDelayMs` option for webhook message edits. */
  delayFor(req: RawRequest): number {
    const delay = this.core.state.opts.webhookEditDelayMs;
    return delay > 0 && req.method === 'PATCH' && /\/webhooks\/[^/]+\/[^/]+\/messages\//.test(req.url) ? delay : 0;
  }

  /** The message a route's `:message` parameter names (`@original` through the `:token`'s interaction), if known. */
  private namedMessage(params: Record<string, string>): MessageRecord | undefined {
    const { state } = this.core;
    let id = params.message;
    if (id === '@original') id = (params.token ? state.interactionsByToken.get(params.token)?.originalMessageId : undefined) ?? undefined;
    return id ? state.messages.get(id) : undefined;
  }

  /** Answer one request. */
  handle(req: RawRequest): RawResponse {
    const { state } = this.core;
    const time = Date.now();
    const url = new URL(req.url, 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams.entries());
    const rawSegments = url.pathname.split('/').filter(Boolean);
    let segments: string[];
    try {
      segments = rawSegments.map((s) => decodeURIComponent(s));
    } catch {
      segments = rawSegments;
    }
    if (segments[0] === 'api') segments = segments.slice(/^v\d+$/.test(segments[1] ?? '') ? 2 : 1);
    const path = `/${segments.join('/')}`;
    let routeName = '?';
    let res: RouteResponse;
    let extraHeaders: Record<string, string> = {};
    let counted: { kind: RequestKind; globalRoute: boolean } | undefined;
    const violate = (v: Omit<Violation, 'time' | 'method' | 'path' | 'route'>) =>
      state.violation({ ...v, method: req.method, path, route: routeName, body: req.body });

    const candidates = this.routes.map((r) => ({ r, params: matchPattern(r.pattern, segments) })).filter((c) => c.params);
    const match = candidates.find((c) => c.r.method === req.method);
    if (!url.pathname.startsWith('/api/') || candidates.length === 0) {
      res = apiError(404, 0, '404: Not Found');
      violate({ kind: 'unknown-route', message: `${req.method} ${url.pathname} is not a Discord route the emulator knows` });
    } else if (!match) {
      res = apiError(405, 0, '405: Method Not Allowed');
      violate({ kind: 'unknown-route', message: `${req.method} is not allowed on ${candidates[0]!.r.pattern}` });
    } else {
      routeName = `${match.r.method} ${match.r.pattern}`;
      const params = match.params!;
      // Counted by kind before the handler changes the message it names (request-kinds.ts).
      counted = state.requestCounter.count(req.method, match.r.pattern, req.body, this.namedMessage(params));
      if (match.r.auth && req.authorization !== `Bot ${state.token}`) {
        res = apiError(401, 0, '401: Unauthorized');
        violate({ kind: 'unauthorized', message: `${routeName} without a valid "Bot <token>" Authorization header` });
      } else if (req.tooLarge || uploadBytes(req.files) > MAX_UPLOAD_BYTES) {
        // Discord answers an upload over the limit with 413 / 40005 before reading the body.
        res = apiError(413, 40005, 'Request entity too large');
        violate({ kind: 'invalid-body', message: `${routeName}: uploads over ${MAX_UPLOAD_BYTES} bytes` });
      } else if (req.bodyError) {
        res = apiError(400, 50109, 'The request body contains invalid JSON.');
        violate({ kind: 'invalid-body', message: `${routeName}: ${req.bodyError}` });
      } else {
        // An injected fault (faults.ts) answers before the rate limits and the route: nothing changes.
        const injected = this.core.faults?.intercept(match.r, time);
        const rl = injected ? undefined : this.rateLimiter()?.take(match.r, params, time);
        if (rl) extraHeaders = rl.headers;
        if (injected) {
          res = injected;
        } else if (rl?.refusal) {
          res = { status: 429, body: rl.refusal };
        } else {
          try {
            res = match.r.handler({ core: this.core, method: req.method, path, params, query, body: req.body, files: req.files, authorization: req.authorization });
          } catch (err) {
            res = apiError(500, 0, '500: Internal Server Error (discord-emulator bug)');
            violate({ kind: 'internal', message: `Emulator error on ${routeName}: ${err instanceof Error ? err.stack ?? err.message : String(err)}` });
          }
          if (res.problems?.length) {
            violate({ kind: 'invalid-body', message: `${routeName} rejected: ${describeProblems(res.problems).join('; ')}`, problems: describeProblems(res.problems), errors: (res.body as JsonObject | undefined)?.errors as JsonObject | undefined });
          }
          if (res.violation) violate(res.violation);
        }
      }
    }
    // Discord's invalid-request limit counts every 401, 403 and 429 but shared-scope 429s
    // (`developers/topics/rate-limits.mdx` "Invalid Request Limit aka Cloudflare bans").
    if ((res.status === 401 || res.status === 403 || res.status === 429) && res.headers?.['X-RateLimit-Scope'] !== 'shared' && extraHeaders['X-RateLimit-Scope'] !== 'shared') {
      state.invalidRequests.push({ time, status: res.status, code: Number((res.body as JsonObject | undefined)?.code ?? 0), method: req.method, path, route: routeName });
    }
    state.recordRequest({ method: req.method, path, route: routeName, query, status: res.status, body: req.body, response: res.body, time, ...(counted ?? {}) });
    state.log(`${req.method} ${path} → ${res.status}${res.status >= 400 ? ` ${JSON.stringify(res.body)}` : ''}`);
    state.changed();
    return { status: res.status, body: res.body, headers: { ...extraHeaders, ...(res.headers ?? {}) } };
  }
}
