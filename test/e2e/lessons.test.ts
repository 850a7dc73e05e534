/**
 * Lessons through Discord (docs/lessons.md): the real bot against the emulator. `/<game> learn`
 * answers with the private lesson panel; the learner plays every game's lesson to its end by
 * doing what the panel says ("👉 Your move: …" names the one move offered, the others greyed),
 * in English and in Spanish; the end offers a real game. A click on a greyed move (a forged
 * one) is answered "Not yet — first …" and changes nothing; ❔ Why answers privately; a restart
 * mid-lesson continues it; leaving asks first and closes it; /history and /leaderboard show
 * nothing of a lesson.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { defaultRegistry, GAME_MODULES } from '../../src/games/index.js';
import { lessonTaught } from '../../src/games/lesson.js';
import { InlinePolicy } from '../../src/bots/policy.js';
import { allComponents, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, fresh, offers, perform, settle, startBot, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

const registry = defaultRegistry();

/** The labels of a message's enabled and disabled buttons. */
function buttons(m: EmulatedMessage): { label: string; disabled: boolean; customId: string }[] {
  return allComponents(m)
    .map((found) => found.component as { type?: number; label?: string; disabled?: boolean; custom_id?: string })
    .filter((c) => c.type === 2)
    .map((c) => ({ label: String(c.label ?? ''), disabled: !!c.disabled, customId: String(c.custom_id ?? '') }));
}

