/**
 * `npm run smoke` (src/smoke.ts; README "Before your first real game") against the Discord
 * emulator, whose bot has the invite's permissions: every step passes and says Discord's answer;
 * without Attach Files the picture is refused, the report names the step, Discord's 403 / 50013
 * and what to grant, and nothing is left behind; a bad environment is one message naming each
 * bad variable, exit 2, before any request.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_PERMISSIONS, DiscordEmulator } from '../../src/local/emulator/index.js';
import { runSmoke } from '../../src/smoke.js';

describe('npm run smoke', () => {
  let emu: DiscordEmulator;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
  });

  afterAll(async () => {
    await emu?.stop();
  });

  /** Run it with the emulator's token and API; the exit code and the report's lines. */
  async function smoke(env: NodeJS.ProcessEnv, argv: string[] = []): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await runSmoke({ DISCORD_TOKEN: emu.token, DISCORD_API_URL: emu.apiBase, ...env }, argv, (line) => lines.push(...line.split('\n')));
    return { code, lines };
  }

  it('passes in a channel with the invite’s permissions: posts, edits and deletes a board with its picture', async () => {
    const channelId = emu.addChannel('smoke');
    const { code, lines } = await smoke({ SMOKE_CHANNEL_ID: channelId });
    expect(code).toBe(0);
    expect(lines.slice(1)).toEqual([
      '✅ 1/4 see the channel — Discord answered 200 OK: #smoke (text channel)',
      expect.stringMatching(/^✅ 2\/4 post a board with its picture — Discord answered 200 OK: message \d+$/),
      '✅ 3/4 edit it with a new picture — Discord answered 200 OK: the board shows version 2',
      '✅ 4/4 delete it — Discord answered 204 OK: nothing is left in the channel',
      'Every step passed: the bot can host tables in this channel.',
    ]);
    // The board carried a PNG on create and on edit, and is gone now.
    const requests = emu.requests.filter((r) => r.path.startsWith(`/channels/${channelId}/messages`));
    expect(requests.map((r) => [r.method, r.status])).toEqual([['POST', 200], ['PATCH', 200], ['DELETE', 204]]);
    for (const r of requests.slice(0, 2)) expect(((r.response as { attachments: { filename: string }[] }).attachments ?? []).map((a) => a.filename)).toEqual(['smoke.png']);
    expect(emu.messages(channelId)).toEqual([]);
    expect(emu.violations).toEqual([]);
  });

  it('in a thread too, named with --channel', async () => {
    const thread = emu.addThread(emu.addChannel('smoke-parent'), 'smoke thread');
    const { code, lines } = await smoke({}, ['--channel', thread]);
    expect(code).toBe(0);
    expect(lines[1]).toBe('✅ 1/4 see the channel — Discord answered 200 OK: #smoke thread (public thread)');
  });

  it('fails plainly without Attach Files: the step, Discord’s 403 / 50013 and what to grant; nothing left behind', async () => {
    const channelId = emu.addChannel('smoke-no-files', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.AttachFiles });
    const { code, lines } = await smoke({}, [`--channel=${channelId}`]);
    expect(code).toBe(1);
    expect(lines[1]).toMatch(/^✅ 1\/4 see the channel/);
    expect(lines[2]).toBe(
      '❌ 2/4 post a board with its picture — Discord answered 403 — 50013 Missing Permissions (a permission is missing: give the bot View Channel, Send Messages (Send Messages in Threads in a thread), Embed Links and Attach Files here; /admin check names the missing one)',
    );
    expect(lines).toHaveLength(3);
    expect(emu.messages(channelId)).toEqual([]);
  });

  it('fails plainly where the bot cannot see the channel (50001)', async () => {
    const channelId = emu.addChannel('smoke-hidden', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.ViewChannel });
    const { code, lines } = await smoke({ SMOKE_CHANNEL_ID: channelId });
    expect(code).toBe(1);
    expect(lines[1]).toBe('❌ 1/4 see the channel — Discord answered 403 — 50001 Missing Access (the bot cannot see this channel: give its role View Channel here)');
  });

  it('a bad environment: one message naming each bad variable, exit 2, no request', async () => {
    const before = emu.requests.length;
    const lines: string[] = [];
    const code = await runSmoke({ DISCORD_API_URL: 'not a url', SMOKE_CHANNEL_ID: '#general' }, [], (line) => lines.push(line));
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    const [message] = lines as [string];
    expect(message).toMatch(/^Cannot run the smoke test:/);
    for (const name of ['DISCORD_API_URL', 'SMOKE_CHANNEL_ID']) expect(message).toContain(name);
    const noToken: string[] = [];
    expect(await runSmoke({}, [], (line) => noToken.push(line))).toBe(2);
    expect(noToken).toHaveLength(1);
    for (const name of ['DISCORD_TOKEN', 'SMOKE_CHANNEL_ID']) expect(noToken[0]).toContain(name);
    expect(emu.requests.length).toBe(before);
  });
});
