/**
 * Suspicion hidden information (docs/rules/suspicion.md §1.13) and renderer payloads, checked at
 * every step of random games over all variants and 2–6 seats:
 * - no public view, board payload, other seat's view or panel contains a hand card, the
 *   face-down card before its reveal, or an uncast / unrevealed vote — both by searching the
 *   card ids and by changing every secret the viewer may not see and requiring an identical
 *   view and render (non-interference);
 * - payload limits hold, and each panel holds exactly the legal actions, once each.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/games/engine.js';
import { eventVisibleTo } from '../../../src/games/engine.js';
import { VARIANTS, buildDeck, type SuspicionState } from '../../../src/games/suspicion/rules.js';
import { suspicionUi as ui } from '../../../src/games/suspicion/ui.js';
import { playRandomGame } from '../../support/random-play.js';
import { componentIds, fakeRenderContext, expectComponentLimits } from '../../support/render-context.js';
import { def } from './helpers.js';
import { scramble } from './secrets.js';
import { deep } from '../../support/depth.js';

const PREFIX = 'rh1:g:7:1:';
const CARD_ID = /"(?:red|orange|yellow|green|blue|pink)x?\d"|"(?:burn|tamper|block|wild)\d"/;

/** True when `text` contains `id` as a whole token (so red1 does not match redx1). */
function hasToken(text: string, id: string): boolean {
  return new RegExp(`(^|[^a-z0-9])${id}([^a-z0-9]|$)`).test(text);
}

/** Action codes carried by rows (button custom_ids minus the test prefix, select values). */
function codesOf(rows: any[]): string[] {
  const { customIds, values } = componentIds(rows);
  return [...customIds.filter((id) => id.startsWith(PREFIX)).map((id) => id.slice(PREFIX.length)), ...values];
}

function checkStep(s: SuspicionState, events: GameEvent[]): void {
  const n = s.seats;
  const ctx = fakeRenderContext(n);
  const hands = s.players.map((p) => p.hand);
  const faceDown = s.phase.kind === 'vote' ? s.phase.card : null;
  const secretOf = (viewer: number | null) => [
    ...hands.flatMap((h, seat) => (seat === viewer ? [] : h)),
    ...(faceDown && !(s.phase.kind === 'vote' && s.phase.declarer === viewer) ? [faceDown] : []),
  ];

  // Public view and board.
  const pv = def.publicView(s);
  const board = ui.board(pv, ctx);
  const pubText = JSON.stringify(pv) + JSON.stringify(board);
  for (const id of secretOf(null)) expect(hasToken(pubText, id), `public leaks ${id}`).toBe(false);
  const scrambled = scramble(s, null);
  expect(def.publicView(scrambled)).toEqual(pv);
  expect(ui.board(def.publicView(scrambled), ctx)).toEqual(board);
  expectComponentLimits(board.rows, 2);
  expect(board.status).not.toContain('\n');
  expect(board.body.length).toBeLessThanOrEqual(3000);
  for (const code of codesOf(board.rows)) expect(def.decodeAction(code)).not.toBeNull();

  // Each seat's view and panel.
  for (let seat = 0; seat < n; seat++) {
    const sv = def.seatView(s, seat);
    const legal = def.legalActions(s, seat);
    const panel = ui.panel(sv, legal, ctx);
    const text = JSON.stringify(sv) + JSON.stringify(panel);
    for (const id of secretOf(seat)) expect(hasToken(text, id), `seat ${seat} sees ${id}`).toBe(false);
    const other = scramble(s, seat);
    expect(def.seatView(other, seat)).toEqual(sv);
    expect(ui.panel(def.seatView(other, seat), def.legalActions(other, seat), ctx)).toEqual(panel);
    expectComponentLimits(panel.rows, 4);
    expect(panel.body.length).toBeLessThanOrEqual(3000);
    const codes = codesOf(panel.rows).sort();
    expect(codes).toEqual(legal.map((a) => def.encodeAction(a)).sort());
  }

  // Events: public ones carry no card id; every visible one renders to a sentence or null.
  for (const e of events) {
    if (!e.to) expect(CARD_ID.test(JSON.stringify(e)), `public event ${e.type} names a card`).toBe(false);
    else expect(e.to).toHaveLength(1);
    for (const viewer of [null, ...Array.from({ length: n }, (_, i) => i)]) {
      if (!eventVisibleTo(e, viewer)) continue;
      const line = ui.describeEvent(e, ctx, viewer);
      if (line !== null) expect(line).not.toMatch(/undefined|NaN|\[object/);
    }
    if (['drew', 'declaredCard', 'voteRecorded'].includes(e.type)) expect(e.to).toBeDefined();
  }
}

describe('hidden information and renders at every step', () => {
  it('no viewer sees what it may not; panels hold exactly the legal actions', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VARIANTS), fc.integer({ min: 2, max: 6 }), fc.integer(), fc.integer(), (variant, seats, seed, playSeed) => {
        const r = playRandomGame(def, {
          seats,
          seed,
          playSeed,
          options: { variant },
          timeoutRate: 0.15,
          maxActions: 400,
          onState: (state: SuspicionState, events) => checkStep(state, events),
        });
        checkStep(r.final, []);
        expect(buildDeck(variant).length).toBeGreaterThan(0);
      }),
      { numRuns: deep(30) },
    );
  });
});
