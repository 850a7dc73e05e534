/**
 * Spends the bot's REST budget for channel messages where players look (README
 * "Architecture", the publisher; docs/discord.md §4). Discord allows a bot 50 requests
 * per second in all on non-interaction routes (the global limit) and, per channel, a few
 * message creates and a few edits per window (about 5 per 5 s has been observed; the numbers
 * are not published). discord.js waits out both limits by itself, but first come first
 * served, and it spends a channel's window in a burst: a board then waits seconds for the
 * window to reset while the game moves on.
 *
 * Here a request first asks for a slot:
 * - **globally**, at most `globalPerSecond` requests in any `globalWindowMs` span (a sliding
 *   window counted from the answers, so no fixed window on Discord's side sees more, however
 *   late a busy process sends what it was granted), granted by priority — the board
 *   before pings, pings before clean-up — and in arrival order within a priority (for a
 *   board: the table that became dirty first goes first). The last `boardReserve` requests of
 *   every window are the board's alone: pings and clean-up never fill a window, so a board
 *   change that comes after a burst of them still finds a request free at once;
 * - **per channel and kind** (message create, edit, delete), one request at a time, and
 *   the channel's announced budget spent evenly: after an answer saying `remaining`
 *   requests are left until the window resets in `reset-after` (Discord's `X-RateLimit-*`
 *   headers), the next request waits reset-after / (remaining + 1) — 5 per 5 s becomes one
 *   per second under steady load instead of five at once and then a 5 s wait; with nothing
 *   announced (no limit), it does not wait.
 *
 * A slot is asked for *before* the request is drawn: the caller renders the newest state
 * once its slot comes (coalescing everything that changed while it waited), sends it, and
 * releases the slot with the answer's headers.
 */

import type { GlobalGate, GlobalSlot } from './global-budget.js';

/** What a request does to a channel's messages (each kind has its own per-channel bucket; `read` fetches one). */
export type MessageRequestKind = 'create' | 'edit' | 'delete' | 'read';

/** Priorities, most urgent first (lower number first). */
export const RestPriority = {
  /** The public board: what every player looks at. */
  board: 0,
  /** "Your move" pings: create, or edit down to who is still deciding. */
  ping: 1,
  /** Deleting an old ping, re-checking an unchanged board. */
  cleanUp: 2,
} as const;

/** Settings of a RestBudget. */
export interface RestBudgetOptions {
  /** Requests per `globalWindowMs` on non-interaction routes (Discord: 50 per s). Default 50. */
  globalPerSecond?: number;
  /** The span the global limit is counted over, from each request's answer, ms (Discord's 1,000 plus a margin for clock jitter). Default 1,050. */
  globalWindowMs?: number;
  /**
   * Requests of every global window only the board may use (pings and clean-up wait when
   * only these are left). Default: a fifth of `globalPerSecond` (10 of 50).
   */
  boardReserve?: number;
  /** Added to a wait for a window's reset, ms (clock and latency jitter). Default 25. */
  resetMarginMs?: number;
  /** Current time, ms (monotonic). */
  now?: () => number;
  /**
   * The bot-wide global budget (./global-budget.ts: this process's, or the slots the
   * ShardingManager leases to this shard): every grant also takes one of its slots, so the
   * budget's share is spent here by priority. Default: none (this window only).
   */
  gate?: GlobalGate;
}

/** Response headers, as `Headers` (only `get` is used). */
export interface HeaderSource {
  get(name: string): string | null;
}

/**
 * Ends a granted slot: pass the answer's headers (or nothing when there was no answer).
 * `global`: the slot of the bot-wide budget taken with it (RestBudgetOptions `gate`), for
 * the request to send on (`grantedSlot` of ./global-budget.ts); ended unused if it was not.
 */
export type SlotRelease = ((headers?: HeaderSource | null) => void) & { readonly global?: GlobalSlot };

/** A slot asked for and not granted yet (`RestBudget.request`). */
export interface SlotRequest {
  /** Resolves with the function that ends the slot once it is granted. */
  granted: Promise<SlotRelease>;
  /**
   * Raise the request to `priority` (RestPriority; a lower number) while it waits — e.g. a
   * board redraw asked for at clean-up priority when a game change arrives for the same
   * board. It goes behind the requests already waiting at that priority. No effect once
   * granted, or when the request already has that priority or a more urgent one.
   */
  promote(priority: number): void;
}

