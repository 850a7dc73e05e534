/**
 * The short human-readable table printed after `npm run bench` (the JSON file has everything).
 */
import type { BenchResults } from './run-results.js';
import type { Ratios, RungResult } from './load/ladder.js';

const pad = (s: string | number, n: number) => String(s).padStart(n);
/** A figure in ms; '–' for none (NaN, or null: a NaN that went through JSON from a world's process). */
const ms = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? '–' : x >= 100 ? String(Math.round(x)) : x.toFixed(1));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const num = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? '–' : String(x));

/** A bot's name in the tables: `text` is the product with every board and panel as text (`textBeside`). */
const botName = (r: RungResult, text = false) => (text ? 'text' : r.bot);

/** Share of the product's panel answers that showed a picture ("–": no panel answers, e.g. the echo bot). */
function pictureShare(r: RungResult): string {
  if (!r.panelAnswers) return '–';
  return `${Math.round((100 * r.panelAnswersWithPicture) / r.panelAnswers)} %`;
}

function rungLine(rate: number | '', r: RungResult, ratio?: Ratios, text = false): string {
  // Runs written before 2026-12-07 have no click → answer visible: their callback figures stand in.
  const v = r.latencyVisible ?? r.latency;
  const lag = r.boardLag && r.boardLag.n ? `${ms(r.boardLag.p50)} / ${ms(r.boardLag.p99)}` : '–';
  const per = r.bot === 'product' ? `${num(r.perCommit.boardEdits)} / ${num(r.perCommit.panelRequests)} / ${num(r.perCommit.pings)}` : '–';
  const x = ratio ? (ratio.visible ?? ratio) : undefined;
  return [
    pad(rate, 7),
    botName(r, text).padEnd(7),
    pad(r.achievedPerSecond, 8),
    `${pad(ms(v.p50), 6)} ${pad(ms(v.p95), 6)} ${pad(ms(v.p99), 6)} ${pad(ms(v.max), 6)}`,
    pad(x ? `${num(x.p50)} / ${num(x.p99)}` : '', 13),
    pad(`${ms(r.latency.p50)} / ${ms(r.latency.p99)}`, 13),
    pad(pictureShare(r), 8),
    pad(r.failures, 6),
    pad(lag, 13),
    pad(per, 16),
    pad(r.rest.rateLimitedGlobal + r.rest.rateLimitedUser, 5),
    pad(`${r.botElu.toFixed(2)}/${r.generatorElu.toFixed(2)}`, 9),
    pad(r.botCpuCores === undefined ? '–' : `${r.botCpuCores.toFixed(2)}/${r.botMainCpuCores === null ? '–' : r.botMainCpuCores.toFixed(2)}`, 9),
    pad((r.drainMs / 1000).toFixed(1), 6),
  ].join(' │ ');
}

/**
 * The product's pictures during each rung's offered load (render-watch.ts): renders by kind
 * with their wait in the render queue, the renders refused (answered with the text version),
 * and each render's time on the worker — wall and the worker thread's CPU — with the render
 * cores used and pictures per second per core of CPU.
 */
