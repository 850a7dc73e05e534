/**
 * Likelihood weights of the Hard level's information-set search (src/bots/ismcts.ts
 * `LikelihoodPool`, `likelihoodWeight`; docs/hard-search.md "Likelihood weights"): a sampled
 * deal counts in proportion to how likely the opponents' observed moves were under it.
 *
 * NOIR: what the seat keeps of the other role's moves (knowledge.ts `NoirPastMove`, bot.ts
 * `track`) and the pool's mass on the identity under which the observed Killer moves were
 * likeliest. The Phantom: the current crime's reports and glasses as seen by the seat.
 */
import { describe, expect, it } from 'vitest';
import { LIKELIHOOD, LikelihoodPool, likelihoodWeight } from '../../src/bots/ismcts.js';
import { playMatch } from '../../src/bots/match.js';
import { decideBot } from '../../src/bots/policy.js';
import type { BotInput } from '../../src/games/bot.js';
import { noirBot } from '../../src/games/noir/bot.js';
import { noirDefinition } from '../../src/games/noir/engine.js';
import { noirHistory } from '../../src/games/noir/model.js';
import type { NoirKnowledge, NoirSeatView } from '../../src/games/noir/knowledge.js';
import type { NoirState } from '../../src/games/noir/rules.js';
import { phantomBot, type PhantomSeatView } from '../../src/games/phantom/bot.js';
import { phantomDefinition } from '../../src/games/phantom/engine.js';
import { phantomHistory } from '../../src/games/phantom/model.js';
import type { PhantomState } from '../../src/games/phantom/rules.js';
import { Rng } from '../../src/games/rng.js';

/** Every decision (input and true state) of a seeded NOIR game between Normal players. */
async function noirGame(seed: number, mode: 'standard' | 'classic' | 'citizens-arrest'): Promise<{ input: BotInput; state: NoirState }[]> {
  const out: { input: BotInput; state: NoirState }[] = [];
  await playMatch({
    game: 'noir',
    definition: noirDefinition,
    seats: 2,
    seed,
    options: { mode },
    setupMeta: { hostSeat: 0 },
    players: [0, 1].map(() => async (input: BotInput) => decideBot({ level: 'normal', input }).action),
    onDecision: (input, state) => out.push({ input: structuredClone(input), state: structuredClone(state as NoirState) }),
  });
  return out;
}

