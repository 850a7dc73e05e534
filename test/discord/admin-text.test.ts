/**
 * `/admin settings` and `/admin tables` fit in one message (Discord: content ≤ 2000 characters,
 * docs/discord.md §3) in every language, even in the longest case: every timer
 * set where some game cannot take it (a note per game), the most listed channels
 * (MAX_TABLE_CHANNELS, 19-digit snowflakes), a host role, and both "Saved." notes. The
 * settings and every listed channel are always shown; the how-to lines give way first.
 * `/admin tables`: a full page of six-seat tables with 32-character names (Discord's
 * longest) lists every table, the names cut to fit.
 */
import { describe, expect, it } from 'vitest';
import { MAX_TABLE_CHANNELS, SETTING_KEYS, SETTING_LIMITS, type GuildDefaults } from '../../src/admin/settings.js';
import { MESSAGE_CONTENT_MAX } from '../../src/discord/render/markup.js';
import { adminTablesText, settingsText, type SettingsView } from '../../src/discord/render/admin.js';
import { ADMIN_TABLES_LISTED } from '../../src/admin/tables.js';
import type { TableRow } from '../../src/persistence/store/types.js';
import { defaultRegistry } from '../../src/games/index.js';
import { catalogs } from '../../src/i18n/index.js';

const registry = defaultRegistry();
const channelIds = Array.from({ length: MAX_TABLE_CHANNELS }, (_, i) => String(1_234_567_890_123_456_789n + BigInt(i)));
const extremes: GuildDefaults[] = [
  Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTING_LIMITS[key].max])),
  Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTING_LIMITS[key].min])),
];

describe('/admin settings text', () => {
  for (const [language, text] of Object.entries(catalogs)) {
    it(`fits in one message in ${language} with every setting, ${MAX_TABLE_CHANNELS} channels and every note`, () => {
      const admin = text.ratings.admin;
      for (const defaults of extremes) {
        const view: SettingsView = { defaults, rules: { channelIds, hostRoleId: '98765432109876543210' }, language: 'es', textBoards: true };
        const shown = settingsText(view, registry, text, [admin.settingsSaved, admin.listEmptied]);
        expect(shown.length).toBeLessThanOrEqual(MESSAGE_CONTENT_MAX);
        expect(shown).toContain(admin.settingsSaved);
        for (const id of channelIds) expect(shown).toContain(`<#${id}>`);
        expect(shown).toContain(admin.hostsRole('98765432109876543210'));
        for (const key of SETTING_KEYS) expect(shown).toContain(admin.settingLabels[key]!);
        expect(shown).toContain(admin.textBoardsLine(true));
      }
    });

    it(`keeps the how-to lines in ${language} when the settings are short`, () => {
      const admin = text.ratings.admin;
      const shown = settingsText({ defaults: {}, rules: { channelIds: null, hostRoleId: null }, language: null, textBoards: false }, registry, text);
      expect(shown).toContain(admin.settingsHelp);
      expect(shown).toContain(admin.textBoardsLine(false));
      expect(shown).toContain(admin.textBoardsHelp);
      expect(shown).toContain(admin.hostingHelp);
      expect(shown).toContain(admin.channelsAnywhere);
    });
  }
});

describe('/admin tables text', () => {
  const now = Date.UTC(2026, 11, 1);
  /** A full page of six-seat tables whose players all have 32-character names (Discord's longest). */
  const page = (name: string) => ({
    total: 999,
    page: 50,
    pages: 84,
    lines: Array.from({ length: ADMIN_TABLES_LISTED }, (_, i) => ({
      table: { id: 123_456 + i, game: 'jaccuse', channelId: String(1_234_567_890_123_456_789n + BigInt(i)), status: 'active', createdAt: now - 86_400_000 } as TableRow,
      players: Array.from({ length: 6 }, (_, seat) => `${name}${seat}`.padEnd(32, name[0])),
      lastMoveAt: now,
    })),
  });

  for (const [language, text] of Object.entries(catalogs)) {
    it(`fits a full page of the longest names in one message in ${language}, every table still listed`, () => {
      const shown = adminTablesText(page('W'), registry, text);
      expect(shown.length).toBeLessThanOrEqual(MESSAGE_CONTENT_MAX);
      for (let i = 0; i < ADMIN_TABLES_LISTED; i++) {
        expect(shown).toContain(`#${123_456 + i}`);
        expect(shown).toContain(`<#${1_234_567_890_123_456_789n + BigInt(i)}>`);
      }
      expect(shown).toContain(text.ratings.admin.endHint);
      expect(shown).toContain('…');
    });

    it(`shows short names whole in ${language}`, () => {
      const shown = adminTablesText({ total: 1, page: 1, pages: 1, lines: [{ ...page('a').lines[0]!, players: ['Ann', 'Bo'] }] }, registry, text);
      expect(shown).toContain('Ann, Bo');
      expect(shown).not.toContain('…');
    });
  }
});
