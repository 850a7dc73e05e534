/** Renderer tests: payload limits, exact legal actions, no secret in board or others' panels, texts. */
import { describe, expect, it } from 'vitest';
import { eventVisibleTo, type GameEvent } from '../../../src/games/engine.js';
import { phantomUi as ui } from '../../../src/games/phantom/ui.js';
import type { PhantomAction, PhantomError, PhantomErrorCode, PhantomState } from '../../../src/games/phantom/rules.js';
import { en } from '../../../src/i18n/en/index.js';
import { es } from '../../../src/i18n/es/index.js';
import { playRandomGame } from '../../support/random-play.js';
import { componentIds, fakeRenderContext, expectComponentLimits } from '../../support/render-context.js';
import { act, crimeState, def, opts, playCrime, report } from './helpers.js';
import { scramble } from './secrets.js';

const P = 1 as const;
const PREFIX = 'rh1:g:7:1:';

/** States (and events) of a random game, for renderer checks. */
function sampleGame(seats: number, seed: number, beginner = false) {
  const states: PhantomState[] = [];
  const events: GameEvent[] = [];
  playRandomGame(def, {
    seats,
    seed,
    playSeed: seed * 3 + 1,
    options: { beginner },
    timeoutRate: 0.2,
    onState: (s: PhantomState, e) => {
      states.push(s);
      events.push(...e);
    },
  });
  return { states, events };
}


describe('renderers over random games', () => {
  for (const [seats, beginner] of [
    [2, false],
    [3, false],
    [3, true],
    [4, true],
  ] as const) {
    it(`${seats} players${beginner ? ' (beginner)' : ''}: limits, exact legal actions, no secrets`, () => {
      const { states, events } = sampleGame(seats, 40 + seats, beginner);
      const ctx = fakeRenderContext(seats);
      for (const [i, s] of states.entries()) {
        const b = ui.board(def.publicView(s), ctx);
        expect(b.rows).toEqual([]);
        expect(b.body.length).toBeLessThanOrEqual(3000);
        expect(b.status.length).toBeGreaterThan(0);
        expect(b.status).not.toContain('\n');
        // Shuffling the hidden cards changes nothing on the board …
        expect(ui.board(def.publicView(scramble(s, null, i)), ctx)).toEqual(b);
        for (let seat = 0; seat < seats; seat++) {
          const legal = def.legalActions(s, seat);
          const pnl = ui.panel(def.seatView(s, seat), legal, ctx);
          expect(pnl.body.length).toBeLessThanOrEqual(3000);
          expectComponentLimits(pnl.rows, 4);
          const { customIds, values } = componentIds(pnl.rows as any);
          const decoded = [
            ...customIds.filter((id) => id.startsWith(PREFIX)).map((id) => def.decodeAction(id.slice(PREFIX.length))),
            ...values.map((v) => def.decodeAction(v)),
          ];
          expect(decoded.every((a) => a !== null)).toBe(true);
          // Each legal action exactly once, nothing else.
          expect(decoded.map((a) => JSON.stringify(a)).sort()).toEqual(legal.map((a) => JSON.stringify(a)).sort());
          // … nor in a seat's panel when only the others' secrets move.
          const other = scramble(s, seat, i + seat);
          expect(ui.panel(def.seatView(other, seat), def.legalActions(other, seat), ctx)).toEqual(pnl);
        }
      }
      // Every event renders for everyone allowed to see it.
      for (const e of events) {
        for (const viewer of [null, ...Array.from({ length: seats }, (_, k) => k)]) {
          if (!eventVisibleTo(e, viewer)) continue;
          const line = ui.describeEvent(e, ctx, viewer);
          if (line !== null) {
            expect(line.length).toBeGreaterThan(0);
            expect(line).not.toContain('undefined');
          }
        }
      }
    });
  }
});

