/**
 * Scripted users: they type slash commands, click buttons and pick select options the way a
 * person does in the Discord client, and see only what that person would see.
 */
import { ChannelType, ComponentType, InteractionContextType, PermissionFlagsBits } from 'discord-api-types/v10';
import { hasAll } from './permissions.js';
import { dispatchInteraction, type EmulatorCore, type InteractionResult } from './interactions.js';
import { toEmulated } from './messages.js';
import { commandData, modalSubmitData, pickComponent, selectData, type ActionOptions } from './user-actions.js';
import type { MessageRecord } from './state.js';
import type { ComponentQuery, EmulatedMessage, JsonObject, OptionValue } from './types.js';

/** Something that identifies a message: its id or a message object. */
export type MessageRef = string | { id: string };

/** A guild member the test drives. */
export class EmulatedUser {
  /** @internal */
  constructor(
    private readonly core: EmulatorCore,
    /** The user's snowflake. */
    readonly id: string,
    /** Display name given to `addUser`. */
    readonly name: string,
    /** The guild the user acts in. */
    readonly guildId: string,
    private readonly defaultChannelId: string,
  ) {}

  /** The mention markup `<@id>`. */
  get mention(): string {
    return `<@${this.id}>`;
  }

  /** The user JSON Discord sends for this user. */
  get user(): JsonObject {
    return this.core.state.userJson(this.id);
  }

  /**
   * Type a slash command: `path` is `'cmd'`, `'cmd sub'` or `'cmd group sub'`; `options` maps
   * option names to values (users/roles/channels by id or object with `id`). Resolves when
   * the bot's initial callback arrives (or the acknowledgement deadline passes).
   * Throws at once if the command is unknown, hidden from this user or the options are invalid.
   */
  slash(path: string, options: Record<string, OptionValue> = {}, opts: ActionOptions = {}): Promise<InteractionResult> {
    const { state } = this.core;
    const channelId = opts.channelId ?? this.defaultChannelId;
    this.assertCanCommand(channelId);
    const { data, displayName } = commandData(state, this.id, this.guildId, path, options, opts);
    return dispatchInteraction(this.core, { type: 2, userId: this.id, channelId, data, commandName: displayName });
  }

  /**
   * Type a slash command in this user's DM with the bot (context BOT_DM,
   * `developers/interactions/receiving-and-responding.mdx` "Interaction Context Types"): the
   * interaction carries `user`, no guild, and the app's DM permissions (`BOT_DM_APP_PERMISSIONS`).
   * Throws at once, as the client offers no such command, for a guild command, or a global one
   * whose `contexts` leave DMs out (user-actions.ts `assertUsableOutsideServers`).
   */
  slashInDm(path: string, options: Record<string, OptionValue> = {}): Promise<InteractionResult> {
    const { state } = this.core;
    const { data, displayName } = commandData(state, this.id, '', path, options, {}, InteractionContextType.BotDM);
    return dispatchInteraction(this.core, { type: 2, userId: this.id, channelId: state.dmChannelWith(this.id), data, commandName: displayName, dm: true });
  }

  /**
   * Type a slash command in a group DM (context PRIVATE_CHANNEL). A server-installed app's
   * commands are never offered there ("Interaction Contexts": PRIVATE_CHANNEL "is only
   * meaningful for commands installed to a user"), so this throws with the reason; user installs
   * are not modelled.
   */
  slashInGroupDm(path: string, options: Record<string, OptionValue> = {}): never {
    commandData(this.core.state, this.id, '', path, options, {}, InteractionContextType.PrivateChannel);
    throw new Error('discord-emulator: unreachable');
  }

  /**
   * What a Discord client lets a member do before a command is even sent: no command in a
   * server the app was removed from, in a forum itself (only its posts take messages), in an
   * archived thread ("Users cannot … use application commands … in archived threads",
   * `developers/topics/threads.mdx` "Active & Archived Threads"), or in a private thread they
   * are not in. Throws with the reason.
   */
  private assertCanCommand(channelId: string): void {
    const st = this.core.state;
    const ch = st.channel(channelId);
    if (st.guild(ch.guildId).botRemoved) throw new Error('discord-emulator: the app is no longer in this server; its commands are gone');
    if (ch.type === ChannelType.GuildForum) throw new Error('discord-emulator: a forum takes no messages or commands itself; use one of its posts (addThread)');
    const t = ch.thread;
    if (t?.archived) throw new Error('discord-emulator: application commands cannot be used in an archived thread');
    if (ch.type === ChannelType.PrivateThread && !t!.memberIds.includes(this.id) && !hasAll(st.memberPermissions(ch.guildId, this.id), PermissionFlagsBits.ManageThreads)) {
      throw new Error('discord-emulator: this user is not in that private thread');
    }
  }

  /**
   * Click a button on a message the user can see, found by custom_id, label or predicate.
   * Resolves when the bot's initial callback arrives (or the deadline passes).
   */
  click(message: MessageRef, button: ComponentQuery): Promise<InteractionResult> {
    const msg = this.record(message);
    const found = pickComponent(this.core.state, this.id, msg, button, 'button');
    return dispatchInteraction(this.core, {
      type: 3,
      userId: this.id,
      channelId: msg.channelId,
      data: { custom_id: found.customId, component_type: ComponentType.Button, id: found.component.id },
      sourceMessageId: msg.id,
    });
  }

