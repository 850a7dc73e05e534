/**
 * Turning what a user types or clicks into interaction `data`, with the checks the Discord
 * client itself makes (the command exists and is visible to the user, options are valid,
 * the component exists, is enabled and visible). A failed check throws: it is a mistake in
 * the test, not something a user could do.
 */
import { ApplicationCommandOptionType as OT, ComponentType, InteractionContextType } from 'discord-api-types/v10';
import { findComponent, interactiveComponents, isNonInteractiveButton, SELECT_TYPES } from './components.js';
import { hasAll } from './permissions.js';
import { isObject } from './validation.js';
import type { CommandRecord, EmulatorState, MessageRecord } from './state.js';
import type { ComponentQuery, FoundComponent, JsonObject, OptionValue } from './types.js';

/** Options of a user action. */
export interface ActionOptions {
  /** Channel of a slash command (default: the emulator's default channel). */
  channelId?: string;
  /** Use a command even if `default_member_permissions` would hide it from this user
   * (as if a server admin had granted it), to test the bot's own permission check. */
  ignoreCommandPermissions?: boolean;
}

function fail(msg: string): never {
  throw new Error(`discord-emulator: ${msg}`);
}

/** Find a registered chat-input command visible in a guild (guild commands first). */
export function findCommand(state: EmulatorState, guildId: string, name: string, locale?: string): CommandRecord | undefined {
  const match = (c: CommandRecord) => (c.type ?? 1) === 1 && namedAs(c as unknown as JsonObject, name, locale);
  return state.commands.get(guildId)?.find(match) ?? state.commands.get('global')?.find(match);
}

/**
 * Whether a command or option is called `name` for a client in `locale`: its registered
 * name, or its localized name in that locale (a Spanish client types `/noir nueva`; the
 * interaction still carries the registered names, as on Discord).
 */
function namedAs(node: JsonObject, name: string, locale?: string): boolean {
  if (node.name === name) return true;
  const localized = node.name_localizations;
  return locale !== undefined && typeof localized === 'object' && localized !== null && (localized as Record<string, unknown>)[locale] === name;
}

function resolveValue(
  state: EmulatorState,
  guildId: string,
  def: JsonObject,
  raw: OptionValue,
  resolved: Record<string, JsonObject>,
): string | number | boolean {
  const name = String(def.name);
  const type = Number(def.type);
  const id = typeof raw === 'object' ? raw.id : String(raw);
  const add = (kind: string, key: string, value: JsonObject) => ((resolved[kind] ??= {})[key] = value);
  let value: string | number | boolean;
  switch (type) {
    case OT.String: {
      if (typeof raw !== 'string') fail(`option ${name} expects a string`);
      const len = [...raw].length;
      if (typeof def.min_length === 'number' && len < def.min_length) fail(`option ${name} needs at least ${def.min_length} characters`);
      if (typeof def.max_length === 'number' && len > def.max_length) fail(`option ${name} allows at most ${def.max_length} characters`);
      value = raw;
      break;
    }
    case OT.Integer:
    case OT.Number: {
      if (typeof raw !== 'number' || (type === OT.Integer && !Number.isInteger(raw))) fail(`option ${name} expects ${type === OT.Integer ? 'an integer' : 'a number'}`);
      if (typeof def.min_value === 'number' && raw < def.min_value) fail(`option ${name} must be ≥ ${def.min_value}`);
      if (typeof def.max_value === 'number' && raw > def.max_value) fail(`option ${name} must be ≤ ${def.max_value}`);
      value = raw;
      break;
    }
    case OT.Boolean:
      if (typeof raw !== 'boolean') fail(`option ${name} expects a boolean`);
      value = raw;
      break;
    case OT.User:
    case OT.Mentionable:
    case OT.Role: {
      const guild = state.guild(guildId);
      if (type !== OT.Role && state.users.has(id)) {
        add('users', id, state.userJson(id));
        if (state.member(guildId, id)) add('members', id, state.memberJson(guildId, id, false, true));
      } else if (type !== OT.User && guild.roles.has(id)) {
        add('roles', id, state.roleJson(guild.roles.get(id)!));
      } else fail(`option ${name}: ${id} is not a known ${type === OT.User ? 'user' : type === OT.Role ? 'role' : 'user or role'}`);
      value = id;
      break;
    }
    case OT.Channel: {
      if (!state.channels.has(id)) fail(`option ${name}: ${id} is not a known channel`);
      const c = state.channelJson(id);
      add('channels', id, { id, name: c.name, type: c.type, guild_id: c.guild_id, permissions: state.memberPermissions(guildId, state.botUserId).toString() });
      value = id;
      break;
    }
    default:
      fail(`option ${name}: option type ${type} is not supported by the emulator`);
  }
  if (Array.isArray(def.choices) && def.choices.length > 0 && !def.choices.some((c) => isObject(c) && c.value === value)) {
    fail(`option ${name}: ${JSON.stringify(value)} is not one of the choices ${JSON.stringify(def.choices.map((c) => (c as JsonObject).value))}`);
  }
  return value;
}

