/**
 * Turning service refusals and Discord facts into private, plain-language answers
 * (docs/discord.md "Answers to mistakes").
 */
import { MessageFlags, PermissionFlagsBits, type Interaction } from 'discord.js';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import { MESSAGE_CONTENT_MAX, type MessagePayload } from '../render/markup.js';
import { isComponentsV2 } from '../render/message-body.js';
import type { Actor, ServiceError } from '../../tables/types.js';

/** The Actor behind an interaction (display name as shown in the guild). */
export function actorOf(interaction: Interaction): Actor {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : (member as { nick?: string | null } | null)?.nick;
  return {
    userId: interaction.user.id,
    displayName: (nick || interaction.user.globalName || interaction.user.username).slice(0, 80),
    canManageGuild: Boolean(interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)),
    from: { guildId: interaction.guildId, channelId: interaction.channelId },
  };
}

/**
 * Channel permissions the bot needs to host a table in a text, voice (its text chat) or
 * announcement channel: see the channel, post the board and the pings, and edit the board with
 * its picture — embeds need Embed Links and uploads Attach Files (docs/discord-conformance.md
 * "Permissions"; discord-api-docs `developers/topics/permissions.mdx` "Bitwise Permission Flags").
 */
export const REQUIRED_CHANNEL_PERMISSIONS = {
  ViewChannel: PermissionFlagsBits.ViewChannel,
  SendMessages: PermissionFlagsBits.SendMessages,
  EmbedLinks: PermissionFlagsBits.EmbedLinks,
  AttachFiles: PermissionFlagsBits.AttachFiles,
} as const;

/**
 * The same in a thread (a forum post is one): Send Messages has no effect there, Send Messages
 * in Threads takes its place (`developers/topics/permissions.mdx` "Inherited Permissions (Threads)").
 */
export const REQUIRED_THREAD_PERMISSIONS = {
  ViewChannel: PermissionFlagsBits.ViewChannel,
  SendMessagesInThreads: PermissionFlagsBits.SendMessagesInThreads,
  EmbedLinks: PermissionFlagsBits.EmbedLinks,
  AttachFiles: PermissionFlagsBits.AttachFiles,
} as const;

/**
 * What `/<game> new thread:` needs in the channel it is typed in (README "Where tables can
 * live"): start a public thread from the lobby's pointer message (Create Public Threads:
 * discord-api-docs `developers/resources/channel.mdx` "Start Thread from Message"), and — the
 * thread inheriting the channel's permissions — post and edit the board there (Send Messages
 * in Threads, Embed Links, Attach Files: `developers/topics/permissions.mdx` "Inherited
 * Permissions (Threads)"). Send Messages in the channel itself is not needed: the pointer is
 * the interaction's reply.
 */
export const TABLE_THREAD_PERMISSIONS = {
  ViewChannel: PermissionFlagsBits.ViewChannel,
  CreatePublicThreads: PermissionFlagsBits.CreatePublicThreads,
  SendMessagesInThreads: PermissionFlagsBits.SendMessagesInThreads,
  EmbedLinks: PermissionFlagsBits.EmbedLinks,
  AttachFiles: PermissionFlagsBits.AttachFiles,
} as const;

/** The permissions a table needs in `interaction`'s channel (REQUIRED_THREAD_PERMISSIONS in a thread). */
export function requiredPermissionsFor(interaction: Pick<Interaction, 'channel'>): Readonly<Record<string, bigint>> {
  return interaction.channel?.isThread() ? REQUIRED_THREAD_PERMISSIONS : REQUIRED_CHANNEL_PERMISSIONS;
}

/**
 * Readable names of the `required` permissions (default: what a table needs there) the bot
 * lacks in the interaction's channel (from the interaction's `app_permissions`; empty when all
 * are there or unknown).
 */
export function missingChannelPermissions(interaction: Interaction, text: Catalog, required: Readonly<Record<string, bigint>> = requiredPermissionsFor(interaction)): string[] {
  const granted = interaction.appPermissions;
  if (!granted) return [];
  return Object.entries(required)
    .filter(([, bit]) => !granted.has(bit))
    .map(([name]) => text.common.permissions[name] ?? name);
}

/** An ephemeral plain-text answer (cut at Discord's MESSAGE_CONTENT_MAX characters). */
export function privateText(content: string): { content: string; flags: MessageFlags.Ephemeral; allowedMentions: { parse: [] } } {
  return { content: content.slice(0, MESSAGE_CONTENT_MAX), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } };
}

/** Mark a rendered payload ephemeral (flag 64) for a reply / follow-up. */
export function asEphemeral(payload: MessagePayload): MessagePayload & { flags: number } {
  return { ...payload, flags: MessageFlags.Ephemeral };
}

