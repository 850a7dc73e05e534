/**
 * The board spends none of the bot's global 50 requests/s while a click on it is there to carry
 * it (docs/rate-limit.md): "Show my hand" on the board is answered with a deferred update of the
 * board (callback 6) and the panel as a private follow-up, so that the click's token can edit the
 * board (`@original`) on an interaction route; the panel itself is then edited by its follow-up id,
 * never through `@original` (which is the board: a panel drawn there would show one player's hand
 * to the channel). A board deleted by a user is posted again on the gateway's MESSAGE_DELETE,
 * without reading boards back; after a restart (tokens are kept in memory only) the channel route
 * still edits and re-posts it. Played with the Tally fixture game (3 players, one `add` per turn).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { GameRegistry } from '../../src/games/registry.js';
import { DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { seatsToAct } from '../../src/games/engine.js';
import { tallyDefinition, tallyModule, type TallyState } from '../support/toy-game.js';
import { answered, boardOf, eventually, fresh, offers, panelOf, perform, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('the board redrawn through the token of a click on it', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();
  const registry = new GameRegistry([tallyModule]);

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    // Every "Show my hand" on the board lends its token (the product does it when the table's board token is 5 minutes old).
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, serviceDeps: { newSeed: () => 7 }, boardTokenRefreshMs: 0 });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('moves clicked from panels opened on the board edit it on interaction routes only; a deleted board comes back without a read; after a restart the channel route', async () => {
    const users = ['Ana', 'Ben', 'Cleo'].map((name) => emu.addUser(name));
    const [ana, ben, cleo] = users as [EmulatedUser, EmulatedUser, EmulatedUser];
    const channelId = emu.addChannel('board-tokens');
    const lobby = answered(await ana.slash('tally new', { seats: 3 }, { channelId })).message!;
    answered(await ben.click(lobby, 'Join'));
    answered(await cleo.click(lobby, 'Join'));
    await settle(app);
    answered(await ana.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    const table = async () => (await app.context.store.table(id))!;
    const userById = (userId: string) => users.find((u) => u.id === userId)!;
    const moverOf = async () => {
      const pending = tallyDefinition.pending((await table()).state as TallyState);
      const seat = seatsToAct(pending)[0]!;
      return userById((await app.context.store.seats(id)).find((row) => row.seat === seat)!.userId);
    };
    // Reads of a board message (a ping read back after a restart, to learn whom it names, is not one).
    const boardIds = new Set<string>();
    const channelReads = () => emu.requests.filter((r) => r.method === 'GET' && r.route.startsWith('GET /channels/') && boardIds.has(r.path.split('/')[4] ?? '')).length;
    const isBoard = (m: EmulatedMessage) => !m.ephemeral && JSON.stringify(m.components).includes('Show my hand');
    emu.resetRequestCounts();
    const readsBefore = channelReads();
    const playFrom = emu.requests.length;

    // Everyone opens their hand from the board: a deferred update of the board, then the panel as a private follow-up.
    const panels = new Map<string, EmulatedMessage>();
    for (const u of users) {
      const hand = answered(await u.click(fresh(emu, boardOf(emu, id, channelId)), 'Show my hand'));
      expect(hand.callbackType).toBe(6);
      const panel = (await panelOf(hand))!;
      expect(panel.ephemeral).toBe(true);
      expect(panel.visibleTo).toEqual([u.id]);
      expect(textOf(panel)).toContain(`#${id}`);
      panels.set(u.id, panel);
    }

    // Six turns, each clicked on the mover's panel (an `add`; the race after it is left to its timer: no one passes).
    const board = boardOf(emu, id, channelId);
    boardIds.add(board.id);
    let moves = 0;
    for (let turn = 0; turn < 6; turn++) {
      const pending = tallyDefinition.pending((await table()).state as TallyState);
      if (pending.kind !== 'turn') {
        // A race or vote: its players answer on their panels too.
        for (const seat of seatsToAct(pending)) {
          const u = userById((await app.context.store.seats(id)).find((row) => row.seat === seat)!.userId);
          const panel = (await panelOf(answered(await u.click(fresh(emu, board), 'Show my hand'))))!;
          panels.set(u.id, panel);
          const offer = offers(panel, tallyDefinition).find((o) => ['pass', 'vote'].includes((o.action as { type: string }).type))!;
          expect(answered(await perform(u, panel, offer)).callbackType).toBe(7);
          moves += 1;
          await settle(app);
        }
        continue;
      }
      const mover = await moverOf();
      const panel = (await panelOf(answered(await mover.click(fresh(emu, board), 'Show my hand'))))!;
      panels.set(mover.id, panel);
      const offer = offers(panel, tallyDefinition).find((o) => (o.action as { type: string }).type === 'add')!;
      expect(answered(await perform(mover, panel, offer)).callbackType).toBe(7);
      moves += 1;
      await settle(app);
      // The board is current, still the public board (never a panel drawn over it), and the same message.
      const shown = fresh(emu, board);
      expect(isBoard(shown)).toBe(true);
      expect(shown.id).toBe(board.id);
      expect((await table()).boardVersion).toBe((await table()).version);
    }
    expect(moves).toBeGreaterThanOrEqual(6);
    // The other players' panels were redrawn where they are (their follow-ups), still private.
    for (const u of users) {
      const panel = fresh(emu, panels.get(u.id)!);
      expect(panel.ephemeral).toBe(true);
      expect(panel.visibleTo).toEqual([u.id]);
    }
    // Every edit of the board through a token drew the board (never a player's panel over it).
    const boardEdits = emu.requests.slice(playFrom).filter((r) => r.route === 'PATCH /webhooks/:app/:token/messages/:message' && (r.response as { id?: string } | undefined)?.id === board.id);
    expect(boardEdits.length).toBeGreaterThanOrEqual(6);
    for (const r of boardEdits) expect(JSON.stringify(r.body)).toContain('Show my hand');
    let counts = emu.requestCounts;
    expect(counts.global.board + counts.global.lobby).toBe(0);
    expect(counts.interaction.board).toBeGreaterThanOrEqual(6);
    expect(channelReads()).toBe(readsBefore);

    // A user deletes the board: the bot posts it again at once, told by the gateway — no read of any board.
    emu.resetRequestCounts();
    emu.deleteMessage(channelId, board.id);
    const reposted = await eventually(async () => {
      const now = (await table()).boardMessageId;
      return now !== board.id ? now : null;
    }, 'the board posted again');
    await settle(app);
    const again = emu.message(reposted!)!;
    boardIds.add(again.id);
    expect(isBoard(again)).toBe(true);
    expect(again.deleted).toBe(false);
    expect(boardOf(emu, id, channelId).id).toBe(reposted);
    counts = emu.requestCounts;
    expect(counts.global.board).toBe(1); // the re-post (POST /channels/{c}/messages)
    expect(channelReads()).toBe(readsBefore);
    // A Refresh click on a panel after that sends nothing on a global route: the board is known to be there.
    const mover = await moverOf();
    const refreshed = answered(await mover.click(fresh(emu, panels.get(mover.id)!), 'Refresh'));
    expect(refreshed.callbackType).toBe(7);
    await settle(app);
    expect(emu.requestCounts.global.board + emu.requestCounts.global['clean-up']).toBe(1);

    // A restart: no token is known any more. A move no click carries edits the board on the channel route.
    await app.stop();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, serviceDeps: { newSeed: () => 7 } });
    await settle(app);
    emu.resetRequestCounts();
    const pending = tallyDefinition.pending((await table()).state as TallyState);
    const who = await moverOf();
    const action = pending.kind === 'turn' ? { type: 'add', n: 1 } : pending.kind === 'race' ? { type: 'pass' } : { type: 'vote', value: 0 };
    expect((await app.context.service.play.act(id, { userId: who.id, displayName: who.name, canManageGuild: false }, pending.step, action)).ok).toBe(true);
    await settle(app);
    expect(emu.requestCounts.global.board).toBe(1);
    expect((await table()).boardVersion).toBe((await table()).version);
    // And a board this process never wrote, deleted: found through the store, posted again.
    const before = (await table()).boardMessageId!;
    boardIds.add(before);
    emu.deleteMessage(channelId, before);
    await eventually(async () => (await table()).boardMessageId !== before, 'the board posted again after the restart');
    await settle(app);
    expect(isBoard(boardOf(emu, id, channelId))).toBe(true);
    expect(channelReads()).toBe(readsBefore);
  });

  it('a token whose click was answered with a private reply edits that reply, never the message clicked (as on Discord)', async () => {
    const dee = emu.addUser('Dee');
    const channelId = emu.addChannel('reply-tokens');
    const board = answered(await dee.slash('tally new', { seats: 2 }, { channelId })).message!;
    await settle(app);
    // The lobby's Rules button answers with a private reply: its @original is that reply.
    const rules = answered(await dee.click(fresh(emu, board), 'Rules'));
    expect(rules.callbackType).toBe(4);
    const before = textOf(fresh(emu, board));
    const res = await fetch(`${emu.apiBase}/v10/webhooks/${emu.applicationId}/${rules.token}/messages/@original`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'edited through the token' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(rules.message!.id);
    expect(fresh(emu, rules.message!).content).toBe('edited through the token');
    expect(textOf(fresh(emu, board))).toBe(before);
  });
});
