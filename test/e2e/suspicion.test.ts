/**
 * A Suspicion table end to end (docs/architecture.md §4–6): the real discord.js client against the local Discord emulator.
 * Three users create a Suspicion table, join, start, open their hands and play by clicking;
 * two rivals click "Counter!" in the same millisecond and exactly one wins; a bluff vote
 * resolves; the bot is stopped and a fresh instance started on the same database mid-game;
 * play continues by clicking buttons on messages posted before the restart, and the game
 * finishes with its result stored. Every request body was valid (emulator violations empty)
 * and every click was answered within 3 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { suspicionDefinition } from '../../src/games/suspicion/engine.js';
import { cardFace, type SuspicionAction, type SuspicionState } from '../../src/games/suspicion/rules.js';
import { DiscordEmulator, type EmulatedMessage, type EmulatedUser, type InteractionResult } from '../../src/local/emulator/index.js';
import { answered, boardOf, fresh, offers, perform, settle, startBot, tableIdOf, tempDir, textOf, panelOf as openedPanel, type Offer, TEXT_BOARDS_ONLY } from './harness.js';

const def = suspicionDefinition;
const OPTIONS = def.optionsSchema.parse({});

/**
 * A seed whose first mover holds evidence for an empty slot of their suspect while both
 * rivals hold a counter card of that colour (so a counter race can happen at once).
 */
function raceSeed(): { seed: number; colour: string } {
  for (let seed = 1; seed < 200_000; seed++) {
    const s = def.setup(OPTIONS, 3, seed, { hostSeat: 0 }) as SuspicionState;
    const p = def.pending(s);
    if (p.kind !== 'turn') continue;
    const mover = p.seat;
    for (const a of def.legalActions(s, mover) as SuspicionAction[]) {
      if (a.type !== 'place') continue;
      const f = cardFace(a.card);
      if (!f || f.kind !== 'evidence' || f.counter) continue;
      const rivals = [0, 1, 2].filter((x) => x !== mover);
      const holds = (seat: number) =>
        s.players[seat]!.hand.some((c) => {
          const g = cardFace(c);
          return g?.kind === 'evidence' && g.counter && g.colour === f.colour;
        });
      if (rivals.every(holds)) return { seed, colour: f.colour };
    }
  }
  throw new Error('no race seed found');
}

