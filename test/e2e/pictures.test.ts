/**
 * Pictures end to end (README "Pictures"): the real discord.js client against the emulator
 * (multipart uploads, Components V2). A NOIR table with one bot seat is started; the board
 * and the host's hand arrive as PNG attachments shown in Media Galleries with alt text of at
 * least 40 characters; a hand whose picture is not drawn yet is acknowledged and then shown
 * with its picture, never as the text version first — also after a restart, with a cold
 * picture cache; the panel's "📝 Text version" switch gives the text version (stored for the
 * player) and "🖼️ Pictures" brings the picture back.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { InlinePolicy } from '../../src/bots/policy.js';
import { allComponents, DiscordEmulator, type EmulatedMessage, type InteractionResult } from '../../src/local/emulator/index.js';
import { answered, boardOf, eventually, fresh, settle, startBot, tableIdOf, tempDir, textOf, panelOf } from './harness.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The Media Gallery items of a message. */
function gallery(m: EmulatedMessage): { media: { url: string }; description?: string }[] {
  return allComponents(m)
    .map((found) => found.component as { type?: number; items?: { media: { url: string }; description?: string }[] })
    .filter((c) => c.type === 12)
    .flatMap((c) => c.items ?? []);
}

/** Check that `m` shows exactly one PNG attachment in a gallery with alt text ≥ 40 characters; returns its bytes. */
async function expectPicture(m: EmulatedMessage): Promise<Buffer> {
  const attachments = m.attachments as { filename: string; url: string; content_type?: string; description?: string }[];
  expect(attachments).toHaveLength(1);
  const [attachment] = attachments;
  expect(attachment!.filename).toMatch(/\.png$/);
  const items = gallery(m);
  expect(items).toHaveLength(1);
  // Discord resolves `attachment://NAME` to the attachment's URL.
  expect(items[0]!.media.url).toBe(attachment!.url);
  expect(items[0]!.description!.length).toBeGreaterThanOrEqual(40);
  const bytes = Buffer.from(await (await fetch(attachment!.url)).arrayBuffer());
  expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(bytes.length).toBeLessThan(150 * 1024);
  return bytes;
}

/**
 * The panel a "Show my hand" click `r` opened, checking it never showed the text version
 * first: with its picture in the answer, or acknowledged ("thinking…", or the board's deferred
 * update) and then sent with its picture.
 */
async function handShownWithPicture(emu: DiscordEmulator, r: InteractionResult): Promise<EmulatedMessage> {
  if (r.callbackType === 4) {
    expect((r.message!.attachments ?? []).length).toBe(1);
    return r.message!;
  }
  expect([5, 6]).toContain(r.callbackType);
  const panel = (await panelOf(r))!;
  // The follow-up came with its picture; or the "thinking…" reply was edited once, with it.
  expect((panel.attachments ?? []).length).toBe(1);
  if (r.callbackType === 5) expect(emu.requests.filter((q) => q.method === 'PATCH' && q.path.includes(`/${r.token}/messages/@original`))).toHaveLength(1);
  return panel;
}

/** Message `m` once the bot's edit has given it a picture (within 5 s). */
function withPicture(emu: DiscordEmulator, m: EmulatedMessage): Promise<EmulatedMessage> {
  return eventually(async () => {
    const now = fresh(emu, m);
    return (now.attachments ?? []).length > 0 ? now : null;
  }, 'the picture edit');
}

