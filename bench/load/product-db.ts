/**
 * The bench's read-only view of the product's SQLite database, read from outside the bot
 * process while it runs (WAL mode lets a reader in without blocking the writer): table
 * versions and commit times, the version each board shows, and the game state the scripted
 * players decide from in the board-lag scenarios.
 */
import Database from 'better-sqlite3';

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

/** Read-only access to a product database file. */
export class ProductDb {
  private readonly db: Database.Database;
  private readonly rowStmt: Database.Statement;
  private readonly allStmt: Database.Statement;
  private readonly stateStmt: Database.Statement;
  private readonly seatsStmt: Database.Statement;
  private readonly byChannelStmt: Database.Statement;

  constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    const cols = `id, channel_id as channelId, game, status, version, updated_at as updatedAt, board_version as boardVersion, board_message_id as boardMessageId`;
    this.rowStmt = this.db.prepare(`select ${cols} from game_tables where id = ?`);
    this.allStmt = this.db.prepare(`select ${cols} from game_tables`);
    this.stateStmt = this.db.prepare(`select ${cols}, state from game_tables where id = ?`);
    this.seatsStmt = this.db.prepare(`select seat, user_id as userId from seats where table_id = ? and seat is not null`);
    this.byChannelStmt = this.db.prepare(`select ${cols} from game_tables where channel_id = ? and status in ('lobby', 'active') order by id desc limit 1`);
  }

  /** A table's row, or undefined. */
  row(tableId: number): TableRowView | undefined {
    return this.rowStmt.get(tableId) as TableRowView | undefined;
  }

  /** Every table's row. */
  all(): TableRowView[] {
    return this.allStmt.all() as TableRowView[];
  }

  /** The open table of a channel, if any. */
  openInChannel(channelId: string): TableRowView | undefined {
    return this.byChannelStmt.get(channelId) as TableRowView | undefined;
  }

  /** A table's state (parsed) and seats. */
  state(tableId: number): TableStateView | undefined {
    const r = this.stateStmt.get(tableId) as (TableRowView & { state: string | null }) | undefined;
    if (!r) return undefined;
    const seats = new Map((this.seatsStmt.all(tableId) as { seat: number; userId: string }[]).map((s) => [s.seat, s.userId]));
    return { ...r, state: r.state === null ? null : JSON.parse(r.state), seats };
  }

  close(): void {
    this.db.close();
  }
}