function renderRows(res: BenchResults): string[] {
  const rungs = (res.ladder ?? []).filter((r) => r.product.renders);
  if (!rungs.length) return [];
  const out = ['', '## Pictures under load (the product, during the offered load; render queue → render worker)'];
  out.push('offered │ renders: hand on a click / hand of another seat / board │ queue wait p50 / p99 ms: click hand │ other hand │ board │ refused (text sent): click hand │ other │ board │ worker ms per picture p50 / p99: wall │ CPU │ render cores │ pictures/s per core │ pieces new per picture │ strips new');
  for (const { rate, product: p } of rungs) {
    const r = p.renders!;
    const k = r.byKind;
    const wait = (x: typeof k.board) => `${ms(x.waitMs.p50)} / ${ms(x.waitMs.p99)}`;
    const refused = (x: typeof k.board) => Object.entries(x.refused).map(([why, n]) => `${n} ${why}`).join(', ') || '0';
    const cpuSeconds = r.workerCpuTotalMs / 1000;
    out.push(
      [
        pad(rate, 7),
        pad(`${k.handOnClick.done} / ${k.handRefresh.done} / ${k.board.done}`, 52),
        pad(wait(k.handOnClick), 35),
        pad(wait(k.handRefresh), 10),
        pad(wait(k.board), 5),
        pad(refused(k.handOnClick), 30),
        pad(refused(k.handRefresh), 5),
        pad(refused(k.board), 5),
        pad(`${ms(r.workerWallMs.p50)} / ${ms(r.workerWallMs.p99)}`, 39),
        pad(`${ms(r.workerCpuMs.p50)} / ${ms(r.workerCpuMs.p99)}`, 3),
        pad((cpuSeconds / p.seconds).toFixed(2), 12),
        pad(cpuSeconds > 0 ? (r.workerCpuMs.n / cpuSeconds).toFixed(0) : '–', 19),
        pad(num(r.piecesRasterisedPerRender), 22),
        pad(Number.isNaN(r.stripsEncodedShare) ? '–' : `${Math.round(r.stripsEncodedShare * 100)} %`, 10),
      ].join(' │ '),
    );
  }
  out.push("(click hand: a click's answer waits for it, 2-s deadline; other hand: another seat's open panel redrawn after a move; boards go before every hand in the queue. CPU: the worker thread's own, /proc/thread-self/schedstat)");
  return out;
}

/**
 * Issue 38's load rows: at 200 clicks/s, the product with pictures and with text boards
 * against the echo bot of the same run, click → answer visible.
 */
function targetRows(res: BenchResults): string[] {
  const at = res.ladder?.find((r) => r.rate === 200);
  if (!at) return [];
  const line = (name: string, r: RungResult, x: Ratios | undefined) => {
    const v = x?.visible ?? x;
    return `${name}: p50 ${ms((r.latencyVisible ?? r.latency).p50)} / p99 ${ms((r.latencyVisible ?? r.latency).p99)} ms = ${num(v?.p50 ?? NaN)}× / ${num(v?.p99 ?? NaN)}× echo (targets ≤ 1.5× / ≤ 3×: ${v && v.p50 <= 1.5 && v.p99 <= 3 && r.failures === 0 ? 'met' : 'missed'}); ${r.failures} fails; ${pictureShare(r)} of its panels with a picture`;
  };
  const out = ['', `## 200 clicks/s over ${res.settings.tables} tables, click → answer visible (echo p50 ${ms((at.echo.latencyVisible ?? at.echo.latency).p50)} / p99 ${ms((at.echo.latencyVisible ?? at.echo.latency).p99)} ms)`];
  out.push(line(res.settings.textBoards ? 'product (--text-boards)' : 'product with pictures', at.product, at.ratios));
  if (at.text) out.push(line('product with text boards, same run', at.text, at.textRatios));
  return out;
}

/**
 * Per rate and bot: requests on routes bound to the global 50/s, per committed move (in all and
 * by kind) and per answered click; pings sent through interaction routes; and the bot-wide
 * moves/s at which every board was current within 1 s (board lag p99 ≤ 1 s).
 */
