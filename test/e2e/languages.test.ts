/**
 * Two languages at one table, end to end (README "Languages"): the real discord.js client
 * against the emulator. A player whose Discord client is in Spanish (es-419) opens a NOIR
 * table with the Spanish command names; an English player joins. The lobby, the board and
 * the pings are in the table's language (Spanish, the opener's); every private answer and
 * panel is in its own reader's language — also a panel the publisher redraws after the
 * other player's move. The registered commands carry es-ES and es-419 localizations on
 * commands, subcommands, options and choices. `/admin settings language:` fixes the
 * language of new tables for the server, and `/admin settings` shows it.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { noirDefinition } from '../../src/games/noir/engine.js';
import { DiscordEmulator, type EmulatedMessage } from '../../src/local/emulator/index.js';
import type { JsonObject } from '../../src/local/emulator/types.js';
import { answered, boardOf, fresh, offers, perform, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

type CommandNode = JsonObject & { name: string; name_localizations?: Record<string, string>; description_localizations?: Record<string, string>; options?: CommandNode[]; choices?: CommandNode[] };

/** Choice names that are the same in Spanish (game titles): no localization needed. */
const SAME_IN_BOTH = ['Suspicion', 'Tricks and the Phantom', "J'Accuse!", 'English', 'Español', 'Normal'];

/** Every node of a command tree (command, subcommands, options, choices) with its path. */
function nodes(node: CommandNode, path = `/${node.name}`): { path: string; node: CommandNode; choice: boolean }[] {
  const out = [{ path, node, choice: false }];
  for (const option of node.options ?? []) out.push(...nodes(option, `${path} ${option.name}`));
  for (const choice of node.choices ?? []) out.push({ path: `${path}=${String(choice.value)}`, node: choice, choice: true });
  return out;
}

