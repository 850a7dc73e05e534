/**
 * "Your move" pings spend none of the bot's global 50 requests/s while a click is there to
 * carry them (docs/rate-limit.md): the ping a click brings is a non-ephemeral follow-up of
 * that click (an interaction route), replaced — the old one deleted through the same token —
 * at the next decision; the emulator records who each message notifies, as Discord does
 * (mentions filtered by allowed_mentions), and every player whose move it becomes is
 * notified. Without a live token (here: after a restart, a move committed by no click) the
 * ping goes through the channel route, and still notifies the same player. Played with the
 * Tally fixture game (3 players, one `add` per turn). The lobby's Join and Start clicks redraw the
 * lobby through their own tokens too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { GameRegistry } from '../../src/games/registry.js';
import { DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import { seatsToAct } from '../../src/games/engine.js';
import { pingFor } from '../../src/tables/policy.js';
import { tallyDefinition, tallyModule, type TallyState } from '../support/toy-game.js';
import { answered, boardOf, fresh, offers, perform, settle, startBot, tableIdOf, tempDir, textOf, panelOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('pings as interaction follow-ups', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();
  const registry = new GameRegistry([tallyModule]);

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, serviceDeps: { newSeed: () => 7 } });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('each move pings the next player through the click that made it their move; without a live click, through the channel', async () => {
    const users = ['Ana', 'Ben', 'Cleo'].map((name) => emu.addUser(name));
    const [ana, ben, cleo] = users as [EmulatedUser, EmulatedUser, EmulatedUser];
    const channelId = emu.addChannel('follow-up-pings');
    const lobby = answered(await ana.slash('tally new', { seats: 3 }, { channelId })).message!;
    await settle(app);
    emu.resetRequestCounts();
    answered(await ben.click(lobby, 'Join'));
    answered(await cleo.click(lobby, 'Join'));
    await settle(app);
    answered(await ana.click(lobby, 'Start'));
    await settle(app);
    // The lobby clicks, answered with a deferred update of the lobby, redraw it through their own
    // tokens (`@original`): no board or lobby request on a route bound to the global limit.
    const started = emu.requestCounts;
    expect(started.global.lobby + started.global.board).toBe(0);
    expect(started.interaction.lobby + started.interaction.board).toBeGreaterThanOrEqual(2);
    expect(textOf(fresh(emu, lobby))).toContain('Cleo');
    const id = tableIdOf(lobby);
    const table = async () => (await app.context.store.table(id))!;
    const toAct = async () => {
      const row = await table();
      return pingFor(tallyDefinition.pending(row.state as TallyState), await app.context.store.seats(id)).sort();
    };
    const userById = (userId: string) => users.find((u) => u.id === userId)!;
    const userOfSeat = async (seat: number) => userById((await app.context.store.seats(id)).find((row) => row.seat === seat)!.userId);
    const followUpPosts = () => emu.requests.filter((r) => r.route === 'POST /webhooks/:app/:token').length;

    // The Start click's follow-up pings whoever moves first.
    let pingId = (await table()).pingMessageId;
    expect(pingId).toBeTruthy();
    expect([...(emu.pings.get(pingId!) ?? [])].sort()).toEqual(await toAct());
    expect(emu.message(pingId!)!.channel_id).toBe(channelId);
    expect(followUpPosts()).toBe(1);

    // A round and a half, each move clicked on its player's panel: a turn (add), the race after
    // it (both rivals pass: the ping is edited down, then replaced), the vote after a full round.
    const mentioned = (messageId: string) => [...(emu.message(messageId)?.content ?? '').matchAll(/<@(\d+)>/g)].map((m) => m[1]!).sort();
    const notified: string[] = [...(emu.pings.get(pingId!) ?? [])];
    let posted = 1;
    for (let click = 0; click < 16; click++) {
      const pending = tallyDefinition.pending((await table()).state as TallyState);
      if (click >= 8 && pending.kind === 'turn') break;
      const type = pending.kind === 'turn' ? 'add' : pending.kind === 'race' ? 'pass' : 'vote';
      const mover = await userOfSeat(seatsToAct(pending)[0]!);
      const panel = (await panelOf(answered(await mover.click(fresh(emu, boardOf(emu, id, channelId)), 'Show my hand'))))!;
      const offer = offers(panel, tallyDefinition).find((o) => (o.action as { type: string }).type === type)!;
      expect(answered(await perform(mover, panel, offer)).callbackType).toBe(7);
      await settle(app);
      const next = (await table()).pingMessageId;
      if (next !== pingId) {
        // A new decision: the old ping is gone; the new one (none for a race: reaction timers are not pinged)
        // notifies exactly who must act now.
        if (pingId) expect(emu.message(pingId)?.deleted).toBe(true);
        if (next) {
          expect([...(emu.pings.get(next) ?? [])].sort()).toEqual(await toAct());
          notified.push(...(emu.pings.get(next) ?? []));
          posted += 1;
        }
        pingId = next;
      }
      // The ping names exactly those still to act (edited down during a vote).
      expect(pingId ? mentioned(pingId) : []).toEqual(await toAct());
    }
    expect(posted).toBeGreaterThanOrEqual(5);
    // Not one ping request on a route bound to the global limit: all went through interaction routes.
    const counts = emu.requestCounts;
    expect(counts.global['ping-post'] + counts.global['ping-edit'] + counts.global['ping-delete']).toBe(0);
    // Nor a board edit: the Start click's token (the lobby became the board) redraws it while it lives.
    expect(counts.global.board).toBe(0);
    expect(counts.interaction.board).toBeGreaterThanOrEqual(8);
    expect(counts.interaction['ping-post']).toBe(posted);
    expect(counts.interaction['ping-edit']).toBeGreaterThanOrEqual(1);
    expect(counts.interaction['ping-delete']).toBe(posted - (pingId ? 1 : 0));
    // Everyone was notified along the way.
    expect(new Set(notified)).toEqual(new Set(users.map((u) => u.id)));

    // A restart: no click is live any more. A move committed without one pings through the channel route.
    await app.stop();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, serviceDeps: { newSeed: () => 7 } });
    await settle(app);
    emu.resetRequestCounts();
    const before = pingId!;
    // The turn (add), then the race after it (both rivals pass): moves no click carries.
    for (const type of ['add', 'pass', 'pass'] as const) {
      const pending = tallyDefinition.pending((await table()).state as TallyState);
      expect(pending.kind).toBe(type === 'add' ? 'turn' : 'race');
      const mover = await userOfSeat(seatsToAct(pending)[0]!);
      const action = type === 'add' ? { type, n: 1 as const } : { type };
      expect((await app.context.service.play.act(id, { userId: mover.id, displayName: mover.name, canManageGuild: false }, pending.step, action)).ok).toBe(true);
      await settle(app);
    }
    expect(tallyDefinition.pending((await table()).state as TallyState).kind).toBe('turn');
    const channelPing = (await table()).pingMessageId!;
    expect(channelPing).not.toBe(before);
    expect([...(emu.pings.get(channelPing) ?? [])].sort()).toEqual(await toAct());
    const after = emu.requestCounts;
    expect(after.global['ping-post']).toBe(1);
    // The board too: no token survives a restart, so the channel route.
    expect(after.global.board).toBeGreaterThanOrEqual(1);
    expect(after.interaction.board).toBe(0);
    expect(after.interaction['ping-post']).toBe(0);
    // The follow-up ping of before the restart is deleted through the channel route (its token is not known any more).
    expect(after.global['ping-delete']).toBe(1);
    expect(emu.message(before)?.deleted).toBe(true);
  });
});
