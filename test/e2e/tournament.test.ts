/**
 * A Swiss tournament end to end (docs/tournaments.md): the real bot against the Discord
 * emulator, on a controlled clock. `/tournament new` is refused where the bot cannot make
 * threads and to a member who may not organise; 9 entrants at NOIR (2 seats) — three people
 * clicking the card's Enter button and six test users the test plays for — one of them a late
 * entrant paired from round 2; Start pairs round 1 (a thread and a started table each, the
 * round's post mentions its players); each game is decided by its loser leaving (`/table leave`
 * in the table's thread, then the confirmation button), one by a no-show who misses two turns
 * in a row on emulated days; the bot restarts in the middle of round 2; after every round the
 * channel gets the standings picture with its alt text. The final standings equal the ones
 * worked out here from each table's stored results, and no two entrants met twice.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { seatsToAct } from '../../src/games/engine.js';
import { noirModule } from '../../src/games/noir/index.js';
import { en } from '../../src/i18n/en/index.js';
import { DEFAULT_BOT_PERMISSIONS, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { HOUR_MS } from '../../src/tables/pace.js';
import type { Tournament } from '../../src/tournaments/model.js';
import { answered, boardOf, settle, startBot, tempDir, textOf } from './harness.js';

const tt = en.tournaments;
let clock = Date.UTC(2026, 1, 2, 9, 0, 0);
const now = () => clock;

describe('A Swiss tournament at NOIR through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-tournament-');
  let admin: EmulatedUser;
  let humans: EmulatedUser[];
  let testUsers: EmulatedUser[];
  let channelId: string;
  let card: EmulatedMessage;
  let id: number;
  const byId = new Map<string, EmulatedUser>();
  // The server shows pictures (the standings picture is what the round's post carries); panels stay text.
  const boot = () => startBot(emu, tmp.dbPath, { serviceDeps: { now }, textBoards: { guild: () => false, user: () => true } });

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await boot();
    admin = emu.addUser('Org', { permissions: PermissionFlagsBits.ManageGuild });
    humans = ['Ana', 'Ben', 'Cleo'].map((name) => emu.addUser(name));
    testUsers = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'].map((name) => emu.addUser(name));
    for (const user of [...humans, ...testUsers]) byId.set(user.id, user);
    channelId = emu.addChannel('winter-cup', { botPermissions: DEFAULT_BOT_PERMISSIONS | PermissionFlagsBits.CreatePublicThreads });
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

  /** Decide a table: `loser` leaves it from its thread and confirms (the other player wins). */
  async function leaveTable(threadId: string, loser: EmulatedUser): Promise<void> {
    const prompt = answered(await loser.slash('table leave', {}, { channelId: threadId })).message!;
    expect(prompt.ephemeral).toBe(true);
    answered(await loser.click(prompt, en.common.commands.confirmLeaveButton));
    await quiet();
  }

  /** The higher user id loses: a fixed rule, so the hand-worked standings below can be checked. */
  const loserOf = (players: string[]) => byId.get([...players].sort().at(-1)!)!;

  it('refuses a channel where the bot cannot make threads, and a member who may not organise', async () => {
    // The invite grants Create Public Threads; this channel's overwrites take it away.
    const plain = emu.addChannel('no-threads', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~PermissionFlagsBits.CreatePublicThreads });
    const refused = answered(await admin.slash('tournament new', { game: 'noir' }, { channelId: plain })).message!;
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toBe(tt.errors.noThreads(`**${en.common.permissions.CreatePublicThreads}**`));
    const notOrganiser = answered(await humans[0]!.slash('tournament new', { game: 'noir' }, { channelId })).message!;
    expect(notOrganiser.content).toBe(tt.errors.organiseRefused);
    expect(await app.context.tournaments!.openInChannel(channelId)).toBeUndefined();
  });

  it('opens with a card; people enter by its button or the command; a member who is not the organiser cannot start it', async () => {
    const badDelay = answered(await admin.slash('tournament new', { game: 'noir', 'spectator-delay': 2 }, { channelId })).message!;
    expect(badDelay.content).toBe(tt.errors.badSettings('• spectator-delay: only with spectators:delayed'));
    card = answered(await admin.slash('tournament new', { game: 'noir', name: 'Winter cup', rounds: 3, spectators: 'delayed', 'spectator-delay': 2 }, { channelId })).message!;
    expect(card.ephemeral).toBe(false);
    const t0 = (await app.context.tournaments!.openInChannel(channelId))!;
    id = t0.id;
    expect(t0.settings).toMatchObject({ seats: 2, rounds: 3, pace: 'turn-based', moveHours: 24, emptySeats: 'bye', lateJoinUntil: 2 });
    expect(textOf(card)).toContain(tt.card.signup);
    expect(textOf(card)).toContain(en.watch.lobbyLine('delayed', 2, false));
    for (const human of humans) {
      const r = answered(await human.click(emu.message(card.id)!, tt.card.join));
      expect((await r.firstFollowUp())?.content).toBe(tt.answers.joined('Winter cup'));
    }
    for (const user of testUsers.slice(0, 5)) expect(answered(await user.slash('tournament join', {}, { channelId })).message!.content).toBe(tt.answers.joined('Winter cup'));
    expect(answered(await humans[0]!.slash('tournament join', {}, { channelId })).message!.content).toBe(tt.errors.alreadyEntered);
    // Entries by command redraw the card too (its message id is stored), as does a withdrawal.
    await quiet();
    expect(textOf(emu.message(card.id))).toContain(tt.card.entrants(8, 64));
    expect(textOf(emu.message(card.id))).toContain(tt.card.entrant(8, 'T5', ''));
    expect(answered(await testUsers[4]!.slash('tournament leave', {}, { channelId })).message!.content).toBe(tt.answers.left('Winter cup'));
    await quiet();
    expect(textOf(emu.message(card.id))).toContain(tt.card.entrants(7, 64));
    expect(textOf(emu.message(card.id))).not.toContain('T5');
    answered(await testUsers[4]!.slash('tournament join', {}, { channelId }));
    await quiet();
    expect(textOf(emu.message(card.id))).toContain(tt.card.entrants(8, 64));
    expect(answered(await humans[1]!.click(emu.message(card.id)!, tt.card.start)).message!.content).toBe(tt.errors.organiserOnly);
    expect((await stored()).status).toBe('signup');
  });

  it('starts: round 1 is paired, each table a thread with its board, the round post mentions its players; a late entrant is paired from round 2', async () => {
    const started = answered(await admin.click(emu.message(card.id)!, tt.card.start));
    expect((await started.firstFollowUp())?.content).toBe(tt.answers.started('Winter cup'));
    await quiet();
    const round = await currentRound();
    expect(round.round).toBe(1);
    expect(round.tables).toHaveLength(4);
    expect(round.byes).toEqual([]);
    const post = emu.messages(channelId).find((m) => m.content.startsWith(tt.posts.round(1, 3, '').split(':')[0]!))!;
    expect(post).toBeDefined();
    for (const table of round.tables) {
      expect(table.channelId).not.toBeNull();
      expect(post.content).toContain(`<#${table.channelId}>`);
      for (const player of table.players) expect(post.content).toContain(`<@${player}>`);
      const board = boardOf(emu, table.tableId!, table.channelId!);
      expect(board.deleted).toBe(false);
      // The tournament's watching rules are each table's.
      expect((await app.context.store.table(table.tableId!))!.tableOptions).toMatchObject({ spectators: 'delayed', spectatorDelay: 2, tournament: { id, round: 1, table: table.no } });
    }
    const late = answered(await testUsers[5]!.slash('tournament join', {}, { channelId })).message!;
    expect(late.content).toBe(tt.answers.joinedLate('Winter cup', 2));
    await quiet();
    expect(textOf(emu.message(card.id))).toContain(tt.card.entrant(9, 'T6', tt.card.lateNote(2)));
    expect(textOf(emu.message(card.id))).toContain(tt.card.running(1, 3, '').split('(')[0]!);
  });

  it('plays round 1 (losers leave), round 2 with a no-show and a restart in the middle, round 3; standings posted as pictures after each round', async () => {
    // Round 1: every table decided by its loser leaving.
    for (const table of (await currentRound()).tables) await leaveTable(table.channelId!, loserOf(table.players));
    let t = await stored();
    expect(t.round).toBe(2);
    const afterRound1 = emu.messages(channelId).find((m) => m.attachments.some((a) => String(a.filename) === 'standings-' + id + '-1.png'));
    expect(afterRound1, 'standings picture after round 1').toBeDefined();
    expect(textOf(afterRound1)).toContain(tt.posts.roundOver(1));
    const alt = String(afterRound1!.attachments[0]!.description ?? '');
    expect(alt).toContain(tt.standings.altTitle('Winter cup', noirModule.title(en), tt.standings.after(1, 3)));

    // Round 2: 9 entrants, 4 tables and a bye.
    let round = await currentRound();
    expect(round.tables).toHaveLength(4);
    expect(round.byes).toHaveLength(1);
    const [first, second, noShowTable, last] = round.tables as [typeof round.tables[0], typeof round.tables[0], typeof round.tables[0], typeof round.tables[0]];
    await leaveTable(first.channelId!, loserOf(first.players));
    // The bot restarts in the middle of the round.
    await app.stop();
    clock += 5 * HOUR_MS;
    app = await boot();
    await quiet();
    await leaveTable(second.channelId!, loserOf(second.players));
    // A no-show: the lower id plays, the higher id never does and misses two turns in a row.
    const absent = loserOf(noShowTable.players).id;
    const present = noShowTable.players.find((player) => player !== absent)!;
    const def = noirModule.definition;
    for (let guard = 0; guard < 40; guard++) {
      const row = (await app.context.store.table(noShowTable.tableId!))!;
      if (row.status !== 'active') break;
      const seats = await app.context.store.seats(noShowTable.tableId!);
      const pending = def.pending(row.state);
      const seatOf = (userId: string) => seats.find((s) => s.userId === userId)!.seat!;
      if (seatsToAct(pending).includes(seatOf(present))) {
        const action = def.legalActions(row.state, seatOf(present))[0];
        const done = await app.context.service.play.act(noShowTable.tableId!, { userId: present, displayName: 'p', canManageGuild: false }, pending.step, action);
        expect(done.ok, JSON.stringify(done)).toBe(true);
      } else {
        // A day passes: the absent player's time is up.
        clock = row.deadlineAt! + 1000;
        await app.context.service.deadlines.fireDeadline(noShowTable.tableId!);
      }
      await quiet();
    }
    const noShowEnd = (await app.context.store.results(noShowTable.tableId!)) as { userId: string; placement: number | null }[];
    expect(noShowEnd.find((r) => r.userId === present)?.placement).toBe(1);
    expect(noShowEnd.find((r) => r.userId === absent)?.placement).toBe(2);
    // The absent player forfeited (never moved): the board says so.
    expect(textOf(boardOf(emu, noShowTable.tableId!, noShowTable.channelId!))).toContain(tt.board.noShow(byId.get(absent)!.name));
    await leaveTable(last.channelId!, loserOf(last.players));
    t = await stored();
    expect(t.round).toBe(3);
    expect(emu.messages(channelId).some((m) => m.attachments.some((a) => String(a.filename) === `standings-${id}-2.png`))).toBe(true);

    // Round 3.
    round = await currentRound();
    for (const table of round.tables) await leaveTable(table.channelId!, loserOf(table.players));
    t = await stored();
    expect(t.status).toBe('finished');
    const final = emu.messages(channelId).find((m) => m.attachments.some((a) => String(a.filename) === `standings-${id}-3.png`));
    expect(final).toBeDefined();
    expect(String(final!.attachments[0]!.description)).toContain(tt.standings.final);
    // The card says it is over, with Standings as its only button: redrawn after a restart too (its id is stored).
    expect(textOf(emu.message(card.id))).toContain(tt.card.finished);
    const buttons = JSON.stringify(emu.message(card.id)!.components);
    expect(buttons).toContain(`"${tt.card.standings}"`);
    for (const gone of [tt.card.join, tt.card.leave, tt.card.start]) expect(buttons).not.toContain(`"${gone}"`);
    emu.assertNoViolations();
  });

  it('the standings equal the ones worked out from the stored results; nobody met anyone twice', async () => {
    const t = await stored();
    const points = new Map(t.entrants.map((entrant) => [entrant.userId, 0]));
    const opponents = new Map<string, string[][]>(t.entrants.map((entrant) => [entrant.userId, []]));
    const pairs = new Set<string>();
    for (const round of t.rounds) {
      // A bye at 2 seats is worth half a table's points: (2 − 1) / 2.
      for (const bye of round.byes) points.set(bye, points.get(bye)! + 0.5);
      for (const table of round.tables) {
        const results = (await app.context.store.results(table.tableId!)) as { userId: string; placement: number | null }[];
        expect(results).toHaveLength(2);
        // Two seats: first place 1 point, second 0 (a leaver or no-show is last).
        for (const result of results) points.set(result.userId, points.get(result.userId)! + (result.placement === 1 ? 1 : 0));
        const [a, b] = [...table.players].sort();
        const key = `${a}-${b}`;
        expect(pairs.has(key), `${key} met twice`).toBe(false);
        pairs.add(key);
        opponents.get(a!)!.push([b!]);
        opponents.get(b!)!.push([a!]);
      }
      for (const bye of round.byes) opponents.get(bye)!.push([]);
    }
    // Buchholz: the points of each opponent met; a bye counts one's own points.
    const buchholz = (userId: string) => opponents.get(userId)!.reduce((sum, met) => sum + (met.length ? points.get(met[0]!)! : points.get(userId)!), 0);
    const shown = await app.context.tournaments!.get(id);
    const { standingsOf } = await import('../../src/tournaments/service.js');
    const lines = standingsOf(shown!);
    for (const line of lines) {
      expect(line.points, `points of ${line.id}`).toBe(points.get(line.id));
      expect(line.buchholz, `Buchholz of ${line.id}`).toBeCloseTo(buchholz(line.id), 9);
    }
    for (let i = 1; i < lines.length; i++) {
      const [a, b] = [lines[i - 1]!, lines[i]!];
      expect(a.points > b.points || (a.points === b.points && a.buchholz >= b.buchholz - 1e-9)).toBe(true);
    }
    // The late entrant has no points for round 1 and was paired from round 2.
    const late = t.entrants.find((entrant) => entrant.userId === testUsers[5]!.id)!;
    expect(late.fromRound).toBe(2);
    expect(t.rounds[0]!.tables.some((table) => table.players.includes(late.userId))).toBe(false);
    // `/tournament standings` says the same to anyone, privately.
    const answer = answered(await humans[2]!.slash('tournament standings', { id }, { channelId })).message!;
    expect(answer.ephemeral).toBe(true);
    for (const line of lines.slice(0, 3)) expect(answer.content).toContain(`${line.place}. **${t.entrants.find((e) => e.userId === line.id)!.name}**`);
    // The organiser reads the log; another member may not.
    expect(answered(await admin.slash('tournament log', { id }, { channelId })).message!.content).toContain(tt.log.title(id, 'Winter cup', 25, t.lastLogSeq).split('(')[0]!);
    expect(answered(await humans[0]!.slash('tournament log', { id }, { channelId })).message!.content).toBe(tt.errors.logOrganiser);
  });
});
