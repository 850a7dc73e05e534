/**
 * Application command checks the published schema leaves out: chat-input name rules
 * (lowercase, allowed characters), required description, unique names, option ordering,
 * subcommand nesting, locale keys, choice types and the 4000-character budget — and the
 * same rules in every locale a command is localized into: each localized name follows the
 * name rule and is unique among its siblings (falling back to the default name where a
 * sibling has no localization), localized descriptions and choice names are 1–100
 * characters, and the budget holds per locale.
 */
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord-api-types/v10';
import { isObject, problem, specProblems, schemas, type Problem } from './validation.js';
import type { JsonObject } from './types.js';

/** Locales Discord accepts as localization keys. */
export const DISCORD_LOCALES: ReadonlySet<string> = new Set([
  'id', 'da', 'de', 'en-GB', 'en-US', 'es-ES', 'es-419', 'fr', 'hr', 'it', 'lt', 'hu', 'nl', 'no', 'pl',
  'pt-BR', 'ro', 'fi', 'sv-SE', 'vi', 'tr', 'cs', 'el', 'bg', 'ru', 'uk', 'hi', 'th', 'zh-CN', 'ja', 'zh-TW', 'ko',
]);

const NAME_RE = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/**
 * discord.js sends `default_member_permissions` as a string (Discord accepts it) while the
 * published schema says integer: normalise numeric strings before the schema check.
 */
export function normaliseCommand(cmd: unknown): unknown {
  if (!isObject(cmd)) return cmd;
  const p = cmd.default_member_permissions;
  return typeof p === 'string' && /^\d+$/.test(p) ? { ...cmd, default_member_permissions: Number(p) } : cmd;
}

function checkName(name: unknown, path: (string | number)[], out: Problem[]): void {
  if (typeof name !== 'string') return;
  if (!NAME_RE.test(name)) out.push(problem(path, 'APPLICATION_COMMAND_INVALID_NAME', `Command name ${JSON.stringify(name)} is invalid (1–32 letters, digits, - _ ').`));
  else if (name !== name.toLowerCase()) out.push(problem(path, 'APPLICATION_COMMAND_INVALID_NAME', `Command name ${JSON.stringify(name)} must be lowercase.`));
}

function checkLocalizations(obj: JsonObject, path: (string | number)[], out: Problem[], names: boolean): void {
  for (const field of names ? ['name_localizations', 'description_localizations'] : ['description_localizations']) {
    const loc = obj[field];
    if (!isObject(loc)) continue;
    for (const [key, value] of Object.entries(loc)) {
      if (!DISCORD_LOCALES.has(key)) out.push(problem([...path, field, key], 'LOCALE_INVALID', `${JSON.stringify(key)} is not a Discord locale.`));
      if (field === 'name_localizations') checkName(value, [...path, field, key], out);
    }
  }
}

/** A field of `obj` in `locale` (its localization, else the default), or the default when `locale` is null. */
function localized(obj: JsonObject, field: 'name' | 'description', locale: string | null): unknown {
  const loc = obj[`${field}_localizations`];
  if (locale !== null && isObject(loc) && typeof loc[locale] === 'string') return loc[locale];
  return obj[field];
}

/** Characters of names, descriptions and choices of `obj` as a client in `locale` (null = default) sees them. */
function strings(obj: JsonObject, locale: string | null = null): number {
  const len = (v: unknown) => (typeof v === 'string' ? [...v].length : 0);
  let n = len(localized(obj, 'name', locale)) + len(localized(obj, 'description', locale));
  if (Array.isArray(obj.choices)) for (const c of obj.choices) if (isObject(c)) n += len(localized(c, 'name', locale)) + len(String(c.value ?? ''));
  if (Array.isArray(obj.options)) for (const o of obj.options) if (isObject(o)) n += strings(o, locale);
  return n;
}

