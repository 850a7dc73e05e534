/**
 * Watching in local play, in a real browser (docs/watching.md): three users play Suspicion
 * (through the emulator's users, as other pages would), and a fourth looks through the page —
 * 👀 Watch on the board opens their private watch panel, with the board's picture and the moves
 * so far, "👁 1 watching" appears on the board, and the panel follows the game after a move.
 * The same in Spanish for a Spanish-speaking watcher, at 390 px wide. Screenshots go to
 * test-results/ (watch-panel-en.png, watch-panel-es-390.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import type { LocalPlay } from '../../src/local/play.js';
import { playOut, settle } from '../e2e/harness.js';
import { boardLocator, dataDir, findBrowser, launchBrowser, snapshot, startLocal, switchTo, until } from './support.js';

const BROWSER = findBrowser();

describe.skipIf(!BROWSER)('watching in local play', () => {
  let browser: Browser;
  let play: LocalPlay;
  const data = dataDir('rh-local-watch-');

  beforeAll(async () => {
    browser = await launchBrowser(BROWSER!);
  });

  afterAll(async () => {
    await browser?.close();
    await play?.stop();
    data.cleanup();
  });

  /** A page looking through `userId`'s eyes at `width` px. */
  async function pageAs(userId: string, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 1600 } });
    const page = await context.newPage();
    await page.goto(play.url);
    await page.locator('.channel.active').waitFor();
    await switchTo(page, userId);
    return page;
  }

  it('a non-player watches from the page: panel with picture and moves, count on the board, follows a move', { timeout: 120_000 }, async () => {
    play = await startLocal(data.dir);
    const emu = play.emulator;
    const [ana, ben, cleo] = emu.members().slice(0, 3).map((m) => emu.user(m.id));
    const wes = emu.addUser('Wes');
    const marta = emu.addUser('Marta', { locale: 'es-ES' });
    const channelId = emu.channel;
    const lobby = (await ana!.slash('suspicion new', { seats: 3, spectators: 'delayed', 'spectator-delay': 1 }, { channelId })).message!;
    for (const guest of [ben!, cleo!]) await guest.click(emu.message(lobby.id)!, 'Join');
    await until(async () => (await play.app.context.store.seats(1)).length === 3, 'three seated');
    // The lobby's Start is enabled by the publisher's edit after the last Join (not by the
    // Join's answer): wait for it, as a person would see it, before clicking.
    await settle(play.app);
    await ana!.click(emu.message(lobby.id)!, 'Start');
    const store = play.app.context.store;
    await until(async () => (await store.table(1))!.status === 'active', 'the game to start');
    const moves = async () => (await store.actions(1)).length;
    await playOut({ emu, app: () => play.app, tableId: 1, users: [ana!, ben!, cleo!], def: suspicionModule.definition, channelId, until: async () => (await moves()) >= 3 });

    for (const [user, text, width, name] of [
      [wes, en, 1100, 'watch-panel-en.png'],
      [marta, es, 390, 'watch-panel-es-390.png'],
    ] as const) {
      const page = await pageAs(user.id, width);
      const board = boardLocator(page, 1);
      // The board speaks the table's language (English here); the panel, the watcher's.
      await board.locator('button', { hasText: en.watch.watchButton }).click();
      const panel = page.locator('.message.ephemeral', { hasText: text.watch.title(suspicionModule.emoji, 'Suspicion', 1) }).last();
      await panel.waitFor();
      await expect.poll(() => panel.locator('img').count()).toBeGreaterThan(0);
      expect(await panel.textContent()).toContain(text.watch.movesHeading((await moves()) - 1).replace(/\*\*/g, ''));
      await expect.poll(() => board.textContent()).toContain(en.watch.watchingButton(user === wes ? 1 : 2));
      await snapshot(panel, name);
      if (user === wes) await snapshot(board, 'watch-board-en.png');
    }
    // The game moves on: the panel follows, one move behind.
    const before = await moves();
    await playOut({ emu, app: () => play.app, tableId: 1, users: [ana!, ben!, cleo!], def: suspicionModule.definition, channelId, until: async () => (await moves()) > before });
    const page = await pageAs(wes.id, 1100);
    const panel = page.locator('.message.ephemeral', { hasText: en.watch.title(suspicionModule.emoji, 'Suspicion', 1) }).last();
    await expect.poll(() => panel.textContent(), { timeout: 45_000 }).toContain(en.watch.movesHeading((await moves()) - 1).replace(/\*\*/g, ''));
  });
});
