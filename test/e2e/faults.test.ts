/**
 * The fault suite against the emulator and SQLite (README "What happens when…"): Discord's
 * REST answering 5xx or 429 (global and per route) for a while, the gateway dropping
 * (resumable and not) mid-game, and the disk filling up. Each prints what happened during
 * the fault (fault-kit.ts `report`); `npm run chaos` runs the same with longer windows.
 * The PostgreSQL outage is in faults-pg.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { GameRegistry } from '../../src/games/registry.js';
import { DiscordEmulator, type EmulatedUser, type RestFault } from '../../src/local/emulator/index.js';
import type { SqliteStore } from '../../src/persistence/store/sqlite.js';
import { tallyModule, type TallyState } from '../support/toy-game.js';
import {
  answeredUnreachable,
  botRequests,
  capturingLogger,
  errorLines,
  invalidRequests,
  nextClick,
  openTable,
  openTimedTable,
  playMove,
  report,
  requestsSince,
  sleep,
  windowMs,
  type Table,
} from './fault-kit.js';
import { answered, boardOf, settle, startBot, tempDir, textOf, TEXT_BOARDS_ONLY } from './harness.js';

/** Discord's invalid-request limit: 10,000 answers 401/403/429 per 10 minutes. */
const INVALID_PER_10_MIN = 10_000;

