/**
 * Seeded, serialisable randomness for the pure engines (pure-rand's xoroshiro128+).
 *
 * The generator state is a short array of 32-bit integers stored inside the game state, so
 * a game can be saved as JSON and replayed exactly. Engines never use `Math.random`.
 */
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

/** Serialised generator state (store it in the game state). */
export type RngState = number[];

/** Fresh generator state for a 32-bit integer `seed`. */
export function seedRng(seed: number): RngState {
  return [...xoroshiro128plus(seed | 0).getState()];
}

/**
 * A mutable generator wrapping a copy of a serialised state. Use it inside one pure
 * function and write `rng.state()` back into the new game state before returning.
 */
export class Rng {
  private readonly gen: JumpableRandomGenerator;

  private constructor(gen: JumpableRandomGenerator) {
    this.gen = gen;
  }

  /** Continue from a stored state (the stored array is not modified). */
  static from(state: RngState): Rng {
    return new Rng(xoroshiro128plusFromState(state));
  }

  /** Start from a 32-bit integer seed. */
  static seeded(seed: number): Rng {
    return new Rng(xoroshiro128plus(seed | 0));
  }

  /** The current state, to store back in the game state. */
  state(): RngState {
    return [...this.gen.getState()];
  }

  /** Uniform integer in [from, to], both inclusive. Throws if from > to. */
  int(from: number, to: number): number {
    if (from > to) throw new RangeError(`Rng.int: empty range [${from}, ${to}]`);
    return uniformInt(this.gen, from, to);
  }

  /** A uniformly chosen element. Throws on an empty array (a programming error). */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty array');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** A new array with the items in uniformly random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

/**
 * A uniformly chosen element, derived from `state` without advancing it — for choices
 * that must not change the stored generator (e.g. a default action computed by
 * `defaultAction`, which returns an action, not a state). `salt` separates several
 * independent choices made from the same state.
 */
export function peekPick<T>(state: RngState, items: readonly T[], salt = 0): T {
  const rng = Rng.from(state);
  for (let i = 0; i < salt; i++) rng.int(0, 1);
  return rng.pick(items);
}
