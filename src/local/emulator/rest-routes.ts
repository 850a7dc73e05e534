/**
 * Bot-authorised REST routes: gateway discovery, users, the application, guilds, members,
 * channels and channel messages (with permission checks and validation).
 */
import { randomBytes } from 'node:crypto';
import { ChannelType, GatewayIntentBits, PermissionFlagsBits as P } from 'discord-api-types/v10';
import { attachmentProblems } from './attachments.js';
import { bodyProblems, isComponentsV2, isEmptyMessage, shapeProblems } from './limits.js';
import { createMessage, editMessage, messageJson } from './messages.js';
import { missingNames } from './permissions.js';
import { isThread } from './state.js';
import { apiError, noContent, ok, type RouteContext, type RouteDef, type RouteResponse } from './rest-router.js';
import { invalidBody, isObject, problem, specProblems, schemas } from './validation.js';
import type { EmulatorCore } from './interactions.js';
import type { MessageRecord } from './state.js';
import type { JsonObject } from './types.js';

const unknownMessage = () => apiError(404, 10008, 'Unknown Message');
const unknownChannel = () => apiError(404, 10003, 'Unknown Channel');
const missingPermissions = () => apiError(403, 50013, 'Missing Permissions');
const missingAccess = () => apiError(403, 50001, 'Missing Access');

/**
 * Check the bot's permissions in a channel (`EmulatorState.botPermissionsIn`: a thread's are
 * its parent's, after Discord's implicit rules); returns the refusal when something is
 * missing: 403 / 50001 Missing Access for a channel it cannot see (no VIEW_CHANNEL, a private
 * thread it is not in, a server it was removed from), else 403 / 50013 Missing Permissions
 * (discord-api-docs `developers/topics/opcodes-and-status-codes.mdx` "JSON Error Codes").
 * In a thread SEND_MESSAGES stands for SEND_MESSAGES_IN_THREADS (`developers/topics/threads.mdx`
 * "Permissions": SEND_MESSAGES has no effect there).
 */
export function needPermissions(ctx: RouteContext, channelId: string, needed: bigint): RouteResponse | null {
  const st = ctx.core.state;
  const ch = st.channels.get(channelId);
  if (!ch) return unknownChannel();
  const have = st.botPermissionsIn(channelId);
  let need = needed;
  if (isThread(ch) && (need & P.SendMessages) !== 0n) need = (need & ~P.SendMessages) | P.SendMessagesInThreads;
  if ((have & P.ViewChannel) === 0n) {
    st.log(`no access to #${ch.name}`);
    return missingAccess();
  }
  if ((have & need) === need) return null;
  st.log(`missing permissions in #${ch.name}: ${missingNames(have, need).join(', ')}`);
  return missingPermissions();
}

/**
 * Thread rules for a message the bot creates (`create`) or edits (`edit`) in `channelId`
 * (`developers/topics/threads.mdx` "Locked Threads", "Active & Archived Threads"): in a locked
 * thread nobody without MANAGE_THREADS creates or edits messages (160005 Thread is locked); in
 * an archived one nobody edits (400 / 50083) and sending a message unarchives it (THREAD_UPDATE).
 * Any message sent counts as activity (the auto-archive clock starts again). Returns the refusal,
 * or null when the request may go on. Not a thread: null.
 */
export function threadGate(core: EmulatorCore, channelId: string, op: 'create' | 'edit'): RouteResponse | null {
  const st = core.state;
  const ch = st.channels.get(channelId);
  const t = ch?.thread;
  if (!ch || !t) return null;
  if (t.archived && op === 'edit') return apiError(400, 50083, 'Thread is archived');
  if (t.locked && (st.botPermissionsIn(channelId) & P.ManageThreads) === 0n) return apiError(403, 160005, 'Thread is locked');
  if (op === 'create') {
    t.lastActivity = st.now();
    if (t.archived) {
      t.archived = false;
      t.archiveTimestamp = st.now();
      core.gateway.dispatch('THREAD_UPDATE', st.channelJson(ch.id));
    }
  }
  return null;
}

/** A message of a channel as the bot can reach it through channel routes (not ephemeral). */
export function channelMessage(ctx: RouteContext): MessageRecord | null {
  const m = ctx.core.state.messages.get(ctx.params.message ?? '');
  if (!m || m.deleted || m.ephemeral || m.channelId !== ctx.params.channel) return null;
  return m;
}

