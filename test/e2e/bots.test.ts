/**
 * AI players end to end (README "AI players"): the real bot (createApp, discord.js) against
 * the emulator. A person alone opens `/noir new bots:1`, presses Start and plays a whole
 * game against the bot by clicking; a 6-seat J'Accuse! with 2 humans fills up with 4 bots
 * from the lobby's Add bot select; a player who leaves is replaced by a bot from the board;
 * a bot answers within a Suspicion counter window; the bot restarts while a bot is to move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { InlinePolicy } from '../../src/bots/policy.js';
import { seatsToAct, type AnyGameDefinition } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { allComponents, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { isBotUser } from '../../src/tables/bots.js';
import { answered, boardOf, offers, perform, settle, startBot, tableIdOf, tempDir, textOf, panelOf, TEXT_BOARDS_ONLY } from './harness.js';

const registry = defaultRegistry();
const policy = () => new InlinePolicy();

/** Wait (real time) until `done()` holds, letting the bot's timers and publisher run. */
async function until(app: App, done: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await settle(app);
  }
}

/**
 * Play table `tableId` by clicking as its human `users` until it ends: whenever the game
 * waits for a human, that human opens their hand from the board and clicks a legal action
 * offered on their panel or the board; while it waits for bots only, wait for their move.
 */
async function playHumans(emu: DiscordEmulator, app: App, tableId: number, users: EmulatedUser[], def: AnyGameDefinition, channelId: string, seed = 5): Promise<number> {
  const rng = Rng.seeded(seed);
  const store = app.context.store;
  let clicks = 0;
  for (let guard = 0; guard < 3_000; guard++) {
    await settle(app);
    const table = (await store.table(tableId))!;
    if (table.status !== 'active') return clicks;
    const pending = def.pending(table.state);
    const seats = (await store.seats(tableId));
    const humans = seatsToAct(pending).filter((seat) => users.some((u) => u.id === seats.find((row) => row.seat === seat)?.userId));
    if (humans.length === 0) {
      const version = table.version;
      await until(app, async () => (await store.table(tableId))!.version !== version, 'a bot move');
      continue;
    }
    const seat = rng.pick(humans);
    const user = users.find((u) => u.id === seats.find((row) => row.seat === seat)!.userId)!;
    const board = boardOf(emu, tableId, channelId);
    const panel = (await panelOf(answered(await user.click(board, 'Show my hand'))))!;
    const step = pending.step.toString(36);
    const legal = def.legalActions(table.state, seat).map((action: unknown) => JSON.stringify(action));
    const all = [...offers(panel, def).map((x) => ({ ...x, msg: panel })), ...offers(board, def).map((x) => ({ ...x, msg: board }))].filter(
      (x) => x.customId.split(':')[3] === step && legal.includes(JSON.stringify(x.action)),
    );
    // A bot may have moved between the read and the click (a race): look again.
    if (all.length === 0 && (await store.table(tableId))!.version !== table.version) continue;
    expect(all.length, `seat ${seat} offered nothing: ${textOf(panel)}`).toBeGreaterThan(0);
    const chosen = rng.pick(all);
    answered(await perform(user, chosen.msg, chosen));
    clicks += 1;
  }
  throw new Error(`table #${tableId} did not end`);
}

/** The select of a message whose custom_id ends with `:<verb>`. */
function selectOf(m: EmulatedMessage, verb: string): { custom_id: string; options: { value: string; label: string }[] } | undefined {
  return allComponents(m)
    .map((found) => found.component as { custom_id?: string; options?: { value: string; label: string }[] })
    .find((c) => typeof c.custom_id === 'string' && c.custom_id.endsWith(`:${verb}`) && Array.isArray(c.options)) as never;
}

