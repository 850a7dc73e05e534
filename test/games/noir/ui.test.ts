/** Renderers: payload limits, exactly the legal actions, phone-sized grid, log lines, help, module. */
import { describe, expect, it } from 'vitest';
import { noirModule } from '../../../src/games/noir/index.js';
import { noirDefinition as d } from '../../../src/games/noir/engine.js';
import { noirUi as ui } from '../../../src/games/noir/ui.js';
import { MODES, noirOptionsSchema, type NoirError, type NoirErrorCode, type NoirState } from '../../../src/games/noir/rules.js';
import type { GameEvent } from '../../../src/games/engine.js';
import { en } from '../../../src/i18n/en/index.js';
import { es } from '../../../src/i18n/es/index.js';
import { componentIds, fakeRenderContext, expectComponentLimits } from '../../support/render-context.js';
import { playRandomGame } from '../../support/random-play.js';
import { INSPECTOR, KILLER, act, makeState } from './helpers.js';
import { noirTexts } from '../../../src/games/noir/text/index.js';

const ctx = fakeRenderContext(2);
const actionFromId = (id: string) => id.slice('rh1:g:7:1:'.length);

/** Random states in every phase, with their events. */
function sampleStates(): { state: NoirState; events: GameEvent[] }[] {
  const out: { state: NoirState; events: GameEvent[] }[] = [];
  for (let i = 0; i < 12; i++) {
    playRandomGame(d, {
      seats: 2,
      seed: i * 31,
      playSeed: i,
      options: { mode: MODES[i % 3] },
      onState: (state: NoirState, events) => out.push({ state, events }),
    });
  }
  return out;
}
const samples = sampleStates();


describe('board', () => {
  it('fits the limits, carries no buttons, a one-line status', () => {
    for (const { state } of samples) {
      const b = ui.board(d.publicView(state), ctx);
      expect(b.rows).toEqual([]);
      expect(b.status).not.toContain('\n');
      expect(b.body.length).toBeLessThanOrEqual(3000);
      expect(b.body).not.toContain('undefined');
      expect(b.body).not.toContain('NaN');
    }
  });
  it('the grid is a code block at most 36 characters wide, with row and column labels', () => {
    for (const { state } of samples.slice(0, 50)) {
      const body = ui.board(d.publicView(state), ctx).body;
      const block = body.split('```')[1]!.trim().split('\n');
      for (const line of block) expect([...line].length).toBeLessThanOrEqual(36);
      expect(block[0]!.trim().startsWith('A')).toBe(true);
      expect(block.slice(1).map((l) => l[0])).toEqual(state.grid.map((_, i) => String(i + 1)));
    }
  });
  it('alive, dead and marked suspects look different', () => {
    const s = makeState({ dead: [1], markers: [2] });
    const body = ui.board(d.publicView(s), ctx).body;
    expect(body).toContain(' ADA ');
    expect(body).toContain('-bra-');
    expect(body).toContain('+COR+');
  });
  it('shows deaths vs the target, deck size, the last shift and what is blocked', () => {
    const { state } = act(makeState(), KILLER, { type: 'shift', axis: 'row', index: 2, dir: 1 });
    const body = ui.board(d.publicView(state), ctx).body;
    expect(body).toContain('0/16');
    expect(body).toContain(`Deck **${state.deck.length}**`);
    expect(body).toContain('Row 3 →');
    expect(body).toContain('Row 3 ←');
    expect(ui.board(d.publicView(state), ctx).status).toContain('Ben');
  });
  it('lists arrest results and canvas answers', () => {
    const s = makeState({ options: { mode: 'standard' }, turn: 'inspector', deck: [7, 1], killer: 6 });
    const { state: s1 } = act(s, INSPECTOR, { type: 'arrest', suspect: 1 });
    const s2 = { ...s1, turn: 'inspector' as const };
    const { state: s3 } = act(s2, INSPECTOR, { type: 'exonerate' });
    const { state: s4 } = act(s3, INSPECTOR, { type: 'discard', suspect: 7 });
    const body = ui.board(d.publicView(s4), ctx).body;
    expect(body).toContain('BRA ✗');
    expect(body).toContain('Killer next to: HUG yes');
  });
  it('marks the winner and reveals both identities at the end', () => {
    const { state } = act(makeState({ killer: 6, turn: 'inspector' }), INSPECTOR, { type: 'arrest', suspect: 6 });
    const b = ui.board(d.publicView(state), ctx);
    expect(b.status).toContain('🏆');
    expect(b.body).toContain('🏆 🕵️ Ben');
    expect(b.body).toContain('Gus (GUS)');
    expect(b.body).toContain('Ada (ADA)');
  });
  it('marks away seats', () => {
    const away = fakeRenderContext(2);
    away.seats[1]!.away = true;
    expect(ui.board(d.publicView(makeState()), away).body).toContain('💤 🕵️ Ben');
  });
});

