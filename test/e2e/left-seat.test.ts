/**
 * A player who left a running game (`/table leave`) sees what a non-player sees from that
 * moment until the game ends (README "Review a game", docs/review.md "Who sees what"): the
 * real bot against the Discord emulator. A three-player Suspicion table runs; Cleo opens her
 * hand, leaves, and the others play on while her seat is auto-played. Her open panel, "Show
 * my hand" and Refresh no longer show the seat's hand (nor its picture), `/hand` finds no table; 💡 Hint is
 * refused; a review of her old seat (even a forged custom_id) is refused, the review opens on
 * the public view, and Export carries no seed and no move of any seat. Once the game is over
 * she is one of its players again: her seat, everything revealed and the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { reviewId, tableActionId } from '../../src/discord/custom-id.js';
import { reviewContext } from '../../src/discord/render/review.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, eventually, fresh, panelOf, playOut, settle, startBot, tableIdOf, tempDir, textOf } from './harness.js';

const def = suspicionModule.definition;
const r = en.review;
const panelText = en.common.panel;

describe('A seat left is a non-player’s view until the game ends', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-left-');
  let ana: EmulatedUser;
  let ben: EmulatedUser;
  let cleo: EmulatedUser;
  let channelId: string;
  let tableId: number;
  let cleoSeat: number;
  /** Cleo's panel, opened while she still played. */
  let openPanel: EmulatedMessage;
  /** Cleo sees pictures; everyone else reads text. */
  const textBoards = { guild: () => true, user: (id: string) => id !== cleo?.id };

  /** The body of seat `seat`'s private panel at the table's current state: its hand, in words. */
  const handBody = async (seat: number) => {
    const table = (await app.context.store.table(tableId))!;
    const seats = (await app.context.store.seats(tableId)).filter((row) => row.seat !== null).sort((a, b) => a.seat! - b.seat!);
    return suspicionModule.ui.panel(def.seatView(table.state, seat), [], reviewContext(suspicionModule, table, seats, en)).body;
  };
  const attachments = (m: EmulatedMessage | undefined) => ((m?.attachments ?? []) as unknown[]).length;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben');
    cleo = emu.addUser('Cleo');
    app = await startBot(emu, tmp.dbPath, { textBoards });
    channelId = emu.addChannel('left-seat');
    const lobby = answered(await ana.slash('suspicion new', { seats: 3, hints: true }, { channelId })).message!;
    for (const guest of [ben, cleo]) answered(await guest.click(fresh(emu, lobby), 'Join'));
    await settle(app);
    answered(await ana.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    tableId = tableIdOf(lobby);
    cleoSeat = (await app.context.store.seats(tableId)).find((row) => row.userId === cleo.id)!.seat!;
    await playOut({ emu, app: () => app, tableId, users: [ana, ben, cleo], def, channelId, until: async () => (await app.context.store.actions(tableId)).length >= 3 });
    openPanel = (await panelOf(answered(await cleo.click(boardOf(emu, tableId, channelId), en.common.board.showHand))))!;
    await settle(app);
    // While she plays, her panel shows her hand: as a picture (she has pictures on), or as text
    // when the render queue refused it on a loaded machine.
    expect(textOf(fresh(emu, openPanel))).not.toContain(panelText.spectator);
    const body = await handBody(cleoSeat);
    await eventually(async () => attachments(fresh(emu, openPanel)) === 1 || textOf(fresh(emu, openPanel)).includes(body), 'her hand in her panel', 15_000);
    const ask = answered(await cleo.slash('table leave', {}, { channelId }));
    expect(textOf(answered(await cleo.click(ask.message!, en.common.commands.confirmLeaveButton)).message)).toContain(en.common.commands.leftDone);
    await settle(app);
    const before = (await app.context.store.actions(tableId)).length;
    // The others play on; her seat is played automatically. Six moves: enough for her seat's
    // hand to change; with twelve, a declaration ended the game early in one run (her seat's
    // automatic moves follow the deadlines, so the path is not fixed by the seed).
    await playOut({ emu, app: () => app, tableId, users: [ana, ben], def, channelId, seed: 3, until: async () => (await app.context.store.actions(tableId)).length >= before + 6 });
    await settle(app);
    expect((await app.context.store.table(tableId))!.status).toBe('active');
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('her panel opened before leaving is redrawn without the seat’s hand', async () => {
    const now = fresh(emu, openPanel);
    expect(textOf(now)).toContain(panelText.leftSeat);
    expect(textOf(now)).not.toContain(await handBody(cleoSeat));
    expect(attachments(now)).toBe(0);
  });

  it('Show my hand and Refresh show no hand and no hand picture; /hand finds no table of hers', async () => {
    const shown = (await panelOf(answered(await cleo.click(boardOf(emu, tableId, channelId), en.common.board.showHand))))!;
    const refreshed = answered(await cleo.click(shown, panelText.refresh)).message!;
    const body = await handBody(cleoSeat);
    for (const m of [shown, refreshed]) {
      expect(m.ephemeral).toBe(true);
      expect(textOf(m)).toContain(panelText.leftSeat);
      expect(textOf(m)).not.toContain(body);
      expect(attachments(m)).toBe(0);
    }
    const hand = answered(await cleo.slash('hand', {}, { channelId })).message!;
    expect(hand.ephemeral).toBe(true);
    expect(textOf(hand)).toBe('You are not seated at an open table in this server. Start one with `/suspicion new`, `/noir new`, `/phantom new`, or `/jaccuse new`.');
  });

  it('💡 Hint is refused, privately, and changes nothing', async () => {
    const version = (await app.context.store.table(tableId))!.version;
    const hint = answered(await cleo.forge(fresh(emu, openPanel), tableActionId(tableId, 'hint')));
    expect(hint.message!.content).toBe(en.common.errors.seatLeft);
    expect((await app.context.store.table(tableId))!.version).toBe(version);
  });

  it('a review of her old seat is refused (forged ids too); the review opens on the public view', async () => {
    const board = boardOf(emu, tableId, channelId);
    for (const view of [`s${cleoSeat}`, 'a']) {
      for (const op of ['l', 'n', 'x']) {
        const forged = answered(await cleo.forge(board, reviewId(tableId, null, view, op as 'l')));
        expect(forged.message!.content, `${view}:${op}`).toBe(r.errors.view);
      }
    }
    const selected = answered(await cleo.forge(board, reviewId(tableId, null, 'p', 'v'), [`s${cleoSeat}`]));
    expect(selected.message!.content).toBe(r.errors.view);
    // (a review step whose pictures take longer than a moment is acknowledged first, then edited in)
    const opened = (await panelOf(answered(await cleo.forge(board, reviewId(tableId, null, 'p', 'o')))))!;
    expect(textOf(opened)).toContain(r.seenAs(r.views.public));
    expect(textOf(opened)).not.toContain(await handBody(cleoSeat));
  });

  it('Export carries no seed and no seat’s moves, hers included', async () => {
    const exported = answered(await cleo.forge(boardOf(emu, tableId, channelId), reviewId(tableId, null, 'p', 'x'))).message!;
    const files = (exported as unknown as { attachments: { url: string }[] }).attachments;
    const record = (await (await fetch(files[0]!.url)).json()) as { seed: number | null; actions: { seat: number; action: unknown }[] };
    expect(record.seed).toBeNull();
    expect(record.actions.length).toBeGreaterThan(6);
    expect(record.actions.filter((entry) => entry.action !== null)).toEqual([]);
  });

  it('once the game is over she is one of its players again: her seat, everything revealed, the seed', async () => {
    const ask = answered(await ana.slash('table leave', {}, { channelId }));
    answered(await ana.click(ask.message!, en.common.commands.confirmLeaveButton));
    await settle(app);
    expect((await app.context.store.table(tableId))!.status).toBe('finished');
    const board = boardOf(emu, tableId, channelId);
    const mine = (await panelOf(answered(await cleo.click(board, r.reviewButton))))!;
    expect(textOf(mine)).toContain(r.seenAs(r.views.mine('Cleo')));
    const exported = answered(await cleo.forge(board, reviewId(tableId, null, 'a', 'x'))).message!;
    const files = (exported as unknown as { attachments: { url: string }[] }).attachments;
    const record = (await (await fetch(files[0]!.url)).json()) as { seed: number | null };
    expect(record.seed).toBe((await app.context.store.table(tableId))!.seed);
  });
});
