/**
 * Overload degrades, never fails (README "Benchmark"; src/discord/interactions/late.ts): a click that is
 * already late when the bot gets to it is acknowledged at once and its answer follows as an
 * edit of the acknowledged response — the player still gets their panel, the move is still
 * committed and shown, and nobody sees "This interaction failed". The bot is made late by
 * blocking the (shared) event loop right after the emulator dispatched the click.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { decodeCustomId } from '../../src/discord/custom-id.js';
import { ACKNOWLEDGE_FIRST_AFTER_MS } from '../../src/discord/interactions/late.js';
import { suspicionDefinition as def } from '../../src/games/suspicion/engine.js';
import { allComponents, DiscordEmulator, type EmulatedMessage, type EmulatedUser, type InteractionResult } from '../../src/local/emulator/index.js';
import { answered, boardOf, fresh, offers, perform, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

/** Keep the event loop busy for `ms` (the bot and the emulator share it in this test). */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* the bot is busy elsewhere */
  }
}

/** Dispatch a click, then make the bot get to it only after the late threshold. */
async function late(click: () => Promise<InteractionResult>): Promise<InteractionResult> {
  const pending = click();
  block(ACKNOWLEDGE_FIRST_AFTER_MS + 300);
  return pending;
}

/** The table version a panel shows (its Refresh button's id), or null. */
function shownVersion(m: EmulatedMessage | undefined): number | null {
  for (const found of m ? allComponents(m) : []) {
    const id = decodeCustomId(String((found.component as { custom_id?: unknown }).custom_id ?? ''));
    if (id?.kind === 'table' && id.verb === 'refresh') return id.version ?? null;
  }
  return null;
}

describe('a late click is acknowledged first and still answered', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();
  let ana: EmulatedUser, ben: EmulatedUser;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben');
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('"Show my hand" on the board becomes a deferred private reply filled with the panel; a late move on it is committed and shown', async () => {
    const channelId = emu.addChannel('late-clicks');
    const lobby = answered(await ana.slash('suspicion new', { seats: 2 }, { channelId })).message!;
    // A late lobby click (a silent acknowledgement) leaves no "thinking…" message behind.
    const join = answered(await late(() => ben.click(lobby, 'Join')));
    expect(join.callbackType).toBe(5);
    await emu.waitFor(() => join.message?.deleted === true && textOf(fresh(emu, lobby)).includes('Ben'), { timeoutMs: 10_000 });
    await settle(app);
    answered(await ana.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    const board = boardOf(emu, id, channelId);

    for (const player of [ana, ben]) {
      const hand = answered(await late(() => player.click(fresh(emu, board), 'Show my hand')));
      expect(hand.callbackType).toBe(5);
      await emu.waitFor(() => (hand.message?.embeds?.length ?? 0) > 0 || (hand.message?.components?.length ?? 0) > 0, { timeoutMs: 10_000 });
      expect(hand.message?.ephemeral).toBe(true);
      expect(textOf(hand.message)).toContain(`#${id}`);
      const panel = hand.message!;
      const moves = offers(panel, def);
      if (moves.length === 0) continue; // not this player's move
      const before = shownVersion(panel)!;
      const moved = answered(await late(() => perform(player, panel, moves[0]!)));
      expect(moved.callbackType).toBe(6);
      // The panel the click came from then shows the committed move (a newer version).
      await emu.waitFor(() => (shownVersion(fresh(emu, panel)) ?? 0) > before, { timeoutMs: 10_000 });
      await settle(app);
      expect(textOf(fresh(emu, panel))).toMatch(/✅/);
      return;
    }
    throw new Error('nobody had a move to make');
  });
});
