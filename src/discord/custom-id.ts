/**
 * The custom_id codec (issue 2 §7). Every component the bot draws carries a short,
 * versioned id that the one global router decodes with zod:
 *
 * - `rh1:g:<table>:<step>:<code>` — a game action button (code = the game's encodeAction)
 * - `rh1:s:<table>:<step>:<name>` — a game select; the chosen option value is the action code
 * - `rh1:t:<table>:<verb>`         — a table action (join, leave, start, cancel, hand, …)
 *
 * Table ids and steps are base-36. Ids are ≤ 100 characters (Discord's limit).
 */
import { z } from 'zod';

/** Table-level verbs carried by `rh1:t:` ids. */
export const TABLE_VERBS = [
  'join',
  'leave',
  'start',
  'cancel',
  'hand',
  'refresh',
  'rules',
  'leave-game',
  'cancel-confirm',
  'keep',
] as const;
export type TableVerb = (typeof TABLE_VERBS)[number];

/** A decoded custom_id. */
export type CustomId =
  | { kind: 'game'; tableId: number; step: number; code: string }
  | { kind: 'select'; tableId: number; step: number; name: string }
  | { kind: 'table'; tableId: number; verb: TableVerb };

/** Discord's maximum custom_id length. */
export const CUSTOM_ID_MAX = 100;

const b36 = z
  .string()
  .regex(/^[0-9a-z]{1,8}$/)
  .transform((s) => parseInt(s, 36));
const code = z.string().regex(/^[A-Za-z0-9._:,-]{1,80}$/);

const schema = z.union([
  z.tuple([z.literal('rh1'), z.literal('g'), b36, b36]).rest(z.string()),
  z.tuple([z.literal('rh1'), z.literal('s'), b36, b36, code]),
  z.tuple([z.literal('rh1'), z.literal('t'), b36, z.enum(TABLE_VERBS)]),
]);

/** Encode a game action button id. Throws if the result would exceed 100 characters. */
export function gameActionId(tableId: number, step: number, actionCode: string): string {
  return check(`rh1:g:${tableId.toString(36)}:${step.toString(36)}:${actionCode}`);
}

/** Encode a game select id. */
export function gameSelectId(tableId: number, step: number, name: string): string {
  return check(`rh1:s:${tableId.toString(36)}:${step.toString(36)}:${name}`);
}

/** Encode a table action id. */
export function tableActionId(tableId: number, verb: TableVerb): string {
  return check(`rh1:t:${tableId.toString(36)}:${verb}`);
}

function check(id: string): string {
  if (id.length > CUSTOM_ID_MAX) throw new RangeError(`custom_id longer than ${CUSTOM_ID_MAX}: ${id}`);
  return id;
}

/** Decode a custom_id; null for anything malformed or forged beyond repair. */
export function decodeCustomId(raw: string): CustomId | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > CUSTOM_ID_MAX) return null;
  const parts = raw.split(':');
  // A game action code may itself contain ':' — keep everything after the 4th separator.
  if (parts[1] === 'g' && parts.length >= 5) {
    const head = schema.safeParse([...parts.slice(0, 4)]);
    const actionCode = code.safeParse(parts.slice(4).join(':'));
    if (!head.success || !actionCode.success) return null;
    return { kind: 'game', tableId: head.data[2] as number, step: head.data[3] as number, code: actionCode.data };
  }
  const r = schema.safeParse(parts);
  if (!r.success) return null;
  const d = r.data;
  if (d[1] === 's') return { kind: 'select', tableId: d[2], step: d[3] as number, name: d[4] as string };
  if (d[1] === 't') return { kind: 'table', tableId: d[2], verb: d[3] as TableVerb };
  return null;
}
