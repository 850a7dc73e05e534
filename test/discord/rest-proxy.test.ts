/**
 * The one REST proxy for every host (docs/operations.md "One REST proxy for every host";
 * src/discord/rest/proxy-server.ts, src/rest-proxy.ts): the real `@discordjs/proxy` in front of
 * the Discord emulator enforcing Discord's global 50/s, with discord.js REST clients as the
 * hosts. In the slow lane (vitest.config.ts SLOW: it holds requests for seconds on purpose, and
 * starts a process).
 * DISCORD_REST_PROXY's and the proxy's configuration: test/unit/config.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REST } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestProxy, type RestProxy } from '../../src/discord/rest/proxy-server.js';
import { DiscordEmulator } from '../../src/local/emulator/index.js';
import { silentLogger } from '../../src/logger.js';

const ROOT = join(import.meta.dirname, '../..');

describe('npm run proxy (its entry)', () => {
  it('exits with code 2 naming every bad variable, no stack trace', { timeout: 120_000 }, () => {
    const cwd = mkdtempSync(join(tmpdir(), 'rh-proxy-'));
    try {
      const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/rest-proxy.ts')], {
        cwd,
        env: { PATH: process.env.PATH, PROXY_PORT: '80800', DISCORD_API_URL: 'http://emu/api/v10' },
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/DISCORD_TOKEN is missing/);
      expect(r.stderr).toMatch(/PROXY_PORT must be a whole port number/);
      expect(r.stderr).toMatch(/DISCORD_API_URL must not end with a version/);
      expect(r.stderr).toMatch(/One REST proxy for every host/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe('@discordjs/proxy in front of the emulator (Discord\'s 50/s enforced)', () => {
  let emu: DiscordEmulator;
  let proxy: RestProxy;
  const hostRest = () => new REST({ api: `${proxy.url}/api`, globalRequestsPerSecond: Infinity }).setToken(emu.token);

  beforeAll(async () => {
    emu = await DiscordEmulator.start({ rateLimit: { globalPerSecond: 50 } });
    proxy = await startRestProxy({ token: emu.token, upstream: emu.apiBase, port: 0, host: '127.0.0.1', logger: silentLogger });
  });
  afterAll(async () => {
    await proxy?.close();
    await emu?.stop();
  });

  it('forwards a message with its picture byte for byte, and its edit', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251))]);
    const rest = hostRest();
    const posted = (await rest.post(Routes.channelMessages(emu.channel), { body: { content: 'board' }, files: [{ name: 'board.png', data: png }] })) as { id: string; attachments: { url: string }[] };
    expect(emu.message(posted.id)?.content).toBe('board');
    const bytes = Buffer.from(await (await fetch(posted.attachments[0]!.url)).arrayBuffer());
    expect(bytes.equals(png)).toBe(true);
    await rest.patch(Routes.channelMessage(emu.channel, posted.id), { body: { content: 'board, edited' } });
    expect(emu.message(posted.id)?.content).toBe('board, edited');
  });

  it('serves one bot token: another token, or none on a global route, is refused (401) and never reaches Discord', async () => {
    const before = emu.requests.length;
    const other = new REST({ api: `${proxy.url}/api`, retries: 0 }).setToken('someone.else');
    await expect(other.get(Routes.channel(emu.channel))).rejects.toMatchObject({ status: 401 });
    const none = await fetch(`${proxy.url}/api/v10/channels/${emu.channel}`);
    expect(none.status).toBe(401);
    expect(emu.requests.length).toBe(before);
    // An interaction webhook carries its token in the URL and no Authorization: forwarded, and
    // Discord's (the emulator's) own answer comes back (an unknown token: 401 Invalid Webhook Token).
    const webhook = await fetch(`${proxy.url}/api/v10/webhooks/${emu.applicationId}/not-a-token/messages/@original`);
    expect(emu.requests.length).toBe(before + 1);
    expect(emu.requests.at(-1)!.route).toMatch(/^GET \/webhooks\//);
    expect(webhook.status).toBe(emu.requests.at(-1)!.status);
  });

  it('two hosts offering more than the limit at once: the proxy lets through at most the limit in any second, no global 429, all answered', { timeout: 60_000 }, async () => {
    // The limit scaled down to 5/s (emulator and proxy alike) so that a loaded machine surely
    // offers more than it.
    const small = await DiscordEmulator.start({ rateLimit: { globalPerSecond: 5 } });
    const gate = await startRestProxy({ token: small.token, upstream: small.apiBase, port: 0, host: '127.0.0.1', logger: silentLogger, perSecond: 5 });
    try {
      const hosts = [0, 1].map(() => new REST({ api: `${gate.url}/api`, globalRequestsPerSecond: Infinity }).setToken(small.token));
      // Eight channels: eight route buckets, sent at once (requests on one bucket go one after another anyway).
      const channels = Array.from({ length: 8 }, (_, i) => small.addChannel(`budget-${i}`));
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => hosts[i % 2]!.get(Routes.channel(channels[i % 8]!)).then(() => 'ok', (err: Error) => err.message)));
      const took = Date.now() - started;
      expect(answers.filter((a) => a !== 'ok')).toEqual([]);
      expect(small.requests.filter((r) => r.status === 429)).toEqual([]);
      const times = small.requests.map((r) => r.time).sort((a, b) => a - b);
      let peak = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 1000) j++;
        peak = Math.max(peak, i - j + 1);
      }
      expect(times).toHaveLength(24);
      expect(peak).toBeLessThanOrEqual(5);
      // 24 requests at ≤ 5 per 1,050 ms: the proxy held them for at least four windows.
      expect(took).toBeGreaterThanOrEqual(4 * 1050);
    } finally {
      await gate.close();
      await small.stop();
    }
  });

  it('a global 429 storm: the proxy pauses for every host, probes once per retry_after, and the hosts\' requests go through after it', { timeout: 30_000 }, async () => {
    const from = emu.requests.length;
    const record = emu.injectRestFault({ kind: 'rate-limit', scope: 'global', retryAfterMs: 500, durationMs: 2000 });
    const hosts = [hostRest(), hostRest()];
    // What the hosts were answered when the proxy gave up on a request (after its own GLOBAL_429_RETRIES): Discord's global 429, headers and all.
    const told: string[] = [];
    for (const host of hosts) host.on('response', (_request, response) => {
      if (response.status === 429) told.push(`${response.headers.get('x-ratelimit-global')} ${response.headers.get('x-ratelimit-scope')} ${response.headers.get('retry-after')}`);
    });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => hosts[i % 2]!.get(Routes.channel(emu.channel)).then(() => 'ok', (err: Error) => err.message)));
    expect(answers.filter((a) => a !== 'ok')).toEqual([]);
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told)).toEqual(new Set(['true global 1']));
    const refused = emu.requests.slice(from).filter((r) => r.status === 429);
    // One probe per retry_after (plus one already on its way), far from 20 requests × their retries.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(Math.ceil(2000 / 500) + 2);
    expect(emu.requests.slice(from).filter((r) => r.status === 200 && r.time < record.endsAt)).toEqual([]);
  });
});
