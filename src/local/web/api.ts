/**
 * The local-play page's JSON API: one viewer-specific view of the emulated server, and the
 * actions a Discord client sends (slash command, button click, select, modal submit, plain
 * message) or a server admin makes (add channel / user, rename, Manage Server, language, the
 * bot's permissions in a channel),
 * plus the page's own bookkeeping (dismiss an ephemeral, mark a channel read).
 *
 * Every action names the simulated user it is made as (`as`). Input is checked with zod; a
 * bad body gets 400 with a plain message and changes nothing. Interaction answers come back
 * as Discord's client would show them: the callback type, the modal to open, or the error
 * ("This interaction failed" after 3 s without an answer).
 */
import { ButtonStyle, ComponentType, InteractionContextType, PermissionFlagsBits } from 'discord-api-types/v10';
import { z } from 'zod';
import { catalogFor } from '../../i18n/index.js';
import { INVITE_PERMISSIONS } from '../../invite.js';
import { cleanDisplayName, findComponent, type DiscordEmulator, type EmulatedMessage, type InteractionResult, type JsonObject, type OptionValue } from '../emulator/index.js';
import { HttpError } from './guard.js';
import type { PageState } from './page-state.js';

/** The client languages Discord offers (Discord locale codes). */
export const DISCORD_LOCALES = [
  'id', 'da', 'de', 'en-GB', 'en-US', 'es-ES', 'es-419', 'fr', 'hr', 'it', 'lt', 'hu', 'nl', 'no', 'pl', 'pt-BR', 'ro', 'fi',
  'sv-SE', 'vi', 'tr', 'cs', 'el', 'bg', 'ru', 'uk', 'hi', 'th', 'zh-CN', 'ja', 'zh-TW', 'ko',
] as const;

/** The client language a new emulated user starts with (Discord's default). */
export const DEFAULT_CLIENT_LOCALE = 'en-US';

/** How many messages of a channel the view carries (Discord loads 50 at a time; we keep a little more). */
export const VIEW_MESSAGE_LIMIT = 100;

const snowflake = z.string().regex(/^\d{15,21}$/, 'must be an id (snowflake)');

/**
 * The permissions the bot card of the local page (README "Quick start") lists and toggles: the invite's
 * (`src/invite.ts`), by discord.js's flag name, in bit order. Taking one away shows what a
 * server admin would see (Attach Files: text boards; Send Messages: nothing posted there).
 */
export const BOT_CARD_PERMISSIONS = Object.entries(PermissionFlagsBits)
  .filter(([, bit]) => (INVITE_PERMISSIONS & bit) === bit)
  .sort(([, a], [, b]) => (a < b ? -1 : 1))
  .map(([key]) => key) as [string, ...string[]];
const optionValue = z.union([z.string().max(6000), z.number().finite(), z.boolean(), z.object({ id: snowflake })]);

/** Request bodies of the actions. */
export const bodies = {
  slash: z.strictObject({ as: snowflake, channel: snowflake, command: z.string().trim().min(1).max(100), options: z.record(z.string().max(32), optionValue).default({}) }),
  message: z.strictObject({ as: snowflake, channel: snowflake, content: z.string().trim().min(1, 'cannot be empty').max(2000, 'must be 2000 characters or fewer') }),
  click: z.strictObject({ as: snowflake, message: snowflake, customId: z.string().min(1).max(100) }),
  select: z.strictObject({ as: snowflake, message: snowflake, customId: z.string().min(1).max(100), values: z.array(z.string().max(100)).max(25) }),
  modal: z.strictObject({ as: snowflake, interaction: snowflake, values: z.record(z.string().max(100), z.union([z.string().max(4000), z.array(z.string().max(100)).max(25)])) }),
  dismiss: z.strictObject({ as: snowflake, message: snowflake }),
  read: z.strictObject({ as: snowflake, channel: snowflake, message: snowflake }),
  addUser: z.strictObject({ name: z.string(), locale: z.enum(DISCORD_LOCALES).optional() }),
  clientLocale: z.strictObject({ user: snowflake, locale: z.enum(DISCORD_LOCALES) }),
  updateUser: z.strictObject({ user: snowflake, name: z.string().optional(), manageGuild: z.boolean().optional(), locale: z.enum(DISCORD_LOCALES).optional() }),
  addChannel: z.strictObject({ name: z.string() }),
  botPermission: z.strictObject({ channel: snowflake, permission: z.enum(BOT_CARD_PERMISSIONS), allowed: z.boolean() }),
  // The Activity frame's answers to the SDK's commands (docs/activity.md "Tested offline").
  activityAuthorize: z.strictObject({ as: snowflake, instance: z.string().min(1).max(200), clientId: snowflake, scopes: z.array(z.string().max(64)).max(20), check: z.boolean().optional() }),
  activityAuthenticate: z.strictObject({ as: snowflake, accessToken: z.string().min(1).max(200) }),
  activityLeave: z.strictObject({ as: snowflake, instance: z.string().min(1).max(200) }),
};

