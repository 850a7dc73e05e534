/**
 * A local Discord for end-to-end tests: REST + gateway on 127.0.0.1 that the real,
 * unmodified discord.js v14 client talks to. Scripted users type slash commands, click
 * buttons and pick options; tests observe what users would see. Every request body is
 * validated against Discord's published schemas and limits; the 3 s acknowledgement,
 * single initial response and 15 min token rules are enforced.
 *
 * ```ts
 * const emu = await DiscordEmulator.start();
 * const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emu.apiBase } });
 * await client.login(emu.token);
 * const ana = emu.addUser('Ana');
 * const r = await ana.slash('ping');
 * expect(r.message?.content).toBe('pong');
 * expect(emu.violations).toEqual([]);
 * await emu.stop();
 * ```
 */
import { restoreAttachments } from './attachments.js';
import { FaultInjector, type FaultRecord, type RestFault } from './faults.js';
import { Gateway } from './gateway.js';
import type { EmulatorCore } from './interactions.js';
import { createMessage, toEmulated } from './messages.js';
import { commandRoutes } from './rest-commands.js';
import { extraRoutes } from './rest-extras.js';
import { interactionRoutes } from './rest-interactions.js';
import { RestRouter } from './rest-router.js';
import type { RequestCounts } from './request-kinds.js';
import { channelRoutes, dispatchMessageEvent } from './rest-routes.js';
import type { EmulatedActivities } from './activities.js';
import { activityRoutes } from './rest-activities.js';
import { EmulatorServer, type HostingOptions } from './server.js';
import { EmulatorState, resolveOptions, resolveRateLimit, type InvalidRequest } from './state.js';
import { ChannelType } from 'discord-api-types/v10';
import { EmulatedUser } from './users.js';
import { restoreWorld, snapshotWorld, type SnapshotOptions, type WorldSnapshot } from './world.js';
import { canManageGuild, postUserMessage, renameUser, setManageGuild, setUserLocale } from './world-edit.js';
import type { EmulatedMessage, EmulatorOptions, GatewayFrame, JsonObject, RateLimitOptions, RecordedRequest, Violation } from './types.js';

export { allComponents, buttonLabels, findComponent, interactiveComponents } from './components.js';
export { BOT_DM_APP_PERMISSIONS, InteractionResult } from './interactions.js';
export type { ActivityInstanceRecord, EmulatedActivities, RpcRefusal } from './activities.js';
export { snowflakeTime } from './snowflake.js';
export { EmulatedUser, type MessageRef } from './users.js';
export type { ActionOptions } from './user-actions.js';
export { ALL_PERMISSIONS, DEFAULT_BOT_PERMISSIONS, EVERYONE_PERMISSIONS } from './permissions.js';
export { connectHost, type HostingOptions } from './server.js';
export { parseWorld, WorldFileError, type SnapshotOptions, type WorldSnapshot } from './world.js';
export { cleanDisplayName, MANAGER_ROLE_NAME } from './world-edit.js';
export type { FaultRecord, RestFault } from './faults.js';
export { REQUEST_KINDS, type KindCounts, type RequestCounts, type RequestKind } from './request-kinds.js';
export type * from './types.js';

/** The kinds of guild channel `addChannel` makes (`developers/resources/channel.mdx` "Channel Types"). */
export type ChannelKind = 'text' | 'voice' | 'announcement' | 'forum';

const CHANNEL_KIND_TYPES: Record<ChannelKind, number> = {
  text: ChannelType.GuildText,
  voice: ChannelType.GuildVoice,
  announcement: ChannelType.GuildAnnouncement,
  forum: ChannelType.GuildForum,
};

export type { InvalidRequest } from './state.js';

/** Where the emulator serves and what world it starts from (local play). */
export interface EmulatorHosting extends HostingOptions {
  /** Start from this saved world instead of a new guild (see `snapshot()`). */
  world?: WorldSnapshot;
}

