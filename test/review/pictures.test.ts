/**
 * Pictures of review steps keep hidden information (README "Review a game"): over random games of
 * every game, at every step, the pictures the review draws for a non-player (`stepPictures`, public
 * view) are the board only, and neither their SVG nor their alt text changes when the secrets the
 * public may not see are redistributed (the perturbations of the games' own picture leak tests,
 * test/games/<game>/pictures.test.ts) or when the step's private events are dropped; a seat's
 * review picture does not change with the secrets hidden from that seat.
 */
import { describe, expect, it } from 'vitest';
import { reviewPictureSeats, stepPictures } from '../../src/discord/render/review.js';
import { eventVisibleTo, type Seat } from '../../src/games/engine.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { replayGame, type GameReplay, type ReplayLogEntry, type ReviewView } from '../../src/review/replay.js';
import { playRandomGame } from '../support/random-play.js';
import { SCRAMBLE } from '../support/scramble.js';

/** `replay` with step `step`'s state and events replaced. */
function withStep(replay: GameReplay, step: number, state: unknown, events = replay.steps[step]!.events): GameReplay {
  return { ...replay, steps: replay.steps.map((s, i) => (i === step ? { ...s, state, events } : s)) };
}

const seatRows = (n: number) => Array.from({ length: n }, (_, seat) => ({ tableId: 1, userId: `${seat}`, displayName: ['Ana', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn'][seat]!, joinedAt: 0, seat, away: false, missed: 0, left: false, botLevel: null, looked: true }));

describe.each(GAME_MODULES.map((mod) => [mod.id, mod] as const))('review pictures keep secrets: %s', (game, mod) => {
  it("a non-player's step picture and alt text hold no seat's secret; a seat's holds no other seat's", () => {
    const def = mod.definition;
    const scramble = SCRAMBLE[game]!;
    const rng = Rng.seeded(0x51c7 + game.length);
    let checked = 0;
    let ownerSeesScramble = 0;
    for (let g = 0; g < 2; g++) {
      const seats = rng.int(def.minPlayers, def.maxPlayers);
      const seed = rng.int(0, 0x7fffffff);
      const options = def.optionsSchema.parse({});
      const setupMeta = { hostSeat: 0 };
      const log: ReplayLogEntry[] = [];
      playRandomGame(def, { seats, seed, playSeed: rng.int(0, 0x7fffffff), options, setupMeta, maxActions: 60, onState: (_s, _e, entry) => log.push({ ...entry, at: log.length }) });
      const replay = replayGame({ definition: def, options, seats, seed, setupMeta, log });
      const names = reviewPictureSeats(seatRows(seats), en);
      for (let step = 0; step < replay.steps.length; step++) {
        const { state, events } = replay.steps[step]!;
        // Once over the public board may show what was hidden (the games' own tests skip it too).
        if (def.pending(state).kind === 'over' || step % 3 !== 1) continue;
        const text = step % 2 ? es : en;
        const draw = (r: GameReplay, view: ReviewView) => stepPictures(mod, r, step, view, names, text, false)!;
        const shown = draw(replay, { kind: 'public' });
        expect(shown.hands).toEqual([]);
        const publicEvents = events.filter((event) => eventVisibleTo(event, null));
        for (const other of [withStep(replay, step, scramble(state as never, null, seed + step)), withStep(replay, step, state, publicEvents)]) {
          const again = draw(other, { kind: 'public' });
          expect(again.board.svg).toBe(shown.board.svg);
          expect(again.board.alt).toBe(shown.board.alt);
          expect(again.hands).toEqual([]);
        }
        for (let seat: Seat = 0; seat < seats; seat++) {
          const view: ReviewView = { kind: 'seat', seat };
          const mine = draw(replay, view);
          expect(mine.hands.map((hand) => hand.seat)).toEqual([seat]);
          const again = draw(withStep(replay, step, scramble(state as never, seat, seed + step)), view);
          expect(again.hands[0]!.picture.svg, `seat ${seat}'s review picture depends on another seat's secret`).toBe(mine.hands[0]!.picture.svg);
          expect(again.hands[0]!.picture.alt).toBe(mine.hands[0]!.picture.alt);
          // The check can fail: what the public may not see shows in the owner's picture.
          if (draw(withStep(replay, step, scramble(state as never, null, seed + step)), view).hands[0]!.picture.svg !== mine.hands[0]!.picture.svg) ownerSeesScramble++;
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8);
    expect(ownerSeesScramble).toBeGreaterThan(0);
  });
});
