/**
 * The emulator's world as a JSON document, so local play survives a restart: guilds, roles,
 * channels, users, members, messages (with their pings), registered commands, interactions
 * whose token still lives, DM channels, and an opaque `extras` object for the page's own
 * state (dismissed ephemerals, read markers). `snapshotWorld` → JSON, `restoreWorld` reads
 * a validated snapshot into a fresh `EmulatorState`. Logs (requests, gateway frames,
 * violations) are not part of the world.
 */
import { z } from 'zod';
import { EmulatorState } from './state.js';
import type { CommandRecord, InteractionRecord, MessageRecord, ResolvedOptions } from './state.js';
import type { JsonObject } from './types.js';

/** Marker and version of the world file format. */
export const WORLD_FORMAT = 'red-herring-local-world';
export const WORLD_VERSION = 1;

const id = z.string().regex(/^\d{1,20}$/);
const json = z.record(z.string(), z.unknown());

const userSchema = z.object({ id, username: z.string(), globalName: z.string().nullable(), bot: z.boolean(), locale: z.string() });
const roleSchema = z.object({ id, name: z.string(), permissions: z.string().regex(/^\d+$/), position: z.number(), managed: z.boolean(), botId: id.optional() });
const guildSchema = z.object({
  id,
  name: z.string(),
  ownerId: id,
  locale: z.string(),
  joinedAt: z.string(),
  roles: z.array(roleSchema),
  channelIds: z.array(id),
  memberIds: z.array(id),
});
const threadSchema = z.object({
  archived: z.boolean(),
  locked: z.boolean(),
  autoArchiveMinutes: z.number(),
  archiveTimestamp: z.number(),
  lastActivity: z.number(),
  ownerId: id,
  memberIds: z.array(id),
});
const channelSchema = z.object({
  id,
  guildId: id,
  name: z.string(),
  position: z.number(),
  botPermissions: z.string().regex(/^\d+$/),
  lastMessageId: id.nullable(),
  // Channel kinds and threads (optional: world files written before them hold text channels only).
  type: z.number().int().optional(),
  parentId: id.nullable().optional(),
  thread: threadSchema.optional(),
});
const memberSchema = z.object({ guildId: id, userId: id, roles: z.array(id), joinedAt: z.string(), nick: z.string().nullable() });
const messageSchema = z.object({
  data: json,
  id,
  channelId: id,
  guildId: id,
  ephemeral: z.boolean(),
  visibleTo: z.array(id).nullable(),
  deleted: z.boolean(),
  loading: z.boolean(),
  interactionId: id.nullable(),
});
const commandSchema = json.and(z.object({ id, name: z.string(), type: z.number() }));
const interactionSchema = z.object({
  id,
  token: z.string(),
  type: z.number(),
  guildId: id,
  channelId: id,
  userId: id,
  data: json,
  sourceMessageId: id.nullable(),
  commandName: z.string().nullable(),
  createdAt: z.number(),
  dispatchedAt: z.number(),
  ackedAt: z.number().nullable(),
  callbackType: z.number().nullable(),
  originalMessageId: id.nullable(),
  followUpIds: z.array(id),
  deferredEphemeral: z.boolean(),
  timedOut: z.boolean(),
  modal: json.nullable(),
});

/** zod schema of a world file (what `restoreWorld` accepts). */
export const worldSchema = z.object({
  format: z.literal(WORLD_FORMAT),
  version: z.literal(WORLD_VERSION),
  savedAt: z.string(),
  applicationId: id,
  token: z.string().min(1),
  users: z.array(userSchema),
  guilds: z.array(guildSchema).min(1),
  channels: z.array(channelSchema),
  members: z.array(memberSchema),
  messages: z.array(messageSchema),
  commands: z.record(z.string(), z.array(commandSchema)),
  interactions: z.array(interactionSchema),
  dmChannels: z.array(z.tuple([id, id])),
  pings: z.array(z.tuple([id, z.array(id)])),
  extras: z.unknown(),
});

/** A saved world (JSON-safe: permissions as decimal strings). */
export type WorldSnapshot = z.infer<typeof worldSchema>;

/**
 * What of the world to keep in a snapshot. Deleted messages are dropped (every route answers
 * Unknown Message for them either way), so are interactions whose token has expired.
 */
export interface SnapshotOptions {
  /** Drop ephemeral messages for which this returns true (e.g. dismissed by their owner). */
  dropMessage?: (m: MessageRecord) => boolean;
  /** The page's own state, stored as is. */
  extras?: unknown;
}

