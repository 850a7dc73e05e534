/**
 * Discord's REST rate limits as the emulator enforces them (docs/discord.md §4), when
 * the `rateLimit` option is set:
 *
 * - **Global**: at most `globalPerSecond` (default 50) requests per second on every
 *   bot-authorised route. Interaction endpoints are exempt, as Discord documents ("Interaction
 *   endpoints are not bound to the bot's Global Rate Limit"): the initial callback
 *   (`/interactions/{id}/{token}/callback`) and the interaction webhook routes
 *   (`/webhooks/{app}/{token}/…`: follow-ups, reading / editing / deleting responses).
 *   Over the limit → 429 with `X-RateLimit-Global: true`, `X-RateLimit-Scope: global`,
 *   `Retry-After` and a body `{ message, retry_after, global: true }`.
 * - **Per channel and method**: message create (`POST /channels/{c}/messages`) and message
 *   edit (`PATCH /channels/{c}/messages/{m}`) each have their own bucket per channel,
 *   `limit` requests per `windowMs` (default 5 per 5 s: Discord does not publish the
 *   numbers; this is what has been observed). Every answer on these routes carries
 *   `X-RateLimit-Limit`, `-Remaining`, `-Reset` (Unix seconds), `-Reset-After` (seconds)
 *   and `-Bucket`; over the limit → 429 with `X-RateLimit-Scope: user`, `Retry-After` and
 *   `{ message, retry_after, global: false }`.
 *
 * Windows are fixed: a window opens with the first request after the previous one ended
 * and lasts `windowMs` (1 s for the global limit). `Retry-After` is whole seconds rounded up
 * and `retry_after` is seconds with millisecond precision, as in Discord's documented
 * examples. A request refused by the global limit uses no per-channel budget; every other
 * request on a non-exempt route counts against the global limit (429s included).
 */
/**
 * What the limiter reads of a route (a `RouteDef` of ./rest-router.ts is one; named here so
 * the limiter does not import the router that uses it).
 */
export interface LimitedRoute {
  method: string;
  /** e.g. `/channels/:channel/messages` (relative to `/api/v10`). */
  pattern: string;
  /** Has a per-channel message bucket for its method. */
  channelRateLimited?: boolean;
}

/** Resolved rate-limit settings (see `RateLimitOptions` in types.ts). */
export interface ResolvedRateLimits {
  /** Message create / edit requests per window, per channel and method. */
  limit: number;
  /** Length of a per-channel window in ms. */
  windowMs: number;
  /** Requests per second on non-interaction routes, or null for no global limit. */
  globalPerSecond: number | null;
}

/** What the limiter decided for one request. */
export interface RateLimitDecision {
  /** Headers to add to the answer (empty for routes without a bucket). */
  headers: Record<string, string>;
  /** Set when the request is refused: the 429 body. */
  refusal: { message: string; retry_after: number; global: boolean } | null;
  /** `global` or `user` when refused, else null. */
  scope: 'global' | 'user' | null;
}

/** A fixed window. */
interface Window {
  start: number;
  count: number;
}

/** The route patterns whose requests are not bound to the global limit. */
export function isInteractionRoute(pattern: string): boolean {
  return pattern.startsWith('/interactions/') || pattern.startsWith('/webhooks/');
}

/** Opaque, stable bucket ids (Discord's are hashes; one per route bucket, the same across channels). */
const BUCKET_IDS: Record<string, string> = {
  POST: '3f1d6a0c2b7e4c59a9d1e8f2b6c4a7d0',
  PATCH: '9b2e47c1d5a8f03e6c1b9d7a2e5f8c43',
};

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/** The emulator's REST rate limiter (global + per channel and method). */
export class RateLimiter {
  private global: Window = { start: -Infinity, count: 0 };
  private readonly channels = new Map<string, Window>();
  private sweptAt = 0;

  constructor(readonly settings: ResolvedRateLimits) {}

  /**
   * Count one request to `route` (with its path `params`) arriving at `now` (Unix ms) and
   * decide whether it goes through. Routes outside both limits get empty headers.
   */
  take(route: LimitedRoute, params: Record<string, string>, now: number): RateLimitDecision {
    const pass: RateLimitDecision = { headers: {}, refusal: null, scope: null };
    if (isInteractionRoute(route.pattern)) return pass;
    const { globalPerSecond } = this.settings;
    if (globalPerSecond !== null) {
      if (now - this.global.start >= 1000) this.global = { start: now, count: 0 };
      if (this.global.count >= globalPerSecond) {
        const wait = this.global.start + 1000 - now;
        return {
          headers: { 'retry-after': String(Math.ceil(wait / 1000)), 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
          refusal: { message: 'You are being rate limited.', retry_after: Number(seconds(wait)), global: true },
          scope: 'global',
        };
      }
      this.global.count++;
    }
    const bucket = BUCKET_IDS[route.method];
    if (!route.channelRateLimited || !bucket || !params.channel) return pass;
    return this.takeChannel(bucket, route.method, params.channel, now);
  }

  private takeChannel(bucket: string, method: string, channelId: string, now: number): RateLimitDecision {
    const { limit, windowMs } = this.settings;
    this.sweep(now);
    const key = `${method} ${channelId}`;
    let w = this.channels.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      this.channels.set(key, w);
    }
    const refused = w.count >= limit;
    if (!refused) w.count++;
    const resetAt = w.start + windowMs;
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - w.count)),
      'x-ratelimit-reset': seconds(resetAt),
      'x-ratelimit-reset-after': seconds(resetAt - now),
      'x-ratelimit-bucket': bucket,
    };
    if (!refused) return { headers, refusal: null, scope: null };
    headers['retry-after'] = String(Math.ceil((resetAt - now) / 1000));
    headers['x-ratelimit-scope'] = 'user';
    return { headers, refusal: { message: 'You are being rate limited.', retry_after: Number(seconds(resetAt - now)), global: false }, scope: 'user' };
  }

  /** Drop windows that ended long ago (bounded memory over many channels). */
  private sweep(now: number): void {
    if (now - this.sweptAt < 10 * this.settings.windowMs) return;
    this.sweptAt = now;
    for (const [key, w] of this.channels) if (now - w.start >= this.settings.windowMs) this.channels.delete(key);
  }
}
