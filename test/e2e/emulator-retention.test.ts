/**
 * Self-tests of the emulator's long-run options (`retention`, `onRequest`): bounded logs,
 * forgotten old interactions (their ephemeral messages gone, their tokens refused like
 * expired ones), and a request stream that sees everything the bounded log drops.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, DiscordAPIError, Events, GatewayIntentBits, MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { DiscordEmulator, type RecordedRequest } from '../../src/local/emulator/index.js';

let emu: DiscordEmulator | undefined;
let client: Client | undefined;

afterEach(async () => {
  await client?.destroy();
  await emu?.stop();
  client = emu = undefined;
});

describe('emulator retention', () => {
  it("keeps each user's newest interactions and a bounded log; onRequest sees every request", async () => {
    const e = (emu = await DiscordEmulator.start({ retention: { interactionsPerUser: 2, log: 4 } }));
    const seen: RecordedRequest[] = [];
    e.onRequest((r) => seen.push(r));
    const answered: ChatInputCommandInteraction[] = [];
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: e.apiBase } });
    client.on(Events.InteractionCreate, (i) => {
      if (!i.isChatInputCommand()) return;
      void i.reply({ content: `pong ${answered.length}`, flags: MessageFlags.Ephemeral }).then(() => answered.push(i));
    });
    const ready = new Promise<void>((resolve) => client!.once(Events.ClientReady, () => resolve()));
    await client.login(e.token);
    await ready;
    await client.application!.commands.set([new SlashCommandBuilder().setName('ping').setDescription('Ping')], e.guild.id);

    const ana = e.addUser('Ana');
    const bob = e.addUser('Bob');
    const results = [];
    for (let n = 0; n < 4; n++) results.push(await ana.slash('ping'));
    const bobs = await bob.slash('ping');
    await e.waitFor(() => answered.length === 5);

    // Ana's two oldest are forgotten with their ephemeral replies; the newest two and Bob's stay.
    expect(results.map((r) => e.message(r.message?.id ?? r.interactionId) !== undefined)).toEqual([false, false, true, true]);
    expect(results[3]!.message?.content).toBe('pong 3');
    expect(bobs.message?.content).toBe('pong 4');
    const stale = await answered[0]!.editReply('too late').catch((err: unknown) => err);
    expect(stale).toBeInstanceOf(DiscordAPIError);
    expect((stale as DiscordAPIError).status).toBe(401);
    expect((stale as DiscordAPIError).code).toBe(50027);
    expect((await answered[3]!.editReply('still mine')).content).toBe('still mine');

    // The log holds between 4 and 8 entries; the listener saw all of them.
    expect(e.requests.length).toBeLessThanOrEqual(8);
    expect(e.requests.length).toBeGreaterThanOrEqual(4);
    expect(seen.length).toBeGreaterThan(8);
    expect(seen.at(-1)).toBe(e.requests.at(-1));
    expect(seen.filter((r) => r.route === 'POST /interactions/:interaction/:token/callback')).toHaveLength(5);
    expect(e.violations).toEqual([]);
  });
});
