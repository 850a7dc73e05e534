/**
 * Local play in a real browser (README → Quick start): from a fresh start with no token, a
 * person types a command, switches users and plays a whole game of Tricks and the Phantom
 * (2 players, target score 1) by clicking only what the page shows. Mid-game the app is
 * stopped and started again on the same data: the page reconnects by itself and a button
 * on a message from before the restart continues the game. One move is made at phone size
 * (390×844), where the channel and member lists sit behind buttons. Screenshots of the
 * board and a panel go to test-results/.
 */
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { seatsToAct } from '../../src/games/engine.js';
import { phantomModule } from '../../src/games/phantom/index.js';
import { Rng } from '../../src/games/rng.js';
import type { LocalPlay } from '../../src/local/play.js';
import { boardLocator, clickOffer, dataDir, findBrowser, launchBrowser, pageOffers, screenshotPath, snapshot, startLocal, switchTo, until, type PageOffer } from './support.js';

const BROWSER = findBrowser();
const def = phantomModule.definition;

/** Whether at least half of `node` (or of the message list, when `node` is taller) is in sight in the list. */
async function inView(page: Page, node: Locator): Promise<boolean> {
  const list = (await page.locator('#messages').boundingBox())!;
  const box = await node.boundingBox();
  if (!box) return false;
  const seen = Math.min(box.y + box.height, list.y + list.height) - Math.max(box.y, list.y);
  return seen >= Math.min(box.height, list.height) / 2;
}

