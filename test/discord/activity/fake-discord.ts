/**
 * Discord's side of the Activity's sign-in for server tests (src/discord/activity/oauth.ts
 * `ActivityDiscord`; docs/activity.md "Sign-in"): an authorization code is `code-<user id>` for a
 * user the test added, its access token `token-<user id>`; one instance per channel with its users.
 * A code or token for an unknown user is refused as Discord would (400 invalid_grant, 401).
 */
import { OAuthError, type ActivityDiscord, type ActivityInstance, type OAuthUser, type TokenGrant } from '../../../src/discord/activity/oauth.js';

/** Discord as the Activity's server sees it (see the file comment). */
export class FakeDiscord implements ActivityDiscord {
  readonly instances = new Map<string, ActivityInstance>();
  readonly users = new Map<string, OAuthUser>();
  async exchangeCode(code: string): Promise<TokenGrant> {
    const user = /^code-(\d+)$/.exec(code)?.[1];
    if (!user || !this.users.has(user)) throw new OAuthError(400, 'the token exchange was refused (400 invalid_grant)');
    return { accessToken: `token-${user}`, expiresIn: 604800, scope: 'identify' };
  }
  async user(accessToken: string): Promise<OAuthUser> {
    const user = this.users.get(accessToken.replace(/^token-/, ''));
    if (!user) throw new OAuthError(401, 'Discord did not say who signed in (401)');
    return user;
  }
  async instance(instanceId: string): Promise<ActivityInstance | null> {
    return this.instances.get(instanceId) ?? null;
  }
}
