/**
 * Small statistics helpers for the benchmark: nearest-rank quantiles, rounding, ratios.
 */

/** The q-quantile (0 ≤ q ≤ 1) of `values` by nearest rank (`Math.ceil(q·n)`-th smallest); NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** p50 / p95 / p99 / max of `values` (ms), each rounded to 0.1; NaN when empty. */
export function summary(values: readonly number[]): { p50: number; p95: number; p99: number; max: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]! : NaN);
  return { p50: round(at(0.5), 1), p95: round(at(0.95), 1), p99: round(at(0.99), 1), max: round(at(1), 1), n: sorted.length };
}

/** `x` rounded to `digits` decimals (NaN stays NaN). */
export function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** a / b rounded to 0.01, or NaN when either is not a positive finite number. */
export function ratio(a: number, b: number): number {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? round(a / b, 2) : NaN;
}

/** The median of `values` (NaN when empty). */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}
