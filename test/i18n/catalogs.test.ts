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
import fc from 'fast-check';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { catalogFor, languageOf, type ArityMismatches, type Messages } from '../../src/i18n/index.js';
import { noirTexts } from '../../src/games/noir/text/index.js';

const ROOT = resolve(import.meta.dirname, '../..');

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
  // Spelled the same in Spanish.
  'common.commandNames.bots',
  'suspicion.pictures.bot',
  'phantom.pictures.bot',
  'bots.levels.normal',
  'noir.roleName.inspector',
  'noir.canvasItem',
  'noir.pictures.roleName.inspector',
  'noir.pictures.word.inspector',
  'jaccuse.pictures.suspicionName.jaccuse',
  'jaccuse.pictures.inspector',
]);

/** How to make arguments of one parameter type. */
type Gen = fc.Arbitrary<unknown>;

const WORDS = ['Ana', 'Ben', 'Cleo', 'Dov', '<@123>', '🟥 red', 'in 5 minutes', '**x**', ''];

/** A fast-check arbitrary for values of `type` (strings, numbers, booleans, literals, null, arrays, object literals, functions returning a word). */
function arbitraryOf(checker: ts.TypeChecker, type: ts.Type): Gen {
  // A function parameter (a lesson note's `name(seat)`): a function answering with one of the sample words.
  if (type.getCallSignatures().length > 0) return fc.constantFrom(...WORDS.filter((word) => word !== '')).map((word) => () => word);
  if (type.isUnion()) return fc.oneof(...type.types.map((member) => arbitraryOf(checker, member)));
  if (type.isStringLiteral()) return fc.constant(type.value);
  if (type.isNumberLiteral()) return fc.constant(type.value);
  const flags = type.getFlags();
  if (flags & ts.TypeFlags.BooleanLiteral) return fc.constant(checker.typeToString(type) === 'true');
  if (flags & ts.TypeFlags.Boolean) return fc.boolean();
  if (flags & ts.TypeFlags.String) return fc.oneof(fc.constantFrom(...WORDS), fc.string({ minLength: 1, maxLength: 12 }));
  if (flags & ts.TypeFlags.Number) return fc.oneof(fc.constantFrom(0, 1, 2, 3, 5, 11, 21, 100, 1000, 1_000_000), fc.integer({ min: -50, max: 50_000 }));
  if (flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) return fc.constant(flags & ts.TypeFlags.Null ? null : undefined);
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return fc.array(arbitraryOf(checker, element!), { maxLength: 3 });
  }
  if (flags & ts.TypeFlags.Object) {
    const fields: Record<string, Gen> = {};
    for (const property of checker.getPropertiesOfType(type)) {
      fields[property.name] = arbitraryOf(checker, checker.getTypeOfSymbol(property));
    }
    return fc.record(fields, { noNullPrototype: true });
  }
  throw new Error(`no sample arguments for type ${checker.typeToString(type)}`);
}

/** One catalog entry: its dotted path, and either a plain text or the arbitraries of its parameters. */
interface Entry {
  path: string;
  parameters: Gen[] | null;
}

/**
 * Where the English words are: the common catalog (src/i18n/en/), and each game's texts
 * (src/games/<game>/text/en.ts) under the game's id.
 */
const SOURCES = [{ file: 'src/i18n/en/index.ts', prefix: '' }, ...GAME_MODULES.map((mod) => ({ file: `src/games/${mod.id}/text/en.ts`, prefix: mod.id }))];

/** Each game's texts by language (src/games/<game>/text/index.ts `<game>Texts`). */
const GAME_TEXTS = await Promise.all(
  GAME_MODULES.map(async (mod) => [mod.id, ((await import(/* @vite-ignore */ join(ROOT, `src/games/${mod.id}/text/index.ts`))) as Record<string, Record<'en' | 'es', unknown>>)[`${mod.id}Texts`]!] as const),
);

/** All the English words: the common catalog with each game's texts under its id. */
const EN: Record<string, unknown> = { ...en, ...Object.fromEntries(GAME_TEXTS.map(([id, texts]) => [id, texts.en])) };
/** All the Spanish words, keyed like `EN`. */
const ES: Record<string, unknown> = { ...es, ...Object.fromEntries(GAME_TEXTS.map(([id, texts]) => [id, texts.es])) };

