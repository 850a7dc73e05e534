/**
 * End-to-end helpers: start the real bot (createApp) against the local Discord emulator,
 * find a table's board and a player's panel, list the game actions a message offers (by
 * decoding its buttons and select options exactly as the router does) and click them.
 * Scripted users only ever click components that are present on messages they can see.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createApp, type App, type AppOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { decodeCustomId } from '../../src/discord/custom-id.js';
import type { AnyGameDefinition } from '../../src/games/engine.js';
import { silentLogger } from '../../src/logger.js';
import {
  allComponents,
  type DiscordEmulator,
  type EmulatedMessage,
  type EmulatedUser,
  type InteractionResult,
} from '../../src/local/emulator/index.js';

/** A temporary folder for a test database; `cleanup()` removes it. */
export function tempDir(prefix = 'rh-e2e-'): { dir: string; dbPath: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, dbPath: join(dir, 'bot.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Text boards and panels for everyone (README "Pictures"), for a test file that reads what a
 * player reads on the board or a hand as text: `startBot(emu, dbPath, { textBoards:
 * TEXT_BOARDS_ONLY })`. Without it the bot draws as in production (pictures, unless a server or
 * a user chose text), so the suite proves what a real server sees. Which files keep pictures,
 * and why the others opt in (CPU measured): docs/discord-conformance.md "Permissions".
 */
export const TEXT_BOARDS_ONLY = { guild: () => true, user: () => true };

/**
 * Start the bot on `emu` with the database at `dbPath`, production's defaults (pictures) unless
 * `opts` says otherwise (e.g. `textBoards: TEXT_BOARDS_ONLY`); its commands are registered on the
 * emulator's server unless `globalCommands` (as in production: only those reach DMs). Resolves
 * when it is ready.
 */
export async function startBot(emu: DiscordEmulator, dbPath: string, opts: Partial<AppOptions> & { globalCommands?: boolean } = {}): Promise<App> {
  const { globalCommands, ...appOpts } = opts;
  const config = loadConfig({
    DISCORD_TOKEN: emu.token,
    DISCORD_API_URL: emu.apiBase,
    DATABASE_PATH: dbPath,
    // Commands on the test server (instant), or global ones as in production (`globalCommands`).
    ...(globalCommands ? {} : { DEV_GUILD_ID: emu.guild.id }),
    LOG_LEVEL: 'silent',
  });
  // Pings edited down after a vote coalesce for 1.5 s in production; every settle() would wait that out.
  // Text only: no render workers to warm up (they start with the first picture, if any).
  const app = createApp(config, { logger: silentLogger, pingEditDelayMs: 50, warmPictures: opts.textBoards !== TEXT_BOARDS_ONLY, ...appOpts });
  await app.start();
  return app;
}

/** Wait until the bot has published every change (board edits, pings, panel refreshes). */
export async function settle(app: App): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setImmediate(r));
    await app.context.publisher.settled();
  }
}

/** Assert an interaction was answered within Discord's 3 s, without an error (safe as a `forEach` callback). */
export function answered(r: InteractionResult): InteractionResult {
  return answeredWithin(r, 3000);
}

/**
 * Assert an interaction was answered within `withinMs` (an emulator started with a longer
 * `ackTimeoutMs` may allow more than Discord's 3 s), without an error.
 */
export function answeredWithin(r: InteractionResult, withinMs: number): InteractionResult {
  expect(r.error, `interaction failed: ${JSON.stringify(r.error)}`).toBeUndefined();
  expect(r.callbackType).not.toBeNull();
  expect(r.ackMs!).toBeLessThan(withinMs);
  return r;
}

/**
 * The private panel a "Show my hand" click `r` opened, as its user sees it: the click's reply;
 * or — when the bot answered with a deferred update of the board, lending the click's token to
 * the board (docs/rate-limit.md) — the private follow-up that carries the panel (waited for);
 * or — when it acknowledged with a deferred private reply ("thinking…") while the hand's
 * picture was drawn — that reply once the panel is edited in (waited for, up to 10 s).
 */
export async function panelOf(r: InteractionResult): Promise<EmulatedMessage | undefined> {
  if (r.callbackType === 6) return r.firstFollowUp();
  if (r.callbackType === 5) return eventually(async () => (r.message && (r.message.flags & LOADING_FLAG) === 0 ? r.message : null), 'the deferred panel', 10_000);
  return r.message;
}

/** Message flag LOADING (1 << 7): a deferred interaction response still "thinking". */
const LOADING_FLAG = 128;