/** A member of the default guild as a client's member list shows it. */
export interface EmulatedMember {
  id: string;
  /** Display name (global name, else username). */
  name: string;
  /** Owns the guild (every permission). */
  owner: boolean;
  /** Has Manage Server (owner, Administrator or a role granting it). */
  manageGuild: boolean;
  /** Client language (`interaction.locale`). */
  locale: string;
  bot: boolean;
}

/** Options of `addUser`. */
export interface AddUserOptions {
  /** Extra guild permissions (given through a role of their own), e.g. ManageGuild. */
  permissions?: bigint;
  /** The user's client language (`interaction.locale`). Default 'en-US'. */
  locale?: string;
  /** Make them a member of this guild (from `addGuild`) instead of the default one; they act in its first channel. */
  guildId?: string;
  /** Roles of that guild to give the member (ids from `addRole`). */
  roles?: string[];
}

/** Options of `waitFor`. */
export interface WaitForOptions {
  /** Give up after this long (rejects). Default 5000 ms. */
  timeoutMs?: number;
  /** Added to the timeout error. */
  description?: string;
}

/** The emulated guild. */
export interface EmulatedGuild {
  id: string;
  name: string;
  /** The guild owner's user id (a member who is not the bot). */
  ownerId: string;
}

/** A running local Discord. */
export class DiscordEmulator {
  /** REST base for discord.js (`rest: { api }`), without version: `http://127.0.0.1:PORT/api`. */
  readonly apiBase: string;
  /** Gateway URL returned by GET /gateway/bot. */
  readonly gatewayUrl: string;
  /** The bot token (`client.login(emu.token)`). */
  readonly token: string;
  /** The application id (== bot user id). */
  readonly applicationId: string;
  /** The bot's user id. */
  readonly botUserId: string;
  /** The default guild. */
  readonly guild: EmulatedGuild;
  /** Id of the default text channel. */
  readonly channel: string;

  private readonly waiters = new Set<(err: Error) => void>();
  private stopped = false;

  private constructor(
    private readonly core: EmulatorCore,
    private readonly server: EmulatorServer,
  ) {
    const st = core.state;
    this.apiBase = `${server.origin}/api`;
    this.gatewayUrl = core.gateway.url();
    this.token = st.token;
    this.applicationId = st.applicationId;
    this.botUserId = st.botUserId;
    const g = [...st.guilds.values()][0]!;
    this.guild = { id: g.id, name: g.name, ownerId: g.ownerId };
    this.channel = g.channelIds[0]!;
  }

  /**
   * Start an emulator on 127.0.0.1 (ephemeral port) with one guild and one text channel, or
   * — with `hosting` — on a chosen interface and port, sharing it with a web handler, and
   * from a saved world. Rejects with the listen error (e.g. `code: 'EADDRINUSE'`).
   */
  static async start(options: EmulatorOptions = {}, hosting: EmulatorHosting = {}): Promise<DiscordEmulator> {
    const resolved = resolveOptions(options);
    let state: EmulatorState;
    if (hosting.world) {
      state = restoreWorld(resolved, hosting.world);
    } else {
      state = new EmulatorState(resolved);
      const owner = state.addUser('Guild Owner');
      const guild = state.addGuild(state.opts.guildName, owner.id);
      state.addChannel(guild.id, state.opts.channelName, state.opts.botPermissions);
    }
    let origin = '';
    const gateway = new Gateway(state, () => origin.replace('http://', 'ws://'));
    const core: EmulatorCore = { state, gateway, faults: new FaultInjector() };
    const server = new EmulatorServer(new RestRouter(core, [...channelRoutes, ...extraRoutes, ...commandRoutes, ...interactionRoutes, ...activityRoutes]), gateway, hosting, state.attachments);
    await server.listen();
    origin = server.origin;
    state.attachmentOrigin = origin;
    if (hosting.world || state.opts.attachmentDir) restoreAttachments(state.attachments, state.messages.values(), origin);
    state.log(`listening on ${origin}`);
    return new DiscordEmulator(core, server);
  }

