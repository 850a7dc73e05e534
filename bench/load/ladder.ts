/**
 * One rung of the open-loop rate ladder: clicks offered at a fixed rate for a fixed time,
 * whatever the bot's answers (open loop), then the drain until everything has settled.
 *
 * A click is one interaction. Sessions start evenly spaced at rate / 2 per second; each is
 * a random player of a random open table clicking "Show my hand" on its board and, as soon
 * as the panel arrives, a random enabled control of that panel but its look switch (a select
 * gets random options). A session whose first click failed has no second click.
 */
import { performance } from 'node:perf_hooks';
import type { Rng } from '../../src/games/rng.js';
import { controlsOf, showHand, useControl, type ClickSample } from './clicks.js';
import { Observer, total4xx, totalOf, type RestCounts } from './observe.js';
import { REQUEST_KINDS, type RequestKind } from '../../src/local/emulator/index.js';
import { median, ratio, round, summary } from './stats.js';
import { boardsBehind, type BenchTable, type World } from './world.js';
import type { RenderStats } from './render-watch.js';
import { decodeCustomId } from '../../src/discord/custom-id.js';

/** The measured outcome of one rung. */
export interface RungResult {
  bot: 'product' | 'echo';
  /** Offered interactions per second. */
  offeredPerSecond: number;
  seconds: number;
  /** Interactions dispatched, answered in time without error, and answered per second of the rung. */
  dispatched: number;
  answered: number;
  achievedPerSecond: number;
  /** Click → callback latency of answered clicks, ms (all clicks, and by kind; clicks.ts `latencyMs`). */
  latency: ReturnType<typeof summary>;
  /**
   * Click → answer visible, ms, answered clicks (clicks.ts `visibleMs`; since 2026-12-07): the
   * headline figure — a click counts until its user sees its answer — and by kind.
   */
  latencyVisible: ReturnType<typeof summary>;
  latencyControlVisible: ReturnType<typeof summary>;
  /** Clicks on a panel answered with a deferred update and shown later (an edit or a follow-up). */
  controlShownLater: number;
  /**
   * Answers that were the product's panels (Components V2), and how many of them showed a
   * picture (the rest: the text version — refused by the render queue, or asked for).
   */
  panelAnswers: number;
  panelAnswersWithPicture: number;
  /** "Show my hand": click → panel visible, ms (clicks.ts `visibleMs`; a late panel never filled in is left out). */
  latencyHand: ReturnType<typeof summary>;
  latencyControl: ReturnType<typeof summary>;
  /**
   * "Show my hand" clicks answered with a deferred update of the board and the panel as a
   * follow-up (lending the click's token to the board, docs/rate-limit.md), and their latency
   * until the panel was visible, ms; the rest of `latencyHand` were answered with the panel at once.
   */
  handDeferred: number;
  latencyHandDeferred: ReturnType<typeof summary>;
  latencyHandDirect: ReturnType<typeof summary>;
  /** No answer within 3 s (the user sees "This interaction failed"). */
  unanswered: number;
  /** Answers the emulator refused (e.g. invalid body), by `status/code`. */
  refused: Record<string, number>;
  /** 4xx (not 429) answered to any of the bot's requests during the rung and its drain. */
  http4xx: number;
  /** Every failure: unanswered + refused + other 4xx (late callbacks are both unanswered and a 4xx: counted once). */
  failures: number;
  rest: RestCounts;
  /** Committed changes (product: table version bumps) during the rung and drain. */
  commits: number;
  /** Per committed change: board edits, panel (interaction-webhook) requests, pings. */
  perCommit: { boardEdits: number; panelRequests: number; pings: number };
  /**
   * Requests on routes bound to Discord's global 50/s (every route but the interaction routes),
   * per committed change and per answered click: in all, and by kind (src/local/emulator/request-kinds.ts).
   */
  globalPerCommit: PerKind;
  globalPerClick: PerKind;
  /** The same on interaction routes (outside the global limit), per committed change. */
  interactionPerCommit: PerKind;
  /** Committed changes per second of the offered load (bot-wide moves/s). */
  commitsPerSecond: number;
  /** Commit → board edit accepted, ms (product only). */
  boardLag: ReturnType<typeof summary> | null;
  /** Commits no board edit showed by the end of the drain. */
  unshown: number;
  /** From the end of the offered load until the bot was quiet and every board current, ms. */
  drainMs: number;
  /** Open boards still behind their table once the bot had gone quiet (never caught up). */
  boardsBehindAfterDrain: number;
  /**
   * From the end of the offered load until a probe click ("Show my hand", one per second)
   * was answered in time again, ms; null if none was within the probe timeout.
   */
  responsiveAfterMs: number | null;
  /** Bytes of the bot's answers (median). */
  answerBytesMedian: number;
  /** Event-loop utilisation during the offered load: bot process, and the emulator + load generator process. */
  botElu: number;
  generatorElu: number;
  /**
   * CPU of the bot process during the offered load, in cores (CPU seconds per second): every
   * thread (the product's render workers and AI players' pool included), and its main thread
   * alone (null where not measurable).
   */
  botCpuCores: number;
  botMainCpuCores: number | null;
  /** The product's renders during the offered load (render-watch.ts); absent for the echo bot. */
  renders?: RenderStats;
  /** How late sessions started against their schedule (p99, ms): the load generator's own lag. */
  generatorLagP99Ms: number;
  /** Tables still open at the end. */
  openTables: number;
}

