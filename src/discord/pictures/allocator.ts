/**
 * resvg's memory allocator, tuned before resvg is loaded (README "Pictures"; docs/pictures.md
 * "Render time"). `@resvg/resvg-js` allocates with mimalloc, which by default hands freed
 * memory back to the operating system after 10 ms — and a picture's pixels (≈ 1.7 MB for a
 * 540 × 800 board, a few such buffers per render) are freed and allocated again with every
 * picture, so each render paid for fresh pages: an empty board-sized picture cost ≈ 16 ms CPU,
 * half of it in the kernel. Keeping freed memory for PURGE_DELAY_MS instead cut a picture's
 * CPU time by ≈ 35–40 % (p50 42–50 → 26–34 ms over 120 boards and hands, three alternating
 * runs, 2026-12-02). The memory kept is what one render at a time needs (a worker draws
 * one at a time: a few tens of MB at most), handed back after PURGE_DELAY_MS without renders.
 *
 * mimalloc reads `MIMALLOC_PURGE_DELAY` from the environment once, when resvg's native module
 * is loaded: this module must be imported before `@resvg/resvg-js` (./render-worker.ts imports it
 * first). A value already set in the environment wins.
 */

/** How long resvg's allocator keeps freed memory for the next picture, ms. */
export const PURGE_DELAY_MS = 1000;

process.env.MIMALLOC_PURGE_DELAY ??= String(PURGE_DELAY_MS);