/**
 * The text a user reads in a message: content, embed titles and descriptions, Text Displays
 * (Components V2) and the alt text of its pictures (Media Gallery items, Thumbnails: what a
 * screen reader reads, and what the picture shows).
 */
export function textOf(m: EmulatedMessage | undefined): string {
  if (!m) return '';
  const embeds = ((m.embeds ?? []) as { title?: string; description?: string }[]).map((e) => `${e.title ?? ''}\n${e.description ?? ''}`);
  return [m.content ?? '', ...embeds, ...textDisplays((m.components ?? []) as unknown[])].join('\n');
}

/** The contents of every Text Display (type 10) and picture description (Media Gallery 12, Thumbnail 11) among `components`, nested ones included. */
function textDisplays(components: unknown[]): string[] {
  const out: string[] = [];
  for (const c of components as { type?: number; content?: string; description?: string; items?: { description?: string }[]; components?: unknown[]; accessory?: unknown }[]) {
    if (c.type === 10 && c.content) out.push(c.content);
    if (c.type === 11 && c.description) out.push(c.description);
    if (c.type === 12) for (const item of c.items ?? []) if (item.description) out.push(item.description);
    if (Array.isArray(c.components)) out.push(...textDisplays(c.components));
    if (c.accessory) out.push(...textDisplays([c.accessory]));
  }
  return out;
}

/** True for a message with an embed or a Components V2 Container (a lobby, board or panel). */
function drawn(m: EmulatedMessage): boolean {
  return (m.embeds?.length ?? 0) > 0 || ((m.components ?? []) as { type?: number }[]).some((c) => c.type === 17);
}

/** The table id of a lobby / board message (from its title "… table #N …", "… mesa #N …" in Spanish). */
export function tableIdOf(m: EmulatedMessage | undefined): number {
  const match = /(?:table|mesa) #(\d+)/.exec(textOf(m));
  if (!match) throw new Error(`no table id in message: ${textOf(m).slice(0, 200)}`);
  return Number(match[1]);
}

/** The current public board (or lobby) of table `id` in a channel. */
export function boardOf(emu: DiscordEmulator, id: number, channelId = emu.channel): EmulatedMessage {
  const m = emu
    .messages(channelId)
    .filter((x) => drawn(x) && new RegExp(`(?:table|mesa) #${id}\\b`).test(textOf(x)))
    .at(-1);
  if (!m) throw new Error(`no board for table #${id}`);
  return m;
}

/** A game action offered by a message: how to trigger it, and what it decodes to. */
export interface Offer<A = any> {
  action: A;
  /** Button custom_id, or the select's custom_id. */
  customId: string;
  /** For a select option: the option value. */
  value?: string;
  label: string;
}

/** Every game action a message offers (buttons and select options), decoded. */
export function offers<A = any>(m: EmulatedMessage, def: AnyGameDefinition): Offer<A>[] {
  const out: Offer<A>[] = [];
  for (const found of allComponents(m)) {
    const c = found.component as { custom_id?: unknown; disabled?: boolean; label?: string; options?: { value: string; label: string }[] };
    if (typeof c.custom_id !== 'string' || c.disabled) continue;
    const id = decodeCustomId(c.custom_id);
    if (!id) continue;
    if (id.kind === 'game') {
      const action = def.decodeAction(id.code);
      if (action) out.push({ action, customId: c.custom_id, label: c.label ?? '' });
    } else if (id.kind === 'select') {
      for (const o of c.options ?? []) {
        const action = def.decodeAction(o.value);
        if (action) out.push({ action, customId: c.custom_id, value: o.value, label: o.label });
      }
    }
  }
  return out;
}

/** Perform an offer as `user` on message `m` (click the button or pick the option). */
export function perform(user: EmulatedUser, m: EmulatedMessage, offer: Offer): Promise<InteractionResult> {
  return offer.value !== undefined ? user.select(m, offer.customId, [offer.value]) : user.click(m, offer.customId);
}

/** Current version of a message (after the bot's edits). */
export function fresh(emu: DiscordEmulator, m: EmulatedMessage): EmulatedMessage {
  const now = emu.message(m.id);
  if (!now) throw new Error(`message ${m.id} is gone`);
  return now;
}

