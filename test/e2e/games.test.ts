/**
 * One end-to-end game per game and variant (rules/*.md, README "Commands"), each played to its end by scripted
 * users who only click what the messages offer: the Suspicion house variants, NOIR in all
 * three modes, Tricks and the Phantom with 3 players, J'Accuse! with 4 players (two votes
 * arriving in the same millisecond). Results must be stored and every request valid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { jaccuseModule } from '../../src/games/jaccuse/index.js';
import { noirModule } from '../../src/games/noir/index.js';
import { phantomModule } from '../../src/games/phantom/index.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import type { GameModule } from '../../src/games/module.js';
import { en } from '../../src/i18n/en/index.js';
import { DiscordEmulator, buttonLabels, type EmulatedMessage, type EmulatedUser, type InteractionResult } from '../../src/local/emulator/index.js';
import { answered, boardOf, fresh, noirChoice, offers, perform, playOut, settle, startBot, tableIdOf, tempDir, textOf, type Offer, panelOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('every game, end to end through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();
  const acks: number[] = [];
  let userCount = 0;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  const track = (r: InteractionResult) => acks.push(r.ackMs!);

  /** Open a table of `mod` with `players` new users in a new channel and start it. */
  async function open(mod: GameModule, players: number, options: Record<string, string | number | boolean> = {}) {
    const channelId = emu.addChannel(`${mod.command}-${userCount}`);
    const users: EmulatedUser[] = Array.from({ length: players }, () => emu.addUser(`U${++userCount}`));
    const seats: Record<string, number> = mod.definition.minPlayers < mod.definition.maxPlayers ? { seats: players } : {};
    const created = answered(await users[0]!.slash(`${mod.command} new`, { ...seats, ...options }, { channelId }));
    const lobby = created.message!;
    for (const u of users.slice(1)) answered(await u.click(lobby, 'Join'));
    await settle(app);
    answered(await users[0]!.click(lobby, 'Start'));
    await settle(app);
    const tableId = tableIdOf(lobby);
    return { channelId, users, tableId };
  }

  /** Play to the end with `choose`, then check the stored result and the final board. */
  async function finish(mod: GameModule, t: Awaited<ReturnType<typeof open>>, choose?: (o: Offer[], state: any, seat: number) => Offer | undefined) {
    const clicks = await playOut({ emu, app: () => app, tableId: t.tableId, users: t.users, def: mod.definition, channelId: t.channelId, choose, track });
    await settle(app);
    const table = (await app.context.store.table(t.tableId))!;
    expect(table.status).toBe('finished');
    const results = (await app.context.store.results(t.tableId));
    expect(results).toHaveLength(t.users.length);
    const board = boardOf(emu, t.tableId, t.channelId);
    expect(textOf(board)).toMatch(/Game over/);
    // Every game button is gone; only Play again is left (README "Commands").
    expect(buttonLabels(board)).toEqual([en.common.board.playAgain, en.review.reviewButton]);
    expect(emu.violations).toEqual([]);
    // eslint-disable-next-line no-console
    console.info(`${mod.command} table #${t.tableId}: ${clicks} game clicks, ended by ${table.endReason}`);
    return { clicks, results, table };
  }

  const prefer = (...types: string[]) => (o: Offer[]) => {
    for (const type of types) {
      const hit = o.filter((x) => (x.action as { type: string }).type === type);
      if (hit.length) return hit[Math.floor(hit.length / 2)];
    }
    return undefined;
  };

  it('Suspicion No-Bluff (house rules) — three face-up cards win', async () => {
    const t = await open(suspicionModule, 3, { variant: 'no-bluff' });
    const { table } = await finish(suspicionModule, t, prefer('place', 'wild', 'pass', 'accept', 'allow', 'discard'));
    expect(table.endReason).toBe('three-face-up');
  });

  it('Suspicion Criminal Edition (house rules) — evidence on rivals, everyone votes', async () => {
    const t = await open(suspicionModule, 3, { variant: 'criminal' });
    await finish(suspicionModule, t, prefer('declare', 'place', 'pass', 'accept', 'allow', 'vote', 'discard'));
  });

  it('Suspicion Arrest Race (house rules) — one Draw click per turn', async () => {
    const t = await open(suspicionModule, 2, { variant: 'arrest-race' });
    const { results } = await finish(suspicionModule, t);
    expect(results.filter((r) => r.winner)).toHaveLength(1);
  });


  for (const mode of ['classic', 'standard', 'citizens-arrest'] as const) {
    it(`NOIR: Killer vs. Inspector, ${mode} mode`, async () => {
      const t = await open(noirModule, 2, { mode });
      const { results, table } = await finish(noirModule, t, noirChoice as never);
      expect(results.filter((r) => r.winner)).toHaveLength(1);
      expect(table.endReason).not.toBe('cap');
    });
  }

  it('Tricks and the Phantom with 3 players — to a single leader', async () => {
    const t = await open(phantomModule, 3);
    const { results } = await finish(phantomModule, t);
    expect(results.filter((r) => r.winner)).toHaveLength(1);
    expect(results.every((r) => (r.score ?? 0) >= 0)).toBe(true);
  });

  it("J'Accuse! with 4 players — two votes in the same millisecond both count", async () => {
    const t = await open(jaccuseModule, 4);
    const def = jaccuseModule.definition;
    const store = app.context.store;
    // Play until the first secret vote opens.
    await playOut({
      emu,
      app: () => app,
      tableId: t.tableId,
      users: t.users,
      def,
      channelId: t.channelId,
      track,
      until: async () => {
        const p = def.pending((await store.table(t.tableId))!.state);
        return p.kind === 'simultaneous' && p.waiting.length >= 2;
      },
    });
    await settle(app);
    const p = def.pending((await store.table(t.tableId))!.state);
    if (p.kind !== 'simultaneous') throw new Error('expected the vote');
    const board = boardOf(emu, t.tableId, t.channelId);
    const seated = await store.seats(t.tableId);
    const voters = p.waiting.slice(0, 2).map((seat) => t.users.find((u) => u.id === seated.find((s) => s.seat === seat)!.userId)!);
    const panels: EmulatedMessage[] = [];
    for (const u of voters) panels.push((await panelOf(answered(await u.click(fresh(emu, board), 'Show my hand'))))!);
    const votes = panels.map((panel) => offers(panel, def).find((o) => (o.action as { type: string }).type === 'vote')!);
    const before = (await store.actions(t.tableId)).length;
    // The vote ping mentions every voter still deciding.
    const pingId = (await store.table(t.tableId))!.pingMessageId!;
    const mentioned = () => [...(emu.message(pingId)?.content ?? '').matchAll(/<@(\d+)>/g)].map((m) => m[1]);
    const waitingUsers = async () => {
      const now = def.pending((await store.table(t.tableId))!.state);
      return now.kind === 'simultaneous' ? now.waiting.map((seat) => seated.find((s) => s.seat === seat)!.userId) : [];
    };
    expect(mentioned().sort()).toEqual((await waitingUsers()).sort());
    const rs = await emu.simultaneous(voters.map((u, i) => () => perform(u, panels[i]!, votes[i]!)));
    for (const r of rs) expect(answered(r).callbackType).toBe(7);
    expect((await store.actions(t.tableId)).length).toBe(before + 2); // both votes counted
    await settle(app);
    // The ping was edited down to those still deciding (an edit does not notify anyone again).
    if ((await waitingUsers()).length > 0) {
      expect((await store.table(t.tableId))!.pingMessageId).toBe(pingId);
      expect(mentioned().sort()).toEqual((await waitingUsers()).sort());
      expect(emu.pings.get(pingId)?.length).toBe(p.waiting.length);
    }
    // The board shows how many have cast, never what.
    const text = textOf(fresh(emu, board));
    expect(text).toMatch(/cast/i);
    const { results } = await finish(jaccuseModule, t, prefer('character', 'investigate', 'send', 'vote'));
    expect(results.filter((r) => !r.winner).length).toBeLessThanOrEqual(t.users.length);
  });

  it('answered every click quickly', async () => {
    const s = [...acks].sort((a, b) => a - b);
    expect(s.length).toBeGreaterThan(50);
    // eslint-disable-next-line no-console
    console.info(`games e2e: ${s.length} interactions, median ack ${s[Math.floor(s.length / 2)]} ms, p95 ${s[Math.floor(s.length * 0.95)]} ms`);
  });
});
