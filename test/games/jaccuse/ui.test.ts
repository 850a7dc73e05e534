/** Renderers: board, panel, log lines, errors, help; payload limits; module options. */
import { describe, expect, it } from 'vitest';
import { jaccuseModule } from '../../../src/games/jaccuse/index.js';
import { jaccuseUi as ui } from '../../../src/games/jaccuse/ui.js';
import { jaccuseOptionsSchema, type JaccuseAction, type JaccuseError, type JaccuseErrorCode } from '../../../src/games/jaccuse/rules.js';
import { en } from '../../../src/i18n/en/index.js';
import { es } from '../../../src/i18n/es/index.js';
import { eventVisibleTo, type GameEvent } from '../../../src/games/engine.js';
import { fakeRenderContext } from '../../support/render-context.js';
import { playRandomGame } from '../../support/random-play.js';
import { act, def, round, suspect, table } from './helpers.js';
import { checkPanel } from './render-checks.js';
import { jaccuseTexts } from '../../../src/games/jaccuse/text/index.js';

describe('board', () => {
  it('shows every sheet with its exonerations, evidence, used cards, piles and the Inspector', () => {
    let s = table(4, { inspector: 1, characters: ['affair', 'spouse', 'butler', 'heir'] });
    suspect(s, 'rope', 2);
    s.hard[3] = ['debts'];
    const ctx = fakeRenderContext(4);
    const b = ui.board(def.publicView(s), ctx);
    expect(b.rows).toEqual([]);
    expect(b.status).toBe('Round 1 · 🔎 Ben sets the investigation');
    const lines = b.body.split('\n');
    const ana = lines.find((l) => l.includes('**Ana**'))!;
    expect(ana).toContain('The Affair');
    expect(ana).toContain('Money, In the Woods, Knife');
    expect(lines.find((l) => l.includes('**Ben**'))).toMatch(/^▶ \*\*Ben\*\* 🔎/);
    expect(lines.find((l) => l.includes('**Cleo**'))).toContain('🗡️ Rope');
    expect(lines.find((l) => l.includes('**Dev**'))).toContain('🔒 💔 Debts');
    expect(b.body).toContain('Piles: 💔 Motive 8 · 🚪 Opportunity 8 · 🗡️ Weapon 8');
    // Vote phase: count only.
    s = act(s, 1, { type: 'investigate', card: s.investigationHands[1]![0]! }).state;
    s = act(s, 3, { type: 'vote', card: 'across' }).state;
    const v = ui.board(def.publicView(s), ctx);
    expect(v.status).toBe('Round 1 · ⏳ Vote: 1/4 have cast');
    expect(v.body.split('\n').find((l) => l.includes('**Dev**'))).toMatch(/^✅/);
    expect(v.body.split('\n').find((l) => l.includes('**Ana**'))).toMatch(/^⏳/);
    expect(v.body).not.toContain('⬆️');
  });

  it('shows the last reveal with the Inspector’s flourish', () => {
    const s = table(4, { inspector: 0, characters: ['affair', 'spouse', 'butler', 'heir'] });
    suspect(s, 'rope', 2);
    const { state } = round(s, 'w1', ['left', 'left', 'jaccuse', 'right']);
    const b = ui.board(def.publicView(state), fakeRenderContext(4));
    expect(b.body).toContain('**Round 1 reveal** — Ana ⬅️ · Ben ⬅️ · Cleo 🫵 · Dev ➡️ → ⬅️ Left');
    expect(b.body).toContain('“And you, Butler… explain the ROPE!” 🗡️ Rope: Cleo → Dev');
    expect(b.body).toContain('Investigation 🗡️ Weapon');
  });

  it('J’Accuse!: hardening and exoneration lines, the tie is explained', () => {
    const s = table(4, { inspector: 0, characters: ['affair', 'spouse', 'butler', 'heir'] });
    suspect(s, 'rope', 2);
    suspect(s, 'woods', 0); // The Affair is cleared of In the Woods
    s.piles.opportunity = ['study', ...s.piles.opportunity.filter((c) => c !== 'study')];
    s.piles.weapon = ['poker', ...s.piles.weapon.filter((c) => c !== 'poker')];
    const { state } = round(s, 'ow1', ['left', 'left', 'right', 'right']);
    const b = ui.board(def.publicView(state), fakeRenderContext(4)).body;
    expect(b).toContain("→ 🫵 J'Accuse! (tie counts as J’Accuse!)");
    expect(b).toContain('• Ana is exonerated of 🚪 In the Woods — it goes under its pile');
    expect(b).toContain("• “J'accuse, Butler! With the ROPE!” 🗡️ Rope is now 🔒 Hard Evidence against Cleo");
    expect(b).toContain('• Ben receives 🚪 In the Study');
    expect(b).toContain('• Cleo receives 🗡️ Fire Poker');
  });

  it('Across pending: the status names the chooser, the reveal shows the open choice', () => {
    const s = table(5, { inspector: 0 });
    suspect(s, 'rope', 2);
    const { state } = round(s, 'w1', Array(5).fill('across'));
    const b = ui.board(def.publicView(state), fakeRenderContext(5));
    expect(b.status).toBe('Round 1 · ▶ Cleo sends 🗡️ Rope across');
    expect(b.body).toContain('🗡️ Rope: Cleo → … (choice pending)');
  });

  it('announces the arrested player and the evidence that convicted them', () => {
    const s = table(4, { inspector: 0 });
    s.hard[2] = ['debts', 'study'];
    suspect(s, 'shears', 2);
    const { state } = round(s, 'w1', ['jaccuse', 'jaccuse', 'jaccuse', 'left']);
    const b = ui.board(def.publicView(state), fakeRenderContext(4));
    expect(b.status).toBe('Game over · 🚨 Arrested: Cleo');
    expect(b.body).toContain('🚨 Cleo is arrested — convicted by 💔 Debts, 🚪 In the Study, 🗡️ Garden Shears.');
    expect(b.body.split('\n').find((l) => l.includes('**Ana**'))).toMatch(/^🏆/);
  });

  it('marks away seats 💤', () => {
    const s = table(3);
    const ctx = fakeRenderContext(3);
    ctx.seats[2]!.away = true;
    expect(ui.board(def.publicView(s), ctx).body).toMatch(/💤 \*\*Cleo\*\*/);
  });
});

