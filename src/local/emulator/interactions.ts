/**
 * Interactions: creating the INTERACTION_CREATE dispatch a real Discord client would cause,
 * the 3-second acknowledgement clock, and the result object tests await.
 */
import { randomBytes } from 'node:crypto';
import { InteractionContextType, PermissionFlagsBits } from 'discord-api-types/v10';
import { toEmulated } from './messages.js';
import type { FaultInjector } from './faults.js';
import type { Gateway } from './gateway.js';
import type { EmulatorState, InteractionRecord } from './state.js';
import type { EmulatedMessage, InteractionError, JsonObject } from './types.js';

/** The parts of the emulator interaction code needs. */
export interface EmulatorCore {
  state: EmulatorState;
  gateway: Gateway;
  /** Injected REST faults (faults.ts), answered before the rate limits and the routes. */
  faults?: FaultInjector;
}

/** What the user's action produced: the interaction and the bot's answer to it. */
export class InteractionResult {
  /** @internal */
  constructor(
    private readonly core: EmulatorCore,
    private readonly record: InteractionRecord,
  ) {}

  /** The interaction's snowflake. */
  get interactionId(): string {
    return this.record.id;
  }

  /** The interaction token (what follow-ups and edits use). */
  get token(): string {
    return this.record.token;
  }

  /** The accepted initial callback type (4 reply, 5 deferred reply, 6 deferred update,
   * 7 update, 9 modal, 12 launch Activity), or null if the bot has not (validly) answered. */
  get callbackType(): number | null {
    return this.record.callbackType;
  }

  /** The Activity instance the answer launched or joined (callback type 12, src/local/emulator/activities.ts), or null. */
  get activityInstanceId(): string | null {
    return this.record.activityInstanceId ?? null;
  }

  /** Milliseconds from dispatch to the accepted initial callback, or null. */
  get ackMs(): number | null {
    return this.record.ackedAt === null ? null : this.record.ackedAt - this.record.dispatchedAt;
  }

  /**
   * The message the user now sees as the response, in its current state: the reply (4),
   * the deferred reply (5, "thinking…" until edited) or the updated component message (6, 7).
   * Undefined when there is none (no answer, modal, error).
   */
  get message(): EmulatedMessage | undefined {
    const id = this.record.originalMessageId;
    if (!id || this.record.callbackType === null) return undefined;
    const m = this.core.state.messages.get(id);
    return m ? toEmulated(m) : undefined;
  }

  /**
   * Follow-up messages sent with the interaction token and not deleted, oldest first, in
   * their current state. (After a deferred reply the first follow-up fills in the deferred
   * message itself, as on Discord: it is `message`, not a follow-up.)
   */
  followUps(): EmulatedMessage[] {
    return this.record.followUpIds.flatMap((id) => {
      const m = this.core.state.messages.get(id);
      return m && !m.deleted ? [toEmulated(m)] : [];
    });
  }