/** Dispatch a message event to sessions with the GuildMessages intent. */
export function dispatchMessageEvent(core: EmulatorCore, event: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE' | 'MESSAGE_DELETE', m: MessageRecord): void {
  if (m.ephemeral) return;
  if (m.guildId === '') {
    // A DM: no guild_id, and only with the DirectMessages intent (`developers/events/gateway.mdx` "List of Intents").
    core.gateway.dispatch(event, event === 'MESSAGE_DELETE' ? { id: m.id, channel_id: m.channelId } : messageJson(m), GatewayIntentBits.DirectMessages);
    return;
  }
  const data: JsonObject =
    event === 'MESSAGE_DELETE'
      ? { id: m.id, channel_id: m.channelId, guild_id: m.guildId }
      : { ...messageJson(m), guild_id: m.guildId, member: core.state.memberJson(m.guildId, core.state.botUserId, false) };
  core.gateway.dispatch(event, data, GatewayIntentBits.GuildMessages);
}

function gatewayInfo(ctx: RouteContext, bot: boolean): RouteResponse {
  const url = ctx.core.gateway.url();
  if (!bot) return ok({ url });
  return ok({ url, shards: ctx.core.state.opts.shards, session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: ctx.core.state.opts.maxConcurrency } });
}

function application(ctx: RouteContext): RouteResponse {
  const st = ctx.core.state;
  return ok({
    id: st.applicationId,
    name: st.opts.botName,
    icon: null,
    description: '',
    summary: '',
    type: null,
    hook: true,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: randomBytes(32).toString('hex'),
    flags: 0,
    owner: st.userJson([...st.guilds.values()][0]?.ownerId ?? st.botUserId),
    team: null,
    guild_id: null,
    bot: st.userJson(st.botUserId),
    approximate_guild_count: st.guilds.size,
    redirect_uris: [],
    interactions_endpoint_url: null,
    integration_types_config: { '0': {} },
  });
}

/**
 * A message to a DM channel: kept when the recipient accepts DMs (`UserRecord.acceptsDms`),
 * else Discord's 403 / 50007 "Cannot send messages to this user".
 */
function createDmMessage(ctx: RouteContext, channelId: string): RouteResponse {
  const st = ctx.core.state;
  const userId = st.dmChannels.get(channelId)!;
  if (!st.users.get(userId)?.acceptsDms) return apiError(403, 50007, 'Cannot send messages to this user');
  const body = ctx.body;
  if (!isObject(body)) return invalidBody([problem([], 'BASE_TYPE_OBJECT', 'The body must be a JSON object.')]);
  if (isEmptyMessage(body, ctx.files.length)) return apiError(400, 50006, 'Cannot send an empty message');
  const id = st.snowflake();
  const content = typeof body.content === 'string' ? body.content : '';
  st.dmMessages.set(id, { id, channelId, userId, content, deleted: false });
  return ok({ id, type: 0, channel_id: channelId, content, author: st.userJson(st.botUserId), attachments: [], embeds: [], mentions: [], mention_roles: [], mention_everyone: false, pinned: false, tts: false, timestamp: new Date(st.now()).toISOString(), edited_timestamp: null, flags: 0, components: [] });
}

function createChannelMessage(ctx: RouteContext): RouteResponse {
  const st = ctx.core.state;
  const channelId = ctx.params.channel!;
  if (st.dmChannels.has(channelId)) return createDmMessage(ctx, channelId);
  if (!st.channels.has(channelId)) return unknownChannel();
  const body = ctx.body;
  if (!isObject(body)) return invalidBody([problem([], 'BASE_TYPE_OBJECT', 'The body must be a JSON object.')]);
  const problems = [
    ...specProblems(schemas.messageCreate, body),
    ...bodyProblems(body, 'channel-create'),
    ...shapeProblems(body),
    ...attachmentProblems({ body, files: ctx.files, components: body.components, v2: isComponentsV2(body) }),
  ];
  if (problems.length) return invalidBody(problems);
  let needed = P.ViewChannel | P.SendMessages;
  if (Array.isArray(body.embeds) && body.embeds.length > 0) needed |= P.EmbedLinks;
  if (ctx.files.length > 0) needed |= P.AttachFiles;
  const denied = needPermissions(ctx, channelId, needed);
  if (denied) return denied;
  // A forum holds only threads (`developers/resources/channel.mdx` "Channel Types").
  if (st.channel(channelId).type === ChannelType.GuildForum) return apiError(400, 50008, 'Cannot send messages in a non-text channel');
  if (isEmptyMessage(body, ctx.files.length)) return { ...apiError(400, 50006, 'Cannot send an empty message'), violation: { kind: 'invalid-body', message: 'Cannot send an empty message' } };
  const ref = body.message_reference;
  if (isObject(ref) && typeof ref.message_id === 'string' && ref.fail_if_not_exists !== false) {
    const target = st.messages.get(ref.message_id);
    if (!target || target.deleted || target.ephemeral) {
      return invalidBody([problem(['message_reference'], 'REPLIES_UNKNOWN_MESSAGE', 'Unknown message')]);
    }
  }
  const gate = threadGate(ctx.core, channelId, 'create');
  if (gate) return gate;
  const m = createMessage(st, { channelId, body, files: ctx.files });
  dispatchMessageEvent(ctx.core, 'MESSAGE_CREATE', m);
  return ok(messageJson(m));
}

