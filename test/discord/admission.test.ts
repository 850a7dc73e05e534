/**
 * Admission of component clicks (src/discord/interactions/admission.ts): a bounded number of clicks is
 * worked on at once, the rest wait in arrival order, and a click that waits until it is
 * `acknowledgeAfterMs` late is acknowledged before its turn — never one that started in time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClickAdmission } from '../../src/discord/interactions/admission.js';

/** Let timers, immediates and promise callbacks run for `ms` of fake time. */
async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('ClickAdmission', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('works on at most `inFlight` clicks at once and starts the others in arrival order', async () => {
    const admission = new ClickAdmission({ inFlight: 2, acknowledgeAfterMs: 1000 });
    const started: number[] = [];
    const releases = new Map<number, () => void>();
    for (let click = 0; click < 5; click++) {
      void admission.enter(0, async () => undefined).then((release) => {
        started.push(click);
        releases.set(click, release);
      });
    }
    await pass(1);
    expect(started).toEqual([0, 1]);
    expect(admission.queued).toBe(3);
    releases.get(1)!();
    releases.get(1)!(); // a second call of the same release frees nothing more
    await pass(1);
    expect(started).toEqual([0, 1, 2]);
    expect(admission.active).toBe(2);
    releases.get(0)!();
    releases.get(2)!();
    await pass(1);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('acknowledges a waiting click when it becomes late, before its turn; a click started in time is not acknowledged', async () => {
    const admission = new ClickAdmission({ inFlight: 1, acknowledgeAfterMs: 1000 });
    const order: string[] = [];
    const ack = (name: string) => async () => {
      order.push(`ack ${name}`);
    };
    const first = await admission.enter(0, ack('first'));
    order.push('start first');
    // Arrives 400 ms late: acknowledged 600 ms later if it has not started by then.
    void admission.enter(400, ack('second')).then((release) => {
      order.push('start second');
      release();
    });
    // Arrives 100 ms late: it has 900 ms.
    void admission.enter(100, ack('third')).then((release) => {
      order.push('start third');
      release();
    });
    await pass(599);
    expect(order).toEqual(['start first']);
    await pass(1);
    expect(order).toEqual(['start first', 'ack second']);
    first();
    await pass(1);
    // The second starts (already acknowledged), then the third, 700 ms after it arrived: in time.
    expect(order).toEqual(['start first', 'ack second', 'start second', 'start third']);
    await pass(2000);
    expect(order).not.toContain('ack third');
  });

  it('acknowledges first a click that arrives already late, even with a slot free', async () => {
    const admission = new ClickAdmission({ inFlight: 4, acknowledgeAfterMs: 1000 });
    const acknowledge = vi.fn(async () => undefined);
    const release = await admission.enter(1200, acknowledge);
    expect(acknowledge).toHaveBeenCalledTimes(1);
    release();
    expect(admission.active).toBe(0);
  });

  it('does not work on a click whose acknowledgement failed, and goes on with the others', async () => {
    const admission = new ClickAdmission({ inFlight: 1, acknowledgeAfterMs: 1000 });
    const first = await admission.enter(0, async () => undefined);
    const gone = new Error('Unknown interaction');
    const failed = admission.enter(0, async () => {
      throw gone;
    });
    const outcome = failed.then(
      () => 'started',
      (err: unknown) => err,
    );
    let thirdStarted = false;
    void admission.enter(0, async () => undefined).then((release) => {
      thirdStarted = true;
      release();
    });
    await pass(1000);
    expect(await outcome).toBe(gone);
    expect(admission.queued).toBe(1);
    first();
    await pass(1);
    expect(thirdStarted).toBe(true);
    expect(admission.active).toBe(0);

    // Already late with a slot free, and the acknowledgement fails: the slot is given back.
    await expect(admission.enter(1500, async () => Promise.reject(gone))).rejects.toBe(gone);
    expect(admission.active).toBe(0);
  });
});
