/**
 * How close composed pictures are to resvg's rasterisation of their whole SVG (docs/pictures.md
 * "Text"; the tolerance in test/support/compose-check.ts is stated from this): random positions of
 * every game and player count, boards and a hand, English and Spanish, with the tests' longest
 * names. Prints pixels compared, those more than COMPOSE_TOLERANCE apart (per million, and in the
 * worst picture), the largest difference, and how many pieces were rasterised whole.
 * `npx tsx bench/compose-accuracy.ts`
 */
import { GAME_MODULES } from '../src/games/index.js';
import { catalogs } from '../src/i18n/index.js';
import { testComposer, compareComposed } from '../test/support/compose-check.js';
import { playRandomGame } from '../test/support/random-play.js';
const LONG_NAMES = [
  ['Bartholomew Featherstonehaugh-Ö', 'Maximiliano de la Torre Quiñones', 'Ana', 'Wolfgang Amadeus Mozart-Salieri', 'Élodie', 'Guðmundur Þórðarson Jóhannsson'],
  ['WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW', 'MMMMMMMMMMMMMMMM MMMMMMMMMMMMMMM', 'mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm', 'W', 'Ñ', 'ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ'],
  ['Ana', 'Ben', 'Carmen Ruiz', 'Dmitri', 'Fatima', 'Gus'], ['WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW', 'MMMMMMMMMMMMMMMM MMMMMMMMMMMMMMM', 'mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm', 'W', 'Ñ', 'ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ'],
];
const c = testComposer();
let maxppm = 0; let px = 0, out = 0, worst = 0, pics = 0; const hist: Record<number, number> = {};
for (const mod of GAME_MODULES) {
  for (let seats = mod.definition.minPlayers; seats <= Math.min(6, mod.definition.maxPlayers); seats++) {
    const states: unknown[] = [];
    playRandomGame(mod.definition, { seats, seed: 90 + seats, playSeed: 3 * seats, maxActions: 400, onState: (s) => states.push(s) });
    for (let i = 0; i < states.length; i += 37) {
      const names = LONG_NAMES[(i / 37) % 4]!;
      const lang = (i / 37) % 2 ? 'es' : 'en';
      const ctx = (viewer: number | null) => ({ seats: Array.from({ length: seats }, (_, s) => ({ seat: s, name: names[s]!, bot: false, away: false })), viewer, t: catalogs[lang], latest: [], over: false });
      for (const pic of [mod.pictures!.board(mod.definition.publicView(states[i] as never), ctx(null) as any), mod.pictures!.hand(mod.definition.seatView(states[i] as never, 0), ctx(0) as any)]) {
        const r = compareComposed(c, pic.scene!);
        maxppm = Math.max(maxppm, r.outliers / r.pixels * 1e6); px += r.pixels; out += r.outliers; worst = Math.max(worst, r.maxDiff); pics++;
        const b = Math.ceil(r.maxDiff / 8) * 8; hist[b] = (hist[b] ?? 0) + 1;
      }
    }
  }
}
console.log({ worstPictureOutliersPerMillion: maxppm, pics, px, outliers: out, perMillion: (out / px) * 1e6, worst, hist, whole: c.totals.piecesWhole, made: c.totals.piecesRasterised });
