/** Texts of `/admin tables` and `/admin settings` (README "Leaderboards and ratings" → `/admin`). */
import type { OpenTablesPage } from '../../admin/tables.js';
import { SETTING_KEYS, settingUse, type GuildDefaults, type HostingRules, type SettingKey } from '../../admin/settings.js';
import type { GameRegistry } from '../../games/registry.js';
import type { Catalog } from '../../i18n/index.js';
import type { GuildWatchSettings } from '../../persistence/store/types.js';
import { serverDefaultPolicy } from '../../tables/spectators.js';
import { clip, escapeName, MESSAGE_CONTENT_MAX } from './markup.js';

/** At most this many player names per listed table. */
const NAMES_LISTED = 6;

/**
 * The `/admin tables` text for one page of open tables: channel, game, status, players,
 * age and last move of each, a page note when there are several, and how to end one.
 * Always one message (MESSAGE_CONTENT_MAX characters): when long names would overflow it,
 * each table's player list is cut to an equal share of the room left ("…" marks the cut).
 */
export function adminTablesText(listing: OpenTablesPage, registry: GameRegistry, text: Catalog): string {
  const admin = text.ratings.admin;
  if (listing.total === 0) return admin.noTables;
  const playerLists = listing.lines.map(({ players }) => {
    const names = players.slice(0, NAMES_LISTED).map(escapeName);
    if (players.length > NAMES_LISTED) names.push('…');
    return names.join(', ');
  });
  const full = adminTablesLines(listing, registry, text, playerLists);
  if (full.length <= MESSAGE_CONTENT_MAX) return full;
  const room = MESSAGE_CONTENT_MAX - adminTablesLines(listing, registry, text, playerLists.map(() => '')).length;
  const share = Math.max(1, Math.floor(room / Math.max(1, listing.lines.length)));
  return adminTablesLines(listing, registry, text, playerLists.map((list) => clip(list, share))).slice(0, MESSAGE_CONTENT_MAX);
}

/** The `/admin tables` text with the given player list per listed table. */
function adminTablesLines(listing: OpenTablesPage, registry: GameRegistry, text: Catalog, playerLists: string[]): string {
  const admin = text.ratings.admin;
  const lines = [admin.tablesTitle(listing.total)];
  listing.lines.forEach(({ table, players, lastMoveAt }, index) => {
    const mod = registry.find(table.game);
    lines.push(
      admin.tableLine(
        table.id,
        mod?.emoji ?? '🎲',
        mod ? mod.title(text) : table.game,
        table.channelId,
        table.status === 'lobby' ? admin.statusLobby : admin.statusActive,
        playerLists[index]!,
        players.length,
        admin.rel(table.createdAt),
        lastMoveAt === null ? admin.noMove : admin.rel(lastMoveAt),
      ),
    );
  });
  if (listing.pages > 1) lines.push(admin.morePages(listing.page, listing.pages));
  lines.push('', admin.endHint);
  return lines.join('\n');
}

/** What `/admin settings` shows: the timer defaults and the hosting rules. */
export interface SettingsView {
  defaults: GuildDefaults;
  rules: HostingRules;
  /** The server's table language ('en', 'es'), or null: each table takes its opener's language. */
  language: string | null;
  /** Public boards drawn as text instead of pictures (README "Pictures"). */
  textBoards: boolean;
  /** Watching defaults for new tables and the tournament organisers' role (docs/watching.md, docs/tournaments.md); absent: not shown. */
  watching?: GuildWatchSettings;
}

/**
 * The notes for one timer default: which games do not have that timer, and which keep their
 * own default because the value is outside their limits (`settingUse`).
 */
function settingNotes(registry: GameRegistry, key: SettingKey, value: number | undefined, text: Catalog): string {
  if (value === undefined) return '';
  const admin = text.ratings.admin;
  const uses = settingUse(registry, key, value);
  const title = (id: string) => registry.find(id)?.title(text) ?? id;
  const notes: string[] = [];
  const unused = uses.filter((use) => use.use === 'no_such_timer').map((use) => title(use.game));
  if (unused.length) notes.push(admin.settingUnused(unused.join(', '), admin.settingWhat[key] ?? key));
  for (const use of uses) if (use.use === 'out_of_range') notes.push(admin.settingOutOfRange(title(use.game), use.min, use.max));
  return notes.join('; ');
}

/**
 * The `/admin settings` text: each server default (or "each game's own default") with the
 * games that ignore it and why, who may open tables where, and how to change them. `notes`
 * (e.g. "Saved.") come first. When everything would not fit in one message
 * (MESSAGE_CONTENT_MAX characters — e.g. 25 listed channels and every note, in Spanish), the
 * how-to lines are left out first, so the settings themselves are always shown whole.
 */
export function settingsText(view: SettingsView, registry: GameRegistry, text: Catalog, notes: string[] = []): string {
  const full = settingsLines(view, registry, text, notes, true).join('\n');
  return full.length <= MESSAGE_CONTENT_MAX ? full : settingsLines(view, registry, text, notes, false).join('\n');
}

/** The lines of `settingsText`, with or without the how-to-change lines. */
function settingsLines(view: SettingsView, registry: GameRegistry, text: Catalog, notes: string[], withHelp: boolean): string[] {
  const admin = text.ratings.admin;
  const lines = notes.length ? [...notes, ''] : [];
  lines.push(admin.settingsTitle);
  for (const key of SETTING_KEYS) {
    const value = view.defaults[key];
    lines.push(admin.settingLine(admin.settingLabels[key] ?? key, value, settingNotes(registry, key, value, text)));
  }
  const language = view.language === null ? null : (admin.languageNames[view.language] ?? view.language);
  lines.push(admin.languageLine(language));
  lines.push(admin.textBoardsLine(view.textBoards));
  if (view.watching) {
    const w = text.watch;
    const policy = serverDefaultPolicy(view.watching);
    lines.push(w.adminLine(w.modes[policy.mode] ?? policy.mode, policy.mode === 'delayed' ? policy.delay : null, w.seeHands[policy.seeHands] ?? policy.seeHands));
  }
  if (withHelp) lines.push('', admin.settingsHelp, admin.languageHelp, admin.textBoardsHelp, ...(view.watching ? [text.watch.adminHelp] : []));
  lines.push('', admin.hostingTitle);
  const { channelIds, hostRoleId } = view.rules;
  lines.push(channelIds ? admin.channelsListed(channelIds.map((id) => `<#${id}>`).join(', ')) : admin.channelsAnywhere);
  lines.push(hostRoleId ? admin.hostsRole(hostRoleId) : admin.hostsAnyone);
  if (view.watching) lines.push(text.tournaments.organisersLine(view.watching.tournamentRoleId));
  if (withHelp) lines.push('', admin.hostingHelp, ...(view.watching ? [text.tournaments.organisersHelp] : []));
  return lines;
}
