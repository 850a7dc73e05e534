/**
 * The games' bot files stay pure like the engines (docs/architecture.md §2): every file a
 * src/games/<game>/bot*.ts imports, followed transitively through relative imports, imports
 * nothing from discord.js, the database, the logger, the clock, timers, Node I/O or
 * unseeded randomness. (Same rules as test/unit/engine-purity.test.ts.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const GAMES = join(import.meta.dirname, '../../src/games');

const FORBIDDEN: [RegExp, string][] = [
  [/from\s+['"](discord\.js|@discordjs\/[^'"]+|discord-api-types[^'"]*)['"]/, 'Discord'],
  [/from\s+['"](better-sqlite3|drizzle-orm[^'"]*)['"]/, 'the database'],
  [/from\s+['"](pino[^'"]*)['"]/, 'the logger'],
  [/from\s+['"][^'"]*(persistence|tables|discord|logger|config)[^'"]*['"]/, 'a non-pure project module'],
  [/from\s+['"](node:)?(fs|net|http|https|child_process|timers|crypto|worker_threads|os|v8)['"]/, 'Node I/O'],
  [/\bMath\.random\b/, 'Math.random'],
  [/\bDate\.now\b|\bnew Date\b|\bperformance\.now\b|\bprocess\.hrtime\b/, 'the clock'],
  [/\b(setTimeout|setInterval|setImmediate)\s*\(/, 'timers'],
];

function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');
}

/** Every project file reachable from `entry` through relative imports. */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:import|export)[^'"]*from\s+['"](\.[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts'));
      if (existsSync(target)) todo.push(target);
    }
  }
  return [...seen];
}

const botFiles = readdirSync(GAMES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(GAMES, d.name)).filter((f) => /^bot.*\.ts$/.test(f)).map((f) => join(GAMES, d.name, f)));

describe('bot files stay pure', () => {
  it('finds a bot file in every game', () => {
    expect(botFiles.filter((f) => f.endsWith('/bot.ts'))).toHaveLength(4);
  });

  for (const entry of botFiles) {
    it(`${entry.slice(GAMES.length + 1)} and everything it imports`, () => {
      for (const file of reachable(entry)) {
        const src = stripComments(readFileSync(file, 'utf8'));
        for (const [re, what] of FORBIDDEN) expect(re.test(src), `${file} reaches ${what}`).toBe(false);
      }
    });
  }
});
