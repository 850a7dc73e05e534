/**
 * One global REST budget per bot token (README "Deploy and scale out", docs/rate-limit.md "One
 * budget across shard processes"). Discord allows a bot token 50 requests per second in all
 * on every route except the interaction routes (the callback and `/webhooks/{app}/{token}/…`),
 * and that limit is the token's: every shard process of the bot shares it.
 *
 * - A `SlotWindow` counts the requests of one budget: at most `perWindow` in any `windowMs`
 *   span, each counted from its answer (a request reaches Discord after it was granted and
 *   before its answer, so one granted a window after the answer of the `perWindow`-th before
 *   it never shares a window with it, however late a busy process sends it).
 * - One process (no shards): a `LocalGlobalGate` holds the window itself.
 * - Shard processes of one host (./shard-budget.ts): the ShardingManager's process holds the window
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
 * limit). `globalRouteRequest` (./global-route.ts) wraps discord.js's REST `makeRequest` so that every request on
 * a global route, whoever sends it, takes a slot first; it waits out a pause and tries a
 * request refused by a global 429 at most GLOBAL_429_RETRIES more times, then fails it with a
 * 429 (the publisher retries the board with the newest state later). discord.js never sees a
 * global 429, so its own global queue (off: `globalRequestsPerSecond: Infinity`) never waits
 * on top of ours.
 */
import type { Logger } from '../../logger.js';

/** Discord's global limit of one bot token: requests per second on non-interaction routes. */
export const DISCORD_GLOBAL_PER_SECOND = 50;
/** The span the global limit is counted over, from each answer, ms (Discord's 1,000 plus a margin for jitter). */
export const GLOBAL_WINDOW_MS = 1050;
/** Added to every `retry_after`, ms (clock jitter between Discord and us). */
export const RETRY_AFTER_MARGIN_MS = 50;
/** A slot still unanswered this long counts as answered (discord.js aborts a request after 15 s), ms. */
export const MAX_IN_FLIGHT_MS = 20_000;

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

/** Waiters for a slot, in order, and the one timer that serves them when the budget frees (a gate's, here and in ./shard-budget.ts). */
export class Waiters {
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
export class PauseLog {
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