function requestRows(res: BenchResults): string[] {
  if (!res.ladder) return [];
  const out = ['', '## Global-route requests (bound to the 50/s limit) per committed move, by kind; per answered click; pings on interaction routes (outside it)'];
  out.push('offered │ bot     │ moves/s │ per move: all │ board │ lobby │ ping post/edit/delete │ clean-up │ other │ per click │ interaction-route pings/move │ board lag p50 / p99 ms');
  const line = (rate: number | '', r: RungResult) => {
    const g = r.globalPerCommit;
    const i = r.interactionPerCommit;
    const lag = r.boardLag && r.boardLag.n ? `${ms(r.boardLag.p50)} / ${ms(r.boardLag.p99)}` : '–';
    return [
      pad(rate, 7),
      r.bot.padEnd(7),
      pad(num(r.commitsPerSecond), 7),
      pad(num(g.total), 13),
      pad(num(g.board), 5),
      pad(num(g.lobby), 5),
      pad(`${num(g['ping-post'])} / ${num(g['ping-edit'])} / ${num(g['ping-delete'])}`, 21),
      pad(num(g['clean-up']), 8),
      pad(num(g.other), 5),
      pad(num(r.globalPerClick.total), 9),
      pad(`${num(i['ping-post'])} / ${num(i['ping-edit'])} / ${num(i['ping-delete'])}`, 28),
      pad(lag, 14),
    ].join(' │ ');
  };
  for (const r of res.ladder) {
    out.push(line(r.rate, r.echo));
    out.push(line('', r.product));
  }
  const current = res.ladder.filter((r) => r.product.boardLag && r.product.boardLag.n > 0 && r.product.boardLag.p99 <= 1000 && r.product.boardsBehindAfterDrain === 0);
  const best = current.sort((a, b) => b.product.commitsPerSecond - a.product.commitsPerSecond)[0];
  out.push(best ? `bot-wide moves/s with every board current within 1 s (board lag p99 ≤ 1 s): ${best.product.commitsPerSecond} (at ${best.rate} clicks/s)` : 'bot-wide moves/s with every board current within 1 s: no rung had board lag p99 ≤ 1 s');
  const drains = res.ladder.map((r) => `${(r.product.drainMs / 1000).toFixed(1)} s after ${r.rate}/s`);
  out.push(`every product board current (and the bot quiet) ${drains.join(', ')}`);
  for (const r of res.ladder) {
    const p = r.product;
    if (p.handDeferred === undefined) continue;
    out.push(
      `"Show my hand" at ${r.rate}/s, until the panel is visible: ${p.handDeferred} of ${p.latencyHand.n} answered with a deferred update + the panel as a follow-up (lending the board a token), p50 / p99 ${ms(p.latencyHandDeferred.p50)} / ${ms(p.latencyHandDeferred.p99)} ms; the others (the panel as the reply, or a late click's "thinking…" reply filled in), ${ms(p.latencyHandDirect.p50)} / ${ms(p.latencyHandDirect.p99)} ms; echo ${ms(r.echo.latencyHand.p50)} / ${ms(r.echo.latencyHand.p99)} ms`,
    );
  }
  return out;
}

