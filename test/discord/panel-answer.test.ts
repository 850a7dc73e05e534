/**
 * A click's answer waits for its hand picture only a little (README "Pictures", docs/pictures.md
 * "Click → answer"): `answerWithPanel` answers with the picture when it is already drawn or
 * drawn within PICTURE_INLINE_WAIT_MS (one answer, the admission slot given back meanwhile),
 * else with the text version (or, on a panel, an acknowledgement and an edit) — also for a
 * click that was acknowledged first under load (late.ts) — and the picture follows as an edit.
 */
import { describe, expect, it, vi } from 'vitest';
import { answerWithPanel, INLINE_WAIT_UNTIL_AGE_MS, PICTURE_INLINE_WAIT_MS } from '../../src/discord/interactions/panels.js';
import { PanelWriter } from '../../src/discord/publish/panel-writer.js';
import { PictureMaker } from '../../src/discord/pictures/index.js';
import { RenderQueue } from '../../src/discord/pictures/queue.js';
import type { Png } from '../../src/discord/pictures/rasterise.js';
import type { AppContext } from '../../src/discord/interactions/context.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { GameRegistry } from '../../src/games/registry.js';
import { silentLogger } from '../../src/logger.js';
import { playRandomGame } from '../support/random-play.js';
import { snapshotOf, withTestPictures } from '../support/test-pictures.js';

const mod = withTestPictures(GAME_MODULES.find((m) => m.id === 'noir')!);
const states: unknown[] = [];
playRandomGame(mod.definition, { seats: 2, seed: 3, playSeed: 4, maxActions: 10, onState: (s) => states.push(s) });
const snapshot = snapshotOf(mod, states[2], 2, 5);

/** A rasteriser whose renders wait until `release()`. */
function blockedRaster() {
  const waiting: (() => void)[] = [];
  return {
    calls: 0,
    rasterise(this: { calls: number }, svg: string): Promise<Png> {
      this.calls++;
      return new Promise((resolve) => waiting.push(() => resolve({ data: Buffer.from(svg), width: 1, height: 1 })));
    },
    release: () => waiting.splice(0).forEach((go) => go()),
  };
}

/** A rasteriser that takes `ms` a picture. */
function slowRaster(ms: number) {
  return async (svg: string): Promise<Png> => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { data: Buffer.from(svg), width: 1, height: 1 };
  };
}

/** An app context with just what answerWithPanel uses; `textFor` holds the users who chose the text version. */
function appWith(pictures: PictureMaker) {
  const editPanel = vi.fn(async () => ({ id: 'panel-1' }));
  const textFor = new Set<string>();
  const app = {
    registry: new GameRegistry([mod]),
    logger: silentLogger,
    publisher: {
      panelAsText: (_seat: unknown, id: string) => textFor.has(id),
      pictures,
      panels: { writer: new PanelWriter(silentLogger), edit: editPanel, track: vi.fn(), dropNote: vi.fn() },
      tokens: { noteBoardClick: vi.fn() },
    },
  } as unknown as AppContext;
  return { app, editPanel, textFor };
}

/** A "Show my hand" click from seat 0's user, already acknowledged first (deferred private reply) or not. */
function boardClick(acknowledged: boolean, ageMs = 0) {
  const calls: string[] = [];
  const interaction = {
    createdTimestamp: Date.now() - ageMs,
    locale: 'en-US',
    user: { id: 'u0' },
    channelId: 'elsewhere',
    applicationId: 'app',
    token: 'tok',
    deferred: acknowledged,
    replied: false,
    isMessageComponent: () => true,
    reply: vi.fn(async (options: { files?: unknown[] }) => {
      calls.push(`reply files=${options.files?.length ?? 0}`);
      return { resource: { message: { id: 'panel-1' } } };
    }),
    deferReply: vi.fn(async () => {
      calls.push('deferReply');
      return { resource: { message: { id: 'panel-1' } } };
    }),
  };
  return { interaction, calls };
}

