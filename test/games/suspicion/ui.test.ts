/**
 * Suspicion renderers, action codes and module (docs/discord.md; docs/rules/suspicion.md §1.13): board and
 * panel contents in precise positions, log lines, error answers, rules help, codec round trips.
 */
import { describe, expect, it } from 'vitest';
import { suspicionModule } from '../../../src/games/suspicion/index.js';
import { VARIANTS, optionsSchema, type SuspicionAction, type SuspicionError, type SuspicionErrorCode } from '../../../src/games/suspicion/rules.js';
import { suspicionUi as ui } from '../../../src/games/suspicion/ui.js';
import { en } from '../../../src/i18n/en/index.js';
import { es } from '../../../src/i18n/es/index.js';
import { playRandomGame } from '../../support/random-play.js';
import { componentIds, fakeRenderContext } from '../../support/render-context.js';
import { act, arrange, def, run } from './helpers.js';

const PREFIX = 'rh1:g:7:1:';
const labels = (rows: any[]) => rows.flatMap((r) => r.components.map((c: any) => c.label ?? c.placeholder));
const codes = (rows: any[]) => {
  const { customIds, values } = componentIds(rows);
  return [...customIds.filter((c) => c.startsWith(PREFIX)).map((c) => c.slice(PREFIX.length)), ...values];
};

