/**
 * What the publisher believes the bot may do in a channel (src/discord/publish/channel-access.ts),
 * against Discord's rules (docs/discord-conformance.md "Permissions"): the implicit denials of
 * `permissions.mdx` "Implicit Permissions" and "Inherited Permissions (Threads)", and the meaning
 * of the JSON error codes of `opcodes-and-status-codes.mdx` "JSON Error Codes".
 */
import { PermissionFlagsBits as P, RESTJSONErrorCodes as E } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { ChannelAccess, effectiveBits, refusalOf, type PermissionsIn } from '../../src/discord/publish/channel-access.js';
import { INVITE_PERMISSIONS } from '../../src/invite.js';

describe('effectiveBits', () => {
  it('keeps the invite as it is, in a channel and in a thread', () => {
    expect(effectiveBits(INVITE_PERMISSIONS, false)).toBe(INVITE_PERMISSIONS);
    expect(effectiveBits(INVITE_PERMISSIONS, true)).toBe(INVITE_PERMISSIONS);
  });

  it('counts nothing without View Channel', () => {
    expect(effectiveBits(INVITE_PERMISSIONS & ~P.ViewChannel, false)).toBe(0n);
  });

  it('drops Embed Links and Attach Files without the permission to send there (Send Messages; in a thread Send Messages in Threads)', () => {
    const noSend = INVITE_PERMISSIONS & ~P.SendMessages;
    expect(effectiveBits(noSend, false) & (P.EmbedLinks | P.AttachFiles)).toBe(0n);
    // In a thread Send Messages has no effect: Send Messages in Threads is what counts.
    expect(effectiveBits(noSend, true) & (P.EmbedLinks | P.AttachFiles)).toBe(P.EmbedLinks | P.AttachFiles);
    expect(effectiveBits(INVITE_PERMISSIONS & ~P.SendMessagesInThreads, true) & (P.EmbedLinks | P.AttachFiles)).toBe(0n);
  });

  it('gives an Administrator everything a board needs', () => {
    const wanted = P.ViewChannel | P.SendMessages | P.EmbedLinks | P.AttachFiles;
    expect(effectiveBits(P.Administrator, false) & wanted).toBe(wanted);
  });
});

describe('refusalOf', () => {
  it('reads each JSON error code the board and ping routes can answer', () => {
    const err = (code: number) => Object.assign(new Error('refused'), { code });
    expect(refusalOf(err(E.MissingPermissions), true)).toBe('files');
    expect(refusalOf(err(E.MissingPermissions), false)).toBe('blocked');
    expect(refusalOf(err(E.MissingAccess), true)).toBe('blocked');
    expect(refusalOf(err(E.UnknownChannel), false)).toBe('deleted');
    expect(refusalOf(err(E.ThreadLocked), false)).toBe('locked');
    expect(refusalOf(err(E.InvalidActionOnArchivedThread), false)).toBe('archived');
    expect(refusalOf(err(E.UnknownMessage), false)).toBeNull();
    expect(refusalOf(new Error('socket hang up'), false)).toBeNull();
    expect(refusalOf(null, false)).toBeNull();
  });
});

describe('ChannelAccess', () => {
  const channels = new Map<string, { bits: bigint; thread: boolean; archived?: boolean }>([
    ['text', { bits: INVITE_PERMISSIONS, thread: false }],
    ['no-files', { bits: INVITE_PERMISSIONS & ~P.AttachFiles, thread: false }],
    ['hidden', { bits: INVITE_PERMISSIONS & ~P.ViewChannel, thread: false }],
    ['thread', { bits: INVITE_PERMISSIONS & ~P.SendMessages, thread: true, archived: true }],
  ]);
  const permissionsIn: PermissionsIn = (id) => channels.get(id) ?? null;

  it('allows what the cached permissions allow, and anything where nothing is cached', () => {
    const access = new ChannelAccess(permissionsIn);
    expect(access.allows('text', { post: true, embeds: true, files: true })).toBe(true);
    expect(access.filesAllowed('no-files')).toBe(false);
    expect(access.allows('no-files', { post: true, embeds: true })).toBe(true);
    expect(access.allows('hidden', {})).toBe(false);
    expect(access.allows('thread', { post: true, files: true })).toBe(true);
    expect(access.archived('thread')).toBe(true);
    expect(access.archived('text')).toBe(false);
    expect(access.allows('unknown', { post: true, files: true })).toBe(true);
  });

  it("remembers Discord's refusals per channel until the permissions change", () => {
    const access = new ChannelAccess(permissionsIn);
    access.refuseFiles('text');
    access.block('unknown');
    expect(access.filesAllowed('text')).toBe(false);
    expect(access.allows('text', { post: true, embeds: true })).toBe(true);
    expect(access.allows('unknown', {})).toBe(false);
    expect(access.isBlocked('unknown')).toBe(true);
    access.permissionsChanged();
    expect(access.filesAllowed('text')).toBe(true);
    expect(access.isBlocked('unknown')).toBe(false);
  });
});
