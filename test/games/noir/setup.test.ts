/** Setup (§2.2), the forced first kill and the identity choice (§2.3), pending and results. */
import { describe, expect, it } from 'vitest';
import { noirDefinition as d } from '../../../src/games/noir/engine.js';
import { setupNoir } from '../../../src/games/noir/setup.js';
import { ACTION_CAP, KILL_TARGET, noirOptionsSchema, SUSPECTS, type NoirState } from '../../../src/games/noir/rules.js';
import { ALL, INSPECTOR, KILLER, act, evidenceCards, makeState, refuse, suspectCards } from './helpers.js';

const opts = (o: object = {}) => noirOptionsSchema.parse(o);

describe('§2.1 suspects', () => {
  it('25 distinct names and distinct 3-letter codes', () => {
    expect(SUSPECTS).toHaveLength(25);
    expect(new Set(SUSPECTS.map((s) => s.name)).size).toBe(25);
    expect(new Set(SUSPECTS.map((s) => s.code)).size).toBe(25);
    for (const s of SUSPECTS) expect(s.code).toMatch(/^[A-Z]{2,3}$/);
  });
});

describe('§2.2 setup', () => {
  it('options default to standard mode, 16 kills, random Killer, 120 s', () => {
    expect(opts()).toEqual({ mode: 'standard', killTarget: KILL_TARGET, killer: 'random', disguiseKillsOldIdentity: true, turnSeconds: 120 });
    expect(KILL_TARGET).toBe(16);
    expect(noirOptionsSchema.safeParse({ killTarget: 15 }).success).toBe(false);
    expect(opts({ killTarget: 14 }).killTarget).toBe(14);
  });
  it('a 5×5 grid of the 25 suspects, all alive; Killer 1 card, Inspector 4, deck 20', () => {
    for (let seed = 0; seed < 20; seed++) {
      const s = setupNoir(opts(), 2, seed);
      expect(s.grid).toHaveLength(5);
      for (const r of s.grid) expect(r).toHaveLength(5);
      expect(suspectCards(s)).toEqual(ALL);
      expect(s.grid.flat().every((c) => c.alive && !c.marker)).toBe(true);
      expect(s.hand).toHaveLength(4);
      expect(s.deck).toHaveLength(20);
      expect(s.inspectorIdentity).toBeNull();
      expect(evidenceCards(s)).toEqual(ALL);
      expect(s.phase).toBe('firstKill');
    }
  });
  it('is deterministic and the layout is random', () => {
    expect(setupNoir(opts(), 2, 5)).toEqual(setupNoir(opts(), 2, 5));
    expect(setupNoir(opts(), 2, 5).grid).not.toEqual(setupNoir(opts(), 2, 6).grid);
  });
  it.each([
    ['host', 0, 0],
    ['host', 1, 1],
    ['guest', 0, 1],
    ['guest', 1, 0],
  ] as const)('killer=%s with the host at seat %i → Killer seat %i', (killer, hostSeat, expected) => {
    const s = setupNoir(opts({ killer }), 2, 3, { hostSeat });
    expect(s.killerSeat).toBe(expected);
    expect(s.inspectorSeat).toBe(1 - expected);
  });
  it('killer=random gives either seat', () => {
    const seats = new Set(Array.from({ length: 30 }, (_, seed) => setupNoir(opts(), 2, seed).killerSeat));
    expect(seats).toEqual(new Set([0, 1]));
  });
  it('needs exactly 2 seats', () => {
    expect(() => setupNoir(opts(), 3, 1)).toThrow();
  });
});

