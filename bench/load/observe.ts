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
 *
 * The reads of one table run one after another, in the order of the events that asked for
 * them; an edit's acceptance time is taken when the emulator records it, not when its read
 * returns. On SQLite a read runs at the instant it is asked for (product-db.ts); on
 * PostgreSQL it returns a round trip later, so the `board_version` read at an edit could in
 * principle already be the one the bot writes after THAT edit — which would take the bot's
 * edit answer, its handling and a durable commit to overtake one local query; such a
 * sample would count a commit as shown one edit early (a shorter lag).
 */
import { REQUEST_KINDS, type KindCounts, type RecordedRequest } from '../../src/local/emulator/index.js';
import type { ProductDb, TableRowView } from './product-db.js';
import { isBoardMessage, type BenchTable, type World } from './world.js';

/** REST requests the bot made, by kind, while observed. */
export interface RestCounts {
  /** Interaction callbacks (initial answers). */
  callbacks: number;
  /**
   * Board edits (PATCH of a table's board message: on the channel route, or through a click's
   * token on an interaction route) and board (re-)posts.
   */
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
  /**
   * Every request (429s included: Discord counts them too) by the kind the emulator gave it
   * (src/local/emulator/request-kinds.ts), on routes bound to the global 50/s limit…
   */
  globalByKind: KindCounts;
  /** …and on interaction routes (the callback and `/webhooks/{app}/{token}/…`), outside it. */
  interactionByKind: KindCounts;
}

const zeroKinds = (): KindCounts => Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, 0])) as KindCounts;
const emptyCounts = (): RestCounts => ({ callbacks: 0, boardEdits: 0, panelRequests: 0, pings: 0, other: 0, rateLimitedGlobal: 0, rateLimitedUser: 0, http4xx: {}, forgottenTokens: 0, globalByKind: zeroKinds(), interactionByKind: zeroKinds() });

/** Sum of a per-kind count. */
export const totalOf = (k: KindCounts): number => Object.values(k).reduce((a, b) => a + b, 0);

/** Sum of a 4xx map. */
export const total4xx = (c: RestCounts): number => Object.values(c.http4xx).reduce((a, b) => a + b, 0);

interface LagState {
  lastVersion: number;
  pending: { version: number; committedAt: number }[];
  /** The last accepted board edit (its version is learned at the next one). */
  lastEdit: number | null;
  /** This table's reads and their handling, in order. */
  chain: Promise<void>;
}