  /** Every HTTP request answered so far, oldest first. */
  get requests(): readonly RecordedRequest[] {
    return this.core.state.requests;
  }

  /**
   * Call `listener` with every HTTP request the emulator answers, as it is answered (for
   * long runs that keep only part of `requests`). Returns the unsubscribe function.
   */
  onRequest(listener: (request: RecordedRequest) => void): () => void {
    return this.core.state.onRequest(listener);
  }

  /** Every gateway payload sent or received (op codes and event names), oldest first. */
  get gatewayFrames(): readonly GatewayFrame[] {
    return this.core.state.gatewayFrames;
  }

  /** Everything Discord would have rejected or users would have seen fail. Should stay empty. */
  get violations(): readonly Violation[] {
    return this.core.state.violations;
  }

  /**
   * REST requests answered since the start (or `resetRequestCounts`), by kind — board, lobby,
   * ping post / edit / delete, clean-up, callback, panel, other — split into routes bound to the
   * global limit and interaction routes (request-kinds.ts).
   */
  get requestCounts(): RequestCounts {
    return structuredClone(this.core.state.requestCounter.counts);
  }

  /** Count requests from zero again (`requestCounts`). */
  resetRequestCounts(): void {
    this.core.state.requestCounter.reset();
  }

  /** Message id → ids of the users it notified (mentions after allowed_mentions). */
  get pings(): ReadonlyMap<string, readonly string[]> {
    return this.core.state.pings;
  }

  /** Number of identified gateway sessions currently connected. */
  get liveSessions(): number {
    return this.core.gateway.liveSessions;
  }

  /**
   * Add a channel to the default guild (or to `opts.guildId`, from `addGuild`): a text channel,
   * or `kind` voice (its text chat), announcement or forum (which holds only threads: see
   * `addThread`). `botPermissions` is what the bot may do there (default: the invite's,
   * DEFAULT_BOT_PERMISSIONS; sent as `app_permissions`, enforced on channel routes). Returns its id.
   */
  addChannel(name: string, opts: { botPermissions?: bigint; guildId?: string; kind?: ChannelKind } = {}): string {
    const st = this.core.state;
    const ch = st.addChannel(opts.guildId ?? this.guild.id, name, opts.botPermissions ?? st.opts.botPermissions, CHANNEL_KIND_TYPES[opts.kind ?? 'text']);
    this.core.gateway.dispatch('CHANNEL_CREATE', st.channelJson(ch.id));
    return ch.id;
  }

  /**
   * A member starts a thread in `parentId` (`developers/resources/channel.mdx` "Start Thread
   * without Message"; in a forum, a post: "Start Thread in Forum or Media Channel", with the
   * member's first message). Public by default; `private` only in a text channel, where the bot
   * sees it only if it is among `members` (or has MANAGE_THREADS). It inherits the parent's
   * permissions and archives after `autoArchiveMinutes` (60, 1440 — the default —, 4320,
   * 10080) without a message (`advanceClock`). The bot gets THREAD_CREATE when it can see it.
   * Returns its id.
   */
  addThread(parentId: string, name: string, opts: { owner?: EmulatedUser | string; private?: boolean; members?: Array<EmulatedUser | string>; botMember?: boolean; autoArchiveMinutes?: number } = {}): string {
    const st = this.core.state;
    const idOf = (u: EmulatedUser | string) => (typeof u === 'string' ? u : u.id);
    const ownerId = opts.owner ? idOf(opts.owner) : st.guild(st.channel(parentId).guildId).ownerId;
    const memberIds = [...(opts.members ?? []).map(idOf), ...(opts.botMember ? [st.botUserId] : [])];
    const th = st.addThread(parentId, name, { ownerId, memberIds, ...(opts.private ? { private: true } : {}), ...(opts.autoArchiveMinutes ? { autoArchiveMinutes: opts.autoArchiveMinutes } : {}) });
    if (st.channel(parentId).type === ChannelType.GuildForum) {
      // A forum post opens with its author's message (a plain user message; world-edit.ts).
      postUserMessage(this.core, ownerId, th.id, name);
    }
    if (st.botPermissionsIn(th.id) !== 0n) this.core.gateway.dispatch('THREAD_CREATE', { ...st.channelJson(th.id), newly_created: true });
    return th.id;
  }

