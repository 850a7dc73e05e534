/**
 * Shared pieces of the fault suite (faults.test.ts, faults-pg.test.ts; README "What happens
 * when…"): Tally tables (test/support/toy-game.ts) played by clicking, a move that checks it
 * was stored, counts of what happened during a fault, and the fault windows — short for CI,
 * long under `npm run chaos` (FAULT_SCALE, e.g. 5 = five times as long).
 */
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import { catalogFor } from '../../src/i18n/index.js';
import type { DiscordEmulator, EmulatedUser, InteractionResult, RecordedRequest } from '../../src/local/emulator/index.js';
import { tallyDefinition, tallyModule, type TallyState } from '../support/toy-game.js';
import { answered, boardOf, fresh, settle, tableIdOf, textOf, panelOf } from './harness.js';

/** How much longer every fault window runs (`npm run chaos` sets FAULT_SCALE). */
export const FAULT_SCALE = Math.max(1, Number(process.env.FAULT_SCALE ?? 1) || 1);

/** A fault window of `ms` at CI scale, scaled for chaos runs, ms. */
export const windowMs = (ms: number): number => Math.round(ms * FAULT_SCALE);

/** The plain answer while the database is away or full, per language. */
export const UNREACHABLE = { en: catalogFor('en-US').common.errors.tableUnreachable, es: catalogFor('es-ES').common.errors.tableUnreachable };

/** A Tally table being played: its id, channel and players in seat order. */
export interface Table {
  id: number;
  channelId: string;
  users: EmulatedUser[];
}

/** Open and start a 3-player Tally table in a fresh channel; `turnSeconds` is its turn timer. */
export async function openTable(emu: DiscordEmulator, app: App, users: EmulatedUser[], name: string, turnSeconds = 600): Promise<Table> {
  const channelId = emu.addChannel(name);
  const [host, ...rest] = users;
  const lobby = answered(await host!.slash('tally new', { seats: users.length, 'turn-timer': turnSeconds }, { channelId })).message!;
  for (const user of rest) answered(await user.click(lobby, 'Join'));
  await settle(app);
  answered(await host!.click(fresh(emu, lobby), 'Start'));
  await settle(app);
  const id = tableIdOf(lobby);
  const seats = await app.context.store.seats(id);
  const bySeat = [...seats].sort((a, b) => a.seat! - b.seat!).map((row) => users.find((u) => u.id === row.userId)!);
  return { id, channelId, users: bySeat };
}

/**
 * Open and start a 3-player Tally table in a fresh channel through the table service, with
 * every timer (turn, race, vote) `seconds` long — shorter than the slash command allows for
 * the race — and wait for its board.
 */
export async function openTimedTable(emu: DiscordEmulator, app: App, users: EmulatedUser[], name: string, seconds: number): Promise<Table> {
  const channelId = emu.addChannel(name);
  const actor = (user: EmulatedUser) => ({ userId: user.id, displayName: user.name, canManageGuild: false });
  const options = { turnSeconds: seconds, reactionSeconds: seconds, voteSeconds: seconds };
  const created = await app.context.service.lobby.createTable({ guildId: emu.guild.id, channelId, game: tallyModule.id, host: actor(users[0]!), options, maxSeats: users.length });
  if (!created.ok) throw new Error(`could not open the table: ${created.error.code}`);
  const id = created.value.table.id;
  for (const user of users.slice(1)) expect((await app.context.service.lobby.join(id, actor(user))).ok).toBe(true);
  expect((await app.context.service.lobby.start(id, actor(users[0]!))).ok).toBe(true);
  await settle(app);
  const seats = await app.context.store.seats(id);
  return { id, channelId, users: [...seats].sort((a, b) => a.seat! - b.seat!).map((row) => users.find((u) => u.id === row.userId)!) };
}

