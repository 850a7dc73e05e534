/**
 * Lockstep check of a game's compact simulation model (src/games/sim-model.ts) against its
 * engine: a game is played on the engine, and at every position
 * - a model built afresh with `fromState` and the model carried along since the start agree
 *   with the engine on the seats to act and, for every seat, on the legal action codes (same
 *   order), and the carried model's state equals the fresh one (`snapshot`);
 * - for every legal action of the acting seat, the model's state after it equals the model of
 *   the engine's state after it, and what each other seat observes (`observe`) splits
 *   the actions exactly as the engine's events visible to that seat (`eventVisibleTo`) do:
 *   two actions look the same to a seat in the model iff their visible events are equal;
 *   the actor observes its own code;
 * - the chosen action is applied to both with the same random numbers: the model's `apply`
 *   gets `Rng.from(state.rng)`, the engine's generator before the move, and draws with it
 *   exactly as the engine draws from its stored generator;
 * and at the end both give the same winners.
 */
import { expect } from 'vitest';
import { eventVisibleTo, seatsToAct, type AnyGameDefinition, type GameEvent, type Seat } from '../../src/games/engine.js';
import { Rng } from '../../src/games/rng.js';
import type { AnySimModel } from '../../src/games/sim-model.js';

/** What one lockstep game checked. */
export interface LockstepStats {
  positions: number;
  observations: number;
  /** Action code prefixes (before the first ':') whose effect was compared with the engine's. */
  tried: Set<string>;
  over: boolean;
  winners: Seat[] | null;
}

/** Options of `lockstep`. */
export interface LockstepOptions {
  def: AnyGameDefinition;
  model: AnySimModel;
  seats: number;
  seed: number;
  options: unknown;
  /** Seed of the players' choices. */
  playSeed: number;
  /** The model state's rule-relevant fields as plain data (compared between the carried and the fresh model). */
  snapshot: (m: unknown) => unknown;
  /** The winner of a finished model (-1 for none), else undefined. */
  winner: (m: unknown) => number | undefined;
  /** Events that are chance, not observations of the move (a seat's own card draws), dropped before comparing. */
  chance: (e: GameEvent) => boolean;
  /** Check observations at one position in `obsEvery` (every position: 1). */
  obsEvery?: number;
  maxActions?: number;
  /** What a seat other than the actor must never observe before the `|` (a hidden card's identity). */
  secret?: RegExp;
  /** Start from this engine state instead of `setup` (a position random play rarely reaches). */
  start?: unknown;
}

/** JSON of the events `viewer` sees, chance events dropped. */
function visible(events: GameEvent[], viewer: Seat, chance: (e: GameEvent) => boolean): string {
  return JSON.stringify(events.filter((e) => eventVisibleTo(e, viewer) && !chance(e)));
}

