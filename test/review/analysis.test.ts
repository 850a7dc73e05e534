/**
 * The review's analysis (docs/review.md "Analysis"; src/review/analysis.ts): for one seat of a
 * finished game, every decision it made is searched again by Hard from that seat's information
 * at that moment. Proven here on one short game of each game:
 * - the input of each decision is exactly what the referee gave the seat then (its view and
 *   the events it saw), and the analysis is the same when every state of the game is replaced by
 *   another deal the seat cannot tell apart and every event it did not see by junk (a scramble);
 * - a seat played by Hard at the analysis's budget agrees with Hard on every decision (cost 0);
 * - estimates are chances, costs are points ≥ 0, the key moments are the costliest (≥ the
 *   minimum), at most five, costliest first;
 * - the runner searches one decision at a time for the whole process, joins a running analysis
 *   and keeps the result.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { botKit } from '../../src/bots/kits.js';
import { playMatch } from '../../src/bots/match.js';
import { decideBot, type BotRequest } from '../../src/bots/policy.js';
import type { Advice } from '../../src/bots/advice.js';
import type { BotInput, BotLevel } from '../../src/games/bot.js';
import { eventVisibleTo, type GameEvent } from '../../src/games/engine.js';
import { defaultRegistry, type GameId } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { analyseSeat, AnalysisRunner, KEY_MOMENT_MIN_COST, KEY_MOMENTS, seatDecisions, type Advise, type SeatAnalysis } from '../../src/review/analysis.js';
import { replayGame, type GameReplay, type ReplayLogEntry } from '../../src/review/replay.js';

const registry = defaultRegistry();
/** A small search: the test is about where the analysis looks, not how well it plays. */
const ITERATIONS = 40;
const inline: Advise = async (request) => decideBot(request).advice!;

interface Played {
  game: GameId;
  options: unknown;
  replay: GameReplay;
  /** The inputs the referee gave seat 0, in order. */
  inputs: BotInput[];
}

/** One seeded game of `game` with `levels` (seat 0 first), replayed for review. */
async function played(game: GameId, levels: BotLevel[], seed: number, iterations = ITERATIONS): Promise<Played> {
  const def = registry.get(game).definition;
  const options = def.optionsSchema.parse({});
  const log: ReplayLogEntry[] = [];
  const inputs: BotInput[] = [];
  await playMatch({
    game,
    definition: def,
    seats: levels.length,
    seed,
    options,
    setupMeta: { hostSeat: 0 },
    players: levels.map((level) => (input: BotInput) => decideBot({ level, input, iterations: level === 'hard' ? iterations : undefined }).action),
    onDecision: (input) => {
      if (input.seat === 0) inputs.push(structuredClone(input));
    },
    onAction: (seat, action) => log.push({ seat, action, kind: 'bot', at: 0 }),
  });
  const replay = replayGame({ definition: def, options, seats: levels.length, seed, setupMeta: { hostSeat: 0 }, log });
  return { game, options, replay, inputs };
}

/** `p`'s replay with every state another deal seat 0 cannot tell apart, and every event it did not see replaced by junk. */
function scrambled(p: Played, salt: number): GameReplay {
  const def = p.replay.definition;
  const kit = botKit(p.game);
  const initialView = def.seatView(p.replay.steps[0]!.state, 0);
  const seen: GameEvent[] = [];
  const steps = p.replay.steps.map((step, k) => {
    for (const event of step.events) if (eventVisibleTo(event, 0)) seen.push(event);
    const input: BotInput = { game: p.game, seat: 0, seatCount: p.replay.seats, options: p.options, initialView, events: seen.slice(), view: def.seatView(step.state, 0) };
    const other = kit.determinize(kit.know(input), Rng.seeded(salt + k));
    expect(def.seatView(other, 0)).toEqual(def.seatView(step.state, 0));
    const events = step.events.map((event) => (eventVisibleTo(event, 0) ? event : { type: 'junk', to: event.to, secret: salt + k }));
    return { ...step, state: other, events };
  });
  return { ...p.replay, steps };
}

/** An analysis without its wall time. */
const timeless = (a: SeatAnalysis) => ({ ...a, ms: 0 });

const GAMES: { game: GameId; seats: number }[] = [
  { game: 'suspicion', seats: 2 },
  { game: 'noir', seats: 2 },
  { game: 'phantom', seats: 2 },
  { game: 'jaccuse', seats: 3 },
];

