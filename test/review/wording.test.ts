/**
 * Review wording (issue 34 item 11; README "Review a game"): over random games of every game,
 * a move that showed nobody anything (a pass) says what the mover chose wherever the mover's
 * choice may be seen (everything revealed, the mover's own seat, hence the export too) instead
 * of "Nothing this view could see."; a private line under everything revealed is quoted as its
 * readers were shown it, not glued into a sentence in another person ("🔒 Poirot saw: You
 * drew…"); and sentences do not end in doubled punctuation.
 */
import { describe, expect, it } from 'vitest';
import { moveLines, reviewContext, reviewPictureSeats, stepPictures } from '../../src/discord/render/review.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import type { TableRow } from '../../src/persistence/store/types.js';
import { replayGame, type ReplayLogEntry, type ReviewView } from '../../src/review/replay.js';
import { playRandomGame } from '../support/random-play.js';

const seatRows = (n: number) => Array.from({ length: n }, (_, seat) => ({ tableId: 1, userId: `${seat}`, displayName: ['Ana', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn'][seat]!, joinedAt: 0, seat, away: false, missed: 0, left: false, botLevel: null, looked: true }));

describe('review wording', () => {
  it('a move nobody saw anything of names the choice for the views that may see it; private lines are quoted; no ".." or "!."', () => {
    let passes = 0;
    let privateLines = 0;
    for (const mod of GAME_MODULES) {
      const def = mod.definition;
      const rng = Rng.seeded(0x34b + mod.id.length);
      const seats = def.maxPlayers >= 3 ? 3 : def.minPlayers;
      const seed = rng.int(0, 0x7fffffff);
      const options = def.optionsSchema.parse({});
      const setupMeta = { hostSeat: 0 };
      const log: ReplayLogEntry[] = [];
      playRandomGame(def, { seats, seed, playSeed: rng.int(0, 0x7fffffff), options, setupMeta, maxActions: 50, onState: (_s, _e, entry) => log.push({ ...entry, at: 1_700_000_000_000 + log.length }) });
      const replay = replayGame({ definition: def, options, seats, seed, setupMeta, log });
      for (const [text, quote] of [[en, /^• 🔒 Shown to [^:]+: “.+”$/su], [es, /^• 🔒 Mostrado a [^:]+: «.+»$/su]] as const) {
        const table = { id: 1, game: mod.id, status: 'finished', options, deadlineAt: null, lesson: null } as unknown as TableRow;
        const ctx = reviewContext(mod, table, seatRows(seats) as never, text);
        for (let step = 1; step < replay.steps.length; step++) {
          const mover = replay.steps[step]!.entry!.seat;
          const all = moveLines(mod, replay, step, { kind: 'all' }, ctx, text);
          const own = moveLines(mod, replay, step, { kind: 'seat', seat: mover }, ctx, text);
          for (const lines of [all, own]) expect(lines).not.toContain(text.review.nothingSeen);
          if (all.length === 2 && all[1]!.includes(text === en ? ' chose **' : ' eligió **')) {
            passes += 1;
            expect(own[1]).toMatch(text === en ? /^• You chose \*\*.+\*\*\.?$/u : /^• Elegiste \*\*.+\*\*\.?$/u);
            // The public saw nothing of it, and is told so.
            if (moveLines(mod, replay, step, { kind: 'public' }, ctx, text).length === 1) throw new Error('no line at all');
          }
          for (const line of all.filter((l) => l.startsWith('• 🔒'))) {
            privateLines += 1;
            expect(line).toMatch(quote);
          }
          for (const view of [{ kind: 'all' }, { kind: 'public' }, { kind: 'seat', seat: (mover + 1) % seats }] as ReviewView[]) {
            for (const line of moveLines(mod, replay, step, view, ctx, text)) expect(line.replace(/…/g, '')).not.toMatch(/\.\.|[!?]\.|[!?]\*\*\./u);
          }
        }
      }
    }
    // The games did pass and did have private lines (the checks above ran).
    expect(passes).toBeGreaterThan(0);
    expect(privateLines).toBeGreaterThan(0);
  });

  it('the final position\'s alt texts say each thing once, without ".." ("El Asesino era …" twice; "Your cards: No cards left in your hand..")', () => {
    for (const mod of GAME_MODULES) {
      const def = mod.definition;
      const seats = def.minPlayers;
      const options = def.optionsSchema.parse({});
      const setupMeta = { hostSeat: 0 };
      const log: ReplayLogEntry[] = [];
      const end = playRandomGame(def, { seats, seed: 34_011, playSeed: 11, options, setupMeta, onState: (_s, _e, entry) => log.push({ ...entry, at: log.length }) });
      const replay = replayGame({ definition: def, options, seats, seed: 34_011, setupMeta, log });
      expect(end.over).toBe(true);
      for (const text of [en, es]) {
        const drawn = stepPictures(mod, replay, replay.steps.length - 1, { kind: 'all' }, reviewPictureSeats(seatRows(seats) as never, text), text, true)!;
        for (const alt of [drawn.board.alt, ...drawn.hands.map((hand) => hand.picture.alt)]) {
          expect(alt.replace(/…/g, '').match(/.{0,60}(\.\.|[!?]\.).{0,20}/u)?.[0] ?? null).toBeNull();
          const sentences = alt.split(/(?<=\.) /u).filter((sentence) => sentence.length > 20);
          expect(sentences.length, `${mod.id}: a sentence said twice in ${alt}`).toBe(new Set(sentences).size);
        }
        if (mod.id === 'noir') expect(drawn.board.alt.split(text === es ? 'El Asesino era' : 'The Killer was').length - 1).toBe(1);
      }
    }
  });

  it('a hint for a move whose name ends in "!" does not add a full stop', () => {
    expect(en.bots.hint.note('Bluff!', null, null)).toContain('**Bluff!**\n');
    expect(es.bots.hint.note('¡Farol!', null, null)).toContain('**¡Farol!**\n');
    expect(en.bots.hint.note('Place', null, null)).toContain('**Place**.\n');
  });
});