describe('panel', () => {
  it('holds exactly the legal actions, each once, within the limits', () => {
    for (const { state } of samples) {
      for (const seat of [KILLER, INSPECTOR]) {
        const legal = d.legalActions(state, seat);
        const p = ui.panel(d.seatView(state, seat), legal, ctx);
        expectComponentLimits(p.rows, 4);
        expect(p.body.length).toBeLessThanOrEqual(3000);
        expect(p.body).not.toContain('undefined');
        const { customIds, values } = componentIds(p.rows);
        const codes = [...customIds.filter((id) => id.startsWith('rh1:g:')).map(actionFromId), ...values];
        expect(codes.map((c) => d.decodeAction(c))).toEqual(expect.arrayContaining(legal));
        expect(codes).toHaveLength(legal.length);
        expect(new Set(codes).size).toBe(codes.length);
      }
    }
  });
  it('Killer: identity, shift / kill selects and the Disguise button', () => {
    const s = makeState();
    const p = ui.panel(d.seatView(s, KILLER), d.legalActions(s, KILLER), ctx);
    expect(p.body).toContain('Mil');
    expect(p.body).toContain('[MIL]');
    const kinds = p.rows.map((r) => (r.components[0] as any).custom_id ?? '');
    expect(kinds[0]).toContain(':shift');
    expect(kinds[1]).toContain(':kill');
    expect(JSON.stringify(p.rows)).toContain('Disguise');
    expect(JSON.stringify(p.rows)).toContain('Shift Row 3 →');
    expect(JSON.stringify(p.rows)).toContain('Shift Column B ↑');
  });
  it('Killer with every neighbour dead and an empty deck: the prompt offers only a shift (en, es)', () => {
    const s = makeState({ dead: [6, 7, 8, 11, 13, 16, 17, 18], deck: [] });
    const legal = d.legalActions(s, KILLER);
    expect(legal.every((a) => a.type === 'shift')).toBe(true);
    const english = ui.panel(d.seatView(s, KILLER), legal, ctx).body;
    expect(english).toMatch(/▶ Your turn: shift a row or column\. \(No living suspect is next to \S+: no kill this turn\.\)/);
    expect(english).not.toMatch(/kill a suspect next to|or disguise/);
    const spanish = ui.panel(d.seatView(s, KILLER), legal, fakeRenderContext(2, { t: es })).body;
    expect(spanish).toMatch(/▶ Tu turno: desplaza una fila o columna\. \(No hay ningún sospechoso vivo al lado de \S+: este turno no puedes matar\)\./);
    expect(spanish).not.toMatch(/mata a un sospechoso al lado de|disfrázate/);
    // With a living neighbour and cards in the deck, all three moves are named.
    const full = makeState();
    expect(ui.panel(d.seatView(full, KILLER), d.legalActions(full, KILLER), ctx).body).toMatch(/▶ Your turn: shift a row or column, kill a suspect next to \S+, or disguise\./);
  });

  it('Inspector: identity, evidence hand, arrest (self as bluff), exonerate, citizen’s arrest', () => {
    const s = makeState({ options: { mode: 'citizens-arrest' }, turn: 'inspector' });
    const p = ui.panel(d.seatView(s, INSPECTOR), d.legalActions(s, INSPECTOR), ctx);
    expect(p.body).toContain('Ada (ADA)');
    expect(p.body).toContain('Ugo (UGO)');
    expect(p.body).toContain('(UGO)');
    const rows = JSON.stringify(p.rows);
    expect(rows).toContain('yourself');
    expect(rows).toContain('Exonerate');
    expect(rows).toContain('Discard Ugo → arrest');
    expect(p.rows).toHaveLength(4);
  });
  it('the opponent sees no action and is told whom they wait for', () => {
    const s = makeState();
    const p = ui.panel(d.seatView(s, INSPECTOR), d.legalActions(s, INSPECTOR), ctx);
    expect(p.rows).toEqual([]);
    expect(p.body).toContain('Waiting for Ana');
  });
  it('discard step: one button per hand card, the new one labelled', () => {
    const { state } = act(makeState({ turn: 'inspector', deck: [7] }), INSPECTOR, { type: 'exonerate' });
    const p = ui.panel(d.seatView(state, INSPECTOR), d.legalActions(state, INSPECTOR), ctx);
    expect(p.rows).toHaveLength(1);
    expect(p.rows[0]!.components).toHaveLength(4);
    expect(JSON.stringify(p.rows)).toContain('Discard Hugo (HUG) (new)');
    expect(p.body).toContain('You drew **Hugo (HUG)**');
  });
});

