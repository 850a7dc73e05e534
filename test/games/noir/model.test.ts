/**
 * NOIR's compact model (src/games/noir/model.ts) against the engine: thousands of positions
 * of random games, in all three modes (docs/rules/noir.md §2.6, §2.7), both kill targets
 * (§2.0) and both Classic disguise rules (§2.14), are played on the engine and on the model
 * side by side. At every step: the same seat to act, the same legal action codes in the same
 * order, a model rebuilt from the engine's state equal to the model played along, the same
 * public candidate sets as the bots' own tracking (src/games/noir/bot.ts), each seat's
 * observation equal to what the engine's events visible to that seat tell, and the same result.
 */
import { describe, expect, it } from 'vitest';
import { eventVisibleTo, type GameEvent } from '../../../src/games/engine.js';
import { noirDefinition } from '../../../src/games/noir/engine.js';
import { noirBot } from '../../../src/games/noir/bot.js';
import { cloneModel, noirModel, noirModelOf, type NoirModel } from '../../../src/games/noir/model.js';
import { noirOptionsSchema, type NoirAction, type NoirState } from '../../../src/games/noir/rules.js';
import { setupNoir } from '../../../src/games/noir/setup.js';
import { Rng } from '../../../src/games/rng.js';
import type { NoirKnowledge } from '../../../src/games/noir/knowledge.js';

/** What `viewer` learns of one action from the engine's events it sees (model.ts `observe`'s format). */
function observationFromEvents(code: string, events: GameEvent[], viewer: number, actor: number): string {
  let out = '';
  for (const e of events) {
    if (!eventVisibleTo(e, viewer)) continue;
    switch (e.type) {
      case 'identityChosen':
        if (viewer !== actor) out += 'i';
        break;
      case 'identity':
        out += `i:${e.suspect}`;
        break;
      case 'kill':
      case 'shift':
      case 'exonerateDraw':
        out += code;
        break;
      case 'exonerate':
        out += `x:${e.suspect}`;
        break;
      case 'citizen':
        out += `c:${e.suspect}:${e.target}`;
        break;
      case 'arrest':
        out += e.citizen ? (e.hit ? '/h' : '/m') : `a:${e.suspect}${e.hit ? '/h' : '/m'}`;
        break;
      case 'canvas':
        out += e.adjacent ? '/1' : '/0';
        break;
      case 'disguise':
        out += `d/${e.discarded}:${(e.effect as string)[0] === 'k' ? 'k' : (e.effect as string)[0] === 'm' ? 'm' : 'n'}`;
        break;
      case 'disguiseDraw':
        out += `:${e.suspect}`;
        break;
      case 'drew':
        out += `/${e.suspect}`;
        break;
    }
  }
  return out;
}

/** The rules-relevant fields of a model (what must agree between a model played along and one rebuilt). */
function board(m: NoirModel): unknown {
  const cells: number[] = [];
  for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) cells.push(m.cell[r * 5 + c]!);
  return {
    rows: m.rows,
    cols: m.cols,
    cells,
    rowOf: [...m.rowOf],
    colOf: [...m.colOf],
    alive: [...m.alive],
    marker: [...m.marker].map((x, i) => (m.rowOf[i]! >= 0 ? x : 0)),
    deaths: m.deaths,
    deck: [...m.deck.slice(m.deckTop, m.deckEnd)],
    hand: m.hand,
    drawn: m.drawn,
    killerId: m.killerId,
    inspectorId: m.inspectorId,
    phase: m.phase,
    turns: m.turns,
    winner: m.winner,
    discarded: [...m.discarded],
    killerSeen: [...m.killerSeen].map((x, i) => x | m.discarded[i]!),
    turn: m.phase === 2 ? m.turn : -1,
  };
}

const MODES = ['classic', 'standard', 'citizens-arrest'] as const;

