/**
 * Public types of the local Discord emulator (see `index.ts`).
 */

/** A plain JSON object. */
import type { RequestKind } from './request-kind-names.js';
export type JsonObject = Record<string, unknown>;

/**
 * Discord's REST rate limits (see `rate-limits.ts`): per-channel message buckets, one per
 * method (create, edit), and the global limit on non-interaction routes.
 */
export interface RateLimitOptions {
  /** Message create / edit requests allowed per window, per channel and method. Default 5. */
  limit?: number;
  /** Per-channel window length in ms. Default 5000. */
  windowMs?: number;
  /** Requests per second on non-interaction routes (interaction callbacks and
   * `/webhooks/{app}/{token}/…` are exempt). Default 50 (Discord's); `false` = no global limit. */
  globalPerSecond?: number | false;
}

/** What the emulator forgets over long runs (see `EmulatorOptions.retention`). */
export interface RetentionOptions {
  /** Keep only the newest N entries of `requests` and `gatewayFrames` (older ones are dropped
   * in batches, so up to 2 N may be held). */
  log?: number;
  /**
   * Keep only each user's newest N interactions: older ones (once answered or timed out)
   * are forgotten with the ephemeral messages no kept interaction refers to. Their tokens
   * then answer 401 Invalid Webhook Token, as expired ones do on Discord.
   */
  interactionsPerUser?: number;
}

/** Options of `DiscordEmulator.start`. */
export interface EmulatorOptions {
  /** Time the bot has for the initial interaction callback. Default 3000 ms (Discord's 3 s). */
  ackTimeoutMs?: number;
  /** Lifetime of an interaction token for follow-ups / edits. Default 15 min. */
  tokenTtlMs?: number;
  /** Discord's rate limits: `true` = 5 message creates and 5 edits per 5 s per channel plus
   * the global 50 requests/s (interaction routes exempt). Off by default; see `setRateLimit`. */
  rateLimit?: boolean | RateLimitOptions;
  /**
   * Hold every edit of an interaction's message (`PATCH /webhooks/:app/:token/messages/:id`)
   * this long (ms) before applying and answering it, as when the bot's REST queue is backed
   * up; interaction callbacks are not held (they are not queued on Discord either). Default 0.
   */
  webhookEditDelayMs?: number;
  /** Gateway heartbeat interval sent in HELLO. Default 41250 ms. */
  heartbeatIntervalMs?: number;
  /**
   * The shard count GET /gateway/bot recommends. Default 1. Sessions that IDENTIFY with
   * `shard: [id, count]` get only their guilds' events, whatever this says (as on Discord).
   */
  shards?: number;
  /**
   * `session_start_limit.max_concurrency` of GET /gateway/bot: how many shards may IDENTIFY
   * per 5 s (discord-api-docs `developers/events/gateway.mdx` "Session Start Limit Object"; 1
   * for most bots, more for large ones). Default 1.
   */
  maxConcurrency?: number;
  /** Privileged intents enabled "in the developer portal" (bit mask). Default 0: asking for
   * GuildMembers, GuildPresences or MessageContent closes the gateway with 4014. */
  privilegedIntents?: number;
  /** Permissions of the bot in channels that do not set their own. Default: DEFAULT_BOT_PERMISSIONS
   * (README's invite: view, send, send in threads, embed links, attach files, read history). */
  botPermissions?: bigint;
  /** Name of the default guild. Default 'Emulated Guild'. */
  guildName?: string;
  /** Name of the default text channel. Default 'general'. */
  channelName?: string;
  /** Username of the bot. Default 'Red Herring'. */
  botName?: string;
  /**
   * Bound the emulator's memory over long runs (load benchmarks). Default: keep everything,
   * for tests to inspect.
   */
  retention?: RetentionOptions;
  /**
   * Most bytes kept for the files of all attachments together (served at
   * `GET /attachments/…`); beyond it the oldest are forgotten and their URLs answer 404.
   * Default 256 MiB. Each message keeps only its current attachments either way.
   */
  attachmentBytes?: number;
  /**
   * A folder that keeps the attachment files (one per attachment id, within `attachmentBytes`)
   * so they survive a restart from a saved world; files of attachments no restored message
   * holds are deleted at start. Default: none (memory only).
   */
  attachmentDir?: string;
  /** Log every request, gateway payload and violation: `true` writes to stderr, or pass a sink. */
  debug?: boolean | ((line: string) => void);
  /**
   * Activities are enabled for the application (Developer Portal → Activities; activities.ts):
   * interactions may be answered with LAUNCH_ACTIVITY (12). Default false, as for a new application.
   */
  activities?: boolean;
}

