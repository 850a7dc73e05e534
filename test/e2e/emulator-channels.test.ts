/**
 * Self-tests of the emulator's channel kinds, permissions, threads and lifecycle events, with a
 * plain discord.js client and no bot code: each rule is Discord's documented one
 * (docs/discord-conformance.md names the discord-api-docs file and section of each). One
 * emulator and one client serve every case; each case makes its own channels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttachmentBuilder,
  ChannelType,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  PermissionFlagsBits as P,
  SlashCommandBuilder,
  type Interaction,
  type SendableChannels,
  type ThreadChannel,
} from 'discord.js';
import { DEFAULT_BOT_PERMISSIONS, DiscordEmulator } from '../../src/local/emulator/index.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAghRZXQAAAABJRU5ErkJggg==', 'base64');

let emu: DiscordEmulator;
let client: Client;
const interactions: Interaction[] = [];
const events: string[] = [];

beforeAll(async () => {
  emu = await DiscordEmulator.start();
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: emu.apiBase } });
  client.on(Events.Error, () => undefined);
  client.on(Events.InteractionCreate, (i) => {
    interactions.push(i);
    if (i.isChatInputCommand()) void i.reply({ content: 'ok', flags: 64 }).catch(() => undefined);
  });
  client.on(Events.ChannelDelete, (c) => events.push(`channelDelete ${c.id}`));
  client.on(Events.ThreadDelete, (t) => events.push(`threadDelete ${t.id}`));
  client.on(Events.GuildDelete, (g) => events.push(`guildDelete ${g.id}`));
  client.on(Events.GuildUnavailable, (g) => events.push(`guildUnavailable ${g.id}`));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(emu.token);
  await ready;
  await client.application!.commands.set([new SlashCommandBuilder().setName('ping').setDescription('Ping')], emu.guild.id);
});

afterAll(async () => {
  await client?.destroy();
  await emu?.stop();
});

/** The error of a promise (or undefined). */
async function errorOf(p: Promise<unknown>): Promise<DiscordAPIError | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return err as DiscordAPIError;
  }
}

/** The channel as discord.js sees it (fetched if not cached). */
async function channelOf(id: string): Promise<SendableChannels> {
  return (client.channels.cache.get(id) ?? (await client.channels.fetch(id))) as SendableChannels;
}

const picture = () => ({ content: 'board', files: [new AttachmentBuilder(PNG, { name: 'board.png' })] });

describe('emulator permissions (developers/topics/permissions.mdx)', () => {
  it("gives the bot exactly the invite's permissions by default, and uploads need Attach Files", async () => {
    expect(emu.botPermissions()).toBe(DEFAULT_BOT_PERMISSIONS);
    const id = emu.addChannel('no-attach', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.AttachFiles });
    const channel = await channelOf(id);
    expect((await errorOf(channel.send(picture())))?.code).toBe(50013);
    const sent = await channel.send('text only');
    expect((await errorOf(sent.edit(picture())))?.code).toBe(50013);
    expect(emu.message(sent.id)?.attachments).toEqual([]);
    expect(emu.violations).toEqual([]);
  });

  it('denying Send Messages implicitly denies Attach Files and Embed Links; without View Channel: 50001 Missing Access', async () => {
    const id = emu.addChannel('read-only', { botPermissions: P.ViewChannel | P.EmbedLinks | P.AttachFiles | P.ReadMessageHistory });
    expect(emu.botPermissions(id) & (P.AttachFiles | P.EmbedLinks)).toBe(0n);
    const channel = await channelOf(id);
    expect((await errorOf(channel.send('hello')))?.code).toBe(50013);
    emu.setBotPermissions(id, DEFAULT_BOT_PERMISSIONS & ~P.ViewChannel);
    expect(emu.botPermissions(id)).toBe(0n);
    const hidden = await errorOf(channel.send('hello'));
    expect([hidden?.status, hidden?.code]).toEqual([403, 50001]);
  });

  it('counts 401, 403 and 429 answers toward the invalid-request limit, and nothing else', async () => {
    const before = emu.invalidRequests.length;
    const id = emu.addChannel('counted', { botPermissions: P.ViewChannel });
    const channel = await channelOf(id);
    await errorOf(channel.send('no'));
    await errorOf(channel.messages.edit('123456789012345678', 'missing')); // 404 Unknown Message: not counted
    expect(emu.invalidRequests.slice(before).map((r) => [r.status, r.code])).toEqual([[403, 50013]]);
  });
});