describe('§2.3 the Killer starts with a forced kill', () => {
  const s0 = makeState({ phase: 'firstKill', inspector: null, hand: [20, 21, 22, 6], turns: 0 });
  it('pending is the Killer on the turn timer', () => {
    expect(d.pending(s0)).toEqual({ kind: 'turn', seat: KILLER, step: s0.step, timer: 'turn', timeoutMs: 120_000 });
  });
  it('only kills of living neighbours are legal', () => {
    expect(d.legalActions(s0, KILLER)).toEqual([6, 7, 8, 11, 13, 16, 17, 18].map((suspect) => ({ type: 'kill', suspect })));
    expect(d.legalActions(s0, INSPECTOR)).toEqual([]);
    expect(refuse(s0, KILLER, { type: 'shift', axis: 'row', index: 0, dir: 1 })).toBe('must-kill-first');
    expect(refuse(s0, KILLER, { type: 'disguise' })).toBe('must-kill-first');
    expect(refuse(s0, KILLER, { type: 'kill', suspect: 0 })).toBe('not-adjacent');
    expect(refuse(s0, INSPECTOR, { type: 'choose', suspect: 20 })).toBe('not-your-turn');
  });
  it('the timeout default is a legal kill', () => {
    const a = d.defaultAction(s0, KILLER);
    expect(d.legalActions(s0, KILLER)).toContainEqual(a);
  });
  it('then the Inspector picks an identity among the living cards of the four', () => {
    const { state: s1 } = act(s0, KILLER, { type: 'kill', suspect: 6 });
    expect(s1.phase).toBe('chooseIdentity');
    expect(d.pending(s1)).toMatchObject({ kind: 'turn', seat: INSPECTOR });
    expect(d.pending(s1).step).not.toBe(s0.step);
    // Suspect 6 (the victim) is in the hand and cannot be chosen (§2.14).
    expect(d.legalActions(s1, INSPECTOR)).toEqual([20, 21, 22].map((suspect) => ({ type: 'choose', suspect })));
    expect(refuse(s1, INSPECTOR, { type: 'choose', suspect: 6 })).toBe('not-choosable');
    expect(refuse(s1, INSPECTOR, { type: 'choose', suspect: 3 })).toBe('not-in-hand');
    expect(refuse(s1, INSPECTOR, { type: 'arrest', suspect: 20 })).toBe('choose-identity-first');
    const timeout = d.defaultAction(s1, INSPECTOR);
    expect(timeout.type).toBe('choose');
    expect([20, 21, 22]).toContain((timeout as { suspect: number }).suspect);
    const { state: s2, events } = act(s1, INSPECTOR, { type: 'choose', suspect: 21 });
    expect(s2.inspectorIdentity).toBe(21);
    expect(s2.hand).toEqual([20, 22, 6]);
    expect(s2.phase).toBe('play');
    expect(d.pending(s2)).toMatchObject({ kind: 'turn', seat: KILLER });
    // The choice is public, the card private to the Inspector.
    expect(events.filter((e) => !e.to)).toEqual([{ type: 'identityChosen', by: INSPECTOR }]);
    expect(events.find((e) => e.type === 'identity')).toEqual({ type: 'identity', to: [INSPECTOR], suspect: 21 });
  });
});

describe('§2.11 results', () => {
  const over = (patch: Partial<NoirState>) => ({ ...makeState(), phase: 'over' as const, ...patch });
  it('winner placement 1, loser 2', () => {
    expect(d.result(over({ winner: 'killer', endReason: 'kill-target' }))).toEqual({ placements: [1, 2], winners: [KILLER], reason: 'kill-target' });
    expect(d.result(over({ winner: 'inspector', endReason: 'arrest' }))).toEqual({ placements: [2, 1], winners: [INSPECTOR], reason: 'arrest' });
  });
  it('draw at the cap: both 1, no winners', () => {
    expect(d.result(over({ winner: null, endReason: 'cap' }))).toEqual({ placements: [1, 1], winners: [], reason: 'cap' });
  });
  it('null while running', () => {
    expect(d.result(makeState())).toBeNull();
  });
  it(`the ${ACTION_CAP}th completed turn ends the game in a draw`, () => {
    const s = makeState({ turns: ACTION_CAP - 1 });
    const { state, events } = act(s, KILLER, { type: 'shift', axis: 'row', index: 4, dir: 1 });
    expect(state.phase).toBe('over');
    expect(d.pending(state).kind).toBe('over');
    expect(d.result(state)).toEqual({ placements: [1, 1], winners: [], reason: 'cap' });
    expect(events.at(-1)).toMatchObject({ type: 'gameOver', winner: null, reason: 'cap' });
    expect(refuse(state, INSPECTOR, { type: 'arrest', suspect: 0 })).toBe('game-over');
    expect(d.legalActions(state, INSPECTOR)).toEqual([]);
  });
  it('one turn before the cap the game goes on', () => {
    const { state } = act(makeState({ turns: ACTION_CAP - 2 }), KILLER, { type: 'shift', axis: 'row', index: 4, dir: 1 });
    expect(state.phase).toBe('play');
  });
});