/** The report text. */
export function printReport(res: BenchResults): string {
  const out: string[] = [];
  const s = res.settings;
  out.push(`\nRed Herring benchmark — ${res.date}, Node ${res.node}, ${res.machine.cpus} × ${res.machine.model}`);
  out.push(`load average before ${res.machine.loadAverageBefore.join(' ')}, after ${res.machine.loadAverageAfter.join(' ')} (a shared machine: read ratios and medians, not absolutes)`);
  if (res.ladder) {
    out.push(`\n## Open-loop load: ${s.tables} tables (4 games), ${s.seconds} s per rate, the product on ${s.backend === 'postgres' ? 'PostgreSQL (a local throwaway server, durable)' : 'SQLite'}${s.textBoards ? ', every board and panel as text (--text-boards: no pictures)' : ''}; panel clicks ${s.hints ? 'include' : 'leave out'} 💡 Hint (--hints); emulator limits: ${res.limits}`);
    out.push('offered │ bot     │ answer/s │ click → answer visible ms:  │ ×echo         │ callback ms   │ pictures │ fails │ board lag ms  │ per commit:      │ 429s │ ELU       │ CPU cores │ drain');
    out.push('  /s    │         │          │    p50    p95    p99    max │ p50 / p99     │ p50 / p99     │ of panels │      │   p50 / p99   │ board/panel/ping │      │ bot/gen   │ bot/main  │  s');
    for (const r of res.ladder) {
      out.push(rungLine(r.rate, r.echo));
      out.push(rungLine('', r.product, r.ratios));
      if (r.text) out.push(rungLine('', r.text, r.textRatios, true));
    }
    out.push('(visible: until the user sees the answer — a deferred update until the panel is edited or followed up, a "thinking…" reply until filled in; callback: the first answer. text = the product with every board and panel as text, same run. CPU cores: the bot process, all threads / its main thread)');
    if (res.ladderStopped) out.push(`ladder stopped ${res.ladderStopped}`);
    if (res.refined?.length) {
      out.push('refining rungs (√2 above a bot\'s highest passing rate, whose next rate failed):');
      for (const r of res.refined) out.push(rungLine(r.rate, r.result));
    }
    const slow = res.ladder.filter((r) => r.product.responsiveAfterMs === null || r.product.responsiveAfterMs > 5000);
    if (slow.length) out.push(`product answered a probe click again only ${slow.map((r) => `${r.product.responsiveAfterMs === null ? 'never (5 min)' : `${(r.product.responsiveAfterMs / 1000).toFixed(0)} s`} after the ${r.rate}/s load`).join(', ')}`);
    const stale = res.ladder.filter((r) => r.product.boardsBehindAfterDrain > 0).map((r) => `${r.product.boardsBehindAfterDrain} after ${r.rate}/s`);
    if (stale.length) out.push(`product boards left behind their table once it had gone quiet (never caught up): ${stale.join(', ')}`);
    const h = res.highestRateP99Under100;
    if (h) out.push(`highest offered rate with p99 ≤ 100 ms and no failure: echo ${h.echo ?? 'none'}/s, product ${h.product ?? 'none'}/s (product/echo ${num(h.ratio)})`);
    out.push(...targetRows(res));
    out.push(...renderRows(res));
    out.push(...requestRows(res));
    if (res.warmUp) {
      const w = res.warmUp;
      const vis = (r: RungResult) => ms((r.latencyVisible ?? r.latency).p50);
      out.push(`warm-up (every table clicked once at ${s.warmUpRate}/s), click → answer visible p50: echo ${vis(w.echo)} ms, product ${vis(w.product)} ms${w.text ? `, text boards ${vis(w.text)} ms` : ''}; answer size median echo ${w.echo.answerBytesMedian} B, product ${w.product.answerBytesMedian} B`);
    }
  }
  if (res.memory) {
    const m = res.memory;
    out.push(`heap per open table, warm (every table clicked): ${kb(m.heapBytesPerOpenTableWarm)} (${(m.productHeapBytes / 2 ** 20).toFixed(1)} MB with ${m.tables} tables vs ${(m.baselineHeapBytes / 2 ** 20).toFixed(1)} MB with ${m.baselineTables})` +
      (m.heapBytesPerOpenTableWarmNoCode !== undefined ? `; without compiled code ${kb(m.heapBytesPerOpenTableWarmNoCode)} (code ${(m.productCodeBytes / 2 ** 20).toFixed(1)} vs ${(m.baselineCodeBytes / 2 ** 20).toFixed(1)} MB: the JIT's, not the tables')` : ''));
    const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
    if (m.pictureCacheBoundBytes !== undefined) {
      out.push(
        `  plus the caches, outside that heap figure (PNGs and rasters are Buffers): picture cache ${mb(m.productPictureCacheBytes ?? NaN)} in use (${mb(m.baselinePictureCacheBytes ?? NaN)} with ${m.baselineTables} tables; bound ${mb(m.pictureCacheBoundBytes)}), ` +
          `piece + strip caches bound ${mb(m.pieceCacheBoundBytes!)} + ${mb(m.stripCacheBoundBytes!)} in each of ${m.renderWorkers} render worker(s); RSS per open table ${m.rssBytesPerOpenTable === undefined ? '–' : kb(m.rssBytesPerOpenTable)} (everything)`,
      );
    }
  }
  if (res.scenarios) {
    out.push('\n## Board lag under the limits (commit → board edit accepted)');
    for (const sc of res.scenarios) {
      const b = sc.boardLag;
      out.push(`${sc.name}, ${sc.seconds} s: ${sc.accepted}/${sc.moves} moves accepted, ${sc.commits} commits; board lag p50 ${ms(b.p50)} ms, p90 ${ms(sc.boardLagP90)}, p99 ${ms(b.p99)}, max ${ms(b.max)} (${b.n} samples, ${sc.unshown} never shown); clicks p50 ${ms(sc.latency.p50)} / p99 ${ms(sc.latency.p99)} ms; failures ${sc.failures}; 429s ${sc.rest.rateLimitedGlobal + sc.rest.rateLimitedUser}${sc.boardsBehindAfterDrain ? `; ${sc.boardsBehindAfterDrain} boards left behind` : ''}`);
    }
  }
  if (res.profile) {
    const p = res.profile;
    out.push(`\n## Product CPU profile at ${p.rate} clicks/s for ${p.seconds} s (p50 ${ms(p.run.latency.p50)} / p99 ${ms(p.run.latency.p99)} ms with the profiler on; ${p.totalMs} ms sampled)`);
    const idle = p.top.find((f) => f.function === '(idle)');
    out.push(`top self time (idle ${idle ? idle.percent.toFixed(1) : '0'} % of the samples):`);
    for (const f of p.top.filter((x) => x.function !== '(idle)').slice(0, 15)) out.push(`${pad(f.selfMs.toFixed(0), 7)} ms ${pad(f.percent.toFixed(1), 5)} %  ${f.function}`);
    out.push('inclusive time under the product\'s own code (src/):');
    for (const f of p.inclusive.slice(0, 12)) out.push(`${pad(f.selfMs.toFixed(0), 7)} ms ${pad(f.percent.toFixed(1), 5)} %  ${f.function}`);
    out.push(`(full profile: ${p.file})`);
  }
  if (res.recovery) {
    const r = res.recovery;
    out.push(`\n## Restart recovery: ${r.tables} open tables recovered from SQLite in ${r.recoverMedianMs} ms (median of ${r.runs}, max ${r.recoverMaxMs}; runs ${r.recoverRunsMs.join(', ')}); heap at rest ${r.heapBytesPerTableAtRest} B per table (start-up path: deadlines re-armed, ${r.staleBoards} stale boards published, ${r.botTurns} bot turns handed over)`);
    const pg = r.postgres;
    if (pg && 'skipped' in pg) out.push(`PostgreSQL: skipped (${pg.skipped})`);
    else if (pg) out.push(`PostgreSQL: ${pg.tables} open tables recovered in ${pg.recoverMedianMs} ms (median of ${pg.runs}, max ${pg.recoverMaxMs}; runs ${pg.recoverRunsMs.join(', ')}; ×${(pg.recoverMedianMs / r.recoverMedianMs).toFixed(2)} SQLite); heap at rest ${pg.heapBytesPerTableAtRest} B per table`);
  }
  if (res.store) out.push(`\n## ${res.store.name}\n${res.store.summary}`);
  if (res.shards) out.push(`\n## ${res.shards.name}\n${res.shards.summary}`);
  if (res.pictures) out.push(`\n## ${res.pictures.name}\n${res.pictures.summary}`);
  if (res.review) out.push(`\n## ${res.review.name}\n${res.review.summary}`);
  if (res.activity) out.push(`\n## ${res.activity.name}\n${res.activity.summary}`);
  if (res.analysis) out.push(`\n## ${res.analysis.name}\n${res.analysis.summary}`);
  if (res.leaderboard) out.push(`\n## ${res.leaderboard.name}\n${res.leaderboard.summary.split(':\n')[0]}`);
  out.push(`\ntook ${res.durationSeconds} s`);
  return `${out.join('\n')}\n`;
}