/** Options of `playOut`. */
export interface PlayOutOptions<A> {
  emu: DiscordEmulator;
  /** The running bot (a function: it changes across a restart). */
  app: () => App;
  tableId: number;
  users: EmulatedUser[];
  def: AnyGameDefinition;
  /** The board message (found again if the bot re-posted it). */
  channelId?: string;
  /** Choose among the legal actions offered to `seat`; default: a seeded random choice. */
  choose?: (offers: Offer<A>[], state: any, seat: number) => Offer<A> | undefined;
  /** Stop early when this returns (or resolves to) true (default: when the table is no longer active). */
  until?: () => boolean | Promise<boolean>;
  /** Give up after this many game clicks (default 2,000). */
  maxClicks?: number;
  /** Seed of the random choices. */
  seed?: number;
  /** Called with every interaction result (latency bookkeeping). */
  track?: (r: InteractionResult) => void;
  /** The ack time every click must stay under, ms (default 3,000: `answered`). */
  ackWithinMs?: number;
}

/**
 * Play a table by clicking, the way its players would: whoever the game waits for opens
 * their hand from the board (or reuses a panel that is still current), and clicks one of
 * the legal actions their panel or the board offers. Returns the number of game clicks.
 * Throws if a seat that must act is offered nothing, or the game does not finish in time.
 */
export async function playOut<A = any>(o: PlayOutOptions<A>): Promise<number> {
  const { Rng } = await import('../../src/games/rng.js');
  const { seatsToAct } = await import('../../src/games/engine.js');
  const rng = Rng.seeded(o.seed ?? 7);
  const panels = new Map<string, EmulatedMessage>();
  const max = o.maxClicks ?? 2000;
  const store = () => o.app().context.store;
  const done = o.until ?? (async () => (await store().table(o.tableId))!.status !== 'active');
  const track = (r: InteractionResult) => {
    answeredWithin(r, o.ackWithinMs ?? 3000);
    o.track?.(r);
    return r;
  };
  let clicks = 0;
  while (!(await done())) {
    if (clicks >= max) throw new Error(`table #${o.tableId} did not finish within ${max} clicks`);
    await settle(o.app());
    const table = (await store().table(o.tableId))!;
    if (table.status !== 'active') break;
    const pending = o.def.pending(table.state);
    const step = pending.step.toString(36);
    const current = (x: Offer) => x.customId.split(':')[3] === step;
    const seat = rng.pick(seatsToAct(pending));
    const row = (await store().seats(o.tableId)).find((s) => s.seat === seat)!;
    const user = o.users.find((u) => u.id === row.userId)!;
    const board = boardOf(o.emu, o.tableId, o.channelId ?? o.emu.channel);
    let panel = panels.get(user.id) && o.emu.message(panels.get(user.id)!.id);
    if (!panel || !offers(panel, o.def).some(current)) {
      panel = (await panelOf(track(await user.click(board, 'Show my hand'))))!;
      panels.set(user.id, panel);
    }
    const legal = o.def.legalActions(table.state, seat).map((a: unknown) => JSON.stringify(a));
    const isLegal = (x: Offer) => current(x) && legal.includes(JSON.stringify(x.action));
    const fromPanel = offers<A>(panel, o.def).filter(isLegal).map((x) => ({ ...x, msg: panel! }));
    const fromBoard = offers<A>(board, o.def).filter(isLegal).map((x) => ({ ...x, msg: board }));
    const all = [...fromPanel, ...fromBoard];
    if (all.length === 0) throw new Error(`seat ${seat} must act at step ${pending.step} but nothing legal is offered: ${textOf(panel)}`);
    const pick = o.choose?.(all, table.state, seat) ?? rng.pick(all);
    const chosen = all.find((x) => x.customId === pick.customId && x.value === pick.value) ?? all[0]!;
    const r = track(await perform(user, chosen.msg, chosen));
    if (r.message?.ephemeral) panels.set(user.id, r.message);
    clicks += 1;
  }
  return clicks;
}

/**
 * NOIR players who know where to look (the test peeks at the state to choose, then clicks):
 * the Inspector arrests the Killer when adjacent, the Killer kills when it can; otherwise
 * they shift, exonerate or disguise at random. A `choose` for `playOut`.
 */
export function noirChoice(o: Offer[], s: { killerIdentity: number; killerSeat: number }, seat: number): Offer | undefined {
  const type = (x: Offer) => (x.action as { type: string }).type;
  if (seat !== s.killerSeat) {
    const hit = o.find((x) => (type(x) === 'arrest' || type(x) === 'citizen') && (x.action as { suspect?: number; target?: number }).suspect === s.killerIdentity);
    if (hit) return hit;
    return o.find((x) => type(x) === 'choose') ?? o.find((x) => type(x) === 'discard');
  }
  return o.find((x) => type(x) === 'kill');
}

/**
 * Poll an async read (e.g. of the store) every 10 ms until it returns a truthy value; rejects
 * after `timeoutMs` (default 5 s) naming `what`.
 */
export async function eventually<T>(read: () => Promise<T>, what = 'a stored value', timeoutMs = 5000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
