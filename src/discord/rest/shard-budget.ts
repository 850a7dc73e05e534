/**
 * The bot-wide REST budget shared by the shard processes of one host (./global-budget.ts, README
 * "Deploy and scale out"): the ShardingManager's process holds the window (`GlobalBudgetHost`) and
 * grants slots over the manager's IPC, a few at a time; each shard process keeps the slots it
 * was granted in a small pool (`SharedGlobalGate`), so most requests take a slot without a
 * message. A global 429 in one shard pauses every shard of the host.
 */
import { PauseLog, RETRY_AFTER_MARGIN_MS, SlotWindow, Waiters, type GlobalBudgetOptions, type GlobalGate, type GlobalSlot } from './global-budget.js';

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
