/**
 * ❔ Why (docs/lessons.md "❔ Why"): over random games of every game and its variants, at every
 * decision, each seat with moves (every seat to act, and a voter who may still change a vote) gets an answer — one of the game's decision kinds (every kind of
 * the catalog is met), a line per kind of move offered, a rules section both catalogs
 * summarise — in English and Spanish alike; a seat with nothing to decide gets none; and the
 * answer a seat reads does not change when the secrets hidden from it are redistributed (the
 * perturbations of the games' own leak tests), while its own secrets may change it.
 */
import { describe, expect, it } from 'vitest';
import { whyText } from '../../src/discord/interactions/lessons.js';
import { seatsToAct, type Seat, type Viewer } from '../../src/games/engine.js';
import { GAME_MODULES } from '../../src/games/index.js';
import type { JaccuseState } from '../../src/games/jaccuse/rules.js';
import { lessonSection } from '../../src/games/lesson.js';
import type { NoirState } from '../../src/games/noir/rules.js';
import type { PhantomState } from '../../src/games/phantom/rules.js';
import { Rng } from '../../src/games/rng.js';
import type { SuspicionState } from '../../src/games/suspicion/rules.js';
import type { Catalog } from '../../src/i18n/index.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { perturb as scrambleJaccuse } from './jaccuse/secrets.js';
import { scramble as scramblePhantom } from './phantom/secrets.js';
import { scramble as scrambleSuspicion } from './suspicion/secrets.js';
import { playRandomGame } from '../support/random-play.js';

/** NOIR: the Killer's and / or the Inspector's secrets replaced (as test/review/pictures.test.ts). */
function scrambleNoir(s: NoirState, viewer: Viewer): NoirState {
  let t = s;
  if (viewer !== s.killerSeat) {
    t = { ...t, killerIdentity: (t.killerIdentity + 1) % 25, killerDraws: [...t.killerDraws.map((x) => ({ ...x, alive: !x.alive })), { suspect: 3, alive: true }], deck: [...t.deck].reverse() };
  }
  if (viewer !== s.inspectorSeat) {
    t = { ...t, inspectorIdentity: t.inspectorIdentity === null ? null : (t.inspectorIdentity + 3) % 25, hand: t.hand.map((c) => (c + 5) % 25), drawn: t.drawn === null ? null : (t.drawn + 5) % 25, deck: [...t.deck].reverse() };
  }
  return t;
}

/** The state with every secret hidden from `viewer` changed, per game. */
const SCRAMBLE: Record<string, (state: never, viewer: Viewer, salt: number) => unknown> = {
  suspicion: (s: SuspicionState, viewer) => scrambleSuspicion(s, viewer),
  noir: (s: NoirState, viewer) => scrambleNoir(s, viewer),
  phantom: (s: PhantomState, viewer, salt) => scramblePhantom(s, viewer, salt),
  jaccuse: (s: JaccuseState, viewer, salt) => scrambleJaccuse(s, viewer, salt),
};

/** The option sets each game is played with: the defaults and each variant or mode. */
const OPTION_SETS: Record<string, unknown[]> = {
  suspicion: [{}, { variant: 'no-bluff' }, { variant: 'criminal' }, { variant: 'arrest-race' }],
  noir: [{}, { mode: 'classic' }, { mode: 'citizens-arrest' }],
  phantom: [{}, { beginner: true }],
  jaccuse: [{}, { characters: 'choice' }, { acrossChooser: 'inspector' }],
};

describe.each(GAME_MODULES.map((mod) => [mod.id, mod] as const))('❔ Why: %s', (game, mod) => {
  it('answers every decision of every seat to act, meets every decision kind, names a summarised section, and shows no other seat\'s secret', () => {
    const def = mod.definition;
    const why = mod.ui.why!;
    expect(why, `${game} has no ❔ Why`).toBeDefined();
    const words = (t: Catalog) => (mod.text(t) as unknown as { why: { title: Record<string, string> } }).why;
    const kinds = new Map(Object.entries(words(en).title).map(([kind, title]) => [title, kind]));
    expect(Object.keys(words(es).title).sort()).toEqual([...kinds.values()].sort());
    const seen = new Set<string>();
    const rng = Rng.seeded(0x3a7 + game.length);
    let checked = 0;
    let ownSecretsShow = 0;
    for (const options of OPTION_SETS[game]!) {
      for (let g = 0; g < 2; g++) {
        const seats = rng.int(def.minPlayers, def.maxPlayers);
        const seed = rng.int(0, 0x7fffffff);
        const states: unknown[] = [];
        const { initial } = playRandomGame(def, { seats, seed, playSeed: rng.int(0, 0x7fffffff), options, setupMeta: { hostSeat: 0 }, maxActions: 80, onState: (state) => states.push(state) });
        states.unshift(initial);
        for (const [step, state] of states.entries()) {
          const pending = def.pending(state);
          if (pending.kind === 'over') continue;
          const acting = seatsToAct(pending);
          expect(acting.every((seat) => def.legalActions(state, seat).length > 0)).toBe(true);
          for (let seat: Seat = 0; seat < seats; seat++) {
            const legal = def.legalActions(state, seat);
            const answer = why(def.seatView(state, seat), legal, en);
            // A seat with moves has a decision (a vote may still be changed after it is cast).
            if (legal.length === 0) {
              expect(answer).toBeNull();
              continue;
            }
            expect(answer, `seat ${seat} at step ${step} has a decision and no answer`).not.toBeNull();
            const kind = kinds.get(answer!.title);
            expect(kind, `"${answer!.title}" is no decision kind of ${game}`).toBeDefined();
            seen.add(kind!);
            expect(answer!.decision.length).toBeGreaterThan(20);
            expect(answer!.moves.length).toBeGreaterThan(0);
            expect(answer!.moves.every((line) => line.length > 5)).toBe(true);
            for (const t of [en, es]) expect(lessonSection(mod.text(t).lesson!.sections, answer!.section), `§${answer!.section}`).toBeDefined();
            // The Spanish answer is the same decision in the other catalog.
            const spanish = why(def.seatView(state, seat), legal, es)!;
            expect(spanish.section).toBe(answer!.section);
            expect(spanish.moves.length).toBe(answer!.moves.length);
            expect(spanish.title).toBe(words(es).title[kind!]);
            // Secrets: what the seat reads is the same when the others' secrets are redistributed.
            const text = whyText(mod, answer!, en);
            const scrambled = SCRAMBLE[game]!(state as never, seat, seed + step);
            const again = why(def.seatView(scrambled, seat), def.legalActions(scrambled, seat), en);
            expect(again && whyText(mod, again, en), `seat ${seat}'s ❔ Why depends on another seat's secret`).toBe(text);
            // The check can fail: the public's scramble (the seat's own secrets too) changes its view.
            const mine = SCRAMBLE[game]!(state as never, null, seed + step);
            if (JSON.stringify(def.seatView(mine, seat)) !== JSON.stringify(def.seatView(state, seat))) ownSecretsShow++;
            checked++;
          }
        }
      }
    }
    expect([...seen].sort(), `decision kinds met in ${game}`).toEqual([...kinds.values()].sort());
    expect(checked).toBeGreaterThan(50);
    expect(ownSecretsShow).toBeGreaterThan(0);
  });
});
