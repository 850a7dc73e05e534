/**
 * The emulator shards like Discord (https://discord.com/developers/docs/events/gateway#sharding):
 * GET /gateway/bot reports the configured count, and a session that IDENTIFYs with
 * `shard: [id, count]` gets only the guilds with `(guild_id >> 22) % count === id` — in READY,
 * GUILD_CREATE and interactions. Real discord.js clients, one per shard.
 */
import { Client, Events, GatewayIntentBits, SlashCommandBuilder, type Interaction } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscordEmulator } from '../../src/local/emulator/index.js';
import { shardOfGuild } from '../../src/local/emulator/gateway.js';

let emu: DiscordEmulator | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.destroy();
  await emu?.stop();
  emu = undefined;
});

/** Add guilds until one is on the other shard of two than the default guild (ids are time-based snowflakes). */
async function guildOnOtherShard(e: DiscordEmulator): Promise<{ guildId: string; channelId: string }> {
  const want = 1 - shardOfGuild(e.guild.id, 2);
  for (let tries = 0; tries < 50; tries++) {
    const g = e.addGuild(`Other ${tries}`, `Owner ${tries}`);
    if (shardOfGuild(g.guildId, 2) === want) return g;
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  throw new Error('no guild landed on the other shard');
}

async function connect(e: DiscordEmulator, shard: number, seen: Interaction[]): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: e.apiBase }, shards: [shard], shardCount: 2 });
  clients.push(client);
  client.on(Events.InteractionCreate, (i) => {
    seen.push(i);
    if (i.isChatInputCommand()) void i.reply({ content: `shard ${shard}` });
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(e.token);
  await ready;
  return client;
}

describe('emulator sharding', () => {
  it('reports the shard count and routes each guild to its shard only', async () => {
    const e = await DiscordEmulator.start({ shards: 2 });
    emu = e;
    const info = (await (await fetch(`${e.apiBase}/v10/gateway/bot`, { headers: { Authorization: `Bot ${e.token}` } })).json()) as { shards: number };
    expect(info.shards).toBe(2);
    const other = await guildOnOtherShard(e);
    const home = shardOfGuild(e.guild.id, 2);
    const seen: Interaction[][] = [[], []];
    const byShard = [await connect(e, 0, seen[0]!), await connect(e, 1, seen[1]!)];
    await e.waitFor(() => byShard.every((c) => c.guilds.cache.size > 0));
    // Each shard holds exactly the guilds the formula gives it.
    const all = [e.guild.id, ...[...byShard[0]!.guilds.cache.keys(), ...byShard[1]!.guilds.cache.keys()]];
    for (const [shard, client] of byShard.entries()) {
      for (const id of client.guilds.cache.keys()) expect(shardOfGuild(id, 2)).toBe(shard);
    }
    expect(byShard[home]!.guilds.cache.has(e.guild.id)).toBe(true);
    expect(byShard[1 - home]!.guilds.cache.has(e.guild.id)).toBe(false);
    expect(byShard[1 - home]!.guilds.cache.has(other.guildId)).toBe(true);
    expect(new Set(all).size).toBe(byShard[0]!.guilds.cache.size + byShard[1]!.guilds.cache.size);
    expect(e.sessionsByShard()).toEqual(new Map([[0, 1], [1, 1]]));

    // A command in each guild reaches only the shard that owns it.
    await byShard[0]!.application!.commands.set([new SlashCommandBuilder().setName('ping').setDescription('Ping')]);
    const here = e.addUser('Here');
    const there = e.addUser('There', { guildId: other.guildId });
    expect(there.guildId).toBe(other.guildId);
    expect((await here.slash('ping')).message?.content).toBe(`shard ${home}`);
    expect((await there.slash('ping')).message?.content).toBe(`shard ${1 - home}`);
    expect(seen[home]!.map((i) => i.guildId)).toEqual([e.guild.id]);
    expect(seen[1 - home]!.map((i) => i.guildId)).toEqual([other.guildId]);
  });

  it('closes a session that names an impossible shard with 4010 (Invalid shard)', async () => {
    const e = await DiscordEmulator.start({ shards: 2 });
    emu = e;
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`${e.gatewayUrl}?v=10&encoding=json`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as { op: number };
      if (msg.op === 10) ws.send(JSON.stringify({ op: 2, d: { token: e.token, intents: 1, properties: {}, shard: [2, 2] } }));
    });
    expect(await closed).toBe(4010);
  });
});