/** The world of `state` as a JSON-safe snapshot. */
export function snapshotWorld(state: EmulatorState, opts: SnapshotOptions = {}): WorldSnapshot {
  const now = state.now();
  const messages = [...state.messages.values()].filter((m) => !m.deleted && !(opts.dropMessage?.(m) ?? false));
  const kept = new Set(messages.map((m) => m.id));
  const interactions = [...state.interactions.values()].filter((i) => now - i.createdAt <= state.opts.tokenTtlMs);
  return {
    format: WORLD_FORMAT,
    version: WORLD_VERSION,
    savedAt: new Date(now).toISOString(),
    applicationId: state.applicationId,
    token: state.token,
    users: [...state.users.values()].map((u) => ({ ...u })),
    guilds: [...state.guilds.values()].map((g) => ({
      id: g.id,
      name: g.name,
      ownerId: g.ownerId,
      locale: g.locale,
      joinedAt: g.joinedAt,
      roles: [...g.roles.values()].map((r) => ({ ...r, permissions: r.permissions.toString() })),
      channelIds: [...g.channelIds],
      memberIds: [...g.memberIds],
    })),
    channels: [...state.channels.values()].map((c) => ({ ...c, botPermissions: c.botPermissions.toString() })),
    members: [...state.members.values()].map((m) => ({ ...m, roles: [...m.roles] })),
    messages: messages.map((m) => ({
      data: m.data,
      id: m.id,
      channelId: m.channelId,
      guildId: m.guildId,
      ephemeral: m.ephemeral,
      visibleTo: m.visibleTo,
      deleted: false,
      loading: m.loading,
      interactionId: m.interactionId,
    })),
    commands: Object.fromEntries(state.commands.entries()),
    interactions: interactions.map((i) => ({
      id: i.id,
      token: i.token,
      type: i.type,
      guildId: i.guildId,
      channelId: i.channelId,
      userId: i.userId,
      data: i.data,
      sourceMessageId: i.sourceMessageId,
      commandName: i.commandName,
      createdAt: i.createdAt,
      dispatchedAt: i.dispatchedAt,
      ackedAt: i.ackedAt,
      callbackType: i.callbackType,
      originalMessageId: i.originalMessageId,
      followUpIds: [...i.followUpIds],
      deferredEphemeral: i.deferredEphemeral,
      timedOut: i.timedOut,
      modal: i.modal,
    })),
    dmChannels: [...state.dmChannels.entries()],
    pings: [...state.pings.entries()].filter(([messageId]) => kept.has(messageId)),
    extras: opts.extras ?? null,
  };
}

/** A world file that cannot be used (not JSON, not a world, or a newer format). */
export class WorldFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorldFileError';
  }
}

/** Validate parsed JSON as a world snapshot; throws WorldFileError naming the first problems. */
export function parseWorld(value: unknown): WorldSnapshot {
  const parsed = worldSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`);
  throw new WorldFileError(`not a local-play world file of version ${WORLD_VERSION} (${issues.join('; ')})`);
}

/**
 * A fresh state holding the world of `snap`. Interactions that were waiting for the bot's
 * first answer when the world was saved count as timed out (the user saw them fail).
 */
export function restoreWorld(opts: ResolvedOptions, snap: WorldSnapshot): EmulatorState {
  const state = new EmulatorState(opts, { applicationId: snap.applicationId, token: snap.token });
  state.users.clear();
  for (const u of snap.users) {
    state.users.set(u.id, { ...u });
    state.ids.observe(u.id);
  }
  for (const g of snap.guilds) {
    state.guilds.set(g.id, {
      ...g,
      roles: new Map(g.roles.map((r) => [r.id, { ...r, permissions: BigInt(r.permissions) }])),
      channelIds: [...g.channelIds],
      memberIds: [...g.memberIds],
    });
    state.ids.observe(g.id);
    for (const r of g.roles) state.ids.observe(r.id);
  }
  for (const c of snap.channels) {
    state.channels.set(c.id, { ...c, botPermissions: BigInt(c.botPermissions) });
    state.ids.observe(c.id);
  }
  for (const m of snap.members) state.members.set(`${m.guildId}:${m.userId}`, { ...m, roles: [...m.roles] });
  for (const m of snap.messages) {
    state.messages.set(m.id, { ...m, data: m.data as JsonObject });
    state.ids.observe(m.id);
  }
  for (const [scope, list] of Object.entries(snap.commands)) {
    state.commands.set(scope, list as CommandRecord[]);
    for (const c of list) state.ids.observe(c.id);
  }
  for (const i of snap.interactions) {
    const record: InteractionRecord = {
      ...i,
      data: i.data as JsonObject,
      modal: (i.modal as JsonObject | null) ?? null,
      followUpIds: [...i.followUpIds],
      timedOut: i.timedOut || i.callbackType === null,
      error: i.callbackType === null ? { status: 404, code: 10062, message: 'Unknown interaction' } : null,
      settle: null,
      timer: null,
    };
    state.interactions.set(record.id, record);
    state.interactionsByToken.set(record.token, record);
    state.ids.observe(record.id);
  }
  for (const [channelId, userId] of snap.dmChannels) state.dmChannels.set(channelId, userId);
  for (const [messageId, users] of snap.pings) state.pings.set(messageId, [...users]);
  return state;
}
