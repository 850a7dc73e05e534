/**
 * 💡 Hint end to end (README "AI players"; src/tables/hints.ts): the real bot against the
 * emulator. Alone against a bot (unrated) the private panel offers a Hint; clicking it answers
 * privately with the Normal bot's move for that seat — exactly what `decideBot` at level
 * Normal chooses from that seat's own input — and the public log says "X used a hint". At a
 * rated table (two people) the panel has no Hint button and a forged click is refused with a
 * plain private answer, changing nothing; a rated table opened with `hints:True` offers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { botInputFromLog } from '../../src/bots/input.js';
import { decideBot, InlinePolicy } from '../../src/bots/policy.js';
import { seatsToAct } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import { allComponents, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, settle, startBot, tableIdOf, tempDir, textOf, panelOf } from './harness.js';

const registry = defaultRegistry();

/** The labels of a message's buttons. */
function buttonLabels(m: EmulatedMessage | undefined): string[] {
  return m ? allComponents(m).map((found) => String((found.component as { label?: unknown }).label ?? '')) : [];
}

describe('💡 Hint through Discord', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { registry, botPolicy: new InlinePolicy() });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** Wait until the table waits for `user`'s seat; returns that seat. */
  async function untilMyTurn(id: number, user: EmulatedUser): Promise<number> {
    const store = app.context.store;
    for (let guard = 0; guard < 3_000; guard++) {
      await settle(app);
      const table = (await store.table(id))!;
      const seat = (await store.seats(id)).find((row) => row.userId === user.id)!.seat!;
      if (table.status === 'active' && seatsToAct(registry.get(table.game).definition.pending(table.state)).includes(seat)) return seat;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('never my turn');
  }

  it('unrated (alone against a bot): the panel offers 💡 Hint; it suggests the Normal move for my seat, privately, and the log says I used a hint', async () => {
    const solo = emu.addUser('Solo');
    const channelId = emu.addChannel('hint-solo');
    const lobby = answered(await solo.slash('suspicion new', { seats: 2, bots: 1, 'bot-pace': 0 }, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await solo.click(lobby, 'Start'));
    const seat = await untilMyTurn(id, solo);
    const panel = (await panelOf(answered(await solo.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
    expect(buttonLabels(panel)).toContain('💡 Hint');
    // What a Normal bot in this seat would play, from the seat's own input.
    const store = app.context.store;
    const table = (await store.table(id))!;
    const seats = await store.seats(id);
    const def = registry.get('suspicion').definition;
    const input = botInputFromLog(
      {
        game: 'suspicion',
        definition: def,
        options: table.options,
        seats: 2,
        seed: table.seed!,
        setupMeta: { hostSeat: seats.find((row) => row.userId === table.hostUserId)!.seat! },
        log: (await store.actions(id)).map((entry) => ({ seat: entry.seat, action: entry.action })),
      },
      seat,
    );
    const expected = decideBot({ level: 'normal', input }).action;
    const answer = answered(await solo.click(panel, '💡 Hint'));
    const shown = answer.message!;
    expect(shown.ephemeral).toBe(true);
    const text = textOf(shown);
    const move = /a Normal bot in your seat would play: \*\*(.+?)\*\*/.exec(text)?.[1];
    expect(move, text).toBeTruthy();
    // The named move is the label of the button (or select option) of exactly that action.
    const code = def.encodeAction(expected);
    const control = allComponents(shown).find((found) => {
      const c = found.component as { custom_id?: string; options?: { value: string }[] };
      return c.custom_id?.endsWith(`:${code}`) || c.options?.some((o) => o.value === code);
    });
    expect(control, `no control for ${code} on ${text}`).toBeDefined();
    const c = control!.component as { label?: string; options?: { value: string; label: string }[] };
    const label = c.options?.find((o) => o.value === code)?.label ?? c.label ?? '';
    expect(move).toContain(label);
    await settle(app);
    // Public: the board's log says who used a hint; the game did not move.
    expect(textOf(boardOf(emu, id, channelId))).toContain('💡 Solo used a hint.');
    const after = (await store.table(id))!;
    expect(after.lastSeq).toBe(table.lastSeq);
    expect(after.state).toEqual(table.state);
  }, 120_000);

  it('rated (two people): no Hint button, and a forged click is refused privately, changing nothing; hints:True allows it', async () => {
    const [ana, ben] = [emu.addUser('Ana'), emu.addUser('Ben')];
    const channelId = emu.addChannel('hint-rated');
    const lobby = answered(await ana.slash('noir new', {}, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await ben.click(lobby, 'Join'));
    await settle(app);
    answered(await ana.click(boardOf(emu, id, channelId), 'Start'));
    await settle(app);
    const store = app.context.store;
    const table = (await store.table(id))!;
    const mover = seatsToAct(registry.get('noir').definition.pending(table.state))[0]!;
    const user = (await store.seats(id)).find((row) => row.seat === mover)!.userId === ana.id ? ana : ben;
    const panel = (await panelOf(answered(await user.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
    expect(buttonLabels(panel)).not.toContain('💡 Hint');
    const refused = answered(await user.forgeInteraction(3, { custom_id: `rh1:t:${id.toString(36)}:hint`, component_type: 2 }, { message: panel }));
    expect(refused.message?.ephemeral).toBe(true);
    expect(textOf(refused.message)).toMatch(/Hints are off at this table: it is rated/);
    await settle(app);
    const after = (await store.table(id))!;
    expect(after.version).toBe(table.version);
    expect(textOf(boardOf(emu, id, channelId))).not.toContain('used a hint');

    // The same two people, a table opened with hints:True: the panel offers it.
    const channel2 = emu.addChannel('hint-rated-on');
    const lobby2 = answered(await ana.slash('noir new', { hints: true }, { channelId: channel2 })).message!;
    const id2 = tableIdOf(lobby2);
    answered(await ben.click(lobby2, 'Join'));
    await settle(app);
    answered(await ana.click(boardOf(emu, id2, channel2), 'Start'));
    await settle(app);
    const t2 = (await store.table(id2))!;
    const mover2 = seatsToAct(registry.get('noir').definition.pending(t2.state))[0]!;
    const user2 = (await store.seats(id2)).find((row) => row.seat === mover2)!.userId === ana.id ? ana : ben;
    const panel2 = (await panelOf(answered(await user2.click(boardOf(emu, id2, channel2), 'Show my hand'))))!;
    expect(buttonLabels(panel2)).toContain('💡 Hint');
  }, 120_000);
});