/** Requests per unit, in all and by kind. */
export type PerKind = { total: number } & Record<RequestKind, number>;

function perKind(counts: Record<RequestKind, number>, units: number): PerKind {
  const per = (n: number) => (units > 0 ? round(n / units, 3) : NaN);
  return { total: per(totalOf(counts)), ...(Object.fromEntries(REQUEST_KINDS.map((k) => [k, per(counts[k])])) as Record<RequestKind, number>) };
}

/** Options of `runRung`. */
export interface RungOptions {
  /** Offered interactions per second. */
  rate: number;
  seconds: number;
  rng: Rng;
  /** Give up draining after this long, ms (default 15 min: an overloaded bot works through its backlog). */
  drainTimeoutMs?: number;
  /** The bot counts as quiet after this long without a request, ms (default 1000). */
  quietMs?: number;
  /**
   * `each`: one session per open table, in order, then stop (the warm-up pass: every table
   * clicked once); default `random`: random tables for `seconds`.
   */
  tables?: 'random' | 'each';
  /** Give up waiting for the bot to answer a probe click again after this long, ms (default 5 min). */
  probeTimeoutMs?: number;
  /** Called once the offered load is over and every session has its answers (before the drain). */
  afterLoad?: () => Promise<void>;
  /** Panel clicks may pick 💡 Hint too (BenchSettings `hints`; default: not). */
  hints?: boolean;
}

