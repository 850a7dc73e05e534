/**
 * The render queue (src/discord/pictures/queue.ts, README "Pictures"): bounded, refusing what
 * would be late, coalesced to the newest version of a picture, boards before hands; and the
 * PictureMaker through it (a refused picture is not even drawn).
 */
import { describe, expect, it } from 'vitest';
import { RenderQueue } from '../../src/discord/pictures/queue.js';
import { PictureMaker } from '../../src/discord/pictures/index.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { catalogs } from '../../src/i18n/index.js';
import { drawCalls, snapshotOf, withTestPictures } from '../support/test-pictures.js';

/** A render that finishes when told to. */
function gate<T>(value: T): { work: () => Promise<T>; open: () => void } {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { work: () => done.then(() => value), open };
}

describe('RenderQueue', () => {
  it('runs `concurrency` renders at once, keeps at most `size` waiting and refuses the rest as full, saying so once', async () => {
    const overloads: string[] = [];
    const q = new RenderQueue({ concurrency: 1, size: 2, onOverload: (why) => overloads.push(why) });
    const gates = [gate(1), gate(2), gate(3)];
    const runs = gates.map((g, i) => q.run({ key: `k${i}`, version: 1, work: g.work }));
    expect(q.length).toBe(2);
    const refused = await q.run({ key: 'k9', version: 1, work: async () => 9 });
    expect(refused).toEqual({ ok: false, refused: 'full' });
    expect(await q.run({ key: 'k10', version: 1, work: async () => 10 })).toEqual({ ok: false, refused: 'full' });
    expect(overloads).toEqual(['full']); // said once, not per refusal
    expect(q.refused).toBe(2);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([1, 2, 3].map((value) => ({ ok: true, value })));
  });

  it('refuses a render that would not be done by its deadline, and one whose deadline passed while it waited', async () => {
    let now = 1000;
    const q = new RenderQueue({ concurrency: 1, size: 10, now: () => now });
    const first = gate('a');
    const running = q.run({ key: 'a', version: 1, work: first.work });
    // One running and an estimate of RENDER_ESTIMATE_MS (30 ms) each: done at ≈ now + 60 ms.
    expect(await q.run({ key: 'b', version: 1, finishBy: now + 40, work: async () => 'b' })).toEqual({ ok: false, refused: 'late' });
    const waiting = q.run({ key: 'c', version: 1, finishBy: now + 200, work: async () => 'c' });
    now += 500; // the first render takes long: c's deadline passes while it waits
    first.open();
    expect(await running).toEqual({ ok: true, value: 'a' });
    expect(await waiting).toEqual({ ok: false, refused: 'late' });
  });

  it('one slow render (a render worker starting) does not make the next pictures look late; renders slow for good still do', async () => {
    let now = 0;
    const q = new RenderQueue({ concurrency: 1, size: 10, now: () => now });
    // The first render after a start takes 2.5 s (the worker loads its rasteriser and fonts).
    const cold = gate('cold');
    const running = q.run({ key: 'board', version: 1, work: cold.work });
    now += 2500;
    cold.open();
    await running;
    // The next hand, asked with the 2 s a panel edit may take (PICTURE_EDIT_BY_MS), is taken.
    expect(q.wouldRefuse(now + 2000)).toBeNull();
    expect(q.renderMs).toBeLessThan(200);
    // Renders that keep taking 2.5 s raise the estimate until they are refused as late.
    let refusedAfter = 0;
    for (let i = 0; i < 20 && q.wouldRefuse(now + 2000) === null; i++) {
      const slow = gate(i);
      const run = q.run({ key: `h${i}`, version: 1, work: slow.work });
      now += 2500;
      slow.open();
      await run;
      refusedAfter = i + 1;
    }
    expect(q.wouldRefuse(now + 2000)).toBe('late');
    // (without the cap: 8 such renders; with it: one more)
    expect(refusedAfter).toBeLessThanOrEqual(10);
  });

  it('coalesces waiting renders of one picture to the newest version; boards go before hands', async () => {
    const q = new RenderQueue({ concurrency: 1, size: 10 });
    const order: string[] = [];
    const first = gate('x');
    const running = q.run({ key: 'busy', version: 1, work: first.work });
    const hand2 = q.run({ key: 't1:0:en:hand', version: 2, work: async () => (order.push('hand v2'), 2) });
    const other = q.run({ key: 't1:1:en:hand', version: 2, work: async () => (order.push('seat 1 v2'), 'o') });
    const hand3 = q.run({ key: 't1:0:en:hand', version: 3, work: async () => (order.push('hand v3'), 3) });
    const board = q.run({ key: 't1:public:en:board', version: 3, first: true, work: async () => (order.push('board v3'), 'b') });
    expect(await hand2).toEqual({ ok: false, refused: 'superseded' });
    expect(q.superseded).toBe(1);
    first.open();
    await Promise.all([running, other, hand3, board]);
    expect(await hand3).toEqual({ ok: true, value: 3 });
    expect(order).toEqual(['board v3', 'seat 1 v2', 'hand v3']);
  });

  it("a click's own picture (urgent) goes before boards and other seats' hands, in arrival order among the urgent", async () => {
    const q = new RenderQueue({ concurrency: 1, size: 10, urgentConcurrency: 1 });
    const order: string[] = [];
    const first = gate('x');
    const running = q.run({ key: 'busy', version: 1, work: first.work });
    const other = q.run({ key: 't1:1:en:hand', version: 2, work: async () => (order.push('seat 1 redraw'), 1) });
    const board = q.run({ key: 't1:public:en:board', version: 2, first: true, work: async () => (order.push('board'), 2) });
    const click = q.run({ key: 't2:0:en:hand', version: 5, urgent: true, work: async () => (order.push('click t2'), 3) });
    const board2 = q.run({ key: 't3:public:en:board', version: 1, first: true, work: async () => (order.push('board t3'), 4) });
    const click2 = q.run({ key: 't4:2:es:hand', version: 9, urgent: true, work: async () => (order.push('click t4'), 5) });
    first.open();
    await Promise.all([running, other, board, click, board2, click2]);
    expect(order).toEqual(['click t2', 'click t4', 'board', 'board t3', 'seat 1 redraw']);
  });

  it('a render waiting as a redraw moves up among the urgent ones when a player asks for it (promote)', async () => {
    const q = new RenderQueue({ concurrency: 1, size: 10, urgentConcurrency: 1 });
    const order: string[] = [];
    const first = gate('x');
    const running = q.run({ key: 'busy', version: 1, work: first.work });
    const board = q.run({ key: 't1:public:en:board', version: 2, first: true, work: async () => (order.push('board'), 1) });
    const redraw = q.run({ key: 't1:1:en:hand', version: 2, work: async () => (order.push('seat 1'), 2) });
    const click = q.run({ key: 't2:0:en:hand', version: 5, urgent: true, work: async () => (order.push('click t2'), 3) });
    q.promote('t1:1:en:hand');
    q.promote('nothing waiting under this key');
    first.open();
    await Promise.all([running, board, redraw, click]);
    expect(order).toEqual(['click t2', 'seat 1', 'board']);
  });

  it('an urgent render is handed over at once past the renders on their way, up to urgentConcurrency; the next urgent one waits first in line', async () => {
    const q = new RenderQueue({ concurrency: 1, size: 10, urgentConcurrency: 2 });
    const order: string[] = [];
    const first = gate('x');
    const running = q.run({ key: 'busy', version: 1, work: first.work });
    const board = q.run({ key: 't1:public:en:board', version: 2, first: true, work: async () => (order.push('board'), 1) });
    const clickGate = gate(3);
    const click = q.run({ key: 't2:0:en:hand', version: 5, urgent: true, work: async () => (order.push('click t2'), clickGate.work()) });
    // Started at once: 'busy' still runs, the board still waits.
    expect(order).toEqual(['click t2']);
    const click2 = q.run({ key: 't4:2:es:hand', version: 9, urgent: true, work: async () => (order.push('click t4'), 5) });
    const redraw = q.run({ key: 't1:1:en:hand', version: 2, work: async () => (order.push('seat 1'), 6) });
    q.promote('t1:1:en:hand'); // now urgent, behind click t4
    expect(order).toEqual(['click t2']);
    expect(q.length).toBe(3);
    clickGate.open();
    await Promise.all([click, click2, redraw]);
    // The board is no urgent render: it waits for a slot under `concurrency` ('busy' holds it).
    expect(order).toEqual(['click t2', 'click t4', 'seat 1']);
    first.open();
    await Promise.all([running, board]);
    expect(order).toEqual(['click t2', 'click t4', 'seat 1', 'board']);
    expect(await click).toEqual({ ok: true, value: 3 });
  });

  it('a promoted redraw starts at once when there is room for urgent renders, and starts as urgent (the worker draws it first)', async () => {
    const q = new RenderQueue({ concurrency: 1, size: 10, urgentConcurrency: 2 });
    const started: [string, boolean][] = [];
    const busy = gate('x');
    const running = q.run({ key: 'busy', version: 1, work: busy.work });
    const redraw = q.run({ key: 't1:1:en:hand', version: 2, work: async (urgent) => (started.push(['seat 1', urgent]), 1) });
    expect(started).toEqual([]);
    q.promote('t1:1:en:hand');
    expect(started).toEqual([['seat 1', true]]);
    expect(await redraw).toEqual({ ok: true, value: 1 });
    busy.open();
    await running;
  });

  it('an urgent render takes the place of the last board or redraw in a full queue (refused as full); only urgent ones fill it for good', async () => {
    const q = new RenderQueue({ concurrency: 1, size: 2, urgentConcurrency: 1 });
    const busy = gate('x');
    const running = q.run({ key: 'busy', version: 1, work: busy.work });
    const order: string[] = [];
    const board = q.run({ key: 't1:public:en:board', version: 1, first: true, work: async () => (order.push('board'), 1) });
    const redraw = q.run({ key: 't2:1:en:hand', version: 1, work: async () => (order.push('seat 1'), 2) });
    expect(q.wouldRefuse()).toBe('full');
    expect(q.wouldRefuse(Infinity, true)).toBeNull();
    const click = q.run({ key: 't3:0:en:hand', version: 1, urgent: true, work: async () => (order.push('click'), 3) });
    expect(await redraw).toEqual({ ok: false, refused: 'full' });
    const click2 = q.run({ key: 't4:0:en:hand', version: 1, urgent: true, work: async () => (order.push('click 2'), 4) });
    expect(await board).toEqual({ ok: false, refused: 'full' });
    // Now two urgent renders wait: a third is refused.
    expect(q.wouldRefuse(Infinity, true)).toBe('full');
    expect(await q.run({ key: 't5:0:en:hand', version: 1, urgent: true, work: async () => 5 })).toEqual({ ok: false, refused: 'full' });
    busy.open();
    await Promise.all([running, click, click2]);
    expect(order).toEqual(['click', 'click 2']);
  });

  it('passes a failed render on to its caller and goes on with the next', async () => {
    const q = new RenderQueue({ concurrency: 1, size: 4 });
    const bad = q.run({ key: 'a', version: 1, work: async () => Promise.reject(new Error('bad svg')) });
    const good = q.run({ key: 'b', version: 1, work: async () => 'ok' });
    await expect(bad).rejects.toThrow('bad svg');
    expect(await good).toEqual({ ok: true, value: 'ok' });
  });
});

