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
} from '../support/emulator/index.js';

/** A temporary folder for a test database; `cleanup()` removes it. */
export function tempDir(prefix = 'rh-e2e-'): { dir: string; dbPath: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, dbPath: join(dir, 'bot.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Start the bot on `emu` with the database at `dbPath`; resolves when it is ready. */
export async function startBot(emu: DiscordEmulator, dbPath: string, opts: Partial<AppOptions> = {}): Promise<App> {
  const config = loadConfig({
    DISCORD_TOKEN: emu.token,
    DISCORD_API_URL: emu.apiBase,
    DATABASE_PATH: dbPath,
    DEV_GUILD_ID: emu.guild.id,
    LOG_LEVEL: 'silent',
  });
  const app = createApp(config, { logger: silentLogger, ...opts });
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

/** Assert an interaction was answered in time, without an error. */
export function answered(r: InteractionResult): InteractionResult {
  expect(r.error, `interaction failed: ${JSON.stringify(r.error)}`).toBeUndefined();
  expect(r.callbackType).not.toBeNull();
  expect(r.ackMs!).toBeLessThan(3000);
  return r;
}

/** The text a user reads in a message: content, embed titles and descriptions. */
export function textOf(m: EmulatedMessage | undefined): string {
  if (!m) return '';
  const embeds = ((m.embeds ?? []) as { title?: string; description?: string }[]).map((e) => `${e.title ?? ''}\n${e.description ?? ''}`);
  return [m.content ?? '', ...embeds].join('\n');
}

/** The table id of a lobby / board message (from its title "… table #N …"). */
export function tableIdOf(m: EmulatedMessage | undefined): number {
  const match = /table #(\d+)/.exec(textOf(m));
  if (!match) throw new Error(`no table id in message: ${textOf(m).slice(0, 200)}`);
  return Number(match[1]);
}

/** The current public board (or lobby) of table `id` in a channel. */
export function boardOf(emu: DiscordEmulator, id: number, channelId = emu.channel): EmulatedMessage {
  const m = emu
    .messages(channelId)
    .filter((x) => (x.embeds?.length ?? 0) > 0 && new RegExp(`table #${id}\\b`).test(textOf(x)))
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
