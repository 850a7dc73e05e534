/**
 * The calling thread's own CPU time (main thread or a worker thread): what a render costs on
 * its render worker (src/discord/pictures/render-worker.ts), apart from its wall time.
 */
import { readFileSync } from 'node:fs';

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
