/**
 * The multipart bodies the bot builds itself (src/discord/rest/requests.ts `multipart`): read back
 * by undici's own form-data parser (what Node's fetch `Request.formData()` uses, and the
 * emulator), they hold the JSON payload and every file byte for byte, under their field names.
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { multipart } from '../../src/discord/rest/requests.js';

async function parse(body: Buffer, contentType: string) {
  return new Request('http://127.0.0.1/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
}

describe('multipart', () => {
  it('payload_json and files[n] come back as sent (binary bytes, names, types)', async () => {
    const png = randomBytes(70_000);
    const other = Buffer.from([0, 13, 10, 45, 45, 255]);
    const json = { content: 'Ñandú — "quoted"\r\n', attachments: [{ id: '0', filename: 'hand-1.png' }] };
    const { body, contentType } = multipart(json, [
      { name: 'hand-1.png', data: png, contentType: 'image/png' },
      { name: 'x".bin', data: other, key: 'files[7]' },
    ]);
    const form = await parse(body, contentType);
    expect(JSON.parse(form.get('payload_json') as string)).toEqual(json);
    const first = form.get('files[0]') as File;
    expect(first.name).toBe('hand-1.png');
    expect(first.type).toBe('image/png');
    expect(Buffer.from(await first.arrayBuffer()).equals(png)).toBe(true);
    const second = form.get('files[7]') as File;
    expect(second.type).toBe('application/octet-stream');
    expect(Buffer.from(await second.arrayBuffer()).equals(other)).toBe(true);
  });

  it('a Buffer that is a slice of a larger one sends only its own bytes; a JSON already serialised is sent as is', async () => {
    const big = randomBytes(1000);
    const slice = big.subarray(100, 200);
    const { body, contentType } = multipart('{"a":1}', [{ name: 'a.png', data: slice, contentType: 'image/png' }]);
    const form = await parse(body, contentType);
    expect(form.get('payload_json')).toBe('{"a":1}');
    expect(Buffer.from(await (form.get('files[0]') as File).arrayBuffer()).equals(slice)).toBe(true);
  });
});
