/**
 * Turning service refusals and Discord facts into private, plain-language answers
 * (UX.md "Answers to mistakes").
 */
import { MessageFlags, PermissionFlagsBits, type Interaction } from 'discord.js';
import type { GameModule } from '../games/module.js';
import type { Catalog } from '../i18n/index.js';
import type { MessagePayload } from './render/markup.js';
import type { Actor, ServiceError } from '../tables/types.js';

/** The Actor behind an interaction (display name as shown in the guild). */
export function actorOf(i: Interaction): Actor {
  const member = i.member;
  const nick = member && 'displayName' in member ? member.displayName : (member as { nick?: string | null } | null)?.nick;
  return {
    userId: i.user.id,
    displayName: (nick || i.user.globalName || i.user.username).slice(0, 80),
    canManageGuild: Boolean(i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)),
    from: { guildId: i.guildId, channelId: i.channelId },
  };
}

/** Channel permissions the bot needs to host a table: post and edit the board, ping. */
export const REQUIRED_CHANNEL_PERMISSIONS = {
  ViewChannel: PermissionFlagsBits.ViewChannel,
  SendMessages: PermissionFlagsBits.SendMessages,
  EmbedLinks: PermissionFlagsBits.EmbedLinks,
} as const;

/**
 * Readable names of the required permissions the bot lacks in the interaction's channel
 * (from the interaction's `app_permissions`; empty when all are there or unknown).
 */
export function missingChannelPermissions(i: Interaction, t: Catalog): string[] {
  if (!i.appPermissions) return [];
  return Object.entries(REQUIRED_CHANNEL_PERMISSIONS)
    .filter(([, bit]) => !i.appPermissions!.has(bit))
    .map(([name]) => t.common.permissions[name] ?? name);
}

/** An ephemeral plain-text answer. */
export function privateText(content: string): { content: string; flags: MessageFlags.Ephemeral; allowedMentions: { parse: [] } } {
  return { content: content.slice(0, 2000), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } };
}

/** Mark a rendered payload ephemeral (flag 64) for a reply / follow-up. */
export function asEphemeral(p: MessagePayload): MessagePayload & { flags: number } {
  return { ...p, flags: MessageFlags.Ephemeral };
}

/** The plain-language text for a service refusal. */
export function serviceErrorText(err: ServiceError, t: Catalog, mod?: GameModule, link?: string): string {
  const e = t.common.errors;
  switch (err.code) {
    case 'no_table':
      return e.noTable;
    case 'other_channel':
      return e.otherChannel(err.channelId);
    case 'table_closed':
      return e.tableClosed(err.status);
    case 'channel_busy':
      return e.channelBusy(mod?.title ?? err.game, err.tableId, link ?? '');
    case 'already_seated':
      return e.alreadySeated;
    case 'table_full':
      return e.tableFull(err.max);
    case 'host_only':
      return e.hostOnly;
    case 'host_or_manager_only':
      return e.hostOrManagerOnly;
    case 'too_few_players':
      return e.tooFewPlayers(err.min, err.have);
    case 'not_seated':
      return e.notSeated;
    case 'not_lobby':
      return e.notLobby;
    case 'not_active':
      return e.notActive;
    case 'seat_left':
      return e.seatLeft;
    case 'stale':
      return t.common.panel.stale;
    case 'rule':
      return mod ? `❌ ${mod.ui.describeError(err.error, t)}` : e.badAction;
    case 'malformed':
      return e.malformed;
    case 'bad_action':
      return e.badAction;
    case 'bad_options':
      return e.badOptions(err.problems.map((p) => `• ${p}`).join('\n'));
    case 'unknown_game':
      return e.unknownGame;
  }
}

/**
 * Answer a click on a private prompt (e.g. a confirmation) by rewriting the prompt in place
 * with `content` and no buttons — or, when the click did not come from an ephemeral message
 * (a forged click on a public message), privately, without touching the public message.
 */
export async function answerPrompt(
  i: { message: { flags: { has(bit: number): boolean } }; update(p: object): Promise<unknown>; reply(p: object): Promise<unknown> },
  content: string,
): Promise<void> {
  if (i.message.flags.has(MessageFlags.Ephemeral)) await i.update({ content, embeds: [], components: [] });
  else await i.reply(privateText(content));
}

/** A jump link to a message in a guild channel. */
export function messageLink(guildId: string, channelId: string, messageId: string | null): string {
  return messageId ? `https://discord.com/channels/${guildId}/${channelId}/${messageId}` : `<#${channelId}>`;
}

/**
 * A rendered payload in the option shape discord.js's reply / update / editReply take
 * (camelCase `allowedMentions`); embeds and components pass through as API JSON.
 */
export function forDjs(p: MessagePayload) {
  return {
    content: p.content ?? '',
    embeds: p.embeds ?? [],
    components: p.components ?? [],
    allowedMentions: p.allowed_mentions ?? { parse: [] as [] },
  };
}

/** `forDjs` for a new ephemeral message (reply / follow-up). */
export function forDjsEphemeral(p: MessagePayload) {
  return { ...forDjs(p), flags: MessageFlags.Ephemeral as const };
}
