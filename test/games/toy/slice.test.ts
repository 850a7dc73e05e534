/**
 * A fifth game is one folder and one line (docs/architecture.md §9; src/games/README.md
 * "Adding a game"). Guess is built the way the four real games are — its folder holds the
 * engine, the renderers, the bot kit, its words in every language (`text/en.ts`, `text/es.ts`,
 * `text/index.ts`) and its measured typical lengths (`typical-length.data.ts`) — and it is
 * registered by one line (./registry.ts). Nothing else is edited, and every per-game table
 * of the bot has it: the command and its localizations, `/help` in both languages, the bot
 * kits, the rules help with its typical length, and the same checks of its words as the real
 * games' (test/support/words.ts). ./guess.test.ts plays it end to end through Discord; the
 * review's replay property test (test/review/replay.property.test.ts) plays it too.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownTable, measureTypicalLengths } from '../../../scripts/game-lengths.js';
import { registryKits } from '../../../src/bots/kits.js';
import { buildCommands } from '../../../src/commands/index.js';
import { helpMessage } from '../../../src/commands/help.js';
import { rulesMessage } from '../../../src/discord/render/rules.js';
import { GAME_MODULES } from '../../../src/games/index.js';
import { GameRegistry } from '../../../src/games/registry.js';
import { lengthTable } from '../../../src/games/typical-length.js';
import { catalogs, LANGUAGES } from '../../../src/i18n/index.js';
import { expectEveryEntryRenders, leftInEnglish, wordsOf } from '../../support/words.js';
import { guessModule } from './index.js';
import { gamesWithGuess } from './registry.js';
import { guessTexts } from './text/index.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const registry = gamesWithGuess();

/** The files every game folder has, whatever else it splits out (src/games/README.md "Layout of a game folder"). */
const SLICE_FILES = ['index.ts', 'text/en.ts', 'text/es.ts', 'text/index.ts', 'typical-length.data.ts'];

describe('Guess, a fifth game: one folder and one registry line', () => {
  it('has the folder layout of the real games, which have it too', () => {
    const folders = [...GAME_MODULES.map((mod) => `src/games/${mod.id}`), 'test/games/toy'];
    for (const folder of folders) for (const file of SLICE_FILES) expect(existsSync(join(ROOT, folder, file)), `${folder}/${file}`).toBe(true);
  });

  it('is registered by the one line, after the four games, with its bot kit', () => {
    expect(registry.ids()).toEqual([...GAME_MODULES.map((mod) => mod.id), 'guess']);
    expect(registry.get('guess')).toBe(guessModule);
    expect(registryKits(registry)('guess')).toBe(guessModule.bot);
  });

  it('gets its slash command, named in each language from its own words', () => {
    const command = buildCommands(registry).find((c) => c.name === 'guess');
    expect(command, '/guess').toBeDefined();
    expect(command!.data.name).toBe('guess');
    expect(command!.data.name_localizations?.['es-ES']).toBe(guessTexts.es.commandNames.guess);
    expect(command!.data.name_localizations?.['es-419']).toBe('adivina');
    expect(command!.data.description_localizations?.['es-ES']).toBe(guessTexts.es.description);
  });

  it('is listed by /help in each language with its own title and help line', () => {
    for (const language of LANGUAGES) {
      const t = catalogs[language];
      const help = helpMessage(registry, t).embeds![0]!.description!;
      expect(help, language).toContain(guessTexts[language].title);
      expect(help, language).toContain(guessTexts[language].helpLine);
      expect(guessModule.text(t)).toBe(guessTexts[language]);
    }
    // Without the line, it is not there.
    expect(helpMessage(new GameRegistry([...GAME_MODULES]), catalogs.en).embeds![0]!.description!).not.toContain(guessTexts.en.helpLine);
  });

  it('carries its words in both languages, checked like the real games\' (every entry renders; none left in English)', () => {
    const words = wordsOf([{ file: 'test/games/toy/text/en.ts', prefix: 'guess', en: guessTexts.en, es: guessTexts.es }]);
    expect(words.entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(['guess.title', 'guess.helpLine', 'guess.errors.not-your-turn', 'guess.guessed']));
    expectEveryEntryRenders(words);
    expect(leftInEnglish(words, new Set())).toEqual([]);
  });

  it('carries its typical lengths, measured like the real games\' (the rules help shows them)', () => {
    const measured = measureTypicalLengths(new GameRegistry([guessModule]));
    expect(measured.guess, 'test/games/toy/typical-length.data.ts is out of date').toEqual(guessModule.typicalLengths);
    expect(lengthTable(registry.modules).guess).toBe(guessModule.typicalLengths);
    expect(markdownTable(registry, lengthTable(registry.modules))).toMatch(/\| Guess \| — \| 2 \| \d+ \| \d+ min/);
    const options = guessModule.definition.optionsSchema.parse({});
    for (const language of LANGUAGES) {
      const rules = rulesMessage(guessModule, options, catalogs[language]).embeds![0]!.description!;
      expect(rules, language).toContain(guessTexts[language].rules);
      expect(rules, language).toMatch(/⏱️ \*\*.+:\*\*/);
    }
  });
});
