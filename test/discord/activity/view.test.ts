/**
 * The Activity's view of a table (src/discord/activity/view.ts; docs/activity.md): random games of
 * every game played through the real table service, and at sampled moments, for every seat and
 * for a spectator —
 * - hidden information: the payload is the same when every secret the viewer may not see is
 *   changed (each game's own scrambler, as its leak tests use), and a spectator or a seat never
 *   receives a hand but its own;
 * - the moves are exactly the seat's legal moves, labelled as its private panel labels them;
 * - every click of every move lands on a keyed part of a picture the seat is shown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityState, type ActivityState } from '../../../src/discord/activity/view.js';
import { seatsToAct, type Seat } from '../../../src/games/engine.js';
import { defaultRegistry } from '../../../src/games/index.js';
import { Rng } from '../../../src/games/rng.js';
import { catalogs } from '../../../src/i18n/index.js';
import { silentLogger } from '../../../src/logger.js';
import { openDatabase } from '../../../src/persistence/db.js';
import { SqliteStore } from '../../../src/persistence/store/sqlite.js';
import { TableService } from '../../../src/tables/service.js';
import type { Actor, TableSnapshot } from '../../../src/tables/types.js';
import { scramble as scrambleNoir } from '../../games/noir/secrets.js';
import { scramble as scramblePhantom } from '../../games/phantom/secrets.js';
import { perturb as scrambleJaccuse } from '../../games/jaccuse/secrets.js';
import { scramble as scrambleSuspicion } from '../../games/suspicion/secrets.js';

const registry = defaultRegistry();
let dir = '';
let store: SqliteStore;
let service: TableService;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rh-activity-view-'));
  store = new SqliteStore(openDatabase(join(dir, 't.db')));
  service = new TableService({ store, registry, logger: silentLogger, newSeed: () => 20240611 });
});
afterAll(async () => {
  await service.deadlines.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Each game's scrambler: the same state with the secrets hidden from `viewer` changed. */
const SCRAMBLE: Record<string, (state: any, viewer: Seat | null, salt: number) => unknown> = {
  noir: (s, viewer) => scrambleNoir(s, viewer),
  suspicion: (s, viewer) => scrambleSuspicion(s, viewer),
  phantom: (s, viewer, salt) => scramblePhantom(s, viewer, salt),
  jaccuse: (s, viewer, salt) => scrambleJaccuse(s, viewer, salt),
};

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];
const SPECTATOR = '300000000000000009';

/** Two payloads are the same; a difference is shown around its first character (payloads hold whole SVGs). */
function same(a: ActivityState, b: ActivityState): void {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  if (x === y) return;
  let i = 0;
  while (x[i] === y[i]) i++;
  expect(y.slice(Math.max(0, i - 120), i + 120)).toBe(x.slice(Math.max(0, i - 120), i + 120));
}

/** Every check of one moment, for every viewer. */
function checkMoment(game: string, snapshot: TableSnapshot, players: Actor[], salt: number): void {
  const mod = registry.get(game);
  const seatOf = new Map(snapshot.seats.map((row) => [row.userId, row.seat!]));
  for (const userId of [...players.map((p) => p.userId), SPECTATOR]) {
    const seat = seatOf.get(userId) ?? null;
    // Both languages, in turns.
    for (const text of [salt % 2 === 0 ? catalogs.en : catalogs.es]) {
      const shown = activityState(mod, snapshot, userId, text);
      // Hidden information while the game runs (its end reveals what it reveals): the same
      // payload whatever the secrets this viewer may not see.
      if (snapshot.table.status === 'active') {
        const other = { ...snapshot, table: { ...snapshot.table, state: SCRAMBLE[game]!(snapshot.table.state, seat, salt) } };
        same(shown, activityState(mod, other, userId, text));
      }
      for (const picture of shown.pictures) {
        if (picture.kind === 'hand') expect(picture.seat).toBe(seat);
      }
      if (seat === null) {
        expect(shown.moves).toEqual([]);
        expect(shown.pictures.every((p) => p.kind === 'board')).toBe(true);
        continue;
      }
      // The moves are the seat's legal moves, each with its panel label.
      const legal = mod.definition.legalActions(snapshot.table.state, seat).map((a) => mod.definition.encodeAction(a));
      expect(shown.moves.map((m) => m.code)).toEqual(legal);
      for (const move of shown.moves) expect(move.label).not.toBe(move.code);
      // Every click lands on a keyed part of a picture the seat is shown.
      const keys = new Set(shown.pictures.flatMap((p) => Object.keys(p.regions)));
      for (const move of shown.moves) for (const target of move.path ?? []) expect(keys, `${game} ${move.label}: ${target.key}`).toContain(target.key);
    }
  }
}

describe.each([
  ['noir', 2],
  ['suspicion', 3],
  ['phantom', 3],
  ['jaccuse', 4],
] as const)('the Activity of %s (%i seats)', (game, seats) => {
  it('keeps every secret, offers exactly the legal moves, and every move lands on the table', async () => {
    const players: Actor[] = NAMES.slice(0, seats).map((name, i) => ({ userId: `30000000000000000${i}`, displayName: name, canManageGuild: false }));
    const opened = await service.lobby.createTable({ guildId: 'g1', channelId: `c-${game}`, game, host: players[0]!, options: {} });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    const id = opened.value.table.id;
    for (const p of players.slice(1)) expect((await service.lobby.join(id, p)).ok).toBe(true);
    expect((await service.lobby.start(id, players[0]!)).ok).toBe(true);
    const rng = Rng.seeded(seats * 7919);
    const mod = registry.get(game);
    let moments = 0;
    for (let k = 0; k < 400; k++) {
      const snapshot = (await service.reads.snapshot(id))!;
      if (k % 4 === 0 || snapshot.table.status !== 'active') {
        checkMoment(game, snapshot, players, k);
        moments++;
      }
      if (snapshot.table.status !== 'active') break;
      const pending = snapshot.pending!;
      const seat = rng.pick(seatsToAct(pending));
      const action = rng.pick(mod.definition.legalActions(snapshot.table.state, seat));
      const actor = players.find((p) => p.userId === snapshot.seats.find((row) => row.seat === seat)!.userId)!;
      expect((await service.play.act(id, actor, pending.step, action)).ok).toBe(true);
    }
    expect(moments).toBeGreaterThan(3);
  });
});