/** A click on seat 0's panel message `messageId` (answered in place), e.g. "📝 Text version". */
function clickOn(messageId: string) {
  const { interaction, calls } = panelClick();
  return { interaction: { ...interaction, message: { id: messageId } }, calls };
}

/** A click on seat 0's panel (answered in place). */
function panelClick() {
  const calls: string[] = [];
  const interaction = {
    createdTimestamp: Date.now(),
    locale: 'en-US',
    user: { id: 'u0' },
    channelId: 'elsewhere',
    applicationId: 'app',
    token: 'tok',
    deferred: false,
    replied: false,
    message: { id: 'panel-2' },
    isMessageComponent: () => true,
    update: vi.fn(async (options: { files?: unknown[] }) => calls.push(`update files=${options.files?.length ?? 0}`)),
    deferUpdate: vi.fn(async () => calls.push('defer')),
  };
  return { interaction, calls };
}

describe('answerWithPanel: the answer waits for its picture only a little', () => {
  it('a panel click whose picture is drawn within the wait is answered once, in place, with it (no acknowledgement, no edit)', async () => {
    const pictures = new PictureMaker({ rasterise: slowRaster(20) });
    const { app, editPanel } = appWith(pictures);
    const { interaction, calls } = panelClick();
    await answerWithPanel(interaction as never, app, snapshot, 'update');
    expect(calls).toEqual(['update files=1']);
    expect(editPanel).not.toHaveBeenCalled();
  });

  it('a new panel whose picture is drawn within the wait is one reply with it', async () => {
    const pictures = new PictureMaker({ rasterise: slowRaster(20) });
    const { app, editPanel } = appWith(pictures);
    const { interaction, calls } = boardClick(false);
    await answerWithPanel(interaction as never, app, snapshot, 'reply');
    expect(calls).toEqual(['reply files=1']);
    expect(editPanel).not.toHaveBeenCalled();
  });

  it(`a click acknowledged first (under load) whose picture takes longer than ${PICTURE_INLINE_WAIT_MS} ms gets one answer, with it: no text version first`, async () => {
    const pictures = new PictureMaker({ rasterise: slowRaster(PICTURE_INLINE_WAIT_MS + 150) });
    const { app, editPanel } = appWith(pictures);
    const { interaction, calls } = boardClick(true);
    await answerWithPanel(interaction as never, app, snapshot, 'reply');
    expect(calls).toEqual(['reply files=1']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(editPanel).not.toHaveBeenCalled();
  });

  it(`a click already ${INLINE_WAIT_UNTIL_AGE_MS} ms old does not wait: acknowledged at once, the picture follows`, async () => {
    const pictures = new PictureMaker({ rasterise: slowRaster(20) });
    const { app, editPanel } = appWith(pictures);
    const { interaction, calls } = boardClick(false, INLINE_WAIT_UNTIL_AGE_MS + 10);
    const started = Date.now();
    await answerWithPanel(interaction as never, app, snapshot, 'reply');
    expect(Date.now() - started).toBeLessThan(PICTURE_INLINE_WAIT_MS);
    expect(calls).toEqual(['deferReply']);
    await vi.waitFor(() => expect(editPanel).toHaveBeenCalledTimes(1));
  });

  it('a new panel whose picture is not drawn yet (a cold cache) is acknowledged, then sent with its picture — never the text version first', async () => {
    const raster = blockedRaster();
    const pictures = new PictureMaker({ rasterise: (svg) => raster.rasterise(svg) });
    const { app, editPanel } = appWith(pictures);
    const { interaction, calls } = boardClick(false);
    await answerWithPanel(interaction as never, app, snapshot, 'reply');
    // Acknowledged ("thinking…"), the handler done with the render still blocked: no text version sent.
    expect(calls).toEqual(['deferReply']);
    expect(editPanel).not.toHaveBeenCalled();
    raster.release();
    await vi.waitFor(() => expect(editPanel).toHaveBeenCalledTimes(1));
    const body = (editPanel.mock.calls[0] as unknown as [unknown, { files: unknown[] }])[1];
    expect(body.files).toHaveLength(1);
  });

  it('a "📝 Text version" click while a picture is on its way: the late picture is not sent after it (a new look is a newer version)', async () => {
    const raster = blockedRaster();
    const pictures = new PictureMaker({ rasterise: (svg) => raster.rasterise(svg) });
    const { app, editPanel, textFor } = appWith(pictures);
    // A panel answered with the text version at once (acknowledged first under load); its picture is drawing.
    const { interaction } = boardClick(true);
    await answerWithPanel(interaction as never, app, snapshot, 'reply');
    expect(raster.calls).toBe(1);
    // The player switches that panel to the text version (stored first, as components.ts does).
    textFor.add('u0');
    const toggle = clickOn('panel-1');
    await answerWithPanel(toggle.interaction as never, app, snapshot, 'update', undefined, true);
    expect(toggle.calls).toEqual(['update files=0']);
    // The picture finishes: it is not sent over the text version.
    raster.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.publisher.panels.writer.settled();
    expect(editPanel).not.toHaveBeenCalled();
  });

  it('a click acknowledged first whose picture is not drawn within the wait gets the text version; the picture follows as an edit', async () => {
    const raster = blockedRaster();
    const pictures = new PictureMaker({ rasterise: (svg) => raster.rasterise(svg) });
    const { app, editPanel } = appWith(pictures);
    const { interaction, calls } = boardClick(true);
    await answerWithPanel(interaction as never, app, snapshot, 'reply');
    // Answered (and the handler done, its admission slot free) with the render still blocked.
    expect(calls).toEqual(['reply files=0']);
    expect(raster.calls).toBe(1);
    expect(editPanel).not.toHaveBeenCalled();
    raster.release();
    await vi.waitFor(() => expect(editPanel).toHaveBeenCalledTimes(1));
    const body = (editPanel.mock.calls[0] as unknown as [unknown, { files: unknown[] }])[1];
    expect(body.files).toHaveLength(1);
  });

  it('a picture already drawn goes with the answer', async () => {
    const pictures = new PictureMaker({ rasterise: async (svg) => ({ data: Buffer.from(svg), width: 1, height: 1 }) });
    const { app } = appWith(pictures);
    await pictures.hand(mod, snapshot, 0, (await import('../../src/i18n/index.js')).catalogs.en);
    const { interaction, calls } = boardClick(false);
    await answerWithPanel(interaction as never, app, snapshot, 'reply');
    expect(calls).toEqual(['reply files=1']);
  });

  it('a panel click whose picture the render queue would refuse (full) is answered in place with the text version, not acknowledged and edited later', async () => {
    const raster = blockedRaster();
    const queue = new RenderQueue({ concurrency: 1, urgentConcurrency: 1, size: 0 });
    const pictures = new PictureMaker({ rasterise: (svg) => raster.rasterise(svg), queue });
    const { app, editPanel } = appWith(pictures);
    // Another picture takes the one render slot, an urgent one's too: the queue is full for a click's picture.
    void pictures.hand(mod, snapshotOf(mod, states[1], 2, 4, { id: 8 } as never), 1, (await import('../../src/i18n/index.js')).catalogs.en);
    expect(queue.wouldRefuse(Infinity, true)).toBe('full');
    const { interaction, calls } = panelClick();
    await answerWithPanel(interaction as never, app, snapshot, 'update');
    expect(calls).toEqual(['update files=0']);
    expect(editPanel).not.toHaveBeenCalled();
    raster.release();
  });

  it('a panel click whose picture can be drawn in time is acknowledged (it keeps its last picture) and edited with the new one', async () => {
    const raster = blockedRaster();
    const pictures = new PictureMaker({ rasterise: (svg) => raster.rasterise(svg) });
    const { app, editPanel } = appWith(pictures);
    const { interaction, calls } = panelClick();
    await answerWithPanel(interaction as never, app, snapshot, 'update');
    expect(calls).toEqual(['defer']);
    raster.release();
    await vi.waitFor(() => expect(editPanel).toHaveBeenCalledTimes(1));
    const body = (editPanel.mock.calls[0] as unknown as [unknown, { files: unknown[] }])[1];
    expect(body.files).toHaveLength(1);
  });
});
