/**
 * The REST budget of board and ping requests (docs/discord.md §4): at most the global
 * number per window, one request per kind and channel per spacing, the board before pings
 * before clean-up, and a waiting channel does not hold up other channels.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RestBudget, RestPriority } from '../../src/discord/rest/rest-budget.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A budget on fake timers whose clock is vitest's; `ask` releases each slot at once with `headers`. */
function fakeBudget(opts: { globalPerSecond?: number; globalWindowMs?: number }) {
  vi.useFakeTimers();
  const budget = new RestBudget({ ...opts, resetMarginMs: 0, now: () => Date.now() });
  const granted: string[] = [];
  const ask = (name: string, channel: string, kind: 'create' | 'edit' | 'delete', priority: number, headers?: Record<string, string>) =>
    void budget.slot(channel, kind, priority).then((release) => {
      granted.push(name);
      release(headers ? new Headers(headers) : null);
    });
  return { budget, granted, ask };
}

/** What the emulator (and Discord) answer on a message route: `remaining` left, window resets in `resetAfter` s. */
const limits = (remaining: number, resetAfter: number) => ({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset-after': resetAfter.toFixed(3) });

describe('RestBudget', () => {
  it('spends a channel’s announced budget evenly (5 per 5 s → one per second) and lets other channels and kinds go meanwhile', async () => {
    const { granted, ask } = fakeBudget({});
    ask('edit a1', 'a', 'edit', RestPriority.board, limits(4, 5));
    ask('edit a2', 'a', 'edit', RestPriority.board, limits(3, 4));
    ask('edit b1', 'b', 'edit', RestPriority.board, limits(4, 5));
    ask('create a1', 'a', 'create', RestPriority.ping, limits(4, 5));
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual(['edit a1', 'edit b1', 'create a1']);
    await vi.advanceTimersByTimeAsync(999);
    expect(granted).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toEqual(['edit a1', 'edit b1', 'create a1', 'edit a2']);
    // The window is used up: the next edit waits for its reset.
    ask('edit a3', 'a', 'edit', RestPriority.board, limits(0, 1));
    await vi.advanceTimersByTimeAsync(1000);
    ask('edit a4', 'a', 'edit', RestPriority.board);
    await vi.advanceTimersByTimeAsync(999);
    expect(granted.at(-1)).toBe('edit a3');
    await vi.advanceTimersByTimeAsync(1);
    expect(granted.at(-1)).toBe('edit a4');
  });

  it('keeps one request per channel and kind in flight; with no limit announced the next goes as soon as the answer is in', async () => {
    vi.useFakeTimers();
    const budget = new RestBudget({ now: () => Date.now() });
    const first = await budget.slot('a', 'edit', RestPriority.board);
    let second = false;
    void budget.slot('a', 'edit', RestPriority.board).then(() => (second = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(second).toBe(false);
    first(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toBe(true);
  });

  it('grants at most the global number per window, the board first, then pings, then clean-up', async () => {
    const { granted, ask } = fakeBudget({ globalPerSecond: 2, globalWindowMs: 1000 });
    ask('delete 1', 'c1', 'delete', RestPriority.cleanUp);
    ask('ping 1', 'c2', 'create', RestPriority.ping);
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual(['delete 1', 'ping 1']);
    // The window is spent: these wait, and go by priority whatever their arrival order.
    ask('delete 2', 'c3', 'delete', RestPriority.cleanUp);
    ask('ping 2', 'c4', 'create', RestPriority.ping);
    ask('board 1', 'c5', 'edit', RestPriority.board);
    ask('board 2', 'c6', 'edit', RestPriority.board);
    await vi.advanceTimersByTimeAsync(999);
    expect(granted).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted.slice(2)).toEqual(['board 1', 'board 2']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(granted.slice(4)).toEqual(['ping 2', 'delete 2']);
  });

  it('counts the global limit over a sliding window: no span of the window ever holds more', async () => {
    const { budget, ask, granted } = fakeBudget({ globalPerSecond: 3, globalWindowMs: 1000 });
    const at: number[] = [];
    for (let index = 0; index < 12; index++) {
      void budget.slot(`c${index}`, 'edit', RestPriority.board).then((release) => (at.push(Date.now()), release()));
      if (index % 4 === 0) await vi.advanceTimersByTimeAsync(300);
    }
    ask('last', 'z', 'edit', RestPriority.board);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(at).toHaveLength(12);
    expect(granted).toEqual(['last']);
    for (let index = 3; index < at.length; index++) expect(at[index]! - at[index - 3]!).toBeGreaterThanOrEqual(1000);
  });

  it('keeps the last requests of every window for the board: a burst of pings never leaves a board change waiting for the window', async () => {
    const { granted, ask } = fakeBudget({ globalPerSecond: 10, globalWindowMs: 1000 });
    for (let index = 0; index < 12; index++) ask(`ping ${index}`, `p${index}`, 'create', RestPriority.ping);
    await vi.advanceTimersByTimeAsync(0);
    // A fifth of the window (2 of 10) is the board's: pings get 8.
    expect(granted).toHaveLength(8);
    ask('board', 'b', 'edit', RestPriority.board);
    await vi.advanceTimersByTimeAsync(0);
    expect(granted.at(-1)).toBe('board');
    await vi.advanceTimersByTimeAsync(1000);
    expect(granted.slice(9)).toEqual(['ping 8', 'ping 9', 'ping 10', 'ping 11']);
  });

  it('raises a waiting request to board priority: it goes before the pings and clean-up that were waiting', async () => {
    vi.useFakeTimers();
    const budget = new RestBudget({ globalPerSecond: 1, globalWindowMs: 1000, boardReserve: 0, now: () => Date.now() });
    const granted: string[] = [];
    const take = (name: string, request: { granted: Promise<(h?: null) => void> }) => void request.granted.then((release) => (granted.push(name), release()));
    take('first', budget.request('a', 'edit', RestPriority.board));
    await vi.advanceTimersByTimeAsync(0);
    take('ping', budget.request('b', 'create', RestPriority.ping));
    const redraw = budget.request('c', 'edit', RestPriority.cleanUp);
    take('redraw, then a game change', redraw);
    redraw.promote(RestPriority.board);
    redraw.promote(RestPriority.cleanUp); // never lowered
    await vi.advanceTimersByTimeAsync(1000);
    expect(granted).toEqual(['first', 'redraw, then a game change']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(granted).toEqual(['first', 'redraw, then a game change', 'ping']);
  });

  it('counts the window from each answer: a request whose answer came late holds its place in the window that long', async () => {
    vi.useFakeTimers();
    const budget = new RestBudget({ globalPerSecond: 2, globalWindowMs: 1000, boardReserve: 0, now: () => Date.now() });
    const slow = await budget.slot('a', 'edit', RestPriority.board);
    (await budget.slot('b', 'edit', RestPriority.board))(null);
    let third = -1;
    void budget.slot('c', 'edit', RestPriority.board).then((release) => ((third = Date.now()), release()));
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(500);
    slow(null); // answered 500 ms after it was granted (a busy process, a slow network)
    await vi.advanceTimersByTimeAsync(999);
    expect(third).toBe(-1);
    await vi.advanceTimersByTimeAsync(1);
    expect(third - start).toBe(1500);
  });

  it('close drops every waiter', async () => {
    const { budget, granted, ask } = fakeBudget({});
    ask('first', 'a', 'edit', RestPriority.board, limits(0, 5));
    ask('second', 'a', 'edit', RestPriority.board);
    await vi.advanceTimersByTimeAsync(0);
    budget.close();
    expect(budget.waiting).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(granted).toEqual(['first']);
  });
});