describe('a Spanish and an English player at one table', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, serviceDeps: { newSeed: () => 5 } });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('registers es-ES and es-419 names and descriptions on every command, subcommand, option and choice', () => {
    const registered = emu.commands(emu.guild.id) as CommandNode[];
    expect(registered.length).toBeGreaterThanOrEqual(6);
    for (const command of registered) {
      for (const { path, node, choice } of nodes(command)) {
        if (!choice) {
          for (const locale of ['es-ES', 'es-419']) expect(node.description_localizations?.[locale], `${path} ${locale}`).toBeTruthy();
          expect(node.description_localizations?.['es-ES']).toBe(node.description_localizations?.['es-419']);
          expect(node.description_localizations?.['es-ES']).not.toBe(node.description);
        } else if (!/^\d+$/.test(String(node.name)) && !SAME_IN_BOTH.includes(String(node.name))) {
          for (const locale of ['es-ES', 'es-419']) expect(node.name_localizations?.[locale], `${path} ${locale}`).toBeTruthy();
        }
      }
    }
    const noir = registered.find((command) => command.name === 'noir')!;
    const created = noir.options!.find((option) => option.name === 'new')!;
    expect(created.name_localizations).toEqual({ 'es-ES': 'nueva', 'es-419': 'nueva' });
    expect(created.options!.find((option) => option.name === 'killer')!.name_localizations).toEqual({ 'es-ES': 'asesino', 'es-419': 'asesino' });
    const table = registered.find((command) => command.name === 'table')!;
    expect(table.name_localizations).toEqual({ 'es-ES': 'mesa', 'es-419': 'mesa' });
    // Discord's own checks passed (the emulator validates localized names too).
    emu.assertNoViolations();
  });

  it('board and pings in the table language, answers and panels in each reader\'s own — also after a redraw', async () => {
    const sofia = emu.addUser('Sofía', { locale: 'es-419' });
    const ana = emu.addUser('Ana', { locale: 'en-US' });
    const lobby = answered(await sofia.slash('noir nueva', { asesino: 'host' })).message!;
    const tableId = tableIdOf(lobby);
    expect((await app.context.store.table(tableId))!.locale).toBe('es-419');
    expect(textOf(lobby)).toMatch(/sala de espera/);
    expect(textOf(lobby)).toMatch(/Anfitrión/);
    // Ana joins with the public (Spanish) button; the lobby stays Spanish, her private answers are English.
    answered(await ana.click(lobby, 'Unirme'));
    await settle(app);
    expect(textOf(fresh(emu, lobby))).toMatch(/Jugadores \(2\/2\)/);
    const notHost = answered(await ana.click(fresh(emu, lobby), 'Empezar'));
    expect(textOf(notHost.message)).toMatch(/Only the host can do that/);
    answered(await sofia.click(fresh(emu, lobby), 'Empezar'));
    await settle(app);

    const board = boardOf(emu, tableId);
    expect(textOf(board)).toMatch(/mesa #\d+/);
    expect(textOf(board)).toMatch(/Asesino/);
    expect(JSON.stringify(board.components)).toContain('Ver mi mano');
    expect(JSON.stringify(board.components)).not.toContain('Show my hand');
    const pings = [...sofia.pings(), ...ana.pings()];
    expect(pings.length).toBeGreaterThan(0);
    for (const ping of pings) expect(textOf(ping)).toMatch(/(te|les) toca jugar en/);

    // Each opens a hand: Spanish for Sofía, English for Ana.
    const panelOf = async (user: typeof sofia) => answered(await user.click(fresh(emu, board), 'Ver mi mano')).message!;
    const sofiaPanel = await panelOf(sofia);
    const anaPanel = await panelOf(ana);
    expect(textOf(sofiaPanel)).toMatch(/tu mano/);
    expect(textOf(sofiaPanel)).toMatch(/Eres el \*\*Asesino\*\*/);
    expect(textOf(anaPanel)).toMatch(/your hand/);
    expect(textOf(anaPanel)).toMatch(/You are the \*\*Inspector\*\*/);

    // Sofía (the Killer, by `asesino:host`) moves; Ana's open panel is redrawn by the publisher — in English.
    const before = textOf(fresh(emu, anaPanel));
    const offer = offers(fresh(emu, sofiaPanel), noirDefinition)[0]!;
    expect(offer, textOf(sofiaPanel)).toBeDefined();
    const moved = answered(await perform(sofia, fresh(emu, sofiaPanel), offer));
    expect(textOf(moved.message)).toMatch(/✅/);
    await settle(app);
    const redrawn = fresh(emu, anaPanel);
    expect(textOf(redrawn)).not.toBe(before);
    expect(textOf(redrawn)).toMatch(/your hand/);
    expect(textOf(redrawn)).toMatch(/Pick your secret identity/);
    expect(textOf(redrawn)).not.toMatch(/tu mano/);
    // …and the board stays Spanish.
    expect(textOf(boardOf(emu, tableId))).toMatch(/Inspector\) elige una identidad secreta/);
    // A refused click answers in the clicker's language: Ana clicks Sofía's (now stale) move on Sofía's behalf is impossible
    // (panels are private), so she clicks the public board's hand button twice: the second answer is still English.
    const again = answered(await ana.click(fresh(emu, board), 'Ver mi mano'));
    expect(textOf(again.message)).toMatch(/your hand/);
    emu.assertNoViolations();
  });

  it('the server language fixes the language of new tables, and /admin settings shows it', async () => {
    const owner = emu.addUser('Marta', { locale: 'es-ES', permissions: PermissionFlagsBits.ManageGuild });
    const saved = answered(await owner.slash('admin ajustes', { idioma: 'es' }));
    expect(textOf(saved.message)).toMatch(/Guardado/);
    expect(textOf(saved.message)).toMatch(/Idioma de las mesas: \*\*Español\*\*/);
    const english = emu.addUser('Ben', { locale: 'en-GB', permissions: PermissionFlagsBits.ManageGuild });
    const shown = answered(await english.slash('admin settings'));
    expect(textOf(shown.message)).toMatch(/Table language: \*\*Español\*\*/);
    // Ben's client is English, but the table he opens speaks the server's language.
    const channel = emu.addChannel('otra-mesa');
    const lobby = answered(await english.slash('phantom new', {}, { channelId: channel })).message as EmulatedMessage;
    expect((await app.context.store.table(tableIdOf(lobby)))!.locale).toBe('es');
    expect(textOf(lobby)).toMatch(/sala de espera/);
    // Back to each opener's language.
    const cleared = answered(await owner.slash('admin ajustes', { idioma: 'auto' }));
    expect(textOf(cleared.message)).toMatch(/el idioma de quien abre la mesa/);
    emu.assertNoViolations();
  });
});
