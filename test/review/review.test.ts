/**
 * Game review pieces (README "Review a game"): the review and history custom_ids, the privacy
 * rule and the views a reader is offered, the replay cache, and Export's record (its replay gives
 * the stored final state; no seed and no other seat's action while the game runs; anonymised
 * names, no user ids), and one replay per table however many steps are reviewed.
 */
import { describe, expect, it } from 'vitest';
import { decodeCustomId, historyPageId, reviewId } from '../../src/discord/custom-id.js';
import { gameRecord, gameTranscript } from '../../src/discord/render/review-export.js';
import { openViews } from '../../src/discord/render/review.js';
import { loadReview } from '../../src/commands/history.js';
import { ReplayLoader } from '../../src/review/load.js';
import { defaultRegistry } from '../../src/games/index.js';
import { noirModule } from '../../src/games/noir/index.js';
import { en } from '../../src/i18n/en/index.js';
import { decodeView, encodeView, lastStep, mayView, replayGame, ReplayCache, viewAt, type ReplayLogEntry, type ReviewView } from '../../src/review/replay.js';
import { GameRegistry } from '../../src/games/registry.js';
import { suspicionModule } from '../../src/games/suspicion/index.js';
import { playRandomGame } from '../support/random-play.js';

describe('review custom_ids', () => {
  it('round-trip table, step (or the last), view and op; step 14 is not "the last"', () => {
    expect(decodeCustomId(reviewId(300, 14, 's3', 'n'))).toEqual({ kind: 'review', tableId: 300, step: 14, view: 's3', op: 'n' });
    expect(decodeCustomId(reviewId(300, null, 'p', 'o'))).toEqual({ kind: 'review', tableId: 300, step: null, view: 'p', op: 'o' });
    expect(decodeCustomId(reviewId(1, 0, 'a', 'x'))).toEqual({ kind: 'review', tableId: 1, step: 0, view: 'a', op: 'x' });
    expect(decodeCustomId(historyPageId('123456789012345678', 3))).toEqual({ kind: 'history', userId: '123456789012345678', page: 3 });
  });

  it('refuse damaged ids', () => {
    for (const bad of ['rh1:r:1:2:q:n', 'rh1:r:1:2:s:n', 'rh1:r:1:2:s10:n', 'rh1:r:1:2:p:z', 'rh1:r:1:2:p', 'rh1:r:1:2:p:n:x', 'rh1:h:abc:1', 'rh1:h:1']) {
      expect(decodeCustomId(bad), bad).toBeNull();
    }
  });
});

describe('who may see which view', () => {
  const views: ReviewView[] = [{ kind: 'public' }, { kind: 'seat', seat: 0 }, { kind: 'seat', seat: 1 }, { kind: 'all' }];
  it('non-players: the public view only, during and after the game', () => {
    for (const over of [false, true]) expect(views.map((v) => mayView(v, null, over))).toEqual([true, false, false, false]);
  });
  it('a player: their own seat during the game; every seat and everything revealed once it is over', () => {
    expect(views.map((v) => mayView(v, 0, false))).toEqual([true, true, false, false]);
    expect(views.map((v) => mayView(v, 0, true))).toEqual([true, true, true, true]);
    // A table that lets watchers see hands after the end: a non-player too, once it is over.
    expect(views.map((v) => mayView(v, null, false, true))).toEqual([true, false, false, false]);
    expect(views.map((v) => mayView(v, null, true, true))).toEqual([true, true, true, true]);
    expect(openViews(3, 1, false).map(encodeView)).toEqual(['p', 's1']);
    expect(openViews(3, 1, true).map(encodeView)).toEqual(['p', 's0', 's1', 's2', 'a']);
    expect(openViews(3, null, true).map(encodeView)).toEqual(['p']);
  });
  it('views encode and decode', () => {
    for (const v of views) expect(decodeView(encodeView(v))).toEqual(v);
    expect(decodeView('s')).toBeNull();
    expect(decodeView('x')).toBeNull();
  });
});

