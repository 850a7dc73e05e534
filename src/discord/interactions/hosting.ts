/**
 * The server's hosting rules at the Discord edge (README "Leaderboards and ratings" →
 * `/admin settings`): which channel a table is opened in (a thread counts as its parent)
 * and which roles the member has, checked before `/<game> new` and Play again open a table,
 * with a private, plain answer when the rules say no.
 */
import type { Interaction } from 'discord.js';
import { hostingRefusal, hostingRules, type HostingRefusal } from '../../admin/settings.js';
import type { Catalog } from '../../i18n/index.js';
import type { Store } from '../../persistence/store/types.js';
import { actorOf } from './answers.js';

/** At most this many allowed channels are named in a refusal. */
const CHANNELS_NAMED = 10;

/** Role snowflakes of the member behind a guild interaction (a cached GuildMember or the raw API member). */
export function memberRoleIds(interaction: Interaction): string[] {
  const roles = (interaction.member as { roles?: unknown } | null)?.roles;
  if (Array.isArray(roles)) return roles.map(String);
  const cache = (roles as { cache?: Map<string, unknown> } | undefined)?.cache;
  return cache ? [...cache.keys()] : [];
}

/** The parent channel of the interaction's channel when it is a thread, else null. */
function parentChannelId(interaction: Interaction): string | null {
  const channel = interaction.channel as { isThread?: () => boolean; parentId?: string | null } | null;
  return channel?.isThread?.() ? (channel.parentId ?? null) : null;
}

/**
 * Why this server's hosting rules refuse `interaction`'s member a new table in its
 * channel, or null when they may open one (always null outside a guild: callers refuse
 * DMs themselves).
 */
export async function hostingRefusalFor(interaction: Interaction, store: Pick<Store, 'hostingRules'>): Promise<HostingRefusal | null> {
  if (!interaction.guildId || !interaction.channelId) return null;
  return hostingRefusal(await hostingRules(store, interaction.guildId), {
    channelId: interaction.channelId,
    parentChannelId: parentChannelId(interaction),
    roleIds: memberRoleIds(interaction),
    canManageGuild: actorOf(interaction).canManageGuild,
  });
}

/** The private answer for a hosting refusal. */
export function hostingRefusalText(refusal: HostingRefusal, text: Catalog): string {
  const errors = text.common.errors;
  if (refusal.code === 'host-role-required') return errors.hostRoleRequired(refusal.roleId);
  const named = refusal.channelIds.slice(0, CHANNELS_NAMED).map((id) => `<#${id}>`);
  return errors.channelNotAllowed(named.join(', '), refusal.channelIds.length - named.length);
}