/** Every locale some node of `obj` is localized into. */
function localesOf(obj: JsonObject, out = new Set<string>()): Set<string> {
  for (const field of ['name_localizations', 'description_localizations']) {
    const loc = obj[field];
    if (isObject(loc)) for (const key of Object.keys(loc)) out.add(key);
  }
  for (const list of [obj.options, obj.choices]) if (Array.isArray(list)) for (const item of list) if (isObject(item)) localesOf(item, out);
  return out;
}

/**
 * Siblings (top-level commands of one type, or the options of one parent) must have unique
 * names in every locale: a localized name may not repeat a sibling's name as that locale
 * shows it. `code` is the error code Discord uses for that level.
 */
function checkLocalizedUnique(siblings: JsonObject[], path: (string | number)[], out: Problem[], code: string, item: (i: number) => (string | number)[]): void {
  const locales = new Set<string>();
  for (const sibling of siblings) if (isObject(sibling.name_localizations)) for (const key of Object.keys(sibling.name_localizations)) locales.add(key);
  for (const locale of locales) {
    const seen = new Map<unknown, number>();
    siblings.forEach((sibling, i) => {
      const name = localized(sibling, 'name', locale);
      const first = seen.get(name);
      if (first !== undefined && sibling.name !== siblings[first]!.name) {
        out.push(problem([...path, ...item(i), 'name_localizations', locale], code, `Name ${JSON.stringify(name)} is used twice among siblings in locale ${locale}.`));
      } else if (first === undefined) seen.set(name, i);
    });
  }
}

