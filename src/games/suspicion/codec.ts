/**
 * Suspicion — action codes for custom_ids: short, readable, `:`-separated, e.g. `pl:red3:0`
 * (place red3 on seat 0's suspect), `ta:tamper1:2:1`, `co` (counter), `vo:bluff`.
 */
import { actionSchema, type SuspicionAction } from './rules.js';

/** Encode an action (≤ 70 characters of [a-z0-9:]). */
export function encodeAction(a: SuspicionAction): string {
  switch (a.type) {
    case 'place':
      return `pl:${a.card}:${a.suspect}`;
    case 'wild':
      return `wi:${a.card}:${a.suspect}:${a.slot}`;
    case 'discard':
      return `di:${a.card}`;
    case 'burn':
      return `bu:${a.card}:${a.target}`;
    case 'tamper':
      return a.slot === undefined ? `ta:${a.card}:${a.target}` : `ta:${a.card}:${a.target}:${a.slot}`;
    case 'block':
      return `bl:${a.card}:${a.target}`;
    case 'recolour':
      return `rc:${a.suspect}:${a.from}:${a.to}`;
    case 'declare':
      return `de:${a.card}:${a.suspect}`;
    case 'counter':
      return 'co';
    case 'pass':
      return 'pa';
    case 'counterBack':
      return 'cb';
    case 'accept':
      return 'ac';
    case 'cancel':
      return 'ca';
    case 'allow':
      return 'al';
    case 'vote':
      return `vo:${a.verdict}`;
    case 'abstain':
      return 'ab';
    case 'draw':
      return 'dr';
  }
}

const SIMPLE: Record<string, SuspicionAction['type']> = {
  co: 'counter',
  pa: 'pass',
  cb: 'counterBack',
  ac: 'accept',
  ca: 'cancel',
  al: 'allow',
  ab: 'abstain',
  dr: 'draw',
};

/** Decode an action code; null for anything malformed (validated with the action schema). */
export function decodeAction(code: string): SuspicionAction | null {
  if (typeof code !== 'string' || code.length > 70 || !/^[a-z0-9:]+$/.test(code)) return null;
  const [tag, ...rest] = code.split(':');
  const num = (x: string | undefined) => (x !== undefined && /^\d$/.test(x) ? Number(x) : NaN);
  let raw: unknown;
  const [p, q, r] = rest;
  switch (tag) {
    case 'pl':
      raw = rest.length === 2 ? { type: 'place', card: p, suspect: num(q) } : null;
      break;
    case 'wi':
      raw = rest.length === 3 ? { type: 'wild', card: p, suspect: num(q), slot: num(r) } : null;
      break;
    case 'di':
      raw = rest.length === 1 ? { type: 'discard', card: p } : null;
      break;
    case 'bu':
      raw = rest.length === 2 ? { type: 'burn', card: p, target: num(q) } : null;
      break;
    case 'ta':
      if (rest.length === 2) raw = { type: 'tamper', card: p, target: num(q) };
      else if (rest.length === 3) raw = { type: 'tamper', card: p, target: num(q), slot: num(r) };
      break;
    case 'bl':
      raw = rest.length === 2 ? { type: 'block', card: p, target: num(q) } : null;
      break;
    case 'rc':
      raw = rest.length === 3 ? { type: 'recolour', suspect: num(p), from: num(q), to: num(r) } : null;
      break;
    case 'de':
      raw = rest.length === 2 ? { type: 'declare', card: p, suspect: num(q) } : null;
      break;
    case 'vo':
      raw = rest.length === 1 ? { type: 'vote', verdict: p } : null;
      break;
    default:
      raw = tag !== undefined && SIMPLE[tag] && rest.length === 0 ? { type: SIMPLE[tag] } : null;
  }
  const parsed = actionSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
