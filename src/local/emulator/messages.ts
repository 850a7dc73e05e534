/**
 * Messages: building the API JSON Discord would return, applying edits, resolving who a
 * message actually pings (content mentions filtered by allowed_mentions, permissions and
 * flags), and the test-facing `EmulatedMessage` view.
 */
import { MessageFlags, MessageType, PermissionFlagsBits } from 'discord-api-types/v10';
import { contentTypeOf, planAttachments, pngSize, resolveMedia, RETIRED_ATTACHMENT_MS, uploadName, type UploadedFile } from './attachments.js';
import { hasAll } from './permissions.js';
import { isObject } from './validation.js';
import type { EmulatorState, InteractionRecord, MessageRecord } from './state.js';
import type { EmulatedMessage, JsonObject } from './types.js';

export type { UploadedFile } from './attachments.js';

/** Discord's timestamp format: ISO 8601 with microseconds and +00:00. */
export function discordTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000+00:00');
}

function dropNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(dropNulls);
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const [k, val] of Object.entries(v)) if (val !== null && val !== undefined) out[k] = dropNulls(val);
  return out;
}

/** Components as Discord echoes them: nulls dropped, numeric `id`s assigned depth first. */
export function normaliseComponents(components: unknown): JsonObject[] {
  if (!Array.isArray(components)) return [];
  const clone = dropNulls(components) as JsonObject[];
  let next = 1;
  const used = new Set<number>();
  const collect = (c: unknown): void => {
    if (!isObject(c)) return;
    if (typeof c.id === 'number') used.add(c.id);
    if (Array.isArray(c.components)) c.components.forEach(collect);
    if (c.accessory) collect(c.accessory);
  };
  clone.forEach(collect);
  const assign = (c: unknown): void => {
    if (!isObject(c)) return;
    if (typeof c.id !== 'number') {
      while (used.has(next)) next++;
      c.id = next++;
    }
    if (Array.isArray(c.components)) c.components.forEach(assign);
    if (c.accessory) assign(c.accessory);
  };
  clone.forEach(assign);
  return clone;
}

/** Embeds as Discord echoes them (type 'rich', nulls dropped). */
export function normaliseEmbeds(embeds: unknown): JsonObject[] {
  if (!Array.isArray(embeds)) return [];
  return embeds.filter(isObject).map((e) => ({ type: 'rich', ...(dropNulls(e) as JsonObject) }));
}

/**
 * The attachments a message holds after a create or edit (see `planAttachments`): kept ones
 * as they were, new uploads with fresh ids, URLs on the emulator (`<origin>/attachments/…`)
 * and their bytes stored; the bytes of dropped ones are freed.
 */
