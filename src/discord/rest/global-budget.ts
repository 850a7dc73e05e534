/**
 * One global REST budget per bot token (README "Scaling out", docs/rate-limit.md "One
 * budget across shard processes"). Discord allows a bot token 50 requests per second in all
 * on every route except the interaction routes (the callback and `/webhooks/{app}/{token}/…`),
 * and that limit is the token's: every shard process of the bot shares it.
 *
 * - A `SlotWindow` counts the requests of one budget: at most `perWindow` in any `windowMs`
 *   span, each counted from its answer (a request reaches Discord after it was granted and
 *   before its answer, so one granted a window after the answer of the `perWindow`-th before
 *   it never shares a window with it, however late a busy process sends it).
 * - One process (no shards): a `LocalGlobalGate` holds the window itself.
 * - Shard processes of one host: the ShardingManager's process holds the window
 *   (`GlobalBudgetHost`) and grants slots to the shard processes over the manager's IPC, a
 *   few at a time (`SharedGlobalGate` keeps a small pool, so most requests take a slot
 *   without a message). A slot not used within `leaseMs` goes back; a dead shard's slots
 *   count as answered when it dies.
 * - Several hosts: each host's window holds its share (`REST_GLOBAL_SHARE`, or its
 *   SHARD_IDS out of SHARDS; config.ts `restGlobalShare`).
 *
 * A global 429 received anyway (`X-RateLimit-Global`, body `global: true`) pauses the whole
 * budget until `retry_after`: in the host, every shard process of it; the first request after
 * the pause is a lone probe, and the rest wait for its answer (never a burst back into the
 * limit). `globalRouteRequest` wraps discord.js's REST `makeRequest` so that every request on
 * a global route, whoever sends it, takes a slot first; it waits out a pause and tries a
 * request refused by a global 429 at most GLOBAL_429_RETRIES more times, then fails it with a
 * 429 (the publisher retries the board with the newest state later). discord.js never sees a
 * global 429, so its own global queue (off: `globalRequestsPerSecond: Infinity`) never waits
 * on top of ours.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../../logger.js';

/** Discord's global limit of one bot token: requests per second on non-interaction routes. */
export const DISCORD_GLOBAL_PER_SECOND = 50;
/** The span the global limit is counted over, from each answer, ms (Discord's 1,000 plus a margin for jitter). */
export const GLOBAL_WINDOW_MS = 1050;
/** Retries of a request refused by a global 429, each after the pause (then it fails with the 429). */
export const GLOBAL_429_RETRIES = 2;
/** Added to every `retry_after`, ms (clock jitter between Discord and us). */
export const RETRY_AFTER_MARGIN_MS = 50;
/** A slot still unanswered this long counts as answered (discord.js aborts a request after 15 s), ms. */
export const MAX_IN_FLIGHT_MS = 20_000;
/** Discord's invalid-request limit: answers 401, 403 and 429 (except shared-scope 429s) per 10 minutes. */
export const INVALID_REQUESTS_PER_10_MIN = 10_000;

/** How a slot ended: its request got an answer, was refused by a global 429, or was never sent. */
export type SlotOutcome = 'answered' | 'limited' | 'unused';

/** One request's place in the global budget. */
export interface GlobalSlot {
  /** Set by the request that sends on this slot (a slot carries one request). */
  used: boolean;
  /** The gate's pause count when granted (`GlobalGate.pauses`): a slot from before a pause is not sent on. */
  readonly epoch: number;
  /** End the slot (once; later calls do nothing). */
  release(outcome: SlotOutcome): void;
}

/** Where requests on global routes take their slots. */
export interface GlobalGate {
  /** A slot now, or null (the budget is spent, paused, waiting for a probe's answer, or others wait first). */
  tryTake(): GlobalSlot | null;
  /** Queue for a slot: `grant` is called with it, in arrival order. Returns a function that leaves the queue. */
  wait(grant: (slot: GlobalSlot) => void): () => void;
  /** A global 429 came: stop every request of the budget for `retryAfterMs` (then one probe first). */
  pause(retryAfterMs: number): void;
  /** Until when requests wait (Date.now() ms; ≤ now: no pause). */
  pausedUntil(): number;
  /** How many pauses this gate has seen (a slot granted before the latest one is stale). */
  pauses(): number;
  /** Drop timers and waiters (shutdown): their slots never come. */
  close(): void;
}

/** Wait for a slot of `gate`, in arrival order with every other waiter. */
export function take(gate: GlobalGate): Promise<GlobalSlot> {
  const slot = gate.tryTake();
  return slot ? Promise.resolve(slot) : new Promise((resolve) => gate.wait(resolve));
}

