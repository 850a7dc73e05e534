/**
 * "Former player" where tournaments and watchers show names (docs/tournaments.md "Privacy",
 * docs/watching.md), in English and Spanish:
 *
 * - **Tournaments.** A real tournament (SQLite store, table and tournament services, the toy
 *   game at 2 seats) of 4 entrants over 2 rounds, one entrant withdrawing after round 1; once it
 *   is over, one entrant erases their data (`/privacy delete` → `eraseUserData`). The card, the
 *   standings view, its picture (every text of the scene), its alt text and its text version
 *   then show "former player" in that entrant's line — never their old name nor a mention of
 *   an id — while the standings (places, points, Buchholz) are exactly what they were and the
 *   withdrawn entrant still reads "(withdrew)".
 * - **Watch panel.** A finished game of each game, watched, whose seat 0 was erased (an
 *   `anonymous:0` seat with an empty name) and whose seat 1 left and was replaced by an AI
 *   player: the panel's text version, its pictures' message (text and alt texts) and the
 *   pictures' SVG name seat 0 "former player", never the old name; seat 1 keeps the name it had
 *   at the deal (the panel is drawn from the deal's seats, src/discord/render/watch.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { standingsAlt, standingsPicture, standingsText, standingsView } from '../../src/discord/render/standings.js';
import { tournamentCard } from '../../src/discord/render/tournament.js';
import { watchDrawings, watchMessage, type WatchInput } from '../../src/discord/render/watch.js';
import type { MessagePicture } from '../../src/discord/pictures/index.js';
import { GAME_MODULES } from '../../src/games/index.js';
import { GameRegistry } from '../../src/games/registry.js';
import { Rng } from '../../src/games/rng.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { silentLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/db.js';
import { SqliteStore } from '../../src/persistence/store/sqlite.js';
import type { SeatRow } from '../../src/persistence/store/types.js';
import { replayGame, type ReplayLogEntry } from '../../src/review/replay.js';
import { watcherReplay } from '../../src/review/watch.js';
import { TableService } from '../../src/tables/service.js';
import { spectatorPolicy } from '../../src/tables/spectators.js';
import { standingsOf, TournamentService, type TournamentActor } from '../../src/tournaments/service.js';
import { playRandomGame } from '../support/random-play.js';
import { sceneTexts } from '../support/scene-checks.js';
import { tallyModule } from '../support/toy-game.js';

const LANGS = [
  ['en', en],
  ['es', es],
] as const;

describe('an erased entrant in a finished tournament', () => {
  let dir: string;
  let store: SqliteStore;
  let tables: TableService;
  let tournaments: TournamentService;

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 9), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    dir = mkdtempSync(join(tmpdir(), 'rh-former-'));
    store = new SqliteStore(openDatabase(join(dir, 'test.db')));
    const registry = new GameRegistry([tallyModule]);
    tables = new TableService({ store, registry, logger: silentLogger });
    let venues = 0;
    tournaments = new TournamentService({ store, registry, tables, logger: silentLogger, newSeed: () => 39, venues: { tableChannel: async () => `80${venues++}` } });
  });
  afterEach(async () => {
    await tournaments.stop();
    await tables.deadlines.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    vi.useRealTimers();
  });

  it('reads "former player" on the card, the standings, their picture and alt text; the standings do not change', async () => {
    const organiser: TournamentActor = { userId: '900', displayName: 'Org', canManageGuild: true, canOrganise: true };
    const names = ['Zelda', 'Yusuf', 'Xiomara', 'Walt'];
    const entrant = (i: number): TournamentActor => ({ userId: `10${i}`, displayName: names[i]!, canManageGuild: false, canOrganise: false });
    const created = await tournaments.create({ guildId: String(2n << 22n), channelId: '700', game: 'suspicion', name: 'Spring cup', organiser, options: {}, settings: { seats: 2, rounds: 2 } });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const id = created.value.id;
    for (let i = 0; i < 4; i++) expect((await tournaments.join(id, entrant(i))).ok).toBe(true);
    expect((await tournaments.start(id, organiser)).ok).toBe(true);
    // Each table: the higher id leaves (the lower wins). After round 1, Walt (103) withdraws.
    const playRound = async () => {
      const t = (await tournaments.get(id))!;
      for (const table of t.rounds.find((round) => round.round === t.round)!.tables) {
        const loser = [...table.players].sort().at(-1)!;
        expect((await tables.play.leaveGame(table.tableId!, { userId: loser, displayName: loser, canManageGuild: false })).ok).toBe(true);
      }
      await tournaments.idle();
    };
    await playRound();
    expect((await tournaments.leave(id, entrant(3))).ok).toBe(true);
    await playRound();
    const before = (await tournaments.get(id))!;
    expect(before.status).toBe('finished');
    const erasedName = names[0]!;
    const standingsBefore = standingsOf(before).map(({ place, points, buchholz, withdrawn }) => ({ place, points, buchholz, withdrawn }));
    const erasedPlace = standingsOf(before).find((line) => line.id === '100')!.place;

    expect((await store.eraseUserData('100')).ok).toBe(true);
    const after = (await tournaments.get(id))!;
    expect(after.entrants[0]).toMatchObject({ userId: 'anonymous:0', name: '' });
    const lines = standingsOf(after);
    expect(lines.map(({ place, points, buchholz, withdrawn }) => ({ place, points, buchholz, withdrawn }))).toEqual(standingsBefore);

    for (const [lang, text] of LANGS) {
      const former = text.privacy.formerPlayer;
      const st = text.tournaments.standings;
      // The card: entry 1 reads "former player".
      const card = JSON.stringify(tournamentCard(tallyModule, after, text));
      expect(card, lang).toContain(JSON.stringify(text.tournaments.card.entrant(1, former, '')).slice(1, -1));
      expect(card, lang).toContain(JSON.stringify(text.tournaments.card.entrant(4, names[3]!, text.tournaments.card.withdrawnNote)).slice(1, -1));
      // The standings: the erased entrant's line, at their place; the withdrawn one still marked.
      const view = standingsView(after, lines, tallyModule.title(text), text);
      expect(view.lines.find((line) => line.place === erasedPlace && line.name === former), lang).toBeDefined();
      const picture = standingsPicture(view, text);
      const shown = sceneTexts(picture).map((piece) => piece.content).join(' ');
      const alt = standingsAlt(view, text);
      const plain = standingsText(view, text);
      const waltPlace = lines.find((line) => line.id === '103')!.place;
      // Each form's own line head: place, name, and the withdrawn mark where it applies.
      const heads = {
        picture: [former, st.withdrawnName(names[3]!)],
        alt: [`${erasedPlace}. ${former}:`, st.altLine(waltPlace, names[3]!, '0', '0', true).split(':')[0]!],
        text: [`${erasedPlace}. **${former}** —`, st.textLine(waltPlace, names[3]!, '0', '0', '', true).split(' — ')[0]!],
      };
      for (const [where, said] of [['picture', shown], ['alt', alt], ['text', plain]] as const) {
        for (const head of heads[where]) expect(said, `${lang} ${where}`).toContain(head);
        expect(said, `${lang} ${where}`).not.toContain(erasedName);
        expect(said, `${lang} ${where}`).not.toMatch(/anonymous|<@/);
      }
      expect(card, lang).not.toContain(erasedName);
      expect(card, lang).not.toMatch(/anonymous/);
    }
  });
});

describe.each(GAME_MODULES.map((mod) => [mod.id, mod] as const))('a watch panel naming an erased seat: %s', (game, mod) => {
  it('names seat 0 "former player" in the text, pictures and alt texts; a seat replaced by an AI player keeps its name', () => {
    const def = mod.definition;
    const rng = Rng.seeded(0x3942 + game.length);
    const seats = def.minPlayers;
    const seed = rng.int(0, 2 ** 31 - 1);
    const setupMeta = { hostSeat: 0 };
    const played = playRandomGame(def, { seats, seed, playSeed: rng.int(0, 2 ** 31 - 1), timeoutRate: 0.1, setupMeta });
    expect(played.over).toBe(true);
    const log: ReplayLogEntry[] = played.log.map((entry, i) => ({ seat: entry.seat, action: entry.action, kind: entry.kind, at: 1_700_000_000_000 + 60_000 * i }));
    const replay = replayGame({ definition: def, options: def.optionsSchema.parse({}), seats, seed, setupMeta, log });
    const NAMES = ['Quintessa', 'Rupert', 'Sigrid', 'Tobias', 'Ulla', 'Vance'];
    // As the store has them after the game: seat 0 erased, seat 1 left and an AI player took it over.
    const rows = Array.from({ length: seats }, (_, seat) => ({
      tableId: 7,
      userId: seat === 0 ? 'anonymous:0' : `${100 + seat}`,
      displayName: seat === 0 ? '' : NAMES[seat]!,
      joinedAt: 0,
      seat,
      away: false,
      missed: 0,
      left: seat === 1,
      botLevel: seat === 1 ? 'hard' : null,
      looked: true,
    })) as SeatRow[];
    for (const seeHands of ['off', 'after-the-end'] as const) {
      const policy = spectatorPolicy({ spectators: 'public', watchersSeeHands: seeHands });
      const input: WatchInput = { table: { id: 7, channelId: '555' }, seats: rows, replay: watcherReplay(replay, policy, true), policy, over: true, stopped: false };
      for (const [lang, text] of LANGS) {
        const former = text.privacy.formerPlayer;
        const drawn = watchDrawings(mod, input, text);
        const fake = (picture: { svg: string; alt: string }, name: string): MessagePicture => ({ name, png: Buffer.from(''), alt: picture.alt, width: 1, height: 1 }) as MessagePicture;
        const pictures = drawn ? { board: fake(drawn.board, 'board.png'), hands: drawn.hands.map(({ seat, picture }) => ({ seat, picture: fake(picture, `hand-${seat}.png`) })) } : null;
        const sent = [JSON.stringify(watchMessage(mod, input, text, { textBoards: true })), JSON.stringify(watchMessage(mod, input, text, { pictures }))];
        const where = `${game} ${lang} hands ${seeHands}`;
        for (const said of sent) {
          expect(said, where).toContain(former);
          expect(said, where).toContain(NAMES[1]!);
          expect(said, where).not.toContain(NAMES[0]!);
          expect(said, where).not.toContain('anonymous');
        }
        if (drawn) {
          // The board picture names the seats: seat 0 as "former player" (its text may wrap over lines).
          const words = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ');
          expect(`${words(drawn.board.svg)} ${drawn.board.alt}`, where).toContain(former);
          for (const picture of [drawn.board, ...drawn.hands.map((hand) => hand.picture)]) {
            expect(words(picture.svg) + picture.alt, where).not.toContain(NAMES[0]!);
            expect(picture.svg + picture.alt, where).not.toContain('anonymous');
          }
          if (seeHands === 'after-the-end') expect(drawn.hands.map((hand) => hand.seat), where).toContain(0);
        }
      }
    }
  });
});
