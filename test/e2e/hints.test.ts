/**
 * 💡 Hint end to end (README "AI players"; src/tables/hints.ts): the real bot against the
 * emulator. Alone against bots (unrated) the private panel offers a Hint, in every game;
 * clicking it answers privately with the Hard search's move for that seat and the game's reason
 * for it — exactly what `hintFor` advises from that seat's own input when the decision opened —
 * the same advice when pressed again, and the public log says "X used a hint". At a
 * player's first table of a game the Hint is on for them and their first panel suggests the
 * lesson (docs/lessons.md "First table of a game"). At a rated table (two people who have
 * finished a game of it) the panel has no Hint button and a forged click is refused with a
 * plain private answer, changing nothing; a rated table opened with `hints:True` offers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { botInputFromLog } from '../../src/bots/input.js';
import { InlinePolicy } from '../../src/bots/policy.js';
import { HINT_QUEUE_MAX, hintFor } from '../../src/tables/hints.js';
import { catalogFor } from '../../src/i18n/index.js';
import { seatsToAct } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import { GameRegistry } from '../../src/games/registry.js';
import { allComponents, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, fresh, offers, perform, settle, startBot, tableIdOf, tempDir, textOf, panelOf, TEXT_BOARDS_ONLY } from './harness.js';

/** The games with a small search (300 simulations a hint): the test is about what the Hint says and to whom, not how well it plays. */
const registry = new GameRegistry(defaultRegistry().modules.map((mod) => (mod.bench ? { ...mod, bench: { ...mod.bench, arena: { ...mod.bench.arena, hardIterations: 300 } } } : mod)));

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
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, botPolicy: new InlinePolicy() });
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

  /** The hint note on the panel a 💡 Hint click answered (an edit after a deferred update when the search took long). */
  async function hintNoteOf(r: ReturnType<typeof answered>): Promise<{ message: EmulatedMessage; text: string }> {
    for (let guard = 0; guard < 600; guard++) {
      await settle(app);
      const m = r.message;
      // The note alone: the panel around it also shows the game log, which now says "used a hint".
      const note = m ? /💡 Hint —[\s\S]*?Only you see this; the log says you used a hint\./.exec(textOf(m))?.[0] : undefined;
      if (m && note) return { message: m, text: note };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no hint note: ${textOf(r.message)}`);
  }

  const games = [
    { game: 'suspicion', command: 'suspicion new', options: { seats: 2, bots: 1, 'bot-pace': 0 }, seats: 2 },
    { game: 'noir', command: 'noir new', options: { bots: 1, 'bot-pace': 0 }, seats: 2 },
    { game: 'phantom', command: 'phantom new', options: { seats: 2, bots: 1, 'bot-pace': 0 }, seats: 2 },
    { game: 'jaccuse', command: 'jaccuse new', options: { seats: 3, bots: 2, 'bot-pace': 0 }, seats: 3 },
  ] as const;

  for (const { game, command, options, seats } of games) {
    it(`${game}, unrated (alone against bots): 💡 Hint names the Hard search's move for my seat with its reason, privately; pressed twice, the same advice; the log says once that I used a hint`, async () => {
      const solo = emu.addUser(`Solo ${game}`);
      const channelId = emu.addChannel(`hint-${game}`);
      const lobby = answered(await solo.slash(command, options, { channelId })).message!;
      const id = tableIdOf(lobby);
      answered(await solo.click(lobby, 'Start'));
      const seat = await untilMyTurn(id, solo);
      const panel = (await panelOf(answered(await solo.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
      expect(buttonLabels(panel)).toContain('💡 Hint');
      // What the hint must say: the Hard search's advice from my seat's input when this decision opened.
      const store = app.context.store;
      const table = (await store.table(id))!;
      const rows = await store.seats(id);
      const mod = registry.get(game);
      const def = mod.definition;
      const input = botInputFromLog(
        {
          game,
          definition: def,
          options: table.options,
          seats,
          seed: table.seed!,
          setupMeta: { hostSeat: rows.find((row) => row.userId === table.hostUserId)!.seat! },
          log: (await store.actions(id)).map((entry) => ({ seat: entry.seat, action: entry.action })),
        },
        seat,
        'decision',
      );
      const advice = hintFor(mod, input);
      const first = await hintNoteOf(answered(await solo.click(panel, '💡 Hint')));
      expect(first.message.ephemeral).toBe(true);
      const move = /💡 Hint — \*\*(.+?)\*\*\.?(?:\s|$)/.exec(first.text)?.[1];
      expect(move, first.text).toBeTruthy();
      // The named move is the label of the button (or select option) of exactly that action.
      const control = allComponents(first.message).find((found) => {
        const c = found.component as { custom_id?: string; options?: { value: string }[] };
        return c.custom_id?.endsWith(`:${advice.best.code}`) || c.options?.some((o) => o.value === advice.best.code);
      });
      expect(control, `no control for ${advice.best.code} on ${first.text}`).toBeDefined();
      const c = control!.component as { label?: string; options?: { value: string; label: string }[] };
      expect(move).toContain(c.options?.find((o) => o.value === advice.best.code)?.label ?? c.label ?? '');
      // The reason: the game's explanation of that move from my seat, in my language.
      expect(advice.best.reason).not.toBeNull();
      const because = mod.text(catalogFor('en')).hintReasons![advice.best.reason!.key]!(...(advice.best.reason!.args ?? []));
      expect(first.text).toContain(because);
      if (advice.best.estimate !== null) expect(first.text).toMatch(/the Hard AI gives it about \d+ % to win/);
      // Pressed again: the same advice, word for word.
      const again = await hintNoteOf(answered(await solo.click(first.message, '💡 Hint')));
      expect(again.text).toBe(first.text);
      await settle(app);
      // Public: the board's log says who used a hint; the game did not move.
      expect(textOf(boardOf(emu, id, channelId))).toContain(`💡 Solo ${game} used a hint.`);
      // Once per decision: pressed twice, one line.
      expect(textOf(boardOf(emu, id, channelId)).split(`💡 Solo ${game} used a hint.`)).toHaveLength(2);
      const after = (await store.table(id))!;
      expect(after.lastSeq).toBe(table.lastSeq);
      expect(after.state).toEqual(table.state);
    }, 180_000);
  }

  it(`with ${HINT_QUEUE_MAX} searches already waiting for the AI pool, 💡 Hint answers privately that hints are busy, logs nothing and changes nothing; once they are done it advises again`, async () => {
    const solo = emu.addUser('Solo busy');
    const channelId = emu.addChannel('hint-busy');
    const lobby = answered(await solo.slash('noir new', { bots: 1, 'bot-pace': 0 }, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await solo.click(lobby, 'Start'));
    await untilMyTurn(id, solo);
    const panel = (await panelOf(answered(await solo.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
    const store = app.context.store;
    const before = (await store.table(id))!;
    // The pool reports HINT_QUEUE_MAX requests waiting (an InlinePolicy here: nothing ever waits on it).
    Object.defineProperty(app.context.bots, 'waiting', { value: HINT_QUEUE_MAX, configurable: true });
    try {
      const r = answered(await solo.click(panel, '💡 Hint'));
      await settle(app);
      const said = textOf(r.message);
      expect(said).toContain(catalogFor('en').bots.hint.busy);
      expect(said).not.toMatch(/💡 Hint —/);
      expect(textOf(boardOf(emu, id, channelId))).not.toContain('used a hint');
      const after = (await store.table(id))!;
      expect(after.lastSeq).toBe(before.lastSeq);
      expect(after.version).toBe(before.version);
    } finally {
      delete (app.context.bots as { waiting?: number }).waiting;
    }
    const reopened = (await panelOf(answered(await solo.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
    const again = await hintNoteOf(answered(await solo.click(reopened, '💡 Hint')));
    expect(again.text).toMatch(/💡 Hint — \*\*/);
  }, 120_000);

  it("the first-table note stays on a panel the bot redraws after another player's move, and goes with the player's own next click", async () => {
    const [cy, dee] = [emu.addUser('Cy'), emu.addUser('Dee')];
    const store = app.context.store;
    const en = catalogFor('en');
    const def = registry.get('noir').definition;
    const channelId = emu.addChannel('note-kept');
    const lobby = answered(await cy.slash('noir new', {}, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await dee.click(lobby, 'Join'));
    await settle(app);
    answered(await cy.click(boardOf(emu, id, channelId), 'Start'));
    await settle(app);
    const mover = seatsToAct(def.pending((await store.table(id))!.state))[0]!;
    const moverIsCy = (await store.seats(id)).find((row) => row.seat === mover)!.userId === cy.id;
    const [moving, waiting] = moverIsCy ? [cy, dee] : [dee, cy];
    const note = en.common.lesson.firstTable(registry.get('noir').title(en), 'noir');
    // The waiting player looks first: the note is on their panel.
    const waitingPanel = (await panelOf(answered(await waiting.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
    expect(textOf(waitingPanel)).toContain(note);
    // The other player moves: the bot redraws the waiting player's panel, and the note stays.
    const movingPanel = (await panelOf(answered(await moving.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
    const version = (await store.table(id))!.version;
    answered(await perform(moving, movingPanel, offers(movingPanel, def)[0]!));
    await settle(app);
    expect((await store.table(id))!.version).toBeGreaterThan(version);
    const redrawn = fresh(emu, waitingPanel);
    expect(textOf(redrawn), 'redrawn after the move').not.toBe(textOf(waitingPanel));
    expect(textOf(redrawn)).toContain(note);
    // Their own click answers without it.
    const refreshed = answered(await waiting.click(redrawn, 'Refresh'));
    await settle(app);
    expect(textOf(fresh(emu, refreshed.message ?? redrawn))).not.toContain(note);
  });

  it("rated (two people): a first-timer's first panel offers the Hint and suggests the lesson; once both have a finished game, no Hint button, and a forged click is refused privately, changing nothing; hints:True allows it", async () => {
    const [ana, ben] = [emu.addUser('Ana'), emu.addUser('Ben')];
    const store = app.context.store;
    const en = catalogFor('en');
    // Their first NOIR table (docs/lessons.md "First table of a game"): the first look at the hand says so, with the Hint.
    const first = emu.addChannel('hint-first');
    const lobby0 = answered(await ana.slash('noir new', {}, { channelId: first })).message!;
    const id0 = tableIdOf(lobby0);
    answered(await ben.click(lobby0, 'Join'));
    await settle(app);
    answered(await ana.click(boardOf(emu, id0, first), 'Start'));
    await settle(app);
    const mover0 = seatsToAct(registry.get('noir').definition.pending((await store.table(id0))!.state))[0]!;
    const user0 = (await store.seats(id0)).find((row) => row.seat === mover0)!.userId === ana.id ? ana : ben;
    const firstPanel = (await panelOf(answered(await user0.click(boardOf(emu, id0, first), 'Show my hand'))))!;
    expect(textOf(firstPanel)).toContain(en.common.lesson.firstTable(registry.get('noir').title(en), 'noir'));
    expect(buttonLabels(firstPanel)).toContain('💡 Hint');
    // Ana leaves: Ben wins by forfeit, and both have a finished NOIR game.
    answered(await ana.click(answered(await ana.slash('table leave', {}, { channelId: first })).message!, en.common.commands.confirmLeaveButton));
    await settle(app);
    expect((await store.table(id0))!.status).toBe('finished');

    const channelId = emu.addChannel('hint-rated');
    const lobby = answered(await ana.slash('noir new', {}, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await ben.click(lobby, 'Join'));
    await settle(app);
    answered(await ana.click(boardOf(emu, id, channelId), 'Start'));
    await settle(app);
    const table = (await store.table(id))!;
    const mover = seatsToAct(registry.get('noir').definition.pending(table.state))[0]!;
    const user = (await store.seats(id)).find((row) => row.seat === mover)!.userId === ana.id ? ana : ben;
    const panel = (await panelOf(answered(await user.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
    expect(buttonLabels(panel)).not.toContain('💡 Hint');
    expect(textOf(panel)).not.toContain('🎓');
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
