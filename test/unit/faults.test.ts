/**
 * The pieces of the fault handling (README "What happens when…") on their own: which errors
 * count as database trouble, one log line a minute, deadlines tried again until the database
 * is back, which Discord failures are worth retrying, and the emulator's fault layer.
 */
import { describe, expect, it } from 'vitest';
import { worthRetrying } from '../../src/discord/publish/work.js';
import { FaultInjector } from '../../src/local/emulator/faults.js';
import type { RouteDef } from '../../src/local/emulator/rest-router.js';
import { StoreFullError, StoreUnavailableError, TransactionAbortedError, VersionConflictError, storeTrouble } from '../../src/persistence/store/errors.js';
import { StoreTroubleLog, TROUBLE_LOG_INTERVAL_MS } from '../../src/persistence/store/trouble-log.js';
import { DEADLINE_RETRY_MS, DeadlineTimers } from '../../src/tables/timers.js';
import { capturingLogger } from '../e2e/fault-kit.js';

const route = (method: RouteDef['method'], pattern: string): RouteDef => ({ method, pattern, auth: true, handler: () => ({ status: 200 }) });

describe('database trouble', () => {
  it('is recognised through wrappers, and nothing else is', () => {
    expect(storeTrouble(new StoreUnavailableError(new Error('ECONNREFUSED')))).toBe('unavailable');
    expect(storeTrouble(new TransactionAbortedError(new StoreFullError(new Error('SQLITE_FULL'))))).toBe('full');
    expect(storeTrouble(new VersionConflictError(1, 2))).toBeNull();
    expect(storeTrouble(new Error('boom'))).toBeNull();
    expect(storeTrouble(undefined)).toBeNull();
  });

  it('is logged once a minute per kind, with the count of failures left out', () => {
    const { logger, lines } = capturingLogger('error');
    let now = 0;
    const log = new StoreTroubleLog(logger, () => now);
    for (let i = 0; i < 50; i++) log.report('full', new Error('x'));
    log.report('unavailable', new Error('y'));
    expect(lines.map((line) => (line as { trouble?: string }).trouble)).toEqual(['full', 'unavailable']);
    now = TROUBLE_LOG_INTERVAL_MS;
    log.report('full', new Error('x'));
    expect(lines).toHaveLength(3);
    expect((lines[2] as { alsoFailedSinceLastLine?: number }).alsoFailedSinceLastLine).toBe(49);
  });
});

describe('deadline timers', () => {
  it('try a failed deadline again, sooner first, until it goes through', async () => {
    const { logger } = capturingLogger('error');
    const tries: number[] = [];
    const started = Date.now();
    let timers!: DeadlineTimers;
    const done = new Promise<void>((resolve) => {
      timers = new DeadlineTimers(
        async () => {
          tries.push(Date.now() - started);
          if (tries.length < 3) throw new StoreUnavailableError(new Error('ECONNREFUSED'));
          resolve();
        },
        Date.now,
        logger,
      );
    });
    timers.arm({ id: 1, status: 'active', deadlineAt: Date.now() });
    await done;
    expect(tries).toHaveLength(3);
    // 0, then 1 s later, then 2 s after that.
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(DEADLINE_RETRY_MS - 20);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(2 * DEADLINE_RETRY_MS - 20);
    expect(timers.armed).toBe(0);
    timers.stop();
  }, 10_000);

  it('stop trying once the table is disarmed', async () => {
    const { logger } = capturingLogger('error');
    let tries = 0;
    const timers = new DeadlineTimers(
      async () => {
        tries += 1;
        throw new StoreUnavailableError(new Error('down'));
      },
      Date.now,
      logger,
    );
    timers.arm({ id: 7, status: 'active', deadlineAt: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tries).toBe(1);
    expect(timers.armed).toBe(1);
    timers.disarm(7);
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_RETRY_MS + 100));
    expect(tries).toBe(1);
  }, 5000);
});

describe('publisher retries', () => {
  it('retry 5xx, 429 and errors without a status; not other 4xx', () => {
    expect(worthRetrying({ status: 502 })).toBe(true);
    expect(worthRetrying({ status: 429 })).toBe(true);
    expect(worthRetrying(new Error('socket hang up'))).toBe(true);
    expect(worthRetrying({ status: 403, code: 50013 })).toBe(false);
    expect(worthRetrying({ status: 404, code: 10008 })).toBe(false);
  });
});

describe('emulator fault layer', () => {
  it('refuses non-interaction routes while it runs, lets interaction routes through, then ends', () => {
    const faults = new FaultInjector();
    const edit = route('PATCH', '/channels/:channel/messages/:message');
    const callback = route('POST', '/interactions/:interaction/:token/callback');
    const webhook = route('PATCH', '/webhooks/:application/:token/messages/:message');
    const record = faults.startRest({ kind: 'server-error', status: 503, durationMs: 1000 }, 0);
    expect(faults.intercept(edit, 10)?.status).toBe(503);
    expect(faults.intercept(callback, 10)).toBeNull();
    expect(faults.intercept(webhook, 10)).toBeNull();
    expect(faults.intercept(edit, 1000)).toBeNull();
    expect(record.refused).toBe(1);
    expect(record.byRoute).toEqual({ 'PATCH /channels/:channel/messages/:message': 1 });
  });

  it('answers 429 like Discord: global or per route, with retry_after', () => {
    const faults = new FaultInjector();
    const post = route('POST', '/channels/:channel/messages');
    faults.startRest({ kind: 'rate-limit', scope: 'global', retryAfterMs: 1500, durationMs: 5000 }, 0);
    const global = faults.intercept(post, 1)!;
    expect(global.status).toBe(429);
    expect(global.headers).toMatchObject({ 'retry-after': '2', 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' });
    expect(global.body).toEqual({ message: 'You are being rate limited.', retry_after: 1.5, global: true });
    faults.startRest({ kind: 'rate-limit', scope: 'route', durationMs: 5000 }, 0);
    const perRoute = faults.intercept(post, 1)!;
    expect(perRoute.headers).toMatchObject({ 'retry-after': '1', 'x-ratelimit-scope': 'user', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '1.000' });
    expect(perRoute.body).toEqual({ message: 'You are being rate limited.', retry_after: 1, global: false });
    faults.clearRest(2);
    expect(faults.intercept(post, 3)).toBeNull();
  });
});
