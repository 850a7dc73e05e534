/**
 * The shape of the house (docs/architecture.md §1, §2, §9):
 *
 * - a game (every file under src/games) imports nothing from src/discord, src/tables,
 *   src/persistence, src/commands or src/bots — the bot contract lives in src/games/bot.ts;
 * - there is no import cycle among the files of src/, bench/ and scripts/, type-only imports included (imports are
 *   read with the TypeScript compiler, so comments and strings are not mistaken for imports);
 * - every per-game table has every game of the one list (src/games/index.ts): the bot kits,
 *   each language's texts and command names, the typical lengths, the bench set-ups (declared
 *   by each game module and read from the list by the arena and the legal-move bench);
 * - every file a comment in src/ (or test/, bench/, scripts/) cites exists in the repository,
 *   and none cites the design notes that live outside it;
 * - every section a file or document cites (`docs/architecture.md §9`, a rules file's `§2.5`)
 *   is a heading of the cited document, and a code term written right after it
 *   (`§3 \`pending\``) is in that section; every heading cited (`README "Languages"`,
 *   `docs/tables.md "Deadlines"`) is there; every type-like name a comment uses exists in the code.
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

/** The comments, identifiers and string literals of a source text, in one pass of the TypeScript scanner. */
export interface Lexed {
  comments: string[];
  identifiers: string[];
  strings: string[];
}

/** The token kinds the lexer tells apart, read once (a property read per token is measurably slow under the test runner). */
const K = {
  Unknown: ts.SyntaxKind.Unknown,
  EndOfFileToken: ts.SyntaxKind.EndOfFileToken,
  CloseBraceToken: ts.SyntaxKind.CloseBraceToken,
  OpenBraceToken: ts.SyntaxKind.OpenBraceToken,
  SlashToken: ts.SyntaxKind.SlashToken,
  SlashEqualsToken: ts.SyntaxKind.SlashEqualsToken,
  TemplateHead: ts.SyntaxKind.TemplateHead,
  TemplateMiddle: ts.SyntaxKind.TemplateMiddle,
  TemplateTail: ts.SyntaxKind.TemplateTail,
  SingleLineCommentTrivia: ts.SyntaxKind.SingleLineCommentTrivia,
  MultiLineCommentTrivia: ts.SyntaxKind.MultiLineCommentTrivia,
  WhitespaceTrivia: ts.SyntaxKind.WhitespaceTrivia,
  NewLineTrivia: ts.SyntaxKind.NewLineTrivia,
  Identifier: ts.SyntaxKind.Identifier,
  PrivateIdentifier: ts.SyntaxKind.PrivateIdentifier,
  FirstKeyword: ts.SyntaxKind.FirstKeyword,
  LastKeyword: ts.SyntaxKind.LastKeyword,
  StringLiteral: ts.SyntaxKind.StringLiteral,
  NoSubstitutionTemplateLiteral: ts.SyntaxKind.NoSubstitutionTemplateLiteral,
} as const;

/** Tokens after which a `/` divides (an expression ended); after anything else it starts a regular expression. */
const ENDS_EXPRESSION = new Set<number>([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.PrivateIdentifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.SuperKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
]);

/**
 * Lex a source text with the TypeScript scanner (template literals and regular expressions
 * re-scanned in context, as the parser would), keeping its comments, identifiers (keywords used
 * as names included) and string literals. One linear pass: far cheaper than parsing.
 */