describe('pictures through Discord', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { botPolicy: new InlinePolicy(), serviceDeps: { newSeed: () => 5 }, textBoards: undefined });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it("a NOIR table with one bot seat: the board and the host's hand arrive as PNG attachments with alt text", async () => {
    const host = emu.addUser('Host');
    const lobby = answered(await host.slash('noir new', { bots: 1, 'bot-level': 'normal', 'bot-pace': 0 })).message!;
    const id = tableIdOf(lobby);
    answered(await host.click(lobby, 'Start'));
    await settle(app);
    const board = boardOf(emu, id);
    expect(board.embeds ?? []).toEqual([]); // the lobby's embed is gone: a Components V2 board
    await expectPicture(board);
    expect(JSON.stringify(board.components)).toContain('Show my hand');

    // The hand's picture is not drawn yet: the click is acknowledged at once and the panel
    // follows with its picture (never the text version first).
    const panel = await handShownWithPicture(emu, answered(await host.click(fresh(emu, board), 'Show my hand')));
    expect(panel.ephemeral).toBe(true);
    await expectPicture(panel);
    expect(textOf(panel)).toMatch(/table #\d+/);
    // Drawn now: the next "Show my hand" comes with the picture in its answer.
    await expectPicture((await panelOf(answered(await host.click(fresh(emu, board), 'Show my hand'))))!);

    // The text version: stored for the player, the picture dropped from the panel.
    const textual = answered(await host.click(panel, '📝 Text version')).message!;
    expect(gallery(textual)).toEqual([]);
    expect(textual.attachments).toEqual([]);
    expect(await app.context.store.userTextBoards(host.id)).toBe(true);
    expect(JSON.stringify(textual.components)).toContain('🖼️ Pictures');
    const back = answered(await host.click(textual, '🖼️ Pictures')).message!;
    await expectPicture(back);
    expect(await app.context.store.userTextBoards(host.id)).toBe(false);
    emu.assertNoViolations();
  }, 60_000);

  it('after a restart (a cold picture cache) the first panels opened show the picture again: in the answer or as an edit', async () => {
    const host = emu.addUser('Restarter');
    const channelId = emu.addChannel('restart-pictures');
    const lobby = answered(await host.slash('noir new', { bots: 1, 'bot-level': 'normal', 'bot-pace': 0 }, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await host.click(lobby, 'Start'));
    await settle(app);
    const old = await withPicture(emu, (await panelOf(answered(await host.click(fresh(emu, boardOf(emu, id, channelId)), 'Show my hand'))))!);
    await expectPicture(old);
    await app.stop();
    app = await startBot(emu, tmp.dbPath, { botPolicy: new InlinePolicy(), serviceDeps: { newSeed: () => 5 }, textBoards: undefined });
    await settle(app);
    // Show my hand on the board: a new panel with the picture, never the text version first.
    await expectPicture(await handShownWithPicture(emu, answered(await host.click(fresh(emu, boardOf(emu, id, channelId)), 'Show my hand'))));
    // Refresh on the panel from before the restart: answered in place with the picture, or
    // acknowledged (keeping its picture) and edited — never the text version.
    const refreshed = answered(await host.click(fresh(emu, old), 'Refresh'));
    if (refreshed.callbackType === 7) expect((refreshed.message!.attachments ?? []).length).toBe(1);
    else expect(refreshed.callbackType).toBe(6);
    await expectPicture(await withPicture(emu, old));
    emu.assertNoViolations();
  }, 60_000);

  it('/admin settings text-boards:True draws the public boards as text; each hand keeps its player\'s choice', async () => {
    const admin = emu.addUser('Admin', { permissions: PermissionFlagsBits.ManageGuild });
    const saved = answered(await admin.slash('admin settings', { 'text-boards': true })).message!.content;
    expect(saved).toContain('**text**');
    expect(await app.context.store.guildTextBoards(emu.guild.id)).toBe(true);

    const channelId = emu.addChannel('text-boards');
    const lobby = answered(await admin.slash('noir new', { bots: 1, 'bot-level': 'normal', 'bot-pace': 0 }, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await admin.click(lobby, 'Start'));
    await settle(app);
    const board = boardOf(emu, id, channelId);
    expect(gallery(board)).toEqual([]);
    expect(board.attachments ?? []).toEqual([]);
    expect(textOf(board)).toMatch(/Deaths \*\*\d+\/16\*\*/); // the text version of the board
    // The admin's own hand still comes as a picture: the server setting is for the public board.
    const panel = await withPicture(emu, (await panelOf(answered(await admin.click(fresh(emu, board), 'Show my hand'))))!);
    await expectPicture(panel);

    // Back to pictures: the next board drawn shows one again.
    answered(await admin.slash('admin settings', { 'text-boards': false }));
    answered(await admin.click(fresh(emu, panel), '📝 Text version'));
    answered(await admin.click(fresh(emu, panel), '🖼️ Pictures'));
    expect(await app.context.store.guildTextBoards(emu.guild.id)).toBe(false);
    emu.assertNoViolations();
  }, 60_000);
});
