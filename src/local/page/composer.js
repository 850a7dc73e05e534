// @ts-check
/**
 * The message composer's slash commands, built from the command JSON the bot registered
 * (names, subcommands, options with their types, choices, min/max and required): what to
 * suggest while typing `/…`, and turning `/game new seats:3 variant:no-bluff` into the
 * command path and option values, with the checks Discord's client makes before it sends
 * (required options, whole numbers, ranges, lengths, choices). Pure functions, no DOM.
 */
import { t } from './i18n.js';

/** Discord application command option types. */
export const OPTION = { Subcommand: 1, Group: 2, String: 3, Integer: 4, Boolean: 5, User: 6, Channel: 7, Role: 8, Mentionable: 9, Number: 10, Attachment: 11 };

/**
 * @typedef {Record<string, string> | null | undefined} Localizations
 * @typedef {{ name: string, value: string | number, name_localizations?: Localizations }} Choice
 * @typedef {{ type: number, name: string, apiName?: string, aliases?: string[], description?: string, required?: boolean, choices?: Choice[], min_value?: number, max_value?: number, min_length?: number, max_length?: number, options?: CommandOption[], name_localizations?: Localizations, description_localizations?: Localizations }} CommandOption
 * @typedef {{ name: string, apiName?: string, aliases?: string[], description?: string, options?: CommandOption[], name_localizations?: Localizations, description_localizations?: Localizations }} Command
 * @typedef {{ id: string, name: string }} Named
 * @typedef {{ members: Named[], channels: Named[], locale: string }} ComposerContext
 * @typedef {{ kind: 'command' | 'subcommand' | 'option' | 'value', label: string, detail: string, insert: string, required?: boolean }} Suggestion
 * @typedef {{ ok: true, path: string, options: Record<string, string | number | boolean | { id: string }> } | { ok: false, error: string, incomplete?: boolean }} ParseResult
 */

const isSub = (/** @type {CommandOption} */ o) => o.type === OPTION.Subcommand || o.type === OPTION.Group;

/**
 * The command tree as a client in `locale` sees it, as Discord's client shows it: every
 * command, subcommand, option and choice under its name (and description) in that locale
 * when the bot registered one (`name_localizations`), else its registered name. Each node
 * keeps its registered name in `apiName` (the interaction carries registered names) and,
 * when the two differ, the registered name in `aliases`, so `/noir new` still works for a
 * Spanish client typing `/noir nueva`. Pure; the input is not changed.
 * @template {Command | CommandOption} T
 * @param {T[]} nodes
 * @param {string} locale a Discord locale, e.g. 'es-ES'
 * @returns {T[]}
 */
export function localizeCommands(nodes, locale) {
  return nodes.map((node) => {
    const name = node.name_localizations?.[locale] ?? node.name;
    const description = node.description_localizations?.[locale] ?? node.description;
    /** @type {any} */
    const copy = { ...node, name, apiName: node.name, aliases: name === node.name ? [] : [node.name] };
    if (description !== undefined) copy.description = description;
    if (node.options) copy.options = localizeCommands(node.options, locale);
    if ('choices' in node && node.choices) copy.choices = node.choices.map((c) => ({ ...c, name: c.name_localizations?.[locale] ?? c.name }));
    return copy;
  });
}

/**
 * A command's registered name path (an interaction's `name`, e.g. 'noir new' or 'help') as
 * the viewer's client shows it: each word — command, group, subcommand — under its name in
 * the localized tree (from `localizeCommands`), as Discord's client shows a Spanish user
 * "usó /noir nueva". A word the tree does not know stays as registered.
 * @param {string} registered
 * @param {Array<Command | CommandOption>} localized the tree from `localizeCommands`
 * @returns {string}
 */
export function localizedCommandName(registered, localized) {
  /** @type {Array<Command | CommandOption> | undefined} */
  let level = localized;
  return registered
    .split(' ')
    .map((word) => {
      const node = level?.find((n) => apiName(n) === word);
      level = node?.options?.filter(isSub);
      return node ? node.name : word;
    })
    .join(' ');
}