/** Run one rung against `world` and measure it. */
export async function runRung(world: World, o: RungOptions): Promise<RungResult> {
  const samples: ClickSample[] = [];
  const lags: number[] = [];
  const observer = new Observer(world);
  const open = () => world.tables.filter((t) => t.open);
  await observer.start();
  await world.bot.probe(); // resets the bot's utilisation window
  const eluStart = performance.eventLoopUtilization();
  const sessions: Promise<void>[] = [];
  const intervalMs = 2000 / o.rate;
  const started = performance.now();
  const each = o.tables === 'each' ? open() : null;
  const endAt = started + (each ? each.length * intervalMs : o.seconds * 1000);
  await new Promise<void>((resolve) => {
    let next = started;
    const tick = () => {
      const now = performance.now();
      const openNow = each ? [] : open();
      const done = () => next >= endAt || (each !== null && sessions.length >= each.length);
      while (next <= now && !done()) {
        lags.push(now - next);
        sessions.push(session(world, o.rng, samples, observer, each ? [each[sessions.length]!] : openNow, o.hints === true));
        next += intervalMs;
      }
      if (done()) resolve();
      else setTimeout(tick, Math.max(0, next - performance.now()));
    };
    tick();
  });
  const botProbe = await world.bot.probe();
  const botElu = botProbe.elu;
  const generatorElu = performance.eventLoopUtilization(eluStart).utilization;
  const offeredEnd = performance.now();
  const loadSeconds = (offeredEnd - started) / 1000;
  await Promise.all(sessions);
  const lastAnswer = performance.now();
  await o.afterLoad?.();
  const { boardsBehind: behindAfterDrain } = await drain(world, observer, o.drainTimeoutMs ?? 900_000, o.quietMs ?? 1000);
  const drainMs = performance.now() - offeredEnd;
  const responsiveAt = await responsive(world, o.rng, o.probeTimeoutMs ?? 300_000);
  const responsiveAfterMs = responsiveAt === null ? null : round(responsiveAt - offeredEnd, 0);
  const { commits } = await observer.finish();

  const ok = samples.filter((s) => s.ok);
  const refused: Record<string, number> = {};
  for (const s of samples) if (!s.ok && s.failure !== 'timeout') refused[s.failure!] = (refused[s.failure!] ?? 0) + 1;
  const unanswered = samples.filter((s) => s.failure === 'timeout').length;
  const rest = observer.counts;
  // A late callback (after 3 s) is the same failure as the timeout the user saw.
  const late = rest.http4xx['POST /interactions/:interaction/:token/callback → 404'] ?? 0;
  const http4xx = total4xx(rest);
  const per = (n: number) => (commits > 0 ? round(n / commits, 2) : NaN);
  return {
    bot: world.kind,
    offeredPerSecond: o.rate,
    seconds: round((endAt - started) / 1000, 1),
    dispatched: samples.length,
    answered: ok.length,
    achievedPerSecond: round(ok.length / ((Math.max(lastAnswer, offeredEnd) - started) / 1000), 1),
    latency: summary(ok.map((s) => s.latencyMs)),
    latencyVisible: summary(ok.flatMap((s) => (s.visibleMs === undefined ? [] : [s.visibleMs]))),
    latencyControlVisible: summary(ok.flatMap((s) => (s.kind === 'control' && s.visibleMs !== undefined ? [s.visibleMs] : []))),
    controlShownLater: ok.filter((s) => s.shownLater).length,
    panelAnswers: ok.filter((s) => s.picture !== undefined).length,
    panelAnswersWithPicture: ok.filter((s) => s.picture === true).length,
    latencyHand: summary(ok.flatMap((s) => (s.kind === 'hand' && s.visibleMs !== undefined ? [s.visibleMs] : []))),
    latencyControl: summary(ok.filter((s) => s.kind === 'control').map((s) => s.latencyMs)),
    handDeferred: ok.filter((s) => s.kind === 'hand' && s.deferred).length,
    latencyHandDeferred: summary(ok.flatMap((s) => (s.kind === 'hand' && s.deferred && s.visibleMs !== undefined ? [s.visibleMs] : []))),
    latencyHandDirect: summary(ok.flatMap((s) => (s.kind === 'hand' && !s.deferred && s.visibleMs !== undefined ? [s.visibleMs] : []))),
    unanswered,
    refused,
    http4xx,
    failures: unanswered + Object.values(refused).reduce((a, b) => a + b, 0) + Math.max(0, http4xx - Math.min(late, unanswered)),
    rest,
    commits,
    perCommit: { boardEdits: per(rest.boardEdits), panelRequests: per(rest.panelRequests), pings: per(rest.pings) },
    globalPerCommit: perKind(rest.globalByKind, commits),
    globalPerClick: perKind(rest.globalByKind, ok.length),
    interactionPerCommit: perKind(rest.interactionByKind, commits),
    commitsPerSecond: round(commits / ((endAt - started) / 1000), 1),
    boardLag: world.db ? summary(observer.boardLags) : null,
    unshown: observer.unshown,
    drainMs: round(drainMs, 0),
    boardsBehindAfterDrain: behindAfterDrain,
    responsiveAfterMs,
    answerBytesMedian: median(ok.flatMap((s) => (s.answerBytes === undefined ? [] : [s.answerBytes]))),
    botElu: round(botElu, 2),
    generatorElu: round(generatorElu, 2),
    botCpuCores: round(botProbe.cpuMs / 1000 / loadSeconds, 2),
    botMainCpuCores: botProbe.mainCpuMs === null ? null : round(botProbe.mainCpuMs / 1000 / loadSeconds, 2),
    ...(botProbe.renders ? { renders: botProbe.renders } : {}),
    generatorLagP99Ms: summary(lags).p99,
    openTables: open().length,
  };
}

/**
 * The panel's 📝 Text version / 🖼️ Pictures switch (src/discord/render/panel.ts): not a control
 * a session clicks (since 2026-12-07). It changes the player's look for good (stored per user),
 * and a player who is not to move sees only Refresh, this switch and ❔ Why: before, ≈ 35 % of
 * the control clicks of a run switched their player to text (394 of ≈ 1,100 in
 * bench-2026-12-07-load-200-i38-before-pictures), so the "product with pictures" drew fewer and
 * fewer pictures as the run went on.
 */
