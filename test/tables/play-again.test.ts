/**
 * Play again in the table service (README "Commands"): a finished table opens one new lobby
 * in its channel with the same game options, seat count, table options and language and
 * the clicker as host, and names the previous players to invite; cancelled, abandoned and
 * open tables, strangers, old boards, other channels and busy channels are refused, and a
 * double click opens one lobby.
 */
import { describe, expect, it, vi } from 'vitest';
import { reviewId, tableActionId } from '../../src/discord/custom-id.js';
import { boardMessage } from '../../src/discord/render/board.js';
import { en } from '../../src/i18n/en/index.js';
import { gameTables } from '../../src/persistence/schema.js';
import { eq } from 'drizzle-orm';
import { LOBBY_IDLE_MS } from '../../src/tables/service.js';
import type { Actor } from '../../src/tables/types.js';
import { tallyDefinition, tallyModule, type TallyState } from '../support/toy-game.js';
import { toyServiceFixture } from '../support/toy-service.js';

const CHANNEL = '300000000000000001';
const actor = (n: number, canManageGuild = false): Actor => ({
  userId: `10000000000000000${n}`,
  displayName: `P${n}`,
  canManageGuild,
  from: { guildId: 'g1', channelId: CHANNEL },
});
const [ana, ben, cleo, dev] = [actor(1), actor(2), actor(3), actor(4)];

const toy = toyServiceFixture({ seed: 4242 });

const userOfSeat = async (id: number, seat: number) => { const seats = await toy.store.seats(id); return [ana, ben, cleo, dev].find((a) => a.userId === seats.find((s) => s.seat === seat)!.userId)!; };

/** Open a table of `players` (first = host) with `options` and `maxSeats`, start it, and optionally play it to its end. */
async function table(players: Actor[], opts: { options?: Record<string, unknown>; maxSeats?: number; finish?: boolean } = {}): Promise<number> {
  const created = (await toy.service.lobby.createTable({ guildId: 'g1', channelId: CHANNEL, game: 'suspicion', host: players[0]!, options: opts.options ?? {}, maxSeats: opts.maxSeats ?? 4 }));
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const id = created.value.table.id;
  for (const p of players.slice(1)) expect((await toy.service.lobby.join(id, p)).ok).toBe(true);
  expect((await toy.service.lobby.start(id, players[0]!)).ok).toBe(true);
  if (opts.finish ?? true) {
    for (let guard = 0; guard < 300 && (await toy.store.table(id))!.status === 'active'; guard++) {
      const p = tallyDefinition.pending((await toy.store.table(id))!.state as TallyState);
      if (p.kind === 'turn') await toy.service.play.act(id, await userOfSeat(id, p.seat), p.step, { type: 'add', n: 2 });
      else if (p.kind === 'race') (await toy.service.play.act(id, await userOfSeat(id, p.seats[0]!), p.step, { type: 'pass' }));
      else if (p.kind === 'simultaneous') for (const s of p.waiting) (await toy.service.play.act(id, await userOfSeat(id, s), p.step, { type: 'vote', value: 0 }));
    }
    expect((await toy.store.table(id))!.status).toBe('finished');
  }
  return id;
}

