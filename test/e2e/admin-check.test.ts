/**
 * `/admin check` end to end (src/commands/admin-check.ts; README "Before your first real
 * game"), in English and Spanish: the real bot against the emulator with production's
 * permissions. In a channel where everything is allowed it says so and reports the commands,
 * the database, a test picture and the request budget; where a permission is missing it names
 * it, why it matters and how to grant it (a thread: on its parent); a permission Discord
 * ignores without Send Messages counts as missing. Only members with Manage Server get it.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { DEFAULT_BOT_PERMISSIONS, DiscordEmulator, type EmulatedUser } from '../../src/local/emulator/index.js';
import { answered, startBot, tempDir, textOf } from './harness.js';

describe('/admin check', () => {
  let emu: DiscordEmulator;
  let app: App;
  let admin: EmulatedUser;
  let admina: EmulatedUser;
  const tmp = tempDir('rh-check-');

  beforeAll(async () => {
    emu = await DiscordEmulator.start();
    app = await startBot(emu, tmp.dbPath, { textBoards: undefined });
    admin = emu.addUser('Admin', { permissions: P.ManageGuild });
    admina = emu.addUser('Admina', { permissions: P.ManageGuild, locale: 'es-ES' });
  });

  afterAll(async () => {
    await app?.stop();
    await emu?.stop();
    tmp.cleanup();
  });

  /** `user` runs the check in `channelId` (its Spanish name for a Spanish user); the private report. */
  async function check(user: EmulatedUser, channelId: string): Promise<string> {
    const r = answered(await user.slash(user === admina ? 'admin revisar' : 'admin check', {}, { channelId }));
    expect(r.callbackType).toBe(5); // acknowledged privately first
    const report = await r.filledReply();
    expect(report?.ephemeral).toBe(true);
    return textOf(report);
  }

  it('where everything is allowed: every permission, the commands, the database, a picture, the budget', async () => {
    const report = await check(admin, emu.channel);
    expect(report).toContain('🩺 **Red Herring check**');
    expect(report).toContain('This is a text channel.');
    for (const name of ['View Channel', 'Send Messages', 'Embed Links', 'Attach Files']) expect(report).toContain(`✅ ${name}`);
    expect(report).toContain('Everything a table needs is allowed here.');
    expect(report).toContain('**For `thread:` tables and tournaments**');
    expect(report).toContain('✅ Create Public Threads');
    expect(report).toContain('✅ Send Messages in Threads');
    expect(report).toContain('Tables in their own threads and tournaments can be opened here.');
    expect(report).toMatch(/✅ all \d+ commands are registered on this server\./);
    expect(report).toMatch(/\*\*Database\*\*\n✅ answered in \d+ ms\./);
    expect(report).toMatch(/\*\*Pictures\*\*\n✅ a test picture was drawn in \d+ ms\./);
    expect(report).toContain('This process spends at most **50** of the 50 requests a second Discord allows the bot (REST_GLOBAL_SHARE=1).');
    expect(report).toContain(`Requests go through ${emu.apiBase}`);
    expect(emu.violations).toEqual([]);
  });

  it('names a missing permission, why it matters and how to grant it', async () => {
    const noFiles = emu.addChannel('no-files', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.AttachFiles });
    const report = await check(admin, noFiles);
    expect(report).toContain('❌ **Attach Files** — the board pictures cannot be posted: boards fall back to text.');
    expect(report).toContain('✅ Send Messages');
    expect(report).toContain('Edit Channel → Permissions → the **Red Herring** role');
    // Without Send Messages, Discord ignores Embed Links and Attach Files (allowed, but implied missing).
    const noSend = emu.addChannel('no-send', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.SendMessages });
    const muted = await check(admin, noSend);
    expect(muted).toContain('❌ **Send Messages**');
    expect(muted).toContain('❌ **Attach Files** — the board pictures cannot be posted: boards fall back to text. (allowed, but ignored by Discord without Send Messages)');
    expect(muted).toContain('❌ **Embed Links**');
  });

  it('without Create Public Threads: a table plays here, but `thread:` tables and tournaments cannot; in both languages, with the fix', async () => {
    const noThreads = emu.addChannel('no-threads', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.CreatePublicThreads });
    const report = await check(admin, noThreads);
    expect(report).toContain('Everything a table needs is allowed here.');
    expect(report).toContain('❌ **Create Public Threads** — `/<game> new thread:` and tournaments cannot open their threads here (tables played in this channel itself are not affected).');
    expect(report).toContain('✅ Send Messages in Threads');
    expect(report.split('\n').filter((line) => line.startsWith('To fix it: Edit Channel → Permissions'))).toHaveLength(1);
    const informe = await check(admina, noThreads);
    expect(informe).toContain('Todo lo que una mesa necesita está permitido aquí.');
    expect(informe).toContain('**Para mesas con `hilo:` y torneos**');
    expect(informe).toContain('❌ **Crear hilos públicos** — `/<juego> nueva hilo:` y los torneos no pueden abrir sus hilos aquí');
    expect(informe).toContain('Para arreglarlo: Editar canal → Permisos');
    expect(informe).toContain('Este proceso gasta como mucho'); // the whole report still fits in one message
    // In an announcement channel too (its threads are announcement threads); in a thread or a voice chat no thread can be started: no such lines.
    expect(await check(admin, emu.addChannel('news', { kind: 'announcement', botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.CreatePublicThreads }))).toContain('❌ **Create Public Threads**');
    expect(await check(admin, emu.addThread(noThreads, 'inside', { owner: admin }))).not.toContain('Create Public Threads');
    expect(await check(admin, emu.addChannel('voice-chat', { kind: 'voice' }))).not.toContain('Create Public Threads');
  });

  it('in Spanish, in a thread: Send Messages in Threads, fixed on the parent channel', async () => {
    const parent = emu.addChannel('sin-hilos', { botPermissions: DEFAULT_BOT_PERMISSIONS & ~P.SendMessagesInThreads });
    const thread = emu.addThread(parent, 'partida', { owner: admina });
    const report = await check(admina, thread);
    expect(report).toContain('🩺 **Revisión de Red Herring**');
    expect(report).toContain('Esto es un hilo.');
    expect(report).toContain('❌ **Enviar mensajes en hilos** — no puedo publicar el tablero ni los avisos de turno en un hilo');
    expect(report).toContain('✅ Ver canal');
    // In a thread the permission to send there is Send Messages in Threads: without it Attach Files is ignored too.
    expect(report).toContain('❌ **Adjuntar archivos** — no puedo publicar las imágenes del tablero: los tableros pasan a texto. (permitido, pero Discord lo ignora sin Enviar mensajes en hilos)');
    expect(report).toContain('los hilos usan los permisos de su canal padre');
    expect(report).toMatch(/✅ los \d+ comandos están registrados en este servidor\./);
    expect(report).toMatch(/\*\*Base de datos\*\*\n✅ respondió en \d+ ms\./);
    expect(report).toMatch(/\*\*Imágenes\*\*\n✅ se dibujó una imagen de prueba en \d+ ms\./);
    expect(report).toContain('Este proceso gasta como mucho **50** de las 50 peticiones por segundo');
  });

  it('a forum post and a voice chat are named as such; a member without Manage Server is refused', async () => {
    const post = emu.addThread(emu.addChannel('foro', { kind: 'forum' }), 'Noche de juegos', { owner: admin });
    expect(await check(admin, post)).toContain('This is a forum post.');
    expect(await check(admin, emu.addChannel('voz', { kind: 'voice' }))).toContain("This is a voice channel's text chat.");
    const member = emu.addUser('Member');
    const refused = answered(await member.slash('admin check', {}, { ignoreCommandPermissions: true }));
    expect(refused.message?.ephemeral).toBe(true);
    expect(textOf(refused.message)).not.toContain('🩺');
  });
});
