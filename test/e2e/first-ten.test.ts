/**
 * What a newcomer meets in their first games, end to end through the emulator (the real bot,
 * discord.js): `/help` leads with how to play at once — alone against bots, or with friends —
 * in English and in Spanish; a human who has not opened their hand yet is not raced out of a
 * Suspicion counter window (docs/tables.md "Suspicion notes", UNSEEN_HAND_WINDOW_MS); end boards and
 * end panels say once that the game is over; `/phantom rules` shows its title once; Tricks
 * and the Phantom's glass buttons never name the reader as "someone's" card; J'Accuse!'s
 * board has a key to its symbols, and the click that closes its vote is answered with the new
 * state while a stale "Switch to …" gets the current panel and a plain note (en, es).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { seatsToAct, type Pending } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import { en } from '../../src/i18n/en/index.js';
import { es } from '../../src/i18n/es/index.js';
import { DiscordEmulator, type EmulatedMessage, type EmulatedUser, type InteractionResult } from '../../src/local/emulator/index.js';
import { deadlineFor, UNSEEN_HAND_WINDOW_MS, waitsForUnseenHand } from '../../src/tables/policy.js';
import { answered, boardOf, fresh, noirChoice, offers, perform, playOut, settle, startBot, tableIdOf, tempDir, textOf, type Offer, panelOf, TEXT_BOARDS_ONLY } from './harness.js';
import { jaccuseText, jaccuseTexts } from '../../src/games/jaccuse/text/index.js';

const registry = defaultRegistry();

/** Wait (real time) until `done()` holds, letting the bot's timers and publisher run. */
async function until(app: App, done: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await settle(app);
  }
}

/** How often `pattern` occurs in `text`. */
const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern.source, 'g')) ?? []).length;

