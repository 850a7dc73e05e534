/**
 * Model speed benchmark (issue 25 "Build" 1): simulations per second of a full playout —
 * from a mid-game position to the end of the game — on the engine and on the game's compact
 * model (src/games/sim-model.ts), per game. Measured, not asserted (the machine is shared
 * and noisy): each figure is the median of interleaved trials, the slowest trial its tail,
 * and the load average is printed with them; the ratio model / engine is taken in the same run.
 *
 * - `engine_random`: `legalActions` + `apply` of a uniformly random legal action until over;
 * - `engine_rollout`: what a simulation of today's Hard search costs per playout
 *   (src/bots/ismcts.ts `simulate` without the tree and the horizon): every seat's simulated
 *   knowledge (`simKnowledge`), events folded into it (`observe`), its view rebuilt
 *   (`seatView`) and the kit's `rollout` heuristic at every decision;
 * - `model_random`: `fromState` of the same position, then the model's random playout (style 1);
 * - `model_heuristic`: the same with the model's heuristic playout (style 0).
 *
 * Start positions come from random games from fixed seeds (the same for every row), taken at
 * a random point of each game. Run: `npx tsx bench/model-speed.ts [ms-per-trial] [label filter]`;
 * writes nothing by itself (pipe it to bench/results/).
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { eventVisibleTo, seatsToAct, type AnyGameDefinition, type Seat } from '../src/games/engine.js';
import { Rng } from '../src/games/rng.js';
import type { AnyBotKit, Knowledge } from '../src/games/bot.js';
import type { AnySimModel } from '../src/games/sim-model.js';
import { suspicionBot } from '../src/games/suspicion/bot.js';
import { phantomBot } from '../src/games/phantom/bot.js';

interface Config {
  label: string;
  kit: AnyBotKit;
  seats: number;
  options: Record<string, unknown>;
}

const CONFIGS: Config[] = [
  { label: 'suspicion-classic-4p', kit: suspicionBot, seats: 4, options: { variant: 'classic' } },
  { label: 'suspicion-no-bluff-4p', kit: suspicionBot, seats: 4, options: { variant: 'no-bluff' } },
  { label: 'suspicion-criminal-4p', kit: suspicionBot, seats: 4, options: { variant: 'criminal' } },
  { label: 'suspicion-arrest-race-4p', kit: suspicionBot, seats: 4, options: { variant: 'arrest-race' } },
  { label: 'phantom-3p', kit: phantomBot, seats: 3, options: {} },
  { label: 'phantom-4p', kit: phantomBot, seats: 4, options: {} },
];

/** Positions per configuration. */
const POSITIONS = 24;
/** Interleaved trials per row. */
const TRIALS = 3;

/** A random legal move for one of the seats that must act (ties of a race picked at random). */
function randomMove(def: AnyGameDefinition, state: unknown, rng: Rng): { seat: Seat; action: unknown } | null {
  const toAct = seatsToAct(def.pending(state));
  if (toAct.length === 0) return null;
  const seat = toAct[rng.int(0, toAct.length - 1)]!;
  const legal = def.legalActions(state, seat);
  return { seat, action: legal[rng.int(0, legal.length - 1)] };
}

/** Mid-game positions: random games from fixed seeds, each cut at a random point. */
function positions(c: Config): { state: unknown; input: Knowledge }[] {
  const def = c.kit.definition;
  const out: { state: unknown; input: Knowledge }[] = [];
  for (let g = 0; out.length < POSITIONS; g++) {
    const rng = Rng.seeded(9000 + g);
    let state = def.setup(def.optionsSchema.parse(c.options), c.seats, 500 + g, { hostSeat: 0 });
    const cut = rng.int(0, 40);
    const initial = Array.from({ length: c.seats }, (_, seat) => def.seatView(state, seat));
    const events: unknown[][] = Array.from({ length: c.seats }, () => []);
    let alive = true;
    for (let i = 0; i < cut; i++) {
      const move = randomMove(def, state, rng);
      if (!move) {
        alive = false;
        break;
      }
      const r = def.apply(state, move.seat, move.action);
      if (!r.ok) throw new Error('bench: refused');
      state = r.state;
      for (let seat = 0; seat < c.seats; seat++) events[seat]!.push(...r.events.filter((e) => eventVisibleTo(e, seat)));
    }
    if (!alive || seatsToAct(def.pending(state)).length === 0) continue;
    const seat = seatsToAct(def.pending(state))[0]!;
    const input = c.kit.know({ game: c.kit.game, seat, seatCount: c.seats, options: def.optionsSchema.parse(c.options), initialView: initial[seat], events: events[seat] as never, view: def.seatView(state, seat) });
    out.push({ state, input });
  }
  return out;
}

type Runner = (p: { state: unknown; input: Knowledge }, rng: Rng) => number;

function engineRandom(c: Config): Runner {
  const def = c.kit.definition;
  return (p, rng) => {
    let state = p.state;
    let n = 0;
    for (;;) {
      const move = randomMove(def, state, rng);
      if (!move) return n;
      const r = def.apply(state, move.seat, move.action);
      if (!r.ok) throw new Error('bench: refused');
      state = r.state;
      n++;
    }
  };
}

