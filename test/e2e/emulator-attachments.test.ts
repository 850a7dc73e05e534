/**
 * Attachments and Components V2 pictures in the emulator (src/local/emulator/attachments.ts):
 * real discord.js multipart uploads on every message route, the bytes served back, Discord's
 * limits refused with 400 / 50035, and the `attachments` rules of edits.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ButtonBuilder,
  ButtonStyle,
  Client,
  ContainerBuilder,
  Events,
  GatewayIntentBits,
  MediaGalleryBuilder,
  MessageFlags,
  SlashCommandBuilder,
  TextDisplayBuilder,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { Resvg } from '@resvg/resvg-js';
import { DiscordEmulator, type EmulatorOptions } from '../../src/local/emulator/index.js';
import { RETIRED_ATTACHMENT_MS } from '../../src/local/emulator/attachments.js';

/** Move the clock (Date only) past the time a replaced attachment stays servable. */
function afterRetirement(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + RETIRED_ATTACHMENT_MS + 1);
}

let emu: DiscordEmulator | undefined;
const clients: Client[] = [];

afterEach(async () => {
  vi.useRealTimers();
  for (const c of clients.splice(0)) await c.destroy();
  await emu?.stop();
  emu = undefined;
});

const V2 = MessageFlags.IsComponentsV2;

/** A real PNG of `width` × `height` pixels. */
function png(width = 40, height = 20, fill = '#2a6'): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${fill}"/></svg>`;
  return Buffer.from(new Resvg(svg).render().asPng());
}

async function setup(onInteraction?: (i: Interaction) => Promise<void>, options: EmulatorOptions = {}): Promise<{ e: DiscordEmulator; client: Client }> {
  const e = await DiscordEmulator.start(options);
  emu = e;
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: e.apiBase } });
  clients.push(client);
  client.on(Events.Error, () => undefined);
  if (onInteraction) client.on(Events.InteractionCreate, (i) => void onInteraction(i).catch(() => undefined));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(e.token);
  await ready;
  await client.application!.commands.set([new SlashCommandBuilder().setName('board').setDescription('Board')], e.guild.id);
  return { e, client };
}

/** A V2 container: a heading, the picture in a gallery with `alt`, and a button. */
function boardLayout(name = 'board.png', alt = 'The board: 3 suspects left', heading = '## Table 1') {
  return new ContainerBuilder()
    .setAccentColor(0x2a9d8f)
    .addTextDisplayComponents(new TextDisplayBuilder().setContent(heading))
    .addMediaGalleryComponents(new MediaGalleryBuilder().addItems((item) => item.setURL(`attachment://${name}`).setDescription(alt)))
    .addActionRowComponents((row) => row.addComponents(new ButtonBuilder().setCustomId('roll').setLabel('Roll').setStyle(ButtonStyle.Primary)));
}

/** POST / PATCH a multipart body as discord.js does (payload_json + files[n]). */
async function multipart(e: DiscordEmulator, method: string, path: string, payload: object, files: { name: string; data: Buffer; type?: string }[] = []) {
  const form = new FormData();
  files.forEach((f, i) => form.append(`files[${i}]`, new Blob([f.data], { type: f.type ?? 'image/png' }), f.name));
  form.append('payload_json', JSON.stringify(payload));
  const res = await fetch(`${e.apiBase}/v10${path}`, { method, headers: { authorization: `Bot ${e.token}` }, body: form });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, any> };
}

/** The first media of a message's gallery (a Components V2 container's). */
function galleryMedia(m: { components: any[] }): Record<string, any> {
  const gallery = m.components[0].components.find((c: any) => c.type === 12);
  return gallery.items[0].media;
}

