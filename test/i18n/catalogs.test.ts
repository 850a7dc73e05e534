/**
 * The two catalogs key by key (README "Languages"): the common one and each game's texts. Both have the same keys and function
 * signatures at compile time (`Messages`, `SpanishArityCheck` in src/i18n/index.ts); here
 * every entry is *called*: its parameter types are read from the English catalog with the
 * TypeScript compiler (the per-key table of sample arguments is derived, so a new key is
 * covered the moment it exists), random arguments of those types are generated, and
 * - every entry renders a non-empty string in both languages, without template leftovers
 *   (`undefined`, `NaN`, `[object Object]`, `${`);
 * - a Spanish entry that renders exactly like the English one is flagged, unless it is only
 *   names, emoji, symbols and the arguments themselves, or is on the allow-list of proper
 *   names below.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { catalogFor, languageOf, type ArityMismatches, type Messages } from '../../src/i18n/index.js';
import { noirTexts } from '../../src/games/noir/text/index.js';
import { expectEveryEntryRenders, leftInEnglish, wordsOf, type WordSource } from '../support/words.js';

/** Entries that are the same in both languages on purpose: proper names, game titles, brand-like command names. */
const SAME_IN_BOTH = new Set([
  'suspicion.commandNames.suspicion',
  'noir.commandNames.noir',
  'phantom.commandNames.phantom',
  'jaccuse.commandNames.jaccuse',
  'common.commandNames.admin',
  'suspicion.title',
  'phantom.title',
  'jaccuse.title',
  'jaccuse.suspicion.jaccuse',
  'phantom.cardNames.yakuza',
  'phantom.cardNames.madame',
  'phantom.cardNames.detective',
  'ratings.admin.languageNames.en',
  'ratings.admin.languageNames.es',
  // The tie-break is named after its inventor.
  'tournaments.standings.buchholz',
  // Spelled the same in Spanish.
  'common.commandNames.bots',
  'suspicion.pictures.bot',
  'phantom.pictures.bot',
  'activity.page.bot',
  'bots.levels.normal',
  'noir.roleName.inspector',
  'noir.canvasItem',
  'noir.pictures.roleName.inspector',
  'noir.pictures.word.inspector',
  'jaccuse.pictures.suspicionName.jaccuse',
  'jaccuse.pictures.inspector',
]);

/**
 * Where the words are: the common catalog (src/i18n/en/, src/i18n/es/), and each game's texts
 * (src/games/<game>/text/en.ts, es.ts: \`<game>Texts\` of its text/index.ts) under the game's id.
 */
const SOURCES: WordSource[] = [
  { file: 'src/i18n/en/index.ts', prefix: '', en, es },
  ...(await Promise.all(
    GAME_MODULES.map(async (mod) => {
      const texts = ((await import(`../../src/games/${mod.id}/text/index.ts`)) as Record<string, Record<'en' | 'es', unknown>>)[`${mod.id}Texts`]!;
      return { file: `src/games/${mod.id}/text/en.ts`, prefix: mod.id, en: texts.en, es: texts.es };
    }),
  )),
];

describe('the English and Spanish catalogs', () => {
  const words = wordsOf(SOURCES);

  it('finds every entry (the table is derived from the English catalog and each game\'s English texts)', () => {
    expect(words.entries.length).toBeGreaterThan(500);
    expect(words.entries.map((entry) => entry.path)).toContain('common.lobby.title');
    expect(words.entries.map((entry) => entry.path)).toContain('noir.rulesHelp');
    for (const mod of GAME_MODULES) expect(words.entries.map((entry) => entry.path)).toContain(`${mod.id}.helpLine`);
  });

  it('every entry renders in both languages for random arguments, without leftovers', () => {
    expectEveryEntryRenders(words);
  });

  it('no Spanish entry is left in English (beyond names, emoji and symbols)', () => {
    const flagged = leftInEnglish(words, SAME_IN_BOTH);
    expect(flagged, `Spanish text identical to the English:\n${flagged.join('\n')}`).toEqual([]);
  });
});

