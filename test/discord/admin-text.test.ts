/**
 * `/admin settings` fits in one message (Discord: content ≤ 2000 characters,
 * discord-platform.md §limits) in every language, even in the longest case: every timer
 * set where some game cannot take it (a note per game), the most listed channels
 * (MAX_TABLE_CHANNELS, 19-digit snowflakes), a host role, and both "Saved." notes. The
 * settings and every listed channel are always shown; the how-to lines give way first.
 */
import { describe, expect, it } from 'vitest';
import { MAX_TABLE_CHANNELS, SETTING_KEYS, SETTING_LIMITS, type GuildDefaults } from '../../src/admin/settings.js';
import { MESSAGE_CONTENT_MAX } from '../../src/discord/render/markup.js';
import { settingsText, type SettingsView } from '../../src/discord/render/admin.js';
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
        const view: SettingsView = { defaults, rules: { channelIds, hostRoleId: '98765432109876543210' }, language: 'es' };
        const shown = settingsText(view, registry, text, [admin.settingsSaved, admin.listEmptied]);
        expect(shown.length).toBeLessThanOrEqual(MESSAGE_CONTENT_MAX);
        expect(shown).toContain(admin.settingsSaved);
        for (const id of channelIds) expect(shown).toContain(`<#${id}>`);
        expect(shown).toContain(admin.hostsRole('98765432109876543210'));
        for (const key of SETTING_KEYS) expect(shown).toContain(admin.settingLabels[key]!);
      }
    });

    it(`keeps the how-to lines in ${language} when the settings are short`, () => {
      const admin = text.ratings.admin;
      const shown = settingsText({ defaults: {}, rules: { channelIds: null, hostRoleId: null }, language: null }, registry, text);
      expect(shown).toContain(admin.settingsHelp);
      expect(shown).toContain(admin.hostingHelp);
      expect(shown).toContain(admin.channelsAnywhere);
    });
  }
});
