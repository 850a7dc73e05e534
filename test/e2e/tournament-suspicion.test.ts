/**
 * A Swiss tournament of 12 at Suspicion (4 seats), end to end (docs/tournaments.md): the real
 * bot against the Discord emulator, on a controlled clock, with fixed seeds (the deals and the
 * tournament's pairing draws come from `serviceDeps.newSeed`). Eleven enter before the start
 * (two people by the card's Enter button, nine test users by `/tournament join`); Cleo enters
 * late, by the card's button during round 1, and is paired from round 2. Turn-based tables (24 h
 * a move) on emulated days, 3 rounds:
 *
 * - round 1: 11 entrants — two tables and three byes; one table played to the game's own end
 *   (every move a legal one the test picks for its seat, through the table service), the other
 *   decided by three of its players leaving (`/table leave` in its thread, confirmed);
 * - round 2: 12 entrants, three tables: one decided by leaving; the bot restarts; one played to
 *   its end; one with a no-show — a player who never moves misses two turns in a row as the days
 *   pass, forfeits, and the others play the game to its end around their auto-played seat;
 * - round 3: one table played to its end, two decided by leaving.
 *
 * After every round the channel gets the standings picture. The final standings — places,
 * points, Buchholz — equal the ones worked out here from each table's stored results and seats
 * (docs/tournaments.md "Points", "Standings"). Repeats cannot all be avoided here (round 1's
 * tables of four cannot spread over round 2's three tables), so each round seats as few pairs
 * who already met as any seating of its entrants could (all 5,775 tried).
 *
 * In the `slow` project (vitest.config.ts): four games played to their end and board pictures
 * drawn as they go take ≈ 50 s on 2 cores at load 23. The run is the same every time (the final
 * standings were identical over three runs).
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { seatsToAct } from '../../src/games/engine.js';
import { Rng } from '../../src/games/rng.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { DEFAULT_BOT_PERMISSIONS, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { HOUR_MS } from '../../src/tables/pace.js';
import type { RoundTable, Tournament } from '../../src/tournaments/model.js';
import { standingsOf } from '../../src/tournaments/service.js';
import { answered, boardOf, settle, startBot, tempDir, textOf } from './harness.js';

const tt = en.tournaments;
const def = suspicionModule.definition;
const SEATS = 4;
let clock = Date.UTC(2026, 9, 5, 9, 0, 0);
const now = () => clock;
// Fixed seeds: every deal and the tournament's own seed, in the order they are drawn.
let seeds = 3900;
const newSeed = () => seeds++;

/** The pairs of a table, each as "lower id-higher id". */
function pairsOf(players: readonly string[]): string[] {
  const at = [...players].sort();
  return at.flatMap((a, i) => at.slice(i + 1).map((b) => `${a}-${b}`));
}

/** Every way to seat `players` at tables of SEATS (12 players: 5,775 ways). */
function partitions(players: readonly string[]): string[][][] {
  if (players.length === 0) return [[]];
  const [head, ...rest] = players as [string, ...string[]];
  const out: string[][][] = [];
  const choose = (from: number, picked: string[]) => {
    if (picked.length === SEATS - 1) {
      const table = [head, ...picked];
      for (const others of partitions(rest.filter((p) => !picked.includes(p)))) out.push([table, ...others]);
      return;
    }
    for (let i = from; i < rest.length; i++) choose(i + 1, [...picked, rest[i]!]);
  };
  choose(0, []);
  return out;
}

