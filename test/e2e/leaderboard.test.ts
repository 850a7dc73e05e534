/**
 * Leaderboards, stats and server-admin tools end to end (README "Leaderboards and ratings"): the real bot against the
 * local Discord emulator. Two Suspicion "Arrest Race" tables are played to the end by
 * clicking what the messages show; then `/leaderboard` and `/stats` must show the rows the
 * two results imply (checked against OpenSkill directly). `/admin` is refused privately to
 * a member without Manage Server even when the command is visible to them; with it, tables
 * are listed and ended (not rated), a season is reset (the old one stays queryable) and
 * server defaults reach new tables.
 */
import { PermissionFlagsBits } from 'discord.js';
import { ordinal, rate, rating, type Rating } from 'openskill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { ratings } from '../../src/persistence/schema.js';
import type { SqliteStore } from '../../src/persistence/store/sqlite.js';
import { DiscordEmulator, buttonLabels, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, fresh, playOut, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('leaderboards, stats and /admin through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-lb-');
  let ana: EmulatedUser;
  let ben: EmulatedUser;
  let cleo: EmulatedUser;
  let mod: EmulatedUser;
  const tables: number[] = [];

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben');
    cleo = emu.addUser('Cleo');
    mod = emu.addUser('Mod', { permissions: PermissionFlagsBits.ManageGuild });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** Open a 2-player Arrest Race table in a new channel, start it, play it to the end by clicking. */
  async function playArrestRace(host: EmulatedUser, guest: EmulatedUser, channelName: string): Promise<number> {
    const channelId = emu.addChannel(channelName);
    const created = answered(await host.slash('suspicion new', { seats: 2, variant: 'arrest-race' }, { channelId }));
    const lobby = created.message!;
    answered(await guest.click(lobby, 'Join'));
    await settle(app);
    answered(await host.click(lobby, 'Start'));
    await settle(app);
    const tableId = tableIdOf(lobby);
    await playOut({ emu, app: () => app, tableId, users: [host, guest], def: suspicionModule.definition, channelId });
    await settle(app);
    expect((await app.context.store.table(tableId))!.status).toBe('finished');
    return tableId;
  }

  /** The embed text of a message. */
  const embedOf = (m: EmulatedMessage | undefined) => (m?.embeds[0] ?? {}) as { title?: string; description?: string; footer?: { text: string } };

  it('finishes two games, then /leaderboard and /stats show the expected rows', async () => {
    tables.push(await playArrestRace(ana, ben, 'lb-game-1'));
    tables.push(await playArrestRace(ana, cleo, 'lb-game-2'));

    // What the two results imply, computed with OpenSkill directly.
    const skill = new Map<string, Rating>();
    const record = new Map<string, { games: number; wins: number }>();
    for (const id of tables) {
      const res = (await app.context.store.results(id));
      expect(res).toHaveLength(2);
      const next = rate(
        res.map((r) => [skill.get(r.userId) ?? rating()]),
        { rank: res.map((r) => r.placement) },
      );
      res.forEach((r, i) => {
        skill.set(r.userId, next[i]![0]!);
        const rec = record.get(r.userId) ?? { games: 0, wins: 0 };
        record.set(r.userId, { games: rec.games + 1, wins: rec.wins + (r.winner ? 1 : 0) });
      });
    }
    const names = new Map([ana, ben, cleo].map((u) => [u.id, u.name]));
    const expected = [...skill.entries()]
      .map(([id, s]) => ({ id, name: names.get(id)!, ordinal: ordinal(s), ...record.get(id)! }))
      .sort((a, b) => b.ordinal - a.ordinal);

    // /leaderboard game:suspicion — public, one row per player in rating order.
    const lb = answered(await cleo.slash('leaderboard', { game: 'suspicion' }));
    const board = lb.message!;
    expect(board.ephemeral).toBe(false);
    const e = embedOf(board);
    expect(e.title).toBe(en.ratings.board.title(suspicionModule.emoji, suspicionModule.title(en), 1));
    const lines = e.description!.split('\n');
    expect(lines).toEqual(expected.map((x, i) => en.ratings.board.row(i + 1, x.name, x.ordinal, x.games, x.wins, true)));
    expect(e.footer!.text).toContain('3 players');
    expect(board.components).toEqual([]);

    // /leaderboard (all games) — by games played: Ana played both games.
    const all = answered(await ben.slash('leaderboard'));
    const allLines = embedOf(all.message).description!.split('\n');
    expect(allLines[0]).toContain('Ana — **2 games**');
    expect(allLines).toHaveLength(3);

    // /stats — private, with the rating, the provisional mark and both games, newest first.
    const st = answered(await ana.slash('stats'));
    expect(st.message!.ephemeral).toBe(true);
    expect(st.message!.visibleTo).toEqual([ana.id]);
    const sd = embedOf(st.message).description!;
    const anaRow = expected.find((x) => x.id === ana.id)!;
    expect(embedOf(st.message).title).toContain('Ana');
    expect(sd).toContain(`Rating **${en.ratings.rating(anaRow.ordinal)}**`);
    expect(sd).toContain(`#${expected.indexOf(anaRow) + 1} of 3`);
    expect(sd).toContain('✱ provisional (2 of 5 games)');
    expect(sd).toContain(`2 games · ${anaRow.wins} ${anaRow.wins === 1 ? 'win' : 'wins'}`);
    expect(sd.indexOf(`#${tables[1]} —`)).toBeGreaterThan(-1);
    expect(sd.indexOf(`#${tables[1]} —`)).toBeLessThan(sd.indexOf(`#${tables[0]} —`));

    // /stats user:Ben, asked by Cleo.
    const sb = answered(await cleo.slash('stats', { user: ben.id }));
    const benRow = expected.find((x) => x.id === ben.id)!;
    expect(embedOf(sb.message).title).toContain('Ben');
    expect(embedOf(sb.message).description).toContain(`Rating **${en.ratings.rating(benRow.ordinal)}**`);
    expect(embedOf(sb.message).description).toContain(`#${tables[0]} —`);
    emu.assertNoViolations();
  });

  it('pages with the Next / Previous buttons', async () => {
    // 12 more rated players (inserted directly) make a second page.
    const now = Date.now();
    (app.context.store as SqliteStore).db
      .insert(ratings)
      .values(
        Array.from({ length: 12 }, (_, k) => ({
          guildId: emu.guild.id,
          game: 'suspicion',
          season: 1,
          userId: String(700000000000000000n + BigInt(k)),
          mu: 20 - k,
          sigma: 5,
          ordinal: 5 - k,
          games: 6,
          wins: 2,
          streak: -1,
          name: `Extra ${k}`,
          updatedAt: now,
        })),
      )
      .run();
    const lb = answered(await ben.slash('leaderboard', { game: 'suspicion', scope: 'server' }));
    expect(embedOf(lb.message).footer!.text).toContain('Page 1 of 2 · 15 players');
    expect(buttonLabels(lb.message!)).toEqual([en.ratings.board.previous, en.ratings.board.next]);
    const next = answered(await cleo.click(lb.message!, en.ratings.board.next));
    expect(next.callbackType).toBe(7);
    const p2 = fresh(emu, lb.message!);
    expect(embedOf(p2).footer!.text).toContain('Page 2 of 2');
    expect(embedOf(p2).description!.split('\n')[0]).toMatch(/^\*\*11\.\*\* /);
    const back = answered(await ana.click(p2, en.ratings.board.previous));
    expect(back.callbackType).toBe(7);
    expect(embedOf(fresh(emu, lb.message!)).footer!.text).toContain('Page 1 of 2');
    emu.assertNoViolations();
  });

  it('/admin is hidden by default and refused privately to members without Manage Server', async () => {
    const cmd = emu.commands(emu.guild.id).find((c) => c.name === 'admin')!;
    expect(cmd.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    expect(() => cleo.slash('admin tables')).toThrow(/hidden/);
    const channelId = emu.addChannel('lb-admin-refused');
    const open = answered(await ana.slash('suspicion new', { seats: 2 }, { channelId }));
    const openId = tableIdOf(open.message);
    const uses: [string, Record<string, string | number>][] = [
      ['admin tables', {}],
      ['admin end', { table: openId }],
      ['admin leaderboard-reset', { game: 'suspicion' }],
      ['admin settings', {}],
      ['admin settings', { 'turn-timer': 300 }],
    ];
    for (const [path, options] of uses) {
      const r = answered(await cleo.slash(path, options, { ignoreCommandPermissions: true }));
      expect(r.message!.ephemeral, path).toBe(true);
      expect(r.message!.visibleTo).toEqual([cleo.id]);
      expect(r.message!.content).toBe(en.ratings.admin.refused);
      expect(r.message!.components).toEqual([]);
    }
    expect((await app.context.store.table(openId))!.status).toBe('lobby');
    const lb = answered(await cleo.slash('leaderboard', { game: 'suspicion' }));
    expect(embedOf(lb.message).title).toContain('season 1');
    expect(answered(await mod.slash('admin settings')).message!.content).toContain('each game’s own default');
    emu.assertNoViolations();
  });

  it('/admin tables and /admin end: a stuck table is ended after a confirmation, not rated, and the board says so', async () => {
    const channelId = emu.addChannel('lb-admin-end');
    const created = answered(await ben.slash('suspicion new', { seats: 2, variant: 'arrest-race' }, { channelId }));
    answered(await cleo.click(created.message!, 'Join'));
    await settle(app);
    answered(await ben.click(fresh(emu, created.message!), 'Start'));
    await settle(app);
    const id = tableIdOf(created.message);
    const list = answered(await mod.slash('admin tables'));
    expect(list.message!.ephemeral).toBe(true);
    expect(list.message!.content).toContain(`**#${id}**`);
    expect(list.message!.content).toContain(`<#${channelId}>`);
    expect(list.message!.content).toMatch(/playing · 2 players: (Ben, Cleo|Cleo, Ben)/);
    const ask = answered(await mod.slash('admin end', { table: id }));
    expect(ask.message!.ephemeral).toBe(true);
    expect((await app.context.store.table(id))!.status).toBe('active');
    const done = answered(await mod.click(ask.message!, en.ratings.admin.confirmEndButton));
    expect(done.callbackType).toBe(7);
    expect(fresh(emu, ask.message!).content).toBe(en.ratings.admin.ended(id));
    await settle(app);
    expect((await app.context.store.table(id))).toMatchObject({ status: 'cancelled', endReason: 'admin' });
    expect(textOf(boardOf(emu, id, channelId))).toContain('Ended by a server admin');
    expect((await app.context.store.results(id))).toEqual([]);
    const gone = answered(await mod.slash('admin end', { table: id }));
    expect(gone.message!.content).toBe(en.ratings.admin.alreadyEnded(id));
    emu.assertNoViolations();
  });

  it('/admin leaderboard-reset starts an empty season after a confirmation; the old one stays queryable', async () => {
    const ask = answered(await mod.slash('admin leaderboard-reset', { game: 'suspicion' }));
    expect(buttonLabels(ask.message!)).toEqual([en.ratings.admin.confirmResetButton(2), en.ratings.admin.keepSeason(1)]);
    answered(await mod.click(ask.message!, en.ratings.admin.confirmResetButton(2)));
    expect(fresh(emu, ask.message!).content).toContain('Season 2');
    const now = answered(await ana.slash('leaderboard', { game: 'suspicion' }));
    expect(embedOf(now.message).title).toContain('season 2');
    expect(embedOf(now.message).description).toContain('Nobody has finished a rated game');
    const old = answered(await ana.slash('leaderboard', { game: 'suspicion', season: 1 }));
    expect(embedOf(old.message).description).toContain('Season 1 is over');
    expect(embedOf(old.message).footer!.text).toContain('15 players');
    const future = answered(await ana.slash('leaderboard', { game: 'suspicion', season: 3 }));
    expect(future.message!.ephemeral).toBe(true);
    expect(future.message!.content).toBe(en.ratings.errors.noSuchSeason('Suspicion', 3, 2));
    const noGame = answered(await ana.slash('leaderboard', { season: 1 }));
    expect(noGame.message!.ephemeral).toBe(true);
    expect(noGame.message!.content).toBe(en.ratings.errors.seasonNeedsGame);
    const st = answered(await ana.slash('stats'));
    expect(embedOf(st.message).description).toContain(en.ratings.stats.noCurrent);
    expect(embedOf(st.message).description).toContain('**All games:** 2 games');
    emu.assertNoViolations();
  });

  it('/admin settings: server defaults reach new tables, a player’s own option wins', async () => {
    const saved = answered(await mod.slash('admin settings', { 'turn-timer': 120, 'vote-timer': 45 }));
    expect(saved.message!.content).toContain('**120 s**');
    const c1 = emu.addChannel('lb-settings-1');
    const t1 = answered(await ana.slash('suspicion new', {}, { channelId: c1 }));
    expect((await app.context.store.table(tableIdOf(t1.message)))!.options).toMatchObject({ turnSeconds: 120, voteSeconds: 45 });
    const c2 = emu.addChannel('lb-settings-2');
    const t2 = answered(await ben.slash('suspicion new', { 'turn-timer': 30 }, { channelId: c2 }));
    expect((await app.context.store.table(tableIdOf(t2.message)))!.options).toMatchObject({ turnSeconds: 30, voteSeconds: 45 });
    const bad = answered(await mod.slash('admin settings', { 'turn-timer': 5 }));
    expect(bad.message!.content).toBe(en.ratings.admin.settingsBad('Turn timer', 10, 3600));
    emu.assertNoViolations();
  });
});
