/**
 * Discord's side of Activities, emulated (docs/activity.md "Tested offline"): what an app with
 * Activities enabled gets from Discord, so the bot's Activity server and the real Embedded App
 * SDK can be run against it.
 *
 * - Launching: an interaction answered with callback type 12 `LAUNCH_ACTIVITY` (discord-api-docs
 *   `developers/interactions/receiving-and-responding.mdx` "Interaction Callback Type": "Only
 *   available for apps with Activities enabled") starts an instance in the interaction's channel,
 *   or adds the user to the one running there ("Instance ID of the Activity if one was launched
 *   or joined"); with `?with_response=true` the answer carries `resource.activity_instance.id`.
 *   An application without Activities gets 400 / 50039 Invalid Activity Action
 *   (`developers/topics/opcodes-and-status-codes.mdx` "JSON Error Codes").
 * - Instances: `GET /applications/{app}/activity-instances/{instance}` with the bot token
 *   (`developers/resources/application.mdx` "Get Application Activity Instance": the instance
 *   object, 404 when none); an instance ends when its last user leaves
 *   (`developers/activities/development-guides/multiplayer-experience.mdx` "Semantics of instanceId").
 * - OAuth2: the SDK's `authorize` gives a code (what the client does for the user, see
 *   `authorize` below); `POST /oauth2/token` trades it, form-encoded with the client id and
 *   secret (`developers/topics/oauth2.mdx` "Authorization Code Grant", the Activity sample in
 *   `developers/activities/building-an-activity.mdx`): a code works once, within 10 minutes;
 *   `GET /users/@me` with `Bearer <access token>` is that user (with `locale`, scope identify);
 *   the SDK's `authenticate` takes the access token back.
 */
import { randomBytes } from 'node:crypto';
import type { JsonObject } from './types.js';

/** What the Activities side needs of the emulator's state (state.ts `EmulatorState`; kept apart, no import cycle). */
export interface ActivitiesHost {
  readonly applicationId: string;
  readonly users: ReadonlyMap<string, { locale: string }>;
  readonly opts: { botName: string };
  userJson(id: string): JsonObject;
  now(): number;
  changed(): void;
}

/** The interaction that launches (state.ts `InteractionRecord`'s fields used here). */
export interface LaunchingInteraction {
  id: string;
  guildId: string;
  channelId: string;
  userId: string;
}

/** A token exchange's answer: status and JSON body, with what the emulator logs as a violation. */
export interface ExchangeAnswer {
  status: number;
  body: JsonObject;
  violation?: { kind: 'unauthorized'; message: string };
}

/** One running Activity instance. */
export interface ActivityInstanceRecord {
  instanceId: string;
  /** The interaction that launched it. */
  launchId: string;
  guildId: string;
  channelId: string;
  /** Users connected now (an instance with none has ended). */
  users: Set<string>;
}

/** How long an authorization code may be traded, ms. */
export const OAUTH_CODE_TTL_MS = 10 * 60_000;
/** How long an access token lives, seconds (Discord's answer says 604800: 7 days). */
export const OAUTH_TOKEN_TTL_S = 604_800;

/** A refusal of the SDK's commands, as the client's RPC answers them (code and message). */
export interface RpcRefusal {
  code: number;
  message: string;
}

/** The Activities side of one emulated Discord. */
export class EmulatedActivities {
  /** The application's OAuth2 client secret (given to the bot's Activity server; never to a page). */
  readonly clientSecret = randomBytes(24).toString('base64url');
  /** Running instances by id. */
  readonly instances = new Map<string, ActivityInstanceRecord>();
  /** Users who authorized the application, with the scopes they granted ("Authorize" was clicked once). */
  readonly authorized = new Map<string, Set<string>>();
  private readonly codes = new Map<string, { userId: string; scopes: string[]; expiresAt: number }>();
  private readonly tokens = new Map<string, { userId: string; scopes: string[]; expiresAt: number }>();

  constructor(
    private readonly state: ActivitiesHost,
    /** Activities are enabled for the application (Developer Portal → Activities). */
    public enabled: boolean,
  ) {}

  /** The instance running in `channelId`, if any. */
  inChannel(channelId: string): ActivityInstanceRecord | undefined {
    for (const instance of this.instances.values()) if (instance.channelId === channelId && instance.users.size > 0) return instance;
    return undefined;
  }

  /** Start (or join) the channel's instance for the user of interaction `i` (callback 12). Returns its id. */
  launch(i: LaunchingInteraction): string {
    const running = this.inChannel(i.channelId);
    if (running) {
      running.users.add(i.userId);
      return running.instanceId;
    }
    // Discord's form: i-<launch id>-gc-<guild id>-<channel id>.
    const instanceId = `i-${i.id}-gc-${i.guildId}-${i.channelId}`;
    this.instances.set(instanceId, { instanceId, launchId: i.id, guildId: i.guildId, channelId: i.channelId, users: new Set([i.userId]) });
    this.state.changed();
    return instanceId;
  }

