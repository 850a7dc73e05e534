/**
 * Local play in a real browser, three people at once (one browser context each, each looking
 * through their own user's eyes): a 3-player Suspicion table with a counter race clicked by
 * two users at the same moment — exactly one wins, the other gets a private "too late" — and
 * a bluff vote. Each page shows its own user's ephemeral panels and answers only, never
 * another's (docs/rules/suspicion.md §1.7 counters, §1.9 the bluff vote).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { suspicionDefinition as def } from '../../src/games/suspicion/engine.js';
import { cardFace, type SuspicionAction, type SuspicionState } from '../../src/games/suspicion/rules.js';
import type { LocalPlay } from '../../src/local/play.js';
import { boardLocator, clickOffer, dataDir, findBrowser, launchBrowser, pageOffers, snapshot, startLocal, switchTo, until, type PageOffer } from './support.js';

const BROWSER = findBrowser();
const OPTIONS = def.optionsSchema.parse({});

/** A seed whose first mover can place evidence for which both rivals hold a counter card. */
function raceSeed(): { seed: number; colour: string } {
  for (let seed = 1; seed < 200_000; seed++) {
    const s = def.setup(OPTIONS, 3, seed, { hostSeat: 0 }) as SuspicionState;
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

/** Ids of the ephemeral messages a page shows. */
async function ephemeralIds(page: Page): Promise<string[]> {
  return page.locator('.message.ephemeral').evaluateAll((nodes) => (nodes as unknown as Array<{ dataset: { messageId?: string } }>).map((n) => n.dataset.messageId ?? ''));
}

describe.skipIf(!BROWSER)('local play in the browser: three users, a counter race and a bluff vote', () => {
  let browser: Browser;
  let play: LocalPlay;
  const data = dataDir();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser(BROWSER!);
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await play?.stop();
    data.cleanup();
  });

  it('two users race for the counter, a bluff vote resolves, each sees only their own panels', { timeout: 120_000 }, async () => {
    const { seed, colour } = raceSeed();
    play = await startLocal(data.dir, { appOptions: { serviceDeps: { newSeed: () => seed } } });
    const members = play.emulator.members();
    const pages = new Map<string, Page>();
    for (const m of members) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(play.url);
      await page.locator('.channel.active').waitFor();
      await switchTo(page, m.id);
      pages.set(m.id, page);
    }
    const [ana, ben, cleo] = members.map((m) => ({ ...m, page: pages.get(m.id)! })) as Array<(typeof members)[0] & { page: Page }>;
    const users = [ana!, ben!, cleo!];

    await ana!.page.locator('#composer-input').fill('/suspicion new seats:3');
    await ana!.page.locator('#composer-input').press('Enter');
    const lobbyOf = (p: Page) => p.locator('.message', { hasText: 'lobby' }).filter({ has: p.locator('button', { hasText: 'Join' }) }).last();
    for (const u of [ben!, cleo!]) {
      await lobbyOf(u.page).waitFor();
      await lobbyOf(u.page).locator('button', { hasText: 'Join' }).click();
    }
    await expect.poll(() => lobbyOf(ana!.page).textContent()).toMatch(/Players \(3\/3\)/);
    const tableId = Number(/table #(\d+)/.exec((await lobbyOf(ana!.page).textContent()) ?? '')?.[1]);
    await lobbyOf(ana!.page).locator('button', { hasText: 'Start' }).click();

    const store = () => play.app.context.store;
    const state = async () => (await store().table(tableId))!.state as SuspicionState;
    const userOf = async (seat: number) => {
      const row = (await store().seats(tableId)).find((s) => s.seat === seat)!;
      return users.find((u) => u.id === row.userId)!;
    };
    await until(async () => (await store().table(tableId))!.status === 'active', 'the game to start');

    // Everyone opens their own hand; a page shows its user's panel and nobody else's.
    const panelIds = new Map<string, string[]>();
    for (const u of users) {
      await boardLocator(u.page, tableId).locator('button', { hasText: 'Show my hand' }).click();
      await u.page.locator('.message.ephemeral', { hasText: 'your hand' }).waitFor();
      panelIds.set(u.id, await ephemeralIds(u.page));
    }
    for (const u of users) {
      for (const other of users) if (other !== u) for (const id of panelIds.get(other.id)!) expect(await u.page.locator(`.message[data-message-id="${id}"]`).count()).toBe(0);
      for (const id of panelIds.get(u.id)!) expect(play.emulator.message(id)!.visibleTo).toEqual([u.id]);
    }

    const currentOffers = async (page: Page, wanted: (o: PageOffer<SuspicionAction>) => boolean) => {
      return until(async () => {
        const step = def.pending(await state()).step;
        const list = (await pageOffers<SuspicionAction>(page, def)).filter((o) => o.step === step && wanted(o));
        return list.length ? list : null;
      }, 'a current action on the page');
    };
    const act = async (u: (typeof users)[0], wanted: (o: PageOffer<SuspicionAction>) => boolean) => {
      const step = def.pending(await state()).step;
      let list = (await pageOffers<SuspicionAction>(u.page, def)).filter((o) => o.step === step && wanted(o));
      if (list.length === 0) {
        await boardLocator(u.page, tableId).locator('button', { hasText: 'Show my hand' }).click();
        list = await currentOffers(u.page, wanted);
      }
      const seq = (await store().table(tableId))!.lastSeq;
      await clickOffer(u.page, list[0]!);
      await until(async () => (await store().table(tableId))!.lastSeq > seq, 'the action to be committed');
    };

    // The first mover places evidence of the race colour.
    const first = def.pending(await state());
    expect(first.kind).toBe('turn');
    const mover = (await userOf((first as { seat: number }).seat));
    await act(mover, (o) => {
      const f = o.action.type === 'place' ? cardFace(o.action.card) : null;
      return f?.kind === 'evidence' && !f.counter && f.colour === colour;
    });
    await snapshot(mover.page.locator('.message.ephemeral').last(), 'suspicion-panel.png');

    // The race: both rivals click "Counter!" on the board at the same moment.
    const rivals = users.filter((u) => u !== mover);
    const counterButtons = await Promise.all(rivals.map((u) => currentOffers(u.page, (o) => o.action.type === 'counter')));
    await Promise.all(rivals.map((u, i) => clickOffer(u.page, counterButtons[i]![0]!)));
    await until(async () => (await state()).phase.kind !== 'counter', 'the counter to be decided');
    expect((await store().actions(tableId)).filter((a) => (a.action as { type: string }).type === 'counter')).toHaveLength(1);
    const phase = (await state()).phase;
    expect(phase.kind).toBe('counterBack');
    const winner = (await userOf((phase as { counterer: number }).counterer));
    const loser = rivals.find((u) => u !== winner)!;
    // The loser is told privately, on their own page only.
    await expect.poll(() => loser.page.locator('.message.ephemeral', { hasText: /Too late/ }).count()).toBe(1);
    for (const u of users.filter((x) => x !== loser)) expect(await u.page.locator('.message', { hasText: /Too late/ }).count()).toBe(0);

    // Play on (declare when possible, else place, else discard; windows pass) until a bluff vote.
    for (let guard = 0; guard < 120 && (await state()).phase.kind !== 'vote'; guard++) {
      const s = await state();
      const ph = s.phase;
      const p = def.pending(s);
      if (ph.kind === 'turn') {
        const seat = (p as { seat: number }).seat;
        const legal = def.legalActions(s, seat) as SuspicionAction[];
        const type = ['declare', 'place', 'discard', 'pass'].find((t) => legal.some((a) => a.type === t))!;
        await act((await userOf(seat)), (o) => o.action.type === type);
      } else if (ph.kind === 'counter') {
        await act((await userOf((p as { seats: number[] }).seats[0]!)), (o) => o.action.type === 'pass');
      } else if (ph.kind === 'counterBack') {
        await act((await userOf(ph.placer)), (o) => o.action.type === 'accept');
      } else if (ph.kind === 'cancel') {
        await act((await userOf(ph.target)), (o) => o.action.type === 'allow');
      } else {
        throw new Error(`unexpected phase ${ph.kind}`);
      }
    }
    const vote = (await state()).phase;
    if (vote.kind !== 'vote') throw new Error('no bluff vote reached');
    const voters = await Promise.all(vote.voters.map(userOf));
    expect(voters).toHaveLength(2);
    await snapshot(boardLocator(voters[0]!.page, tableId), 'suspicion-vote-board.png');
    // Each voter votes on their own page; the board never shows who voted what.
    for (const [i, v] of voters.entries()) {
      await act(v, (o) => o.action.type === 'vote' && (o.action as { verdict: string }).verdict === (i === 0 ? 'bluff' : 'believe'));
    }
    await until(async () => (await state()).lastReveal !== null, 'the vote to resolve');
    await expect.poll(() => boardLocator(ana!.page, tableId).textContent()).toMatch(/believe 1 – bluff 1|revealed|bluff/i);

    // After everything: no page shows an ephemeral message of another user.
    for (const u of users) {
      for (const id of await ephemeralIds(u.page)) expect(play.emulator.message(id)!.visibleTo).toEqual([u.id]);
    }
    expect(play.emulator.violations).toEqual([]);
  });
});