  /**
   * Archive a thread now (what `advanceClock` does after its auto-archive duration) — or, with
   * `locked`, lock it too, as a moderator would: then only MANAGE_THREADS can unarchive it or
   * post in it (`developers/topics/threads.mdx` "Locked Threads"). The bot gets THREAD_UPDATE
   * (`silent`: not, as when it missed the event; its cache then still says active).
   */
  archiveThread(threadId: string, opts: { locked?: boolean; silent?: boolean } = {}): void {
    const st = this.core.state;
    const t = st.channel(threadId).thread;
    if (!t) throw new Error(`discord-emulator: ${threadId} is not a thread`);
    t.archived = true;
    if (opts.locked) t.locked = true;
    t.archiveTimestamp = st.now();
    if (!opts.silent) this.core.gateway.dispatch('THREAD_UPDATE', st.channelJson(threadId));
    st.changed();
  }

  /** Lock (or unlock) a thread as a moderator would, without archiving it; the bot gets THREAD_UPDATE. */
  lockThread(threadId: string, locked = true): void {
    const st = this.core.state;
    const t = st.channel(threadId).thread;
    if (!t) throw new Error(`discord-emulator: ${threadId} is not a thread`);
    t.locked = locked;
    this.core.gateway.dispatch('THREAD_UPDATE', st.channelJson(threadId));
    st.changed();
  }

  /** Whether a thread is archived / locked now. */
  threadState(threadId: string): { archived: boolean; locked: boolean } {
    const t = this.core.state.channel(threadId).thread;
    if (!t) throw new Error(`discord-emulator: ${threadId} is not a thread`);
    return { archived: t.archived, locked: t.locked };
  }

  /**
   * Move the emulator's clock `ms` ahead: interaction tokens age (15 min) and threads without a
   * message for their auto-archive duration archive (THREAD_UPDATE each). The bot's own clock
   * is the test's to move.
   */
  advanceClock(ms: number): void {
    const st = this.core.state;
    for (const th of st.advanceClock(ms)) this.archiveThread(th.id);
    st.changed();
  }

  /**
   * Delete a channel or thread as an admin would: the bot gets CHANNEL_DELETE (THREAD_DELETE for
   * a thread, with `id`, `guild_id`, `parent_id` and `type` only: `developers/events/gateway-events.mdx`
   * "Thread Delete"); its threads go with it. Afterwards its routes answer 404 / 10003 Unknown Channel.
   * `silent`: no event, as when the bot missed it (its cache still holds the channel).
   */
  deleteChannel(channelId: string, opts: { silent?: boolean } = {}): void {
    const st = this.core.state;
    const ch = st.channel(channelId);
    const visible = st.botPermissionsIn(channelId) !== 0n;
    const json = st.channelJson(channelId);
    for (const th of st.threadsOf(channelId)) st.channels.delete(th.id);
    st.channels.delete(channelId);
    const guild = st.guild(ch.guildId);
    guild.channelIds = guild.channelIds.filter((id) => id !== channelId);
    if (opts.silent) {
      // Missed: nothing dispatched.
    } else if (ch.thread) {
      if (visible) this.core.gateway.dispatch('THREAD_DELETE', { id: ch.id, guild_id: ch.guildId, parent_id: ch.parentId, type: ch.type });
    } else {
      this.core.gateway.dispatch('CHANNEL_DELETE', json);
    }
    st.changed();
  }