/**
 * Whether a Discord client offers command `name` outside servers, in `context`; throws with the
 * reason when it does not (the command is not in the picker, so no interaction is sent):
 * - guild commands never ("Guild commands don't support the BOT_DM interaction context",
 *   `developers/interactions/application-commands.mdx` "Using Default Permissions");
 * - a global command where its `contexts` include the context — all three when none were given
 *   ("Create Global Application Command": "defaults to all contexts [0,1,2]");
 * - a group DM or another user's DM (PRIVATE_CHANNEL) only for commands installed to a user:
 *   "the PRIVATE_CHANNEL interaction context is only meaningful for commands installed to a user
 *   (when the command's integration_types includes USER_INSTALL)" ("Interaction Contexts"; the
 *   default `integration_types` is GUILD_INSTALL, [0]). The emulator models no user installs.
 */
function assertUsableOutsideServers(state: EmulatorState, name: string, locale: string | undefined, context: InteractionContextType): void {
  const global = findCommand(state, '', name, locale);
  if (!global) {
    const inGuild = [...state.commands.entries()].some(([scope, list]) => scope !== 'global' && list.some((c) => c.name === name));
    fail(inGuild ? `/${name} is a guild command: guild commands cannot be used in DMs` : `/${name} is not a registered global command`);
  }
  const contexts = Array.isArray(global.contexts) ? (global.contexts as number[]) : [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel];
  if (!contexts.includes(context)) fail(`/${name} is not available in ${context === InteractionContextType.BotDM ? 'DMs with the bot' : 'group DMs'} (contexts ${JSON.stringify(contexts)})`);
  if (context === InteractionContextType.PrivateChannel) {
    const types = Array.isArray(global.integration_types) ? (global.integration_types as number[]) : [0];
    if (!types.includes(1)) fail(`/${name} is not offered in group DMs: it is installed to servers only (integration_types ${JSON.stringify(types)}, no USER_INSTALL)`);
    fail('discord-emulator: commands installed to a user (USER_INSTALL) are not modelled');
  }
}

/**
 * Interaction `data` for `/path` with option values, as the Discord client builds it.
 * `path` is `'command'`, `'command sub'` or `'command group sub'`.
 */