  /**
   * The first follow-up sent with the interaction token (not deleted), as soon as there is
   * one: e.g. the private panel a bot sends after answering a click on a public message with a
   * deferred update (callback 6). Resolves with undefined after `timeoutMs` without one.
   */
  firstFollowUp(timeoutMs = 5000): Promise<EmulatedMessage | undefined> {
    const now = this.followUps()[0];
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(this.followUps()[0]);
      };
      const timer = setTimeout(() => {
        const waiters = this.record.followUpWaiters ?? [];
        const at = waiters.indexOf(wake);
        if (at >= 0) waiters.splice(at, 1);
        resolve(this.followUps()[0]);
      }, timeoutMs);
      (this.record.followUpWaiters ??= []).push(wake);
    });
  }

  /**
   * The response once it is not "thinking…" any more: a deferred reply (callback 5) once filled
   * in, any other response at once. Resolves with undefined after `timeoutMs` (or when there is
   * no response message, or it was deleted). Discord lets a deferred reply be filled in for
   * 15 minutes; the 30 s default only bounds a test's wait (a cold first picture took ≈ 5 s on a
   * loaded 2-core machine), it resolves as soon as the reply is filled in.
   */
  filledReply(timeoutMs = 30_000): Promise<EmulatedMessage | undefined> {
    const record = this.core.state.messages.get(this.record.originalMessageId ?? '');
    if (!record || record.deleted || !record.loading) return Promise.resolve(record && !record.deleted ? this.message : undefined);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(record.deleted ? undefined : this.message);
      };
      const timer = setTimeout(() => {
        const waiters = record.fillWaiters ?? [];
        const at = waiters.indexOf(wake);
        if (at >= 0) waiters.splice(at, 1);
        resolve(record.loading || record.deleted ? undefined : this.message);
      }, timeoutMs);
      (record.fillWaiters ??= []).push(wake);
    });
  }

  /**
   * The response message at its next edit after now: e.g. a panel answered with a deferred
   * update (callback 6: the user still sees the old panel) once the bot edits it. Resolves with
   * the message as edited, or with undefined after `timeoutMs` without an edit (or when there is
   * no response message, or it was deleted). Call it right after the callback is accepted (the
   * result's promise resolves then, before any later request of the bot is handled): an edit
   * made before the call is not waited for.
   */
  nextEdit(timeoutMs = 30_000): Promise<EmulatedMessage | undefined> {
    const record = this.core.state.messages.get(this.record.originalMessageId ?? '');
    if (!record || record.deleted) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(record.deleted ? undefined : this.message);
      };
      const timer = setTimeout(() => {
        const waiters = record.editWaiters ?? [];
        const at = waiters.indexOf(wake);
        if (at >= 0) waiters.splice(at, 1);
        resolve(undefined);
      }, timeoutMs);
      (record.editWaiters ??= []).push(wake);
    });
  }

  /** The modal the bot opened (callback type 9), if any; submit it with `user.submitModal`. */
  get modal(): JsonObject | undefined {
    return this.record.modal ? structuredClone(this.record.modal) : undefined;
  }

  /** @internal The underlying record (for `EmulatedUser.submitModal`). */
  internalRecord(): InteractionRecord {
    return this.record;
  }

  /** Set when the first callback failed (e.g. invalid body) or no callback came in time
   * (`{status: 404, code: 10062}`: the user saw "This interaction failed"). */
  get error(): InteractionError | undefined {
    return this.record.error ?? undefined;
  }

  /** True when the bot missed the acknowledgement deadline. */
  get timedOut(): boolean {
    return this.record.timedOut;
  }
}

/** What a user action dispatches. */
export interface InteractionSpec {
  /** 2 application command, 3 message component, 4 autocomplete, 5 modal submit. */
  type: 2 | 3 | 4 | 5;
  userId: string;
  channelId: string;
  data: JsonObject;
  sourceMessageId?: string;
  commandName?: string;
  /** Used in the user's DM with the bot (`channelId` is that DM channel): no server. */
  dm?: boolean;
}

/**
 * What an app may do in a DM with its bot user, as an interaction from there says
 * (`developers/interactions/receiving-and-responding.mdx` "Interaction Object", `app_permissions`:
 * "ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE … and additionally USE_EXTERNAL_EMOJIS for DMs
 * with the app's bot user").
 */
export const BOT_DM_APP_PERMISSIONS = PermissionFlagsBits.AttachFiles | PermissionFlagsBits.EmbedLinks | PermissionFlagsBits.MentionEveryone | PermissionFlagsBits.UseExternalEmojis;

/**
 * The INTERACTION_CREATE payload of an interaction from a DM with the bot
 * (`developers/interactions/receiving-and-responding.mdx` "Interaction Object"): `user` instead
 * of `member`, no guild, the DM channel, BOT_DM_APP_PERMISSIONS, context BOT_DM and the
 * GUILD_INSTALL owner "0" ("Authorizing Integration Owners Object").
 */
function dmInteractionPayload(state: EmulatorState, r: InteractionRecord): JsonObject {
  return {
    id: r.id,
    application_id: state.applicationId,
    type: r.type,
    data: r.data,
    channel: state.dmChannelJson(r.channelId),
    channel_id: r.channelId,
    user: state.userJson(r.userId),
    token: r.token,
    version: 1,
    app_permissions: BOT_DM_APP_PERMISSIONS.toString(),
    locale: state.users.get(r.userId)?.locale ?? 'en-US',
    entitlements: [],
    entitlement_sku_ids: [],
    authorizing_integration_owners: { '0': '0' },
    context: InteractionContextType.BotDM,
    attachment_size_limit: 10 * 1024 * 1024,
  };
}

