/**
 * Watching end to end (docs/watching.md): the real bot against the Discord
 * emulator. A delayed Suspicion table: its lobby says so; 👀 Watch on the board opens a
 * non-player's private watch panel and puts "👁 1 watching" on the board (names on a click);
 * a player is refused; after every move the watcher's panel is exactly the panel of the game cut
 * N moves back — nothing newer — and a non-player's review of the running table stops there too;
 * Stop watching and `/table watch`; at the end the panel shows the end and the review opens
 * every hand (watchers-see-hands: after-the-end). A table with spectators off has no Watch
 * button and refuses forged clicks; `/admin settings` sets the server's default.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { reviewId, tableActionId } from '../../src/discord/custom-id.js';
import { watchMessage } from '../../src/discord/render/watch.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { buttonLabels, DiscordEmulator, allComponents, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { replayGame } from '../../src/review/replay.js';
import { spectatorPolicy } from '../../src/tables/spectators.js';
import { answered, boardOf, fresh, playOut, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

const w = en.watch;
const DELAY = 2;

/** The text displays of a payload as the emulator's `textOf` reads them. */
function payloadText(payload: { components?: unknown[] }): string {
  const out: string[] = [];
  const walk = (components: unknown[]) => {
    for (const c of components as { type?: number; content?: string; components?: unknown[] }[]) {
      if (c.type === 10 && c.content) out.push(c.content);
      if (Array.isArray(c.components)) walk(c.components);
    }
  };
  walk(payload.components ?? []);
  return out.join('\n');
}

