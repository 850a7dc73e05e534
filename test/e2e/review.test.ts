/**
 * Game review end to end (README "Review a game"): the real bot against the Discord emulator.
 * A game of Suspicion is played to the end by clicking; the finished board's Review opens a
 * private panel at the last step; ◀ ▶ ⏮ and "view as" redraw it in place; a restart in between
 * changes nothing (the old panel's buttons still work and draw the same step); a non-player sees
 * only the public view and is refused any seat's view, even with forged ids; Export attaches the
 * JSON record and the markdown transcript; /history lists the game with a Review button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { reviewId } from '../../src/discord/custom-id.js';
import { reviewContext, reviewPictureSeats, stepPictures } from '../../src/discord/render/review.js';
import { replayGame, type ReviewView } from '../../src/review/replay.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { allComponents, DiscordEmulator, buttonLabels, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, eventually, fresh, playOut, settle, startBot, tableIdOf, tempDir, textOf } from './harness.js';

const r = en.review;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The alt texts of the Media Gallery items of a message, in order, after checking each item
 * shows one of the message's attachments and that attachment's bytes are a PNG.
 */
async function galleryAlts(m: EmulatedMessage): Promise<string[]> {
  const attachments = (m.attachments ?? []) as { url: string }[];
  const items = allComponents(m)
    .filter((found) => found.type === 12)
    .flatMap((found) => (found.component as { items: { media: { url: string }; description?: string }[] }).items);
  expect(items.length).toBe(attachments.length);
  for (const item of items) {
    expect(attachments.map((a) => a.url)).toContain(item.media.url);
    const bytes = Buffer.from(await (await fetch(item.media.url)).arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(item.description!.length).toBeGreaterThanOrEqual(40);
  }
  return items.map((item) => item.description!);
}

/** The select menus of a message (inside a Components V2 container too). */
function selects(m: EmulatedMessage): { placeholder?: string; options?: { label: string; value: string; default?: boolean }[] }[] {
  return allComponents(m)
    .filter((found) => found.type === 3)
    .map((found) => found.component as never);
}

/** The placeholders of the select menus of a message. */
function placeholders(m: EmulatedMessage): string[] {
  return selects(m).map((c) => c.placeholder ?? '');
}

describe('Game review through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-review-');
  let ana: EmulatedUser;
  let ben: EmulatedUser;
  let cleo: EmulatedUser;
  let dev: EmulatedUser;
  let channelId: string;
  let tableId: number;
  let board: EmulatedMessage;
  let last: number;
  let panel: EmulatedMessage;
  /** The game cancelled midway (the last tests). */
  let stoppedId = 0;
  /** Users who see pictures; everyone else has the text-boards setting (reads the review as text). */
  const pictureUsers = new Set<string>();
  const textBoardsBut = { guild: () => true, user: (id: string) => !pictureUsers.has(id) };

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: textBoardsBut });
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben');
    cleo = emu.addUser('Cleo');
    dev = emu.addUser('Dev');
    channelId = emu.addChannel('replays');
    const created = answered(await ana.slash('suspicion new', { seats: 3 }, { channelId }));
    const lobby = created.message!;
    for (const guest of [ben, cleo]) answered(await guest.click(fresh(emu, lobby), 'Join'));
    await settle(app);
    answered(await ana.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    tableId = tableIdOf(lobby);
    await playOut({ emu, app: () => app, tableId, users: [ana, ben, cleo], def: suspicionModule.definition, channelId });
    await settle(app);
    board = boardOf(emu, tableId, channelId);
    last = (await app.context.store.actions(tableId)).length;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  const seatOf = async (user: EmulatedUser) => (await app.context.store.seats(tableId)).find((row) => row.userId === user.id)!.seat!;

  it('the finished board offers Review; a player opens their own seat at the last step, privately', async () => {
    expect((await app.context.store.table(tableId))!.status).toBe('finished');
    expect(buttonLabels(board)).toEqual([en.common.board.playAgain, r.reviewButton]);
    const opened = answered(await ana.click(board, r.reviewButton));
    panel = opened.message!;
    expect(panel.ephemeral).toBe(true);
    const text = textOf(panel);
    expect(text).toContain(r.title(suspicionModule.emoji, 'Suspicion', tableId));
    expect(text).toContain(r.stepOf(last, last));
    expect(text).toContain(r.seenAs(r.views.mine('Ana')));
    expect(buttonLabels(panel)).toEqual([r.first, r.previous, r.next, r.last, r.export, r.analysis.button]);
    expect(placeholders(panel)).toEqual([r.viewAs]);
    emu.assertNoViolations();
  });

  it('◀ ⏮ ▶ redraw the same panel one step at a time; the deal is step 0', async () => {
    let now = answered(await ana.click(panel, r.previous)).message!;
    expect(now.id).toBe(panel.id);
    expect(textOf(now)).toContain(r.stepOf(last - 1, last));
    now = answered(await ana.click(fresh(emu, panel), r.first)).message!;
    expect(textOf(now)).toContain(r.stepOf(0, last));
    expect(textOf(now)).toContain(r.deal);
    now = answered(await ana.click(fresh(emu, panel), r.next)).message!;
    expect(textOf(now)).toContain(r.stepOf(1, last));
    expect(textOf(now)).toMatch(/\*\*(Ana|Ben|Cleo)\*\* moved/);
  });

  it('"view as" shows another seat and everything revealed once the game is over', async () => {
    const benSeat = await seatOf(ben);
    let now = answered(await ana.select(fresh(emu, panel), r.viewAs, [`s${benSeat}`])).message!;
    expect(textOf(now)).toContain(r.seenAs(r.views.seat('Ben')));
    expect(textOf(now)).toContain(r.stepOf(1, last));
    const menu = selects(now)[0]!;
    expect(menu.options!.filter((o) => o.default).map((o) => o.value)).toEqual([`s${benSeat}`]);
    now = answered(await ana.select(fresh(emu, panel), r.viewAs, ['a'])).message!;
    expect(textOf(now)).toContain(r.seenAs(r.views.all));
    for (const name of ['Ana', 'Ben', 'Cleo']) expect(textOf(now)).toContain(r.seatHeading(name));
  });

  it('a restart in between changes nothing: the old panel steps on and draws what it drew before', async () => {
    const before = answered(await ana.click(fresh(emu, panel), r.next)).message!;
    const step2 = textOf(before);
    expect(step2).toContain(r.stepOf(2, last));
    answered(await ana.click(fresh(emu, panel), r.previous));
    await app.stop();
    app = await startBot(emu, tmp.dbPath, { textBoards: textBoardsBut });
    const after = answered(await ana.click(fresh(emu, panel), r.next)).message!;
    expect(textOf(after)).toBe(step2);
    emu.assertNoViolations();
  });

  it("a non-player sees only the public view and is refused any seat's view, even with forged ids", async () => {
    const opened = answered(await dev.click(board, r.reviewButton)).message!;
    expect(opened.ephemeral).toBe(true);
    expect(textOf(opened)).toContain(r.seenAs(r.views.public));
    expect(placeholders(opened)).toEqual([]);
    for (let seat = 0; seat < 3; seat++) {
      const forged = answered(await dev.forge(opened, reviewId(tableId, 1, `s${seat}`, 'n')));
      expect(forged.message!.content).toBe(r.errors.view);
      const selected = answered(await dev.forge(opened, reviewId(tableId, 1, 'p', 'v'), [`s${seat}`]));
      expect(selected.message!.content).toBe(r.errors.view);
    }
    const all = answered(await dev.forge(opened, reviewId(tableId, 1, 'a', 'n')));
    expect(all.message!.content).toBe(r.errors.view);
    // Step 1 as Dev sees it holds no seat's private panel; Ana's own view of step 1 holds hers.
    answered(await dev.click(fresh(emu, opened), r.first));
    const devStep1 = textOf(answered(await dev.click(fresh(emu, opened), r.next)).message!);
    expect(devStep1).toContain(r.stepOf(1, last));
    const table = (await app.context.store.table(tableId))!;
    const seats = (await app.context.store.seats(tableId)).sort((a, b) => a.seat! - b.seat!);
    const log = (await app.context.store.actions(tableId)).map((row) => ({ seat: row.seat, action: row.action, kind: row.kind, at: row.at }));
    const def = suspicionModule.definition;
    const replay = replayGame({ definition: def, options: table.options, seats: 3, seed: table.seed!, setupMeta: { hostSeat: await seatOf(ana) }, log });
    expect(replay.steps.at(-1)!.state).toEqual(table.state);
    const ctx = reviewContext(suspicionModule, table, seats, en);
    const bodies = [0, 1, 2].map((seat) => suspicionModule.ui.panel(def.seatView(replay.steps[1]!.state, seat), [], ctx).body);
    for (const body of bodies) expect(devStep1).not.toContain(body);
    answered(await ana.click(fresh(emu, panel), r.first));
    answered(await ana.select(fresh(emu, panel), r.viewAs, [`s${await seatOf(ana)}`]));
    const anaStep1 = textOf(answered(await ana.click(fresh(emu, panel), r.next)).message!);
    expect(anaStep1).toContain(bodies[await seatOf(ana)]!);
  });

  it('Export attaches the JSON record and the markdown transcript', async () => {
    const exported = answered(await ana.click(fresh(emu, panel), r.export)).message!;
    expect(exported.ephemeral).toBe(true);
    expect(exported.content).toContain(`table #${tableId}`);
    const attachments = (exported as unknown as { attachments: { filename: string; url: string }[] }).attachments ?? [];
    expect(attachments.map((a) => a.filename)).toEqual([`suspicion-${tableId}.json`, `suspicion-${tableId}.md`]);
    // The record, downloaded from the emulator, replays (seed + actions, straight through the
    // engine) to exactly the final state the table stored.
    const record = (await (await fetch(attachments[0]!.url)).json()) as { options: unknown; seats: unknown[]; seed: number; hostSeat: number; actions: { seat: number; action: unknown }[] };
    const def = suspicionModule.definition;
    let state = def.setup(record.options, record.seats.length, record.seed, { hostSeat: record.hostSeat });
    for (const entry of record.actions) {
      const applied = def.apply(state, entry.seat, entry.action);
      if (!applied.ok) throw new Error(`exported action refused: ${JSON.stringify(applied.error)}`);
      state = applied.state;
    }
    expect(record.actions).toHaveLength(last);
    expect(state).toEqual((await app.context.store.table(tableId))!.state);
    const transcript = await (await fetch(attachments[1]!.url)).text();
    expect(transcript).toContain(r.transcript.step(last));
  });

  it('with pictures: each step shows the pictures of its moment from the chosen view only, with alt text', async () => {
    const eve = emu.addUser('Eve');
    pictureUsers.add(eve.id);
    pictureUsers.add(ana.id);
    try {
      const table = (await app.context.store.table(tableId))!;
      const seats = (await app.context.store.seats(tableId)).filter((row) => row.seat !== null).sort((a, b) => a.seat! - b.seat!);
      const log = (await app.context.store.actions(tableId)).map((row) => ({ seat: row.seat, action: row.action, kind: row.kind, at: row.at }));
      const replay = replayGame({ definition: suspicionModule.definition, options: table.options, seats: 3, seed: table.seed!, setupMeta: { hostSeat: await seatOf(ana) }, log });
      // `reader`: the reader's own seat (their hand says "Your cards"; another's says whose).
      const drawn = (step: number, view: ReviewView, reader: number | null = null) => stepPictures(suspicionModule, replay, step, view, reviewPictureSeats(seats, en), en, true, reader)!;
      const handAlts = (step: number, reader: number | null = null) => drawn(step, { kind: 'all' }, reader).hands.map((hand) => hand.picture.alt);
      // A step whose pictures are not drawn within REVIEW_PICTURE_WAIT_MS is acknowledged and
      // edited a moment later (a loaded machine): read the panel once it shows the step with them.
      const at = (m: EmulatedMessage, step: number, pictures: number) =>
        eventually(async () => {
          const now = fresh(emu, m);
          return textOf(now).includes(r.stepOf(step, last)) && ((now.attachments ?? []) as unknown[]).length === pictures ? now : null;
        }, `review step ${step} with ${pictures} pictures`, 15_000);
      // A non-player: the public board only, at the last step and one step back.
      let eves = await at(answered(await eve.click(board, r.reviewButton)).message!, last, 1);
      expect(await galleryAlts(eves)).toEqual([drawn(last, { kind: 'public' }).board.alt]);
      eves = await at(answered(await eve.click(eves, r.previous)).message!, last - 1, 1);
      expect(textOf(eves)).toContain(r.stepOf(last - 1, last));
      const alts = await galleryAlts(eves);
      expect(alts).toEqual([drawn(last - 1, { kind: 'public' }).board.alt]);
      for (const hand of handAlts(last - 1)) expect(alts).not.toContain(hand);
      // A player: the board and their own hand; everything revealed: the board and every hand.
      const mine = await seatOf(ana);
      let anas = await at(answered(await ana.click(board, r.reviewButton)).message!, last, 2);
      expect(await galleryAlts(anas)).toEqual([drawn(last, { kind: 'public' }).board.alt, handAlts(last, mine)[mine]]);
      expect(handAlts(last, mine)[mine]).toContain('Your cards');
      anas = await at(answered(await ana.click(anas, r.first)).message!, 0, 2);
      anas = await at(answered(await ana.select(anas, r.viewAs, ['a'])).message!, 0, 4);
      expect(textOf(anas)).toContain(r.stepOf(0, last));
      expect(await galleryAlts(anas)).toEqual([drawn(0, { kind: 'public' }).board.alt, ...handAlts(0, mine)]);
      // Everything revealed: the other players' hands say whose they are (issue 38 item 5).
      for (const [seat, alt] of handAlts(0, mine).entries()) if (seat !== mine) expect(alt).not.toContain('Your cards');
      for (const name of ['Ana', 'Ben', 'Cleo']) expect(textOf(anas)).toContain(r.seatHeading(name));
      emu.assertNoViolations();
    } finally {
      pictureUsers.clear();
    }
  });

  it('/history lists the finished game with a Review button that opens the same review', async () => {
    const listed = answered(await ben.slash('history', {}, { channelId })).message!;
    expect(listed.ephemeral).toBe(true);
    expect(textOf(listed)).toContain(`**#${tableId}**`);
    const review = answered(await ben.click(listed, r.history.review(tableId))).message!;
    expect(textOf(review)).toContain(r.seenAs(r.views.mine('Ben')));
    expect(textOf(review)).toContain(r.stepOf(last, last));
    // Another member's games: Dev sees Ana's list; its Review opens the public view for Dev.
    const hers = answered(await dev.slash('history', { user: ana.id }, { channelId })).message!;
    expect(textOf(hers)).toContain(r.history.title('Ana'));
    expect(textOf(hers)).toContain(`**#${tableId}**`);
    const fromList = answered(await dev.click(hers, r.history.review(tableId))).message!;
    expect(textOf(fromList)).toContain(r.seenAs(r.views.public));
    // Someone with no finished game gets a plain empty list.
    expect(textOf(answered(await dev.slash('history', {}, { channelId })).message!)).toContain(r.history.empty);
  });

  it('/privacy delete anonymises the player in every review: their name is gone and their seat is no longer theirs', async () => {
    const cleoSeat = await seatOf(cleo);
    const ask = answered(await cleo.slash('privacy delete', {}, { channelId }));
    answered(await cleo.click(ask.message!, en.privacy.confirmButton));
    const opened = answered(await ana.click(board, r.reviewButton)).message!;
    const select = selects(opened)[0]!;
    expect(select.options!.find((o) => o.value === `s${cleoSeat}`)!.label).toBe(r.views.seat(en.privacy.formerPlayer));
    const all = answered(await ana.select(opened, r.viewAs, ['a'])).message!;
    expect(textOf(all)).not.toContain('Cleo');
    expect(textOf(all)).toContain(r.seatHeading(en.privacy.formerPlayer));
    // Cleo is no longer one of the players: the public view only.
    const hers = answered(await cleo.click(board, r.reviewButton)).message!;
    expect(textOf(hers)).toContain(r.seenAs(r.views.public));
    const refused = answered(await cleo.forge(hers, reviewId(tableId, 1, `s${cleoSeat}`, 'n')));
    expect(refused.message!.content).toBe(r.errors.view);
  });

  it('a game cancelled midway is reviewed up to where it stopped', async () => {
    const other = emu.addChannel('stopped');
    const created = answered(await ana.slash('suspicion new', { seats: 3 }, { channelId: other }));
    const lobby = created.message!;
    for (const guest of [ben, dev]) answered(await guest.click(fresh(emu, lobby), 'Join'));
    await settle(app);
    answered(await ana.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    stoppedId = tableIdOf(lobby);
    await playOut({ emu, app: () => app, tableId: stoppedId, users: [ana, ben, dev], def: suspicionModule.definition, channelId: other, until: async () => (await app.context.store.actions(stoppedId)).length >= 4 });
    const moves = (await app.context.store.actions(stoppedId)).length;
    await app.context.service.lobby.cancel(stoppedId, { userId: ana.id, displayName: 'Ana', canManageGuild: false });
    await settle(app);
    const stoppedBoard = boardOf(emu, stoppedId, other);
    expect(buttonLabels(stoppedBoard)).toEqual([r.reviewButton]);
    const opened = answered(await ben.click(stoppedBoard, r.reviewButton)).message!;
    expect(textOf(opened)).toContain(r.stepOf(moves, moves));
    expect(textOf(opened)).toContain(r.stopped);
    expect(textOf(opened)).toContain(r.seenAs(r.views.mine('Ben')));
    // Over (it will never move again): every seat is open to its players, still nothing to Cleo.
    expect(placeholders(opened)).toEqual([r.viewAs]);
    const hers = answered(await cleo.click(stoppedBoard, r.reviewButton)).message!;
    expect(textOf(hers)).toContain(r.seenAs(r.views.public));
    // /history lists it, marked as stopped and not rated, with a Review button that opens it where it stopped.
    const listed = answered(await dev.slash('history', {}, { channelId: other })).message!;
    const line = textOf(listed).split('\n').find((l) => l.includes(`**#${stoppedId}**`));
    expect(line).toBeDefined();
    expect(line).toContain(r.history.cancelled);
    expect(line).toContain(r.history.rating(null));
    expect(textOf(listed)).not.toContain(r.history.empty);
    const fromList = answered(await dev.click(listed, r.history.review(stoppedId))).message!;
    expect(textOf(fromList)).toContain(r.stepOf(moves, moves));
    expect(textOf(fromList)).toContain(r.stopped);
    expect(textOf(fromList)).toContain(r.seenAs(r.views.mine('Dev')));
  });

  it('an abandoned game (every person left) is in /history too, marked abandoned; the list is newest first', async () => {
    const other = emu.addChannel('abandoned');
    const lobby = answered(await ben.slash('suspicion new', { seats: 2, bots: 1, 'bot-pace': 0 }, { channelId: other })).message!;
    answered(await ben.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    const goneId = tableIdOf(lobby);
    const ask = answered(await ben.slash('table leave', {}, { channelId: other }));
    answered(await ben.click(ask.message!, en.common.commands.confirmLeaveButton));
    await settle(app);
    expect(await app.context.store.table(goneId)).toMatchObject({ status: 'cancelled', endReason: 'abandoned' });
    const listed = textOf(answered(await ben.slash('history', {}, { channelId: other })).message!);
    const ids = [...listed.matchAll(/\*\*#(\d+)\*\*/g)].map((m) => Number(m[1]));
    // The abandoned game, then the cancelled one, then the game played to its end.
    expect(ids).toEqual([goneId, stoppedId, tableId]);
    const gone = listed.split('\n').find((l) => l.includes(`**#${goneId}**`))!;
    expect(gone).toContain(r.history.abandoned);
    expect(gone).toContain(r.history.left(true));
  });
});
