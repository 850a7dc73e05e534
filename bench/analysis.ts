/**
 * Analysis benchmark (docs/review.md "Analysis"): what the review's analysis costs per step —
 * one decision of one seat searched again by Hard at the stated budget (the Hint's size, the
 * game module's `hardIterations`), plus the focused second search when the first hardly tried
 * the move played — for each game, on this thread (a worker runs the same code). The games are
 * seeded, played by Normal bots; seat 0's first `steps` decisions with a choice are analysed.
 * Reported per game: ms per step (p50, p95, max), searches per step and the budget.
 */
import { performance } from 'node:perf_hooks';
import { playMatch } from '../src/bots/match.js';
import { decideBot } from '../src/bots/policy.js';
import type { BotInput } from '../src/games/bot.js';
import { GAME_MODULES } from '../src/games/index.js';
import { analyseDecision, seatDecisions, type Advise } from '../src/review/analysis.js';
import { replayGame, type ReplayLogEntry } from '../src/review/replay.js';
import { hintIterations } from '../src/tables/hints.js';

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

/** The analysis cost per step of each game (`steps` decisions of seat 0 of one seeded game). */
export async function benchAnalysis(steps = 12, seed = 2026): Promise<{ name: string; metrics: Record<string, number>; summary: string }> {
  const advise: Advise = async (request) => decideBot(request).advice!;
  const metrics: Record<string, number> = {};
  const lines: string[] = [];
  for (const mod of GAME_MODULES) {
    const def = mod.definition;
    const seats = Math.max(def.minPlayers, Math.min(3, def.maxPlayers));
    const options = def.optionsSchema.parse({});
    const log: ReplayLogEntry[] = [];
    await playMatch({
      game: mod.id,
      definition: def,
      seats,
      seed,
      options,
      setupMeta: { hostSeat: 0 },
      players: Array.from({ length: seats }, () => (input: BotInput) => decideBot({ level: 'normal', input }).action),
      onAction: (seat, action) => log.push({ seat, action, kind: 'bot', at: 0 }),
    });
    const replay = replayGame({ definition: def, options, seats, seed, setupMeta: { hostSeat: 0 }, log });
    const decisions = seatDecisions(replay, mod.id, options, 0)
      .filter((d) => def.legalActions(replay.steps[d.step - 1]!.state, 0).length > 1)
      .slice(0, steps);
    const iterations = hintIterations(mod);
    const ms: number[] = [];
    let searches = 0;
    for (const decision of decisions) {
      const started = performance.now();
      searches += (await analyseDecision(advise, decision, iterations)).searches;
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    const r0 = (x: number) => Math.round(x);
    metrics[`${mod.id}.iterations`] = iterations;
    metrics[`${mod.id}.steps`] = ms.length;
    metrics[`${mod.id}.p50Ms`] = r0(quantile(ms, 0.5));
    metrics[`${mod.id}.p95Ms`] = r0(quantile(ms, 0.95));
    metrics[`${mod.id}.maxMs`] = r0(ms.at(-1) ?? 0);
    metrics[`${mod.id}.searchesPerStep`] = Math.round((searches / Math.max(1, ms.length)) * 100) / 100;
    lines.push(`${mod.id}: ${iterations} simulations a search, ${ms.length} steps — p50 ${metrics[`${mod.id}.p50Ms`]} ms, p95 ${metrics[`${mod.id}.p95Ms`]} ms, max ${metrics[`${mod.id}.maxMs`]} ms a step; ${metrics[`${mod.id}.searchesPerStep`]} searches a step`);
  }
  return { name: 'Review analysis: cost per step (one decision searched again by Hard)', metrics, summary: lines.join('\n') };
}

// `npx tsx bench/analysis.ts [steps]` runs this part alone.
if (process.argv[1]?.endsWith('analysis.ts')) {
  const { loadavg } = await import('node:os');
  const before = loadavg();
  const result = await benchAnalysis(Number(process.argv[2] ?? 12));
  process.stdout.write(`${result.name}\n${result.summary}\nload average before ${before.map((x) => x.toFixed(2)).join(' ')}, after ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n${JSON.stringify(result.metrics)}\n`);
}
