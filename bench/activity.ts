/**
 * Activity benchmark (docs/activity.md "Benchmark"): how long a move made in the Activity takes
 * to show — on the mover's own screen, and on the chat board — measured end to end in local play
 * (the bot, the emulated Discord and the Activity server in this process; the local page and the
 * Activity in headless Chromium, the real `DiscordSDK` signed in as in the browser tests).
 *
 * Two people play NOIR tables (docs/rules/noir.md), each in their own Activity window, game
 * after game until `moves` moves are made. Each move is made by clicking the table itself (the
 * hit targets over the pictures, or a move's button beside them when it has no place on them)
 * and timed from the click that sends it:
 * - **own screen**: until the mover's Activity has drawn the new table version
 *   (`body[data-version]` set after drawing) and the next animation frame has run — measured
 *   inside the page (`performance.now()`);
 * - **chat board**: until the emulated Discord holds the board message edited to show the move
 *   (its newest log line) — measured in this process when the emulator applies the edit; the
 *   two clocks are the same machine's (`performance.timeOrigin + now()` on both sides).
 * Moves start `paceMs` apart at least (a person's pace), each after both updates of the last
 * one, so the board's edits stay within Discord's per-channel rate limit as in a real game.
 * Needs Chromium (test/local/support.ts `findBrowser`); without it the part reports why.
 */
import { performance } from 'node:perf_hooks';
import type { Frame, Page } from 'playwright-core';
import { activityMoves } from '../src/discord/activity/view.js';
import { logLines, renderContext } from '../src/discord/render/context.js';
import { seatsToAct } from '../src/games/engine.js';
import type { NoirAction } from '../src/games/noir/rules.js';
import { Rng } from '../src/games/rng.js';
import { catalogs } from '../src/i18n/index.js';
import type { StoredEvent } from '../src/tables/types.js';
import { dataDir, findBrowser, launchBrowser, openActivity, startLocal, switchTo, until } from '../test/local/support.js';
import { summary } from './load/stats.js';

/** What the part reports (bench/run-results.ts `BenchResults.activity`). */
export interface ActivityBenchResult {
  name: string;
  metrics: Record<string, number>;
  summary: string;
}

/** How long any one update may take before the run gives up on it, ms. */
const CEILING_MS = 30_000;

/**
 * Runs in the Activity's page: make the move by clicking what a person clicks (its hit targets
 * in order, then its entry in the chooser if several moves end there; or its button beside the
 * pictures), and return when the click that sent it was made and when the new table version was
 * drawn and the next animation frame had run (epoch ms, `performance.timeOrigin + now()`).
 * A string (the page's code, not this process's): `({ keys, code, label, ceiling }) => Promise<{ at, drawnAt }>`.
 */
const MOVE_IN_PAGE = `async ({ keys, code, label, ceiling }) => {
  const now = () => performance.timeOrigin + performance.now();
  const body = document.body;
  const from = body.dataset.version;
  const drawn = new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('the Activity did not draw the move')), ceiling);
    const seen = new MutationObserver(() => {
      if (body.dataset.version === from) return;
      seen.disconnect();
      clearTimeout(give);
      requestAnimationFrame(() => setTimeout(() => resolve(now()), 0));
    });
    seen.observe(body, { attributes: true, attributeFilter: ['data-version'] });
  });
  const click = (selector) => {
    const button = document.querySelector(selector);
    if (!button) throw new Error('nothing to click at ' + selector);
    button.click();
  };
  let at = 0;
  if (!keys) {
    at = now();
    click('#tray button.move[data-code="' + code + '"]');
  } else {
    keys.forEach((key, i) => {
      if (i === keys.length - 1) at = now();
      click('button.target[data-target="' + key + '"]');
    });
    const chooser = document.querySelector('#chooser');
    if (!chooser.hidden) {
      const choice = [...chooser.querySelectorAll('button.move')].find((b) => b.textContent === label);
      if (!choice) throw new Error('no "' + label + '" in the chooser');
      at = now();
      choice.click();
    }
  }
  return { at, drawnAt: await drawn };
}`;

