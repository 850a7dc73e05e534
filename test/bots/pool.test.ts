/**
 * The worker-thread pool (src/bots/pool.ts): decisions come back from the worker exactly as
 * on the calling thread (fixed iterations), a Hard request whose budget is already spent is
 * answered by the Normal heuristic, a request for a seat with nothing to decide is refused,
 * every worker reports its heap, and a closed pool refuses work. (Speed is measured by
 * `npm run arena`, never asserted here.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotPool } from '../../src/bots/pool.js';
import { decideBot } from '../../src/bots/policy.js';
import type { BotInput } from '../../src/games/bot.js';
import { definitionOf } from './helpers.js';
import { positions } from './positions.js';

let pool: BotPool;
let inputs: BotInput[] = [];


beforeAll(async () => {
  pool = new BotPool({ size: 2 });
  const games = ['suspicion', 'noir', 'phantom', 'jaccuse'];
  const all = await positions(1, 2, 5);
  inputs = games.flatMap((g) => all.filter((p) => p.config.game === g).slice(0, 3).map((p) => p.input));
}, 120_000);

afterAll(async () => {
  await pool.close();
});

describe('bot pool', () => {
  it('answers every level like the calling thread does', { timeout: 120_000 }, async () => {
    for (const input of inputs) {
      for (const level of ['easy', 'normal', 'hard'] as const) {
        const here = decideBot({ level, input, iterations: 8 });
        const there = await pool.decide({ level, input, iterations: 8 });
        expect(there.action).toEqual(here.action);
        expect(there.fallback).toBe(false);
      }
    }
  });

  it('answers several requests at once', { timeout: 120_000 }, async () => {
    const answers = await Promise.all(inputs.map((input) => pool.decide({ level: 'hard', input, iterations: 4 })));
    answers.forEach((a, i) => {
      const def = definitionOf(inputs[i]!.game);
      expect(def.actionSchema.safeParse(a.action).success).toBe(true);
    });
  });

  it('answers a Hard request with no time left by the Normal heuristic', async () => {
    const input = inputs[0]!;
    const d = await pool.decide({ level: 'hard', input, budgetMs: 0 });
    expect(d.fallback).toBe(true);
    expect(d.action).toEqual(decideBot({ level: 'normal', input }).action);
  });

  it('queues Hard requests beyond the workers instead of answering them by Normal: each searches its share', { timeout: 60_000 }, async () => {
    // One worker, 8 Hard requests at once with 2 s each: the first search is cut to a fair
    // share as the others arrive, so every request gets to search before its deadline (the
    // pool used to give the first one its whole budget and answer the other 7 by Normal).
    const single = new BotPool({ size: 1 });
    try {
      await single.ready();
      const asked = Array.from({ length: 8 }, (_, i) => inputs[i % inputs.length]!);
      const answers = await Promise.all(asked.map((input) => single.decide({ level: 'hard', input, budgetMs: 2_000 })));
      for (const a of answers) expect(a.fallback).toBe(false);
      expect(single.stats).toMatchObject({ timed: 8, fallbacks: 0 });
      expect(single.stats.waitedMs).toBeGreaterThan(0);
    } finally {
      await single.close();
    }
  });

  it('counts a Hard request that could not start in time as a fallback', async () => {
    const single = new BotPool({ size: 1 });
    try {
      const d = await single.decide({ level: 'hard', input: inputs[0]!, budgetMs: 0 });
      expect(d.fallback).toBe(true);
      expect(single.stats).toMatchObject({ timed: 1, fallbacks: 1 });
    } finally {
      await single.close();
    }
  });

  it('refuses a request for a seat that has nothing to decide', async () => {
    // NOIR: while the Killer is to move, the Inspector has nothing to do.
    const def = definitionOf('noir');
    const state = def.setup(def.optionsSchema.parse({ killer: 'host' }), 2, 5, { hostSeat: 0 });
    const view = def.seatView(state, 1);
    const waiting: BotInput = { game: 'noir', seat: 1, seatCount: 2, options: state.options, initialView: view, events: [], view };
    expect(def.legalActions(state, 1)).toEqual([]);
    await expect(pool.decide({ level: 'easy', input: waiting })).rejects.toThrow(/no decision/);
  });

  it('reports the heap of every worker', async () => {
    const memory = await pool.memory();
    expect(memory).toHaveLength(2);
    for (const m of memory) expect(m.heapUsed).toBeGreaterThan(0);
  });

  it('refuses work once closed', async () => {
    const closed = new BotPool({ size: 1 });
    await closed.close();
    await expect(closed.decide({ level: 'easy', input: inputs[0]! })).rejects.toThrow(/closed/);
  });
});
