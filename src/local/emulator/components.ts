/**
 * Finding components in a message the way a user does: by what they show (label,
 * placeholder) or by custom_id. Works for legacy action rows and Components V2 layouts
 * (containers, sections with accessories).
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { ComponentQuery, FoundComponent, JsonObject } from './types.js';

/** Component types a user can interact with (buttons and select menus). */
export const INTERACTIVE_TYPES: ReadonlySet<number> = new Set([
  ComponentType.Button,
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

/** Select menu component types. */
export const SELECT_TYPES: ReadonlySet<number> = new Set([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

function describe(c: JsonObject, row: number): FoundComponent {
  const label =
    typeof c.label === 'string'
      ? c.label
      : typeof c.placeholder === 'string'
        ? c.placeholder
        : typeof c.content === 'string'
          ? c.content
          : undefined;
  return {
    component: c,
    type: Number(c.type),
    customId: typeof c.custom_id === 'string' ? c.custom_id : undefined,
    label,
    disabled: c.disabled === true,
    row,
  };
}

/** Every component of a message (or of a components array), depth first, rows included. */
export function allComponents(messageOrComponents: { components?: unknown } | unknown[]): FoundComponent[] {
  const top = Array.isArray(messageOrComponents) ? messageOrComponents : messageOrComponents.components;
  const out: FoundComponent[] = [];
  const visit = (c: unknown, row: number): void => {
    if (!c || typeof c !== 'object') return;
    const obj = c as JsonObject;
    out.push(describe(obj, row));
    if (Array.isArray(obj.components)) for (const child of obj.components) visit(child, row);
    if (obj.accessory) visit(obj.accessory, row);
    if (obj.component) visit(obj.component, row);
  };
  if (Array.isArray(top)) top.forEach((c, i) => visit(c, i));
  return out;
}

/** The interactive components (buttons, selects) of a message. */
export function interactiveComponents(message: { components?: unknown }): FoundComponent[] {
  return allComponents(message).filter((c) => INTERACTIVE_TYPES.has(c.type));
}

/** Labels of the buttons of a message, in display order. */
export function buttonLabels(message: { components?: unknown }): string[] {
  return allComponents(message)
    .filter((c) => c.type === ComponentType.Button)
    .map((c) => c.label ?? (c.component.emoji as JsonObject | undefined)?.name?.toString() ?? '');
}

/**
 * Find one interactive component: a string matches custom_id first, then the label /
 * placeholder exactly; a function is a predicate. Returns undefined when nothing matches.
 */
export function findComponent(message: { components?: unknown }, query: ComponentQuery): FoundComponent | undefined {
  const list = interactiveComponents(message);
  if (typeof query === 'function') return list.find(query);
  return list.find((c) => c.customId === query) ?? list.find((c) => c.label === query);
}

/** True for link and premium buttons, which open something instead of sending an interaction. */
export function isNonInteractiveButton(c: FoundComponent): boolean {
  const style = Number(c.component.style);
  return c.type === ComponentType.Button && (style === ButtonStyle.Link || style === ButtonStyle.Premium);
}
