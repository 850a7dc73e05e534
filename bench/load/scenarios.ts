/**
 * The board-lag scenarios (README "Benchmark"), product only, with Discord's limits on.
 * Players here make legal moves, the way a person would: whoever the game waits for opens
 * their hand from the board and clicks one of the legal actions their panel (or the board)
 * offers. Who must act and what is legal are read from the product's database with the
 * game's own engine, from outside the bot.
 *
 * - `spreadMoves`: a fixed number of moves per second, each at a random open table that
 *   has no move in progress (the issue's "20 moves/s spread across tables").
 * - `busyTable`: one 6-seat J'Accuse! table; each player acts 0.5–2 s (uniform) after it
 *   becomes their move; a finished game is followed by a new one opened with the real
 *   commands (`/jaccuse new`, Join ×5, Start).
 */
import { performance } from 'node:perf_hooks';
import { decodeCustomId } from '../../src/discord/custom-id.js';
import type { AnyGameDefinition } from '../../src/games/engine.js';
import { seatsToAct } from '../../src/games/engine.js';
import { defaultRegistry } from '../../src/games/index.js';
import type { Rng } from '../../src/games/rng.js';
import { interactiveComponents, type EmulatedMessage } from '../../src/local/emulator/index.js';
import { controlsOf, showHand, useControl, type ClickSample } from './clicks.js';
import { drain } from './ladder.js';
import { Observer, total4xx, type RestCounts } from './observe.js';
import { round, summary } from './stats.js';
import type { BenchTable, World } from './world.js';

const registry = defaultRegistry();

/** What a board-lag scenario measured. */
export interface ScenarioResult {
  name: string;
  seconds: number;
  /** Moves attempted, and accepted (answered without error). */
  moves: number;
  accepted: number;
  /** Commits (version bumps) during the scenario and its drain. */
  commits: number;
  /** Commit → the board's edit accepted by the emulator, ms. */
  boardLag: ReturnType<typeof summary>;
  /** p90 of the same, ms. */
  boardLagP90: number;
  unshown: number;
  /** Click → callback of every click of the scenario, ms. */
  latency: ReturnType<typeof summary>;
  failures: number;
  rest: RestCounts;
  drainMs: number;
  /** Open boards still behind their table once the bot had gone quiet. */
  boardsBehindAfterDrain: number;
}

/** A legal move offered to `seat`: the control to use, on which message, with which value. */
interface OfferedMove {
  message: EmulatedMessage;
  control: ReturnType<typeof controlsOf>[number];
  value?: string;
}

/** The legal moves `messages` offer for `def`'s current decision (step) and `legal` actions. */
function legalOffers(messages: EmulatedMessage[], def: AnyGameDefinition, step: number, legal: string[]): OfferedMove[] {
  const out: OfferedMove[] = [];
  const isLegal = (code: string) => {
    const action = def.decodeAction(code);
    return action !== null && action !== undefined && legal.includes(JSON.stringify(action));
  };
  for (const message of messages) {
    for (const control of controlsOf(message)) {
      const id = decodeCustomId(control.customId);
      if (!id || (id.kind !== 'game' && id.kind !== 'select') || id.step !== step) continue;
      if (id.kind === 'game' && isLegal(id.code)) out.push({ message, control });
      if (id.kind === 'select') for (const v of control.options) if (isLegal(v)) out.push({ message, control, value: v });
    }
  }
  return out;
}

/**
 * Play one legal move at `table` for `seat` (or for a random seat that must act). Returns
 * the clicks' samples, or null if nobody must act / the table is over.
 */
async function playMove(world: World, table: BenchTable, rng: Rng, observer: Observer, seat?: number): Promise<ClickSample[] | null> {
  const view = await world.db!.state(table.tableId!);
  if (!view || view.status !== 'active' || !view.state) return null;
  const def = registry.get(view.game).definition;
  const pending = def.pending(view.state);
  const toAct = seatsToAct(pending);
  const chosen = seat ?? (toAct.length ? rng.pick(toAct) : undefined);
  if (chosen === undefined || !toAct.includes(chosen)) return null;
  const user = table.players.find((p) => p.id === view.seats.get(chosen));
  if (!user) return null;
  const samples: ClickSample[] = [];
  const hand = await showHand(user, table.boardId);
  if (!hand) return null;
  samples.push(hand.sample);
  const panel = hand.message;
  if (!hand.sample.ok || !panel) return samples;
  const board = world.emu.message(table.boardId);
  const legal = def.legalActions(view.state, chosen).map((a: unknown) => JSON.stringify(a));
  const offered = legalOffers(board ? [panel, board] : [panel], def, pending.step, legal);
  if (offered.length === 0) return samples;
  const pick = rng.pick(offered);
  const move = await useControl(user, pick.message, pick.control, rng, pick.value === undefined ? undefined : [pick.value]);
  if (!move) return samples;
  samples.push(move.sample);
  if (move.sample.ok) observer.moveAnswered(table);
  return samples;
}

async function finish(
  name: string,
  observer: Observer,
  samples: ClickSample[],
  moves: { attempted: number; accepted: number },
  seconds: number,
  drained: { ms: number; boardsBehind: number },
): Promise<ScenarioResult> {
  const { commits } = await observer.finish();
  const lagSorted = [...observer.boardLags].sort((a, b) => a - b);
  return {
    name,
    seconds,
    moves: moves.attempted,
    accepted: moves.accepted,
    commits,
    boardLag: summary(observer.boardLags),
    boardLagP90: lagSorted.length ? lagSorted[Math.max(0, Math.ceil(0.9 * lagSorted.length) - 1)]! : NaN,
    unshown: observer.unshown,
    latency: summary(samples.filter((s) => s.ok).map((s) => s.latencyMs)),
    failures: samples.filter((s) => !s.ok).length + total4xx(observer.counts),
    rest: observer.counts,
    drainMs: round(drained.ms, 0),
    boardsBehindAfterDrain: drained.boardsBehind,
  };
}