export function commandData(
  state: EmulatorState,
  userId: string,
  guildId: string,
  path: string,
  values: Record<string, OptionValue>,
  opts: ActionOptions,
  context: InteractionContextType = InteractionContextType.Guild,
): { data: JsonObject; displayName: string } {
  const [name = '', ...rest] = path.trim().split(/\s+/);
  const locale = state.users.get(userId)?.locale;
  if (context !== InteractionContextType.Guild) assertUsableOutsideServers(state, name, locale, context);
  const cmd = findCommand(state, context === InteractionContextType.Guild ? guildId : '', name, locale);
  if (!cmd) {
    const known = [...(state.commands.get(guildId) ?? []), ...(state.commands.get('global') ?? [])].map((c) => c.name);
    fail(`/${name} is not a registered chat input command (registered: ${known.join(', ') || 'none'})`);
  }
  if (context === InteractionContextType.Guild && Array.isArray(cmd.contexts) && !cmd.contexts.includes(InteractionContextType.Guild)) fail(`/${name} is not available in guilds`);
  const needed = cmd.default_member_permissions;
  if (context === InteractionContextType.Guild && typeof needed === 'string' && !opts.ignoreCommandPermissions) {
    const perms = state.memberPermissions(guildId, userId);
    if (!hasAll(perms, BigInt(needed)) || (needed === '0' && !hasAll(perms, 8n))) {
      fail(`/${name} is hidden from this user (default_member_permissions ${needed}); pass { ignoreCommandPermissions: true } to simulate an admin override`);
    }
  }
  let defs = (Array.isArray(cmd.options) ? cmd.options : []) as JsonObject[];
  const wrappers: JsonObject[] = [];
  for (const part of rest) {
    const sub = defs.find((d) => namedAs(d, part, locale) && (d.type === OT.Subcommand || d.type === OT.SubcommandGroup));
    if (!sub) fail(`/${name} has no subcommand or group "${part}"`);
    wrappers.push({ name: sub.name, type: sub.type });
    defs = (Array.isArray(sub.options) ? sub.options : []) as JsonObject[];
  }
  if (defs.some((d) => d.type === OT.Subcommand || d.type === OT.SubcommandGroup)) {
    fail(`/${path} is incomplete: choose one of ${defs.map((d) => String(d.name)).join(', ')}`);
  }
  const resolved: Record<string, JsonObject> = {};
  const leaf: JsonObject[] = [];
  for (const [key, raw] of Object.entries(values)) {
    const def = defs.find((d) => namedAs(d, key, locale));
    if (!def) fail(`/${path} has no option "${key}" (options: ${defs.map((d) => String(d.name)).join(', ') || 'none'})`);
    leaf.push({ name: String(def.name), type: def.type, value: resolveValue(state, guildId, def, raw, resolved) });
  }
  for (const d of defs) if (d.required === true && !leaf.some((option) => option.name === d.name)) fail(`/${path} needs option "${String(d.name)}"`);
  let options: JsonObject[] = leaf;
  for (const w of wrappers.reverse()) options = [{ ...w, options }];
  const data: JsonObject = { id: cmd.id, name: cmd.name, type: 1, options };
  if (Object.keys(resolved).length > 0) data.resolved = resolved;
  if (typeof cmd.guild_id === 'string') data.guild_id = cmd.guild_id;
  return { data, displayName: [name, ...rest].join(' ') };
}

function describeChoices(msg: MessageRecord): string {
  return interactiveComponents(msg.data).map((c) => `${c.label ?? '?'} [${c.customId ?? '-'}]`).join(', ') || 'none';
}

/** Check a user can see a message and return the component they would use. */
export function pickComponent(state: EmulatorState, userId: string, msg: MessageRecord, query: ComponentQuery, kind: 'button' | 'select'): FoundComponent {
  if (msg.deleted) fail(`message ${msg.id} was deleted`);
  if (msg.visibleTo && !msg.visibleTo.includes(userId)) fail(`message ${msg.id} is ephemeral and not visible to user ${userId}`);
  const found = findComponent(msg.data, query);
  if (!found) fail(`no component ${typeof query === 'string' ? JSON.stringify(query) : '(predicate)'} on message ${msg.id}; it has: ${describeChoices(msg)}`);
  if (kind === 'button' && found.type !== ComponentType.Button) fail(`${found.label ?? found.customId} is not a button`);
  if (kind === 'select' && !SELECT_TYPES.has(found.type)) fail(`${found.label ?? found.customId} is not a select menu`);
  if (found.disabled) fail(`${found.label ?? found.customId} is disabled`);
  if (isNonInteractiveButton(found)) fail(`${found.label ?? found.customId} is a link/premium button (no interaction)`);
  return found;
}

