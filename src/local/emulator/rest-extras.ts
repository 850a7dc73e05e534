/**
 * Smaller bot routes: typing indicator, the bot's own reactions, and DMs. Players are
 * assumed to block DMs (the common case the platform notes warn about): opening a DM works,
 * sending to it answers 403 / 50007 "Cannot send messages to this user" — unless the user
 * accepts DMs (`UserRecord.acceptsDms`, `EmulatedUser.acceptDms()`; rest-routes.ts).
 */
import { PermissionFlagsBits as P } from 'discord-api-types/v10';
import { apiError, noContent, ok, type RouteContext, type RouteDef, type RouteResponse } from './rest-router.js';
import { channelMessage, needPermissions } from './rest-routes.js';
import { invalidBody, isObject, problem } from './validation.js';
import type { JsonObject } from './types.js';

function openDm(ctx: RouteContext): RouteResponse {
  const st = ctx.core.state;
  const body = ctx.body;
  if (!isObject(body) || typeof body.recipient_id !== 'string') {
    return invalidBody([problem(['recipient_id'], 'BASE_TYPE_REQUIRED', 'This field is required')]);
  }
  const userId = body.recipient_id;
  if (!st.users.has(userId)) return apiError(404, 10013, 'Unknown User');
  let id = [...st.dmChannels.entries()].find(([, u]) => u === userId)?.[0];
  if (!id) {
    id = st.snowflake();
    st.dmChannels.set(id, userId);
    st.changed();
  }
  return ok(st.dmChannelJson(id));
}

function emojiKey(e: JsonObject): string {
  return e.id ? `${String(e.name)}:${String(e.id)}` : String(e.name);
}

function react(ctx: RouteContext, add: boolean): RouteResponse {
  const st = ctx.core.state;
  if (!st.channels.has(ctx.params.channel!)) return apiError(404, 10003, 'Unknown Channel');
  const m = channelMessage(ctx);
  if (!m) return apiError(404, 10008, 'Unknown Message');
  const denied = needPermissions(ctx, m.channelId, P.ViewChannel | P.ReadMessageHistory | (add ? P.AddReactions : 0n));
  if (denied) return denied;
  const raw = ctx.params.emoji!;
  const custom = /^(?:a:)?([\w~]{2,32}):(\d{15,21})$/.exec(raw);
  const emoji: JsonObject = custom ? { id: custom[2], name: custom[1] } : { id: null, name: raw };
  if (!custom && /^[\w\s]+$/.test(raw)) return apiError(400, 10014, 'Unknown Emoji');
  const list = ((m.data.reactions as JsonObject[] | undefined) ?? []).filter((r) => emojiKey(r.emoji as JsonObject) !== emojiKey(emoji));
  const existing = ((m.data.reactions as JsonObject[] | undefined) ?? []).find((r) => emojiKey(r.emoji as JsonObject) === emojiKey(emoji));
  const others = existing ? Number(existing.count) - (existing.me ? 1 : 0) : 0;
  const count = others + (add ? 1 : 0);
  if (count > 0) {
    list.push({ emoji, count, count_details: { burst: 0, normal: count }, burst_colors: [], me: add, me_burst: false, burst_me: false, burst_count: 0 });
  }
  if (list.length) m.data.reactions = list;
  else delete m.data.reactions;
  st.changed();
  return noContent();
}

/** Typing, reactions and DM routes. */
export const extraRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: '/channels/:channel/typing',
    auth: true,
    handler: (c) =>
      c.core.state.dmChannels.has(c.params.channel!) ? noContent() : (needPermissions(c, c.params.channel!, P.ViewChannel | P.SendMessages) ?? noContent()),
  },
  { method: 'PUT', pattern: '/channels/:channel/messages/:message/reactions/:emoji/@me', auth: true, handler: (c) => react(c, true) },
  { method: 'DELETE', pattern: '/channels/:channel/messages/:message/reactions/:emoji/@me', auth: true, handler: (c) => react(c, false) },
  { method: 'POST', pattern: '/users/@me/channels', auth: true, handler: openDm },
];
