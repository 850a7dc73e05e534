/**
 * Commands outside servers (README "Where tables can live": not in DMs; docs/discord-conformance.md
 * "Channel kinds and threads"), end to end with the bot's commands registered globally, as in
 * production (guild commands never reach DMs). The game commands are offered in servers only
 * (`contexts` [GUILD]), so Discord offers them neither in a DM with the bot nor in a group DM
 * (`developers/interactions/application-commands.mdx` "Interaction Contexts"); `/help` is
 * offered in a DM with the bot and arrives as Discord sends it there
 * (`developers/interactions/receiving-and-responding.mdx` "Interaction Object": `user`, no guild,
 * context BOT_DM): it says plainly that games are played in server channels, in the user's
 * language, without Learn buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { DiscordEmulator, buttonLabels } from '../../src/local/emulator/index.js';
import { answered, startBot, tempDir } from './harness.js';

describe('commands in DMs and group DMs', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-dms-');

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { globalCommands: true });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('a DM with the bot: the game commands are not offered; /help says plainly where games are played, in the user’s language', async () => {
    const ana = emu.addUser('Ana');
    expect(() => ana.slashInDm('noir new')).toThrow(/not available in DMs with the bot/);
    expect(() => ana.slashInDm('admin check')).toThrow(/not available in DMs with the bot/);
    const r = answered(await ana.slashInDm('help'));
    expect([r.message?.ephemeral, r.message?.content]).toEqual([true, en.common.errors.notInGuild]);
    expect(r.message?.embeds[0]?.title).toBe(en.help.title);
    expect(buttonLabels(r.message!)).toEqual([]);
    const bea = emu.addUser('Bea', { locale: 'es-ES' });
    const respuesta = answered(await bea.slashInDm('ayuda'));
    expect([respuesta.message?.ephemeral, respuesta.message?.content, respuesta.message?.embeds[0]?.title]).toEqual([true, es.common.errors.notInGuild, es.help.title]);
    // In a server /help keeps its Learn buttons and says nothing of DMs.
    const inServer = answered(await ana.slash('help'));
    expect(inServer.message?.content ?? '').toBe('');
    expect(buttonLabels(inServer.message!).length).toBeGreaterThan(0);
    expect(emu.invalidRequests).toEqual([]);
    expect(emu.violations).toEqual([]);
  });

  it('a group DM: no command of the bot is offered (installed to servers only), so nothing reaches the bot', async () => {
    const cai = emu.addUser('Cai');
    expect(() => cai.slashInGroupDm('noir new')).toThrow(/not available in group DMs/);
    expect(() => cai.slashInGroupDm('help')).toThrow(/not available in group DMs/);
  });
});
