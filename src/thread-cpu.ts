/**
 * The calling thread's own CPU time (main thread or a worker thread): what a render costs on
 * its render worker (src/discord/pictures/render-worker.ts), apart from its wall time.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * This thread's CPU time so far, ms, or null where the kernel does not say (not Linux): the
 * first field of /proc/thread-self/schedstat is the thread's time on a CPU in ns. Read per
 * render (≈ 10–20 µs), so the bench can give a render's CPU cost apart from its wall time.
 */
export function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * Lower the calling thread's scheduling priority to `nice` (0–19; higher = yields more) where
 * the kernel allows one thread its own (Linux: setpriority on the thread id from
 * /proc/thread-self). For the worker threads whose work is not a click's answer — the AI
 * players' searches and 💡 Hints (src/bots/worker.ts), picture renders
 * (src/discord/pictures/render-worker.ts): on a machine where every core is busy, the event loop
 * that answers the clicks gets the CPU first, and they take what is left (docs/benchmark.md
 * "Threads and priorities"). Returns the nice value set, or null where it could not be (not
 * Linux, or refused): the thread then runs at the process's priority, as before.
 */
export function lowerThreadPriority(nice: number): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    setPriority(tid, Math.max(getPriority(tid), nice));
    return getPriority(tid);
  } catch {
    return null;
  }
}

/**
 * The nice value of a picture render worker (src/discord/pictures/render-worker.ts,
 * `lowerThreadPriority`): when every core is busy, the event loop answering clicks gets the CPU
 * before a picture is drawn, and a picture before the AI players' searches (SEARCH_THREAD_NICE);
 * docs/benchmark.md "Threads and priorities".
 */
export const RENDER_THREAD_NICE = 4;

/**
 * The nice value of an AI players' worker (src/bots/worker.ts, `lowerThreadPriority`): a search
 * or a 💡 Hint yields the CPU to the event loop answering clicks, and to picture renders, when
 * every core is busy (docs/benchmark.md "Threads and priorities"). A timed Hard search then gets fewer simulations under load, as it
 * already did when it shared the cores evenly.
 */
export const SEARCH_THREAD_NICE = 15;
