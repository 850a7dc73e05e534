/**
 * What each REST request the emulator answers was for, counted by kind and by whether its
 * route is bound to Discord's global limit (README "Benchmark"; docs/rate-limit.md). The
 * emulator knows the route and the messages, so it tells a board edit from a ping without
 * any help from the bot:
 *
 * - `board`: creating or editing a game board (a message with embeds or a components-v2
 *   layout, no user mention in its content);
 * - `lobby`: creating or editing a lobby (a board whose components include a Join button,
 *   custom_id `rh1:t:…:join`);
 * - `ping-post`, `ping-edit`, `ping-delete`: a "your move" ping (a non-ephemeral message
 *   whose content mentions users and that has no components): posted, edited, deleted;
 * - `clean-up`: reading or deleting any other message (a board read back to see whether it
 *   was deleted, an old message removed);
 * - `callback`: an interaction's initial answer; `panel`: an interaction-webhook request on
 *   an ephemeral message (a private panel);
 * - `other`: anything else (commands, channels, DMs opened, reactions…).
 *
 * Interaction routes (the callback and `/webhooks/{app}/{token}/…`) are outside the global
 * limit (rate-limits.ts `isInteractionRoute`), so a ping posted as an interaction follow-up
 * counts as `ping-post` on an interaction route, not against the 50/s.
 */
import { isInteractionRoute } from './rate-limits.js';
import type { MessageRecord } from './records.js';

import { REQUEST_KINDS, type RequestKind } from './request-kind-names.js';

export { REQUEST_KINDS, type RequestKind } from './request-kind-names.js';

/** Requests counted per kind. */
export type KindCounts = Record<RequestKind, number>;

/** A zero count of every kind. */
export function emptyKindCounts(): KindCounts {
  return Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, 0])) as KindCounts;
}

/** Requests answered, split by whether their route is bound to the global limit, per kind. */
export interface RequestCounts {
  /** Routes bound to the bot's global limit (every route but the interaction routes). */
  global: KindCounts;
  /** Interaction routes: the callback and `/webhooks/{app}/{token}/…`. */
  interaction: KindCounts;
}

/** Which kind of message a message body (or stored message data) is. */
export function messageKind(data: unknown): 'board' | 'lobby' | 'ping' | 'other' {
  if (typeof data !== 'object' || data === null) return 'other';
  const body = data as { content?: unknown; components?: unknown; embeds?: unknown[]; flags?: unknown };
  const components = JSON.stringify(body.components ?? []);
  const hasComponents = Array.isArray(body.components) && body.components.length > 0;
  const content = typeof body.content === 'string' ? body.content : '';
  if (!hasComponents && /<@!?\d+>/.test(content)) return 'ping';
  if (/"custom_id":"rh1:t:[0-9a-z]+:join"/.test(components)) return 'lobby';
  const v2 = typeof body.flags === 'number' && (body.flags & (1 << 15)) !== 0;
  if ((body.embeds?.length ?? 0) > 0 || v2 || hasComponents) return 'board';
  return 'other';
}

/**
 * The kind of one request: `method` on route `pattern` (e.g. `/channels/:channel/messages/:message`)
 * with its path `params` and parsed `body`; `message` is the message it refers to as stored
 * before the request (undefined when the route names none or it is unknown).
 */
export function requestKind(method: string, pattern: string, body: unknown, message: MessageRecord | undefined): RequestKind {
  if (pattern === '/interactions/:interaction/:token/callback') return 'callback';
  if (pattern.startsWith('/webhooks/')) {
    if (message?.ephemeral) return 'panel';
    if (method === 'POST') return messageKind(body) === 'ping' && !isEphemeral(body) ? 'ping-post' : isEphemeral(body) ? 'panel' : postKind(body);
    return byMessage(method, message, body);
  }
  if (pattern === '/channels/:channel/messages' && method === 'POST') return postKind(body);
  if (pattern === '/channels/:channel/messages/:message') return byMessage(method, message, body);
  return 'other';
}

function isEphemeral(body: unknown): boolean {
  const flags = (body as { flags?: unknown } | null)?.flags;
  return typeof flags === 'number' && (flags & 64) !== 0;
}

function postKind(body: unknown): RequestKind {
  const kind = messageKind(body);
  return kind === 'ping' ? 'ping-post' : kind === 'other' ? 'other' : kind;
}

function byMessage(method: string, message: MessageRecord | undefined, body: unknown): RequestKind {
  const kind = messageKind(message?.data ?? body);
  if (method === 'GET') return 'clean-up';
  if (kind === 'ping') return method === 'DELETE' ? 'ping-delete' : 'ping-edit';
  if (method === 'DELETE') return 'clean-up';
  return kind === 'other' ? 'other' : kind;
}

/** Counts requests by kind (`count`), split by global / interaction route. */
export class RequestCounter {
  counts: RequestCounts = { global: emptyKindCounts(), interaction: emptyKindCounts() };

  /** Count one request; returns its kind and whether its route is bound to the global limit. */
  count(method: string, pattern: string, body: unknown, message: MessageRecord | undefined): { kind: RequestKind; globalRoute: boolean } {
    const kind = requestKind(method, pattern, body, message);
    const globalRoute = !isInteractionRoute(pattern);
    this.counts[globalRoute ? 'global' : 'interaction'][kind] += 1;
    return { kind, globalRoute };
  }

  /** Start counting from zero. */
  reset(): void {
    this.counts = { global: emptyKindCounts(), interaction: emptyKindCounts() };
  }
}