/** The next click of the player the table waits for: who, on which message, which button. */
export async function nextClick(emu: DiscordEmulator, app: App, table: Table): Promise<{ user: EmulatedUser; click: () => Promise<InteractionResult> }> {
  const row = (await app.context.store.table(table.id))!;
  const pending = tallyDefinition.pending(row.state as TallyState);
  const board = boardOf(emu, table.id, table.channelId);
  // Through the player's panel (opened from the board's "Show my hand"): the board may be
  // stale while Discord refuses its edits, the panel is answered through the interaction.
  const [user, label] =
    pending.kind === 'turn'
      ? [table.users[pending.seat]!, 'add:1']
      : pending.kind === 'race'
        ? [table.users[pending.seats[0]!]!, 'pass']
        : pending.kind === 'simultaneous'
          ? [table.users[pending.waiting[0]!]!, 'vote:0']
          : [undefined, ''];
  if (user) {
    return {
      user,
      click: async () => {
        const hand = await user.click(board, 'Show my hand');
        const panel = await panelOf(hand);
        // Refused (the database away or full): that answer is the click's answer.
        if (!panel?.ephemeral || !panel.components?.length) return hand;
        return user.click(panel, label);
      },
    };
  }
  throw new Error(`table #${table.id} is over`);
}

/**
 * Play one move by clicking and check it was acknowledged and stored: answered in time, and
 * the table's action log one longer (the commit precedes the answer). Returns the result.
 */
export async function playMove(emu: DiscordEmulator, app: App, table: Table): Promise<InteractionResult> {
  const before = (await app.context.store.table(table.id))!.lastSeq;
  const { click } = await nextClick(emu, app, table);
  const r = answered(await click());
  const after = (await app.context.store.table(table.id))!.lastSeq;
  expect(after, `move on table #${table.id} stored`).toBe(before + 1);
  return r;
}

/** Whether a click was answered privately with the plain "can't be reached" text (in `lang`). */
export function answeredUnreachable(r: InteractionResult, lang: 'en' | 'es' = 'en'): boolean {
  return !r.error && r.callbackType !== null && (r.ackMs ?? Infinity) < 3000 && Boolean(r.message?.ephemeral) && textOf(r.message) === UNREACHABLE[lang];
}

/** Requests the emulator answered from index `from` on. */
export function requestsSince(emu: DiscordEmulator, from: number): RecordedRequest[] {
  return emu.requests.slice(from);
}

/** Invalid requests in the sense of Discord's 10,000 per 10 minutes limit: answers 401, 403 and 429. */
export function invalidRequests(requests: readonly RecordedRequest[]): number {
  return requests.filter((r) => r.status === 401 || r.status === 403 || r.status === 429).length;
}

/** Bot requests on non-interaction routes (the ones a REST fault refuses). */
export function botRequests(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((r) => !r.route.includes('/interactions/') && !r.route.includes('/webhooks/') && r.route !== '?');
}

/** What happened during one fault, printed by `report` (the closing numbers of README "What happens when…"). */
export interface FaultCounts {
  fault: string;
  windowMs: number;
  clicks: number;
  clicksAnswered: number;
  movesAcknowledged: number;
  movesKept: number;
  requestsDuringFault: number;
  invalidRequests: number;
  extra?: Record<string, number | string>;
}

/** Print one fault's counts as a line (`npm run chaos` collects them). */
export function report(counts: FaultCounts): void {
  const extra = Object.entries(counts.extra ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  process.stdout.write(
    `[fault] ${counts.fault} (${(counts.windowMs / 1000).toFixed(1)} s): clicks answered ${counts.clicksAnswered}/${counts.clicks}, moves kept ${counts.movesKept}/${counts.movesAcknowledged}, requests during the fault ${counts.requestsDuringFault}, invalid (401/403/429) ${counts.invalidRequests}${extra ? `, ${extra}` : ''}\n`,
  );
}

/** A logger keeping every line at `level` or above (parsed), for counting error lines. */
export function capturingLogger(level = 'warn'): { logger: Logger; lines: { level: number; msg: string; trouble?: string }[] } {
  const lines: { level: number; msg: string; trouble?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

/** Error-level lines (pino level 50) of a capturing logger. */
export const errorLines = (lines: { level: number }[]) => lines.filter((line) => line.level >= 50);

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
