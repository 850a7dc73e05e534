/**
 * Texts of `/admin tables` and `/admin settings` (issue 7), built from database rows. The
 * table listing reads the open tables of one server with their seats and last move.
 */
import { desc, eq } from 'drizzle-orm';
import type { GameRegistry } from '../games/registry.js';
import type { Catalog } from '../i18n/index.js';
import type { Db } from '../persistence/db.js';
import type { TableRepo } from '../persistence/repo.js';
import { actions } from '../persistence/schema.js';
import { escapeName } from '../tables/render.js';
import { SETTING_KEYS, type GuildDefaults } from './settings.js';

/** At most this many tables are listed (a message holds 2000 characters). */
export const ADMIN_TABLES_LISTED = 12;
/** At most this many player names per listed table. */
const NAMES_LISTED = 6;

/** When the last action of a table was logged (Unix ms), or null before the first move. */
export function lastMoveAt(db: Db, tableId: number): number | null {
  const row = db.select({ at: actions.at }).from(actions).where(eq(actions.tableId, tableId)).orderBy(desc(actions.seq)).limit(1).get();
  return row?.at ?? null;
}

/**
 * The `/admin tables` text: the open tables (lobby or playing) of `guildId` with their
 * channel, game, players, age and last move, oldest first; ADMIN_TABLES_LISTED per page,
 * `page` 1-based (clamped).
 */
export function adminTablesText(db: Db, repo: TableRepo, registry: GameRegistry, guildId: string, t: Catalog, page = 1): string {
  const a = t.ratings.admin;
  const tables = repo.openTables(guildId);
  if (tables.length === 0) return a.noTables;
  const pages = Math.ceil(tables.length / ADMIN_TABLES_LISTED);
  const pg = Math.min(Math.max(1, Math.floor(page)), pages);
  const shown = tables.slice((pg - 1) * ADMIN_TABLES_LISTED, pg * ADMIN_TABLES_LISTED);
  const lines = [a.tablesTitle(tables.length)];
  for (const table of shown) {
    const mod = registry.find(table.game);
    const seats = repo.seats(table.id).filter((s) => !s.left);
    const names = seats.slice(0, NAMES_LISTED).map((s) => escapeName(s.displayName));
    if (seats.length > NAMES_LISTED) names.push('…');
    const last = lastMoveAt(db, table.id);
    lines.push(
      a.tableLine(
        table.id,
        mod?.emoji ?? '🎲',
        mod?.title ?? table.game,
        table.channelId,
        table.status === 'lobby' ? a.statusLobby : a.statusActive,
        names.join(', '),
        seats.length,
        a.rel(table.createdAt),
        last === null ? a.noMove : a.rel(last),
      ),
    );
  }
  if (pages > 1) lines.push(a.morePages(pg, pages));
  lines.push('', a.endHint);
  return lines.join('\n');
}

/** The `/admin settings` text: each server default (or "each game's own default") and how to change them. */
export function settingsText(defaults: GuildDefaults, t: Catalog, saved = false): string {
  const a = t.ratings.admin;
  const lines = saved ? [a.settingsSaved, ''] : [];
  lines.push(a.settingsTitle);
  for (const k of SETTING_KEYS) lines.push(a.settingLine(a.settingLabels[k] ?? k, defaults[k]));
  lines.push('', a.settingsHelp);
  return lines.join('\n');
}
