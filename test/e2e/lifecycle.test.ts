/**
 * When the world changes under a table (docs/discord-conformance.md "Lifecycle events"; docs/discord-conformance.md
 * "Lifecycle events"), end to end: the real bot against the emulator. A channel, a thread,
 * a thread's parent channel deleted mid-game, a thread locked, the bot removed from a server:
 * the table there ends as cancelled (not rated), its deadline stops, and not one request more
 * goes to that place (counted); the other tables play on. An outage (GUILD_DELETE with
 * `unavailable`) changes nothing. A server left and a channel deleted while the bot was down
 * end at start-up, before recovery could bring their tables back. One bot serves every case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { InlinePolicy } from '../../src/bots/policy.js';
import { loadConfig } from '../../src/config.js';
import { defaultRegistry } from '../../src/games/index.js';
import { silentLogger } from '../../src/logger.js';
import { DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, boardOf, settle, tableIdOf, tempDir } from './harness.js';

const registry = defaultRegistry();

describe('tables whose place is gone', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir('rh-lifecycle-');
  // Global commands (no DEV_GUILD_ID): members of every server the bot is in can use them.
  const boot = async () => {
    const config = loadConfig({ DISCORD_TOKEN: emu.token, DISCORD_API_URL: emu.apiBase, DATABASE_PATH: tmp.dbPath, LOG_LEVEL: 'silent' });
    const started = createApp(config, { logger: silentLogger, registry, botPolicy: new InlinePolicy(), pingEditDelayMs: 50 });
    await started.start();
    return started;
  };

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await boot();
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** `host` opens a NOIR table against one bot in `channelId` and starts it; its id. */
  async function startTable(host: EmulatedUser, channelId: string): Promise<number> {
    const lobby = answered(await host.slash('noir new', { bots: 1, 'bot-pace': 0 }, { channelId })).message!;
    answered(await host.click(lobby, 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    expect((await app.context.store.table(id))!.status).toBe('active');
    return id;
  }

  /** Requests answered since `mark` whose path names one of `channelIds`. */
  const requestsTo = (mark: number, ...channelIds: string[]) => emu.requests.slice(mark).filter((r) => channelIds.some((id) => r.path.includes(id)));

  /** What the deadline timers would do now: fire each table's deadline (a lost table's is gone: nothing happens). */
  const fireDeadlines = async (...ids: number[]) => {
    for (const id of ids) await app.context.service.deadlines.fireDeadline(id);
  };

  /** Let the lifecycle, the service and the publisher finish, and the bot's timers run a little. */
  const quiet = async () => {
    await app.lifecycle.settled();
    await settle(app);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settle(app);
  };

  async function expectEnded(id: number, reason: string): Promise<void> {
    const table = (await app.context.store.table(id))!;
    expect([table.status, table.endReason, table.deadlineAt]).toEqual(['cancelled', reason, null]);
    expect(await app.context.store.results(id)).toEqual([]); // not rated
  }

  it('a channel deleted mid-game: its table ends, nothing more is sent there, the table next door plays on', async () => {
    const [ana, ben] = [emu.addUser('Ana'), emu.addUser('Ben')];
    const doomed = emu.addChannel('doomed');
    const kept = emu.addChannel('kept');
    const lost = await startTable(ana, doomed);
    const other = await startTable(ben, kept);
    const armed = app.context.service.deadlines.armedDeadlines;
    const mark = emu.requests.length;
    emu.deleteChannel(doomed);
    await quiet();
    await fireDeadlines(lost);
    await quiet();
    await expectEnded(lost, 'channel-deleted');
    expect(app.context.service.deadlines.armedDeadlines).toBe(armed - 1);
    expect(requestsTo(mark, doomed)).toEqual([]);
    expect(emu.invalidRequests.filter((r) => r.path.includes(doomed))).toEqual([]);
    // Next door: the board still answers and the game goes on.
    const panel = answered(await ben.click(boardOf(emu, other, kept), 'Show my hand'));
    expect(panel.error).toBeUndefined();
    expect((await app.context.store.table(other))!.status).toBe('active');
  });

  it('a thread deleted, a thread whose channel is deleted, a thread locked: each table there ends', async () => {
    const cleo = emu.addUser('Cleo');
    const inThread = emu.addThread(emu.addChannel('threads-1'), 'game one', { owner: cleo });
    const parent = emu.addChannel('threads-2');
    const underParent = emu.addThread(parent, 'game two', { owner: cleo });
    const toLock = emu.addThread(emu.addChannel('threads-3'), 'game three', { owner: cleo });
    const [a, b, c] = [await startTable(cleo, inThread), await startTable(cleo, underParent), await startTable(cleo, toLock)];
    const mark = emu.requests.length;
    emu.deleteChannel(inThread);
    emu.deleteChannel(parent);
    emu.lockThread(toLock);
    await quiet();
    await fireDeadlines(a, b, c);
    await quiet();
    await expectEnded(a, 'channel-deleted');
    await expectEnded(b, 'channel-deleted');
    await expectEnded(c, 'thread-locked');
    expect(requestsTo(mark, inThread, parent, underParent, toLock)).toEqual([]);
  });

  it('the bot removed from a server ends its tables there; an outage changes nothing', async () => {
    const other = emu.addGuild('Other Server', 'Dora');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const id = await startTable(other.owner, other.channelId);
    emu.removeBot(other.guildId, { outage: true });
    await quiet();
    expect((await app.context.store.table(id))!.status).toBe('active');
    emu.endOutage(other.guildId);
    const mark = emu.requests.length;
    emu.removeBot(other.guildId);
    await quiet();
    await fireDeadlines(id);
    await quiet();
    await expectEnded(id, 'bot-removed');
    expect(requestsTo(mark, other.channelId)).toEqual([]);
  });

  it('a server left and a channel deleted while the bot was down: their tables end at start-up, not recovered', async () => {
    const eve = emu.addUser('Eve');
    const channel = emu.addChannel('deleted-while-down');
    const inChannel = await startTable(eve, channel);
    const far = emu.addGuild('Far Server', 'Finn');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const inGuild = await startTable(far.owner, far.channelId);
    await app.stop();
    emu.deleteChannel(channel);
    emu.removeBot(far.guildId);
    const mark = emu.requests.length;
    app = await boot();
    await quiet();
    await expectEnded(inChannel, 'channel-deleted');
    await expectEnded(inGuild, 'bot-removed');
    // One look at the unknown channel at start-up (10003), then nothing.
    expect(requestsTo(mark, channel).map((r) => `${r.route} ${r.status}`)).toEqual(['GET /channels/:channel 404']);
    expect(requestsTo(mark, far.channelId)).toEqual([]);
  });
});