describe('Discord REST trouble', () => {
  let emu: DiscordEmulator;
  let app: App;
  let users: EmulatedUser[];
  const tmp = tempDir();

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    // "Show my hand" never lends its token to the board here (boardTokenRefreshMs: Infinity): the board must take the channel route the faults hit.
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry: new GameRegistry([tallyModule]), publishRetryMs: 250, boardTokenRefreshMs: Infinity });
    users = ['Ana', 'Ben', 'Cleo'].map((name) => emu.addUser(name));
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** The board shows every seat's stored total, and the newest ping mentions the player to move (if a turn). */
  async function boardIsCurrent(table: Table): Promise<void> {
    const row = (await app.context.store.table(table.id))!;
    const state = row.state as TallyState;
    const board = textOf(boardOf(emu, table.id, table.channelId));
    for (const [seat, total] of state.totals.entries()) expect(board).toContain(`${table.users[seat]!.name}: ${total}`);
    expect(row.boardVersion).toBe(row.version);
  }

  const faults: [string, RestFault][] = [
    ['REST 502 on every non-interaction route', { kind: 'server-error', status: 502, durationMs: windowMs(4000) }],
    ['REST 429 per route (retry_after 1 s)', { kind: 'rate-limit', scope: 'route', retryAfterMs: 1000, durationMs: windowMs(4000) }],
    ['REST 429 global (retry_after 1 s)', { kind: 'rate-limit', scope: 'global', retryAfterMs: 1000, durationMs: windowMs(4000) }],
  ];

  for (const [name, fault] of faults) {
    it(`${name}: clicks answered, moves kept, the board and ping catch up to the newest state once it ends`, async () => {
      // Started through the service, not a Start click: a lobby click's token (or a "Show my hand" token, turned off
      // above) would redraw the board on an interaction route (docs/rate-limit.md), which the fault leaves alone; the
      // board must take the channel route.
      const table = await openTimedTable(emu, app, users, `rest-${fault.kind}-${'scope' in fault ? fault.scope : 'x'}`, 600);
      await playMove(emu, app, table);
      await settle(app);
      const from = emu.requests.length;
      const record = emu.injectRestFault(fault);
      const endsAt = record.endsAt;
      let clicks = 0;
      // Play through the fault: every click is an interaction (not refused), every move is stored.
      while (Date.now() < endsAt - 300) {
        await playMove(emu, app, table);
        clicks += 1;
        // About 15 moves per fault whatever its length: a Tally game lasts longer than that.
        await sleep(fault.durationMs / 15);
      }
      const during = requestsSince(emu, from).filter((r) => r.time <= endsAt);
      await sleep(Math.max(0, endsAt - Date.now()));
      const afterFrom = emu.requests.length;
      await settle(app);
      const after = botRequests(requestsSince(emu, afterFrom));
      await boardIsCurrent(table);
      // The newest state was drawn once per message: no backlog of one edit per move.
      const boardEdits = after.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/messages/${(boardOf(emu, table.id, table.channelId)).id}`));
      expect(boardEdits.length).toBeLessThanOrEqual(2);
      const row = (await app.context.store.table(table.id))!;
      const actions = await app.context.store.actions(table.id);
      expect(actions.map((a) => a.seq)).toEqual(actions.map((_, i) => i + 1));
      const invalid = invalidRequests(requestsSince(emu, from));
      const spanS = (Date.now() - record.startedAt) / 1000;
      // Never near the 10,000 per 10 minutes: at most its rate over the time measured.
      expect(invalid).toBeLessThan((INVALID_PER_10_MIN / 600) * spanS);
      expect(record.refused).toBeGreaterThan(0);
      expect(emu.violations.filter((v) => v.kind === 'ack-timeout')).toEqual([]);
      // The ping (a turn's) mentions the player to move.
      const pending = row.state as TallyState;
      // (A vote's ping edited down to the last voter stays when the turn that follows is theirs: it notified
      // them when posted, and names only them now.)
      if (pending.phase === 'turn') {
        const mover = table.users[pending.turn]!.id;
        expect([...(emu.message(row.pingMessageId!)?.content ?? '').matchAll(/<@(\d+)>/g)].map((m) => m[1])).toEqual([mover]);
        expect(emu.pingedBy(row.pingMessageId!)).toContain(mover);
      }
      report({
        fault: name,
        windowMs: fault.durationMs,
        clicks,
        clicksAnswered: clicks,
        movesAcknowledged: clicks,
        movesKept: clicks,
        requestsDuringFault: botRequests(during).length,
        invalidRequests: invalid,
        extra: { refused: record.refused, 'board edits after': boardEdits.length },
      });
    }, 60_000 * Math.min(5, windowMs(1000) / 1000));
  }
});

describe('gateway drop', () => {
  let emu: DiscordEmulator;
  let app: App;
  let users: EmulatedUser[];
  const tmp = tempDir();

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry: new GameRegistry([tallyModule]) });
    users = ['Dani', 'Eli', 'Fay'].map((name) => emu.addUser(name));
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  for (const resumable of [true, false]) {
    it(`${resumable ? 'resumable' : 'not resumable'}: the bot reconnects, clicks work on every open table, timers keep running through it`, async () => {
      // Two open tables: one with a 1 s turn timer (its deadlines fall during the drop), one untimed.
      const timed = await openTable(emu, app, users, `gw-timed-${resumable}`, 1);
      const untimed = await openTable(emu, app, users, `gw-untimed-${resumable}`);
      const from = emu.requests.length;
      const framesFrom = emu.gatewayFrames.length;
      const resumedBefore = emu.gatewayFaults.resumed;
      const droppedAt = Date.now();
      expect(await emu.dropGateway({ resumable })).toBe(1);
      // Timers keep running while the gateway is away: a timed-out move is stored meanwhile.
      const timeout = async () => (await app.context.store.actions(timed.id)).find((a) => a.kind === 'timeout' && a.at >= droppedAt);
      await emu.waitFor(() => emu.liveSessions === 1, { timeoutMs: 15_000, description: 'the bot is back on the gateway' });
      const backAt = Date.now();
      let deadline = await timeout();
      for (let i = 0; !deadline && i < 100; i++) {
        await sleep(50);
        deadline = await timeout();
      }
      expect(deadline, 'a deadline fired while the gateway was away or right after').toBeTruthy();
      // Clicks work on every open table.
      let clicks = 0;
      for (const table of [untimed, timed]) {
        const { click } = await nextClick(emu, app, table);
        answered(await click());
        clicks += 1;
      }
      await playMove(emu, app, untimed);
      clicks += 1;
      const frames = emu.gatewayFrames.slice(framesFrom);
      if (resumable) {
        expect(emu.gatewayFaults.resumed).toBe(resumedBefore + 1);
        expect(frames.some((f) => f.dir === 'in' && f.op === 6)).toBe(true);
      } else {
        expect(frames.some((f) => f.dir === 'out' && f.t === 'READY')).toBe(true);
      }
      await settle(app);
      expect(emu.violations).toEqual([]);
      report({
        fault: `gateway drop (${resumable ? 'resumable' : 'not resumable'})`,
        windowMs: backAt - droppedAt,
        clicks,
        clicksAnswered: clicks,
        movesAcknowledged: 1,
        movesKept: 1,
        requestsDuringFault: botRequests(requestsSince(emu, from).filter((r) => r.time <= backAt)).length,
        invalidRequests: invalidRequests(requestsSince(emu, from)),
        extra: { 'deadline fired after (ms)': deadline!.at - droppedAt },
      });
    }, 60_000);
  }
});

describe('disk full (SQLite)', () => {
  let emu: DiscordEmulator;
  let app: App;
  let users: EmulatedUser[];
  const tmp = tempDir();
  const captured = capturingLogger('error');

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry: new GameRegistry([tallyModule]), logger: captured.logger });
    users = ['Gus', 'Hana', 'Ivo'].map((name) => emu.addUser(name));
    emu.setUserLocale(users[1]!.id, 'es-ES');
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  it('a write that finds no room is refused plainly, the game stays at its last commit, one error line; play goes on when space returns', async () => {
    const table = await openTable(emu, app, users, 'disk-full');
    await playMove(emu, app, table);
    await settle(app);
    const sqlite = (app.context.store as SqliteStore).db.$client;
    const roomy = sqlite.pragma('max_page_count', { simple: true }) as number;
    // No page more than the file has now, and the action log's last page filled up (with rows
    // of another table, removed afterwards): the next move's write fails with SQLITE_FULL.
    sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
    const other = await openTable(emu, app, users, 'disk-filler');
    const filler = sqlite.prepare("insert into actions (table_id, seq, seat, user_id, kind, action, at) values (?, ?, 0, null, 'auto', ?, 0)");
    let seq = 1_000_000;
    for (const size of [4000, 1000, 200, 40, 1]) {
      for (;;) {
        try {
          filler.run(other.id, seq++, JSON.stringify('x'.repeat(size)));
        } catch (err) {
          expect((err as { code?: string }).code).toBe('SQLITE_FULL');
          break;
        }
      }
    }
    const from = emu.requests.length;
    let clicks = 0;
    let refused = 0;
    let kept = 0;
    const errorsBefore = errorLines(captured.lines).length;
    for (let i = 0; i < 40 && refused < 6; i++) {
      const before = (await app.context.store.table(table.id))!;
      const { user, click } = await nextClick(emu, app, table);
      const r = await click();
      clicks += 1;
      const after = (await app.context.store.table(table.id))!;
      if (after.lastSeq === before.lastSeq) {
        expect(answeredUnreachable(r, user.id === users[1]!.id ? 'es' : 'en'), `refused plainly: ${textOf(r.message)}`).toBe(true);
        expect(after.version).toBe(before.version);
        expect(after.state).toEqual(before.state);
        refused += 1;
      } else {
        answered(r);
        expect(after.lastSeq).toBe(before.lastSeq + 1);
        kept += 1;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(3);
    // One clear error line for the whole burst, not one per click.
    const troubleLines = errorLines(captured.lines).slice(errorsBefore);
    expect(troubleLines.filter((line) => (line as { trouble?: string }).trouble === 'full')).toHaveLength(1);
    expect(troubleLines.filter((line) => (line as { trouble?: string }).trouble !== 'full')).toEqual([]);
    // Space returns: the same click goes through.
    sqlite.pragma(`max_page_count = ${roomy}`);
    sqlite.prepare('delete from actions where table_id = ? and seq >= 1000000').run(other.id);
    const actionsBefore = (await app.context.store.actions(table.id)).length;
    await playMove(emu, app, table);
    await playMove(emu, app, table);
    await settle(app);
    const actions = await app.context.store.actions(table.id);
    expect(actions).toHaveLength(actionsBefore + 2);
    expect(actions.map((a) => a.seq)).toEqual(actions.map((_, i) => i + 1));
    report({
      fault: 'disk full (SQLite max_page_count)',
      windowMs: 0,
      clicks,
      clicksAnswered: clicks,
      movesAcknowledged: kept,
      movesKept: kept,
      requestsDuringFault: botRequests(requestsSince(emu, from)).length,
      invalidRequests: invalidRequests(requestsSince(emu, from)),
      extra: { 'refused plainly': refused, 'error lines': troubleLines.length },
    });
  }, 60_000);
});
