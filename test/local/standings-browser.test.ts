/**
 * A tournament's standings in local play, in a real browser at 390 px (docs/tournaments.md "On
 * Discord"): eight entrants at NOIR, one tournament opened by an English-speaking organiser in
 * #general and one by a Spanish-speaking organiser in #game-night (a tournament speaks its
 * organiser's language when the server chose none). Two rounds of three are decided by the
 * losers leaving (the higher user id at each table). The page, looking through a player's eyes
 * at 390 px wide, shows the standings post after round 2: its picture loaded, as wide as the
 * message column allows and never wider than the phone, with the alt text the bot sent; the
 * `/tournament standings` answer lists the same first place. Screenshots go to test-results/
 * (standings-en-phone-390.png, standings-es-phone-390.png; copies in docs/screenshots/).
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import type { LocalPlay } from '../../src/local/play.js';
import { standingsOf } from '../../src/tournaments/service.js';
import { settle } from '../e2e/harness.js';
import { dataDir, findBrowser, launchBrowser, snapshot, startLocal, switchTo, until } from './support.js';

const BROWSER = findBrowser();

describe.skipIf(!BROWSER)('tournament standings in local play at 390 px', () => {
  let browser: Browser;
  let play: LocalPlay;
  const data = dataDir('rh-local-standings-');

  beforeAll(async () => {
    browser = await launchBrowser(BROWSER!);
  });

  afterAll(async () => {
    await browser?.close();
    await play?.stop();
    data.cleanup();
  });

  it('shows the standings picture after round 2, whole and within the phone, in English and in Spanish', { timeout: 180_000 }, async () => {
    play = await startLocal(data.dir);
    const emu = play.emulator;
    const [ana, ben, cleo] = emu.members().slice(0, 3).map((m) => emu.user(m.id)!);
    // Ana owns the server; Marta organises with Manage Server.
    const marta = emu.addUser('Marta', { locale: 'es-ES', permissions: PermissionFlagsBits.ManageGuild });
    const others = ['Dario', 'Evangelina Montenegro', 'Farid', 'Greta', 'Hugo'].map((name) => emu.addUser(name));
    const service = play.app.context.tournaments!;
    const channels = new Map(emu.channels().map((c) => [c.name, c.id]));
    let seen = 0;

    for (const [lang, text, organiser, channelName] of [
      ['en', en, ana!, 'general'],
      ['es', es, marta, 'game-night'],
    ] as const) {
      const tt = text.tournaments;
      const channelId = channels.get(channelName)!;
      const card = (await organiser.slash('tournament new', { game: 'noir', name: lang === 'en' ? 'Spring cup' : 'Copa de primavera', rounds: 3 }, { channelId })).message!;
      const t0 = (await service.openInChannel(channelId))!;
      expect(t0, `${lang}: the tournament opened (${card.content})`).toBeDefined();
      const entrants = [organiser === ana ? ana : marta, ben!, cleo!, ...others].slice(0, 8);
      for (const user of entrants) await user.slash('tournament join', {}, { channelId });
      expect((await service.get(t0.id))!.entrants).toHaveLength(8);
      await organiser.slash('tournament start', {}, { channelId });
      for (let round = 1; round <= 2; round++) {
        await until(async () => {
          const t = (await service.get(t0.id))!;
          return t.round === round && t.rounds[round - 1]!.tables.every((table) => table.tableId !== null);
        }, `${lang}: round ${round} open`, 30_000);
        const t = (await service.get(t0.id))!;
        for (const table of t.rounds[round - 1]!.tables) {
          const loser = [...table.players].sort().at(-1)!;
          const left = await play.app.context.service.play.leaveGame(table.tableId!, { userId: loser, displayName: loser, canManageGuild: false });
          expect(left.ok, JSON.stringify(left)).toBe(true);
        }
        await service.idle();
      }
      const t = (await service.get(t0.id))!;
      expect(t.round).toBe(3);
      await play.app.tournamentPosts.settled();
      await settle(play.app);
      const post = await until(() => emu.messages(channelId).find((m) => m.attachments.some((a) => String(a.filename) === `standings-${t.id}-2.png`)), `${lang}: the standings post`, 30_000);
      const alt = String(post.attachments[0]!.description);
      expect(alt).toContain(tt.standings.after(2, 3));

      // The page, as one of the players (reading in the tournament's language), at 390 px.
      const viewer = lang === 'en' ? ben! : marta;
      const context = await browser.newContext({ viewport: { width: 390, height: 1400 } });
      // The page opens the channel it last showed (its localStorage key).
      await context.addInitScript(`localStorage.setItem('rh.channel', ${JSON.stringify(channelId)})`);
      const page: Page = await context.newPage();
      await page.goto(play.url);
      await page.locator('.channel.active').waitFor();
      await switchTo(page, viewer.id);
      const message = page.locator('.message').filter({ has: page.locator(`img[alt="${alt.replace(/"/g, '\\"')}"]`) }).last();
      await message.waitFor({ timeout: 30_000 });
      const img = message.locator('img').first();
      const loaded = () => img.evaluate((el) => (el as unknown as { complete: boolean; naturalWidth: number }).naturalWidth);
      await expect.poll(loaded, { timeout: 20_000 }).toBeGreaterThan(0);
      const box = (await img.boundingBox())!;
      // Whole and inside the phone: nothing cut at the right edge, and not drawn tiny.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.width).toBeGreaterThan(250);
      expect(await message.textContent()).toContain(tt.posts.roundOver(2).replace(/\*\*/g, ''));
      await message.scrollIntoViewIfNeeded();
      await snapshot(message, `standings-${lang}-phone-390.png`);
      await context.close();
      // `/tournament standings` (the reader's language) names the same leader, privately.
      const lines = standingsOf(t);
      const leader = t.entrants.find((e) => e.userId === lines[0]!.id)!.name;
      const answer = (await viewer.slash('tournament standings', {}, { channelId })).message!;
      expect(answer.ephemeral).toBe(true);
      expect(answer.content).toContain(`1. **${leader}**`);
      seen++;
    }
    expect(seen).toBe(2);
  });
});
