/**
 * Calling every entry of a set of words (README "Languages"; test/i18n/catalogs.test.ts): the
 * parameter types of each English entry are read with the TypeScript compiler (so a new key is
 * covered the moment it exists), random arguments of those types are generated, and each
 * entry is rendered in English and Spanish. Used for the common catalog and each game's texts
 * (src/games/<game>/text/), and for a test game's (test/games/toy/text/) the same way.
 */
import fc from 'fast-check';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { expect } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Where one set of words is: its English file (exporting \`en\`), the dotted prefix of its keys, and its values in both languages. */
export interface WordSource {
  /** Repository-relative path of the English file, which exports \`en\`. */
  file: string;
  /** Prefix of every key ('' for the common catalog, the game's id for a game's texts). */
  prefix: string;
  en: unknown;
  es: unknown;
}

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

/** One entry of the words: its dotted path, and either a plain text or the arbitraries of its parameters. */
export interface Entry {
  path: string;
  parameters: Gen[] | null;
}

/** Every entry of a set of words, with the English and Spanish values it is rendered from. */
export interface Words {
  entries: Entry[];
  /** The English values, keyed by the entries' dotted paths. */
  en: Record<string, unknown>;
  /** The Spanish values, keyed like \`en\`. */
  es: Record<string, unknown>;
}

/** Merge sources' values under their prefixes. */
function merged(sources: readonly WordSource[], language: 'en' | 'es'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const source of sources) {
    if (source.prefix) out[source.prefix] = source[language];
    else Object.assign(out, source[language]);
  }
  return out;
}

/** Every entry of the English words of \`sources\`, with its parameters' arbitraries (the derived per-key table). */
export function wordsOf(sources: readonly WordSource[]): Words {
  const EN = merged(sources, 'en');
  const ES = merged(sources, 'es');
  const files = sources.map((source) => join(ROOT, source.file));
  // No ambient @types (the words need none): loading @types/node was most of the program's cost.
  const program = ts.createProgram(files, { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, lib: ['lib.es2023.d.ts'], types: [], skipLibCheck: true, noEmit: true });
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
  for (const [i, { prefix, file }] of sources.entries()) {
    const source = program.getSourceFile(files[i]!);
    if (!source) throw new Error(`no such file: ${file}`);
    const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((s) => s.name === 'en');
    if (!symbol) throw new Error(`${file} exports no \`en\``);
    walk(checker.getTypeOfSymbol(symbol), prefix);
  }
  return { entries: out, en: EN, es: ES };
}

/** The value at a dotted path of a catalog. */
function valueAt(catalog: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], catalog);
}

/** Render one entry of \`catalog\` with \`args\`. */
function render(catalog: unknown, entry: Entry, args: unknown[]): unknown {
  const value = valueAt(catalog, entry.path);
  if (entry.parameters === null) return Array.isArray(value) ? value.join(' ') : value;
  return (value as (...a: unknown[]) => unknown)(...args);
}

const LEFTOVERS = /undefined|NaN|\[object Object\]|\$\{/;

/** Fails unless every entry renders a string in both languages for random arguments, without template leftovers. */
export function expectEveryEntryRenders(words: Words): void {
  for (const entry of words.entries) {
    const args = entry.parameters === null ? fc.constant([] as unknown[]) : fc.tuple(...entry.parameters);
    fc.assert(
      fc.property(args, (values) => {
        for (const catalog of [words.en, words.es]) {
          const text = render(catalog, entry, values as unknown[]);
          expect(typeof text, entry.path).toBe('string');
          const argumentsText = JSON.stringify(values);
          if (!LEFTOVERS.test(argumentsText)) expect(text as string, entry.path).not.toMatch(LEFTOVERS);
        }
      }),
      { numRuns: entry.parameters === null || entry.parameters.length === 0 ? 1 : 25, seed: 12 },
    );
  }
}

/**
 * The entries whose Spanish renders exactly like the English beyond names, emoji, symbols and
 * the arguments themselves (\`path: "english"\`), except those in \`sameInBoth\`.
 */
export function leftInEnglish(words: Words, sameInBoth: ReadonlySet<string>): string[] {
  const flagged: string[] = [];
  for (const entry of words.entries) {
    const samples = fc.sample(entry.parameters === null ? fc.constant([] as unknown[]) : fc.tuple(...entry.parameters), { numRuns: 5, seed: 3 });
    for (const values of samples) {
      const english = render(words.en, entry, values as unknown[]);
      const spanish = render(words.es, entry, values as unknown[]);
      if (english !== spanish || sameInBoth.has(entry.path)) continue;
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
  return flagged;
}
