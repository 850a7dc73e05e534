/**
 * Pictures (README "Pictures"): the shipped fonts, the picture cache and the Components V2
 * payloads of boards and panels, for every game at its biggest table (6 seats or its maximum).
 */
import { ComponentType, MessageFlags } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { GAME_MODULES } from '../../src/games/index.js';
import { svgDocument, text } from '../../src/games/svg.js';
import { catalogs } from '../../src/i18n/index.js';

const { en, es } = catalogs;
import { boardMessage } from '../../src/discord/render/board.js';
import { panelMessage } from '../../src/discord/render/panel.js';
import { countComponents, textDisplayLength, V2_COMPONENTS_MAX, V2_TEXT_MAX } from '../../src/discord/render/markup.js';
import { ByteLru } from '../../src/discord/pictures/cache.js';
import { PictureMaker, type MessagePicture } from '../../src/discord/pictures/index.js';
import { fontFiles } from '../../src/discord/pictures/rasterise.js';
import { renderContext } from '../../src/discord/render/context.js';
import { requestBody } from '../../src/discord/render/message-body.js';
import { playRandomGame } from '../support/random-play.js';
import { drawCalls, snapshotOf, withTestPictures } from '../support/test-pictures.js';

const game = GAME_MODULES.find((mod) => mod.id === 'suspicion')!;
/** The same game without drawers (the embed layout). */
const plain = { ...game, pictures: undefined };

/** Count of pixels differing from the background colour #2b2d31 in an RGBA buffer. */
async function inkPixels(svg: string): Promise<number> {
  const { Resvg } = await import('@resvg/resvg-js');
  const pixels = new Resvg(svg, { font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().pixels;
  let ink = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i] !== 0x2b || pixels[i + 1] !== 0x2d || pixels[i + 2] !== 0x31) ink++;
  return ink;
}