const newLag = (lastVersion: number): LagState => ({ lastVersion, pending: [], lastEdit: null, chain: Promise.resolve() });

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
  async start(): Promise<void> {
    this.counts = emptyCounts();
    this.boardLags.length = 0;
    this.unshown = 0;
    this.lag.clear();
    if (this.db) {
      const rows = new Map((await this.db.all()).map((r) => [r.id, r]));
      this.versionsAtStart = new Map([...rows.values()].map((r) => [r.id, r.version]));
      for (const t of this.allTables()) {
        const row = t.tableId === null ? undefined : rows.get(t.tableId);
        this.lag.set(t, newLag(row?.version ?? 0));
      }
    }
    this.unsubscribe = this.world.emu.onRequest((r) => this.onRequest(r));
  }

  /** A new table opened in `table`'s channel (its `tableId` changed): track it from now. */
  async tableReplaced(table: BenchTable): Promise<void> {
    const row = this.db && table.tableId !== null ? await this.db.row(table.tableId) : undefined;
    this.lag.set(table, newLag(row?.version ?? 0));
  }

  /** A move's answer arrived for `table`: note the commit it made, if any (read in the table's order). */
  moveAnswered(table: BenchTable): void {
    this.then(table, (s, row) => this.noteCommit(s, row));
  }

  /**
   * Stop observing: resolve board edits with the versions the boards show now (call once
   * everything has settled). Returns the committed changes (version bumps) seen since `start`.
   */
  async finish(): Promise<{ commits: number }> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (!this.db) return { commits: 0 };
    await Promise.all([...this.lag.values()].map((s) => s.chain));
    let commits = 0;
    const rows = new Map((await this.db.all()).map((r) => [r.id, r]));
    for (const row of rows.values()) commits += row.version - (this.versionsAtStart.get(row.id) ?? 0);
    for (const [t, s] of this.lag) {
      const row = t.tableId === null ? undefined : rows.get(t.tableId);
      if (row) {
        this.noteCommit(s, row);
        this.resolve(s, row.boardVersion, s.lastEdit);
      }
      this.unshown += s.pending.length;
    }
    return { commits };
  }

  /** Read `table`'s row after the reads already asked for it, then hand it to `handle`. */
  private then(table: BenchTable, handle: (s: LagState, row: TableRowView) => void): void {
    const s = this.lag.get(table);
    const db = this.db;
    const tableId = table.tableId;
    if (!s || !db || tableId === null) return;
    s.chain = s.chain.then(async () => {
      const row = await db.row(tableId);
      // A table replaced meanwhile is tracked by a new state from its new row.
      if (row && this.lag.get(table) === s) handle(s, row);
    });
  }

  private allTables(): BenchTable[] {
    return this.world.busy ? [...this.world.tables, this.world.busy] : this.world.tables;
  }

  private noteCommit(s: LagState, row: TableRowView): void {
    if (row.version > s.lastVersion) {
      s.pending.push({ version: row.version, committedAt: row.updatedAt });
      s.lastVersion = row.version;
    }
  }

  /** The commits `shownVersion` covers were first shown by the edit accepted at `editAt`. */
  private resolve(s: LagState, shownVersion: number, editAt: number | null): void {
    if (editAt === null) return;
    while (s.pending.length && s.pending[0]!.version <= shownVersion) {
      this.boardLags.push(Math.max(0, editAt - s.pending.shift()!.committedAt));
    }
  }

  private onRequest(r: RecordedRequest): void {
    this.lastRequestAt = r.time;
    const c = this.counts;
    if (r.kind) c[r.globalRoute ? 'globalByKind' : 'interactionByKind'][r.kind] += 1;
    if (r.status === 429) {
      if ((r.response as { global?: boolean } | undefined)?.global) c.rateLimitedGlobal++;
      else c.rateLimitedUser++;
      return;
    }
    if (r.status === 401 && r.route.includes(' /webhooks/')) c.forgottenTokens++;
    else if (r.status >= 400 && r.status < 500) c.http4xx[`${r.route} → ${r.status}`] = (c.http4xx[`${r.route} → ${r.status}`] ?? 0) + 1;
    if (r.route === 'POST /interactions/:interaction/:token/callback') c.callbacks++;
    else if (r.route.includes(' /webhooks/')) {
      // A board edited through the token of a click on it (`@original`, docs/rate-limit.md).
      const res = r.response as { id?: string; channel_id?: string } | undefined;
      const table = r.method === 'PATCH' && (r.kind === 'board' || r.kind === 'lobby') && res?.channel_id ? this.world.byChannel.get(res.channel_id) : undefined;
      if (!table || res?.id !== table.boardId) {
        c.panelRequests++;
        return;
      }
      c.boardEdits++;
      this.boardAccepted(table, r.time);
    }
    else if (r.route.includes('/channels/:channel/messages')) {
      const channel = r.path.split('/')[2]!;
      const table = this.world.byChannel.get(channel);
      const messageId = r.path.split('/')[4];
      const res = r.response as { id?: string; embeds?: unknown[]; flags?: number } | undefined;
      const board =
        table !== undefined &&
        ((r.method === 'PATCH' && messageId === table.boardId) || (r.method === 'POST' && res !== undefined && isBoardMessage(res)));
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
    if (!s) return;
    // The previous edit's version is learned now; this edit's at the next one.
    const previous = s.lastEdit;
    s.lastEdit = time;
    this.then(table, (state, row) => {
      this.resolve(state, row.boardVersion, previous);
      this.noteCommit(state, row);
    });
  }
}