/** Settings of a SlotWindow. */
export interface SlotWindowOptions {
  /** Requests per `windowMs` (this budget's share of Discord's 50 per second). */
  perWindow: number;
  /** Default GLOBAL_WINDOW_MS. */
  windowMs?: number;
  /** Default MAX_IN_FLIGHT_MS. */
  maxInFlightMs?: number;
  /** Current time, Date.now() ms (the pause crosses processes of one host: wall-clock time). */
  now?: () => number;
}

interface Grant {
  id: number;
  owner: number;
  grantedAt: number;
  answeredAt: number;
}

/**
 * The global window of one budget: grants, answers, the pause after a global 429 and the
 * probe that follows it. Pure bookkeeping (no timers); `freeAt` says when to ask again.
 */
export class SlotWindow {
  readonly perWindow: number;
  readonly windowMs: number;
  private readonly maxInFlightMs: number;
  private readonly now: () => number;
  /** The last `perWindow` grants that reached (or may reach) Discord, oldest first. */
  private readonly recent: Grant[] = [];
  /** Grants not answered yet, by id. */
  private readonly open = new Map<number, Grant>();
  private nextId = 1;
  private paused = 0;
  /** When the latest pause began (Date.now() ms). */
  private pauseStart = 0;
  /** After a pause: one request at a time until one is answered without a global 429. */
  private probing = false;

  constructor(opts: SlotWindowOptions) {
    this.perWindow = Math.max(1, Math.floor(opts.perWindow));
    this.windowMs = opts.windowMs ?? GLOBAL_WINDOW_MS;
    this.maxInFlightMs = opts.maxInFlightMs ?? MAX_IN_FLIGHT_MS;
    this.now = opts.now ?? Date.now;
  }

  /** Slots granted and not answered yet. */
  get inFlight(): number {
    return this.open.size;
  }

  /** Until when the budget is paused by a global 429 (ms). */
  get pausedUntil(): number {
    return this.paused;
  }

  /** Whether the first request after a pause is still on its way (the rest wait for it). */
  get isProbing(): boolean {
    return this.probing;
  }

  /** When the next slot may be granted: ≤ now at once; Infinity when an answer must come first. */
  freeAt(): number {
    const now = this.now();
    this.expireHung(now);
    if (this.paused > now) return this.paused;
    // The probe (granted since the pause began) goes alone. Slots granted before the pause
    // are not waited for: their requests wait for a fresh slot (`globalRouteRequest`), and one
    // may be queued in discord.js behind a request that waits here.
    if (this.probing) for (const grant of this.open.values()) if (grant.grantedAt >= this.pauseStart) return Infinity;
    if (this.recent.length < this.perWindow) return now;
    return this.recent[this.recent.length - this.perWindow]!.answeredAt + this.windowMs;
  }

  /** Grant a slot to `owner` (a shard id, or 0 in one process) if one is free now; its id, or null. */
  grant(owner = 0): number | null {
    if (this.freeAt() > this.now()) return null;
    const grant: Grant = { id: this.nextId++, owner, grantedAt: this.now(), answeredAt: Infinity };
    this.recent.push(grant);
    if (this.recent.length > this.perWindow) this.recent.shift();
    this.open.set(grant.id, grant);
    return grant.id;
  }

  /** Slot `id` ended with `outcome` (unknown or ended ids are ignored). */
  end(id: number, outcome: SlotOutcome): void {
    const grant = this.open.get(id);
    if (!grant) return;
    this.open.delete(id);
    if (outcome === 'unused') {
      // Never reached Discord: it takes no place in the window.
      const index = this.recent.indexOf(grant);
      if (index >= 0) this.recent.splice(index, 1);
      return;
    }
    grant.answeredAt = this.now();
    if (outcome === 'answered') this.probing = false;
  }

  /** Owner `owner` is gone (a dead shard process): its open slots count as answered now. */
  endOwner(owner: number): number {
    let ended = 0;
    for (const grant of [...this.open.values()]) {
      if (grant.owner !== owner) continue;
      this.open.delete(grant.id);
      grant.answeredAt = this.now();
      ended += 1;
    }
    return ended;
  }

  /** A global 429: nothing until `until` (Date.now() ms), then one probe. True when this starts a new pause. */
  pause(until: number): boolean {
    const fresh = this.paused <= this.now();
    if (fresh) this.pauseStart = this.now();
    this.paused = Math.max(this.paused, until);
    this.probing = true;
    return fresh;
  }