describe('board', () => {
  const ctx = fakeRenderContext(4);

  it('before the reveal shows only clue colours: no played card, no hand', () => {
    let s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    s = act(s, 0, report(10)).state;
    s = act(s, 1, report(9)).state;
    const b = ui.board(def.publicView(s), ctx);
    for (const secret of ['Politician', 'Yakuza', 'Madame', 'Reporter', 'Barkeeper', 'Courier', 'Shopkeeper', '👻']) {
      expect(b.body + b.status).not.toContain(secret);
    }
    expect(b.body).toContain('🟦 blue clue');
    expect(b.status).toBe('Round 1 · Crime 1 · ▶ Cleo reports a suspect');
    expect(b.body.split('\n')[3]).toMatch(/^▶ Cleo/);
    // Seat 2's panel: their own cards only.
    const pnl = ui.panel(def.seatView(s, 2), def.legalActions(s, 2), ctx);
    for (const secret of ['Politician', 'Yakuza', 'Barkeeper', 'Reporter', 'Shopkeeper', '👻']) expect(pnl.body).not.toContain(secret);
    expect(pnl.body).toContain('🟥 8 Madame (red)');
    expect(pnl.body).toContain('🟨 3 Courier (yellow)');
  });

  it('keeps the reveal: criminal, why, glasses and points with reasons', () => {
    const s = crimeState(4, { hands: [[9, 2], [6, 3], [5, 4], [P, 7]], firstInvestigator: 0, scores: [3, 3, 3, 3] });
    const { state } = playCrime(s, [report(9), report(6), report(5), report(P, 'blue')], [0, 3, 1, 1]);
    const b = ui.board(def.publicView(state), ctx);
    expect(b.body).toContain('🚨 Criminal: **🟨 6 Detective (yellow)** — played by Ben');
    expect(b.body).toContain('🟥 5 Forensicist (red) strikes 🟦 9 Yakuza (blue) from the suspects');
    expect(b.body).toContain('Ben +6 (played the criminal +2 (Detective ×2); glass on the criminal +4 (Detective ×2)) → **9**');
    expect(b.body).toContain('Cleo −1 (glass on someone\'s Phantom −1) → **2**');
    expect(b.body).toContain('Dev +1 (Phantom fooled others +1) → **4**');
    expect(b.body).toContain('Ana +4');
    expect(b.body).toContain('Dev: 👻 Phantom (🟦 blue clue)');
  });

  it('3 players: shows the face-up 4th-party card and who is still discarding', () => {
    const s = def.setup(opts(), 3, 4);
    const ctx3 = fakeRenderContext(3);
    const b = ui.board(def.publicView(s), ctx3);
    expect(b.status).toBe('Round 1 · ⏳ Everyone discards a card face-down');
    expect(b.body).toContain('🃏 4th-party card (face up):');
    expect(b.body.split('\n').filter((l) => l.startsWith('⏳'))).toHaveLength(3);
  });

  it('2 players: seats A and B per player, said in words (issue 34 item 15: "Ana (A)", "A: … · B: …" were cryptic)', () => {
    const s = crimeState(2, { hands: [[10, 9, 8, P], [7, 6, 5, 4]], firstInvestigator: 1 });
    const ctx2 = fakeRenderContext(2);
    const b = ui.board(def.publicView(act(s, 1, report(7)).state), ctx2);
    expect(b.status).toBe('Round 1 · Crime 1 · ▶ Ana (seat B) reports a suspect');
    const lines = b.body.split('\n');
    expect(lines[1]).toBe('👥 2 players: each of you plays two seats, A and B, and reports a suspect from each, in turns; one magnifying glass each.');
    expect(lines[3]).toBe('• Ben · **0** pts · 3 cards · 🔦 first investigator · seat A: 🟦 blue clue · seat B: no clue yet');
    expect(b.body).not.toMatch(/\b[AB]: …/);
    // Spanish, in the tú register.
    const es2 = { ...ctx2, t: es };
    const bEs = ui.board(def.publicView(act(s, 1, report(7)).state), es2);
    expect(bEs.status).toBe('Ronda 1 · Crimen 1 · ▶ Ana (asiento B) denuncia a un sospechoso');
    expect(bEs.body.split('\n')[1]).toBe('👥 2 jugadores: cada uno juega dos asientos, A y B, y denuncia un sospechoso desde cada uno, por turnos; una lupa cada uno.');
    expect(bEs.body).toContain('asiento A: pista 🟦 azul · asiento B: sin pista aún');
    // Waiting in the other player's panel names the seat too; a bot's level and the seat share one bracket.
    expect(ui.panel(def.seatView(s, 0), def.legalActions(s, 0), ctx2).body).toContain('Waiting for Ben (seat A).');
    const withBot = { ...ctx2, name: (seat: number) => (seat === 1 ? '🤖 Marple (Normal)' : ctx2.name(seat)) };
    expect(ui.panel(def.seatView(s, 0), def.legalActions(s, 0), withBot).body).toContain('Waiting for 🤖 Marple (Normal, seat A).');
    expect(ui.panel(def.seatView(s, 0), def.legalActions(s, 0), { ...withBot, t: es }).body).toContain('Esperando a 🤖 Marple (Normal, asiento A).');
    // A glass on one's own card is "your own" / "their own", and a bot's card keeps one bracket (Spanish phone trial).
    const glassOn = (seat: number, on: number) => ({ type: 'glass-placed', seat, on, colour: 'red' }) as never;
    expect(ui.describeEvent(glassOn(0, 2), ctx2, 0)).toBe('You put your magnifying glass on your own 🟥 red card (seat B).');
    expect(ui.describeEvent(glassOn(0, 2), ctx2, 1)).toBe('Ana put a magnifying glass on their own 🟥 red card (seat B).');
    expect(ui.describeEvent(glassOn(0, 1), withBot, null)).toBe('Ana put a magnifying glass on the 🟥 red card of 🤖 Marple (Normal, seat A).');
    expect(ui.describeEvent(glassOn(0, 1), { ...withBot, t: es }, 0)).toBe('Pusiste tu lupa en la carta 🟥 roja de 🤖 Marple (Normal, asiento A).');
    expect(ui.describeEvent(glassOn(1, 3), { ...withBot, t: es }, 0)).toBe('🤖 Marple (Normal) puso una lupa en su propia carta 🟥 roja (asiento B).');
    // Clue colours agree with "pista" and "carta" (feminine) in Spanish.
    expect(bEs.body).not.toMatch(/pista 🟨 amarillo\b|pista 🟥 rojo\b/u);
  });

  it('marks away seats and the winner', () => {
    const s = crimeState(4, { hands: [[10], [9], [8], [7]], crime: 2, scores: [9, 0, 0, 0] });
    const away = fakeRenderContext(4);
    away.seats[1]!.away = true;
    expect(ui.board(def.publicView(s), away).body.split('\n')[2]).toMatch(/^💤 Ben/);
    const { state } = playCrime(s, [report(10), report(9), report(8), report(7)], [1, 1, 1, 1]);
    const b = ui.board(def.publicView(state), ctx);
    expect(b.status).toBe('Game over · 🏆 Ana wins');
    expect(b.body.split('\n')[1]).toMatch(/^🏆 Ana/);
  });
});