function editChannelMessage(ctx: RouteContext): RouteResponse {
  if (!ctx.core.state.channels.has(ctx.params.channel!)) return unknownChannel();
  const m = channelMessage(ctx);
  if (!m) return unknownMessage();
  const body = ctx.body;
  if (!isObject(body)) return invalidBody([problem([], 'BASE_TYPE_OBJECT', 'The body must be a JSON object.')]);
  const merged = mergedShape(m, body);
  const problems = [
    ...specProblems(schemas.messageEdit, body),
    ...bodyProblems(body, 'edit'),
    ...shapeProblems(merged),
    ...attachmentProblems({ body, files: ctx.files, current: m.data.attachments as JsonObject[], components: merged.components, v2: isComponentsV2(merged) }),
  ];
  if (problems.length) return invalidBody(problems);
  let needed = P.ViewChannel;
  if (Array.isArray(body.embeds) && body.embeds.length > 0) needed |= P.EmbedLinks;
  if (ctx.files.length > 0) needed |= P.AttachFiles;
  const denied = needPermissions(ctx, m.channelId, needed);
  if (denied) return denied;
  const gate = threadGate(ctx.core, m.channelId, 'edit');
  if (gate) return gate;
  editMessage(ctx.core.state, m, body, ctx.files);
  dispatchMessageEvent(ctx.core, 'MESSAGE_UPDATE', m);
  return ok(messageJson(m));
}

/** What a message will look like after an edit (for the layout checks). */
export function mergedShape(m: MessageRecord, body: JsonObject): JsonObject {
  const d = m.data;
  const flags = typeof body.flags === 'number' ? Number(d.flags) | (body.flags & (1 << 15)) : d.flags;
  return {
    content: 'content' in body ? body.content : d.content,
    embeds: 'embeds' in body ? body.embeds : d.embeds,
    components: 'components' in body ? body.components : d.components,
    flags,
  };
}

function listMessages(ctx: RouteContext): RouteResponse {
  const st = ctx.core.state;
  const channelId = ctx.params.channel!;
  // VIEW_CHANNEL (and CONNECT in a voice channel); without READ_MESSAGE_HISTORY no messages
  // are returned (`developers/resources/message.mdx` "Get Channel Messages").
  const denied = needPermissions(ctx, channelId, P.ViewChannel | (st.channels.get(channelId)?.type === ChannelType.GuildVoice ? P.Connect : 0n));
  if (denied) return denied;
  if ((st.botPermissionsIn(channelId) & P.ReadMessageHistory) === 0n) return ok([]);
  const limit = Math.min(100, Math.max(1, Number(ctx.query.limit ?? 50) || 50));
  const big = (s: string | undefined) => (s ? BigInt(s) : null);
  const before = big(ctx.query.before);
  const after = big(ctx.query.after);
  let list = [...st.messages.values()].filter((m) => m.channelId === channelId && !m.deleted && !m.ephemeral);
  if (before !== null) list = list.filter((m) => BigInt(m.id) < before);
  if (after !== null) list = list.filter((m) => BigInt(m.id) > after);
  list.sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  if (after !== null) list = list.slice(-limit);
  return ok(list.slice(0, limit).map(messageJson));
}