describe('panel', () => {
  it('Inspector: buttons to set each Investigation card; others wait', () => {
    const s = table(4, { inspector: 1 });
    s.investigationHands[1] = ['mo1', 'w2', 'mow1'];
    const p = checkPanel(s, 1);
    expect(p.body).toContain('You are the 🔎 Inspector');
    expect((p.rows[0]!.components as any[]).map((c) => c.label)).toEqual([
      'Set 💔🚪 Motive + Opportunity face down',
      'Set 🗡️ Weapon face down',
      'Set 💔🚪🗡️ Motive + Opportunity + Weapon face down',
    ]);
    const other = checkPanel(s, 0);
    expect(other.rows).toEqual([]);
    expect(other.body).toContain('Waiting for the 🔎 Inspector, Ben');
  });

  it('vote: four buttons, then "switch" buttons and the secret-vote note', () => {
    let s = table(4, { inspector: 0 });
    s = act(s, 0, { type: 'investigate', card: s.investigationHands[0]![0]! }).state;
    let p = checkPanel(s, 2);
    expect((p.rows[0]!.components as any[]).map((c) => c.label)).toEqual(['Cast ⬅️ Left', 'Cast ➡️ Right', 'Cast ⬆️ Across', "Cast 🫵 J'Accuse!"]);
    expect(p.body).toContain('You can change it until then');
    s = act(s, 2, { type: 'vote', card: 'right' }).state;
    p = checkPanel(s, 2);
    expect(p.body).toContain('Your vote: ➡️ Right (secret). You can change it until everyone has cast (1/4 so far).');
    expect((p.rows[0]!.components as any[]).map((c) => c.label)).toEqual(['Switch to ⬅️ Left', 'Switch to ⬆️ Across', "Switch to 🫵 J'Accuse!"]);
    // The Inspector sees the face-down card; another seat's panel does not show seat 2's vote.
    expect(checkPanel(s, 0).body).toContain('Face down under the stand');
    const alt = act(s, 2, { type: 'vote', card: 'jaccuse' }).state;
    for (const seat of [0, 1, 3]) expect(checkPanel(alt, seat)).toEqual(checkPanel(s, seat));
    expect(ui.board(def.publicView(alt), fakeRenderContext(4))).toEqual(ui.board(def.publicView(s), fakeRenderContext(4)));
  });

  it('Across choice: a select of the eligible players', () => {
    const s = table(6, { inspector: 0 });
    suspect(s, 'rope', 1);
    const { state } = round(s, 'w1', Array(6).fill('across'));
    const p = checkPanel(state, 1);
    const opts = (p.rows[0]!.components[0] as any).options.map((o: any) => o.label);
    expect(opts).toEqual(['Send to Dev', 'Send to Eve', 'Send to Finn']);
    expect(p.body).toContain('Send 🗡️ Rope (held by Ben) across');
    expect(checkPanel(state, 0).body).toContain('Waiting for Ben to send 🗡️ Rope across.');
  });

  it('character pick: a select of the free sheets with their exonerations', () => {
    const s = def.setup(jaccuseOptionsSchema.parse({ characters: 'choice' }), 6, 2);
    const seat = (s.inspector + 1) % 6;
    const p = checkPanel(s, seat);
    const select = p.rows[0]!.components[0] as any;
    expect(select.options).toHaveLength(6);
    expect(select.options[0]).toMatchObject({ label: 'The Affair', description: 'Exonerated against Money, In the Woods, Knife' });
  });
});

