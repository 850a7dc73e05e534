/**
 * Local play as a newcomer finds it (issue 34 items 4, 7, 12, 14), in a real browser: a
 * browser in Spanish gets the page and the bot's answers in Spanish for the users it looks
 * through, and the welcome says where the language is changed; a message link in a bot's
 * answer ("this channel already has an open table") opens the message inside the page, not
 * real Discord; a click while the bot restarts says so and goes through once it is back; on a
 * phone the member card opens in sight, not over the open members drawer, and a new channel
 * opens with the drawer out of the way; an open member card follows a language change, and
 * Escape closes it. Screenshots go to
 * test-results/newcomer-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { es as bot } from '../../src/i18n/es/index.js';
import type { LocalPlay } from '../../src/local/play.js';
// @ts-expect-error -- plain JS module of the page (type-checked by tsconfig.page.json)
import { PAGE_CATALOGS } from '../../src/local/page/i18n.js';
import { dataDir, findBrowser, launchBrowser, snapshot, startLocal, switchTo } from './support.js';

const BROWSER = findBrowser();
const page$ = (PAGE_CATALOGS as Record<string, Record<string, string>>)['es-ES']!;
const pageEn = (PAGE_CATALOGS as Record<string, Record<string, string>>)['en-US']!;

describe.skipIf(!BROWSER)('local play for a newcomer: language, restarts, message links, phone', () => {
  let browser: Browser;
  let play: LocalPlay;
  let context: BrowserContext;
  let page: Page;
  const data = dataDir('rh-local-newcomer-');
  const pageErrors: string[] = [];
  const members = () => play.emulator.members();

  beforeAll(async () => {
    browser = await launchBrowser(BROWSER!);
    play = await startLocal(data.dir);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await play?.stop();
    data.cleanup();
  });

  it('a browser in Spanish: the page, the users it looks through and the bot answer in Spanish; the welcome says where to change it', { timeout: 60_000 }, async () => {
    context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(play.url);
    await expect.poll(() => page.locator('#channels-title').textContent()).toBe(page$.textChannels);
    // The first user this browser looks through takes its language, as Discord's client does.
    const [ana, ben] = members();
    await expect.poll(() => members().find((m) => m.id === ana!.id)?.locale).toBe('es-ES');
    await expect.poll(() => page.locator('#welcome').textContent()).toContain(page$.welcomeLanguage!.replace('{language}', 'Español'));
    await snapshot(page.locator('#welcome'), 'newcomer-spanish-welcome.png');
    // A user added from this browser is Spanish from the start.
    await page.locator('#add-user').click();
    await page.locator('#add-user-form input').fill('Dee');
    await page.locator('#add-user-form input').press('Enter');
    await expect.poll(() => members().find((m) => m.name === 'Dee')?.locale).toBe('es-ES');
    // The bot answers in Spanish: /ayuda, typed with its Spanish name.
    const composer = page.locator('#composer-input');
    await composer.fill('/ayuda');
    await composer.press('Enter');
    await expect.poll(() => page.locator('.message.ephemeral').last().textContent(), { timeout: 45_000 }).toContain(bot.help.title);
    await snapshot(page, 'newcomer-spanish-desktop.png');
    // Another browser, in Latin-American Spanish, looking through Ben for the first time: es-419.
    const other = await browser.newContext({ locale: 'es-MX' });
    const second = await other.newPage();
    await second.goto(play.url);
    await second.locator('#you-are').waitFor();
    await switchTo(second, ben!.id);
    await expect.poll(() => members().find((m) => m.id === ben!.id)?.locale).toBe('es-419');
    // A language chosen on the member card stays: the next look from a Spanish browser keeps it.
    await second.locator(`.member[data-user="${ben!.id}"]`).click();
    await second.locator('#member-card select[name="locale"]').selectOption('en-US');
    await expect.poll(() => members().find((m) => m.id === ben!.id)?.locale).toBe('en-US');
    // The open card is drawn again in the language just chosen; Escape closes it.
    await expect.poll(() => second.locator('#member-card .card-close').textContent()).toBe(pageEn.close);
    await second.keyboard.press('Escape');
    await expect.poll(() => second.locator('#member-card').isHidden()).toBe(true);
    await second.reload();
    await second.locator(`.member.me[data-user="${ben!.id}"]`).waitFor();
    await second.waitForTimeout(300);
    expect(members().find((m) => m.id === ben!.id)?.locale).toBe('en-US');
    // The welcome names the language chosen on the member card.
    await expect.poll(() => second.locator('#welcome .welcome-language').textContent()).toBe(pageEn.welcomeLanguage!.replace('{language}', 'English, US'));
    await other.close();
  });

  it('a message link in an answer opens the message inside the page (never real Discord)', { timeout: 60_000 }, async () => {
    const composer = page.locator('#composer-input');
    await composer.fill('/suspicion nueva');
    await composer.press('Enter');
    const lobby = page.locator('.message:not(.ephemeral)', { hasText: /mesa #\d+/ }).last();
    await lobby.waitFor();
    const lobbyId = await lobby.getAttribute('data-message-id');
    await composer.fill('/noir nueva');
    await composer.press('Enter');
    const answer = page.locator('.message.ephemeral', { hasText: /ya tiene una mesa abierta/ }).last();
    await answer.waitFor();
    expect(await answer.locator('a[href^="https://discord.com"]').count()).toBe(0);
    const link = answer.locator('a.message-link');
    await link.waitFor();
    const url = page.url();
    await page.locator('#messages').evaluate((list: any) => { list.scrollTop = 0; });
    await link.click();
    expect(page.url()).toBe(url);
    expect(context.pages()).toHaveLength(1);
    await expect.poll(() => page.locator(`.message[data-message-id="${lobbyId}"]`).getAttribute('class')).toContain('highlight');
    await snapshot(answer, 'newcomer-message-link.png');
  });

  it('a click while the bot restarts says so, and goes through once it is back', { timeout: 60_000 }, async () => {
    const lobby = page.locator('.message:not(.ephemeral)', { hasText: /mesa #\d+/ }).last();
    const tableId = Number(/mesa #(\d+)/.exec((await lobby.textContent()) ?? '')?.[1]);
    // Dee (added from this Spanish browser) joins.
    const dee = members().find((m) => m.name === 'Dee')!;
    await switchTo(page, dee.id);
    const port = play.emulator.port;
    await play.stop();
    await expect.poll(() => page.locator('#status').isVisible(), { timeout: 5000 }).toBe(true);
    await lobby.locator('button', { hasText: bot.common.lobby.join }).click();
    const failure = lobby.locator('.interaction-failed');
    await expect.poll(() => failure.textContent()).toContain(page$.botRestarting);
    expect(await failure.textContent()).not.toMatch(/Failed to fetch/i);
    await snapshot(lobby, 'newcomer-click-while-down.png');
    play = await startLocal(data.dir, { port });
    // Back: the click is sent again by itself and Dee sits at the table.
    await expect.poll(async () => (await play.app.context.store.seats(tableId)).some((row) => row.userId === dee.id), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => failure.count()).toBe(0);
  });

  it('on a phone the member card opens in sight, not over the open members drawer; a channel added from the drawer opens with the drawer out of the way', { timeout: 60_000 }, async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await page.locator('#members').boundingBox())!.x).toBeGreaterThanOrEqual(390);
    await page.locator('#toggle-members').click();
    await expect.poll(async () => (await page.locator('#members').boundingBox())!.x).toBeLessThan(390);
    await snapshot(page, 'newcomer-phone-members.png');
    await page.locator('.member', { hasText: 'Dee' }).click();
    const card = page.locator('#member-card');
    await card.waitFor();
    await page.waitForTimeout(300);
    await snapshot(page, 'newcomer-phone-card.png');
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // Nothing of the drawer under the card: it made way.
    const drawer = (await page.locator('#members').boundingBox())!;
    expect(drawer.x).toBeGreaterThanOrEqual(390);
    // Every control of the card can be reached by a tap.
    for (const control of ['button[data-action="view-as"]', 'input[name="name"]', 'select[name="locale"]', '.card-close']) {
      await card.locator(control).click({ trial: true });
    }
    await card.locator('.card-close').click();
    await expect.poll(() => card.isHidden()).toBe(true);
    // A channel added from the channels drawer is opened, the drawer out of the way.
    await page.locator('#toggle-channels').click();
    await expect.poll(async () => (await page.locator('#channels').boundingBox())!.x).toBeGreaterThanOrEqual(0);
    await page.locator('#add-channel').click();
    await page.locator('#add-channel-form input').fill('Phone Games');
    await page.locator('#add-channel-form input').press('Enter');
    await page.locator('.channel.active', { hasText: 'phone-games' }).waitFor({ state: 'attached' });
    await expect.poll(async () => { const b = await page.locator('#channels').boundingBox(); return b ? b.x + b.width : 0; }).toBeLessThanOrEqual(0);
    expect(pageErrors).toEqual([]);
  });
});