describe('PictureMaker through the render queue', () => {
  const game = GAME_MODULES.find((mod) => mod.id === 'noir')!;
  const mod = withTestPictures(game);
  const state = game.definition.setup(game.definition.optionsSchema.parse({}), 2, 7);

  it('does not draw a picture the queue would refuse, and gives the refusal (the caller sends text)', async () => {
    const blocked = gate({ data: Buffer.from([1]), width: 1, height: 1 });
    const q = new RenderQueue({ concurrency: 1, size: 0 });
    const maker = new PictureMaker({ queue: q, rasterise: blocked.work });
    const busy = maker.request(mod, snapshotOf(mod, state, 2, 2, { id: 1 }), null, catalogs.en);
    const before = drawCalls.hand;
    expect(await maker.request(mod, snapshotOf(mod, state, 2, 2, { id: 2 }), 0, catalogs.en)).toEqual({ picture: null, refused: 'full' });
    expect(drawCalls.hand).toBe(before); // refused before drawing
    expect(await maker.hand(mod, snapshotOf(mod, state, 2, 2, { id: 2 }), 0, catalogs.en)).toBeNull();
    blocked.open();
    expect((await busy).picture?.png).toEqual(Buffer.from([1]));
  });

  it("keys a picture by its viewer's view: another seat never gets it, the same view at a newer version does", async () => {
    const maker = new PictureMaker({ rasterise: async (svg) => ({ data: Buffer.from(svg), width: 1, height: 1 }) });
    const v2 = snapshotOf(mod, state, 2, 2);
    await maker.hand(mod, v2, 0, catalogs.en);
    expect(maker.cached(mod, v2, 0, catalogs.en)).not.toBeNull();
    expect(maker.cached(mod, v2, 1, catalogs.en)).toBeNull();
    expect(maker.cached(mod, v2, null, catalogs.en)).toBeNull();
    expect(maker.cached(mod, snapshotOf(mod, state, 2, 3), 0, catalogs.en)).not.toBeNull();
  });

  it('finds a picture asked for again at the same table version without computing the view; never for another viewer or version', async () => {
    let views = 0;
    const counting = { ...mod, definition: { ...mod.definition, seatView: (s: unknown, seat: number) => (views++, mod.definition.seatView(s as never, seat)), publicView: (s: unknown) => (views++, mod.definition.publicView(s as never)) } } as typeof mod;
    const maker = new PictureMaker({ rasterise: async (svg) => ({ data: Buffer.from(svg), width: 1, height: 1 }) });
    const v2 = snapshotOf(counting, state, 2, 2);
    const first = await maker.hand(counting, v2, 0, catalogs.en);
    expect(views).toBe(1);
    // The same version again (a panel refresh, "Show my hand"): the version key, no view, no drawing.
    const hands = drawCalls.hand;
    expect((await maker.hand(counting, snapshotOf(counting, state, 2, 2), 0, catalogs.en))?.png).toEqual(first?.png);
    expect(maker.cached(counting, v2, 0, catalogs.en)?.png).toEqual(first?.png);
    expect(views).toBe(1);
    expect(drawCalls.hand).toBe(hands);
    // Another seat or the public board at that version: their own view, their own picture.
    const other = await maker.hand(counting, v2, 1, catalogs.en);
    const board = await maker.board(counting, v2, catalogs.en);
    expect(views).toBe(3);
    expect(other?.png).not.toEqual(first?.png);
    expect(board?.png).not.toEqual(first?.png);
    // A seat renamed at the same version (seats are drawn): not the version key's picture.
    const renamed = snapshotOf(counting, state, 2, 2);
    renamed.seats[0]!.displayName = 'Zoe';
    expect((await maker.hand(counting, renamed, 0, catalogs.en))?.png).not.toEqual(first?.png);
    expect(views).toBe(4);
  });
});
