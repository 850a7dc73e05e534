/**
 * Self-tests of the emulator's Discord rate limits (src/local/emulator/rate-limits.ts,
 * docs/discord.md §4) with a plain discord.js client: per-channel message buckets per
 * method and the global limit on non-interaction routes, announced in `X-RateLimit-*`
 * headers and enforced with 429s — and discord.js, with its default options, honouring them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, Events, GatewayIntentBits, MessageFlags, Routes, SlashCommandBuilder, type Interaction, type TextChannel } from 'discord.js';
import { DiscordEmulator, type EmulatorOptions, type RecordedRequest } from '../../src/local/emulator/index.js';

let emu: DiscordEmulator | undefined;
const clients: Client[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.destroy();
  await emu?.stop();
  emu = undefined;
});

/** Emulator + a logged-in discord.js client (default options) with a /ping command. */
async function setup(options: EmulatorOptions, onInteraction?: (i: Interaction) => Promise<void>): Promise<{ e: DiscordEmulator; client: Client }> {
  const e = await DiscordEmulator.start(options);
  emu = e;
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: e.apiBase } });
  clients.push(client);
  client.on(Events.Error, () => undefined);
  if (onInteraction) client.on(Events.InteractionCreate, (i) => void onInteraction(i).catch(() => undefined));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(e.token);
  await ready;
  await client.application!.commands.set([new SlashCommandBuilder().setName('ping').setDescription('Ping')], e.guild.id);
  return { e, client };
}

