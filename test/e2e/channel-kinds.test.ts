/**
 * A game played in every kind of channel a table can live in (README "Where tables can live";
 * docs/discord-conformance.md "Channel kinds and threads"), with pictures, under production's
 * permissions: the bot has exactly the invite's (DEFAULT_BOT_PERMISSIONS) everywhere, and every
 * board — with its picture — goes on the channel route (BOARD_TOKENS=never), the route Discord
 * checks the bot's permissions on (a click's own answer is not). Kinds: a text channel, a public
 * thread, a private thread the bot was added to, a forum post, a voice channel's text chat, an
 * announcement channel and an announcement thread (discord-api-docs
 * `developers/resources/channel.mdx` "Channel Types"; `developers/topics/threads.mdx`
 * "Permissions"). Two players click a NOIR Killer-vs-Inspector game to its end (a fixed, short
 * deal: serviceDeps.newSeed); not one request in that channel is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { noirModule } from '../../src/games/noir/index.js';
import { DEFAULT_BOT_PERMISSIONS, DiscordEmulator, type EmulatedMessage, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, noirChoice, playOut, settle, startBot, tableIdOf, tempDir, textOf } from './harness.js';

describe('a game in every kind of channel, with pictures, under the invite alone', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-kinds-');
  /**
   * Every table's seed (serviceDeps.newSeed): one fixed deal whose game, played by the same
   * clicks, ends after four of them — a short game, the same on every run (measured 2026-12-07).
   */
  const SHORT_DEAL = 2_003;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: undefined, boardTokenRefreshMs: Infinity, serviceDeps: { newSeed: () => SHORT_DEAL } });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** Where each table lives: a new channel (or thread) of that kind, made for `players`. */
  const kinds: Array<[string, (players: EmulatedUser[]) => string]> = [
    ['a text channel', () => emu.addChannel('kind-text')],
    ['a public thread', ([host]) => emu.addThread(emu.addChannel('kind-public'), 'public table', { owner: host! })],
    ['a private thread the bot was added to', ([host, guest]) => emu.addThread(emu.addChannel('kind-private'), 'private table', { owner: host!, members: [guest!], private: true, botMember: true })],
    ['a forum post', ([host]) => emu.addThread(emu.addChannel('kind-forum', { kind: 'forum' }), 'Game night', { owner: host! })],
    ["a voice channel's text chat", () => emu.addChannel('kind-voice', { kind: 'voice' })],
    ['an announcement channel', () => emu.addChannel('kind-news', { kind: 'announcement' })],
    ['an announcement thread', ([host]) => emu.addThread(emu.addChannel('kind-news-thread', { kind: 'announcement' }), 'news table', { owner: host! })],
  ];

  const pictureOf = (m: EmulatedMessage) => (m.attachments ?? []).length > 0;

  it.each(kinds)('%s: NOIR to its end, the board with its picture, nothing refused', async (kind, place) => {
    const players = [emu.addUser(`Host ${kind}`), emu.addUser(`Guest ${kind}`)];
    const [host, guest] = players as [EmulatedUser, EmulatedUser];
    const channelId = place(players);
    expect(emu.botPermissions(channelId)).toBe(DEFAULT_BOT_PERMISSIONS);
    const lobby = answered(await host.slash('noir new', {}, { channelId })).message!;
    const id = tableIdOf(lobby);
    answered(await guest.click(boardOf(emu, id, channelId), 'Join'));
    await settle(app);
    answered(await host.click(boardOf(emu, id, channelId), 'Start'));
    await settle(app);
    expect(pictureOf(boardOf(emu, id, channelId))).toBe(true);
    await playOut({ emu, app: () => app, tableId: id, users: players, def: noirModule.definition, channelId, choose: noirChoice as never });
    await settle(app);
    const table = (await app.context.store.table(id))!;
    expect([table.status, table.channelId, table.boardVersion]).toEqual(['finished', channelId, table.version]);
    const board = boardOf(emu, id, channelId);
    expect(textOf(board)).toMatch(/Game over/);
    expect(pictureOf(board)).toBe(true);
    // The boards went on the channel route, with files, and Discord took every request there.
    const boardEdits = emu.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${channelId}/messages/${table.boardMessageId}`);
    expect(boardEdits.length).toBeGreaterThan(0);
    expect(emu.invalidRequests.filter((r) => r.path.includes(channelId))).toEqual([]);
    expect(emu.violations).toEqual([]);
  });
});
