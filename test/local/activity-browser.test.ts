/**
 * The table as a Discord Activity, end to end in a real browser (docs/activity.md "Tested
 * offline"): local play's page opens the Activity from the board's **Open table** button (the
 * bot answers LAUNCH_ACTIVITY, callback type 12), the page frames it at `/.proxy/?frame_id=…`
 * and answers the Embedded App SDK's postMessage protocol as Discord's client does (consent
 * dialog, AUTHORIZE, AUTHENTICATE), and the real `DiscordSDK` class signs in against the
 * emulator's OAuth2 token route through the bot's token exchange.
 *
 * A NOIR table (docs/rules/noir.md) is played to its end by clicking the table itself — the hit
 * targets over the pictures, never a button of the chat — while the chat board shows every move;
 * a third member, not seated, watches in their own Activity and is never shown a hand. Then a
 * Suspicion counter race (docs/rules/suspicion.md §1.7): one rival clicks Counter! in the
 * Activity, the other on the chat board, at the same moment — exactly one counters, the other is
 * told privately where they clicked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, FrameLocator, Page, Route } from 'playwright-core';
import { activityMoves } from '../../src/discord/activity/view.js';
import { seatsToAct } from '../../src/games/engine.js';
import type { NoirAction } from '../../src/games/noir/rules.js';
import { suspicionDefinition } from '../../src/games/suspicion/engine.js';
import { cardFace, type SuspicionAction, type SuspicionState } from '../../src/games/suspicion/rules.js';
import { catalogs } from '../../src/i18n/index.js';
import { logLines, renderContext } from '../../src/discord/render/context.js';
import type { StoredEvent } from '../../src/tables/types.js';
import type { LocalPlay } from '../../src/local/play.js';
import { clickOffer, dataDir, findBrowser, launchBrowser, openActivity as openTableActivity, pageOffers, snapshot, startLocal, switchTo, until } from './support.js';

const BROWSER = findBrowser();
/** The ceiling of every wait (ms): a condition polled, never a fixed time that fails under load. */
const CEILING = 45_000;
/** Poll `fn` until it is truthy, up to {@link CEILING}. */
const waitUntil = <T>(fn: () => Promise<T> | T, what: string) => until(fn, what, CEILING);

/** A Suspicion seed whose first mover can place evidence for which both rivals hold a counter card. */
function raceSeed(): { seed: number; colour: string } {
  const def = suspicionDefinition;
  const options = def.optionsSchema.parse({});
  for (let seed = 1; seed < 200_000; seed++) {
    const s = def.setup(options, 3, seed, { hostSeat: 0 }) as SuspicionState;
    const p = def.pending(s);
    if (p.kind !== 'turn') continue;
    for (const a of def.legalActions(s, p.seat) as SuspicionAction[]) {
      if (a.type !== 'place') continue;
      const f = cardFace(a.card);
      if (!f || f.kind !== 'evidence' || f.counter) continue;
      const holds = (seat: number) => s.players[seat]!.hand.some((c) => {
        const g = cardFace(c);
        return g?.kind === 'evidence' && g.counter && g.colour === f.colour;
      });
      if ([0, 1, 2].filter((x) => x !== p.seat).every(holds)) return { seed, colour: f.colour };
    }
  }
  throw new Error('no race seed found');
}