describe('log, errors, help', () => {
  it('every event of random games has a log line for every viewer who may see it', () => {
    const seen = new Set<string>();
    for (let g = 0; g < 24; g++) {
      const n = 3 + (g % 4);
      const ctx = fakeRenderContext(n);
      playRandomGame(def, {
        seats: n,
        seed: g,
        playSeed: g + 100,
        options: { characters: g % 2 ? 'choice' : 'random', acrossChooser: g % 3 ? 'holder' : 'inspector' },
        timeoutRate: 0.2,
        onState: (_s, events: GameEvent[]) => {
          for (const e of events) {
            seen.add(e.type);
            for (const viewer of [null, ...Array.from({ length: n }, (_, i) => i)]) {
              if (!eventVisibleTo(e, viewer)) continue;
              const line = ui.describeEvent(e, ctx, viewer);
              expect(line, e.type).toBeTypeOf('string');
              expect(line!.length).toBeGreaterThan(0);
              expect(line).not.toMatch(/undefined|NaN|\[object/);
            }
          }
        },
      });
    }
    for (const type of ['roundStart', 'investigationSet', 'investigationChosen', 'cast', 'voteChosen', 'reveal', 'moved', 'hardened', 'dealt', 'acrossPending', 'suspicionReturned', 'investigationReshuffled', 'arrested', 'gameOver', 'characterChosen']) {
      expect(seen.has(type), type).toBe(true);
    }
  });

  it('private events are phrased for their recipient', () => {
    const ctx = fakeRenderContext(4);
    expect(ui.describeEvent({ type: 'voteChosen', to: [1], card: 'across', changed: false }, ctx, 1)).toBe('You cast ⬆️ Across (secret until the reveal).');
    expect(ui.describeEvent({ type: 'investigationChosen', to: [1], card: 'mw1' }, ctx, 1)).toBe('You set 💔🗡️ Motive + Weapon face down.');
  });

  it('every error code has its own plain-language text', () => {
    const codes = ['game-over', 'not-seated', 'wrong-phase', 'not-your-turn', 'character-taken', 'card-not-in-hand', 'suspicion-used', 'same-vote', 'wrong-card', 'not-eligible'] satisfies JaccuseErrorCode[];
    for (const code of codes) {
      const text = ui.describeError({ code }, en);
      expect(text).not.toBe(jaccuseTexts.en.errors.unknown);
      expect(text.length).toBeGreaterThan(5);
    }
    expect(ui.describeError({ code: 'zzz' } as unknown as JaccuseError, en)).toBe(jaccuseTexts.en.errors.unknown);
    expect(ui.staleNote!({ type: 'vote', card: 'left' } as JaccuseAction, en)).toContain('revealed');
  });

  it('rules help and summary show the table’s actual values', () => {
    const o = jaccuseOptionsSchema.parse({ acrossChooser: 'inspector', characters: 'choice', turnSeconds: 45, voteSeconds: 90 });
    const help = ui.rulesHelp(o, en);
    expect(help).toContain('the Inspector picks');
    expect(help).toContain('45 s');
    expect(help).toContain('90 s');
    expect(help).toContain('chosen by players');
    expect(help).toContain('do not name Suspicion cards');
    expect(help).toContain('after 200 rounds');
    expect(help.length).toBeLessThanOrEqual(3000);
    expect(ui.optionsSummary(o, en)).toBe('Across: the Inspector picks · Characters: chosen by players · Turn timer 45 s · Vote timer 90 s');
    expect(ui.rulesHelp(jaccuseOptionsSchema.parse({}), en)).toContain('the holder picks');
  });
});

describe('module', () => {
  it('exports /jaccuse with the four new-table options mapped onto the schema', () => {
    expect(jaccuseModule).toMatchObject({ id: 'jaccuse', command: 'jaccuse' });
    expect(jaccuseModule.title(en)).toBe("J'Accuse!");
    expect(['☝️', '🫵']).toContain(jaccuseModule.emoji);
    for (const t of [en, es]) expect(jaccuseModule.description(t).length).toBeLessThanOrEqual(100);
    expect(jaccuseModule.newOptions.map((o) => o.name)).toEqual(['across-chooser', 'characters', 'turn-timer', 'vote-timer']);
    const keys = Object.keys(jaccuseOptionsSchema.shape);
    for (const o of jaccuseModule.newOptions) {
      expect(o.name).toMatch(/^[a-z0-9-]{1,32}$/);
      for (const t of [en, es]) expect(o.description(t).length).toBeLessThanOrEqual(100);
      expect(keys).toContain(o.optionKey);
      for (const c of o.choices ?? []) expect(jaccuseOptionsSchema.safeParse({ [o.optionKey]: c.value }).success).toBe(true);
    }
  });
});
