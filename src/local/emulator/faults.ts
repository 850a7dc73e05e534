/**
 * Fault injection in front of the REST routes (README "What happens when…"): for a while,
 * every bot request on a non-interaction route gets a 5xx or a 429 instead of reaching its
 * route — Discord having an outage, or rate-limiting the bot globally or on every route.
 * Interaction routes (the callback and the interaction webhooks, `isInteractionRoute`) pass,
 * as they run on Discord's side apart from the bot's REST traffic, so clicks can still be
 * answered while boards and pings fail. Nothing behind a refused request changes.
 *
 * Gateway faults (dropping the connection, resumable or not) live in gateway.ts (`drop`).
 */
import { isInteractionRoute, type LimitedRoute } from './rate-limits.js';

/** A REST fault: what every non-interaction request gets while it lasts. */
export type RestFault =
  | {
      kind: 'server-error';
      /** The status answered (default 502: Discord's edge without a backend). */
      status?: 500 | 502 | 503 | 504;
      /** How long the fault lasts, ms. */
      durationMs: number;
    }
  | {
      kind: 'rate-limit';
      /** `global`: the bot's global limit (X-RateLimit-Global); `route`: the route's own bucket (scope "user"). */
      scope: 'global' | 'route';
      /** The `retry_after` announced with each 429, ms (default 1,000). */
      retryAfterMs?: number;
      /** How long the fault lasts, ms. */
      durationMs: number;
    };

/** What a fault did: requests it refused, by status, and when it ran (Unix ms). */
export interface FaultRecord {
  fault: RestFault;
  startedAt: number;
  endsAt: number;
  /** Requests answered with the fault's status instead of reaching their route. */
  refused: number;
  /** Refused requests per route (`METHOD /pattern`). */
  byRoute: Record<string, number>;
}

/** Hash-looking bucket id for the route-scoped 429s (Discord's are opaque). */
const FAULT_BUCKET = 'f4u17b0c7e1a9d2c6b8e0f3a5d7c9b1e';

/** The REST fault currently injected, if any, and the record of every fault so far. */
/**
 * The answer an injected fault gives instead of a route's handler (a `RouteResponse` of
 * ./rest-router.ts; named here so this layer does not import the router that uses it).
 */
export interface FaultResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export class FaultInjector {
  private current: FaultRecord | null = null;
  /** Every REST fault injected, oldest first. */
  readonly history: FaultRecord[] = [];

  /** Start `fault` now (replacing one still running); returns its record (counts grow while it runs). */
  startRest(fault: RestFault, now: number = Date.now()): FaultRecord {
    this.current = { fault, startedAt: now, endsAt: now + fault.durationMs, refused: 0, byRoute: {} };
    this.history.push(this.current);
    return this.current;
  }

  /** End the running REST fault at once. */
  clearRest(now: number = Date.now()): void {
    if (this.current) this.current.endsAt = Math.min(this.current.endsAt, now);
    this.current = null;
  }

  /** The running REST fault, if any (null once its time is over). */
  active(now: number = Date.now()): FaultRecord | null {
    if (this.current && now >= this.current.endsAt) this.current = null;
    return this.current;
  }

  /**
   * The answer a request on `route` gets instead of its handler while a fault runs, or null
   * to let it through (no fault, or an interaction route).
   */
  intercept(route: LimitedRoute, now: number = Date.now()): FaultResponse | null {
    const running = this.active(now);
    if (!running || isInteractionRoute(route.pattern)) return null;
    running.refused += 1;
    const name = `${route.method} ${route.pattern}`;
    running.byRoute[name] = (running.byRoute[name] ?? 0) + 1;
    const { fault } = running;
    if (fault.kind === 'server-error') {
      const status = fault.status ?? 502;
      return { status, body: { message: `${status}: Server Error (injected fault)`, code: 0 } };
    }
    const waitMs = fault.retryAfterMs ?? 1000;
    const retryAfter = Number((waitMs / 1000).toFixed(3));
    const headers: Record<string, string> =
      fault.scope === 'global'
        ? { 'retry-after': String(Math.ceil(waitMs / 1000)), 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' }
        : {
            'retry-after': String(Math.ceil(waitMs / 1000)),
            'x-ratelimit-scope': 'user',
            'x-ratelimit-limit': '5',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': ((now + waitMs) / 1000).toFixed(3),
            'x-ratelimit-reset-after': retryAfter.toFixed(3),
            'x-ratelimit-bucket': FAULT_BUCKET,
          };
    return { status: 429, headers, body: { message: 'You are being rate limited.', retry_after: retryAfter, global: fault.scope === 'global' } };
  }
}