describe.skipIf(!BROWSER)('local play in the browser: a whole game by clicking', () => {
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

  it('type a command, switch user, Join, Start, play to the end, survive a restart, one move on a phone', { timeout: 60_000 }, async () => {
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(play.url);
    await page.locator('.channel.active', { hasText: 'general' }).waitFor();
    const members = play.emulator.members();
    const [ana, ben] = members as [(typeof members)[0], (typeof members)[0]];
    expect(members.map((m) => m.name)).toEqual(['Ana', 'Ben', 'Cleo']);
    expect(await page.locator('#you-are').inputValue()).toBe(ana.id); // the owner, first

    // Add a user and a channel; the member card renames, grants Manage Server, sets the language.
    await page.locator('#add-user').click();
    await page.locator('#add-user-form input').fill('Dee');
    await page.locator('#add-user-form input').press('Enter');
    const dee = page.locator('.member', { hasText: 'Dee' });
    await dee.waitFor();
    await dee.click();
    await page.locator('#member-card input[name="name"]').fill('Deedee');
    await page.locator('#member-card button[type="submit"]').click();
    await page.locator('.member', { hasText: 'Deedee' }).waitFor();
    await page.locator('.member', { hasText: 'Deedee' }).click();
    await page.locator('#member-card input[name="manage-guild"]').check();
    await page.locator('#member-card select[name="locale"]').selectOption('es-ES');
    await expect.poll(() => play.emulator.members().find((m) => m.name === 'Deedee')).toMatchObject({ manageGuild: true, locale: 'es-ES' });
    await page.locator('#member-card .card-close').click();
    await page.locator('#add-channel').click();
    await page.locator('#add-channel-form input').fill('Board Games');
    await page.locator('#add-channel-form input').press('Enter');
    await page.locator('.channel.active', { hasText: 'board-games' }).waitFor();
    await page.locator('.channel', { hasText: 'general' }).click();
    await page.locator('.channel.active', { hasText: 'general' }).waitFor();

    // The composer checks options like Discord's client: out of range is refused before sending.
    const composer = page.locator('#composer-input');
    await composer.fill('/phantom new seats:9');
    await composer.press('Enter');
    await expect.poll(() => page.locator('#composer-error').textContent()).toMatch(/seats: must be at most 4/);
    // Typing "/" lists the registered commands; picking one fills it in.
    await composer.fill('/pha');
    await page.locator('.suggestion', { hasText: '/phantom' }).first().waitFor();
    await composer.fill('/phantom new seats:2 target-score:1');
    await composer.press('Enter');
    const lobby = page.locator('.message', { hasText: 'lobby' }).filter({ has: page.locator('button', { hasText: 'Join' }) }).last();
    await lobby.waitFor();
    await expect.poll(() => page.locator('.message .reply-line').last().textContent()).toMatch(/@Ana used \/phantom new/);
    const tableId = Number(/table #(\d+)/.exec((await lobby.textContent()) ?? '')?.[1]);
    expect(tableId).toBeGreaterThan(0);

    await switchTo(page, ben.id);
    await lobby.locator('button', { hasText: 'Join' }).click();
    await expect.poll(() => lobby.textContent()).toMatch(/Players \(2\/2\)/);
    await switchTo(page, ana.id);
    await lobby.locator('button', { hasText: 'Start' }).click();

    const store = () => play.app.context.store;
    // The click is answered asynchronously: the game loop below runs while the table is active,
    // so wait for the start to be committed (on a busy machine the loop once found the lobby).
    await until(async () => (await store().table(tableId))!.status === 'active', 'the table to start');
    const rng = Rng.seeded(11);
    let clicks = 0;
    let restarted = false;
    let phoneMove = false;
    let panelShot = false;
    for (let guard = 0; guard < 300 && (await store().table(tableId))!.status === 'active'; guard++) {
      const table = (await store().table(tableId))!;
      const pending = def.pending(table.state);
      const seat = rng.pick(seatsToAct(pending));
      const userId = (await store().seats(tableId)).find((s) => s.seat === seat)!.userId;
      await switchTo(page, userId);
      const current = (o: PageOffer) => o.step === pending.step && def.legalActions(table.state, seat).some((a: unknown) => JSON.stringify(a) === JSON.stringify(o.action));
      let offered = (await pageOffers(page, def)).filter(current);
      if (offered.length === 0) {
        const button = boardLocator(page, tableId).locator('button', { hasText: 'Show my hand' });
        if (!panelShot) {
          // Scrolled away from the bottom (the board's button in sight, the newest messages below
          // it out of sight): the private panel this click opens is brought into view.
          // Players chatted since the board was posted: it sits far above the newest message.
          const composer = page.locator('#composer-input');
          for (let line = 1; line <= 12; line++) {
            await composer.fill(`chat line ${line}`);
            await composer.press('Enter');
          }
          await page.locator('.message', { hasText: 'chat line 12' }).waitFor();
          await page.locator('#messages').evaluate((list: any) => { list.scrollTop = 0; });
          await button.scrollIntoViewIfNeeded();
          await page.locator('#messages').evaluate((list: any) => { list.scrollTop = Math.max(0, list.scrollTop - 40); });
          const panels = await page.locator('.message.ephemeral').count();
          await button.click();
          await expect.poll(() => page.locator('.message.ephemeral').count()).toBeGreaterThan(panels);
          await expect.poll(() => inView(page, page.locator('.message.ephemeral').last())).toBe(true);
        } else await button.click();
        offered = await until(async () => {
          const list = (await pageOffers(page, def)).filter(current);
          return list.length ? list : null;
        }, `seat ${seat}'s actions at step ${pending.step}`);
      }
      if (!panelShot) {
        await snapshot(page.locator('.message.ephemeral').last(), 'local-play-panel.png');
        await snapshot(page, 'local-play-desktop.png');
        panelShot = true;
      }
      if (clicks === 4 && !phoneMove) {
        // One move at phone size: the lists collapse behind ☰ / 👥 and the game stays playable.
        await page.setViewportSize({ width: 390, height: 844 });
        // The list slides away after the resize (a CSS transition): wait for it, don't sample once.
        await expect.poll(async () => (await page.locator('#channels').boundingBox())!.x + 1).toBeLessThan(0);
        await page.locator('#toggle-channels').click();
        await expect.poll(async () => (await page.locator('#channels').boundingBox())!.x).toBeGreaterThanOrEqual(0);
        await page.locator('#scrim').click({ position: { x: 370, y: 400 } });
        await expect.poll(async () => { const b = (await page.locator('#channels').boundingBox())!; return b.x + b.width; }).toBeLessThanOrEqual(0);
        const choice = rng.pick(offered);
        const target = page.locator(`.message[data-message-id="${choice.messageId}"]`);
        await target.scrollIntoViewIfNeeded();
        const box = (await target.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(390);
        const seqBefore = (await store().table(tableId))!.lastSeq;
        await clickOffer(page, choice);
        await until(async () => (await store().table(tableId))!.lastSeq > seqBefore, 'the phone move to be committed');
        await snapshot(page, 'local-play-phone.png');
        await page.setViewportSize({ width: 1280, height: 800 });
        phoneMove = true;
        clicks++;
        continue;
      }
      if (clicks === 2 && !restarted) {
        // Restart on the same data and port: the page reconnects; old buttons keep working.
        const port = play.emulator.port;
        const before = (await store().table(tableId))!;
        await play.stop();
        await expect.poll(() => page.locator('#status').textContent(), { timeout: 5000 }).toMatch(/reconnecting/i);
        play = await startLocal(data.dir, { port });
        await expect.poll(() => page.locator('#status').isHidden(), { timeout: 8000 }).toBe(true);
        expect((await store().table(tableId))!.state).toEqual(before.state);
        const stillThere = offered.filter((o) => o.step === def.pending(before.state).step);
        const old = stillThere[0]!;
        expect(await page.locator(`.message[data-message-id="${old.messageId}"]`).count()).toBe(1);
        await clickOffer(page, old);
        await until(async () => (await store().table(tableId))!.lastSeq > before.lastSeq, 'a click on a pre-restart message to be committed');
        restarted = true;
        clicks++;
        continue;
      }
      const seqBefore = (await store().table(tableId))!.lastSeq;
      await clickOffer(page, rng.pick(offered));
      await until(async () => (await store().table(tableId))!.lastSeq > seqBefore || (await store().table(tableId))!.status !== 'active', 'the move to be committed');
      clicks++;
    }
    expect((await store().table(tableId))!.status).toBe('finished');
    expect(restarted && phoneMove).toBe(true);
    await expect.poll(() => page.locator('.message', { hasText: `table #${tableId}` }).filter({ hasText: /Winner/ }).count()).toBeGreaterThan(0);
    await snapshot(page.locator('.message', { hasText: /Winner/ }).last(), 'local-play-board.png');
    expect(play.emulator.violations).toEqual([]);
    expect(await page.locator('#banners .banner').count()).toBe(0);
    // A request Discord would refuse (as if the bot sent a 2001-character message) shows as a banner.
    const refused = await fetch(`${play.emulator.apiBase}/v10/channels/${play.emulator.channel}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${play.emulator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(2001) }),
    });
    expect(refused.status).toBe(400);
    const banner = page.locator('#banners .banner');
    await expect.poll(() => banner.textContent()).toMatch(/Discord would refuse this request from the bot: POST \/channels\/:channel\/messages: content/);
    await banner.locator('button').click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    // Measured, not asserted: how much world saving the game after the restart cost.
    writeFileSync(screenshotPath('world-saves.json'), JSON.stringify({ clicksAfterRestart: clicks - 3, ...play.saves, worldFileBytes: statSync(join(data.dir, 'local.world.json')).size }, null, 2));
    await page.close();
  });
});
