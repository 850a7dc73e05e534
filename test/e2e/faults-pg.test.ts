/**
 * The fault suite's database outage (README "What happens when…"): the real throwaway
 * PostgreSQL server (test/support/postgres.ts, durable: fsync and synchronous commits on)
 * is stopped mid-game with an immediate shutdown, then started again. While it is away every
 * click gets the private plain "can't be reached" answer within 3 s (in the clicker's
 * language), /healthz answers 503, and a deadline that falls due waits; once it is back the
 * pool reconnects by itself, the deadline fires once, no acknowledged move is lost and play
 * goes on. `npm run chaos` runs it with a longer outage.
 */
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { GameRegistry } from '../../src/games/registry.js';
import { probeHealth, startHealthServer } from '../../src/health.js';
import { DiscordEmulator, type EmulatedUser, type InteractionResult } from '../../src/local/emulator/index.js';
import { openPostgres } from '../../src/persistence/pg/open.js';
import { describePostgres } from '../support/postgres.js';
import { tallyModule } from '../support/toy-game.js';
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
} from './fault-kit.js';
import { boardOf, eventually, panelOf, settle, startBot, tempDir, TEXT_BOARDS_ONLY } from './harness.js';

describePostgres(
  'database away (PostgreSQL stopped and started again)',
  (server) => {
    let emu: DiscordEmulator;
    let app: App;
    let users: EmulatedUser[];
    let health: Awaited<ReturnType<typeof startHealthServer>>;
    const tmp = tempDir();
    const captured = capturingLogger('error');

    beforeAll(async () => {
      emu = await DiscordEmulator.start();
      const store = await openPostgres(await server().createDatabase(), { poolSize: 4 });
      app = await startBot(emu, tmp.dbPath, { textBoards: TEXT_BOARDS_ONLY, registry: new GameRegistry([tallyModule]), store, logger: captured.logger });
      users = ['Ana', 'Ben', 'Cleo'].map((name) => emu.addUser(name));
      emu.setUserLocale(users[1]!.id, 'es-419');
      health = await startHealthServer(0, () => probeHealth(app));
    }, 60_000);

    afterAll(async () => {
      health?.close();
      await app?.stop();
      await emu?.stop();
      tmp.cleanup();
    });

    const healthStatus = async () => (await fetch(`http://127.0.0.1:${health.port}/healthz`)).status;

    it('clicks get the plain answer within 3 s, health is 503, a due deadline waits and fires once after; nothing acknowledged is lost', async () => {
      const table = await openTable(emu, app, users, 'pg-moves');
      // Every timer of this one is 2 s: a deadline always falls due during the outage.
      const timed = await openTimedTable(emu, app, users, 'pg-timed', 2);
      // A turn, then both others pass the race: the table waits for a turn (its timer: 10 minutes).
      for (let i = 0; i < 3; i++) await playMove(emu, app, table);
      await settle(app);
      expect(await healthStatus()).toBe(200);
      const kept = await app.context.store.actions(table.id);
      // What players will click while the server is away: "Show my hand" on the board, and a
      // move on a panel opened before.
      const board = boardOf(emu, table.id, table.channelId);
      const next = await nextClick(emu, app, table);
      const panel = (await panelOf(await next.user.click(board, 'Show my hand')))!;
      const spanish = users[1]!;
      const from = emu.requests.length;

      const timedKept = await app.context.store.actions(timed.id);
      server().halt();
      const haltedAt = Date.now();
      const outageMs = windowMs(5000);
      expect(await healthStatus()).toBe(503);
      const results: { r: InteractionResult; lang: 'en' | 'es' }[] = [];
      while (Date.now() < haltedAt + outageMs) {
        const [panelClick, handClick, spanishClick] = await Promise.all([
          next.user.click(panel, panel.components?.length ? ((panel.components[0] as { components: { label: string }[] }).components[0]!.label) : 'add:1'),
          next.user.click(board, 'Show my hand'),
          spanish.click(boardOf(emu, timed.id, timed.channelId), 'Show my hand'),
        ]);
        results.push({ r: panelClick, lang: next.user.id === spanish.id ? 'es' : 'en' }, { r: handClick, lang: next.user.id === spanish.id ? 'es' : 'en' }, { r: spanishClick, lang: 'es' });
        await sleep(300);
      }
      expect(await healthStatus()).toBe(503);
      const answeredPlainly = results.filter(({ r, lang }) => answeredUnreachable(r, lang)).length;
      expect(answeredPlainly).toBe(results.length);
      expect(emu.violations.filter((v) => v.kind === 'ack-timeout')).toEqual([]);

      server().resume();
      const resumedAt = Date.now();
      // The pool reconnects by itself; health is back.
      await eventually(async () => (await healthStatus()) === 200, 'health 200 again', 15_000);
      // The deadline that fell due during the outage fires once, after the server is back.
      // (A deadline may have fired between the last read and the halt: those are stored before it.)
      const fired = await eventually(async () => (await app.context.store.actions(timed.id)).find((a) => a.at >= haltedAt), 'the waiting deadline to fire', 15_000);
      expect(fired.kind).toBe('timeout');
      expect(fired.at).toBeGreaterThanOrEqual(resumedAt);
      await sleep(1000);
      const timedAfter = await app.context.store.actions(timed.id);
      expect(timedAfter.slice(0, timedKept.length)).toEqual(timedKept);
      // Fired once: the one timed-out move of that decision (its seats' moves share one instant), nothing more within a second.
      const firstBatch = timedAfter.filter((a) => a.at >= haltedAt && a.at < fired.at + 1000);
      expect(new Set(firstBatch.map((a) => a.at)).size).toBe(1);
      expect(new Set(firstBatch.map((a) => a.seat)).size).toBe(firstBatch.length);
      // No acknowledged move lost, none applied twice; play goes on.
      const afterOutage = await app.context.store.actions(table.id);
      expect(afterOutage).toEqual(kept);
      for (let i = 0; i < 3; i++) await playMove(emu, app, table);
      const final = await app.context.store.actions(table.id);
      expect(final.map((a) => a.seq)).toEqual(final.map((_, i) => i + 1));
      expect(final.slice(0, kept.length)).toEqual(kept);
      await settle(app);
      // One clear error line for the outage, not one per click or deadline try.
      const trouble = errorLines(captured.lines).filter((line) => (line as { trouble?: string }).trouble === 'unavailable');
      expect(trouble).toHaveLength(1);
      report({
        fault: 'PostgreSQL away (immediate shutdown, then started again)',
        windowMs: resumedAt - haltedAt,
        clicks: results.length,
        clicksAnswered: answeredPlainly,
        movesAcknowledged: kept.length + 3,
        movesKept: final.length,
        requestsDuringFault: botRequests(requestsSince(emu, from).filter((r) => r.time <= resumedAt)).length,
        invalidRequests: invalidRequests(requestsSince(emu, from)),
        extra: {
          'slowest answer (ms)': Math.max(...results.map(({ r }) => r.ackMs ?? Infinity)),
          'deadline fired after the restart (ms)': fired.at - resumedAt,
          'error lines': trouble.length,
        },
      });
    }, 120_000 + 4 * windowMs(5000));

    it('a server that accepts connections but never answers (a failover under way): clicks still get the plain answer within 3 s', async () => {
      const table = await openTable(emu, app, users, 'pg-hang');
      // Up to a turn (10-minute timer): no deadline falls due during the test.
      for (let i = 0; i < 3; i++) await playMove(emu, app, table);
      await settle(app);
      const kept = await app.context.store.actions(table.id);
      const next = await nextClick(emu, app, table);
      server().halt();
      // Something takes the server's port and never says a word.
      const sockets = new Set<Socket>();
      const blackhole = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => blackhole.listen(server().port, '127.0.0.1', resolve));
      const results: InteractionResult[] = [];
      try {
        for (let i = 0; i < 3; i++) results.push(await next.click());
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => blackhole.close(resolve));
        server().resume();
      }
      expect(results.map((r) => [answeredUnreachable(r, next.user.id === users[1]!.id ? 'es' : 'en'), r.ackMs! < 3000])).toEqual(results.map(() => [true, true]));
      await eventually(async () => (await healthStatus()) === 200, 'health 200 again', 15_000);
      await playMove(emu, app, table);
      const actions = await app.context.store.actions(table.id);
      expect(actions.slice(0, kept.length)).toEqual(kept);
      expect(actions).toHaveLength(kept.length + 1);
      report({
        fault: 'PostgreSQL hanging (connections accepted, never answered)',
        windowMs: 0,
        clicks: results.length,
        clicksAnswered: results.filter((r) => answeredUnreachable(r, next.user.id === users[1]!.id ? 'es' : 'en')).length,
        movesAcknowledged: kept.length + 1,
        movesKept: actions.length,
        requestsDuringFault: 0,
        invalidRequests: 0,
        extra: { 'slowest answer (ms)': Math.max(...results.map((r) => r.ackMs ?? Infinity)) },
      });
    }, 120_000);
  },
  { durable: true },
);
