/**
 * Helpers of the local-play tests: start local play in this process on a temporary data
 * folder (the same `startLocalPlay` the entry point uses), find the browser (Debian's
 * chromium-headless-shell, driven by playwright-core), and read the game actions the page
 * offers — by decoding the `data-custom-id` of the buttons and the values of the select
 * options it shows, exactly as the bot's router decodes them. Tests only ever click what
 * the page shows.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { createApp, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { decodeCustomId } from '../../src/discord/custom-id.js';
import type { AnyGameDefinition } from '../../src/games/engine.js';
import { startLocalPlay, type LocalPlay } from '../../src/local/play.js';
import { silentLogger } from '../../src/logger.js';

/** Where browser tests put their screenshots (gitignored). */
export const RESULTS_DIR = join(import.meta.dirname, '..', '..', 'test-results');

/** Candidate browser binaries: CHROMIUM_PATH first, then Debian's headless shell and Chromium. */
const BROWSERS = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The browser to drive, or null. Under CI=true a missing browser is an error (the tests must run). */
export function findBrowser(): string | null {
  const found = BROWSERS.find((p): p is string => typeof p === 'string' && p !== '' && existsSync(p)) ?? null;
  if (!found && process.env.CI === 'true') {
    throw new Error('No browser for the local-play tests: install it with `apt-get install -y --no-install-recommends chromium-headless-shell fonts-noto-color-emoji` (.ci/run does) or set CHROMIUM_PATH.');
  }
  if (!found) {
    process.stderr.write('local-play browser tests SKIPPED: no chromium-headless-shell found (apt-get install -y --no-install-recommends chromium-headless-shell fonts-noto-color-emoji, or set CHROMIUM_PATH). They run under CI=true.\n');
  }
  return found;
}

/** Launch the browser found by `findBrowser`. */
export async function launchBrowser(path: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: path, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** A temporary data folder. */
export function dataDir(prefix = 'rh-local-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The local-play config for a data folder (port 0 = ephemeral unless given). */
export function localConfig(dir: string, port = 0): Config {
  const config = loadConfig({ DATABASE_PATH: join(dir, 'local.db'), LOG_LEVEL: 'silent' });
  return { ...config, local: { ...config.local!, port } };
}

/** Start local play in this process on `dir`. */
export async function startLocal(dir: string, opts: { port?: number; appOptions?: Partial<AppOptions> } = {}): Promise<LocalPlay> {
  return startLocalPlay(localConfig(dir, opts.port ?? 0), { logger: silentLogger, createApp, ...(opts.appOptions ? { appOptions: opts.appOptions } : {}) });
}

/** Make sure the screenshot folder exists; returns the path of `name` in it. */
export function screenshotPath(name: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return join(RESULTS_DIR, name);
}

/**
 * Save a screenshot of `target` as `name` in the screenshot folder, for people reading test
 * results. A screenshot is not an assertion: a message re-rendered while it is taken (the
 * page redraws edited messages) is retried once and then left out, never failing the test.
 */
export async function snapshot(target: Locator | Page, name: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await target.screenshot({ path: screenshotPath(name), timeout: 5_000 });
      return;
    } catch {
      // detached or still moving: try again once, then give up quietly
    }
  }
}

/** A game action the page offers: the message it is on, how to trigger it and what it decodes to. */
export interface PageOffer<A = any> {
  messageId: string;
  customId: string;
  /** Select option value (the action code), for select menus. */
  value?: string;
  label: string;
  action: A;
  step: number;
}

