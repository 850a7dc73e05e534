/**
 * Who is signed in to the Activity, and which table a launch asked for (docs/activity.md
 * "Sign-in" and "Which table"). A session is made only after the server itself learned the
 * user from Discord (the access token's `/users/@me`) and checked the Activity instance
 * (`activity-instances`: it runs, in this channel, with this user in it); its opaque token is
 * what the page sends with every request and over its WebSocket. Kept in memory, bounded: after
 * a restart the page signs in again by itself.
 */
import { randomBytes } from 'node:crypto';

/** A signed-in user of one Activity instance. */
export interface Session {
  /** The opaque token the page holds (32 random bytes, base64url). */
  token: string;
  userId: string;
  /** Display name (Discord global name, else username). */
  name: string;
  /** The user's Discord client language (from `/users/@me`), e.g. `es-ES`. */
  locale: string | null;
  /** The Activity instance the user was checked in. */
  instanceId: string;
  /** Where the instance runs (from Discord, not from the page). */
  guildId: string | null;
  channelId: string;
  /** `custom_id` of the launch (a shared link may name a table: `table-<id>`), or null. */
  customId: string | null;
  /** Unix ms after which the session is refused. */
  expiresAt: number;
}

/** How long a session lives at most, ms (the page signs in again after). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Sessions kept at most (the oldest are forgotten first). */
export const MAX_SESSIONS = 20_000;
/** How long the table a launch named is remembered for its user and channel, ms. */
export const LAUNCH_TTL_MS = 15 * 60 * 1000;
/** Launches remembered at most. */
export const MAX_LAUNCHES = 20_000;

/** The signed-in users. */
export class Sessions {
  private readonly byToken = new Map<string, Session>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Start a session (its token is new); the oldest is forgotten beyond MAX_SESSIONS. */
  open(fields: Omit<Session, 'token' | 'expiresAt'>, ttlMs = SESSION_TTL_MS): Session {
    const session: Session = { ...fields, token: randomBytes(32).toString('base64url'), expiresAt: this.now() + ttlMs };
    this.byToken.set(session.token, session);
    while (this.byToken.size > MAX_SESSIONS) this.byToken.delete(this.byToken.keys().next().value!);
    return session;
  }

  /** The live session of `token`, or null (unknown, or expired: then forgotten). */
  get(token: unknown): Session | null {
    if (typeof token !== 'string' || token.length > 100) return null;
    const session = this.byToken.get(token);
    if (!session) return null;
    if (session.expiresAt <= this.now()) {
      this.byToken.delete(token);
      return null;
    }
    return session;
  }

  /** Sessions held (tests, bench). */
  get size(): number {
    return this.byToken.size;
  }
}

/**
 * Which table a user's launch was for: the board's **Open table** button (or `/table open`)
 * remembers the table it was clicked on, per user and channel, for LAUNCH_TTL_MS — the
 * Activity Discord then opens in that channel shows that table, even one that has just ended.
 */
export class Launches {
  private readonly tables = new Map<string, { tableId: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Remember that `userId` opened table `tableId` in `channelId`. */
  remember(userId: string, channelId: string, tableId: number): void {
    const key = `${userId}:${channelId}`;
    this.tables.delete(key);
    this.tables.set(key, { tableId, at: this.now() });
    while (this.tables.size > MAX_LAUNCHES) this.tables.delete(this.tables.keys().next().value!);
  }

  /** The table `userId` last opened in `channelId` within LAUNCH_TTL_MS, or null. */
  tableOf(userId: string, channelId: string): number | null {
    const entry = this.tables.get(`${userId}:${channelId}`);
    if (!entry || this.now() - entry.at > LAUNCH_TTL_MS) return null;
    return entry.tableId;
  }
}

/** The table a launch's `custom_id` names (`table-<id>`, as the Activity's shared links write it), or null. */
export function tableOfCustomId(customId: string | null): number | null {
  const m = customId ? /^table-([1-9][0-9]{0,9})$/.exec(customId) : null;
  return m ? Number(m[1]) : null;
}