describe('NOIR compact model', () => {
  it('agrees with the engine on thousands of random positions, every mode, both kill targets', () => {
    let positions = 0;
    let observations = 0;
    const endings = new Map<string, number>();
    const played = new Map<string, number>();
    const rng = Rng.seeded(2026);
    for (let game = 0; game < 72; game++) {
      const mode = MODES[game % 3]!;
      const options = noirOptionsSchema.parse({ mode, killTarget: game % 4 === 3 ? 14 : 16, disguiseKillsOldIdentity: game % 6 !== 0 });
      let state: NoirState = setupNoir(options, 2, 1000 + game);
      const initialView = noirDefinition.seatView(state, 0);
      const knowledge: NoirKnowledge = noirBot.know({ game: 'noir', seat: 0, seatCount: 2, options, initialView, events: [], view: initialView } as Parameters<typeof noirBot.know>[0]);
      let model = noirModelOf(state, knowledge);
      const style = game % 4; // the playout styles pick the moves, so games reach every ending
      for (let step = 0; step < 400; step++) {
        positions++;
        const pending = noirDefinition.pending(state);
        const toAct = noirModel.toAct(model);
        if (pending.kind === 'over') {
          expect(toAct).toEqual([]);
          const result = noirDefinition.result(state)!;
          const rewards = noirModel.rewards(model)!;
          expect(rewards).not.toBeNull();
          if (result.winners.length === 0) expect(rewards).toEqual([0.5, 0.5]);
          else expect(rewards.map((r, seat) => (r === 1 ? seat : -1)).filter((s) => s >= 0)).toEqual(result.winners);
          endings.set(result.reason, (endings.get(result.reason) ?? 0) + 1);
          break;
        }
        expect(pending.kind).toBe('turn');
        const seat = (pending as { seat: number }).seat;
        expect(toAct).toEqual([seat]);
        expect(noirModel.rewards(model)).toBeNull();
        const engineLegal = noirDefinition.legalActions(state, seat);
        const modelLegal = noirModel.legal(model, seat);
        expect(modelLegal.map((a) => noirModel.code(model, seat, a))).toEqual(engineLegal.map((a) => noirDefinition.encodeAction(a)));
        expect(noirModel.legal(model, 1 - seat)).toEqual([]);
        // A model rebuilt from the engine's state equals the one played along (and the public sets agree with the bots' tracking).
        const rebuilt = noirModelOf(state, knowledge);
        expect(board(rebuilt)).toEqual(board(model));
        expect([...model.killerCands]).toEqual(knowledge.killerCands.map(Number));
        expect([...model.inspectorCands]).toEqual(knowledge.inspectorCands.map(Number));
        const pick = rng.int(0, 9) < 3 ? modelLegal[rng.int(0, modelLegal.length - 1)]! : noirModel.playout(model, seat, modelLegal, rng, style);
        const code = noirModel.code(model, seat, pick);
        const action = noirDefinition.decodeAction(code) as NoirAction;
        played.set(action.type, (played.get(action.type) ?? 0) + 1);
        const r = noirDefinition.apply(state, seat, action);
        if (!r.ok) throw new Error(`engine refused ${code}: ${JSON.stringify(r.error)}`);
        const before = cloneModel(model);
        noirModel.apply(model, seat, pick, rng);
        for (const viewer of [0, 1]) {
          expect(noirModel.observe(model, viewer, seat, pick), `${code} seen by ${viewer}`).toBe(observationFromEvents(code, r.events, viewer, seat));
          observations++;
        }
        expect(noirModel.likelihood!(before, seat, code)).toBeGreaterThan(0);
        state = r.state;
        knowledge.view = noirDefinition.seatView(state, 0);
        noirBot.observe(knowledge, state, r.events.filter((e) => eventVisibleTo(e, 0)));
        model = step % 7 === 0 ? cloneModel(model) : model;
      }
    }
    expect(positions).toBeGreaterThan(3000);
    expect(observations).toBeGreaterThan(6000);
    // Every action type was played (§2.3, §2.5, §2.7) and every way a game ends was reached (§2.11).
    expect([...played.keys()].sort()).toEqual(['arrest', 'choose', 'citizen', 'discard', 'disguise', 'exonerate', 'kill', 'shift']);
    expect([...endings.keys()].sort()).toEqual(['arrest', 'cap', 'inspector-killed', 'kill-target']);
    console.log(`NOIR model vs engine: ${positions} positions, ${observations} observations, endings ${JSON.stringify([...endings])}, actions ${JSON.stringify([...played])}`);
  }, 60_000);

  it('marks the moves that can end the game (arrests, a winning kill) for the search', () => {
    const options = noirOptionsSchema.parse({ mode: 'standard' });
    const state = setupNoir(options, 2, 5);
    const m = noirModelOf(state);
    const seat = noirModel.toAct(m)[0]!;
    // The first kill cannot end the game: the Inspector has no identity yet (§2.3).
    expect(noirModel.legal(m, seat).some((a) => noirModel.canEnd!(m, seat, a))).toBe(false);
    // Later, every kill of a possible Inspector identity and every arrest can (§2.5, §2.11).
    const later = noirModelOf({ ...state, phase: 'play', turn: 'killer', inspectorIdentity: state.hand[0]!, hand: state.hand.slice(1), turns: 2 });
    const kills = noirModel.legal(later, later.killerSeat).filter((a) => noirModel.code(later, later.killerSeat, a).startsWith('k:'));
    expect(kills.length).toBeGreaterThan(0);
    expect(kills.every((a) => noirModel.canEnd!(later, later.killerSeat, a))).toBe(true);
    const shifts = noirModel.legal(later, later.killerSeat).filter((a) => noirModel.code(later, later.killerSeat, a).startsWith('s:'));
    expect(shifts.some((a) => noirModel.canEnd!(later, later.killerSeat, a))).toBe(false);
  });
});