describe('the first games of a newcomer', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();
  let seed = 1;

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry, serviceDeps: { newSeed: () => seed++ } });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('/help leads with playing now — the one command for a game against bots — in English and in Spanish', async () => {
    const en = emu.addUser('Nina', { locale: 'en-US' });
    const es = emu.addUser('Nico', { locale: 'es-ES' });
    const english = textOf(answered(await en.slash('help')).message);
    expect(english).toMatch(/^\n?🃏 Red Herring — help\n\*\*Play now — alone or with friends\*\*\nAlone, against bots: `\/suspicion new seats:4 bots:3`/);
    expect(english).toMatch(/`bots:`/);
    const spanish = textOf(answered(await es.slash('ayuda')).message);
    expect(spanish).toMatch(/^\n?🃏 Red Herring — ayuda\n\*\*Juega ahora, sin compañía o con amigos\*\*\nContra bots: `\/suspicion nueva plazas:4 bots:3`/);
    // The command it shows works as shown: a full Suspicion lobby with three bots.
    const channelId = emu.addChannel('help-try');
    const lobby = answered(await es.slash('suspicion nueva', { plazas: 4, bots: 3 }, { channelId })).message!;
    expect(textOf(lobby)).toMatch(/\(4\/4\)/);
    emu.assertNoViolations();
  });

  it(`a human who has not opened their hand is not raced out of a counter window (it waits ${UNSEEN_HAND_WINDOW_MS / 1000} s)`, { timeout: 60_000 }, async () => {
    const def = registry.get('suspicion').definition;
    const store = app.context.store;
    const human = emu.addUser('Newcomer');
    // A 3-second counter window against one instant bot; tables until the bot places first.
    let found: { id: number; channelId: string; step: number } | null = null;
    let window: Pending | null = null;
    for (let attempt = 0; attempt < 12 && !found; attempt++) {
      const channelId = emu.addChannel(`fair-${attempt}`);
      const lobby = answered(await human.slash('suspicion new', { seats: 2, bots: 1, 'bot-pace': 0, 'counter-window': 3 }, { channelId })).message!;
      const id = tableIdOf(lobby);
      answered(await human.click(lobby, 'Start'));
      const humanSeat = (await store.seats(id)).find((row) => row.userId === human.id)!.seat!;
      // Wait until the game waits for the human (after the bot's first moves, if it starts).
      await until(app, async () => {
        const pending = def.pending((await store.table(id))!.state);
        return pending.kind !== 'over' && seatsToAct(pending).includes(humanSeat);
      }, 'the human to be asked');
      const table = (await store.table(id))!;
      const pending = def.pending(table.state);
      if (pending.kind !== 'over' && pending.timer === 'reaction') {
        found = { id, channelId, step: pending.step };
        window = pending;
        // The window is at least UNSEEN_HAND_WINDOW_MS long, not the table's 3 s.
        expect(table.deadlineAt! - table.updatedAt).toBeGreaterThanOrEqual(UNSEEN_HAND_WINDOW_MS);
      } else {
        answered(await human.slash('table cancel', {}, { channelId }));
      }
    }
    expect(found, 'a table where the bot places first').not.toBeNull();
    const { id, channelId, step } = found!;
    // Longer than the table's window: the decision is still open for the human.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await settle(app);
    expect(def.pending((await store.table(id))!.state).step).toBe(step);
    // They open their hand (for the first time) and answer in that same window.
    const panel = (await panelOf(answered(await human.click(boardOf(emu, id, channelId), 'Show my hand'))))!;
    const board = boardOf(emu, id, channelId);
    const current = [...offers(panel, def).map((x) => ({ ...x, msg: panel })), ...offers(board, def).map((x) => ({ ...x, msg: board }))].filter(
      (x) => x.customId.split(':')[3] === step.toString(36),
    );
    expect(current.length, textOf(panel)).toBeGreaterThan(0);
    const reply = answered(await perform(human, current[0]!.msg, current[0]!));
    expect(textOf(reply.message)).not.toMatch(/too late|closed|stale/i);
    await settle(app);
    expect(def.pending((await store.table(id))!.state).step).toBeGreaterThan(step);
    const seatsNow = await store.seats(id);
    expect(seatsNow.find((row) => row.userId === human.id)!.looked).toBe(true);
    // Once they have looked, the same kind of window has the table's length again.
    expect(waitsForUnseenHand(window!, seatsNow)).toBe(false);
    expect(deadlineFor(window!, null, 0, seatsNow).deadlineAt).toBe(3_000);
    answered(await human.slash('table cancel', {}, { channelId }));
  });

  it('NOIR: the end board and the end panels say once that the game is over', { timeout: 60_000 }, async () => {
    const def = registry.get('noir').definition;
    const channelId = emu.addChannel('noir-end');
    const users: EmulatedUser[] = [emu.addUser('Ana'), emu.addUser('Ben')];
    const lobby = answered(await users[0]!.slash('noir new', {}, { channelId })).message!;
    answered(await users[1]!.click(lobby, 'Join'));
    await settle(app);
    answered(await users[0]!.click(lobby, 'Start'));
    const tableId = tableIdOf(lobby);
    const panels = new Map<string, EmulatedMessage>();
    const track = (r: InteractionResult) => {
      const to = r.message?.ephemeral ? r.message.visibleTo?.[0] : undefined;
      if (to && /Inspector|Killer/.test(textOf(r.message))) panels.set(to, r.message!);
    };
    await playOut({ emu, app: () => app, tableId, users, def, channelId, choose: noirChoice as never, track });
    await settle(app);
    const board = textOf(boardOf(emu, tableId, channelId));
    expect(count(board, /Game over/)).toBe(1);
    // Each player's last hand panel, redrawn at the end.
    for (const user of users) {
      const panel = textOf(fresh(emu, panels.get(user.id)!));
      expect(panel).toMatch(/See the board for the result\./);
      expect(count(panel, /over/i), panel).toBe(0);
    }
  });

  it('/phantom rules shows its title once', async () => {
    const user = emu.addUser('Reader');
    const rules = answered(await user.slash('phantom rules')).message!;
    expect(count(textOf(rules), /Tricks and the Phantom/)).toBe(1);
  });

  it("Tricks and the Phantom: a glass on one's own card says “your own”, never the reader's name", { timeout: 60_000 }, async () => {
    const def = registry.get('phantom').definition;
    const channelId = emu.addChannel('phantom-own');
    const users: EmulatedUser[] = [emu.addUser('Iris'), emu.addUser('Joel')];
    const lobby = answered(await users[0]!.slash('phantom new', { seats: 2, 'target-score': 1 }, { channelId })).message!;
    answered(await users[1]!.click(lobby, 'Join'));
    await settle(app);
    answered(await users[0]!.click(lobby, 'Start'));
    const tableId = tableIdOf(lobby);
    const seats = await app.context.store.seats(tableId);
    const nameOf = (seat: number) => users.find((u) => u.id === seats.find((row) => row.seat === seat)!.userId)!.name;
    let ownSeen = 0;
    await playOut({
      emu, app: () => app, tableId, users, def, channelId,
      choose: (o: Offer[], _state: unknown, seat: number) => {
        for (const x of o.filter((x) => (x.action as { type: string }).type === 'glass')) {
          expect(x.label).not.toContain(`${nameOf(seat)}'s`);
          if (/your own/.test(x.label)) ownSeen++;
        }
        return undefined;
      },
    });
    expect(ownSeen).toBeGreaterThan(0);
  });

  it("J'Accuse!: the click that closes the vote answers with the new state and no vote buttons; a stale Switch gets the current panel and a plain note (en, es)", async () => {
    const def = registry.get('jaccuse').definition;
    const channelId = emu.addChannel('jaccuse-last-vote');
    const users = [emu.addUser('Vera', { locale: 'en-US' }), emu.addUser('Vito', { locale: 'es-ES' }), emu.addUser('Viv', { locale: 'en-US' })];
    // Text panels: every click is answered at once with its panel (type 7), never deferred for a picture.
    for (const u of users) await app.context.store.setUserTextBoards(u.id, true, Date.now());
    const lobby = answered(await users[0]!.slash('jaccuse new', { seats: 3 }, { channelId })).message!;
    for (const u of users.slice(1)) answered(await u.click(lobby, 'Join'));
    await settle(app);
    answered(await users[0]!.click(lobby, 'Start'));
    await settle(app);
    const id = tableIdOf(lobby);
    const store = app.context.store;
    const pending = async () => def.pending((await store.table(id))!.state) as Pending;
    // Characters and the investigation, until the secret vote opens with everyone to cast.
    const voteOpen = async () => {
      const p = await pending();
      return p.kind === 'simultaneous' && p.waiting.length === 3;
    };
    await playOut({ emu, app: () => app, tableId: id, users, def, channelId, until: voteOpen });
    await settle(app);
    const board = boardOf(emu, id, channelId);
    const panels: EmulatedMessage[] = [];
    for (const u of users) panels.push((await panelOf(answered(await u.click(fresh(emu, board), 'Show my hand'))))!);
    const vote = (m: EmulatedMessage) => offers(m, def).filter((o) => o.action.type === 'vote');
    // Vera and Vito cast; their panels are answered in place and offer a switch.
    for (const k of [0, 1]) {
      await settle(app); // the refreshes of the last vote are done: this click is answered in place
      const r = answered(await perform(users[k]!, panels[k]!, vote(panels[k]!)[0]!));
      expect(r.callbackType).toBe(7);
      panels[k] = r.message!;
      expect(vote(panels[k]!).length).toBeGreaterThan(0);
    }
    expect(vote(panels[1]!).map((o) => o.label)).toContain(`Cambiar a ${jaccuseTexts.es.suspicion.right}`);
    expect(vote(panels[0]!).map((o) => o.label)).toContain(`Switch to ${jaccuseTexts.en.suspicion.across}`);
    const stale = vote(panels[1]!)[0]!;
    const staleEn = vote(panels[0]!)[0]!;
    await settle(app);
    // Viv's vote is the last one: the reveal. Her panel, answered by that click, shows the new state — no vote, no invitation to change it.
    const last = answered(await perform(users[2]!, panels[2]!, vote(panels[2]!)[0]!));
    expect(last.callbackType).toBe(7);
    expect(vote(last.message!)).toEqual([]);
    expect(textOf(last.message)).not.toMatch(/change it|Switch to|Cast /);
    // Vito (es) and Vera (en) click "Switch to …" on their panels as drawn before the reveal (not refreshed yet on
    // their screens): refused as stale, with the current panel — answered in place, or right after if a refresh is on its way.
    for (const [k, offer, t] of [[1, stale, es], [0, staleEn, en]] as const) {
      answered(await users[k]!.forge(panels[k]!, offer.customId));
      await settle(app);
      const now = fresh(emu, panels[k]!);
      expect(textOf(now)).toContain(jaccuseText(t).staleVote);
      expect(vote(now)).toEqual([]);
      expect(textOf(now)).not.toMatch(/change it|Switch to|cambiarlo|Cambiar a/);
    }
    expect(emu.violations).toEqual([]);
  });

  it("J'Accuse!: the board has a key to its symbols", async () => {
    const user = emu.addUser('Keyholder');
    const channelId = emu.addChannel('jaccuse-key');
    const lobby = answered(await user.slash('jaccuse new', { seats: 3, bots: 2, 'bot-pace': 0 }, { channelId })).message!;
    answered(await user.click(lobby, 'Start'));
    await settle(app);
    const board = textOf(boardOf(emu, tableIdOf(lobby), channelId));
    expect(board).toMatch(/❓ evidence that points at the player .* 🔒 Hard Evidence against them · used: Suspicion cards they cast this cycle · 🗂️ Investigation cards in their hand/);
    answered(await user.slash('table cancel', {}, { channelId }));
  });
});
