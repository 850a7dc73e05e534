/**
 * A restart must not punish players (docs/tables.md "Restarts"): the "your move" ping of a vote is
 * still edited down to those still deciding after the bot restarted — the publisher reads
 * back who the ping mentions instead of forgetting it — and nobody is pinged twice for the
 * same decision. A decision whose deadline passed while the bot was down gets a fresh one, and
 * the ping and the open private panels say the new one (issue 34 item 6: they said "18 seconds
 * ago" until the next click; the panels' tokens are saved at the stop for the next process).
 * Played with the Tally fixture game (a 3-player secret vote).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { GameRegistry } from '../../src/games/registry.js';
import { DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import type { Actor } from '../../src/tables/types.js';
import { tallyDefinition, tallyModule, type TallyState } from '../support/toy-game.js';
import { answered, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('pings across a restart', () => {
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

  it("a vote's ping is still edited down to those still deciding after a restart, without a second ping", async () => {
    const users = ['Ana', 'Ben', 'Cleo'].map((name) => emu.addUser(name));
    const [ana, ben, cleo] = users as [EmulatedUser, EmulatedUser, EmulatedUser];
    const channelId = emu.addChannel('restart-ping');
    const lobby = answered(await ana.slash('tally new', { seats: 3 }, { channelId })).message!;
    answered(await ben.click(lobby, 'Join'));
    answered(await cleo.click(lobby, 'Join'));
    await settle(app);
    answered(await ana.click(lobby, 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    const actor = (user: EmulatedUser): Actor => ({ userId: user.id, displayName: user.name, canManageGuild: false });
    const state = async () => (await app.context.store.table(id))!.state as TallyState;
    const userOfSeat = async (seat: number) => {
      const row = (await app.context.store.seats(id)).find((s) => s.seat === seat)!;
      return users.find((u) => u.id === row.userId)!;
    };
    // Play the first round (turns, and passes in the races) up to the secret vote.
    for (let guard = 0; guard < 20; guard++) {
      const pending = tallyDefinition.pending((await state()));
      if (pending.kind === 'simultaneous') break;
      const r =
        pending.kind === 'turn'
          ? (await app.context.service.play.act(id, actor((await userOfSeat(pending.seat))), pending.step, { type: 'add', n: 1 }))
          : (await app.context.service.play.act(id, actor((await userOfSeat((pending as { seats: number[] }).seats[0]!))), pending.step, { type: 'pass' }));
      expect(r.ok).toBe(true);
      await settle(app);
    }
    const vote = tallyDefinition.pending((await state()));
    expect(vote.kind).toBe('simultaneous');
    const pingMessage = async () => emu.message((await app.context.store.table(id))!.pingMessageId!)!;
    const mentioned = async () => [...((await pingMessage()).content ?? '').matchAll(/<@(\d+)>/g)].map((m) => m[1]).sort();
    const ids = (...who: EmulatedUser[]) => who.map((u) => u.id).sort();
    expect((await mentioned())).toEqual(ids(ana, ben, cleo));
    const pingsOf = (user: EmulatedUser) => user.pings().length;
    const pingsBefore = users.map(pingsOf);

    // Ana votes: the ping is edited down to Ben and Cleo.
    expect((await app.context.service.play.act(id, actor(ana), vote.step, { type: 'vote', value: 1 })).ok).toBe(true);
    await settle(app);
    expect((await mentioned())).toEqual(ids(ben, cleo));

    // The bot restarts in the middle of the vote.
    await app.stop();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry });
    await settle(app);
    expect((await mentioned())).toEqual(ids(ben, cleo));

    // Ben votes after the restart: the ping now mentions only Cleo, still deciding.
    expect((await app.context.service.play.act(id, actor(ben), vote.step, { type: 'vote', value: 2 })).ok).toBe(true);
    await settle(app);
    expect((await mentioned())).toEqual(ids(cleo));
    // Edits never notify, and nobody got a second ping for this vote.
    expect(users.map(pingsOf)).toEqual(pingsBefore);
    expect(emu.violations).toEqual([]);

    // Cleo, still deciding, has her hand open (an ephemeral panel only an interaction token edits).
    const panel = answered(await cleo.slash('hand', {}, { channelId })).message!;
    expect(panel.ephemeral).toBe(true);
    await settle(app);
    const panelText = () => textOf(emu.message(panel.id)!);

    // The bot is down past the vote's deadline: back, the vote gets a fresh deadline, and the
    // ping (edited, nobody pinged again) and Cleo's open panel show it — not the old one, now in
    // the past. (Down for ten minutes: the restarted bot's clock says so.)
    const shownBefore = (await pingMessage()).content;
    const panelBefore = panelText();
    await app.stop();
    const downMs = 10 * 60_000;
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, serviceDeps: { now: () => Date.now() + downMs } });
    await settle(app);
    const deadlineAt = (await app.context.store.table(id))!.deadlineAt!;
    expect(deadlineAt).toBeGreaterThan(Date.now() + downMs);
    expect(shownBefore).not.toContain(`<t:${Math.floor(deadlineAt / 1000)}:R>`);
    expect((await pingMessage()).content).toContain(`<t:${Math.floor(deadlineAt / 1000)}:R>`);
    expect(panelBefore).not.toContain(`<t:${Math.floor(deadlineAt / 1000)}:R>`);
    expect(panelText()).toContain(`<t:${Math.floor(deadlineAt / 1000)}:R>`);
    expect((await mentioned())).toEqual(ids(cleo));
    expect(users.map(pingsOf)).toEqual(pingsBefore);
    expect(emu.violations).toEqual([]);
  }, 60_000);
});