  /** Slots answered by nobody within `maxInFlightMs` (a hung request) count as answered then. */
  private expireHung(now: number): void {
    for (const grant of this.open.values()) {
      if (now - grant.grantedAt < this.maxInFlightMs) break;
      this.open.delete(grant.id);
      grant.answeredAt = grant.grantedAt + this.maxInFlightMs;
    }
  }
}

/** Waiters for a slot, in order, and the one timer that serves them when the budget frees. */
class Waiters {
  private readonly queue: ((slot: GlobalSlot) => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;

  get size(): number {
    return this.queue.length;
  }

  add(grant: (slot: GlobalSlot) => void): () => void {
    this.queue.push(grant);
    return () => {
      const index = this.queue.indexOf(grant);
      if (index >= 0) this.queue.splice(index, 1);
    };
  }

  /**
   * Hand out slots from `next` (null: none now) to the waiters in order; when some still
   * wait, wake `again` at `at()` (Infinity: an answer or a message wakes it instead).
   */
  serve(next: () => GlobalSlot | null, at: () => number, again: () => void): void {
    while (this.queue.length > 0) {
      const slot = next();
      if (!slot) break;
      this.queue.shift()!(slot);
    }
    if (this.queue.length === 0) return;
    const when = at();
    if (when === Infinity || (this.timer && this.timerAt <= when)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = when;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      again();
    }, Math.max(1, Math.ceil(when - Date.now())));
  }

  close(): void {
    this.queue.length = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }
}

/** Logs a global 429 once per pause: when it starts, with how many requests it refused so far. */
class PauseLog {
  private refused = 0;
  constructor(private readonly logger: Logger | undefined) {}

  /** A global 429 (`fresh`: it started a new pause until `until`). */
  note(fresh: boolean, retryAfterMs: number, until: number, where: Record<string, unknown> = {}): void {
    if (!fresh) {
      this.refused += 1;
      return;
    }
    this.logger?.warn(
      { retryAfterMs, until: new Date(until).toISOString(), refusedInLastPause: this.refused, ...where },
      'Discord answered a global 429: every request on a global route waits until retry_after',
    );
    this.refused = 1;
  }
}

/** Settings of a LocalGlobalGate / GlobalBudgetHost. */
export interface GlobalBudgetOptions extends SlotWindowOptions {
  logger?: Logger;
}

/** The budget of one process that is the bot's only one on this host (no ShardingManager). */
export class LocalGlobalGate implements GlobalGate {
  readonly window: SlotWindow;
  private pauseCount = 0;
  private readonly waiters = new Waiters();
  private readonly log: PauseLog;
  private readonly now: () => number;

  constructor(opts: GlobalBudgetOptions) {
    this.window = new SlotWindow(opts);
    this.log = new PauseLog(opts.logger);
    this.now = opts.now ?? Date.now;
  }

  tryTake(): GlobalSlot | null {
    return this.waiters.size > 0 ? null : this.grant();
  }

  private grant(): GlobalSlot | null {
    const id = this.window.grant();
    if (id === null) return null;
    let ended = false;
    const slot: GlobalSlot = {
      used: false,
      epoch: this.pauseCount,
      release: (outcome) => {
        if (ended) return;
        ended = true;
        this.window.end(id, outcome);
        this.pump();
      },
    };
    return slot;
  }

  wait(grant: (slot: GlobalSlot) => void): () => void {
    const leave = this.waiters.add(grant);
    this.pump();
    return leave;
  }

  private pump(): void {
    this.waiters.serve(
      () => this.grant(),
      () => this.window.freeAt(),
      () => this.pump(),
    );
  }

  pause(retryAfterMs: number): void {
    const until = this.now() + retryAfterMs + RETRY_AFTER_MARGIN_MS;
    const fresh = this.window.pause(until);
    if (fresh) this.pauseCount += 1;
    this.log.note(fresh, retryAfterMs, until);
    this.pump();
  }

  pausedUntil(): number {
    return this.window.pausedUntil;
  }

  pauses(): number {
    return this.pauseCount;
  }

  close(): void {
    this.waiters.close();
  }
}

/** The tag of every budget message between the manager and its shard processes. */
export const BUDGET_MESSAGE = 'red-herring/rest-budget';

/** Messages from a shard process to the manager. */
export type BudgetRequest =
  | { tag: typeof BUDGET_MESSAGE; op: 'want'; count: number }
  | { tag: typeof BUDGET_MESSAGE; op: 'end'; answered: number[]; limited: number[]; unused: number[] }
  | { tag: typeof BUDGET_MESSAGE; op: 'pause'; retryAfterMs: number };

