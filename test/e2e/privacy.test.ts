/**
 * `/privacy` and `/help` end to end (README "Privacy", "Commands"): the real bot against the
 * Discord emulator. A player sees what is stored about them, erases it after a confirmation
 * (Keep changes nothing; a double click erases once), their past board then shows "former
 * player", the leaderboard and `/stats` forget them, the other player's record stays; the
 * erasure is refused while they sit at a table, and forged clicks change nothing. `/help`
 * is private and names only commands the bot registered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { buildCommands } from '../../src/commands/index.js';
import { privacyActionId } from '../../src/discord/custom-id.js';
import { defaultRegistry } from '../../src/games/index.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { en } from '../../src/i18n/en/index.js';
import { DiscordEmulator, buttonLabels, type EmulatedUser } from '../../src/local/emulator/index.js';
import { storedData } from '../../src/ratings/privacy.js';
import { answered, boardOf, fresh, playOut, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('/privacy and /help through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-privacy-');
  let ana: EmulatedUser;
  let ben: EmulatedUser;
  let tableId: number;
  const privacy = en.privacy;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
    ana = emu.addUser('Ana Lovelace');
    ben = emu.addUser('Ben');
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  const stored = (user: EmulatedUser) => storedData(app.context.store, user.id);

  it('shows a player what is stored about them, privately', async () => {
    const nothing = answered(await ana.slash('privacy show'));
    expect(nothing.message!.ephemeral).toBe(true);
    expect(nothing.message!.content).toContain(privacy.shown.nothing);

    const created = answered(await ana.slash('suspicion new', { seats: 2, variant: 'arrest-race' }));
    tableId = tableIdOf(created.message);
    answered(await ben.click(fresh(emu, created.message!), 'Join'));
    await settle(app);
    answered(await ana.click(fresh(emu, created.message!), 'Start'));
    await settle(app);
    await playOut({ emu, app: () => app, tableId, users: [ana, ben], def: suspicionModule.definition });
    await settle(app);
    expect((await app.context.store.table(tableId))!.status).toBe('finished');
    expect(textOf(boardOf(emu, tableId))).toContain('Ana Lovelace');

    const shown = answered(await ana.slash('privacy show'));
    expect(shown.message!.ephemeral).toBe(true);
    // One finished 2-player game: one seat, one result, one season rating, totals in one server.
    for (const line of [privacy.shown.seats(1), privacy.shown.results(1), privacy.shown.ratings(1), privacy.shown.totals(1), privacy.shown.keptFor]) {
      expect(shown.message!.content).toContain(line);
    }
    expect(shown.message!.content).not.toContain(privacy.shown.settings);
    // A preference is stored data too: Ben's turn-based notices by DM show up in his list.
    answered(await ben.slash('games', { notify: 'dm' }));
    const bens = answered(await ben.slash('privacy show'));
    expect(bens.message!.content).toContain(privacy.shown.settings);
    emu.assertNoViolations();
  });

  it('refuses to erase while the player sits at a table, naming it; forged clicks change nothing', async () => {
    const created = answered(await ana.slash('suspicion new', { seats: 2 }));
    const lobbyId = tableIdOf(created.message);
    const before = (await stored(ana));
    const refused = answered(await ana.slash('privacy delete'));
    expect(refused.message!.ephemeral).toBe(true);
    expect(refused.message!.content).toBe(privacy.refusedOpen(privacy.openTable('Suspicion', lobbyId, `<#${emu.channel}>`)));
    expect(buttonLabels(refused.message!)).toEqual([]);

    // A forged Erase on the private refusal: refused the same way.
    const forged = answered(await ana.forge(refused.message!, privacyActionId('erase')));
    expect(forged.message!.content).toContain(`table #${lobbyId}`);
    // A forged Erase on a public message (the lobby): a plain refusal.
    const onBoard = answered(await ana.forge(fresh(emu, created.message!), privacyActionId('erase')));
    expect(onBoard.message!.ephemeral).toBe(true);
    expect(onBoard.message!.content).toBe(en.common.errors.malformed);
    expect((await stored(ana))).toEqual(before);

    const cancelPrompt = answered(await ana.click(fresh(emu, created.message!), 'Cancel')).message!;
    answered(await ana.click(cancelPrompt, en.common.commands.confirmCancelButton));
    await settle(app);
    expect((await app.context.store.table(lobbyId))!.status).toBe('cancelled');
    emu.assertNoViolations();
  });

  it('erases after a confirmation: Keep changes nothing, a double click erases once', async () => {
    const before = (await stored(ana));
    expect(before).toEqual({ seats: 2, results: 1, ratings: 1, totals: 1, settings: 0, tournaments: 0 });

    const ask = answered(await ana.slash('privacy delete'));
    expect(ask.message!.ephemeral).toBe(true);
    expect(ask.message!.content).toBe(privacy.confirm(privacy.confirmSummary(2, 1, 1)));
    expect(buttonLabels(ask.message!)).toEqual([privacy.confirmButton, privacy.keepButton]);
    const kept = answered(await ana.click(ask.message!, privacy.keepButton));
    expect(kept.message!.content).toBe(privacy.kept);
    expect((await stored(ana))).toEqual(before);

    const again = answered(await ana.slash('privacy delete'));
    const clicks = await emu.simultaneous([() => ana.click(again.message!, privacy.confirmButton), () => ana.click(again.message!, privacy.confirmButton)]);
    clicks.forEach(answered);
    // Both clicks answered the one prompt; whichever came last, it tells the truth, with no buttons left.
    const prompt = fresh(emu, again.message!);
    expect([privacy.erased(2, 1, 1, 1), privacy.alreadyErased]).toContain(prompt.content);
    expect(buttonLabels(prompt)).toEqual([]);
    expect((await stored(ana))).toEqual({ seats: 0, results: 0, ratings: 0, totals: 0, settings: 0, tournaments: 0 });
    await settle(app);

    // Her past board now says "former player"; Ben's name stays.
    const board = textOf(boardOf(emu, tableId));
    expect(board).not.toContain('Ana Lovelace');
    expect(board).toContain(privacy.formerPlayer);
    expect(board).toContain('Ben');

    // The leaderboard and /stats forget her; Ben's record keeps the game.
    const top = answered(await ben.slash('leaderboard', { game: 'suspicion' }));
    expect(textOf(top.message)).not.toContain('Ana Lovelace');
    expect(textOf(top.message)).toContain('Ben');
    const mine = answered(await ana.slash('stats'));
    expect(textOf(mine.message)).toContain(en.ratings.stats.nothing('Ana Lovelace'));
    expect(textOf(mine.message)).not.toContain(`#${tableId}`);
    expect((await stored(ben))).toEqual({ seats: 1, results: 1, ratings: 1, totals: 1, settings: 1, tournaments: 0 });
    const benStats = answered(await ben.slash('stats'));
    expect(textOf(benStats.message)).toContain('Suspicion');

    const nothing = answered(await ana.slash('privacy delete'));
    expect(nothing.message!.content).toBe(privacy.nothingToErase);
    emu.assertNoViolations();
  });

  it('/help is private and lists the games and only commands the bot registered', async () => {
    const help = answered(await ben.slash('help'));
    expect(help.message!.ephemeral).toBe(true);
    const text = textOf(help.message);
    const registry = defaultRegistry();
    for (const mod of registry.modules) {
      expect(text).toContain(`**${mod.title(en)}** (`);
      expect(text).toContain(`\`/${mod.command} new\``);
    }
    // Players per game from each game's own limits, e.g. NOIR is for exactly two.
    expect(text).toContain('**NOIR: Killer vs. Inspector** (2 players)');
    expect(text).toContain('**Suspicion** (2–6 players)');
    // Every `/command sub` the help names exists (`/<game>` stands for each game command).
    const commands = buildCommands(registry).map((command) => command.data);
    const named = [...text.matchAll(/`\/([a-z<>-]+)(?: ([a-z-]+))?/g)].map((match) => [match[1]!, match[2]] as const);
    expect(named.length).toBeGreaterThan(10);
    for (const [name, sub] of named) {
      const targets = name === '<game>' ? registry.modules.map((mod) => mod.command) : [name];
      for (const target of targets) {
        const command = commands.find((candidate) => candidate.name === target);
        expect(command, `/${target}`).toBeDefined();
        const subs = (command!.options ?? []).filter((option) => option.type === 1).map((option) => option.name);
        if (subs.length > 0) expect(subs, `/${target} ${sub ?? ''}`).toContain(sub);
      }
    }
    for (const needed of ['/privacy delete', '/admin settings', '/hand', '/table leave', '/leaderboard', '/stats']) expect(text).toContain(needed);
    emu.assertNoViolations();
  });
});
