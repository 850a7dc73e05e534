/**
 * The arena's intervals (bench/arena-stats.ts): one deal (its games with the seats swapped) is
 * one unit. Expected values are worked out by hand from the formulas in the file comment:
 * ratio-estimator cluster variance ÷ binomial variance = design effect, clamped to
 * [1, largest deal]; Wilson 95 % (z = 1.96) on games ÷ design effect.
 */
import { describe, expect, it } from 'vitest';
import { clusterWilson, pairedDifference, quantile, t95, wilson } from '../../bench/arena-stats.js';

const deal = (games: number, hits: number) => ({ games, hits });

describe('arena intervals', () => {
  it('Wilson 95 %: 1 of 2 → [0.0945, 0.9055]; 10 of 20 → [0.2993, 0.7007]; 0 of 5 → [0, 0.4345]', () => {
    expect(wilson(1, 2)[0]).toBeCloseTo(0.0945, 4);
    expect(wilson(1, 2)[1]).toBeCloseTo(0.9055, 4);
    expect(wilson(10, 20)[0]).toBeCloseTo(0.2993, 4);
    expect(wilson(0, 5)).toEqual([0, expect.closeTo(0.4345, 4)]);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('two deals, one won in both seats and one lost in both: as wide as two trials, not four', () => {
    // p = 0.5; spread (2 − 1)² + (0 − 1)² = 2; cluster variance 2/1 × 2/16 = 0.25; binomial 0.25/4;
    // design effect 4, clamped to the 2 games a deal → Wilson(1 of 2).
    const r = clusterWilson([deal(2, 2), deal(2, 0)]);
    expect(r.designEffect).toBe(2);
    expect(r.effectiveGames).toBe(2);
    expect(r.interval[0]).toBeCloseTo(0.0945, 4);
    expect(r.interval[1]).toBeCloseTo(0.9055, 4);
    // The per-game Wilson (the old arena's) claimed [0.150, 0.850].
    expect(r.naive[0]).toBeCloseTo(0.15, 3);
  });

  it('deals that split their pair (one win, one loss each) carry no extra spread: the per-game interval', () => {
    const r = clusterWilson(Array.from({ length: 10 }, () => deal(2, 1)));
    expect(r.designEffect).toBe(1);
    expect(r.interval[0]).toBeCloseTo(0.2993, 4);
    expect(r.interval[1]).toBeCloseTo(0.7007, 4);
  });

  it('a design effect between the bounds: 6 deals of 2, hits 2 2 0 0 1 1 → effect 1.6, 7.5 games, [0.2090, 0.7910]', () => {
    // spread 1 + 1 + 1 + 1 = 4; cluster variance 6/5 × 4/144 = 1/30; binomial 0.25/12 → 1.6.
    const r = clusterWilson([deal(2, 2), deal(2, 2), deal(2, 0), deal(2, 0), deal(2, 1), deal(2, 1)]);
    expect(r.rate).toBe(0.5);
    expect(r.designEffect).toBeCloseTo(1.6, 10);
    expect(r.effectiveGames).toBeCloseTo(7.5, 10);
    expect(r.interval[0]).toBeCloseTo(0.209, 3);
    expect(r.interval[1]).toBeCloseTo(0.791, 3);
  });

  it('no hit at all (no spread to measure): each deal counts as one trial — 0 of 5 deals → [0, 0.4345]', () => {
    const r = clusterWilson(Array.from({ length: 5 }, () => deal(2, 0)));
    expect(r.designEffect).toBe(2);
    expect(r.interval).toEqual([0, expect.closeTo(0.4345, 4)]);
    expect(r.naive[1]).toBeCloseTo(0.2775, 4);
  });

  it('refuses a deal with more hits than games', () => {
    expect(() => clusterWilson([deal(2, 3)])).toThrow(/bad deal unit/);
  });

  it('quantiles by nearest rank: p50, p95, p99 of 1..100 are 50, 95, 99', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect([quantile(xs, 0.5), quantile(xs, 0.95), quantile(xs, 0.99), quantile(xs, 1)]).toEqual([50, 95, 99, 100]);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('paired difference by deal: +1, 0, −0.5 → mean 1/6, t(2) = 4.303, interval [−1.731, +2.064], 1 better / 1 worse / 1 same', () => {
    const d = pairedDifference([
      { games: 2, hits: 2, baselineHits: 0 },
      { games: 2, hits: 1, baselineHits: 1 },
      { games: 2, hits: 0, baselineHits: 1 },
    ]);
    // sd = √(((5/6)² + (1/6)² + (2/3)²) / 2) = √(7/12) = 0.7638; se = 0.4410; half = 4.303 × 0.4410 = 1.8975.
    expect(d.mean).toBeCloseTo(1 / 6, 6);
    expect(d.interval[0]).toBeCloseTo(-1.7308, 3);
    expect(d.interval[1]).toBeCloseTo(2.0642, 3);
    expect([d.better, d.worse, d.same]).toEqual([1, 1, 1]);
  });

  it('paired difference: a unit without a baseline is left out; one deal has no interval; t95 beyond the table', () => {
    const d = pairedDifference([{ games: 2, hits: 1, baselineHits: 0 }, { games: 2, hits: 2 }]);
    expect(d.deals).toBe(1);
    expect(d.mean).toBe(0.5);
    expect(d.interval.every(Number.isNaN)).toBe(true);
    expect(t95(1)).toBe(12.71);
    expect(t95(40)).toBeCloseTo(2.0225, 4);
  });
});
