/**
 * A private panel never goes back in time (README "Architecture", the publisher): every
 * panel names the table version it shows in its Refresh button's custom_id, and whatever
 * reaches Discord last for a panel message is drawn from the newest committed version —
 * even when the bot's edits of a panel wait in its REST queue while the player's own click
 * is answered at once (the emulator holds every webhook edit for a while). Played with the
 * Tally fixture game, whose secret vote lets two players click on their panels in turn
 * without the first click moving the decision on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { decodeCustomId } from '../../src/discord/custom-id.js';
import { GameRegistry } from '../../src/games/registry.js';
import { allComponents, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import type { Actor } from '../../src/tables/types.js';
import { tallyDefinition, tallyModule, type TallyState } from '../support/toy-game.js';
import { answered, boardOf, fresh, settle, startBot, tableIdOf, tempDir, panelOf, TEXT_BOARDS_ONLY } from './harness.js';

/** How long the emulator holds every edit of an interaction's message (ms). */
const EDIT_DELAY_MS = 1500;

/** The table version a panel message shows, from its Refresh button (null without one). */
function shownVersion(m: EmulatedMessage): number | null {
  for (const found of allComponents(m)) {
    const id = decodeCustomId(String((found.component as { custom_id?: unknown }).custom_id ?? ''));
    if (id?.kind === 'table' && id.verb === 'refresh') return id.version ?? null;
  }
  return null;
}

/**
 * Record, for every ephemeral message `users` can see in `channelId`, the sequence of table
 * versions it showed — after every single change of the emulated world.
 */
function watchPanels(emu: DiscordEmulator, users: EmulatedUser[], channelId: string) {
  const history = new Map<string, (number | null)[]>();
  let stopping = false;
  const done = emu.waitFor(
    () => {
      for (const user of users) {
        for (const m of user.visibleMessages(channelId)) {
          if (!m.ephemeral) continue;
          const seen = history.get(m.id) ?? [];
          const version = shownVersion(m);
          if (seen.at(-1) !== version) seen.push(version);
          history.set(m.id, seen);
        }
      }
      return stopping;
    },
    { timeoutMs: 120_000 },
  );
  return {
    history,
    async stop() {
      stopping = true;
      await done;
    },
  };
}

