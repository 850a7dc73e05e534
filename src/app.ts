/**
 * Wiring of the running bot: store (SQLite or PostgreSQL, migrated) → table service →
 * discord.js client → router → publisher → command registration → recovery of open tables.
 * `createApp` builds everything from a Config; `start` logs in and resolves once the bot is
 * ready; `stop` releases every socket, timer and connection (nothing is kept in memory
 * across a restart: the database is the truth).
 */
import { Agent } from 'undici';
import { Client, DefaultRestOptions, Events, GatewayIntentBits, Options, REST, Routes, type ClientOptions, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { GatewayDispatchEvents, type GatewayMessageDeleteBulkDispatchData, type GatewayMessageDeleteDispatchData } from 'discord-api-types/v10';
import { buildCommands } from './commands/index.js';
import type { SlashCommand } from './discord/interactions/slash-command.js';
import { restBaseOf, type Config } from './config.js';
import type { AppContext } from './discord/interactions/context.js';
import { DISCORD_GLOBAL_PER_SECOND, LocalGlobalGate, type GlobalGate } from './discord/rest/global-budget.js';
import { globalRouteRequest } from './discord/rest/global-route.js';
import { Publisher, type ForcedText } from './discord/publish/publisher.js';
import { MessageIds } from './discord/publish/message-ids.js';
import { routeInteractionWebhooks } from './discord/rest/interaction-rest.js';
import { createRouter } from './discord/interactions/router.js';
import { defaultRegistry } from './games/index.js';
import type { GameRegistry } from './games/registry.js';
import type { Logger } from './logger.js';
import { openDatabase } from './persistence/db.js';
import { SqliteStore } from './persistence/store/sqlite.js';
import type { ShardFilter, Store } from './persistence/store/types.js';
import { ratingsHook } from './ratings/store.js';
import { TableService, type TableServiceDeps } from './tables/service.js';
import { BotTurns } from './tables/bot-turns.js';
import { recoverAtStart } from './tables/recovery.js';
import { TurnNotifier } from './discord/publish/turn-notices.js';
import { ThreadVenues } from './discord/publish/tournament-venues.js';
import { TournamentPosts } from './discord/publish/tournament-posts.js';
import { ReplayLoader } from './review/load.js';
import { TournamentService } from './tournaments/service.js';
import { BotPool } from './bots/pool.js';
import { cachedPermissions, Lifecycle } from './lifecycle.js';
import { processCpuBudget } from './cpu-budget.js';
import type { BotPolicy } from './bots/policy.js';
import { ActivityHub } from './discord/activity/hub.js';
import { DISCORD_API_BASE, DiscordOAuth } from './discord/activity/oauth.js';
import { ActivityServer, startActivityHttp } from './discord/activity/server.js';
import { Launches } from './discord/activity/sessions.js';
import type { Server } from 'node:http';

/** How long `stop()` waits for pending board edits before disconnecting, in ms. */
export const STOP_FLUSH_MS = 2000;

/** Options for tests and tools. */
export interface AppOptions {
  logger: Logger;
  registry?: GameRegistry;
  /** Hooks and clock for the table service; its `newSeed` (deals) also draws each new tournament's seed. */
  serviceDeps?: Partial<Pick<TableServiceDeps, 'now' | 'newSeed' | 'resultHooks' | 'lessonBotPaceMs'>>;
  /** Register commands at start-up (default true). */
  registerCommands?: boolean;
  /**
   * The store to run on, already opened and migrated (PostgreSQL from the entry point, or a
   * test's); the app closes it on `stop`. Default: the SQLite file at `config.databasePath`,
   * opened (and migrated) by `createApp`.
   */
  store?: Store;
  /**
   * The shards this process serves (a ShardingManager child): recovery, stale boards and
   * deadlines cover only their guilds' tables. Default: every table.
   */
  shard?: ShardFilter;
  /**
   * Where AI players decide (README "AI players"): default a worker-thread pool
   * (src/bots/pool.ts); tests may pass an `InlinePolicy`. Closed by `stop()`.
   */
  botPolicy?: BotPolicy;
  /**
   * How long a ping edited down to the players still deciding waits to coalesce further
   * answers, in ms (default PING_EDIT_DELAY_MS, 1.5 s); end-to-end tests that settle after
   * every vote shorten it.
   */
  /**
   * Boards and panels drawn as text whatever the stored settings say (README "Pictures"; tests
   * that read what a player reads, the benchmark's text-boards runs). The settings themselves
   * come with the table's read (`TableRow.textBoards`, `SeatRow.textPanels`). Default: none forced.
   */
  textBoards?: ForcedText;
  /**
   * Start the picture render workers while logging in (default true: the first pictures after a
   * start are drawn warm; a worker takes ≈ 2 s to load on a busy 2-core machine). Tests that read
   * text only turn it off.
   */
  warmPictures?: boolean;
  pingEditDelayMs?: number;
  /** First wait before a failed board or ping request is tried again, ms (tests; default PUBLISH_RETRY_MS in src/discord/publish/work.ts). */
  publishRetryMs?: number;
  /** "Show my hand" lends its token to the board when the table's board token is this old, ms (default BOARD_TOKEN_REFRESH_MS in src/discord/publish/tokens.ts; the benchmark sets 0 to measure every such click; Infinity: never, for tests of the channel route). */
  boardTokenRefreshMs?: number;
  /**
   * The bot-wide global REST budget (src/discord/rest/global-budget.ts): a shard process's lease
   * from its ShardingManager. Default: this process's own, `config.restGlobalShare` of
   * Discord's 50 per second.
   */
  globalGate?: GlobalGate;
}

/** A running (or ready to start) bot. */
export interface App {
  context: AppContext;
  client: Client;
  /** Servers, channels and threads going away under tables (src/lifecycle.ts). */
  lifecycle: Lifecycle;
  commands: SlashCommand[];
  /** A tournament's posts in its channel (src/discord/publish/tournament-posts.ts). */
  tournamentPosts: TournamentPosts;
  /**
   * The table as a Discord Activity (docs/activity.md), when `config.activity` sets it up: its
   * HTTP routes and WebSocket (`handle`, `upgrade`), served on ACTIVITY_PORT by `start`, or by
   * local play's page server under `/.proxy`.
   */
  activity: ActivityServer | null;
  /** Log in, wait for the gateway READY, register commands, recover open tables. */
  start(): Promise<void>;
  /** Disconnect and close the database. Safe to call twice. */
  stop(): Promise<void>;
}

/** The registration bodies of every command (for the bulk overwrite). */
export function commandBodies(commands: SlashCommand[]): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return commands.map((command) => command.data);
}

