/**
 * What becomes of a board Discord, or the channel-access cache, refuses (./board.ts,
 * ./channel-access.ts): the channel gets text boards (its board is drawn again at once, as
 * text), or nothing more is sent there and its tables wait for the permissions to come back, or
 * the table's place is gone (src/tables/lost.ts). The host of such a table is told privately,
 * once per table and kind.
 */
import type { Logger } from '../../logger.js';
import type { LostReason, TableSnapshot } from '../../tables/types.js';
import { refusalOf, type ChannelAccess } from './channel-access.js';

/** Thrown by a board request when Discord refused the board's picture: the caller draws it again, as text, at once. */
export class RedrawAsText extends Error {}

/** What the refusals need of the running bot (a part of ./board.ts `BoardDeps`). */
export interface BoardRefusalDeps {
  logger: Logger;
  /** What the bot may do in each channel (./channel-access.ts). */
  access: ChannelAccess;
  /** The table's place is gone (Discord answered Unknown Channel, or Thread is locked): end it (src/tables/lost.ts). */
  placeGone: (tableId: number, reason: LostReason) => void;
  /**
   * Tell the host of `table` privately (their open panel's token) that its board is text from
   * now on (`noFiles`: Attach Files refused) or is held back (`blocked`: no posting or editing there).
   */
  tellHost: (table: TableSnapshot['table'], what: 'noFiles' | 'blocked') => void;
}

/** The boards refused in this process: tables held back per channel, and the hosts already told. */
export class BoardRefusals {
  /** Tables whose host was told that their board is text now, or held back (once each). */
  private readonly told = { noFiles: new Set<number>(), blocked: new Set<number>() };
  /** Channel → tables whose board was held back there for want of a permission (`stopped`). */
  private readonly stoppedIn = new Map<string, Set<number>>();

  constructor(private readonly deps: BoardRefusalDeps) {}

  /**
   * What Discord's refusal of a board request means (./channel-access.ts `refusalOf`): files
   * refused — the channel gets text boards, drawn again at once (throws RedrawAsText); posting or
   * editing refused — nothing more is sent there; the channel deleted or the thread locked —
   * the table's place is gone (src/tables/lost.ts). Anything else is rethrown (retried if worth it).
   */
  refused(table: TableSnapshot['table'], err: unknown, hadFiles: boolean): Promise<void> {
    const { access, logger, placeGone } = this.deps;
    switch (refusalOf(err, hadFiles)) {
      case 'files':
        access.refuseFiles(table.channelId);
        logger.info({ table: table.id, channel: table.channelId }, 'Discord refused the board picture (Attach Files): drawing it as text');
        throw new RedrawAsText();
      case 'blocked':
        access.block(table.channelId);
        return this.stopped(table);
      case 'deleted':
        placeGone(table.id, 'channel-deleted');
        return Promise.resolve();
      case 'locked':
        placeGone(table.id, 'thread-locked');
        return Promise.resolve();
      default:
        throw err;
    }
  }

  /**
   * The bot may not post or edit the board in `table`'s channel: nothing is sent (one log line
   * per channel); the board is drawn again when the permissions change (`takeStopped`).
   */
  stopped(table: TableSnapshot['table']): Promise<void> {
    let tables = this.stoppedIn.get(table.channelId);
    if (!tables) {
      tables = new Set();
      this.stoppedIn.set(table.channelId, tables);
      this.deps.logger.info({ table: table.id, channel: table.channelId }, 'the bot may not post or edit in this channel: its tables wait for the permissions to come back');
    }
    tables.add(table.id);
    this.tellHostOnce(table, 'blocked');
    return Promise.resolve();
  }

  /** The tables whose board was held back for want of a permission, forgotten: the permissions changed, they are drawn again. */
  takeStopped(): number[] {
    const ids = [...this.stoppedIn.values()].flatMap((tables) => [...tables]);
    this.stoppedIn.clear();
    return ids;
  }

  /** Tell `table`'s host, once per table and kind, that its board is text from now on (no Attach Files) or held back; one log line. */
  tellHostOnce(table: TableSnapshot['table'], what: 'noFiles' | 'blocked'): void {
    if (this.told[what].has(table.id)) return;
    this.told[what].add(table.id);
    if (what === 'noFiles') this.deps.logger.info({ table: table.id, channel: table.channelId }, 'no Attach Files in this channel: the board is drawn as text');
    this.deps.tellHost(table, what);
  }

  /** The table is over: what its host was told, and whether its board was held back, is forgotten. */
  forget(tableId: number): void {
    this.told.noFiles.delete(tableId);
    this.told.blocked.delete(tableId);
    for (const tables of this.stoppedIn.values()) tables.delete(tableId);
  }
}
