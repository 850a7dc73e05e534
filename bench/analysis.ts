/**
 * Analysis benchmark (docs/review.md "Analysis"): what the review's analysis costs per step —
 * one decision of one seat searched again by Hard at the stated budget (the Hint's size, the
 * game module's `hardIterations`), plus the focused second search when the first hardly tried
 * the move played — for each game, on this thread (a worker runs the same code). The games are
 * seeded, played by Normal bots; seat 0's first `steps` decisions with a choice are analysed.
 * Reported per game: ms per step (p50, p95, max), searches per step and the budget; and, as the
 * reference measured in the same run on the same decisions (alternating with the steps, so both
 * see the same load), one plain Hard move at the same iteration count — what a live AI player
 * or the 💡 Hint searches for that decision — p50 / p95 / max and the ratio of the medians.
 * (The echo bot of `load` does no search, so it is no yardstick here; the Hard move is.) CPU
 * time (this process's user + system, ms) is reported next to the wall time: on a shared
 * machine it moves far less with the load.
 * Also the seat's decisions with a choice in the whole game, so a whole seat's analysis can be
 * read as about that many steps.
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
    const withChoice = seatDecisions(replay, mod.id, options, 0).filter((d) => def.legalActions(replay.steps[d.step - 1]!.state, 0).length > 1);
    const decisions = withChoice.slice(0, steps);
    const iterations = hintIterations(mod);
    const ms: number[] = [];
    const hardMs: number[] = [];
    const cpuMs: number[] = [];
    const hardCpuMs: number[] = [];
    let searches = 0;
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    for (const [i, decision] of decisions.entries()) {
      const step = async () => {
        const [t, c] = [performance.now(), cpu()];
        searches += (await analyseDecision(advise, decision, iterations)).searches;
        ms.push(performance.now() - t);
        cpuMs.push(cpu() - c);
      };
      const move = () => {
        const [t, c] = [performance.now(), cpu()];
        decideBot({ level: 'hard', input: decision.input, iterations });
        hardMs.push(performance.now() - t);
        hardCpuMs.push(cpu() - c);
      };
      // Alternate which goes first, so neither always meets the other's warmed-up code.
      if (i % 2 === 0) {
        await step();
        move();
      } else {
        move();
        await step();
      }
    }
    cpuMs.sort((a, b) => a - b);
    hardCpuMs.sort((a, b) => a - b);
    ms.sort((a, b) => a - b);
    hardMs.sort((a, b) => a - b);
    const r0 = (x: number) => Math.round(x);
    metrics[`${mod.id}.iterations`] = iterations;
    metrics[`${mod.id}.steps`] = ms.length;
    metrics[`${mod.id}.p50Ms`] = r0(quantile(ms, 0.5));
    metrics[`${mod.id}.p95Ms`] = r0(quantile(ms, 0.95));
    metrics[`${mod.id}.maxMs`] = r0(ms.at(-1) ?? 0);
    metrics[`${mod.id}.searchesPerStep`] = Math.round((searches / Math.max(1, ms.length)) * 100) / 100;
    metrics[`${mod.id}.hardMoveP50Ms`] = r0(quantile(hardMs, 0.5));
    metrics[`${mod.id}.hardMoveP95Ms`] = r0(quantile(hardMs, 0.95));
    metrics[`${mod.id}.hardMoveMaxMs`] = r0(hardMs.at(-1) ?? 0);
    metrics[`${mod.id}.ratioP50`] = Math.round((quantile(ms, 0.5) / Math.max(1e-9, quantile(hardMs, 0.5))) * 100) / 100;
    metrics[`${mod.id}.cpuP50Ms`] = r0(quantile(cpuMs, 0.5));
    metrics[`${mod.id}.cpuP95Ms`] = r0(quantile(cpuMs, 0.95));
    metrics[`${mod.id}.hardMoveCpuP50Ms`] = r0(quantile(hardCpuMs, 0.5));
    metrics[`${mod.id}.seatDecisions`] = withChoice.length;
    lines.push(
      `${mod.id}: ${iterations} simulations a search, ${ms.length} steps — p50 ${metrics[`${mod.id}.p50Ms`]} ms, p95 ${metrics[`${mod.id}.p95Ms`]} ms, max ${metrics[`${mod.id}.maxMs`]} ms a step; ${metrics[`${mod.id}.searchesPerStep`]} searches a step; ` +
        `a plain Hard move on the same decisions p50 ${metrics[`${mod.id}.hardMoveP50Ms`]} / p95 ${metrics[`${mod.id}.hardMoveP95Ms`]} / max ${metrics[`${mod.id}.hardMoveMaxMs`]} ms (step ÷ move at p50: ${metrics[`${mod.id}.ratioP50`]}×); CPU time a step p50 ${metrics[`${mod.id}.cpuP50Ms`]} / p95 ${metrics[`${mod.id}.cpuP95Ms`]} ms, a move p50 ${metrics[`${mod.id}.hardMoveCpuP50Ms`]} ms; seat 0 had ${withChoice.length} decisions with a choice`,
    );
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
