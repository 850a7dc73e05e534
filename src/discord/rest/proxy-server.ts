/**
 * One REST proxy for every host of the bot (docs/operations.md "One REST proxy for every host"):
 * discord.js's own `@discordjs/proxy` (`proxyRequests`) on an HTTP port, in front of Discord (or
 * DISCORD_API_URL). Each host sets DISCORD_REST_PROXY to it, so every request of the bot token
 * goes through this one process, and this process holds the token's global budget for all of
 * them — no static division by REST_GLOBAL_SHARE, a quiet host's share is free for a busy one.
 *
 * What it adds around `proxyRequests` (a REST client of `@discordjs/rest` does the forwarding,
 * per-route buckets included):
 * - **The global budget** is the bot's own (./global-budget.ts `LocalGlobalGate`, 50 per 1,050 ms
 *   counted from answers; ./global-route.ts `globalRouteRequest`: a global 429 pauses every
 *   request, then one probe), not `@discordjs/rest`'s client-side 50/s, which would also queue
 *   the interaction webhooks (follow-ups, panel edits) that Discord does not count
 *   (docs/rate-limit.md "Per committed move", its paragraph on discord.js); interaction routes
 *   go straight through.
 * - **One token**: a request carrying an Authorization header other than this bot's is refused
 *   (401, nothing sent to Discord), and one without any is forwarded only on an interaction
 *   route (the token is in the URL): the budget it holds is this token's, and it relays
 *   nothing else.
 * - **No retries here** (`retries: 0`): a 5xx or an abort goes back to the host, whose
 *   discord.js retries it as it would against Discord. A request refused by Discord's global
 *   limit GLOBAL_429_RETRIES + 1 times (each after the proxy's pause) is answered as Discord
 *   answers it — 429, `X-RateLimit-Global`, `Retry-After`, `{ retry_after, global: true }` — so a
 *   host pauses and sends it again exactly as it would against Discord (`proxyRequests` alone
 *   would answer a bare 429 with Retry-After, which discord.js takes for a per-route sublimit).
 * - Request bodies are read once into memory (`bufferedBody`) so that a request sent again
 *   after a global 429 carries its body again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequests } from '@discordjs/proxy';
import { DefaultRestOptions, DiscordAPIError, REST } from '@discordjs/rest';
import type { Logger } from '../../logger.js';
import { DISCORD_GLOBAL_PER_SECOND, LocalGlobalGate } from './global-budget.js';
import { GlobalRateLimitError, globalRouteRequest, isInteractionUrl } from './global-route.js';

/** Where and how the proxy runs. */
export interface RestProxyOptions {
  /** The bot token whose budget the proxy holds (DISCORD_TOKEN). */
  token: string;
  /** Discord's REST base without version (DISCORD_API_URL, e.g. the emulator's), or null for discord.com. */
  upstream: string | null;
  /** Port to listen on (0: any free port). */
  port: number;
  /** Interface to listen on. */
  host: string;
  logger: Logger;
  /** Global requests per second it lets through, default DISCORD_GLOBAL_PER_SECOND (50). */
  perSecond?: number;
}

/** A running proxy. */
export interface RestProxy {
  /** The port it listens on. */
  port: number;
  /** Its address as DISCORD_REST_PROXY wants it: `http://host:port`. */
  url: string;
  /** Stop listening, end open connections and drop queued requests. */
  close(): Promise<void>;
}

/** A path with the interaction token (a secret) of `/webhooks/{app}/{token}` or `/interactions/{id}/{token}` hidden, for logs. */
export function loggablePath(path: string): string {
  return path.replace(/^(\/api(?:\/v\d+)?)?\/(webhooks|interactions)\/(\d+)\/[^/?]+/, (_m, api: string | undefined, kind: string, id: string) => `${api ?? ''}/${kind}/${id}/:token`).replace(/\?.*$/, '');
}

/** Whether `req` may be forwarded for a bot whose Authorization header is `auth` (see the module comment). */
export function admissible(req: IncomingMessage, auth: string): boolean {
  const given = req.headers.authorization;
  if (given !== undefined) return given === auth;
  return isInteractionUrl(new URL(req.url ?? '/', 'http://proxy').href);
}

/** A request init whose body is read into one Buffer (a stream can be sent only once; a Buffer again after a 429). */
async function bufferedBody<I extends { body?: unknown }>(init: I): Promise<I> {
  const body = init.body as { [Symbol.asyncIterator]?: unknown } | null | undefined;
  if (body == null || typeof body !== 'object' || typeof body[Symbol.asyncIterator] !== 'function' || body instanceof Uint8Array) return init;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return { ...init, body: Buffer.concat(chunks) };
}

/**
 * Start the proxy: `@discordjs/proxy`'s `proxyRequests` behind the checks above, listening on
 * `opts.host`:`opts.port`. Each answered request is logged at debug level (method, path with
 * interaction tokens hidden, status, ms spent in the proxy, budget wait included). Rejects
 * when the port cannot be opened.
 */
export async function startRestProxy(opts: RestProxyOptions): Promise<RestProxy> {
  const { logger } = opts;
  const gate = new LocalGlobalGate({ perWindow: opts.perSecond ?? DISCORD_GLOBAL_PER_SECOND, logger });
  const gated = globalRouteRequest(gate, (url, init) => DefaultRestOptions.makeRequest(url, init));
  // The answer being written, for the headers of a global 429 (proxyRequests writes status and body).
  const answering = new AsyncLocalStorage<ServerResponse>();
  const makeRequest: typeof DefaultRestOptions.makeRequest = async (url, init) => {
    try {
      return await gated(url, await bufferedBody(init));
    } catch (err) {
      if (!(err instanceof GlobalRateLimitError)) throw err;
      const res = answering.getStore();
      if (res && !res.headersSent) {
        res.setHeader('X-RateLimit-Global', 'true');
        res.setHeader('X-RateLimit-Scope', 'global');
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
      }
      // proxyRequests answers a DiscordAPIError with its status and body, as Discord sent them.
      throw new DiscordAPIError({ message: 'You are being rate limited.', retry_after: err.retryAfterMs / 1000, global: true } as never, 0, 429, err.method, url, { body: undefined, files: undefined });
    }
  };
  const rest = new REST({ ...(opts.upstream ? { api: opts.upstream } : {}), globalRequestsPerSecond: Infinity, retries: 0, makeRequest }).setToken(opts.token);
  const forward = proxyRequests(rest);
  const auth = `Bot ${opts.token}`;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const path = loggablePath(req.url ?? '/');
    if (!admissible(req, auth)) {
      res.statusCode = 401;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ message: '401: Unauthorized (this REST proxy serves one bot token)', code: 0 }));
      logger.warn({ method: req.method, path }, 'REST proxy refused a request for another token');
      return;
    }
    // proxyRequests ends the answer itself; an error it does not know (the upstream unreachable)
    // is thrown after it ended the answer with whatever status was set: 502, not an empty 200.
    res.statusCode = 502;
    res.on('finish', () => logger.debug({ method: req.method, path, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'proxied'));
    Promise.resolve(answering.run(res, () => forward(req, res))).catch((err: unknown) => logger.warn({ err, method: req.method, path }, 'REST proxy could not forward a request'));
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  logger.info({ host: opts.host, port, upstream: opts.upstream ?? 'discord.com', perSecond: opts.perSecond ?? DISCORD_GLOBAL_PER_SECOND }, 'REST proxy listening');
  return {
    port,
    url: `http://${shown === '0.0.0.0' || shown === '[::]' ? '127.0.0.1' : shown}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        gate.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
