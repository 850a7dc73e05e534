/**
 * The admin's list of open tables (`/admin tables`): the lobbies and games of one server,
 * oldest first, with their players and last move, one page at a time. Data only; the
 * Discord layer writes the text (src/discord/render/admin.ts). Read from the shared
 * database, so every shard lists the same tables.
 */
import type { StoreReads, TableRow } from '../persistence/store/types.js';

/** At most this many tables per page (a message holds 2000 characters). */
export const ADMIN_TABLES_LISTED = 12;

/** One listed table. */
export interface OpenTableLine {
  table: TableRow;
  /** Display names of the players still seated, in seat (or join) order. */
  players: string[];
  /** When the newest action-log row was written (Unix ms), null before the first move. */
  lastMoveAt: number | null;
}

/** One page of the list. */
export interface OpenTablesPage {
  /** Open tables of the server in all. */
  total: number;
  /** The page shown, 1-based (clamped to the pages there are). */
  page: number;
  /** Number of pages (0 when there are no open tables). */
  pages: number;
  lines: OpenTableLine[];
}

/**
 * Page `page` (1-based; clamped) of the open tables (lobby or playing) of `guildId`,
 * ADMIN_TABLES_LISTED per page, read in one consistent snapshot (`adminTables`).
 */
export async function openTablesPage(store: StoreReads, guildId: string, page = 1): Promise<OpenTablesPage> {
  const listed = await store.adminTables(guildId, page, ADMIN_TABLES_LISTED);
  return {
    total: listed.total,
    page: listed.page,
    pages: listed.total === 0 ? 0 : listed.pages,
    lines: listed.tables.map(({ table, seats, lastMoveAt }) => ({
      table,
      players: seats.filter((row) => !row.left).map((row) => row.displayName),
      lastMoveAt,
    })),
  };
}
