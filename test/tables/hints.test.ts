/**
 * 💡 Hint rules (src/tables/hints.ts; README "AI players"; issue 36): hints are allowed at an
 * unrated table (fewer than two humans) or when the table was opened with `hints:True`; a hint
 * is the Hard search's move for the seat at a fixed size, from its own input as it was when the
 * decision opened — the same as `decideBot` at Hard with that count, with the game's
 * explanation; the same whatever the hidden state (other hands, identities, piles re-dealt) and
 * whatever was answered to the decision since (no flip-flop between two presses).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { botKit } from '../../src/bots/kits.js';
import { decideBot } from '../../src/bots/policy.js';
import { Rng } from '../../src/games/rng.js';
import { readBotOptions } from '../../src/tables/bots.js';
import { hintFor, hintIterations, hintsAllowed } from '../../src/tables/hints.js';
import { botInputFromLog } from '../../src/bots/input.js';
import { GAME_MODULES } from '../../src/games/index.js';

import { positions, type Position } from '../bots/positions.js';
import { allConfigs, definitionOf, play } from '../bots/helpers.js';
import { noirTexts } from '../../src/games/noir/text/index.js';
import { hintNote, percent } from '../../src/discord/render/panel.js';
import { catalogs, LANGUAGES } from '../../src/i18n/index.js';
import type { Advice } from '../../src/bots/advice.js';
import { snapshotOf } from '../support/test-pictures.js';

/**
 * Check the 💡 Hint's note of `advice` for `seat` at `state` in both languages: it names the advised
 * move, quotes its chance, and quotes no higher chance for another move (README "AI players").
 */
function noteAgrees(game: string, state: unknown, seats: number, seat: number, advice: Advice): string[] {
  const mod = GAME_MODULES.find((m) => m.id === game)!;
  const snapshot = snapshotOf(mod, state, seats);
  return LANGUAGES.map((language) => {
    const note = hintNote(mod, snapshot, seat, advice, catalogs[language]);
    // The estimate's sentence (the game's explanation before it may quote chances of its own).
    const from = Math.max(note.lastIndexOf('the Hard AI'), note.lastIndexOf('la IA Difícil'));
    const quoted = from < 0 ? [] : [...note.slice(from).matchAll(/(\d+) %/g)].map((m) => Number(m[1]));
    if (advice.best.estimate !== null && advice.choices > 1) {
      expect(quoted[0], note).toBe(percent(advice.best.estimate));
      for (const other of quoted.slice(1)) expect(other, note).toBeLessThanOrEqual(quoted[0]!);
    }
    return note;
  });
}

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

/** A hint's search size in these tests (the live one is the arena's count, `hintIterations`). */
const small = { bench: { arena: { setups: [], deals: 1, hardIterations: 60, latencySeats: 2 }, legalMoves: [], variants: [] } };