/** The plain-language text for a service refusal. */
export function serviceErrorText(refusal: ServiceError, text: Catalog, mod?: GameModule, link?: string): string {
  const errors = text.common.errors;
  switch (refusal.code) {
    case 'no-table':
      return errors.noTable;
    case 'other-channel':
      return errors.otherChannel(refusal.channelId);
    case 'table-closed':
      return errors.tableClosed(refusal.status);
    case 'channel-busy':
      return errors.channelBusy(mod ? mod.title(text) : refusal.game, refusal.tableId, link ?? '');
    case 'already-seated':
      return errors.alreadySeated;
    case 'table-full':
      return errors.tableFull(refusal.max);
    case 'host-only':
      return errors.hostOnly;
    case 'host-or-manager-only':
      return errors.hostOrManagerOnly;
    case 'too-few-players':
      return errors.tooFewPlayers(refusal.min, refusal.have);
    case 'not-seated':
      return errors.notSeated;
    case 'not-lobby':
      return errors.notLobby;
    case 'not-active':
      return errors.notActive;
    case 'seat-left':
      return errors.seatLeft;
    case 'stale':
      return text.common.panel.stale;
    case 'rule':
      return mod ? `❌ ${mod.ui.describeError(refusal.error, text)}` : errors.badAction;
    case 'malformed':
      return errors.malformed;
    case 'bad-options':
      return errors.badOptions(refusal.problems.map((problem) => `• ${problem}`).join('\n'));
    case 'unknown-game':
      return errors.unknownGame;
    case 'not-bot':
      return text.bots.notBot;
    case 'not-replaceable':
      return text.bots.notReplaceable;
    case 'not-finished':
      return errors.rematchNotFinished;
    case 'rematch-players-only':
      return errors.rematchPlayersOnly(mod?.command ?? 'suspicion');
    case 'rematch-stale':
      return errors.rematchStale(refusal.newerTableId, mod?.command ?? 'suspicion');
    case 'not-turn-based':
      return text.turns.errors.notTurnBased;
    case 'vacation-used':
      return text.turns.errors.vacationUsed(refusal.until, refusal.until > Date.now());
    case 'bad-vacation':
      return text.turns.errors.badVacation(refusal.max);
    case 'hints-off':
      return text.bots.hint.off;
    case 'nothing-to-decide':
      return text.bots.hint.nothingToDecide;
    case 'hints-busy':
      return text.bots.hint.busy;
    case 'lesson-not-yet':
      return text.common.lesson.notYetPlain;
    case 'lesson-outdated':
      return text.common.lesson.outdated(mod?.command ?? refusal.game);
    case 'no-lesson':
      return text.common.lesson.none;
  }
}

/**
 * Answer a click on a private prompt (e.g. a confirmation) by rewriting the prompt in place
 * with `content` and no buttons — or, when the click did not come from an ephemeral message
 * (a forged click on a public message), privately, without touching the public message.
 */
export async function answerPrompt(
  interaction: { message: { flags: { has(bit: number): boolean } }; update(payload: object): Promise<unknown>; reply(payload: object): Promise<unknown> },
  content: string,
): Promise<void> {
  if (interaction.message.flags.has(MessageFlags.Ephemeral)) await interaction.update({ content, embeds: [], components: [] });
  else await interaction.reply(privateText(content));
}

/** A jump link to a message in a guild channel. */
export function messageLink(guildId: string, channelId: string, messageId: string | null): string {
  return messageId ? `https://discord.com/channels/${guildId}/${channelId}/${messageId}` : `<#${channelId}>`;
}

/**
 * A rendered payload in the option shape discord.js's reply / update / editReply take
 * (camelCase `allowedMentions`); embeds and components pass through as API JSON. A
 * Components V2 payload (README "Pictures") carries its flag and files and no content; as an
 * `edit` (an update of the message a click came from) it clears the embeds a legacy message
 * had and lists only the files sent now as attachments (old pictures are dropped).
 */
export function forDjs(payload: MessagePayload, edit = false) {
  const mentions = payload.allowed_mentions ?? { parse: [] as [] };
  if (isComponentsV2(payload)) {
    return {
      ...(edit ? { embeds: [] } : {}),
      components: payload.components ?? [],
      allowedMentions: mentions,
      flags: payload.flags,
      files: (payload.files ?? []).map((file) => ({ attachment: file.data, name: file.name, description: file.description })),
      ...(edit ? { attachments: [] } : {}),
    };
  }
  return {
    content: payload.content ?? '',
    embeds: payload.embeds ?? [],
    components: payload.components ?? [],
    allowedMentions: mentions,
  };
}

/** `forDjs` for a new ephemeral message (reply / follow-up). */
export function forDjsEphemeral(payload: MessagePayload) {
  return { ...forDjs(payload), flags: ((payload.flags ?? 0) | MessageFlags.Ephemeral) as number };
}
