/**
 * A stored table's replay (README "Review a game"; docs/watching.md): its seed and action log
 * replayed by the game's own engine, kept per table and extended with the moves logged since
 * (one `apply` per new move), so a review step or a watcher's refresh after each move costs no
 * replay of the whole game. Reads the action log only (`Store.actions`); the table and seat rows
 * are the caller's (the table service's snapshot, or a review's read).
 */
import type { AnyGameDefinition } from '../games/engine.js';
import type { SeatRow, StoreReads, TableRow } from '../persistence/store/types.js';
import { extendReplay, lastStep, replayGame, type GameReplay, type ReplayLogEntry } from './replay.js';

/** A replay and the host's seat it was set up with (NOIR's setup reads it). */
export interface LoadedReplay {
  replay: GameReplay;
  hostSeat: number;
}

/**
 * Tables whose newest replay is kept. A replay keeps every step's state (about 1.7 KB of JSON
 * per step, roughly 0.5 MB for a 300-move game): 32 tables bound it to a few tens of MB.
 */
export const REPLAY_CACHE_TABLES = 32;

/** The newest replay of recently read tables, least recently used first. */
export class ReplayLoader {
  private readonly kept = new Map<number, { seq: number; loaded: LoadedReplay }>();

  constructor(
    private readonly store: Pick<StoreReads, 'actions'>,
    private readonly capacity = REPLAY_CACHE_TABLES,
  ) {}

  /**
   * The replay of started table `table` (seed and state set) up to its `lastSeq`, with its seat
   * rows `seats` (seated ones, any order). A kept replay of the table is extended with the moves
   * logged since, or cut when `table` is an older read than it. Throws when the log does not
   * replay (a corrupt log). The host's seat is the host's seat row; when the host erased their
   * data (README "Privacy") it is the seat whose replay gives the stored final state.
   */
  async load(definition: AnyGameDefinition, table: TableRow, seats: readonly SeatRow[]): Promise<LoadedReplay> {
    if (table.seed === null || table.state === null) throw new Error(`table #${table.id} never started`);
    const kept = this.kept.get(table.id);
    if (kept && kept.loaded.replay.definition === definition) {
      if (kept.seq === table.lastSeq) return this.touch(table.id, kept);
      if (kept.seq > table.lastSeq) {
        const replay = kept.loaded.replay;
        return { replay: { ...replay, steps: replay.steps.slice(0, table.lastSeq + 1) }, hostSeat: kept.loaded.hostSeat };
      }
    }
    const rows = await this.log(table);
    const log = rows.map((row) => row.entry);
    if (kept && kept.seq < table.lastSeq && lastStep(kept.loaded.replay) === rows.filter((row) => row.seq <= kept.seq).length) {
      try {
        const replay = extendReplay(kept.loaded.replay, rows.filter((row) => row.seq > kept.seq).map((row) => row.entry));
        return this.keep(table.id, table.lastSeq, { replay, hostSeat: kept.loaded.hostSeat });
      } catch {
        // Replayed afresh below.
      }
    }
    const seated = seats.filter((row) => row.seat !== null).sort((a, b) => a.seat! - b.seat!);
    const spec = { definition, options: table.options, seats: seated.length, seed: table.seed, log };
    const hostRow = seated.find((row) => row.userId === table.hostUserId);
    const candidates = hostRow ? [hostRow.seat!] : seated.map((row) => row.seat!);
    const finalJson = JSON.stringify(table.state);
    let found: LoadedReplay | undefined;
    for (const hostSeat of candidates) {
      // With the wrong host seat a logged move may be refused: that candidate is not it.
      const last = candidates.length === 1 || hostSeat === candidates.at(-1);
      let replay: GameReplay;
      try {
        replay = replayGame({ ...spec, setupMeta: { hostSeat } });
      } catch (err) {
        if (last) throw err;
        continue;
      }
      found = { replay, hostSeat };
      if (candidates.length === 1 || JSON.stringify(replay.steps[lastStep(replay)]!.state) === finalJson) break;
    }
    if (!found) throw new Error(`table #${table.id}: no host seat replays the stored game`);
    return this.keep(table.id, table.lastSeq, found);
  }

  /** How many tables' replays are kept now. */
  get size(): number {
    return this.kept.size;
  }

  /** The action log of `table` up to its `lastSeq`, oldest first, as a replay reads it. */
  private async log(table: TableRow): Promise<{ seq: number; entry: ReplayLogEntry }[]> {
    return (await this.store.actions(table.id))
      .filter((row) => row.seq <= table.lastSeq)
      .sort((a, b) => a.seq - b.seq)
      .map((row) => ({ seq: row.seq, entry: { seat: row.seat, action: row.action, kind: row.kind, at: row.at } }));
  }

  private touch(tableId: number, entry: { seq: number; loaded: LoadedReplay }): LoadedReplay {
    this.kept.delete(tableId);
    this.kept.set(tableId, entry);
    return entry.loaded;
  }

  private keep(tableId: number, seq: number, loaded: LoadedReplay): LoadedReplay {
    this.kept.delete(tableId);
    this.kept.set(tableId, { seq, loaded });
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
    return loaded;
  }
}
