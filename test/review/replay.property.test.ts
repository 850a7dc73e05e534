/**
 * Property test of the review's replay core (src/review/replay.ts, README "Review a game"):
 * per game (the four, and the test game Guess), over random finished games (100 each in `npm test`, 1,000 each in
 * `npm run test:deep`, which CI runs too), replaying the seed and the stored log (through
 * JSON, as the database keeps it) step by step reproduces the final state exactly, and at every
 * step the view drawn for each seat, for the public and the events each may see are exactly
 * what that seat / the board was shown when the move was played — computed independently in
 * the play loop below, never from the replay. While the game runs no seat may ask for another
 * seat's view or for everything revealed (`mayView`).
 */
import { describe, expect, it } from 'vitest';
import { eventVisibleTo, type AnyGameDefinition, type GameEvent } from '../../src/games/engine.js';
import { Rng } from '../../src/games/rng.js';
import { eventsAt, lastStep, mayView, replayGame, replayOver, viewAt, type ReplayLogEntry } from '../../src/review/replay.js';
import { playRandomGame, randomTableOptions } from '../support/random-play.js';
import { gamesWithGuess } from '../games/toy/registry.js';
import { DEPTH, deep } from '../support/depth.js';

/**
 * Finished games per game: 100 in `npm test` (1,000 each took 141 s of CPU for the five games,
 * measured: docs/review.md), `REVIEW_GAMES=1000` in `npm run test:deep` (test/support/depth.ts).
 */
const GAMES = Number(process.env.REVIEW_GAMES ?? deep(100));

/** What one step showed while it was played: the board's view, each seat's view, each viewer's events. */
interface Shown {
  board: string;
  seats: string[];
  /** JSON of the events visible to the public ([0]) and to each seat ([1 + seat]). */
  events: string[];
}

function shown(def: AnyGameDefinition, state: unknown, seats: number, events: GameEvent[]): Shown {
  return {
    board: JSON.stringify(def.publicView(state)),
    seats: Array.from({ length: seats }, (_, seat) => JSON.stringify(def.seatView(state, seat))),
    events: [null, ...Array.from({ length: seats }, (_, seat) => seat)].map((viewer) => JSON.stringify(events.filter((e) => eventVisibleTo(e, viewer)))),
  };
}

// Every game of the bot, and Guess (test/games/toy/), registered the way a fifth game would be: the
// options of each table come from the module (`randomTableOptions`), never from a switch on the game.
describe.each(gamesWithGuess().modules.map((mod) => [mod.id, mod] as const))('review replay: %s', (game, mod) => {
  const def = mod.definition;
  it(`replays ${GAMES} random finished games exactly, each step as each seat was shown it`, () => {
    const rng = Rng.seeded(0x7e57 + game.length);
    let finished = 0;
    let attempts = 0;
    while (finished < GAMES) {
      attempts++;
      if (attempts > GAMES * 2) throw new Error(`too few random ${game} games finish (${finished} of ${attempts})`);
      const seats = rng.int(def.minPlayers, def.maxPlayers);
      const seed = rng.int(0, 0x7fffffff);
      const options = def.optionsSchema.parse(randomTableOptions(mod, rng));
      const setupMeta = { hostSeat: rng.int(0, seats - 1) };
      const initial = def.setup(options, seats, seed, setupMeta);
      const history: Shown[] = [shown(def, initial, seats, [])];
      const log: ReplayLogEntry[] = [];
      const played = playRandomGame(def, {
        seats,
        seed,
        playSeed: rng.int(0, 0x7fffffff),
        options,
        setupMeta,
        timeoutRate: 0.2,
        onState: (state, events, entry) => {
          history.push(shown(def, state, seats, events));
          // Through JSON, as the action log stores it.
          log.push({ seat: entry.seat, action: JSON.parse(JSON.stringify(entry.action)), kind: entry.kind, at: log.length });
        },
      });
      if (!played.over) continue;
      finished++;

      const replay = replayGame({ definition: def, options, seats, seed, setupMeta, log });
      expect(lastStep(replay)).toBe(log.length);
      expect(replayOver(replay)).toBe(true);
      expect(replay.steps[lastStep(replay)]!.state).toEqual(played.final);
      // Plain comparisons per step (one expect per game keeps 1,000 games fast); the first difference fails it.
      let difference: string | null = null;
      for (let step = 0; step <= lastStep(replay) && difference === null; step++) {
        const was = history[step]!;
        const over = def.pending(replay.steps[step]!.state).kind === 'over';
        if (JSON.stringify(viewAt(replay, step, { kind: 'public' }).view) !== was.board) difference = `step ${step}: public view`;
        else if (JSON.stringify(eventsAt(replay, step, { kind: 'public' })) !== was.events[0]) difference = `step ${step}: public events`;
        for (let seat = 0; seat < seats && difference === null; seat++) {
          if (JSON.stringify(viewAt(replay, step, { kind: 'seat', seat }).view) !== was.seats[seat]) difference = `step ${step}: seat ${seat}'s view`;
          else if (JSON.stringify(eventsAt(replay, step, { kind: 'seat', seat })) !== was.events[1 + seat]) difference = `step ${step}: seat ${seat}'s events`;
          // No secret early: during the game a seat may see no other seat and not everything.
          else if (mayView({ kind: 'seat', seat: (seat + 1) % seats }, seat, over) !== over || mayView({ kind: 'all' }, seat, over) !== over) difference = `step ${step}: seat ${seat} may see others`;
        }
      }
      expect(difference, `${game} seed ${seed}`).toBeNull();
    }
    expect(finished).toBe(GAMES);
  }, 600_000 * DEPTH);
});
