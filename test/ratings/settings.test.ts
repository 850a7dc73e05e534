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
import { openDatabase, type Db } from '../../src/persistence/db.js';
import { guildDefaults, invalidSettings, updateGuildDefaults, withServerDefaults } from '../../src/admin/settings.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rh-settings-'));
  db = openDatabase(join(dir, 's.db'));
});
afterEach(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('guild defaults', () => {
  it('start empty, are patched key by key, and cleared with null', () => {
    expect(guildDefaults(db, 'g')).toEqual({});
    expect(updateGuildDefaults(db, 'g', { turnSeconds: 90 }, 'u', 1)).toEqual({ turnSeconds: 90 });
    expect(updateGuildDefaults(db, 'g', { voteSeconds: 45, reactionSeconds: 20 }, 'u', 2)).toEqual({ turnSeconds: 90, voteSeconds: 45, reactionSeconds: 20 });
    expect(updateGuildDefaults(db, 'g', { turnSeconds: null }, 'u', 3)).toEqual({ voteSeconds: 45, reactionSeconds: 20 });
    expect(guildDefaults(db, 'other')).toEqual({});
  });

  it('reject values out of range without storing anything', () => {
    expect(invalidSettings({ turnSeconds: 5 })).toEqual(['turnSeconds']);
    expect(invalidSettings({ reactionSeconds: 301, voteSeconds: 10 })).toEqual(['reactionSeconds']);
    expect(invalidSettings({ turnSeconds: 10.5 })).toEqual(['turnSeconds']);
    expect(invalidSettings({ turnSeconds: null, voteSeconds: 3600 })).toEqual([]);
    expect(() => updateGuildDefaults(db, 'g', { turnSeconds: 5 }, 'u', 1)).toThrow(RangeError);
    expect(guildDefaults(db, 'g')).toEqual({});
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
