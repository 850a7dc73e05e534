/**
 * Smaller bot routes: typing indicator, the bot's own reactions, a thread started without a
 * message (tournament tables: src/discord/publish/tournament-venues.ts) or from one (a table's
 * own thread: src/discord/interactions/table-thread.ts), and DMs. Players are
 * assumed to block DMs (the common case the platform notes warn about): opening a DM works,
 * sending to it answers 403 / 50007 "Cannot send messages to this user" — unless the user
 * accepts DMs (`UserRecord.acceptsDms`, `EmulatedUser.acceptDms()`; rest-routes.ts).
 */
import { ChannelType, PermissionFlagsBits as P } from 'discord-api-types/v10';
import { apiError, noContent, ok, type RouteContext, type RouteDef, type RouteResponse } from './rest-router.js';
import { channelMessage, dispatchMessageEvent, needPermissions } from './rest-routes.js';
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

/** Auto-archive durations a thread may have, minutes (`developers/resources/channel.mdx` "Start Thread without Message"). */
const ARCHIVE_MINUTES = [60, 1440, 4320, 10080];

/** The `name` (1–100 characters) and `auto_archive_duration` rules both thread routes share; the duration asked for. */
function threadBodyProblems(body: unknown): { problems: ReturnType<typeof problem>[]; archive: unknown } {
  const problems = [];
  if (!isObject(body) || typeof body.name !== 'string' || body.name.length < 1 || body.name.length > 100) problems.push(problem(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.'));
  const archive = isObject(body) ? body.auto_archive_duration : undefined;
  if (archive !== undefined && !ARCHIVE_MINUTES.includes(archive as number)) problems.push(problem(['auto_archive_duration'], 'BASE_TYPE_CHOICES', `Value must be one of {${ARCHIVE_MINUTES.join(', ')}}.`));
  return { problems, archive };
}

/**
 * `POST /channels/{channel.id}/threads` without a message (discord-api-docs
 * `developers/resources/channel.mdx` "Start Thread without Message"): `name` 1–100 characters,
 * `auto_archive_duration` one of 60, 1440, 4320, 10080, `type` defaulting to PRIVATE_THREAD (so a
 * bot asking for a public thread must say so). A public thread (or an announcement channel's
 * thread) needs CREATE_PUBLIC_THREADS, a private one CREATE_PRIVATE_THREADS and a text channel
 * (`developers/topics/permissions.mdx`); a forum's post needs a message (another route, not
 * emulated: 400), and a thread holds no threads (50024). The bot owns the thread and is its
 * member; THREAD_CREATE follows (`developers/topics/threads.mdx`).
 */
function startThread(ctx: RouteContext): RouteResponse {
  const st = ctx.core.state;
  const parentId = ctx.params.channel!;
  const parent = st.channels.get(parentId);
  if (!parent) return apiError(404, 10003, 'Unknown Channel');
  const body = ctx.body;
  const { problems, archive } = threadBodyProblems(body);
  const type = isObject(body) && body.type !== undefined ? body.type : ChannelType.PrivateThread;
  const parentType = parent.type ?? ChannelType.GuildText;
  const fits =
    (parentType === ChannelType.GuildText && (type === ChannelType.PublicThread || type === ChannelType.PrivateThread)) ||
    (parentType === ChannelType.GuildAnnouncement && type === ChannelType.AnnouncementThread);
  if (parent.thread) return apiError(400, 50024, 'Cannot execute action on this channel type');
  if (parentType === ChannelType.GuildForum || parentType === ChannelType.GuildMedia) problems.push(problem(['message'], 'BASE_TYPE_REQUIRED', 'This field is required'));
  else if (!fits) problems.push(problem(['type'], 'BASE_TYPE_CHOICES', 'Value must be a thread type this channel can hold.'));
  if (problems.length > 0) return invalidBody(problems);
  const denied = needPermissions(ctx, parentId, P.ViewChannel | (type === ChannelType.PrivateThread ? P.CreatePrivateThreads : P.CreatePublicThreads));
  if (denied) return denied;
  const thread = st.addThread(parentId, (body as JsonObject).name as string, {
    ownerId: st.botUserId,
    ...(type === ChannelType.PrivateThread ? { private: true } : {}),
    ...(archive !== undefined ? { autoArchiveMinutes: archive as number } : {}),
  });
  ctx.core.gateway.dispatch('THREAD_CREATE', { ...st.channelJson(thread.id), newly_created: true });
  return ok(st.channelJson(thread.id));
}

/**
 * `POST /channels/{channel.id}/messages/{message.id}/threads` (discord-api-docs
 * `developers/resources/channel.mdx` "Start Thread from Message"; `/<game> new thread:`): the
 * same `name` and `auto_archive_duration` rules as above; from a text channel's message a
 * public thread, from an announcement channel's an announcement thread, nowhere else (a forum
 * or a thread: 50024); the thread's id is the message's, so a message holds one thread at most
 * (400 / 160004, `developers/topics/opcodes-and-status-codes.mdx`). Needs CREATE_PUBLIC_THREADS
 * (`developers/topics/permissions.mdx`). THREAD_CREATE and MESSAGE_UPDATE follow.
 */
function startThreadFromMessage(ctx: RouteContext): RouteResponse {
  const st = ctx.core.state;
  const parentId = ctx.params.channel!;
  const parent = st.channels.get(parentId);
  if (!parent) return apiError(404, 10003, 'Unknown Channel');
  const message = channelMessage(ctx);
  if (!message) return apiError(404, 10008, 'Unknown Message');
  const body = ctx.body;
  const { problems, archive } = threadBodyProblems(body);
  const parentType = parent.type ?? ChannelType.GuildText;
  if (parent.thread || (parentType !== ChannelType.GuildText && parentType !== ChannelType.GuildAnnouncement)) return apiError(400, 50024, 'Cannot execute action on this channel type');
  if (problems.length > 0) return invalidBody(problems);
  const denied = needPermissions(ctx, parentId, P.ViewChannel | P.CreatePublicThreads);
  if (denied) return denied;
  if (st.channels.has(message.id)) return apiError(400, 160004, 'A thread has already been created for this message');
  const thread = st.addThread(parentId, (body as JsonObject).name as string, {
    id: message.id,
    ownerId: st.botUserId,
    ...(archive !== undefined ? { autoArchiveMinutes: archive as number } : {}),
  });
  ctx.core.gateway.dispatch('THREAD_CREATE', { ...st.channelJson(thread.id), newly_created: true });
  dispatchMessageEvent(ctx.core, 'MESSAGE_UPDATE', message);
  return ok(st.channelJson(thread.id));
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
  { method: 'POST', pattern: '/channels/:channel/threads', auth: true, handler: startThread },
  { method: 'POST', pattern: '/channels/:channel/messages/:message/threads', auth: true, handler: startThreadFromMessage },
];
