/** Renderer checks shared by the UI and property tests: payload limits, components = legal actions. */
import { expect } from 'vitest';
import { jaccuseUi as ui } from '../../../src/games/jaccuse/ui.js';
import type { JaccuseState } from '../../../src/games/jaccuse/rules.js';
import { componentIds, fakeRenderContext, expectComponentLimits } from '../../support/render-context.js';
import { def } from './helpers.js';

/** Checks the payload limits of a panel / board and that components are exactly `legal`. */
export function checkPanel(state: JaccuseState, seat: number) {
  const ctx = fakeRenderContext(state.seatCount);
  const legal = def.legalActions(state, seat);
  const p = ui.panel(def.seatView(state, seat), legal, ctx);
  expect(p.body.length).toBeLessThanOrEqual(3000);
  expectComponentLimits(p.rows as any, 4);
  const { customIds, values } = componentIds(p.rows as any);
  const codes = [
    ...customIds.filter((id) => id.startsWith('rh1:g:')).map((id) => id.split(':').slice(4).join(':')),
    ...values,
  ];
  expect(codes.map((c) => def.decodeAction(c))).toEqual(expect.arrayContaining(legal));
  expect(codes).toHaveLength(legal.length);
  expect(new Set(codes).size).toBe(codes.length);
  return p;
}
