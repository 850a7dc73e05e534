/**
 * The arena's statistics (bench/arena.ts, docs/benchmark.md "AI players (`npm run arena`)"): rates with
 * 95 % intervals that count one deal as one unit.
 *
 * Why: every deal is played once per seat (the bot rotated through the seats, so with two
 * players the pair of games with seats swapped). Both games of a deal often play out alike
 * (the same cards decide them), so they are not independent trials, and a Wilson interval over
 * games is too narrow. `clusterWilson` widens it by the deals' design effect (Kish): the
 * variance of the rate estimated from how the deals' results spread (the ratio estimator's
 * cluster variance), divided by the binomial variance over games, clamped to [1, largest deal]
 * — never narrower than the Wilson interval over games, never wider than one over deals.
 * The Wilson score interval is then taken on the effective number of games (games ÷ design
 * effect). Pure and deterministic (no resampling), so known inputs give a known interval.
 */

/** One deal's games: how many the measured seat played on it and how many it "hit" (won; J'Accuse!: was arrested). */
export interface DealUnit {
  games: number;
  hits: number;
  /** Hits of the baseline line-up in the same seats on the same deal (the opponents' level in the bot's seat), when measured. */
  baselineHits?: number;
}

/** Wilson score interval (default 95 %, z = 1.96) of k successes in n trials; n may be fractional. [0, 1] when n = 0. */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n <= 0) return [0, 1];
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** A rate over deals: the point estimate, the design effect, the effective games and the interval. */
export interface ClusterRate {
  games: number;
  hits: number;
  deals: number;
  rate: number;
  /** Kish design effect of the deals, in [1, largest deal's games]. */
  designEffect: number;
  /** games ÷ designEffect. */
  effectiveGames: number;
  /** Wilson 95 % on the effective games. */
  interval: [number, number];
  /** The plain Wilson 95 % over games, as if every game were independent (for comparison only). */
  naive: [number, number];
}

/**
 * The rate of `units` with a 95 % interval counting each deal as one unit (see the file
 * comment). With fewer than two deals, or a rate of exactly 0 or 1 (no spread to measure), the
 * design effect is the mean games per deal: as if the games of a deal were one trial.
 * Throws for a unit with more hits than games or a negative count.
 */
export function clusterWilson(units: readonly DealUnit[], z = 1.96): ClusterRate {
  for (const u of units) if (u.games < 0 || u.hits < 0 || u.hits > u.games) throw new Error(`bad deal unit ${JSON.stringify(u)}`);
  const deals = units.filter((u) => u.games > 0);
  const games = deals.reduce((s, u) => s + u.games, 0);
  const hits = deals.reduce((s, u) => s + u.hits, 0);
  const k = deals.length;
  if (games === 0) return { games, hits, deals: k, rate: NaN, designEffect: 1, effectiveGames: 0, interval: [0, 1], naive: [0, 1] };
  const rate = hits / games;
  const largest = Math.max(...deals.map((u) => u.games));
  const meanGames = games / k;
  let designEffect: number;
  if (k < 2 || rate === 0 || rate === 1) designEffect = meanGames;
  else {
    const spread = deals.reduce((s, u) => s + (u.hits - rate * u.games) ** 2, 0);
    const clusterVariance = ((k / (k - 1)) * spread) / (games * games);
    const binomialVariance = (rate * (1 - rate)) / games;
    designEffect = Math.min(largest, Math.max(1, clusterVariance / binomialVariance));
  }
  const effectiveGames = games / designEffect;
  return { games, hits, deals: k, rate, designEffect, effectiveGames, interval: wilson(rate * effectiveGames, effectiveGames, z), naive: wilson(hits, games, z) };
}

/** Two-sided 95 % Student t quantile for `df` degrees of freedom (df ≥ 1; from df 21 on, 1.96 + 2.5 / df, within 0.2 % of the table). */
export function t95(df: number): number {
  const table = [12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086];
  return df <= table.length ? table[df - 1]! : 1.96 + 2.5 / df;
}

/** A paired difference of rates over deals: the measured line-up's rate minus the baseline's, deal by deal. */
export interface PairedDifference {
  deals: number;
  /** Mean over deals of (hits − baselineHits) ÷ games, the difference of the seat's rate. */
  mean: number;
  /** Student t 95 % interval of that mean over the deals ([NaN, NaN] with fewer than 2 deals). */
  interval: [number, number];
  /** Deals where the line-up did better, worse, the same as the baseline. */
  better: number;
  worse: number;
  same: number;
}

/**
 * The per-deal paired difference (issue 36: "Hard beats Normal in that seat on the same
 * deals"): each deal is one unit, its value the measured seat's rate minus the baseline
 * line-up's rate in the same seats on the same deal; the mean and its Student t 95 % interval
 * over the deals. Deals without games or without a baseline are left out.
 */
export function pairedDifference(units: readonly DealUnit[]): PairedDifference {
  const d = units.filter((u) => u.games > 0 && u.baselineHits !== undefined).map((u) => (u.hits - u.baselineHits!) / u.games);
  const k = d.length;
  const mean = k === 0 ? NaN : d.reduce((s, x) => s + x, 0) / k;
  const sd = k < 2 ? NaN : Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (k - 1));
  const half = k < 2 ? NaN : t95(k - 1) * (sd / Math.sqrt(k));
  const better = d.filter((x) => x > 0).length;
  const worse = d.filter((x) => x < 0).length;
  return { deals: k, mean, interval: [mean - half, mean + half], better, worse, same: k - better - worse };
}

/** The q-quantile (0 ≤ q ≤ 1) of `xs` by the nearest-rank rule (NaN for none). */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
