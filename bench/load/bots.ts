/**
 * Starting a bot (product or echo) in its own process and talking to it (see bot-process.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { BotProbe, BotProcessArgs, FromBot, ToBot } from './bot-process.js';

export type { BotProbe };

/** A bot process. */
export class BotProcess {
  private nextId = 1;
  private readonly waiting = new Map<number, (p: BotProbe) => void>();
  private readonly profiling = new Map<number, () => void>();
  private readonly exited: Promise<number | null>;

  private constructor(
    readonly kind: BotProcessArgs['kind'],
    private readonly child: ChildProcess,
  ) {
    child.on('message', (m: FromBot) => {
      if (m.type === 'probe') {
        const { type: _type, id: _id, ...probe } = m;
        this.waiting.get(m.id)?.(probe);
        this.waiting.delete(m.id);
      } else if (m.type === 'profiled') {
        this.profiling.get(m.id)?.();
        this.profiling.delete(m.id);
      }
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /**
   * Fork the bot and resolve once it reports ready. `cpuProfileDir` runs it under
   * `--cpu-prof` (the profile is written there when it stops); `logFile` receives its stdout
   * (the product's pino lines; default /dev/null). Rejects if it exits first or is not ready
   * within `timeoutMs`.
   */
  static async start(args: BotProcessArgs, opts: { cpuProfileDir?: string; timeoutMs?: number; logFile?: string } = {}): Promise<BotProcess> {
    const execArgv = ['--import', 'tsx', '--expose-gc', ...(opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfileDir}`] : [])];
    const out = opts.logFile ? openSync(opts.logFile, 'w') : 'ignore';
    const child = fork(join(import.meta.dirname, 'bot-process.ts'), [JSON.stringify(args)], {
      execArgv,
      stdio: ['ignore', out, 'inherit', 'ipc'],
    });
    if (typeof out === 'number') closeSync(out);
    const bot = new BotProcess(args.kind, child);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${args.kind} bot not ready within ${opts.timeoutMs ?? 120_000} ms`)), opts.timeoutMs ?? 120_000);
      child.on('message', (m: FromBot) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          resolve();
        }
      });
      void bot.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${args.kind} bot exited with code ${code} before it was ready`));
      });
    });
    return bot;
  }

  /** The child's process id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Event-loop utilisation since the last probe, heap and RSS (after a full GC when `gc`). */
  probe(gc = false): Promise<BotProbe> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.send({ type: 'probe', id, gc });
    });
  }

  /** Start V8's CPU profiler in the bot (see bot-process.ts). */
  startProfile(): void {
    this.send({ type: 'profile-start' });
  }

  /** Stop the profiler and write the `.cpuprofile` to `path`; resolves once written. */
  stopProfile(path: string): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.profiling.set(id, resolve);
      this.send({ type: 'profile-stop', id, path });
    });
  }

  /** Write a V8 heap snapshot (after a full GC) of the bot to `path`; resolves once written. */
  heapSnapshot(path: string): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.profiling.set(id, resolve);
      this.send({ type: 'heap-snapshot', id, path });
    });
  }

  /** Stop the bot (it flushes and disconnects) and wait for its exit; killed after 15 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.send({ type: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }

  private send(m: ToBot): void {
    if (this.child.connected) this.child.send(m);
  }
}
