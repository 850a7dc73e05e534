/**
 * The shape of the house (docs/architecture.md §1, §2, §9):
 *
 * - a game (every file under src/games) imports nothing from src/discord, src/tables,
 *   src/persistence, src/commands or src/bots — the bot contract lives in src/games/bot.ts;
 * - there is no import cycle among the files of src/, type-only imports included (imports are
 *   read with the TypeScript compiler, so comments and strings are not mistaken for imports);
 * - every per-game table has every game of the one list (src/games/index.ts): the bot kits,
 *   each language's texts and command names, the typical lengths, the bench set-ups (declared
 *   by each game module and read from the list by the arena and the legal-move bench);
 * - every file a comment in src/ (or test/, bench/, scripts/) cites exists in the repository,
 *   and none cites the design notes that live outside it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { botKit } from '../../src/bots/kits.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { catalogs, LANGUAGES } from '../../src/i18n/index.js';
import { arenaSetups, legalMovesSetups } from '../../bench/setups.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** Every source file below `dir` with one of `extensions`. */
function sourceFiles(dir: string, extensions = ['.ts']): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path, extensions));
    else if (extensions.some((extension) => name.endsWith(extension)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The project files `file` (absolute) imports, resolved (`./x.js` → `x.ts`, a folder → its index.ts); packages left out. */
export function importedFiles(file: string, sourceText: string, exists: (path: string) => boolean = existsSync): string[] {
  const out: string[] = [];
  for (const { fileName } of ts.preProcessFile(sourceText, true, true).importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolve(dirname(file), fileName);
    const candidates = [target.replace(/\.js$/, '.ts'), target, join(target, 'index.ts')];
    const found = candidates.find(exists);
    if (found) out.push(found);
  }
  return out;
}

/** The import cycles of `graph` (file → the files it imports): each strongly connected set of two or more files, or a file importing itself. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      if (members.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(members.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Wings a game may not import. */
const ABOVE_THE_GAMES = ['discord', 'tables', 'persistence', 'commands', 'bots'];

/** The imports of a file under src/games (path relative to src/) that reach a wing above the games. */
export function upwardImports(srcRelative: string, sourceText: string): string[] {
  const file = join(SRC, srcRelative);
  return ts
    .preProcessFile(sourceText, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .filter((specifier) => ABOVE_THE_GAMES.includes(relative(SRC, resolve(dirname(file), specifier)).split(sep)[0]!))
    .map((specifier) => `src/${srcRelative.split(sep).join('/')} imports '${specifier}'`);
}

/** Paths of repository files cited in a text's comments (`docs/…`, `src/…`, `test/…`, `bench/…`, `scripts/…`, `README.md`). */
export function citedFiles(sourceText: string): string[] {
  // Every comment of the parsed file: the comment ranges before and after each node's tokens.
  const source = ts.createSourceFile('cited.ts', sourceText, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const seen = new Set<number>();
  const comments: string[] = [];
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push(sourceText.slice(range.pos, range.end));
    }
  };
  const visit = (node: ts.Node): void => {
    take(ts.getLeadingCommentRanges(sourceText, node.pos));
    take(ts.getTrailingCommentRanges(sourceText, node.end));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  const out = new Set<string>();
  for (const comment of comments) {
    for (const match of comment.matchAll(/(?<![\w./-])((?:docs|src|test|bench|scripts)\/[\w./<>-]*[\w>]\.(?:md|ts|js|mjs|json|css|html)|README\.md)/g)) {
      // Placeholders (`docs/rules/<game>.md`) and hidden scratch files (`bench/.x.ts`) name no file.
      if (!match[1]!.includes('<') && !match[1]!.includes('/.')) out.add(match[1]!);
    }
  }
  return [...out];
}

/** Design notes that live outside the repository: a comment must not cite them. */
const OUTSIDE_NOTES = /(?<![\w/])(DESIGN\.md|UX\.md|discord-platform\.md|(?<!docs\/)rules\/[a-z-]+\.md)/;

describe('architecture', () => {
  const files = sourceFiles(SRC);

  it('no game imports a wing above the games', () => {
    const found = files
      .filter((file) => relative(SRC, file).startsWith(`games${sep}`))
      .flatMap((file) => upwardImports(relative(SRC, file), readFileSync(file, 'utf8')));
    expect(found, `games importing upwards:\n${found.join('\n')}`).toEqual([]);
    // The check itself: each forbidden wing, type-only imports too; the games' own contract is fine.
    expect(upwardImports(join('games', 'noir', 'bot.ts'), "import type { BotKit } from '../../bots/kit.js';")).toHaveLength(1);
    expect(upwardImports(join('games', 'noir', 'ui.ts'), "import { x } from '../../discord/render/board.js';")).toHaveLength(1);
    expect(upwardImports(join('games', 'x.ts'), "export { y } from '../tables/service.js';\nconst z = import('../persistence/db.js');")).toHaveLength(2);
    expect(upwardImports(join('games', 'x.ts'), "import type { C } from '../commands/index.js';")).toHaveLength(1);
    expect(upwardImports(join('games', 'noir', 'bot.ts'), "import type { BotKit } from '../bot.js';\n// import '../../bots/kit.js'")).toEqual([]);
  });

  it('no import cycle in src/, type-only imports included', () => {
    const graph = new Map(files.map((file) => [file, importedFiles(file, readFileSync(file, 'utf8'))]));
    // Sanity: the resolver sees the imports the router has.
    expect(graph.get(join(SRC, 'discord/interactions/router.ts'))).toContain(join(SRC, 'discord/interactions/components.ts'));
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '));
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('the cycle finder finds cycles of any length, including type-only ones', () => {
    const a = join(SRC, 'games/a.ts');
    const b = join(SRC, 'games/b.ts');
    const c = join(SRC, 'games/c.ts');
    const exists = (path: string) => [a, b, c].includes(path);
    const graph = new Map([
      [a, importedFiles(a, "import type { B } from './b.js';", exists)],
      [b, importedFiles(b, "import { c } from './c.js';", exists)],
      [c, importedFiles(c, "export type { A } from './a.js';", exists)],
    ]);
    expect(cyclesOf(graph)).toEqual([[a, b, c].sort()]);
    expect(cyclesOf(new Map([[a, [b]], [b, []]]))).toEqual([]);
    expect(cyclesOf(new Map([[a, [a]]]))).toEqual([[a]]);
  });

  it('every game is in every per-game table', () => {
    for (const module of GAME_MODULES) {
      // The bot kit (src/bots/kits.ts derives it from the list; worker threads load the same list).
      expect(botKit(module.id)).toBe(module.bot);
      expect(module.bot.game).toBe(module.id);
      expect(module.bot.definition).toBe(module.definition);
      // Every language's texts, and a name in that language for the command and each of its options.
      const optionNames = [module.command, ...module.newOptions.map((o) => o.name), ...(module.rulesOptions ?? []).map((o) => o.name)];
      for (const language of LANGUAGES) {
        const t = catalogs[language];
        const text = module.text(t);
        expect(text.title, `${module.id} ${language}`).toBe(module.title(t));
        expect(text.helpLine.length, `${module.id} ${language} helpLine`).toBeGreaterThan(10);
        const names: Record<string, string> = { ...(t.common.commandNames as Record<string, string>), ...text.commandNames };
        for (const name of optionNames) expect(names[name], `${language} name of /${module.command} ${name}`).toMatch(/^[\p{Ll}\p{Lo}\p{N}_-]{1,32}$/u);
      }
      expect(module.typicalLengths, `${module.id}: typical lengths in its module (npm run game-lengths -- --write)`).toBeDefined();
      // Its bench set-ups (src/games/module.ts `GameBenchSetups`): tables the game's own schema accepts.
      const bench = module.bench;
      expect(bench, `${module.id}: bench set-ups in its module (src/games/<game>/bench.ts)`).toBeDefined();
      const schema = module.definition.optionsSchema;
      expect(bench!.arena.setups.length, `${module.id}: arena set-ups`).toBeGreaterThan(0);
      expect(new Set(bench!.arena.setups.map((s) => s.label)).size, `${module.id}: arena labels unique`).toBe(bench!.arena.setups.length);
      for (const setup of bench!.arena.setups) expect(schema.safeParse(setup.options).success, `${module.id} arena ${setup.label}`).toBe(true);
      expect(Number.isInteger(bench!.arena.deals) && bench!.arena.deals > 0, `${module.id}: arena deals`).toBe(true);
      expect(Number.isInteger(bench!.arena.hardIterations) && bench!.arena.hardIterations > 0, `${module.id}: Hard iterations`).toBe(true);
      expect(bench!.legalMoves.length, `${module.id}: legal-move configurations`).toBeGreaterThan(0);
      for (const setup of bench!.legalMoves) {
        expect(schema.safeParse(setup.options).success, `${module.id} legal moves ${setup.label}`).toBe(true);
        expect(setup.seats, `${setup.label} seats`).toBeGreaterThanOrEqual(module.definition.minPlayers);
        expect(setup.seats, `${setup.label} seats`).toBeLessThanOrEqual(module.definition.maxPlayers);
      }
      // The benches read them from the list (bench/setups.ts), in its order.
      expect(arenaSetups(module.id).map((s) => s.label)).toEqual(bench!.arena.setups.map((s) => s.label));
    }
    const legalMoves = legalMovesSetups();
    expect(legalMoves.map((c) => c.game)).toEqual(GAME_MODULES.flatMap((module) => (module.bench?.legalMoves ?? []).map(() => module.id)));
    expect(new Set(legalMoves.map((c) => c.label)).size, 'legal-move labels unique').toBe(legalMoves.length);
  });

  it('every file a comment cites is in the repository, and no comment cites notes outside it', () => {
    const roots = ['src', 'test', 'bench', 'scripts'].map((dir) => join(ROOT, dir));
    const missing: string[] = [];
    const outside: string[] = [];
    let cited = 0;
    for (const file of roots.flatMap((dir) => sourceFiles(dir, ['.ts', '.js', '.mjs']))) {
      const text = readFileSync(file, 'utf8');
      for (const path of citedFiles(text)) {
        cited += 1;
        if (!existsSync(join(ROOT, path))) missing.push(`${relative(ROOT, file)} cites ${path}`);
      }
      if (file === join(ROOT, 'test/unit/architecture.test.ts')) continue;
      const line = text.split('\n').findIndex((l) => OUTSIDE_NOTES.test(l));
      if (line >= 0) outside.push(`${relative(ROOT, file)}:${line + 1}`);
    }
    expect(cited).toBeGreaterThan(100);
    expect(missing, `cited files missing:\n${missing.join('\n')}`).toEqual([]);
    expect(outside, `citations of notes outside the repository:\n${outside.join('\n')}`).toEqual([]);
    // The check itself.
    expect(citedFiles("/** See docs/rules/noir.md §2.5 and src/games/engine.ts. */\nconst s = 'docs/nope.md';")).toEqual(['docs/rules/noir.md', 'src/games/engine.ts']);
    expect(OUTSIDE_NOTES.test('// DESIGN.md §3')).toBe(true);
    expect(OUTSIDE_NOTES.test(' * rules/noir-killer-vs-inspector.md §2.4')).toBe(true);
    expect(OUTSIDE_NOTES.test(' * docs/rules/noir.md §2.4')).toBe(false);
  });
});
