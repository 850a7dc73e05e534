/**
 * Every request on a global route takes a slot of the bot-wide budget (./global-budget.ts):
 * `globalRouteRequest` wraps discord.js's REST `makeRequest`, takes the slot the caller was
 * granted (`grantedSlot`, RestBudget) or waits for one, waits out a global 429's pause and
 * tries again at most GLOBAL_429_RETRIES times; interaction routes go straight through.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { take, type GlobalGate, type GlobalSlot } from './global-budget.js';

/** Retries of a request refused by a global 429, each after the pause (then it fails with the 429). */
export const GLOBAL_429_RETRIES = 2;
/** Discord's invalid-request limit: answers 401, 403 and 429 (except shared-scope 429s) per 10 minutes. */
export const INVALID_REQUESTS_PER_10_MIN = 10_000;

/** The slot a request was already granted (RestBudget in the publisher), carried to `globalRouteRequest`. */
export const grantedSlot = new AsyncLocalStorage<GlobalSlot | undefined>();

/** Whether a REST URL is on an interaction route (outside the global limit): the callback and interaction webhooks. */
export function isInteractionUrl(url: string): boolean {
  const path = new URL(url).pathname.replace(/^\/api(\/v\d+)?/, '');
  return path.startsWith('/interactions/') || path.startsWith('/webhooks/');
}

/** The response shape discord.js's REST strategies return (`ResponseLike` of @discordjs/rest). */
export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null; has(name: string): boolean };
  text(): Promise<string>;
}

/** A request refused by Discord's global limit more than GLOBAL_429_RETRIES times in a row. */
export class GlobalRateLimitError extends Error {
  /** HTTP status (the publisher retries 429s later). */
  readonly status = 429;
  constructor(
    readonly method: string,
    readonly url: string,
    /** The last `retry_after`, ms. */
    readonly retryAfterMs: number,
  ) {
    super(`Discord's global rate limit refused ${method} ${new URL(url).pathname} ${GLOBAL_429_RETRIES + 1} times`);
    this.name = 'GlobalRateLimitError';
  }
}

/** Counts answers Discord counts as invalid (401, 403, 429 not of the shared scope) over 10 minutes. */
export class InvalidRequestCount {
  private readonly times: number[] = [];
  constructor(private readonly now: () => number = Date.now) {}

  /** Count one answer of `status` (`scope`: its X-RateLimit-Scope). */
  note(status: number, scope: string | null): void {
    if (status === 401 || status === 403 || (status === 429 && scope !== 'shared')) this.times.push(this.now());
  }

  /** Invalid answers in the last 10 minutes. */
  get count(): number {
    const since = this.now() - 600_000;
    while (this.times.length > 0 && this.times[0]! < since) this.times.shift();
    return this.times.length;
  }
}

/**
 * A discord.js REST `makeRequest` that sends every request on a global route through `gate`
 * (interaction routes go straight to `send`): it takes the slot the publisher was granted
 * (`grantedSlot`) or waits for one, sends, and ends the slot with the answer. A global 429
 * pauses the gate for its `retry_after` (the body's, in ms precision; else Retry-After) and
 * the request is sent again after the pause, at most GLOBAL_429_RETRIES times, then throws
 * GlobalRateLimitError. `invalid` counts the invalid answers.
 */
export function globalRouteRequest<I extends { method?: string }, R extends ResponseLike>(
  gate: GlobalGate,
  send: (url: string, init: I) => Promise<R>,
  invalid: InvalidRequestCount = new InvalidRequestCount(),
): (url: string, init: I) => Promise<R> {
  return async (url, init) => {
    if (isInteractionUrl(url)) return send(url, init);
    for (let attempt = 0; ; attempt++) {
      let slot = attempt === 0 ? grantedSlot.getStore() : undefined;
      // A slot granted before a pause began (the board was drawn meanwhile) is not sent on:
      // it waits for the pause, and for the probe, like every other request.
      if (slot && !slot.used && slot.epoch !== gate.pauses()) {
        slot.release('unused');
        slot = undefined;
      }
      while (!slot || slot.used || slot.epoch !== gate.pauses()) {
        if (slot && !slot.used) slot.release('unused');
        slot = await take(gate);
      }
      slot.used = true;
      let response: R;
      try {
        response = await send(url, init);
      } catch (err) {
        slot.release('answered');
        throw err;
      }
      invalid.note(response.status, response.headers.get('x-ratelimit-scope'));
      if (response.status !== 429 || !response.headers.has('x-ratelimit-global')) {
        slot.release('answered');
        return response;
      }
      const retryAfterMs = await retryAfterOf(response);
      slot.release('limited');
      gate.pause(retryAfterMs);
      if (attempt >= GLOBAL_429_RETRIES) throw new GlobalRateLimitError(init.method ?? 'GET', url, retryAfterMs);
    }
  };
}

/** A 429's wait, ms: the body's `retry_after` (seconds, ms precision), else the Retry-After header (whole seconds). */
async function retryAfterOf(response: ResponseLike): Promise<number> {
  const header = Number(response.headers.get('retry-after'));
  try {
    const body = JSON.parse(await response.text()) as { retry_after?: unknown };
    if (typeof body.retry_after === 'number' && Number.isFinite(body.retry_after) && body.retry_after >= 0) return body.retry_after * 1000;
  } catch {
    // No JSON body: the header.
  }
  return Number.isFinite(header) && header > 0 ? header * 1000 : 1000;
}