/**
 * The worker-thread pool of the AI players, started on the first bot decision (a server
 * that never seats a bot never starts its threads); `close()` stops it if it was started.
 * Its searches share the process's CPU budget with the picture renders (src/cpu-budget.ts).
 */
function lazyPool(): BotPolicy {
  let pool: BotPool | null = null;
  return {
    decide: (request) => (pool ??= new BotPool({ budget: processCpuBudget() })).decide(request),
    get waiting() {
      return pool?.waiting ?? 0;
    },
    close: async () => {
      await pool?.close();
    },
  };
}

/**
 * HTTP connections a REST client keeps to Discord at most (undici opens one per concurrent
 * request otherwise: a burst of clicks left ~1,500 idle keep-alive sockets, ~2 KB of heap
 * each, in a bot under 200 clicks/s). Requests beyond it wait for a free connection.
 */
export const REST_CONNECTIONS = 32;

/**
 * How often a REST client drops its idle per-route handlers, ms. `@discordjs/rest` keeps one
 * handler (≈ 1 KB with its queue and key strings) per route and major parameter until its
 * sweep, every hour by default. An interaction webhook's major parameter is the interaction
 * token, so the interaction client would keep a handler for every click token it used for up to
 * an hour — ≈ 20 MB at 300 clicks a minute; a token lives 15 min and a handler is
 * cheap to rebuild, so that client sweeps every minute. The bot client's handlers are per channel
 * (a table's board, pings): swept after 10 min idle, a closed table's are not kept for an hour.
 */
export const REST_HANDLER_SWEEP_MS = { client: 600_000, interactions: 60_000 } as const;

/** The HTTP agent of one REST client (at most REST_CONNECTIONS connections). */
export function restAgent(): Agent {
  return new Agent({ connections: REST_CONNECTIONS });
}

/**
 * The discord.js `Client` options of the bot (the benchmark's echo bot uses the same): the
 * Guilds and GuildMessages intents (docs/discord.md §5; GuildMessages, not privileged, tells
 * the bot when a board message is deleted, docs/rate-limit.md — message content stays
 * unasked for), the REST base `apiUrl` when given (a proxy or
 * the local emulator; discord.js appends `/v10`), at most REST_CONNECTIONS connections, and no
 * message cache — the bot never reads a
 * message back from discord.js (everything it draws comes from the table's snapshot), so
 * keeping every clicked panel and board in memory would only cost heap and garbage collection;
 * nor users and members (but its own), for the same reason.
 */