/** `movesPerSecond` legal moves per second, spread over the open tables, for `seconds`. */
export async function spreadMoves(world: World, o: { movesPerSecond: number; seconds: number; rng: Rng; quietMs: number }): Promise<ScenarioResult> {
  const observer = new Observer(world);
  await observer.start();
  const samples: ClickSample[] = [];
  const busy = new Set<BenchTable>();
  const moves = { attempted: 0, accepted: 0 };
  const running: Promise<void>[] = [];
  const started = performance.now();
  const interval = 1000 / o.movesPerSecond;
  for (let k = 0; performance.now() - started < o.seconds * 1000; k++) {
    const wait = started + k * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const idle = world.tables.filter((t) => t.open && !busy.has(t));
    if (idle.length === 0) continue;
    const table = o.rng.pick(idle);
    busy.add(table);
    running.push(
      playMove(world, table, o.rng, observer).then((s) => {
        busy.delete(table);
        if (!s) return;
        moves.attempted++;
        if (s.length === 2 && s[1]!.ok) moves.accepted++;
        samples.push(...s);
      }),
    );
  }
  await Promise.all(running);
  const end = performance.now();
  const { boardsBehind } = await drain(world, observer, 120_000, o.quietMs);
  const drained = { ms: performance.now() - end, boardsBehind };
  return finish(`${o.movesPerSecond} moves/s spread across ${world.tables.length} tables`, observer, samples, moves, o.seconds, drained);
}

/**
 * The busy table: its 6 players act 0.5–2 s after it becomes their move, for `seconds`.
 * New games are opened with the real commands when one ends.
 */
export async function busyTable(world: World, o: { seconds: number; rng: Rng; quietMs: number }): Promise<ScenarioResult> {
  const table = world.busy!;
  const observer = new Observer(world);
  await observer.start();
  const samples: ClickSample[] = [];
  const moves = { attempted: 0, accepted: 0 };
  const scheduled = new Map<number, number>(); // seat → when it acts (performance.now())
  const started = performance.now();
  let games = 0;
  while (performance.now() - started < o.seconds * 1000) {
    const view = await world.db!.state(table.tableId!);
    if (!view || view.status !== 'active') {
      await openBusyTable(world, table);
      await observer.tableReplaced(table);
      scheduled.clear();
      games++;
      continue;
    }
    const def = registry.get(view.game).definition;
    const toAct = new Set(seatsToAct(def.pending(view.state)));
    for (const s of [...scheduled.keys()]) if (!toAct.has(s)) scheduled.delete(s);
    const now = performance.now();
    for (const s of toAct) if (!scheduled.has(s)) scheduled.set(s, now + o.rng.int(500, 2000));
    const due = [...scheduled.entries()].filter(([, at]) => at <= now).map(([s]) => s);
    for (const s of due) {
      scheduled.delete(s);
      const r = await playMove(world, table, o.rng, observer, s);
      if (!r) continue;
      moves.attempted++;
      if (r.length === 2 && r[1]!.ok) moves.accepted++;
      samples.push(...r);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const end = performance.now();
  const { boardsBehind } = await drain(world, observer, 120_000, o.quietMs);
  const drained = { ms: performance.now() - end, boardsBehind };
  const name = `busy 6-seat J'Accuse! table, 0.5–2 s between each player's actions${games ? ` (${games} new game(s) opened)` : ''}`;
  return finish(name, observer, samples, moves, o.seconds, drained);
}

/** Open a new 6-seat J'Accuse! table in the busy channel with the real commands. */
async function openBusyTable(world: World, table: BenchTable): Promise<void> {
  const [host, ...others] = table.players;
  const created = await host!.slash('jaccuse new', { seats: 6 }, { channelId: table.channelId });
  const lobby = created.message;
  if (!lobby) throw new Error(`/jaccuse new failed: ${JSON.stringify(created.error)}`);
  for (const p of others) {
    const joined = await p.click(lobby.id, 'Join');
    if (joined.error) throw new Error(`Join failed: ${JSON.stringify(joined.error)}`);
  }
  // The lobby is redrawn after the joins (Start is enabled once enough players sit).
  const enabled = (label: string) => () => {
    const m = world.emu.message(lobby.id);
    return m && interactiveComponents(m).some((c) => c.label === label && !c.disabled);
  };
  await world.emu.waitFor(enabled('Start'), { timeoutMs: 60_000, description: 'busy table lobby: Start enabled' });
  const started = await host!.click(lobby.id, 'Start');
  if (started.error) throw new Error(`Start failed: ${JSON.stringify(started.error)}`);
  const opened = await world.db!.openInChannel(table.channelId);
  if (!opened) throw new Error('the busy table did not open after Start');
  table.tableId = opened.id;
  // The board message id is stored once the bot posted it (polled: on PostgreSQL the database is read asynchronously).
  const waitUntil = performance.now() + 60_000;
  let boardId: string | null = null;
  while (!(boardId = (await world.db!.row(opened.id))?.boardMessageId ?? null)) {
    if (performance.now() > waitUntil) throw new Error('busy table board: not posted within 60000 ms');
    await new Promise((r) => setTimeout(r, 20));
  }
  table.boardId = boardId;
  table.open = true;
}
