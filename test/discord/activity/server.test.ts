/**
 * The Activity's server and its live WebSocket (src/discord/activity/server.ts, hub.ts;
 * docs/activity.md "Sign-in" and "Live updates"), with the real table service:
 * - hidden information over the wire: every state a socket receives is exactly the state of
 *   its own signed-in user (src/discord/activity/view.ts, whose payload test/discord/activity/view.test.ts
 *   proves free of every secret the viewer may not see) — a seat never receives another seat's
 *   hand, a spectator no hand at all — through a whole game of each of two games, every kind of
 *   move made (random among the kinds not made yet, then towards the end: `coveringMove`);
 * - moves go through the table service as the session's own user: another seat's move, a stale
 *   step, a forged or malformed message change nothing and get a plain answer;
 * - sign-in refuses what Discord does not vouch for (a code Discord refuses, an instance that is
 *   not running, a user not in it) and never sends the client secret;
 * - every path works with and without Discord's `/.proxy` prefix.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ActivityHub, type ServerMessage } from '../../../src/discord/activity/hub.js';
import { FakeDiscord } from './fake-discord.js';
import { ActivityServer, SOCKET_MESSAGES_PER_SECOND, startActivityHttp } from '../../../src/discord/activity/server.js';
import { Launches } from '../../../src/discord/activity/sessions.js';
import { activityState, type ActivityState } from '../../../src/discord/activity/view.js';
import { seatsToAct } from '../../../src/games/engine.js';
import { defaultRegistry } from '../../../src/games/index.js';
import { InlinePolicy } from '../../../src/bots/policy.js';
import { Rng } from '../../../src/games/rng.js';
import { catalogs } from '../../../src/i18n/index.js';
import { silentLogger } from '../../../src/logger.js';
import { openDatabase } from '../../../src/persistence/db.js';
import { SqliteStore } from '../../../src/persistence/store/sqlite.js';
import { TableService } from '../../../src/tables/service.js';
import type { Actor } from '../../../src/tables/types.js';

const registry = defaultRegistry();
const SECRET = 'the-client-secret-never-sent';
const GUILD = '100000000000000001';

let dir = '';
let store: SqliteStore;
let service: TableService;
let server: ActivityServer;
let http: Awaited<ReturnType<typeof startActivityHttp>>;
const discord = new FakeDiscord();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rh-activity-server-'));
  store = new SqliteStore(openDatabase(join(dir, 't.db')));
  service = new TableService({ store, registry, logger: silentLogger, newSeed: () => 777 });
  const hub = new ActivityHub({ service, registry, logger: silentLogger, bots: new InlinePolicy() });
  service.addListener(hub);
  server = new ActivityServer({ hub, service, discord, clientId: () => '100000000000000099', launches: new Launches(), logger: silentLogger });
  http = await startActivityHttp(server, 0, '127.0.0.1');
});
afterAll(async () => {
  server.close();
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  await service.deadlines.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${http.port}`;

async function signIn(userId: string, instanceId: string, prefix = '/.proxy'): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base()}${prefix}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: `code-${userId}`, instanceId }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A live socket of one signed-in user, recording every message. */
class Client {
  readonly messages: ServerMessage[] = [];
  private waiters: Array<() => void> = [];
  private constructor(
    readonly userId: string,
    readonly ws: WebSocket,
  ) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as ServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }
  static async open(userId: string, session: string): Promise<Client> {
    const ws = new WebSocket(`ws://127.0.0.1:${http.port}/.proxy/live`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const client = new Client(userId, ws);
    client.send({ t: 'hello', session });
    return client;
  }
  /** Messages not sent yet, in order (see `send`). */
  private readonly outbox: string[] = [];
  /** When the last message went out, Unix ms. */
  private lastSentAt = 0;
  private pumping = false;
  /**
   * Send `message`, paced as a page's clicks are: each message at least 1000 ÷
   * (SOCKET_MESSAGES_PER_SECOND ÷ 2) ms after the one before actually went out, in order, so a
   * fast machine (or a stall that delays several) never trips the server's limit (which closes
   * the socket).
   */
  send(message: unknown): void {
    this.outbox.push(JSON.stringify(message));
    this.pump();
  }
  private pump(): void {
    if (this.pumping || this.outbox.length === 0) return;
    const gapMs = Math.ceil(1000 / (SOCKET_MESSAGES_PER_SECOND / 2));
    const wait = this.lastSentAt + gapMs - Date.now();
    const go = () => {
      this.pumping = false;
      this.ws.send(this.outbox.shift()!);
      this.lastSentAt = Date.now();
      this.pump();
    };
    if (wait <= 0) {
      go();
      return;
    }
    this.pumping = true;
    setTimeout(go, wait);
  }
  /** The newest state received, waiting until `ok` holds for it (2 s). */
  async state(ok: (s: ActivityState) => boolean = () => true): Promise<ActivityState> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const last = this.messages.filter((m): m is Extract<ServerMessage, { t: 'state' }> => m.t === 'state').at(-1)?.state;
      if (last && ok(last)) return last;
      if (Date.now() > deadline) throw new Error(`${this.userId}: no state as wanted (last version ${last?.table.version})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  /** The answer to request `id`. */
  async done(id: number): Promise<Extract<ServerMessage, { t: 'done' }>> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.messages.find((m): m is Extract<ServerMessage, { t: 'done' }> => m.t === 'done' && m.id === id);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`${this.userId}: no answer to ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  close(): void {
    this.ws.close();
  }
}

/**
 * Move types that bring a game to its end: NOIR's kills and arrests (docs/rules/noir.md), and
 * Suspicion's placements and declarations (docs/rules/suspicion.md §1.6 A, C, E; a declaration is
 * judged by a secret vote, §1.9, and the first that wins ends the game, §1.11).
 */
const ENDING: Record<string, readonly string[]> = { noir: ['kill', 'arrest'], suspicion: ['place', 'wild', 'declare'] };

/**
 * The next move of a whole game that goes through every kind of move the game offers and then
 * ends soon (NOIR 59 and Suspicion 29 moves with these seeds, every kind made — where uniformly
 * random moves took 151 in NOIR): a kind not made yet when one is offered (other than the ending
 * kinds), else an ending kind when one is offered, else any move — each chosen at random among those.
 */
function coveringMove(game: string, rng: Rng, codes: string[], made: Set<string>): string {
  const mod = registry.get(game);
  const typed = codes.map((code) => ({ code, type: (mod.definition.decodeAction(code) as { type: string }).type }));
  const fresh = typed.filter((m) => !made.has(m.type) && !ENDING[game]!.includes(m.type));
  const ending = typed.filter((m) => ENDING[game]!.includes(m.type));
  const pick = rng.pick(fresh.length ? fresh : ending.length ? ending : typed);
  made.add(pick.type);
  return pick.code;
}

const players = (n: number, offset: number): Actor[] => Array.from({ length: n }, (_, i) => ({ userId: `2000000000000000${offset + i}`.padEnd(18, '0'), displayName: `P${offset + i}`, canManageGuild: false }));

describe.each([
  ['noir', 2, 10],
  ['suspicion', 3, 20],
] as const)('the Activity of a %s table over its WebSocket', (game, seats, offset) => {
  it('sends each socket only its own viewer’s state, every move through the table service; refuses what is not the user’s', { timeout: 120_000 }, async () => {
    const seated = players(seats, offset);
    const watcher: Actor = { userId: `3000000000000000${offset}`.padEnd(18, '0'), displayName: 'Watcher', canManageGuild: false };
    const channelId = `40000000000000${offset}`.padEnd(18, '0');
    const instanceId = `i-1-gc-${GUILD}-${channelId}`;
    for (const a of [...seated, watcher]) discord.users.set(a.userId, { id: a.userId, username: a.displayName, globalName: null, locale: a === watcher ? 'es-ES' : 'en-US' });
    discord.instances.set(instanceId, { instanceId, location: { kind: 'gc', channelId, guildId: GUILD }, users: [...seated, watcher].map((a) => a.userId) });
    const opened = await service.lobby.createTable({ guildId: GUILD, channelId, game, host: seated[0]!, options: {} });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    const tableId = opened.value.table.id;
    for (const p of seated.slice(1)) expect((await service.lobby.join(tableId, p)).ok).toBe(true);
    expect((await service.lobby.start(tableId, seated[0]!)).ok).toBe(true);

    const clients: Client[] = [];
    for (const a of [...seated, watcher]) {
      const signed = await signIn(a.userId, instanceId);
      expect(signed.status).toBe(200);
      expect(JSON.stringify(signed.body)).not.toContain(SECRET);
      clients.push(await Client.open(a.userId, String(signed.body.session)));
    }
    const mod = registry.get(game);
    const rng = Rng.seeded(offset);
    /** The kinds of move made so far. */
    const made = new Set<string>();
    let id = 1;
    for (let k = 0; k < 300; k++) {
      const snap = (await service.reads.snapshot(tableId))!;
      // Every socket shows exactly its own user's state at this version (and nothing else was ever sent to it).
      for (const client of clients) {
        const shown = await client.state((s) => s.table.version === snap.table.version);
        expect(shown).toEqual(activityState(mod, snap, client.userId, client.userId === watcher.userId ? catalogs.es : catalogs.en));
        const mySeat = snap.seats.find((row) => row.userId === client.userId)?.seat ?? null;
        for (const picture of shown.pictures) if (picture.kind === 'hand') expect(picture.seat).toBe(mySeat);
        if (mySeat === null) expect(shown.pictures.every((p) => p.kind === 'board') && shown.moves.length === 0).toBe(true);
      }
      if (snap.table.status !== 'active') break;
      const pending = snap.pending!;
      const seat = rng.pick(seatsToAct(pending));
      const actor = seated.find((a) => a.userId === snap.seats.find((row) => row.seat === seat)!.userId)!;
      const client = clients.find((c) => c.userId === actor.userId)!;
      const code = coveringMove(game, rng, (await client.state((s) => s.table.version === snap.table.version)).moves.map((m) => m.code), made);
      if (k === 3) {
        // Someone else sends that move: it is theirs to make, not this seat's — refused, nothing changes.
        const other = clients.find((c) => c !== client && c.userId !== watcher.userId && !seatsToAct(pending).includes(snap.seats.find((row) => row.userId === c.userId)!.seat!));
        if (other) {
          const tried = id++;
          other.send({ t: 'move', id: tried, step: pending.step, code });
          expect((await other.done(tried)).ok).toBe(false);
        }
        // The watcher cannot move at all; a stale step and a made-up code are refused too.
        const spectatorTry = id++;
        clients.at(-1)!.send({ t: 'move', id: spectatorTry, step: pending.step, code });
        expect((await clients.at(-1)!.done(spectatorTry)).ok).toBe(false);
        const stale = id++;
        client.send({ t: 'move', id: stale, step: pending.step + 5, code });
        expect((await client.done(stale)).ok).toBe(false);
        const madeUp = id++;
        client.send({ t: 'move', id: madeUp, step: pending.step, code: 'zz-not-a-move' });
        expect((await client.done(madeUp)).ok).toBe(false);
        client.send({ t: 'move', id: 'x', secret: SECRET });
        expect((await client.done(-1)).ok).toBe(false);
        expect((await service.reads.snapshot(tableId))!.table.version).toBe(snap.table.version);
      }
      const mine = id++;
      client.send({ t: 'move', id: mine, step: pending.step, code });
      const answer = await client.done(mine);
      expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
    }
    expect((await service.reads.snapshot(tableId))!.table.status).not.toBe('active');
    for (const client of clients) client.close();
  });
});

describe('sign-in', () => {
  it('refuses a code Discord refuses, an instance not running, a user not in it, a forged session; paths work with and without /.proxy', async () => {
    const user = '500000000000000001';
    const stranger = '500000000000000002';
    discord.users.set(user, { id: user, username: 'u', globalName: 'U', locale: 'en-US' });
    discord.users.set(stranger, { id: stranger, username: 's', globalName: null, locale: 'es-ES' });
    const instanceId = `i-9-gc-${GUILD}-600000000000000001`;
    discord.instances.set(instanceId, { instanceId, location: { kind: 'gc', channelId: '600000000000000001', guildId: GUILD }, users: [user] });
    const bad = await fetch(`${base()}/.proxy/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'code-999', instanceId }) });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: string }).error).toMatch(/Discord refused the sign-in/);
    expect((await signIn(user, 'i-unknown')).status).toBe(403);
    const notIn = await signIn(stranger, instanceId);
    expect(notIn.status).toBe(403);
    expect(notIn.body.error).toMatch(/no estás en esta Actividad/);
    expect((await signIn(user, instanceId, '')).status).toBe(200);
    const malformed = await fetch(`${base()}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 1 }) });
    expect(malformed.status).toBe(400);
    // The page, with its CSP, at the Activity's root and through the proxy; the config carries no secret.
    for (const path of ['/', '/.proxy/']) {
      const page = await fetch(`${base()}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const config = await (await fetch(`${base()}/.proxy/api/config`)).text();
    expect(config).not.toContain(SECRET);
    // A forged session: the socket is told to sign in again, and shown nothing.
    const forged = await Client.open(user, 'not-a-session');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(forged.messages).toEqual([{ t: 'signin', message: 'session unknown or expired' }]);
    forged.close();
  });

  it('closes a socket that sends more than SOCKET_MESSAGES_PER_SECOND messages within a second (4008), after answering those within it', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${http.port}/.proxy/live`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const answers: string[] = [];
    ws.on('message', (data) => answers.push(String(data)));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    for (let i = 0; i < SOCKET_MESSAGES_PER_SECOND + 5; i++) ws.send(JSON.stringify({ t: 'nonsense', i }));
    expect(await closed).toBe(4008);
    expect(answers).toHaveLength(SOCKET_MESSAGES_PER_SECOND);
    expect(answers.every((a) => JSON.parse(a).t === 'done' && JSON.parse(a).ok === false)).toBe(true);
  });
});