/** Whether `node` is called `word` (its name in the viewer's language, or its registered name). */
const calls = (/** @type {Command | CommandOption} */ node, /** @type {string | undefined} */ word) => node.name === word || Boolean(word && node.aliases?.includes(word));

/** The registered name of a node (what the interaction carries). */
const apiName = (/** @type {Command | CommandOption} */ node) => node.apiName ?? node.name;

/**
 * Walk the words after `/` through command → group → subcommand.
 * @param {string[]} words
 * @param {Command[]} commands
 */
function resolvePath(words, commands) {
  const command = commands.find((c) => calls(c, words[0]));
  if (!command) return null;
  /** @type {string[]} */
  const path = [command.name];
  /** @type {string[]} */
  const apiPath = [apiName(command)];
  let defs = command.options ?? [];
  let used = 1;
  while (defs.some(isSub) && used < words.length) {
    const sub = defs.find((d) => isSub(d) && calls(d, words[used]));
    if (!sub) break;
    path.push(sub.name);
    apiPath.push(apiName(sub));
    defs = sub.options ?? [];
    used++;
  }
  return { command, path, apiPath, defs, used, needsSub: defs.some(isSub) };
}

/** @param {CommandOption} o @param {string} locale */
function describeOption(o, locale) {
  const range =
    o.min_value !== undefined || o.max_value !== undefined
      ? ` (${o.min_value ?? '…'}–${o.max_value ?? '…'})`
      : o.choices?.length
        ? ` (${o.choices.map((c) => c.name).join(', ')})`
        : '';
  return `${o.description ?? ''}${range}${o.required ? ` · ${t(locale, 'required')}` : ''}`;
}

/** `text` without its first `count` words (and the spaces after them). */
function afterWords(/** @type {string} */ text, /** @type {number} */ count) {
  let rest = text.replace(/^\s+/, '');
  for (let i = 0; i < count; i++) rest = rest.replace(/^\S+\s*/, '');
  return rest;
}

/**
 * Split the text after the command path into `name:value` pairs (a value runs until the next
 * known option name followed by a colon).
 * @param {string} rest
 * @param {CommandOption[]} defs
 * @returns {{ pairs: [string, string][], stray: string }}
 */