export function lex(sourceText: string): Lexed {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, sourceText);
  const out: Lexed = { comments: [], identifiers: [], strings: [] };
  // For each open brace: whether it opened a template substitution (`${`).
  const braces: boolean[] = [];
  let previous: number = K.Unknown;
  for (let kind: number = scanner.scan(); kind !== K.EndOfFileToken; kind = scanner.scan()) {
    if (kind === K.CloseBraceToken && braces.pop()) kind = scanner.reScanTemplateToken(false);
    if ((kind === K.SlashToken || kind === K.SlashEqualsToken) && !ENDS_EXPRESSION.has(previous)) kind = scanner.reScanSlashToken();
    if (kind === K.OpenBraceToken) braces.push(false);
    else if (kind === K.TemplateHead || kind === K.TemplateMiddle) braces.push(true);
    if (kind === K.SingleLineCommentTrivia || kind === K.MultiLineCommentTrivia) {
      out.comments.push(scanner.getTokenText());
      continue;
    }
    if (kind === K.WhitespaceTrivia || kind === K.NewLineTrivia) continue;
    if (kind === K.Identifier || kind === K.PrivateIdentifier || (kind >= K.FirstKeyword && kind <= K.LastKeyword)) out.identifiers.push(scanner.getTokenText().replace(/^#/, ''));
    else if (kind === K.StringLiteral || kind === K.NoSubstitutionTemplateLiteral || (kind >= K.TemplateHead && kind <= K.TemplateTail)) out.strings.push(scanner.getTokenText());
    previous = kind;
  }
  return out;
}

const lexedTexts = new Map<string, Lexed>();
/** `lex(sourceText)`, remembered: two tests read the comments of the same files. */
function lexed(sourceText: string): Lexed {
  let out = lexedTexts.get(sourceText);
  if (!out) lexedTexts.set(sourceText, (out = lex(sourceText)));
  return out;
}

/** Every comment of a source text. */
function commentsOf(sourceText: string): string[] {
  return lexed(sourceText).comments;
}

/** Paths of repository files cited in a text's comments (`docs/…`, `src/…`, `test/…`, `bench/…`, `scripts/…`, `README.md`). */
export function citedFiles(sourceText: string): string[] {
  const comments = commentsOf(sourceText);
  const out = new Set<string>();
  for (const comment of comments) {
    for (const match of comment.matchAll(/(?<![\w./-])((?:docs|src|test|bench|scripts)\/[\w./<>-]*[\w>]\.(?:md|ts|js|mjs|json|css|html)|README\.md)/g)) {
      // Placeholders (`docs/rules/<game>.md`) and hidden scratch files (`bench/.x.ts`) name no file.
      if (!match[1]!.includes('<') && !match[1]!.includes('/.')) out.add(match[1]!);
    }
  }
  return [...out];
}

/** Every file whose citations are checked: source files (comments and strings) and Markdown documents, repository-relative. */
function citingFiles(): string[] {
  const code = ['src', 'test', 'bench', 'scripts'].flatMap((dir) => sourceFiles(join(ROOT, dir), ['.ts', '.js', '.mjs', '.md']));
  const docs = sourceFiles(join(ROOT, 'docs'), ['.md']);
  return [...code, ...docs, join(ROOT, 'README.md')].map((file) => relative(ROOT, file).split(sep).join('/')).filter((file) => file !== 'test/unit/architecture.test.ts');
}

/**
 * The citations of `files` (path → text; by default every citing file of the repository) whose
 * section or heading is not in the cited document, as `file: "citation" — problem`, and how
 * many citations were checked.
 */
function citationProblems(files?: Map<string, string>): { problems: string[]; count: number } {
  const texts = files ?? new Map(citingFiles().map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));
  // Each rules file numbers its sections with its own first number (§1.x Suspicion, §2.x NOIR…).
  const rulesDocs = new Map<string, string>();
  for (const file of sourceFiles(join(ROOT, 'docs/rules'), ['.md'])) {
    for (const heading of headingsOf(readFileSync(file, 'utf8'))) {
      const major = /^(\d+)\.\d/.exec(heading)?.[1];
      if (major) rulesDocs.set(major, relative(ROOT, file).split(sep).join('/'));
    }
  }
  const sections = new Map<string, { heading: string; body: string }[] | null>();
  const sectionsOfDoc = (doc: string) => {
    if (!sections.has(doc)) sections.set(doc, existsSync(join(ROOT, doc)) ? sectionsOf(readFileSync(join(ROOT, doc), 'utf8')) : null);
    return sections.get(doc)!;
  };
  const problems: string[] = [];
  let count = 0;
  for (const [file, text] of texts) {
    const self = file.endsWith('.md') ? file : null;
    for (const citation of sectionCitations(text, self, (major) => rulesDocs.get(major))) {
      count += 1;
      const where = `${file}: "${citation.text}"`;
      if (citation.doc === null) {
        problems.push(`${where} — a bare section number names no document: write the file (docs/architecture.md §${citation.section})`);
        continue;
      }
      const list = sectionsOfDoc(citation.doc);
      const found = list?.filter((section) => headingMatches(section.heading, citation)) ?? [];
      if (list === null) problems.push(`${where} — no file ${citation.doc}`);
      else if (found.length === 0) {
        problems.push(`${where} — ${citation.doc} has no ${citation.kind === 'number' ? `section ${citation.section}` : `heading "${citation.section}"`}`);
      } else if (citation.term !== undefined && !found.some((section) => speaksOf(section.body, citation.term!))) {
        problems.push(`${where} — ${citation.doc} §${citation.section} does not speak of \`${citation.term}\``);
      }
    }
  }
  return { problems: [...new Set(problems)], count };
}

