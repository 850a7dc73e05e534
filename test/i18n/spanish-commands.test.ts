/**
 * Spanish all the way (README "Languages"; issue 34 item 5): every command, subcommand and
 * option the bot registers has a Spanish name (es-ES and es-419) and description; no Spanish
 * text quotes a command, subcommand or option by its English name (a Spanish user types the
 * Spanish one: `/mesa vacaciones`, `ritmo:por-turnos`); the Spanish words a single reader
 * reads use tú, like the rest of the catalog (ustedes only where several people are
 * addressed at once); `/historial` speaks to you about your own games.
 */
import { describe, expect, it } from 'vitest';
import { buildCommands } from '../../src/commands/index.js';
import { defaultRegistry, GAME_MODULES } from '../../src/games/index.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';

type Node = {
  name: string;
  type?: number;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Node[];
  choices?: Node[];
};

const registry = defaultRegistry();
const commands = buildCommands(registry).map((command) => command.data as unknown as Node);

/** The Spanish names a command's tree is localized from (src/discord/interactions/localize.ts). */
function spanishNames(command: Node): Record<string, string> {
  const mod = registry.modules.find((candidate) => candidate.command === command.name);
  return { ...(es.common.commandNames as Record<string, string>), ...(mod ? mod.text(es).commandNames : {}) };
}

/** Every command, subcommand (group) and option of a tree, with its path and kind. */
function nodes(node: Node, path = `/${node.name}`, kind: 'command' | 'subcommand' | 'option' = 'command'): { path: string; node: Node; kind: 'command' | 'subcommand' | 'option' }[] {
  const out = [{ path, node, kind }];
  for (const option of node.options ?? []) out.push(...nodes(option, `${path} ${option.name}`, option.type === 1 || option.type === 2 ? 'subcommand' : 'option'));
  return out;
}

/**
 * Every text of the Spanish catalogs (the common one and each game's), by dotted path: a
 * string as it is, a function as its source (its template literals hold its words).
 */
function spanishTexts(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') out.push({ path, text: value });
    else if (typeof value === 'function') out.push({ path, text: String(value) });
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}.${index}`));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
  };
  walk(es, '');
  for (const mod of GAME_MODULES) walk(mod.text(es), mod.id);
  return out;
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('Spanish command names and descriptions', () => {
  it('every command, subcommand and option has a Spanish name and description, the same for es-ES and es-419', () => {
    const missing: string[] = [];
    for (const command of commands) {
      const names = spanishNames(command);
      for (const { path, node } of nodes(command)) {
        const spanish = names[node.name];
        if (spanish === undefined) {
          missing.push(`${path}: no Spanish name`);
          continue;
        }
        for (const locale of ['es-ES', 'es-419']) {
          if ((node.name_localizations?.[locale] ?? node.name) !== spanish) missing.push(`${path}: name_localizations.${locale} is not ${spanish}`);
          const description = node.description_localizations?.[locale];
          if (!description || description === node.description) missing.push(`${path}: no ${locale} description`);
        }
      }
    }
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('no Spanish text quotes a command, subcommand or option by its English name', () => {
    const topLevel = new Map<string, string>();
    const subcommands = new Map<string, string>();
    const options = new Map<string, string>();
    for (const command of commands) {
      const names = spanishNames(command);
      for (const { node, kind } of nodes(command)) {
        const spanish = names[node.name];
        if (spanish === undefined || spanish === node.name) continue;
        (kind === 'command' ? topLevel : kind === 'subcommand' ? subcommands : options).set(node.name, spanish);
      }
    }
    expect(topLevel.size + subcommands.size + options.size).toBeGreaterThan(30);
    const anyCommand = [...commands.map((command) => command.name), ...topLevel.values(), '<juego>', '<game>'].map(escape).join('|');
    const patterns: { what: string; re: RegExp }[] = [
      ...[...topLevel].map(([english, spanish]) => ({ what: `/${english} (→ /${spanish})`, re: new RegExp(`(?<![\\w.:/-])/${escape(english)}(?![\\w-])`) })),
      ...[...subcommands].map(([english, spanish]) => ({ what: `subcommand ${english} (→ ${spanish})`, re: new RegExp(`/(?:${anyCommand}) ${escape(english)}(?![\\w-])`) })),
      ...[...options].map(([english, spanish]) => ({ what: `option ${english}: (→ ${spanish}:)`, re: new RegExp(`(?<![\\w-])${escape(english)}:|\`${escape(english)}\``) })),
    ];
    const found: string[] = [];
    for (const { path, text } of spanishTexts()) {
      for (const { what, re } of patterns) if (re.test(text)) found.push(`${path}: ${what}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe('one register in Spanish: tú', () => {
  /** Texts that speak to several people at once (the mentions of a rematch, a ping to several): ustedes is right there. */
  const TO_SEVERAL = new Set(['common.board.rematchInvite']);
  /** Forms that address the reader as ustedes (imperatives, "se les avisa"). */
  const USTEDES = /\b(ustedes|agreguen|usen|pulsen|escriban|abran|elijan|termínenla|cancélenla|pongan|refuten|se les (?:avisa|recuerda))\b/i;

  it('texts for one reader use tú, never ustedes', () => {
    const found = spanishTexts()
      .filter(({ path, text }) => !TO_SEVERAL.has(path) && USTEDES.test(text))
      .map(({ path, text }) => `${path}: ${USTEDES.exec(text)![0]}`);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('/historial speaks to you about your own games, and names the player in someone else\'s', () => {
    expect(es.review.history.won(true)).toBe('🏆 ganaste');
    expect(es.review.history.won(false)).toBe('🏆 ganó');
    expect(es.review.history.left(true)).toBe('dejaste la partida');
    expect(es.review.history.left(false)).toBe('dejó la partida');
    expect(en.review.history.won(true)).toBe('🏆 won');
  });

  it('the hints option states its default in words, not as a raw False', () => {
    expect(es.bots.options.hints).not.toMatch(/False|True/);
    expect(en.bots.options.hints).not.toMatch(/False|True/);
  });
});
