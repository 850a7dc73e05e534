/**
 * What the bench observes from outside the bot: every request the emulator answers (REST
 * accounting: board edits, panel refreshes, pings, 429s, other 4xx) and the board lag of
 * every committed change, read from the emulator and the product's database.
 *
 * Board lag = from a change's commit to the moment the emulator accepts the first board
 * edit that shows it. The commit instant is the table's `updated_at` (the service's
 * Date.now() inside the committing transaction), read from the database when the move's
 * answer arrives and whenever a board edit of that table arrives. Which version an edit
 * shows is the table's `board_version` (written by the bot right after the edit is
 * accepted), read when the table's NEXT board edit arrives — the bot keeps at most one board
 * edit per table in flight — or once everything has settled. Both clocks are Date.now() on
 * the same machine.
 */
import type { RecordedRequest } from '../../src/local/emulator/index.js';
import type { ProductDb } from './product-db.js';
import type { BenchTable, World } from './world.js';

/** REST requests the bot made, by kind, while observed. */
export interface RestCounts {
  /** Interaction callbacks (initial answers). */
  callbacks: number;
  /** Board edits (PATCH of a table's board message) and board (re-)posts. */
  boardEdits: number;
  /** Interaction-webhook requests: panel refreshes (edits of @original), follow-ups, deletes. */
  panelRequests: number;
  /** Other channel message requests: pings posted, edited, deleted. */
  pings: number;
  /** Anything else (reads, commands, reactions…). */
  other: number;
  /** 429s answered, by scope. */
  rateLimitedGlobal: number;
  rateLimitedUser: number;
  /** Non-429 4xx answers, by route (e.g. late callbacks: 404 Unknown interaction). */
  http4xx: Record<string, number>;
  /**
   * 401 Invalid Webhook Token on interaction webhooks: in a run shorter than 15 min no token
   * expires, so these are edits of panels the emulator forgot (`retention`), not failures
   * the product caused — counted apart.
   */
  forgottenTokens: number;
}

const emptyCounts = (): RestCounts => ({ callbacks: 0, boardEdits: 0, panelRequests: 0, pings: 0, other: 0, rateLimitedGlobal: 0, rateLimitedUser: 0, http4xx: {}, forgottenTokens: 0 });

/** Sum of a 4xx map. */
export const total4xx = (c: RestCounts): number => Object.values(c.http4xx).reduce((a, b) => a + b, 0);

interface LagState {
  lastVersion: number;
  pending: { version: number; committedAt: number }[];
  /** The last accepted board edit (its version is learned at the next one). */
  lastEdit: number | null;
}

/** Observes one world from `start()` until `stop()`. */
export class Observer {
  counts = emptyCounts();
  /** Board lag samples, ms. */
  readonly boardLags: number[] = [];
  /** Commits whose board edit never came (counted at `finish`). */
  unshown = 0;
  /** Date.now() of the last request answered. */
  lastRequestAt = Date.now();
  private readonly lag = new Map<BenchTable, LagState>();
  private readonly db: ProductDb | null;
  private unsubscribe: (() => void) | null = null;
  private versionsAtStart = new Map<number, number>();

  constructor(private readonly world: World) {
    this.db = world.db;
  }

  /** Start counting (and tracking board lag from the current versions). */
  start(): void {
    this.counts = emptyCounts();
    this.boardLags.length = 0;
    this.unshown = 0;
    this.lag.clear();
    if (this.db) {
      const rows = new Map(this.db.all().map((r) => [r.id, r]));
      this.versionsAtStart = new Map([...rows.values()].map((r) => [r.id, r.version]));
      for (const t of this.allTables()) {
        const row = t.tableId === null ? undefined : rows.get(t.tableId);
        this.lag.set(t, { lastVersion: row?.version ?? 0, pending: [], lastEdit: null });
      }
    }
    this.unsubscribe = this.world.emu.onRequest((r) => this.onRequest(r));
  }

  /** A new table opened in `table`'s channel (its `tableId` changed): track it from now. */
  tableReplaced(table: BenchTable): void {
    const row = this.db && table.tableId !== null ? this.db.row(table.tableId) : undefined;
    this.lag.set(table, { lastVersion: row?.version ?? 0, pending: [], lastEdit: null });
  }

  /** A move's answer arrived for `table`: note the commit it made, if any. */
  moveAnswered(table: BenchTable): void {
    this.noteCommit(table);
  }

  /**
   * Stop observing: resolve board edits with the versions the boards show now (call once
   * everything has settled). Returns the committed changes (version bumps) seen since `start`.
   */
  finish(): { commits: number } {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (!this.db) return { commits: 0 };
    let commits = 0;
    for (const row of this.db.all()) commits += row.version - (this.versionsAtStart.get(row.id) ?? 0);
    for (const [t, s] of this.lag) {
      this.noteCommit(t);
      const row = t.tableId === null ? undefined : this.db.row(t.tableId);
      if (row) this.resolve(s, row.boardVersion);
      this.unshown += s.pending.length;
    }
    return { commits };
  }

  private allTables(): BenchTable[] {
    return this.world.busy ? [...this.world.tables, this.world.busy] : this.world.tables;
  }

  private noteCommit(table: BenchTable): void {
    const s = this.lag.get(table);
    if (!s || !this.db || table.tableId === null) return;
    const row = this.db.row(table.tableId);
    if (row && row.version > s.lastVersion) {
      s.pending.push({ version: row.version, committedAt: row.updatedAt });
      s.lastVersion = row.version;
    }
  }

  private resolve(s: LagState, shownVersion: number): void {
    if (s.lastEdit === null) return;
    while (s.pending.length && s.pending[0]!.version <= shownVersion) {
      this.boardLags.push(Math.max(0, s.lastEdit - s.pending.shift()!.committedAt));
    }
  }

  private onRequest(r: RecordedRequest): void {
    this.lastRequestAt = r.time;
    const c = this.counts;
    if (r.status === 429) {
      if ((r.response as { global?: boolean } | undefined)?.global) c.rateLimitedGlobal++;
      else c.rateLimitedUser++;
      return;
    }
    if (r.status === 401 && r.route.includes(' /webhooks/')) c.forgottenTokens++;
    else if (r.status >= 400 && r.status < 500) c.http4xx[`${r.route} → ${r.status}`] = (c.http4xx[`${r.route} → ${r.status}`] ?? 0) + 1;
    if (r.route === 'POST /interactions/:interaction/:token/callback') c.callbacks++;
    else if (r.route.includes(' /webhooks/')) c.panelRequests++;
    else if (r.route.includes('/channels/:channel/messages')) {
      const channel = r.path.split('/')[2]!;
      const table = this.world.byChannel.get(channel);
      const messageId = r.path.split('/')[4];
      const res = r.response as { id?: string; embeds?: unknown[] } | undefined;
      const board =
        table !== undefined &&
        ((r.method === 'PATCH' && messageId === table.boardId) || (r.method === 'POST' && (res?.embeds?.length ?? 0) > 0));
      if (!board) {
        c.pings++;
        return;
      }
      c.boardEdits++;
      if (r.status !== 200) return;
      if (r.method === 'POST' && res?.id) table.boardId = res.id;
      this.boardAccepted(table, r.time);
    } else c.other++;
  }

  private boardAccepted(table: BenchTable, time: number): void {
    const s = this.lag.get(table);
    if (!s || !this.db || table.tableId === null) return;
    const row = this.db.row(table.tableId);
    if (row) this.resolve(s, row.boardVersion);
    this.noteCommit(table);
    s.lastEdit = time;
  }
}
