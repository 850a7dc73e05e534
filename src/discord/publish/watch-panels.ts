/**
 * The watchers of the tables this process publishes (docs/watching.md): each
 * watcher's private watch panel, with the interaction token that can edit it (valid 15 minutes;
 * docs/discord.md §2), redrawn after every change of its table through the panel writer (in
 * order per message, not sent when it would look the same) — drawn from the watcher's replay
 * (src/review/watch.ts `watcherReplay`), never from the live table, so a delayed table's
 * watcher gets nothing newer than the rules allow. The count of a table's watchers is shown on
 * its board ("👁 N watching"): the board is redrawn when it changes (a watcher comes, stops, or
 * their panel's token expires).
 */
import type { GameModule } from '../../games/module.js';
import type { GameRegistry } from '../../games/registry.js';
import { catalogFor, type Catalog } from '../../i18n/index.js';
import type { Logger } from '../../logger.js';
import type { ReplayLoader } from '../../review/load.js';
import { watcherReplay } from '../../review/watch.js';
import { tableOptionsOf } from '../../tables/bots.js';
import { ABANDONED_REASON } from '../../tables/policy.js';
import { spectatorPolicy } from '../../tables/spectators.js';
import type { TableSnapshot } from '../../tables/types.js';
import type { MessagePicture, PictureMaker } from '../pictures/index.js';
import { requestBody, type RequestBody } from '../render/message-body.js';
import { panelFingerprint } from '../render/panel.js';
import type { StepDrawings } from '../render/review.js';
import { watchDrawings, watchMessage, watchPictureName, type WatchInput } from '../render/watch.js';
import type { MessagePayload } from '../render/markup.js';
import type { InteractionToken } from '../rest/requests.js';
import { PANEL_TOKEN_TTL_MS } from './live-panels.js';
import type { PanelWriter } from './panel-writer.js';

/** One watcher's panel, with the interaction token that can edit it. */
interface Watcher {
  userId: string;
  /** Their display name when they started watching (the "👁 N watching" list). */
  name: string;
  messageId: string;
  applicationId: string;
  token: string;
  /** When the token was issued (Unix ms). */
  since: number;
  /** The Discord locale of the watcher (redraws keep their language). */
  locale: string;
  /** Their text-panels setting, read when they opened the panel (README "Pictures"): a redraw reads no setting. */
  textPanels: boolean;
}

/** The watchers of one table. */
interface WatchedTable {
  watchers: Map<string, Watcher>;
  /** The newest snapshot seen (a click's read or a change). */
  last: TableSnapshot;
  /** Fires when the oldest token expires (the board's count goes down). */
  timer?: NodeJS.Timeout;
}

/** What the watch panels need of the running bot. */
export interface WatchPanelsDeps {
  registry: GameRegistry;
  logger: Logger;
  now: () => number;
  pictures: PictureMaker;
  replays: ReplayLoader;
  /** True when a watcher's panel is drawn as text: their setting `stored` (read when they opened it), or forced (README "Pictures"). */
  textPanels: (userId: string, stored: boolean) => boolean;
  /** Edit a panel message through an interaction token (the interaction REST client). */
  edit: (interaction: InteractionToken, body: RequestBody) => Promise<unknown>;
  /** Redraw a table's board without a game change (its watcher count changed). */
  redrawBoard: (snapshot: TableSnapshot) => void;
}

/** The watch panels of the tables this process publishes, by table and watcher. */
export class WatchPanels {
  private readonly tables = new Map<number, WatchedTable>();
  private closed = false;

  constructor(
    private readonly deps: WatchPanelsDeps,
    /** Orders every write to a panel message (shared with the players' panels). */
    readonly writer: PanelWriter,
  ) {}

  /** How many members watch table `tableId` now (tokens still alive). */
  count(tableId: number): number {
    const now = this.deps.now();
    let count = 0;
    for (const watcher of this.tables.get(tableId)?.watchers.values() ?? []) if (now - watcher.since <= PANEL_TOKEN_TTL_MS) count += 1;
    return count;
  }

