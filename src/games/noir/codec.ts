/**
 * NOIR action codes for custom_ids: short strings of [a-z0-9:-] (≤ 12 characters).
 *   k:<suspect>  kill            s:r|c:<index>:1|-1  shift      d  disguise
 *   i:<suspect>  choose identity a:<suspect>  arrest              e  exonerate
 *   x:<suspect>  discard         c:<discard>:<target>  citizen's arrest
 * Decoding validates with the zod action schema and returns null for anything malformed.
 */
import { noirActionSchema, type NoirAction } from './rules.js';

/** Encode an action (see the file comment). */
export function encodeNoirAction(a: NoirAction): string {
  switch (a.type) {
    case 'kill':
      return `k:${a.suspect}`;
    case 'shift':
      return `s:${a.axis === 'row' ? 'r' : 'c'}:${a.index}:${a.dir}`;
    case 'disguise':
      return 'd';
    case 'choose':
      return `i:${a.suspect}`;
    case 'arrest':
      return `a:${a.suspect}`;
    case 'exonerate':
      return 'e';
    case 'discard':
      return `x:${a.suspect}`;
    case 'citizen':
      return `c:${a.discard}:${a.target}`;
  }
}

const INT = /^(0|-?[1-9][0-9]{0,2})$/;

/** Decode an action code; null when malformed or out of range. */
export function decodeNoirAction(code: string): NoirAction | null {
  if (typeof code !== 'string' || code.length > 70) return null;
  const [tag, ...rest] = code.split(':');
  if (!rest.every((p) => p === 'r' || p === 'c' || INT.test(p))) return null;
  const n = (i: number) => (rest[i] !== undefined && INT.test(rest[i]!) ? Number(rest[i]) : NaN);
  let raw: unknown;
  switch (tag) {
    case 'k':
      raw = rest.length === 1 ? { type: 'kill', suspect: n(0) } : null;
      break;
    case 's':
      raw =
        rest.length === 3 && (rest[0] === 'r' || rest[0] === 'c')
          ? { type: 'shift', axis: rest[0] === 'r' ? 'row' : 'col', index: n(1), dir: n(2) }
          : null;
      break;
    case 'd':
      raw = rest.length === 0 ? { type: 'disguise' } : null;
      break;
    case 'i':
      raw = rest.length === 1 ? { type: 'choose', suspect: n(0) } : null;
      break;
    case 'a':
      raw = rest.length === 1 ? { type: 'arrest', suspect: n(0) } : null;
      break;
    case 'e':
      raw = rest.length === 0 ? { type: 'exonerate' } : null;
      break;
    case 'x':
      raw = rest.length === 1 ? { type: 'discard', suspect: n(0) } : null;
      break;
    case 'c':
      raw = rest.length === 2 ? { type: 'citizen', discard: n(0), target: n(1) } : null;
      break;
    default:
      return null;
  }
  if (raw === null) return null;
  const parsed = noirActionSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