describe('A Swiss tournament of 12 at Suspicion through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-tournament-suspicion-');
  let admin: EmulatedUser;
  let people: EmulatedUser[];
  let testUsers: EmulatedUser[];
  let cleo: EmulatedUser;
  let channelId: string;
  let card: EmulatedMessage;
  let id: number;
  const byId = new Map<string, EmulatedUser>();
  const moves = Rng.seeded(0x3912);
  const boot = () => startBot(emu, tmp.dbPath, { serviceDeps: { now, newSeed }, textBoards: { guild: () => false, user: () => true } });

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await boot();
    admin = emu.addUser('Org', { permissions: PermissionFlagsBits.ManageGuild });
    people = ['Ana', 'Ben'].map((name) => emu.addUser(name));
    testUsers = Array.from({ length: 9 }, (_, i) => emu.addUser(`T${i + 1}`));
    cleo = emu.addUser('Cleo');
    for (const user of [...people, ...testUsers, cleo]) byId.set(user.id, user);
    channelId = emu.addChannel('autumn-cup', { botPermissions: DEFAULT_BOT_PERMISSIONS | PermissionFlagsBits.CreatePublicThreads });
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** Everything the last change started has gone out: tournament records, posts, boards. */
  async function quiet(): Promise<void> {
    for (let i = 0; i < 3; i++) {
      await app.context.tournaments!.idle();
      await app.tournamentPosts.settled();
      await settle(app);
    }
  }

  const stored = async (): Promise<Tournament> => (await app.context.tournaments!.get(id))!;
  const currentRound = async () => {
    const t = await stored();
    return t.rounds.find((round) => round.round === t.round)!;
  };
  /** Ids in a fixed order (the emulator's snowflakes have one length: string order is number order). */
  const sorted = (ids: readonly string[]) => [...ids].sort();

  /** `user` leaves the table of `threadId` (`/table leave` there, then the confirmation button). */
  async function leave(threadId: string, user: EmulatedUser): Promise<void> {
    const prompt = answered(await user.slash('table leave', {}, { channelId: threadId })).message!;
    expect(prompt.ephemeral).toBe(true);
    answered(await user.click(prompt, en.common.commands.confirmLeaveButton));
    await quiet();
  }

  /** Decide `table` by leaving: its three highest ids leave in turn, the lowest wins (the last one standing). */
  async function decideByLeaving(table: RoundTable): Promise<void> {
    for (const loser of sorted(table.players).slice(1).reverse()) await leave(table.channelId!, byId.get(loser)!);
    const row = (await app.context.store.table(table.tableId!))!;
    expect(row.status).toBe('finished');
    expect(row.endReason).toBe('forfeit');
  }

  /**
   * Play `table` to the game's own end: whoever must decide makes a legal move drawn from the
   * test's seeded generator, through the table service as their click would. `absent` never
   * moves: when only they are left to decide, a day passes and the table's deadline fires.
   * Returns how many moves the test made.
   */
  async function playToEnd(table: RoundTable, absent?: string): Promise<number> {
    const tableId = table.tableId!;
    let made = 0;
    let forfeited = false;
    for (let guard = 0; guard < 3000; guard++) {
      const row = (await app.context.store.table(tableId))!;
      if (row.status !== 'active') break;
      const seats = await app.context.store.seats(tableId);
      const pending = def.pending(row.state);
      const deciding = seatsToAct(pending)
        .map((seat) => seats.find((s) => s.seat === seat)!)
        .filter((s) => !s.left && s.userId !== absent);
      if (deciding.length === 0) {
        // Only the absent player's decision is open: their time is up (a day on the clock).
        expect(row.deadlineAt, `table #${tableId} waits on a deadline`).not.toBeNull();
        clock = Math.max(clock, row.deadlineAt! + 1000);
        await app.context.service.deadlines.fireDeadline(tableId);
        await settle(app);
        if (!forfeited && (await app.context.store.seats(tableId)).find((s) => s.userId === absent)!.left) {
          // The missed-deadline rule just marked them away: never having moved, they forfeit, and the board says so.
          forfeited = true;
          expect(seats.find((s) => s.userId === absent)!.missed, 'one missed turn before this one').toBe(1);
          expect(textOf(boardOf(emu, tableId, table.channelId!))).toContain(tt.board.noShow(byId.get(absent!)!.name));
        }
        continue;
      }
      const seat = deciding[moves.int(0, deciding.length - 1)]!;
      const legal = def.legalActions(row.state, seat.seat!);
      const done = await app.context.service.play.act(tableId, { userId: seat.userId, displayName: seat.displayName, canManageGuild: false }, pending.step, legal[moves.int(0, legal.length - 1)]);
      // A counter window's own timer may have moved the game on meanwhile: then read it again.
      if (!done.ok) expect(done.error.code, JSON.stringify(done.error)).toBe('stale');
      else made++;
      if (made % 8 === 0) await settle(app);
    }
    await quiet();
    expect((await app.context.store.table(tableId))!.status).toBe('finished');
    if (absent) expect(forfeited, 'the absent player forfeited').toBe(true);
    return made;
  }

  it('opens with a card; eleven enter by its button or the command', async () => {
    card = answered(await admin.slash('tournament new', { game: 'suspicion', name: 'Autumn cup', rounds: 3 }, { channelId })).message!;
    const t0 = (await app.context.tournaments!.openInChannel(channelId))!;
    id = t0.id;
    expect(t0.settings).toMatchObject({ seats: SEATS, rounds: 3, pace: 'turn-based', moveHours: 24, emptySeats: 'bye', lateJoinUntil: 2 });
    for (const person of people) {
      const r = answered(await person.click(emu.message(card.id)!, tt.card.join));
      expect((await r.firstFollowUp())?.content).toBe(tt.answers.joined('Autumn cup'));
    }
    for (const user of testUsers) expect(answered(await user.slash('tournament join', {}, { channelId })).message!.content).toBe(tt.answers.joined('Autumn cup'));
    await quiet();
    expect(textOf(emu.message(card.id))).toContain(tt.card.entrants(11, 64));
  });

  it('round 1: two tables of four and three byes; a late entrant by the card\'s button; one game played out, one decided by leaving', async () => {
    const started = answered(await admin.click(emu.message(card.id)!, tt.card.start));
    expect((await started.firstFollowUp())?.content).toBe(tt.answers.started('Autumn cup'));
    await quiet();
    const round = await currentRound();
    expect(round.round).toBe(1);
    expect(round.tables.map((table) => table.players.length)).toEqual([SEATS, SEATS]);
    expect(round.byes).toHaveLength(3);
    for (const table of round.tables) {
      expect(boardOf(emu, table.tableId!, table.channelId!).deleted).toBe(false);
      expect((await app.context.store.seats(table.tableId!)).map((s) => s.userId).sort()).toEqual(sorted(table.players));
    }
    // Cleo enters while round 1 runs: paired from round 2.
    const late = answered(await cleo.click(emu.message(card.id)!, tt.card.join));
    expect((await late.firstFollowUp())?.content).toBe(tt.answers.joinedLate('Autumn cup', 2));
    await quiet();
    expect(textOf(emu.message(card.id))).toContain(tt.card.entrant(12, 'Cleo', tt.card.lateNote(2)));

    const [played, left] = round.tables as [RoundTable, RoundTable];
    expect(await playToEnd(played)).toBeGreaterThan(10);
    await decideByLeaving(left);
    const t = await stored();
    expect(t.round).toBe(2);
    const post = emu.messages(channelId).find((m) => m.attachments.some((a) => String(a.filename) === `standings-${id}-1.png`));
    expect(post, 'standings picture after round 1').toBeDefined();
    expect(String(post!.attachments[0]!.description)).toContain(tt.standings.altTitle('Autumn cup', suspicionModule.title(en), tt.standings.after(1, 3)));
  });

  it('round 2: one table decided by leaving, a restart, one played out, one with a no-show on emulated days', async () => {
    const round = await currentRound();
    expect(round.tables).toHaveLength(3);
    expect(round.byes).toEqual([]);
    expect(round.tables.some((table) => table.players.includes(cleo.id))).toBe(true);
    const [first, second, third] = round.tables as [RoundTable, RoundTable, RoundTable];
    await decideByLeaving(first);
    // The bot restarts in the middle of the round.
    await app.stop();
    clock += 5 * HOUR_MS;
    app = await boot();
    await quiet();
    expect((await stored()).round).toBe(2);
    expect(await playToEnd(second)).toBeGreaterThan(10);
    // The no-show: the highest id at the last table never moves nor opens their hand.
    const absent = sorted(third.players).at(-1)!;
    const before = clock;
    await playToEnd(third, absent);
    expect(clock - before, 'days passed on the clock').toBeGreaterThanOrEqual(24 * HOUR_MS);
    const seats = await app.context.store.seats(third.tableId!);
    expect(seats.find((s) => s.userId === absent)!.left).toBe(true);
    // The others finished the game themselves: its own end, not a forfeit.
    expect((await app.context.store.table(third.tableId!))!.endReason).not.toBe('forfeit');
    const t = await stored();
    expect(t.round).toBe(3);
    expect(emu.messages(channelId).some((m) => m.attachments.some((a) => String(a.filename) === `standings-${id}-2.png`))).toBe(true);
  });

  it('round 3: one table played out, two decided by leaving; final standings posted', async () => {
    const round = await currentRound();
    expect(round.tables).toHaveLength(3);
    const [first, ...rest] = round.tables as [RoundTable, RoundTable, RoundTable];
    expect(await playToEnd(first)).toBeGreaterThan(10);
    for (const table of rest) await decideByLeaving(table);
    const t = await stored();
    expect(t.status).toBe('finished');
    const final = emu.messages(channelId).find((m) => m.attachments.some((a) => String(a.filename) === `standings-${id}-3.png`));
    expect(final).toBeDefined();
    expect(String(final!.attachments[0]!.description)).toContain(tt.standings.final);
    expect(textOf(emu.message(card.id))).toContain(tt.card.finished);
    emu.assertNoViolations();
  });

  it('the standings equal the ones worked out from the stored results and seats; no pair sat together twice where a pairing avoided it', async () => {
    const t = await stored();
    const ids = t.entrants.map((entrant) => entrant.userId);
    const points = new Map(ids.map((userId) => [userId, 0]));
    // Per entrant, per round played: the table's other entrants and everyone's placement there (null for a bye).
    const meetings = new Map<string, { mates: string[]; place: Map<string, number> | null }[]>(ids.map((userId) => [userId, []]));
    const pairs = new Set<string>();
    const repeatsByRound: number[] = [];
    for (const round of t.rounds) {
      // A bye at 4 seats is worth the mean of a table's places: (3 + 2 + 1 + 0) / 4 = 1.5.
      for (const bye of round.byes) {
        points.set(bye, points.get(bye)! + 1.5);
        meetings.get(bye)!.push({ mates: [], place: null });
      }
      for (const table of round.tables) {
        const results = await app.context.store.results(table.tableId!);
        const seats = await app.context.store.seats(table.tableId!);
        expect(results).toHaveLength(SEATS);
        const place = new Map(results.map((r) => [r.userId, r.placement!]));
        for (const userId of table.players) {
          const mine = place.get(userId)!;
          // Placement p shared by c seats covers places p … p + c − 1, worth 4 − place each: their mean.
          // Leaving or forfeiting (a no-show) scores 0.
          const tied = results.filter((r) => r.placement === mine).length;
          const got = seats.find((s) => s.userId === userId)!.left ? 0 : SEATS - mine - (tied - 1) / 2;
          points.set(userId, points.get(userId)! + got);
          meetings.get(userId)!.push({ mates: table.players.filter((other) => other !== userId), place });
        }
      }
      // Repeats: pairs at one table this round who had sat together before. Where none can be
      // avoided, as few as any pairing of this round's entrants allows (all of them tried).
      const repeats = round.tables.reduce((sum, table) => sum + pairsOf(table.players).filter((key) => pairs.has(key)).length, 0);
      const fewest = Math.min(...partitions(round.tables.flatMap((table) => table.players)).map((tables) => tables.reduce((sum, players) => sum + pairsOf(players).filter((key) => pairs.has(key)).length, 0)));
      expect(repeats, `repeats in round ${round.round}`).toBe(fewest);
      expect(round.repeats).toBe(repeats);
      repeatsByRound.push(repeats);
      for (const table of round.tables) for (const key of pairsOf(table.players)) pairs.add(key);
    }
    // Round 1 has no history; in round 2 the four of each round-1 table cannot spread over three tables.
    expect(repeatsByRound[0]).toBe(0);
    expect(repeatsByRound[1]).toBeGreaterThan(0);
    // Buchholz: per round, the mean final points of the table's other entrants; a bye counts one's own.
    const buchholz = new Map(ids.map((userId) => [userId, meetings.get(userId)!.reduce((sum, m) => sum + (m.mates.length ? m.mates.reduce((s, o) => s + points.get(o)!, 0) / m.mates.length : points.get(userId)!), 0)]));
    const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
    const firstKeys = (a: string, b: string) => (same(points.get(a)!, points.get(b)!) ? (same(buchholz.get(a)!, buchholz.get(b)!) ? 0 : buchholz.get(b)! - buchholz.get(a)!) : points.get(b)! - points.get(a)!);
    // Head-to-head among those equal on points and Buchholz: + 1 per meeting finished ahead, − 1 behind.
    const h2h = (userId: string) =>
      meetings.get(userId)!.reduce((sum, m) => {
        if (!m.place) return sum;
        return sum + m.mates.filter((o) => firstKeys(userId, o) === 0).reduce((s, o) => s + Math.sign(m.place!.get(o)! - m.place!.get(userId)!), 0);
      }, 0);
    const expected = [...ids].sort((a, b) => firstKeys(a, b) || h2h(b) - h2h(a) || (a < b ? -1 : 1));
    const places: number[] = [];
    expected.forEach((userId, i) => {
      const prev = expected[i - 1];
      places.push(prev !== undefined && firstKeys(prev, userId) === 0 && h2h(prev) === h2h(userId) ? places[i - 1]! : i + 1);
    });
    const lines = standingsOf(t);
    expect(lines.map((line) => line.id)).toEqual(expected);
    lines.forEach((line, i) => {
      expect(line.place, `place of ${byId.get(line.id)!.name}`).toBe(places[i]);
      expect(line.points, `points of ${byId.get(line.id)!.name}`).toBe(points.get(line.id));
      expect(line.buchholz, `Buchholz of ${byId.get(line.id)!.name}`).toBeCloseTo(buchholz.get(line.id)!, 9);
    });
    // The points are not all alike: games played out spread them (a check that the tables counted).
    expect(new Set(lines.map((line) => line.points)).size).toBeGreaterThan(3);
    // Cleo has no points for round 1 and sat at no table in it.
    const late = t.entrants.find((entrant) => entrant.userId === cleo.id)!;
    expect(late.fromRound).toBe(2);
    expect(lines.find((line) => line.id === cleo.id)!.rounds[0]).toBeNull();
    // `/tournament standings` says the same, privately.
    const answer = answered(await people[0]!.slash('tournament standings', { id }, { channelId })).message!;
    expect(answer.ephemeral).toBe(true);
    for (const line of lines.slice(0, 3)) expect(answer.content).toContain(`${line.place}. **${byId.get(line.id)!.name}**`);
  });
});