  /** The display names of table `tableId`'s watchers, in the order they came. */
  names(tableId: number): string[] {
    const now = this.deps.now();
    return [...(this.tables.get(tableId)?.watchers.values() ?? [])].filter((watcher) => now - watcher.since <= PANEL_TOKEN_TTL_MS).map((watcher) => watcher.name);
  }

  /**
   * Remember that message `messageId` (the answer to `interaction`, editable through its
   * token as `@original`) is `userId`'s watch panel of `snapshot`'s table — their newest one;
   * an older panel of theirs is no longer redrawn. The board is redrawn when the count changed.
   * `textPanels`: their text-panels setting, read with their click (the redraws read none).
   */
  track(snapshot: TableSnapshot, userId: string, name: string, messageId: string, interaction: { applicationId: string; token: string; locale: string }, textPanels = false): void {
    if (this.closed) return;
    const tableId = snapshot.table.id;
    const before = this.count(tableId);
    const entry = this.entry(snapshot);
    const old = entry.watchers.get(userId);
    if (old && old.messageId !== messageId) this.writer.forget(old.messageId);
    entry.watchers.delete(userId);
    entry.watchers.set(userId, { userId, name, messageId, applicationId: interaction.applicationId, token: interaction.token, since: this.deps.now(), locale: interaction.locale, textPanels });
    this.armExpiry(tableId, entry);
    if (this.count(tableId) !== before) this.deps.redrawBoard(entry.last);
  }

  /** `userId` stops watching table `tableId` (their panel is no longer redrawn). True when they were watching. */
  stop(tableId: number, userId: string): boolean {
    const entry = this.tables.get(tableId);
    const watcher = entry?.watchers.get(userId);
    if (!entry || !watcher) return false;
    const before = this.count(tableId);
    entry.watchers.delete(userId);
    this.writer.forget(watcher.messageId);
    const last = entry.last;
    if (entry.watchers.size === 0) this.drop(tableId, entry);
    else this.armExpiry(tableId, entry);
    if (this.count(tableId) !== before && last.table.status === 'active') this.deps.redrawBoard(last);
    return true;
  }

  /**
   * Redraw the watch panels of `snap`'s table (after a change). Each is drawn from the
   * watcher's replay at `snap`'s version; one that would look the same is not sent. A table no
   * longer active is drawn once more (its end, with Review) and its watchers are forgotten.
   */
  refresh(snap: TableSnapshot): void {
    const entry = this.tables.get(snap.table.id);
    if (!entry || this.closed) return;
    if (snap.table.version >= entry.last.table.version) entry.last = snap;
    const now = this.deps.now();
    const drawings = new Map<string, Promise<MessagePayload>>();
    for (const watcher of [...entry.watchers.values()]) {
      if (now - watcher.since > PANEL_TOKEN_TTL_MS) continue;
      this.writer.write(
        watcher.messageId,
        snap.table.version,
        async () => {
          const textBoards = this.deps.textPanels(watcher.userId, watcher.textPanels);
          const key = `${watcher.locale}:${textBoards}`;
          let drawing = drawings.get(key);
          if (!drawing) drawings.set(key, (drawing = this.draw(snap, catalogFor(watcher.locale), textBoards)));
          const payload = await drawing;
          const fingerprint = panelFingerprint(payload);
          if (this.writer.contentOf(watcher.messageId) === fingerprint) return;
          this.writer.showing(watcher.messageId, fingerprint);
          return this.deps.edit(watcher, requestBody(payload, true));
        },
        false,
        () => this.stop(snap.table.id, watcher.userId),
      );
    }
    if (snap.table.status !== 'active') {
      for (const watcher of entry.watchers.values()) this.writer.forget(watcher.messageId);
      this.drop(snap.table.id, entry);
    }
  }

