/**
 * 💡 Hint rules (src/tables/hints.ts; README "AI players"): hints are allowed at an unrated
 * table (fewer than two humans) or when the table was opened with `hints:True`; a hint is the
 * Normal level's choice for the seat from its own input only — the same as `decideBot` at
 * Normal, and the same whatever the hidden state (other hands, identities, piles re-dealt).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { botKit } from '../../src/bots/kits.js';
import { decideBot } from '../../src/bots/policy.js';
import { Rng } from '../../src/games/rng.js';
import { readBotOptions } from '../../src/tables/bots.js';
import { hintFor, hintsAllowed } from '../../src/tables/hints.js';

import { positions, type Position } from '../bots/positions.js';
import { allConfigs, definitionOf } from '../bots/helpers.js';
import { noirTexts } from '../../src/games/noir/text/index.js';

let all: Position[] = [];

beforeAll(async () => {
  all = await positions(1, 4, 3);
}, 120_000);

const human = (seat: number) => ({ seat, botLevel: null });
const bot = (seat: number) => ({ seat, botLevel: 'normal' });

describe('when hints are allowed', () => {
  it('unrated tables (one human, or none) always; rated tables (two humans or more) only with hints:True', () => {
    expect(hintsAllowed([human(0), bot(1)], {})).toBe(true);
    expect(hintsAllowed([human(0), bot(1), bot(2)], null)).toBe(true);
    expect(hintsAllowed([human(0), human(1)], {})).toBe(false);
    expect(hintsAllowed([human(0), human(1), bot(2)], { botPaceMs: 0 })).toBe(false);
    expect(hintsAllowed([human(0), human(1)], { hints: true })).toBe(true);
    // A player who left and was handed to a bot is a bot seat now; a lobby seat (no number) does not count.
    expect(hintsAllowed([human(0), { seat: 1, botLevel: 'normal' }, { seat: null, botLevel: null }], {})).toBe(true);
  });

  it('`hints` is a table option of /<game> new: True stored, False left out, anything else refused', () => {
    expect(readBotOptions({ hints: true }, 4)).toMatchObject({ ok: true, options: { hints: true } });
    expect(readBotOptions({ hints: false }, 4)).toMatchObject({ ok: true, options: {} });
    expect(readBotOptions({ hints: 'yes' }, 4)).toEqual({ ok: false, problems: ['hints: must be True or False'] });
  });
});

describe('what a hint suggests', () => {
  it("is Normal's choice for the seat, legal, and the same however the hidden state is scrambled", { timeout: 120_000 }, () => {
    expect(all.length).toBeGreaterThan(10);
    for (const [i, { config, input, state }] of all.entries()) {
      const def = definitionOf(config.game);
      const kit = botKit(config.game);
      const hint = hintFor(kit, input);
      expect(hint.action, `${config.game} position ${i}`).toEqual(decideBot({ level: 'normal', input }).action);
      expect(def.legalActions(state, input.seat).map((a: unknown) => def.encodeAction(a))).toContain(def.encodeAction(hint.action));
      // Another world the seat cannot tell apart.
      const other = kit.determinize(kit.know(input), Rng.seeded(9000 + i));
      const twin = { ...structuredClone(input), view: def.seatView(other, input.seat) };
      expect(twin.view).toEqual(input.view);
      expect(hintFor(kit, twin)).toEqual(hint);
    }
  });

  it("NOIR: an Inspector's suggested arrest says how many suspects are left for the Killer (1 in n), in both languages", async () => {
    let arrests = 0;
    for (const { config, input } of await positions(4, 40, 1, allConfigs().filter((c) => c.game === 'noir'))) {
      const hint = hintFor(botKit('noir'), input);
      const view = input.view as { role: string };
      if ((hint.action as { type: string }).type !== 'arrest' || view.role !== 'inspector') continue;
      arrests++;
      expect(hint.reason, config.game).toMatchObject({ key: 'arrestChance' });
      const count = Number(hint.reason!.args![0]);
      expect(count).toBeGreaterThanOrEqual(1);
      expect(noirTexts.en.hintReasons.arrestChance(count)).toContain(`1 in ${count}`);
      expect(noirTexts.es.hintReasons.arrestChance(count)).toContain(`1 probabilidad entre ${count}`);
    }
    expect(arrests).toBeGreaterThan(0);
  });

  it("carries the kit's reason for the move when the kit gives one", () => {
    const { config, input } = all[0]!;
    const kit = botKit(config.game);
    const withReason = { ...kit, reason: (_k: unknown, action: { type: string }) => ({ key: 'because', args: [action.type] }) };
    const hint = hintFor(withReason, input);
    expect(hint.reason).toEqual({ key: 'because', args: [(hint.action as { type: string }).type] });
    expect(hintFor({ ...kit, reason: undefined }, input).reason).toBeNull();
  });
});