describe('Suspicion, end to end through the Discord emulator', () => {
  let emu: DiscordEmulator;
  let app: App;
  const tmp = tempDir();
  const clicks: number[] = [];

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  const track = (r: InteractionResult) => {
    answered(r);
    clicks.push(r.ackMs!);
    return r;
  };

  it('plays a whole game with a counter race, a bluff vote and a restart', async () => {
    const { seed, colour } = raceSeed();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, serviceDeps: { newSeed: () => seed } });
    const users = ['Ana', 'Ben', 'Cleo'].map((n) => emu.addUser(n));
    const [ana, ben, cleo] = users as [EmulatedUser, EmulatedUser, EmulatedUser];

    // Commands were registered with a bulk overwrite on the dev guild.
    expect(emu.commands(emu.guild.id).map((c) => c.name)).toEqual(expect.arrayContaining(['suspicion', 'hand', 'table']));

    // Lobby.
    const created = track(await ana.slash('suspicion new', { seats: 3 }));
    const lobby = created.message!;
    expect(lobby.ephemeral).toBeFalsy();
    const tableId = tableIdOf(lobby);
    track(await ben.click(lobby, 'Join'));
    track(await ben.click(lobby, 'Join')); // double join: a private "already at this table"
    track(await cleo.click(lobby, 'Join'));
    await settle(app);
    expect(textOf(fresh(emu, lobby))).toMatch(/Players \(3\/3\)/);
    // Only the host may start.
    const notHost = track(await ben.click(lobby, 'Start'));
    expect(notHost.message?.ephemeral).toBe(true);
    expect(textOf(notHost.message)).toMatch(/Only the host/);
    track(await ana.click(lobby, 'Start'));
    await settle(app);

    // The lobby message became the board; the player to act was pinged.
    const board = boardOf(emu, tableId);
    expect(board.id).toBe(lobby.id);
    expect(JSON.stringify(board.components)).toContain('Show my hand');
    // Always the running app's store (the app is replaced by the restart below).
    const store = { table: (id: number) => app.context.store.table(id), seats: (id: number) => app.context.store.seats(id), actions: (id: number) => app.context.store.actions(id) };
    const state = async () => (await store.table(tableId))!.state as SuspicionState;
    const userOf = async (seat: number) => {
      const row = (await store.seats(tableId)).find((s) => s.seat === seat)!;
      return users.find((u) => u.id === row.userId)!;
    };
    const seatOf = async (u: EmulatedUser) => (await store.seats(tableId)).find((s) => s.userId === u.id)!.seat!;
    const first = (def.pending((await state())) as { seat: number }).seat;
    expect(ana.pings().length + ben.pings().length + cleo.pings().length).toBe(1);
    expect((await userOf(first)).pings()).toHaveLength(1);

    // Everyone opens their hand from the board.
    const panels = new Map<string, EmulatedMessage>();
    for (const u of users) {
      const panel = (await openedPanel(track(await u.click(fresh(emu, board), 'Show my hand'))))!;
      expect(panel.ephemeral).toBe(true);
      expect(u.canSee(panel)).toBe(true);
      panels.set(u.id, panel);
    }
    // A panel is private: no one else can see it.
    expect(ben.canSee(panels.get(ana.id)!)).toBe(false);

    // The first mover places evidence of the race colour from their panel.
    const mover = (await userOf(first));
    const place = offers<SuspicionAction>(fresh(emu, panels.get(mover.id)!), def).find(
      (o) => o.action.type === 'place' && cardFace((o.action as { card: string }).card)?.kind === 'evidence' && (cardFace((o.action as { card: string }).card) as { colour: string }).colour === colour && !(cardFace((o.action as { card: string }).card) as { counter: boolean }).counter,
    );
    expect(place, `${colour}: ${JSON.stringify(offers(fresh(emu, panels.get(mover.id)!), def).map((o) => o.action))} ${textOf(fresh(emu, panels.get(mover.id)!))}`).toBeDefined();
    const placed = track(await perform(mover, fresh(emu, panels.get(mover.id)!), place!));
    expect(placed.callbackType).toBe(7); // the panel updated in place
    expect(textOf(placed.message)).toMatch(/✅/);
    await settle(app);

    // The counter race: both rivals click "Counter!" on the board in the same millisecond.
    const rivals = users.filter((u) => u !== mover);
    const b1 = fresh(emu, board);
    expect(textOf(b1)).toContain('Counter');
    const counter = offers<SuspicionAction>(b1, def).find((o) => o.action.type === 'counter')!;
    const [r1, r2] = await emu.simultaneous(rivals.map((u) => () => perform(u, b1, counter)));
    track(r1!);
    track(r2!);
    await settle(app);
    const s1 = (await state());
    const countered = s1.phase.kind === 'counterBack' ? s1.phase.counterer : null;
    expect(countered).not.toBeNull();
    const winner = (await userOf(countered!));
    const loser = rivals.find((u) => u !== winner)!;
    const loserAnswer = winner === rivals[0] ? r2! : r1!;
    expect(textOf(loserAnswer.message), `r1=${textOf(r1!.message)} r2=${textOf(r2!.message)} log=${JSON.stringify((await store.actions(tableId)))}`).toMatch(/too late/i);
    // The loser keeps their counter card.
    expect(
      s1.players[(await seatOf(loser))]!.hand.some((c) => {
        const f = cardFace(c);
        return f?.kind === 'evidence' && f.counter && f.colour === colour;
      }),
    ).toBe(true);
    expect((await store.actions(tableId)).filter((a) => (a.action as { type: string }).type === 'counter')).toHaveLength(1);

    // Play on with a simple policy until the first declaration's vote resolves, then restart.
    const policy = new Policy(emu, () => app, tableId, users, panels, board, track);
    await policy.playUntil(async () => (await state()).lastReveal !== null, { voteCorrectly: true });
    const reveal = (await state()).lastReveal!;
    expect(reveal.won).toBe(false); // the rivals judged right
    expect(textOf(fresh(emu, board))).toMatch(/revealed|Bluff|believe/i);
    expect((await store.table(tableId))!.status).toBe('active');

    // Restart: a fresh instance of everything on the same database.
    const before = (await state());
    await app.stop();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY });
    await settle(app);
    expect((await app.context.store.table(tableId))!.state).toEqual(before);

    // Buttons on messages posted before the restart still work: the player to act clicks
    // an action in the panel they opened before the restart.
    const p0 = def.pending(before);
    const actor0 = p0.kind === 'turn' ? (await userOf(p0.seat)) : p0.kind === 'race' ? (await userOf(p0.seats[0]!)) : p0.kind === 'simultaneous' ? (await userOf(p0.waiting[0]!)) : null;
    const oldPanel = actor0 && panels.get(actor0.id);
    if (actor0 && oldPanel) {
      const o = offers<SuspicionAction>(fresh(emu, oldPanel), def)[0];
      if (o && o.customId.split(':')[3] === p0.step.toString(36)) {
        const seqBefore = (await app.context.store.table(tableId))!.lastSeq;
        const r = track(await perform(actor0, fresh(emu, oldPanel), o));
        expect(r.callbackType).toBe(7);
        expect((await app.context.store.table(tableId))!.lastSeq).toBeGreaterThan(seqBefore);
      }
    }
    // The board posted before the restart still opens hands.
    const reopened = track(await ana.click(fresh(emu, board), 'Show my hand'));
    expect((await openedPanel(reopened))?.ephemeral).toBe(true);
    await policy.playUntil(async () => (await app.context.store.table(tableId))!.status !== 'active', { voteCorrectly: false });
    const t = (await app.context.store.table(tableId))!;
    expect(t.status).toBe('finished');
    const results = (await app.context.store.results(tableId));
    expect(results).toHaveLength(3);
    expect(results.filter((r) => r.winner)).toHaveLength(1);
    await settle(app);
    expect(textOf(fresh(emu, board))).toMatch(/Winner/);

    expect(emu.violations).toEqual([]);
    const sorted = [...clicks].sort((a, b) => a - b);
    // eslint-disable-next-line no-console
    console.info(`suspicion e2e: ${clicks.length} interactions, median ack ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`);
  });
});

