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
 * concern (`service.play.act`, `service.lobby.join`, `service.reads.snapshot`). The one-line
 * pass-through methods below are what the tests still call; they go once the tests moved. The board and ping message ids are
 * the Discord wing's (src/discord/publish/message-ids.ts).
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

  // ---------------------------------------------------------------- Reads (src/tables/reads.ts, src/tables/core.ts)

  /** TableReads.snapshot. */
  snapshot(...args: Parameters<TableReads['snapshot']>): ReturnType<TableReads['snapshot']> {
    return this.reads.snapshot(...args);
  }

  /** TableReads.snapshots. */
  snapshots(...args: Parameters<TableReads['snapshots']>): ReturnType<TableReads['snapshots']> {
    return this.reads.snapshots(...args);
  }

  /** TableReads.openTableInChannel. */
  openTableInChannel(...args: Parameters<TableReads['openTableInChannel']>): ReturnType<TableReads['openTableInChannel']> {
    return this.reads.openTableInChannel(...args);
  }

  /** TableReads.ownOpenTables. */
  ownOpenTables(...args: Parameters<TableReads['ownOpenTables']>): ReturnType<TableReads['ownOpenTables']> {
    return this.reads.ownOpenTables(...args);
  }

  /** TableReads.ownOpenTableHeads. */
  ownOpenTableHeads(...args: Parameters<TableReads['ownOpenTableHeads']>): ReturnType<TableReads['ownOpenTableHeads']> {
    return this.reads.ownOpenTableHeads(...args);
  }

  /** TableReads.openTablesOfUser. */
  openTablesOfUser(...args: Parameters<TableReads['openTablesOfUser']>): ReturnType<TableReads['openTablesOfUser']> {
    return this.reads.openTablesOfUser(...args);
  }

  /** TableReads.definition. */
  definition(...args: Parameters<TableReads['definition']>): ReturnType<TableReads['definition']> {
    return this.reads.definition(...args);
  }

  /** TableReads.lookUp. */
  lookUp(...args: Parameters<TableReads['lookUp']>): ReturnType<TableReads['lookUp']> {
    return this.reads.lookUp(...args);
  }

  // ---------------------------------------------------------------- Lobby (src/tables/lobby.ts)

  /** TableLobby.createTable. */
  createTable(...args: Parameters<TableLobby['createTable']>): ReturnType<TableLobby['createTable']> {
    return this.lobby.createTable(...args);
  }

  /** TableLobby.playAgain. */
  playAgain(...args: Parameters<TableLobby['playAgain']>): ReturnType<TableLobby['playAgain']> {
    return this.lobby.playAgain(...args);
  }

  /** TableLobby.join. */
  join(...args: Parameters<TableLobby['join']>): ReturnType<TableLobby['join']> {
    return this.lobby.join(...args);
  }

  /** TableLobby.leaveLobby. */
  leaveLobby(...args: Parameters<TableLobby['leaveLobby']>): ReturnType<TableLobby['leaveLobby']> {
    return this.lobby.leaveLobby(...args);
  }

  /** TableLobby.addBot. */
  addBot(...args: Parameters<TableLobby['addBot']>): ReturnType<TableLobby['addBot']> {
    return this.lobby.addBot(...args);
  }

  /** TableLobby.removeBot. */
  removeBot(...args: Parameters<TableLobby['removeBot']>): ReturnType<TableLobby['removeBot']> {
    return this.lobby.removeBot(...args);
  }

  /** TableLobby.start. */
  start(...args: Parameters<TableLobby['start']>): ReturnType<TableLobby['start']> {
    return this.lobby.start(...args);
  }

  /** TableLobby.cancel. */
  cancel(...args: Parameters<TableLobby['cancel']>): ReturnType<TableLobby['cancel']> {
    return this.lobby.cancel(...args);
  }

  // ---------------------------------------------------------------- Play (src/tables/play.ts)

  /** TablePlay.act. */
  act(...args: Parameters<TablePlay['act']>): ReturnType<TablePlay['act']> {
    return this.play.act(...args);
  }

  /** TablePlay.actOnCode. */
  actOnCode(...args: Parameters<TablePlay['actOnCode']>): ReturnType<TablePlay['actOnCode']> {
    return this.play.actOnCode(...args);
  }

  /** TablePlay.markPresent. */
  markPresent(...args: Parameters<TablePlay['markPresent']>): ReturnType<TablePlay['markPresent']> {
    return this.play.markPresent(...args);
  }

  /** TablePlay.leaveGame. */
  leaveGame(...args: Parameters<TablePlay['leaveGame']>): ReturnType<TablePlay['leaveGame']> {
    return this.play.leaveGame(...args);
  }

  /** TablePlay.botAct. */
  botAct(...args: Parameters<TablePlay['botAct']>): ReturnType<TablePlay['botAct']> {
    return this.play.botAct(...args);
  }

  /** TablePlay.replaceWithBot. */
  replaceWithBot(...args: Parameters<TablePlay['replaceWithBot']>): ReturnType<TablePlay['replaceWithBot']> {
    return this.play.replaceWithBot(...args);
  }

  /** TablePlay.hint. */
  hint(...args: Parameters<TablePlay['hint']>): ReturnType<TablePlay['hint']> {
    return this.play.hint(...args);
  }

  /** TablePlay.takeVacation. */
  takeVacation(...args: Parameters<TablePlay['takeVacation']>): ReturnType<TablePlay['takeVacation']> {
    return this.play.takeVacation(...args);
  }

  // ---------------------------------------------------------------- Lessons (src/tables/lessons.ts)

  /** TableLessons.openLesson. */
  openLesson(...args: Parameters<TableLessons['openLesson']>): ReturnType<TableLessons['openLesson']> {
    return this.lessons.openLesson(...args);
  }

  /** TableReads.lessonScript. */
  lessonScript(...args: Parameters<TableReads['lessonScript']>): ReturnType<TableReads['lessonScript']> {
    return this.reads.lessonScript(...args);
  }

  /** TableReads.openLessonOf. */
  openLessonOf(...args: Parameters<TableReads['openLessonOf']>): ReturnType<TableReads['openLessonOf']> {
    return this.reads.openLessonOf(...args);
  }

  // ---------------------------------------------------------------- Deadlines (src/tables/deadlines.ts)

  /** TableDeadlines.fireDeadline. */
  fireDeadline(...args: Parameters<TableDeadlines['fireDeadline']>): ReturnType<TableDeadlines['fireDeadline']> {
    return this.deadlines.fireDeadline(...args);
  }

  /** TableDeadlines.stop. */
  stop(...args: Parameters<TableDeadlines['stop']>): ReturnType<TableDeadlines['stop']> {
    return this.deadlines.stop(...args);
  }

  // ---------------------------------------------------------------- Tables whose place is gone (src/tables/lost.ts)

  /** TableLoss.endLost. */
  endLost(...args: Parameters<TableLoss['endLost']>): ReturnType<TableLoss['endLost']> {
    return this.loss.endLost(...args);
  }

  /** TableLoss.endLostIn. */
  endLostIn(...args: Parameters<TableLoss['endLostIn']>): ReturnType<TableLoss['endLostIn']> {
    return this.loss.endLostIn(...args);
  }

  // ---------------------------------------------------------------- Recovery after a restart (src/tables/restart.ts)

  /** TableRestart.recover. */
  recover(...args: Parameters<TableRestart['recover']>): ReturnType<TableRestart['recover']> {
    return this.restart.recover(...args);
  }

  /** TableRestart.staleBoards. */
  staleBoards(...args: Parameters<TableRestart['staleBoards']>): ReturnType<TableRestart['staleBoards']> {
    return this.restart.staleBoards(...args);
  }

  /** Number of tables with an armed deadline timer in this process. */
  get armedDeadlines(): number {
    return this.deadlines.armedDeadlines;
  }
}