/**
 * Names of other projects' types and plain words a comment may use although no code here
 * declares or imports them (discord.js, drizzle, pg, resvg, Intl, the DOM; units).
 */
const NAMES_FROM_ELSEWHERE = new Set([
  ...['CommonJS', 'JavaScript', 'TypeScript', 'DevTools', 'OpenSkill', 'PascalCase', 'KiB', 'MiB', 'GiB'],
  ...['GuildMember', 'InteractionResponse', 'NodePgDatabase', 'DrizzleQueryError', 'RenderedImage'],
  ...['DateTimeFormatOptions', 'RelativeTimeFormatUnit', 'MessageEvent', 'NodeListOf', 'ParentNode'],
]);

/**
 * The type-like names (PascalCase with an inner capital: `TableService`, `GameModule`) used in
 * the comments of `files` (path → text) that are no identifier or string of any of them, as
 * `Name (file)`; and how many distinct names were checked.
 */
function commentNames(files: Map<string, string>): { missing: string[]; checked: number } {
  const identifiers = new Set<string>();
  const used = new Map<string, string>();
  for (const [file, text] of files) {
    const { identifiers: names, strings, comments } = lexed(text);
    for (const identifier of names) identifiers.add(identifier);
    for (const literal of strings) for (const word of literal.match(/[A-Za-z_$][\w$]*/g) ?? []) identifiers.add(word);
    for (const comment of comments) {
      // A JSDoc type declared in a comment (`@typedef {…} Name`, `@callback Name`) is code too.
      for (const typedef of comment.matchAll(/@(?:typedef|callback)\b[^\n]*?\s(\w+)\s*(?:\*\/)?\s*$/gm)) identifiers.add(typedef[1]!);
      for (const name of comment.match(/(?<![\w-])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?![\w-])/g) ?? []) if (!used.has(name)) used.set(name, file);
    }
  }
  const missing = [...used].filter(([name]) => !identifiers.has(name) && !NAMES_FROM_ELSEWHERE.has(name)).map(([name, file]) => `${name} (${file})`);
  return { missing: missing.sort(), checked: used.size };
}

/** Design notes that live outside the repository: a comment must not cite them. */
const OUTSIDE_NOTES = /(?<![\w/])(DESIGN\.md|UX\.md|discord-platform\.md|(?<!docs\/)rules\/[a-z-]+\.md)/;

/**
 * A citation of a part of a document of the repository: a numbered section
 * (`docs/architecture.md §9`, `docs/rules/noir.md §2.5`, or a bare `§2.5`) or a heading
 * (`README "Languages"`, `docs/pictures.md "Budget"`).
 */
