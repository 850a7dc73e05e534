/**
 * Start-up recovery of one process (docs/tables.md "Restarts"), in the order `App.start` runs it once
 * the gateway is ready: re-arm every open table's deadline (extending those that passed while
 * the bot was down), hand the boards the previous process did not publish to the publisher,
 * then schedule the AI players that were to move. Only the tables of the service's shards.
 *
 * The open tables' heads (`openTableHeads`: no game state) are read once, and a table is read
 * whole only when it has something to do: a late deadline, a board behind its table, a bot
 * seat at an active table. A change committed after that read (a click while the bot starts)
 * has been handed to the publisher and the bot turns already; the steps below re-check each
 * table on its fresh row. Measured by bench/recovery.ts.
 */
import type { BotTurns } from './bot-turns.js';
import { lateAfterRestart, type TableService } from './service.js';
import type { TableChange } from './types.js';

/** What `recoverAtStart` found and did. */
export interface StartUpRecovery {
  /** Ids of the open tables found (their deadlines re-armed), ascending. */
  tables: number[];
  /** Boards handed to `publish` because they did not show their table's newest version. */
  staleBoards: number;
  /** Bot turns scheduled. */
  botTurns: number;
}

/**
 * Recover this process's open tables after `readyAt` (Unix ms: when the bot became ready):
 * `restorePanels` with the open tables' ids (the panels the previous process saved: the
 * publisher tracks them again), `service.recover`, then each of `service.staleBoards` to
 * `publish` (the publisher's `tableChanged`), then `botTurns.resume` — all from one read of the open tables' heads. Rejects when a store read fails
 * (a deadline that cannot be extended is logged and left to its timer instead).
 */
export async function recoverAtStart(
  service: TableService,
  botTurns: BotTurns,
  publish: (change: TableChange) => void,
  readyAt: number,
  restorePanels?: (tableIds: number[]) => Promise<void>,
): Promise<StartUpRecovery> {
  const heads = await service.reads.ownOpenTableHeads();
  // The open panels the previous process saved, before anything is published: they show the new deadlines too.
  if (restorePanels) await restorePanels(heads.map((head) => head.id));
  // Decisions whose deadline passed while the bot was down get a fresh one from now.
  const tables = await service.restart.recover(readyAt, heads);
  // Boards (and pings) the previous process did not get to publish before it stopped — and
  // those of the decisions just extended (their `$restarted` note).
  const late = new Set(heads.filter((head) => lateAfterRestart(head, readyAt)).map((head) => head.id));
  const behind = heads.filter((head) => head.boardVersion < head.version || late.has(head.id)).map((head) => head.id);
  // Their pings show the fresh deadline too (an edit: nobody is pinged again).
  const stale = await service.restart.staleBoards(behind, late);
  for (const change of stale) publish(change);
  // Bots (of this process's shards) that were to move when the previous process stopped move now.
  const turns = await botTurns.resume(heads);
  return { tables, staleBoards: stale.length, botTurns: turns };
}
