/**
 * Bot-authorised REST routes: gateway discovery, users, the application, guilds, members,
 * channels and channel messages (with permission checks and validation).
 */
import { randomBytes } from 'node:crypto';
import { GatewayIntentBits, PermissionFlagsBits as P } from 'discord-api-types/v10';
import { attachmentProblems } from './attachments.js';
import { bodyProblems, isComponentsV2, isEmptyMessage, shapeProblems } from './limits.js';
import { createMessage, editMessage, messageJson } from './messages.js';
import { hasAll, missingNames } from './permissions.js';
import { apiError, noContent, ok, type RouteContext, type RouteDef, type RouteResponse } from './rest-router.js';
import { invalidBody, isObject, problem, specProblems, schemas } from './validation.js';
import type { EmulatorCore } from './interactions.js';
import type { MessageRecord } from './state.js';
import type { JsonObject } from './types.js';

const unknownMessage = () => apiError(404, 10008, 'Unknown Message');
const unknownChannel = () => apiError(404, 10003, 'Unknown Channel');
const missingPermissions = () => apiError(403, 50013, 'Missing Permissions');

/** Check the bot's permissions in a channel; returns a 403 answer when something is missing. */
export function needPermissions(ctx: RouteContext, channelId: string, needed: bigint): RouteResponse | null {
  const ch = ctx.core.state.channels.get(channelId);
  if (!ch) return unknownChannel();
  if (hasAll(ch.botPermissions, needed)) return null;
  ctx.core.state.log(`missing permissions in #${ch.name}: ${missingNames(ch.botPermissions, needed).join(', ')}`);
  return missingPermissions();
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
  const data: JsonObject =
    event === 'MESSAGE_DELETE'
      ? { id: m.id, channel_id: m.channelId, guild_id: m.guildId }
      : { ...messageJson(m), guild_id: m.guildId, member: core.state.memberJson(m.guildId, core.state.botUserId, false) };
  core.gateway.dispatch(event, data, GatewayIntentBits.GuildMessages);
}

function gatewayInfo(ctx: RouteContext, bot: boolean): RouteResponse {
  const url = ctx.core.gateway.url();
  if (!bot) return ok({ url });
  return ok({ url, shards: ctx.core.state.opts.shards, session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 } });
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

function createChannelMessage(ctx: RouteContext): RouteResponse {
  const st = ctx.core.state;
  const channelId = ctx.params.channel!;
  if (st.dmChannels.has(channelId)) return apiError(403, 50007, 'Cannot send messages to this user');
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
  if (isEmptyMessage(body, ctx.files.length)) return { ...apiError(400, 50006, 'Cannot send an empty message'), violation: { kind: 'invalid-body', message: 'Cannot send an empty message' } };
  const ref = body.message_reference;
  if (isObject(ref) && typeof ref.message_id === 'string' && ref.fail_if_not_exists !== false) {
    const target = st.messages.get(ref.message_id);
    if (!target || target.deleted || target.ephemeral) {
      return invalidBody([problem(['message_reference'], 'REPLIES_UNKNOWN_MESSAGE', 'Unknown message')]);
    }
  }
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
  const denied = needPermissions(ctx, channelId, P.ViewChannel | P.ReadMessageHistory);
  if (denied) return denied;
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
  { method: 'GET', pattern: '/users/@me', auth: true, handler: (c) => ok(c.core.state.userJson(c.core.state.botUserId)) },
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
