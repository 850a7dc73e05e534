/**
 * J'Accuse! — action codes for custom_ids (≤ 70 characters): `c:<character>`,
 * `i:<investigation>`, `v:<l|r|a|j>` (Left, Right, Across, J'Accuse!), `s:<evidence>:<seat>`.
 */
import { ALL_EVIDENCE, ALL_INVESTIGATIONS, jaccuseActionSchema, type JaccuseAction, type SuspicionCard } from './rules.js';

const SUSPICION_CODE: Record<SuspicionCard, string> = { left: 'l', right: 'r', across: 'a', jaccuse: 'j' };

/** Encode an action (see the file comment). */
export function encodeAction(action: JaccuseAction): string {
  switch (action.type) {
    case 'character':
      return `c:${action.character}`;
    case 'investigate':
      return `i:${action.card}`;
    case 'vote':
      return `v:${SUSPICION_CODE[action.card]}`;
    case 'send':
      return `s:${action.card}:${action.to}`;
  }
}

/** Decode `encodeAction`'s string; null for anything malformed or out of range. */
export function decodeAction(code: string): JaccuseAction | null {
  const parts = code.split(':');
  let raw: unknown = null;
  const [kind, first, second] = parts;
  if (kind === 'c' && parts.length === 2) raw = { type: 'character', character: first };
  else if (kind === 'i' && parts.length === 2 && (ALL_INVESTIGATIONS as string[]).includes(first ?? '')) raw = { type: 'investigate', card: first };
  else if (kind === 'v' && parts.length === 2) raw = { type: 'vote', card: (Object.keys(SUSPICION_CODE) as SuspicionCard[]).find((card) => SUSPICION_CODE[card] === first) };
  else if (kind === 's' && parts.length === 3 && /^\d$/.test(second ?? '') && (ALL_EVIDENCE as string[]).includes(first ?? ''))
    raw = { type: 'send', card: first, to: Number(second) };
  const parsed = jaccuseActionSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
