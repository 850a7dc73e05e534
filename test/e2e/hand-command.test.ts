/**
 * `/hand` says which table it opens (issue 34 item 9; README "Commands"): the real bot against
 * the Discord emulator. In the table's channel it opens that table's hand; in a channel without
 * a table of yours it opens your only table's hand and says which table and channel that is;
 * with several tables it offers a button per table, each opening that table's hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { DiscordEmulator, buttonLabels, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, fresh, settle, startBot, tableIdOf, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

describe('/hand names the table it opens', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-e2e-hand-');
  let zed: EmulatedUser;
  let yan: EmulatedUser;
  let lounge: string;

  /** Open and start a two-player Suspicion game of Zed and Yan in a new channel `name`. */
  async function game(name: string): Promise<{ id: number; channelId: string }> {
    const channelId = emu.addChannel(name);
    const lobby = answered(await zed.slash('suspicion new', { seats: 2 }, { channelId })).message!;
    answered(await yan.click(fresh(emu, lobby), 'Join'));
    await settle(app);
    answered(await zed.click(fresh(emu, lobby), 'Start'));
    await settle(app);
    return { id: tableIdOf(lobby), channelId };
  }

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
    zed = emu.addUser('Zed');
    yan = emu.addUser('Yan', { locale: 'es-ES' });
    lounge = emu.addChannel('lounge');
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('in a channel without a table of yours: your only table’s hand, saying which table and where', async () => {
    const { id, channelId } = await game('first');
    const here = answered(await zed.slash('hand', {}, { channelId })).message!;
    expect(textOf(here)).toContain(`table #${id}`);
    expect(textOf(here)).not.toContain(en.common.commands.handElsewhere(id, channelId));
    const away = answered(await zed.slash('hand', {}, { channelId: lounge })).message!;
    expect(away.ephemeral).toBe(true);
    expect(textOf(away)).toContain(en.common.commands.handElsewhere(id, channelId));
    expect(buttonLabels(away)).toContain(en.common.panel.refresh);
    // In Spanish too (Yan's Discord is in Spanish).
    const spanish = answered(await yan.slash('hand', {}, { channelId: lounge })).message!;
    expect(textOf(spanish)).toContain(es.common.commands.handElsewhere(id, channelId));
  });

  it('with several tables: a button per table, each opening that table’s hand', async () => {
    const first = (await app.context.store.openTablesOfUser(emu.guild.id, zed.id))[0]!.id;
    const { id: second, channelId } = await game('second');
    const choice = answered(await zed.slash('hand', {}, { channelId: lounge })).message!;
    expect(choice.ephemeral).toBe(true);
    expect(textOf(choice)).toContain(en.common.errors.severalTables);
    expect(buttonLabels(choice).sort()).toEqual([en.common.commands.pickTable(first), en.common.commands.pickTable(second)].sort());
    const opened = answered(await zed.click(choice, en.common.commands.pickTable(second))).message!;
    expect(opened.ephemeral).toBe(true);
    expect(textOf(opened)).toContain(`table #${second}`);
    expect(textOf(opened)).toContain(`<#${channelId}>`);
    expect(buttonLabels(opened)).toContain(en.common.panel.refresh);
    emu.assertNoViolations();
  });
});