/** `moves` moves from the Activity (default 200), `paceMs` apart at least (default 1000 ms). */
export async function benchActivity(moves = 200, paceMs = 1000, seed = 42): Promise<ActivityBenchResult> {
  const name = 'Activity: a move to the mover’s screen and to the chat board';
  const path = findBrowser();
  if (!path) return { name, metrics: {}, summary: 'skipped: no Chromium found (test/local/support.ts findBrowser)' };
  const data = dataDir('rh-bench-activity-');
  const browser = await launchBrowser(path);
  const play = await startLocal(data.dir);
  const rng = Rng.seeded(seed);
  const own: number[] = [];
  const board: number[] = [];
  let games = 0;
  /** What the emulated Discord saw go wrong (a late answer under load), reported with the figures. */
  let violations: string[] = [];
  try {
    const emu = play.emulator;
    const { service, store, registry } = play.app.context;
    const mod = registry.get('noir');
    const [ana, ben] = emu.members();
    const pages = new Map<string, Page>();
    for (const m of [ana!, ben!]) {
      const page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
      await page.goto(play.url);
      await page.locator('.channel.active').waitFor({ timeout: CEILING_MS });
      await switchTo(page, m.id);
      pages.set(m.id, page);
    }
    while (own.length < moves) {
      // A new table in a channel of its own: Ana opens it, Ben joins, Ana starts; both open its Activity there.
      const channel = emu.addChannel(`bench-activity-${games + 1}`);
      const lobby = (await emu.user(ana!.id).slash('noir new', {}, { channelId: channel })).message;
      if (!lobby) throw new Error('no lobby');
      await emu.user(ben!.id).click(lobby, 'Join');
      // Start is enabled once the lobby shows Ben seated (its edit follows the Join's answer).
      await until(() => emu.user(ana!.id).click(lobby, 'Start').then(() => true, () => false), 'Start enabled', CEILING_MS);
      const table = await until(() => service.reads.openTableInChannel(channel), 'the table', CEILING_MS);
      const tableId = table.table.id;
      const frames = new Map<string, Frame>();
      for (const [userId, page] of pages) {
        if (await page.locator('#activity-window[open]').count()) await page.locator('#activity-close').click();
        await page.locator('.channel', { hasText: `bench-activity-${games + 1}` }).click();
        await page.locator('.channel.active', { hasText: `bench-activity-${games + 1}` }).waitFor({ timeout: CEILING_MS });
        await openActivity(page, tableId, 'Open table', CEILING_MS);
        const frame = await (await page.locator('#activity-iframe').elementHandle())!.contentFrame();
        if (!frame) throw new Error('no Activity frame');
        frames.set(userId, frame);
      }
      games++;
      const boardId = (await store.table(tableId))!.boardMessageId!;
      let made = 0;
      for (;;) {
        const snap = (await service.reads.snapshot(tableId))!;
        if (snap.table.status !== 'active' || own.length >= moves) break;
        const seat = seatsToAct(snap.pending!)[0]!;
        const userId = snap.seats.find((row) => row.seat === seat)!.userId;
        const frame = frames.get(userId)!;
        // Wait until the mover's Activity shows this decision (the last move's push reached it).
        await frame.waitForFunction(`document.body.dataset.version === '${snap.table.version}'`, undefined, { timeout: CEILING_MS });
        const offered = activityMoves(mod, snap, seat, catalogs.en).map((m) => ({ move: m, action: mod.definition.decodeAction(m.code) as NoirAction }));
        // A random move; after 20 moves of a game, a kill or an arrest when there is one (games end).
        const ending = made >= 20 ? offered.filter((o) => o.action.type === 'kill' || o.action.type === 'arrest') : [];
        const pick = rng.pick(ending.length ? ending : offered).move;
        const started = performance.now();
        // The chat board: every edit the emulator applies to it from before the click, with its time.
        let last = JSON.stringify(emu.message(boardId) ?? null);
        const edits: { at: number; json: string }[] = [];
        const stop = emu.onChange(() =>
          queueMicrotask(() => {
            const json = JSON.stringify(emu.message(boardId) ?? null);
            if (json !== last) edits.push({ at: performance.timeOrigin + performance.now(), json: (last = json) });
          }),
        );
        const timed = (await frame.evaluate(`(${MOVE_IN_PAGE})(${JSON.stringify({ keys: pick.path?.map((t) => `${t.key}|${t.side ?? ''}`) ?? null, code: pick.code, label: pick.label, ceiling: CEILING_MS })})`)) as { at: number; drawnAt: number };
        const after = await until(async () => {
          const s = (await service.reads.snapshot(tableId))!;
          return s.table.version > snap.table.version ? s : null;
        }, 'the move committed', CEILING_MS);
        // The first edit of the board that shows this move's public line (its newest log line).
        const line = JSON.stringify(logLines(mod, after.table.recentEvents as StoredEvent[], renderContext(mod, after, catalogs.en), null, 1)[0] ?? '').slice(1, -1);
        const shown = await until(() => edits.find((e) => e.json.includes(line)), `the chat board to show "${line}"`, CEILING_MS).finally(stop);
        own.push(timed.drawnAt - timed.at);
        board.push(shown.at - timed.at);
        made++;
        const rest = paceMs - (performance.now() - started);
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }
    }
    violations = play.emulator.violations.map((v) => v.message);
  } finally {
    await browser.close();
    await play.stop();
    data.cleanup();
  }
  const o = summary(own);
  const b = summary(board);
  return {
    name,
    metrics: { moves: own.length, games, paceMs, violations: violations.length, ownP50Ms: o.p50, ownP95Ms: o.p95, ownP99Ms: o.p99, ownMaxMs: o.max, boardP50Ms: b.p50, boardP95Ms: b.p95, boardP99Ms: b.p99, boardMaxMs: b.max },
    summary:
      `${own.length} NOIR moves (${games} games, 2 players, each in their own Activity in headless Chromium; moves ≥ ${paceMs} ms apart), timed from the click that sends the move:\n` +
      `- to the mover's own screen drawn: p50 ${o.p50} ms, p95 ${o.p95} ms, p99 ${o.p99} ms, max ${o.max} ms\n` +
      `- to the chat board edited with the move: p50 ${b.p50} ms, p95 ${b.p95} ms, p99 ${b.p99} ms, max ${b.max} ms` +
      (violations.length ? `\n- the emulated Discord saw ${violations.length} violation(s), e.g. ${violations[0]}` : ''),
  };
}