/** The routes of this file. */
export const channelRoutes: RouteDef[] = [
  { method: 'GET', pattern: '/gateway', auth: false, handler: (c) => gatewayInfo(c, false) },
  { method: 'GET', pattern: '/gateway/bot', auth: true, handler: (c) => gatewayInfo(c, true) },
  {
    method: 'GET',
    pattern: '/users/@me',
    auth: false,
    // The bot itself, or with `Bearer <access token>` (OAuth2, scope identify) the user it was granted by, with their client language.
    handler: (c) => {
      const st = c.core.state;
      if (c.authorization === `Bot ${st.token}`) return ok(st.userJson(st.botUserId));
      const userId = st.activities.userOfBearer(c.authorization);
      if (!userId) return { ...apiError(401, 0, '401: Unauthorized'), violation: { kind: 'unauthorized', message: 'GET /users/@me without a valid "Bot <token>" or "Bearer <access token>"' } };
      return ok({ ...st.userJson(userId), locale: st.users.get(userId)!.locale });
    },
  },
  {
    method: 'GET',
    pattern: '/users/:user',
    auth: true,
    handler: (c) => (c.core.state.users.has(c.params.user!) ? ok(c.core.state.userJson(c.params.user!)) : apiError(404, 10013, 'Unknown User')),
  },
  { method: 'GET', pattern: '/applications/@me', auth: true, handler: application },
  { method: 'GET', pattern: '/oauth2/applications/@me', auth: true, handler: application },
  {
    method: 'GET',
    pattern: '/guilds/:guild',
    auth: true,
    handler: (c) => (c.core.state.guilds.has(c.params.guild!) ? ok(c.core.state.guildJson(c.params.guild!)) : apiError(404, 10004, 'Unknown Guild')),
  },
  {
    method: 'GET',
    pattern: '/guilds/:guild/channels',
    auth: true,
    handler: (c) => {
      const g = c.core.state.guilds.get(c.params.guild!);
      return g ? ok(g.channelIds.map((id) => c.core.state.channelJson(id))) : apiError(404, 10004, 'Unknown Guild');
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guild/roles',
    auth: true,
    handler: (c) => {
      const g = c.core.state.guilds.get(c.params.guild!);
      return g ? ok([...g.roles.values()].map((r) => c.core.state.roleJson(r))) : apiError(404, 10004, 'Unknown Guild');
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guild/members/:user',
    auth: true,
    handler: (c) => {
      const st = c.core.state;
      if (!st.guilds.has(c.params.guild!)) return apiError(404, 10004, 'Unknown Guild');
      return st.member(c.params.guild!, c.params.user!) ? ok(st.memberJson(c.params.guild!, c.params.user!)) : apiError(404, 10007, 'Unknown Member');
    },
  },
  {
    method: 'GET',
    pattern: '/channels/:channel',
    auth: true,
    handler: (c) =>
      c.core.state.dmChannels.has(c.params.channel!)
        ? ok(c.core.state.dmChannelJson(c.params.channel!))
        : (needPermissions(c, c.params.channel!, P.ViewChannel) ?? ok(c.core.state.channelJson(c.params.channel!))),
  },
  { method: 'GET', pattern: '/channels/:channel/messages', auth: true, handler: listMessages },
  { method: 'POST', pattern: '/channels/:channel/messages', auth: true, channelRateLimited: true, handler: createChannelMessage },
  {
    method: 'GET',
    pattern: '/channels/:channel/messages/:message',
    auth: true,
    handler: (c) => {
      const denied = needPermissions(c, c.params.channel!, P.ViewChannel | P.ReadMessageHistory);
      if (denied) return denied;
      const m = channelMessage(c);
      return m ? ok(messageJson(m)) : unknownMessage();
    },
  },
  { method: 'PATCH', pattern: '/channels/:channel/messages/:message', auth: true, channelRateLimited: true, handler: editChannelMessage },
  {
    method: 'DELETE',
    pattern: '/channels/:channel/messages/:message',
    auth: true,
    handler: (c) => {
      const dm = c.core.state.dmMessages.get(c.params.message!);
      if (c.core.state.dmChannels.has(c.params.channel!)) {
        if (!dm || dm.deleted || dm.channelId !== c.params.channel) return unknownMessage();
        dm.deleted = true;
        return noContent();
      }
      if (!c.core.state.channels.has(c.params.channel!)) return unknownChannel();
      const m = channelMessage(c);
      if (!m) return unknownMessage();
      const denied = needPermissions(c, m.channelId, P.ViewChannel);
      if (denied) return denied;
      c.core.state.deleteMessage(m);
      dispatchMessageEvent(c.core, 'MESSAGE_DELETE', m);
      return noContent();
    },
  },
];
