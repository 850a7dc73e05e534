/**
 * Self-tests of the local Discord emulator (src/local/emulator) with a plain discord.js
 * client and no bot code: what discord.js sends must be accepted, and what Discord would
 * reject must be rejected the same way.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { DEFAULT_BOT_PERMISSIONS, DiscordEmulator, buttonLabels, snowflakeTime, type EmulatorOptions } from '../../src/local/emulator/index.js';

let emu: DiscordEmulator | undefined;
const clients: Client[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.destroy();
  await emu?.stop();
  emu = undefined;
});

/** Start a client against the emulator and wait for clientReady. */
async function connect(e: DiscordEmulator, onInteraction?: (i: Interaction) => Promise<void> | void): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: e.apiBase } });
  clients.push(client);
  client.on(Events.Error, () => undefined);
  if (onInteraction) {
    client.on(Events.InteractionCreate, (i) => {
      void (async () => onInteraction(i))().catch(() => undefined);
    });
  }
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(e.token);
  await ready;
  return client;
}

/** Emulator + client with the usual test commands registered in the guild. */
async function setup(
  onInteraction?: (i: Interaction) => Promise<void> | void,
  options: EmulatorOptions = {},
): Promise<{ e: DiscordEmulator; client: Client }> {
  const e = await DiscordEmulator.start(options);
  emu = e;
  const client = await connect(e, onInteraction);
  await client.application!.commands.set(
    [
      new SlashCommandBuilder().setName('ping').setDescription('Ping'),
      new SlashCommandBuilder()
        .setName('suspicion')
        .setDescription('Suspicion tables')
        .addSubcommand((s) =>
          s
            .setName('new')
            .setDescription('Open a table')
            .addIntegerOption((o) => o.setName('seats').setDescription('Seats').setMinValue(3).setMaxValue(6).setRequired(true))
            .addUserOption((o) => o.setName('guest').setDescription('Invite someone')),
        ),
      new SlashCommandBuilder()
        .setName('admin')
        .setDescription('Admin only')
        .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild),
    ],
    e.guild.id,
  );
  return { e, client };
}

function joinRow(label = 'Join', id = 'join') {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId(id).setLabel(label).setStyle(ButtonStyle.Primary));
}

/** Capture the error of a promise (or undefined). */
async function errorOf(p: Promise<unknown>): Promise<DiscordAPIError | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return err as DiscordAPIError;
  }
}

