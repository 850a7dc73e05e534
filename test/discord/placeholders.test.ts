/**
 * Select menu placeholders fit a phone (docs/discord.md "The private panel"): every placeholder
 * a player can meet — each game's panel selects over random games of every game and variant,
 * for every seat with moves, and the shared ones (lobby bots, Replace with a bot, the review's
 * menus) — in English and Spanish, is no wider than PHONE_PLACEHOLDER_PX, so a phone shows it
 * whole instead of cutting it mid-word ("🔪 Matar a un sospechoso a tu l…").
 *
 * The width: a select's text area at 390 px is 259 px in the local page (measured in Chromium:
 * the select is 295 px wide, less 2 × 8 px padding and the 20 px arrow; DejaVu Sans 16 px), and
 * about 220 px in Discord's phone app (a 306 px message column, less the container's 2 × 16 px
 * padding, the select's own padding and its chevron; gg sans 16 px, narrower than DejaVu Sans).
 * Measured here in DejaVu Sans 16 px (the wider font, src/games/scene.ts `measure`) with an
 * emoji as 20 px and its space, against 230 px: fits both.
 */
import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { seatsToAct, type Seat } from '../../src/games/engine.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { measure } from '../../src/games/scene.js';
import { catalogs, LANGUAGES, type Catalog } from '../../src/i18n/index.js';
import { renderContext } from '../../src/discord/render/context.js';
import { jaccuseText } from '../../src/games/jaccuse/text/index.js';
import { noirText } from '../../src/games/noir/text/index.js';
import { phantomText } from '../../src/games/phantom/text/index.js';
import { suspicionText } from '../../src/games/suspicion/text/index.js';
import { buildDeck, VARIANTS } from '../../src/games/suspicion/rules.js';
import { cardText } from '../../src/games/suspicion/ui-text.js';
import { playRandomGame } from '../support/random-play.js';
import { snapshotOf } from '../support/test-pictures.js';

/** The widest a select placeholder may be, px (DejaVu Sans 16 px; see the file comment). */
export const PHONE_PLACEHOLDER_PX = 230;

/** An emoji (with its joiners and variation selectors) and the space after it. */
const EMOJI = /(?:\p{Extended_Pictographic}|\p{Regional_Indicator})[\u200d\ufe0f\u20e3\p{Extended_Pictographic}]*\s?/gu;

/** Width of `text` in a select at 16 px, px: DejaVu Sans advances, an emoji 20 px plus its space. */
function placeholderWidth(text: string): number {
  const emoji = [...text.matchAll(EMOJI)];
  const rest = text.replace(EMOJI, '');
  return measure(rest, 16) + emoji.reduce((sum, m) => sum + 20 + (m[0].endsWith(' ') ? measure(' ', 16) : 0), 0);
}

/** The option sets each game is played with: the defaults and each variant or mode. */
const OPTION_SETS: Record<string, unknown[]> = {
  suspicion: [{}, { variant: 'no-bluff' }, { variant: 'criminal' }, { variant: 'arrest-race' }],
  noir: [{}, { mode: 'classic' }, { mode: 'citizens-arrest' }],
  phantom: [{}, { beginner: true }],
  jaccuse: [{}, { characters: 'choice' }, { acrossChooser: 'inspector' }],
};

/** Each game's placeholders as its texts make them: fixed ones, and Suspicion's for every card of every variant's deck. */
const STATIC: Record<string, (t: Catalog) => string[]> = {
  suspicion: (t) => [suspicionText(t).selectMore, ...VARIANTS.flatMap((variant) => buildDeck(variant)).map((card) => suspicionText(t).selectPlaceholder(cardText(t, card)))],
  noir: (t) => {
    const n = noirText(t);
    return [n.placeholderShift, n.placeholderKill, n.placeholderArrest, n.placeholderCitizen];
  },
  phantom: (t) => [phantomText(t).selectReport],
  jaccuse: (t) => [jaccuseText(t).selectCharacter, jaccuseText(t).selectAcross],
};

/** Every select placeholder in `rows` (a panel's action rows). */
function placeholders(rows: readonly { components: readonly unknown[] }[]): string[] {
  return rows.flatMap((row) => row.components.map((c) => c as { type: number; placeholder?: string }).filter((c) => c.type === ComponentType.StringSelect && c.placeholder).map((c) => c.placeholder!));
}

/** The placeholders that do not fit, with their widths. */
function tooWide(found: Iterable<string>): string[] {
  return [...found].filter((text) => placeholderWidth(text) > PHONE_PLACEHOLDER_PX).map((text) => `${text} (${Math.round(placeholderWidth(text))} px)`);
}

describe('select placeholders fit a phone', () => {
  it('measures as the page draws: the cut placeholder of the fresh-clone trial is too wide, its cut prefix about the page’s text area', () => {
    expect(placeholderWidth('🔪 Matar a un sospechoso a tu lado…')).toBeGreaterThan(PHONE_PLACEHOLDER_PX);
    // Chromium drew "🔪 Matar a un sospechoso a tu l" in 256 px of the page's 259 (DejaVu Sans 16 px, the emoji 20 px).
    expect(Math.abs(placeholderWidth('🔪 Matar a un sospechoso a tu l') - 256)).toBeLessThan(8);
  });

  it.each(GAME_MODULES.map((mod) => [mod.id, mod] as const))('%s: every placeholder its texts make, and every panel select met in a random game of each variant (English and Spanish)', (game, mod) => {
    const def = mod.definition;
    const found = new Map<string, Set<string>>(LANGUAGES.map((language) => [language, new Set<string>()]));
    const rng = Rng.seeded(0x91ace + game.length);
    for (const options of OPTION_SETS[game]!) {
      for (let g = 0; g < 1; g++) {
        const seats = rng.int(def.minPlayers, def.maxPlayers);
        const states: unknown[] = [];
        const { initial } = playRandomGame(def, { seats, seed: rng.int(0, 0x7fffffff), playSeed: rng.int(0, 0x7fffffff), options, setupMeta: { hostSeat: 0 }, maxActions: 100, onState: (state) => states.push(state) });
        for (const state of [initial, ...states]) {
          const pending = def.pending(state);
          if (pending.kind === 'over') continue;
          const snapshot = snapshotOf(mod, state, seats);
          for (const seat of seatsToAct(pending) as Seat[]) {
            const legal = def.legalActions(state, seat);
            for (const language of LANGUAGES) {
              const panel = mod.ui.panel(def.seatView(state, seat), legal, renderContext(mod, snapshot, catalogs[language]));
              for (const text of placeholders(panel.rows)) found.get(language)!.add(text);
            }
          }
        }
      }
    }
    // Every placeholder the game's texts make, met in play or not (a Phantom report is a select only with more than five choices).
    for (const language of LANGUAGES) for (const text of STATIC[game]!(catalogs[language])) found.get(language)!.add(text);
    expect(LANGUAGES.flatMap((language) => tooWide(found.get(language)!).map((text) => `${language}: ${text}`))).toEqual([]);
  });

  it('the shared selects: lobby bots, Replace with a bot, the review’s menus (English and Spanish)', () => {
    const shared = (t: Catalog) => [t.bots.addPlaceholder, t.bots.removePlaceholder, t.bots.replacePlaceholder, t.review.viewAs, t.review.analysis.jump];
    expect(LANGUAGES.flatMap((language) => tooWide(shared(catalogs[language])).map((text) => `${language}: ${text}`))).toEqual([]);
  });
});
