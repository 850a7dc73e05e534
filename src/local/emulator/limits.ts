/**
 * Message limits Discord enforces that the published schemas do not express: the legacy
 * 5-action-row limit, one select or ≤5 buttons per row, unique custom_ids, button shapes,
 * select option rules, Components V2 rules, 2000-character content, 6000-character embeds,
 * allowed flags and allowed_mentions conflicts.
 */
import { ButtonStyle, ComponentType, MessageFlags } from 'discord-api-types/v10';
import { SELECT_TYPES } from './components.js';
import { isObject, problem, type Problem } from './validation.js';
import type { JsonObject } from './types.js';

/** Where a message body is sent; decides which flags are allowed. */
export type MessageRoute = 'interaction-create' | 'interaction-defer' | 'channel-create' | 'edit';

const ALLOWED_FLAGS: Record<MessageRoute, number> = {
  'interaction-create': MessageFlags.SuppressEmbeds | MessageFlags.Ephemeral | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2,
  'interaction-defer': MessageFlags.Ephemeral | MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications,
  'channel-create': MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2,
  edit: MessageFlags.SuppressEmbeds | MessageFlags.Ephemeral | MessageFlags.Loading | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2,
};

/** The parts of a message the layout checks look at. */
export interface MessageShape {
  content?: unknown;
  embeds?: unknown;
  components?: unknown;
  flags?: unknown;
}

/** True when a message (body or merged shape) carries the IS_COMPONENTS_V2 flag. */
export function isComponentsV2(msg: MessageShape): boolean {
  return typeof msg.flags === 'number' && (msg.flags & MessageFlags.IsComponentsV2) !== 0;
}

/**
 * Checks of the request body itself: flags allowed on this route, content ≤ 2000,
 * allowed_mentions `parse` vs explicit lists.
 */