export interface SectionCitation {
  /** Repository-relative path of the cited document; null when the text names none (a bare `§7` outside a document). */
  doc: string | null;
  /** A section number ('2.5', '7') or a heading's text ('Languages'). */
  section: string;
  kind: 'number' | 'heading';
  /** The words of the citation, for the message. */
  text: string;
  /** The code term written right after a section number (`§3 \`pending\``): the section must speak of it. */
  term?: string;
}

/** A document named in a text: a repository path ending in .md, or README (the root README.md). */
const DOC = String.raw`(?<![\w./-])((?:docs|src|test|bench|scripts)/[\w./-]*?\.md|README(?:\.md)?)(?:'s)?`;
/** One section number, or a range of two (`§2.5–§2.7`, `§1–2`). */
const NUMBER = String.raw`§\s?(\d+(?:\.\d+)*)(?:\s?[–-]\s?§?\s?(\d+(?:\.\d+)*))?`;
/** A document followed by one or more section numbers, each perhaps with a code term (`docs/architecture.md §1, §3 `pending`, §9`). */
const DOC_NUMBERS = new RegExp(String.raw`${DOC}\s*((?:(?:,|;|/|and|or|&)?\s*${NUMBER}(?: \x60[A-Za-z_$][\w$.(), ]{0,59}\x60)?\s*)+)`, 'g');
/** A document followed by one or more quoted headings (`README "Benchmark", "Legal moves"`). */
const DOC_HEADINGS = new RegExp(String.raw`${DOC}\s*(["“][^"”\n]{1,80}["”](?:\s*(?:,|and|or)\s*["“][^"”\n]{1,80}["”])*)`, 'g');
/** A § of a text outside the repository (a paper's, "Cowling et al. 2012 §6"): not ours to check. */
const EXTERNAL_SECTION = /(?:paper's|et al\.[^§]{0,12}|\b(?:19|20)\d\d)\s*$/;

/**
 * The section and heading citations of `text` (a source file's text, or a Markdown document's).
 * A section number without a document names the rules file whose sections it numbers
 * (`rulesDocOf`: §1.x Suspicion, §2.x NOIR…), or, inside a Markdown document (`self`), that
 * document; otherwise its `doc` is null.
 */
export function sectionCitations(text: string, self: string | null, rulesDocOf: (major: string) => string | undefined): SectionCitation[] {
  // One line per paragraph: a citation may wrap onto the next comment line.
  const flat = text.replace(/[ \t]*\r?\n[ \t]*(?:\*(?!\/)[ \t]*|\/\/+[ \t]*)?/g, ' ');
  const out: SectionCitation[] = [];
  const taken: [number, number][] = [];
  const docPath = (name: string) => (name === 'README' ? 'README.md' : name);
  for (const match of flat.matchAll(DOC_NUMBERS)) {
    taken.push([match.index!, match.index! + match[0].length]);
    const numbersAt = match.index! + match[0].indexOf(match[2]!);
    for (const number of match[2]!.matchAll(new RegExp(NUMBER, 'g'))) {
      const term = termAfter(flat, numbersAt + number.index! + number[0].length);
      for (const section of [number[1], number[2]]) if (section) out.push({ doc: docPath(match[1]!), section, kind: 'number', text: match[0].trim(), ...term });
    }
  }
  for (const match of flat.matchAll(DOC_HEADINGS)) {
    for (const quoted of match[2]!.matchAll(/["“]([^"”]+)["”]/g)) out.push({ doc: docPath(match[1]!), section: quoted[1]!, kind: 'heading', text: match[0].trim() });
  }
  for (const number of flat.matchAll(new RegExp(NUMBER, 'g'))) {
    const at = number.index!;
    if (taken.some(([from, to]) => at >= from && at < to)) continue;
    if (EXTERNAL_SECTION.test(flat.slice(Math.max(0, at - 40), at))) continue;
    for (const section of [number[1], number[2]]) {
      if (!section) continue;
      const doc = section.includes('.') ? (rulesDocOf(section.split('.')[0]!) ?? self) : self;
      out.push({ doc, section, kind: 'number', text: flat.slice(Math.max(0, at - 30), at + number[0].length).trim(), ...termAfter(flat, at + number[0].length) });
    }
  }
  return out;
}

/** `{ term }` when `flat` has a code term (`\`pending\``) right at `at`, else nothing. */
function termAfter(flat: string, at: number): { term?: string } {
  const term = /^ `([A-Za-z_$][\w$.(), ]{0,59})`/.exec(flat.slice(at))?.[1];
  return term ? { term } : {};
}

/** The sections of a Markdown text: each heading with the text up to the next heading of its level or above. */
export function sectionsOf(markdown: string): { heading: string; body: string }[] {
  const out: { heading: string; level: number; lines: string[] }[] = [];
  const open: typeof out = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      while (open.length && open[open.length - 1]!.level >= level) open.pop();
      const section = { heading: heading[2]!, level, lines: [] };
      out.push(section);
      open.push(section);
      continue;
    }
    for (const section of open) section.lines.push(line);
  }
  return out.map(({ heading, lines }) => ({ heading, body: lines.join('\n') }));
}

/** Whether a section's text speaks of a code term: every identifier in it (`pending.step` → pending, step) is a word of the text. */
export function speaksOf(body: string, term: string): boolean {
  return (term.match(/[A-Za-z_$][\w$]*/g) ?? []).every((word) => new RegExp(`(?<![\\w$])${word.replace(/\$/g, '\\$')}(?![\\w$])`).test(body));
}

/** The headings of a Markdown text (outside code blocks), as written after the #s. */
export function headingsOf(markdown: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) out.push(heading[1]!);
  }
  return out;
}

