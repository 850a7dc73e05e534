/**
 * The game-agnostic table service (docs/architecture.md §1, §4; README "Architecture"): lobbies,
 * seats, dispatch of game actions, deadlines, away players, recovery and results. It is the
 * only writer of game state, and it reaches the database only through the async Store
 * (src/persistence/store/types.ts: SQLite or PostgreSQL).
 *
 * Every accepted action is one store transaction, committed before the returned promise
 * resolves (so before the caller answers the interaction). Two clicks on one table never
 * interleave: within this process the changes of a table run one after another in a
 * per-table queue (./queue.ts); across processes (several shards, or two during a reshard)
 * each change starts by locking the table's row (`lockTable`, `SELECT … FOR UPDATE` on
 * PostgreSQL), decides from the row it locked, and writes with the version it read
 * (`updateTable` throws VersionConflictError otherwise, and the change is retried from a
 * fresh read). So no two moves are ever applied to one table from the same state, and a
 * deadline is applied once: the second process to fire it finds it moved.
 *
 * Each call reads the table once (one table + one seats read) and returns — and hands its
 * listeners, in commit order per table — the snapshot it committed: table, seats, pending
 * decision, results and the change's events, so the Discord layer answers and redraws
 * without reading the database again.
 *
 * This file wires the modules of each concern — reads.ts, lobby.ts, play.ts, deadlines.ts,
 * restart.ts, lessons.ts, lost.ts, seated.ts, preferences.ts — which share one TableContext
 * (core.ts: store, per-table queue, timers, listeners), and exposes them: callers use the
 * concern (`service.play.act`, `service.lobby.join`, `service.reads.snapshot`); the class itself
 * only builds them on one context and takes listeners. The board and ping message ids are the
 * Discord wing's (src/discord/publish/message-ids.ts).
 */
import { TableContext, type TableServiceDeps } from './core.js';
import { TableDeadlines } from './deadlines.js';
import { TableLessons } from './lessons.js';
import { TableLobby } from './lobby.js';
import { TableLoss } from './lost.js';
import { TablePlay } from './play.js';
import { PlayerPreferences } from './preferences.js';
import { TableReads } from './reads.js';
import { TableRestart } from './restart.js';
import { TableSeating } from './seated.js';
import type { TableListener } from './types.js';

export { MAX_CHANGE_ATTEMPTS, type TableServiceDeps } from './core.js';
export { AWAY_AFTER_MISSED } from './deadlines.js';
export { LOBBY_IDLE_MS, type CreateTableInput } from './lobby.js';
export type { LostPlace } from './lost.js';
export { DOUBLE_CLICK_MS } from './play.js';
export { lateAfterRestart, RECOVERY_CONCURRENCY, RESTART_GRACE_MS } from './restart.js';

/** The table service. One instance per process and store. */
export class TableService {
  private readonly ctx: TableContext;
  /** Reads: snapshots, open tables, look-ups (src/tables/reads.ts). */
  readonly reads: TableReads;
  /** Lobbies: create, join, leave, bots, start, cancel, play again (src/tables/lobby.ts). */
  readonly lobby: TableLobby;
  /** Play: moves, hints, presence, leaving a game, vacations (src/tables/play.ts). */
  readonly play: TablePlay;
  /** Deadlines: their timers, firing, stopping them all (src/tables/deadlines.ts). */
  readonly deadlines: TableDeadlines;
  /** After a restart: recovery and stale boards (src/tables/restart.ts). */
  readonly restart: TableRestart;
  /** Tables whose place is gone: ending them as lost (src/tables/lost.ts). */
  readonly loss: TableLoss;
  /** Lessons (src/tables/lessons.ts). */
  readonly lessons: TableLessons;
  /** Tables the bot seats itself (a tournament's; src/tables/seated.ts). */
  readonly seating: TableSeating;
  /** A player's own preferences: text panels, turn notices (src/tables/preferences.ts). */
  readonly preferences: PlayerPreferences;

  constructor(deps: TableServiceDeps) {
    this.ctx = new TableContext(deps, (id) => this.deadlines.fireDeadline(id));
    this.reads = new TableReads(this.ctx);
    this.lobby = new TableLobby(this.ctx);
    this.play = new TablePlay(this.ctx);
    this.deadlines = new TableDeadlines(this.ctx);
    this.restart = new TableRestart(this.ctx);
    this.loss = new TableLoss(this.ctx);
    this.lessons = new TableLessons(this.ctx, deps.lessonBotPaceMs);
    this.seating = new TableSeating(this.ctx);
    this.preferences = new PlayerPreferences(this.ctx);
  }

  /** Subscribe to committed changes. */
  addListener(listener: TableListener): void {
    this.ctx.listeners.push(listener);
  }
}