describe('emulator channel kinds (developers/resources/channel.mdx "Channel Types")', () => {
  it('voice channels take messages in their text chat and announcement channels with Send Messages; a forum takes none itself', async () => {
    for (const kind of ['voice', 'announcement'] as const) {
      const id = emu.addChannel(`a-${kind}`, { kind });
      const sent = await (await channelOf(id)).send(picture());
      expect(emu.message(sent.id)?.attachments).toHaveLength(1);
    }
    const forum = emu.addChannel('a-forum', { kind: 'forum' });
    await expect.poll(() => client.channels.cache.get(forum)?.type).toBe(ChannelType.GuildForum);
    const refused = await errorOf(client.rest.post(`/channels/${forum}/messages`, { body: { content: 'x' } }));
    expect([refused?.status, refused?.code]).toEqual([400, 50008]);
    const member = emu.addUser('Forum Fan');
    expect(() => member.slash('ping', {}, { channelId: forum })).toThrow(/forum/);
    const post = emu.addThread(forum, 'Game night', { owner: member });
    await expect.poll(() => client.channels.cache.get(post)?.isThread()).toBe(true);
    await (await channelOf(post)).send(picture());
    const r = await member.slash('ping', {}, { channelId: post });
    expect(r.error).toBeUndefined();
    expect(BigInt(interactions.at(-1)!.appPermissions!.bitfield)).toBe(DEFAULT_BOT_PERMISSIONS);
  });
});

describe('emulator threads (developers/topics/threads.mdx)', () => {
  it('needs Send Messages in Threads there (Send Messages has no effect), inherited from the parent', async () => {
    const parent = emu.addChannel('no-threads', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.SendMessagesInThreads });
    const thread = emu.addThread(parent, 'talk');
    const channel = await channelOf(thread);
    expect((await errorOf(channel.send('hi')))?.code).toBe(50013);
    expect((await channelOf(parent)).id).toBe(parent);
    await (await channelOf(parent)).send('the parent still takes messages');
    emu.setBotPermissions(thread, DEFAULT_BOT_PERMISSIONS); // a thread's permissions are its parent's
    await channel.send('hi');
  });

  it('starts a thread from a message (channel.mdx "Start Thread from Message"): its id is the message\'s, one per message (160004), public in a text channel, an announcement thread in an announcement channel, none in a thread (50024), Create Public Threads needed', async () => {
    const start = (channelId: string, messageId: string) => client.rest.post(`/channels/${channelId}/messages/${messageId}/threads`, { body: { name: 'table', auto_archive_duration: 10080 } }) as Promise<{ id: string; type: number }>;
    for (const [kind, type] of [['text', ChannelType.PublicThread], ['announcement', ChannelType.AnnouncementThread]] as const) {
      const parent = emu.addChannel(`from-message-${kind}`, { kind });
      const sent = await (await channelOf(parent)).send('opened a table');
      const thread = await start(parent, sent.id);
      expect([thread.id, thread.type]).toEqual([sent.id, type]);
      expect((await errorOf(start(parent, sent.id)))?.code).toBe(160004);
      const inside = await (await channelOf(thread.id)).send('in the thread');
      expect((await errorOf(start(thread.id, inside.id)))?.code).toBe(50024);
    }
    const bare = emu.addChannel('from-message-bare', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.CreatePublicThreads });
    const sent = await (await channelOf(bare)).send('opened a table');
    expect((await errorOf(start(bare, sent.id)))?.code).toBe(50013);
  });

  it('hides a private thread the bot is not in (50001), not one it was added to', async () => {
    const parent = emu.addChannel('private-parent');
    const ana = emu.addUser('Ana P');
    const secret = emu.addThread(parent, 'secret', { private: true, owner: ana });
    expect(client.channels.cache.has(secret)).toBe(false);
    expect((await errorOf(client.rest.post(`/channels/${secret}/messages`, { body: { content: 'x' } })))?.code).toBe(50001);
    const shared = emu.addThread(parent, 'shared', { private: true, owner: ana, botMember: true });
    await expect.poll(() => client.channels.cache.get(shared)?.type).toBe(ChannelType.PrivateThread);
    await (await channelOf(shared)).send('hello');
    expect(() => emu.addUser('Outsider').slash('ping', {}, { channelId: shared })).toThrow(/private thread/);
  });

  it('archives after its auto-archive duration: no edits (50083), no commands; a message unarchives it', async () => {
    const parent = emu.addChannel('archiving');
    const thread = emu.addThread(parent, 'slow game', { autoArchiveMinutes: 1440 });
    const channel = await channelOf(thread);
    const board = await channel.send('board v1');
    emu.advanceClock(23 * 3_600_000);
    expect(emu.threadState(thread).archived).toBe(false);
    emu.advanceClock(3_600_000);
    expect(emu.threadState(thread).archived).toBe(true);
    await expect.poll(() => (client.channels.cache.get(thread) as ThreadChannel).archived).toBe(true);
    const refused = await errorOf(board.edit('board v2'));
    expect([refused?.status, refused?.code]).toEqual([400, 50083]);
    expect(() => emu.addUser('Late').slash('ping', {}, { channelId: thread })).toThrow(/archived thread/);
    await channel.send('your turn'); // unarchives
    expect(emu.threadState(thread).archived).toBe(false);
    await expect.poll(() => (client.channels.cache.get(thread) as ThreadChannel).archived).toBe(false);
    await board.edit('board v2');
    expect(emu.message(board.id)?.content).toBe('board v2');
    // Deleting stays allowed in an archived thread.
    emu.archiveThread(thread);
    await board.delete();
    expect(emu.violations).toEqual([]);
  });

  it('a locked thread refuses messages (160005) and edits, archived or not', async () => {
    const thread = emu.addThread(emu.addChannel('locking'), 'locked game');
    const channel = await channelOf(thread);
    const board = await channel.send('board');
    emu.lockThread(thread);
    expect((await errorOf(channel.send('x')))?.code).toBe(160005);
    expect((await errorOf(board.edit('y')))?.code).toBe(160005);
    emu.archiveThread(thread, { locked: true });
    expect((await errorOf(channel.send('x')))?.code).toBe(160005);
    expect(emu.threadState(thread)).toEqual({ archived: true, locked: true });
    expect((await errorOf(board.edit('y')))?.code).toBe(50083);
  });
});

