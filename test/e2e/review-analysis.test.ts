/**
 * The review's analysis end to end (docs/review.md "Analysis"; src/review/analysis.ts): the real
 * bot against the Discord emulator. Two people play Suspicion to the end by clicking; Ana
 * opens the review on her seat and presses 📈 Analyse: the panel is acknowledged at once, then
 * shows the analysis — on each of her decisions Hard's move and the estimates of her chance
 * before and after the move, exactly what Hard advises from her seat's own input at that moment
 * (rebuilt here independently from the log with `botInputFromLog`, the live bots' input) — and
 * the key moments, whose menu jumps to the step. Nothing is analysed for a running table (no
 * button, a forged click refused), nor for a seat the reader may not see (a non-player's forged
 * click refused). The searches are small (the modules' bench budget cut to 60 simulations): the
 * test is about what is shown from which view; test/review/analysis.test.ts scrambles the hidden
 * state under the analysis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { reviewId } from '../../src/discord/custom-id.js';
import { reviewContext } from '../../src/discord/render/review.js';
import { moveNameIn, percent } from '../../src/discord/render/panel.js';
import { botInputFromLog } from '../../src/bots/input.js';
import { decideBot, InlinePolicy } from '../../src/bots/policy.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { GameRegistry } from '../../src/games/registry.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { allComponents, DiscordEmulator, buttonLabels, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, eventually, fresh, playOut, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

const r = en.review;
const t = en.review.analysis;
const ITERATIONS = 60;
const registry = new GameRegistry(GAME_MODULES.map((mod) => (mod.bench ? { ...mod, bench: { ...mod.bench, arena: { ...mod.bench.arena, hardIterations: ITERATIONS } } } : mod)));
const def = suspicionModule.definition;

/** The options of the select menus of a message. */
function menuOptions(m: EmulatedMessage, placeholder: string): { label: string; value: string }[] {
  const menu = allComponents(m).find((found) => found.type === 3 && (found.component as { placeholder?: string }).placeholder === placeholder);
  return menu ? ((menu.component as { options: { label: string; value: string }[] }).options ?? []) : [];
}

