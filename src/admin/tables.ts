/**
 * The admin's list of open tables (`/admin tables`): the lobbies and games of one server,
 * oldest first, with their players and last move, one page at a time. Data only; the
 * Discord layer writes the text (src/discord/render/admin.ts).
 */
import type { TableRepo, TableRow } from '../persistence/repo.js';

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
 * ADMIN_TABLES_LISTED per page.
 */
export function openTablesPage(repo: TableRepo, guildId: string, page = 1): OpenTablesPage {
  const tables = repo.openTables(guildId);
  const pages = Math.ceil(tables.length / ADMIN_TABLES_LISTED);
  const shown = Math.min(Math.max(1, Math.floor(page)), Math.max(1, pages));
  const lines = tables.slice((shown - 1) * ADMIN_TABLES_LISTED, shown * ADMIN_TABLES_LISTED).map((table) => ({
    table,
    players: repo
      .seats(table.id)
      .filter((row) => !row.left)
      .map((row) => row.displayName),
    lastMoveAt: repo.lastAction(table.id)?.at ?? null,
  }));
  return { total: tables.length, page: shown, pages, lines };
}