export function splitOptions(rest, defs) {
  const names = defs.flatMap((d) => [d.name, ...(d.aliases ?? [])]).map((n) => n.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&'));
  /** @type {[string, string][]} */
  const pairs = [];
  if (!rest.trim()) return { pairs, stray: '' };
  const pattern = names.length ? new RegExp(`(?:^|\\s)(${names.join('|')}):`, 'g') : null;
  /** @type {{ name: string, start: number, valueStart: number }[]} */
  const marks = [];
  if (pattern) for (let m = pattern.exec(rest); m; m = pattern.exec(rest)) marks.push({ name: m[1] ?? '', start: m.index, valueStart: m.index + m[0].length });
  const stray = (marks.length ? rest.slice(0, marks[0]?.start) : rest).trim();
  marks.forEach((mark, i) => pairs.push([mark.name, rest.slice(mark.valueStart, marks[i + 1]?.start ?? rest.length).trim()]));
  return { pairs, stray };
}

/**
 * Suggestions for the composer text (only when it starts with `/`).
 * @param {string} text
 * @param {Command[]} commands
 * @param {ComposerContext} ctx
 * @returns {Suggestion[]}
 */
export function suggest(text, commands, ctx) {
  if (!text.startsWith('/')) return [];
  const body = text.slice(1);
  const words = body.split(/\s+/);
  const endsWithSpace = /\s$/.test(body);
  if (words.length <= 1 && !endsWithSpace) {
    const prefix = (words[0] ?? '').toLowerCase();
    return commands
      .filter((c) => c.name.startsWith(prefix) || c.aliases?.some((a) => a.startsWith(prefix)))
      .map((c) => ({ kind: /** @type {const} */ ('command'), label: `/${c.name}`, detail: c.description ?? '', insert: `/${c.name} ` }));
  }
  const resolved = resolvePath(words.filter((w, i) => w !== '' || i < words.length - 1), commands);
  if (!resolved) return [];
  const base = `/${resolved.path.join(' ')} `;
  if (resolved.needsSub) {
    const prefix = endsWithSpace ? '' : (words[resolved.used] ?? '');
    return resolved.defs
      .filter((d) => isSub(d) && (d.name.startsWith(prefix) || d.aliases?.some((a) => a.startsWith(prefix))))
      .map((d) => ({ kind: /** @type {const} */ ('subcommand'), label: `/${resolved.path.join(' ')} ${d.name}`, detail: d.description ?? '', insert: `${base}${d.name} ` }));
  }
  const rest = afterWords(body, resolved.used);
  const { pairs } = splitOptions(rest, resolved.defs);
  const last = pairs.at(-1);
  const head = text.slice(0, text.length - (last ? last[1].length : 0));
  if (last && !endsWithSpace) {
    const def = resolved.defs.find((d) => calls(d, last[0]));
    const typed = last[1].toLowerCase();
    /** @type {Suggestion[]} */
    let values = [];
    if (def?.choices?.length) values = def.choices.map((c) => ({ kind: 'value', label: c.name, detail: String(c.value), insert: `${head}${c.value} ` }));
    else if (def?.type === OPTION.Boolean) values = ['True', 'False'].map((v) => ({ kind: 'value', label: v, detail: '', insert: `${head}${v} ` }));
    else if (def && (def.type === OPTION.User || def.type === OPTION.Mentionable)) values = ctx.members.map((m) => ({ kind: 'value', label: `@${m.name}`, detail: '', insert: `${head}@${m.name} ` }));
    else if (def?.type === OPTION.Channel) values = ctx.channels.map((c) => ({ kind: 'value', label: `#${c.name}`, detail: '', insert: `${head}#${c.name} ` }));
    const filtered = values.filter((v) => v.label.toLowerCase().replace(/^[@#]/, '').startsWith(typed.replace(/^[@#]/, '')) || v.detail.toLowerCase().startsWith(typed));
    if (filtered.length && !values.some((v) => v.label.toLowerCase() === typed || v.detail.toLowerCase() === typed)) return filtered;
  }
  const given = new Set(pairs.map(([n]) => resolved.defs.find((d) => calls(d, n))?.name));
  const prefix = endsWithSpace ? '' : (/(\S+)$/.exec(text)?.[1] ?? '');
  const start = endsWithSpace ? text : text.slice(0, text.length - prefix.length);
  const typingName = !prefix.includes(':');
  return resolved.defs
    .filter((d) => !given.has(d.name) && (!typingName || d.name.startsWith(prefix)))
    .sort((a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)))
    .map((d) => ({ kind: /** @type {const} */ ('option'), label: `${d.name}:`, detail: describeOption(d, ctx.locale), insert: `${typingName ? start : `${text} `}${d.name}:`, required: Boolean(d.required) }));
}

/**
 * Check and convert one typed value as Discord's client does for the option's type.
 * @param {CommandOption} def
 * @param {string} raw
 * @param {ComposerContext} ctx
 * @returns {{ value: string | number | boolean | { id: string } } | { error: string }}
 */
export function convertValue(def, raw, ctx) {
  const L = ctx.locale;
  const option = def.name;
  if (def.choices?.length) {
    const choice = def.choices.find((c) => String(c.value).toLowerCase() === raw.toLowerCase() || c.name.toLowerCase() === raw.toLowerCase());
    if (!choice) return { error: t(L, 'notChoice', { option, choices: def.choices.map((c) => c.value).join(', ') }) };
    return { value: choice.value };
  }
  switch (def.type) {
    case OPTION.String: {
      const length = [...raw].length;
      if (def.min_length !== undefined && length < def.min_length) return { error: t(L, 'tooShort', { option, min: def.min_length }) };
      if (def.max_length !== undefined && length > def.max_length) return { error: t(L, 'tooLong', { option, max: def.max_length }) };
      return { value: raw };
    }
    case OPTION.Integer:
    case OPTION.Number: {
      const integer = def.type === OPTION.Integer;
      if (integer ? !/^[-+]?\d+$/.test(raw) : !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(raw)) return { error: t(L, integer ? 'notInteger' : 'notNumber', { option }) };
      const n = Number(raw);
      if (def.min_value !== undefined && n < def.min_value) return { error: t(L, 'tooSmall', { option, min: def.min_value }) };
      if (def.max_value !== undefined && n > def.max_value) return { error: t(L, 'tooBig', { option, max: def.max_value }) };
      return { value: n };
    }
    case OPTION.Boolean: {
      const v = raw.toLowerCase();
      if (['true', 'yes', 'on'].includes(v)) return { value: true };
      if (['false', 'no', 'off'].includes(v)) return { value: false };
      return { error: t(L, 'notBoolean', { option }) };
    }
    case OPTION.User:
    case OPTION.Mentionable: {
      const id = /^<@!?(\d+)>$/.exec(raw)?.[1] ?? (/^\d{15,21}$/.test(raw) ? raw : undefined);
      const name = raw.replace(/^@/, '').toLowerCase();
      const member = ctx.members.find((m) => m.id === id || m.name.toLowerCase() === name);
      return member ? { value: { id: member.id } } : { error: t(L, 'unknownMember', { option, value: raw }) };
    }
    case OPTION.Channel: {
      const id = /^<#(\d+)>$/.exec(raw)?.[1];
      const name = raw.replace(/^#/, '').toLowerCase();
      const channel = ctx.channels.find((c) => c.id === id || c.name.toLowerCase() === name);
      return channel ? { value: { id: channel.id } } : { error: t(L, 'unknownChannel', { option, value: raw }) };
    }
    default:
      return { error: t(L, 'unsupportedType', { option }) };
  }
}

/**
 * Parse and check a slash command typed in the composer. `null` when the text is not a
 * registered command (Discord then sends it as a plain message).
 * @param {string} text e.g. `/phantom new seats:2 target-score:1`
 * @param {Command[]} commands
 * @param {ComposerContext} ctx
 * @returns {ParseResult | null}
 */
export function parseCommand(text, commands, ctx) {
  const L = ctx.locale;
  if (!text.startsWith('/')) return null;
  const body = text.slice(1).trim();
  const words = body.split(/\s+/);
  const resolved = resolvePath(words, commands);
  if (!resolved) return null;
  const { path, defs } = resolved;
  if (resolved.needsSub) {
    const choices = defs.filter(isSub).map((d) => d.name).join(', ');
    const typed = words[resolved.used];
    return { ok: false, incomplete: !typed, error: typed ? t(L, 'unknownSubcommand', { command: path.join(' '), sub: typed, choices }) : t(L, 'needSubcommand', { choices }) };
  }
  const rest = afterWords(body, resolved.used);
  const { pairs, stray } = splitOptions(rest, defs);
  if (stray) {
    const unknown = (stray.split(/\s+/)[0] ?? '').replace(/:.*$/, '');
    if (!defs.length) return { ok: false, error: t(L, 'noOptions', { command: path.join(' ') }) };
    return { ok: false, error: t(L, 'unknownOption', { command: path.join(' '), option: unknown, options: defs.map((d) => d.name).join(', ') }) };
  }
  /** @type {Record<string, string | number | boolean | { id: string }>} */
  const options = {};
  for (const [name, raw] of pairs) {
    const def = defs.find((d) => calls(d, name));
    if (!def) continue;
    if (apiName(def) in options) return { ok: false, error: t(L, 'duplicateOption', { option: def.name }) };
    if (raw === '') return { ok: false, error: t(L, 'optionRequired', { option: def.name }) };
    const converted = convertValue(def, raw, ctx);
    if ('error' in converted) return { ok: false, error: converted.error };
    options[apiName(def)] = converted.value;
  }
  const missing = defs.find((d) => d.required && !(apiName(d) in options));
  if (missing) return { ok: false, incomplete: true, error: t(L, 'optionRequired', { option: missing.name }) };
  return { ok: true, path: resolved.apiPath.join(' '), options };
}
