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
import { answered, settle, startBot, tableIdOf, tempDir, textOf } from './harness.js';

const registry = defaultRegistry();
let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
const now = () => clock;

describe('turn-based tables', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-turns-');
  const boot = () => startBot(emu, tmp.dbPath, { registry, serviceDeps: { now } });
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
      const snap = (await app.context.service.snapshot(id))!;
      const toAct = snap.table.status === 'active' && snap.pending ? pingFor(snap.pending, snap.seats, true) : [];
      for (const userId of toAct) if (!toActBefore.includes(userId)) expected.set(userId, expected.get(userId)! + 1);
      toActBefore = toAct;
      for (const user of users) expect(noticesTo(user).length - before.get(user.id)!, `notices to ${user.name}`).toBe(expected.get(user.id));
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
      if (moves % 7 === 3 && clock < remindAt) {
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
      const r = await app.context.service.act(id, actor(user), due.step, action);
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
});