export function bodyProblems(body: JsonObject, route: MessageRoute, prefix: (string | number)[] = []): Problem[] {
  const out: Problem[] = [];
  if (typeof body.flags === 'number') {
    const bad = body.flags & ~ALLOWED_FLAGS[route];
    if (bad !== 0) {
      const why =
        route === 'channel-create' && (bad & MessageFlags.Ephemeral) !== 0
          ? 'EPHEMERAL (64) cannot be used on channel messages; Discord would post the message publicly.'
          : `Flags ${bad} cannot be set here.`;
      out.push(problem([...prefix, 'flags'], 'MESSAGE_FLAGS_INVALID', why));
    }
  }
  if (typeof body.content === 'string' && [...body.content].length > 2000) {
    out.push(problem([...prefix, 'content'], 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.'));
  }
  const am = body.allowed_mentions;
  if (isObject(am) && Array.isArray(am.parse)) {
    for (const kind of ['users', 'roles'] as const) {
      if (am.parse.includes(kind) && Array.isArray(am[kind]) && (am[kind] as unknown[]).length > 0) {
        out.push(problem([...prefix, 'allowed_mentions', kind], 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', `parse:["${kind}"] and ${kind}: [ids] are mutually exclusive.`));
      }
    }
  }
  return out;
}

function embedChars(e: JsonObject): number {
  const len = (v: unknown) => (typeof v === 'string' ? [...v].length : 0);
  let n = len(e.title) + len(e.description);
  if (isObject(e.footer)) n += len(e.footer.text);
  if (isObject(e.author)) n += len(e.author.name);
  if (Array.isArray(e.fields)) for (const f of e.fields) if (isObject(f)) n += len(f.name) + len(f.value);
  return n;
}

function checkButton(c: JsonObject, path: (string | number)[], out: Problem[]): void {
  const style = Number(c.style);
  if (style === ButtonStyle.Link) {
    if (typeof c.url !== 'string') out.push(problem([...path, 'url'], 'BUTTON_URL_REQUIRED', 'A link button needs a url.'));
    if (c.custom_id != null) out.push(problem([...path, 'custom_id'], 'BUTTON_CUSTOM_ID_NOT_ALLOWED', 'A link button cannot have a custom_id.'));
  } else if (style === ButtonStyle.Premium) {
    if (c.sku_id == null) out.push(problem([...path, 'sku_id'], 'BUTTON_SKU_ID_REQUIRED', 'A premium button needs a sku_id.'));
  } else {
    if (typeof c.custom_id !== 'string') out.push(problem([...path, 'custom_id'], 'BUTTON_CUSTOM_ID_REQUIRED', 'A non-link button needs a custom_id.'));
    if (c.url != null) out.push(problem([...path, 'url'], 'BUTTON_URL_NOT_ALLOWED', 'Only link buttons can have a url.'));
  }
  if (style !== ButtonStyle.Premium && !c.label && !c.emoji) {
    out.push(problem([...path, 'label'], 'BUTTON_LABEL_OR_EMOJI_REQUIRED', 'A button needs a label or an emoji.'));
  }
}

function checkSelect(c: JsonObject, path: (string | number)[], out: Problem[]): void {
  const min = typeof c.min_values === 'number' ? c.min_values : 1;
  const max = typeof c.max_values === 'number' ? c.max_values : 1;
  if (min > max) out.push(problem([...path, 'min_values'], 'SELECT_MIN_GREATER_THAN_MAX', `min_values (${min}) is greater than max_values (${max}).`));
  if (Number(c.type) === ComponentType.StringSelect && Array.isArray(c.options)) {
    const opts = c.options.filter(isObject);
    if (opts.length > 25) out.push(problem([...path, 'options'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.'));
    if (max > opts.length) out.push(problem([...path, 'max_values'], 'SELECT_MAX_VALUES_TOO_LARGE', `max_values (${max}) exceeds the number of options (${opts.length}).`));
    const seen = new Set<unknown>();
    opts.forEach((o, i) => {
      if (seen.has(o.value)) out.push(problem([...path, 'options', i, 'value'], 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', `Duplicate option value ${JSON.stringify(o.value)}.`));
      seen.add(o.value);
    });
    const defaults = opts.filter((o) => o.default === true).length;
    if (defaults > max) out.push(problem([...path, 'options'], 'SELECT_TOO_MANY_DEFAULTS', `${defaults} default options but max_values is ${max}.`));
  }
  if (Array.isArray(c.default_values) && c.default_values.length > max) {
    out.push(problem([...path, 'default_values'], 'SELECT_TOO_MANY_DEFAULTS', `${c.default_values.length} default values but max_values is ${max}.`));
  }
}

function checkRow(row: JsonObject, path: (string | number)[], out: Problem[]): void {
  const children = Array.isArray(row.components) ? row.components.filter(isObject) : [];
  const selects = children.filter((c) => SELECT_TYPES.has(Number(c.type)));
  const buttons = children.filter((c) => Number(c.type) === ComponentType.Button);
  if (selects.length > 0 && children.length > 1) {
    out.push(problem([...path, 'components'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'A select menu must be alone in its action row.'));
  }
  if (buttons.length > 5) out.push(problem([...path, 'components'], 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.'));
}

/**
 * Layout checks of the message as it will look (for edits: after merging the edit):
 * legacy vs Components V2 rules, rows, buttons, selects, unique custom_ids, embed size.
 */
export function shapeProblems(msg: MessageShape, prefix: (string | number)[] = []): Problem[] {
  const out: Problem[] = [];
  const flags = typeof msg.flags === 'number' ? msg.flags : 0;
  const v2 = (flags & MessageFlags.IsComponentsV2) !== 0;
  const top = Array.isArray(msg.components) ? msg.components : [];
  const customIds = new Map<string, (string | number)[]>();
  let total = 0;
  let textChars = 0;

  // The 40-component limit of a Components V2 message counts every component at every level:
  // containers, sections, their thumbnail accessories, text displays, separators, action
  // rows and each button or select in them. A Media Gallery is one component: its items are
  // "media gallery items", not components, and are bounded (1–10) by the published schema.
  const visit = (c: unknown, path: (string | number)[]): void => {
    if (!isObject(c)) return;
    total++;
    const type = Number(c.type);
    if (type === ComponentType.ActionRow) checkRow(c, path, out);
    if (type === ComponentType.Button) checkButton(c, path, out);
    if (SELECT_TYPES.has(type)) checkSelect(c, path, out);
    if (type === ComponentType.TextDisplay && typeof c.content === 'string') textChars += [...c.content].length;
    if (typeof c.custom_id === 'string') {
      if (customIds.has(c.custom_id)) {
        out.push(problem([...path, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED', `custom_id ${JSON.stringify(c.custom_id)} is already used in this message (at ${customIds.get(c.custom_id)!.join('.')}).`));
      } else customIds.set(c.custom_id, path);
    }
    if (Array.isArray(c.components)) c.components.forEach((child, i) => visit(child, [...path, 'components', i]));
    if (c.accessory) visit(c.accessory, [...path, 'accessory']);
  };
  top.forEach((c, i) => visit(c, [...prefix, 'components', i]));

  if (v2) {
    if (typeof msg.content === 'string' && msg.content.length > 0) {
      out.push(problem([...prefix, 'content'], 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', 'content cannot be used with the IS_COMPONENTS_V2 flag.'));
    }
    if (Array.isArray(msg.embeds) && msg.embeds.length > 0) {
      out.push(problem([...prefix, 'embeds'], 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', 'embeds cannot be used with the IS_COMPONENTS_V2 flag.'));
    }
    if (total > 40) out.push(problem([...prefix, 'components'], 'COMPONENTS_V2_TOO_MANY', `${total} components; at most 40 (nested included).`));
    if (textChars > 4000) out.push(problem([...prefix, 'components'], 'COMPONENTS_V2_TEXT_TOO_LONG', `${textChars} characters of text display; at most 4000.`));
  } else {
    top.forEach((c, i) => {
      if (isObject(c) && Number(c.type) !== ComponentType.ActionRow) {
        out.push(problem([...prefix, 'components', i, 'type'], 'COMPONENT_REQUIRES_COMPONENTS_V2', `Component type ${String(c.type)} at the top level needs the IS_COMPONENTS_V2 flag.`));
      }
    });
    if (top.length > 5) out.push(problem([...prefix, 'components'], 'BASE_TYPE_MAX_LENGTH', `Must be 5 or fewer in length (legacy messages have at most 5 action rows; got ${top.length}).`));
  }

  if (Array.isArray(msg.embeds)) {
    const chars = msg.embeds.filter(isObject).reduce((n, e) => n + embedChars(e), 0);
    if (chars > 6000) out.push(problem([...prefix, 'embeds'], 'MESSAGE_EMBEDS_TOO_LONG', `Embeds total ${chars} characters; at most 6000.`));
  }
  return out;
}

/** True when a create body would produce an empty message (Discord error 50006). */
export function isEmptyMessage(body: JsonObject, fileCount: number): boolean {
  const nonEmpty = (v: unknown) => Array.isArray(v) && v.length > 0;
  return (
    !(typeof body.content === 'string' && body.content.trim().length > 0) &&
    !nonEmpty(body.embeds) &&
    !nonEmpty(body.components) &&
    !nonEmpty(body.sticker_ids) &&
    !isObject(body.poll) &&
    fileCount === 0
  );
}
