/**
 * Lessons in the local page, in a real browser (docs/lessons.md "Tests and screenshots"): the
 * body of test/local/lessons-browser.test.ts (English at desktop width, Spanish at 390 px: in
 * `npm test`) and test/local/lessons-more-browser.test.ts (English at 390 px, Spanish at desktop
 * width: in the vitest project `slow`, so that the four together add nothing to `npm test`).
 *
 * For each game, the empty channel's 🎓 Learn button sends `/<game> learn`, and the learner
 * completes the lesson by doing what the private lesson panel says ("👉 Your move: …", the one
 * move enabled) until it offers a real game. Each way (a client language and a page width) is a
 * learner of its own — a member with that language, on their own page, in their own channel —
 * and the ways follow one another, game by game. A lesson's messages are all private, so each
 * channel keeps its welcome: one page serves every game, the Learn buttons clicked one game
 * after another. One lesson step per game and way is photographed from the panel's top — the
 * note, then the pictures with the ringed parts — (test-results/lesson-<game>-<en|es>-<desktop|phone>.png),
 * and the end of each lesson (…-end-…).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { GAME_MODULES } from '../../src/games/index.js';
import type { LocalPlay } from '../../src/local/play.js';
import { dataDir, findBrowser, launchBrowser, pageOffers, snapshot, startLocal, switchTo } from './support.js';

const BROWSER = findBrowser();

const WORDS = {
  'en-US': { yourMove: /👉 Your move: (.+)/, complete: 'Lesson complete!', bots: 'Play a real game against bots' },
  'es-ES': { yourMove: /👉 Tu jugada: (.+)/, complete: '¡Lección completada!', bots: 'Jugar una partida de verdad contra bots' },
} as const;

/** A learner: their client language and the page's width (px). */
interface Learner {
  locale: keyof typeof WORDS;
  width: number;
  userId: string;
  page: Page;
}

/** A way a lesson is followed: the learner's client language and the page's width (px: 1280 desktop, 390 a phone). */
export type LessonWay = Pick<Learner, 'locale' | 'width'>;

/** `lesson-<game>-<en|es>-<desktop|phone>` (with `-end` for the lesson's end). */
function photoName(game: string, learner: Pick<Learner, 'locale' | 'width'>, end = false): string {
  return `lesson-${game}-${learner.locale.slice(0, 2)}${end ? '-end' : ''}-${learner.width < 400 ? 'phone' : 'desktop'}.png`;
}

/** The browser test of every game's lesson, followed each of `ways` in turn. */
export function describeLessons(ways: readonly LessonWay[]): void {
  describe.skipIf(!BROWSER)(`lessons in the browser (${ways.map((way) => `${way.locale} ${way.width} px`).join(', ')})`, () => {
    let browser: Browser;
    let play: LocalPlay;
    const data = dataDir();
    const learners: Learner[] = [];

    beforeAll(async () => {
      browser = await launchBrowser(BROWSER!);
      // Scripted bots move at once (the real pause, 1.2 s, would only make the test longer).
      play = await startLocal(data.dir, { appOptions: { serviceDeps: { lessonBotPaceMs: 0 } } });
      const members = play.emulator.members();
      for (const [i, way] of ways.entries()) {
        // The local world's members (Ana, Ben, Cleo), then more.
        const userId = members[i]?.id ?? play.emulator.addUser(`Learner ${i + 1}`).id;
        play.emulator.setUserLocale(userId, way.locale);
        const name = `learn-${i + 1}-${way.locale.slice(0, 2)}-${way.width}`;
        play.emulator.addChannel(name);
        // The channel is chosen at desktop width (on a phone the channel list is a drawer), then the page narrows.
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(play.url);
        await switchTo(page, userId);
        await page.locator('.channel', { hasText: name }).click();
        await page.locator('.channel.active', { hasText: name }).waitFor();
        if (way.width !== 1280) {
          await page.setViewportSize({ width: way.width, height: 844 });
          // The side drawers slide when the width changes.
          await page.waitForTimeout(500);
        }
        learners.push({ ...way, userId, page });
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
     * Complete the lesson in the learner's page by following its panel (`earlier`: other lessons'
     * panels); photographs the whole panel at the second decision (`photoName`). Returns the
     * learner's moves.
     */
    async function follow(learner: Learner, game: string, earlier: readonly string[]): Promise<number> {
      const { page } = learner;
      const words = WORDS[learner.locale];
      const def = GAME_MODULES.find((mod) => mod.id === game)!.definition;
      let moves = 0;
      const until = Date.now() + 90_000;
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
          await snapshot(page, photoName(game, learner));
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
      '%s: Learn in the welcome, then doing what the panel says completes the lesson',
      { timeout: 180_000 },
      async (game) => {
        const done: { way: string; moves: number }[] = [];
        for (const learner of learners) {
          const { page } = learner;
          const earlier = await panelIds(page);
          // The channel holds only private messages: its welcome, with the Learn buttons, is still there.
          await page.locator(`#welcome-learn-${game}`).click();
          await lessonPanel(page, earlier).waitFor({ timeout: 45_000 });
          const moves = await follow(learner, game, earlier);
          const panel = lessonPanel(page, earlier);
          await expect.poll(() => panel.locator('button', { hasText: WORDS[learner.locale].bots }).count()).toBe(1);
          await snapshot(page, photoName(game, learner, true));
          done.push({ way: `${learner.locale} ${learner.width} px`, moves });
        }
        // Each way completed the lesson, making at least four moves (docs/lessons.md: 4–10 decisions).
        for (const { way, moves } of done) expect(moves, way).toBeGreaterThanOrEqual(4);
        expect(done.map((d) => d.way)).toEqual(ways.map((way) => `${way.locale} ${way.width} px`));
      },
    );
  });
}