function engineRollout(c: Config): Runner {
  const kit = c.kit;
  const def = kit.definition;
  return (p, rng) => {
    let state = p.state;
    const minds = Array.from({ length: c.seats }, (_, seat) => kit.simKnowledge(p.input, state, seat));
    let n = 0;
    for (;;) {
      const toAct = seatsToAct(def.pending(state));
      if (toAct.length === 0) return n;
      const seat = toAct[rng.int(0, toAct.length - 1)]!;
      const legal = def.legalActions(state, seat);
      let action = legal[0];
      if (legal.length > 1) {
        const mind = minds[seat]!;
        mind.view = def.seatView(state, seat);
        action = kit.rollout(mind, legal, rng);
      }
      const r = def.apply(state, seat, action);
      if (!r.ok) throw new Error('bench: refused');
      state = r.state;
      minds.forEach((mind, s) => {
        const seen = r.events.filter((e) => eventVisibleTo(e, s));
        if (seen.length > 0) kit.observe(mind, state, seen);
      });
      n++;
    }
  };
}

function modelPlayout(c: Config, style: number): Runner {
  const model = c.kit.model as AnySimModel;
  return (p, rng) => {
    const m = model.fromState(p.state, rng);
    let n = 0;
    for (;;) {
      const toAct = model.toAct(m);
      if (toAct.length === 0) return n;
      const seat = toAct.length === 1 ? toAct[0]! : toAct[rng.int(0, toAct.length - 1)]!;
      const legal = model.legal(m, seat);
      const a = legal.length === 1 ? legal[0] : model.playout(m, seat, legal, rng, style);
      model.apply(m, seat, a, rng);
      n++;
    }
  };
}

/** Playouts per second (and actions per playout) of `run` over `ps` for about `ms` milliseconds. */
function trial(run: Runner, ps: { state: unknown; input: Knowledge }[], ms: number, seed: number): { perS: number; actions: number } {
  const rng = Rng.seeded(seed);
  let sims = 0;
  let actions = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 4; i++) actions += run(ps[(sims + i) % ps.length]!, rng);
    sims += 4;
    now = performance.now();
  }
  return { perS: (sims * 1000) / (now - start), actions: actions / sims };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function main(): void {
  const ms = Number(process.argv[2] ?? 600);
  const filter = process.argv[3] ?? '';
  const rows: Record<string, unknown>[] = [];
  const loadBefore = os.loadavg();
  for (const c of CONFIGS) {
    if (!c.label.includes(filter)) continue;
    const ps = positions(c);
    const runners: [string, Runner][] = [
      ['engine_random', engineRandom(c)],
      ['engine_rollout', engineRollout(c)],
      ['model_random', modelPlayout(c, 1)],
      ['model_heuristic', modelPlayout(c, 0)],
    ];
    for (const [, run] of runners) trial(run, ps, ms / 2, 1); // warm-up: the JIT first (short trials measured mostly unoptimised code)
    const got: Record<string, { perS: number[]; actions: number[] }> = {};
    for (let t = 0; t < TRIALS; t++) {
      for (const [name, run] of runners) {
        const r = trial(run, ps, ms, 10 + t);
        (got[name] ??= { perS: [], actions: [] }).perS.push(r.perS);
        got[name]!.actions.push(r.actions);
      }
    }
    const row: Record<string, unknown> = { label: c.label };
    for (const [name] of runners) {
      row[`${name}_per_s`] = Math.round(median(got[name]!.perS));
      row[`${name}_tail_per_s`] = Math.round(Math.min(...got[name]!.perS));
      row[`${name}_actions`] = Math.round(median(got[name]!.actions));
    }
    row.random_ratio = Number((median(got.model_random!.perS) / median(got.engine_random!.perS)).toFixed(1));
    row.heuristic_ratio = Number((median(got.model_heuristic!.perS) / median(got.engine_rollout!.perS)).toFixed(1));
    rows.push(row);
    console.log(
      `${c.label.padEnd(26)} random: engine ${String(row.engine_random_per_s).padStart(6)}/s model ${String(row.model_random_per_s).padStart(7)}/s ×${row.random_ratio}` +
        `   heuristic: engine+kit ${String(row.engine_rollout_per_s).padStart(6)}/s model ${String(row.model_heuristic_per_s).padStart(7)}/s ×${row.heuristic_ratio}` +
        `   (actions/playout ${row.engine_random_actions} / ${row.model_random_actions}, ${row.engine_rollout_actions} / ${row.model_heuristic_actions})`,
    );
  }
  const loadAfter = os.loadavg();
  console.log(`load average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}; ${os.cpus().length} cores; ${ms} ms × ${TRIALS} trials per row`);
  console.log(JSON.stringify({ date: new Date().toISOString(), msPerTrial: ms, trials: TRIALS, loadBefore, loadAfter, rows }));
}

main();