/** Build the INTERACTION_CREATE payload for a record. */
export function interactionPayload(state: EmulatorState, r: InteractionRecord): JsonObject {
  if (r.guildId === '') return dmInteractionPayload(state, r);
  const ch = state.channel(r.channelId);
  const guild = state.guild(r.guildId);
  const user = state.users.get(r.userId);
  const payload: JsonObject = {
    id: r.id,
    application_id: state.applicationId,
    type: r.type,
    data: r.data,
    guild_id: guild.id,
    guild: { id: guild.id, locale: guild.locale, features: [] },
    channel: state.channelJson(ch.id),
    channel_id: ch.id,
    member: state.memberJson(guild.id, r.userId, true, true),
    token: r.token,
    version: 1,
    // What the app may do where the interaction came from (`developers/interactions/receiving-and-responding.mdx`
    // "Interaction Object"): the computed bits, implicit denials not applied (state.ts botPermissionBits).
    app_permissions: state.botPermissionBits(ch.id).toString(),
    locale: user?.locale ?? 'en-US',
    guild_locale: guild.locale,
    entitlements: [],
    entitlement_sku_ids: [],
    authorizing_integration_owners: { '0': guild.id },
    context: InteractionContextType.Guild,
    attachment_size_limit: 10 * 1024 * 1024,
  };
  if (r.sourceMessageId) {
    const msg = state.messages.get(r.sourceMessageId);
    if (msg) payload.message = structuredClone(msg.data);
  }
  return payload;
}

/**
 * Create an interaction, dispatch it to the live gateway sessions and start the
 * acknowledgement clock. Synchronous up to the dispatch (so `simultaneous` can put several
 * in the same millisecond); the promise settles on the bot's first callback attempt or at
 * the deadline.
 */
export function dispatchInteraction(core: EmulatorCore, spec: InteractionSpec): Promise<InteractionResult> {
  const { state, gateway } = core;
  const ch = spec.dm ? state.dmChannelRecord(spec.channelId) : state.channel(spec.channelId);
  const now = state.now();
  const record: InteractionRecord = {
    id: state.snowflake(),
    token: `aW50ZXJhY3Rpb246${randomBytes(48).toString('base64url')}`,
    type: spec.type,
    guildId: ch.guildId,
    channelId: ch.id,
    userId: spec.userId,
    data: spec.data,
    sourceMessageId: spec.sourceMessageId ?? null,
    commandName: spec.commandName ?? null,
    createdAt: now,
    dispatchedAt: now,
    ackedAt: null,
    callbackType: null,
    originalMessageId: null,
    followUpIds: [],
    deferredEphemeral: false,
    timedOut: false,
    error: null,
    modal: null,
    settle: null,
    timer: null,
  };
  state.addInteraction(record);
  const result = new InteractionResult(core, record);
  const promise = new Promise<InteractionResult>((resolve) => {
    record.settle = () => {
      record.settle = null;
      if (record.timer) clearTimeout(record.timer);
      record.timer = null;
      resolve(result);
    };
  });
  const sent = gateway.dispatch('INTERACTION_CREATE', interactionPayload(state, record));
  state.log(`interaction ${record.id} (${spec.commandName ?? String(spec.data.custom_id)}) dispatched to ${sent} session(s)`);
  record.timer = setTimeout(() => {
    record.timer = null;
    if (record.callbackType !== null) return;
    record.timedOut = true;
    record.error ??= { status: 404, code: 10062, message: 'Unknown interaction' };
    state.violation({
      kind: 'ack-timeout',
      message: `Interaction ${record.id} (${spec.commandName ? `/${spec.commandName}` : `custom_id ${String(spec.data.custom_id)}`}) got no valid initial response within ${state.opts.ackTimeoutMs} ms${sent === 0 ? ' (no gateway session was connected)' : ''}: the user sees "This interaction failed".`,
    });
    record.settle?.();
  }, state.opts.ackTimeoutMs);
  state.changed();
  return promise;
}