describe('the shipped fonts', () => {
  const svg = svgDocument(720, 120, [text(20, 60, 'Señora Ünver ★ ✓ — 3 évidences', { size: 28, bold: true })]);
  const pixels = async (fonts: string[]) => {
    const { Resvg } = await import('@resvg/resvg-js');
    return new Resvg(svg, { font: { fontFiles: fonts, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().pixels;
  };

  it('draw text (no system font is looked up), and the subsets hold every glyph drawn here', async () => {
    // Without a font file, resvg draws no glyph at all: ink proves the shipped fonts are used.
    expect(await inkPixels(svg)).toBeGreaterThan(1000);
    const bare = await pixels([]);
    let ink = 0;
    for (let i = 0; i < bare.length; i += 4) if (bare[i] !== 0x2b) ink++;
    expect(ink).toBe(0);
    // A glyph missing from a subset would leave a gap: the pixels would differ from the full fonts'.
    const full = ['node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'];
    expect(Buffer.from(await pixels(fontFiles())).equals(Buffer.from(await pixels(full)))).toBe(true);
  });

  it("keep resvg's freed memory for the next picture: MIMALLOC_PURGE_DELAY is set before resvg loads (allocator.ts)", async () => {
    const { PURGE_DELAY_MS } = await import('../../src/discord/pictures/allocator.js');
    expect(process.env.MIMALLOC_PURGE_DELAY).toBe(String(PURGE_DELAY_MS));
  });
});

describe('ByteLru', () => {
  it('keeps at most its bound, dropping the least recently used first', () => {
    const lru = new ByteLru<Buffer>(3 * (1000 + 200 + 1), (b) => b.length);
    for (const key of ['a', 'b', 'c']) lru.set(key, Buffer.alloc(1000));
    expect(lru.size).toBe(3);
    lru.get('a'); // a is now the most recent: b goes first
    lru.set('d', Buffer.alloc(1000));
    expect([lru.get('a') !== undefined, lru.get('b') !== undefined, lru.get('c') !== undefined, lru.get('d') !== undefined]).toEqual([true, false, true, true]);
    expect(lru.bytes).toBeLessThanOrEqual(lru.maxBytes);
    lru.set('huge', Buffer.alloc(10_000)); // larger than the bound: not kept, nothing dropped
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.size).toBe(3);
  });
});

describe('PictureMaker', () => {
  const mod = withTestPictures(game);
  /** A stand-in PNG: the SVG's bytes (the same SVG gives the same bytes). */
  const fakePng = async (svg: string) => ({ data: Buffer.from(svg), width: 720, height: 1 });
  const state = game.definition.setup(game.definition.optionsSchema.parse({}), 4, 11);

  it('rasterises a board once per table version and language, however often it is asked for', async () => {
    let raster = 0;
    const maker = new PictureMaker({ rasterise: (svg) => (raster++, fakePng(svg)) });
    const snap = snapshotOf(mod, state, 4, 2);
    const before = drawCalls.board;
    const [a, b] = await Promise.all([maker.board(mod, snap, en), maker.board(mod, snap, en)]);
    await maker.board(mod, snap, en);
    expect(raster).toBe(1);
    expect(drawCalls.board - before).toBe(1);
    expect(a!.png.equals(b!.png)).toBe(true);
    expect(a!.alt.length).toBeGreaterThanOrEqual(40);
    await maker.board(mod, snap, es); // another language: another picture
    expect(raster).toBe(2);
    expect(maker.cached(mod, snap, null, en)?.hash).toBe(a!.hash);
  });

  it("reuses a hand a rival's move did not change (same SVG at a newer version), and only that seat's view", async () => {
    let raster = 0;
    const maker = new PictureMaker({ rasterise: (svg) => (raster++, fakePng(svg)) });
    const v2 = await maker.hand(mod, snapshotOf(mod, state, 4, 2), 1, en);
    const v3 = await maker.hand(mod, snapshotOf(mod, state, 4, 3), 1, en);
    expect(v3!.hash).toBe(v2!.hash);
    expect(raster).toBe(1);
    const other = await maker.hand(mod, snapshotOf(mod, state, 4, 3), 2, en);
    expect(other!.hash).not.toBe(v2!.hash); // seat 2's view differs from seat 1's
    expect(raster).toBe(2);
  });

  it('stays within its byte bound', async () => {
    const maker = new PictureMaker({ cacheBytes: 60_000 });
    for (let version = 1; version <= 6; version++) await maker.board(mod, snapshotOf(mod, state, 4, version, { id: version }), en);
    expect(maker.cache.bytes).toBeLessThanOrEqual(60_000);
    expect(maker.cache.bytes).toBeGreaterThan(0);
  });

  it('draws nothing for a game without drawers', async () => {
    expect(await new PictureMaker().board(plain, snapshotOf(plain, state, 4), en)).toBeNull();
  });
});

/** A stand-in picture with the longest alt text Discord takes. */
const bigPicture: MessagePicture = { name: 'board-7.png', png: Buffer.from([1, 2, 3]), alt: 'x'.repeat(1024), width: 720, height: 900, hash: 'h' };

function mediaItems(payload: { components?: unknown[] }): { media: { url: string }; description?: string }[] {
  const out: { media: { url: string }; description?: string }[] = [];
  const walk = (list: unknown[]) => {
    for (const c of list as { type: number; items?: never[]; components?: unknown[] }[]) {
      if (c.type === ComponentType.MediaGallery) out.push(...(c.items ?? []));
      if (c.components) walk(c.components);
    }
  };
  walk(payload.components ?? []);
  return out;
}

describe('board and panel payloads (Components V2)', () => {
  for (const base of GAME_MODULES) {
    const mod = withTestPictures(base);
    const seats = Math.min(6, base.definition.maxPlayers);
    it(`${base.id}: every position of a ${seats}-seat game fits Discord's limits, with the picture and as text`, () => {
      const states: unknown[] = [];
      playRandomGame(base.definition, { seats, seed: 5, playSeed: 9, maxActions: 400, onState: (state) => states.push(state) });
      let checked = 0;
      for (const [index, state] of states.entries()) {
        if (index % 7 !== 0 && index !== states.length - 1) continue;
        const snap = snapshotOf(mod, state, seats, index + 2);
        for (const text of [en, es]) {
          const payloads = [
            boardMessage(mod, snap, text, { picture: bigPicture }),
            boardMessage(mod, snap, text, { textBoards: true }),
            ...Array.from({ length: seats }, (_, seat) => panelMessage(mod, snap, `u${seat}`, text, text.common.panel.refreshed, { picture: { ...bigPicture, name: 'hand-7.png' } })),
            ...Array.from({ length: seats }, (_, seat) => panelMessage(mod, snap, `u${seat}`, text, undefined, { textBoards: true })),
          ];
          for (const payload of payloads) {
            expect(payload.flags! & MessageFlags.IsComponentsV2).toBeTruthy();
            expect(payload.content).toBeUndefined();
            expect(payload.embeds).toBeUndefined();
            expect(countComponents(payload.components!)).toBeLessThanOrEqual(V2_COMPONENTS_MAX);
            expect(textDisplayLength(payload.components!)).toBeLessThanOrEqual(V2_TEXT_MAX);
            for (const item of mediaItems(payload)) {
              expect(item.description!.length).toBeGreaterThanOrEqual(40);
              expect(item.description!.length).toBeLessThanOrEqual(1024);
              expect(payload.files!.map((file) => `attachment://${file.name}`)).toContain(item.media.url);
            }
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(4);
    });
  }

  const mod = withTestPictures(game);
  const state = game.definition.setup(game.definition.optionsSchema.parse({}), 4, 11);
  const snap = snapshotOf(mod, state, 4);

  it('the board shows the picture with its alt text; text boards show the text version instead', () => {
    const picture = boardMessage(mod, snap, en, { picture: bigPicture });
    expect(mediaItems(picture)).toEqual([{ media: { url: 'attachment://board-7.png' }, description: bigPicture.alt }]);
    expect(picture.files).toEqual([{ name: 'board-7.png', data: bigPicture.png, description: bigPicture.alt }]);
    const textual = boardMessage(mod, snap, en, { picture: bigPicture, textBoards: true });
    expect(mediaItems(textual)).toEqual([]);
    expect(textual.files).toBeUndefined();
    const body = game.ui.board(game.definition.publicView(state), renderContext(game, snap, en));
    expect(JSON.stringify(textual.components)).toContain(JSON.stringify(body.body.split('\n')[0]).slice(1, -1));
    expect(JSON.stringify(picture.components)).toContain('Show my hand');
  });

  it("the panel shows the seat's hand picture and a Text version switch; text panels switch back to Pictures", () => {
    const hand = panelMessage(mod, snap, 'u1', en, undefined, { picture: { ...bigPicture, name: 'hand-7.png' } });
    expect(mediaItems(hand)[0]!.media.url).toBe('attachment://hand-7.png');
    expect(JSON.stringify(hand.components)).toContain(en.common.panel.textVersion);
    const textual = panelMessage(mod, snap, 'u1', es, undefined, { picture: bigPicture, textBoards: true });
    expect(mediaItems(textual)).toEqual([]);
    expect(JSON.stringify(textual.components)).toContain(es.common.panel.picturesVersion);
    // A game without drawers keeps its embed panel, without a switch.
    const legacy = panelMessage(plain, snap, 'u1', en);
    expect(legacy.embeds).toHaveLength(1);
    expect(JSON.stringify(legacy.components)).not.toContain(en.common.panel.textVersion);
  });

  it('an edit lists exactly the files it sends as attachments and clears content and embeds', () => {
    const edit = requestBody(boardMessage(mod, snap, en, { picture: bigPicture }), true);
    expect(edit.body).toMatchObject({ content: null, embeds: [], attachments: [{ id: '0', filename: 'board-7.png', description: bigPicture.alt }] });
    expect(edit.files).toEqual([{ name: 'board-7.png', data: bigPicture.png, contentType: 'image/png', key: 'files[0]' }]);
    expect(JSON.stringify(edit.body)).not.toContain('"data"');
    // Text boards: an edit drops the old picture.
    expect(requestBody(boardMessage(mod, snap, en, { textBoards: true }), true).body.attachments).toEqual([]);
    const create = requestBody(boardMessage(mod, snap, en, { picture: bigPicture }), false);
    expect(create.body).not.toHaveProperty('content');
    expect(create.body).not.toHaveProperty('embeds');
  });
});
