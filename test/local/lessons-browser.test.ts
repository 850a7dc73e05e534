/**
 * Lessons in the local page, in a real browser (docs/lessons.md): for each game, the empty
 * channel's 🎓 Learn button sends `/<game> learn`, and the learner completes the lesson by doing
 * what the private lesson panel says ("👉 Your move: …", the one move enabled) — on desktop in
 * English and at 390 px in Spanish — until it offers a real game. A lesson's messages are all
 * private, so the channel keeps its welcome: one page per language and width serves every game
 * (one channel each), the Learn buttons clicked one game after another. One lesson step per game
 * is photographed from the panel's top — the note, then the pictures with the ringed parts — at
 * desktop width in English and at phone width in Spanish (test-results/lesson-<game>-en.png,
 * lesson-<game>-es-phone.png), and the end of each lesson.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { GAME_MODULES } from '../../src/games/index.js';
import type { LocalPlay } from '../../src/local/play.js';
import { dataDir, findBrowser, launchBrowser, pageOffers, snapshot, startLocal } from './support.js';

const BROWSER = findBrowser();

const WORDS = {
  'en-US': { yourMove: /👉 Your move: (.+)/, complete: 'Lesson complete!', bots: 'Play a real game against bots' },
  'es-ES': { yourMove: /👉 Tu jugada: (.+)/, complete: '¡Lección completada!', bots: 'Jugar una partida de verdad contra bots' },
} as const;

describe.skipIf(!BROWSER)('lessons in the browser', () => {
  let browser: Browser;
  let play: LocalPlay;
  const data = dataDir();
  /** The learner's page per language: English at desktop width, Spanish at 390 px; each in its own channel. */
  const pages = new Map<keyof typeof WORDS, Page>();
  const WIDTH = { 'en-US': 1280, 'es-ES': 390 } as const;

  beforeAll(async () => {
    browser = await launchBrowser(BROWSER!);
    // Scripted bots move at once (the real pause, 1.2 s, would only make the test longer).
    play = await startLocal(data.dir, { appOptions: { serviceDeps: { lessonBotPaceMs: 0 } } });
    for (const locale of ['en-US', 'es-ES'] as const) {
      const name = `learn-${locale.slice(0, 2)}`;
      play.emulator.addChannel(name);
      // The channel is chosen at desktop width (on a phone the channel list is a drawer), then the page narrows.
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(play.url);
      await page.locator('.channel', { hasText: name }).click();
      await page.locator('.channel.active', { hasText: name }).waitFor();
      if (WIDTH[locale] !== 1280) {
        await page.setViewportSize({ width: WIDTH[locale], height: 844 });
        // The side drawers slide when the width changes.
        await page.waitForTimeout(500);
      }
      pages.set(locale, page);
    }
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await play?.stop();
    data.cleanup();
  });

  /** The lesson panels already in `page` (earlier games' lessons), by message id. */
  async function panelIds(page: Page): Promise<string[]> {
    return page.locator('.message.ephemeral[data-message-id]', { hasText: '🎓' }).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-message-id') ?? ''));
  }

  /** The learner's lesson panel: the newest private message with the lesson's heading, not one of `earlier`. */
  function lessonPanel(page: Page, earlier: readonly string[]): Locator {
    const not = earlier.map((id) => `:not([data-message-id="${id}"])`).join('');
    return page.locator(`.message.ephemeral${not}`, { hasText: '🎓' }).filter({ has: page.locator('.components, .action-row') }).last();
  }

  /**
   * Complete the lesson in `page` by following its panel (`earlier`: other lessons' panels);
   * photographs the whole panel at the second decision as lesson-<game>-<lang>[-phone].png.
   * Returns the learner's moves.
   */
  async function follow(page: Page, game: string, locale: keyof typeof WORDS, earlier: readonly string[]): Promise<number> {
    const words = WORDS[locale];
    const def = GAME_MODULES.find((mod) => mod.id === game)!.definition;
    let moves = 0;
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const panel = lessonPanel(page, earlier);
      const text = (await panel.textContent().catch(() => '')) ?? '';
      if (text.includes(words.complete)) return moves;
      const named = words.yourMove.exec((await panel.innerText().catch(() => '')) ?? '')?.[1]?.trim();
      const messageId = await panel.getAttribute('data-message-id').catch(() => null);
      const offered = named ? (await pageOffers(page, def)).filter((offer) => offer.messageId === messageId && offer.label.trim() !== '' && named.includes(offer.label.trim())) : [];
      if (!named || offered.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      if (moves === 1) {
        // One lesson step, photographed from the panel's top: the note, then the pictures with the
        // parts it points at ringed (pictures drawn: wait for them to load).
        await panel.locator('img').last().waitFor({ timeout: 5000 }).catch(() => {});
        await panel.evaluate((node) => node.scrollIntoView({ block: 'start' })).catch(() => {});
        await snapshot(page, `lesson-${game}-${locale.slice(0, 2)}${WIDTH[locale] < 400 ? '-phone' : ''}.png`);
      }
      // A DOM click: the panel is redrawn as the scripted bots move, and a pointer click waits for a still element.
      const offer = offered[0]!;
      const message = page.locator(`.message[data-message-id="${offer.messageId}"]`);
      // Redrawn meanwhile (a picture arrived): read the panel again.
      const clicked = await (offer.value !== undefined
        ? message.locator(`select.select[data-custom-id="${offer.customId}"]`).selectOption(offer.value, { timeout: 2000 })
        : message.locator(`button.button[data-custom-id="${offer.customId}"]`).evaluate((button) => (button as unknown as { click(): void }).click(), undefined, { timeout: 2000 })
      ).then(() => true, () => false);
      if (!clicked) continue;
      // Wait until the click is answered: the panel no longer offers that move at that step.
      await expect.poll(async () => (await pageOffers(page, def)).some((o) => o.customId === offer.customId && o.value === offer.value), { timeout: 45_000 }).toBe(false);
      moves += 1;
    }
    throw new Error(`the ${game} lesson did not complete: ${await lessonPanel(page, earlier).textContent()}`);
  }

  it.each(GAME_MODULES.filter((mod) => mod.lesson).map((mod) => [mod.id]))(
    '%s: Learn in the welcome, then doing what the panel says completes the lesson (desktop English, 390 px Spanish)',
    { timeout: 60_000 },
    async (game) => {
      const [ana] = play.emulator.members();
      for (const locale of ['en-US', 'es-ES'] as const) {
        play.emulator.setUserLocale(ana!.id, locale);
        const page = pages.get(locale)!;
        const earlier = await panelIds(page);
        // The channel holds only private messages: its welcome, with the Learn buttons, is still there.
        await page.locator(`#welcome-learn-${game}`).click();
        await lessonPanel(page, earlier).waitFor({ timeout: 45_000 });
        const moves = await follow(page, game, locale, earlier);
        expect(moves).toBeGreaterThanOrEqual(4);
        const panel = lessonPanel(page, earlier);
        await expect.poll(() => panel.locator('button', { hasText: WORDS[locale].bots }).count()).toBe(1);
        await snapshot(page, `lesson-${game}-${locale.slice(0, 2)}-end${WIDTH[locale] < 400 ? '-phone' : ''}.png`);
      }
      play.emulator.setUserLocale(ana!.id, 'en-US');
    },
  );
});
