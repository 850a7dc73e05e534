/**
 * One global REST budget per bot token (src/discord/rest/global-budget.ts, README "Deploy and scale out"):
 * the window counted from answers, slots leased by the manager to shard processes (a few at a
 * time, expiring, freed when a shard dies), shares of several hosts, and a global 429 that
 * pauses every process of the host, probes once, and never retries into a ban.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, ConfigError } from '../../src/config.js';
import { LocalGlobalGate, RETRY_AFTER_MARGIN_MS, SlotWindow, take, type GlobalSlot } from '../../src/discord/rest/global-budget.js';
import { GLOBAL_429_RETRIES, globalRouteRequest, GlobalRateLimitError, grantedSlot, InvalidRequestCount } from '../../src/discord/rest/global-route.js';
import { BUDGET_MESSAGE, GlobalBudgetHost, LEASE_BATCH, SharedGlobalGate, type BudgetReply, type BudgetRequest } from '../../src/discord/rest/shard-budget.js';
import { globalShareOf } from '../../src/sharding.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Resolve `promise` while fake time runs on (1 ms steps, at most `ms`). */
async function settled<T>(promise: Promise<T>, ms = 5_000): Promise<T> {
  let done = false;
  let value: T;
  void promise.then((v) => {
    value = v;
    done = true;
  });
  for (let i = 0; i < ms && !done; i++) await vi.advanceTimersByTimeAsync(1);
  if (!done) throw new Error('never settled');
  return value!;
}

describe('SlotWindow', () => {
  it('grants perWindow slots, then the next one window after the answer of the perWindow-th before it', () => {
    let now = 1000;
    const w = new SlotWindow({ perWindow: 3, windowMs: 1000, now: () => now });
    const ids = [w.grant(), w.grant(), w.grant()];
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(w.grant()).toBeNull();
    // Unanswered slots may still be on their way: nothing frees until an answer comes.
    expect(w.freeAt()).toBe(Infinity);
    now = 1200;
    w.end(ids[0]!, 'answered');
    expect(w.freeAt()).toBe(2200);
    now = 2199;
    expect(w.grant()).toBeNull();
    now = 2200;
    expect(w.grant()).not.toBeNull();
    expect(w.grant()).toBeNull();
  });

  it('an unused slot takes no place; a dead owner’s slots count as answered when it dies; a hung slot expires', () => {
    let now = 0;
    const w = new SlotWindow({ perWindow: 2, windowMs: 1000, maxInFlightMs: 5000, now: () => now });
    const a = w.grant(1)!;
    expect(w.grant(2)).not.toBeNull();
    expect(w.grant(1)).toBeNull();
    w.end(a, 'unused');
    const c = w.grant(1)!;
    expect(c).not.toBeNull();
    expect(w.grant(1)).toBeNull();
    now = 100;
    // Shard 2 dies with `b` in flight: counted as answered at 100, one window before the next grant.
    expect(w.endOwner(2)).toBe(1);
    expect(w.freeAt()).toBe(1100);
    now = 1100;
    expect(w.grant(1)).not.toBeNull();
    expect(w.grant(1)).toBeNull();
    // `c` (granted at 0) is never answered: it blocks until maxInFlightMs, then counts as answered at 5000.
    expect(w.freeAt()).toBe(Infinity);
    now = 5999;
    expect(w.freeAt()).toBe(6000);
    expect(w.inFlight).toBe(1);
  });

  it('a pause stops every grant until it ends, then one probe at a time until an answer without a global 429', () => {
    let now = 0;
    const w = new SlotWindow({ perWindow: 50, windowMs: 1000, now: () => now });
    expect(w.pause(1000)).toBe(true);
    expect(w.pause(800)).toBe(false); // already paused: not a new pause, not shortened
    expect(w.grant()).toBeNull();
    now = 999;
    expect(w.grant()).toBeNull();
    now = 1000;
    const probe = w.grant()!;
    expect(probe).not.toBeNull();
    expect(w.grant()).toBeNull();
    w.end(probe, 'limited');
    expect(w.isProbing).toBe(true);
    const second = w.grant()!;
    w.end(second, 'answered');
    expect(w.isProbing).toBe(false);
    expect([w.grant(), w.grant(), w.grant()].every((id) => id !== null)).toBe(true);
  });
});