describe('Watching a table through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-watch-');
  let ana: EmulatedUser;
  let ben: EmulatedUser;
  let cleo: EmulatedUser;
  let wes: EmulatedUser;
  let admin: EmulatedUser;
  let channelId: string;
  let tableId: number;
  let watchPanel: EmulatedMessage;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben');
    cleo = emu.addUser('Cleo');
    wes = emu.addUser('Wes');
    admin = emu.addUser('Admin', { permissions: PermissionFlagsBits.ManageGuild });
    channelId = emu.addChannel('watched');
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** The panel a non-player watcher must be shown when `moves` moves were made: the game cut DELAY moves back. */
  async function expectedPanel(moves: number): Promise<string> {
    const store = app.context.store;
    const table = (await store.table(tableId))!;
    const seats = (await store.seats(tableId)).filter((row) => row.seat !== null);
    const log = (await store.actions(tableId)).map((row) => ({ seat: row.seat, action: row.action, kind: row.kind, at: row.at }));
    const host = seats.find((row) => row.userId === table.hostUserId)!.seat!;
    const full = replayGame({ definition: suspicionModule.definition, options: table.options, seats: seats.length, seed: table.seed!, setupMeta: { hostSeat: host }, log });
    expect(full.steps.length - 1).toBe(moves);
    const cut = { ...full, steps: full.steps.slice(0, Math.max(0, moves - DELAY) + 1) };
    const policy = spectatorPolicy({ spectators: 'delayed', spectatorDelay: DELAY, watchersSeeHands: 'after-the-end' });
    return payloadText(watchMessage(suspicionModule, { table: { id: tableId, channelId }, seats, replay: cut, policy, over: false, stopped: false }, en, { textBoards: true }));
  }

  it('a delayed table says so in its lobby; its board offers 👀 Watch; a player is refused', async () => {
    const lobby = answered(await ana.slash('suspicion new', { seats: 3, spectators: 'delayed', 'spectator-delay': DELAY, 'watchers-see-hands': 'after-the-end' }, { channelId })).message!;
    expect(textOf(lobby)).toContain(w.lobbyLine('delayed', DELAY, true));
    for (const guest of [ben, cleo]) answered(await guest.click(fresh(emu, lobby), 'Join'));
    await settle(app);
    answered(await ana.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    tableId = tableIdOf(lobby);
    const board = boardOf(emu, tableId, channelId);
    expect(buttonLabels(board)).toContain(w.watchButton);
    const refused = answered(await ana.click(board, w.watchButton)).message!;
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toBe(w.errors.isPlayer);
    emu.assertNoViolations();
  });

  it('a non-player watches privately; the board shows "👁 1 watching" and who, on a click', async () => {
    // "Show my hand" from a non-player says where to follow the game.
    const pointed = answered(await wes.click(boardOf(emu, tableId, channelId), 'Show my hand')).message!;
    expect(pointed.ephemeral).toBe(true);
    expect(pointed.content).toBe(en.common.errors.notSeatedWatch(w.watchButton));
    const opened = answered(await wes.click(boardOf(emu, tableId, channelId), w.watchButton));
    watchPanel = opened.message!;
    expect(watchPanel.ephemeral).toBe(true);
    expect(textOf(watchPanel)).toContain(w.title(suspicionModule.emoji, 'Suspicion', tableId));
    expect(textOf(watchPanel)).toContain(w.delayed(DELAY));
    expect(textOf(watchPanel).trim()).toBe(await expectedPanel(0));
    await settle(app);
    const board = boardOf(emu, tableId, channelId);
    expect(buttonLabels(board)).toContain(w.watchingButton(1));
    const who = answered(await ben.click(board, w.watchingButton(1))).message!;
    expect(who.ephemeral).toBe(true);
    expect(who.content).toBe(w.watchers('Wes'));
  });

  it(`after every move the watcher's panel is the game ${DELAY} moves back, never newer; so is a non-player's review`, async () => {
    for (let moves = 1; moves <= 8; moves++) {
      await playOut({ emu, app: () => app, tableId, users: [ana, ben, cleo], def: suspicionModule.definition, channelId, seed: moves, until: async () => (await app.context.store.actions(tableId)).length >= moves });
      await settle(app);
      const now = (await app.context.store.actions(tableId)).length;
      const shown = textOf(fresh(emu, watchPanel)).trim();
      expect(shown, `after ${now} moves`).toBe(await expectedPanel(now));
      expect(shown).toContain(w.atMove(Math.max(0, now - DELAY)));
    }
    const now = (await app.context.store.actions(tableId)).length;
    // The review of a running delayed table, for a non-player, ends where the watcher's view ends.
    const review = answered(await wes.forge(fresh(emu, watchPanel), reviewId(tableId, null, 'p', 'o'))).message!;
    expect(textOf(review)).toContain(en.review.stepOf(now - DELAY, now - DELAY));
    const beyond = answered(await wes.forge(review, reviewId(tableId, now, 'p', 'n'))).message!;
    expect(textOf(beyond)).toContain(en.review.stepOf(now - DELAY, now - DELAY));
    emu.assertNoViolations();
  });

  it('Stop watching ends the panel and the count; /table watch opens it again', async () => {
    const stopped = answered(await wes.click(fresh(emu, watchPanel), w.stop)).message!;
    expect(textOf(stopped)).toContain(w.stoppedWatching);
    await settle(app);
    expect(buttonLabels(boardOf(emu, tableId, channelId)).some((label) => label.startsWith('👁'))).toBe(false);
    watchPanel = answered(await wes.slash('table watch', {}, { channelId })).message!;
    expect(watchPanel.ephemeral).toBe(true);
    expect(textOf(watchPanel).trim()).toBe(await expectedPanel((await app.context.store.actions(tableId)).length));
    const mine = answered(await ana.slash('table watch', {}, { channelId })).message!;
    expect(mine.content).toBe(w.errors.isPlayer);
  });

  it('at the end the panel shows the end and Review; the review opens every hand to a watcher (after-the-end)', async () => {
    await playOut({ emu, app: () => app, tableId, users: [ana, ben, cleo], def: suspicionModule.definition, channelId });
    await settle(app);
    const end = fresh(emu, watchPanel);
    expect(textOf(end)).toContain(w.over);
    expect(textOf(end)).toContain(w.handsShown);
    const total = (await app.context.store.actions(tableId)).length;
    expect(textOf(end)).toContain(w.atMove(total));
    expect(buttonLabels(end)).toContain(en.review.reviewButton);
    const review = answered(await wes.click(end, en.review.reviewButton)).message!;
    const views = allComponents(review).filter((found) => found.type === 3).flatMap((found) => (found.component as { options: { value: string }[] }).options.map((o) => o.value));
    expect(views).toContain('a');
    const all = answered(await wes.select(review, en.review.viewAs, ['a'])).message!;
    expect(textOf(all)).toContain(en.review.seenAs(en.review.views.all));
  });

  it('spectators off: no Watch button, forged clicks and reviews refused; /admin settings sets the default', async () => {
    const other = emu.addChannel('private-game');
    const lobby = answered(await ana.slash('suspicion new', { seats: 3, spectators: 'off' }, { channelId: other })).message!;
    expect(textOf(lobby)).toContain(w.lobbyLine('off', 0, false));
    for (const guest of [ben, cleo]) answered(await guest.click(fresh(emu, lobby), 'Join'));
    answered(await ana.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    const board = boardOf(emu, id, other);
    expect(buttonLabels(board)).not.toContain(w.watchButton);
    expect(answered(await wes.forge(board, tableActionId(id, 'watch'))).message!.content).toBe(w.errors.off);
    expect(answered(await wes.forge(board, reviewId(id, null, 'p', 'o'))).message!.content).toBe(w.errors.off);
    answered(await ana.click(board, 'Show my hand'));
    // No Watch to point to: the plain refusal.
    expect(answered(await wes.click(board, 'Show my hand')).message!.content).toBe(en.common.errors.notSeated);
    // The server's default, under the host's choice.
    const saved = answered(await admin.slash('admin settings', { spectators: 'delayed', 'spectator-delay': 4 }, { channelId })).message!;
    expect(saved.content).toContain(w.adminLine(w.modes.delayed!, 4, w.seeHands.off!));
    const third = emu.addChannel('third');
    const next = answered(await ben.slash('suspicion new', {}, { channelId: third })).message!;
    expect(textOf(next)).toContain(w.lobbyLine('delayed', 4, false));
    const chosen = answered(await cleo.slash('suspicion new', { spectators: 'public' }, { channelId: emu.addChannel('fourth') })).message!;
    expect(textOf(chosen)).not.toContain('👁');
    emu.assertNoViolations();
  });
});