/** Localized descriptions (and choice names) must be 1–100 characters, like the defaults. */
function checkLocalizedLengths(obj: JsonObject, path: (string | number)[], out: Problem[], field: 'description' | 'name'): void {
  const loc = obj[`${field}_localizations`];
  if (!isObject(loc)) return;
  for (const [key, value] of Object.entries(loc)) {
    if (typeof value !== 'string' || value.length < 1 || [...value].length > 100) {
      out.push(problem([...path, `${field}_localizations`, key], 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and 100 in length (locale ${key}).`));
    }
  }
}

const SUB = ApplicationCommandOptionType.Subcommand;
const GROUP = ApplicationCommandOptionType.SubcommandGroup;

function checkOptions(options: unknown, path: (string | number)[], out: Problem[], depth: number): void {
  if (!Array.isArray(options)) return;
  const opts = options.filter(isObject);
  const names = new Set<unknown>();
  let sawOptional = false;
  const subs = opts.filter((o) => o.type === SUB || o.type === GROUP).length;
  if (subs > 0 && subs < opts.length) {
    out.push(problem([...path, 'options'], 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Subcommands / groups cannot be mixed with other options.'));
  }
  checkLocalizedUnique(opts, path, out, 'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS', (i) => ['options', i]);
  opts.forEach((o, i) => {
    const p = [...path, 'options', i];
    checkName(o.name, [...p, 'name'], out);
    checkLocalizations(o, p, out, true);
    checkLocalizedLengths(o, p, out, 'description');
    if (names.has(o.name)) out.push(problem([...p, 'name'], 'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS', `Duplicate option name ${JSON.stringify(o.name)}.`));
    names.add(o.name);
    if (o.type === GROUP && depth > 0) out.push(problem([...p, 'type'], 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'A subcommand group can only be at the top level.'));
    if (o.type === SUB && depth > 1) out.push(problem([...p, 'type'], 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Subcommands can only be at the top level or in a group.'));
    if (o.type === GROUP && Array.isArray(o.options) && o.options.some((c) => !isObject(c) || c.type !== SUB)) {
      out.push(problem([...p, 'options'], 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'A subcommand group can only contain subcommands.'));
    }
    if (o.type !== SUB && o.type !== GROUP) {
      if (o.required === true && sawOptional) out.push(problem([...p, 'required'], 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before optional options.'));
      if (o.required !== true) sawOptional = true;
      if (o.autocomplete === true && Array.isArray(o.choices) && o.choices.length > 0) {
        out.push(problem([...p, 'autocomplete'], 'APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES', 'Autocomplete and choices cannot both be set.'));
      }
      if (typeof o.min_value === 'number' && typeof o.max_value === 'number' && o.min_value > o.max_value) {
        out.push(problem([...p, 'min_value'], 'NUMBER_TYPE_MIN', 'min_value is greater than max_value.'));
      }
      if (Array.isArray(o.choices)) {
        o.choices.forEach((c, j) => {
          if (!isObject(c)) return;
          checkLocalizations(c, [...p, 'choices', j], out, false);
          checkLocalizedLengths(c, [...p, 'choices', j], out, 'name');
          if (isObject(c.name_localizations)) {
            for (const key of Object.keys(c.name_localizations)) {
              if (!DISCORD_LOCALES.has(key)) out.push(problem([...p, 'choices', j, 'name_localizations', key], 'LOCALE_INVALID', `${JSON.stringify(key)} is not a Discord locale.`));
            }
          }
        });
      }
    }
    checkOptions(o.options, p, out, depth + 1);
  });
}

/** Problems of one command (spec schema + hand checks); `path` prefixes every problem. */
export function commandProblems(cmd: unknown, path: (string | number)[], create = false): Problem[] {
  const out = specProblems(create ? schemas.commandCreate : schemas.commandUpdate, normaliseCommand(cmd), path);
  if (!isObject(cmd)) return out;
  const type = cmd.type ?? ApplicationCommandType.ChatInput;
  if (type === ApplicationCommandType.ChatInput) {
    checkName(cmd.name, [...path, 'name'], out);
    if (typeof cmd.description !== 'string' || cmd.description.length === 0) {
      out.push(problem([...path, 'description'], 'BASE_TYPE_REQUIRED', 'Chat input commands need a description of 1–100 characters.'));
    }
    checkLocalizations(cmd, path, out, true);
    checkLocalizedLengths(cmd, path, out, 'description');
    checkOptions(cmd.options, path, out, 0);
    for (const locale of [null, ...localesOf(cmd)]) {
      const n = strings(cmd, locale);
      if (n > 4000) {
        const where = locale === null ? '' : ` in locale ${locale}`;
        out.push(problem(path, 'APPLICATION_COMMAND_TOO_LARGE', `Command uses ${n} characters of names, descriptions and choices${where}; at most 4000.`));
      }
    }
  } else if (cmd.description) {
    out.push(problem([...path, 'description'], 'BASE_TYPE_BAD_FIELD', 'User and message commands cannot have a description.'));
  }
  return out;
}

/** Problems of a bulk overwrite body (array of commands, unique names per type, ≤ 100). */
export function bulkCommandProblems(body: unknown): Problem[] {
  if (!Array.isArray(body)) return [problem([], 'BASE_TYPE_ARRAY', 'The body must be an array of commands.')];
  const out: Problem[] = [];
  if (body.length > 100) out.push(problem([], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.'));
  const seen = new Set<string>();
  const commands = body.filter(isObject);
  for (const type of new Set(commands.map((cmd) => cmd.type ?? 1))) {
    const ofType = body.map((cmd, i) => ({ cmd, i })).filter((entry): entry is { cmd: JsonObject; i: number } => isObject(entry.cmd) && (entry.cmd.type ?? 1) === type);
    checkLocalizedUnique(ofType.map((entry) => entry.cmd), [], out, 'APPLICATION_COMMANDS_DUPLICATE_NAME', (k) => [ofType[k]!.i]);
  }
  body.forEach((cmd, i) => {
    out.push(...commandProblems(cmd, [i]));
    if (isObject(cmd)) {
      const key = `${String(cmd.type ?? 1)}:${String(cmd.name)}`;
      if (seen.has(key)) out.push(problem([i, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', `Duplicate command name ${JSON.stringify(cmd.name)}.`));
      seen.add(key);
    }
  });
  return out;
}