  /**
   * The watch panel of `snapshot`'s table for a reader of catalog `text`: the watcher's replay
   * (loaded through the replay loader, cut at the step the rules allow) drawn with its pictures
   * (rasterised, cached by SVG), or as text (`textBoards`, or when drawing failed: logged).
   * Rejects when the table never started or its log does not replay.
   */
  async draw(snapshot: TableSnapshot, text: Catalog, textBoards: boolean): Promise<MessagePayload> {
    const input = await this.input(snapshot);
    const mod = this.deps.registry.get(snapshot.table.game);
    const pictures = mod.pictures && !textBoards ? await this.pictures(mod, input, text) : null;
    return watchMessage(mod, input, text, { pictures, textBoards });
  }

  /** The watch input of `snapshot`'s table: its replay cut for watchers (src/review/watch.ts). */
  async input(snapshot: TableSnapshot): Promise<WatchInput> {
    const { table, seats } = snapshot;
    const mod = this.deps.registry.get(table.game);
    const policy = spectatorPolicy(tableOptionsOf(table.tableOptions));
    const over = table.status !== 'active';
    const { replay } = await this.deps.replays.load(mod.definition, table, seats);
    const stopped = over && (table.status !== 'finished' || table.endReason === ABANDONED_REASON);
    return { table: { id: table.id, channelId: table.channelId }, seats, replay: watcherReplay(replay, policy, over), policy, over, stopped };
  }

  /** Stop redrawing (shutdown): expiry timers end. */
  close(): void {
    this.closed = true;
    for (const entry of this.tables.values()) if (entry.timer) clearTimeout(entry.timer);
    this.tables.clear();
  }

  /** The rasterised pictures of a watch panel, or null when drawing failed (logged; the text version is sent). */
  private async pictures(mod: GameModule, input: WatchInput, text: Catalog): Promise<StepDrawings<MessagePicture> | null> {
    try {
      const drawn = watchDrawings(mod, input, text);
      if (!drawn) return null;
      const step = input.replay.steps.length - 1;
      const maker = this.deps.pictures;
      const [board, ...hands] = await Promise.all([
        maker.fromDrawing(drawn.board, watchPictureName(input.table.id, step, null)),
        ...drawn.hands.map(({ seat, picture }) => maker.fromDrawing(picture, watchPictureName(input.table.id, step, seat))),
      ]);
      return { board: board!, hands: drawn.hands.map(({ seat }, i) => ({ seat, picture: hands[i]! })) };
    } catch (err) {
      this.deps.logger.warn({ err, table: input.table.id }, 'watch pictures failed: sending the text version');
      return null;
    }
  }

  private entry(snapshot: TableSnapshot): WatchedTable {
    let entry = this.tables.get(snapshot.table.id);
    if (!entry) {
      entry = { watchers: new Map(), last: snapshot };
      this.tables.set(snapshot.table.id, entry);
    } else if (snapshot.table.version >= entry.last.table.version) entry.last = snapshot;
    return entry;
  }

  private drop(tableId: number, entry: WatchedTable): void {
    if (entry.timer) clearTimeout(entry.timer);
    if (this.tables.get(tableId) === entry) this.tables.delete(tableId);
  }

  /** Arm the timer of the oldest live token's expiry: then the expired watchers go and the board's count is redrawn. */
  private armExpiry(tableId: number, entry: WatchedTable): void {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    const oldest = Math.min(...[...entry.watchers.values()].map((watcher) => watcher.since));
    if (!Number.isFinite(oldest) || this.closed) return;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      const now = this.deps.now();
      const expired = [...entry.watchers.values()].filter((watcher) => now - watcher.since > PANEL_TOKEN_TTL_MS);
      for (const watcher of expired) {
        entry.watchers.delete(watcher.userId);
        this.writer.forget(watcher.messageId);
      }
      if (entry.watchers.size === 0) this.drop(tableId, entry);
      else this.armExpiry(tableId, entry);
      if (expired.length > 0 && entry.last.table.status === 'active') this.deps.redrawBoard(entry.last);
    }, Math.max(0, oldest + PANEL_TOKEN_TTL_MS + 1 - this.deps.now()));
    entry.timer.unref?.();
  }
}