describe('review analysis', () => {
  const games = new Map<GameId, Played>();

  beforeAll(async () => {
    for (const { game, seats } of GAMES) games.set(game, await played(game, Array.from({ length: seats }, (_, s) => (s === 0 ? 'easy' : 'normal')), 4242));
  }, 60_000);

  for (const { game } of GAMES) {
    it(`${game}: each decision's input is what the referee gave the seat then; a scramble of everything the seat did not see changes nothing`, async () => {
      const p = games.get(game)!;
      const decisions = seatDecisions(p.replay, p.game, p.options, 0);
      expect(decisions.map((d) => d.input)).toEqual(p.inputs);
      expect(decisions.length).toBeGreaterThan(2);
      // A handful of decisions keeps the searches short; the scramble is of the whole game.
      const some = decisions.filter((_, i) => i % Math.ceil(decisions.length / 4) === 0);
      const analysis = await analyseSeat(inline, some, 0, ITERATIONS);
      const twin = seatDecisions(scrambled(p, 7000), p.game, p.options, 0);
      expect(twin).toEqual(decisions);
      const twinAnalysis = await analyseSeat(inline, twin.filter((_, i) => i % Math.ceil(decisions.length / 4) === 0), 0, ITERATIONS);
      expect(timeless(twinAnalysis)).toEqual(timeless(analysis));
      for (const d of analysis.decisions) {
        const decision = decisions.find((x) => x.step === d.step)!;
        expect(p.replay.steps[d.step]!.entry!.seat).toBe(0);
        expect(d.played.code).toBe(p.replay.definition.encodeAction(decision.played));
        const legal = p.replay.definition.legalActions(p.replay.steps[d.step - 1]!.state, 0).map((a) => p.replay.definition.encodeAction(a));
        expect(legal).toContain(d.hard.code);
        expect(d.choices).toBe(legal.length);
        if (d.choices > 1) {
          for (const x of [d.hard.estimate, d.played.estimate]) if (x !== null) expect(x).toBeGreaterThanOrEqual(0), expect(x).toBeLessThanOrEqual(1);
          expect(d.hard.estimate).not.toBeNull();
          if (d.cost !== null) expect(d.cost).toBeGreaterThanOrEqual(0);
        }
      }
    });
  }

  it('a seat played by Hard at the analysis budget agrees with Hard on every decision; the key moments are the costliest, at most five', async () => {
    const p = await played('phantom', ['hard', 'easy'], 99, ITERATIONS);
    const hard = await analyseSeat(inline, seatDecisions(p.replay, p.game, p.options, 0), 0, ITERATIONS);
    expect(hard.decisions.length).toBeGreaterThan(3);
    for (const d of hard.decisions) {
      expect(d.played.code, `step ${d.step}`).toBe(d.hard.code);
      if (d.choices > 1) expect(d.cost).toBe(0);
    }
    expect(hard.keyMoments).toEqual([]);
    // An Easy seat: the key moments are its costliest decisions.
    const easy = games.get('phantom')!;
    const a = await analyseSeat(inline, seatDecisions(easy.replay, easy.game, easy.options, 0), 0, ITERATIONS);
    const costly = a.decisions.filter((d) => d.cost !== null && d.cost >= KEY_MOMENT_MIN_COST).sort((x, y) => y.cost! - x.cost! || x.step - y.step);
    expect(a.keyMoments).toEqual(costly.slice(0, KEY_MOMENTS).map((d) => d.step));
    expect(a.decisions.some((d) => d.hard.code !== d.played.code)).toBe(true);
  });

  it('the runner searches one decision at a time for the whole process, joins a running analysis and keeps the result', async () => {
    const p = games.get('suspicion')!;
    const decisions = seatDecisions(p.replay, p.game, p.options, 0).slice(0, 3);
    let running = 0;
    let most = 0;
    let calls = 0;
    const advise: Advise = async (request: BotRequest): Promise<Advice> => {
      running++;
      calls++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return decideBot(request).advice!;
    };
    const runner = new AnalysisRunner(advise);
    let built = 0;
    const list = () => {
      built++;
      return decisions;
    };
    const a = runner.start(1, 10, 0, list, ITERATIONS);
    const b = runner.start(2, 10, 0, list, ITERATIONS);
    expect(runner.start(1, 10, 0, list, ITERATIONS)).toBe(a);
    expect(built).toBe(2);
    expect(a.total).toBe(3);
    const [ra, rb] = await Promise.all([a.promise, b.promise]);
    expect(most).toBe(1);
    expect(calls).toBe(ra.searches + rb.searches);
    expect(runner.peek(1, 10, 0)!.result).toBe(ra);
    expect(runner.peek(1, 11, 0)).toBeUndefined();
    expect(runner.peek(1, 10, 1)).toBeUndefined();
  });
});
