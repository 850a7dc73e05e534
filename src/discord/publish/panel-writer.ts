/**
 * One ordered writer per private panel message (README "Architecture", the publisher): a
 * panel never goes back in time. The bot writes a panel two ways — the publisher edits it
 * through an interaction token (a webhook edit, which waits in discord.js's REST queue), and
 * a click on it is answered in place (an interaction callback, which is not queued) — so
 * without care an older edit can land after a newer answer. Here every write to a message
 * waits for the one before it, a waiting write is replaced by a newer one (only the newest
 * version is ever sent), and no write older than what the message already shows is sent.
 *
 * The player's own look of the panel (README "Pictures": 📝 Text version / 🖼️ Pictures) is a
 * newer version too: a switch starts a new *look* of the message (`changeLook`), and a write
 * drawn for an older look — a picture still on its way when the player asked for text — is
 * never sent after it. Writes that read the player's choice when they are sent (the
 * publisher's refreshes) carry no look and are never dropped for one.
 */
import type { Logger } from '../../logger.js';

/** Write state of one panel message. */
interface MessageWrites {
  /** The newest table version sent to (or being sent to) the message; 0 = unknown. */
  version: number;
  /** Writes on their way (more than one only for answers to clicks of the same version). */
  inFlight: number;
  /** Every write on its way is an interaction callback (not held in the REST queue). */
  callbacksOnly: boolean;
  /** The newest write waiting for those on their way (older waiting writes were dropped). */
  next: { version: number; send: () => Promise<unknown>; look: number | undefined } | null;
  /** Nobody tracks the message any more: drop this state once the writes are done. */
  forgotten: boolean;
  /** The message's look: bumped by every switch between pictures and text (`changeLook`). */
  look: number;
  /**
   * Fingerprint of what the newest write sent shows (`panelFingerprint`: the note of a click
   * and the version in the Refresh id left out), if known: a redraw that looks the same is not sent.
   */
  content?: string;
}

/** How a click on a panel can be answered. */
export interface PanelClickAnswer {
  /** Answer in place with the new panel (interaction callback "update message"). */
  update(): Promise<unknown>;
  /** Acknowledge without changing the message (callback "deferred update"). */
  defer(): Promise<unknown>;
  /** Edit the message through the click's own token, after acknowledging it. */
  edit(): Promise<unknown>;
}

/** Orders the writes to every private panel message. */
export class PanelWriter {
  private readonly messages = new Map<string, MessageWrites>();
  private readonly idle: (() => void)[] = [];

  constructor(private readonly log: Logger) {}

  /**
   * Answer a click on panel message `messageId` with the panel drawn at table `version`:
   * in place when nothing is being written to the message (or only other click answers of
   * the same version, e.g. a double click); otherwise acknowledge at once (Discord's 3 s)
   * and edit the message after the writes before it — unless the message already shows a
   * newer version. `content` gives the fingerprint of the answer (`panelFingerprint`), asked
   * for once the answer is on its way. `inPlace` false (the answer's picture is still being
   * drawn, README "Pictures") always acknowledges first and edits. `look`: the look the
   * answer is drawn for (`lookOf` / `changeLook`; undefined: any). Rejects when the
   * acknowledgement itself fails.
   */
  async answerClick(messageId: string, version: number, answer: PanelClickAnswer, content?: () => string, inPlace = true, look?: number): Promise<void> {
    const writes = this.writesOf(messageId);
    const free = !inPlace ? false : writes.inFlight === 0 ? version >= writes.version : writes.callbacksOnly && !writes.next && version === writes.version;
    if (free) {
      writes.version = version;
      writes.content = undefined;
      writes.inFlight += 1;
      try {
        await answer.update();
        // After the callback: nothing that can wait runs before it.
        writes.content = content?.();
      } finally {
        this.done(messageId, writes);
      }
      return;
    }
    await answer.defer();
    this.write(
      messageId,
      version,
      () => {
        writes.content = content?.();
        return answer.edit();
      },
      true,
      undefined,
      look,
    );
  }

  /**
   * The player switched message `messageId` between pictures and text: a new look starts, and
   * writes drawn for an older one (waiting now, or asked for later) are never sent. Returns
   * the new look, for the writes drawn for it.
   */
  changeLook(messageId: string): number {
    const writes = this.writesOf(messageId);
    writes.look += 1;
    if (writes.next && writes.next.look !== undefined && writes.next.look < writes.look) writes.next = null;
    return writes.look;
  }

