/**
 * The invite grants exactly what the bot's channel routes need, README shows that integer, and
 * the emulator's bot has exactly those permissions by default (docs/discord-conformance.md
 * "Permissions").
 */
import { readFileSync } from 'node:fs';
import { PermissionFlagsBits as P } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { INVITE_PERMISSIONS, inviteUrl } from '../../src/invite.js';
import { DEFAULT_BOT_PERMISSIONS } from '../../src/local/emulator/index.js';
import { REQUIRED_CHANNEL_PERMISSIONS, REQUIRED_THREAD_PERMISSIONS, TABLE_THREAD_PERMISSIONS } from '../../src/discord/interactions/answers.js';

describe('invite permissions', () => {
  it('are View Channel, Send Messages (in threads too), Create Public Threads, Embed Links, Attach Files and Read Message History: 309237763072', () => {
    // Values from discord-api-docs developers/topics/permissions.mdx "Bitwise Permission Flags".
    expect(P.ViewChannel).toBe(1n << 10n);
    expect(P.SendMessages).toBe(1n << 11n);
    expect(P.EmbedLinks).toBe(1n << 14n);
    expect(P.AttachFiles).toBe(1n << 15n);
    expect(P.ReadMessageHistory).toBe(1n << 16n);
    expect(P.CreatePublicThreads).toBe(1n << 35n);
    expect(P.SendMessagesInThreads).toBe(1n << 38n);
    expect(INVITE_PERMISSIONS).toBe((1n << 10n) + (1n << 11n) + (1n << 14n) + (1n << 15n) + (1n << 16n) + (1n << 35n) + (1n << 38n));
    expect(INVITE_PERMISSIONS).toBe(309237763072n);
  });

  it('cover every permission a table needs in a channel or a thread, and to open its own thread', () => {
    for (const bit of [...Object.values(REQUIRED_CHANNEL_PERMISSIONS), ...Object.values(REQUIRED_THREAD_PERMISSIONS), ...Object.values(TABLE_THREAD_PERMISSIONS)]) expect(INVITE_PERMISSIONS & bit).toBe(bit);
    expect(TABLE_THREAD_PERMISSIONS.CreatePublicThreads).toBe(P.CreatePublicThreads);
    expect(REQUIRED_CHANNEL_PERMISSIONS.AttachFiles).toBe(P.AttachFiles);
    expect(REQUIRED_THREAD_PERMISSIONS.SendMessagesInThreads).toBe(P.SendMessagesInThreads);
  });

  it("equal the emulator's default bot permissions (production's defaults in every test)", () => {
    expect(DEFAULT_BOT_PERMISSIONS).toBe(INVITE_PERMISSIONS);
  });

  it("is the integer README's invite link shows", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const shown = [...readme.matchAll(/[?&]permissions=(\d+)/g)].map((m) => m[1]);
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set([INVITE_PERMISSIONS.toString()]));
    expect(inviteUrl('123')).toBe(`https://discord.com/oauth2/authorize?client_id=123&scope=bot+applications.commands&permissions=${INVITE_PERMISSIONS}`);
  });
});
