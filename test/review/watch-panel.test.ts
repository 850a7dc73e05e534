/**
 * What a watcher is actually sent (docs/watching.md; src/discord/render/watch.ts), over whole
 * random games of every game:
 *
 * - **Never newer.** At a `delayed` table, after every move of the game, the whole watch panel
 *   — its text version, its pictures' message (text and alt text) and the pictures' SVG — equals
 *   the panel drawn from the game cut N moves back, even though the live table's seats by then
 *   carry marks of later moves (a player who left, one away, a seat an AI player took over).
 * - **No seat's secret** with `watchers-see-hands: off`: scrambling every secret the public may
 *   not see, in every state of the watcher's replay, and dropping every private event changes
 *   nothing of what the watcher is sent — during the game and after its end; with
 *   `after-the-end` the hands are shown once the game is over (and then the scramble shows,
 *   which proves the check can fail).
 */
import { describe, expect, it } from 'vitest';
import { watchDrawings, watchMessage, type WatchInput } from '../../src/discord/render/watch.js';
import type { MessagePicture } from '../../src/discord/pictures/index.js';
import type { MessagePayload } from '../../src/discord/render/markup.js';
import { eventVisibleTo } from '../../src/games/engine.js';
import { GAME_MODULES } from '../../src/games/index.js';
import type { GameModule } from '../../src/games/module.js';
import { Rng } from '../../src/games/rng.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import type { Catalog } from '../../src/i18n/index.js';
import type { SeatRow } from '../../src/persistence/store/types.js';
import { replayGame, type GameReplay, type ReplayLogEntry } from '../../src/review/replay.js';
import { watcherReplay } from '../../src/review/watch.js';
import { spectatorPolicy, type SpectatorPolicy } from '../../src/tables/spectators.js';
import { playRandomGame } from '../support/random-play.js';
import { SCRAMBLE } from '../support/scramble.js';

/** Whole games per game. */
const GAMES = Number(process.env.WATCH_GAMES ?? 1);
const NAMES = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn'];

/** Seat rows as at the deal, and as the live table has them late in the game (left, away, a seat handed to an AI player). */
function seatRows(n: number, late: boolean): SeatRow[] {
  return Array.from({ length: n }, (_, seat) => ({
    tableId: 7,
    userId: `${100 + seat}`,
    displayName: NAMES[seat]!,
    joinedAt: 0,
    seat,
    away: late && seat === 1,
    missed: late && seat === 1 ? 2 : 0,
    left: late && seat === 0,
    botLevel: late && seat === 0 ? 'hard' : null,
    looked: true,
  })) as SeatRow[];
}

/** Everything a watcher receives of `input`: the text version, the pictures' message (text + alt texts) and the pictures' SVG. */
function sent(mod: GameModule, input: WatchInput, text: Catalog): { textVersion: MessagePayload; withPictures: MessagePayload; svg: string[] } {
  const drawn = watchDrawings(mod, input, text);
  const fake = (picture: { svg: string; alt: string }, name: string): MessagePicture => ({ name, png: Buffer.from(picture.svg), alt: picture.alt, width: 1, height: 1 }) as MessagePicture;
  const pictures = drawn ? { board: fake(drawn.board, 'board.png'), hands: drawn.hands.map(({ seat, picture }) => ({ seat, picture: fake(picture, `hand-${seat}.png`) })) } : null;
  return {
    textVersion: watchMessage(mod, input, text, { textBoards: true }),
    withPictures: watchMessage(mod, input, text, { pictures }),
    svg: drawn ? [drawn.board.svg, ...drawn.hands.map((hand) => hand.picture.svg)] : [],
  };
}

/** A whole random game of `mod` and its replay. */
function randomGame(mod: GameModule, rng: Rng): GameReplay {
  const def = mod.definition;
  const seats = rng.int(def.minPlayers, def.maxPlayers);
  const seed = rng.int(0, 2 ** 31 - 1);
  const setupMeta = { hostSeat: 0 };
  const played = playRandomGame(def, { seats, seed, playSeed: rng.int(0, 2 ** 31 - 1), timeoutRate: 0.1, setupMeta });
  expect(played.over).toBe(true);
  const log: ReplayLogEntry[] = played.log.map((entry, i) => ({ seat: entry.seat, action: entry.action, kind: i % 7 === 3 ? 'bot' : entry.kind, at: 1_700_000_000_000 + 60_000 * i }));
  return replayGame({ definition: def, options: def.optionsSchema.parse({}), seats, seed, setupMeta, log });
}

/** A state no game can draw: a renderer that reads it throws. */
const POISON = new Proxy({}, { get: (_target, key) => { throw new Error(`a state the watcher may not see was read (${String(key)})`); } });

const cut = (replay: GameReplay, moves: number): GameReplay => ({ ...replay, steps: replay.steps.slice(0, moves + 1) });
const input = (replay: GameReplay, seats: SeatRow[], policy: SpectatorPolicy, over: boolean): WatchInput => ({ table: { id: 7, channelId: '555' }, seats, replay, policy, over, stopped: false });

