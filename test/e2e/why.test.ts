/**
 * ❔ Why through Discord (docs/lessons.md "❔ Why"), the real bot against the emulator: at real
 * tables of every game and its variants and modes, played by people only (one emulated member a
 * seat, English and Spanish clients alternating), each decision kind of the game is met at least
 * once; there the seat's player opens their panel (`/hand`) and clicks ❔ Why. The click is
 * answered within Discord's 3 s (`answered`), privately, with exactly the answer drawn from that
 * seat's own view and legal moves in the reader's language — the text test/games/why.test.ts
 * proves unchanged when every secret hidden from the seat is redistributed (the leak tests'
 * scramblers). The tables' moves between the clicks go through the table service (any legal move, seeded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { InlinePolicy } from '../../src/bots/policy.js';
import { whyText } from '../../src/discord/interactions/lessons.js';
import { seatsToAct } from '../../src/games/engine.js';
import { defaultRegistry, GAME_MODULES } from '../../src/games/index.js';
import { Rng } from '../../src/games/rng.js';
import { catalogFor } from '../../src/i18n/index.js';
import { DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import type { Actor } from '../../src/tables/types.js';
import { answered, panelOf, settle, startBot, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

const registry = defaultRegistry();

/** The option sets each game is played with: the defaults and each variant or mode (as test/games/why.test.ts). */
const OPTION_SETS: Record<string, Record<string, unknown>[]> = {
  suspicion: [{}, { variant: 'no-bluff' }, { variant: 'criminal' }, { variant: 'arrest-race' }],
  noir: [{}, { mode: 'classic' }, { mode: 'citizens-arrest' }],
  phantom: [{}, { beginner: true }],
  jaccuse: [{}, { characters: 'choice' }, { acrossChooser: 'inspector' }],
};

describe('❔ Why through Discord', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();
  /** Six members, English and Spanish clients alternating. */
  const users: EmulatedUser[] = [];

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, botPolicy: new InlinePolicy(), serviceDeps: { newSeed: () => 4100 } });
    for (let i = 0; i < 6; i++) users.push(emu.addUser(`Player ${i + 1}`, { locale: i % 2 === 0 ? 'en-US' : 'es-ES' }));
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  const actorOf = (user: EmulatedUser): Actor => ({ userId: user.id, displayName: user.name, canManageGuild: false });
  const catalogOf = (user: EmulatedUser) => catalogFor(users.indexOf(user) % 2 === 0 ? 'en' : 'es');

  it.each(GAME_MODULES.map((mod) => [mod.id]))('%s: every decision kind answered within the click time, from the seat’s own view, in the reader’s language', { timeout: 120_000 }, async (game) => {
    const mod = registry.get(game);
    const def = mod.definition;
    const why = mod.ui.why!;
    const en = catalogFor('en');
    const kinds = new Map(Object.entries((mod.text(en) as unknown as { why: { title: Record<string, string> } }).why.title).map(([kind, title]) => [title, kind]));
    const seen = new Set<string>();
    const rng = Rng.seeded(0x5e7 + game.length);
    for (const options of OPTION_SETS[game]!) {
      for (let round = 0; round < 2 && seen.size < kinds.size; round++) {
        const seats = rng.int(def.minPlayers, Math.min(def.maxPlayers, users.length));
        const players = users.slice(0, seats);
        const channelId = emu.addChannel(`why-${game}-${seen.size}-${round}-${Object.values(options).join('') || 'base'}`);
        const service = app.context.service;
        const opened = await service.lobby.createTable({ guildId: emu.guild.id, channelId, game, host: actorOf(players[0]!), options });
        if (!opened.ok) throw new Error(JSON.stringify(opened.error));
        const tableId = opened.value.table.id;
        for (const p of players.slice(1)) expect((await service.lobby.join(tableId, actorOf(p))).ok).toBe(true);
        expect((await service.lobby.start(tableId, actorOf(players[0]!))).ok).toBe(true);
        await settle(app);
        for (let moves = 0; moves < 120; moves++) {
          const snap = (await service.reads.snapshot(tableId))!;
          if (snap.table.status !== 'active') break;
          const state = snap.table.state;
          const seatOf = (seat: number) => players.find((p) => snap.seats.find((row) => row.seat === seat)?.userId === p.id)!;
          for (let seat = 0; seat < seats; seat++) {
            const legal = def.legalActions(state, seat);
            const user = seatOf(seat);
            const text = catalogOf(user);
            const answer = why(def.seatView(state, seat), legal, en);
            // A seat with moves has a decision (test/games/why.test.ts); its panel alone has ❔ Why.
            if (answer === null || seen.has(kinds.get(answer.title)!)) continue;
            // A kind not met yet: ❔ Why on the seat's own panel.
            const panel = (await panelOf(answered(await user.slash('hand', {}, { channelId }))))!;
            const reply = answered(await user.click(panel, text.common.panel.why));
            expect(reply.message!.ephemeral).toBe(true);
            const kind = kinds.get(answer.title)!;
            expect(kind, `"${answer.title}" is no decision kind of ${game}`).toBeDefined();
            const mine = why(def.seatView(state, seat), legal, text)!;
            expect(textOf(reply.message), `${game} ${kind}, seat ${seat}`).toBe(whyText(mod, mine, text));
            seen.add(kind);
          }
          // Any legal move of a seat to act, through the table service.
          const pending = def.pending(state);
          if (pending.kind === 'over') break;
          const acting = seatsToAct(pending);
          const seat = rng.pick(acting);
          const action = rng.pick(def.legalActions(state, seat));
          const moved = await service.play.act(tableId, actorOf(seatOf(seat)), pending.step, action);
          expect(moved.ok, JSON.stringify(!moved.ok && moved.error)).toBe(true);
          if (seen.size === kinds.size) break;
        }
        await settle(app);
      }
    }
    expect([...seen].sort(), `decision kinds of ${game} met`).toEqual([...kinds.values()].sort());
  });
});