/**
 * A manager (GlobalBudgetHost) and `n` shard processes (SharedGlobalGate) joined by an
 * asynchronous in-memory IPC (each message delivered on a later tick, as process.send does).
 */
function host(n: number, perWindow: number, opts: { windowMs?: number; leaseMs?: number } = {}) {
  const messages: { to: 'host' | number; message: BudgetRequest | BudgetReply }[] = [];
  const alive = new Set(Array.from({ length: n }, (_, i) => i));
  const deliver = (fn: () => void) => setTimeout(fn, 0);
  const gates: SharedGlobalGate[] = [];
  const budget = new GlobalBudgetHost(
    { perWindow, windowMs: opts.windowMs ?? 1000 },
    (shard, message) => {
      if (!alive.has(shard)) throw new Error('gone');
      messages.push({ to: shard, message });
      deliver(() => alive.has(shard) && gates[shard]!.receive(message));
    },
    () => [...alive],
  );
  for (let shard = 0; shard < n; shard++) {
    gates.push(
      new SharedGlobalGate(
        (message) => {
          messages.push({ to: 'host', message });
          deliver(() => alive.has(shard) && budget.receive(shard, message));
        },
        { leaseMs: opts.leaseMs ?? 250 },
      ),
    );
  }
  const kill = (shard: number) => {
    alive.delete(shard);
    gates[shard]!.close();
    budget.shardDied(shard);
  };
  return { budget, gates, messages, kill };
}

describe('one budget shared by the shard processes of a host', () => {
  it('never grants more than the host’s window to all shards together, a few slots per message, in turn', async () => {
    vi.useFakeTimers();
    const { gates, messages } = host(4, 20, { windowMs: 1000 });
    // Every shard wants 30 requests at once: 120 in all, against 20 per window.
    const sentAt: number[] = [];
    const perShard = [0, 0, 0, 0];
    for (const [shard, gate] of gates.entries()) {
      for (let i = 0; i < 30; i++) {
        void take(gate).then((slot) => {
          sentAt.push(Date.now());
          perShard[shard]! += 1;
          // Each request is answered 30 ms after it was sent.
          setTimeout(() => slot.release('answered'), 30);
        });
      }
    }
    await vi.advanceTimersByTimeAsync(10);
    expect(sentAt.length).toBeLessThanOrEqual(20);
    expect(sentAt.length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sentAt).toHaveLength(120);
    // Any 1 s span holds at most 20 sends (the window counts from answers: stricter still).
    const sorted = [...sentAt].sort((a, b) => a - b);
    for (let i = 20; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 20]!).toBeGreaterThanOrEqual(1000);
    // Grants came a few at a time: never more than LEASE_BATCH in one message, far fewer messages than requests.
    const grants = messages.filter((m) => m.message.op === 'grant').map((m) => (m.message as { ids: number[] }).ids.length);
    expect(Math.max(...grants)).toBeLessThanOrEqual(LEASE_BATCH);
    expect(grants.length).toBeLessThan(120);
    // In turn: every shard got a fair part of the first windows.
    expect(Math.min(...perShard)).toBe(30);
  });

  it('a leased slot nobody uses goes back after its lease, and a dead shard’s slots are freed at once', async () => {
    vi.useFakeTimers();
    const { budget, gates, kill } = host(2, 2, { leaseMs: 100 });
    // Shard 0 takes both slots of the window and dies with them in flight.
    const a = await settled(take(gates[0]!));
    const b = await settled(take(gates[0]!));
    expect(budget.window.inFlight).toBe(2);
    let got: GlobalSlot | null = null;
    void take(gates[1]!).then((slot) => (got = slot));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(got).toBeNull(); // both still in flight: nothing frees (answers count, not time)
    kill(0);
    void a;
    void b;
    await vi.advanceTimersByTimeAsync(999);
    expect(got).toBeNull(); // answered at death: the window still runs from then
    await vi.advanceTimersByTimeAsync(100);
    expect(got).not.toBeNull();
    got!.release('answered');
    // Shard 1 asked for a couple more than it used: those leases expire back to the manager.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(budget.window.inFlight).toBe(0);
  });

  it('a global 429 in one shard stops every shard of the host until retry_after, then one probe goes first', async () => {
    vi.useFakeTimers();
    const { gates, messages } = host(3, 50);
    const first = await settled(take(gates[0]!));
    const start = Date.now();
    first.release('limited');
    gates[0]!.pause(1000);
    await vi.advanceTimersByTimeAsync(5);
    // The manager told every shard.
    expect(messages.filter((m) => m.message.op === 'pause' && m.to !== 'host').map((m) => m.to).sort()).toEqual([0, 1, 2]);
    const times: number[] = [];
    const slots: GlobalSlot[] = [];
    for (const gate of gates) {
      expect(gate.tryTake()).toBeNull();
      for (let i = 0; i < 3; i++)
        void take(gate).then((slot) => {
          times.push(Date.now() - start);
          slots.push(slot);
        });
    }
    await vi.advanceTimersByTimeAsync(1000 + RETRY_AFTER_MARGIN_MS - 10);
    expect(times).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    // Only the probe: the others wait for its answer.
    expect(times).toHaveLength(1);
    expect(times[0]).toBeGreaterThanOrEqual(1000 + RETRY_AFTER_MARGIN_MS);
    slots[0]!.release('answered');
    await vi.advanceTimersByTimeAsync(50);
    expect(times).toHaveLength(9);
  });
});

