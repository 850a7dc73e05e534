/**
 * Every game's pictures on a phone and composed (issue 38; docs/pictures.md "Phone layout",
 * "Composing"), over random positions of random games at every table size, boards and every
 * seat's hand, in English and Spanish, with the longest names a player can have (Discord display
 * names: 32 characters):
 *
 * - no label is ever cut ("…") or drawn outside its piece (which composing would cut), no text
 *   is smaller than MIN_TEXT_PX — the smallest text as a phone shows it (PHONE_DISPLAY_PX wide)
 *   is computed and checked against MIN_CSS_PX — and no two texts overlap (scene-checks.ts);
 * - the PNG composed from the pieces decodes to resvg's rasterisation of the picture's whole SVG
 *   within COMPOSE_TOLERANCE levels on every pixel but OUTLIERS_PER_MILLION, which stay within
 *   OUTLIER_TOLERANCE (test/support/compose-check.ts says what was measured).
 */
import { describe, expect, it } from 'vitest';
import { GAME_MODULES } from '../../src/games/index.js';
import type { Picture, PictureContext } from '../../src/games/picture.js';
import { MIN_CSS_PX } from '../../src/games/scene-kit.js';
import { catalogs } from '../../src/i18n/index.js';
import { compareComposed, COMPOSE_TOLERANCE, OUTLIER_TOLERANCE, OUTLIERS_PER_MILLION, testComposer, withinTolerance } from '../support/compose-check.js';
import { playRandomGame } from '../support/random-play.js';
import { expectSceneRules, smallestCssPx } from '../support/scene-checks.js';

/** Games drawn as scenes (all four once converted; issue 38). */
const SCENE_GAMES = ['suspicion', 'noir', 'phantom', 'jaccuse'];

/** Names at their longest: Discord display names are at most 32 characters. */
const LONG_NAMES = [
  ['Bartholomew Featherstonehaugh-Ö', 'Maximiliano de la Torre Quiñones', 'Ana', 'Wolfgang Amadeus Mozart-Salieri', 'Élodie', 'Guðmundur Þórðarson Jóhannsson'],
  ['WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW', 'MMMMMMMMMMMMMMMM MMMMMMMMMMMMMMM', 'mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm', 'W', 'Ñ', 'ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ'],
];

function ctxFor(seats: number, viewer: number | null, lang: 'en' | 'es', names: string[]): PictureContext {
  return {
    seats: Array.from({ length: seats }, (_, seat) => ({ seat, name: names[seat] ?? `P${seat}`, bot: seat === 2, away: seat === 3 })),
    viewer,
    t: catalogs[lang],
    latest: [],
    over: false,
  };
}

/** Pictures of positions of random games of `game` (boards and every hand, both languages, long names). */
function* positions(game: string, every: number): Generator<{ label: string; picture: Picture }> {
  const mod = GAME_MODULES.find((m) => m.id === game)!;
  const pictures = mod.pictures!;
  const { minPlayers, maxPlayers } = mod.definition;
  for (let seats = minPlayers; seats <= Math.min(6, maxPlayers); seats++) {
    const states: unknown[] = [];
    playRandomGame(mod.definition, { seats, seed: 40 + seats, playSeed: 7 * seats, maxActions: 400, onState: (s) => states.push(s) });
    for (let i = 0; i < states.length; i += every) {
      const state = states[i] as never;
      const lang = i % 2 === 0 ? 'en' : 'es';
      const names = LONG_NAMES[(i / every) % LONG_NAMES.length]!;
      yield { label: `${game} ${seats} seats, step ${i}, board (${lang})`, picture: pictures.board(mod.definition.publicView(state), ctxFor(seats, null, lang, names)) };
      for (let seat = 0; seat < seats; seat++) {
        yield { label: `${game} ${seats} seats, step ${i}, seat ${seat}'s hand (${lang})`, picture: pictures.hand(mod.definition.seatView(state, seat), ctxFor(seats, seat, lang, names)) };
      }
    }
  }
}

describe('pictures on a phone', () => {
  it('every game is drawn as a scene', () => {
    for (const mod of GAME_MODULES) {
      if (!SCENE_GAMES.includes(mod.id)) continue;
      const states: unknown[] = [];
      playRandomGame(mod.definition, { seats: mod.definition.minPlayers, seed: 1, playSeed: 1, maxActions: 5, onState: (s) => states.push(s) });
      expect(mod.pictures!.board(mod.definition.publicView(states[0] as never), ctxFor(mod.definition.minPlayers, null, 'en', ['A', 'B', 'C', 'D', 'E', 'F'])).scene).toBeDefined();
    }
  });

  for (const game of SCENE_GAMES) {
    it(`${game}: no label cut or outside its piece, nothing under ${MIN_CSS_PX} CSS px at phone width, no overlap — boards and hands, English and Spanish, the longest names`, () => {
      let count = 0;
      let smallest = Infinity;
      for (const { label, picture } of positions(game, 9)) {
        try {
          expectSceneRules(picture);
        } catch (err) {
          throw new Error(`${label}: ${(err as Error).message}`);
        }
        smallest = Math.min(smallest, smallestCssPx(picture));
        count++;
      }
      expect(count).toBeGreaterThan(20);
      expect(smallest).toBeGreaterThanOrEqual(MIN_CSS_PX);
    });

    it(`${game}: the composed PNG equals resvg's rasterisation of the whole SVG within ${COMPOSE_TOLERANCE} levels (${OUTLIERS_PER_MILLION} pixels per million within ${OUTLIER_TOLERANCE}), for random positions`, () => {
      const composer = testComposer();
      let count = 0;
      for (const { label, picture } of positions(game, 23)) {
        if (count % 3 === 0) {
          const result = compareComposed(composer, picture.scene!);
          expect(withinTolerance(result), `${label}: ${result.differing} pixels differ, ${result.outliers} by more than ${COMPOSE_TOLERANCE}, the most (${result.maxDiff}) at ${result.at}`).toBe(true);
        }
        count++;
      }
      expect(count).toBeGreaterThan(9);
    });
  }
});
