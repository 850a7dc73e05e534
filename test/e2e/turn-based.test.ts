/**
 * Turn-based tables end to end (README "Turn-based tables"; docs/turn-based.md): the real bot
 * against the emulator, on a controlled clock that jumps hours and days between moves, with
 * restarts in between. A turn-based NOIR and a turn-based J'Accuse! game are played to the
 * end; every player gets exactly one notice each time a decision comes to them and one
 * reminder when a quarter of their time is left (and not one more after a restart); the
 * games finish and are rated. Also: `/games` lists the right tables in the right order, a
 * DM to closed DMs falls back to the channel, and a vacation moves exactly the paused
 * player's deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { seatsToAct, type AnyGameDefinition } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import { HOUR_MS } from '../../src/tables/pace.js';
import { pingFor } from '../../src/tables/policy.js';
import type { Actor } from '../../src/tables/types.js';
import { answered, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

const registry = defaultRegistry();
let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
const now = () => clock;

describe('turn-based tables', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-turns-');
  const boot = () => startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, serviceDeps: { now } });
  const restart = async () => {
    await app.stop();
    app = await boot();
    await quiet();
  };
  const quiet = async () => {
    await settle(app);
    await app.context.turnNotices!.settled();
    await settle(app);
  };

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await boot();
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** Every message the bot posted (channel or DM, accepted) that notifies `user`. */
  const noticesTo = (user: EmulatedUser) =>
    emu.requests.filter(
      (r) => r.route === 'POST /channels/:channel/messages' && r.status === 200 && ((r.body as { allowed_mentions?: { users?: string[] } })?.allowed_mentions?.users ?? []).includes(user.id),
    );
  const actor = (user: EmulatedUser): Actor => ({ userId: user.id, displayName: user.name, canManageGuild: false });

  /** Open a turn-based table of `game` in a new channel with `users` (the first hosts) and start it. */
  async function openTable(game: string, users: EmulatedUser[], options: Record<string, string | number> = {}): Promise<number> {
    const channelId = emu.addChannel(`${game}-${Math.random().toString(36).slice(2, 7)}`);
    const lobby = answered(await users[0]!.slash(`${game} new`, { pace: 'turn-based', 'move-hours': 24, ...options }, { channelId })).message!;
    expect(textOf(lobby)).toContain('Turn-based');
    // Its decisions last the time per move: the lobby names no live timer ("60 s per turn").
    expect(textOf(lobby)).not.toMatch(/\b\d+ s\b/);
    for (const user of users.slice(1)) answered(await user.click(lobby, 'Join'));
    await quiet();
    answered(await users[0]!.click(lobby, 'Start'));
    await quiet();
    return tableIdOf(lobby);
  }

  /**
   * Play table `id` to its end on the simulated clock: before each move `hours(step)` pass;
   * every `remindEvery`-th decision waits until its reminder is due first; the bot restarts
   * every `restartEvery` moves (once with the deadline passing while it is down). Checks after
   * every change that each player was notified exactly once per decision that came to them,
   * and reminded exactly once when due.
   */
  async function playTurnBased(id: number, users: EmulatedUser[], choose: (def: AnyGameDefinition, state: any, seat: number, rng: Rng) => unknown): Promise<void> {
    const def = registry.get((await app.context.store.table(id))!.game).definition;
    const rng = Rng.seeded(11);
    const expected = new Map(users.map((user) => [user.id, 0]));
    // The players are new to this test: every notice they ever got counts (the first came with Start).
    const before = new Map(users.map((user) => [user.id, 0]));
    let toActBefore: string[] = [];
    /** Count the notices the current decision owes: one to each player it newly waits for. */
    const expectNotices = async () => {
      const snap = (await app.context.service.reads.snapshot(id))!;
      const toAct = snap.table.status === 'active' && snap.pending ? pingFor(snap.pending, snap.seats, true) : [];
      for (const userId of toAct) if (!toActBefore.includes(userId)) expected.set(userId, expected.get(userId)! + 1);
      toActBefore = toAct;
      for (const user of users) expect(noticesTo(user).length - before.get(user.id)!, `notices to ${user.name}`).toBe(expected.get(user.id));
      // Once a player has acted, their ping is gone; whoever must act has exactly one live notice.
      for (const user of users) {
        const live = noticesTo(user).filter((r) => {
          const m = emu.message((r.response as { id: string }).id);
          return m !== undefined && !(m as { deleted?: boolean }).deleted;
        });
        expect(live.length, `live notices of ${user.name}`).toBe(toAct.includes(user.id) ? 1 : 0);
      }
    };
    await expectNotices();
    let moves = 0;
    let reminders = 0;
    let downtimeChecked = false;
    for (let guard = 0; guard < 400; guard++) {
      const table = (await app.context.store.table(id))!;
      if (table.status !== 'active') break;
      const pending = def.pending(table.state);
      const seats = await app.context.store.seats(id);
      const remindAt = table.deadlineAt! - 6 * HOUR_MS;
      // From the first move on (a NOIR game may end at its second move when the Inspector's
      // first arrest is right), but not at move 8, where the downtime check runs.
      if (moves % 7 === 1 && moves !== 8 && clock < remindAt) {
        // Wait until a quarter of the time is left: exactly one reminder to each player still to act.
        clock = remindAt + 60_000;
        const waiting = pingFor(pending, seats, true);
        const sent = await app.context.turnNotices!.fireDue();
        await quiet();
        expect(sent).toBe(waiting.length);
        for (const userId of waiting) expected.set(userId, expected.get(userId)! + 1);
        reminders += sent;
        await expectNotices();
        expect(await app.context.turnNotices!.fireDue()).toBe(0);
        // Restart now: the reminders were sent, none goes out again.
        await restart();
        expect(await app.context.turnNotices!.fireDue()).toBe(0);
        await expectNotices();
      } else {
        // Hours pass, never beyond a reminder nobody fired.
        clock = Math.max(clock, Math.min(clock + 5 * HOUR_MS, remindAt - 60_000));
      }
      if (moves === 8 && !downtimeChecked) {
        // The bot is down while a deadline passes: the decision gets a quarter of its time
        // from the restart, and whoever it waits for is reminded once, at once.
        downtimeChecked = true;
        await app.stop();
        clock = table.deadlineAt! + 3 * HOUR_MS;
        app = await boot();
        await quiet();
        await app.context.turnNotices!.fireDue();
        await quiet();
        const after = (await app.context.store.table(id))!;
        expect(after.deadlineAt).toBe(clock + 6 * HOUR_MS);
        for (const userId of toActBefore) expected.set(userId, expected.get(userId)! + 1);
        reminders += toActBefore.length;
        await expectNotices();
        expect(await app.context.turnNotices!.fireDue()).toBe(0);
        continue;
      }
      const refreshed = (await app.context.store.table(id))!;
      const due = def.pending(refreshed.state);
      const seat = rng.pick(seatsToAct(due));
      const row = (await app.context.store.seats(id)).find((candidate) => candidate.seat === seat)!;
      const user = users.find((candidate) => candidate.id === row.userId)!;
      const action = choose(def, refreshed.state, seat, rng);
      const r = await app.context.service.play.act(id, actor(user), due.step, action);
      expect(r.ok, JSON.stringify(r.ok ? null : r.error)).toBe(true);
      moves += 1;
      await quiet();
      await expectNotices();
      if (moves % 10 === 0) {
        await restart();
        await expectNotices();
      }
    }
    const end = (await app.context.store.table(id))!;
    expect(end.status).toBe('finished');
    expect(reminders).toBeGreaterThan(0);
    // Every notice is gone with the game.
    expect(await app.context.store.turnNotices(id)).toEqual([]);
    // Rated: every player has a finished game on the server's record.
    for (const user of users) expect((await app.context.store.playerTotals(emu.guild.id, user.id))?.games ?? 0).toBeGreaterThan(0);
  }

  it('a turn-based NOIR game played over days, with restarts: one ping per turn, one reminder when due, rated', async () => {
    const [ana, ben] = [emu.addUser('Ana'), emu.addUser('Ben')];
    const id = await openTable('noir', [ana, ben]);
    const first = (await app.context.store.table(id))!;
    expect(first.deadlineAt).toBe(clock + 24 * HOUR_MS);
    await playTurnBased(id, [ana, ben], (def, state, seat, rng) => {
      const legal = def.legalActions(state, seat) as { type: string; suspect?: number }[];
      const s = state as { killerIdentity: number; killerSeat: number };
      if (seat !== s.killerSeat) {
        const hit = legal.find((a) => (a.type === 'arrest' || a.type === 'citizen') && a.suspect === s.killerIdentity);
        if (hit) return hit;
      } else {
        const kill = legal.find((a) => a.type === 'kill');
        if (kill) return kill;
      }
      return rng.pick(legal);
    });
  });

  it("a turn-based J'Accuse! game played over days, with restarts: one notice per decision, votes included, rated", async () => {
    const users = [emu.addUser('Cleo'), emu.addUser('Dan'), emu.addUser('Eve')];
    const id = await openTable('jaccuse', users);
    await playTurnBased(id, users, (def, state, seat, rng) => rng.pick(def.legalActions(state, seat)));
  });

  it('/games lists the tables you sit at here: your move first (nearest deadline first), then the others, then lobbies', async () => {
    const [fay, gus, hal] = [emu.addUser('Fay'), emu.addUser('Gus'), emu.addUser('Hal')];
    // Table A: Fay vs Gus (NOIR, 24 h). Table B: Fay vs Hal (NOIR, 1 h). Table C: a lobby of Fay's.
    const a = await openTable('noir', [gus, fay]);
    const b = await openTable('noir', [hal, fay], { 'move-hours': 1 });
    const lobbyChannel = emu.addChannel('games-lobby');
    const lobby = answered(await fay.slash('phantom new', {}, { channelId: lobbyChannel })).message!;
    const c = tableIdOf(lobby);
    const waitsFor = async (id: number) => {
      const snap = (await app.context.service.reads.snapshot(id))!;
      return pingFor(snap.pending!, snap.seats, true);
    };
    // Make each NOIR table wait for Fay (one move by the other player when it is theirs).
    for (const id of [a, b]) {
      const other = id === a ? gus : hal;
      if (!(await waitsFor(id)).includes(fay.id)) {
        const table = (await app.context.store.table(id))!;
        const def = registry.get('noir').definition;
        const pending = def.pending(table.state);
        const seat = seatsToAct(pending)[0]!;
        const r = await app.context.service.play.act(id, actor(other), pending.step, def.legalActions(table.state, seat)[0]);
        expect(r.ok).toBe(true);
      }
    }
    await quiet();
    const r = answered(await fay.slash('games'));
    const text = r.message!.content ?? '';
    const lines = text.split('\n').filter((line) => line.startsWith('• '));
    // Both NOIR tables wait for Fay: the 1-hour one closes first. The lobby comes last.
    expect(lines.map((line) => Number(/#(\d+)/.exec(line)![1]))).toEqual([b, a, c]);
    expect(lines[0]).toContain('your move');
    expect(lines[0]).toMatch(/<t:\d+:F>/);
    expect(lines[2]).toContain('lobby');
    // Each running table has a button that opens Fay's hand there.
    const hand = answered(await fay.click(r.message!, `Hand #${a}`));
    expect(hand.message?.ephemeral).toBe(true);
    expect(textOf(hand.message)).toContain(`#${a}`);
    // Gus sees only his table, waiting for Fay.
    const gusLines = (answered(await gus.slash('games')).message!.content ?? '').split('\n').filter((line) => line.startsWith('• '));
    expect(gusLines).toHaveLength(1);
    expect(gusLines[0]).toContain('waiting for Fay');
    // Clean up: these tables stay open otherwise (their reminders would fire in later tests).
    for (const [id, host] of [[a, gus], [b, hal], [c, fay]] as const) expect((await app.context.service.lobby.cancel(id, actor(host))).ok).toBe(true);
    await quiet();
  });

  it('a DM notice to a player with closed DMs (50007) falls back to the channel ping; open DMs get the DM', async () => {
    const [ivy, jon] = [emu.addUser('Ivy'), emu.addUser('Jon')];
    answered(await ivy.slash('games', { notify: 'dm' }));
    answered(await jon.slash('games', { notify: 'dm' }));
    jon.acceptDms();
    expect(await app.context.store.turnNotifyOf(ivy.id)).toBe('dm');
    const id = await openTable('noir', [ivy, jon]);
    const def = registry.get('noir').definition;
    const table = (await app.context.store.table(id))!;
    const first = seatsToAct(def.pending(table.state))[0]!;
    const seats = await app.context.store.seats(id);
    const firstUser = [ivy, jon].find((u) => u.id === seats.find((row) => row.seat === first)!.userId)!;
    // Make sure both get a turn: play one move.
    const r = await app.context.service.play.act(id, actor(firstUser), def.pending(table.state).step, def.legalActions(table.state, first)[0]);
    expect(r.ok).toBe(true);
    await quiet();
    // Ivy's DMs are closed: Discord answered 50007 and she was pinged in the table's channel instead.
    const refused = emu.requests.filter((req) => req.status === 403 && (req.response as { code?: number })?.code === 50007);
    expect(refused.length).toBeGreaterThan(0);
    const ivyNotices = noticesTo(ivy);
    expect(ivyNotices.length).toBe(1);
    expect(ivyNotices[0]!.path).toContain((await app.context.store.table(id))!.channelId);
    // Jon's DMs are open: his one notice is a DM (none in the channel).
    expect(jon.dms().length).toBe(1);
    expect(jon.dms()[0]!.content).toContain(`table #${id}`);
    const jonInChannel = noticesTo(jon).filter((req) => req.path.includes(table.channelId));
    expect(jonInChannel).toHaveLength(0);
    // Once Jon has moved, his DM is taken back.
    const now2 = (await app.context.store.table(id))!;
    const pending = def.pending(now2.state);
    const seat = seatsToAct(pending)[0]!;
    const mover = [ivy, jon].find((u) => u.id === seats.find((row) => row.seat === seat)!.userId)!;
    if (mover === jon) {
      expect((await app.context.service.play.act(id, actor(jon), pending.step, def.legalActions(now2.state, seat)[0])).ok).toBe(true);
      await quiet();
      expect(jon.dms()[0]!.deleted).toBe(true);
    }
    expect((await app.context.service.lobby.cancel(id, actor(ivy))).ok).toBe(true);
    await quiet();
  });

  it("a vacation extends exactly the paused player's deadline, once per game", async () => {
    const [kim, lou] = [emu.addUser('Kim'), emu.addUser('Lou')];
    const id = await openTable('noir', [kim, lou]);
    const def = registry.get('noir').definition;
    const seats = await app.context.store.seats(id);
    const userOf = (seat: number) => [kim, lou].find((u) => u.id === seats.find((row) => row.seat === seat)!.userId)!;
    const table = (await app.context.store.table(id))!;
    const pending = def.pending(table.state);
    const mover = userOf(seatsToAct(pending)[0]!);
    const other = mover === kim ? lou : kim;
    // The waiting player's vacation does not move the mover's deadline…
    clock += HOUR_MS;
    const channel = { channelId: table.channelId };
    answered(await other.slash('table vacation', { hours: 48 }, channel));
    await quiet();
    expect((await app.context.store.table(id))!.deadlineAt).toBe(table.deadlineAt);
    // …a second vacation in the same game is refused, nothing changes.
    const again = answered(await other.slash('table vacation', { hours: 10 }, channel));
    expect(textOf(again.message)).toContain('one per game');
    // The mover's own vacation moves their deadline by exactly its length.
    answered(await mover.slash('table vacation', { hours: 30 }, channel));
    await quiet();
    const extended = (await app.context.store.table(id))!;
    expect(extended.deadlineAt).toBe(table.deadlineAt! + 30 * HOUR_MS);
    // The other player is still on vacation when their move comes: their clock starts when it ends (48 h after it began).
    const vacationStart = clock;
    clock += 2 * HOUR_MS;
    expect((await app.context.service.play.act(id, actor(mover), pending.step, def.legalActions(extended.state, seatsToAct(pending)[0]!)[0])).ok).toBe(true);
    await quiet();
    const next = (await app.context.store.table(id))!;
    const nextPending = def.pending(next.state);
    expect(seatsToAct(nextPending)).toEqual([seats.find((row) => row.userId === other.id)!.seat!]);
    expect(next.deadlineAt).toBe(vacationStart + 48 * HOUR_MS + 24 * HOUR_MS);
    // A live table has no vacations.
    const liveChannel = emu.addChannel('live-table');
    const liveLobby = answered(await kim.slash('noir new', {}, { channelId: liveChannel })).message!;
    answered(await lou.click(liveLobby, 'Join'));
    await quiet();
    answered(await kim.click(emu.message(liveLobby.id)!, 'Start'));
    await quiet();
    const refusedLive = answered(await kim.slash('table vacation', { hours: 5 }, { channelId: liveChannel }));
    expect(textOf(refusedLive.message)).toContain('turn-based tables only');
    for (const tid of [id, tableIdOf(liveLobby)]) expect((await app.context.service.lobby.cancel(tid, actor(kim))).ok).toBe(true);
    await quiet();
  });
});
