/**
 * Admission of component clicks (README "Architecture"; overload degrades, never fails):
 * at most `inFlight` clicks are worked on at once, the others wait their turn in arrival
 * order. Without the bound, every click that arrives is started at once and they all share
 * the CPU: under twice the sustainable rate each of them slows down together until none is
 * answered within Discord's 3 s (docs/discord.md §1). With it, the clicks being worked on
 * finish promptly, and a click that waits long enough to be in danger is acknowledged first
 * (late.ts `acknowledgeFirst`: a deferred update or a deferred private reply, which is cheap),
 * so it is answered in time however long its real work then waits.
 *
 * A waiting click's turn is handed over in a `setImmediate` turn of its own: the interactions
 * that arrived meanwhile are read, and the waiting ones acknowledged, before the next one
 * starts.
 *
 * A click keeps its slot until its answer is acknowledged by Discord: giving it back once the
 * answer was sent (tried on 2026-12-07 night, docs/pictures.md "Admission slots and the
 * answer's round trip") let more clicks work at once and the bot answered fewer a second. It
 * gives the slot back (`leaveSlot`) while it waits for its picture or a hint's search.
 */

/** Component clicks worked on at once, at most (the rest wait, in order). */
export const CLICKS_IN_FLIGHT = 16;

/** Options of a ClickAdmission. */
export interface ClickAdmissionOptions {
  /** Clicks worked on at once (default CLICKS_IN_FLIGHT). */
  inFlight?: number;
  /**
   * A click this old (ms since its snowflake's creation) that has not started is
   * acknowledged first (the router passes late.ts ACKNOWLEDGE_FIRST_AFTER_MS).
   */
  acknowledgeAfterMs: number;
}

/** One click waiting for its turn. */
interface Waiter {
  start: () => void;
  fail: (err: unknown) => void;
  acknowledge: () => Promise<void>;
  /** The acknowledgement under way or done, once it was asked for. */
  acknowledged: Promise<void> | null;
  timer: NodeJS.Timeout | null;
}

/** Hands out the slots for component clicks (see the module comment). */
export class ClickAdmission {
  private readonly limit: number;
  private readonly acknowledgeAfterMs: number;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private handing = false;

  constructor(options: ClickAdmissionOptions) {
    this.limit = Math.max(1, options.inFlight ?? CLICKS_IN_FLIGHT);
    this.acknowledgeAfterMs = options.acknowledgeAfterMs;
  }

  /** Clicks worked on now. */
  get active(): number {
    return this.running;
  }

  /** Clicks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Wait for a slot for a click that is already `ageMs` old (ms, ≥ 0). A click that is
   * already past `acknowledgeAfterMs`, or reaches it while it waits, is acknowledged first
   * (`acknowledge` is called once and awaited before the slot is handed over). Resolves with
   * the slot's release, to be called exactly once when the click's work is done; rejects with
   * the acknowledgement's error when it fails (the click is then not worked on: its 3 s are
   * over, nothing changes).
   */
  async enter(ageMs: number, acknowledge: () => Promise<void>): Promise<() => void> {
    const late = ageMs >= this.acknowledgeAfterMs;
    if (this.running < this.limit && this.waiting.length === 0) {
      this.running++;
      const release = this.releaser();
      if (late) {
        try {
          await acknowledge();
        } catch (err) {
          release();
          throw err;
        }
      }
      return release;
    }
    return new Promise<() => void>((resolve, reject) => {
      const waiter: Waiter = {
        acknowledge,
        acknowledged: null,
        timer: null,
        start: () => {
          if (waiter.timer) clearTimeout(waiter.timer);
          const release = this.releaser();
          if (!waiter.acknowledged) return resolve(release);
          waiter.acknowledged.then(
            () => resolve(release),
            (err: unknown) => {
              release();
              reject(err);
            },
          );
        },
        fail: reject,
      };
      this.waiting.push(waiter);
      if (late) this.acknowledgeWaiting(waiter);
      else waiter.timer = setTimeout(() => this.acknowledgeWaiting(waiter), this.acknowledgeAfterMs - ageMs);
    });
  }

  /** Acknowledge a click still waiting (a failed acknowledgement takes it out of the queue). */
  private acknowledgeWaiting(waiter: Waiter): void {
    waiter.timer = null;
    if (waiter.acknowledged || !this.waiting.includes(waiter)) return;
    waiter.acknowledged = waiter.acknowledge();
    waiter.acknowledged.catch((err: unknown) => {
      const index = this.waiting.indexOf(waiter);
      if (index < 0) return; // already started: its start hands the error over
      this.waiting.splice(index, 1);
      waiter.fail(err);
    });
  }

  /** A release for one slot taken now, good for one call. */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.handOver();
    };
  }

  /** Start waiting clicks in turns of their own while slots are free. */
  private handOver(): void {
    if (this.handing || this.waiting.length === 0 || this.running >= this.limit) return;
    this.handing = true;
    setImmediate(() => {
      this.handing = false;
      if (this.running >= this.limit) return;
      const next = this.waiting.shift();
      if (!next) return;
      this.running++;
      next.start();
      this.handOver();
    });
  }
}

/** The slot each admitted click holds, by interaction (see `holdsSlot`, `leaveSlot`). */
const slots = new WeakMap<object, () => void>();

/** Note that `interaction` holds the slot `release` frees (the router, once admitted). */
export function holdsSlot(interaction: object, release: () => void): void {
  slots.set(interaction, release);
}

/**
 * Free `interaction`'s slot now, before its handler is done: for a handler that has answered
 * (or acknowledged) its click and then waits on work off the event loop — a 💡 Hint's search on
 * the AI players' pool takes a live Hard move's time, seconds under load — so that wait does not
 * hold one of the CLICKS_IN_FLIGHT slots the clicks behind it are waiting for (under load the
 * hints held most of them: docs/benchmark.md). The router's own release afterwards does
 * nothing (a release is good for one call). Nothing happens for an interaction without a slot.
 */
export function leaveSlot(interaction: object): void {
  const release = slots.get(interaction);
  slots.delete(interaction);
  release?.();
}