export function discordClientOptions(apiUrl?: string | null, gate?: GlobalGate): ClientOptions {
  return {
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      // Users and members are built from each payload (interaction.user, .member) and never read
      // back from a cache here; with GuildMessages every ping's mentions would otherwise be cached
      // too (~1–2 KB a user). Only the bot's own user and member are kept.
      UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === user.client.user?.id },
      GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user?.id },
    }),
    rest: { ...(apiUrl ? { api: apiUrl } : {}), agent: restAgent(), handlerSweepInterval: REST_HANDLER_SWEEP_MS.client, ...(gate ? restGateOptions(gate) : {}) },
  };
}

/**
 * REST options that spend `gate` for every request on a global route (src/discord/rest/global-route.ts
 * `globalRouteRequest`) and turn discord.js's own per-process 50/s queue off: the gate is the
 * one global limit (it holds only this process's share), discord.js never sees a global 429,
 * and interaction routes (follow-ups, `editReply`) wait behind nothing.
 */
export function restGateOptions(gate: GlobalGate): { globalRequestsPerSecond: number; makeRequest: typeof DefaultRestOptions.makeRequest } {
  const send: typeof DefaultRestOptions.makeRequest = (url, init) => DefaultRestOptions.makeRequest(url, init);
  return { globalRequestsPerSecond: Infinity, makeRequest: globalRouteRequest(gate, send) };
}

/**
 * Build the bot from a validated config. Without `opts.store`, opens (and migrates) the
 * SQLite database at `config.databasePath` immediately (throws DatabaseOpenError /
 * DatabaseMismatchError).
 */
