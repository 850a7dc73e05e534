/**
 * The pure drivers of the table service on the Tally fixture: the deadline rule (docs/tables.md
 * "Deadlines": each seat still to act gets the default move, in order, until the decision
 * changes) and the auto-play of absent seats. Expected states are worked out by hand from
 * Tally's rules (test/support/toy-game.ts), not taken from the drivers.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameDefinition } from '../../src/games/engine.js';
import { playAbsentSeats, playDeadline } from '../../src/tables/drivers.js';
import { tallyDefinition, type TallyState } from '../support/toy-game.js';

const def = tallyDefinition as AnyGameDefinition;

function fresh(seats: number, patch: Partial<TallyState> = {}): TallyState {
  return { ...tallyDefinition.setup(tallyDefinition.optionsSchema.parse({}), seats, 1), turn: 0, ...patch };
}

describe('playDeadline', () => {
  it('a turn: the one seat to act gets the default move (add 1), then play stops at the new decision', () => {
    const driven = playDeadline(def, fresh(3));
    expect(driven.played).toEqual([{ seat: 0, action: { type: 'add', n: 1 }, events: [{ type: 'added', seat: 0, n: 1 }] }]);
    const state = driven.state as TallyState;
    expect(state.totals).toEqual([1, 0, 0]);
    // The race that follows is a new decision: nobody is played for it.
    expect(driven.pending).toMatchObject({ kind: 'race', seats: [1, 2] });
    expect(driven.refused).toBeNull();
  });

  it('a race: every rival still in it passes, in seat order, and the turn moves on', () => {
    const race = fresh(3, { phase: 'race', step: 2 });
    const driven = playDeadline(def, race);
    expect(driven.played.map((move) => [move.seat, move.action])).toEqual([
      [1, { type: 'pass' }],
      [2, { type: 'pass' }],
    ]);
    expect(driven.pending).toMatchObject({ kind: 'turn', seat: 1, step: 3 });
  });

  it('a vote: only the seats still waiting get the default vote (0); a vote already cast stands', () => {
    const vote = fresh(3, { phase: 'vote', step: 5, votes: [2, null, null] });
    const driven = playDeadline(def, vote);
    expect(driven.played.map((move) => move.seat)).toEqual([1, 2]);
    expect(driven.played.every((move) => (move.action as { value: number }).value === 0)).toBe(true);
    // The last vote closes the round: the reveal lists every vote, the next turn opens.
    expect(driven.played.at(-1)!.events.at(-1)).toEqual({ type: 'votes', values: [2, 0, 0] });
    expect(driven.pending).toMatchObject({ kind: 'turn', step: 6 });
  });

  it('a game that is over plays nothing', () => {
    const over = fresh(2, { phase: 'over', winner: 0 });
    expect(playDeadline(def, over).played).toEqual([]);
  });
});

describe('playAbsentSeats', () => {
  it('plays only absent seats, and stops at the first decision a present seat must take', () => {
    // Seat 1 is absent. Seat 0's turn is not played; after it, the race has seats 1 and 2.
    const race = fresh(3, { phase: 'race', step: 2 });
    const driven = playAbsentSeats(def, race, (seat) => seat === 1, 100);
    expect(driven.played.map((move) => [move.seat, move.action])).toEqual([[1, { type: 'pass' }]]);
    expect(driven.pending).toMatchObject({ kind: 'race', seats: [2] });
  });

  it('never plays more than its limit', () => {
    const driven = playAbsentSeats(def, fresh(2), () => true, 3);
    expect(driven.played).toHaveLength(3);
  });

  it('reports a move the engine refuses instead of applying it', () => {
    const broken: AnyGameDefinition = { ...def, defaultAction: () => ({ type: 'steal' }), autoAction: undefined };
    const driven = playAbsentSeats(broken, fresh(2), () => true, 10);
    expect(driven.played).toEqual([]);
    expect(driven.refused).toMatchObject({ seat: 0, action: { type: 'steal' }, error: { code: 'illegal' } });
  });
});
