/**
 * Background work yields to I/O: tasks run in slices from setImmediate, a keyed task queued
 * again replaces the waiting one in its place, and a failing task does not stop the others.
 */
import { describe, expect, it } from 'vitest';
import { BackgroundQueue } from '../../src/discord/publish/background.js';

describe('BackgroundQueue', () => {
  it('runs nothing synchronously, then the tasks in order; a keyed task queued again keeps its place with the newest body', async () => {
    const errors: unknown[] = [];
    const queue = new BackgroundQueue((err) => errors.push(err));
    const ran: string[] = [];
    queue.push(() => ran.push('table 1 v1'), 1);
    queue.push(() => ran.push('anonymous'));
    queue.push(() => ran.push('table 2'), 2);
    queue.push(() => ran.push('table 1 v2'), 1);
    queue.push(() => {
      throw new Error('boom');
    });
    expect(ran).toEqual([]);
    await queue.settled();
    expect(ran).toEqual(['table 1 v2', 'anonymous', 'table 2']);
    expect(errors).toHaveLength(1);
  });

  it('gives the event loop back between slices: I/O callbacks that arrive meanwhile run before the rest', async () => {
    const queue = new BackgroundQueue(() => undefined, 2);
    const order: string[] = [];
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        /* a long drawing */
      }
    };
    for (let index = 0; index < 5; index++) {
      queue.push(() => {
        // A timer set while the first task draws stands for a click arriving while the work
        // is under way (set here, not before the queue starts: on a slow machine a timer set
        // earlier can fall due before the first slice, which says nothing about slicing).
        if (index === 0) setTimeout(() => order.push('click'), 0);
        busy(3);
        order.push(`task ${index}`);
      }, index);
    }
    await queue.settled();
    // Each task outlasts the 2 ms slice, so the click is answered right after the first one.
    expect(order).toEqual(['task 0', 'click', 'task 1', 'task 2', 'task 3', 'task 4']);
  });
});
