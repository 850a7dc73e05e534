/**
 * The picture cache (README "Pictures"): PNGs kept in memory, least recently used dropped
 * first, bounded by bytes. Rasterising costs ≈ 10–30 ms of a core; a board is drawn once per
 * table version and language however many times it is sent, and a hand that a rival's move
 * did not change is the same SVG, so it is found by its SVG's hash and not rasterised again.
 */

/**
 * Bytes the picture cache may hold, at most (PNG bytes plus a small charge per entry):
 * 32 MiB ≈ 600 boards of ≈ 50 KB, a few pictures per open table for hundreds of tables.
 */
export const PICTURE_CACHE_BYTES = 32 * 1024 * 1024;

/** What every entry costs besides its own bytes (key, map slot, object), bytes. */
export const ENTRY_OVERHEAD_BYTES = 200;

/** A least-recently-used map bounded by the bytes of its values. */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  /**
   * `maxBytes`: the bound (≥ 0); `sizeOf`: a value's bytes (the entry's charge adds
   * ENTRY_OVERHEAD_BYTES and the key's length).
   */
  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The value under `key` (now the most recently used), or undefined. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keep `value` under `key`, dropping the least recently used entries beyond the bound. A value larger than the bound is not kept. */
  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.total -= old.bytes;
    }
    const bytes = this.sizeOf(value) + key.length + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  /** Bytes held now (≤ maxBytes). */
  get bytes(): number {
    return this.total;
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }
}
