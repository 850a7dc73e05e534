/**
 * The pace rules of turn-based tables (src/tables/pace.ts; docs/turn-based.md): decision
 * lengths per timer kind, vacations, the restart grace, the reminder time and the options
 * check — with the values docs/turn-based.md gives.
 */
import { describe, expect, it } from 'vitest';
import type { Pending } from '../../src/games/engine.js';
import { decisionMs, HOUR_MS, lobbyIdleMs, readPaceOptions, reminderAt, restartGraceMs } from '../../src/tables/pace.js';
import { deadlineFor } from '../../src/tables/policy.js';

const turn = (seat: number, timeoutMs = 120_000): Pending => ({ kind: 'turn', seat, step: 4, timer: 'turn', timeoutMs });
const counter: Pending = { kind: 'race', seats: [1, 2], step: 5, timer: 'reaction', timeoutMs: 10_000 };
const vote: Pending = { kind: 'simultaneous', seats: [0, 1, 2], waiting: [0, 2], step: 6, timer: 'vote', timeoutMs: 60_000 };
const tb = { pace: 'turn-based' as const, moveHours: 24 };
const T0 = Date.UTC(2026, 0, 5, 9);

describe('turn-based pace', () => {
  it('a live table keeps the game timers; a turn-based one has T per turn and vote, T / 4 per counter window', () => {
    expect(decisionMs(turn(0) as Exclude<Pending, { kind: 'over' }>, {}, T0)).toBe(120_000);
    expect(decisionMs(turn(0) as Exclude<Pending, { kind: 'over' }>, tb, T0)).toBe(24 * HOUR_MS);
    expect(decisionMs(vote as Exclude<Pending, { kind: 'over' }>, tb, T0)).toBe(24 * HOUR_MS);
    expect(decisionMs(counter as Exclude<Pending, { kind: 'over' }>, tb, T0)).toBe(6 * HOUR_MS);
    expect(decisionMs(turn(0) as Exclude<Pending, { kind: 'over' }>, { pace: 'turn-based', moveHours: 72 }, T0)).toBe(72 * HOUR_MS);
    // The stored deadline follows (deadlineFor reads the table options).
    expect(deadlineFor(turn(0), null, T0, [], tb)).toEqual({ deadlineAt: T0 + 24 * HOUR_MS, deadlineStep: 4 });
    expect(deadlineFor(turn(0), null, T0, [], {})).toEqual({ deadlineAt: T0 + 120_000, deadlineStep: 4 });
  });

  it("a vacation stops only the paused seat's clock: a decision waiting for it gets the rest of the pause", () => {
    const options = { ...tb, vacations: { '1': { from: T0 - 10 * HOUR_MS, until: T0 + 30 * HOUR_MS } } };
    expect(decisionMs(turn(1) as Exclude<Pending, { kind: 'over' }>, options, T0)).toBe(24 * HOUR_MS + 30 * HOUR_MS);
    expect(decisionMs(turn(0) as Exclude<Pending, { kind: 'over' }>, options, T0)).toBe(24 * HOUR_MS);
    // A pause that is over counts for nothing.
    expect(decisionMs(turn(1) as Exclude<Pending, { kind: 'over' }>, options, T0 + 31 * HOUR_MS)).toBe(24 * HOUR_MS);
    // A vote waiting for the paused seat ends later for everyone; one that no longer waits for it does not.
    const vote1 = { ...vote, waiting: [1] } as Exclude<Pending, { kind: 'over' }>;
    expect(decisionMs(vote1, options, T0)).toBe(54 * HOUR_MS);
    expect(decisionMs(vote as Exclude<Pending, { kind: 'over' }>, options, T0)).toBe(24 * HOUR_MS);
  });

  it('after a restart: live min(timeout, grace); turn-based a quarter of the decision', () => {
    expect(restartGraceMs(turn(0) as Exclude<Pending, { kind: 'over' }>, {}, 60_000)).toBe(60_000);
    expect(restartGraceMs(turn(0, 20_000) as Exclude<Pending, { kind: 'over' }>, {}, 60_000)).toBe(20_000);
    expect(restartGraceMs(turn(0) as Exclude<Pending, { kind: 'over' }>, tb, 60_000)).toBe(6 * HOUR_MS);
    expect(restartGraceMs(counter as Exclude<Pending, { kind: 'over' }>, tb, 60_000)).toBe(1.5 * HOUR_MS);
  });

  it('a turn-based lobby waits at least one move time for its players (live: 30 minutes)', () => {
    expect(lobbyIdleMs({}, 30 * 60_000)).toBe(30 * 60_000);
    expect(lobbyIdleMs(tb, 30 * 60_000)).toBe(24 * HOUR_MS);
  });

  it('the reminder is due when a quarter of the time is left', () => {
    const deadline = T0 + 24 * HOUR_MS;
    expect(reminderAt(deadline, 'turn', tb)).toBe(T0 + 18 * HOUR_MS);
    expect(reminderAt(deadline, 'reaction', tb)).toBe(deadline - 1.5 * HOUR_MS);
  });

  it('reads the pace options of /<game> new, refusing bad values with one line each', () => {
    expect(readPaceOptions({})).toEqual({ ok: true, options: {} });
    expect(readPaceOptions({ pace: 'live' })).toEqual({ ok: true, options: {} });
    expect(readPaceOptions({ pace: 'turn-based' })).toEqual({ ok: true, options: { pace: 'turn-based', moveHours: 24 } });
    expect(readPaceOptions({ pace: 'turn-based', moveHours: 72 })).toEqual({ ok: true, options: { pace: 'turn-based', moveHours: 72 } });
    const bad = readPaceOptions({ pace: 'slow', moveHours: 0 });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.problems).toHaveLength(2);
    expect(readPaceOptions({ moveHours: 12 }).ok).toBe(false);
  });
});
