/**
 * Server defaults (`/admin settings`): storage, validation, and the merge under a game's
 * own options before `createTable` (command options win; values a game cannot take are
 * skipped for that game).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/games/index.js';
import { openDatabase } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import {
  hostingRefusal,
  hostingRules,
  invalidSettings,
  MAX_TABLE_CHANNELS,
  SETTING_KEYS,
  SETTING_LIMITS,
  settingUse,
  updateGuildDefaults,
  updateHostingRules,
  withServerDefaults,
} from '../../src/admin/settings.js';

let dir: string;
let store: SqliteStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rh-settings-'));
  store = new SqliteStore(openDatabase(join(dir, 's.db')));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('guild defaults', () => {
  it('start empty, are patched key by key, and cleared with null', async () => {
    expect(await store.guildDefaults('g')).toEqual({});
    expect(await updateGuildDefaults(store, 'g', { turnSeconds: 90 }, 'u', 1)).toEqual({ turnSeconds: 90 });
    expect(await updateGuildDefaults(store, 'g', { voteSeconds: 45, reactionSeconds: 20 }, 'u', 2)).toEqual({ turnSeconds: 90, voteSeconds: 45, reactionSeconds: 20 });
    expect(await updateGuildDefaults(store, 'g', { turnSeconds: null }, 'u', 3)).toEqual({ voteSeconds: 45, reactionSeconds: 20 });
    expect(await store.guildDefaults('other')).toEqual({});
  });

  it('reject values out of range without storing anything', async () => {
    expect(invalidSettings({ turnSeconds: 5 })).toEqual(['turnSeconds']);
    expect(invalidSettings({ reactionSeconds: 301, voteSeconds: 10 })).toEqual(['reactionSeconds']);
    expect(invalidSettings({ turnSeconds: 10.5 })).toEqual(['turnSeconds']);
    expect(invalidSettings({ turnSeconds: null, voteSeconds: 3600 })).toEqual([]);
    await expect(updateGuildDefaults(store, 'g', { turnSeconds: 5 }, 'u', 1)).rejects.toThrow(RangeError);
    expect(await store.guildDefaults('g')).toEqual({});
  });
});

describe('withServerDefaults', () => {
  const reg = defaultRegistry();
  const schema = (id: string) => reg.get(id).definition.optionsSchema;

  it('puts server defaults under the command options (the command wins)', () => {
    const merged = withServerDefaults(schema('suspicion'), { turnSeconds: 120, voteSeconds: 30 }, { turnSeconds: 60 });
    expect(merged).toEqual({ turnSeconds: 60, voteSeconds: 30 });
    const parsed = schema('suspicion').parse(merged) as Record<string, unknown>;
    expect(parsed.turnSeconds).toBe(60);
    expect(parsed.voteSeconds).toBe(30);
  });

  it('applies to every game and skips a value the game cannot take', () => {
    const defaults = { turnSeconds: 10, reactionSeconds: 20, voteSeconds: 40 };
    for (const id of reg.ids()) {
      const merged = withServerDefaults(schema(id), defaults, {});
      expect(schema(id).safeParse(merged).success).toBe(true);
    }
    // NOIR's turn timer starts at 15 s: the 10 s server default is not applied there.
    const noir = schema('noir').parse(withServerDefaults(schema('noir'), defaults, {})) as Record<string, unknown>;
    expect(noir.turnSeconds).not.toBe(10);
    const susp = schema('suspicion').parse(withServerDefaults(schema('suspicion'), defaults, {})) as Record<string, unknown>;
    expect(susp).toMatchObject(defaults);
  });

  it('leaves invalid command options alone (the table service reports them)', () => {
    expect(withServerDefaults(schema('suspicion'), { voteSeconds: 30 }, { turnSeconds: -1 })).toEqual({ turnSeconds: -1 });
  });
});

describe('hosting rules', () => {
  const channel = (n: number) => `80000000000000000${n}`;
  const hosts = '700000000000000001';
  const attempt = (channelId: string, roleIds: string[] = [], canManageGuild = false, parentChannelId: string | null = null) => ({
    channelId,
    parentChannelId,
    roleIds,
    canManageGuild,
  });

  it('start as anyone, anywhere', async () => {
    expect((await hostingRules(store, 'g'))).toEqual({ channelIds: null, hostRoleId: null });
    expect(hostingRefusal((await hostingRules(store, 'g')), attempt(channel(1)))).toBeNull();
  });

  it('list channels one by one; removing the last one means every channel again', async () => {
    expect(await updateHostingRules(store, 'g', { allowChannel: channel(1) }, 'u', 1)).toEqual({ ok: true, emptied: false, rules: { channelIds: [channel(1)], hostRoleId: null } });
    expect(await updateHostingRules(store, 'g', { allowChannel: channel(2) }, 'u', 2)).toMatchObject({ ok: true, rules: { channelIds: [channel(1), channel(2)] } });
    expect(hostingRefusal((await hostingRules(store, 'g')), attempt(channel(3)))).toEqual({ code: 'channel-not-allowed', channelIds: [channel(1), channel(2)] });
    expect(hostingRefusal((await hostingRules(store, 'g')), attempt(channel(2)))).toBeNull();
    // A thread of a listed channel is inside it.
    expect(hostingRefusal((await hostingRules(store, 'g')), attempt(channel(9), [], false, channel(1)))).toBeNull();
    expect(await updateHostingRules(store, 'g', { removeChannel: channel(1) }, 'u', 3)).toMatchObject({ ok: true, emptied: false, rules: { channelIds: [channel(2)] } });
    expect(await updateHostingRules(store, 'g', { removeChannel: channel(2) }, 'u', 4)).toEqual({ ok: true, emptied: true, rules: { channelIds: null, hostRoleId: null } });
    expect(hostingRefusal((await hostingRules(store, 'g')), attempt(channel(3)))).toBeNull();
    expect((await hostingRules(store, 'other'))).toEqual({ channelIds: null, hostRoleId: null });
  });

  it('refuse contradictions and overflows without storing anything', async () => {
    expect(await updateHostingRules(store, 'g', { removeChannel: channel(1) }, 'u', 1)).toEqual({ ok: false, problem: { code: 'no-list', channelId: channel(1) } });
    await updateHostingRules(store, 'g', { allowChannel: channel(1) }, 'u', 2);
    expect(await updateHostingRules(store, 'g', { allowChannel: channel(1) }, 'u', 3)).toEqual({ ok: false, problem: { code: 'already-listed', channelId: channel(1) } });
    expect(await updateHostingRules(store, 'g', { removeChannel: channel(2), hostRoleId: hosts }, 'u', 4)).toEqual({ ok: false, problem: { code: 'not-listed', channelId: channel(2) } });
    for (let n = 2; n <= MAX_TABLE_CHANNELS; n++) expect((await updateHostingRules(store, 'g', { allowChannel: `9${String(n).padStart(17, '0')}` }, 'u', 5)).ok).toBe(true);
    expect(await updateHostingRules(store, 'g', { allowChannel: channel(5) }, 'u', 6)).toEqual({ ok: false, problem: { code: 'too-many', max: MAX_TABLE_CHANNELS } });
    expect((await hostingRules(store, 'g')).channelIds).toHaveLength(MAX_TABLE_CHANNELS);
    expect((await hostingRules(store, 'g')).hostRoleId).toBeNull();
    expect(await updateHostingRules(store, 'g', { anyChannel: true }, 'u', 7)).toMatchObject({ ok: true, rules: { channelIds: null } });
  });

  it('a host role admits its members and Manage Server, not others; the channel list binds admins too', async () => {
    await updateHostingRules(store, 'g', { hostRoleId: hosts, allowChannel: channel(1) }, 'u', 1);
    const rules = (await hostingRules(store, 'g'));
    expect(hostingRefusal(rules, attempt(channel(1)))).toEqual({ code: 'host-role-required', roleId: hosts });
    expect(hostingRefusal(rules, attempt(channel(1), ['700000000000000009']))).toEqual({ code: 'host-role-required', roleId: hosts });
    expect(hostingRefusal(rules, attempt(channel(1), [hosts]))).toBeNull();
    expect(hostingRefusal(rules, attempt(channel(1), [], true))).toBeNull();
    expect(hostingRefusal(rules, attempt(channel(2), [], true))).toEqual({ code: 'channel-not-allowed', channelIds: [channel(1)] });
    expect(hostingRefusal(rules, attempt(channel(2), [hosts]))).toEqual({ code: 'channel-not-allowed', channelIds: [channel(1)] });
    await updateHostingRules(store, 'g', { hostRoleId: null }, 'u', 2);
    expect((await hostingRules(store, 'g'))).toEqual({ channelIds: [channel(1)], hostRoleId: null });
  });

  it('timer defaults and hosting rules do not overwrite each other', async () => {
    await updateGuildDefaults(store, 'g', { turnSeconds: 90 }, 'u', 1);
    await updateHostingRules(store, 'g', { allowChannel: channel(1), hostRoleId: hosts }, 'u', 2);
    await updateGuildDefaults(store, 'g', { voteSeconds: 30 }, 'u', 3);
    expect((await store.guildDefaults('g'))).toEqual({ turnSeconds: 90, voteSeconds: 30 });
    expect((await hostingRules(store, 'g'))).toEqual({ channelIds: [channel(1)], hostRoleId: hosts });
  });
});

describe('settingUse: which games ignore a server default', () => {
  const reg = defaultRegistry();
  const byGame = (uses: ReturnType<typeof settingUse>) => Object.fromEntries(uses.map((use) => [use.game, use]));

  it('a turn timer of 10 s is outside NOIR’s own 15–3600 s, so NOIR keeps its default', () => {
    const uses = byGame(settingUse(reg, 'turnSeconds', 10));
    expect(uses.noir).toEqual({ game: 'noir', use: 'out_of_range', min: 15, max: 3600 });
    expect(uses.suspicion!.use).toBe('used');
    expect(uses.phantom!.use).toBe('used');
    expect(uses.jaccuse!.use).toBe('used');
    expect(byGame(settingUse(reg, 'turnSeconds', 15)).noir!.use).toBe('used');
  });

  it('counter windows exist only in Suspicion; votes in Suspicion and J’Accuse!', () => {
    const reaction = byGame(settingUse(reg, 'reactionSeconds', 20));
    expect(reaction.suspicion!.use).toBe('used');
    for (const game of ['noir', 'phantom', 'jaccuse']) expect(reaction[game]).toEqual({ game, use: 'no_such_timer' });
    const vote = byGame(settingUse(reg, 'voteSeconds', 45));
    expect(vote.suspicion!.use).toBe('used');
    expect(vote.jaccuse!.use).toBe('used');
    expect(vote.noir!.use).toBe('no_such_timer');
    expect(vote.phantom!.use).toBe('no_such_timer');
  });

  it('agrees with what withServerDefaults applies to each game, for every value of SETTING_LIMITS', () => {
    for (const key of SETTING_KEYS) {
      for (const value of [SETTING_LIMITS[key].min, SETTING_LIMITS[key].max, 60]) {
        for (const use of settingUse(reg, key, value)) {
          const merged = withServerDefaults(reg.get(use.game).definition.optionsSchema, { [key]: value }, {});
          const parsed = reg.get(use.game).definition.optionsSchema.parse(merged) as Record<string, unknown>;
          if (use.use === 'used') expect(parsed[key], `${use.game} ${key} ${value}`).toBe(value);
          else expect(parsed[key], `${use.game} ${key} ${value}`).not.toBe(value);
        }
      }
    }
  });
});
