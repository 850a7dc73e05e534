/**
 * The Activity and learning to play (docs/lessons.md "The Discord side", "First table of a game";
 * docs/activity.md "Which table"), over real sockets with the real table service:
 * - a lesson is private to its learner's panel: the Activity never shows one — not when a
 *   shared link's `custom_id` or a remembered launch names it, not to its learner, not to
 *   anyone else — and shows the channel's open table, or says there is none;
 * - a player's first table of a game: when their first look at it is in the Activity, the
 *   Activity shows the first-table note (💡 Hint on, the lesson suggested) once, in their
 *   language, and 💡 Hint is offered to them at a rated table; a second opening shows it no more,
 *   and neither does Show my hand afterwards (the look is recorded: `markPresent`'s `firstLook`);
 * - a player who already finished a game of it gets no note.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ActivityHub, type ServerMessage } from '../../../src/discord/activity/hub.js';
import { FakeDiscord } from './fake-discord.js';
import { ActivityServer, startActivityHttp } from '../../../src/discord/activity/server.js';
import { Launches } from '../../../src/discord/activity/sessions.js';
import type { ActivityState } from '../../../src/discord/activity/view.js';
import { InlinePolicy } from '../../../src/bots/policy.js';
import { defaultRegistry } from '../../../src/games/index.js';
import { en } from '../../../src/i18n/en/index.js';
import { es } from '../../../src/i18n/es/index.js';
import { silentLogger } from '../../../src/logger.js';
import { openDatabase } from '../../../src/persistence/db.js';
import { SqliteStore } from '../../../src/persistence/store/sqlite.js';
import { TableService } from '../../../src/tables/service.js';
import type { Actor } from '../../../src/tables/types.js';

const registry = defaultRegistry();
const GUILD = '100000000000000001';

let dir = '';
let store: SqliteStore;
let service: TableService;
let server: ActivityServer;
let http: Awaited<ReturnType<typeof startActivityHttp>>;
const launches = new Launches();
const discord = new FakeDiscord();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rh-activity-lessons-'));
  store = new SqliteStore(openDatabase(join(dir, 't.db')));
  // Lessons' scripted bots wait for nothing (their real pause only slows the test).
  service = new TableService({ store, registry, logger: silentLogger, newSeed: () => 777, lessonBotPaceMs: 0 });
  const hub = new ActivityHub({ service, registry, logger: silentLogger, bots: new InlinePolicy() });
  service.addListener(hub);
  server = new ActivityServer({ hub, service, discord, clientId: () => '100000000000000099', launches, logger: silentLogger });
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

const actor = (n: number, name: string): Actor => ({ userId: `5000000000000000${n}`.padEnd(18, '0'), displayName: name, canManageGuild: false });

/** `who` in a running instance of `channelId` (with their client language). */
function inInstance(channelId: string, who: readonly { actor: Actor; locale: string }[]): string {
  const instanceId = `i-1-gc-${GUILD}-${channelId}`;
  for (const { actor: a, locale } of who) discord.users.set(a.userId, { id: a.userId, username: a.displayName, globalName: null, locale });
  discord.instances.set(instanceId, { instanceId, location: { kind: 'gc', channelId, guildId: GUILD }, users: who.map((w) => w.actor.userId) });
  return instanceId;
}

/**
 * `a`'s Activity in `instanceId` (opened from a link naming `customId`, or none), once it has
 * said what it shows: every message it got by then (a state or "no table", then any note).
 */
