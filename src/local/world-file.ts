/**
 * The local-play world file (README → Quick start): the emulator's channels, users and
 * messages saved next to the database after every change, so a restart — even a SIGKILL —
 * finds the same server, and buttons on old messages keep working. Writes are atomic
 * (a temporary file in the same folder, then rename), so a crash never leaves half a file.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseWorld, WorldFileError, type WorldSnapshot } from './emulator/index.js';

/** The world file exists but cannot be used; the message names the file and what to do. */
export class WorldFileUnreadableError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path} cannot be read as a local-play world: ${reason}`);
    this.name = 'WorldFileUnreadableError';
  }
}

/** Read a saved world; null when the file does not exist. Throws WorldFileUnreadableError otherwise. */
export function readWorldFile(path: string): WorldSnapshot | null {
  if (!existsSync(path)) return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new WorldFileUnreadableError(path, (err as Error).message);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new WorldFileUnreadableError(path, `not JSON (${(err as Error).message})`);
  }
  try {
    return parseWorld(json);
  } catch (err) {
    if (err instanceof WorldFileError) throw new WorldFileUnreadableError(path, err.message);
    throw err;
  }
}

/**
 * Write `snapshot` to `path` atomically: the JSON goes to `<path>.tmp-<pid>` first (flushed to
 * disk), then replaces the file with one rename. Returns the number of bytes written.
 */
export function writeWorldFile(path: string, snapshot: WorldSnapshot): number {
  return writeTextAtomically(path, JSON.stringify(snapshot));
}

/** Write `text` to `path` atomically (temporary file + fsync + rename); returns its size in bytes. */
export function writeTextAtomically(path: string, text: string): number {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  const buffer = Buffer.from(text, 'utf8');
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, buffer);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  return buffer.length;
}

/**
 * Saves the world whenever it changed: `flush()` writes at once if the revision moved on
 * (called before each emulator answer), `schedule()` writes on the next turn of the event
 * loop (for changes outside requests, e.g. an interaction timing out). Identical content is
 * not rewritten.
 */
export class WorldSaver {
  private savedRevision = -1;
  private lastText = '';
  private pending: NodeJS.Immediate | null = null;
  private closed = false;
  /** Number of writes so far and their total size in bytes (for the benchmark and tests). */
  readonly stats = { writes: 0, bytes: 0 };

  /**
   * @param path the world file
   * @param revision the world's current revision (increases on every change)
   * @param snapshot the world to save now
   * @param onError called when a write fails (the next change tries again)
   */
  constructor(
    private readonly path: string,
    private readonly revision: () => number,
    private readonly snapshot: () => WorldSnapshot,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Write now if anything changed since the last write. */
  flush(): void {
    if (this.pending) {
      clearImmediate(this.pending);
      this.pending = null;
    }
    if (this.closed) return;
    const revision = this.revision();
    if (revision === this.savedRevision) return;
    try {
      const text = JSON.stringify(this.snapshot());
      this.savedRevision = revision;
      if (text === this.lastText) return;
      this.stats.bytes += writeTextAtomically(this.path, text);
      this.stats.writes += 1;
      this.lastText = text;
    } catch (err) {
      this.savedRevision = -1;
      this.onError(err);
    }
  }

  /** Write on the next turn of the event loop (coalescing every change made until then). */
  schedule(): void {
    if (this.pending || this.closed) return;
    this.pending = setImmediate(() => {
      this.pending = null;
      this.flush();
    });
  }

  /** Write what is left and stop saving. */
  close(): void {
    this.flush();
    this.closed = true;
  }
}
