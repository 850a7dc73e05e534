/**
 * The first minutes of local play in a real browser (README → Quick start): an empty channel
 * greets the visitor with where the commands are and a button that starts a game against
 * bots, in the client language; a Spanish client sees and types the Spanish command names
 * (`/noir nueva`, `/ayuda`) as Discord's client lets it; the member card's contents stay
 * inside the card; an option's range error is not covered by the suggestion popup; a command
 * reply's "used /command" line names the command in the viewer's language; the welcome stays
 * while the channel holds only private (ephemeral) answers, such as /help's; a player's first
 * table of a game says, at their first look at the hand, that 💡 Hint is on and suggests the lesson.
 * Screenshots (desktop and 390 px, English and Spanish) go to test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { GAME_MODULES } from '../../src/games/index.js';
import { catalogs } from '../../src/i18n/index.js';
import type { LocalPlay } from '../../src/local/play.js';
import { dataDir, findBrowser, launchBrowser, snapshot, startLocal, switchTo, until } from './support.js';

const BROWSER = findBrowser();

/** How far (px) any element of the member card reaches past the card's right edge (0 = none). */
async function cardOverflow(page: Page): Promise<number> {
  return page.locator('#member-card').evaluate((card: any) => {
    const right = card.getBoundingClientRect().right;
    return Math.max(0, card.scrollWidth - card.clientWidth, ...[...card.querySelectorAll('*')].map((el: any) => Math.ceil(el.getBoundingClientRect().right - right)));
  });
}

/** Whether the suggestion popup (when shown) overlaps the composer's error line. */
async function errorCovered(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document;
    const error = doc.querySelector('#composer-error').getBoundingClientRect();
    const box = doc.querySelector('#suggestions');
    if (box.hidden) return false;
    const popup = box.getBoundingClientRect();
    return popup.bottom > error.top && popup.top < error.bottom;
  });
}