describe('AI players through Discord', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, botPolicy: policy() });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('/noir new bots:1 — a lobby with one 🤖 bot; Start begins at once; one person plays a whole game against it', async () => {
    const solo = emu.addUser('Solo');
    const channelId = emu.addChannel('noir-solo');
    const lobby = answered(await solo.slash('noir new', { bots: 1, 'bot-level': 'normal', 'bot-pace': 0 }, { channelId })).message!;
    expect(textOf(lobby)).toMatch(/🤖 \S+ \(Normal bot\)/);
    const id = tableIdOf(lobby);
    answered(await solo.click(lobby, 'Start'));
    await settle(app);
    expect((await app.context.store.table(id))!.status).toBe('active');
    const board = boardOf(emu, id, channelId);
    expect(textOf(board)).toContain('🤖');
    const clicks = await playHumans(emu, app, id, [solo], registry.get('noir').definition, channelId);
    expect(clicks).toBeGreaterThan(0);
    const table = (await app.context.store.table(id))!;
    expect(table.status).toBe('finished');
    const results = (await app.context.store.results(id));
    expect(results.map((row) => row.botLevel).sort()).toEqual(['normal', null]);
    expect(textOf(boardOf(emu, id, channelId))).toContain('🤖');
    expect((await app.context.store.actions(id)).some((entry) => entry.kind === 'bot')).toBe(true);
    // Never pinged for the bot's turns, and /stats shows the game against a Normal bot.
    expect(solo.pings().every((ping) => !/bot-\d/.test(ping.content ?? ''))).toBe(true);
    const stats = answered(await solo.slash('stats', {}, { channelId })).message!;
    expect(textOf(stats)).toMatch(/Normal: 1 game/);
  }, 120_000);

  it("6-seat J'Accuse! with 2 humans: the host adds 4 bots from the lobby (a guest cannot), removes one, re-adds it, and they play to the end", async () => {
    const [host, guest] = [emu.addUser('Host'), emu.addUser('Guest')];
    const channelId = emu.addChannel('jaccuse-bots');
    const lobby = answered(await host.slash('jaccuse new', { seats: 6, 'bot-pace': 0 }, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await guest.click(lobby, 'Join'));
    await settle(app);
    const refused = answered(await guest.select(boardOf(emu, id, channelId), `rh1:t:${id.toString(36)}:add-bot`, ['hard']));
    expect(refused.message?.ephemeral).toBe(true);
    expect(textOf(refused.message)).toMatch(/Only the host/);
    for (const level of ['easy', 'normal', 'hard', 'hard']) {
      answered(await host.select(boardOf(emu, id, channelId), `rh1:t:${id.toString(36)}:add-bot`, [level]));
      await settle(app);
    }
    let shown = boardOf(emu, id, channelId);
    expect((textOf(shown).match(/🤖 \S+ \((Easy|Normal|Hard) bot\)/g) ?? []).length).toBe(4);
    expect(selectOf(shown, 'add-bot')).toBeUndefined(); // the table is full
    const remove = selectOf(shown, 'remove-bot')!;
    expect(remove.options).toHaveLength(4);
    answered(await host.select(shown, remove.custom_id, [remove.options[0]!.value]));
    await settle(app);
    shown = boardOf(emu, id, channelId);
    expect((textOf(shown).match(/🤖 \S+ \((Easy|Normal|Hard) bot\)/g) ?? []).length).toBe(3);
    answered(await host.select(shown, `rh1:t:${id.toString(36)}:add-bot`, ['easy']));
    await settle(app);
    answered(await host.click(boardOf(emu, id, channelId), 'Start'));
    await settle(app);
    expect((await app.context.store.seats(id)).filter((row) => isBotUser(row.userId))).toHaveLength(4);
    await playHumans(emu, app, id, [host, guest], registry.get('jaccuse').definition, channelId, 9);
    expect((await app.context.store.table(id))!.status).toBe('finished');
    expect((await app.context.store.results(id)).filter((row) => row.botLevel !== null)).toHaveLength(4);
  }, 180_000);

  it('a player who left is replaced by a Normal bot from the board, which plays the seat to the end', async () => {
    const [host, guest, third] = [emu.addUser('Hana'), emu.addUser('Gus'), emu.addUser('Tia')];
    const channelId = emu.addChannel('phantom-replace');
    const lobby = answered(await host.slash('phantom new', { 'bot-pace': 0 }, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await guest.click(lobby, 'Join'));
    answered(await third.click(lobby, 'Join'));
    answered(await host.click(lobby, 'Start'));
    await settle(app);
    expect((await app.context.service.play.leaveGame(id, { userId: guest.id, displayName: 'Gus', canManageGuild: false })).ok).toBe(true);
    await settle(app);
    const board = boardOf(emu, id, channelId);
    const replace = selectOf(board, 'replace-bot')!;
    expect(replace.options.map((option) => option.label)).toEqual([expect.stringContaining('Gus')]);
    const byGuest = answered(await third.select(board, replace.custom_id, [replace.options[0]!.value]));
    expect(textOf(byGuest.message)).toMatch(/Only the host/);
    answered(await host.select(board, replace.custom_id, [replace.options[0]!.value]));
    await settle(app);
    const gusSeat = (await app.context.store.seats(id)).find((row) => row.userId === guest.id)!;
    expect(gusSeat.botLevel).toBe('normal');
    expect(textOf(boardOf(emu, id, channelId))).toMatch(/now played by 🤖/);
    expect(selectOf(boardOf(emu, id, channelId), 'replace-bot')).toBeUndefined();
    await playHumans(emu, app, id, [host, third], registry.get('phantom').definition, channelId, 11);
    expect((await app.context.store.table(id))!.status).toBe('finished');
    expect((await app.context.store.actions(id)).some((entry) => entry.seat === gusSeat.seat && entry.kind === 'bot')).toBe(true);
  }, 180_000);

  it('a bot answers within a Suspicion counter window, before it closes', async () => {
    const human = emu.addUser('Cora');
    const channelId = emu.addChannel('suspicion-counter');
    // The default human-like pace (1.5–4 s), capped by each window's deadline.
    const lobby = answered(await human.slash('suspicion new', { seats: 3, bots: 2, 'bot-level': 'normal' }, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await human.click(lobby, 'Start'));
    await settle(app);
    const def = registry.get('suspicion').definition;
    const store = app.context.store;
    // Watch windows in which a bot is asked to react, until one such window has been answered by a bot.
    const seen: { deadlineAt: number; answeredAt: number }[] = [];
    const rng = Rng.seeded(3);
    for (let guard = 0; guard < 400 && seen.length === 0 && (await store.table(id))!.status === 'active'; guard++) {
      const table = (await store.table(id))!;
      const pending = def.pending(table.state);
      const seats = (await store.seats(id));
      const botToReact =
        pending.kind !== 'over' &&
        pending.timer === 'reaction' &&
        seatsToAct(pending).some((seat) => seats.find((row) => row.seat === seat)?.botLevel);
      if (botToReact) {
        const before = (await store.actions(id)).length;
        const deadlineAt = table.deadlineAt!;
        await until(app, async () => (await store.table(id))!.version !== table.version, 'the window to close or be answered', 60_000);
        const answer = (await store.actions(id)).slice(before).find((entry) => entry.kind === 'bot');
        if (answer) seen.push({ deadlineAt, answeredAt: answer.at });
        continue;
      }
      const mine = seatsToAct(pending).find((seat) => seats.find((row) => row.seat === seat)?.userId === human.id);
      if (mine === undefined) {
        await until(app, async () => (await store.table(id))!.version !== table.version, 'a bot move', 60_000);
        continue;
      }
      const legal = def.legalActions(table.state, mine);
      const r = (await app.context.service.play.act(id, { userId: human.id, displayName: 'Cora', canManageGuild: false }, pending.step, rng.pick(legal)));
      if (!r.ok && r.error.code !== 'stale') throw new Error(JSON.stringify(r.error));
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const window of seen) expect(window.answeredAt).toBeLessThanOrEqual(window.deadlineAt - 400);
    expect((await store.actions(id)).some((entry) => entry.kind === 'timeout')).toBe(false);
  }, 240_000);

  it('the bot restarts while a bot is to move: after recovery that bot moves (decided in the worker pool)', async () => {
    const human = emu.addUser('Remy');
    const channelId = emu.addChannel('noir-restart');
    const lobby = answered(await human.slash('noir new', { bots: 1, 'bot-pace': 30 }, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await human.click(lobby, 'Start'));
    await settle(app);
    const store = () => app.context.store;
    const def = registry.get('noir').definition;
    const botSeat = (await store().seats(id)).find((row) => isBotUser(row.userId))!.seat!;
    let pending = def.pending((await store().table(id))!.state);
    if (!seatsToAct(pending).includes(botSeat)) {
      const mine = (await store().seats(id)).find((row) => row.userId === human.id)!.seat!;
      const r = (await app.context.service.play.act(id, { userId: human.id, displayName: 'Remy', canManageGuild: false }, pending.step, def.legalActions((await store().table(id))!.state, mine)[0]));
      expect(r.ok).toBe(true);
      await settle(app);
      pending = def.pending((await store().table(id))!.state);
    }
    expect(seatsToAct(pending)).toContain(botSeat);
    const before = (await store().actions(id)).length;
    // Stop mid-pause (the bot waits 30 s), make the pace instant, and start again.
    await app.stop();
    const { openDatabase } = await import('../../src/persistence/db.js');
    const db = openDatabase(tmp.dbPath);
    expect(db.$client.prepare('select count(*) as n from actions where table_id = ?').get(id)).toEqual({ n: before });
    db.$client.prepare("update game_tables set table_options = '{\"botPaceMs\":0}' where id = ?").run(id);
    db.$client.close();
    // This time with the production policy: decisions in the worker-thread pool.
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry });
    await until(app, async () => (await app.context.store.actions(id)).length > before, 'the recovered bot move');
    const last = (await app.context.store.actions(id))[before]!;
    expect(last.kind).toBe('bot');
    expect(last.seat).toBe(botSeat);
  }, 60_000);
});
