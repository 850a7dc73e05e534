/**
 * Discord snowflakes for the emulator: 64-bit ids whose top 42 bits are milliseconds since
 * the Discord epoch (2015-01-01), so `(BigInt(id) >> 22n) + 1420070400000n` is the creation
 * time, exactly as on Discord. Ids made now are 18–19 digits long.
 */

/** The Discord epoch in milliseconds (2015-01-01T00:00:00.000Z). */
export const DISCORD_EPOCH = 1420070400000n;

/** Creation time in ms of a snowflake. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

/**
 * Generates unique, strictly increasing snowflakes. Several ids made in the same millisecond
 * differ in the 12-bit increment; if more than 4096 are needed in one millisecond (or the
 * clock goes backwards), the timestamp part is advanced by one so ids stay unique and ordered.
 */
export class SnowflakeGenerator {
  private last = 0n;
  private readonly worker: bigint;

  /** @param worker 0–1023, packed in the worker/process bits. */
  constructor(worker = 1) {
    this.worker = BigInt(worker & 0x3ff);
  }

  /** A new snowflake for time `ms` (default: now). */
  next(ms: number = Date.now()): string {
    const time = BigInt(Math.floor(ms)) - DISCORD_EPOCH;
    let candidate = (time << 22n) | (this.worker << 12n);
    if (candidate <= this.last) {
      const lastTime = this.last >> 22n;
      const increment = (this.last & 0xfffn) + 1n;
      candidate = increment > 0xfffn ? ((lastTime + 1n) << 22n) | (this.worker << 12n) : (lastTime << 22n) | (this.worker << 12n) | increment;
    }
    this.last = candidate;
    return candidate.toString();
  }

  /** Never hand out an id at or below `id` (a restored world's ids, even if the clock went back). */
  observe(id: string): void {
    const value = BigInt(id);
    if (value > this.last) this.last = value;
  }
}
