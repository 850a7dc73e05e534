/**
 * Tables the bot seats itself (src/tables/service.ts; docs/tournaments.md "Running a
 * tournament"): a tournament's tables open already started, with the paired entrants and any
 * AI seats filling them, inside the tournament's own transaction; and a table whose round ran
 * out of time ends by the rules' timer policy — every decision left played by the game's
 * default move (the move a missed deadline plays, docs/tables.md "Deadlines") until the game is over.
 */
import { seatsToAct, type GameEvent } from '../games/engine.js';
import type { BotLevel } from '../games/bot.js';
import { Rng } from '../games/rng.js';
import type { StoreTx } from '../persistence/store/types.js';
import { nextBotIdentity, type TableOptions } from './bots.js';
import { MAX_AUTO_ACTIONS_PER_CHANGE } from './commit.js';
import { TablePart } from './core.js';
import { playWhile } from './drivers.js';
import type { TableSnapshot } from './types.js';

/** Input of `openSeated`. */
export interface SeatedTableInput {
  guildId: string;
  /** The channel (a tournament table's thread) the table lives in: it must have no open table. */
  channelId: string;
  game: string;
  /** The table's host (the tournament's organiser): may cancel it like any host. */
  hostUserId: string;
  locale: string | null;
  /** The game's options (parsed again by the game's schema). */
  options: unknown;
  /** The human players, in any order (seats are shuffled with the game's seed, as at Start). */
  players: { userId: string; displayName: string }[];
  /** AI seats to add, and their level. */
  bots: number;
  botLevel: BotLevel;
  tableOptions: TableOptions;
}

/** Rounds of MAX_AUTO_ACTIONS_PER_CHANGE default moves tried before a game that will not end is abandoned. */
const MAX_TIMER_POLICY_ROUNDS = 20;

/** Tables opened started, and tables ended by the timer policy. */
export class TableSeating extends TablePart {
  /**
   * Inside the caller's transaction `tx`: open a table in `input.channelId` with the players
   * and AI seats given, started at once (seat order shuffled with the new game's seed, as
   * Start does), and return its committed snapshot. Call `announce` with it once `tx` has
   * committed. Throws DuplicateKeyError when the channel already has an open table, and
   * Error when the options do not fit the game or the seats do not (a bug of the caller).
   */
  async openSeated(tx: StoreTx, input: SeatedTableInput): Promise<TableSnapshot> {
    const mod = this.registry.get(input.game);
    const def = mod.definition;
    const options = def.optionsSchema.parse(input.options);
    const count = input.players.length + input.bots;
    if (count < def.minPlayers || count > def.maxPlayers) throw new Error(`openSeated: ${count} seats at ${input.game}`);
    const now = this.now();
    const table = await tx.insertTable({
      guildId: input.guildId,
      channelId: input.channelId,
      game: mod.id,
      status: 'lobby',
      hostUserId: input.hostUserId,
      locale: input.locale,
      options,
      maxSeats: count,
      createdAt: now,
      updatedAt: now,
      deadlineAt: null,
      recentEvents: [],
      tableOptions: input.tableOptions,
    });
    for (const player of input.players) await tx.insertSeat({ tableId: table.id, userId: player.userId, displayName: player.displayName, joinedAt: now });
    for (let n = 0; n < input.bots; n++) {
      const identity = nextBotIdentity(await tx.seats(table.id));
      await tx.insertSeat({ tableId: table.id, ...identity, joinedAt: now, botLevel: input.botLevel });
    }
    const joined = await tx.seats(table.id);
    const seed = this.newSeed();
    const order = Rng.seeded(seed ^ 0x5eed).shuffle(joined);
    for (const [seat, row] of order.entries()) await tx.updateSeat(table.id, row.userId, { seat });
    const seated = order.map((row, seat) => ({ ...row, seat }));
    const hostSeat = Math.max(0, order.findIndex((row) => row.userId === input.hostUserId));
    const state = def.setup(options, order.length, seed, { hostSeat });
    return this.committer.commit(tx, def, table, seated, state, table.lastSeq, [], now, { patch: { status: 'active', seed, startedAt: now } });
  }

  /** After the transaction that opened `snapshot`'s table committed: arm its deadline and tell the listeners (board, pings, bots). */
  announce(snapshot: TableSnapshot): void {
    this.afterCommit(snapshot, null);
  }

  /**
   * End an active table by the rules' timer policy (docs/tournaments.md "Running a
   * tournament": a round's deadline passed): every decision still open is played with the
   * game's default move, logged as a timeout, until the game is over; its result is stored
   * (and rated) like any finished game's, with a `$roundOver` event first. A game that still
   * does not end (an engine bug) is abandoned. Resolves with the table as committed, or null
   * when it was no longer active.
   */
  endByTimerPolicy(tableId: number): Promise<TableSnapshot | null> {
    return this.change(
      tableId,
      async (tx): Promise<TableSnapshot | null> => {
        const table = await tx.lockTable(tableId);
        if (!table || table.status !== 'active') return null;
        const def = this.definition(table);
        const seats = await tx.seats(tableId);
        const now = this.now();
        const events: GameEvent[] = [{ type: '$roundOver' }];
        let state = table.state;
        let pending = def.pending(state);
        let seq = table.lastSeq;
        for (let round = 0; round < MAX_TIMER_POLICY_ROUNDS && pending.kind !== 'over'; round++) {
          const driven = playWhile(
            def,
            state,
            (now, current) => {
              const seat = seatsToAct(now)[0];
              return seat === undefined ? null : { seat, action: def.defaultAction(current, seat) };
            },
            MAX_AUTO_ACTIONS_PER_CHANGE,
            pending,
          );
          for (const move of driven.played) {
            seq += 1;
            const row = seats.find((candidate) => candidate.seat === move.seat);
            await tx.appendAction({ tableId, seq, seat: move.seat, userId: row?.userId ?? null, kind: 'timeout', action: move.action, at: now });
            events.push(...move.events);
          }
          state = driven.state;
          pending = driven.pending;
          if (driven.refused) {
            this.log.error({ table: tableId, ...driven.refused }, 'engine refused its own default action at the round deadline');
            break;
          }
          if (driven.played.length === 0) break;
        }
        if (pending.kind !== 'over') {
          this.log.error({ table: tableId }, 'game did not end by the timer policy: abandoned');
          return this.snapshotOf(tx, await this.abandon(tx, table, now), seats);
        }
        return this.committer.commit(tx, def, table, seats, state, seq, events, now, { pending });
      },
      (snapshot) => {
        if (!snapshot) return;
        this.timers.disarm(tableId);
        this.emit({ tableId, snapshot, ping: [], ended: true });
      },
    );
  }
}