export function createApp(config: Config, opts: AppOptions): App {
  const logger = opts.logger;
  const store: Store = opts.store ?? new SqliteStore(openDatabase(config.databasePath));
  const registry = opts.registry ?? defaultRegistry();
  const { resultHooks = [], ...serviceDeps } = opts.serviceDeps ?? {};
  // Ratings are updated inside the transaction that stores each result (README "Leaderboards and ratings").
  const service = new TableService({ store, registry, logger, ...serviceDeps, ...(opts.shard ? { shard: opts.shard } : {}), resultHooks: [ratingsHook(), ...resultHooks] });
  // One global budget per bot token (README "Deploy and scale out"): this process's share, or the
  // slots its ShardingManager leases to it.
  const globalGate = opts.globalGate ?? new LocalGlobalGate({ perWindow: Math.max(1, Math.floor(DISCORD_GLOBAL_PER_SECOND * config.restGlobalShare)), logger });
  const restBase = restBaseOf(config);
  const client = new Client(discordClientOptions(restBase, globalGate));
  // Interaction-webhook routes (panel refreshes, edits after a deferred click) are outside
  // Discord's global 50/s (docs/discord.md §4); @discordjs/rest exempts only the initial
  // callback, so they get a client of their own that never waits behind board edits and pings.
  const interactionRest = new REST({ ...(restBase ? { api: restBase } : {}), agent: restAgent(), handlerSweepInterval: REST_HANDLER_SWEEP_MS.interactions, ...restGateOptions(globalGate) });
  // Clicks' and commands' answers (interaction callbacks) on connections of their own, never
  // waiting behind board uploads for a free one (src/discord/rest/interaction-rest.ts).
  const callbackRest = new REST({ ...(restBase ? { api: restBase } : {}), agent: restAgent(), handlerSweepInterval: REST_HANDLER_SWEEP_MS.interactions, ...restGateOptions(globalGate) });
  // discord.js's own editReply / followUp / deleteReply too (src/discord/rest/interaction-rest.ts).
  routeInteractionWebhooks(client.rest, interactionRest, callbackRest);
  const messageIds = new MessageIds(store);
  const publisher = new Publisher({ rest: client.rest, interactionRest, service, messageIds, registry, logger, budget: { gate: globalGate }, replays: new ReplayLoader(store),
    ...(config.activity ? { openTable: true } : {}),
    ...(opts.textBoards ? { textBoards: opts.textBoards } : {}),
    ...(opts.pingEditDelayMs !== undefined ? { pingEditDelayMs: opts.pingEditDelayMs } : {}),
    ...(opts.publishRetryMs !== undefined ? { retryMs: opts.publishRetryMs } : {}),
    ...(opts.boardTokenRefreshMs !== undefined ? { boardTokenRefreshMs: opts.boardTokenRefreshMs } : config.boardTokens === 'never' ? { boardTokenRefreshMs: Infinity } : {}),
    // Nothing that can only fail: what the bot may do in a channel, from discord.js's cache (src/discord/publish/channel-access.ts).
    permissionsIn: cachedPermissions(client),
  });
  service.addListener(publisher);
  // AI players move through the service after each change that leaves a decision to them.
  const botPolicy = opts.botPolicy ?? lazyPool();
  const botTurns = new BotTurns({ service, store, policy: botPolicy, logger, ...(serviceDeps.now ? { now: serviceDeps.now } : {}) });
  service.addListener(botTurns);
  // Turn-based tables: one ping per decision, one reminder, by DM or in the channel (README "Turn-based tables").
  const turnNotices = new TurnNotifier({ rest: client.rest, store, service, registry, logger, ...(serviceDeps.now ? { now: serviceDeps.now } : {}), ...(opts.shard ? { shard: opts.shard } : {}) });
  service.addListener(turnNotices);
  // Tournaments (docs/tournaments.md): their tables are opened through the table service, each in a thread of its own.
  const tournaments = new TournamentService({
    store,
    registry,
    tables: service,
    venues: new ThreadVenues(client.rest),
    logger,
    ...(serviceDeps.now ? { now: serviceDeps.now } : {}),
    // A tournament's seed (its pairing's draws) comes from the same source as the deals, so a test that fixes one fixes both.
    ...(serviceDeps.newSeed ? { newSeed: serviceDeps.newSeed } : {}),
    ...(opts.shard ? { shard: opts.shard } : {}),
  });
  // Its posts in the tournament's channel: each round's tables, the standings picture after every round.
  const tournamentPosts = new TournamentPosts({ rest: client.rest, registry, pictures: publisher.pictures, logger, textBoards: async (id) => (opts.textBoards?.guild(id) ?? false) || (await store.guildTextBoards(id)) });
  tournaments.addListener(tournamentPosts);
  const commands = buildCommands(registry);
  const platform = {
    commandGuildId: config.devGuildId,
    commandNames: commands.map((command) => command.name),
    restShare: config.restGlobalShare,
    restPerSecond: Math.max(1, Math.floor(DISCORD_GLOBAL_PER_SECOND * config.restGlobalShare)),
    apiUrl: config.discordApiUrl,
    restProxyUrl: config.restProxyUrl,
  };
  // The table as a Discord Activity (docs/activity.md): one more client of the tables, pushed after every commit like the boards.
  let activity: ActivityServer | null = null;
  let launches: Launches | null = null;
  if (config.activity) {
    const { clientSecret } = config.activity;
    launches = new Launches();
    const hub = new ActivityHub({ service, registry, logger, bots: botPolicy, ...(serviceDeps.now ? { now: serviceDeps.now } : {}) });
    service.addListener(hub);
    const applicationId = () => client.application?.id ?? client.user?.id ?? null;
    const discord = new DiscordOAuth({ apiBase: config.discordApiUrl ?? DISCORD_API_BASE, clientId: () => applicationId() ?? '', clientSecret, botToken: config.discordToken });
    activity = new ActivityServer({ hub, service, discord, clientId: applicationId, launches, logger });
  }
  const context: AppContext = { store, service, messageIds, registry, publisher, rest: client.rest, logger, turnNotices, tournaments, platform, bots: botPolicy, ...(launches ? { activity: { launches } } : {}) };
  const router = createRouter(context, commands);
  client.on(Events.InteractionCreate, (interaction) => void router(interaction));
  client.on(Events.Error, (err) => logger.error({ err }, 'discord client error'));
  client.on(Events.ShardDisconnect, (ev) => logger.warn({ code: ev.code }, 'gateway disconnected'));
  // A deleted board is posted again at once (docs/rate-limit.md): the raw dispatches, since
  // discord.js emits messageDelete only for messages it caches (it caches none here).
  client.ws.on(GatewayDispatchEvents.MessageDelete, (data: GatewayMessageDeleteDispatchData) => publisher.messageDeleted(data.channel_id, data.id));
  client.ws.on(GatewayDispatchEvents.MessageDeleteBulk, (data: GatewayMessageDeleteBulkDispatchData) => {
    for (const id of data.ids) publisher.messageDeleted(data.channel_id, id);
  });
  // A new gateway session (not a resume) may have missed deletions: boards are checked again on their next Refresh.
  client.on(Events.ShardReady, () => publisher.eventsMayBeMissed());
  // The bot removed from a server, a channel or thread deleted, a thread locked: its tables end (src/lifecycle.ts).
  const lifecycle = new Lifecycle({ client, service, logger, permissionsChanged: () => publisher.permissionsChanged() });
  lifecycle.watch();

  let stopped = false;
  let activityHttp: Server | null = null;
  return {
    context,
    client,
    lifecycle,
    commands,
    tournamentPosts,
    activity,
    async start() {
      const clock = serviceDeps.now ?? Date.now;
      const ready = new Promise<number>((resolve) => client.once(Events.ClientReady, () => resolve(clock())));
      // The render workers load while the bot logs in: the first pictures after a start are drawn warm.
      if (opts.warmPictures !== false) void context.publisher.pictures.warm();
      await client.login(config.discordToken);
      const readyAt = await ready;
      const appId = client.application?.id ?? client.user?.id;
      if (opts.registerCommands !== false && appId) {
        const route = config.devGuildId ? Routes.applicationGuildCommands(appId, config.devGuildId) : Routes.applicationCommands(appId);
        await client.rest.put(route, { body: commandBodies(commands) });
        logger.info({ count: commands.length, scope: config.devGuildId ? `guild ${config.devGuildId}` : 'global' }, 'commands registered');
      }
      // Tables whose server or channel went away while the bot was down end first: recovery never brings them back.
      const lost = await lifecycle.sweepAtStart();
      if (lost > 0) logger.info({ tables: lost }, 'tables whose server or channel is gone ended');
      // Deadlines re-armed (late ones extended), unpublished boards sent, due bot turns scheduled.
      const recovered = await recoverAtStart(
        service,
        botTurns,
        (change) => {
          publisher.tableChanged(change);
          turnNotices.tableChanged(change);
        },
        readyAt,
        // The open panels the previous process saved at its stop (docs/tables.md "Restarts"), taken once.
        async (tableIds) => publisher.panels.restore(await store.takePanelTokens(tableIds, publisher.panels.liveSince())),
      );
      // Reminders of turn-based tables still due, from their stored rows (no game state read).
      await turnNotices.resume();
      // Tournaments: half-opened rounds finished, tables that ended meanwhile recorded, round deadlines re-armed.
      await tournaments.recover(readyAt);
      // The Activity's web server, behind the HTTPS host its URL mapping names (docs/activity.md "Set up on Discord").
      if (activity && config.activity?.port != null) {
        activityHttp = await startActivityHttp(activity, config.activity.port, '127.0.0.1');
        logger.info({ port: config.activity.port }, 'activity server listening');
      }
      logger.info({ tables: recovered.tables.length, staleBoards: recovered.staleBoards, botTurns: recovered.botTurns, user: client.user?.tag }, 'ready');
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Bot turns and timers off; changes already running commit (their interactions get their answers).
      botTurns.stop();
      activity?.close();
      if (activityHttp) {
        const closing = new Promise<void>((resolve) => activityHttp!.close(() => resolve()));
        activityHttp.closeAllConnections();
        await closing;
      }
      await tournaments.stop();
      await service.deadlines.stop();
      // Let the last board edits reach Discord (bounded), then drop whatever is left: the
      // database is the truth and the next change redraws everything.
      await Promise.race([publisher.settled(), new Promise((resolve) => setTimeout(resolve, STOP_FLUSH_MS).unref())]);
      publisher.close();
      // The open panels' tokens, for the next process to redraw them (docs/tables.md "Restarts").
      await store.savePanelTokens(publisher.panels.saved()).catch((err: unknown) => logger.warn({ err }, 'open panels could not be saved'));
      await Promise.race([turnNotices.settled(), new Promise((resolve) => setTimeout(resolve, STOP_FLUSH_MS).unref())]);
      await Promise.race([tournamentPosts.settled(), new Promise((resolve) => setTimeout(resolve, STOP_FLUSH_MS).unref())]);
      turnNotices.close();
      await botTurns.settled();
      await botPolicy.close();
      globalGate.close();
      interactionRest.clearHashSweeper();
      interactionRest.clearHandlerSweeper();
      callbackRest.clearHashSweeper();
      callbackRest.clearHandlerSweeper();
      await client.destroy();
      await store.close();
    },
  };
}
