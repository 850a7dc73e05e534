/**
 * Engine purity (docs/architecture.md §2; src/games/README.md "Purity"): a game engine imports nothing
 * from discord.js, the database, the logger, the clock, timers, Node I/O or Math.random —
 * and neither does any file it imports, however indirectly. Starting from each game's
 * `engine.ts` (its `GameDefinition`) every import is followed, type-only ones included, and
 * every file reached is checked; a package import must be one of the few pure libraries
 * engines may use, and a project file must live under src/games.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const GAMES = resolve(import.meta.dirname, '../../src/games');

/** Packages an engine may import (pure: no I/O, no clock, no randomness of their own). */
const PURE_PACKAGES = new Set(['zod', 'pure-rand']);

/** Forbidden uses inside an engine file (on source without comments). */
const FORBIDDEN: [RegExp, string][] = [
  [/\bMath\.random\b/, 'Math.random'],
  [/\bDate\.now\b|\bnew Date\b|\bperformance\.now\b|\bprocess\.hrtime\b/, 'the clock'],
  [/\b(setTimeout|setInterval|setImmediate|queueMicrotask)\s*\(/, 'timers'],
  [/\bprocess\.(env|argv|stdout|stderr|exit)\b/, 'the process'],
  [/\bconsole\.\w+\s*\(/, 'the console'],
];

/** Source without comments (doc comments may name what the code must not use). */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');
}

/** The module specifiers a source text imports (static, type-only, re-exports, dynamic import). */
function importsOf(sourceText: string): string[] {
  return ts.preProcessFile(sourceText, true, true).importedFiles.map((file) => file.fileName);
}

/** The package a bare specifier names ('zod/v4' → 'zod', '@discordjs/builders' → itself). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The .ts file a relative specifier of `from` resolves to ('./moves.js' → moves.ts), or null. */
function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** One reason a file reached from an engine is not pure. */
interface Impurity {
  /** The file, relative to `root`. */
  file: string;
  /** The chain of imports from the engine to `file`. */
  via: string[];
  what: string;
}

/** A file's path relative to `root`, with forward slashes. */
const relativeName = (root: string, file: string) => relative(root, file).split(sep).join('/');

/**
 * Every impurity in the files `entry` reaches through its imports, transitively, and the
 * files reached (relative to `root`, the folder project files must stay inside: src/games).
 */
function check(entry: string, root: string): { found: Impurity[]; reached: string[] } {
  const found: Impurity[] = [];
  const seen = new Set<string>();
  const queue: { file: string; via: string[] }[] = [{ file: entry, via: [] }];
  while (queue.length > 0) {
    const { file, via } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const name = relativeName(root, file);
    const chain = [...via, name];
    const source = readFileSync(file, 'utf8');
    const code = stripComments(source);
    for (const [pattern, what] of FORBIDDEN) if (pattern.test(code)) found.push({ file: name, via: chain, what });
    for (const specifier of importsOf(source)) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier);
        if (!target) found.push({ file: name, via: chain, what: `an import that does not resolve: ${specifier}` });
        else if (relativeName(root, target).startsWith('..')) found.push({ file: name, via: chain, what: `a project module outside src/games: ${relativeName(root, target)}` });
        else queue.push({ file: target, via: chain });
      } else if (!PURE_PACKAGES.has(packageOf(specifier))) {
        found.push({ file: name, via: chain, what: `the package ${specifier}` });
      }
    }
  }
  return { found, reached: [...seen].map((file) => relativeName(root, file)) };
}

/** The impurities as one line each: the import chain and what it reaches. */
function impurities(entry: string, root: string): string[] {
  return check(entry, root).found.map((impurity) => `${impurity.via.join(' → ')}: ${impurity.what}`);
}

/** Each game's engine entry (src/games/<game>/engine.ts) and the shared engine files. */
function engineEntries(): string[] {
  const out = [join(GAMES, 'engine.ts'), join(GAMES, 'moves.ts'), join(GAMES, 'rng.ts')];
  for (const name of readdirSync(GAMES)) {
    const engine = join(GAMES, name, 'engine.ts');
    if (statSync(join(GAMES, name)).isDirectory() && existsSync(engine)) out.push(engine);
  }
  return out;
}

describe('engine purity', () => {
  const entries = engineEntries();

  it('finds every game engine', () => {
    expect(entries.map((entry) => relativeName(GAMES, entry)).sort()).toEqual(['engine.ts', 'jaccuse/engine.ts', 'moves.ts', 'noir/engine.ts', 'phantom/engine.ts', 'rng.ts', 'suspicion/engine.ts']);
  });

  for (const entry of entries) {
    it(`${relativeName(GAMES, entry)} and every file it imports stay pure`, () => {
      expect(impurities(entry, GAMES)).toEqual([]);
    });
  }

  it('the walk reaches every part of a game engine (src/games/README.md layout)', () => {
    for (const game of ['suspicion', 'noir', 'phantom', 'jaccuse']) {
      const reached = check(join(GAMES, game, 'engine.ts'), GAMES).reached;
      for (const part of ['rules', 'setup', 'moves', 'views', 'codec', 'autoplay']) expect(reached, game).toContain(`${game}/${part}.ts`);
      expect(reached, game).not.toContain(`${game}/ui.ts`);
    }
  });

  describe('the check itself', () => {
    /** A folder of fixture files (paths may name sub-folders); the games root is its `games/`. */
    const fixture = (files: Record<string, string>) => {
      const dir = mkdtempSync(join(tmpdir(), 'engine-purity-'));
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      return { root: join(dir, 'games'), engine: join(dir, 'games', 'engine.ts'), [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
    };

    it('fails an engine that imports a helper that imports discord.js, the database or the clock', () => {
      using dir = fixture({
        'games/engine.ts': "import { helper } from './helper.js';\nimport type { Row } from './row.js';\nexport const x = helper();",
        'games/helper.ts': "/** Math.random is named in a comment only. */\nimport { Client } from 'discord.js';\nimport { clock } from './clock.js';\nexport const helper = () => clock();",
        'games/clock.ts': 'export const clock = () => Date.now();',
        'games/row.ts': "import type Database from 'better-sqlite3';\nexport type Row = Database.Database;",
      });
      const found = impurities(dir.engine, dir.root);
      expect(found).toEqual(
        expect.arrayContaining([
          'engine.ts → helper.ts: the package discord.js',
          'engine.ts → helper.ts → clock.ts: the clock',
          'engine.ts → row.ts: the package better-sqlite3',
        ]),
      );
      expect(found).toHaveLength(3);
    });

    it('fails a project module outside the games folder, Node I/O and Math.random', () => {
      using dir = fixture({
        'games/engine.ts': "import { log } from '../logger.js';\nimport { readFileSync } from 'node:fs';\nexport const roll = () => Math.random();",
        'logger.ts': 'export const log = 1;',
      });
      expect(impurities(dir.engine, dir.root).map((line) => line.replace(/^engine\.ts: /, ''))).toEqual(
        expect.arrayContaining(['Math.random', 'the package node:fs', 'a project module outside src/games: ../logger.ts']),
      );
    });

    it('passes a pure engine that uses zod', () => {
      using dir = fixture({
        'games/engine.ts': "import { z } from 'zod';\nimport { rules } from './rules.js';\nexport const schema = z.object({});\nexport { rules };",
        'games/rules.ts': 'export const rules = 1;',
      });
      expect(impurities(dir.engine, dir.root)).toEqual([]);
    });
  });
});