describe('play again', () => {
  it('opens a lobby in the same channel with the same options, seats, table options and language; the clicker hosts', async () => {
    const old = await table([ana, ben, cleo], { options: { turnSeconds: 42, voteSeconds: 17 }, maxSeats: 3 });
    // Table-level options and the language are carried over too.
    toy.db.update(gameTables).set({ tableOptions: { botPaceMs: 750 }, locale: 'es-ES' }).where(eq(gameTables.id, old)).run();
    const r = (await toy.service.lobby.playAgain(old, ben));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const lobby = r.value.snapshot.table;
    expect(lobby.id).toBeGreaterThan(old);
    expect(lobby).toMatchObject({
      guildId: 'g1',
      channelId: CHANNEL,
      game: 'suspicion',
      status: 'lobby',
      hostUserId: ben.userId,
      maxSeats: 3,
      tableOptions: { botPaceMs: 750 },
      locale: 'es-ES',
      deadlineAt: Date.now() + LOBBY_IDLE_MS,
    });
    expect(lobby.options).toEqual((await toy.store.table(old))!.options);
    expect(lobby.options).toMatchObject({ turnSeconds: 42, voteSeconds: 17 });
    expect(r.value.snapshot.seats.map((s) => s.userId)).toEqual([ben.userId]);
    expect(new Set(r.value.invited)).toEqual(new Set([ana.userId, cleo.userId]));
    // The lobby is a normal lobby: the invited join, the host starts.
    expect((await toy.service.lobby.join(lobby.id, ana)).ok).toBe(true);
    expect((await toy.service.lobby.start(lobby.id, ben)).ok).toBe(true);
  });

  it('a double click opens one lobby; the second is told which table is open', async () => {
    const old = await table([ana, ben]);
    const first = (await toy.service.lobby.playAgain(old, ana));
    const second = (await toy.service.lobby.playAgain(old, ana));
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, error: { code: 'channel-busy', tableId: first.ok ? first.value.snapshot.table.id : -1, status: 'lobby' } });
    const third = (await toy.service.lobby.playAgain(old, ben));
    expect(third).toMatchObject({ ok: false, error: { code: 'channel-busy' } });
    expect(await toy.store.openTables({ guildId: 'g1' })).toHaveLength(1);
  });

  it('an old board no longer opens anything once a newer table was opened in its channel, even a closed one', async () => {
    const old = await table([ana, ben]);
    const again = (await toy.service.lobby.playAgain(old, ana));
    if (!again.ok) throw new Error('first play again');
    await toy.service.lobby.cancel(again.value.snapshot.table.id, ana);
    expect(await toy.service.lobby.playAgain(old, ben)).toEqual({ ok: false, error: { code: 'rematch-stale', newerTableId: again.value.snapshot.table.id, game: 'suspicion' } });
    expect(await toy.store.openTables({ guildId: 'g1' })).toHaveLength(0);
  });

  it('does not invite players who left, nor the new host', async () => {
    const old = await table([ana, ben, cleo], { finish: false });
    expect((await toy.service.play.leaveGame(old, cleo)).ok).toBe(true);
    expect((await toy.service.play.leaveGame(old, ben)).ok).toBe(true); // Ana wins at once (forfeit): a finished game
    expect(await toy.store.table(old)).toMatchObject({ status: 'finished', endReason: 'forfeit' });
    const r = (await toy.service.lobby.playAgain(old, ana));
    expect(r.ok && r.value.invited).toEqual([]);
  });

  it('is refused for strangers unless they have Manage Server', async () => {
    const old = await table([ana, ben]);
    expect(await toy.service.lobby.playAgain(old, dev)).toEqual({ ok: false, error: { code: 'rematch-players-only', game: 'suspicion' } });
    expect(await toy.store.openTables({ guildId: 'g1' })).toHaveLength(0);
    const admin = (await toy.service.lobby.playAgain(old, actor(4, true)));
    expect(admin.ok && admin.value.invited.sort()).toEqual([ana.userId, ben.userId].sort());
  });

  it('is refused for cancelled, abandoned and still-open tables, and from another channel or server', async () => {
    const running = await table([ana, ben], { finish: false });
    expect(await toy.service.lobby.playAgain(running, ana)).toEqual({ ok: false, error: { code: 'not-finished', status: 'active' } });
    await toy.service.lobby.cancel(running, ana);
    expect(await toy.service.lobby.playAgain(running, ana)).toEqual({ ok: false, error: { code: 'not-finished', status: 'cancelled' } });
    const old = await table([ana, ben]);
    expect(await toy.service.lobby.playAgain(old, { ...ana, from: { guildId: 'g1', channelId: '300000000000000009' } })).toEqual({
      ok: false,
      error: { code: 'other-channel', channelId: CHANNEL },
    });
    expect(await toy.service.lobby.playAgain(old, { ...ana, from: { guildId: 'g2', channelId: CHANNEL } })).toEqual({ ok: false, error: { code: 'no-table' } });
    expect(await toy.service.lobby.playAgain(9999, ana)).toEqual({ ok: false, error: { code: 'no-table' } });
    expect(await toy.store.openTables({ guildId: 'g1' })).toHaveLength(0);
  });

  it('the new lobby closes after LOBBY_IDLE_MS without activity, like any lobby', async () => {
    const old = await table([ana, ben]);
    const r = (await toy.service.lobby.playAgain(old, ana));
    if (!r.ok) throw new Error('play again');
    await vi.advanceTimersByTimeAsync(LOBBY_IDLE_MS + 1);
    expect(await toy.store.table(r.value.snapshot.table.id)).toMatchObject({ status: 'cancelled', endReason: 'expired' });
  });
});

describe('the board offers Play again only when the game finished', () => {
  const customIds = async (id: number) =>
    (boardMessage(tallyModule, (await toy.service.reads.snapshot(id))!, en).components ?? []).flatMap((row) => (row as { components: unknown[] }).components.map((c) => (c as { custom_id?: string }).custom_id));

  it('a finished board: Play again and Review (README "Review a game"), no game buttons', async () => {
    const id = await table([ana, ben]);
    expect(await customIds(id)).toEqual([tableActionId(id, 'again'), reviewId(id, null, 'p', 'o')]);
    const payload = boardMessage(tallyModule, (await toy.service.reads.snapshot(id))!, en);
    expect((payload.components![0] as { components: unknown[] }).components[0]).toMatchObject({ label: en.common.board.playAgain });
    expect(payload.content).toBe('');
  });

  it('a running or cancelled board: no Play again (a cancelled game keeps Review); a forfeit (everyone else left) is a finished game', async () => {
    const running = await table([ana, ben], { finish: false });
    expect(await customIds(running)).not.toContain(tableActionId(running, 'again'));
    await toy.service.lobby.cancel(running, ana);
    expect(await customIds(running)).toEqual([reviewId(running, null, 'p', 'o')]);
    const everyoneLeft = await table([ana, ben], { finish: false });
    await toy.service.play.leaveGame(everyoneLeft, ana);
    // Ben is the last one seated: he wins at once, a finished game — that board offers a rematch.
    expect((await toy.store.table(everyoneLeft))!.status).toBe('finished');
    expect(await customIds(everyoneLeft)).toEqual([tableActionId(everyoneLeft, 'again'), reviewId(everyoneLeft, null, 'p', 'o')]);
  });
});
