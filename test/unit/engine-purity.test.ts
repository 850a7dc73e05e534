/**
 * Engine purity (DESIGN.md §2): engine and rules files import nothing from discord.js, the
 * database, the logger, the clock or Math.random. Fails if any such file reaches out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const GAMES = join(import.meta.dirname, '../../src/games');

/** Every engine.ts / rules.ts (and files under an engine/ or rules/ folder) below src/games. */
function pureFiles(dir: string, inPure = false): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      out.push(...pureFiles(p, inPure || name === 'engine' || name === 'rules'));
    } else if (name.endsWith('.ts') && (inPure || /^(engine|rules|rng)\.ts$/.test(name) || /^(engine|rules)[.-]/.test(name))) {
      out.push(p);
    }
  }
  return out;
}

const FORBIDDEN: [RegExp, string][] = [
  [/from\s+['"](discord\.js|@discordjs\/[^'"]+|discord-api-types[^'"]*)['"]/, 'Discord'],
  [/from\s+['"](better-sqlite3|drizzle-orm[^'"]*)['"]/, 'the database'],
  [/from\s+['"](pino[^'"]*)['"]/, 'the logger'],
  [/from\s+['"][^'"]*(persistence|tables|discord|logger|config)[^'"]*['"]/, 'a non-pure project module'],
  [/from\s+['"](node:)?(fs|net|http|https|child_process|timers|crypto|worker_threads)['"]/, 'Node I/O'],
  [/\bMath\.random\b/, 'Math.random'],
  [/\bDate\.now\b|\bnew Date\b|\bperformance\.now\b|\bprocess\.hrtime\b/, 'the clock'],
  [/\b(setTimeout|setInterval|setImmediate)\s*\(/, 'timers'],
];

/** Source without comments (doc comments may name what the code must not use). */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');
}

describe('engine purity', () => {
  const files = pureFiles(GAMES);

  it('finds the engine files to check', () => {
    expect(files.some((f) => f.endsWith('engine.ts'))).toBe(true);
  });

  for (const file of files) {
    it(`${file.slice(GAMES.length + 1)} stays pure`, () => {
      const src = stripComments(readFileSync(file, 'utf8'));
      for (const [re, what] of FORBIDDEN) {
        expect(re.test(src), `${file} reaches ${what}`).toBe(false);
      }
    });
  }

  it('the check itself catches a forbidden import', () => {
    const bad = stripComments("/** doc */\nimport { Client } from 'discord.js';\nconst x = Math.random();");
    expect(FORBIDDEN.filter(([re]) => re.test(bad)).map(([, what]) => what)).toEqual(expect.arrayContaining(['Discord', 'Math.random']));
    expect(FORBIDDEN.some(([re]) => re.test(stripComments('// Math.random is banned')))).toBe(false);
  });
});
