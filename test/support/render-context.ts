/**
 * A RenderContext for renderer tests: fixed names, custom_ids that spell out the action
 * code so tests can find a button by the action it performs.
 */
import { expect } from 'vitest';
import type { RenderContext, SeatInfo } from '../../src/games/ui.js';
import { en } from '../../src/i18n/en/index.js';

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn'];

/** A context for `seatCount` seats named Ana, Ben, Cleo, …, table #7, deadline in 60 s. */
export function fakeRenderContext(seatCount: number, overrides: Partial<RenderContext> = {}): RenderContext {
  const seats: SeatInfo[] = Array.from({ length: seatCount }, (_, seat) => ({
    seat,
    userId: String(100000000000000000n + BigInt(seat)),
    displayName: NAMES[seat] ?? `Player ${seat + 1}`,
    away: false,
    left: false,
  }));
  return {
    tableId: 7,
    seats,
    t: en,
    deadlineMs: 1_800_000_000_000,
    actionId: (code) => `rh1:g:7:1:${code}`,
    selectId: (name) => `rh1:s:7:1:${name}`,
    name: (seat) => seats[seat]?.displayName ?? `Seat ${seat + 1}`,
    relative: (ms) => `<t:${Math.floor(ms / 1000)}:R>`,
    ...overrides,
  };
}

/** Every custom_id and select option value in a list of action rows. */
export function componentIds(rows: { components: any[] }[]): { customIds: string[]; values: string[] } {
  const customIds: string[] = [];
  const values: string[] = [];
  for (const row of rows) {
    for (const c of row.components) {
      if (c.custom_id) customIds.push(c.custom_id);
      for (const o of c.options ?? []) values.push(o.value);
    }
  }
  return { customIds, values };
}

/**
 * Assert Discord's component limits on rendered rows (docs/discord.md §3): at most
 * `maxRows` rows, each non-empty with ≤ 5 buttons or exactly one select; custom_id ≤ 100,
 * button label ≤ 80; select options 1–25 with label / value / description ≤ 100.
 */
export function expectComponentLimits(rows: { type?: number; components: any[] }[], maxRows: number): void {
  expect(rows.length).toBeLessThanOrEqual(maxRows);
  for (const row of rows) {
    expect(row.type ?? 1).toBe(1);
    expect(row.components.length).toBeGreaterThan(0);
    expect(row.components.length).toBeLessThanOrEqual(5);
    if (row.components.some((component) => component.type === 3)) expect(row.components).toHaveLength(1);
    for (const c of row.components) {
      expect(c.custom_id.length).toBeLessThanOrEqual(100);
      if (c.type === 2) expect(c.label.length).toBeLessThanOrEqual(80);
      if (c.type === 3) {
        expect(c.options.length).toBeGreaterThan(0);
        expect(c.options.length).toBeLessThanOrEqual(25);
        for (const o of c.options) {
          expect(o.label.length).toBeLessThanOrEqual(100);
          expect(o.value.length).toBeLessThanOrEqual(100);
          expect((o.description ?? '').length).toBeLessThanOrEqual(100);
        }
      }
    }
  }
}