/** A raw bot request that ignores every rate-limit header (what a naive client does). */
function raw(e: DiscordEmulator, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${e.apiBase}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${e.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const since = (e: DiscordEmulator, from: number) => e.requests.slice(from);
const channelWrites = (rs: readonly RecordedRequest[]) => rs.filter((r) => r.route.includes('/channels/:channel/messages') && r.method !== 'GET');

describe('emulator rate limits', () => {
  it('announces per-channel buckets per method and refuses the request over the limit with a 429 like Discord', async () => {
    const { e } = await setup({ rateLimit: { limit: 2, windowMs: 2000, globalPerSecond: false } });
    const first = await raw(e, 'POST', `/channels/${e.channel}/messages`, { content: 'one' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    const resetAfter = Number(first.headers.get('x-ratelimit-reset-after'));
    expect(resetAfter).toBeGreaterThan(1.5);
    expect(resetAfter).toBeLessThanOrEqual(2);
    // Reset is the same instant as Unix seconds.
    expect(Math.abs(Number(first.headers.get('x-ratelimit-reset')) - (Date.now() / 1000 + resetAfter))).toBeLessThan(0.5);
    const postBucket = first.headers.get('x-ratelimit-bucket');
    expect(postBucket).toMatch(/^\w+$/);
    const id = ((await first.json()) as { id: string }).id;

    // Editing has its own bucket: this edit is the first of its window.
    expect((await raw(e, 'POST', `/channels/${e.channel}/messages`, { content: 'two' })).status).toBe(200);
    const edit = await raw(e, 'PATCH', `/channels/${e.channel}/messages/${id}`, { content: 'one, edited' });
    expect(edit.status).toBe(200);
    expect(edit.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(edit.headers.get('x-ratelimit-bucket')).not.toBe(postBucket);

    // Another channel has its own window of the same bucket.
    const other = e.addChannel('other');
    const elsewhere = await raw(e, 'POST', `/channels/${other}/messages`, { content: 'elsewhere' });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(elsewhere.headers.get('x-ratelimit-bucket')).toBe(postBucket);

    // The third create in the window: 429, nothing posted.
    const over = await raw(e, 'POST', `/channels/${e.channel}/messages`, { content: 'three' });
    expect(over.status).toBe(429);
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(over.headers.get('x-ratelimit-scope')).toBe('user');
    expect(over.headers.get('x-ratelimit-global')).toBeNull();
    const body = (await over.json()) as { message: string; retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.message).toBe('You are being rate limited.');
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(2);
    // Retry-After is whole seconds, rounded up (Discord's documented example: 65 for 64.57).
    expect(over.headers.get('retry-after')).toBe(String(Math.ceil(body.retry_after)));
    expect(e.messages().map((m) => m.content)).toEqual(['one, edited', 'two']);
    // Reads and deletes have no message bucket here.
    expect((await raw(e, 'GET', `/channels/${e.channel}/messages/${id}`)).headers.get('x-ratelimit-limit')).toBeNull();
    expect(e.violations).toEqual([]);
  });

  it('discord.js waits for the announced reset instead of receiving 429s; buckets are per channel and method', async () => {
    const windowMs = 600;
    const { e, client } = await setup({ rateLimit: { limit: 2, windowMs, globalPerSecond: false } });
    const a = (await client.channels.fetch(e.channel)) as TextChannel;
    const b = (await client.channels.fetch(e.addChannel('b'))) as TextChannel;
    const target = await a.send('target');
    const from = e.requests.length;
    const started = Date.now();
    // Window of channel a's creates already holds 'target': 1 left. 3 creates in a, 3 edits
    // in a, 2 creates in b.
    await Promise.all([
      a.send('a1'),
      a.send('a2'),
      a.send('a3'),
      target.edit('e1'),
      target.edit('e2'),
      target.edit('e3'),
      b.send('b1'),
      b.send('b2'),
    ]);
    const elapsed = Date.now() - started;
    const writes = channelWrites(since(e, from));
    expect(writes.filter((r) => r.status === 429)).toEqual([]);
    expect(writes.every((r) => r.status === 200)).toBe(true);
    expect(e.messages(a.id).map((m) => m.content).sort()).toEqual(['a1', 'a2', 'a3', 'e3']);
    expect(e.messages(b.id).map((m) => m.content).sort()).toEqual(['b1', 'b2']);
    // a3 and e3 had to wait for the next window; b's creates did not.
    const arrival = (content: string) => writes.find((r) => (r.body as { content?: string }).content === content)!.time;
    expect(arrival('a3') - started).toBeGreaterThanOrEqual(windowMs - 100);
    expect(arrival('e3') - arrival('e1')).toBeGreaterThanOrEqual(windowMs - 100);
    expect(arrival('b2') - started).toBeLessThan(windowMs - 100);
    expect(elapsed).toBeLessThan(3 * windowMs);
    expect(e.violations).toEqual([]);
  });

  it('limits non-interaction routes globally per second; discord.js pauses every request until the retry_after, then succeeds', async () => {
    const perSecond = 4;
    const { e, client } = await setup({ rateLimit: { limit: 100, globalPerSecond: perSecond } });
    // A naive client: the fifth request within the second is refused globally.
    await new Promise((r) => setTimeout(r, 1000)); // a fresh global window
    const answers = [];
    for (let n = 0; n < perSecond + 1; n++) answers.push(await raw(e, 'GET', `/channels/${e.channel}`));
    expect(answers.slice(0, perSecond).map((r) => r.status)).toEqual(Array(perSecond).fill(200));
    const refused = answers[perSecond]!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-global')).toBe('true');
    expect(refused.headers.get('x-ratelimit-scope')).toBe('global');
    const body = (await refused.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(true);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(1);
    expect(refused.headers.get('retry-after')).toBe('1');

    // discord.js (its own client-side budget is 50/s) meets the emulator's 4/s: 10 messages
    // to 10 channels, all delivered; after a global 429 nothing new is sent until it expires.
    await new Promise((r) => setTimeout(r, 1000));
    const channels = await Promise.all(Array.from({ length: 10 }, (_, k) => client.channels.fetch(e.addChannel(`g${k}`)) as Promise<TextChannel>));
    const from = e.requests.length;
    await Promise.all(channels.map((c, k) => c.send(`hello ${k}`)));
    for (const [k, c] of channels.entries()) expect(e.messages(c.id).map((m) => m.content)).toEqual([`hello ${k}`]);
    const sent = since(e, from).filter((r) => r.route === 'POST /channels/:channel/messages');
    const globals = sent.filter((r) => r.status === 429);
    expect(globals.length).toBeGreaterThan(0);
    // No retry storm (a client ignoring the 429 would retry hundreds of times in a second):
    // each refused request is retried only once the announced retry_after has passed.
    expect(globals.length).toBeLessThan(2 * channels.length);
    for (const g of globals) {
      const until = g.time + (g.response as { retry_after: number }).retry_after * 1000;
      const retry = sent.find((r) => r.path === g.path && r.time > g.time);
      expect(retry, `retry of ${g.path}`).toBeDefined();
      expect(retry!.time).toBeGreaterThanOrEqual(until - 5);
    }
    expect(e.violations).toEqual([]);
  }, 15_000);

  it('exempts interaction callbacks and interaction webhooks from the global limit', async () => {
    let edited = 0;
    const { e } = await setup({ rateLimit: { globalPerSecond: 1 } }, async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'pong', flags: MessageFlags.Ephemeral });
      await i.editReply('pong, edited');
      await i.followUp({ content: 'and a follow-up', flags: MessageFlags.Ephemeral });
      edited++;
    });
    await new Promise((r) => setTimeout(r, 1000));
    const users = Array.from({ length: 5 }, (_, k) => e.addUser(`U${k}`));
    const from = e.requests.length;
    // Exhaust the global budget, then 5 users × (callback + webhook edit + follow-up) in the same second.
    expect((await raw(e, 'GET', Routes.channel(e.channel))).status).toBe(200);
    expect((await raw(e, 'GET', Routes.channel(e.channel))).status).toBe(429);
    const results = await Promise.all(users.map((u) => u.slash('ping')));
    await e.waitFor(() => edited === users.length);
    expect(results.every((r) => r.error === undefined && r.message?.content === 'pong, edited')).toBe(true);
    const exempt = since(e, from).filter((r) => r.route.startsWith('POST /interactions') || r.route.includes('/webhooks/'));
    expect(exempt).toHaveLength(3 * users.length);
    expect(exempt.every((r) => r.status < 300)).toBe(true);
    expect(e.violations).toEqual([]);
  });

  it('can be switched on and off at run time', async () => {
    const { e } = await setup({});
    for (let n = 0; n < 7; n++) expect((await raw(e, 'POST', `/channels/${e.channel}/messages`, { content: `${n}` })).status).toBe(200);
    e.setRateLimit(true);
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await raw(e, 'POST', `/channels/${e.channel}/messages`, { content: `limited ${n}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    e.setRateLimit(false);
    expect((await raw(e, 'POST', `/channels/${e.channel}/messages`, { content: 'free again' })).status).toBe(200);
  });
});
