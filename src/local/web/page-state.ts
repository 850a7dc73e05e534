/**
 * What the page remembers per simulated user besides Discord's own world: which ephemeral
 * messages they dismissed ("Dismiss message"), up to which message they have read each
 * channel (for unread ping badges), and whose client language is settled (taken from the first
 * browser that looked through them, or chosen on their member card — README "Quick start").
 * Saved inside the world file (`extras`).
 */
import { z } from 'zod';

const schema = z.object({
  dismissed: z.record(z.string(), z.array(z.string())).default({}),
  read: z.record(z.string(), z.record(z.string(), z.string())).default({}),
  languageSettled: z.array(z.string()).default([]),
});

/** The JSON form stored in the world file. */
export type PageStateJson = z.infer<typeof schema>;

/** Dismissed ephemerals and read markers, per user id. */
export class PageState {
  private readonly dismissed = new Map<string, Set<string>>();
  private readonly read = new Map<string, Map<string, bigint>>();
  private readonly languageSettled = new Set<string>();

  /** Restore from the world file's `extras` (anything unreadable starts empty). */
  static from(extras: unknown): PageState {
    const state = new PageState();
    const parsed = schema.safeParse(extras ?? {});
    if (!parsed.success) return state;
    for (const [user, ids] of Object.entries(parsed.data.dismissed)) state.dismissed.set(user, new Set(ids));
    for (const user of parsed.data.languageSettled) state.languageSettled.add(user);
    for (const [user, channels] of Object.entries(parsed.data.read)) {
      state.read.set(user, new Map(Object.entries(channels).flatMap(([c, id]) => (/^\d+$/.test(id) ? [[c, BigInt(id)] as const] : []))));
    }
    return state;
  }

  /** Hide an ephemeral message from its owner's view. */
  dismiss(userId: string, messageId: string): void {
    let set = this.dismissed.get(userId);
    if (!set) this.dismissed.set(userId, (set = new Set()));
    set.add(messageId);
  }

  /** True when `userId` dismissed `messageId`. */
  isDismissed(userId: string, messageId: string): boolean {
    return this.dismissed.get(userId)?.has(messageId) ?? false;
  }

  /** True when the message was dismissed by anyone (ephemerals have one owner). */
  dismissedByAnyone(messageId: string): boolean {
    for (const set of this.dismissed.values()) if (set.has(messageId)) return true;
    return false;
  }

  /** Record that `userId` has read `channelId` up to `messageId`; returns true when the marker moved. */
  markRead(userId: string, channelId: string, messageId: string): boolean {
    let map = this.read.get(userId);
    if (!map) this.read.set(userId, (map = new Map()));
    const id = BigInt(messageId);
    if ((map.get(channelId) ?? 0n) >= id) return false;
    map.set(channelId, id);
    return true;
  }

  /** The newest message id `userId` has read in `channelId` (0n when none). */
  lastRead(userId: string, channelId: string): bigint {
    return this.read.get(userId)?.get(channelId) ?? 0n;
  }

  /**
   * Note that `userId`'s client language is settled (a browser's language was taken, or it was
   * chosen on the member card): later browsers no longer change it. True when it was not before.
   */
  settleLanguage(userId: string): boolean {
    if (this.languageSettled.has(userId)) return false;
    this.languageSettled.add(userId);
    return true;
  }

  /** Whether `userId`'s client language is settled (see `settleLanguage`). */
  languageIsSettled(userId: string): boolean {
    return this.languageSettled.has(userId);
  }

  /** Forget dismissals of messages that no longer exist. */
  prune(exists: (messageId: string) => boolean): void {
    for (const set of this.dismissed.values()) for (const id of set) if (!exists(id)) set.delete(id);
  }

  /** The JSON form for the world file. */
  toJSON(): PageStateJson {
    return {
      dismissed: Object.fromEntries([...this.dismissed].map(([u, s]) => [u, [...s]])),
      read: Object.fromEntries([...this.read].map(([u, m]) => [u, Object.fromEntries([...m].map(([c, id]) => [c, id.toString()]))])),
      languageSettled: [...this.languageSettled],
    };
  }
}