/** Messages from the manager to a shard process. */
export type BudgetReply = { tag: typeof BUDGET_MESSAGE; op: 'grant'; ids: number[] } | { tag: typeof BUDGET_MESSAGE; op: 'pause'; until: number };

/** Whether an IPC message is one of the budget's. */
export function isBudgetMessage(message: unknown): message is BudgetRequest | BudgetReply {
  return typeof message === 'object' && message !== null && (message as { tag?: unknown }).tag === BUDGET_MESSAGE;
}

/** Slots granted per message at most (IPC off the hot path: a shard asks once per few requests). */
export const LEASE_BATCH = 4;
/** A leased slot not used within this long goes back to the manager, ms (another shard may need it). */
export const LEASE_MS = 250;

/**
 * The budget of one host's shard processes, held by the ShardingManager's process: grants
 * slots to the shards that ask, in turn, `batch` at most per grant.
 */
export class GlobalBudgetHost {
  readonly window: SlotWindow;
  private readonly wants: { shard: number; count: number }[] = [];
  private readonly batch: number;
  private readonly log: PauseLog;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private closed = false;

  constructor(
    opts: GlobalBudgetOptions & { batch?: number },
    /** Send a message to shard process `shard` (false/throws when it is gone). */
    private readonly send: (shard: number, message: BudgetReply) => void,
    /** Every shard of this host, for the pause broadcast. */
    private readonly shards: () => number[],
  ) {
    this.window = new SlotWindow(opts);
    this.batch = opts.batch ?? LEASE_BATCH;
    this.log = new PauseLog(opts.logger);
    this.now = opts.now ?? Date.now;
  }

  /** A message from shard process `shard`. */
  receive(shard: number, message: BudgetRequest): void {
    if (this.closed) return;
    if (message.op === 'want') {
      const existing = this.wants.find((w) => w.shard === shard);
      if (existing) existing.count = Math.max(existing.count, message.count);
      else this.wants.push({ shard, count: Math.max(1, message.count) });
    } else if (message.op === 'end') {
      for (const id of message.answered) this.window.end(id, 'answered');
      for (const id of message.limited) this.window.end(id, 'limited');
      for (const id of message.unused) this.window.end(id, 'unused');
    } else if (message.op === 'pause') {
      const until = this.now() + message.retryAfterMs + RETRY_AFTER_MARGIN_MS;
      const fresh = this.window.pause(until);
      this.log.note(fresh, message.retryAfterMs, until, { shard });
      for (const id of this.shards()) this.trySend(id, { tag: BUDGET_MESSAGE, op: 'pause', until: this.window.pausedUntil });
    }
    this.pump();
  }

  /** Shard process `shard` died: its open slots count as answered, its wishes are dropped. */
  shardDied(shard: number): void {
    this.window.endOwner(shard);
    const index = this.wants.findIndex((w) => w.shard === shard);
    if (index >= 0) this.wants.splice(index, 1);
    this.pump();
  }

  /** Grant what the window allows, one shard at a time in turn. */
  private pump(): void {
    while (this.wants.length > 0 && !this.closed) {
      const want = this.wants[0]!;
      const ids: number[] = [];
      while (ids.length < Math.min(want.count, this.batch)) {
        const id = this.window.grant(want.shard);
        if (id === null) break;
        ids.push(id);
      }
      if (ids.length === 0) break;
      this.wants.shift();
      if (!this.trySend(want.shard, { tag: BUDGET_MESSAGE, op: 'grant', ids })) {
        for (const id of ids) this.window.end(id, 'unused');
        continue;
      }
      // Wanting more: back in line behind the other shards.
      if (want.count > ids.length) this.wants.push({ shard: want.shard, count: want.count - ids.length });
    }
    if (this.wants.length === 0) return;
    const at = this.window.freeAt();
    if (at === Infinity || (this.timer && this.timerAt <= at)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      this.pump();
    }, Math.max(1, Math.ceil(at - this.now())));
    this.timer.unref?.();
  }

  private trySend(shard: number, message: BudgetReply): boolean {
    try {
      this.send(shard, message);
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.closed = true;
    this.wants.length = 0;
    if (this.timer) clearTimeout(this.timer);
  }
}

/**
 * A shard process's side of the host budget: slots leased from the manager (GlobalBudgetHost)
 * over IPC, a few at a time, kept in a pool for LEASE_MS at most. Answers are reported in
 * batches on the next tick.
 */
