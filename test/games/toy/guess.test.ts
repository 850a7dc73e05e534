/**
 * A game is one folder and one line (docs/architecture.md §9): Guess lives entirely in
 * test/games/toy/ and is registered by one line (./registry.ts). Here it is played end to end
 * like the real games — the real bot (createApp, discord.js) against the emulator, a person
 * opening `/guess new bots:1`, the table service committing every click, the AI player
 * (the kit the module carries, through the same bot policy) taking its turns — until it ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.js';
import { registryKits } from '../../../src/bots/kits.js';
import { InlinePolicy } from '../../../src/bots/policy.js';
import { seatsToAct } from '../../../src/games/engine.js';
import { Rng } from '../../../src/games/rng.js';
import { DiscordEmulator } from '../../../src/local/emulator/index.js';
import { answered, boardOf, offers, perform, settle, startBot, tableIdOf, tempDir, textOf, panelOf, TEXT_BOARDS_ONLY } from '../../e2e/harness.js';
import { guessDefinition } from './engine.js';
import { gamesWithGuess } from './registry.js';

const registry = gamesWithGuess();

describe('Guess, a game registered from the test side', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-guess-');

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, botPolicy: new InlinePolicy(undefined, registryKits(registry)) });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('is registered with its command and its Spanish name, next to the four games', () => {
    expect(registry.ids()).toEqual(['suspicion', 'noir', 'phantom', 'jaccuse', 'guess']);
    const command = emu.commands(emu.guild.id).find((c) => c.name === 'guess');
    expect((command?.name_localizations as Record<string, string> | undefined)?.['es-ES']).toBe('adivina');
  });

  it('/guess new bots:1 — a person plays a whole game against the AI player by clicking', async () => {
    const solo = emu.addUser('Solo');
    const channelId = emu.addChannel('guess');
    const lobby = answered(await solo.slash('guess new', { bots: 1, 'bot-level': 'normal', 'bot-pace': 0 }, { channelId })).message!;
    expect(textOf(lobby)).toContain('Guess');
    const id = tableIdOf(lobby);
    answered(await solo.click(lobby, 'Start'));
    await settle(app);
    const store = app.context.store;
    const rng = Rng.seeded(7);
    let clicks = 0;
    for (let guard = 0; guard < 200; guard++) {
      await settle(app);
      const table = (await store.table(id))!;
      if (table.status !== 'active') break;
      const seats = await store.seats(id);
      const mine = seats.find((row) => row.userId === solo.id)!.seat!;
      if (!seatsToAct(guessDefinition.pending(table.state as never)).includes(mine)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const panel = (await panelOf(answered(await solo.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
      const offered = offers(panel, guessDefinition);
      expect(offered.length, textOf(panel)).toBeGreaterThan(0);
      answered(await perform(solo, panel, rng.pick(offered)));
      clicks += 1;
    }
    const table = (await store.table(id))!;
    expect(table.status).toBe('finished');
    expect(clicks).toBeGreaterThan(0);
    const actions = await store.actions(id);
    expect(actions.some((entry) => entry.kind === 'bot')).toBe(true);
    expect(actions.some((entry) => entry.kind === 'player')).toBe(true);
    expect((await store.results(id)).map((row) => row.botLevel).sort()).toEqual(['normal', null]);
  }, 120_000);
});