  /**
   * Remove the bot from a guild (kicked, or the server owner removed the app): GUILD_DELETE
   * without `unavailable` (`developers/events/gateway-events.mdx` "Guild Delete"); from then on
   * its channel routes answer 403 / 50001 Missing Access, the bot gets no event of that guild,
   * and members cannot use its commands there. With `outage`, the guild only becomes
   * unavailable (GUILD_DELETE with `unavailable: true`) until `endOutage`.
   */
  removeBot(guildId: string = this.guild.id, opts: { outage?: boolean } = {}): void {
    const st = this.core.state;
    const guild = st.guild(guildId);
    if (opts.outage) {
      guild.unavailable = true;
      this.core.gateway.dispatch('GUILD_DELETE', { id: guildId, unavailable: true });
    } else {
      this.core.gateway.dispatch('GUILD_DELETE', { id: guildId });
      guild.botRemoved = true;
    }
    st.changed();
  }

  /** An outage of `removeBot(guildId, { outage: true })` ends: GUILD_CREATE again. */
  endOutage(guildId: string = this.guild.id): void {
    const st = this.core.state;
    st.guild(guildId).unavailable = false;
    this.core.gateway.dispatch('GUILD_CREATE', st.guildJson(guildId, true));
    st.changed();
  }

  /**
   * Change what the bot may do in a channel (dispatches CHANNEL_UPDATE). A thread's
   * permissions are its parent's: naming a thread changes its parent's. `silent`: no
   * CHANNEL_UPDATE, as when the bot missed the event (its cache is then behind).
   */
  setBotPermissions(channelId: string, permissions: bigint, opts: { silent?: boolean } = {}): void {
    const st = this.core.state;
    const ch = st.channel(channelId);
    const target = ch.parentId ? st.channel(ch.parentId) : ch;
    target.botPermissions = permissions;
    if (!opts.silent) this.core.gateway.dispatch('CHANNEL_UPDATE', st.channelJson(target.id));
    st.changed();
  }

  /** What the bot may do in a channel now (after inheritance and Discord's implicit rules; what `app_permissions` says). */
  botPermissions(channelId: string = this.channel): bigint {
    return this.core.state.botPermissionsIn(channelId);
  }

  /**
   * The requests Discord would count toward its invalid-request limit so far (401, 403 and
   * 429 answers but shared-scope 429s; `developers/topics/rate-limits.mdx` "Invalid Request
   * Limit aka Cloudflare bans": 10,000 in 10 minutes bans the bot's IP for a while).
   */
  get invalidRequests(): readonly InvalidRequest[] {
    return this.core.state.invalidRequests;
  }

  /**
   * Add a second server, owned by a new user who is NOT a member of the default guild, with
   * one text channel holding one bot message (something that user can click on, e.g. to
   * forge interactions that name another server's tables). The bot receives GUILD_CREATE.
   */
  addGuild(name: string, ownerName: string): { guildId: string; channelId: string; owner: EmulatedUser; messageId: string } {
    const st = this.core.state;
    const owner = st.addUser(ownerName, false, 'en-US');
    const guild = st.addGuild(name, owner.id);
    const channel = st.addChannel(guild.id, 'general', st.opts.botPermissions);
    this.core.gateway.dispatch('GUILD_CREATE', st.guildJson(guild.id, true));
    const msg = createMessage(st, { channelId: channel.id, body: { content: `Welcome to ${name}` } });
    st.changed();
    return { guildId: guild.id, channelId: channel.id, owner: new EmulatedUser(this.core, owner.id, ownerName, guild.id, channel.id), messageId: msg.id };
  }

