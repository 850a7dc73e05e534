/**
 * The local-play server without a browser (README → Configuration, "Local play"): the page
 * API refuses other websites (cross-origin, wrong Host, non-JSON bodies) and malformed input
 * with a plain 400 that changes nothing; bad page input gets Discord's answer; a user's
 * client language reaches the bot as `interaction.locale`; a request Discord would refuse is
 * logged and shown as a banner; the world (channels, users, messages, dismissed panels) is
 * saved atomically and comes back after a restart.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Events, PermissionFlagsBits } from 'discord.js';
import { pino } from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { INVITE_PERMISSIONS } from '../../src/invite.js';
import { startLocalPlay, type LocalPlay } from '../../src/local/play.js';
import { WorldFileUnreadableError } from '../../src/local/world-file.js';
import { dataDir, localConfig, startLocal, until } from './support.js';

/** A raw HTTP request with exactly the headers given (fetch would add or forbid some). */
function raw(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers ?? {} }, (res) => {
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('local play: the page API', () => {
  let play: LocalPlay;
  const data = dataDir();
  const logs: Array<{ level: number; msg: string; kind?: string }> = [];
  let host: string;

  beforeAll(async () => {
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    play = await startLocalPlay(localConfig(data.dir), { logger, createApp });
    host = `127.0.0.1:${play.emulator.port}`;
  });

  afterAll(async () => {
    await play?.stop();
    data.cleanup();
  });

  const post = (action: string, body: unknown, headers: Record<string, string> = {}) =>
    raw(`${play.url}/local/api/${action}`, { method: 'POST', headers: { 'content-type': 'application/json', host, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const view = async (as?: string, channel?: string) => {
    const params = new URLSearchParams();
    if (as) params.set('as', as);
    if (channel) params.set('channel', channel);
    return (await fetch(`${play.url}/local/api/view?${params}`)).json() as Promise<Record<string, any>>;
  };

  it('refuses another website: cross-origin, wrong Host (DNS rebinding), non-JSON bodies — and changes nothing', async () => {
    const before = play.emulator.channels().length;
    const crossOrigin = await post('channels', { name: 'evil' }, { origin: 'http://evil.example' });
    expect(crossOrigin.status).toBe(403);
    expect(JSON.parse(crossOrigin.body).error).toMatch(/not allowed/);
    const crossSite = await post('channels', { name: 'evil' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const rebinding = await post('channels', { name: 'evil' }, { host: `attacker.example:${play.emulator.port}` });
    expect(rebinding.status).toBe(403);
    expect(JSON.parse(rebinding.body).error).toMatch(/Host "attacker\.example/);
    const rebindingNoPort = await raw(`${play.url}/local/api/view`, { headers: { host: 'rebind.attacker.example' } });
    expect(rebindingNoPort.status).toBe(403);
    // Names of this machine pass, whatever port a mapping shows.
    expect((await raw(`${play.url}/local/api/view`, { headers: { host: 'localhost:8080' } })).status).toBe(200);
    expect((await raw(`${play.url}/local/api/view`, { headers: { host: '[::1]:3000' } })).status).toBe(200);
    const form = await raw(`${play.url}/local/api/channels`, { method: 'POST', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=evil' });
    expect(form.status).toBe(415);
    const textPlain = await raw(`${play.url}/local/api/channels`, { method: 'POST', headers: { host, 'content-type': 'text/plain' }, body: '{"name":"evil"}' });
    expect(textPlain.status).toBe(415);
    expect(play.emulator.channels()).toHaveLength(before);
    // The page itself (same origin) is fine.
    const ok = await post('channels', { name: 'Side Room' }, { origin: `http://${host}` });
    expect(ok.status).toBe(200);
    expect(play.emulator.channels().at(-1)!.name).toBe('side-room');
  });

  it('keeps browsers off the emulated Discord API and gateway', async () => {
    const apiFromPage = await raw(`${play.url}/api/v10/gateway`, { headers: { host, origin: `http://${host}` } });
    expect(apiFromPage.status).toBe(403);
    const apiBadHost = await raw(`${play.url}/api/v10/gateway`, { headers: { host: `evil.example:${play.emulator.port}` } });
    expect(apiBadHost.status).toBe(403);
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://${host}/?v=10&encoding=json`, { headers: { origin: 'http://evil.example' } });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('error', () => undefined);
    });
    expect(refused).toBe(403);
    expect(play.emulator.violations).toEqual([]);
  });

  it('answers malformed bodies with 400 and a message, and never crashes', async () => {
    const bad = await post('slash', '{"as": ');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error).toMatch(/not valid JSON/);
    const missing = await post('slash', { channel: '1' });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body).error).toMatch(/Invalid request: as/);
    const extra = await post('users', { name: 'Dee', admin: true });
    expect(extra.status).toBe(400);
    const big = await post('message', JSON.stringify({ as: '1', channel: '1', content: 'x'.repeat(70_000) }));
    expect(big.status).toBe(413);
    const unknown = await post('launch-missiles', {});
    expect(unknown.status).toBe(404);
    const get = await raw(`${play.url}/local/api/slash`, { headers: { host } });
    expect(get.status).toBe(405);
    expect((await fetch(`${play.url}/`)).status).toBe(200); // still serving
  });

  it('bad page input gets the answer Discord would give', async () => {
    const v = await view();
    const [ana, ben] = v.members as Array<{ id: string }>;
    const channel = v.channel as string;
    // An option out of range never reaches the bot (Discord's client refuses it).
    const outOfRange = await post('slash', { as: ana!.id, channel, command: 'phantom new', options: { seats: 9 } });
    expect(outOfRange.status).toBe(400);
    expect(JSON.parse(outOfRange.body).error).toMatch(/seats must be ≤ 4/);
    // An admin command is hidden from a member without Manage Server.
    const hidden = await post('slash', { as: ben!.id, channel, command: 'admin tables' });
    expect(hidden.status).toBe(400);
    expect(((await view(ben!.id)).commands as Array<{ name: string }>).map((c) => c.name)).not.toContain('admin');
    expect(((await view(ana!.id)).commands as Array<{ name: string }>).map((c) => c.name)).toContain('admin');
    // A click on a button that is no longer on the message still reaches the bot, which answers.
    const lobby = JSON.parse((await post('slash', { as: ana!.id, channel, command: 'phantom new', options: { seats: 2 } })).body);
    expect(lobby.callbackType).toBe(4);
    const stale = JSON.parse((await post('click', { as: ben!.id, message: lobby.messageId, customId: 'rh1:g:999999:0:zz' })).body);
    expect(stale.error).toBeNull();
    expect(stale.callbackType).not.toBeNull();
    // Clicking on a message you cannot see (someone's ephemeral) is Unknown Message.
    const panel = JSON.parse((await post('slash', { as: ana!.id, channel, command: 'phantom rules' })).body);
    expect(play.emulator.message(panel.messageId)!.ephemeral).toBe(true);
    const notYours = await post('click', { as: ben!.id, message: panel.messageId, customId: 'anything' });
    expect(notYours.status).toBe(404);
    expect(((await view(ben!.id, channel)).messages as Array<{ id: string }>).map((m) => m.id)).not.toContain(panel.messageId);
    // Dismiss hides it from its owner.
    expect((await post('dismiss', { as: ana!.id, message: panel.messageId })).status).toBe(200);
    expect(((await view(ana!.id, channel)).messages as Array<{ id: string }>).map((m) => m.id)).not.toContain(panel.messageId);
    // Typed text that is no command is a plain message, as on Discord.
    const text = JSON.parse((await post('message', { as: ben!.id, channel, content: 'hello <@' + ana!.id + '>' })).body);
    expect(play.emulator.message(text.messageId)!.author.id).toBe(ben!.id);
    expect(play.emulator.pingedBy(text.messageId)).toEqual([ana!.id]);
    expect(((await view(ana!.id)).members as Array<{ id: string; unreadPings: number }>).find((m) => m.id === ana!.id)!.unreadPings).toBeGreaterThan(0);
  });

  it("shows the bot's permissions in a channel (the invite's) and lets a server admin take one away and give it back", async () => {
    const v = await view();
    const channel = v.channel as string;
    const listed = (await view(undefined, channel)).bot as { permissions: Array<{ key: string; name: string; allowed: boolean }> };
    expect(listed.permissions.map((p) => p.key)).toEqual(['ViewChannel', 'SendMessages', 'EmbedLinks', 'AttachFiles', 'ReadMessageHistory', 'CreatePublicThreads', 'SendMessagesInThreads']);
    expect(listed.permissions.every((p) => p.allowed && p.name.length > 0)).toBe(true);
    expect(play.emulator.botPermissions(channel)).toBe(INVITE_PERMISSIONS);
    expect((await post('bot/permission', { channel, permission: 'AttachFiles', allowed: false })).status).toBe(200);
    expect(play.emulator.botPermissions(channel)).toBe(INVITE_PERMISSIONS & ~PermissionFlagsBits.AttachFiles);
    const after = ((await view(undefined, channel)).bot as typeof listed).permissions;
    expect(after.find((p) => p.key === 'AttachFiles')!.allowed).toBe(false);
    expect((await post('bot/permission', { channel, permission: 'AttachFiles', allowed: true })).status).toBe(200);
    expect(play.emulator.botPermissions(channel)).toBe(INVITE_PERMISSIONS);
    // Only the invite's permissions are switches; a bad body changes nothing.
    expect((await post('bot/permission', { channel, permission: 'Administrator', allowed: true })).status).toBe(400);
    expect((await post('bot/permission', { channel: '123456789012345678', permission: 'AttachFiles', allowed: false })).status).toBe(404);
    expect(play.emulator.botPermissions(channel)).toBe(INVITE_PERMISSIONS);
  });

  it("sets interaction.locale from the user's client language, and Manage Server from the switch", async () => {
    const v = await view();
    const ben = (v.members as Array<{ id: string }>)[1]!;
    const seen: Array<{ locale: string; manage: boolean }> = [];
    const listener = (i: { locale: string; memberPermissions: { has: (p: bigint) => boolean } | null }) => seen.push({ locale: i.locale, manage: Boolean(i.memberPermissions?.has(32n)) });
    play.app.client.on(Events.InteractionCreate, listener as never);
    try {
      expect((await post('users/update', { user: ben.id, locale: 'es-ES', manageGuild: true })).status).toBe(200);
      const r = JSON.parse((await post('slash', { as: ben.id, channel: v.channel, command: 'admin tables' })).body);
      expect(r.error).toBeNull();
      await until(() => seen.length > 0, 'the interaction');
      expect(seen.at(-1)).toEqual({ locale: 'es-ES', manage: true });
      expect((await post('users/update', { user: ben.id, locale: 'xx-XX' })).status).toBe(400);
      const owner = (v.members as Array<{ id: string }>)[0]!;
      expect((await post('users/update', { user: owner.id, manageGuild: false })).status).toBe(400);
    } finally {
      play.app.client.off(Events.InteractionCreate, listener as never);
    }
  });

  it('a request Discord would refuse is logged and shown as a banner', async () => {
    const channel = play.emulator.channel;
    const res = await fetch(`${play.emulator.apiBase}/v10/channels/${channel}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${play.emulator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(2001) }),
    });
    expect(res.status).toBe(400);
    await until(() => logs.some((l) => l.msg.includes('Discord would refuse')), 'the log line');
    expect(logs.find((l) => l.msg.includes('Discord would refuse'))).toMatchObject({ level: 50, kind: 'invalid-body' });
    const banners = (await view()).banners as Array<{ message: string }>;
    expect(banners.at(-1)!.message).toMatch(/POST \/channels\/:channel\/messages: .*content/);
  });
});

describe('local play: the world survives a restart', () => {
  it('keeps channels, users, messages and dismissed panels; writes atomically', { timeout: 60_000 }, async () => {
    const data = dataDir();
    try {
      let play = await startLocal(data.dir);
      const port = play.emulator.port;
      const host = { 'content-type': 'application/json' };
      const api = (action: string, body: unknown) => fetch(`${play.url}/local/api/${action}`, { method: 'POST', headers: host, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, any>>);
      const [ana] = play.emulator.members();
      await api('channels', { name: 'after-hours' });
      const { user: dee } = await api('users', { name: 'Dee' });
      await api('users/update', { user: dee, name: 'Deedee', locale: 'fr' });
      const lobby = await api('slash', { as: ana!.id, channel: play.emulator.channel, command: 'phantom new', options: { seats: 2 } });
      const rules = await api('slash', { as: ana!.id, channel: play.emulator.channel, command: 'phantom rules' });
      await api('dismiss', { as: ana!.id, message: rules.messageId });
      const worldPath = join(data.dir, 'local.world.json');
      const saved = JSON.parse(readFileSync(worldPath, 'utf8'));
      expect(saved.messages.map((m: { id: string }) => m.id)).toContain(lobby.messageId);
      expect(saved.messages.map((m: { id: string }) => m.id)).not.toContain(rules.messageId); // dismissed
      expect(readdirSync(data.dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
      expect(play.saves.writes).toBeGreaterThan(0);
      const before = { channels: play.emulator.channels(), members: play.emulator.members(), lobby: play.emulator.message(lobby.messageId) };
      await play.stop();

      play = await startLocal(data.dir, { port });
      try {
        expect(play.emulator.channels()).toEqual(before.channels);
        expect(play.emulator.members()).toEqual(before.members);
        expect(play.emulator.members().find((m) => m.id === dee)).toMatchObject({ name: 'Deedee', locale: 'fr' });
        expect(play.emulator.message(lobby.messageId)!.components).toEqual(before.lobby!.components);
        // An old button keeps working: Dee joins the lobby posted before the restart.
        const joined = await api('click', { as: dee, message: lobby.messageId, customId: (before.lobby!.components[0] as any).components[0].custom_id });
        expect(joined.error).toBeNull();
        await until(() => /Players \(2\/2\)/.test(JSON.stringify(play.emulator.message(lobby.messageId)!.embeds)), 'Dee in the lobby');
        expect(existsSync(worldPath)).toBe(true);
      } finally {
        await play.stop();
      }
    } finally {
      data.cleanup();
    }
  });

  it('a world file that is not one is refused with its path, and left as it is', async () => {
    const data = dataDir();
    try {
      const path = join(data.dir, 'local.world.json');
      writeFileSync(path, '{"format":"something else"}');
      const error = await startLocal(data.dir).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WorldFileUnreadableError);
      expect((error as Error).message).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be read as a local-play world: not a local-play world file`));
      expect(readFileSync(path, 'utf8')).toBe('{"format":"something else"}');
    } finally {
      data.cleanup();
    }
  });
});