describe('what a hint suggests', () => {
  it("is the Hard search's move for the seat at the hint's fixed size, legal, explained, and the same however the hidden state is scrambled", { timeout: 120_000 }, () => {
    expect(all.length).toBeGreaterThan(10);
    for (const [i, { config, input, state }] of all.entries()) {
      if (i % 2 !== 0) continue;
      const def = definitionOf(config.game);
      const kit = botKit(config.game);
      const hint = hintFor(small, input);
      expect(hint.best.action, `${config.game} position ${i}`).toEqual(decideBot({ level: 'hard', input, iterations: hintIterations(small) }).action);
      expect(def.legalActions(state, input.seat).map((a: unknown) => def.encodeAction(a))).toContain(hint.best.code);
      expect(hint.best.reason, `${config.game} position ${i}`).not.toBeNull();
      if (hint.best.estimate !== null) expect(hint.best.estimate).toBeGreaterThanOrEqual(0);
      if (hint.best.estimate !== null) expect(hint.best.estimate).toBeLessThanOrEqual(1);
      // The note's numbers never contradict the advice: none above the advised move's (both languages).
      noteAgrees(config.game, state, config.seats, input.seat, hint);
      // Another world the seat cannot tell apart.
      const other = kit.determinize(kit.know(input), Rng.seeded(9000 + i));
      const twin = { ...structuredClone(input), view: def.seatView(other, input.seat) };
      expect(twin.view).toEqual(input.view);
      expect(hintFor(small, twin)).toEqual(hint);
    }
  });

  it('the hint searches what a live Hard move searches: the arena count of each game', () => {
    for (const module of GAME_MODULES) expect(hintIterations(module)).toBe(module.bench!.arena.hardIterations);
  });

  for (const game of ['suspicion', 'jaccuse'] as const) {
    it(`${game}: the same position gives the same advice — pressed again, after the seat's own secret vote, after a rival's vote`, { timeout: 120_000 }, async () => {
      const config = allConfigs().find((c) => c.game === game && c.seats === 4)!;
      const def = definitionOf(game);
      // A real game's log, up to the first vote in which seat `me` and a rival both vote.
      for (let seed = 1; seed < 40; seed++) {
        const log: { seat: number; action: unknown }[] = [];
        const states: unknown[] = [];
        await play(config, { levels: ['normal', 'normal', 'normal', 'normal'], seed, onAction: (seat, action) => log.push({ seat, action }), onDecision: (_input, state) => states.push(state) });
        const spec = (entries: typeof log) => ({ game, definition: def, options: def.optionsSchema.parse(config.options), seats: 4, seed, setupMeta: { hostSeat: seed & 1 }, log: entries });
        // Find two consecutive votes of one simultaneous decision (the first opens nothing new).
        for (let i = 1; i + 1 < log.length; i++) {
          const a = log[i]!;
          const b = log[i + 1]!;
          const isVote = (x: { action: unknown }) => (x.action as { type: string }).type === 'vote';
          if (!isVote(a) || !isVote(b) || a.seat === b.seat) continue;
          const before = spec(log.slice(0, i));
          const pending = def.pending(botState(before));
          if (pending.kind !== 'simultaneous' || !pending.waiting.includes(a.seat) || !pending.waiting.includes(b.seat)) continue;
          if (def.pending(botState(spec(log.slice(0, i + 1)))).step !== pending.step) continue;
          const me = b.seat;
          const first = hintFor(small, botInputFromLog(before, me, 'decision'));
          // Pressed again: the same.
          expect(hintFor(small, botInputFromLog(before, me, 'decision'))).toEqual(first);
          // A rival voted in between: the same.
          expect(hintFor(small, botInputFromLog(spec(log.slice(0, i + 1)), me, 'decision'))).toEqual(first);
          // The seat itself voted (the advised card, or another): the same.
          for (const vote of def.legalActions(botState(spec(log.slice(0, i + 1))), me) as { type: string }[]) {
            if (vote.type !== 'vote') continue;
            const mine = spec([...log.slice(0, i + 1), { seat: me, action: vote }]);
            if (def.pending(botState(mine)).step !== pending.step) continue;
            // The seat's input now differs (its own vote shows in its view): the advice is not drawn from it.
            expect(botInputFromLog(mine, me)).not.toEqual(botInputFromLog(mine, me, 'decision'));
            expect(hintFor(small, botInputFromLog(mine, me, 'decision'))).toEqual(first);
          }
          return;
        }
      }
      throw new Error(`no ${game} vote with two voters found`);
    });
  }

  it("NOIR: an Inspector's arrest of a suspect still possible says how many are left for the Killer (1 in n), in both languages", async () => {
    let arrests = 0;
    for (const { input } of await positions(4, 40, 1, allConfigs().filter((c) => c.game === 'noir'))) {
      const kit = botKit('noir');
      const k = kit.know(input);
      const view = input.view as { role: string };
      if (view.role !== 'inspector') continue;
      for (const action of definitionOf('noir').legalActions(kit.determinize(k, Rng.seeded(1)), input.seat) as { type: string }[]) {
        const reason = kit.explain!(k, action);
        if (action.type !== 'arrest' || reason?.key !== 'arrestChance') continue;
        arrests++;
        const count = Number(reason.args![0]);
        expect(count).toBeGreaterThanOrEqual(1);
        expect(noirTexts.en.hintReasons.arrestChance(count)).toContain(`1 in ${count}`);
        expect(noirTexts.es.hintReasons.arrestChance(count)).toContain(`1 probabilidad entre ${count}`);
      }
    }
    expect(arrests).toBeGreaterThan(0);
  });
});

describe("the 💡 Hint's note (README \"AI players\")", () => {
  it('never quotes a runner-up higher than the advised move: a rival that scored more on fewer simulations is named without its number', () => {
    // A real NOIR position and its real advice, with the root statistics of the fresh-clone trial's case:
    // the search advises the move it tried most (57 %), a rival scored 58 % on fewer simulations.
    const found = all.find((p) => p.config.game === 'noir' && definitionOf('noir').legalActions(p.state, p.input.seat).length > 2)!;
    const def = definitionOf('noir');
    const hint = hintFor(small, found.input);
    const rival = def.legalActions(found.state, found.input.seat).find((a: unknown) => def.encodeAction(a) !== hint.best.code)!;
    const advice = (rate: number): Advice => ({
      ...hint,
      best: { ...hint.best, estimate: 0.57, visits: 40 },
      next: { action: rival, code: def.encodeAction(rival) as string, estimate: rate, visits: 12, reason: null },
      choices: Math.max(hint.choices, 2),
    });
    const [higherEn, higherEs] = noteAgrees('noir', found.state, found.config.seats, found.input.seat, advice(0.58));
    expect(higherEn).toContain('about 57 % to win (**');
    expect(higherEn).toContain('** looks about as good).');
    expect(higherEn).not.toContain('58');
    expect(higherEs).toContain('** parece casi igual de buena).');
    expect(higherEs).not.toContain('58');
    // A runner-up that scored less (or the same, as read) keeps its number.
    const [lowerEn, lowerEs] = noteAgrees('noir', found.state, found.config.seats, found.input.seat, advice(0.55));
    expect(lowerEn).toMatch(/about 57 % to win \(next best, \*\*.+\*\*: 55 %\)\./);
    expect(lowerEs).toMatch(/un 57 % de ganar \(la siguiente mejor, \*\*.+\*\*: 55 %\)\./);
    expect(noteAgrees('noir', found.state, found.config.seats, found.input.seat, advice(0.574))[0]).toMatch(/: 57 %\)\./);
  });
});

/** The state after replaying `spec`'s log (through a fresh replay: the seat's view and the pending decision). */
function botState(spec: Parameters<typeof botInputFromLog>[0]): unknown {
  let state = spec.definition.setup(spec.options, spec.seats, spec.seed, spec.setupMeta);
  for (const entry of spec.log) {
    const r = spec.definition.apply(state, entry.seat, entry.action);
    if (!r.ok) throw new Error(`replay refused ${JSON.stringify(entry)}`);
    state = r.state;
  }
  return state;
}
