/**
 * A 💡 Hint's search does not hold a click slot (src/discord/interactions/admission.ts
 * `leaveSlot`): at most CLICKS_IN_FLIGHT clicks are worked on at once, and a hint waits for its
 * Hard search — seconds under load — after its click is acknowledged. With more hints searching
 * than there are slots, a click behind them is still worked on at once: answered in place
 * (callback 7), not acknowledged first because it waited (late.ts: a deferred update after 1 s).
 * Before, each hint held its slot through the search: under the benchmark's load the hints held
 * most of the 16 (docs/benchmark.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { InlinePolicy, type BotPolicy } from '../../src/bots/policy.js';
import { seatsToAct } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import { GameRegistry } from '../../src/games/registry.js';
import { CLICKS_IN_FLIGHT } from '../../src/discord/interactions/admission.js';
import { DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, panelOf, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

/** Small searches: the test is about the slots, not the advice. */
const registry = new GameRegistry(defaultRegistry().modules.map((mod) => (mod.bench ? { ...mod, bench: { ...mod.bench, arena: { ...mod.bench.arena, hardIterations: 300 } } } : mod)));

/** The bots' own moves at once; a hint's search (a request with `advise`) waits until `open()`. */
class GatedHints implements BotPolicy {
  private readonly inline = new InlinePolicy();
  private gate: () => void = () => {};
  private readonly opened = new Promise<void>((resolve) => (this.gate = resolve));
  waiting = 0;
  async decide(request: Parameters<BotPolicy['decide']>[0]) {
    if (request.advise) {
      this.waiting++;
      await this.opened;
    }
    return this.inline.decide(request);
  }
  open(): void {
    this.gate();
  }
  async close(): Promise<void> {
    await this.inline.close();
  }
}

describe('💡 Hint and the click slots', () => {
  let emu: DiscordEmulator;
  let app: App;
  const policy = new GatedHints();
  const tmp = tempDir();

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, botPolicy: policy });
  });

  afterAll(async () => {
    policy.open();
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  async function untilMyTurn(id: number, user: EmulatedUser): Promise<void> {
    const store = app.context.store;
    for (let guard = 0; guard < 3_000; guard++) {
      await settle(app);
      const table = (await store.table(id))!;
      const seat = (await store.seats(id)).find((row) => row.userId === user.id)!.seat!;
      if (table.status === 'active' && seatsToAct(registry.get(table.game).definition.pending(table.state)).includes(seat)) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('never my turn');
  }

  it(`with more hints searching than the ${CLICKS_IN_FLIGHT} slots, a Refresh behind them is answered in place at once; the hints are answered when their searches end`, async () => {
    const solo = emu.addUser('Solo');
    const lobby = answered(await solo.slash('suspicion new', { seats: 2, bots: 1, 'bot-pace': 0 })).message!;
    const id = tableIdOf(lobby);
    answered(await solo.click(lobby, 'Start'));
    await untilMyTurn(id, solo);
    const panel = (await panelOf(answered(await solo.click(boardOf(emu, id), 'Show my hand'))))!;
    const hints = await Promise.all(Array.from({ length: CLICKS_IN_FLIGHT + 2 }, () => solo.click(panel, '💡 Hint')));
    for (const h of hints) answered(h);
    // Every hint is acknowledged and its search started (and blocked): each one's handler is past its slot's work.
    for (let guard = 0; policy.waiting < hints.length && guard < 400; guard++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(policy.waiting).toBe(hints.length);
    const refresh = answered(await solo.click(panel, 'Refresh'));
    expect(refresh.callbackType).toBe(7);
    expect(refresh.ackMs!).toBeLessThan(1000);
    policy.open();
    for (let guard = 0; !/💡 Hint —/.test(textOf(hints.at(-1)!.message)) && guard < 400; guard++) {
      await settle(app);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(textOf(hints.at(-1)!.message)).toMatch(/💡 Hint —/);
  }, 120_000);
});
