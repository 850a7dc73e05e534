/**
 * The click reads once (docs/architecture.md §8): the real bot against the Discord emulator, on
 * a Store wrapped to record every call (a call is one statement, or one short transaction of
 * them). A game click clicked on a private panel locks its table row and reads its seats — once
 * — and nothing else: the clicker's text-panels setting comes with the seats
 * (`SeatRow.textPanels`), the server's text-boards setting with the table row
 * (`TableRow.textBoards`), so neither the answer, nor the board redrawn after it, nor the other
 * players' panels refreshed after it read a setting. A board redrawn on its own reads nothing.
 * The panel's "📝 Text version" switch is written through the table service: one read, one write.
 *
 * Every player here has the text settings on (server and players), so the settings decide what
 * is drawn (no picture), and code that read them per click would show up in the calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { seatsToAct } from '../../src/games/engine.js';
import { en } from '../../src/i18n/en/index.js';
import { DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { openDatabase } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import type { Store, StoreTx } from '../../src/persistence/store/types.js';
import { answered, boardOf, eventually, fresh, offers, panelOf, perform, settle, startBot, tableIdOf, tempDir, textOf } from './harness.js';

const def = suspicionModule.definition;

/**
 * `store` with every call recorded in `calls`, in order: a method of the store by its name, a
 * method of a transaction handle as `tx.<name>`, and the transaction itself as `transaction`.
 */
export function recording(store: Store): { store: Store; calls: string[] } {
  const calls: string[] = [];
  const wrap = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, prop) {
        const value = Reflect.get(object, prop) as unknown;
        if (typeof value !== 'function' || typeof prop === 'symbol') return value;
        if (prop === 'transaction') {
          return (body: (tx: StoreTx) => Promise<unknown>) => {
            calls.push('transaction');
            return (value as Store['transaction']).call(object, (tx) => body(wrap(tx, 'tx.')));
          };
        }
        if (prop === 'close' || prop === 'explain') return (value as (...a: unknown[]) => unknown).bind(object);
        return (...args: unknown[]) => {
          calls.push(`${prefix}${prop}`);
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      },
    });
  return { store: wrap(store, ''), calls };
}

/** `calls` sorted, to compare as a multiset (the publisher's writes may come in either order). */
const sorted = (calls: string[]) => [...calls].sort();

describe('a click reads its table once, and no setting', () => {
  let emu: DiscordEmulator;
  let app: App;
  let inner: SqliteStore;
  let calls: string[];
  const tmp = tempDir('rh-e2e-reads-');
  let users: EmulatedUser[];
  let channelId: string;
  let tableId: number;
  const panels = new Map<string, EmulatedMessage>();

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    inner = new SqliteStore(openDatabase(tmp.dbPath));
    const recorded = recording(inner);
    calls = recorded.calls;
    // The stored settings alone decide (nothing forced): text boards and text panels for everyone.
    app = await startBot(emu, tmp.dbPath, { store: recorded.store, textBoards: undefined });
    users = ['Ana', 'Ben', 'Cleo'].map((name) => emu.addUser(name));
    await inner.setGuildTextBoards(emu.guild.id, true, users[0]!.id, Date.now());
    for (const user of users) await inner.setUserTextBoards(user.id, true, Date.now());
    channelId = emu.addChannel('reads');
    const lobby = answered(await users[0]!.slash('suspicion new', { seats: 3 }, { channelId })).message!;
    for (const guest of users.slice(1)) answered(await guest.click(fresh(emu, lobby), 'Join'));
    await settle(app);
    answered(await users[0]!.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    tableId = tableIdOf(lobby);
    // Everyone's panel open: a move refreshes the others' panels.
    for (const user of users) panels.set(user.id, (await panelOf(answered(await user.click(boardOf(emu, tableId, channelId), en.common.board.showHand))))!);
    await settle(app);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('a game click: one lock of the table row, one read of its seats; the answer, the board and the refreshed panels read nothing more', async () => {
    for (let move = 0; move < 3; move++) {
      const table = (await inner.table(tableId))!;
      const pending = def.pending(table.state);
      const seat = seatsToAct(pending)[0]!;
      const row = (await inner.seats(tableId)).find((s) => s.seat === seat)!;
      const user = users.find((u) => u.id === row.userId)!;
      const panel = fresh(emu, panels.get(user.id)!);
      const legal = def.legalActions(table.state, seat).map((a: unknown) => JSON.stringify(a));
      const offer = offers(panel, def).find((o) => o.customId.split(':')[3] === pending.step.toString(36) && legal.includes(JSON.stringify(o.action)));
      expect(offer, `seat ${seat}'s panel offers a legal move: ${textOf(panel)}`).toBeDefined();

      calls.length = 0;
      const r = answered(await perform(user, panel, offer!));
      await settle(app);
      // The click: its one transaction — the table row locked and read, the seats read, the move written.
      const reads = calls.filter((call) => !/^(transaction|tx\.(updateTable|appendAction|updateSeat|insertResults|saveRatings|setRatingChanges)|setMessageIds|putTurnNotice|deleteTurnNotices)$/.test(call));
      expect(reads, `reads of one click and its redraws: ${calls.join(', ')}`).toEqual(['tx.lockTable', 'tx.seats']);
      expect(calls.filter((call) => call === 'transaction'), calls.join(', ')).toHaveLength(1);
      // Drawn from the settings the read carried: the panel and the board as text.
      expect(r.message?.attachments ?? []).toEqual([]);
      expect(boardOf(emu, tableId, channelId).attachments ?? []).toEqual([]);
    }
  }, 60_000);

  it('a board redrawn on its own reads nothing: it draws from the snapshot it is handed (the table row carries the server\'s setting)', async () => {
    const table = (await inner.table(tableId))!;
    const snapshot = { table, seats: await inner.seats(tableId), pending: def.pending(table.state), results: [], events: [] };
    calls.length = 0;
    app.context.publisher.redraw(snapshot);
    await settle(app);
    // The edit went out (a redraw is sent even when it looks the same: it is how a deleted board comes back); its version is noted.
    expect(sorted(calls)).toEqual(['setMessageIds']);
  });

  it('the panel\'s text-version switch goes through the table service: one read of the table and its seats, one write of the setting', { timeout: 30_000 }, async () => {
    const user = users[0]!;
    const panel = fresh(emu, panels.get(user.id)!);
    calls.length = 0;
    answered(await user.click(panel, en.common.panel.picturesVersion));
    await settle(app);
    expect(sorted(calls)).toEqual(['seats', 'setUserTextBoards', 'table']);
    expect(await inner.userTextBoards(user.id)).toBe(false);
    // Drawn from the setting just written: the picture (it follows the answer as an edit), and the switch back to text.
    const shown = await eventually(async () => {
      const now = fresh(emu, panel);
      return (now.attachments ?? []).length > 0 ? now : undefined;
    }, 'the panel with its picture', 15_000);
    expect(JSON.stringify(shown.components)).toContain(en.common.panel.textVersion);
    expect(sorted(calls)).toEqual(['seats', 'setUserTextBoards', 'table']);
  });
});