/** Parse a body with a schema; throws HttpError 400 naming each bad field. */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`);
  throw new HttpError(400, `Invalid request: ${problems.join('; ')}`);
}

/** Discord channel names: lower case, spaces become dashes, 1–100 characters. */
export function cleanChannelName(name: string): string | null {
  const clean = name.trim().toLowerCase().replace(/\s+/g, '-').replace(/[^\p{L}\p{N}_-]/gu, '').replace(/-+/g, '-').slice(0, 100);
  return clean.length > 0 ? clean : null;
}

/** What the page shows after an interaction: the bot's first answer, as Discord's client sees it. */
export interface InteractionOutcome {
  interactionId: string;
  /** 4 reply, 5 deferred reply, 6 deferred update, 7 update, 9 modal; null when there was no valid answer. */
  callbackType: number | null;
  /** "This interaction failed" and friends: the Discord error the client got. */
  error: { status: number; code: number; message: string } | null;
  /** The modal to open (callback type 9). */
  modal: JsonObject | null;
  /** The message the answer created or updated. */
  messageId: string | null;
  /** The Activity the answer launched or joined (callback type 12): the page opens it in a frame. */
  activity: { instanceId: string; guildId: string; channelId: string } | null;
}

/** The actions and the view, bound to one emulator and the page's own state. */
export class LocalApi {
  private readonly opened = new Map<string, InteractionResult>();

  /**
   * @param emu the running emulator
   * @param page dismissed ephemerals and read markers
   * @param pageChanged called after the page state changed (to save it)
   */
  constructor(
    private readonly emu: DiscordEmulator,
    private readonly page: PageState,
    private readonly pageChanged: () => void,
  ) {}

  /** The world as `viewer` sees it, with the messages of `channelId` (default: the first channel). */
  view(viewer: string | undefined, channelId: string | undefined): JsonObject {
    const emu = this.emu;
    const members = emu.members();
    const me = members.find((m) => m.id === viewer) ?? members[0]!;
    const channels = emu.channels();
    const channel = channels.find((c) => c.id === channelId) ?? channels[0]!;
    const pings = new Map<string, Array<{ messageId: string; channelId: string }>>();
    for (const m of members) pings.set(m.id, emu.pingsOf(m.id));
    const unread = (userId: string, inChannel?: string) =>
      (pings.get(userId) ?? []).filter((p) => (!inChannel || p.channelId === inChannel) && BigInt(p.messageId) > this.page.lastRead(userId, p.channelId)).length;
    const messages = emu.channelMessages(channel.id, me.id, VIEW_MESSAGE_LIMIT, (id) => this.page.isDismissed(me.id, id));
    return {
      revision: emu.revision,
      guild: { id: emu.guild.id, name: emu.guild.name },
      bot: { id: emu.botUserId, name: emu.botName, online: emu.liveSessions > 0, permissions: this.botPermissionsView(channel.id, me.locale) },
      me: me.id,
      channel: channel.id,
      members: members.map((m) => ({ ...m, unreadPings: unread(m.id), languageSettled: this.page.languageIsSettled(m.id) })),
      channels: channels.map((c) => ({ ...c, unreadPings: unread(me.id, c.id) })),
      commands: this.commandsFor(me.id),
      messages: messages.map((m) => messageView(m, emu.pingedBy(m.id).includes(me.id))),
      locales: DISCORD_LOCALES,
    };
  }

  /**
   * The bot's permissions in `channelId` for its card: each of BOT_CARD_PERMISSIONS, allowed
   * or not, named as Discord's client names it in `locale` (the bot's catalog has the names).
   */
  private botPermissionsView(channelId: string, locale: string): JsonObject[] {
    const granted = this.emu.botPermissions(channelId);
    const names = catalogFor(locale).common.permissions as Record<string, string | undefined>;
    return BOT_CARD_PERMISSIONS.map((key) => {
      const bit = PermissionFlagsBits[key as keyof typeof PermissionFlagsBits];
      return { key, name: names[key] ?? key, allowed: (granted & bit) === bit };
    });
  }

  /** Registered chat-input commands `userId` can see in the guild, as the Discord client lists them. */
  commandsFor(userId: string): JsonObject[] {
    const perms = this.emu.memberPermissions(userId);
    const all = [...this.emu.commands(this.emu.guild.id), ...this.emu.commands('global')];
    const seen = new Set<string>();
    return all.filter((c) => {
      if ((c.type ?? 1) !== 1 || seen.has(String(c.name))) return false;
      seen.add(String(c.name));
      if (Array.isArray(c.contexts) && !c.contexts.includes(InteractionContextType.Guild)) return false;
      const needed = c.default_member_permissions;
      if (typeof needed === 'string') {
        const bits = BigInt(needed);
        const admin = 8n;
        if (needed === '0' ? (perms & admin) === 0n : (perms & bits) !== bits && (perms & admin) === 0n) return false;
      }
      return true;
    });
  }

  /** Run an action by name (`slash`, `click`…) with a parsed JSON body; returns the JSON answer. */
  async act(action: string, body: unknown): Promise<unknown> {
    switch (action) {
      case 'slash': {
        const b = parseBody(bodies.slash, body);
        const user = this.member(b.as);
        this.channel(b.channel);
        const result = await this.attempt(() => user.slash(b.command, b.options as Record<string, OptionValue>, { channelId: b.channel }));
        return this.outcome(result);
      }
      case 'message': {
        const b = parseBody(bodies.message, body);
        this.member(b.as);
        this.channel(b.channel);
        return { messageId: this.emu.postMessage(b.as, b.channel, b.content).id };
      }
      case 'click': {
        const b = parseBody(bodies.click, body);
        const user = this.member(b.as);
        const message = this.visible(b.as, b.message);
        const found = findComponent(message, b.customId);
        if (found && found.type !== ComponentType.Button) throw new HttpError(400, 'That component is a select menu, not a button.');
        if (found?.disabled) throw new HttpError(400, 'That button is disabled.');
        if (found && Number(found.component.style) === ButtonStyle.Link) throw new HttpError(400, 'Link buttons open their URL; they send no interaction.');
        // A button that is no longer on the message (the page showed an older version): the
        // click still reaches the bot, as from a Discord client that had not refreshed yet.
        const result = await this.attempt(() => (found ? user.click(message, b.customId) : user.forge(message, b.customId)));
        return this.outcome(result);
      }
      case 'select': {
        const b = parseBody(bodies.select, body);
        const user = this.member(b.as);
        const message = this.visible(b.as, b.message);
        const found = findComponent(message, b.customId);
        if (found?.disabled) throw new HttpError(400, 'That menu is disabled.');
        if (found && found.type === ComponentType.Button) throw new HttpError(400, 'That component is a button, not a select menu.');
        const result = await this.attempt(() => (found ? user.select(message, b.customId, b.values) : user.forge(message, b.customId, b.values)));
        return this.outcome(result);
      }
      case 'modal': {
        const b = parseBody(bodies.modal, body);
        const user = this.member(b.as);
        const opened = this.opened.get(b.interaction);
        if (!opened?.modal) throw new HttpError(404, 'That form is no longer open (it was closed or the server restarted). Open it again.');
        const result = await this.attempt(() => user.submitModal(opened, b.values));
        this.opened.delete(b.interaction);
        return this.outcome(result);
      }
      case 'dismiss': {
        const b = parseBody(bodies.dismiss, body);
        this.member(b.as);
        const message = this.visible(b.as, b.message);
        if (!message.ephemeral) throw new HttpError(400, 'Only messages that only you can see can be dismissed.');
        this.page.dismiss(b.as, b.message);
        this.pageChanged();
        return { dismissed: b.message };
      }
      // The Activity frame (docs/activity.md "Tested offline"): what Discord's client answers the
      // SDK's AUTHORIZE and AUTHENTICATE for the user, and the user closing the Activity.
      case 'activity/authorize': {
        const b = parseBody(bodies.activityAuthorize, body);
        this.member(b.as);
        if (!this.emu.activities.instances.get(b.instance)?.users.has(b.as)) return { error: { code: 4006, message: 'Not in this Activity' } };
        // `check`: whether the user already authorized these scopes (Discord's client then skips its consent dialog).
        if (b.check) return { authorized: this.emu.activities.hasAuthorized(b.as, b.scopes) };
        const answer = this.emu.activities.authorize(b.as, b.clientId, b.scopes);
        return 'code' in answer && typeof answer.code === 'string' ? { code: answer.code } : { error: answer };
      }
      case 'activity/authenticate': {
        const b = parseBody(bodies.activityAuthenticate, body);
        this.member(b.as);
        const answer = this.emu.activities.authenticate(b.accessToken);
        if ('access_token' in answer && (answer.user as JsonObject).id === b.as) return { data: answer };
        return { error: 'code' in answer && typeof answer.code === 'number' ? answer : { code: 4009, message: 'Invalid token' } };
      }
      case 'activity/leave': {
        const b = parseBody(bodies.activityLeave, body);
        this.member(b.as);
        this.emu.activities.leave(b.as, b.instance);
        return { left: b.instance };
      }
      case 'read': {
        const b = parseBody(bodies.read, body);
        this.member(b.as);
        this.channel(b.channel);
        if (this.page.markRead(b.as, b.channel, b.message)) this.pageChanged();
        return { read: b.message };
      }
      case 'users': {
        const b = parseBody(bodies.addUser, body);
        const name = cleanDisplayName(b.name);
        if (!name) throw new HttpError(400, 'A display name has 1 to 32 characters.');
        // Added from a browser: its language (README "Quick start"), as Discord's client takes the system's.
        const user = this.emu.addUser(name, b.locale ? { locale: b.locale } : {});
        if (b.locale) {
          this.page.settleLanguage(user.id);
          this.pageChanged();
        }
        return { user: user.id };
      }
      case 'users/client-locale': {
        // The first browser to look through a user still in the default language (never chosen)
        // gives them its own; a language set any other way (the member card, a test) stays.
        const b = parseBody(bodies.clientLocale, body);
        const member = this.emu.members().find((m) => m.id === b.user);
        if (!member) throw new HttpError(404, 'No such member.');
        if (this.page.settleLanguage(b.user)) {
          if (member.locale === DEFAULT_CLIENT_LOCALE) this.emu.setUserLocale(b.user, b.locale);
          this.pageChanged();
        }
        return { user: b.user, locale: this.emu.members().find((m) => m.id === b.user)!.locale };
      }
      case 'users/update': {
        const b = parseBody(bodies.updateUser, body);
        const member = this.emu.members().find((m) => m.id === b.user);
        if (!member) throw new HttpError(404, 'No such member.');
        if (b.name !== undefined && !cleanDisplayName(b.name)) throw new HttpError(400, 'A display name has 1 to 32 characters.');
        if (b.manageGuild !== undefined && member.owner && !b.manageGuild) throw new HttpError(400, 'The server owner always has every permission.');
        if (b.name !== undefined) this.emu.renameUser(b.user, b.name);
        if (b.locale !== undefined) {
          this.emu.setUserLocale(b.user, b.locale);
          // Chosen on the member card: no browser changes it any more.
          if (this.page.settleLanguage(b.user)) this.pageChanged();
        }
        if (b.manageGuild !== undefined && !member.owner) this.emu.setManageGuild(b.user, b.manageGuild);
        return { user: b.user };
      }
      case 'bot/permission': {
        // A server admin edits the bot's permissions in a channel (its overwrites): CHANNEL_UPDATE tells the bot.
        const b = parseBody(bodies.botPermission, body);
        this.channel(b.channel);
        const bit = PermissionFlagsBits[b.permission as keyof typeof PermissionFlagsBits];
        const now = this.emu.botPermissions(b.channel);
        this.emu.setBotPermissions(b.channel, b.allowed ? now | bit : now & ~bit);
        return { channel: b.channel, permission: b.permission, allowed: b.allowed };
      }
      case 'channels': {
        const b = parseBody(bodies.addChannel, body);
        const name = cleanChannelName(b.name);
        if (!name) throw new HttpError(400, 'A channel name needs at least one letter or digit.');
        return { channel: this.emu.addChannel(name) };
      }
      default:
        throw new HttpError(404, `Unknown action "${action}".`);
    }
  }

  private member(id: string) {
    try {
      return this.emu.user(id);
    } catch {
      throw new HttpError(404, 'No such member (switch to a user of the member list).');
    }
  }

  private channel(id: string): void {
    if (!this.emu.channels().some((c) => c.id === id)) throw new HttpError(404, 'No such channel.');
  }

  private visible(userId: string, messageId: string): EmulatedMessage {
    const m = this.emu.message(messageId);
    if (!m || m.deleted || (m.visibleTo && !m.visibleTo.includes(userId))) throw new HttpError(404, 'Unknown Message: it was deleted, or it is not yours to see.');
    return m;
  }

  /** Run a user action; the emulator's client-side checks (bad option, disabled…) become 400s. */
  private async attempt(run: () => Promise<InteractionResult>): Promise<InteractionResult> {
    let pending: Promise<InteractionResult>;
    try {
      pending = run();
    } catch (err) {
      throw new HttpError(400, (err as Error).message.replace(/^discord-emulator: /, ''));
    }
    return pending;
  }

  private outcome(r: InteractionResult): InteractionOutcome {
    if (r.modal) {
      this.opened.set(r.interactionId, r);
      if (this.opened.size > 200) this.opened.delete(this.opened.keys().next().value!);
    }
    const instance = r.activityInstanceId ? this.emu.activities.instances.get(r.activityInstanceId) : undefined;
    return {
      interactionId: r.interactionId,
      callbackType: r.callbackType,
      error: r.error ?? null,
      modal: r.modal ?? null,
      messageId: r.message?.id ?? null,
      activity: instance ? { instanceId: instance.instanceId, guildId: instance.guildId, channelId: instance.channelId } : null,
    };
  }
}

/** A message as the page renders it: Discord's JSON plus whether it pings the viewer. */
function messageView(m: EmulatedMessage, pinged: boolean): JsonObject {
  return {
    id: m.id,
    type: m.type,
    author: m.author,
    content: m.content,
    embeds: m.embeds,
    components: m.components,
    attachments: m.attachments,
    flags: m.flags,
    timestamp: m.timestamp,
    edited_timestamp: m.edited_timestamp,
    interaction_metadata: m.interaction_metadata ?? null,
    mentions: m.mentions,
    ephemeral: m.ephemeral,
    loading: (m.flags & 128) !== 0,
    pinged,
  };
}
