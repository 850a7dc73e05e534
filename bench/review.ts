/**
 * Review benchmark (README "Review a game"): what a review step costs next to a normal panel
 * click, measured in one process at the same load (the two alternate, click by click), on the
 * SQLite store with pictures on:
 * - a panel click: one move through the table service (lock, log row, guarded update) and the
 *   clicker's new hand picture rasterised (uncached: the table moved) and drawn into the panel —
 *   the work done before the click is answered (the board's edit follows it);
 * - a review step: `loadReview` (table and seats read, the replay from the cache) and the step's
 *   pictures (the board and the reader's own hand) drawn into the review panel, stepping ◀ from
 *   the last step of a finished Suspicion game of ≥ 300 moves stored in the same database; after
 *   each answer the neighbouring steps' pictures are drawn in the background as the handler
 *   does (`prefetchNeighbours`); clicks are `gapMs` apart, as a person clicks.
 *   Both tables have 6 seats (the board and hands of the same size).
 * Also counted: `apply` calls of the whole review (every step once) against the game's length —
 * one replay, not one per step.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadReview, prefetchNeighbours, reviewStepPictures } from '../src/commands/history.js';
import { PictureMaker } from '../src/discord/pictures/index.js';
import { panelMessage } from '../src/discord/render/panel.js';
import { reviewMessage } from '../src/discord/render/review.js';
import { seatsToAct } from '../src/games/engine.js';
import { GameRegistry } from '../src/games/registry.js';
import { Rng } from '../src/games/rng.js';
import { suspicionModule } from '../src/games/suspicion/index.js';
import { en } from '../src/i18n/en/index.js';
import { silentLogger } from '../src/logger.js';
import { openDatabase } from '../src/persistence/db.js';
import { SqliteStore } from '../src/persistence/store/sqlite.js';
import { ReplayLoader } from '../src/review/load.js';
import { TableService } from '../src/tables/service.js';
import { playRandomGame } from '../test/support/random-play.js';

const GUILD = '900000000000000001';
const user = (n: number) => ({ userId: `1000000000000000${String(n).padStart(2, '0')}`, displayName: `P${n}`, canManageGuild: false });

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

/** A random finished Suspicion game of 6 seats with at least `moves` logged moves (seed search from 1). */
function longGame(moves: number) {
  const def = suspicionModule.definition;
  const options = def.optionsSchema.parse({});
  for (let seed = 1; seed < 500; seed++) {
    const played = playRandomGame(def, { seats: 6, seed, playSeed: seed, options, setupMeta: { hostSeat: 0 }, maxActions: 5000 });
    if (played.over && played.log.length >= moves) return { seed, options, played };
  }
  throw new Error(`no random game of ${moves} moves`);
}