describe('panel', () => {
  it('offers a select when there are more than five choices (2 players, Phantom in hand)', () => {
    const s = crimeState(2, { hands: [[10, 9, 8, P], [7, 6, 5, 4]], firstInvestigator: 0 });
    const legal = def.legalActions(s, 0);
    expect(legal).toHaveLength(6);
    const pnl = ui.panel(def.seatView(s, 0), legal, fakeRenderContext(2));
    expect(pnl.rows).toHaveLength(1);
    expect((pnl.rows[0]!.components[0] as any).type).toBe(3);
    expect(pnl.body).toContain('seat A');
  });

  it('labels are verbs with objects; the other seats get no buttons', () => {
    const s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    const ctx = fakeRenderContext(4);
    const pnl = ui.panel(def.seatView(s, 0), def.legalActions(s, 0), ctx);
    const labels = pnl.rows.flatMap((r) => r.components.map((c: any) => c.label));
    expect(labels).toEqual([
      'Report 🟦 10 Politician (blue) with 🟦 blue clue',
      'Report 👻 Phantom with 🟨 yellow clue',
      'Report 👻 Phantom with 🟥 red clue',
      'Report 👻 Phantom with 🟦 blue clue',
    ]);
    const other = ui.panel(def.seatView(s, 1), def.legalActions(s, 1), ctx);
    expect(other.rows).toEqual([]);
    expect(other.body).toContain('Waiting for Ana.');
  });
});

describe('texts', () => {
  const ctx = fakeRenderContext(4);

  it('phrases private events for their recipient and skips the public twin', () => {
    const s = crimeState(4, { hands: [[10, P], [9, 2], [8, 3], [7, 4]], firstInvestigator: 0 });
    const { events } = act(s, 0, report(P, 'red'));
    const [pub, priv] = events as [GameEvent, GameEvent];
    expect(ui.describeEvent(pub, ctx, null)).toBe('Ana reported a suspect with a 🟥 red clue.');
    expect(ui.describeEvent(pub, ctx, 1)).toBe('Ana reported a suspect with a 🟥 red clue.');
    expect(ui.describeEvent(pub, ctx, 0)).toBeNull();
    expect(ui.describeEvent(priv, ctx, 0)).toBe('You reported 👻 Phantom with a 🟥 red clue.');
  });

  it('describes every error code in plain words', () => {
    const codes = ['malformed', 'game-over', 'not-your-turn', 'wrong-phase', 'card-not-in-hand', 'invalid-target', 'already-discarded'] satisfies PhantomErrorCode[];
    for (const code of [...codes, 'whatever']) {
      expect(ui.describeError({ code } as PhantomError, en).length).toBeGreaterThan(10);
    }
    expect(ui.describeError({ code: 'wrong-colour', params: { colour: 'blue' } }, en)).toContain('🟦 blue');
  });

  it('rules help and the options summary show the table\'s values', () => {
    const o = opts({ targetScore: 7, turnSeconds: 45, beginner: true });
    const help = ui.rulesHelp(o, en);
    expect(help).toContain('**7**');
    expect(help).toContain('45 s');
    expect(help).toContain('beginner mode');
    expect(help.length).toBeLessThanOrEqual(3000);
    expect(ui.optionsSummary(o, en)).toBe('Target 7 points · beginner mode on (one Phantom removed) · 45 s per decision');
  });

  it('describes a solved crime in one line with the points', () => {
    const s = crimeState(4, { hands: [[9], [6], [5], [P]], firstInvestigator: 0 });
    const { events } = playCrime(s, [report(9), report(6), report(5), report(P, 'blue')], [0, 3, 1, 1]);
    const solved = events.find((e) => e.type === 'crime-solved')!;
    expect(ui.describeEvent(solved, ctx, null)).toBe(
      'Round 1, crime 1: the criminal is 🟨 6 Detective (yellow), played by Ben. Points: Ana +4 (4), Ben +6 (6), Cleo −1 (0), Dev +1 (1).',
    );
  });

  it('the action type list is complete for stale notes (none needed)', () => {
    const a: PhantomAction = { type: 'glass', on: 0 };
    expect(ui.staleNote!(a, en)).toBeNull();
  });
});
