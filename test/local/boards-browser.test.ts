/**
 * Every game's table as a player sees it on the local page (README "Quick start"; issue:
 * "See the table"): started from the empty channel's welcome button for that game (you and
 * bots), Start, then the public board and the host's private hand arrive as pictures with
 * alt text of at least 40 characters, fit a 390 px phone, in English and in Spanish.
 * Screenshots (board and hand, desktop and phone, both languages) go to test-results/
 * as `table-<game>-<lang>-<desktop|phone>.png` and `hand-<game>-<lang>.png`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { LocalPlay } from '../../src/local/play.js';
import { dataDir, findBrowser, launchBrowser, snapshot, startLocal, switchTo, until } from './support.js';

const BROWSER = findBrowser();

const GAMES = [
  { game: 'suspicion', button: '#welcome-play' },
  { game: 'noir', button: '#welcome-play-noir' },
  { game: 'phantom', button: '#welcome-play-phantom' },
  { game: 'jaccuse', button: '#welcome-play-jaccuse' },
] as const;

const WORDS = {
  en: { locale: 'en-US', start: 'Start', showHand: 'Show my hand' },
  es: { locale: 'es-ES', start: 'Empezar', showHand: 'Ver mi mano' },
} as const;

/** Scroll `target` into sight, again if the page redrew it meanwhile (an edited message is a new node). */
async function bringIntoView(target: Locator): Promise<void> {
  await until(async () => {
    try {
      await target.scrollIntoViewIfNeeded({ timeout: 2_000 });
      return true;
    } catch {
      return false;
    }
  }, 'a message in sight', 10_000);
}

/** The picture of `message` once loaded: its alt text and its natural and shown widths (px). */
async function picture(message: Locator): Promise<{ alt: string; naturalWidth: number; shownRight: number }> {
  const img = message.locator('img.v2-media').first();
  await img.waitFor({ timeout: 20_000 });
  await expect.poll(() => img.evaluate((n) => (n as unknown as { naturalWidth: number }).naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  // The page redraws a message when it is edited (a bot moved): read its box once it holds still.
  const box = await until(() => img.boundingBox(), 'the picture\'s box');
  return {
    alt: (await img.getAttribute('alt')) ?? '',
    naturalWidth: await img.evaluate((n) => (n as unknown as { naturalWidth: number }).naturalWidth),
    shownRight: box.x + box.width,
  };
}

describe.skipIf(!BROWSER)('local play: every game\'s table drawn, as a player sees it', () => {
  let browser: Browser;
  let play: LocalPlay;
  const data = dataDir();

  beforeAll(async () => {
    browser = await launchBrowser(BROWSER!);
    play = await startLocal(data.dir);
  });

  afterAll(async () => {
    await browser?.close();
    await play?.stop();
    data.cleanup();
  });

  for (const lang of ['en', 'es'] as const) {
    for (const { game, button } of GAMES) {
      it(`${game} (${lang}): board and hand arrive as pictures with alt text, desktop and phone`, { timeout: 60_000 }, async () => {
        const words = WORDS[lang];
        const ana = play.emulator.members()[0]!;
        play.emulator.setUserLocale(ana.id, words.locale);
        const channel = `${game}-${lang}`;
        play.emulator.addChannel(channel);
        // Tall enough for a whole board in one desktop screenshot.
        const page: Page = await browser.newPage({ viewport: { width: 1280, height: 1700 } });
        try {
          await page.goto(play.url);
          await switchTo(page, ana.id);
          await page.locator('.channel', { hasText: channel }).click();
          await page.locator('.channel.active', { hasText: channel }).waitFor();
          await page.locator(button).click();
          const lobby = page.locator('.message:not(.ephemeral)').filter({ has: page.locator('button', { hasText: words.start }) }).last();
          await lobby.waitFor({ timeout: 45_000 });
          await lobby.locator('button', { hasText: words.start }).click();

          // The board: a Components V2 message with the picture and its words.
          const board = page.locator('.message:not(.ephemeral)').filter({ has: page.locator('img.v2-media') }).filter({ has: page.locator('button', { hasText: words.showHand }) }).last();
          const shownBoard = await picture(board);
          expect(shownBoard.alt.length).toBeGreaterThanOrEqual(40);
          expect(shownBoard.naturalWidth).toBeGreaterThanOrEqual(400);

          // The host's hand: a private panel with its own picture.
          await board.locator('button', { hasText: words.showHand }).click();
          const hand = page.locator('.message.ephemeral').filter({ has: page.locator('img.v2-media') }).last();
          const shownHand = await picture(hand);
          expect(shownHand.alt.length).toBeGreaterThanOrEqual(40);
          expect(shownHand.alt).not.toBe(shownBoard.alt);
          await bringIntoView(board);
          await snapshot(board, `table-${game}-${lang}-desktop.png`);
          await bringIntoView(hand);
          await snapshot(hand, `hand-${game}-${lang}.png`);

          // A 390 px phone: both pictures inside the screen.
          await page.setViewportSize({ width: 390, height: 844 });
          await page.waitForTimeout(300); // the side panels slide away (style.css: .15s)
          await bringIntoView(board);
          expect((await picture(board)).shownRight).toBeLessThanOrEqual(390);
          await snapshot(page, `table-${game}-${lang}-phone.png`);
          // The whole board and the whole hand as the phone shows them (docs/screenshots/).
          await snapshot(board, `board-${game}-${lang}-phone-390.png`);
          await bringIntoView(hand);
          expect((await picture(hand)).shownRight).toBeLessThanOrEqual(390);
          await snapshot(hand, `hand-${game}-${lang}-phone-390.png`);
        } finally {
          await page.close();
          play.emulator.setUserLocale(ana.id, 'en-US');
        }
      });
    }
  }
});