/** Every enabled game action shown in `scope` (a message, or the whole page). */
export async function pageOffers<A = any>(scope: Page | Locator, def: AnyGameDefinition): Promise<PageOffer<A>[]> {
  // Runs in the page: plain structural types (the test's TypeScript has no DOM library).
  type Node = { dataset: Record<string, string | undefined>; disabled?: boolean; textContent: string | null; value?: string; options?: ArrayLike<Node>; querySelectorAll(sel: string): ArrayLike<Node> };
  const raw = await scope.locator('.message').evaluateAll((elements) =>
    (elements as unknown as Node[]).flatMap((node) => {
      const messageId = node.dataset.messageId ?? '';
      const buttons = Array.from(node.querySelectorAll('button.button[data-custom-id]'))
        .filter((b) => !b.disabled)
        .map((b) => ({ messageId, customId: b.dataset.customId ?? '', label: b.textContent ?? '' }));
      const options = Array.from(node.querySelectorAll('select.select[data-custom-id]'))
        .filter((sel) => !sel.disabled)
        .flatMap((sel) =>
          Array.from(sel.options ?? []).filter((o) => o.value !== '').map((o) => ({ messageId, customId: sel.dataset.customId ?? '', value: o.value, label: o.textContent ?? '' })),
        );
      return [...buttons, ...options];
    }),
  );
  const out: PageOffer<A>[] = [];
  for (const r of raw as Array<{ messageId: string; customId: string; value?: string; label: string }>) {
    const id = decodeCustomId(r.customId);
    if (!id) continue;
    if (id.kind === 'game') {
      const action = def.decodeAction(id.code);
      if (action) out.push({ ...r, action: action as A, step: id.step });
    } else if (id.kind === 'select' && r.value !== undefined) {
      const action = def.decodeAction(r.value);
      if (action) out.push({ ...r, action: action as A, step: id.step });
    }
  }
  return out;
}

/** Click an offer on the page (the button, or the select option). */
export async function clickOffer(page: Page, offer: PageOffer): Promise<void> {
  const message = page.locator(`.message[data-message-id="${offer.messageId}"]`);
  if (offer.value !== undefined) await message.locator(`select.select[data-custom-id="${offer.customId}"]`).selectOption(offer.value);
  else await message.locator(`button.button[data-custom-id="${offer.customId}"]`).click();
  await page.locator('.button.busy').first().waitFor({ state: 'detached' });
}

/** Look through `userId`'s eyes (the "you are" switcher). */
export async function switchTo(page: Page, userId: string): Promise<void> {
  if ((await page.locator('#you-are').inputValue()) === userId) return;
  await page.selectOption('#you-are', userId);
  await page.locator(`.member.me[data-user="${userId}"]`).waitFor();
}

/**
 * The newest message of the page whose title names `table #id` and has buttons (the board): an
 * embed's title (a lobby, a game without pictures) or a Components V2 board's `###` heading.
 */
export function boardLocator(page: Page, tableId: number): Locator {
  const title = page.locator('.embed-title, .v2-text .md-h3', { hasText: new RegExp(`table #${tableId}\\b`) });
  return page.locator('.message:not(.ephemeral)').filter({ has: title }).filter({ has: page.locator('.components, .action-row') }).last();
}

/** Poll `fn` until it returns a truthy value (every 50 ms, up to `timeoutMs`). */
export async function until<T>(fn: () => Promise<T> | T, what: string, timeoutMs = 8000): Promise<NonNullable<T>> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}${last instanceof Error ? ` (${last.message})` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Open table `tableId`'s Activity as the page's user: click the board's `button` (**Open table**,
 * in the table's language; the board is found by it), authorize the first time (the consent
 * dialog), and wait for the table drawn in the Activity window (docs/activity.md "Try it in local
 * play"). Each wait polls up to `timeoutMs` (default 45 s).
 */
export async function openActivity(page: Page, tableId: number, button = 'Open table', timeoutMs = 45_000): Promise<FrameLocator> {
  await page.locator('.message:not(.ephemeral)', { hasText: `#${tableId}` }).locator('button', { hasText: button }).last().click();
  await page.locator('#activity-window[open]').waitFor({ timeout: timeoutMs });
  const consent = page.locator('#activity-consent');
  await until(async () => (await consent.isVisible()) || (await page.frameLocator('#activity-iframe').locator('#pictures figure').count()) > 0, 'the consent dialog or the table', timeoutMs);
  if (await consent.isVisible()) await consent.locator('button.authorize').click();
  const frame = page.frameLocator('#activity-iframe');
  await frame.locator('#pictures figure').first().waitFor({ timeout: timeoutMs });
  return frame;
}
