/**
 * Tricks and the Phantom — action codes for custom_ids: `d:<card>` (3-player discard),
 * `r:<card>:<y|r|b>` (report with a clue colour), `g:<position|f>` (glass; f = the 4th-party card).
 */
import { actionSchema, type Colour, type PhantomAction } from './rules.js';

const COLOUR_CODE: Record<Colour, string> = { yellow: 'y', red: 'r', blue: 'b' };
const CODE_COLOUR: Partial<Record<string, Colour>> = { y: 'yellow', r: 'red', b: 'blue' };

/** Encode an action (see the file comment). */
export function encodeAction(action: PhantomAction): string {
  switch (action.type) {
    case 'discard':
      return `d:${action.card}`;
    case 'report':
      return `r:${action.card}:${COLOUR_CODE[action.colour]}`;
    case 'glass':
      return `g:${action.on === 'fourth' ? 'f' : action.on}`;
  }
}

/** Decode an action code; null when malformed (validated with the action schema). */
export function decodeAction(code: string): PhantomAction | null {
  let candidate: unknown = null;
  let match: RegExpExecArray | null;
  if ((match = /^d:(\d{1,2})$/.exec(code))) candidate = { type: 'discard', card: Number(match[1]) };
  else if ((match = /^r:(\d{1,2}):([yrb])$/.exec(code))) candidate = { type: 'report', card: Number(match[1]), colour: CODE_COLOUR[match[2]!] };
  else if ((match = /^g:(\d|f)$/.exec(code))) candidate = { type: 'glass', on: match[1] === 'f' ? 'fourth' : Number(match[1]) };
  if (candidate === null) return null;
  const parsed = actionSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
