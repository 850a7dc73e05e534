/**
 * Watchers (docs/watching.md "Spectator rules of a table"; src/review/watch.ts, src/tables/spectators.ts), over whole
 * random games of every game: after every move, a `delayed` table's watcher payload is exactly
 * the payload of the log cut N moves back — so nothing newer than N moves behind reaches a
 * watcher, not even how many moves were made since — and a public table's is the live step;
 * the public view and events hold no seat's secret (every event is public, the view is
 * `publicView`) unless the game is over and the table lets watchers see hands; once the game
 * is over a watcher sees the end.
 */
import { describe, expect, it } from 'vitest';
import { eventVisibleTo } from '../../src/games/engine.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { replayGame, type ReplayLogEntry } from '../../src/review/replay.js';
import { watchPayload } from '../../src/review/watch.js';
import { readSpectatorOptions, spectatorPolicy, watcherStep, watchRefusal } from '../../src/tables/spectators.js';
import { playRandomGame } from '../support/random-play.js';
import { deep } from '../support/depth.js';

/** Whole games per game and delay. */
const GAMES = Number(process.env.WATCH_GAMES ?? deep(2));

describe('spectator options', () => {
  it('host choice over server default; bad values answered, nothing stored', () => {
    expect(readSpectatorOptions({})).toEqual({ ok: true, options: {} });
    expect(readSpectatorOptions({}, { spectators: 'delayed', spectatorDelay: 5, watchersSeeHands: 'after-the-end' })).toEqual({
      ok: true,
      options: { spectators: 'delayed', spectatorDelay: 5, watchersSeeHands: 'after-the-end' },
    });
    expect(readSpectatorOptions({ spectators: 'public' }, { spectators: 'off' })).toEqual({ ok: true, options: {} });
    expect(readSpectatorOptions({ spectators: 'delayed', delay: 2 })).toEqual({ ok: true, options: { spectators: 'delayed', spectatorDelay: 2 } });
    const bad = readSpectatorOptions({ spectators: 'sometimes', delay: 0, seeHands: 'always' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems).toHaveLength(3);
    expect(readSpectatorOptions({ delay: 4 })).toEqual({ ok: false, problems: ['spectator-delay: only with spectators:delayed'] });
  });

  it('a player never watches their own table; nobody watches with spectators off', () => {
    const publicPolicy = spectatorPolicy({});
    expect(watchRefusal(publicPolicy, undefined)).toBeNull();
    expect(watchRefusal(publicPolicy, { seat: 2 })).toBe('is-player');
    expect(watchRefusal(spectatorPolicy({ spectators: 'off' }), undefined)).toBe('spectators-off');
    expect(watcherStep(spectatorPolicy({ spectators: 'delayed', spectatorDelay: 3 }), 2, false)).toBe(0);
    expect(watcherStep(spectatorPolicy({ spectators: 'delayed', spectatorDelay: 3 }), 10, false)).toBe(7);
    expect(watcherStep(spectatorPolicy({ spectators: 'delayed', spectatorDelay: 3 }), 10, true)).toBe(10);
  });
});

describe.each(GAME_MODULES.map((mod) => [mod.id, mod.definition] as const))('watchers over whole games: %s', (game, def) => {
  it(`a delayed watcher never gets a state newer than N moves behind; public views only (${GAMES} games × 2 delays)`, () => {
    const rng = Rng.seeded(0x3939 + game.length);
    for (let g = 0; g < GAMES; g++) {
      const seats = rng.int(def.minPlayers, def.maxPlayers);
      const seed = rng.int(0, 2 ** 31 - 1);
      const played = playRandomGame(def, { seats, seed, playSeed: rng.int(0, 2 ** 31 - 1), timeoutRate: 0.1 });
      expect(played.over).toBe(true);
      const log: ReplayLogEntry[] = played.log.map((entry, i) => ({ seat: entry.seat, action: entry.action, kind: entry.kind, at: 1_000 * (i + 1) }));
      const options = def.optionsSchema.parse({});
      const full = replayGame({ definition: def, options, seats, seed, log });
      for (const delay of [1, 5]) {
        const delayed = spectatorPolicy({ spectators: 'delayed', spectatorDelay: delay });
        const live = spectatorPolicy({});
        for (let moves = 0; moves <= log.length; moves++) {
          const now = { ...full, steps: full.steps.slice(0, moves + 1) };
          const over = moves === log.length;
          const payload = watchPayload(now, delayed, over);
          if (!over) {
            const shown = Math.max(0, moves - delay);
            expect(payload.step).toBe(shown);
            // Exactly what the log cut at that step gives: nothing of the newer moves, not even their count.
            const cut = { ...full, steps: full.steps.slice(0, shown + 1) };
            expect(payload).toEqual(watchPayload(cut, { mode: 'public', delay: 0, seeHands: 'off' }, false));
          } else {
            expect(payload.step).toBe(log.length);
            expect(payload.overAtStep).toBe(true);
          }
          // Without watchers-see-hands: the public view and public events only, at every step.
          expect(payload.viewKind).toBe('public');
          expect(payload.view).toEqual({ kind: 'public', view: def.publicView(now.steps[payload.step]!.state) });
          for (const move of payload.moves) for (const event of move.events) expect(eventVisibleTo(event, null), `${game} event ${event.type}`).toBe(true);
          if (delay === 1) expect(watchPayload(now, live, over).step).toBe(moves);
        }
      }
      // With watchers-see-hands after the end: every hand, only once the game is over.
      const hands = spectatorPolicy({ watchersSeeHands: 'after-the-end' });
      expect(watchPayload({ ...full, steps: full.steps.slice(0, log.length) }, hands, false).viewKind).toBe('public');
      expect(watchPayload(full, hands, true).viewKind).toBe('all');
    }
  });
});