describe.skipIf(!BROWSER)('the table as a Discord Activity in local play', () => {
  let browser: Browser;
  let play: LocalPlay;
  const data = dataDir('rh-activity-');
  const contexts: BrowserContext[] = [];
  const pages = new Map<string, Page>();
  /** The seed of the next table. */
  let seed = 4242;

  beforeAll(async () => {
    browser = await launchBrowser(BROWSER!);
    play = await startLocal(data.dir, { appOptions: { serviceDeps: { newSeed: () => seed } } });
    for (const m of play.emulator.members()) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(play.url);
      await page.locator('.channel.active').waitFor();
      await switchTo(page, m.id);
      pages.set(m.id, page);
    }
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await play?.stop();
    data.cleanup();
  });

  const openActivity = (page: Page, tableId: number, button?: string) => openTableActivity(page, tableId, button, CEILING);

  it('plays a NOIR table to its end by clicking the table, the chat board showing every move; a spectator sees no hand', { timeout: 240_000 }, async () => {
    const [ana, ben, cleo] = play.emulator.members();
    const anaPage = pages.get(ana!.id)!;
    await anaPage.locator('#composer-input').fill('/noir new');
    await anaPage.locator('#composer-input').press('Enter');
    const benPage = pages.get(ben!.id)!;
    const lobbyOf = (p: Page) => p.locator('.message', { hasText: 'lobby' }).filter({ has: p.locator('button', { hasText: 'Join' }) }).last();
    await lobbyOf(benPage).waitFor();
    await lobbyOf(benPage).locator('button', { hasText: 'Join' }).click();
    await expect.poll(() => lobbyOf(anaPage).textContent(), { timeout: CEILING }).toMatch(/Players \(2\/2\)/);
    const tableId = Number(/table #(\d+)/.exec((await lobbyOf(anaPage).textContent()) ?? '')?.[1]);
    await lobbyOf(anaPage).locator('button', { hasText: 'Start' }).click();
    const store = play.app.context.store;
    const service = play.app.context.service;
    await waitUntil(async () => (await store.table(tableId))!.status === 'active', 'the game to start');

    // Everyone opens the table: the two players and Cleo, who is not seated.
    const frames = new Map<string, FrameLocator>();
    for (const m of [ana!, ben!, cleo!]) frames.set(m.id, await openActivity(pages.get(m.id)!, tableId));
    // The instance Discord runs in the channel has the three of them in it.
    const instance = [...play.emulator.activities.instances.values()][0]!;
    expect([...instance.users].sort()).toEqual([ana!.id, ben!.id, cleo!.id].sort());

    const mod = play.app.context.registry.get('noir');
    const cleoFrame = frames.get(cleo!.id)!;
    const boardId = (await store.table(tableId))!.boardMessageId!;
    let moves = 0;
    const made = new Set<string>();
    for (;;) {
      const snap = (await service.reads.snapshot(tableId))!;
      // The spectator's Activity: the public board only, never a hand, no moves.
      expect(await cleoFrame.locator('figure.hand').count()).toBe(0);
      expect(await cleoFrame.locator('button.target').count()).toBe(0);
      if (snap.table.status !== 'active') break;
      const seat = seatsToAct(snap.pending!)[0]!;
      const userId = snap.seats.find((row) => row.seat === seat)!.userId;
      const frame = frames.get(userId)!;
      // The player's choice, made by clicking the pictures: first every kind of move not made yet
      // (a shift's arrow, the deck, a tile, a card in hand) but an arrest, then kills and arrests, so the game ends soon.
      const offered = activityMoves(mod, snap, seat, catalogs.en);
      const decoded = offered.map((m) => ({ move: m, action: mod.definition.decodeAction(m.code) as NoirAction }));
      const fresh = moves < 14 ? decoded.find((d) => d.action.type !== 'arrest' && !made.has(d.action.type)) : undefined;
      const pick = fresh ?? decoded.find((d) => d.action.type === 'kill' || d.action.type === 'arrest') ?? decoded[moves % decoded.length]!;
      made.add(pick.action.type);
      expect(pick.move.path, `${pick.move.label} has a place on the table`).not.toBeNull();
      // The Activity shows this decision: its own moves, at this step.
      await waitUntil(async () => (await frame.locator('#turn.yours').count()) > 0, 'the player’s turn in the Activity');
      for (const target of pick.move.path!) {
        await frame.locator(`button.target[data-target="${target.key}|${target.side ?? ''}"]`).first().click();
      }
      const chooser = frame.locator('#chooser:not([hidden])');
      if (await chooser.count()) await chooser.locator('button.move', { hasText: pick.move.label }).click();
      const after = await waitUntil(async () => {
        const s = (await service.reads.snapshot(tableId))!;
        return s.table.version > snap.table.version ? s : null;
      }, `the move ${pick.move.label}`);
      moves++;
      // The chat board shows it: its log's newest public line.
      const line = logLines(mod, after.table.recentEvents as StoredEvent[], renderContext(mod, after, catalogs.en), null, 1)[0];
      if (line) await waitUntil(() => JSON.stringify(play.emulator.message(boardId) ?? null).includes(JSON.stringify(line).slice(1, -1)), `the chat board to show "${line}"`);
      if (moves === 6) await snapshot(pages.get(userId)!, 'activity-noir-desktop.png');
      expect(moves).toBeLessThan(200);
    }
    const finished = (await store.table(tableId))!;
    expect(finished.status).toBe('finished');
    // Moves of every place on the table were clicked: an arrow beside a row or column, a tile, the deck, a card in hand.
    expect([...made].sort()).toEqual(expect.arrayContaining(['choose', 'kill', 'shift']));
    expect(made.has('exonerate') || made.has('disguise')).toBe(true);
    // Every Activity shows the end.
    for (const frame of frames.values()) await frame.locator('#end:not([hidden])').waitFor();
    await snapshot(anaPage, 'activity-noir-end.png');
  });

  it('a Suspicion counter race: one rival in the Activity, the other clicking Counter! in chat — exactly one counters', { timeout: 120_000 }, async () => {
    // The Activity windows of the last table are closed (Discord's panel over the chat).
    for (const page of pages.values()) if (await page.locator('#activity-window[open]').count()) await page.locator('#activity-close').click();
    const race = raceSeed();
    seed = race.seed;
    const [ana, ben, cleo] = play.emulator.members();
    const anaPage = pages.get(ana!.id)!;
    await anaPage.locator('#composer-input').fill('/suspicion new seats:3');
    await anaPage.locator('#composer-input').press('Enter');
    const lobbyOf = (p: Page) => p.locator('.message', { hasText: 'lobby' }).filter({ has: p.locator('button', { hasText: 'Join' }) }).last();
    for (const m of [ben!, cleo!]) {
      const page = pages.get(m.id)!;
      await lobbyOf(page).waitFor();
      await lobbyOf(page).locator('button', { hasText: 'Join' }).click();
    }
    await expect.poll(() => lobbyOf(anaPage).textContent(), { timeout: CEILING }).toMatch(/Players \(3\/3\)/);
    const tableId = Number(/table #(\d+)/.exec((await lobbyOf(anaPage).textContent()) ?? '')?.[1]);
    await lobbyOf(anaPage).locator('button', { hasText: 'Start' }).click();
    const { store, service, registry } = play.app.context;
    await waitUntil(async () => (await store.table(tableId))!.status === 'active', 'the game to start');
    const mod = registry.get('suspicion');
    const snap = (await service.reads.snapshot(tableId))!;
    const moverSeat = seatsToAct(snap.pending!)[0]!;
    const userOfSeat = (seat: number) => snap.seats.find((row) => row.seat === seat)!.userId;
    const mover = userOfSeat(moverSeat);
    const [inActivity, inChat] = snap.seats.filter((row) => row.seat !== moverSeat).map((row) => row.userId) as [string, string];

    // The mover places evidence of the race colour by clicking the card in hand, then the suspect.
    const moverFrame = await openActivity(pages.get(mover)!, tableId);
    const rivalFrame = await openActivity(pages.get(inActivity)!, tableId);
    const place = activityMoves(mod, snap, moverSeat, catalogs.en).find((m) => {
      const a = mod.definition.decodeAction(m.code) as SuspicionAction;
      const f = a.type === 'place' ? cardFace(a.card) : null;
      return f?.kind === 'evidence' && !f.counter && f.colour === race.colour;
    })!;
    expect(place.path).toHaveLength(2);
    for (const target of place.path!) await moverFrame.locator(`button.target[data-target="${target.key}|${target.side ?? ''}"]`).first().click();
    const state = async () => (await store.table(tableId))!.state as SuspicionState;
    await waitUntil(async () => (await state()).phase.kind === 'counter', 'the counter window');
    await snapshot(pages.get(inActivity)!, 'activity-suspicion-counter.png');

    // The race: Counter! in the Activity (a button beside the pictures: counters have no place on them) and on the chat board, at once.
    const counterSnap = (await service.reads.snapshot(tableId))!;
    const rivalSeat = counterSnap.seats.find((row) => row.userId === inActivity)!.seat!;
    const counterCode = activityMoves(mod, counterSnap, rivalSeat, catalogs.en).find((m) => (mod.definition.decodeAction(m.code) as SuspicionAction).type === 'counter')!.code;
    const activityButton = rivalFrame.locator(`#tray button.move[data-code="${counterCode}"]`);
    await activityButton.waitFor();
    const chatPage = pages.get(inChat)!;
    const step = suspicionDefinition.pending(await state()).step;
    const chatOffer = await waitUntil(async () => (await pageOffers<SuspicionAction>(chatPage, suspicionDefinition)).find((o) => o.step === step && o.action.type === 'counter'), 'Counter! on the chat board');
    // The Activity's click is made without waiting for the button to be still (the race redraws it).
    await Promise.all([activityButton.evaluate((button) => (button as unknown as { click(): void }).click()), clickOffer(chatPage, chatOffer)]);
    await waitUntil(async () => (await state()).phase.kind !== 'counter', 'the counter to be decided');
    expect((await store.actions(tableId)).filter((a) => (a.action as { type: string }).type === 'counter')).toHaveLength(1);
    const phase = (await state()).phase;
    expect(phase.kind).toBe('counterBack');
    const winner = userOfSeat((phase as { counterer: number }).counterer);
    // The one who lost the race is told, privately, where they clicked; nobody else is.
    if (winner === inActivity) {
      await expect.poll(() => chatPage.locator('.message.ephemeral', { hasText: /Too late/ }).count(), { timeout: CEILING }).toBe(1);
    } else {
      expect(winner).toBe(inChat);
      await rivalFrame.locator('#toast.error', { hasText: /Too late/ }).waitFor();
    }
    for (const id of [ana!.id, ben!.id, cleo!.id].filter((id) => id !== inChat)) expect(await pages.get(id)!.locator('.message', { hasText: /Too late/ }).count()).toBe(0);
    // Both the Activities and the chat board show the counter.
    const counterLine = logLines(mod, (await service.reads.snapshot(tableId))!.table.recentEvents as StoredEvent[], renderContext(mod, (await service.reads.snapshot(tableId))!, catalogs.en), null, 1)[0]!;
    const boardId = (await store.table(tableId))!.boardMessageId!;
    await waitUntil(() => JSON.stringify(play.emulator.message(boardId) ?? null).includes(JSON.stringify(counterLine).slice(1, -1)), 'the chat board to show the counter');
    for (const frame of [moverFrame, rivalFrame]) await expect.poll(() => frame.locator('#log li').first().textContent(), { timeout: CEILING }).toBeTruthy();
    expect(play.emulator.violations).toEqual([]);
  });

  it('each game at 390 px wide (a phone): the table fits, with the hand; English and Spanish', { timeout: 180_000 }, async () => {
    for (const page of pages.values()) if (await page.locator('#activity-window[open]').count()) await page.locator('#activity-close').click();
    const [ana] = play.emulator.members();
    const page = pages.get(ana!.id)!;
    const games = [
      { game: 'noir', command: '/noir new bots:1', locale: 'en-US', start: 'Start' },
      { game: 'suspicion', command: '/suspicion new seats:4 bots:3', locale: 'en-US', start: 'Start' },
      { game: 'phantom', command: '/phantom nueva plazas:3 bots:2', locale: 'es-ES', start: 'Empezar' },
      { game: 'jaccuse', command: '/jaccuse nueva plazas:4 bots:3', locale: 'es-ES', start: 'Empezar' },
    ];
    for (const { game, command, locale, start } of games) {
      play.emulator.setUserLocale(ana!.id, locale);
      const channel = play.emulator.addChannel(`phone-${game}`);
      // The Spanish command is typed at once after the click on the channel, while the page still
      // shows the last channel (its answer held back 400 ms): it goes to the channel chosen, read
      // in Spanish (the page once sent it to the last channel with English command names).
      const slow = game === 'phantom';
      const holdBack = async (route: Route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      };
      if (slow) await page.route((url) => url.pathname === '/local/api/view', holdBack);
      await page.locator('.channel', { hasText: `phone-${game}` }).click();
      if (!slow) await page.locator('.channel.active', { hasText: `phone-${game}` }).waitFor({ timeout: CEILING });
      await page.locator('#composer-input').fill(command);
      await page.locator('#composer-input').press('Enter');
      const lobby = page.locator('.message').filter({ has: page.locator('button', { hasText: start }) }).last();
      await lobby.waitFor({ timeout: CEILING });
      if (slow) await page.unrouteAll({ behavior: 'wait' });
      await lobby.locator('button', { hasText: start }).click();
      const table = await waitUntil(async () => (await play.app.context.service.reads.openTableInChannel(channel))?.table, `the ${game} table`);
      await waitUntil(async () => (await play.app.context.store.table(table.id))!.status === 'active', 'the game to start');
      const opened = await openActivity(page, table.id, locale === 'es-ES' ? 'Abrir mesa' : 'Open table');
      if (game === 'phantom') {
        // Ana's first Tricks and the Phantom table, looked at first here: the Activity shows the
        // first-table note (docs/lessons.md "First table of a game"), in Spanish; a relaunch does not.
        const toast = opened.locator('#toast');
        await expect.poll(() => toast.innerText().catch(() => ''), { timeout: CEILING }).toContain('¿Primera partida de Tricks and the Phantom?');
        expect(await toast.innerText()).toContain('/phantom aprender');
        await snapshot(page.locator('#activity-window'), 'activity-phantom-first-table-es-desktop.png');
      }
      await page.locator('#activity-size').click();
      const frame = page.frameLocator('#activity-iframe');
      await frame.locator('body.mobile figure.hand').waitFor({ timeout: CEILING });
      // A phone frame: 390 px wide, nothing wider than it (no sideways scrolling), the hand shown.
      await expect.poll(() => page.locator('#activity-iframe').evaluate((el) => (el as unknown as { clientWidth: number }).clientWidth), { timeout: CEILING }).toBe(390);
      // On a phone the hand comes first, the board under it (a game whose hand picture is drawn with the board in it has no second picture).
      const top = (kind: string) => frame.locator(`figure.${kind}`).first().evaluate((el) => (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top);
      // Polled: right after the switch to a phone both figures can still sit at 0 before layout.
      if (await frame.locator('figure.board').count()) {
        await expect.poll(async () => (await top('board')) - (await top('hand')), { message: `${game}: the hand above the board`, timeout: CEILING }).toBeGreaterThan(0);
      }
      const widths = await frame.locator('html').evaluate((el) => ({ scroll: (el as unknown as { scrollWidth: number }).scrollWidth, client: (el as unknown as { clientWidth: number }).clientWidth }));
      expect(widths.scroll, `${game}: the page is no wider than the phone`).toBeLessThanOrEqual(widths.client);
      if (locale === 'es-ES') await expect.poll(() => frame.locator('#log-title').textContent(), { timeout: CEILING }).not.toBe('Recent moves');
      if (game === 'phantom') expect(await frame.locator('#toast').isHidden()).toBe(true);
      await snapshot(page.locator('#activity-window'), `activity-${game}-phone-390.png`);
      await page.locator('#activity-size').click();
      await page.locator('#activity-close').click();
    }
    play.emulator.setUserLocale(ana!.id, 'en-US');
  });
});