/** Interaction `data` for choosing `values` in a select menu (checked like the client does). */
export function selectData(state: EmulatorState, guildId: string, found: FoundComponent, values: OptionValue[]): JsonObject {
  const c = found.component;
  const ids = values.map((v) => (typeof v === 'object' ? v.id : String(v)));
  const min = typeof c.min_values === 'number' ? c.min_values : 1;
  const max = typeof c.max_values === 'number' ? c.max_values : 1;
  if (ids.length < min || ids.length > max) fail(`select ${found.customId}: choose between ${min} and ${max} values (got ${ids.length})`);
  const data: JsonObject = { custom_id: found.customId, component_type: found.type, values: ids, id: c.id };
  if (found.type === ComponentType.StringSelect) {
    const allowed = (Array.isArray(c.options) ? c.options : []).map((o) => (o as JsonObject).value);
    for (const v of ids) if (!allowed.includes(v)) fail(`select ${found.customId}: ${JSON.stringify(v)} is not an option (${JSON.stringify(allowed)})`);
    return data;
  }
  const resolved: Record<string, Record<string, JsonObject>> = {};
  const guild = state.guild(guildId);
  for (const id of ids) {
    if (state.users.has(id) && found.type !== ComponentType.RoleSelect && found.type !== ComponentType.ChannelSelect) {
      (resolved.users ??= {})[id] = state.userJson(id);
      if (state.member(guildId, id)) (resolved.members ??= {})[id] = state.memberJson(guildId, id, false, true);
    } else if (guild.roles.has(id) && (found.type === ComponentType.RoleSelect || found.type === ComponentType.MentionableSelect)) {
      (resolved.roles ??= {})[id] = state.roleJson(guild.roles.get(id)!);
    } else if (state.channels.has(id) && found.type === ComponentType.ChannelSelect) {
      const ch = state.channelJson(id);
      (resolved.channels ??= {})[id] = { id, name: ch.name, type: ch.type, permissions: '0' };
    } else fail(`select ${found.customId}: ${id} is not a valid value for component type ${found.type}`);
  }
  data.resolved = resolved;
  return data;
}

/**
 * Interaction `data` for submitting a modal with `values` (text inputs by custom_id → text,
 * string selects → chosen values). Checks required fields and lengths like the client.
 */
export function modalSubmitData(modal: JsonObject, values: Record<string, string | string[]>): JsonObject {
  const used = new Set<string>();
  const field = (c: JsonObject): JsonObject => {
    const id = String(c.custom_id);
    used.add(id);
    if (Number(c.type) === ComponentType.TextInput) {
      const v = values[id] ?? (typeof c.value === 'string' ? c.value : '');
      if (typeof v !== 'string') fail(`modal field ${id} takes text`);
      if (c.required !== false && v === '') fail(`modal field ${id} is required`);
      const len = [...v].length;
      if (v !== '' && typeof c.min_length === 'number' && len < c.min_length) fail(`modal field ${id} needs at least ${c.min_length} characters`);
      if (typeof c.max_length === 'number' && len > c.max_length) fail(`modal field ${id} allows at most ${c.max_length} characters`);
      return { type: ComponentType.TextInput, id: c.id, custom_id: id, value: v };
    }
    if (Number(c.type) === ComponentType.StringSelect) {
      const v = values[id] ?? [];
      const list = Array.isArray(v) ? v : [v];
      const allowed = (Array.isArray(c.options) ? c.options : []).map((o) => (o as JsonObject).value);
      for (const x of list) if (!allowed.includes(x)) fail(`modal select ${id}: ${JSON.stringify(x)} is not an option`);
      return { type: ComponentType.StringSelect, id: c.id, custom_id: id, values: list };
    }
    fail(`modal component type ${String(c.type)} is not supported by the emulator`);
  };
  const components = (Array.isArray(modal.components) ? modal.components : []).filter(isObject).map((top) => {
    if (Number(top.type) === ComponentType.ActionRow) {
      return { type: 1, id: top.id, components: (Array.isArray(top.components) ? top.components : []).filter(isObject).map(field) };
    }
    if (Number(top.type) === ComponentType.Label && isObject(top.component)) return { type: ComponentType.Label, id: top.id, component: field(top.component) };
    return { type: top.type, id: top.id };
  });
  for (const key of Object.keys(values)) if (!used.has(key)) fail(`the modal has no field "${key}"`);
  return { custom_id: modal.custom_id, components };
}