export class SharedGlobalGate implements GlobalGate {
  private readonly pool: { id: number; at: number }[] = [];
  private pauseCount = 0;
  private readonly waiters = new Waiters();
  private asked = 0;
  private paused = 0;
  private readonly ended = { answered: [] as number[], limited: [] as number[], unused: [] as number[] };
  private flushing = false;
  private readonly leaseMs: number;
  private readonly now: () => number;
  private readonly batch: number;
  private askedAt = 0;
  private closed = false;

  constructor(
    /** Send a message to the manager. */
    private readonly send: (message: BudgetRequest) => void,
    opts: { leaseMs?: number; batch?: number; now?: () => number } = {},
  ) {
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.batch = opts.batch ?? LEASE_BATCH;
    this.now = opts.now ?? Date.now;
  }

  /** A message from the manager. */
  receive(message: BudgetReply): void {
    if (this.closed) return;
    if (message.op === 'grant') {
      this.asked = Math.max(0, this.asked - message.ids.length);
      const at = this.now();
      if (this.paused > at) {
        for (const id of message.ids) this.ended.unused.push(id);
        this.flush();
      } else {
        for (const id of message.ids) this.pool.push({ id, at });
        // Slots nobody takes go back once their lease ends.
        setTimeout(() => {
          this.expireLeases(this.now());
          this.pump();
        }, this.leaseMs + 1).unref();
      }
    } else {
      if (message.until > this.paused) this.pauseCount += 1;
      this.paused = Math.max(this.paused, message.until);
      // Leased slots wait for no pause: they go back.
      for (const leased of this.pool.splice(0)) this.ended.unused.push(leased.id);
      this.flush();
    }
    this.pump();
  }

  tryTake(): GlobalSlot | null {
    return this.waiters.size > 0 ? null : this.takeFromPool();
  }

  private takeFromPool(): GlobalSlot | null {
    const now = this.now();
    if (this.paused > now) return null;
    this.expireLeases(now);
    const leased = this.pool.shift();
    if (!leased) return null;
    let ended = false;
    const slot: GlobalSlot = {
      used: false,
      epoch: this.pauseCount,
      release: (outcome) => {
        if (ended) return;
        ended = true;
        this.ended[outcome].push(leased.id);
        this.flush();
      },
    };
    return slot;
  }

  wait(grant: (slot: GlobalSlot) => void): () => void {
    const leave = this.waiters.add(grant);
    this.pump();
    return leave;
  }

  private pump(): void {
    if (this.closed) return;
    this.waiters.serve(
      () => this.takeFromPool(),
      () => (this.paused > this.now() ? this.paused : Infinity),
      () => this.pump(),
    );
    // Still waiting, not paused: more slots from the manager (the grant message pumps again).
    if (this.waiters.size > 0 && this.paused <= this.now()) this.ask(Math.max(2, this.waiters.size));
  }

  /** Ask the manager for `count` more slots (at most `batch` on their way at once; again after a lost answer). */
  private ask(count: number): void {
    const now = this.now();
    if (this.asked > 0 && now - this.askedAt < 5_000) return;
    this.asked = Math.min(this.batch, Math.max(1, count));
    this.askedAt = now;
    this.send({ tag: BUDGET_MESSAGE, op: 'want', count: this.asked });
  }

  /** Leased slots older than `leaseMs` go back unused. */
  private expireLeases(now: number): void {
    while (this.pool.length > 0 && now - this.pool[0]!.at > this.leaseMs) this.ended.unused.push(this.pool.shift()!.id);
    if (this.ended.unused.length > 0) this.flush();
  }

  private flush(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      const { answered, limited, unused } = this.ended;
      if (answered.length + limited.length + unused.length === 0) return;
      this.ended.answered = [];
      this.ended.limited = [];
      this.ended.unused = [];
      try {
        this.send({ tag: BUDGET_MESSAGE, op: 'end', answered, limited, unused });
      } catch {
        // The manager is gone: this process is about to be stopped.
      }
    });
  }

  pause(retryAfterMs: number): void {
    // Stop here at once; the manager stops every other shard of the host.
    const until = this.now() + retryAfterMs + RETRY_AFTER_MARGIN_MS;
    if (until > this.paused) this.pauseCount += 1;
    this.paused = Math.max(this.paused, until);
    for (const leased of this.pool.splice(0)) this.ended.unused.push(leased.id);
    this.flush();
    try {
      this.send({ tag: BUDGET_MESSAGE, op: 'pause', retryAfterMs });
    } catch {
      // The manager is gone.
    }
    this.pump();
  }

  pausedUntil(): number {
    return this.paused;
  }

  pauses(): number {
    return this.pauseCount;
  }

  close(): void {
    this.closed = true;
    this.waiters.close();
  }
}

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