describe.each(GAME_MODULES.map((mod) => [mod.id, mod] as const))('what a watcher is sent: %s', (game, mod) => {
  it(`a delayed watcher's panel, pictures and alt text are those of the game N moves back, after every move (${GAMES} games)`, () => {
    const rng = Rng.seeded(0x3940 + game.length);
    let compared = 0;
    for (let g = 0; g < GAMES; g++) {
      const full = randomGame(mod, rng);
      const moves = full.steps.length - 1;
      const delay = 1 + ((g + game.length) % 2) * 2;
      const policy = spectatorPolicy({ spectators: 'delayed', spectatorDelay: delay });
      const early = seatRows(full.seats, false);
      const late = seatRows(full.seats, true);
      // The panel of the game cut at step s, drawn with the seats as at the deal (once per step and language).
      const backs = new Map<string, ReturnType<typeof sent>>();
      const back = (s: number, text: Catalog) => {
        const key = `${s}:${text === es ? 'es' : 'en'}`;
        if (!backs.has(key)) backs.set(key, sent(mod, input(cut(full, s), early, policy, false), text));
        return backs.get(key)!;
      };
      for (let m = 0; m < moves; m++) {
        const text = Math.max(0, m - delay) % 2 ? es : en;
        const now = sent(mod, input(watcherReplay(cut(full, m), policy, false), late, policy, false), text);
        expect(now, `${game}: after ${m} moves, delay ${delay}`).toEqual(back(Math.max(0, m - delay), text));
        const shown = Math.max(0, m - delay);
        const heading = shown === 0 ? text.watch.atMove(0) : text.watch.atMove(shown);
        expect(JSON.stringify(now.textVersion)).toContain(JSON.stringify(heading).slice(1, -1));
        compared++;
      }
      // Over: the end, whole.
      const end = watcherReplay(full, policy, true);
      expect(end.steps.length).toBe(moves + 1);
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("with watchers-see-hands off, nothing a watcher is sent changes when every secret and private event changes; after the end with after-the-end the hands show", () => {
    const scramble = SCRAMBLE[game]!;
    const rng = Rng.seeded(0x3941 + game.length);
    let checked = 0;
    let revealed = 0;
    for (let g = 0; g < GAMES; g++) {
      const full = randomGame(mod, rng);
      const moves = full.steps.length - 1;
      const seats = seatRows(full.seats, false);
      // The watcher's replay with the shown step's secrets scrambled, every private event dropped, and the
      // states before it poisoned (the panel draws the shown step only: reading another one would throw).
      const hidden = (replay: GameReplay, salt: number): GameReplay => {
        const last = replay.steps.length - 1;
        return {
          ...replay,
          steps: replay.steps.map((step, k) => ({ ...step, state: k === last ? scramble(step.state as never, null, salt) : POISON, events: step.events.filter((event) => eventVisibleTo(event, null)) })),
        };
      };
      for (const mode of ['public', 'delayed'] as const) {
        const policy = spectatorPolicy({ spectators: mode, spectatorDelay: 2 });
        // 12 moments spread over the game (every move is the property test's, test/review/watch.property.test.ts).
        for (let m = 1; m < moves; m += Math.max(1, Math.floor(moves / 12))) {
          const watched = watcherReplay(cut(full, m), policy, false);
          const text = m % 2 ? es : en;
          // While the game runs, the public view only — even where watchers see the hands after the end.
          const withHands = { ...policy, seeHands: m % 2 ? ('after-the-end' as const) : ('off' as const) };
          expect(sent(mod, input(hidden(watched, m), seats, withHands, false), text), `${game} ${mode} after ${m} moves`).toEqual(sent(mod, input(watched, seats, withHands, false), text));
          checked++;
        }
        // After the end, hands off: still the public view only (the final public view may show
        // what the game reveals at its end, so the scramble is of the moves before it).
        const over = watcherReplay(full, policy, true);
        const publicEnd = { ...over, steps: over.steps.map((step, k) => ({ ...step, state: k === moves ? step.state : POISON, events: step.events.filter((event) => eventVisibleTo(event, null)) })) };
        expect(sent(mod, input(publicEnd, seats, policy, true), en)).toEqual(sent(mod, input(over, seats, policy, true), en));
        // After the end with after-the-end: every hand is shown (the positive control).
        const open = { ...policy, seeHands: 'after-the-end' as const };
        const shownAll = sent(mod, input(over, seats, open, true), en);
        expect(shownAll.svg.length).toBe(mod.pictures ? full.seats + 1 : 0);
        if (JSON.stringify(sent(mod, input(hidden(over, 5), seats, open, true), en)) !== JSON.stringify(shownAll)) revealed++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(revealed).toBeGreaterThan(0);
  });
});