  /** `userId` closed the Activity: the instance ends with its last user. */
  leave(userId: string, instanceId: string): void {
    const instance = this.instances.get(instanceId);
    if (!instance) return;
    instance.users.delete(userId);
    if (instance.users.size === 0) this.instances.delete(instanceId);
    this.state.changed();
  }

  /**
   * The SDK's `authorize` for `userId` (the client asks the user in a dialog the first time; the
   * caller shows it and calls this once they accept): a one-time code, or why not.
   */
  authorize(userId: string, clientId: string, scopes: string[]): { code: string } | RpcRefusal {
    if (clientId !== this.state.applicationId) return { code: 4007, message: 'Invalid client id' };
    if (!this.state.users.has(userId)) return { code: 4010, message: 'Invalid user' };
    if (scopes.length === 0) return { code: 4000, message: 'Invalid payload: no scope' };
    const granted = this.authorized.get(userId) ?? new Set<string>();
    for (const scope of scopes) granted.add(scope);
    this.authorized.set(userId, granted);
    const code = randomBytes(20).toString('base64url');
    this.codes.set(code, { userId, scopes, expiresAt: this.state.now() + OAUTH_CODE_TTL_MS });
    return { code };
  }

  /** Whether `userId` already authorized every one of `scopes` (the client skips the dialog then). */
  hasAuthorized(userId: string, scopes: string[]): boolean {
    const granted = this.authorized.get(userId);
    return Boolean(granted && scopes.every((s) => granted.has(s)));
  }

  /** The SDK's `authenticate`: the access token's user, scopes and expiry, and the application; or why not. */
  authenticate(accessToken: string): JsonObject | RpcRefusal {
    const token = this.tokens.get(accessToken);
    if (!token || token.expiresAt <= this.state.now()) return { code: 4009, message: 'Invalid token' };
    const user = this.state.userJson(token.userId);
    return {
      access_token: accessToken,
      user: { username: user.username, discriminator: user.discriminator, id: user.id, avatar: null, public_flags: 0, global_name: user.global_name },
      scopes: token.scopes,
      expires: new Date(token.expiresAt).toISOString(),
      application: { description: '', icon: null, id: this.state.applicationId, rpc_origins: [], name: this.state.opts.botName },
    };
  }

  /** The user of `Authorization: Bearer <token>`, or null. */
  userOfBearer(authorization: string | undefined): string | null {
    const m = authorization ? /^Bearer (\S+)$/.exec(authorization) : null;
    const token = m ? this.tokens.get(m[1]!) : undefined;
    return token && token.expiresAt > this.state.now() ? token.userId : null;
  }

  /** `POST /oauth2/token` (authorization_code grant): the form `body` and the Authorization header. */
  exchange(form: unknown, authorization: string | undefined): ExchangeAnswer {
    const body = (form ?? {}) as Record<string, unknown>;
    const basic = authorization && /^Basic (\S+)$/.exec(authorization);
    const [basicId, basicSecret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
    const clientId = String(body.client_id ?? basicId ?? '');
    const secret = String(body.client_secret ?? basicSecret ?? '');
    if (clientId !== this.state.applicationId || secret !== this.clientSecret) return { status: 401, body: { error: 'invalid_client' }, violation: { kind: 'unauthorized', message: 'POST /oauth2/token with a wrong client id or secret' } };
    if (body.grant_type !== 'authorization_code') return { status: 400, body: { error: 'unsupported_grant_type' } };
    const code = typeof body.code === 'string' ? this.codes.get(body.code) : undefined;
    if (!code || code.expiresAt <= this.state.now()) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' } };
    this.codes.delete(String(body.code));
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, { userId: code.userId, scopes: code.scopes, expiresAt: this.state.now() + OAUTH_TOKEN_TTL_S * 1000 });
    return { status: 200, body: { access_token: accessToken, token_type: 'Bearer', expires_in: OAUTH_TOKEN_TTL_S, refresh_token: randomBytes(24).toString('base64url'), scope: code.scopes.join(' ') } };
  }

  /** The instance object of `GET /applications/{app}/activity-instances/{instance}`. */
  instanceJson(instance: ActivityInstanceRecord): JsonObject {
    return {
      application_id: this.state.applicationId,
      instance_id: instance.instanceId,
      launch_id: instance.launchId,
      location: { id: `gc-${instance.guildId}-${instance.channelId}`, kind: 'gc', channel_id: instance.channelId, guild_id: instance.guildId },
      users: [...instance.users],
    };
  }
}
