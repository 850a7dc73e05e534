/**
 * Import boundaries of the house (README "Architecture"; docs/architecture.md §1–2): data flows one
 * way, and everything that turns data into Discord payloads lives in src/discord/.
 *
 * - src/tables, src/games, src/ratings, src/admin and src/tournaments import nothing from
 *   src/discord or src/commands (the data wings know nothing of the Discord wing);
 * - src/tables, src/ratings, src/admin and src/tournaments import no Discord library either: they export
 *   data only (src/games keeps its renderer contract on discord-api-types, as before);
 * - src/discord imports nothing from src/commands (commands plug into the Discord wing
 *   through its command contract, never the other way round) nor from src/local (local play,
 *   the emulator and its page, stands on top; the browser modules the local page and the
 *   Activity's page share are src/page-kit, which imports nothing of the house);
 * - src/tables imports nothing from src/review (the review replays what the tables stored);
 * - the rooms of the Discord wing (docs/architecture.md §2) import downwards only:
 *   src/discord/rest/ (pacing requests to Discord) imports nothing of the house but its own room
 *   and the logger — no game, table, store, text or other room; render/ and pictures/ (payloads
 *   from views) and the wing's shared custom_id codec (custom-id.ts) import no room above
 *   them (rest/, publish/, interactions/); publish/ (boards, pings, panel refreshes) imports
 *   nothing from interactions/; activity/ (the table as a Discord Activity) is at the top: no
 *   other room imports it;
 * - no file outside src/i18n imports one language's catalog (src/i18n/en, src/i18n/es):
 *   user-facing text comes from the catalog a renderer is handed, or `catalogFor(locale)`
 *   (README "Languages"), so nothing can quietly fall back to English; likewise one language
 *   of a game's texts (src/games/<game>/text/en.ts, es.ts) is imported only by that game's
 *   `text/index.ts`, which picks the language of the catalog it is handed;
 * - src/i18n imports nothing from src/games: it keeps the words every part shares, and each
 *   game carries its own (src/games/README.md "Layout of a game folder"), so the arrow runs one
 *   way, games → i18n.
 *
 * Every `import … from`, `export … from`, `import x = require()` and dynamic `import()` of
 * every file under src/ is parsed with the TypeScript compiler (comments and strings are not
 * mistaken for imports) and resolved relative to its file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** Every TypeScript file below `dir`. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** The module specifiers a source text imports (static, re-exports, require, dynamic import). */
export function importsOf(sourceText: string): string[] {
  return ts.preProcessFile(sourceText, true, true).importedFiles.map((f) => f.fileName);
}

/** The top-level folder under src/ a file or resolved import belongs to ('tables', 'discord', …; '' for src/*.ts). */
function wingOf(srcRelative: string): string {
  const parts = srcRelative.split(sep);
  return parts.length > 1 ? parts[0]! : '';
}

const DISCORD_LIBRARIES = /^(discord\.js|discord-api-types(\/.*)?|@discordjs\/.+)$/;

/** One rule: files of `from` wings may not import what `forbidden` matches. */
interface Rule {
  from: string[];
  /** Given the import's wing under src/ (null for a package) and its specifier, whether it is forbidden. */
  forbidden: (wing: string | null, specifier: string) => boolean;
  why: string;
}

const RULES: Rule[] = [
  {
    from: ['tables', 'games', 'ratings', 'admin', 'tournaments'],
    forbidden: (wing) => wing === 'discord' || wing === 'commands',
    why: 'data wings (tables, games, ratings, admin, tournaments) must not import src/discord or src/commands',
  },
  {
    from: ['tables', 'ratings', 'admin', 'tournaments'],
    forbidden: (wing, specifier) => wing === null && DISCORD_LIBRARIES.test(specifier),
    why: 'tables, ratings, admin and tournaments export data only: no Discord library',
  },
  {
    from: ['i18n'],
    forbidden: (wing) => wing === 'games',
    why: "src/i18n keeps the common words and must not import src/games (a game's words live in src/games/<game>/text/)",
  },
  {
    from: ['discord'],
    forbidden: (wing) => wing === 'commands',
    why: 'src/discord must not import src/commands (commands register with the Discord wing)',
  },
  {
    from: ['discord'],
    forbidden: (wing) => wing === 'local',
    why: 'src/discord must not import src/local (local play stands on top of the bot; what both pages share is src/page-kit)',
  },
  {
    from: ['tables'],
    forbidden: (wing) => wing === 'review',
    why: 'src/tables must not import src/review (the review replays what the tables stored, never the other way round)',
  },
  {
    from: ['page-kit'],
    forbidden: (wing) => wing !== null && wing !== 'page-kit',
    why: 'src/page-kit (the browser modules both pages share) imports nothing of the house',
  },
];

/**
 * The room of the Discord wing a file (path relative to src/) is in: `rest`, `publish`,
 * `interactions`, `render`, `pictures`, `activity`; '' for the wing's shared files at its root; null outside
 * src/discord.
 */