/** Plays one game in lockstep (see the file comment); throws (expect) at the first disagreement. */
export function lockstep(o: LockstepOptions): LockstepStats {
  const { def, model } = o;
  const play = Rng.seeded(o.playSeed);
  let state = o.start ?? def.setup(def.optionsSchema.parse(o.options), o.seats, o.seed, { hostSeat: 0 });
  let carried = model.fromState(state, Rng.seeded(1));
  const stats: LockstepStats = { positions: 0, observations: 0, tried: new Set(), over: false, winners: null };
  const max = o.maxActions ?? 3000;
  for (let step = 0; step < max; step++) {
    const fresh = model.fromState(state, Rng.seeded(2));
    const where = `position ${step} (seed ${o.seed}, play ${o.playSeed})`;
    expect(o.snapshot(carried), `carried model = fresh model at ${where}`).toEqual(o.snapshot(fresh));
    const toAct = seatsToAct(def.pending(state));
    expect([...model.toAct(fresh)], `toAct at ${where}`).toEqual(toAct);
    expect([...model.toAct(carried)], `carried toAct at ${where}`).toEqual(toAct);
    for (let seat = 0; seat < o.seats; seat++) {
      const engineCodes = def.legalActions(state, seat).map((a: unknown) => def.encodeAction(a));
      const modelCodes = model.legal(fresh, seat).map((a: unknown) => model.code(fresh, seat, a));
      expect(modelCodes, `legal codes of seat ${seat} at ${where}`).toEqual(engineCodes);
    }
    if (toAct.length === 0) {
      const result = def.result(state);
      if (!result) throw new Error(`no result once over at ${where}`);
      expect(o.winner(carried), `winner at ${where}`).toBe(result.winners.length === 1 ? result.winners[0] : -1);
      expect(model.rewards(carried)).not.toBeNull();
      stats.over = true;
      stats.winners = result.winners;
      return stats;
    }
    expect(model.rewards(carried)).toBeNull();
    stats.positions++;
    const actor = toAct[play.int(0, toAct.length - 1)]!;
    const legal = def.legalActions(state, actor);
    const modelLegal = model.legal(fresh, actor);

    if (step % (o.obsEvery ?? 1) === 0) {
      // Every legal action of the actor, both ways, from the same generator.
      const seen: string[][] = [];
      const shown: string[][] = [];
      modelLegal.forEach((a: unknown, i: number) => {
        const done = def.apply(state, actor, legal[i]);
        if (!done.ok) throw new Error(`engine refused its own legal action at ${where}`);
        const m = model.clone(fresh);
        model.apply(m, actor, a, Rng.from(state.rng));
        const code = model.code(fresh, actor, a);
        expect(o.snapshot(m), `state after ${code} at ${where}`).toEqual(o.snapshot(model.fromState(done.state, Rng.seeded(3))));
        stats.tried.add(code.split(':')[0]!);
        for (let viewer = 0; viewer < o.seats; viewer++) {
          (seen[viewer] ??= []).push(model.observe(m, viewer, actor, a));
          (shown[viewer] ??= []).push(visible(done.events, viewer, o.chance));
        }
      });
      for (let viewer = 0; viewer < o.seats; viewer++) {
        for (let i = 0; i < modelLegal.length; i++) {
          const code = model.code(fresh, actor, modelLegal[i]);
          if (viewer === actor) expect(seen[viewer]![i]!.split('|')[0], `own observation at ${where}`).toBe(code);
          else if (o.secret) expect(seen[viewer]![i]!.split('|')[0], `seat ${viewer}'s observation of ${code} at ${where}`).not.toMatch(o.secret);
          for (let j = i + 1; j < modelLegal.length; j++) {
            const sameModel = seen[viewer]![i] === seen[viewer]![j];
            const sameEngine = shown[viewer]![i] === shown[viewer]![j];
            expect(sameModel, `seat ${viewer} tells ${code} from ${model.code(fresh, actor, modelLegal[j])} at ${where}: model "${seen[viewer]![i]}" / "${seen[viewer]![j]}", engine ${shown[viewer]![i]} / ${shown[viewer]![j]}`).toBe(sameEngine);
            stats.observations++;
          }
        }
      }
    }

    // The players: half the time the model's heuristic or greedy style (so games reach their ends), else uniformly random.
    const roll = play.int(0, 3);
    let index: number;
    if (roll < 2 && modelLegal.length > 1) {
      const pick = model.playout(fresh, actor, modelLegal, Rng.seeded(play.int(0, 1 << 30)), roll === 0 ? 0 : 2);
      index = modelLegal.indexOf(pick);
      expect(index, `playout returns a legal action at ${where}`).toBeGreaterThanOrEqual(0);
    } else index = play.int(0, legal.length - 1);
    const rng = Rng.from(state.rng);
    const done = def.apply(state, actor, legal[index]);
    if (!done.ok) throw new Error(`engine refused its own legal action at ${where}`);
    model.apply(carried, actor, modelLegal[index], rng);
    state = done.state;
    const value = model.evaluate(carried, actor);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(1);
    // The carried model's copy is independent of it.
    const copy = model.clone(carried);
    expect(o.snapshot(copy)).toEqual(o.snapshot(carried));
  }
  return stats;
}