/** Every entry of the English words (`SOURCES`), with its parameters' arbitraries (the derived per-key table). */
function entriesOfEnglish(): Entry[] {
  const files = SOURCES.map((source) => join(ROOT, source.file));
  const program = ts.createProgram(files, { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true });
  const checker = program.getTypeChecker();
  const out: Entry[] = [];
  const walk = (type: ts.Type, path: string): void => {
    if (path === 'common.format') return; // the formatters, not messages (tested in format.test.ts)
    const signatures = type.getCallSignatures();
    if (signatures.length > 0) {
      const parameters = signatures[0]!.getParameters().map((parameter) => arbitraryOf(checker, checker.getTypeOfSymbol(parameter)));
      out.push({ path, parameters });
      return;
    }
    if (type.getFlags() & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike)) {
      out.push({ path, parameters: null });
      return;
    }
    if (checker.isTupleType(type) || checker.isArrayType(type)) {
      out.push({ path, parameters: null });
      return;
    }
    const properties = checker.getPropertiesOfType(type);
    const index = type.getStringIndexType();
    if (index && properties.length === 0) {
      // A Record<string, string>: walk the keys the English object really has.
      const value = valueAt(EN, path) as Record<string, unknown>;
      for (const key of Object.keys(value)) out.push({ path: `${path}.${key}`, parameters: null });
      return;
    }
    for (const property of properties) walk(checker.getTypeOfSymbol(property), path ? `${path}.${property.name}` : property.name);
  };
  for (const [i, { prefix }] of SOURCES.entries()) {
    const source = program.getSourceFile(files[i]!)!;
    const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((s) => s.name === 'en')!;
    walk(checker.getTypeOfSymbol(symbol), prefix);
  }
  return out;
}

/** The value at a dotted path of a catalog. */
function valueAt(catalog: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], catalog);
}

/** Render one entry of `catalog` with `args`. */
function render(catalog: unknown, entry: Entry, args: unknown[]): unknown {
  const value = valueAt(catalog, entry.path);
  if (entry.parameters === null) return Array.isArray(value) ? value.join(' ') : value;
  return (value as (...a: unknown[]) => unknown)(...args);
}

const LEFTOVERS = /undefined|NaN|\[object Object\]|\$\{/;

describe('the English and Spanish catalogs', () => {
  const entries = entriesOfEnglish();

  it('finds every entry (the table is derived from the English catalog)', () => {
    expect(entries.length).toBeGreaterThan(500);
    expect(entries.map((entry) => entry.path)).toContain('common.lobby.title');
    expect(entries.map((entry) => entry.path)).toContain('noir.rulesHelp');
  });

  it('every entry renders in both languages for random arguments, without leftovers', () => {
    for (const entry of entries) {
      const args = entry.parameters === null ? fc.constant([] as unknown[]) : fc.tuple(...entry.parameters);
      fc.assert(
        fc.property(args, (values) => {
          for (const catalog of [EN, ES]) {
            const text = render(catalog, entry, values as unknown[]);
            expect(typeof text, entry.path).toBe('string');
            const argumentsText = JSON.stringify(values);
            if (!LEFTOVERS.test(argumentsText)) expect(text as string, entry.path).not.toMatch(LEFTOVERS);
          }
        }),
        { numRuns: entry.parameters === null || entry.parameters.length === 0 ? 1 : 25, seed: 12 },
      );
    }
  });

  it('no Spanish entry is left in English (beyond names, emoji and symbols)', () => {
    const flagged: string[] = [];
    for (const entry of entries) {
      const samples = fc.sample(entry.parameters === null ? fc.constant([] as unknown[]) : fc.tuple(...entry.parameters), { numRuns: 5, seed: 3 });
      for (const values of samples) {
        const english = render(EN, entry, values as unknown[]);
        const spanish = render(ES, entry, values as unknown[]);
        if (english !== spanish || SAME_IN_BOTH.has(entry.path)) continue;
        // What is left once the arguments are taken out: words of the catalog itself?
        let own = String(english);
        for (const value of (values as unknown[]).flatMap((v) => (typeof v === 'object' && v !== null ? Object.values(v) : [v]))) {
          if (String(value).length > 0) own = own.split(String(value)).join(' ');
        }
        if (/\p{L}{2,}/u.test(own.replace(/<t:\d+:R>|`[^`]*`/g, ''))) {
          flagged.push(`${entry.path}: ${JSON.stringify(english)}`);
          break;
        }
      }
    }
    expect(flagged, `Spanish text identical to the English:\n${flagged.join('\n')}`).toEqual([]);
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