  /** Add a member to the default guild (or to `opts.guildId`). Throws for an unknown guild. */
  addUser(name: string, opts: AddUserOptions = {}): EmulatedUser {
    const st = this.core.state;
    const guildId = opts.guildId ?? this.guild.id;
    const guild = st.guilds.get(guildId);
    if (!guild) throw new Error(`addUser: no guild ${guildId}`);
    const user = st.addUser(name, false, opts.locale ?? 'en-US');
    const roles: string[] = [];
    if (opts.permissions !== undefined && opts.permissions !== 0n) {
      const role = st.addRole(guildId, `${name}'s role`, opts.permissions);
      roles.push(role.id);
      this.core.gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: guildId, role: st.roleJson(role) });
    }
    roles.push(...(opts.roles ?? []));
    st.addMember(guildId, user.id, roles);
    st.changed();
    return new EmulatedUser(this.core, user.id, name, guildId, guildId === this.guild.id ? this.channel : guild.channelIds[0]!);
  }

  /** Identified gateway sessions per shard id (an unsharded session counts as shard 0). */
  sessionsByShard(): Map<number, number> {
    return this.core.gateway.sessionsByShard();
  }

  /** Add a role to the default guild (no permissions unless given); returns its id. The bot receives GUILD_ROLE_CREATE. */
  addRole(name: string, permissions = 0n): string {
    const st = this.core.state;
    const role = st.addRole(this.guild.id, name, permissions);
    this.core.gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: this.guild.id, role: st.roleJson(role) });
    st.changed();
    return role.id;
  }

  /** Registered commands: global ones, or those of `guildId`. */
  commands(guildId?: string): JsonObject[] {
    return structuredClone(this.core.state.commands.get(guildId ?? 'global') ?? []);
  }

  /** Public messages of a channel as everyone sees them now (edits applied, deleted ones gone), oldest first. */
  messages(channelId: string = this.channel): EmulatedMessage[] {
    return [...this.core.state.messages.values()].filter((m) => m.channelId === channelId && !m.deleted && !m.ephemeral).map(toEmulated);
  }

  /** Any message by id, ephemeral and deleted ones included (see `ephemeral`, `visibleTo`, `deleted`). */
  message(id: string): EmulatedMessage | undefined {
    const m = this.core.state.messages.get(id);
    return m ? toEmulated(m) : undefined;
  }

  /** Delete a message as a moderator would (later bot edits get 10008 Unknown Message). */
  deleteMessage(channelId: string, id: string): void {
    const m = this.core.state.messages.get(id);
    if (!m || m.channelId !== channelId) throw new Error(`discord-emulator: no message ${id} in channel ${channelId}`);
    this.core.state.deleteMessage(m);
    dispatchMessageEvent(this.core, 'MESSAGE_DELETE', m);
  }

  /**
   * Resolve with the first truthy value of `predicate`, re-evaluated on every state change
   * (and every 50 ms); rejects after `timeoutMs` (default 5000) with the last thrown error.
   */
  waitFor<T>(predicate: () => T, opts: WaitForOptions = {}): Promise<NonNullable<T>> {
    const timeoutMs = opts.timeoutMs ?? 5000;
    return new Promise<NonNullable<T>>((resolve, reject) => {
      let lastError: unknown;
      let done = false;
      const finish = (err?: Error, value?: NonNullable<T>) => {
        if (done) return;
        done = true;
        unsubscribe();
        clearInterval(poll);
        clearTimeout(timer);
        this.waiters.delete(finish);
        if (err) reject(err);
        else resolve(value!);
      };
      const check = () => {
        if (done) return;
        try {
          const v = predicate();
          if (v) finish(undefined, v as NonNullable<T>);
        } catch (e) {
          lastError = e;
        }
      };
      const unsubscribe = this.core.state.onChange(() => queueMicrotask(check));
      const poll = setInterval(check, 50);
      const timer = setTimeout(() => {
        const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
        finish(new Error(`waitFor timed out after ${timeoutMs} ms${opts.description ? `: ${opts.description}` : ''}${why}`));
      }, timeoutMs);
      this.waiters.add(finish);
      check();
    });
  }

  /**
   * Run user actions so their interactions are dispatched in the same tick with the same
   * millisecond timestamp (a double click, two players racing). Each function must start its
   * action synchronously (e.g. `() => ana.click(msg, 'Join')`).
   */
  simultaneous<T>(actions: Array<() => Promise<T>>): Promise<T[]> {
    const promises = this.core.state.freezeClock(() => actions.map((a) => a()));
    return Promise.all(promises);
  }

  /**
   * Drop every gateway connection as a Discord gateway restart would (close 1001). Clients
   * try to resume, are told to identify again (op 9) and receive READY + GUILD_CREATE anew;
   * discord.js may wait up to 5 s (identify throttle) before it is back. Interactions made
   * meanwhile reach nobody and time out, as on Discord.
   */
  async reconnectGateway(): Promise<void> {
    await this.core.gateway.closeAll('reconnect');
  }

  /**
   * Fault injection (faults.ts, README "What happens when…"): from now on and for
   * `fault.durationMs`, every bot request on a non-interaction route is answered with a 5xx
   * or a 429 (global or per route, with `retry_after`) instead of reaching its route.
   * Returns the fault's record, whose counts grow while it runs.
   */
  injectRestFault(fault: RestFault): FaultRecord {
    return this.core.faults!.startRest(fault);
  }

  /** End the running REST fault now. */
  clearRestFault(): void {
    this.core.faults!.clearRest();
  }

  /** Every REST fault injected so far, with what each refused. */
  get restFaults(): readonly FaultRecord[] {
    return this.core.faults!.history;
  }

  /**
   * Close every identified gateway connection mid-session (Gateway.drop): `resumable` lets
   * clients RESUME and replays the events they missed; otherwise they must identify afresh.
   * Resolves with how many sessions were dropped.
   */
  dropGateway(opts: { resumable: boolean }): Promise<number> {
    return this.core.gateway.drop(opts.resumable);
  }

  /** Gateway drops so far, and how many sessions resumed. */
  get gatewayFaults(): { drops: readonly { at: number; resumable: boolean; sessions: number }[]; resumed: number } {
    return { drops: this.core.gateway.drops, resumed: this.core.gateway.resumed };
  }

  /** The bot's user name. */
  get botName(): string {
    return this.core.state.users.get(this.botUserId)?.username ?? 'Bot';
  }

  /** The port the emulator listens on. */
  get port(): number {
    return this.server.listeningPort;
  }

  /**
   * Discord's side of Activities (activities.ts): enable them, read the client secret the
   * bot's Activity server trades codes with, and play the user's client (authorize,
   * authenticate, leave) as the local page's Activity frame does.
   */
  get activities(): EmulatedActivities {
    return this.core.state.activities;
  }

  /** Increases on every change of the world or its logs. */
  get revision(): number {
    return this.core.state.revision;
  }

  /** Count a change made outside the emulator's own records (e.g. the page's state saved with the world). */
  touch(): void {
    this.core.state.changed();
  }

  /** Call `fn` after every change (synchronously); returns the unsubscribe function. */
  onChange(fn: () => void): () => void {
    return this.core.state.onChange(fn);
  }

  /** The world as a JSON-safe snapshot (see `EmulatorHosting.world` to start from it). */
  snapshot(opts: SnapshotOptions = {}): WorldSnapshot {
    return snapshotWorld(this.core.state, opts);
  }

  /** A member of the default guild, to act as (throws for an unknown id or the bot). */
  user(id: string): EmulatedUser {
    const u = this.core.state.users.get(id);
    if (!u || u.bot || !this.core.state.member(this.guild.id, id)) throw new Error(`discord-emulator: ${id} is not a member of the guild`);
    return new EmulatedUser(this.core, id, u.globalName ?? u.username, this.guild.id, this.channel);
  }

  /** The human members of the default guild, in joining order. */
  members(): EmulatedMember[] {
    const st = this.core.state;
    const guild = st.guild(this.guild.id);
    return guild.memberIds.flatMap((id) => {
      const u = st.users.get(id);
      if (!u || u.bot) return [];
      return [{ id, name: u.globalName ?? u.username, owner: guild.ownerId === id, manageGuild: canManageGuild(this.core, guild.id, id), locale: u.locale, bot: false }];
    });
  }

  /** The text channels of the default guild in order: id and name. */
  channels(): Array<{ id: string; name: string }> {
    const st = this.core.state;
    return st.guild(this.guild.id).channelIds.map((id) => ({ id, name: st.channel(id).name }));
  }

  /** Set a member's display name (1–32 characters; throws otherwise). */
  renameUser(id: string, name: string): void {
    renameUser(this.core, id, name);
  }

  /** Set a member's client language (`interaction.locale`). */
  setUserLocale(id: string, locale: string): void {
    setUserLocale(this.core, id, locale);
  }

  /** Give or take Manage Server (not for the owner, who has every permission). */
  setManageGuild(id: string, on: boolean): void {
    setManageGuild(this.core, this.guild.id, id, on);
  }

  /** A plain text message written by a member (Discord sends typed text that is not a command as one). */
  postMessage(userId: string, channelId: string, content: string): EmulatedMessage {
    return toEmulated(postUserMessage(this.core, userId, channelId, content));
  }

  /**
   * The newest `limit` messages of a channel that `viewerId` sees (public ones and their own
   * ephemeral ones, deleted ones gone), oldest first; `hide` drops more (e.g. dismissed).
   */
  channelMessages(channelId: string, viewerId: string, limit: number, hide: (id: string) => boolean = () => false): EmulatedMessage[] {
    const picked = [];
    for (const m of this.core.state.messages.values()) {
      if (m.channelId !== channelId || m.deleted || (m.visibleTo && !m.visibleTo.includes(viewerId)) || hide(m.id)) continue;
      picked.push(m);
    }
    return picked.slice(-limit).map(toEmulated);
  }

  /** Guild-level permissions of a member (owner and Administrator: all). */
  memberPermissions(userId: string): bigint {
    return this.core.state.memberPermissions(this.guild.id, userId);
  }

  /** Every message id that pinged `userId` (oldest first), for unread-ping badges. */
  pingsOf(userId: string): Array<{ messageId: string; channelId: string }> {
    const st = this.core.state;
    const out: Array<{ messageId: string; channelId: string }> = [];
    for (const [messageId, users] of st.pings) {
      if (!users.includes(userId)) continue;
      const m = st.messages.get(messageId);
      if (m && !m.deleted) out.push({ messageId, channelId: m.channelId });
    }
    return out;
  }

  /** Users notified by a message (after allowed_mentions), or [] for none. */
  pingedBy(messageId: string): readonly string[] {
    return this.core.state.pings.get(messageId) ?? [];
  }

  /**
   * Forget all but the newest `keep` entries of the request, gateway and violation logs (a
   * long local-play session would otherwise grow them without bound).
   */
  trimLogs(keep: number): void {
    const st = this.core.state;
    for (const log of [st.requests, st.gatewayFrames, st.violations, st.invalidRequests] as unknown[][]) if (log.length > keep) log.splice(0, log.length - keep);
  }

  /**
   * Turn Discord's rate limits on (`true` = defaults, or settings) or off (`false`) from now
   * on, as the `rateLimit` start option does; every window starts afresh.
   */
  setRateLimit(option: boolean | RateLimitOptions): void {
    this.core.state.opts.rateLimit = resolveRateLimit(option);
  }

  /** Throw a readable error listing the violations, if any. */
  assertNoViolations(): void {
    const v = this.violations;
    if (v.length) throw new Error(`discord-emulator: ${v.length} violation(s):\n${v.map((x) => `- [${x.kind}] ${x.message}`).join('\n')}`);
  }

  /** Close every socket and timer. Pending interactions settle with an error. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const st = this.core.state;
    for (const i of st.interactions.values()) {
      if (i.timer) clearTimeout(i.timer);
      i.timer = null;
      if (i.settle) {
        i.error ??= { status: 0, code: 0, message: 'Emulator stopped' };
        i.settle();
      }
    }
    for (const w of [...this.waiters]) w(new Error('discord-emulator: stopped while waiting'));
    await this.server.close();
  }
}
