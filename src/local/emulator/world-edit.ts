/**
 * Changes a Discord user or server admin makes to the world through the client (local
 * play's page): renaming yourself, switching the client language, granting Manage Server,
 * and writing a plain message in a channel. Each dispatches what Discord would send to a
 * bot with the Guilds intent (role changes) and nothing it would not (member updates and
 * message contents need privileged or message intents the bot does not ask for).
 */
import { GatewayIntentBits, MessageType, PermissionFlagsBits } from 'discord-api-types/v10';
import type { EmulatorCore } from './interactions.js';
import { discordTimestamp, resolveMentions } from './messages.js';
import type { MessageRecord, RoleRecord } from './state.js';
import type { JsonObject } from './types.js';

/** Name of the role local play gives to members whose Manage Server switch is on. */
export const MANAGER_ROLE_NAME = 'Server Manager';

/** Display names Discord allows: 1–32 characters, trimmed. */
export function cleanDisplayName(name: string): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  return trimmed.length >= 1 && [...trimmed].length <= 32 ? trimmed : null;
}

/** Set a user's display name (global name; the username follows, lower-cased). Throws on an invalid name. */
export function renameUser(core: EmulatorCore, userId: string, name: string): void {
  const user = core.state.users.get(userId);
  if (!user || user.bot) throw new Error(`discord-emulator: unknown user ${userId}`);
  const clean = cleanDisplayName(name);
  if (!clean) throw new Error('discord-emulator: a display name has 1 to 32 characters');
  user.globalName = clean;
  user.username = clean.toLowerCase().replace(/[^a-z0-9_.]/g, '_').slice(0, 32) || 'user';
  core.state.changed();
}

/** Set a user's client language (sent as `interaction.locale`), e.g. 'en-US', 'es-ES'. */
export function setUserLocale(core: EmulatorCore, userId: string, locale: string): void {
  const user = core.state.users.get(userId);
  if (!user || user.bot) throw new Error(`discord-emulator: unknown user ${userId}`);
  user.locale = locale;
  core.state.changed();
}

function managerRole(core: EmulatorCore, guildId: string): RoleRecord {
  const st = core.state;
  const guild = st.guild(guildId);
  const existing = [...guild.roles.values()].find((r) => !r.managed && r.name === MANAGER_ROLE_NAME);
  if (existing) return existing;
  const role = st.addRole(guildId, MANAGER_ROLE_NAME, PermissionFlagsBits.ManageGuild);
  core.gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: guildId, role: st.roleJson(role) });
  return role;
}

/** True when the member has Manage Server (owner, Administrator or a role granting it). */
export function canManageGuild(core: EmulatorCore, guildId: string, userId: string): boolean {
  return (core.state.memberPermissions(guildId, userId) & PermissionFlagsBits.ManageGuild) !== 0n;
}

/**
 * Give or take Manage Server (through the "Server Manager" role). The owner keeps every
 * permission whatever the switch says, as on Discord; throws for the owner or a non-member.
 */
export function setManageGuild(core: EmulatorCore, guildId: string, userId: string, on: boolean): void {
  const st = core.state;
  const guild = st.guild(guildId);
  if (guild.ownerId === userId) throw new Error('discord-emulator: the server owner always has every permission');
  const member = st.member(guildId, userId);
  if (!member) throw new Error(`discord-emulator: user ${userId} is not a member`);
  const role = managerRole(core, guildId);
  const has = member.roles.includes(role.id);
  if (on && !has) member.roles.push(role.id);
  if (!on && has) member.roles = member.roles.filter((r) => r !== role.id);
  st.changed();
}

/**
 * A plain message typed by a member (what Discord sends when text is not a known command).
 * Mentions of members ping them; the bot is told only if it asked for message intents.
 */
export function postUserMessage(core: EmulatorCore, userId: string, channelId: string, content: string): MessageRecord {
  const st = core.state;
  const ch = st.channel(channelId);
  const text = content.slice(0, 2000);
  const mentions = resolveMentions(st, ch.id, text, { parse: ['users'] }, 0);
  const messageId = st.snowflake();
  const data: JsonObject = {
    id: messageId,
    type: MessageType.Default,
    content: text,
    channel_id: ch.id,
    author: st.userJson(userId),
    attachments: [],
    embeds: [],
    mentions: mentions.users.map((u) => st.userJson(u)),
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
    timestamp: discordTimestamp(st.now()),
    edited_timestamp: null,
    flags: 0,
    components: [],
  };
  const record: MessageRecord = { data, id: messageId, channelId: ch.id, guildId: ch.guildId, ephemeral: false, visibleTo: null, deleted: false, loading: false, interactionId: null };
  st.messages.set(messageId, record);
  ch.lastMessageId = messageId;
  st.pings.set(messageId, mentions.pinged.filter((u) => u !== userId));
  core.gateway.dispatch('MESSAGE_CREATE', { ...data, guild_id: ch.guildId, member: st.memberJson(ch.guildId, userId, false) }, GatewayIntentBits.GuildMessages);
  st.changed();
  return record;
}