describe('log, errors, help, module', () => {
  it('every event of random games gets one non-empty sentence', () => {
    const types = new Set<string>();
    for (const { events } of samples) {
      for (const e of events) {
        const line = ui.describeEvent(e, ctx, e.to ? e.to[0]! : null);
        expect(line, JSON.stringify(e)).toBeTruthy();
        expect(line).not.toContain('undefined');
        types.add(e.type);
      }
    }
    expect([...types].sort()).toEqual(
      expect.arrayContaining(['arrest', 'canvas', 'collapse', 'disguise', 'disguiseDraw', 'drew', 'exonerate', 'exonerateDraw', 'gameOver', 'identity', 'identityChosen', 'kill', 'shift']),
    );
  });
  it('every refusal code has its own sentence', () => {
    const codes = ['game-over', 'not-seated', 'not-your-turn', 'must-kill-first', 'choose-identity-first', 'discard-first', 'wrong-phase', 'bad-shift', 'no-undo', 'not-adjacent', 'not-alive', 'not-choosable', 'not-in-hand', 'deck-empty', 'mode', 'not-on-grid', 'malformed'] satisfies NoirErrorCode[];
    for (const code of codes) {
      expect(ui.describeError({ code } as NoirError, en)).not.toBe(noirTexts.en.errors.unknown);
    }
    expect(ui.describeError({ code: 'weird' } as unknown as NoirError, en)).toBe(noirTexts.en.errors.unknown);
  });
  it('rules help shows the table’s values', () => {
    const help = ui.rulesHelp(noirOptionsSchema.parse({ mode: 'citizens-arrest', killTarget: 14, turnSeconds: 90 }), en);
    expect(help).toContain('14');
    expect(help).toContain('90 s');
    expect(help).toContain("Citizen's Arrest");
    expect(help).toContain('200 turns');
    const classic = ui.rulesHelp(noirOptionsSchema.parse({ mode: 'classic', disguiseKillsOldIdentity: false }), en);
    expect(classic).toContain('stays alive');
    expect(classic).not.toContain("Citizen's arrest.");
    expect(ui.optionsSummary(noirOptionsSchema.parse({}), en)).toContain('Standard mode');
  });
  it('module: command noir, four /noir new options mapped onto the schema', () => {
    expect(noirModule).toMatchObject({ id: 'noir', command: 'noir', emoji: '🔪' });
    expect(noirModule.title(en)).toBe('NOIR: Killer vs. Inspector');
    expect(noirModule.newOptions.map((o) => [o.name, o.optionKey])).toEqual([
      ['mode', 'mode'],
      ['kill-target', 'killTarget'],
      ['killer', 'killer'],
      ['turn-timer', 'turnSeconds'],
    ]);
    const keys = Object.keys(noirOptionsSchema.shape);
    for (const o of noirModule.newOptions) {
      expect(keys).toContain(o.optionKey);
      expect(o.name).toMatch(/^[a-z0-9-]{1,32}$/);
      for (const t of [en, es]) expect(o.description(t).length).toBeLessThanOrEqual(100);
      for (const c of o.choices ?? []) expect(noirOptionsSchema.safeParse({ [o.optionKey]: c.value }).success).toBe(true);
    }
    for (const t of [en, es]) expect(noirModule.description(t).length).toBeLessThanOrEqual(100);
  });
});