describe('Discord emulator', () => {
  it('logs a client in: clientReady, guild, channel and bot member cached', async () => {
    const { e, client } = await setup();
    const guild = client.guilds.cache.get(e.guild.id)!;
    expect(guild.name).toBe(e.guild.name);
    expect(guild.members.me?.id).toBe(e.botUserId);
    const channel = guild.channels.cache.get(e.channel) as TextChannel;
    expect(channel.isTextBased()).toBe(true);
    expect(channel.permissionsFor(guild.members.me!).has(PermissionFlagsBits.SendMessages)).toBe(true);
    expect(client.user?.id).toBe(e.botUserId);
    expect(e.liveSessions).toBe(1);
    expect(e.violations).toEqual([]);
  });

  it('registers commands by bulk overwrite and rejects invalid ones', async () => {
    const { e, client } = await setup();
    const cmds = e.commands(e.guild.id);
    expect(cmds.map((c) => c.name)).toEqual(['ping', 'suspicion', 'admin']);
    expect(cmds.every((c) => typeof c.id === 'string' && BigInt(c.id as string) > 0n)).toBe(true);
    expect(cmds.find((c) => c.name === 'admin')!.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    // Same name keeps its id on a later overwrite; global scope is separate.
    const again = await client.application!.commands.set([new SlashCommandBuilder().setName('ping').setDescription('Ping!')], e.guild.id);
    expect(again.first()!.id).toBe(cmds[0]!.id);
    await client.application!.commands.set([new SlashCommandBuilder().setName('hand').setDescription('Your hand')]);
    expect(e.commands().map((c) => c.name)).toEqual(['hand']);
    expect(e.violations).toEqual([]);
    const err = await errorOf(client.rest.put(Routes.applicationCommands(e.applicationId), { body: [{ name: 'Bad Name', description: 'x' }] }));
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect(err!.code).toBe(50035);
    expect(e.violations.map((v) => v.kind)).toEqual(['invalid-body']);
  });

  it('answers a slash command with an ephemeral reply only its user sees', async () => {
    const { e } = await setup(async (i) => {
      if (i.isChatInputCommand() && i.commandName === 'suspicion') {
        const seats = i.options.getInteger('seats', true);
        const guest = i.options.getUser('guest');
        await i.reply({ content: `${i.options.getSubcommand()} ${seats} ${guest?.id ?? '-'}`, flags: MessageFlags.Ephemeral });
      }
    });
    const ana = e.addUser('Ana');
    const ben = e.addUser('Ben');
    const r = await ana.slash('suspicion new', { seats: 4, guest: ben });
    expect(r.callbackType).toBe(4);
    expect(r.ackMs).toBeLessThan(3000);
    expect(r.message?.content).toBe(`new 4 ${ben.id}`);
    expect(r.message?.ephemeral).toBe(true);
    expect(r.message?.visibleTo).toEqual([ana.id]);
    expect(ana.visibleMessages().map((m) => m.id)).toEqual([r.message!.id]);
    expect(ben.visibleMessages()).toEqual([]);
    expect(e.messages()).toEqual([]);
    // The Discord client itself refuses bad input and hidden commands.
    expect(() => ana.slash('suspicion new', { seats: 9 })).toThrow(/≤ 6/);
    expect(() => ana.slash('admin')).toThrow(/hidden/);
    expect(e.violations).toEqual([]);
  });

  it('updates the clicked message in place, also with a select menu', async () => {
    const { e } = await setup(async (i) => {
      if (i.isChatInputCommand()) {
        const menu = new StringSelectMenuBuilder()
          .setCustomId('seat')
          .setPlaceholder('Seats')
          .addOptions({ label: 'Three', value: '3' }, { label: 'Four', value: '4' });
        await i.reply({ content: 'Lobby: nobody', components: [joinRow(), new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)] });
      } else if (i.isButton()) {
        await i.update({ content: `Lobby: ${i.user.id}`, components: [joinRow('Leave', 'leave')] });
      } else if (i.isStringSelectMenu()) {
        await i.update({ content: `Seats: ${i.values.join(',')}` });
      }
    });
    const ana = e.addUser('Ana');
    const lobby = (await ana.slash('ping')).message!;
    expect(buttonLabels(lobby)).toEqual(['Join']);
    const picked = await ana.select(lobby, 'Seats', ['4']);
    expect(picked.callbackType).toBe(7);
    expect(picked.message?.content).toBe('Seats: 4');
    const r = await ana.click(lobby, 'Join');
    expect(r.callbackType).toBe(7);
    expect(r.message?.id).toBe(lobby.id);
    expect(r.message?.content).toBe(`Lobby: ${ana.id}`);
    expect(r.message?.edited_timestamp).not.toBeNull();
    expect(buttonLabels(e.message(lobby.id)!)).toEqual(['Leave']);
    expect(e.messages()).toHaveLength(1);
    expect(() => ana.click(lobby, 'Join')).toThrow(/no component/);
    expect(e.violations).toEqual([]);
  });

  it('tells when a message answered with a deferred update is next edited (nextEdit)', async () => {
    const { e } = await setup(async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply({ content: 'Panel v1', components: [joinRow('Play', 'play'), joinRow('Pass', 'pass')] });
      } else if (i.isButton()) {
        await i.deferUpdate();
        if (i.customId === 'pass') return;
        await new Promise((r) => setTimeout(r, 50));
        await i.editReply({ content: 'Panel v2' });
      }
    });
    const ana = e.addUser('Ana');
    const panel = (await ana.slash('ping')).message!;
    const played = await ana.click(panel, 'Play');
    expect(played.callbackType).toBe(6);
    const edited = played.nextEdit(5000);
    expect(played.message?.content).toBe('Panel v1');
    expect((await edited)?.content).toBe('Panel v2');
    // A deferred update the bot never follows with an edit: nothing to wait for.
    const passed = await ana.click(e.message(panel.id)!, 'Pass');
    expect(passed.callbackType).toBe(6);
    expect(await passed.nextEdit(200)).toBeUndefined();
    expect(e.violations).toEqual([]);
  });

  it('defers a reply, then edits it; follows up ephemerally', async () => {
    const { e } = await setup(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await new Promise((r) => setTimeout(r, 50));
      await i.editReply('Table ready');
      await i.followUp({ content: 'Your hand: 3 cards', flags: MessageFlags.Ephemeral });
    });
    const ana = e.addUser('Ana');
    const ben = e.addUser('Ben');
    const r = await ana.slash('ping');
    expect(r.callbackType).toBe(5);
    await e.waitFor(() => r.followUps().length === 1);
    expect(r.message?.content).toBe('Table ready');
    expect(r.message?.ephemeral).toBe(false);
    expect(r.message!.flags & MessageFlags.Loading).toBe(0);
    const [hand] = r.followUps();
    expect(hand!.ephemeral).toBe(true);
    expect(ana.canSee(hand!)).toBe(true);
    expect(ben.canSee(hand!)).toBe(false);
    expect(ben.visibleMessages().map((m) => m.content)).toEqual(['Table ready']);
    expect(e.violations).toEqual([]);
  });

  it('opens a modal from a button and updates the message on submit', async () => {
    const { e } = await setup(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'Table', components: [joinRow('Rename', 'rename')] });
      else if (i.isButton()) {
        const input = new TextInputBuilder().setCustomId('name').setStyle(TextInputStyle.Short).setMaxLength(20);
        await i.showModal(new ModalBuilder().setCustomId('rename').setTitle('Rename').addLabelComponents(new LabelBuilder().setLabel('Name').setTextInputComponent(input)));
      } else if (i.isModalSubmit() && i.isFromMessage()) {
        await i.update({ content: `Table: ${i.fields.getTextInputValue('name')}` });
      }
    });
    const ana = e.addUser('Ana');
    const table = (await ana.slash('ping')).message!;
    const opened = await ana.click(table, 'Rename');
    expect(opened.callbackType).toBe(9);
    expect(opened.modal).toMatchObject({ custom_id: 'rename', title: 'Rename' });
    expect(() => ana.submitModal(opened, { name: 'x'.repeat(21) })).toThrow(/at most 20/);
    const submitted = await ana.submitModal(opened, { name: 'Salon' });
    expect(submitted.callbackType).toBe(7);
    expect(e.message(table.id)?.content).toBe('Table: Salon');
    expect(e.violations).toEqual([]);
  });

  it('rejects a second initial response with 40060', async () => {
    let second: DiscordAPIError | undefined;
    const { e } = await setup(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('first');
      second = await errorOf(
        i.client.rest.post(Routes.interactionCallback(i.id, i.token), { body: { type: 4, data: { content: 'second' } }, auth: false }),
      );
    });
    const ana = e.addUser('Ana');
    await ana.slash('ping');
    await e.waitFor(() => second);
    expect(second).toBeInstanceOf(DiscordAPIError);
    expect(second!.status).toBe(400);
    expect(second!.code).toBe(40060);
    expect(e.messages().map((m) => m.content)).toEqual(['first']);
  });

  it('rejects a reply after the acknowledgement deadline with 10062', async () => {
    let late: DiscordAPIError | undefined;
    const { e } = await setup(
      async (i) => {
        if (!i.isChatInputCommand()) return;
        await new Promise((r) => setTimeout(r, 250));
        late = await errorOf(i.reply('too late'));
      },
      { ackTimeoutMs: 150 },
    );
    const ana = e.addUser('Ana');
    const r = await ana.slash('ping');
    expect(r.timedOut).toBe(true);
    expect(r.error).toMatchObject({ code: 10062 });
    await e.waitFor(() => late);
    expect(late!.status).toBe(404);
    expect(late!.code).toBe(10062);
    expect(e.violations.map((v) => v.kind)).toEqual(['ack-timeout']);
  });

  it('rejects an invalid body (6 action rows) with 400 and records a violation', async () => {
    let err: DiscordAPIError | undefined;
    const { e } = await setup(async (i) => {
      if (!i.isChatInputCommand()) return;
      const rows = Array.from({ length: 6 }, (_, n) => joinRow(`B${n}`, `b${n}`));
      err = await errorOf(i.reply({ content: 'too many rows', components: rows }));
    });
    const ana = e.addUser('Ana');
    const r = await ana.slash('ping');
    expect(r.error).toEqual({ status: 400, code: 50035, message: 'Invalid Form Body' });
    expect(r.callbackType).toBeNull();
    await e.waitFor(() => err);
    expect(err!.code).toBe(50035);
    expect(e.violations).toHaveLength(1);
    expect(e.violations[0]!.kind).toBe('invalid-body');
    expect(e.violations[0]!.problems!.join()).toMatch(/data\.components.*5 or fewer/);
  });

  it('sends, edits and deletes channel messages; 10008 afterwards', async () => {
    const { e, client } = await setup();
    const channel = (await client.channels.fetch(e.channel)) as TextChannel;
    const sent = await channel.send({ content: 'Board', components: [joinRow()] });
    expect(e.messages().map((m) => m.content)).toEqual(['Board']);
    await sent.edit('Board v2');
    expect(e.message(sent.id)?.content).toBe('Board v2');
    const reply = await sent.reply('Reply');
    expect(e.message(reply.id)).toMatchObject({ type: 19, message_reference: { message_id: sent.id } });
    const fetched = await channel.messages.fetch({ limit: 10 });
    expect(fetched.map((m) => m.content)).toEqual(['Reply', 'Board v2']);
    await reply.delete();
    await sent.delete();
    expect(e.messages()).toEqual([]);
    const err = await errorOf(client.rest.patch(Routes.channelMessage(e.channel, sent.id), { body: { content: 'ghost' } }));
    expect(err!.status).toBe(404);
    expect(err!.code).toBe(10008);
    // A moderator deletes the board: the bot's next edit fails the same way.
    const board = await channel.send('Board 2');
    e.deleteMessage(e.channel, board.id);
    expect((await errorOf(board.edit('x')))!.code).toBe(10008);
    expect(e.violations).toEqual([]);
  });

  it('answers 50013 when the bot lacks a channel permission', async () => {
    const { e, client } = await setup();
    const quiet = e.addChannel('quiet', { botPermissions: PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages });
    const channel = (await client.channels.fetch(quiet)) as TextChannel;
    const embedErr = await errorOf(channel.send({ embeds: [{ description: 'needs EmbedLinks' }] }));
    expect(embedErr!.status).toBe(403);
    expect(embedErr!.code).toBe(50013);
    e.setBotPermissions(quiet, PermissionFlagsBits.ViewChannel);
    expect((await errorOf(channel.send('hello')))!.code).toBe(50013);
    expect(e.messages(quiet)).toEqual([]);
    expect(e.violations).toEqual([]);
  });

  it('delivers two clicks dispatched in the same millisecond', async () => {
    const seen: string[] = [];
    const { e } = await setup(async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'Race', components: [joinRow()] });
      else if (i.isButton()) {
        seen.push(i.id);
        await i.reply({ content: `joined ${i.user.id}`, flags: MessageFlags.Ephemeral });
      }
    });
    const ana = e.addUser('Ana');
    const ben = e.addUser('Ben');
    const board = (await ana.slash('ping')).message!;
    const [a, b] = await e.simultaneous([() => ana.click(board, 'join'), () => ben.click(board, 'join')]);
    expect(snowflakeTime(a!.interactionId)).toBe(snowflakeTime(b!.interactionId));
    expect(a!.interactionId).not.toBe(b!.interactionId);
    expect(seen.sort()).toEqual([a!.interactionId, b!.interactionId].sort());
    expect(a!.message?.content).toBe(`joined ${ana.id}`);
    expect(b!.message?.content).toBe(`joined ${ben.id}`);
    expect(e.violations).toEqual([]);
  });

  it('lets a new client log in after the first one is destroyed', async () => {
    const { e, client } = await setup();
    await client.destroy();
    clients.splice(clients.indexOf(client), 1);
    await e.waitFor(() => e.liveSessions === 0);
    const second = await connect(e, async (i) => {
      if (i.isChatInputCommand()) await i.reply('second client');
    });
    expect(second.guilds.cache.has(e.guild.id)).toBe(true);
    const r = await e.addUser('Ana').slash('ping');
    expect(r.message?.content).toBe('second client');
    expect(e.violations).toEqual([]);
  });

  it('records pings filtered by allowed_mentions', async () => {
    const { e, client } = await setup();
    const ana = e.addUser('Ana');
    const ben = e.addUser('Ben');
    const channel = (await client.channels.fetch(e.channel)) as TextChannel;
    const m = await channel.send({ content: `${ana.mention} and ${ben.mention}, your turn`, allowedMentions: { users: [ben.id] } });
    expect(e.pings.get(m.id)).toEqual([ben.id]);
    expect(ben.pings().map((x) => x.id)).toEqual([m.id]);
    expect(ana.pings()).toEqual([]);
    expect(e.violations).toEqual([]);
  });

  it('expires interaction tokens and refuses channel edits of ephemeral messages', async () => {
    let expired: DiscordAPIError | undefined;
    let viaChannel: DiscordAPIError | undefined;
    const { e } = await setup(
      async (i) => {
        if (!i.isChatInputCommand()) return;
        const reply = await i.reply({ content: 'secret', flags: MessageFlags.Ephemeral, withResponse: true });
        viaChannel = await errorOf(i.client.rest.patch(Routes.channelMessage(i.channelId, reply.resource!.message!.id), { body: { content: 'x' } }));
        await new Promise((r) => setTimeout(r, 120));
        expired = await errorOf(i.editReply('later'));
      },
      { tokenTtlMs: 100 },
    );
    await e.addUser('Ana').slash('ping');
    await e.waitFor(() => expired);
    expect(viaChannel!.code).toBe(10008);
    expect(expired!.status).toBe(401);
    expect(expired!.code).toBe(50027);
  });

  it('rate-limits channel messages when enabled; discord.js waits and retries', async () => {
    const { e, client } = await setup(undefined, { rateLimit: { limit: 2, windowMs: 300 } });
    const channel = (await client.channels.fetch(e.channel)) as TextChannel;
    const start = Date.now();
    await Promise.all([channel.send('1'), channel.send('2'), channel.send('3')]);
    expect(Date.now() - start).toBeGreaterThanOrEqual(200);
    expect(e.messages().map((m) => m.content).sort()).toEqual(['1', '2', '3']);
    // A client that ignores the headers gets a 429 with retry_after.
    const post = () =>
      fetch(`${e.apiBase}/v10/channels/${e.channel}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${e.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'spam' }),
      });
    let limited: Response | undefined;
    for (let n = 0; n < 6 && !limited; n++) {
      const res = await post();
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expect(limited!.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited!.json()) as { retry_after: number }).retry_after).toBeGreaterThan(0);
    expect(e.violations).toEqual([]);
  });

  it('re-identifies after a gateway drop (RESUME is answered with op 9)', async () => {
    const { e } = await setup(async (i) => {
      if (i.isChatInputCommand()) await i.reply('still here');
    });
    await e.reconnectGateway();
    await e.waitFor(() => e.liveSessions === 1, { timeoutMs: 9000 });
    const frames = e.gatewayFrames.filter((f) => f.connection > 1).map((f) => (f.t ? `${f.dir} ${f.t}` : `${f.dir} ${f.op}`));
    expect(frames).toEqual(expect.arrayContaining(['in 6', 'out 9', 'in 2', 'out READY', 'out GUILD_CREATE']));
    const r = await e.addUser('Ana').slash('ping');
    expect(r.message?.content).toBe('still here');
    expect(e.violations).toEqual([]);
  }, 15_000);

  it('uploads files, reacts, types, and refuses DMs with 50007', async () => {
    const { e, client } = await setup();
    const ana = e.addUser('Ana');
    const channel = (await client.channels.fetch(e.channel)) as TextChannel;
    await channel.sendTyping();
    const m = await channel.send({ content: 'board', files: [{ attachment: Buffer.from('png'), name: 'board.png' }] });
    expect(e.message(m.id)!.attachments).toMatchObject([{ filename: 'board.png', size: 3 }]);
    // The invite grants no Add Reactions (the bot never reacts): refused until a test grants it.
    expect((await errorOf(m.react('🃏')))!.code).toBe(50013);
    e.setBotPermissions(e.channel, DEFAULT_BOT_PERMISSIONS | PermissionFlagsBits.AddReactions);
    await m.react('🃏');
    expect(e.message(m.id)!).toMatchObject({ reactions: [{ emoji: { name: '🃏' }, count: 1, me: true }] });
    const user = await client.users.fetch(ana.id);
    const dm = await errorOf(user.send('your hand'));
    expect(dm!.status).toBe(403);
    expect(dm!.code).toBe(50007);
    expect(e.violations).toEqual([]);
  });

  it('records unknown routes and unauthorised requests as violations', async () => {
    const { e } = await setup();
    const res = await fetch(`${e.apiBase}/v10/channels/${e.channel}/webhooks`, { method: 'POST', headers: { authorization: `Bot ${e.token}` } });
    expect(res.status).toBe(404);
    const unauth = await fetch(`${e.apiBase}/v10/channels/${e.channel}/messages`, { method: 'POST', body: '{}' });
    expect(unauth.status).toBe(401);
    expect(e.violations.map((v) => v.kind)).toEqual(['unknown-route', 'unauthorized']);
  });
});