/** A channel's kind of request: one in flight at a time, the next not before `freeAt`. */
interface ChannelState {
  busy: boolean;
  freeAt: number;
}

interface Waiter {
  channelId: string;
  kind: MessageRequestKind;
  priority: number;
  seq: number;
  grant: (release: SlotRelease) => void;
}

/** Global and per-channel pacing of message requests, by priority. */
export class RestBudget {
  private readonly globalPerSecond: number;
  private readonly globalWindowMs: number;
  private readonly boardReserve: number;
  private readonly resetMarginMs: number;
  private readonly now: () => number;
  /**
   * The last `globalPerSecond` grants, oldest first: when each one's answer came (Infinity
   * while it is on its way). Counting from the answer, not the grant, holds however late a
   * busy process actually sends a granted request: a request arrives at Discord after it was
   * granted and before its answer, so one granted a window after the answer of the
   * `globalPerSecond`-th before it can never share a window with it.
   */
  private readonly sent: { answeredAt: number }[] = [];
  /** Each channel's kinds of request; idle entries in the past are swept. */
  private readonly channels = new Map<string, ChannelState>();
  /** Waiters, one array per priority, arrival order within. */
  private readonly queues: Waiter[][] = [[], [], []];
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private sweptAt = 0;
  private readonly gate: GlobalGate | null;
  /** A slot of `gate` handed over while waiting for one, not granted on yet. */
  private held: GlobalSlot | null = null;
  /** Leaves the queue of `gate` (set while this budget waits there). */
  private leaveGate: (() => void) | null = null;
  private waitingGate = false;

  constructor(opts: RestBudgetOptions = {}) {
    this.gate = opts.gate ?? null;
    this.globalPerSecond = opts.globalPerSecond ?? 50;
    this.globalWindowMs = opts.globalWindowMs ?? 1050;
    this.boardReserve = Math.max(0, Math.min(this.globalPerSecond - 1, opts.boardReserve ?? Math.floor(this.globalPerSecond / 5)));
    this.resetMarginMs = opts.resetMarginMs ?? 25;
    this.now = opts.now ?? (() => performance.now());
  }

  /** Requests waiting for a slot (all priorities). */
  get waiting(): number {
    return this.queues.reduce((sum, queue) => sum + queue.length, 0);
  }

  /**
   * Resolves when a request of `kind` to channel `channelId` may be sent now, at `priority`
   * (RestPriority), with the function that ends the slot. The slot counts against the
   * global limit once granted: send the request right away, then release it with the
   * answer's headers (always release it, also when nothing was sent).
   */
  slot(channelId: string, kind: MessageRequestKind, priority: number): Promise<SlotRelease> {
    return this.request(channelId, kind, priority).granted;
  }

  /** `slot`, with a handle that can raise the request's priority while it waits. */
  request(channelId: string, kind: MessageRequestKind, priority: number): SlotRequest {
    let waiter: Waiter | null = null;
    const granted = new Promise<SlotRelease>((grant) => {
      waiter = { channelId, kind, priority: this.clamp(priority), seq: this.seq++, grant };
      this.queues[waiter.priority]!.push(waiter);
    });
    this.pump();
    return {
      granted,
      promote: (to: number) => {
        const target = this.clamp(to);
        if (!waiter || target >= waiter.priority) return;
        const queue = this.queues[waiter.priority]!;
        const index = queue.indexOf(waiter);
        if (index < 0) return;
        queue.splice(index, 1);
        waiter.priority = target;
        waiter.seq = this.seq++;
        this.queues[target]!.push(waiter);
        this.pump();
      },
    };
  }

  private clamp(priority: number): number {
    return Math.max(0, Math.min(this.queues.length - 1, priority));
  }