describe('board', () => {
  it('status line, one line per detective with marks, hand sizes, piles', () => {
    const s = arrange(3, { slots: { 0: ['red1', { card: 'wild1', protected: true }, null] }, blocked: { 2: 'block1' }, skip: [1], discard: ['pinkx1'] });
    const ctx = fakeRenderContext(3);
    ctx.seats[1]!.away = true;
    const b = ui.board(def.publicView(s), ctx);
    expect(b.status).toBe("Round 1/60 · ▶ Ana's turn");
    const lines = b.body.split('\n');
    expect(lines[0]).toMatch(/^▶ \*\*Ana\*\* ✋3 — LEFT 🟥 red ✅ · RIGHT 🟦 blue ✅🃏🛡 · BOTTOM 🩷 pink ▫️$/);
    expect(lines[1]).toMatch(/^💤 \*\*Ben\*\* ✋3 ⏭ skips next turn — /); // the 💤 mark is not repeated as a flag
    expect(lines[2]).toMatch(/^⛔ \*\*Cleo\*\* ✋3 ⛔ blocked — can't react — /);
    expect(b.body).toContain('🗑 Discard 1 (top: 🩷 pink ⇄)');
    expect(b.rows).toEqual([]);
  });

  it('counter race: live "Counter!" and "No counter" buttons, the same for everyone', () => {
    const s = act(arrange(3, { hands: { 0: ['red1', 'blue1', 'pink1'] } }), 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    const b = ui.board(def.publicView(s), fakeRenderContext(3));
    expect(labels(b.rows)).toEqual(['Counter!', 'No counter']);
    expect(codes(b.rows)).toEqual(['co', 'pa']);
    expect(b.status).toContain('Counter window');
    expect(b.body).toMatch(/⏳ \*\*Ben\*\*/);
    expect(b.body).toMatch(/LEFT 🟥 red ✅⏳/);
  });

  it('counter-back and cancel windows: board buttons for the one who may answer', () => {
    const s0 = arrange(2, { hands: { 0: ['red1', 'blue1', 'pink1'], 1: ['redx1', 'green1', 'green2'] } });
    const s1 = run(s0, [
      [0, { type: 'place', card: 'red1', suspect: 0 }],
      [1, { type: 'counter' }],
    ]);
    expect(labels(ui.board(def.publicView(s1), fakeRenderContext(2)).rows)).toEqual(['Counter back!', 'Let the counter stand']);
    const s2 = act(arrange(2, { hands: { 0: ['burn1', 'red1', 'red2'] }, slots: { 1: ['orange1', null, null] } }), 0, { type: 'burn', card: 'burn1', target: 1 }).state;
    const b2 = ui.board(def.publicView(s2), fakeRenderContext(2));
    expect(labels(b2.rows)).toEqual(['Cancel with your 🔥 Burn', 'Let it happen']);
    expect(codes(b2.rows)).toEqual(['ca', 'al']);
  });

  it('vote: Believe / Bluff buttons and how many have voted — never who voted what', () => {
    const s0 = arrange(4, { hands: { 0: ['orange1', 'green1', 'green2'] }, slots: { 0: ['red1', 'blue1', null] } });
    const s = run(s0, [
      [0, { type: 'declare', card: 'orange1', suspect: 0 }],
      [2, { type: 'vote', verdict: 'bluff' }],
    ]);
    const b = ui.board(def.publicView(s), fakeRenderContext(4));
    expect(codes(b.rows)).toEqual(['vo:believe', 'vo:bluff']);
    expect(b.status).toContain('(1/3 voted)');
    expect(b.body).toContain('1 of 3 have voted');
    expect(b.body).toContain('🂠 face down');
    expect(JSON.stringify(b)).not.toMatch(/orange1|🟧 orange ✅/);
    expect(JSON.stringify(def.publicView(s))).not.toContain('bluff');
  });

  it('game over: the reveal and the winner', () => {
    const s0 = arrange(2, { hands: { 0: ['orange1', 'green1', 'green2'] }, slots: { 0: ['red1', 'blue1', null] } });
    const s = run(s0, [
      [0, { type: 'declare', card: 'orange1', suspect: 0 }],
      [1, { type: 'vote', verdict: 'believe' }],
    ]);
    const b = ui.board(def.publicView(s), fakeRenderContext(2));
    expect(b.status).toBe('🏆 Ana wins!');
    expect(b.body).toMatch(/^🏆 \*\*Ana\*\*/m);
    expect(b.body).toContain('the card was 🟧 orange');
  });

  it('house rules are labelled on the board; Arrest Race shows a Draw button and no hand sizes', () => {
    const s = arrange(2, { variant: 'arrest-race' });
    const b = ui.board(def.publicView(s), fakeRenderContext(2));
    expect(b.body).toContain('🏠 House rules: Arrest Race');
    expect(b.body).not.toContain('✋');
    expect(codes(b.rows)).toEqual(['dr']);
  });
});

describe('panel', () => {
  it('shows the three cards with ⇄, the suspect, then exactly the legal actions', () => {
    const s = arrange(2, { hands: { 0: ['redx1', 'burn1', 'wild1'] } });
    const legal = def.legalActions(s, 0);
    const p = ui.panel(def.seatView(s, 0), legal, fakeRenderContext(2));
    expect(p.body).toContain('**Your hand:** 🟥 red ⇄ · 🔥 Burn · 🃏 Wild');
    expect(p.body).toContain('**Your suspect:** LEFT 🟥 red ▫️');
    expect(p.body).toContain('▶ Your turn');
    expect(codes(p.rows).sort()).toEqual(legal.map((a) => def.encodeAction(a)).sort());
    expect(labels(p.rows)).toContain('Place 🟥 red ⇄ evidence');
    expect(labels(p.rows)).toContain('Burn Ben\'s evidence');
    expect(labels(p.rows)).toContain('Play 🃏 Wild as 🟦 blue (RIGHT)');
  });

  it('more than five choices for one card become a select', () => {
    const s = arrange(6, { variant: 'criminal', hands: { 0: ['wild1', 'red1', 'red2'] } });
    const legal = def.legalActions(s, 0);
    const p = ui.panel(def.seatView(s, 0), legal, fakeRenderContext(6));
    const select = p.rows[0]!.components[0] as any;
    expect(select.type).toBe(3);
    expect(select.custom_id).toBe('rh1:s:7:1:c0');
    expect(select.options.length).toBe(legal.filter((a) => 'card' in a && a.card === 'wild1').length);
    expect(select.options[0].label).toMatch(/^Play 🃏 Wild as .+ on Ben's suspect$/);
  });

  it('race panel: a rival without a counter card sees only "No counter"; one with it sees "Counter with 🟥 red ⇄"', () => {
    const s0 = arrange(3, { hands: { 0: ['red1', 'blue1', 'pink1'], 2: ['redx1', 'green1', 'green2'] } });
    const s = act(s0, 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    const ctx = fakeRenderContext(3);
    const p1 = ui.panel(def.seatView(s, 1), def.legalActions(s, 1), ctx);
    expect(labels(p1.rows)).toEqual(['No counter']);
    expect(p1.body).toContain('You hold no 🟥 red ⇄ counter card');
    const p2 = ui.panel(def.seatView(s, 2), def.legalActions(s, 2), ctx);
    expect(labels(p2.rows)).toEqual(['Counter with 🟥 red ⇄', 'No counter']);
    const p0 = ui.panel(def.seatView(s, 0), def.legalActions(s, 0), ctx);
    expect(p0.rows).toEqual([]);
    expect(p0.body).toContain('waiting for counters');
  });

  it('vote panel marks the own vote; the declarer sees their own face-down card', () => {
    const s0 = arrange(3, { hands: { 0: ['orange1', 'green1', 'green2'] }, slots: { 0: ['red1', 'blue1', null] } });
    const s = run(s0, [
      [0, { type: 'declare', card: 'orange1', suspect: 0 }],
      [1, { type: 'vote', verdict: 'bluff' }],
    ]);
    const ctx = fakeRenderContext(3);
    const p1 = ui.panel(def.seatView(s, 1), def.legalActions(s, 1), ctx);
    expect(labels(p1.rows)).toEqual(['Believe (it is 🩷 pink)', '✓ Bluff!', 'Abstain']);
    expect(p1.body).toContain('Your vote: **Bluff**');
    const p0 = ui.panel(def.seatView(s, 0), def.legalActions(s, 0), ctx);
    expect(p0.body).toContain('Your face-down 🟧 orange claims 🩷 pink');
    const p2 = ui.panel(def.seatView(s, 2), def.legalActions(s, 2), ctx);
    expect(p2.body).not.toContain('orange');
    expect(p2.body).toContain('You have not voted yet');
  });
});

describe('log lines, errors, stale clicks', () => {
  it('the vote-change invitation is drawn only while the vote is open, not in the log or the closing click\'s confirmation (§1.9)', () => {
    const s0 = arrange(3, { hands: { 0: ['orange1', 'green1', 'green2'] }, slots: { 0: ['red1', 'blue1', null] } });
    const s1 = run(s0, [
      [0, { type: 'declare', card: 'orange1', suspect: 0 }],
      [1, { type: 'vote', verdict: 'bluff' }],
    ]);
    // Open: the panel invites a change.
    expect(ui.panel(def.seatView(s1, 1), def.legalActions(s1, 1), fakeRenderContext(3)).body).toContain('you may change it until everyone has voted');
    // The last vote closes it: its confirmation / log line (read on the panel afterwards, even of a finished game) states the fact only.
    const { state: s2, events } = act(s1, 2, { type: 'vote', verdict: 'believe' });
    const recorded = events.find((e) => e.type === 'voteRecorded')!;
    for (const t of [en, es]) {
      const ctx = fakeRenderContext(3, { t });
      const line = ui.describeEvent(recorded, ctx, 2)!;
      expect(line).toBe(t === en ? 'You chose: Believe.' : 'Elegiste: Creer.');
      expect(ui.panel(def.seatView(s2, 2), def.legalActions(s2, 2), ctx).body).not.toMatch(/change it|cambiarlo/);
    }
  });

  it('describes events in plain sentences, private ones for their recipient', () => {
    const ctx = fakeRenderContext(3);
    const s0 = arrange(3, { hands: { 0: ['red1', 'blue1', 'pink1'], 1: ['redx1', 'green1', 'green2'] } });
    const { state: s1, events: e1 } = act(s0, 0, { type: 'place', card: 'red1', suspect: 0 });
    expect(e1.map((e) => ui.describeEvent(e, ctx, null))).toEqual(['Ana placed 🟥 red evidence on LEFT.']);
    const { events: e2 } = act(s1, 1, { type: 'counter' });
    const lines = e2.map((e) => ui.describeEvent(e, ctx, e.to ? e.to[0]! : null));
    expect(lines[0]).toBe("Ben countered Ana's 🟥 red evidence.");
    expect(lines[1]).toMatch(/^You drew /);
  });

  it('every refusal code has a plain-language answer', () => {
    const codesList = [
      'game-over', 'malformed', 'not-seated', 'not-now', 'not-your-turn', 'card-not-in-hand', 'not-in-variant', 'wrong-card',
      'own-suspect', 'not-your-suspect', 'colour-not-on-suspect', 'slot-taken', 'slot-empty', 'face-up-limit', 'not-a-rival',
      'already-blocked', 'choose-evidence', 'no-wild-there', 'declare-needs-two', 'must-act', 'window-closed', 'own-placement',
      'already-passed', 'no-counter-card', 'not-your-window', 'no-cancel-card', 'no-vote', 'not-a-voter', 'illegal-action', 'blocked',
    ] satisfies SuspicionErrorCode[];
    for (const code of codesList) {
      const msg = ui.describeError({ code, params: { colour: 'red', limit: 2, attack: 'burn' } } as SuspicionError, en);
      expect(msg.length).toBeGreaterThan(5);
      expect(msg).not.toMatch(/undefined|\[object/);
    }
    expect(ui.describeError({ code: 'no-counter-card', params: { colour: 'red' } }, en)).toBe('You hold no 🟥 red ⇄ counter card (a Wild cannot counter).');
  });

  it('a late counter click: too late, you keep your card', () => {
    expect(ui.staleNote!({ type: 'counter' }, en)).toMatch(/Too late.*keep your card/);
    expect(ui.staleNote!({ type: 'discard', card: 'red1' }, en)).toBeNull();
  });
});

describe('rules help and options', () => {
  it('rules help shows the table values and the variant (house rules labelled)', () => {
    const o = optionsSchema.parse({ reactionSeconds: 15, voteSeconds: 45, turnSeconds: 90, tieRule: 'coin-flip' });
    const help = ui.rulesHelp(o, en);
    expect(help).toContain('15 s');
    expect(help).toContain('45 s');
    expect(help).toContain('90 s');
    expect(help).toContain('coin flip');
    expect(help).toContain('60 rounds');
    for (const variant of VARIANTS) {
      const text = ui.rulesHelp(optionsSchema.parse({ variant }), en);
      expect(text.length).toBeLessThanOrEqual(3000);
      if (variant !== 'classic') expect(text).toContain('(house rules)');
    }
    expect(ui.rulesHelp(optionsSchema.parse({ variant: 'criminal' }), en)).toContain('owner included');
  });

  it("a blocked player's panel says they cannot react; the rules help says so too (§1.8)", () => {
    const s0 = arrange(4, { hands: { 0: ['red1', 'blue1', 'pink1'], 2: ['redx1', 'yellow1', 'yellow2'] }, blocked: { 2: 'block1' } });
    const s1 = act(s0, 0, { type: 'place', card: 'red1', suspect: 0 }).state;
    const ctx = fakeRenderContext(4);
    const panel = ui.panel(def.seatView(s1, 2), def.legalActions(s1, 2), ctx);
    expect(panel.body).toContain("You are blocked: you can't counter");
    expect(panel.rows).toEqual([]);
    const board = ui.board(def.publicView(s1), ctx).body;
    expect(board).toMatch(/Still deciding: Ben, Dev\./);
    expect(board).toMatch(/⛔ \*\*Cleo\*\* ✋3 ⛔ blocked — can't react/);
    expect(ui.rulesHelp(optionsSchema.parse({}), en)).toMatch(/Blocked players cannot counter, counter back or cancel/);
  });

  it('options summary', () => {
    expect(ui.optionsSummary(optionsSchema.parse({}), en)).toBe(
      'Variant: Classic · turn 120 s · counter window 10 s · vote 60 s · tie: the voter left of the declarer decides',
    );
    expect(ui.optionsSummary(optionsSchema.parse({ variant: 'criminal' }), en)).toContain('Criminal Edition (house rules)');
  });

  it('module: command, title, emoji, slash options', () => {
    expect(suspicionModule).toMatchObject({ id: 'suspicion', command: 'suspicion', emoji: '🔎' });
    expect(suspicionModule.title(en)).toBe('Suspicion');
    expect(suspicionModule.newOptions.map((o) => [o.name, o.optionKey])).toEqual([
      ['variant', 'variant'],
      ['turn-timer', 'turnSeconds'],
      ['counter-window', 'reactionSeconds'],
      ['vote-timer', 'voteSeconds'],
    ]);
    expect(suspicionModule.rulesOptions!.map((o) => o.name)).toEqual(['variant']);
    expect(suspicionModule.newOptions[0]!.choices!.map((c) => c.value)).toEqual([...VARIANTS]);
    for (const o of suspicionModule.newOptions) for (const t of [en, es]) expect(o.description(t).length).toBeLessThanOrEqual(100);
    for (const t of [en, es]) expect(suspicionModule.description(t).length).toBeLessThanOrEqual(100);
    for (const o of suspicionModule.newOptions) if (o.type === 'integer') expect(() => def.optionsSchema.parse({ [o.optionKey]: o.min })).not.toThrow();
  });
});

describe('action codes', () => {
  it('every action type round-trips; codes are short and use the allowed characters', () => {
    const seen = new Map<string, SuspicionAction>();
    for (const variant of VARIANTS) {
      for (let i = 0; i < 40; i++) {
        playRandomGame(def, {
          seats: 2 + (i % 5),
          seed: i,
          playSeed: i * 31,
          options: { variant },
          onState: (state) => {
            for (let seat = 0; seat < state.seats; seat++) {
              for (const a of def.legalActions(state, seat)) {
                const key = a.type === 'tamper' && a.slot === undefined ? 'tamper-wasted' : a.type;
                if (!seen.has(key)) seen.set(key, a);
              }
            }
          },
        });
      }
    }
    expect([...seen.keys()].sort()).toEqual(
      ['abstain', 'accept', 'allow', 'block', 'burn', 'cancel', 'counter', 'counterBack', 'declare', 'discard', 'draw', 'pass', 'place', 'recolour', 'tamper', 'tamper-wasted', 'vote', 'wild'].sort(),
    );
    for (const a of seen.values()) {
      const code = def.encodeAction(a);
      expect(code.length).toBeLessThanOrEqual(70);
      expect(code).toMatch(/^[A-Za-z0-9._:,-]+$/);
      expect(def.decodeAction(code)).toEqual(a);
    }
  });

  it('malformed codes decode to null', () => {
    for (const bad of ['', 'xx', 'pl', 'pl:red1', 'pl:red1:9', 'pl:RED1:0', 'wi:wild1:0:3', 'vo:maybe', 'co:1', 'ta:tamper1:1:2:3', 'rc:0:1', 'pl:red1:0:extra', 'di:red1;drop', 'a'.repeat(80)]) {
      expect(def.decodeAction(bad), bad).toBeNull();
    }
  });
});

describe('log lines for specials and the vote', () => {
  it('Tamper, Burn, Block, cancel, declaration and reveal read as plain sentences', () => {
    const ctx = fakeRenderContext(3);
    const line = (es: { type: string; to?: number[] }[]) => es.filter((e) => !e.to).map((e) => ui.describeEvent(e as any, ctx, null));
    const s0 = arrange(3, { hands: { 0: ['tamper1', 'red1', 'red2'], 1: ['tamper2', 'green1', 'green2'] }, slots: { 1: ['orange1', null, null] } });
    const a = act(s0, 0, { type: 'tamper', card: 'tamper1', target: 1, slot: 0 });
    expect(line(a.events)).toEqual(["Ana played 🪛 Tamper on Ben's 🟧 orange (LEFT) evidence."]);
    expect(line(act(a.state, 1, { type: 'cancel' }).events)).toEqual(["Ben cancelled Ana's 🪛 Tamper with their own."]);
    const d0 = arrange(3, { hands: { 0: ['orange1', 'green1', 'green2'] }, slots: { 0: ['red1', 'blue1', null] } });
    const d1 = act(d0, 0, { type: 'declare', card: 'orange1', suspect: 0 });
    expect(line(d1.events)).toEqual(['Ana puts a card face down on BOTTOM and declares it is 🩷 pink. Vote now!']);
    const d2 = run(d1.state, [[1, { type: 'vote', verdict: 'bluff' }]]);
    const d3 = act(d2, 2, { type: 'vote', verdict: 'bluff' });
    expect(line(d3.events)[0]).toBe(
      'The card was 🟧 orange (Ana claimed 🩷 pink). Verdict: Bluff (believe 0 – bluff 2). The detectives judged right: Ana misses the next turn.',
    );
  });
});
