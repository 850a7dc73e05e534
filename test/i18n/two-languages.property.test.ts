/**
 * Both languages over random games (README "Languages"): for every game, every variant
 * choice and every seat count, random games are played and at each sampled step the board,
 * every seat's panel, every log line and the rules help are rendered in English and in
 * Spanish. Both must stay within Discord's limits (docs/discord.md §3: embed
 * description 4,096 — the game body gets ≤ 3,000 of it — field 1,024, button label 80,
 * select option 100, custom_id 100, 25 options, 5 rows; rules help in an embed 4,096), and the
 * Spanish board and panels must offer exactly the buttons, selects, custom_ids and option
 * values of the English ones (a translation never changes what a click does). Nothing may
 * render `undefined` or a template leftover. Budget: about a minute on 2 cores.
 */
import { describe, expect, it } from 'vitest';
import { eventVisibleTo, type GameEvent, type Viewer } from '../../src/games/engine.js';
import { GAME_MODULES } from '../../src/games/index.js';
import type { ActionRow, RenderContext } from '../../src/games/ui.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import type { Messages } from '../../src/i18n/index.js';
import { playRandomGame } from '../support/random-play.js';
import { componentIds, expectComponentLimits, fakeRenderContext } from '../support/render-context.js';
import { DEPTH, deep } from '../support/depth.js';

const LEFTOVERS = /undefined|NaN|\[object Object\]|\$\{/;

/** The structure of rows without their texts: types, custom_ids, option values, styles. */
function skeleton(rows: ActionRow[]): unknown {
  return rows.map((row) =>
    row.components.map((component) => {
      const c = component as { type: number; custom_id?: string; style?: number; disabled?: boolean; options?: { value: string }[] };
      return { type: c.type, id: c.custom_id, style: c.style, disabled: c.disabled ?? false, values: c.options?.map((option) => option.value) };
    }),
  );
}

/** Every text of rows (labels, placeholders, option labels and descriptions). */
function rowTexts(rows: ActionRow[]): string[] {
  const out: string[] = [];
  for (const row of rows) {
    for (const component of row.components) {
      const c = component as { label?: string; placeholder?: string; options?: { label: string; description?: string }[] };
      if (c.label) out.push(c.label);
      if (c.placeholder) {
        expect(c.placeholder.length).toBeLessThanOrEqual(150);
        out.push(c.placeholder);
      }
      for (const option of c.options ?? []) out.push(option.label, option.description ?? '');
    }
  }
  return out;
}

/** Check one render in one language; returns its skeleton for the cross-language comparison. */
function checkRender(body: string, rows: ActionRow[], maxRows: number, where: string, status?: string): unknown {
  expect(body.length, where).toBeLessThanOrEqual(3000);
  if (status !== undefined) {
    expect(status.length, where).toBeLessThanOrEqual(256);
    expect(status, where).not.toMatch(LEFTOVERS);
  }
  expect(body, where).not.toMatch(LEFTOVERS);
  expectComponentLimits(rows, maxRows);
  for (const text of rowTexts(rows)) expect(text, where).not.toMatch(LEFTOVERS);
  const { customIds } = componentIds(rows);
  for (const id of customIds) expect(id.length).toBeLessThanOrEqual(100);
  return skeleton(rows);
}

/** The choice values of each string/integer option with choices (one variant axis per option). */
function variantsOf(mod: (typeof GAME_MODULES)[number]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{}];
  for (const spec of [...mod.newOptions, ...(mod.rulesOptions ?? [])]) {
    for (const choice of spec.choices ?? []) out.push({ [spec.optionKey]: choice.value });
    if (spec.type === 'boolean') out.push({ [spec.optionKey]: true });
  }
  return out;
}

const GAMES_PER_CASE = deep(1);
const SAMPLE_EVERY = 4;

describe('every game in English and Spanish', () => {
  for (const mod of GAME_MODULES) {
    const def = mod.definition;
    it(`${mod.id}: boards, panels, log lines and rules help stay within Discord's limits and offer the same components`, () => {
      const variants = variantsOf(mod);
      let rendered = 0;
      for (const options of variants) {
        const parsed = def.optionsSchema.parse(options);
        // Rules help and the lobby's options line, in both languages, for this variant.
        for (const t of [en, es] as Messages[]) {
          // `/<game> rules` answers with an embed: its description holds 4,096 characters.
          const help = mod.ui.rulesHelp(parsed, t);
          expect(help.length, `${mod.id} rules ${JSON.stringify(options)}`).toBeLessThanOrEqual(4096);
          expect(help).not.toMatch(LEFTOVERS);
          const summary = mod.ui.optionsSummary(parsed, t);
          expect(summary.length).toBeLessThanOrEqual(1024);
          expect(summary).not.toMatch(LEFTOVERS);
        }
        for (let seats = def.minPlayers; seats <= def.maxPlayers; seats++) {
          for (let game = 0; game < GAMES_PER_CASE; game++) {
            const contexts: [RenderContext, RenderContext] = [fakeRenderContext(seats, { t: en }), fakeRenderContext(seats, { t: es })];
            let step = 0;
            const visit = (state: unknown, events: GameEvent[]) => {
              if (step++ % SAMPLE_EVERY !== 0 && def.pending(state).kind !== 'over') return;
              rendered++;
              const where = `${mod.id} ${JSON.stringify(options)} ${seats} seats, game ${game}, step ${step}`;
              const boards = contexts.map((ctx) => {
                const board = mod.ui.board(def.publicView(state), ctx);
                return checkRender(board.body, board.rows, 2, `${where} board (${ctx.t.common.language})`, board.status);
              });
              expect(boards[1], `${where}: Spanish board components`).toEqual(boards[0]);
              for (let seat = 0; seat < seats; seat++) {
                const legal = def.legalActions(state, seat);
                const panels = contexts.map((ctx) => {
                  const panel = mod.ui.panel(def.seatView(state, seat), legal, ctx);
                  return checkRender(panel.body, panel.rows, 4, `${where} seat ${seat} panel (${ctx.t.common.language})`);
                });
                expect(panels[1], `${where}: Spanish panel of seat ${seat}`).toEqual(panels[0]);
              }
              for (const event of events) {
                const viewers: Viewer[] = [null, ...Array.from({ length: seats }, (_, seat) => seat)].filter((viewer) => eventVisibleTo(event, viewer));
                for (const viewer of viewers) {
                  const lines = contexts.map((ctx) => mod.ui.describeEvent(event, ctx, viewer));
                  // A line exists in both languages or in neither.
                  expect(lines[1] === null, `${where} ${event.type}`).toBe(lines[0] === null);
                  for (const line of lines) {
                    if (line === null) continue;
                    expect(line.length, `${where} ${event.type}`).toBeLessThanOrEqual(1024);
                    expect(line, `${where} ${event.type}`).not.toMatch(LEFTOVERS);
                  }
                }
              }
            };
            const r = playRandomGame(def, { seats, seed: 1000 + game * 31 + seats, playSeed: 7 + game, options, timeoutRate: 0.2, onState: visit });
            visit(r.final, []);
          }
        }
      }
      expect(rendered).toBeGreaterThan(variants.length);
    }, 120_000 * DEPTH);
  }
});