  /** Drop every waiter and timer (shutdown): their promises never resolve. */
  close(): void {
    for (const queue of this.queues) queue.length = 0;
    this.leaveGate?.();
    this.leaveGate = null;
    this.waitingGate = false;
    this.held?.release('unused');
    this.held = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  /** Grant every waiter that may go now, by priority; arm a timer for the earliest other. */
  private pump(): void {
    const now = this.now();
    this.sweep(now);
    let wakeAt = Infinity;
    for (const [priority, queue] of this.queues.entries()) {
      // Pings and clean-up leave the window's last requests to the board.
      const cap = priority === RestPriority.board ? this.globalPerSecond : this.globalPerSecond - this.boardReserve;
      for (let index = 0; index < queue.length; ) {
        const globalAt = this.globalFreeAt(now, cap);
        if (globalAt > now) {
          wakeAt = Math.min(wakeAt, globalAt);
          this.held?.release('unused');
          this.held = null;
          this.arm(wakeAt, now);
          return;
        }
        const waiter = queue[index]!;
        const key = `${waiter.kind} ${waiter.channelId}`;
        const channel = this.channels.get(key);
        if (channel && (channel.busy || channel.freeAt > now)) {
          // This channel waits (for its answer, or its spacing); other channels may go meanwhile.
          if (!channel.busy) wakeAt = Math.min(wakeAt, channel.freeAt);
          index += 1;
          continue;
        }
        let global: GlobalSlot | null = null;
        if (this.gate) {
          global = this.held ?? this.gate.tryTake();
          this.held = null;
          if (!global) {
            // The bot-wide budget is spent (or paused): its next slot pumps again.
            if (!this.waitingGate) {
              this.waitingGate = true;
              const leave = this.gate.wait((slot) => {
                this.waitingGate = false;
                this.leaveGate = null;
                this.held = slot;
                this.pump();
              });
              // (The gate may have handed a slot over at once.)
              if (this.waitingGate) this.leaveGate = leave;
            }
            this.arm(wakeAt, now);
            return;
          }
        }
        queue.splice(index, 1);
        const state: ChannelState = channel ?? { busy: false, freeAt: 0 };
        state.busy = true;
        this.channels.set(key, state);
        const sent = { answeredAt: Infinity };
        this.sent.push(sent);
        if (this.sent.length > this.globalPerSecond) this.sent.shift();
        let released = false;
        const release = (headers?: HeaderSource | null) => {
          if (released) return;
          released = true;
          sent.answeredAt = this.now();
          global?.release('unused');
          this.release(state, headers ?? null);
        };
        waiter.grant(global ? Object.assign(release, { global }) : release);
      }
    }
    // A slot of the bot-wide budget no waiter could use now (their channels wait): back.
    this.held?.release('unused');
    this.held = null;
    this.arm(wakeAt, now);
  }

  /** A slot ended: space the channel's next request by what its answer announced. */
  private release(state: ChannelState, headers: HeaderSource | null): void {
    const now = this.now();
    state.busy = false;
    state.freeAt = now;
    const remaining = Number(headers?.get('x-ratelimit-remaining') ?? NaN);
    const resetAfterMs = Number(headers?.get('x-ratelimit-reset-after') ?? NaN) * 1000;
    if (Number.isFinite(remaining) && Number.isFinite(resetAfterMs) && resetAfterMs > 0) {
      state.freeAt = remaining > 0 ? now + resetAfterMs / (remaining + 1) : now + resetAfterMs + this.resetMarginMs;
    }
    this.pump();
  }

  /**
   * When the next request may go with at most `cap` requests in any global window (≤ now: at
   * once; Infinity: when an answer still on its way comes — its release pumps again).
   */
  private globalFreeAt(now: number, cap: number): number {
    if (this.sent.length < cap) return now;
    return this.sent[this.sent.length - cap]!.answeredAt + this.globalWindowMs;
  }

  private arm(at: number, now: number): void {
    if (at === Infinity || (this.timer && this.timerAt <= at)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.pump();
      },
      Math.max(0, Math.ceil(at - now)),
    );
  }

  /** Forget channels with nothing in flight whose spacing ended (bounded memory over many channels). */
  private sweep(now: number): void {
    if (now - this.sweptAt < 10_000) return;
    this.sweptAt = now;
    for (const [key, state] of this.channels) if (!state.busy && state.freeAt <= now) this.channels.delete(key);
  }
}