function attachmentsFor(state: EmulatorState, messageId: string, channelId: string, body: JsonObject, files: UploadedFile[], current: JsonObject[]): JsonObject[] {
  const plan = planAttachments(body, files, current);
  const added = plan.uploads.map((u) => {
    const id = state.snowflake();
    const filename = uploadName(u);
    const contentType = contentTypeOf(filename, u.file.contentType);
    const url = `${state.attachmentOrigin}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
    state.attachments.put({ id, channelId, messageId, filename, contentType, bytes: u.file.bytes });
    const size = pngSize(u.file.bytes);
    return {
      id,
      filename,
      size: u.file.size,
      url,
      proxy_url: url,
      content_type: contentType,
      ...(size ?? {}),
      ...(typeof u.meta.description === 'string' ? { description: u.meta.description } : {}),
      ...(typeof u.meta.title === 'string' ? { title: u.meta.title } : {}),
    };
  });
  const all = [...plan.kept, ...added];
  state.attachments.release(messageId, new Set(all.map((a) => String(a.id))), RETIRED_ATTACHMENT_MS, state.now());
  return all;
}

/** Who a message mentions and who it actually notifies. */
export interface MentionResult {
  users: string[];
  roles: string[];
  everyone: boolean;
  /** Users who get a notification (empty for ephemeral / suppressed messages). */
  pinged: string[];
}

/**
 * Resolve mentions of `content` the way Discord does: `<@id>` users who are members, roles
 * and @everyone only with permission to mention them, all filtered by allowed_mentions
 * (absent = parse everything).
 */
export function resolveMentions(state: EmulatorState, channelId: string, content: string, allowed: unknown, flags: number): MentionResult {
  const ch = state.channel(channelId);
  const guild = state.guild(ch.guildId);
  const am = isObject(allowed) ? allowed : null;
  const parse = am ? (Array.isArray(am.parse) ? am.parse : []) : ['users', 'roles', 'everyone'];
  const allowUsers = am && Array.isArray(am.users) ? am.users.map(String) : [];
  const allowRoles = am && Array.isArray(am.roles) ? am.roles.map(String) : [];
  const canMentionAll = hasAll(state.botPermissionsIn(ch.id), PermissionFlagsBits.MentionEveryone);

  const users = [...content.matchAll(/<@!?(\d{15,21})>/g)]
    .map((m) => m[1]!)
    .filter((id, i, a) => a.indexOf(id) === i && state.member(guild.id, id) && (parse.includes('users') || allowUsers.includes(id)));
  const roles = [...content.matchAll(/<@&(\d{15,21})>/g)]
    .map((m) => m[1]!)
    .filter((id, i, a) => a.indexOf(id) === i && guild.roles.has(id) && (parse.includes('roles') || allowRoles.includes(id)) && canMentionAll);
  const everyone = /@(everyone|here)/.test(content) && parse.includes('everyone') && canMentionAll;

  const notified = new Set(users);
  // Only @everyone / @here and role mentions reach members beyond those named (and walking
  // every member of a big guild for each message would make long runs quadratic).
  if (everyone || roles.length > 0) {
    for (const m of state.members.values()) {
      if (m.guildId !== guild.id || m.userId === state.botUserId) continue;
      if (everyone || m.roles.some((r) => roles.includes(r))) notified.add(m.userId);
    }
  }
  const silent = (flags & (MessageFlags.Ephemeral | MessageFlags.SuppressNotifications)) !== 0;
  return { users, roles, everyone, pinged: silent ? [] : [...notified] };
}

/** What is needed to create a message. */
export interface NewMessage {
  channelId: string;
  body: JsonObject;
  files?: UploadedFile[];
  /** The interaction it answers (reply, deferred reply or follow-up). */
  interaction?: InteractionRecord;
  followUp?: boolean;
  /** A deferred reply's "thinking…" message. */
  loading?: boolean;
}

/** Create, store and return a message; records its pings. */
export function createMessage(state: EmulatorState, input: NewMessage): MessageRecord {
  const { body, interaction } = input;
  const id = state.snowflake();
  const now = state.now();
  // A reply to a command used in a DM with the bot (users.ts slashInDm): no server, no mentions resolved.
  const dm = state.dmChannels.has(input.channelId);
  const ch = dm ? state.dmChannelRecord(input.channelId) : state.channel(input.channelId);
  let flags = typeof body.flags === 'number' ? body.flags : 0;
  if (input.loading) flags |= MessageFlags.Loading;
  const ephemeral = (flags & MessageFlags.Ephemeral) !== 0;
  const content = typeof body.content === 'string' ? body.content : '';
  const mentions = dm ? { users: [], roles: [], everyone: false, pinged: [] } : resolveMentions(state, ch.id, content, body.allowed_mentions, flags);
  const data: JsonObject = {
    id,
    type: interaction && interaction.type === 2 && !input.followUp ? MessageType.ChatInputCommand : MessageType.Default,
    content,
    channel_id: ch.id,
    author: state.userJson(state.botUserId),
    attachments: attachmentsFor(state, id, ch.id, body, input.files ?? [], []),
    embeds: normaliseEmbeds(body.embeds),
    mentions: mentions.users.map((u) => state.userJson(u)),
    mention_roles: mentions.roles,
    mention_everyone: mentions.everyone,
    pinned: false,
    tts: body.tts === true,
    timestamp: discordTimestamp(now),
    edited_timestamp: null,
    flags,
    components: normaliseComponents(body.components),
  };
  resolveMedia(data.components as JsonObject[], data.attachments as JsonObject[]);
  const ref = body.message_reference;
  if (!interaction && isObject(ref) && typeof ref.message_id === 'string') {
    data.type = MessageType.Reply;
    data.message_reference = { type: 0, channel_id: ref.channel_id ?? ch.id, message_id: ref.message_id, guild_id: ch.guildId };
    const target = state.messages.get(ref.message_id);
    if (target && !target.deleted) data.referenced_message = structuredClone(target.data);
  }
  if (interaction) {
    data.webhook_id = state.applicationId;
    data.application_id = state.applicationId;
    const user = state.userJson(interaction.userId);
    data.interaction_metadata = {
      id: interaction.id,
      type: interaction.type,
      user,
      // GUILD_INSTALL's value is "0" for a command used in a DM with the bot (`receiving-and-responding.mdx` "Authorizing Integration Owners Object").
      authorizing_integration_owners: { '0': interaction.guildId || '0' },
      ...(interaction.type === 2 ? { name: interaction.commandName, command_type: 1 } : {}),
      ...(interaction.sourceMessageId ? { interacted_message_id: interaction.sourceMessageId } : {}),
      ...(input.followUp && interaction.originalMessageId ? { original_response_message_id: interaction.originalMessageId } : {}),
    };
    data.interaction = { id: interaction.id, type: interaction.type, name: interaction.commandName ?? '', user };
  }
  const record: MessageRecord = {
    data,
    id,
    channelId: ch.id,
    guildId: ch.guildId,
    ephemeral,
    visibleTo: ephemeral && interaction ? [interaction.userId] : null,
    deleted: false,
    loading: input.loading === true,
    interactionId: interaction?.id ?? null,
  };
  state.messages.set(id, record);
  if (!ephemeral) ch.lastMessageId = id;
  state.pings.set(id, mentions.pinged);
  state.changed();
  return record;
}

/**
 * Apply an edit body (PATCH semantics: absent = unchanged, null = cleared). Ephemerality
 * never changes; only SUPPRESS_EMBEDS and IS_COMPONENTS_V2 can be set by an edit. The first
 * edit of a deferred reply replaces the "thinking…" state and does not count as edited.
 */
export function editMessage(state: EmulatorState, record: MessageRecord, body: JsonObject, files: UploadedFile[] = []): void {
  const d = record.data;
  if ('content' in body) d.content = typeof body.content === 'string' ? body.content : '';
  if ('embeds' in body) d.embeds = normaliseEmbeds(body.embeds);
  if ('attachments' in body || files.length > 0) {
    d.attachments = attachmentsFor(state, record.id, record.channelId, body, files, (d.attachments as JsonObject[]) ?? []);
  }
  if ('components' in body) {
    d.components = normaliseComponents(body.components);
    resolveMedia(d.components as JsonObject[], d.attachments as JsonObject[]);
  }
  if (typeof body.flags === 'number') {
    const keep = Number(d.flags) & ~(MessageFlags.SuppressEmbeds | MessageFlags.IsComponentsV2);
    const v2 = (Number(d.flags) | body.flags) & MessageFlags.IsComponentsV2;
    d.flags = keep | (body.flags & MessageFlags.SuppressEmbeds) | v2;
  }
  if ('content' in body || 'allowed_mentions' in body) {
    const m = resolveMentions(state, record.channelId, String(d.content), body.allowed_mentions, Number(d.flags));
    d.mentions = m.users.map((u) => state.userJson(u));
    d.mention_roles = m.roles;
    d.mention_everyone = m.everyone;
  }
  if (record.loading) {
    record.loading = false;
    d.flags = Number(d.flags) & ~MessageFlags.Loading;
    for (const wake of record.fillWaiters?.splice(0) ?? []) wake();
  } else {
    d.edited_timestamp = discordTimestamp(state.now());
  }
  for (const wake of record.editWaiters?.splice(0) ?? []) wake();
  state.changed();
}

/** The message JSON as the API returns it (a deep copy). */
export function messageJson(record: MessageRecord): JsonObject {
  return structuredClone(record.data);
}

/** The test-facing view: API JSON + `ephemeral`, `visibleTo`, `deleted`, `interactionId`. */
export function toEmulated(record: MessageRecord): EmulatedMessage {
  return {
    ...(structuredClone(record.data) as unknown as EmulatedMessage),
    ephemeral: record.ephemeral,
    visibleTo: record.visibleTo ? [...record.visibleTo] : null,
    deleted: record.deleted,
    interactionId: record.interactionId,
  };
}