export function isLookSwitch(customId: string): boolean {
  const id = decodeCustomId(customId);
  return id?.kind === 'table' && (id.verb === 'text-version' || id.verb === 'pictures');
}

/** 💡 Hint (a Hard search on the AI players' pool: seconds by design), left out of the load's clicks unless `--hints`. */
export function isHint(customId: string): boolean {
  const id = decodeCustomId(customId);
  return id?.kind === 'table' && id.verb === 'hint';
}

/** One session: "Show my hand", then a random control of the panel (the look switch aside: `isLookSwitch`; 💡 Hint only with `hints`). */
async function session(world: World, rng: Rng, samples: ClickSample[], observer: Observer, open: BenchTable[], hints: boolean): Promise<void> {
  for (let attempt = 0; attempt < 5 && open.length > 0; attempt++) {
    const table = rng.pick(open);
    const user = rng.pick(table.players);
    const hand = await showHand(user, table.boardId);
    if (!hand) {
      table.open = false;
      continue;
    }
    samples.push(hand.sample);
    const panel = hand.message;
    if (!hand.sample.ok || !panel) return;
    const controls = controlsOf(panel).filter((c) => !isLookSwitch(c.customId) && (hints || !isHint(c.customId)));
    if (controls.length === 0) return;
    const control = await useControl(user, panel, rng.pick(controls), rng);
    if (!control) return;
    samples.push(control.sample);
    if (control.sample.ok) observer.moveAnswered(table);
    return;
  }
}

/**
 * Probe clicks ("Show my hand" on a random open table), one at a time, at most one per
 * second, until one is answered in time; resolves with that moment (performance.now()), or
 * null after `timeoutMs`.
 */
async function responsive(world: World, rng: Rng, timeoutMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const open = world.tables.filter((t) => t.open);
    if (open.length === 0) return null;
    const table = rng.pick(open);
    const sent = performance.now();
    const probe = await showHand(rng.pick(table.players), table.boardId);
    if (probe?.sample.ok) return performance.now();
    const wait = 1000 - (performance.now() - sent);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return null;
}

/** How long a quiet bot may keep boards behind before the drain gives up on them, ms. */
export const STALE_BOARD_PATIENCE_MS = 10_000;

/**
 * Wait until the bot is quiet (no request for `quietMs`) and, for the product, every open
 * board shows its table's latest version and its publisher has nothing left to do (pings,
 * clean-ups and delayed edits included: a quiet second is not proof of that). A bot that stays quiet for
 * `STALE_BOARD_PATIENCE_MS` with boards still behind will not update them by itself: the
 * drain ends and returns how many are behind. Gives up after `timeoutMs`.
 */
export async function drain(world: World, observer: Observer, timeoutMs: number, quietMs: number): Promise<{ boardsBehind: number }> {
  const started = performance.now();
  for (;;) {
    const silent = Date.now() - observer.lastRequestAt;
    const behind = world.db ? await boardsBehind(world.db) : 0;
    if (silent > quietMs && behind === 0 && (await world.bot.probe()).pending === 0) return { boardsBehind: 0 };
    if (silent > Math.max(quietMs, STALE_BOARD_PATIENCE_MS) || performance.now() - started > timeoutMs) return { boardsBehind: behind };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Product-to-echo ratios at one offered rate. */
export interface Ratios {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  achieved: number;
  /** The same ratios of click → answer visible (`latencyVisible`; the echo bot's answers are visible at their callback). */
  visible: { p50: number; p95: number; p99: number; max: number };
}

/** Ratios of the product to the echo bot at the same offered rate (click → callback, and click → answer visible). */
export function ratios(product: RungResult, echo: RungResult): Ratios {
  const v = (k: 'p50' | 'p95' | 'p99' | 'max') => ratio(product.latencyVisible[k], echo.latencyVisible[k]);
  return {
    p50: ratio(product.latency.p50, echo.latency.p50),
    p95: ratio(product.latency.p95, echo.latency.p95),
    p99: ratio(product.latency.p99, echo.latency.p99),
    max: ratio(product.latency.max, echo.latency.max),
    achieved: ratio(product.achievedPerSecond, echo.achievedPerSecond),
    visible: { p50: v('p50'), p95: v('p95'), p99: v('p99'), max: v('max') },
  };
}