describe('private panels under a slow REST queue', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();

  beforeAll(async () => {
    emu = await DiscordEmulator.start({ webhookEditDelayMs: EDIT_DELAY_MS });
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry: new GameRegistry([tallyModule]), serviceDeps: { newSeed: () => 99 } });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('a panel never shows an older version than it showed before, and ends on the newest', async () => {
    const ana = emu.addUser('Ana');
    const ben = emu.addUser('Ben');
    const channelId = emu.addChannel('panels');
    const lobby = answered(await ana.slash('tally new', { seats: 2 }, { channelId })).message!;
    answered(await ben.click(lobby, 'Join'));
    await settle(app);
    answered(await ana.click(lobby, 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    const { store, service } = app.context;
    const actorOf = (user: EmulatedUser): Actor => ({ userId: user.id, displayName: user.name, canManageGuild: false });
    const userOfSeat = async (seat: number) => {
      const row = (await store.seats(id)).find((s) => s.seat === seat)!;
      return [ana, ben].find((u) => u.id === row.userId)!;
    };
    // Play the first round through the service, up to the secret vote that closes it.
    for (let guard = 0; guard < 10; guard++) {
      const pending = tallyDefinition.pending((await store.table(id))!.state as TallyState);
      if (pending.kind === 'simultaneous') break;
      const r =
        pending.kind === 'turn'
          ? (await service.play.act(id, actorOf((await userOfSeat(pending.seat))), pending.step, { type: 'add', n: 1 }))
          : (await service.play.act(id, actorOf((await userOfSeat((pending as { seats: number[] }).seats[0]!))), pending.step, { type: 'pass' }));
      expect(r.ok).toBe(true);
    }
    await settle(app);
    await new Promise((r) => setTimeout(r, EDIT_DELAY_MS + 200)); // edits held by the emulator land
    const board = boardOf(emu, id, channelId);
    const anaPanel = (await panelOf(answered(await ana.click(board, 'Show my hand'))))!;
    const benPanel = (await panelOf(answered(await ben.click(board, 'Show my hand'))))!;
    await settle(app);
    const watch = watchPanels(emu, [ana, ben], channelId);
    const before = (await store.table(id))!.version;
    expect(shownVersion(fresh(emu, anaPanel))).toBe(before);
    let newest: number;
    try {
      // Ben votes on his panel: the bot redraws Ana's panel — an edit the emulator holds.
      answered(await ben.click(fresh(emu, benPanel), 'vote:1'));
      await new Promise((r) => setTimeout(r, 300));
      // Ana votes on her panel before that edit lands; her vote closes the round.
      answered(await ana.click(fresh(emu, anaPanel), 'vote:2'));
      newest = (await store.table(id))!.version;
      expect(newest).toBe(before + 2);
      // Let every held edit land (two rounds: an edit may wait for the one before it).
      for (let round = 0; round < 2; round++) {
        await settle(app);
        await new Promise((r) => setTimeout(r, EDIT_DELAY_MS + 300));
      }
      await settle(app);
    } finally {
      await watch.stop();
    }

    for (const [messageId, versions] of watch.history) {
      const shown = versions.filter((v): v is number => v !== null);
      for (let k = 1; k < shown.length; k++) {
        expect(shown[k], `panel ${messageId} went from version ${shown[k - 1]} back to ${shown[k]}: ${shown.join(' → ')}`).toBeGreaterThanOrEqual(shown[k - 1]!);
      }
    }
    // Both panels end on the newest version: the round is over, no vote buttons are left.
    for (const panel of [anaPanel, benPanel]) {
      expect(shownVersion(fresh(emu, panel))).toBe(newest);
      expect(JSON.stringify(fresh(emu, panel).components)).not.toMatch(/vote:/);
    }
    expect(emu.violations).toEqual([]);
  }, 60_000);

  it("only a player's newest panel of a table is refreshed on a change; an older one is left as it is", async () => {
    const ana = emu.addUser('Ana2');
    const ben = emu.addUser('Ben2');
    const channelId = emu.addChannel('panels-newest');
    const lobby = answered(await ana.slash('tally new', { seats: 2 }, { channelId })).message!;
    answered(await ben.click(lobby, 'Join'));
    await settle(app);
    answered(await ana.click(lobby, 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    const { store, service } = app.context;
    await new Promise((r) => setTimeout(r, EDIT_DELAY_MS + 200));
    const board = boardOf(emu, id, channelId);
    // Ana opens her panel twice (two ephemeral messages), Ben once.
    const older = (await panelOf(answered(await ana.click(board, 'Show my hand'))))!;
    const newer = (await panelOf(answered(await ana.click(fresh(emu, board), 'Show my hand'))))!;
    expect(newer.id).not.toBe(older.id);
    await settle(app);
    const before = (await store.table(id))!.version;
    expect(shownVersion(fresh(emu, older))).toBe(before);
    // A change by whoever is to act (through the service: neither panel is clicked).
    const pending = tallyDefinition.pending((await store.table(id))!.state as TallyState);
    const seatOf = async (userId: string) => (await store.seats(id)).find((row) => row.userId === userId)!.seat;
    const actor = pending.kind === 'turn' && pending.seat === (await seatOf(ben.id)) ? ben : ana;
    const move = pending.kind === 'turn' ? { type: 'add', n: 1 } : { type: 'pass' };
    expect((await service.play.act(id, { userId: actor.id, displayName: actor.name, canManageGuild: false }, pending.step, move as never)).ok).toBe(true);
    const after = (await store.table(id))!.version;
    expect(after).toBeGreaterThan(before);
    for (let round = 0; round < 2; round++) {
      await settle(app);
      await new Promise((r) => setTimeout(r, EDIT_DELAY_MS + 300));
    }
    await settle(app);
    expect(shownVersion(fresh(emu, newer))).toBe(after);
    expect(shownVersion(fresh(emu, older))).toBe(before);
    expect(emu.violations).toEqual([]);
  }, 60_000);
});
