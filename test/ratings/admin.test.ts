/**
 * `/admin` handlers with stand-in interactions over a real database: the server-side
 * Manage Server check on every subcommand and every confirmation click (private refusal,
 * nothing changed), the confirm-first flow of `end` and `leaderboard-reset`, and settings.
 */
import { MessageFlags, MessageFlagsBitField, PermissionFlagsBits, PermissionsBitField, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TABLES_LISTED } from '../../src/admin/tables.js';
import { adminClick, adminCommand } from '../../src/commands/admin.js';
import type { AppContext, InteractionLog } from '../../src/discord/interactions/context.js';
import { decodeCustomId, type CustomId } from '../../src/discord/custom-id.js';
import { en } from '../../src/i18n/en/index.js';
import { silentLogger } from '../../src/logger.js';
import { GUILD, player, startTable, world, type World } from './helpers.js';

let w: World;
let app: AppContext;
beforeEach(() => {
  w = world();
  app = { store: w.store, service: w.service, registry: w.registry, logger: silentLogger } as unknown as AppContext;
});
afterEach(() => w.close());

type Answer = { how: 'reply' | 'update'; payload: { content?: string; flags?: number; components?: { components: { custom_id: string }[] }[] } };

/** A stand-in for the parts of a discord.js interaction the /admin handlers use. */
function interaction(manager: boolean, extra: Record<string, unknown> = {}) {
  const answers: Answer[] = [];
  const i = {
    locale: 'en-US',
    guildId: GUILD,
    channelId: '800000000000000001',
    user: { id: '100000000000000077', username: 'mod', globalName: null },
    member: { displayName: 'Mod' },
    inGuild: () => true,
    memberPermissions: new PermissionsBitField(manager ? PermissionFlagsBits.ManageGuild : 0n),
    reply: async (payload: Answer['payload']) => void answers.push({ how: 'reply', payload }),
    update: async (payload: Answer['payload']) => void answers.push({ how: 'update', payload }),
    ...extra,
  };
  return { i, answers };
}

/** Option values: numbers, strings, and channels / roles as `{ id }`. */
type Opts = Record<string, string | number | boolean | { id: string }>;

function slash(manager: boolean, sub: string, opts: Opts = {}) {
  const ref = (n: string) => (typeof opts[n] === 'object' ? opts[n] : null);
  return interaction(manager, {
    options: {
      getSubcommand: () => sub,
      getInteger: (n: string) => (typeof opts[n] === 'number' ? opts[n] : null),
      getString: (n: string) => (typeof opts[n] === 'string' ? opts[n] : null),
      getBoolean: (n: string) => (typeof opts[n] === 'boolean' ? opts[n] : null),
      getChannel: ref,
      getRole: ref,
    },
  });
}

const log = (): InteractionLog => ({ action: '', outcome: '' });
const cmd = () => adminCommand(w.registry);

async function run(manager: boolean, sub: string, opts: Opts = {}) {
  const { i, answers } = slash(manager, sub, opts);
  const l = log();
  await cmd().execute(i as unknown as ChatInputCommandInteraction, app, l);
  return { answers, log: l };
}

async function click(manager: boolean, id: Extract<CustomId, { kind: 'admin' }>) {
  // The confirmation buttons sit on the private (ephemeral) prompt.
  const { i, answers } = interaction(manager, { message: { flags: new MessageFlagsBitField(MessageFlags.Ephemeral) } });
  const l = log();
  await adminClick(i as unknown as ButtonInteraction, app, l, id);
  return { answers, log: l };
}

/** The custom_id of the first (confirm) button of an answer. */
const confirmId = (a: Answer) => decodeCustomId(a.payload.components![0]!.components[0]!.custom_id) as Extract<CustomId, { kind: 'admin' }>;

describe('/admin without Manage Server', () => {
  it.each([
    ['tables', {}],
    ['end', { table: 1 }],
    ['leaderboard-reset', { game: 'suspicion' }],
    ['settings', {}],
    ['settings', { 'turn-timer': 90 }],
    ['settings', { 'allow-channel': { id: '800000000000000002' } }],
    ['settings', { 'host-role': { id: '700000000000000001' } }],
  ])('/admin %s %o is refused privately and changes nothing', async (sub, opts: Opts) => {
    const table = await startTable(w, [player(1), player(2)]);
    const { answers, log: l } = await run(false, sub, opts);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.how).toBe('reply');
    expect(answers[0]!.payload.content).toBe(en.ratings.admin.refused);
    expect(answers[0]!.payload.flags).toBe(MessageFlags.Ephemeral);
    expect(l.outcome).toBe('forbidden');
    expect((await w.store.table(table))!.status).toBe('active');
    expect(await w.store.guildDefaults(GUILD)).toEqual({});
    expect(await w.store.hostingRules(GUILD)).toEqual({ channelIds: null, hostRoleId: null });
  });

  it('every confirmation click is refused too (end, reset, keep)', async () => {
    const table = (await startTable(w, [player(1), player(2)]));
    for (const id of [
      { kind: 'admin', verb: 'end', tableId: table },
      { kind: 'admin', verb: 'reset', game: 'suspicion', season: 1 },
      { kind: 'admin', verb: 'keep' },
    ] as const) {
      const { answers } = await click(false, id);
      expect(answers).toEqual([{ how: 'reply', payload: expect.objectContaining({ content: en.ratings.admin.refused, flags: MessageFlags.Ephemeral }) }]);
    }
    expect((await w.store.table(table))!.status).toBe('active');
    expect((await w.store.currentSeason(GUILD, 'suspicion')).season).toBe(1);
  });
});

