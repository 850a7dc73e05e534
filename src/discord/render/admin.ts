/** Texts of `/admin tables` and `/admin settings` (README "Leaderboards and ratings" → `/admin`). */
import type { OpenTablesPage } from '../../admin/tables.js';
import { SETTING_KEYS, type GuildDefaults } from '../../admin/settings.js';
import type { GameRegistry } from '../../games/registry.js';
import type { Catalog } from '../../i18n/index.js';
import { escapeName } from './markup.js';

/** At most this many player names per listed table. */
const NAMES_LISTED = 6;

/**
 * The `/admin tables` text for one page of open tables: channel, game, status, players,
 * age and last move of each, a page note when there are several, and how to end one.
 */
export function adminTablesText(listing: OpenTablesPage, registry: GameRegistry, text: Catalog): string {
  const admin = text.ratings.admin;
  if (listing.total === 0) return admin.noTables;
  const lines = [admin.tablesTitle(listing.total)];
  for (const { table, players, lastMoveAt } of listing.lines) {
    const mod = registry.find(table.game);
    const names = players.slice(0, NAMES_LISTED).map(escapeName);
    if (players.length > NAMES_LISTED) names.push('…');
    lines.push(
      admin.tableLine(
        table.id,
        mod?.emoji ?? '🎲',
        mod ? mod.title(text) : table.game,
        table.channelId,
        table.status === 'lobby' ? admin.statusLobby : admin.statusActive,
        names.join(', '),
        players.length,
        admin.rel(table.createdAt),
        lastMoveAt === null ? admin.noMove : admin.rel(lastMoveAt),
      ),
    );
  }
  if (listing.pages > 1) lines.push(admin.morePages(listing.page, listing.pages));
  lines.push('', admin.endHint);
  return lines.join('\n');
}

/**
 * The `/admin settings` text: each server default (or "each game's own default"), the table
 * language (`language`: 'en', 'es', or null = the opener's) and how to change them.
 */
export function settingsText(defaults: GuildDefaults, language: string | null, text: Catalog, saved = false): string {
  const admin = text.ratings.admin;
  const lines = saved ? [admin.settingsSaved, ''] : [];
  lines.push(admin.settingsTitle);
  for (const key of SETTING_KEYS) lines.push(admin.settingLine(admin.settingLabels[key] ?? key, defaults[key]));
  lines.push(admin.languageLine(language === null ? null : (admin.languageNames[language] ?? language)));
  lines.push('', admin.settingsHelp, admin.languageHelp);
  return lines.join('\n');
}
