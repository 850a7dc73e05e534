/**
 * The shared message frame: notices about the latest change stay visible, names are raw in
 * component texts, panels name their channel where mentions render, closed boards say so.
 */
import { describe, expect, it, vi } from 'vitest';
import { en } from '../../src/i18n/en/index.js';
import { boardMessage } from '../../src/discord/render/board.js';
import { plainComponentTexts } from '../../src/discord/render/markup.js';
import { panelMessage } from '../../src/discord/render/panel.js';
import type { Actor } from '../../src/tables/types.js';
import { tallyModule } from '../support/toy-game.js';
import { toyServiceFixture } from '../support/toy-service.js';
import { reviewId } from '../../src/discord/custom-id.js';

const actor = (n: number, name: string): Actor => ({ userId: `20000000000000000${n}`, displayName: name, canManageGuild: false });
const ana = actor(1, 'ana_b');
const ben = actor(2, 'Ben');

const toy = toyServiceFixture({ seed: 1 });

async function start(): Promise<number> {
  const r = (await toy.service.lobby.createTable({ guildId: 'g', channelId: '300000000000000001', game: 'suspicion', host: ana, options: {} }));
  if (!r.ok) throw new Error('create');
  (await toy.service.lobby.join(r.value.table.id, ben));
  (await toy.service.lobby.start(r.value.table.id, ana));
  return r.value.table.id;
}

const text = (p: { embeds?: { title?: string; description?: string }[] }) => p.embeds!.map((e) => `${e.title}\n${e.description}`).join('\n');

describe('board frame', () => {
  it('says who ran out of time in the latest change, above the game body', async () => {
    const id = (await start());
    await vi.advanceTimersByTimeAsync(60_000);
    const board = text(boardMessage(tallyModule, (await toy.service.reads.snapshot(id))!, en));
    const [head, notice] = board.split('\n').slice(1, 3);
    expect(head).toMatch(/Turn of|⏰/);
    expect(notice).toMatch(/^⏰ Out of time: (ana\\_b|Ben) — the default move was played\.$/);
    // The next change replaces the notice.
    const p = tallyModule.definition.pending((await toy.store.table(id))!.state) as { seats: number[]; step: number };
    const seat = (await toy.store.seats(id)).find((s) => s.seat === p.seats[0])!;
    (await toy.service.play.act(id, seat.userId === ana.userId ? ana : ben, p.step, { type: 'pass' }));
    expect(text(boardMessage(tallyModule, (await toy.service.reads.snapshot(id))!, en))).not.toMatch(/Out of time/);
  });

  it('lists who left, and never shows a leaver as away', async () => {
    const id = (await start());
    (await toy.service.play.leaveGame(id, ben));
    const board = text(boardMessage(tallyModule, (await toy.service.reads.snapshot(id))!, en));
    expect(board).toMatch(/Left the game: Ben/);
    expect(board).toMatch(/everyone else left/);
    expect(board).not.toMatch(/away/);
  });

  it('a cancelled board says the table is closed instead of whose turn it was', async () => {
    const id = (await start());
    (await toy.service.lobby.cancel(id, ana));
    const board = text(boardMessage(tallyModule, (await toy.service.reads.snapshot(id))!, en));
    expect(board).toMatch(/This table is closed/);
    expect(board).not.toMatch(/Turn of/);
  });

  it('an abandoned game says so, and why, with no game buttons left (only Review)', async () => {
    const id = (await start());
    for (let guard = 0; guard < 500 && (await toy.store.table(id))!.status === 'active'; guard++) {
      await vi.advanceTimersByTimeAsync(Math.max(0, (await toy.store.table(id))!.deadlineAt! - Date.now()));
    }
    const payload = boardMessage(tallyModule, (await toy.service.reads.snapshot(id))!, en);
    const board = text(payload);
    expect(board).toMatch(/This table is closed/);
    expect(board).toMatch(/Abandoned:\*\* nobody played for over 10 minutes — every player was away and let 3 deadlines in a row pass\. This game is not rated/);
    const ids = (payload.components ?? []).flatMap((row) => (row as { components: { custom_id?: string }[] }).components.map((c) => c.custom_id));
    expect(ids).toEqual([reviewId(id, null, 'p', 'o')]);
  });
});

describe('panel frame', () => {
  it('puts the channel mention in the description, where Discord renders it', async () => {
    const id = (await start());
    const p = panelMessage(tallyModule, (await toy.service.reads.snapshot(id))!, ana.userId, en);
    expect(p.embeds![0]!.title).not.toMatch(/<#/);
    expect(p.embeds![0]!.description).toMatch(/<#300000000000000001>/);
  });
});

describe('component texts', () => {
  it('shows names raw in labels, placeholders and options (no markdown escapes)', async () => {
    const rows = plainComponentTexts([
      {
        type: 1,
        components: [{ type: 3, custom_id: 's', placeholder: 'Pick ana\\_b…', options: [{ label: 'Burn ana\\_b\\*', value: 'x', description: 'x\\-y' }] }],
      },
      { type: 1, components: [{ type: 2, style: 1, custom_id: 'b', label: 'Block ana\\_b' }] },
    ] as never);
    expect(JSON.stringify(rows)).not.toContain('\\\\');
    expect((rows[1]!.components[0] as { label: string }).label).toBe('Block ana_b');
    expect((rows[0]!.components[0] as { options: { label: string }[] }).options[0]!.label).toBe('Burn ana_b*');
  });
});