describe('sentences shared by every game', () => {
  it('"start one with …" names every game\'s command in the reader\'s language, never one game\'s as if it were the only one', () => {
    const commands = GAME_MODULES.map((mod) => mod.command);
    const expected = {
      en: '`/suspicion new`, `/noir new`, `/phantom new`, or `/jaccuse new`',
      es: '`/suspicion nueva`, `/noir nueva`, `/phantom nueva` o `/jaccuse nueva`',
    };
    for (const [language, text] of [['en', en], ['es', es]] as const) {
      const list = text.common.newCommands(commands);
      expect(list).toBe(expected[language]);
      for (const sentence of [text.common.errors.noTableHere(list), text.ratings.board.emptyAll(list), text.activity.page.noTable]) {
        expect(sentence.includes(list) || sentence.includes('{commands}'), sentence).toBe(true);
      }
      // /help's steps point at the games it lists, not at one of them.
      expect(text.help.start).not.toMatch(/\/(suspicion|noir|phantom|jaccuse) /);
    }
  });
});

describe('the contract (compile time)', () => {
  it('a missing key or a different arity is a type error', () => {
    type Lobby = Messages['common']['lobby'];
    const { join: _join, ...withoutJoin } = es.common.lobby;
    // @ts-expect-error — 'join' is missing
    const missing: Lobby = withoutJoin;
    const fewer: ArityMismatches<{ lobby: { title: (a: string, b: string) => string } }, { lobby: { title: (a: string) => string } }> = '.lobby.title';
    // @ts-expect-error — a dropped argument is named, so it cannot be `never`
    const none: never = fewer;
    // The real catalogs agree: no mismatch at all.
    const agree: [ArityMismatches<typeof en, typeof es>] extends [never] ? true : false = true;
    expect([missing, none, agree]).toHaveLength(3);
  });
});

describe('locale resolution', () => {
  it('es-ES and es-419 read Spanish; every other locale, or none, reads English', () => {
    expect(languageOf('es-ES')).toBe('es');
    expect(languageOf('es-419')).toBe('es');
    expect(catalogFor('es-419')).toBe(es);
    for (const locale of ['en-US', 'en-GB', 'fr', 'pt-BR', 'de', 'xx', '', undefined, null]) expect(catalogFor(locale)).toBe(en);
  });
});

describe('grammar of counted phrases', () => {
  it('a collapse names only the lines removed, and the Spanish verb agrees with their number (docs/rules/noir.md collapse)', () => {
    expect(noirTexts.en.evCollapse(0, 1, 'Ada')).toBe('Collapse: 1 column of the dead removed (Ada).');
    expect(noirTexts.en.evCollapse(2, 1, 'Ada')).toBe('Collapse: 2 rows and 1 column of the dead removed (Ada).');
    expect(noirTexts.es.evCollapse(0, 1, 'Ada')).toBe('Colapso: se retira 1 columna de muertos (Ada).');
    expect(noirTexts.es.evCollapse(1, 0, 'Ada')).toBe('Colapso: se retira 1 fila de muertos (Ada).');
    expect(noirTexts.es.evCollapse(1, 1, 'Ada')).toBe('Colapso: se retiran 1 fila y 1 columna de muertos (Ada).');
  });

  it('the Spanish turn ping reads right for one player and for several ("su turno", not the plural "les toca")', () => {
    // Tuteo, as the rest of the Spanish catalog: one player «te toca», several «les toca».
    expect(es.common.board.yourTurnPing('<@1>', 'NOIR', 3, 'ya')).toBe('🔔 <@1>: te toca jugar en **NOIR** (mesa #3), ya.');
    expect(es.common.board.yourTurnPing('<@1> <@2>', 'NOIR', 3, 'ya')).toBe('🔔 <@1> <@2>: les toca jugar en **NOIR** (mesa #3), ya.');
  });

  it('the lobby says bots move at once with bot-pace 0, and offers "Add a bot: <level>" (no "a Easy")', () => {
    expect(en.bots.instantNote).toBe('🤖 Bots move at once.');
    expect(en.bots.addOption(en.bots.levels.easy!)).toBe('Add a bot: Easy');
    expect(es.bots.instantNote).toBe('🤖 Los bots juegan al instante.');
  });
});
