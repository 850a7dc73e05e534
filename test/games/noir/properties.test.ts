/**
 * Property tests (docs/architecture.md §6 layer 2): random legal games in all three modes never throw,
 * keep the 25 suspects and the 25 evidence cards accounted for, always end (or hit the
 * cap), replay deterministically, and never leak either identity before the end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noirDefinition as d } from '../../../src/games/noir/engine.js';
import { noirUi as ui } from '../../../src/games/noir/ui.js';
import { ACTION_CAP, MODES, type NoirState } from '../../../src/games/noir/rules.js';
import type { GameEvent } from '../../../src/games/engine.js';
import { fakeRenderContext } from '../../support/render-context.js';
import { playRandomGame, replayGame } from '../../support/random-play.js';
import { ALL, evidenceCards, suspectCards } from './helpers.js';
import { deep } from '../../support/depth.js';

const ctx = fakeRenderContext(2);
const RUNS = deep(12);

/** The same state with the Killer's secrets replaced by other values. */
function scrambleKiller(s: NoirState): NoirState {
  return {
    ...s,
    killerIdentity: (s.killerIdentity + 1) % 25,
    killerDraws: [...s.killerDraws.map((x) => ({ ...x, alive: !x.alive })), { suspect: 3, alive: true }],
    deck: [...s.deck].reverse(),
  };
}

/** The same state with the Inspector's secrets replaced by other values (same hand size). */
function scrambleInspector(s: NoirState): NoirState {
  return {
    ...s,
    inspectorIdentity: s.inspectorIdentity === null ? null : (s.inspectorIdentity + 3) % 25,
    hand: s.hand.map((c) => (c + 5) % 25),
    drawn: s.drawn === null ? null : (s.drawn + 5) % 25,
    deck: [...s.deck].reverse(),
  };
}

function boardText(s: NoirState): string {
  return JSON.stringify(ui.board(d.publicView(s), ctx));
}
function panelText(s: NoirState, seat: number): string {
  return JSON.stringify(ui.panel(d.seatView(s, seat), d.legalActions(s, seat), ctx));
}

/** Hidden-information checks on one state (while the game runs). */
function checkSecrets(s: NoirState, events: GameEvent[]): void {
  if (s.phase === 'over') return;
  const pub = JSON.stringify(d.publicView(s));
  const k = scrambleKiller(s);
  expect(JSON.stringify(d.publicView(k))).toBe(pub);
  expect(JSON.stringify(d.seatView(k, s.inspectorSeat))).toBe(JSON.stringify(d.seatView(s, s.inspectorSeat)));
  expect(boardText(k)).toBe(boardText(s));
  expect(panelText(k, s.inspectorSeat)).toBe(panelText(s, s.inspectorSeat));
  const i = scrambleInspector(s);
  expect(JSON.stringify(d.publicView(i))).toBe(pub);
  expect(JSON.stringify(d.seatView(i, s.killerSeat))).toBe(JSON.stringify(d.seatView(s, s.killerSeat)));
  expect(boardText(i)).toBe(boardText(s));
  expect(panelText(i, s.killerSeat)).toBe(panelText(s, s.killerSeat));
  for (const e of events) {
    if (e.to) {
      // Private events go to their owner only.
      const owner = e.type === 'disguiseDraw' ? s.killerSeat : s.inspectorSeat;
      expect(e.to).toEqual([owner]);
      continue;
    }
    // A public event never names the Killer's current identity, nor carries a hand or a draw.
    for (const key of ['suspect', 'discarded', 'target'] as const) expect(e[key]).not.toBe(s.killerIdentity);
    expect(Object.keys(e)).not.toContain('hand');
    expect(Object.keys(e)).not.toContain('identity');
  }
}

describe('random legal games', () => {
  it('never throw, conserve cards, always end, stay secret', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.constantFrom(...MODES), fc.constantFrom(16, 14), (seed, playSeed, mode, killTarget) => {
        const r = playRandomGame(d, {
          seats: 2,
          seed,
          playSeed,
          options: { mode, killTarget },
          maxActions: 2 * ACTION_CAP + 10,
          onState: (s: NoirState, events) => {
            expect(suspectCards(s)).toEqual(ALL);
            expect(evidenceCards(s)).toEqual(ALL);
            expect(s.turns).toBeLessThanOrEqual(ACTION_CAP);
            checkSecrets(s, events);
          },
        });
        expect(r.over).toBe(true);
        const res = d.result(r.final)!;
        expect(res).not.toBeNull();
        if (res.reason === 'cap') {
          expect(r.final.turns).toBe(ACTION_CAP);
          expect(res).toMatchObject({ placements: [1, 1], winners: [] });
        } else {
          expect(res.winners).toHaveLength(1);
          expect([...res.placements].sort()).toEqual([1, 2]);
        }
        // At the end both identities are revealed on the board.
        const reveal = d.publicView(r.final).reveal!;
        expect(reveal.killerIdentity).toBe(r.final.killerIdentity);
        expect(reveal.inspectorIdentity).toBe(r.final.inspectorIdentity);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('replay deterministically from the seed and the log', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.constantFrom(...MODES), fc.constantFrom('random', 'host', 'guest'), fc.integer({ min: 0, max: 1 }), (seed, playSeed, mode, killer, hostSeat) => {
        const options = { mode, killer };
        const meta = { hostSeat };
        const r = playRandomGame(d, { seats: 2, seed, playSeed, options, setupMeta: meta, timeoutRate: 0.3 });
        expect(replayGame(d, 2, seed, r.log, options, meta)).toEqual(r.final);
        expect(JSON.parse(JSON.stringify(r.final))).toEqual(r.final);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('games left entirely to timeouts end at the cap or by the first kills', () => {
    for (const mode of MODES) {
      const r = playRandomGame(d, { seats: 2, seed: 11, playSeed: 5, options: { mode }, timeoutRate: 1 });
      expect(r.over).toBe(true);
      // Only shifts after the forced kill and the identity choice: nobody wins.
      expect(d.result(r.final)?.reason).toBe('cap');
      expect(r.log.slice(2).every((e) => (e.action as { type: string }).type === 'shift')).toBe(true);
    }
  });

  it('all three modes and both end kinds occur', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const mode = MODES[i % 3]!;
      const r = playRandomGame(d, { seats: 2, seed: i, playSeed: i + 100, options: { mode } });
      seen.add(`${mode}:${d.result(r.final)!.winners.length === 0 ? 'draw' : r.final.winner}`);
    }
    for (const mode of MODES) {
      expect(seen).toContain(`${mode}:killer`);
      expect(seen).toContain(`${mode}:inspector`);
    }
  });
});
