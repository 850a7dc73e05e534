/**
 * The open private panels (docs/architecture.md §5): each player's newest panel of a table,
 * with the interaction token that can edit it (valid 15 minutes; docs/discord.md §2), redrawn
 * after every change through the panel writer (./panel-writer.ts: in order per message, never
 * older than what it shows, not sent when it would look the same) on the interaction REST
 * client, outside the global limit.
 */
import { MessageFlags, Routes, type REST } from 'discord.js';
import type { GameModule } from '../../games/module.js';
import type { GameRegistry } from '../../games/registry.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import type { Logger } from '../../logger.js';
import type { PanelTokenRow, SeatRow } from '../../persistence/store/types.js';
import { viewerSeatOf } from '../../tables/policy.js';
import type { TableSnapshot } from '../../tables/types.js';
import type { MessagePicture, PictureMaker } from '../pictures/index.js';
import type { RequestBody } from '../render/message-body.js';
import { requestBody } from '../render/message-body.js';
import { panelFingerprint, panelMessage } from '../render/panel.js';
import { editWebhookMessage, type InteractionToken } from '../rest/requests.js';
import type { PanelWriter } from './panel-writer.js';

/** A panel interaction token is refreshed only while younger than this (Discord: 15 min), in ms. */
export const PANEL_TOKEN_TTL_MS = 14 * 60 * 1000;

/**
 * Panel refreshes on their way at once, at most: the rest wait their turn (in order), so a
 * burst of redraws neither opens a connection per request nor crowds out click answers.
 */
export const PANEL_REFRESHES_IN_FLIGHT = 8;

/** A player's private panel, with the interaction token that can edit it. */
interface LivePanel {
  /** Id of the panel message. */
  messageId: string;
  /** The application and interaction token of the webhook route that edits it. */
  applicationId: string;
  token: string;
  /** When the token was issued (Unix ms). */
  since: number;
  /** The Discord locale of the player who opened it (`interaction.locale`): redraws keep their language. */
  locale: string;
  /**
   * Which of the token's messages the panel is: `@original` (the click's answer), or the id
   * of a follow-up (a panel sent after a deferred update of the board, whose `@original` is the board).
   */
  messageRef: string;
}

/** What the panels need of the running bot. */
export interface LivePanelsDeps {
  /** The REST client of interaction-webhook routes. */
  interactionRest: REST;
  registry: GameRegistry;
  logger: Logger;
  now: () => number;
  pictures: PictureMaker;
  /** True when a seated player's panel is drawn as text (README "Pictures"; their seat row carries their setting). */
  textPanels: (seat: SeatRow) => boolean;
}

/** The look of a restored panel (`restore`): shown, but like no panel drawn here. */
const RESTORED = 'restored by a restart';

/** How long a kept note (`keepNote`: the first-table note) stays on a panel the bot redraws, ms. */
export const KEPT_NOTE_MS = 3 * 60_000;

/** How many 50 ms steps `notePrivately` waits for a panel still "thinking…" (5 s). */
const NOTE_WAIT_STEPS = 100;