describe.skipIf(!BROWSER)('local play in the browser: the first minutes', () => {
  let browser: Browser;
  let play: LocalPlay;
  const data = dataDir();

  beforeAll(async () => {
    browser = await launchBrowser(BROWSER!);
    play = await startLocal(data.dir, { appOptions: { serviceDeps: { newSeed: () => 4242 } } });
  });

  afterAll(async () => {
    await browser?.close();
    await play?.stop();
    data.cleanup();
  });

  it('an empty channel greets the visitor, in English and in Spanish, desktop and phone', { timeout: 30_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(play.url);
    await page.locator('.channel.active', { hasText: 'general' }).waitFor();
    const welcome = page.locator('#welcome');
    await expect.poll(() => welcome.textContent()).toMatch(/Type \/ in the message box.*\/help/);
    await expect.poll(() => page.locator('#welcome-play').textContent()).toBe('🔎 Suspicion · 4 players');
    // One button per game, each sending the command it names (as if typed).
    const buttons = page.locator('.welcome-games button');
    expect(await buttons.allTextContents()).toEqual(['🔎 Suspicion · 4 players', '🔪 NOIR · 2 players', '👻 Tricks and the Phantom · 3 players', '🫵 J’Accuse! · 4 players']);
    expect(await buttons.evaluateAll((nodes: any[]) => nodes.map((n) => n.dataset.command))).toEqual([
      '/suspicion new seats:4 bots:3',
      '/noir new bots:1',
      '/phantom new seats:3 bots:2',
      '/jaccuse new seats:4 bots:3',
    ]);
    await snapshot(page, 'first-ten-welcome-en.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'first-ten-welcome-en-phone.png');
    const ana = play.emulator.members()[0]!;
    play.emulator.setUserLocale(ana.id, 'es-ES');
    await expect.poll(() => page.locator('#welcome-play').textContent(), { timeout: 5000 }).toBe('🔎 Suspicion · 4 jugadores');
    expect(await page.locator('.welcome-games button').evaluateAll((nodes: any[]) => nodes.map((n) => n.dataset.command))).toEqual([
      '/suspicion nueva plazas:4 bots:3',
      '/noir nueva bots:1',
      '/phantom nueva plazas:3 bots:2',
      '/jaccuse nueva plazas:4 bots:3',
    ]);
    expect(await welcome.textContent()).toMatch(/\/ayuda/);
    await snapshot(page, 'first-ten-welcome-es-phone.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await snapshot(page, 'first-ten-welcome-es.png');

    // The button starts a Suspicion table with three bots: the lobby with its Start button.
    await page.locator('#welcome-play').click();
    const lobby = page.locator('.message').filter({ has: page.locator('button', { hasText: 'Empezar' }) }).last();
    await lobby.waitFor({ timeout: 45_000 });
    await expect.poll(() => lobby.textContent()).toMatch(/4\/4/);
    await expect.poll(() => welcome.count()).toBe(0);
    play.emulator.setUserLocale(ana.id, 'en-US');
    await page.close();
  });

  it('a Spanish client sees and types the Spanish command names', { timeout: 30_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(play.url);
    await page.locator('.channel', { hasText: 'game-night' }).click();
    await page.locator('.channel.active', { hasText: 'game-night' }).waitFor();
    const ana = play.emulator.members()[0]!;
    await page.locator('.member', { hasText: 'Ana' }).click();
    await page.locator('#member-card select[name="locale"]').selectOption('es-ES');
    await expect.poll(() => play.emulator.members()[0]!.locale).toBe('es-ES');
    await page.locator('#member-card .card-close').click();

    const composer = page.locator('#composer-input');
    await composer.fill('/noir ');
    await expect.poll(() => page.locator('.suggestion .suggest-label').allTextContents()).toEqual(['/noir nueva', '/noir reglas', '/noir aprender']);
    await composer.fill('/noir nueva ');
    await expect.poll(() => page.locator('.suggestion .suggest-label').allTextContents()).toContain('muertes-objetivo:');
    await snapshot(page, 'first-ten-composer-es.png');

    // A range error names the Spanish option and is not hidden under the suggestions.
    await composer.fill('/suspicion nueva plazas:9');
    await composer.press('Enter');
    await expect.poll(() => page.locator('#composer-error').textContent()).toBe('plazas: debe ser como mucho 6');
    expect(await page.locator('#suggestions').isVisible()).toBe(true);
    expect(await errorCovered(page)).toBe(false);
    await snapshot(page, 'first-ten-composer-error-es.png');

    // `/ayuda` is the help command, answered privately in Spanish (not posted as a message).
    await composer.fill('/ayuda');
    await composer.press('Enter');
    await page.locator('.message.ephemeral', { hasText: 'Red Herring — ayuda' }).waitFor({ timeout: 45_000 });
    expect(await page.locator('.message:not(.ephemeral)', { hasText: '/ayuda' }).count()).toBe(0);

    // `/noir nueva bots:1` opens a NOIR table with a bot seated.
    await composer.fill('/noir nueva bots:1');
    await composer.press('Enter');
    const lobby = page.locator('.message').filter({ has: page.locator('button', { hasText: 'Empezar' }) }).last();
    await lobby.waitFor({ timeout: 45_000 });
    await expect.poll(() => lobby.textContent()).toMatch(/NOIR/);
    await expect.poll(() => lobby.textContent()).toMatch(/2\/2/);
    play.emulator.setUserLocale(ana.id, 'en-US');
    await page.close();
  });

  it('a Spanish client reads "usó /ayuda" and "usó /noir nueva", and keeps the welcome after /ayuda', { timeout: 30_000 }, async () => {
    const bea = play.emulator.members()[1]!;
    play.emulator.setUserLocale(bea.id, 'es-ES');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(play.url);
    await switchTo(page, bea.id);
    await page.locator('.channel', { hasText: 'testing' }).click();
    await page.locator('.channel.active', { hasText: 'testing' }).waitFor();
    await expect.poll(() => page.locator('#welcome-play').textContent()).toBe('🔎 Suspicion · 4 jugadores');

    // /ayuda's answer is private: the channel still holds nothing everyone sees, so the welcome
    // and its button stay; the answer's header names the command as this client calls it.
    const composer = page.locator('#composer-input');
    await composer.fill('/ayuda');
    await composer.press('Enter');
    const help = page.locator('.message.ephemeral', { hasText: 'Red Herring — ayuda' });
    await help.waitFor({ timeout: 45_000 });
    expect(await help.locator('.reply-line').textContent()).toMatch(/usó \/ayuda$/);
    expect(await page.locator('#welcome-play').isVisible()).toBe(true);
    await page.locator('#welcome').scrollIntoViewIfNeeded();
    await snapshot(page, 'first-ten-help-es.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300); // the side panels slide away (style.css: .15s)
    await page.locator('#welcome').scrollIntoViewIfNeeded();
    await snapshot(page, 'first-ten-help-es-phone.png');
    expect(await page.locator('#welcome-play').isVisible()).toBe(true);

    // A message everyone sees (the lobby) ends the welcome; its header reads "usó /noir nueva".
    // The welcome's NOIR button sends `/noir nueva bots:1` as if typed.
    await page.locator('#welcome-play-noir').click();
    const lobby = page.locator('.message:not(.ephemeral)').filter({ has: page.locator('button', { hasText: 'Empezar' }) }).last();
    await lobby.waitFor({ timeout: 45_000 });
    await expect.poll(() => lobby.locator('.reply-line').textContent()).toMatch(/usó \/noir nueva$/);
    await expect.poll(() => page.locator('#welcome').count()).toBe(0);
    await lobby.scrollIntoViewIfNeeded();
    await snapshot(page, 'first-ten-used-command-es-phone.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(300);
    await snapshot(page, 'first-ten-used-command-es.png');
    play.emulator.setUserLocale(bea.id, 'en-US');
    await page.close();
  });

  it('the welcome\'s Tricks and the Phantom and J\'Accuse! buttons open those games\' lobbies with bots seated', { timeout: 30_000 }, async () => {
    for (const [button, title, seats] of [
      ['#welcome-play-phantom', /Tricks and the Phantom/, /3\/3/],
      ['#welcome-play-jaccuse', /J’Accuse!|J'Accuse!/, /4\/4/],
    ] as const) {
      const name = `welcome-${button.slice(14)}`;
      play.emulator.addChannel(name);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(play.url);
      await page.locator('.channel', { hasText: name }).click();
      await page.locator('.channel.active', { hasText: name }).waitFor();
      await page.locator(button).click();
      const lobby = page.locator('.message:not(.ephemeral)').filter({ has: page.locator('button', { hasText: 'Start' }) }).last();
      await lobby.waitFor({ timeout: 45_000 });
      await expect.poll(() => lobby.textContent()).toMatch(title);
      await expect.poll(() => lobby.textContent()).toMatch(seats);
      await page.close();
    }
  });

  it('a first table of a game: the first look at the hand says 💡 Hint is on and suggests the lesson, once (English desktop, Spanish 390 px)', { timeout: 90_000 }, async () => {
    // docs/lessons.md "First table of a game": Ana (English, desktop) and Ben (Spanish, phone), neither
    // with a finished NOIR game, each start NOIR against a bot from a channel's welcome.
    const [ana, ben] = play.emulator.members();
    for (const [who, locale, width, start, showHand, hint] of [
      [ana!, 'en-US', 1280, 'Start', /Show my hand|Ver mi mano/, '💡 Hint'],
      [ben!, 'es-ES', 390, 'Empezar', /Show my hand|Ver mi mano/, '💡 Consejo'],
    ] as const) {
      play.emulator.setUserLocale(who.id, locale);
      const name = `first-table-${locale.slice(0, 2)}`;
      const channel = play.emulator.addChannel(name);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(play.url);
      await switchTo(page, who.id);
      await page.locator('.channel', { hasText: name }).click();
      await page.locator('.channel.active', { hasText: name }).waitFor();
      if (width !== 1280) {
        await page.setViewportSize({ width, height: 844 });
        // The side drawers slide when the width changes.
        await page.waitForTimeout(500);
      }
      await page.locator('#welcome-play-noir').click();
      const lobby = page.locator('.message:not(.ephemeral)').filter({ has: page.locator('button', { hasText: start }) }).last();
      await lobby.waitFor({ timeout: 45_000 });
      await lobby.locator('button', { hasText: start }).click();
      const table = await until(async () => (await play.app.context.service.reads.openTableInChannel(channel))?.table, 'the NOIR table', 45_000);
      // The board, in the table's language (its title names the table in that language).
      const board = page.locator('.message:not(.ephemeral)').filter({ has: page.locator('button', { hasText: showHand }) }).last();
      await board.locator('button', { hasText: showHand }).waitFor({ timeout: 45_000 });
      expect(await board.innerText()).toContain(`#${table.id}`);
      await board.locator('button', { hasText: showHand }).click();
      const mod = GAME_MODULES.find((m) => m.id === 'noir')!;
      const text = locale === 'es-ES' ? catalogs.es : catalogs.en;
      const note = text.common.lesson.firstTable(mod.title(text), mod.command).replace(/`/g, '');
      const panel = page.locator('.message.ephemeral', { hasText: note.slice(0, 30) }).last();
      await panel.waitFor({ timeout: 45_000 });
      // The note, rendered (its command as inline code), and 💡 Hint offered on the panel.
      expect(await panel.innerText()).toContain(note);
      await expect.poll(() => panel.locator('button', { hasText: hint }).count(), { timeout: 45_000 }).toBe(1);
      await panel.locator('img').last().waitFor({ timeout: 5000 }).catch(() => {});
      await panel.evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await snapshot(page, `first-table-noir-${locale.slice(0, 2)}-${width < 400 ? 'phone' : 'desktop'}.png`);
      // Once: Show my hand again answers with the hand and no note.
      const before = await page.locator('.message.ephemeral').count();
      await board.locator('button', { hasText: showHand }).click();
      await expect.poll(() => page.locator('.message.ephemeral').count(), { timeout: 45_000 }).toBeGreaterThan(before);
      await expect.poll(() => page.locator('.message.ephemeral').last().locator('img').count(), { timeout: 45_000 }).toBeGreaterThan(0);
      expect(await page.locator('.message.ephemeral').last().innerText()).not.toContain(note.slice(0, 20));
      play.emulator.setUserLocale(who.id, 'en-US');
      await page.close();
    }
  });

  it('the member card keeps its contents inside, desktop and phone', { timeout: 30_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(play.url);
    await page.locator('.member', { hasText: 'Ana' }).click();
    await page.locator('#member-card').waitFor();
    expect(await cardOverflow(page)).toBe(0);
    await snapshot(page.locator('#member-card'), 'first-ten-member-card.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await cardOverflow(page)).toBe(0);
    await snapshot(page, 'first-ten-member-card-phone.png');
    await page.close();
  });
});