describe('emulator attachments', () => {
  it('accepts a V2 message with a picture from discord.js and serves its bytes', async () => {
    const { e, client } = await setup();
    const channel = (await client.channels.fetch(e.channel)) as TextChannel;
    const bytes = png(120, 60);
    const sent = await channel.send({ flags: V2, components: [boardLayout()], files: [{ attachment: bytes, name: 'board.png' }] });
    const att = sent.attachments.first()!;
    expect(att).toMatchObject({ name: 'board.png', size: bytes.length, contentType: 'image/png', width: 120, height: 60 });
    expect(att.url.startsWith(`${e.apiBase.replace(/\/api$/, '')}/attachments/${e.channel}/${att.id}/board.png`)).toBe(true);
    // The gallery's attachment:// reference is echoed resolved, as Discord does.
    expect(galleryMedia(e.message(sent.id)!)).toMatchObject({ url: att.url, attachment_id: att.id, width: 120, height: 60, content_type: 'image/png' });
    const res = await fetch(att.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(e.violations).toEqual([]);
  });

  it('takes pictures on interaction replies, deferred replies, follow-ups and updates', async () => {
    const { e } = await setup(async (i) => {
      if (i.isChatInputCommand()) {
        await i.deferReply({ flags: MessageFlags.Ephemeral });
        await i.editReply({ flags: V2, components: [boardLayout('hand.png', 'Your hand')], files: [{ attachment: png(30, 30), name: 'hand.png' }] });
        await i.followUp({ flags: V2 | MessageFlags.Ephemeral, components: [boardLayout('note.png', 'A note', '## Notes')], files: [{ attachment: png(10, 10), name: 'note.png' }] });
      } else if (i.isButton()) {
        await i.update({ components: [boardLayout('board2.png', 'The board after the roll')], files: [{ attachment: png(50, 25), name: 'board2.png' }] });
      }
    });
    const ana = e.addUser('Ana');
    const r = await ana.slash('board');
    const original = await e.waitFor(() => {
      const m = e.message(r.message!.id)!;
      return m.attachments.length ? m : null;
    });
    expect(original).toMatchObject({ ephemeral: true, attachments: [{ filename: 'hand.png', width: 30, height: 30 }] });
    const followUp = await e.waitFor(() => ana.visibleMessages().find((m) => m.attachments[0]?.filename === 'note.png'));
    expect(followUp.flags & V2).toBe(V2);
    // The button's update replaces the picture (discord.js sends attachments: [{ id: '0' }]).
    const oldUrl = String(original.attachments[0]!.url);
    await ana.click(original, 'roll');
    const updated = await e.waitFor(() => {
      const m = e.message(original.id)!;
      return m.attachments[0]?.filename === 'board2.png' ? m : null;
    });
    expect(updated.attachments).toHaveLength(1);
    // Replaced: still served a while, as Discord's CDN does (a client that drew the message
    // just before the edit loads its picture, no 404), then freed.
    expect((await fetch(oldUrl)).status).toBe(200);
    afterRetirement();
    expect((await fetch(oldUrl)).status).toBe(404);
    expect((await fetch(String(updated.attachments[0]!.url))).status).toBe(200);
    expect(e.violations).toEqual([]);
  });

  it('refuses what Discord refuses, with 400 / 50035 and where', async () => {
    const { e } = await setup();
    const path = `/channels/${e.channel}/messages`;
    const container = (children: object[]) => ({ type: 17, components: children });
    const gallery = (url: string, description = 'alt') => ({ type: 12, items: [{ media: { url }, description }] });
    const text = (content: string) => ({ type: 10, content });
    const pic = { name: 'board.png', data: png() };
    const cases: [string, object, { name: string; data: Buffer }[], RegExp][] = [
      ['over 40 components', { flags: V2, components: [container([gallery('attachment://board.png'), ...Array.from({ length: 39 }, (_, i) => text(`t${i}`))])] }, [pic], /COMPONENTS_V2_TOO_MANY/],
      ['over 4,000 characters of text', { flags: V2, components: [container([text('x'.repeat(2500)), text('y'.repeat(1501)), gallery('attachment://board.png')])] }, [pic], /COMPONENTS_V2_TEXT_TOO_LONG/],
      ['content with the V2 flag', { flags: V2, content: 'hi', components: [container([gallery('attachment://board.png')])] }, [pic], /content cannot be used/],
      ['embeds with the V2 flag', { flags: V2, embeds: [{ description: 'x' }], components: [container([gallery('attachment://board.png')])] }, [pic], /embeds cannot be used/],
      ['a reference to a missing attachment', { flags: V2, components: [container([gallery('attachment://hand.png')])] }, [pic], /components\.0\.components\.0\.items\.0\.media\.url: UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND/],
      ['an upload no component shows', { flags: V2, components: [container([text('no picture')])] }, [pic], /files\[0\]: COMPONENTS_V2_ATTACHMENT_NOT_REFERENCED/],
      ['11 files', { content: 'many' }, Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, data: png() })), /files: BASE_TYPE_MAX_LENGTH/],
      ['a description over 1,024 characters', { flags: V2, components: [container([gallery('attachment://board.png', 'd'.repeat(1025))])] }, [pic], /items\.0\.description: BASE_TYPE_MAX_LENGTH/],
      ['an empty gallery', { flags: V2, components: [container([{ type: 12, items: [] }])] }, [], /items: BASE_TYPE_MIN_LENGTH/],
      ['11 gallery items', { flags: V2, components: [container([{ type: 12, items: Array.from({ length: 11 }, () => ({ media: { url: 'attachment://board.png' } })) }])] }, [pic], /items: BASE_TYPE_MAX_LENGTH/],
    ];
    for (const [name, payload, files, expected] of cases) {
      const before = e.violations.length;
      const r = await multipart(e, 'POST', path, payload, files);
      expect(r.status, name).toBe(400);
      expect(r.body.code, name).toBe(50035);
      expect(e.violations.length, name).toBe(before + 1);
      expect(e.violations.at(-1)!.problems!.join('\n'), name).toMatch(expected);
    }
    // Nested errors object, as Discord answers.
    const missing = await multipart(e, 'POST', path, cases[4]![1], [pic]);
    expect(missing.body.errors.components[0].components[0].items[0].media.url._errors[0].code).toBe('UNFURLED_MEDIA_ATTACHMENT_NOT_FOUND');
    // 40 components in all (the gallery counts as one, its items do not) is still fine.
    const forty = await multipart(e, 'POST', path, { flags: V2, components: [container([gallery('attachment://board.png'), ...Array.from({ length: 38 }, (_, i) => text(`t${i}`))])] }, [pic]);
    expect(forty.status).toBe(200);
    // Far over 25 MiB of uploads: 413 / 40005, without parsing the body (sent with node:http:
    // undici's fetch and FormData take seconds to send that much on a busy machine).
    const boundary = 'x-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"content":"big"}\r\n--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(28 * 1024 * 1024), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const big = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const url = new URL(`${e.apiBase}/v10${path}`);
      const headers = { authorization: `Bot ${e.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.text).code).toBe(40005);
  });

  it('edits keep, keep some or drop attachments as `attachments` says, and frees the dropped bytes', async () => {
    const { e } = await setup();
    const gallery = (...names: string[]) => ({ type: 17, components: [{ type: 12, items: names.map((n) => ({ media: { url: `attachment://${n}` }, description: n })) }] });
    const created = await multipart(e, 'POST', `/channels/${e.channel}/messages`, { flags: V2, components: [gallery('a.png', 'b.png')], attachments: [{ id: '0' }, { id: '1' }] }, [
      { name: 'a.png', data: png(11, 11) },
      { name: 'b.png', data: png(12, 12) },
    ]);
    expect(created.status).toBe(200);
    const path = `/channels/${e.channel}/messages/${created.body.id}`;
    const [a, b] = created.body.attachments as { id: string; url: string }[];
    // No `attachments`: both kept.
    const kept = await multipart(e, 'PATCH', path, { components: [gallery('a.png', 'b.png')] });
    expect(kept.body.attachments.map((x: { id: string }) => x.id)).toEqual([a!.id, b!.id]);
    // Only `a` listed, plus a new upload: b's bytes are freed.
    const some = await multipart(e, 'PATCH', path, { components: [gallery('a.png', 'c.png')], attachments: [{ id: a!.id }, { id: '0' }] }, [{ name: 'c.png', data: png(13, 13) }]);
    expect(some.status).toBe(200);
    expect(some.body.attachments.map((x: { filename: string }) => x.filename)).toEqual(['a.png', 'c.png']);
    expect((await fetch(b!.url)).status).toBe(200); // retired, served a while
    afterRetirement();
    expect((await fetch(b!.url)).status).toBe(404);
    expect((await fetch(a!.url)).status).toBe(200);
    // A reference to the dropped one is refused and changes nothing.
    const stale = await multipart(e, 'PATCH', path, { components: [gallery('b.png')], attachments: [{ id: a!.id }] });
    expect(stale.status).toBe(400);
    expect(e.message(created.body.id)!.attachments).toHaveLength(2);
    // An unknown attachment id is refused.
    const unknown = await multipart(e, 'PATCH', path, { attachments: [{ id: '123456789012345678' }] });
    expect(unknown.body.errors.attachments[0].id._errors[0].code).toBe('ATTACHMENT_NOT_FOUND');
    // `[]` drops them all (the gallery goes too, or it would name a missing file).
    const none = await multipart(e, 'PATCH', path, { components: [{ type: 17, components: [{ type: 10, content: 'no pictures' }] }], attachments: [] });
    expect(none.status).toBe(200);
    expect(none.body.attachments).toEqual([]);
    afterRetirement();
    expect((await fetch(a!.url)).status).toBe(404);
    // Deleting a message frees its attachments.
    const other = await multipart(e, 'POST', `/channels/${e.channel}/messages`, { flags: V2, components: [gallery('d.png')] }, [{ name: 'd.png', data: png() }]);
    const dUrl = other.body.attachments[0].url as string;
    expect((await fetch(dUrl)).status).toBe(200);
    e.deleteMessage(e.channel, other.body.id);
    expect((await fetch(dUrl)).status).toBe(404);
    expect(e.violations.map((v) => v.kind)).toEqual(['invalid-body', 'invalid-body']);
  });

  it('keeps at most `attachmentBytes` in all, forgetting the oldest', async () => {
    const one = png(200, 200, '#123');
    const { e } = await setup(undefined, { attachmentBytes: one.length * 2 });
    const urls: string[] = [];
    for (let k = 0; k < 3; k++) {
      const r = await multipart(e, 'POST', `/channels/${e.channel}/messages`, { content: `pic ${k}` }, [{ name: 'p.png', data: one }]);
      urls.push(r.body.attachments[0].url);
    }
    expect(await Promise.all(urls.map(async (u) => (await fetch(u)).status))).toEqual([404, 200, 200]);
  });

  it('keeps pictures in `attachmentDir` across a restart from a saved world, and only those', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rh-attachments-'));
    try {
      const first = await DiscordEmulator.start({ attachmentDir: dir });
      emu = first;
      const bytes = png(64, 32);
      const gallery = { type: 17, components: [{ type: 12, items: [{ media: { url: 'attachment://board.png' }, description: 'the board' }] }] };
      const kept = await multipart(first, 'POST', `/channels/${first.channel}/messages`, { flags: V2, components: [gallery] }, [{ name: 'board.png', data: bytes }]);
      const gone = await multipart(first, 'POST', `/channels/${first.channel}/messages`, { content: 'old' }, [{ name: 'old.png', data: png() }]);
      first.deleteMessage(first.channel, gone.body.id);
      expect(readdirSync(dir)).toEqual([kept.body.attachments[0].id]); // the deleted one's file is gone
      writeFileSync(join(dir, '999'), 'stray'); // e.g. written just before a crash, never saved in the world
      const world = first.snapshot();
      await first.stop();
      emu = undefined;

      const second = await DiscordEmulator.start({ attachmentDir: dir }, { world });
      emu = second;
      const m = second.message(kept.body.id)!;
      const url = String(m.attachments[0]!.url);
      expect(url.startsWith(`${second.apiBase.replace(/\/api$/, '')}/attachments/`)).toBe(true); // the new port
      expect(galleryMedia(m).url).toBe(url);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      expect(readdirSync(dir)).toEqual([kept.body.attachments[0].id]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves only the named file, and anything but an image as a download', async () => {
    const { e } = await setup();
    const r = await multipart(e, 'POST', `/channels/${e.channel}/messages`, { content: 'page' }, [{ name: 'x.html', data: Buffer.from('<script>alert(1)</script>'), type: 'text/html' }]);
    const url = r.body.attachments[0].url as string;
    const res = await fetch(url);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect((await fetch(url.replace('x.html', 'y.html'))).status).toBe(404);
    expect((await fetch(url.replace(`/attachments/${e.channel}/`, '/attachments/1/'))).status).toBe(404);
  });
});