describe('lessons through Discord', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();
  const start = async () => {
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, botPolicy: new InlinePolicy(), serviceDeps: { lessonBotPaceMs: 0 } });
  };

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    await start();
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** The learner's open lesson of `game` (its table id). */
  async function lessonId(user: EmulatedUser, game: string): Promise<number> {
    const open = await app.context.store.openTablesOfUser(emu.guild.id, user.id);
    const row = open.find((table) => table.lesson && table.game === game);
    if (!row) throw new Error(`no open ${game} lesson`);
    return row.id;
  }

  /**
   * Follow the panel: wait for "👉 Your move: X" (the bots move by themselves), click X — the
   * one enabled move of that name — until the panel says the lesson is complete. `stopAfter`
   * stops after that many of the learner's moves. Returns the panel and the moves made.
   */
  async function follow(user: EmulatedUser, panel: EmulatedMessage, game: string, words: { yourMove: RegExp; complete: string; why?: string }, stopAfter = Infinity): Promise<{ panel: EmulatedMessage; moves: number }> {
    const def = registry.get(game).definition;
    let moves = 0;
    for (let guard = 0; guard < 500 && moves < stopAfter; guard++) {
      await settle(app);
      panel = fresh(emu, panel);
      const text = textOf(panel);
      if (text.includes(words.complete)) return { panel, moves };
      const named = words.yourMove.exec(text)?.[1];
      if (!named) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      if (words.why) {
        // ❔ Why at this decision: privately, within the click time (answered), naming its rules section.
        const why = answered(await user.click(panel, words.why));
        expect(why.message!.ephemeral).toBe(true);
        expect(textOf(why.message)).toMatch(/📖 \*\*.+ — §\d+\.\d+ /);
      }
      const offered = offers(panel, def);
      const pick = offered.filter((offer) => offer.label !== '' && named.endsWith(offer.label));
      expect(pick.length, `"${named}" among ${offered.map((o) => o.label).join(' | ')}`).toBeGreaterThan(0);
      // The move named is the one the lesson teaches now (what the engine says, independent of the panel).
      const table = (await app.context.store.table(await lessonId(user, game)))!;
      const taught = lessonTaught(def, registry.get(game).lesson!, table.state).map((action) => JSON.stringify(action));
      expect(taught).toContain(JSON.stringify(pick[0]!.action));
      const r = answered(await perform(user, panel, pick[0]!));
      expect(r.error).toBeUndefined();
      moves += 1;
    }
    return { panel: fresh(emu, panel), moves };
  }

  const english = { yourMove: /👉 Your move: \*\*(.+?)\*\*/, complete: 'Lesson complete!' };
  const englishWhy = { ...english, why: '❔ Why' };
  const spanishWhy = { yourMove: /👉 Tu jugada: \*\*(.+?)\*\*/, complete: '¡Lección completada!', why: '❔ Por qué' };

  it.each(GAME_MODULES.filter((mod) => mod.lesson).map((mod) => [mod.id, mod.command]))(
    '%s: /learn opens the private lesson panel, and doing what it says completes the lesson, in English and Spanish',
    async (game, command) => {
      for (const [locale, words] of [['en-US', englishWhy], ['es-ES', spanishWhy]] as const) {
        const user = emu.addUser(`Learner ${game} ${locale}`, { locale });
        const channelId = emu.addChannel(`learn-${game}-${locale}`.toLowerCase());
        const opened = answered(await user.slash(`${command} learn`, {}, { channelId }));
        const panel = opened.message!;
        expect(panel.ephemeral).toBe(true);
        // Sent in its final form: the learner's first move named, and no edit once the bots settle
        // (NOIR's opening Killer move is made as the lesson opens, not a moment after the panel).
        expect(textOf(panel)).toMatch(words.yourMove);
        await settle(app);
        expect(fresh(emu, panel).edited_timestamp).toBeNull();
        // Nothing public: the channel holds no board.
        expect(emu.messages(channelId).filter((m) => !m.ephemeral)).toEqual([]);
        const { panel: last, moves } = await follow(user, panel, game, words);
        expect(moves).toBeGreaterThanOrEqual(4);
        expect(textOf(last)).toContain(words.complete);
        const labels = buttons(last).map((b) => b.label);
        expect(labels).toContain(locale === 'en-US' ? 'Play a real game against bots' : 'Jugar una partida de verdad contra bots');
        expect(labels).toContain(locale === 'en-US' ? 'Play with friends' : 'Jugar con amigos');
        const stored = (await app.context.store.openTablesOfUser(emu.guild.id, user.id)).filter((table) => table.lesson);
        expect(stored).toEqual([]);
        if (locale === 'en-US') {
          // A lesson is no game of the record: nothing in /history, nobody on the leaderboard.
          expect(textOf(answered(await user.slash('history', {}, { channelId })).message)).toContain('No finished, cancelled or abandoned games yet.');
          expect(textOf(answered(await user.slash('leaderboard', { game }, { channelId })).message)).toContain('Nobody has finished a rated game');
        }
      }
    },
    60_000,
  );

  it('a greyed move is refused "Not yet", ❔ Why answers privately, a restart continues the lesson, and leaving closes it, leaving no /history entry', async () => {
    const user = emu.addUser('Nora');
    const channelId = emu.addChannel('learn-noir-restart');
    let panel = answered(await user.slash('noir learn', {}, { channelId })).message!;
    // One move in (the identity), then the Exonerate decision: the other moves are greyed.
    ({ panel } = await follow(user, panel, 'noir', english, 1));
    let text = '';
    for (let guard = 0; guard < 200 && !english.yourMove.test(text); guard++) {
      await settle(app);
      panel = fresh(emu, panel);
      text = textOf(panel);
    }
    expect(text).toMatch(/Your move: \*\*.*Exonerate/);
    // The moves not taught now are greyed: disabled selects (Shift, Arrest), the taught button enabled.
    const greyed = allComponents(panel)
      .map((found) => found.component as { type?: number; disabled?: boolean; custom_id?: string; options?: { value: string }[] })
      .filter((c) => c.disabled && c.custom_id?.startsWith('rh1:s:'));
    expect(greyed.length).toBeGreaterThan(0);
    const id = await lessonId(user, 'noir');
    const before = (await app.context.store.table(id))!;
    const refused = answered(await user.forge(panel, greyed[0]!.custom_id!, [greyed[0]!.options![0]!.value]));
    expect(textOf(refused.message)).toMatch(/Not yet — first .*Exonerate/);
    await settle(app);
    expect((await app.context.store.table(id))!.lastSeq).toBe(before.lastSeq);

    // ❔ Why: privately, the decision and the rules section.
    const why = answered(await user.click(fresh(emu, panel), '❔ Why'));
    expect(why.message!.ephemeral).toBe(true);
    expect(textOf(why.message)).toMatch(/Your turn \(Inspector\)[\s\S]*Exonerate[\s\S]*\u00a72\.5 Actions/);

    // A restart: the lesson is where it was, and /noir learn continues it.
    await app.stop();
    await start();
    const again = answered(await user.slash('noir learn', {}, { channelId })).message!;
    expect(textOf(again)).toContain('Welcome back');
    expect(textOf(again)).toMatch(/Your move: \*\*.*Exonerate/);
    expect(await lessonId(user, 'noir')).toBe(id);

    // Leave: asks first; leaving closes it (cancelled).
    const ask = answered(await user.click(again, 'Leave lesson'));
    expect(textOf(ask.message)).toMatch(/Leave the NOIR.* lesson\?/);
    const left = answered(await user.click(ask.message!, 'Leave'));
    expect(textOf(left.message)).toMatch(/You left the lesson/);
    await settle(app);
    expect((await app.context.store.table(id))!.status).toBe('cancelled');

    // A lesson left is no cancelled game of /history either.
    expect(textOf(answered(await user.slash('history', {}, { channelId })).message)).toContain('No finished, cancelled or abandoned games yet.');
  }, 60_000);
});