export function roomOf(srcRelative: string): string | null {
  const parts = srcRelative.split(sep);
  if (parts[0] !== 'discord') return null;
  return parts.length > 2 ? parts[1]! : '';
}

/** One rule between rooms: files of `from` rooms may not import a file of src/ (path relative to src/) that `forbidden` matches. */
interface RoomRule {
  from: string[];
  forbidden: (target: string) => boolean;
  why: string;
}

/** Rooms above render/ and pictures/: what the payload builders and the shared files never import. */
const UPPER_ROOMS = ['rest', 'publish', 'interactions'];

const ROOM_RULES: RoomRule[] = [
  {
    from: ['rest'],
    forbidden: (target) => roomOf(target) !== 'rest' && target !== 'logger.ts',
    why: 'src/discord/rest/ paces requests to Discord and knows no game, table, store, text or other room: it imports only its own room and the logger',
  },
  {
    from: ['render', 'pictures', ''],
    forbidden: (target) => UPPER_ROOMS.includes(roomOf(target) ?? ''),
    why: 'render/, pictures/ and the wing\'s shared custom_id codec (custom-id.ts) stand below rest/, publish/ and interactions/',
  },
  {
    from: ['publish'],
    forbidden: (target) => roomOf(target) === 'interactions',
    why: 'src/discord/publish/ stands below src/discord/interactions/: the click handlers call the publisher, never the other way round',
  },
  {
    from: ['interactions', 'publish', 'render', 'pictures', 'rest', ''],
    forbidden: (target) => roomOf(target) === 'activity',
    why: 'src/discord/activity/ (the table as a Discord Activity) stands at the top of the wing: it uses the rooms below, they never import it',
  },
];

/** The violations of `RULES` by one file (path relative to src/) with the given source text. */
export function violations(srcRelative: string, sourceText: string): string[] {
  const wing = wingOf(srcRelative);
  const room = roomOf(srcRelative);
  const out: string[] = [];
  for (const specifier of importsOf(sourceText)) {
    let target: string | null = null;
    if (specifier.startsWith('.')) {
      const resolved = relative(SRC, resolve(dirname(join(SRC, srcRelative)), specifier));
      for (const rule of ROOM_RULES) {
        if (room !== null && rule.from.includes(room) && !resolved.startsWith('..') && rule.forbidden(resolved.replace(/\.js$/, '.ts'))) {
          out.push(`src/${srcRelative.split(sep).join('/')} imports '${specifier}' — ${rule.why}`);
        }
      }
      target = resolved.startsWith('..') ? '(outside src)' : wingOf(resolved);
      if (wing !== 'i18n' && /^i18n[\\/][a-z]{2}([\\/]|$)/.test(resolved)) {
        out.push(`src/${srcRelative.split(sep).join('/')} imports '${specifier}' — only src/i18n may import a language's catalog; take the catalog you are handed or catalogFor(locale)`);
      }
      const gameLanguage = /^games[\\/]([^\\/]+)[\\/]text[\\/][a-z]{2}\.(js|ts)$/.exec(resolved);
      if (gameLanguage && dirname(srcRelative) !== join('games', gameLanguage[1]!, 'text')) {
        out.push(`src/${srcRelative.split(sep).join('/')} imports '${specifier}' — only the game's text/index.ts may import one language of its texts; use its <game>Text(t)`);
      }
    }
    for (const rule of RULES) {
      if (rule.from.includes(wing) && rule.forbidden(target, specifier)) out.push(`src/${srcRelative.split(sep).join('/')} imports '${specifier}' — ${rule.why}`);
    }
  }
  return out;
}