/** The open panels of the tables this process publishes, by table and player. */
export class LivePanels {
  private readonly panels = new Map<string, LivePanel>();
  /** Notes kept on a player's panel when the bot redraws it (`keepNote`), until their time is up. */
  private readonly kept = new Map<string, { note: string; until: number }>();
  /** Refreshes on their way, and those waiting for one of them to finish. */
  private inFlight = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly deps: LivePanelsDeps,
    /** Orders every write to a panel message (edits from here, click answers from the router). */
    readonly writer: PanelWriter,
  ) {}

  /** Refreshes waiting for a free place (PANEL_REFRESHES_IN_FLIGHT). */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Remember that message `messageId`, which the interaction `token` of application
   * `applicationId` can edit, is `userId`'s panel for `tableId`, opened in Discord locale
   * `locale` (redraws keep that language) (the player's newest one:
   * older panels are no longer redrawn). It is redrawn only when the table moves past the
   * version it shows and its content changes, so the one-line note of a click survives until
   * something new happens.
   */
  track(tableId: number, userId: string, messageId: string, interaction: { applicationId: string; token: string; locale: string }, followUp = false): void {
    const key = `${tableId}:${userId}`;
    const before = this.panels.get(key);
    if (before && before.messageId !== messageId) this.writer.forget(before.messageId);
    const messageRef = followUp ? messageId : '@original';
    this.panels.set(key, { messageId, applicationId: interaction.applicationId, token: interaction.token, since: this.deps.now(), locale: interaction.locale, messageRef });
  }

  /**
   * Keep `note` (markdown, in the panel's language) on `userId`'s panel at `tableId` when the bot
   * redraws it for the next `forMs` ms (default KEPT_NOTE_MS): a seat's first-table note
   * (docs/lessons.md "First table of a game") is shown once, and a bot's move a second later
   * must not take it away before it is read. The player's own next click answers without it.
   */
  keepNote(tableId: number, userId: string, note: string, forMs = KEPT_NOTE_MS): void {
    this.kept.set(`${tableId}:${userId}`, { note, until: this.deps.now() + forMs });
  }

  /** Drop the note kept on `userId`'s panel at `tableId`: the player clicked (their answer shows what it shows). */
  dropNote(tableId: number, userId: string): void {
    this.kept.delete(`${tableId}:${userId}`);
  }

  /**
   * The open panels whose token still lives, as rows to save at a graceful stop (docs/tables.md
   * "Restarts"): the next process redraws them (`restore`) when their table changes — e.g. a
   * decision whose deadline passed while the bot was down.
   */
  saved(): PanelTokenRow[] {
    const now = this.deps.now();
    const rows: PanelTokenRow[] = [];
    for (const [key, live] of this.panels) {
      if (now - live.since > PANEL_TOKEN_TTL_MS) continue;
      const [tableId, userId] = key.split(':') as [string, string];
      rows.push({ tableId: Number(tableId), userId, messageId: live.messageId, applicationId: live.applicationId, token: live.token, issuedAt: live.since, locale: live.locale, messageRef: live.messageRef });
    }
    return rows;
  }

  /** Tokens issued at or before this moment (Unix ms, this clock) no longer edit their panels: `restore` skips them. */
  liveSince(): number {
    return this.deps.now() - PANEL_TOKEN_TTL_MS;
  }

  /**
   * Track again the panels a previous process saved (`saved`), at start-up before the late
   * tables are published. A player's panel tracked meanwhile (a click during the start) is
   * newer and kept. The restored messages count as shown (something is on screen), with a
   * look unknown: the next refresh redraws them.
   */
  restore(rows: readonly PanelTokenRow[]): void {
    const since = this.liveSince();
    for (const row of rows) {
      const key = `${row.tableId}:${row.userId}`;
      if (this.panels.has(key) || row.issuedAt <= since) continue;
      this.panels.set(key, { messageId: row.messageId, applicationId: row.applicationId, token: row.token, since: row.issuedAt, locale: row.locale, messageRef: row.messageRef });
      this.writer.shown(row.messageId, 0, RESTORED);
    }
  }

  /**
   * Tell `userId` something about table `tableId` privately (`content` in the language their
   * panel was opened in): an ephemeral follow-up through the token of their open panel, while
   * it lives (an interaction route: no channel permission needed, outside the global limit).
   * Resolves false when they have no live panel (they read it on their panel when they open it:
   * src/discord/interactions/panels.ts) or Discord refused (logged).
   */
  async notePrivately(tableId: number, userId: string, content: (text: Catalog) => string): Promise<boolean> {
    const live = this.panels.get(`${tableId}:${userId}`);
    if (!live || this.deps.now() - live.since > PANEL_TOKEN_TTL_MS) return false;
    // A panel still "thinking…" (a deferred reply waiting for its picture, nothing shown yet):
    // the first follow-up would fill in that very message, and the panel's edit then write over
    // the note. Wait until the panel is shown and no write to it is on its way (at most
    // NOTE_WAIT_STEPS × 50 ms); still not: not sent.
    for (let step = 0; !this.writer.hasShown(live.messageId); step++) {
      if (step >= NOTE_WAIT_STEPS) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    try {
      const body = { content: content(catalogFor(live.locale)), flags: MessageFlags.Ephemeral, allowed_mentions: { parse: [] } };
      await this.deps.interactionRest.post(Routes.webhook(live.applicationId, live.token), { body, auth: false });
      return true;
    } catch (err) {
      this.deps.logger.debug({ err, table: tableId }, 'a private note could not be sent');
      return false;
    }
  }

  /**
   * Edit a panel message through an interaction token (`PATCH /webhooks/{app}/{token}/messages/{messageRef}`,
   * `@original` unless the panel is a follow-up: its id) on the interaction REST client. `body`
   * is the API JSON, already serialised, or a body with its files.
   */
  edit(interaction: InteractionToken, body: string | RequestBody, messageRef = '@original'): Promise<unknown> {
    return editWebhookMessage(this.deps.interactionRest, interaction, body, messageRef);
  }

  /**
   * Seat `seat`'s hand picture for `snapshot` in `text`'s language, or null: the game has no
   * drawers, the player asked for text (`textBoards`), or drawing failed (logged; the panel
   * then shows the text version).
   */
  async handPicture(mod: GameModule, snapshot: TableSnapshot, seat: number | null, text: Catalog, textBoards: boolean): Promise<MessagePicture | null> {
    if (!mod.pictures || seat === null || textBoards || !snapshot.table.state) return null;
    try {
      return await this.deps.pictures.hand(mod, snapshot, seat, text);
    } catch (err) {
      this.deps.logger.warn({ err, table: snapshot.table.id, seat }, 'hand picture failed');
      return null;
    }
  }

  /** The board's picture for a lesson's panel, or null (no drawers, text asked for, or drawing failed: logged). */
  private async boardPicture(mod: GameModule, snapshot: TableSnapshot, text: Catalog, textBoards: boolean): Promise<MessagePicture | null> {
    if (!mod.pictures || textBoards || !snapshot.table.state) return null;
    try {
      return await this.deps.pictures.board(mod, snapshot, text);
    } catch (err) {
      this.deps.logger.warn({ err, table: snapshot.table.id }, 'lesson board picture failed');
      return null;
    }
  }

  /**
   * Redraw the open panels of `snap`'s table. The clicker's own panel was already answered in
   * place by their click (callback type 7, src/discord/interactions/components.ts); everyone else's can only be edited
   * through the token of the interaction that opened it, one write per message in order
   * (PanelWriter) and at most PANEL_REFRESHES_IN_FLIGHT at once, within Discord's rate limits.
   * So for a moment after a change — e.g. the last vote of a J'Accuse! reveal — other players
   * still see the buttons drawn before it: that delay is inherent, and a click on such a
   * button is refused as stale with the current panel (staleNote, components.ts). A table
   * no longer active is redrawn once more, and its panels are forgotten.
   */
  refresh(snap: TableSnapshot): void {
    const now = this.deps.now();
    const mod = this.deps.registry.get(snap.table.game);
    for (const seat of snap.seats) {
      const key = `${snap.table.id}:${seat.userId}`;
      const live = this.panels.get(key);
      if (!live) continue;
      // A cancelled or abandoned table's panels are redrawn too: no buttons left, "this game is over".
      if (now - live.since > PANEL_TOKEN_TTL_MS) {
        this.untrack(key, live);
        continue;
      }
      const kept = this.kept.get(key);
      const note = kept && now < kept.until ? kept.note : undefined;
      if (kept && !note) this.kept.delete(key);
      this.writer.write(
        live.messageId,
        snap.table.version,
        async () => {
          const text = catalogFor(live.locale);
          const textBoards = mod.pictures ? this.deps.textPanels(seat) : false;
          const viewer = viewerSeatOf(seat, snap.table.status);
          const picture = await this.handPicture(mod, snap, viewer, text, textBoards);
          // A lesson shows the board's picture too (docs/lessons.md), for games whose hand picture does not show the whole table.
          const board = snap.table.lesson && mod.lesson?.showBoard && viewer !== null ? await this.boardPicture(mod, snap, text, textBoards) : null;
          const payload = panelMessage(mod, snap, seat.userId, text, note, { picture, board, textBoards });
          const fingerprint = panelFingerprint(payload);
          if (this.writer.contentOf(live.messageId) === fingerprint) return;
          this.writer.showing(live.messageId, fingerprint);
          return this.refreshOne(live, requestBody(payload, true));
        },
        false,
        () => this.untrack(key, live),
      );
    }
    if (snap.table.status === 'active') return;
    for (const seat of snap.seats) {
      const key = `${snap.table.id}:${seat.userId}`;
      const live = this.panels.get(key);
      if (live) this.untrack(key, live);
    }
  }

  /** `edit` for a refresh: at most PANEL_REFRESHES_IN_FLIGHT at once, the others in turn. */
  private async refreshOne(live: LivePanel, body: RequestBody): Promise<unknown> {
    if (this.inFlight >= PANEL_REFRESHES_IN_FLIGHT) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.inFlight += 1;
    try {
      return await this.edit(live, body, live.messageRef);
    } finally {
      this.inFlight -= 1;
      this.queue.shift()?.();
    }
  }

  /** Forget the panels of `snap`'s table without redrawing them (its place is gone: src/tables/lost.ts). */
  forgetTable(snap: TableSnapshot): void {
    for (const seat of snap.seats) {
      const key = `${snap.table.id}:${seat.userId}`;
      const live = this.panels.get(key);
      if (live) this.untrack(key, live);
    }
  }

  /** Stop redrawing a panel (its token expired, an edit failed, or the table is over). */
  private untrack(key: string, live: LivePanel): void {
    if (this.panels.get(key) === live) this.panels.delete(key);
    this.kept.delete(key);
    this.writer.forget(live.messageId);
  }
}
