/**
 * What cache bytes a composer's working set needs (bench/pictures.ts `--working-set`,
 * docs/pictures.md): every lookup of the piece and strip caches (src/discord/pictures/compose.ts)
 * is recorded — a 52-bit hash of the key and the bytes the entry is charged (ByteLru's charge:
 * the value, the key's length and ENTRY_OVERHEAD_BYTES) — and replayed through a least-recently-
 * used cache of each size asked for, in one pass: a lookup hits a cache of C bytes when the
 * entries used since its key's last use, with itself, weigh ≤ C (LRU's inclusion property; the
 * bytes counted with a Fenwick tree over the trace's positions).
 *
 * Exact for the pieces (a piece's key is its SVG). A strip's key names its pieces by id, and a
 * piece evicted and rasterised again gets a new id: the strips' replay is of the keys this run's
 * piece cache produced (with a piece cache that never evicts, the strips' own working set).
 */
import { ByteLru } from '../src/discord/pictures/cache.js';

/** A cache's lookups in order: key hashes and charged bytes (the bytes known once the entry was set). */
export class CacheTrace {
  private keys = new Float64Array(1 << 16);
  private n = 0;
  /** Charged bytes per key hash (from the set that followed its first miss). */
  readonly bytes = new Map<number, number>();

  /** Record a lookup of `key`. */
  get(key: string): void {
    if (this.n === this.keys.length) {
      const bigger = new Float64Array(this.keys.length * 2);
      bigger.set(this.keys);
      this.keys = bigger;
    }
    this.keys[this.n++] = hash52(key);
  }

  /** Record that `key` was stored, charged `bytes` (ByteLru's charge: value, key and ENTRY_OVERHEAD_BYTES). */
  set(key: string, bytes: number): void {
    this.bytes.set(hash52(key), bytes);
  }

  /** Lookups recorded. */
  get lookups(): number {
    return this.n;
  }

  /** Distinct keys and their total charged bytes (what a cache that never evicts ends with). */
  distinct(): { keys: number; bytes: number } {
    let bytes = 0;
    for (const b of this.bytes.values()) bytes += b;
    return { keys: this.bytes.size, bytes };
  }

  /** The share of lookups an LRU cache of each of `sizes` bytes would hit (in the order given). */
  hitRates(sizes: number[]): number[] {
    const n = this.n;
    const tree = new Float64Array(n + 1);
    const add = (i: number, v: number) => {
      for (let j = i + 1; j <= n; j += j & -j) tree[j]! += v;
    };
    const sum = (i: number) => {
      // Sum of positions 0..i-1.
      let s = 0;
      for (let j = i; j > 0; j -= j & -j) s += tree[j]!;
      return s;
    };
    const last = new Map<number, number>();
    const hits = sizes.map(() => 0);
    for (let t = 0; t < n; t++) {
      const k = this.keys[t]!;
      const own = this.bytes.get(k) ?? 0;
      const prev = last.get(k);
      if (prev !== undefined) {
        // Bytes of the distinct entries used after prev (each counted at its latest use), plus itself.
        const between = sum(t) - sum(prev + 1);
        sizes.forEach((size, s) => {
          if (between + own <= size) hits[s]!++;
        });
        add(prev, -own);
      }
      add(t, own);
      last.set(k, t);
    }
    return hits.map((h) => (n ? h / n : 0));
  }
}

/** A 52-bit hash of `s` (two FNV-1a halves): collisions are negligible for a few million keys. */
function hash52(s: string): number {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
  }
  return (h1 >>> 0) * 2 ** 20 + ((h2 >>> 0) & 0xfffff);
}

/**
 * Record every lookup and store of a composer's two caches (its private `pieces` and `strips`
 * ByteLru instances, wrapped in place: bench only; the composer must be made with caches large
 * enough to keep every entry, or an entry evicted and made again is weighed by its last charge).
 * Returns the two traces.
 */
export function traceComposer(composer: object): { pieces: CacheTrace; strips: CacheTrace } {
  const out = { pieces: new CacheTrace(), strips: new CacheTrace() };
  for (const name of ['pieces', 'strips'] as const) {
    const lru = (composer as Record<string, ByteLru<unknown> | undefined>)[name];
    if (!(lru instanceof ByteLru)) throw new Error(`composer has no ${name} cache to trace`);
    const get = lru.get.bind(lru);
    const set = lru.set.bind(lru);
    // The charge ByteLru gave the entry (its private map), so the trace weighs entries as the cache does.
    const charged = (k: string) => (lru as unknown as { entries: Map<string, { bytes: number }> }).entries.get(k)?.bytes;
    lru.get = (k: string) => {
      out[name].get(k);
      return get(k);
    };
    lru.set = (k: string, v: unknown) => {
      set(k, v);
      const bytes = charged(k);
      if (bytes !== undefined) out[name].set(k, bytes);
    };
  }
  return out;
}
