/**
 * A click on a panel that is about to change gets the fresh panel in its answer (issue 34
 * item 8; docs/discord.md "Answers to mistakes"): the real bot against the emulator. A player
 * keeps an older copy of their panel (its buttons drawn before their move); 💡 Hint clicked
 * there once the decision is gone, and a move clicked there once the game has ended, are
 * answered by redrawing that panel in place — the current panel with the reason as its note —
 * not by a bare private refusal beside it. Nothing changes at the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { seatsToAct } from '../../src/games/engine.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { buttonLabels, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, fresh, offers, perform, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

const def = suspicionModule.definition;

describe('a click on a panel about to change gets the fresh panel', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-stale-');
  let ana: EmulatedUser;
  let ben: EmulatedUser;
  let tableId: number;
  let channelId: string;
  /** The mover's older copy of their panel, drawn while it was their turn (Hint offered). */
  let older: EmulatedMessage;
  let mover: EmulatedUser;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben');
    channelId = emu.addChannel('stale-panels');
    const lobby = answered(await ana.slash('suspicion new', { seats: 2, hints: true }, { channelId })).message!;
    answered(await ben.click(fresh(emu, lobby), 'Join'));
    await settle(app);
    answered(await ana.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    tableId = tableIdOf(lobby);
    const table = (await app.context.store.table(tableId))!;
    const seat = seatsToAct(def.pending(table.state))[0]!;
    const row = (await app.context.store.seats(tableId)).find((s) => s.seat === seat)!;
    mover = row.userId === ana.id ? ana : ben;
    // Two copies of the mover's panel: /hand (kept, older) and a second one they play from.
    older = answered(await mover.slash('hand', {}, { channelId })).message!;
    expect(buttonLabels(older)).toContain(en.bots.hint.button);
    const current = answered(await mover.slash('hand', {}, { channelId })).message!;
    const move = offers(current, def).find((o) => (o.action as { type: string }).type === 'discard')!;
    answered(await perform(mover, current, move));
    await settle(app);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('💡 Hint on the older copy, once the decision is gone: that panel is redrawn with the reason', async () => {
    const version = (await app.context.store.table(tableId))!.version;
    const r = answered(await mover.click(fresh(emu, older), en.bots.hint.button));
    // In place (callback 7, UPDATE_MESSAGE), not a new private message beside it.
    expect(r.callbackType).toBe(7);
    expect(r.message!.id).toBe(older.id);
    expect(textOf(r.message)).toContain(en.bots.hint.nothingToDecide);
    expect(textOf(r.message)).toContain(`table #${tableId}`);
    // The fresh panel: no Hint to click any more.
    expect(buttonLabels(r.message!)).not.toContain(en.bots.hint.button);
    expect((await app.context.store.table(tableId))!.version).toBe(version);
  });

  it('a move on a panel of a game that has just ended: that panel is redrawn as over, with the reason', async () => {
    const other = mover === ana ? ben : ana;
    const panel = answered(await other.slash('hand', {}, { channelId })).message!;
    const move = offers(panel, def)[0]!;
    expect(move).toBeDefined();
    expect((await app.context.service.lobby.cancel(tableId, { userId: ana.id, displayName: 'Ana', canManageGuild: false })).ok).toBe(true);
    const r = answered(await perform(other, panel, move));
    expect(r.callbackType).toBe(7);
    expect(r.message!.id).toBe(panel.id);
    expect(textOf(r.message)).toContain(en.common.errors.tableClosed('cancelled'));
    expect(textOf(r.message)).toContain(en.common.panel.gameOver);
    expect(offers(r.message!, def)).toEqual([]);
    expect(boardOf(emu, tableId, channelId)).toBeDefined();
    emu.assertNoViolations();
  });
});