describe('ReplayCache', () => {
  it('keeps the most recently used entries, keyed by table and log length', () => {
    const cache = new ReplayCache<string>(2);
    cache.set(1, 10, 'a');
    cache.set(2, 5, 'b');
    expect(cache.get(1, 10)).toBe('a');
    cache.set(3, 1, 'c');
    expect(cache.get(2, 5)).toBeUndefined();
    expect(cache.get(1, 10)).toBe('a');
    expect(cache.get(1, 11)).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});

describe('Export', () => {
  const def = noirModule.definition;
  const options = def.optionsSchema.parse({ killer: 'host' });
  const played = playRandomGame(def, { seats: 2, seed: 41, playSeed: 3, options, setupMeta: { hostSeat: 1 } });
  const log: ReplayLogEntry[] = played.log.map((entry, i) => ({ seat: entry.seat, action: entry.action, kind: entry.kind, at: 1_700_000_000_000 + i * 1000 }));
  const replay = replayGame({ definition: def, options, seats: 2, seed: 41, setupMeta: { hostSeat: 1 }, log });
  const seats = [
    { tableId: 9, userId: 'anonymous:0', displayName: '', joinedAt: 0, seat: 0, away: false, missed: 0, left: false, botLevel: null, looked: true },
    { tableId: 9, userId: '222222222222222222', displayName: 'Ben', joinedAt: 0, seat: 1, away: false, missed: 0, left: false, botLevel: null, looked: true },
  ];
  const table = { id: 9, guildId: 'g', channelId: 'c', game: 'noir', status: 'finished', hostUserId: 'anonymous', options, maxSeats: 2, seed: 41, state: played.final, version: 1, boardMessageId: null, boardVersion: 0, pingMessageId: null, deadlineAt: null, deadlineStep: null, recentEvents: [], lastSeq: log.length, createdAt: 0, updatedAt: 0, startedAt: 1, endedAt: 2, endReason: 'arrest', endedBy: null, locale: null, tableOptions: {} } as const;

  it('once over: the record replays to the stored final state, names anonymised, no user ids', () => {
    expect(played.over).toBe(true);
    const input = { table: table as never, seats, replay, step: lastStep(replay), view: { kind: 'all' } as ReviewView, viewerSeat: 1, over: true };
    const record = JSON.parse(JSON.stringify(gameRecord(noirModule, input, 1, en)));
    expect(record.seed).toBe(41);
    expect(record.seats.map((s: { name: string }) => s.name)).toEqual([en.privacy.formerPlayer, 'Ben']);
    expect(JSON.stringify(record)).not.toContain('222222222222222222');
    const again = replayGame({ definition: def, options: record.options, seats: record.seats.length, seed: record.seed, setupMeta: { hostSeat: record.hostSeat }, log: record.actions });
    expect(again.steps.at(-1)!.state).toEqual(played.final);
    const transcript = gameTranscript(noirModule, input, { kind: 'all' }, en);
    expect(transcript).toContain(en.review.transcript.step(lastStep(replay)));
    expect(transcript).not.toMatch(/<t:\d+/);
  });

  it('while the game runs: no seed, and other seats’ actions are only who, how and when', () => {
    const input = { table: { ...table, status: 'active' } as never, seats, replay, step: 3, view: { kind: 'seat', seat: 1 } as ReviewView, viewerSeat: 1, over: false };
    const record = gameRecord(noirModule, input, 1, en);
    expect(record.seed).toBeNull();
    for (const entry of record.actions) expect(entry.action === null).toBe(entry.seat !== 1);
    expect(record.actions.some((entry) => entry.seat === 0)).toBe(true);
  });

  it('a non-player gets no seed and no seat’s actions, even once the game is over', () => {
    const input = { table: table as never, seats, replay, step: lastStep(replay), view: { kind: 'public' } as ReviewView, viewerSeat: null, over: true };
    const record = gameRecord(noirModule, input, 1, en);
    expect(record.seed).toBeNull();
    expect(record.actions.every((entry) => entry.action === null)).toBe(true);
    expect(record.actions).toHaveLength(log.length);
  });

  it('loadReview finds the host seat of a host who erased their data (NOIR: the host is the Killer)', async () => {
    const store = {
      table: async (id: number) => (id === 9 ? { ...table, hostUserId: 'anonymous' } : undefined),
      seats: async () => seats.map((row) => ({ ...row, userId: `anonymous:${row.seat}` })),
      actions: async () => log.map((entry, i) => ({ tableId: 9, seq: i + 1, seat: entry.seat, userId: null, kind: entry.kind, action: entry.action, at: entry.at })),
    };
    const app = { store, registry: defaultRegistry(), publisher: { replays: new ReplayLoader(store) } } as never;
    const loaded = await loadReview(app, 9, 'g', en);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.hostSeat).toBe(1);
    expect(loaded.replay.steps.at(-1)!.state).toEqual(played.final);
    expect(await loadReview(app, 9, 'other-guild', en)).toMatchObject({ ok: false, outcome: 'no_table' });
  });
});

describe('the replay is cached per table, not per step', () => {
  it('reviewing every step of a game of 300+ moves applies each logged action once (one replay)', async () => {
    const def = suspicionModule.definition;
    const options = def.optionsSchema.parse({});
    // A random 6-seat game of 375 moves (seed 6).
    const played = playRandomGame(def, { seats: 6, seed: 6, playSeed: 6, options, setupMeta: { hostSeat: 0 }, maxActions: 5000 });
    expect(played.over).toBe(true);
    expect(played.log.length).toBeGreaterThanOrEqual(300);
    let applies = 0;
    const counted = { ...def, apply: (...args: Parameters<typeof def.apply>) => (applies++, def.apply(...args)) };
    const rows = Array.from({ length: 6 }, (_, seat) => ({ tableId: 9301, userId: `${seat + 1}`.repeat(18), displayName: `P${seat}`, joinedAt: 0, seat, away: false, missed: 0, left: false, botLevel: null, looked: true }));
    const table = { id: 9301, guildId: 'g', channelId: 'c', game: 'suspicion', status: 'finished', hostUserId: rows[0]!.userId, options, maxSeats: 6, seed: 6, state: played.final, version: 1, lastSeq: played.log.length, endReason: null };
    const store = {
      table: async () => table,
      seats: async () => rows,
      actions: async () => played.log.map((entry, i) => ({ tableId: 9301, seq: i + 1, seat: entry.seat, userId: null, kind: entry.kind, action: entry.action, at: i })),
    };
    const app = { store, registry: new GameRegistry([{ ...suspicionModule, definition: counted as typeof def }]), publisher: { replays: new ReplayLoader(store) } } as never;
    for (let step = played.log.length; step >= 0; step--) {
      const loaded = await loadReview(app, 9301, 'g', en);
      if (!loaded.ok) throw new Error(loaded.text);
      expect(viewAt(loaded.replay, step, { kind: 'seat', seat: 0 }).view).toEqual(def.seatView(loaded.replay.steps[step]!.state, 0));
    }
    expect(applies).toBe(played.log.length);
  });

  it('a table that moves on is extended by its new moves only (watch panels after every move: src/review/load.ts)', async () => {
    const def = suspicionModule.definition;
    const options = def.optionsSchema.parse({});
    const played = playRandomGame(def, { seats: 4, seed: 11, playSeed: 11, options, setupMeta: { hostSeat: 0 }, maxActions: 5000 });
    let applies = 0;
    const counted = { ...def, apply: (...args: Parameters<typeof def.apply>) => (applies++, def.apply(...args)) };
    const rows = Array.from({ length: 4 }, (_, seat) => ({ tableId: 77, userId: `${seat + 1}`.repeat(18), displayName: `P${seat}`, joinedAt: 0, seat, away: false, missed: 0, left: false, botLevel: null, looked: true }));
    const actions = played.log.map((entry, i) => ({ tableId: 77, seq: i + 1, seat: entry.seat, userId: null, kind: entry.kind, action: entry.action, at: i }));
    const loader = new ReplayLoader({ actions: async () => actions });
    const tableAt = (seq: number) => ({ id: 77, guildId: 'g', channelId: 'c', game: 'suspicion', status: 'active', hostUserId: rows[0]!.userId, options, maxSeats: 4, seed: 11, state: {}, version: seq, lastSeq: seq }) as never;
    const full = replayGame({ definition: def, options, seats: 4, seed: 11, setupMeta: { hostSeat: 0 }, log: played.log.map((entry, i) => ({ ...entry, at: i })) });
    for (let seq = 0; seq <= played.log.length; seq++) {
      const { replay } = await loader.load(counted as typeof def, tableAt(seq), rows as never);
      expect(replay.steps.length).toBe(seq + 1);
      expect(replay.steps[seq]!.state).toEqual(full.steps[seq]!.state);
    }
    expect(applies).toBe(played.log.length);
    // An older read than the kept replay is cut, not replayed.
    const { replay } = await loader.load(counted as typeof def, tableAt(3), rows as never);
    expect(replay.steps.length).toBe(4);
    expect(applies).toBe(played.log.length);
  });
});