/**
 * A scripted table: whoever must act clicks what their messages offer. Movers place, then
 * declare, else discard; rivals let windows pass; voters vote right (or wrong, to end the game).
 */
class Policy {
  constructor(
    private readonly emu: DiscordEmulator,
    private readonly app: () => App,
    private readonly tableId: number,
    private readonly users: EmulatedUser[],
    private readonly panels: Map<string, EmulatedMessage>,
    private readonly board: EmulatedMessage,
    private readonly track: (r: InteractionResult) => InteractionResult,
  ) {}

  private async currentState(): Promise<SuspicionState> {
    return (await this.app().context.store.table(this.tableId))!.state as SuspicionState;
  }

  private async userOfSeat(seat: number): Promise<EmulatedUser> {
    const row = (await this.app().context.store.seats(this.tableId)).find((s) => s.seat === seat)!;
    return this.users.find((u) => u.id === row.userId)!;
  }

  /** The user's panel as it is now; reopened from the board when it shows no current action. */
  private async panelOf(u: EmulatedUser, wanted: (o: Offer<SuspicionAction>) => boolean): Promise<Offer<SuspicionAction> & { msg: EmulatedMessage }> {
    const old = this.panels.get(u.id);
    if (old) {
      const msg = fresh(this.emu, old);
      const o = offers<SuspicionAction>(msg, suspicionDefinition).find(wanted);
      if (o && (await this.isCurrent(o))) return { ...o, msg };
    }
    const msg = (await openedPanel(this.track(await u.click(fresh(this.emu, this.board), 'Show my hand'))))!;
    this.panels.set(u.id, msg);
    const o = offers<SuspicionAction>(msg, suspicionDefinition).find(wanted);
    if (!o) throw new Error(`no wanted action in ${u.name}'s panel: ${textOf(msg)}`);
    return { ...o, msg };
  }

  private async isCurrent(o: Offer): Promise<boolean> {
    const step = suspicionDefinition.pending((await this.currentState())).step;
    return o.customId.includes(`:${step.toString(36)}:`) || o.customId.split(':')[3] === step.toString(36);
  }

  async playUntil(done: () => boolean | Promise<boolean>, opts: { voteCorrectly: boolean }): Promise<void> {
    for (let guard = 0; guard < 400 && !(await done()); guard++) {
      await settle(this.app());
      const s = (await this.currentState());
      const ph = s.phase;
      const p = suspicionDefinition.pending(s);
      if (p.kind === 'over') return;
      if (ph.kind === 'turn') {
        const u = (await this.userOfSeat((p as { seat: number }).seat));
        const order = ['declare', 'place', 'discard', 'pass'];
        const legal = suspicionDefinition.legalActions(s, (p as { seat: number }).seat) as SuspicionAction[];
        const type = order.find((t) => legal.some((a) => a.type === t))!;
        const o = await this.panelOf(u, (x) => x.action.type === type);
        this.track(await perform(u, o.msg, o));
        continue;
      }
      // Windows and votes are answered on the board.
      const b = fresh(this.emu, this.board);
      const boardOffers = offers<SuspicionAction>(b, suspicionDefinition);
      if (ph.kind === 'counter') {
        const u = (await this.userOfSeat((p as { seats: number[] }).seats[0]!));
        this.track(await perform(u, b, boardOffers.find((o) => o.action.type === 'pass')!));
      } else if (ph.kind === 'counterBack') {
        this.track(await perform((await this.userOfSeat(ph.placer)), b, boardOffers.find((o) => o.action.type === 'accept')!));
      } else if (ph.kind === 'cancel') {
        this.track(await perform((await this.userOfSeat(ph.target)), b, boardOffers.find((o) => o.action.type === 'allow')!));
      } else if (ph.kind === 'vote') {
        const f = cardFace(ph.card);
        const colour = s.players[ph.suspect]!.suspect[ph.slot];
        const correct = f?.kind === 'wild' || (f?.kind === 'evidence' && f.colour === colour);
        const right = correct ? 'believe' : 'bluff';
        const verdict = opts.voteCorrectly ? right : right === 'believe' ? 'bluff' : 'believe';
        for (const voter of ph.voters) {
          if (ph.votes[voter] !== null) continue;
          const o = boardOffers.find((x) => x.action.type === 'vote' && (x.action as { verdict: string }).verdict === verdict)!;
          this.track(await perform((await this.userOfSeat(voter)), b, o));
        }
      }
    }
    if (!done()) throw new Error('the scripted game did not reach its goal');
  }
}