describe('import boundaries', () => {
  const files = sourceFiles(SRC);

  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(50);
    // Sanity: the parser sees the imports the router really has.
    const router = readFileSync(join(SRC, 'discord/interactions/router.ts'), 'utf8');
    expect(importsOf(router)).toContain('./components.js');
  });

  it('no file crosses a boundary', () => {
    const found = files.flatMap((file) => violations(relative(SRC, file), readFileSync(file, 'utf8')));
    expect(found, `import boundary violations:\n${found.join('\n')}`).toEqual([]);
  });

  it('the check itself catches each kind of crossing, and ignores comments and strings', () => {
    expect(violations(join('tables', 'x.ts'), "import { boardMessage } from '../discord/render/board.js';")).toHaveLength(1);
    expect(violations(join('ratings', 'x.ts'), "export { a } from '../commands/admin.js';")).toHaveLength(1);
    expect(violations(join('admin', 'x.ts'), "const m = await import('../discord/interactions/answers.js');")).toHaveLength(1);
    expect(violations(join('tables', 'x.ts'), "import type { APIEmbed } from 'discord-api-types/v10';")).toHaveLength(1);
    expect(violations(join('discord', 'x.ts'), "import type { SlashCommand } from '../commands/index.js';")[0]).toMatch(
      /^src\/discord\/x\.ts imports '\.\.\/commands\/index\.js' — src\/discord must not import src\/commands/,
    );
    expect(violations(join('discord', 'activity', 'page', 'markdown.d.ts'), "export * from '../../../local/page/markdown.js';")).toHaveLength(1);
    expect(violations(join('tables', 'spectators.ts'), "import type { ReviewView } from '../review/replay.js';")).toHaveLength(1);
    expect(violations(join('page-kit', 'files.ts'), "import { logger } from '../logger.js';")).toHaveLength(1);
    expect(violations(join('discord', 'activity', 'page', 'markdown.d.ts'), "export * from '../../../page-kit/markdown.js';")).toEqual([]);
    // Allowed: the Discord wing reads the data wings; games keep their renderer types.
    expect(violations(join('discord', 'x.ts'), "import { TableService } from '../tables/service.js';")).toEqual([]);
    expect(violations(join('games', 'ui.ts'), "import type { APIActionRowComponent } from 'discord-api-types/v10';")).toEqual([]);
    expect(violations(join('tables', 'x.ts'), "// import x from '../discord/a.js'\nconst s = \"from '../commands/b.js'\";")).toEqual([]);
    // A language's catalog is for src/i18n only.
    expect(violations(join('games', 'noir', 'index.ts'), "import { en } from '../../i18n/en/index.js';")[0]).toMatch(/only src\/i18n may import a language's catalog/);
    expect(violations(join('discord', 'publish', 'board.ts'), "import { noir } from '../../i18n/es/noir.js';")).toHaveLength(1);
    expect(violations(join('discord', 'publish', 'board.ts'), "import { catalogFor } from '../../i18n/index.js';")).toEqual([]);
    expect(violations(join('i18n', 'index.ts'), "import { en } from './en/index.js';")).toEqual([]);
    // The words run one way: a game imports the common catalog, never the reverse; one language of a game's texts only through its text/index.ts.
    expect(violations(join('i18n', 'en', 'index.ts'), "import type { NoirErrorCode } from '../../games/noir/rules.js';")[0]).toMatch(/src\/i18n keeps the common words/);
    expect(violations(join('games', 'noir', 'ui.ts'), "import { en } from './text/en.js';")[0]).toMatch(/only the game's text\/index.ts/);
    expect(violations(join('discord', 'x.ts'), "import { es } from '../games/noir/text/es.js';")).toHaveLength(1);
    expect(violations(join('games', 'noir', 'text', 'index.ts'), "import { en } from './en.js';")).toEqual([]);
    expect(violations(join('games', 'noir', 'ui.ts'), "import { noirText } from './text/index.js';")).toEqual([]);
  });

  it('the check itself catches a room of the Discord wing importing upwards', () => {
    const rest = join('discord', 'rest', 'x.ts');
    expect(violations(rest, "import type { TableSnapshot } from '../../tables/types.js';")[0]).toMatch(/^src\/discord\/rest\/x\.ts imports .* src\/discord\/rest\/ paces requests/);
    expect(violations(rest, "import type { GameModule } from '../../games/module.js';")).toHaveLength(1);
    expect(violations(rest, "import { catalogFor } from '../../i18n/index.js';")).toHaveLength(1);
    expect(violations(rest, "import type { Store } from '../../persistence/store/types.js';")).toHaveLength(1);
    expect(violations(rest, "import { requestBody } from '../message-body.js';")).toHaveLength(1);
    expect(violations(rest, "import type { Publisher } from '../publish/publisher.js';")).toHaveLength(1);
    expect(violations(join('discord', 'publish', 'x.ts'), "import { answerWithPanel } from '../interactions/panels.js';")).toHaveLength(1);
    expect(violations(join('discord', 'render', 'x.ts'), "import type { TableWork } from '../publish/publisher.js';")).toHaveLength(1);
    expect(violations(join('discord', 'pictures', 'x.ts'), "import { RestBudget } from '../rest/rest-budget.js';")).toHaveLength(1);
    expect(violations(join('discord', 'custom-id.ts'), "import type { AppContext } from './interactions/context.js';")).toHaveLength(1);
    expect(violations(join('discord', 'interactions', 'x.ts'), "import type { Launches } from '../activity/sessions.js';")).toHaveLength(1);
    // Allowed: downwards, and within a room.
    expect(violations(rest, "import type { Logger } from '../../logger.js';\nimport { take } from './global-budget.js';")).toEqual([]);
    expect(violations(join('discord', 'publish', 'x.ts'), "import { RestBudget } from '../rest/rest-budget.js';\nimport { boardMessage } from '../render/board.js';")).toEqual([]);
    expect(violations(join('discord', 'interactions', 'x.ts'), "import type { Publisher } from '../publish/publisher.js';")).toEqual([]);
    expect(violations(join('discord', 'render', 'x.ts'), "import { tableActionId } from '../custom-id.js';")).toEqual([]);
  });
});