describe('emulator lifecycle events (developers/events/gateway-events.mdx)', () => {
  it('CHANNEL_DELETE and THREAD_DELETE; routes then answer 10003 Unknown Channel', async () => {
    const parent = emu.addChannel('doomed');
    const thread = emu.addThread(parent, 'doomed thread');
    const other = emu.addThread(emu.addChannel('kept'), 'gone thread');
    await channelOf(thread);
    emu.deleteChannel(other);
    await expect.poll(() => events).toContain(`threadDelete ${other}`);
    emu.deleteChannel(parent);
    await expect.poll(() => events).toContain(`channelDelete ${parent}`);
    for (const id of [parent, thread, other]) expect((await errorOf(client.rest.post(`/channels/${id}/messages`, { body: { content: 'x' } })))?.code).toBe(10003);
  });

  it('GUILD_DELETE: an outage (unavailable) is not a removal; after a removal routes answer 50001 and commands are gone', async () => {
    const second = emu.addGuild('Second', 'Owner Two');
    await expect.poll(() => client.guilds.cache.has(second.guildId)).toBe(true);
    emu.removeBot(second.guildId, { outage: true });
    await expect.poll(() => events).toContain(`guildUnavailable ${second.guildId}`);
    expect(events).not.toContain(`guildDelete ${second.guildId}`);
    emu.endOutage(second.guildId);
    await expect.poll(() => client.guilds.cache.get(second.guildId)?.available).toBe(true);
    await (await channelOf(second.channelId)).send('still here');
    emu.removeBot(second.guildId);
    await expect.poll(() => events).toContain(`guildDelete ${second.guildId}`);
    expect((await errorOf(client.rest.post(`/channels/${second.channelId}/messages`, { body: { content: 'x' } })))?.code).toBe(50001);
    expect(() => second.owner.slash('ping')).toThrow(/no longer in this server/);
  });
});