/**
 * Whether `heading` is what `citation` cites: the section number it starts with (`## 7. Beyond one
 * Discord server` for §7, `## 2.5 Actions` for §2.5, not `## 2.10 Collapse` for §2.1), or its text —
 * whole, without its section number, or up to a parenthesis, colon, comma or dash (`### Legal moves
 * (`bench/…`)` for "Legal moves", `## Moves: one source of legality` for "Moves").
 */
export function headingMatches(heading: string, citation: Pick<SectionCitation, 'section' | 'kind'>): boolean {
  if (citation.kind === 'number') return heading.startsWith(citation.section) && /^(\.(?!\d)|\s|$)/.test(heading.slice(citation.section.length));
  const text = heading.replace(/^\d+(\.\d+)*\.?\s+/, '');
  return [heading, text].some((h) => h === citation.section || [' (', ':', ',', ' —', ' –'].some((next) => h.startsWith(citation.section + next)));
}

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

  it('no import cycle in src/, bench/ or scripts/, type-only imports included', () => {
    const all = [...files, ...sourceFiles(join(ROOT, 'bench')), ...sourceFiles(join(ROOT, 'scripts'))];
    const graph = new Map(all.map((file) => [file, importedFiles(file, readFileSync(file, 'utf8'))]));
    // Sanity: the resolver sees the imports the router and the benchmark's runner have.
    expect(graph.get(join(SRC, 'discord/interactions/router.ts'))).toContain(join(SRC, 'discord/interactions/components.ts'));
    expect(graph.get(join(ROOT, 'bench/run.ts'))).toContain(join(ROOT, 'bench/report.ts'));
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' → '));
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

  it('every section and heading a file cites is in the cited document (§N, README "Heading", docs/x.md "Heading")', () => {
    const cited = citationProblems();
    expect(cited.count).toBeGreaterThan(500);
    expect(cited.problems, `citations of a section or heading that is not there:\n${cited.problems.join('\n')}`).toEqual([]);
    // The check itself: numbers, ranges, headings, bare sections, papers.
    const rules = (major: string) => ({ '2': 'docs/rules/noir.md' })[major];
    const of = (text: string, self: string | null = null) => sectionCitations(text, self, rules).map((c) => `${c.doc}|${c.section}|${c.kind}`);
    expect(of('/** (docs/architecture.md §1, §2 and §9; docs/rules/noir.md §2.5–§2.7) */')).toEqual(
      ['docs/architecture.md|1', 'docs/architecture.md|2', 'docs/architecture.md|9', 'docs/rules/noir.md|2.5', 'docs/rules/noir.md|2.7'].map((c) => `${c}|number`),
    );
    expect(of('// Kill (§2.5). Commands (§7), as the paper\'s §4.2 and Cowling et al. 2012 §6 say.')).toEqual(['docs/rules/noir.md|2.5|number', 'null|7|number']);
    expect(of(' * (README "Benchmark", "Legal moves"; src/games/README.md\n * "Moves")')).toEqual(['README.md|Benchmark|heading', 'README.md|Legal moves|heading', 'src/games/README.md|Moves|heading']);
    expect(of('the limits of §3', 'docs/discord.md')).toEqual(['docs/discord.md|3|number']);
    expect(headingMatches('7. Beyond one Discord server', { section: '7', kind: 'number' })).toBe(true);
    expect(headingMatches('2.10 Collapse', { section: '2.1', kind: 'number' })).toBe(false);
    expect(headingMatches('1.5 A turn', { section: '1', kind: 'number' })).toBe(false);
    expect(headingMatches('9. The game slice', { section: 'The game slice', kind: 'heading' })).toBe(true);
    expect(headingMatches('Legal moves (`bench/legal-moves.ts`)', { section: 'Legal moves', kind: 'heading' })).toBe(true);
    expect(headingMatches('Moves: one source of legality', { section: 'Moves', kind: 'heading' })).toBe(true);
    expect(headingMatches('AI players', { section: 'AI', kind: 'heading' })).toBe(false);
    expect(of('(see docs/rules/noir.md, "the rules file")')).toEqual([]);
    expect(of('/** (docs/architecture.md §3 `pending.step`, §8) */')).toEqual(['docs/architecture.md|3|number', 'docs/architecture.md|8|number']);
    expect(sectionCitations('(docs/architecture.md §3 `pending.step`)', null, rules)[0]!.term).toBe('pending.step');
    expect(speaksOf('`pending` (… with a `step` that changes)', 'pending.step')).toBe(true);
    expect(speaksOf('`publicView` and `seatView`', 'view(state, null)')).toBe(false);
    // A wrong section is found: architecture.md has no §42, README no "Nowhere", §4 (Persistence) says nothing of custom ids.
    const wrong = citationProblems(new Map([['src/x.ts', '/** docs/architecture.md §42; README "Nowhere"; §7; docs/architecture.md §9; docs/architecture.md §4 `custom_id` */']]));
    expect(wrong.problems).toEqual([
      'src/x.ts: "docs/architecture.md §42" — docs/architecture.md has no section 42',
      'src/x.ts: "docs/architecture.md §4 `custom_id`" — docs/architecture.md §4 does not speak of `custom_id`',
      'src/x.ts: "README "Nowhere"" — README.md has no heading "Nowhere"',
      expect.stringMatching(/^src\/x\.ts: ".*; §7" — a bare section number names no document/),
    ]);
  });

  it('every type-like name a comment uses exists in the code (no TableRepo after TableRepo is gone)', () => {
    const files = ['src', 'test', 'bench', 'scripts'].flatMap((dir) => sourceFiles(join(ROOT, dir), ['.ts', '.js', '.mjs']));
    const names = commentNames(new Map(files.map((file) => [relative(ROOT, file).split(sep).join('/'), readFileSync(file, 'utf8')])));
    expect(names.checked).toBeGreaterThan(100);
    expect(names.missing, `names in comments that exist nowhere in the code:\n${names.missing.join('\n')}`).toEqual([]);
    // The check itself: a name only a comment uses is found; one the code declares is not.
    expect(commentNames(new Map([['src/a.ts', '/** Stored through TableRepo. */\nexport class TableStore {}\n// see TableStore']])).missing).toEqual(['TableRepo (src/a.ts)']);
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
