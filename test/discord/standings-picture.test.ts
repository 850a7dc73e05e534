/**
 * The tournament standings picture (src/discord/render/standings.ts, docs/tournaments.md
 * "Standings"): drawn as a scene for a phone like the boards (docs/pictures.md "Phone layout"):
 * text ≥ 21 px, inside its pieces, never cut with "…", at the most rounds and with the longest
 * names Discord allows, in English and Spanish; every entrant and every round's points shown;
 * the composed PNG equals the whole SVG rasterised, within the stated tolerance.
 */
import { describe, expect, it } from 'vitest';
import { standingsAlt, standingsPicture, type StandingsView } from '../../src/discord/render/standings.js';
import { catalogs } from '../../src/i18n/index.js';
import { MAX_ROUNDS } from '../../src/tournaments/model.js';
import { compareComposed, testComposer, withinTolerance } from '../support/compose-check.js';
import { expectSceneRules, sceneTexts } from '../support/scene-checks.js';

/** 32 characters: Discord's longest display name, without a space to break at. */
const LONG = 'Bartholomew_Featherstonehaugh_XI';

/** A tournament after `round` of MAX_ROUNDS rounds: 10 entrants, one withdrawn, byes and rounds not played. */
function view(round: number): StandingsView {
  return {
    name: 'The Red Herring Society’s Winter Cup of Deduction 2026',
    game: 'NOIR: Killer vs. Inspector',
    round,
    rounds: MAX_ROUNDS,
    final: false,
    lines: Array.from({ length: 10 }, (_, i) => ({
      place: i + 1,
      name: i % 3 === 0 ? `${LONG.slice(0, 31)}${i}` : `Player ${i + 1}`,
      points: 10 - i * 0.5,
      buchholz: 40.25 - i,
      rounds: Array.from({ length: MAX_ROUNDS }, (_, r) => (r >= round ? null : r === i % round ? 'bye' : ((r + i) % 3) / 2)),
      withdrawn: i === 7,
    })),
  };
}

describe('the standings picture', () => {
  it('keeps every text ≥ 21 px, whole and inside its piece, and shows every entrant and round (English and Spanish)', () => {
    for (const lang of ['en', 'es'] as const) {
      const v = view(MAX_ROUNDS - 1);
      const picture = standingsPicture(v, catalogs[lang]);
      expectSceneRules(picture);
      const shown = sceneTexts(picture).map((t) => t.content).join(' ');
      const t = catalogs[lang].tournaments.standings;
      for (const line of v.lines) {
        // A long name without spaces is broken with a hyphen, never cut: its letters are all there.
        expect(shown.replace(/- /g, '').replace(/-\s/g, '')).toContain(line.withdrawn ? t.withdrawnName(line.name) : line.name);
        expect(shown).toContain(`${t.roundColumn(MAX_ROUNDS - 1)} `);
        expect(shown).toContain(`${t.roundColumn(MAX_ROUNDS)} –`);
      }
      expect(shown).toContain(t.byeMark);
      expect(picture.alt).toBe(standingsAlt(v, catalogs[lang]));
    }
  });

  it('says when nobody has entered yet', () => {
    const picture = standingsPicture({ ...view(0), lines: [] }, catalogs.en);
    expectSceneRules(picture);
    expect(sceneTexts(picture).map((t) => t.content)).toContain(catalogs.en.tournaments.standings.nobody);
  });

  it('composes to the pixels of its whole SVG, within the tolerance', () => {
    // Four rows: every kind of row (medals, a wrapped name, a bye, withdrawn) in few pixels.
    const v = view(3);
    const result = compareComposed(testComposer(), standingsPicture({ ...v, lines: [...v.lines.slice(0, 4), v.lines[7]!] }, catalogs.es).scene!);
    expect(withinTolerance(result), `${result.maxDiff} at ${result.at}`).toBe(true);
  });
});