/** One HTTP request the emulator answered. */
export interface RecordedRequest {
  method: string;
  /** Path without query, percent-decoded segments, starting after `/api/v10`. */
  path: string;
  /** The matched route template, e.g. `POST /channels/:channel/messages` (or `?` if unknown). */
  route: string;
  query: Record<string, string>;
  status: number;
  /** Parsed JSON body (payload_json for multipart), or undefined. */
  body: unknown;
  /** JSON answer, or undefined for 204. */
  response: unknown;
  /** Date.now() when the request arrived. */
  time: number;
  /** What the request was for (request-kinds.ts), for a route the emulator knows. */
  kind?: RequestKind;
  /** Whether its route is bound to the bot's global limit (every route but the interaction routes). */
  globalRoute?: boolean;
}

/** One gateway payload sent or received (dispatch data omitted). */
export interface GatewayFrame {
  /** `in`: from the client; `out`: from the emulator. */
  dir: 'in' | 'out';
  /** Connection number (1, 2, … in order of connection). */
  connection: number;
  op: number;
  /** Dispatch event name (op 0). */
  t?: string;
  time: number;
}

/** Kinds of recorded violations (things Discord would reject or users would see fail). */
export type ViolationKind =
  | 'invalid-body'
  | 'unknown-route'
  | 'unauthorized'
  | 'ack-timeout'
  | 'gateway'
  /** An exception inside the emulator itself (a bug to fix here, not in the bot). */
  | 'internal';

/** A request or behaviour that real Discord would reject; tests assert the list stays empty. */
export interface Violation {
  kind: ViolationKind;
  message: string;
  method?: string;
  path?: string;
  route?: string;
  /** Discord-style nested `errors` object for invalid bodies. */
  errors?: JsonObject;
  /** The flat list of problems (`path: message`). */
  problems?: string[];
  body?: unknown;
  time: number;
}

/** A message as the Discord API returns it (snake_case JSON), plus emulator helpers. */
export interface EmulatedMessage {
  id: string;
  type: number;
  channel_id: string;
  author: JsonObject;
  content: string;
  embeds: JsonObject[];
  components: JsonObject[];
  attachments: JsonObject[];
  mentions: JsonObject[];
  mention_roles: string[];
  mention_everyone: boolean;
  pinned: boolean;
  tts: boolean;
  timestamp: string;
  edited_timestamp: string | null;
  flags: number;
  webhook_id?: string;
  application_id?: string;
  interaction_metadata?: JsonObject;
  interaction?: JsonObject;
  /** Set on replies (`message.reply`). */
  message_reference?: JsonObject;
  /** The bot's own reactions. */
  reactions?: JsonObject[];
  /** Emulator helper: flags & 64. */
  ephemeral: boolean;
  /** Emulator helper: ids of the only users who see it (ephemeral), or null for everyone. */
  visibleTo: string[] | null;
  /** Emulator helper: deleted (by the bot or `emu.deleteMessage`). */
  deleted: boolean;
  /** Emulator helper: the id of the interaction that created it, if any. */
  interactionId: string | null;
}

/** A component as found in a message, with where it sits. */
export interface FoundComponent {
  /** The component JSON (type, custom_id, label, options…). */
  component: JsonObject;
  type: number;
  customId: string | undefined;
  /** Button label, select placeholder, or text display content. */
  label: string | undefined;
  disabled: boolean;
  /** Index of the top-level component (action row / container) it belongs to. */
  row: number;
}

/** What a test can use to pick a component: its custom_id, its label, or a predicate. */
export type ComponentQuery = string | ((c: FoundComponent) => boolean);

/** Error the bot's interaction callback produced (or the timeout the user saw). */
export interface InteractionError {
  status: number;
  code: number;
  message: string;
}

/** A value a user types for a slash command option. */
export type OptionValue = string | number | boolean | { id: string };