describe('Review analysis through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-analysis-');
  let ana: EmulatedUser;
  let ben: EmulatedUser;
  let dev: EmulatedUser;
  let channelId: string;
  let runningChannel: string;
  let tableId: number;
  let runningId: number;
  let panel: EmulatedMessage;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, botPolicy: new InlinePolicy() });
    ana = emu.addUser('Ana');
    ben = emu.addUser('Ben', { locale: 'es-ES' });
    dev = emu.addUser('Dev');
    channelId = emu.addChannel('analysis');
    runningChannel = emu.addChannel('analysis-running');
    const tables: number[] = [];
    for (const where of [channelId, runningChannel]) {
      const lobby = answered(await ana.slash('suspicion new', { seats: 2 }, { channelId: where })).message!;
      answered(await ben.click(fresh(emu, lobby), 'Join'));
      await settle(app);
      answered(await ana.click(fresh(emu, lobby), 'Start'));
      await settle(app);
      tables.push(tableIdOf(lobby));
    }
    [tableId, runningId] = tables as [number, number];
    await playOut({ emu, app: () => app, tableId, users: [ana, ben], def, channelId, seed: 5 });
    await playOut({ emu, app: () => app, tableId: runningId, users: [ana, ben], def, channelId: runningChannel, until: async () => (await app.context.store.actions(runningId)).length >= 4 });
    await settle(app);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  const seatOf = async (id: number, user: EmulatedUser) => (await app.context.store.seats(id)).find((row) => row.userId === user.id)!.seat!;

  it('a finished game: 📈 Analyse is acknowledged at once, then every decision of her seat shows Hard’s move and her chances before and after, from her seat’s input then', async () => {
    expect((await app.context.store.table(tableId))!.status).toBe('finished');
    panel = answered(await ana.click(boardOf(emu, tableId, channelId), r.reviewButton)).message!;
    expect(buttonLabels(panel)).toContain(t.button);
    expect(textOf(panel)).not.toContain('📈');
    const pressed = answered(await ana.click(panel, t.button));
    expect(pressed.message?.id ?? panel.id).toBe(panel.id);
    const seat = await seatOf(tableId, ana);
    const name = 'Ana';
    await eventually(async () => textOf(fresh(emu, panel)).includes(`**Analysis of ${name}**`), 'the analysis', 60_000);
    panel = fresh(emu, panel);
    expect(buttonLabels(panel)).not.toContain(t.button);

    // Her decisions, each searched again here from her seat's input rebuilt from the log.
    const table = (await app.context.store.table(tableId))!;
    const seats = (await app.context.store.seats(tableId)).filter((row) => row.seat !== null).sort((a, b) => a.seat! - b.seat!);
    const log = (await app.context.store.actions(tableId)).map((row) => ({ seat: row.seat, action: row.action }));
    const ctx = reviewContext(suspicionModule, table, seats, en);
    let state = def.setup(table.options, seats.length, table.seed!, { hostSeat: 0 });
    let decisions = 0;
    let differed = 0;
    for (const [i, entry] of log.entries()) {
      if (entry.seat === seat) {
        const input = botInputFromLog({ game: 'suspicion', definition: def, options: table.options, seats: seats.length, seed: table.seed!, setupMeta: { hostSeat: 0 }, log: log.slice(0, i) }, seat);
        const advice = decideBot({ level: 'hard', input, iterations: ITERATIONS, advise: { played: entry.action } }).advice!;
        const step = i + 1;
        const shown = textOf(answered(await ana.forge(panel, reviewId(tableId, step, `s${seat}`, 'n'))).message);
        expect(shown).toContain(r.stepOf(step, log.length));
        const hard = moveNameIn(suspicionModule, def.seatView(state, seat), ctx, advice.best.action);
        if (advice.choices <= 1) expect(shown).toContain(t.only);
        else if (advice.best.code === advice.played!.code) expect(shown, `step ${step}`).toContain(t.same(hard, t.percent(percent(advice.best.estimate!))));
        else {
          differed++;
          expect(shown, `step ${step}`).toContain(`📈 Hard would have played **${hard}** (${t.percent(percent(advice.best.estimate!))} to win); **${moveNameIn(suspicionModule, def.seatView(state, seat), ctx, entry.action)}** left `);
        }
        decisions++;
      }
      const applied = def.apply(state, entry.seat, entry.action);
      if (!applied.ok) throw new Error('replay refused');
      state = applied.state;
    }
    expect(decisions).toBeGreaterThan(3);
    // The key moments: at most five, each a step where she played otherwise; the menu jumps there.
    const shown = textOf(fresh(emu, panel));
    const options = menuOptions(fresh(emu, panel), t.jump);
    if (options.length === 0) expect(shown).toContain(t.noKeyMoments);
    else {
      expect(shown).toContain(t.keyMoments);
      expect(options.length).toBeLessThanOrEqual(5);
      const target = Number(options.at(-1)!.value);
      expect(log[target - 1]!.seat).toBe(seat);
      const jumped = answered(await ana.select(fresh(emu, panel), t.jump, [options.at(-1)!.value])).message!;
      expect(textOf(jumped)).toContain(r.stepOf(target, log.length));
      expect(textOf(jumped)).toContain('📈 Hard would have played **');
    }
    expect(differed + (options.length === 0 ? 1 : 0)).toBeGreaterThan(0);
  }, 120_000);

  it('in Spanish for a Spanish-speaking player: Ben analyses his own seat', async () => {
    const seat = await seatOf(tableId, ben);
    const opened = answered(await ben.forge(boardOf(emu, tableId, channelId), reviewId(tableId, null, `s${seat}`, 'o'))).message!;
    expect(buttonLabels(opened)).toContain(es.review.analysis.button);
    answered(await ben.click(opened, es.review.analysis.button));
    await eventually(async () => textOf(fresh(emu, opened)).includes('**Análisis de Ben**'), 'the analysis in Spanish', 60_000);
    const text = textOf(fresh(emu, opened));
    expect(text.includes(es.review.analysis.keyMoments) || text.includes(es.review.analysis.noKeyMoments)).toBe(true);
  }, 120_000);

  it('a running table is never analysed: no button, and a forged click is refused privately', async () => {
    expect((await app.context.store.table(runningId))!.status).toBe('active');
    const seat = await seatOf(runningId, ana);
    const board = boardOf(emu, runningId, runningChannel);
    const opened = answered(await ana.forge(board, reviewId(runningId, null, 'p', 'o'))).message!;
    expect(textOf(opened)).toContain(r.seenAs(r.views.mine('Ana')));
    expect(buttonLabels(opened)).not.toContain(t.button);
    expect(textOf(opened)).not.toContain('📈');
    const forged = answered(await ana.forge(opened, reviewId(runningId, null, `s${seat}`, 'a'))).message!;
    expect(forged.content).toBe(t.notOver);
    expect(forged.ephemeral).toBe(true);
  });

  it('a non-player may not analyse a seat (forged ids too); the public view offers no analysis', async () => {
    const board = boardOf(emu, tableId, channelId);
    for (const view of ['s0', 's1']) {
      const forged = answered(await dev.forge(board, reviewId(tableId, null, view, 'a'))).message!;
      expect(forged.content).toBe(r.errors.view);
    }
    const opened = answered(await dev.click(board, r.reviewButton)).message!;
    expect(textOf(opened)).toContain(r.seenAs(r.views.public));
    expect(buttonLabels(opened)).not.toContain(t.button);
    const forged = answered(await dev.forge(opened, reviewId(tableId, null, 'p', 'a'))).message!;
    expect(forged.content).toBe(t.chooseSeat);
  });
});