  /** The current look of message `messageId` (see `changeLook`). */
  lookOf(messageId: string): number {
    return this.messages.get(messageId)?.look ?? 0;
  }

  /**
   * Send `send()` (an edit drawn at table `version`) to message `messageId` once the write
   * before it is done; dropped when the message shows (or will show) `version` or newer —
   * or the same version, when `sameVersion` is false, or drawn for an older `look` than the
   * message's (undefined: drawn when sent, for whatever look is current then). Errors are
   * logged; `onError` runs.
   */
  write(messageId: string, version: number, send: () => Promise<unknown>, sameVersion = false, onError?: (err: unknown) => void, look?: number): void {
    const writes = this.writesOf(messageId);
    if (look !== undefined && look < writes.look) return;
    const newest = Math.max(writes.version, writes.next?.version ?? 0);
    if (version < newest || (version === newest && !sameVersion)) return;
    const guarded = () =>
      send().catch((err: unknown) => {
        this.log.debug({ err, message: messageId }, 'panel write failed');
        onError?.(err);
      });
    if (writes.inFlight > 0) {
      writes.next = { version, send: guarded, look };
      return;
    }
    this.start(messageId, writes, version, guarded);
  }

  /**
   * Note that a new message (a panel just sent as a reply) shows table `version`, looking
   * like `content` (its fingerprint) when given.
   */
  shown(messageId: string, version: number, content?: string): void {
    const writes = this.writesOf(messageId);
    if (version >= writes.version && content !== undefined) writes.content = content;
    writes.version = Math.max(writes.version, version);
  }

  /** The fingerprint of what message `messageId` shows (or the write on its way will show), if known. */
  contentOf(messageId: string): string | undefined {
    return this.messages.get(messageId)?.content;
  }

  /** Whether message `messageId` shows something already: a write went through, none is on its way or waiting. */
  hasShown(messageId: string): boolean {
    const writes = this.messages.get(messageId);
    return writes !== undefined && writes.content !== undefined && writes.inFlight === 0 && !writes.next;
  }

  /** From inside a write as it is sent: the message will show `content` (a fingerprint). */
  showing(messageId: string, content: string): void {
    const writes = this.messages.get(messageId);
    if (writes) writes.content = content;
  }

  /** Forget a message nobody tracks any more (its write state goes once its writes are done). */
  forget(messageId: string): void {
    const writes = this.messages.get(messageId);
    if (!writes) return;
    if (writes.inFlight > 0 || writes.next) writes.forgotten = true;
    else this.messages.delete(messageId);
  }

  /** True when no write is on its way or waiting. */
  get isIdle(): boolean {
    for (const writes of this.messages.values()) if (writes.inFlight > 0 || writes.next) return false;
    return true;
  }

  /** Resolves when no write is on its way or waiting. */
  async settled(): Promise<void> {
    if (this.isIdle) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private writesOf(messageId: string): MessageWrites {
    let writes = this.messages.get(messageId);
    if (!writes) {
      writes = { version: 0, inFlight: 0, callbacksOnly: true, next: null, forgotten: false, look: 0 };
      this.messages.set(messageId, writes);
    }
    return writes;
  }

  private start(messageId: string, writes: MessageWrites, version: number, send: () => Promise<unknown>): void {
    writes.version = Math.max(writes.version, version);
    writes.inFlight += 1;
    writes.callbacksOnly = false;
    void send().finally(() => this.done(messageId, writes));
  }

  /** A write finished: when none is left on its way, send the newest waiting one. */
  private done(messageId: string, writes: MessageWrites): void {
    writes.inFlight -= 1;
    if (writes.inFlight > 0) return;
    writes.callbacksOnly = true;
    const next = writes.next;
    writes.next = null;
    if (next && next.version >= writes.version && (next.look === undefined || next.look >= writes.look)) {
      this.start(messageId, writes, next.version, next.send);
      return;
    }
    if (writes.forgotten) this.messages.delete(messageId);
    // Scanning every message is only worth it when someone waits for the writer to be idle.
    if (this.idle.length > 0 && this.isIdle) for (const resolve of this.idle.splice(0)) resolve();
  }
}
