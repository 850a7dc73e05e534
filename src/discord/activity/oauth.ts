/**
 * What the Activity's server asks Discord (docs/activity.md "Sign-in"): the OAuth2 code the SDK's
 * `authorize` gave the app traded for an access token with the client secret
 * (discord-api-docs `developers/topics/oauth2.mdx` "Authorization Code Grant": `POST
 * /oauth2/token`, form-encoded `grant_type=authorization_code`, `code`, client id and secret),
 * the user behind that token (`GET /users/@me` with `Bearer`), and whether an Activity instance
 * is running and who is in it (`developers/resources/application.mdx` "Get Application Activity
 * Instance", with the bot token). The client secret and the bot token stay on the server.
 */

/** Discord's answer to a token exchange (the fields the Activity uses). */
export interface TokenGrant {
  accessToken: string;
  /** Seconds the token lives. */
  expiresIn: number;
  /** Space-separated scopes granted. */
  scope: string;
}

/** The user an access token belongs to (`identify` scope). */
export interface OAuthUser {
  id: string;
  username: string;
  globalName: string | null;
  /** The user's client language (Discord locale), when Discord says it. */
  locale: string | null;
}

/** A running Activity instance (discord-api-docs `developers/resources/application.mdx` "Activity Instance Object"). */
export interface ActivityInstance {
  instanceId: string;
  /** Where it runs: a guild channel (`gc`) or a private channel (`pc`). */
  location: { kind: string; channelId: string; guildId: string | null };
  /** Users connected to it now. */
  users: string[];
}

/** A refusal from Discord, said plainly (for the log and the Activity's sign-in message). */
export class OAuthError extends Error {
  constructor(
    /** HTTP status Discord answered (0: Discord could not be reached). */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

/** What the Activity's server asks Discord; tests may give their own. */
export interface ActivityDiscord {
  /** Trade an authorization code for an access token. Rejects with OAuthError. */
  exchangeCode(code: string): Promise<TokenGrant>;
  /** The user of an access token. Rejects with OAuthError (401: the token is not valid). */
  user(accessToken: string): Promise<OAuthUser>;
  /** The running instance `instanceId` of this application, or null when Discord knows none. Rejects with OAuthError. */
  instance(instanceId: string): Promise<ActivityInstance | null>;
}

/** Where and as whom the Activity's server talks to Discord. */
export interface DiscordOAuthOptions {
  /** REST base without version: DISCORD_API_URL, the emulator's, or `https://discord.com/api`. */
  apiBase: string;
  /** The application (client) id. */
  clientId: () => string;
  /** DISCORD_CLIENT_SECRET (never sent to the browser). */
  clientSecret: string;
  /** The bot token (the activity-instances route needs it). */
  botToken: string;
  /** Longest wait for one answer, ms (default 10 s). */
  timeoutMs?: number;
}

/** Discord's public REST base. */
export const DISCORD_API_BASE = 'https://discord.com/api';

/** The Activity's Discord client over HTTPS (Node's fetch). */
export class DiscordOAuth implements ActivityDiscord {
  constructor(private readonly opts: DiscordOAuthOptions) {}

  private url(path: string): string {
    return `${this.opts.apiBase.replace(/\/+$/, '')}/v10${path}`;
  }

  private async call(path: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> | null }> {
    let res: Response;
    try {
      res = await fetch(this.url(path), { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new OAuthError(0, `Discord could not be reached (${(err as Error).message})`);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, body };
  }

  async exchangeCode(code: string): Promise<TokenGrant> {
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, client_id: this.opts.clientId(), client_secret: this.opts.clientSecret });
    const { status, body } = await this.call('/oauth2/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    if (status !== 200 || typeof body?.access_token !== 'string') {
      // `invalid_grant`: the code was used or is too old; `invalid_client`: the client secret is wrong.
      throw new OAuthError(status, `the token exchange was refused (${status} ${String(body?.error ?? body?.message ?? '')})`.trim());
    }
    return { accessToken: body.access_token, expiresIn: Number(body.expires_in ?? 0), scope: String(body.scope ?? '') };
  }

  async user(accessToken: string): Promise<OAuthUser> {
    const { status, body } = await this.call('/users/@me', { headers: { authorization: `Bearer ${accessToken}` } });
    if (status !== 200 || typeof body?.id !== 'string') throw new OAuthError(status, `Discord did not say who signed in (${status})`);
    return {
      id: body.id,
      username: String(body.username ?? ''),
      globalName: typeof body.global_name === 'string' ? body.global_name : null,
      locale: typeof body.locale === 'string' ? body.locale : null,
    };
  }

  async instance(instanceId: string): Promise<ActivityInstance | null> {
    const { status, body } = await this.call(`/applications/${this.opts.clientId()}/activity-instances/${encodeURIComponent(instanceId)}`, {
      headers: { authorization: `Bot ${this.opts.botToken}` },
    });
    if (status === 404) return null;
    if (status !== 200 || !body) throw new OAuthError(status, `Discord did not say whether the Activity runs (${status})`);
    const location = (body.location ?? {}) as Record<string, unknown>;
    return {
      instanceId: String(body.instance_id ?? instanceId),
      location: { kind: String(location.kind ?? ''), channelId: String(location.channel_id ?? ''), guildId: typeof location.guild_id === 'string' ? location.guild_id : null },
      users: Array.isArray(body.users) ? body.users.map(String) : [],
    };
  }
}