describe('/admin with Manage Server', () => {
  it('tables lists the open tables with channel, game, players and last move', async () => {
    const a = (await startTable(w, [player(1), player(2)]));
    const { answers } = await run(true, 'tables');
    const text = answers[0]!.payload.content!;
    expect(answers[0]!.payload.flags).toBe(MessageFlags.Ephemeral);
    expect(text).toContain(`**#${a}**`);
    expect(text).toContain('Podium');
    expect(text).toContain('Player 1, Player 2');
    expect(text).toMatch(/<#\d+>/);
    expect(text).toContain('last move none yet');
  });

  it('tables pages through many open tables', async () => {
    const ids: number[] = [];
    for (let k = 0; k < ADMIN_TABLES_LISTED + 2; k++) ids.push(await startTable(w, [player(10 + 2 * k), player(11 + 2 * k)]));
    const first = (await run(true, 'tables')).answers[0]!.payload.content!;
    expect(first).toContain(`**#${ids[0]}**`);
    expect(first).not.toContain(`**#${ids.at(-1)}**`);
    expect(first).toMatch(/Page 1 of 2/);
    const second = (await run(true, 'tables', { page: 2 })).answers[0]!.payload.content!;
    expect(second).toContain(`**#${ids.at(-1)}**`);
    expect(second).not.toContain(`**#${ids[0]}**`);
    const clamped = (await run(true, 'tables', { page: 99 })).answers[0]!.payload.content!;
    expect(clamped).toMatch(/Page 2 of 2/);
  });

  it('end asks first, then ends the table unrated; a second confirm changes nothing', async () => {
    const table = (await startTable(w, [player(1), player(2)]));
    const ask = await run(true, 'end', { table });
    expect(ask.answers[0]!.payload.content).toContain('not be rated');
    expect((await w.store.table(table))!.status).toBe('active');
    const id = confirmId(ask.answers[0]!);
    expect(id).toEqual({ kind: 'admin', verb: 'end', tableId: table });
    const done = await click(true, id);
    expect(done.answers[0]).toMatchObject({ how: 'update', payload: { content: en.ratings.admin.ended(table), components: [] } });
    expect((await w.store.table(table))).toMatchObject({ status: 'cancelled', endReason: 'admin' });
    const again = await click(true, id);
    expect(again.answers[0]!.payload.content).toBe(en.ratings.admin.alreadyEnded(table));
  });

  it('end refuses unknown tables and tables of other servers', async () => {
    const other = (await startTable(w, [player(1), player(2)], '900000000000000002'));
    for (const table of [9999, other]) {
      const { answers } = await run(true, 'end', { table });
      expect(answers[0]!.payload.content).toBe(en.ratings.admin.noSuchTable(table));
    }
    expect((await w.store.table(other))!.status).toBe('active');
  });

  it('leaderboard-reset asks first, then starts the next season once', async () => {
    const ask = await run(true, 'leaderboard-reset', { game: 'suspicion' });
    expect((await w.store.currentSeason(GUILD, 'suspicion')).season).toBe(1);
    const id = confirmId(ask.answers[0]!);
    expect(id).toEqual({ kind: 'admin', verb: 'reset', game: 'suspicion', season: 1 });
    const done = await click(true, id);
    expect(done.answers[0]!.payload.content).toContain('Season 2');
    expect((await w.store.currentSeason(GUILD, 'suspicion')).season).toBe(2);
    const again = await click(true, id);
    expect(again.answers[0]!.payload.content).toBe(en.ratings.admin.resetStale('Podium', 2));
    expect((await w.store.currentSeason(GUILD, 'suspicion')).season).toBe(2);
    const keep = await click(true, { kind: 'admin', verb: 'keep' });
    expect(keep.answers[0]!.payload).toMatchObject({ content: en.ratings.admin.kept, components: [] });
  });

  it('settings shows, saves, clears with 0, and refuses out-of-range values', async () => {
    const shown = await run(true, 'settings');
    expect(shown.answers[0]!.payload.content).toContain('each game’s own default');
    await run(true, 'settings', { 'turn-timer': 90, 'vote-timer': 45 });
    expect((await w.store.guildDefaults(GUILD))).toEqual({ turnSeconds: 90, voteSeconds: 45 });
    const bad = await run(true, 'settings', { 'turn-timer': 5, 'vote-timer': 60 });
    expect(bad.answers[0]!.payload.content).toBe(en.ratings.admin.settingsBad('Turn timer', 10, 3600));
    expect((await w.store.guildDefaults(GUILD))).toEqual({ turnSeconds: 90, voteSeconds: 45 });
    const cleared = await run(true, 'settings', { 'turn-timer': 0 });
    expect(cleared.answers[0]!.payload.content).toContain('Saved');
    expect((await w.store.guildDefaults(GUILD))).toEqual({ voteSeconds: 45 });
  });

  it('settings shows who may open tables where, and which games ignore a timer default', async () => {
    const shown = (await run(true, 'settings')).answers[0]!.payload.content!;
    expect(shown).toContain(en.ratings.admin.channelsAnywhere);
    expect(shown).toContain(en.ratings.admin.hostsAnyone);
    const saved = (await run(true, 'settings', { 'turn-timer': 10, 'counter-window': 20 })).answers[0]!.payload.content!;
    // The test registry holds only the Podium fixture game: it has a turn timer (its own limits) and no counter window.
    expect(saved).toContain(en.ratings.admin.settingUnused('Podium', 'counter windows'));
  });

  it('settings lists channels and a host role, removes them, resets them, and refuses contradictions', async () => {
    const [games, chat] = [{ id: '800000000000000002' }, { id: '800000000000000003' }];
    const hosts = { id: '700000000000000001' };
    const one = (await run(true, 'settings', { 'allow-channel': games, 'host-role': hosts })).answers[0]!.payload.content!;
    expect(one).toContain(en.ratings.admin.settingsSaved);
    expect(one).toContain(en.ratings.admin.channelsListed(`<#${games.id}>`));
    expect(one).toContain(en.ratings.admin.hostsRole(hosts.id));
    await run(true, 'settings', { 'allow-channel': chat });
    expect((await w.store.hostingRules(GUILD))).toEqual({ channelIds: [games.id, chat.id], hostRoleId: hosts.id });

    const refusals: [Opts, string][] = [
      [{ 'allow-channel': games }, en.ratings.admin.alreadyListed(games.id)],
      [{ 'remove-channel': { id: '800000000000000009' } }, en.ratings.admin.notListed('800000000000000009')],
      [{ 'allow-channel': games, 'remove-channel': games }, en.ratings.admin.settingsConflict],
      [{ reset: 'channels', 'allow-channel': { id: '800000000000000004' } }, en.ratings.admin.settingsConflict],
      [{ reset: 'host-role', 'host-role': hosts }, en.ratings.admin.settingsConflict],
      // A bad timer next to a good channel: nothing of either is stored.
      [{ 'turn-timer': 5, 'allow-channel': { id: '800000000000000004' } }, en.ratings.admin.settingsBad('Turn timer', 10, 3600)],
    ];
    for (const [opts, answer] of refusals) {
      const r = await run(true, 'settings', opts);
      expect(r.answers[0]!.payload.content, JSON.stringify(opts)).toBe(answer);
      expect(r.log.outcome).toBe('bad_setting');
    }
    expect((await w.store.hostingRules(GUILD))).toEqual({ channelIds: [games.id, chat.id], hostRoleId: hosts.id });
    expect((await w.store.guildDefaults(GUILD))).toEqual({});

    await run(true, 'settings', { 'remove-channel': games });
    const emptied = (await run(true, 'settings', { 'remove-channel': chat })).answers[0]!.payload.content!;
    expect(emptied).toContain(en.ratings.admin.listEmptied);
    expect(emptied).toContain(en.ratings.admin.channelsAnywhere);
    const noList = await run(true, 'settings', { 'remove-channel': chat });
    expect(noList.answers[0]!.payload.content).toBe(en.ratings.admin.noList(chat.id));
    await run(true, 'settings', { 'allow-channel': chat });
    await run(true, 'settings', { reset: 'channels' });
    await run(true, 'settings', { reset: 'host-role' });
    expect((await w.store.hostingRules(GUILD))).toEqual({ channelIds: null, hostRoleId: null });
    // @everyone as the host role is "anyone".
    await run(true, 'settings', { 'host-role': { id: GUILD } });
    expect((await w.store.hostingRules(GUILD)).hostRoleId).toBeNull();
  });
});