async function openActivity(a: Actor, instanceId: string, customId: string | null = null): Promise<{ messages: ServerMessage[]; close(): void }> {
  const res = await fetch(`http://127.0.0.1:${http.port}/.proxy/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: `code-${a.userId}`, instanceId, customId }) });
  expect(res.status).toBe(200);
  const { session } = (await res.json()) as { session: string };
  const ws = new WebSocket(`ws://127.0.0.1:${http.port}/.proxy/live`);
  const messages: ServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as ServerMessage));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ t: 'hello', session }));
  const deadline = Date.now() + 5000;
  while (!messages.some((m) => m.t === 'state' || m.t === 'none')) {
    if (Date.now() > deadline) throw new Error(`${a.displayName}: the Activity said nothing`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A note follows its state in the same turn of the server: let it arrive.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { messages, close: () => ws.close() };
}

const stateOf = (messages: ServerMessage[]): ActivityState | undefined => messages.find((m): m is Extract<ServerMessage, { t: 'state' }> => m.t === 'state')?.state;
const notesOf = (messages: ServerMessage[]): string[] => messages.flatMap((m) => (m.t === 'note' ? [m.note] : []));

describe('the Activity and lessons', () => {
  it('never shows a lesson: a link or a launch naming one shows the channel’s open table, or that there is none', async () => {
    const ana = actor(1, 'Ana');
    const ben = actor(2, 'Ben');
    const channelId = '600000000000000001';
    const instanceId = inInstance(channelId, [
      { actor: ana, locale: 'en-US' },
      { actor: ben, locale: 'es-ES' },
    ]);
    const opened = await service.lessons.openLesson({ guildId: GUILD, channelId, game: 'noir', learner: ana });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    const lessonId = opened.value.snapshot.table.id;
    expect(opened.value.snapshot.table.status).toBe('active');

    // A link naming the lesson, for its learner and for someone else; a launch remembered for it.
    launches.remember(ana.userId, channelId, lessonId);
    // "Start one with …" names every game's command, in the reader's language, as plain text.
    const none = { en: 'There is no table in this channel. Start one with /suspicion new, /noir new, /phantom new, or /jaccuse new, then open it again.', es: 'No hay ninguna mesa en este canal. Empieza una con /suspicion nueva, /noir nueva, /phantom nueva o /jaccuse nueva y vuelve a abrirla.' };
    for (const [who, customId, language] of [
      [ana, `table-${lessonId}`, 'en'],
      [ben, `table-${lessonId}`, 'es'],
      [ana, null, 'en'],
    ] as const) {
      const shown = await openActivity(who, instanceId, customId);
      expect(stateOf(shown.messages), `${who.displayName} was shown the lesson`).toBeUndefined();
      expect(shown.messages).toEqual([{ t: 'none', message: none[language] }]);
      shown.close();
    }

    // With a table open in the channel, that table is shown instead (a lobby: no note, nobody's first look).
    const table = await service.lobby.createTable({ guildId: GUILD, channelId, game: 'suspicion', host: ben, options: {} });
    if (!table.ok) throw new Error(JSON.stringify(table.error));
    const shown = await openActivity(ana, instanceId, `table-${lessonId}`);
    expect(stateOf(shown.messages)?.table.id).toBe(table.value.table.id);
    expect(stateOf(shown.messages)?.table.game).toBe('suspicion');
    expect(notesOf(shown.messages)).toEqual([]);
    shown.close();
    // The lesson itself went on untouched (its learner's look at it is the panel's, not recorded here).
    const lesson = (await service.reads.snapshot(lessonId))!;
    expect(lesson.table.status).toBe('active');
    expect(lesson.seats.find((row) => row.userId === ana.userId)?.looked).toBeFalsy();
  });

  it('a first table of a game looked at first in the Activity: the first-table note once, in the player’s language, and 💡 Hint offered', async () => {
    const cleo = actor(3, 'Cleo');
    const dani = actor(4, 'Dani');
    const channelId = '600000000000000002';
    const instanceId = inInstance(channelId, [
      { actor: cleo, locale: 'en-US' },
      { actor: dani, locale: 'es-ES' },
    ]);
    // Two humans, no `hints` option: a rated table, where 💡 Hint is on only for newcomers.
    const opened = await service.lobby.createTable({ guildId: GUILD, channelId, game: 'noir', host: cleo, options: {} });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    const tableId = opened.value.table.id;
    expect((await service.lobby.join(tableId, dani)).ok).toBe(true);
    expect((await service.lobby.start(tableId, cleo)).ok).toBe(true);

    const noir = registry.get('noir');
    const firstEn = en.common.lesson.firstTable(noir.title(en), noir.command);
    const firstEs = es.common.lesson.firstTable(noir.title(es), noir.command);
    for (const [who, note] of [
      [cleo, firstEn],
      [dani, firstEs],
    ] as const) {
      const first = await openActivity(who, instanceId);
      expect(stateOf(first.messages)?.table.id).toBe(tableId);
      expect(notesOf(first.messages), `${who.displayName}'s first look`).toEqual([note]);
      // The note comes after the table it is about.
      expect(first.messages.findIndex((m) => m.t === 'note')).toBeGreaterThan(first.messages.findIndex((m) => m.t === 'state'));
      first.close();
      // Once: opening it again, and Show my hand (markPresent) after it, suggest nothing more.
      const again = await openActivity(who, instanceId);
      expect(stateOf(again.messages)?.table.id).toBe(tableId);
      expect(notesOf(again.messages)).toEqual([]);
      again.close();
      const hand = await service.play.markPresent(tableId, who);
      expect(hand.ok && hand.value.firstLook).toBeFalsy();
    }
    // Whoever is to act may ask 💡 Hint at this rated table: they are at their first table of NOIR.
    const cleoState = stateOf((await openActivity(cleo, instanceId)).messages)!;
    const daniState = stateOf((await openActivity(dani, instanceId)).messages)!;
    const acting = [cleoState, daniState].filter((s) => s.yourTurn);
    expect(acting.length).toBeGreaterThan(0);
    for (const s of acting) expect(s.hint).toBe(true);
  });

  it('a player who has finished a game of it gets no first-table note', async () => {
    const eve = actor(5, 'Eve');
    const fay = actor(6, 'Fay');
    const channelId = '600000000000000003';
    const instanceId = inInstance(channelId, [
      { actor: eve, locale: 'en-US' },
      { actor: fay, locale: 'en-US' },
    ]);
    // Eve finishes a NOIR game (she leaves it: a finished game of it, docs/lessons.md), then both start another.
    const play = async (): Promise<number> => {
      const opened = await service.lobby.createTable({ guildId: GUILD, channelId, game: 'noir', host: eve, options: {} });
      if (!opened.ok) throw new Error(JSON.stringify(opened.error));
      expect((await service.lobby.join(opened.value.table.id, fay)).ok).toBe(true);
      expect((await service.lobby.start(opened.value.table.id, eve)).ok).toBe(true);
      return opened.value.table.id;
    };
    const before = await play();
    const left = await service.play.leaveGame(before, eve);
    expect(left.ok && left.value.table.status).toBe('finished');
    const tableId = await play();
    const shown = await openActivity(eve, instanceId);
    expect(stateOf(shown.messages)?.table.id).toBe(tableId);
    expect(notesOf(shown.messages)).toEqual([]);
    shown.close();
    // Fay finished that game too (she won it by forfeit): no note for her either.
    const hers = await openActivity(fay, instanceId);
    expect(notesOf(hers.messages)).toEqual([]);
    hers.close();
  });
});
