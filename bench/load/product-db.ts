/**
 * The bench's read-only view of the product's database, read from outside the bot process
 * while it runs: table versions and commit times, the version each board shows, and the game
 * state the scripted players decide from in the board-lag scenarios. Two backends, like the
 * product's:
 *
 * - SQLite (`SqliteProductDb`): the product's file opened read-only (WAL mode lets a reader in
 *   without blocking the writer). Each read runs synchronously when called; the promise it
 *   returns is already settled, so a caller that reads when a request arrives reads at that
 *   instant.
 * - PostgreSQL (`PgProductDb`): a small pool of its own on the product's database. Each read is
 *   a round trip (a few hundred µs on a quiet local server, more when the server shares the
 *   CPU with the bot), so what it sees is the database a moment after the call.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

/** One table's bookkeeping columns. */
export interface TableRowView {
  id: number;
  channelId: string;
  game: string;
  status: string;
  /** Bumped by every committed change. */
  version: number;
  /** Unix ms of the last committed change (the service's clock, Date.now()). */
  updatedAt: number;
  /** The version the board message showed when its last edit was accepted. */
  boardVersion: number;
  boardMessageId: string | null;
}

/** A table's game state and seats, for choosing legal moves. */
export interface TableStateView extends TableRowView {
  state: unknown;
  /** Seat number → user id. */
  seats: Map<number, string>;
}

/** Read-only access to a product database (either backend). */
export interface ProductDb {
  /** Which backend the product runs on. */
  readonly backend: 'sqlite' | 'postgres';
  /** A table's row, or undefined. */
  row(tableId: number): Promise<TableRowView | undefined>;
  /** Every table's row. */
  all(): Promise<TableRowView[]>;
  /** The open table of a channel, if any (the newest when the product is between two). */
  openInChannel(channelId: string): Promise<TableRowView | undefined>;
  /** A table's state (parsed) and seats. */
  state(tableId: number): Promise<TableStateView | undefined>;
  close(): Promise<void>;
}

const COLUMNS = `id, channel_id as "channelId", game, status, version, updated_at as "updatedAt", board_version as "boardVersion", board_message_id as "boardMessageId"`;

/** The product's SQLite file, read-only (see the file comment). */
export class SqliteProductDb implements ProductDb {
  readonly backend = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly rowStmt: Database.Statement;
  private readonly allStmt: Database.Statement;
  private readonly stateStmt: Database.Statement;
  private readonly seatsStmt: Database.Statement;
  private readonly byChannelStmt: Database.Statement;

  /** Open the file at `path` read-only; throws when it does not exist. */
  constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    this.rowStmt = this.db.prepare(`select ${COLUMNS} from game_tables where id = ?`);
    this.allStmt = this.db.prepare(`select ${COLUMNS} from game_tables`);
    this.stateStmt = this.db.prepare(`select ${COLUMNS}, state from game_tables where id = ?`);
    this.seatsStmt = this.db.prepare(`select seat, user_id as userId from seats where table_id = ? and seat is not null`);
    this.byChannelStmt = this.db.prepare(`select ${COLUMNS} from game_tables where channel_id = ? and status in ('lobby', 'active') order by id desc limit 1`);
  }

  async row(tableId: number): Promise<TableRowView | undefined> {
    return this.rowStmt.get(tableId) as TableRowView | undefined;
  }

  async all(): Promise<TableRowView[]> {
    return this.allStmt.all() as TableRowView[];
  }

  async openInChannel(channelId: string): Promise<TableRowView | undefined> {
    return this.byChannelStmt.get(channelId) as TableRowView | undefined;
  }

  async state(tableId: number): Promise<TableStateView | undefined> {
    const r = this.stateStmt.get(tableId) as (TableRowView & { state: string | null }) | undefined;
    if (!r) return undefined;
    const seats = new Map((this.seatsStmt.all(tableId) as { seat: number; userId: string }[]).map((s) => [s.seat, s.userId]));
    return { ...r, state: r.state === null ? null : JSON.parse(r.state), seats };
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** Connections of the bench's own pool on the product's PostgreSQL database. */
const PG_READERS = 4;

/** The product's PostgreSQL database, read through a pool of PG_READERS connections of its own. */
export class PgProductDb implements ProductDb {
  readonly backend = 'postgres' as const;
  private readonly pool: pg.Pool;

  /** `url`: the product's connection string (postgres://…). Connects lazily. */
  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: PG_READERS });
  }

  /** Epoch ms are `bigint` there: read back as numbers (exact below 2^53). */
  private static readonly COLUMNS = COLUMNS.replace('updated_at as', 'updated_at::float8 as');

  async row(tableId: number): Promise<TableRowView | undefined> {
    const r = await this.pool.query<TableRowView>({ name: 'bench-row', text: `select ${PgProductDb.COLUMNS} from game_tables where id = $1`, values: [tableId] });
    return r.rows[0];
  }

  async all(): Promise<TableRowView[]> {
    return (await this.pool.query<TableRowView>(`select ${PgProductDb.COLUMNS} from game_tables`)).rows;
  }

  async openInChannel(channelId: string): Promise<TableRowView | undefined> {
    const r = await this.pool.query<TableRowView>(`select ${PgProductDb.COLUMNS} from game_tables where channel_id = $1 and status in ('lobby', 'active') order by id desc limit 1`, [channelId]);
    return r.rows[0];
  }

  async state(tableId: number): Promise<TableStateView | undefined> {
    // One statement, so the seats belong to the state read (json columns come back parsed).
    const r = await this.pool.query<TableRowView & { state: unknown; seats: { seat: number; userId: string }[] | null }>(
      `select ${PgProductDb.COLUMNS}, state, (select json_agg(json_build_object('seat', s.seat, 'userId', s.user_id)) from seats s where s.table_id = t.id and s.seat is not null) as seats from game_tables t where id = $1`,
      [tableId],
    );
    const row = r.rows[0];
    if (!row) return undefined;
    return { ...row, seats: new Map((row.seats ?? []).map((s) => [s.seat, s.userId])) };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