describe('globalRouteRequest (every request on a global route takes a slot)', () => {
  const API = 'http://127.0.0.1:1/api/v10';
  const ok = () => ({ status: 200, headers: new Headers(), text: async () => '{}' });
  const global429 = (retryAfter: number) => ({
    status: 429,
    headers: new Headers({ 'retry-after': String(Math.ceil(retryAfter)), 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' }),
    text: async () => JSON.stringify({ message: 'You are being rate limited.', retry_after: retryAfter, global: true }),
  });

  it('sends nothing on a global route during retry_after, tries again after it, and gives up after GLOBAL_429_RETRIES with a 429', async () => {
    vi.useFakeTimers();
    const gate = new LocalGlobalGate({ perWindow: 50 });
    const sent: { url: string; at: number }[] = [];
    let refuse = 1;
    const send = vi.fn(async (url: string) => {
      sent.push({ url, at: Date.now() });
      if (!url.includes('/channels/')) return ok();
      if (refuse > 0) {
        refuse -= 1;
        return global429(0.4);
      }
      return ok();
    });
    const invalid = new InvalidRequestCount();
    const request = globalRouteRequest(gate, send, invalid);
    const t0 = Date.now();
    const done = request(`${API}/channels/1/messages`, { method: 'POST' });
    await vi.advanceTimersByTimeAsync(0);
    // A click's answer (interaction route) goes at once, during the pause.
    await request(`${API}/interactions/9/tok/callback`, { method: 'POST' });
    await request(`${API}/webhooks/1/tok/messages/@original`, { method: 'PATCH' });
    // Another global-route request waits.
    let other = false;
    void request(`${API}/channels/2/messages`, { method: 'POST' }).then(() => (other = true));
    await vi.advanceTimersByTimeAsync(400 + RETRY_AFTER_MARGIN_MS - 1);
    expect(sent.filter((s) => s.url.includes('/channels/')).map((s) => s.at - t0)).toEqual([0]);
    expect(other).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect((await settled(done)).status).toBe(200);
    await vi.advanceTimersByTimeAsync(10);
    expect(other).toBe(true);
    expect(invalid.count).toBe(1);

    // Refused every time: 1 + GLOBAL_429_RETRIES sends, then a GlobalRateLimitError (status 429).
    refuse = Infinity;
    const before = sent.length;
    const failing = request(`${API}/channels/3/messages`, { method: 'POST' }).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(10_000);
    const err = await settled(failing);
    expect(err).toBeInstanceOf(GlobalRateLimitError);
    expect((err as GlobalRateLimitError).status).toBe(429);
    expect(sent.length - before).toBe(1 + GLOBAL_429_RETRIES);
    gate.close();
  });

  it('sends on the slot the publisher was granted (no second slot), and takes a fresh one for a retry', async () => {
    const gate = new LocalGlobalGate({ perWindow: 1, windowMs: 60_000 });
    const granted = gate.tryTake()!;
    const request = globalRouteRequest(gate, async () => ok());
    const response = await grantedSlot.run(granted, () => request(`${API}/channels/1/messages/2`, { method: 'PATCH' }));
    expect(response.status).toBe(200);
    expect(granted.used).toBe(true);
    // The window (1 per minute) is spent by that one request: the next waits.
    let next = false;
    void request(`${API}/channels/1/messages/2`, { method: 'PATCH' }).then(() => (next = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(next).toBe(false);
    gate.close();
  });
});

describe('a slot granted before a pause', () => {
  it('is not sent on: the request waits out the pause like every other (the board was drawn meanwhile)', async () => {
    vi.useFakeTimers();
    const gate = new LocalGlobalGate({ perWindow: 50 });
    const granted = gate.tryTake()!;
    // Another request is refused by a global 429 while the board of `granted` is being drawn.
    gate.pause(1000);
    const sentAt: number[] = [];
    const t0 = Date.now();
    const request = globalRouteRequest(gate, async () => {
      sentAt.push(Date.now() - t0);
      return { status: 200, headers: new Headers(), text: async () => '{}' };
    });
    const done = grantedSlot.run(granted, () => request('http://127.0.0.1:1/api/v10/channels/1/messages/2', { method: 'PATCH' }));
    await vi.advanceTimersByTimeAsync(1000 + RETRY_AFTER_MARGIN_MS - 1);
    expect(sentAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(5);
    await done;
    expect(sentAt[0]).toBeGreaterThanOrEqual(1000 + RETRY_AFTER_MARGIN_MS);
    gate.close();
  });
});

describe('REST_GLOBAL_SHARE', () => {
  const PG = 'postgres://bot:secret@db.internal:5432/redherring';
  it('is a number in (0, 1], else derived from SHARD_IDS out of SHARDS, else 1', () => {
    expect(loadConfig({ DISCORD_TOKEN: 't.t' }).restGlobalShare).toBe(1);
    expect(loadConfig({ DISCORD_TOKEN: 't.t', REST_GLOBAL_SHARE: '0.25' }).restGlobalShare).toBe(0.25);
    const derived = loadConfig({ DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARDS: '4', SHARD_IDS: '0-2' });
    expect(derived.restGlobalShare).toBe(0.75);
    expect(globalShareOf(derived, { totalShards: 4, shardIds: [0, 1, 2], spawnDelayMs: 0 })).toBe(0.75);
    // SHARDS=auto: the share is found once the count is known.
    const auto = loadConfig({ DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARDS: 'auto', SHARD_IDS: '0' });
    expect(globalShareOf(auto, { totalShards: 8, shardIds: [0], spawnDelayMs: 0 })).toBe(0.125);
    // Set explicitly, it wins.
    const set = loadConfig({ DISCORD_TOKEN: 't.t', DATABASE_URL: PG, SHARDS: '4', SHARD_IDS: '0', REST_GLOBAL_SHARE: '0.5' });
    expect(globalShareOf(set, { totalShards: 4, shardIds: [0], spawnDelayMs: 0 })).toBe(0.5);
  });

  it('refuses 0, more than 1 and junk with one plain message naming the variable', () => {
    for (const value of ['0', '1.5', 'half', '-0.5', '50%']) {
      let problems: string[] = [];
      try {
        loadConfig({ DISCORD_TOKEN: 't.t', REST_GLOBAL_SHARE: value });
      } catch (err) {
        if (err instanceof ConfigError) problems = err.problems;
      }
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^REST_GLOBAL_SHARE must be a number above 0 and at most 1/);
    }
  });
});

void BUDGET_MESSAGE;