describe('likelihood weights: NOIR', () => {
  it("the knowledge keeps the other role's main moves only, with the codes every seat sees (§2.5)", async () => {
    const points = await noirGame(11, 'standard');
    const last = points[points.length - 1]!;
    const k = noirBot.know(last.input as BotInput<NoirSeatView>) as NoirKnowledge;
    const other = last.input.seat === last.state.killerSeat ? last.state.inspectorSeat : last.state.killerSeat;
    expect(k.moves!.length).toBeGreaterThan(2);
    for (const m of k.moves!) {
      expect(m.by).toBe(other);
      expect(m.role).toBe(other === last.state.killerSeat ? 'killer' : 'inspector');
      expect(m.code).toMatch(m.role === 'killer' ? /^(k:\d+|s:[rc]:\d:-?1|d)$/ : /^(a:\d+|e|s:[rc]:\d:-?1|c:\d+:\d+)$/);
    }
    // A simulated seat's knowledge keeps nothing (simulations never weight).
    expect(noirBot.simKnowledge(k, last.state, other).moves).toBeUndefined();
  });

  it('the pool puts most of its mass on the Killer identities under which the observed kills were likeliest; without the weights it would not', async () => {
    // The Inspector's decisions of a few seeded games, late enough to have watched several Killer moves.
    let checked = 0;
    for (const seed of [3, 4, 5, 6, 7, 8, 9, 10]) {
      const points = await noirGame(seed, 'standard');
      const mine = points.filter((p) => p.input.seat === p.state.inspectorSeat && p.state.phase === 'play');
      for (const q of [0.4, 0.6, 0.8]) {
        const p = mine[Math.floor(mine.length * q)];
        if (!p) continue;
        const k = noirBot.know(p.input as BotInput<NoirSeatView>) as NoirKnowledge;
        if ((k.moves ?? []).length < 3) continue;
        const pool = LikelihoodPool.create(noirBot, k, Rng.seeded(seed), 400, 16, LIKELIHOOD.floor)!;
        expect(pool).not.toBeNull();
        const ids = pool.samples.map((s) => (s as NoirState).killerIdentity);
        // For the Inspector the weight depends on the sampled Killer identity only.
        const byId = new Map<number, number>();
        pool.samples.forEach((s, i) => {
          const id = ids[i]!;
          if (byId.has(id)) expect(pool.weights[i]).toBeCloseTo(byId.get(id)!, 12);
          else byId.set(id, pool.weights[i]!);
        });
        if (byId.size < 2) continue;
        const weights = [...byId.values()];
        if (Math.max(...weights) < 2 * Math.min(...weights)) continue;
        // The identity the observed moves favour most.
        const best = [...byId.entries()].sort((a, b) => b[1] - a[1])[0]![0];
        const uniformShare = ids.filter((id) => id === best).length / ids.length;
        const total = pool.weights.reduce((a, b) => a + b, 0);
        const weightedShare = pool.weights.reduce((a, w, i) => a + (ids[i] === best ? w : 0), 0) / total;
        expect(weightedShare, `seed ${seed}`).toBeGreaterThan(uniformShare * 1.2);
        // The draws follow the weights (importance resampling), not the raw counts.
        const rng = Rng.seeded(99);
        let hits = 0;
        const draws = 4000;
        for (let i = 0; i < draws; i++) if (ids[pool.draw(rng)] === best) hits++;
        expect(Math.abs(hits / draws - weightedShare), `seed ${seed}`).toBeLessThan(0.04);
        expect(hits / draws).toBeGreaterThan(uniformShare + 0.05);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('rebuilds the model before a Killer move with the old identity a later successful disguise showed (§2.5 Disguise)', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]) {
      const points = await noirGame(seed, 'classic');
      const last = points[points.length - 1]!;
      if (last.input.seat !== last.state.inspectorSeat) continue;
      const k = noirBot.know(last.input as BotInput<NoirSeatView>) as NoirKnowledge;
      const shown = k.moves!.filter((m) => m.role === 'killer' && m.killerId >= 0);
      if (shown.length === 0) continue;
      const sample = noirBot.determinize(k, Rng.seeded(1));
      const history = noirHistory(sample, k, 16);
      history.forEach((h, i) => {
        const past = k.moves!.slice(-16)[i]!;
        expect(h.code).toBe(past.code);
        if (past.role === 'killer') expect(h.m.killerId).toBe(past.killerId >= 0 ? past.killerId : sample.killerIdentity);
      });
      return;
    }
    throw new Error('no game of the seeds had a successful disguise seen by the Inspector');
  });

  it('no weights when the seat has observed nothing, or when they are turned off', async () => {
    const points = await noirGame(3, 'standard');
    const first = points.find((p) => p.input.events.length === 0)!;
    const k = noirBot.know(first.input as BotInput<NoirSeatView>);
    expect(LikelihoodPool.create(noirBot, k, Rng.seeded(1))).toBeNull();
    const later = points[Math.floor(points.length / 2)]!;
    const k2 = noirBot.know(later.input as BotInput<NoirSeatView>);
    expect(LikelihoodPool.create(noirBot, k2, Rng.seeded(1), 64, 0)).toBeNull();
    expect(likelihoodWeight(noirBot, k2, noirBot.determinize(k2, Rng.seeded(2)), 0)).toBe(1);
    // The Killer keeps the Inspector's moves but does not weigh by them (WEIGH_INSPECTOR_MOVES, model.ts).
    const killer = [...points].reverse().find((p) => p.input.seat === p.state.killerSeat)!;
    const kk = noirBot.know(killer.input as BotInput<NoirSeatView>) as NoirKnowledge;
    expect(kk.moves!.length).toBeGreaterThan(0);
    expect(LikelihoodPool.create(noirBot, kk, Rng.seeded(1))).toBeNull();
  });
});

describe('likelihood weights: Tricks and the Phantom', () => {
  it("the history is the current crime's reports and glasses by the other players, as the seat sees them (§3.5, §3.6)", async () => {
    const points: { input: BotInput; state: PhantomState }[] = [];
    await playMatch({
      game: 'phantom',
      definition: phantomDefinition,
      seats: 4,
      seed: 21,
      setupMeta: { hostSeat: 0 },
      players: [0, 1, 2, 3].map(() => async (input: BotInput) => decideBot({ level: 'normal', input }).action),
      onDecision: (input, state) => points.push({ input: structuredClone(input), state: structuredClone(state as PhantomState) }),
    });
    const p = points.find((x) => x.state.phase === 'solve' && x.state.glasses.length >= 2)!;
    const k = phantomBot.know(p.input as BotInput<PhantomSeatView>);
    const sample = phantomBot.determinize(k, Rng.seeded(4));
    const history = phantomHistory(sample, k, 16);
    const reports = p.state.reports.filter((r) => r.position % 4 !== p.input.seat);
    const glasses = p.state.glasses.filter((g) => g.seat !== p.input.seat);
    expect(history.map((h) => h.code)).toEqual([
      ...reports.map((r) => `r:${r.colour[0]}`),
      ...glasses.map((g) => `g:${g.on === 'fourth' ? 'f' : g.on}`),
    ]);
    // Before a report the reporter still held the card; a hand holds at most 4 cards (§3.3).
    for (const h of history) for (let s = 0; s < 4; s++) expect(h.m.handLen[s]).toBeLessThanOrEqual(4);
    expect(history.map((h) => h.seat)).toEqual([...reports.map((r) => r.position % 4), ...glasses.map((g) => g.seat)]);
    expect(phantomHistory(sample, k, 2)).toHaveLength(2);
  });
});