/** `clicks` panel clicks and review steps, alternating, `gapMs` apart (a person's pace: background work of a click — the prefetch — settles before the next). */
export async function benchReview(clicks = 40, moves = 300, gapMs = 250): Promise<{ name: string; metrics: Record<string, number>; summary: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'rh-bench-review-'));
  const store = new SqliteStore(openDatabase(join(dir, 'bench.db')));
  const registry = new GameRegistry([suspicionModule]);
  const service = new TableService({ store, registry, logger: silentLogger, now: () => Date.now(), newSeed: () => 11 });
  const def = suspicionModule.definition;
  let applies = 0;
  const counted = { ...def, apply: (...args: Parameters<typeof def.apply>) => (applies++, def.apply(...args)) };
  const countingRegistry = new GameRegistry([{ ...suspicionModule, definition: counted as typeof def }]);
  const pictures = new PictureMaker();
  const app = { store, registry: countingRegistry, publisher: { pictures, replays: new ReplayLoader(store) }, logger: silentLogger } as never;
  try {
    // The finished game to review, stored as the service would have left it.
    const { seed, options, played } = longGame(moves);
    const now = Date.now();
    const finished = await store.transaction(async (tx) => {
      const t = await tx.insertTable({ guildId: GUILD, channelId: '800000000000000001', game: 'suspicion', status: 'lobby', hostUserId: user(1).userId, options, maxSeats: 6, createdAt: now, updatedAt: now });
      for (let seat = 0; seat < 6; seat++) await tx.insertSeat({ tableId: t.id, userId: user(seat + 1).userId, displayName: `P${seat + 1}`, joinedAt: now });
      for (let seat = 0; seat < 6; seat++) await tx.updateSeat(t.id, user(seat + 1).userId, { seat });
      for (const [i, entry] of played.log.entries()) await tx.appendAction({ tableId: t.id, seq: i + 1, seat: entry.seat, userId: null, kind: entry.kind, action: entry.action, at: now + i });
      return tx.updateTable(t.id, 0, { status: 'finished', seed, state: played.final, lastSeq: played.log.length, startedAt: now, endedAt: now + played.log.length });
    });
    // The table that is played, click by click.
    const players = [user(7), user(8), user(9), user(10), user(11), user(12)];
    const created = await service.lobby.createTable({ guildId: GUILD, channelId: '800000000000000002', game: 'suspicion', host: players[0]!, options: {} });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const live = created.value.table.id;
    for (const p of players.slice(1)) await service.lobby.join(live, p);
    await service.lobby.start(live, players[0]!);

    const rng = Rng.seeded(5);
    const panelMs: number[] = [];
    const reviewMs: number[] = [];
    let step = played.log.length;
    const panelClick = async () => {
      const started = performance.now();
      const table = (await store.table(live))!;
      const pending = def.pending(table.state);
      const seat = rng.pick(seatsToAct(pending));
      const row = (await store.seats(live)).find((r) => r.seat === seat)!;
      const actor = players.find((p) => p.userId === row.userId)!;
      const acted = await service.play.act(live, actor, pending.step, rng.pick(def.legalActions(table.state, seat)));
      if (!acted.ok) throw new Error(JSON.stringify(acted.error));
      const snapshot = acted.value.snapshot;
      const picture = await pictures.hand(suspicionModule, snapshot, seat, en);
      panelMessage(suspicionModule, snapshot, actor.userId, en, undefined, { picture });
      panelMs.push(performance.now() - started);
      return (await store.table(live))!.status === 'active';
    };
    const reviewStep = async () => {
      const started = performance.now();
      const loaded = await loadReview(app, finished.id, GUILD, en);
      if (!loaded.ok) throw new Error(loaded.text);
      const input = { table: loaded.table, seats: loaded.seats, replay: loaded.replay, step, view: { kind: 'seat' as const, seat: 0 }, viewerSeat: 0, over: true };
      const drawn = await reviewStepPictures(app, suspicionModule, input, en);
      if (!drawn) throw new Error('no review pictures');
      reviewMessage(suspicionModule, input, en, { pictures: drawn });
      reviewMs.push(performance.now() - started);
      // As the handler does once it has answered (src/commands/history.ts).
      prefetchNeighbours(app, suspicionModule, input, en);
      step = step > 0 ? step - 1 : played.log.length;
    };
    // Warm-up: the replay is built and cached once, the code paths compiled.
    await reviewStep();
    await panelClick();
    const firstReviewMs = reviewMs.shift()!;
    panelMs.shift();
    const idle = () => new Promise((resolve) => setTimeout(resolve, gapMs));
    for (let i = 0; i < clicks; i++) {
      if (!(await panelClick())) break;
      await idle();
      await reviewStep();
      await idle();
    }
    // Jumps (⏮, ⏭, a view change): steps whose pictures are not cached, against panel clicks.
    const jumpMs: number[] = [];
    const jumpPanelMs: number[] = [];
    for (let i = 0; i < Math.min(10, clicks); i++) {
      if (!(await panelClick())) break;
      jumpPanelMs.push(panelMs.pop()!);
      await idle();
      step = 3 + ((i * 37) % (played.log.length - 100));
      const beforeReview = reviewMs.length;
      await reviewStep();
      jumpMs.push(reviewMs.splice(beforeReview, 1)[0]!);
      await idle();
    }
    jumpMs.sort((a, b) => a - b);
    jumpPanelMs.sort((a, b) => a - b);
    // Every step of the whole game once more: still the one replay built by the first step.
    for (let s = 0; s <= played.log.length; s += 1) {
      const loaded = await loadReview(app, finished.id, GUILD, en);
      if (!loaded.ok) throw new Error(loaded.text);
    }
    const appliesWholeReview = applies;
    panelMs.sort((a, b) => a - b);
    reviewMs.sort((a, b) => a - b);
    const r1 = (x: number) => Math.round(x * 10) / 10;
    const metrics: Record<string, number> = {
      moves: played.log.length,
      pairs: reviewMs.length,
      'panelClick.p50Ms': r1(quantile(panelMs, 0.5)),
      'panelClick.p95Ms': r1(quantile(panelMs, 0.95)),
      'reviewStep.p50Ms': r1(quantile(reviewMs, 0.5)),
      'reviewStep.p95Ms': r1(quantile(reviewMs, 0.95)),
      'ratio.p50': Math.round((quantile(reviewMs, 0.5) / quantile(panelMs, 0.5)) * 100) / 100,
      'ratio.p95': Math.round((quantile(reviewMs, 0.95) / quantile(panelMs, 0.95)) * 100) / 100,
      firstReviewMs: r1(firstReviewMs),
      'jumpStep.p50Ms': r1(quantile(jumpMs, 0.5)),
      'jumpPanelClick.p50Ms': r1(quantile(jumpPanelMs, 0.5)),
      'jumpRatio.p50': Math.round((quantile(jumpMs, 0.5) / quantile(jumpPanelMs, 0.5)) * 100) / 100,
      jumps: jumpMs.length,
      appliesWholeReview,
    };
    const summary = [
      `panel click (move + hand picture): p50 ${metrics['panelClick.p50Ms']} ms, p95 ${metrics['panelClick.p95Ms']} ms`,
      `review step (load + board and hand pictures): p50 ${metrics['reviewStep.p50Ms']} ms, p95 ${metrics['reviewStep.p95Ms']} ms — ${metrics['ratio.p50']}× / ${metrics['ratio.p95']}× a panel click (target ≤ 1.5×), ${metrics.pairs} pairs`,
      `review step to an uncached step (jump; no prefetch helps): p50 ${r1(quantile(jumpMs, 0.5))} ms against a panel click's p50 ${r1(quantile(jumpPanelMs, 0.5))} ms — ${Math.round((quantile(jumpMs, 0.5) / quantile(jumpPanelMs, 0.5)) * 100) / 100}× (${jumpMs.length} pairs)`,
      `first review step of the ${metrics.moves}-move game (replay built): ${metrics.firstReviewMs} ms; every step reviewed (${reviewMs.length + 1} drawn + all ${played.log.length + 1} loaded): ${appliesWholeReview} apply calls in all (one replay = ${metrics.moves})`,
    ];
      metrics.gapMs = gapMs;
    return { name: 'Review: a step against a panel click, same load', metrics, summary: summary.join('\n') };
  } finally {
    await service.deadlines.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/review.ts [clicks]` runs this part alone.
if (process.argv[1]?.endsWith('review.ts')) {
  const { loadavg } = await import('node:os');
  const before = loadavg();
  const result = await benchReview(Number(process.argv[2] ?? 40), 300, Number(process.argv[3] ?? 250));
  process.stdout.write(`${result.name}\n${result.summary}\nload average before ${before.map((x) => x.toFixed(2)).join(' ')}, after ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n${JSON.stringify(result.metrics)}\n`);
}