  /**
   * Choose `values` in a select menu (found by custom_id, placeholder or predicate) on a
   * message the user can see. For user/role/channel selects the values are ids.
   */
  select(message: MessageRef, menu: ComponentQuery, values: OptionValue[]): Promise<InteractionResult> {
    const msg = this.record(message);
    const found = pickComponent(this.core.state, this.id, msg, menu, 'select');
    const data = selectData(this.core.state, msg.guildId, found, values);
    return dispatchInteraction(this.core, { type: 3, userId: this.id, channelId: msg.channelId, data, sourceMessageId: msg.id });
  }

  /**
   * Fill in and submit the modal the bot opened in answer to `opened` (callback type 9):
   * `values` maps text input custom_ids to text (string select custom_ids to values).
   */
  submitModal(opened: InteractionResult, values: Record<string, string | string[]>): Promise<InteractionResult> {
    const rec = opened.internalRecord();
    if (!rec.modal) throw new Error(`discord-emulator: interaction ${rec.id} did not open a modal`);
    if (rec.userId !== this.id) throw new Error('discord-emulator: only the user who opened a modal can submit it');
    return dispatchInteraction(this.core, {
      type: 5,
      userId: this.id,
      channelId: rec.channelId,
      data: modalSubmitData(rec.modal, values),
      ...(rec.sourceMessageId ? { sourceMessageId: rec.sourceMessageId } : {}),
    });
  }

  /**
   * Send a component interaction with any `custom_id` on a message, as a modified client or
   * a self-bot could (no check that the component exists): to test that the bot treats
   * forged input as untrusted. `values` makes it a string-select interaction.
   */
  forge(message: MessageRef, customId: string, values?: string[]): Promise<InteractionResult> {
    const msg = this.record(message);
    const data = values
      ? { custom_id: customId, component_type: ComponentType.StringSelect, values }
      : { custom_id: customId, component_type: ComponentType.Button };
    return dispatchInteraction(this.core, { type: 3, userId: this.id, channelId: msg.channelId, data, sourceMessageId: msg.id });
  }

  /**
   * Send an interaction of any type with any `data`, as a modified or outdated client could
   * (no check against registered commands, messages or opened modals): a command that no
   * longer exists, an autocomplete, a modal the bot never opened, a user / role / channel
   * select. `message` is the message it seems to come from (components, modals).
   */
  forgeInteraction(type: 2 | 3 | 4 | 5, data: JsonObject, opts: { message?: MessageRef; channelId?: string } = {}): Promise<InteractionResult> {
    const msg = opts.message ? this.record(opts.message) : undefined;
    const channelId = msg?.channelId ?? opts.channelId ?? this.defaultChannelId;
    return dispatchInteraction(this.core, { type, userId: this.id, channelId, data, ...(msg ? { sourceMessageId: msg.id } : {}) });
  }

  /** Messages of a channel this user sees: public ones plus their own ephemeral ones, oldest first. */
  visibleMessages(channelId: string = this.defaultChannelId): EmulatedMessage[] {
    return [...this.core.state.messages.values()]
      .filter((m) => m.channelId === channelId && !m.deleted && (!m.visibleTo || m.visibleTo.includes(this.id)))
      .map(toEmulated);
  }

  /** True when the user can see the message (exists, not deleted, public or theirs). */
  canSee(message: MessageRef): boolean {
    const m = this.core.state.messages.get(typeof message === 'string' ? message : message.id);
    return !!m && !m.deleted && (!m.visibleTo || m.visibleTo.includes(this.id));
  }

  /** The newest message of a channel this user sees that matches `predicate`. */
  lastVisible(predicate: (m: EmulatedMessage) => boolean = () => true, channelId?: string): EmulatedMessage | undefined {
    return this.visibleMessages(channelId).filter(predicate).at(-1);
  }

  /**
   * Open (true) or close (false) this user's DMs to the bot (`UserRecord.acceptsDms`; closed
   * by default: the bot's DMs then answer 403 / 50007).
   */
  acceptDms(open = true): void {
    const user = this.core.state.users.get(this.id);
    if (user) user.acceptsDms = open;
  }

  /** DMs the bot sent this user (with `deleted` marking those it took back), oldest first. */
  dms(): { id: string; content: string; deleted: boolean }[] {
    return [...this.core.state.dmMessages.values()].filter((m) => m.userId === this.id).map(({ id, content, deleted }) => ({ id, content, deleted }));
  }

  /** Messages that ping this user (after allowed_mentions), oldest first. */
  pings(): EmulatedMessage[] {
    const { state } = this.core;
    return [...state.pings.entries()]
      .filter(([, users]) => users.includes(this.id))
      .flatMap(([id]) => {
        const m = state.messages.get(id);
        return m ? [toEmulated(m)] : [];
      });
  }

  private record(ref: MessageRef): MessageRecord {
    const id = typeof ref === 'string' ? ref : ref.id;
    const m = this.core.state.messages.get(id);
    if (!m) throw new Error(`discord-emulator: unknown message ${id}`);
    return m;
  }
}
