/**
 * A small test-only GamePictures (src/games/picture.ts) and TableSnapshot builder for the
 * picture tests: the games' own drawers live on other branches; these draw the view's seat
 * names and a digest of the view, enough to tell views apart and to fill a picture with text.
 */
import { createHash } from 'node:crypto';
import type { GameModule } from '../../src/games/module.js';
import { PICTURE_WIDTH, type GamePictures, type Picture, type PictureContext } from '../../src/games/picture.js';
import { piece, SceneBuilder, sceneSvg } from '../../src/games/scene.js';
import { text } from '../../src/games/svg.js';
import type { SeatRow, TableRow } from '../../src/persistence/store/types.js';
import type { TableSnapshot } from '../../src/tables/types.js';

/** Drawer calls counted per kind (tests check reuse). */
export const drawCalls = { board: 0, hand: 0 };

function draw(kind: string, view: unknown, ctx: PictureContext): Picture {
  const digest = createHash('sha1').update(JSON.stringify(view)).digest('hex').slice(0, 12);
  const lines = [`${kind} ${digest} · ${ctx.t.common.board.log}`, ...ctx.seats.map((seat) => `${seat.name}${seat.bot ? ' (bot)' : ''}`)];
  const height = 60 + lines.length * 40;
  // A scene (the bot composes scenes only): one piece per line.
  const scene = new SceneBuilder(PICTURE_WIDTH);
  lines.forEach((line, i) => scene.put(0, 20 + i * 40, piece(PICTURE_WIDTH, 40, text(20, 30, line, { size: 28, maxWidth: PICTURE_WIDTH - 40 }))));
  const drawn = scene.finish(height);
  return {
    svg: sceneSvg(drawn),
    scene: drawn,
    width: PICTURE_WIDTH,
    height,
    alt: `${kind === 'board' ? ctx.t.common.board.log : 'Hand'} picture of ${ctx.seats.map((seat) => seat.name).join(', ')} (view ${digest}).`,
  };
}

/** The test drawers: the board from the public view, a hand from the seat's view. */
export const testPictures: GamePictures<unknown, unknown> = {
  board: (view, ctx) => {
    drawCalls.board++;
    return draw('board', view, ctx);
  },
  hand: (view, ctx) => {
    drawCalls.hand++;
    return draw('hand', view, ctx);
  },
};

/** `mod` with the test drawers. */
export function withTestPictures(mod: GameModule): GameModule {
  return { ...mod, pictures: testPictures };
}

/** A started table of `mod` at `state` (version `version`) with `seats` humans named Ana, Ben, …; seat 0 is user u0. */
export function snapshotOf(mod: GameModule, state: unknown, seats: number, version = 2, extra: Partial<TableRow> = {}): TableSnapshot {
  const names = ['Ana', 'Ben', 'Carmen', 'Dmitri', 'Élodie', 'Fatima', 'Gustavo', 'Hiro'];
  const table = {
    id: 7,
    guildId: 'g1',
    channelId: 'c1',
    game: mod.id,
    status: 'active',
    hostUserId: 'u0',
    options: {},
    maxSeats: seats,
    seed: 1,
    state,
    version,
    boardMessageId: 'm1',
    boardVersion: version - 1,
    pingMessageId: null,
    deadlineAt: 1_700_000_300_000,
    deadlineStep: 1,
    recentEvents: [],
    lastSeq: 0,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    startedAt: 1_700_000_000_000,
    endedAt: null,
    endReason: null,
    endedBy: null,
    locale: 'en-US',
    tableOptions: null,
    ...extra,
  } as unknown as TableRow;
  const seatRows = Array.from({ length: seats }, (_, seat) => ({
    tableId: 7,
    userId: `u${seat}`,
    displayName: names[seat]!,
    joinedAt: 1_700_000_000_000 + seat,
    seat,
    away: false,
    missed: 0,
    left: false,
    botLevel: null,
  })) as unknown as SeatRow[];
  return { table, seats: seatRows, pending: mod.definition.pending(state as never), results: [], events: [] };
}
