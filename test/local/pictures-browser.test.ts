/**
 * Pictures on the local-play page: a Components V2 message with an uploaded PNG (posted
 * through the emulator's Discord REST as the bot would, multipart) is drawn as Discord draws
 * it — a container with its accent bar, markdown text, a separator, the picture scaled to the
 * message width (≤ 520 px on a desktop, the full width on a 390 px phone) with its
 * description as alt text, a section with a thumbnail, and the action row — and a legacy
 * message's image attachment shows as a picture. The world file holds no picture bytes.
 * Screenshots go to test-results/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import type { Browser, Page } from 'playwright-core';
import type { LocalPlay } from '../../src/local/play.js';
import { dataDir, findBrowser, launchBrowser, snapshot, startLocal, switchTo } from './support.js';

const BROWSER = findBrowser();

/** A PNG of a little "board": coloured cards on a felt table. */
function boardPng(width: number, height: number): Buffer {
  const cards = ['#e63946', '#f1c453', '#2a9d8f', '#457b9d', '#9b5de5']
    .map((fill, i) => `<rect x="${40 + i * 150}" y="${height / 2 - 90}" width="120" height="180" rx="12" fill="${fill}" stroke="#fff" stroke-width="4"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#1d3b2a"/>${cards}</svg>`;
  return Buffer.from(new Resvg(svg).render().asPng());
}

const BOARD_ALT = 'The table: five suspects face up; Ana to play.';
const THUMB_ALT = 'Your evidence card: the red suspect.';
const LEGACY_ALT = 'A legacy picture';
const HAND_ALT = 'Your hand: two evidence cards.';

describe.skipIf(!BROWSER)('local play: Components V2 pictures', () => {
  let browser: Browser;
  let play: LocalPlay;
  const data = dataDir();

  beforeAll(async () => {
    browser = await launchBrowser(BROWSER!);
    play = await startLocal(data.dir);
  });

  afterAll(async () => {
    await browser?.close();
    await play?.stop();
    data.cleanup();
  });

  /** Post a message as the bot does: multipart, payload_json + files[n]. */
  async function post(payload: object, files: { name: string; data: Buffer }[]): Promise<Record<string, any>> {
    const emu = play.emulator;
    const form = new FormData();
    files.forEach((f, i) => form.append(`files[${i}]`, new Blob([f.data], { type: 'image/png' }), f.name));
    form.append('payload_json', JSON.stringify(payload));
    const res = await fetch(`${emu.apiBase}/v10/channels/${emu.channel}/messages`, { method: 'POST', headers: { authorization: `Bot ${emu.token}` }, body: form });
    const body = (await res.json()) as Record<string, any>;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  }

  /** Where an element sits on the page (px). */
  async function box(page: Page, selector: string) {
    const b = await page.locator(selector).first().boundingBox();
    if (!b) throw new Error(`${selector} is not visible`);
    return b;
  }

  it('draws the container, the picture with its alt text, a thumbnail and buttons, on desktop and phone', { timeout: 60_000 }, async () => {
    await post(
      {
        flags: 1 << 15,
        components: [
          {
            type: 17,
            accent_color: 0x2a9d8f,
            components: [
              { type: 10, content: '## Table 1 · Suspicion\nIt is **Ana**’s turn.' },
              { type: 14, divider: true, spacing: 1 },
              { type: 12, items: [{ media: { url: 'attachment://board.png' }, description: BOARD_ALT }] },
              { type: 9, components: [{ type: 10, content: '-# Your evidence' }], accessory: { type: 11, media: { url: 'attachment://card.png' }, description: THUMB_ALT } },
              { type: 1, components: [{ type: 2, style: 1, custom_id: 'pics-test-roll', label: 'Roll the dice' }] },
            ],
          },
        ],
        attachments: [{ id: '0' }, { id: '1' }],
      },
      [
        { name: 'board.png', data: boardPng(800, 450) },
        { name: 'card.png', data: boardPng(200, 200) },
      ],
    );
    await post({ content: 'and a plain picture', attachments: [{ id: '0', description: LEGACY_ALT }] }, [{ name: 'old.png', data: boardPng(300, 200) }]);

    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(play.url);
    const board = page.locator(`img.v2-media[alt="${BOARD_ALT}"]`);
    await board.waitFor();
    await expect.poll(() => board.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth)).toBe(800);
    const container = page.locator('.v2-container').first();
    // Runs in the page (the test's TypeScript has no DOM library).
    expect(await container.evaluate((n) => (globalThis as unknown as { getComputedStyle(e: unknown): { borderLeftColor: string } }).getComputedStyle(n).borderLeftColor)).toBe('rgb(42, 157, 143)');
    expect(await container.locator('.v2-text h3, .v2-text .md-h2').first().textContent()).toContain('Table 1');
    expect(await container.locator('.v2-text strong').first().textContent()).toBe('Ana');
    expect(await container.locator('.v2-separator.divider').count()).toBe(1);
    expect(await container.locator('button.button[data-custom-id="pics-test-roll"]').textContent()).toContain('Roll the dice');
    const thumb = page.locator(`img.v2-thumbnail[alt="${THUMB_ALT}"]`);
    await expect.poll(() => thumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(200);
    await expect.poll(() => page.locator(`img.attachment-image[alt="${LEGACY_ALT}"]`).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(300);

    // Desktop: scaled down to the message width, at most 520 px, keeping its proportions.
    const desk = await box(page, `img.v2-media[alt="${BOARD_ALT}"]`);
    expect(desk.width).toBeGreaterThan(480);
    expect(desk.width).toBeLessThanOrEqual(520);
    expect(desk.height / desk.width).toBeCloseTo(450 / 800, 2);
    await snapshot(page.locator('.message', { has: page.locator('.v2') }).last(), 'pictures-desktop.png');
    await snapshot(page, 'pictures-desktop-page.png');

    // Phone: the full width of the message, inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await board.scrollIntoViewIfNeeded();
    const phone = await box(page, `img.v2-media[alt="${BOARD_ALT}"]`);
    const message = await box(page, '.message:has(.v2) .v2-container');
    expect(phone.x + phone.width).toBeLessThanOrEqual(390);
    expect(phone.width).toBeGreaterThan(message.width - 2 * 12 - 6); // the container's padding and border only
    expect(phone.height / phone.width).toBeCloseTo(450 / 800, 2);
    await snapshot(page, 'pictures-phone.png');
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('draws an ephemeral V2 panel with its picture for its user only', { timeout: 60_000 }, async () => {
    const emu = play.emulator;
    const [ana, ben] = emu.members();
    // Any answered interaction gives a token for a follow-up, as the bot would send one.
    await emu.user(ana!.id).slash('stats');
    const callback = emu.requests.findLast((r) => r.route === 'POST /interactions/:interaction/:token/callback')!;
    const token = callback.path.split('/')[3]!;
    const form = new FormData();
    form.append('files[0]', new Blob([boardPng(400, 300)], { type: 'image/png' }), 'hand.png');
    form.append(
      'payload_json',
      JSON.stringify({
        flags: 64 | (1 << 15),
        components: [{ type: 17, accent_color: 0xe63946, components: [{ type: 10, content: '### Your hand' }, { type: 12, items: [{ media: { url: 'attachment://hand.png' }, description: HAND_ALT }] }] }],
        attachments: [{ id: '0' }],
      }),
    );
    const res = await fetch(`${emu.apiBase}/v10/webhooks/${emu.applicationId}/${token}`, { method: 'POST', body: form });
    expect(res.status).toBe(200);

    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(play.url);
    const hand = page.locator(`.message.ephemeral img.v2-media[alt="${HAND_ALT}"]`);
    await hand.waitFor();
    await expect.poll(() => hand.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(400);
    expect((await hand.boundingBox())!.width).toBe(400); // a smaller picture is not enlarged
    await snapshot(page.locator('.message.ephemeral', { has: page.locator(`img.v2-media[alt="${HAND_ALT}"]`) }), 'pictures-ephemeral.png');
    await switchTo(page, ben!.id);
    await page.locator('.message').first().waitFor();
    expect(await page.locator(`img[alt="${HAND_ALT}"]`).count()).toBe(0); // hidden information
    await page.close();
  });

  it('keeps picture bytes out of the world file, beside it instead, and behind the page’s Host check', async () => {
    const world = readFileSync(join(data.dir, 'local.world.json'), 'utf8');
    expect(world).toContain('board.png');
    expect(world).not.toContain('iVBORw0KGgo'); // a base64 PNG
    expect(world.length).toBeLessThan(200_000);
    expect(readdirSync(join(data.dir, 'local.attachments'))).toHaveLength(4);
    const url = new URL(String(play.emulator.messages().findLast((m) => m.attachments.length > 0 && !m.ephemeral)!.attachments[0]!.url));
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await status(url.host)).toBe(200);
    expect(await status('evil.example')).toBe(403); // a DNS-rebinding page cannot read pictures
  });

  it('an edited message shows its new text at once and its old picture until the new one has loaded: no blank frame', { timeout: 60_000 }, async () => {
    const EDIT_ALT = 'The table after a move.';
    const payload = { flags: 1 << 15, components: [{ type: 17, components: [{ type: 10, content: '### Edits' }, { type: 12, items: [{ media: { url: 'attachment://edit.png' }, description: EDIT_ALT }] }] }], attachments: [{ id: '0' }] };
    const posted = await post(payload, [{ name: 'edit.png', data: boardPng(600, 300) }]);
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(play.url);
    const picture = page.locator(`img.v2-media[alt="${EDIT_ALT}"]`);
    await expect.poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(600);
    const first = await picture.getAttribute('src');
    // The new picture's bytes arrive 600 ms late; every animation frame meanwhile is sampled.
    await page.route('**/attachments/**', async (route) => {
      if (route.request().url() !== new URL(first!, play.url).href) await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.evaluate((alt) => {
      const w = globalThis as unknown as { blank: number; frames: number; document: any; requestAnimationFrame(f: () => void): void };
      w.blank = 0;
      w.frames = 0;
      const tick = () => {
        const img = w.document.querySelector(`img.v2-media[alt="${alt}"]`);
        w.frames++;
        if (!img || !img.complete || img.naturalWidth === 0) w.blank++;
        w.requestAnimationFrame(tick);
      };
      w.requestAnimationFrame(tick);
    }, EDIT_ALT);
    const emu = play.emulator;
    const form = new FormData();
    form.append('files[0]', new Blob([boardPng(700, 300)], { type: 'image/png' }), 'edit.png');
    const edited = JSON.parse(JSON.stringify(payload).replace('### Edits', '### Edits, again'));
    form.append('payload_json', JSON.stringify(edited));
    const res = await fetch(`${emu.apiBase}/v10/channels/${emu.channel}/messages/${posted.id}`, { method: 'PATCH', headers: { authorization: `Bot ${emu.token}` }, body: form });
    expect(res.status).toBe(200);
    // The text changes at once; the old picture stays until the new one has loaded.
    const message = page.locator('.message', { has: picture });
    await expect.poll(() => message.textContent(), { timeout: 5_000 }).toContain('Edits, again');
    expect(await picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(600);
    await expect.poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), { timeout: 10_000 }).toBe(700);
    expect(await picture.getAttribute('src')).not.toBe(first);
    const sampled = await page.evaluate(() => {
      const w = globalThis as unknown as { blank: number; frames: number };
      return { blank: w.blank, frames: w.frames };
    });
    expect(sampled.frames).toBeGreaterThan(20);
    expect(sampled.blank).toBe(0);
    await page.close();
  });
});
