/**
 * `/admin check` (README "Before your first real game"; docs/discord-conformance.md): a private
 * report, for the channel it is used in, of what the bot may do there against what a table
 * needs — each permission, why it matters and how to grant it (threads take their parent's) —
 * the thread's state, whether Discord holds every command the bot registers, whether the
 * database answers, whether a picture can be drawn, and this process's share of Discord's
 * request budget. Reads only: it changes nothing.
 */
import { ChannelType, PermissionFlagsBits, Routes, type ChatInputCommandInteraction } from 'discord.js';
import { REQUIRED_CHANNEL_PERMISSIONS, REQUIRED_THREAD_PERMISSIONS } from '../discord/interactions/answers.js';
import { canHoldTableThread } from '../discord/interactions/table-thread.js';
import type { AppContext } from '../discord/interactions/context.js';
import { MESSAGE_CONTENT_MAX } from '../discord/render/markup.js';
import type { Catalog } from '../i18n/index.js';
import type { Picture } from '../games/picture.js';
import { piece, SceneBuilder, sceneSvg } from '../games/scene.js';

/** How long the database and the test picture may take before they count as failing, ms (the answer is deferred: the first picture may start the render workers). */
export const CHECK_PROBE_TIMEOUT_MS = 10_000;

/** The kind of channel a table would live in (`developers/resources/channel.mdx` "Channel Types"). */
export type ChannelKindName = 'text' | 'voice' | 'announcement' | 'thread' | 'privateThread' | 'forumPost' | 'other';

/** The kind of `channel` as the check names it (a forum post is a thread whose parent is a forum). */
export function channelKind(channel: ChatInputCommandInteraction['channel']): ChannelKindName {
  switch (channel?.type) {
    case ChannelType.GuildText:
      return 'text';
    case ChannelType.GuildVoice:
      return 'voice';
    case ChannelType.GuildAnnouncement:
      return 'announcement';
    case ChannelType.PrivateThread:
      return 'privateThread';
    case ChannelType.PublicThread:
    case ChannelType.AnnouncementThread:
      return channel.parent?.type === ChannelType.GuildForum ? 'forumPost' : 'thread';
    default:
      return 'other';
  }
}

/** A probe's outcome: how long it took, or why it failed. */
type Probe = { ok: true; ms: number } | { ok: false; reason: string };

/** Run `work`, timed, failing after CHECK_PROBE_TIMEOUT_MS. Never rejects. */
async function probe(work: () => Promise<unknown>, text: Catalog): Promise<Probe> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(text.platform.check.failedReason.timeout)), CHECK_PROBE_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Math.max(1, Math.round(performance.now() - started)) };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The permission lines: each permission a table needs in this kind of channel, allowed or
 * not, with why; a permission allowed but ignored because the permission to send is missing
 * (`developers/topics/permissions.mdx` "Implicit Permissions") counts as missing.
 */
function permissionLines(interaction: ChatInputCommandInteraction, text: Catalog, thread: boolean): { lines: string[]; missing: number } {
  const t = text.platform.check;
  const names = text.common.permissions;
  const required = thread ? REQUIRED_THREAD_PERMISSIONS : REQUIRED_CHANNEL_PERMISSIONS;
  const send = thread ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages;
  const granted = interaction.appPermissions;
  const sendName = names[thread ? 'SendMessagesInThreads' : 'SendMessages'] ?? '';
  let missing = 0;
  const lines = Object.entries(required).map(([key, bit]) => {
    const name = names[key] ?? key;
    if (!granted?.has(bit)) {
      missing += 1;
      return t.permissionMissing(name, t.why[key] ?? '');
    }
    const implied = (bit === PermissionFlagsBits.EmbedLinks || bit === PermissionFlagsBits.AttachFiles) && !granted.has(send);
    if (implied) {
      missing += 1;
      return `${t.permissionMissing(name, t.why[key] ?? '')} ${t.impliedBySend(sendName)}`;
    }
    return t.permissionOk(name);
  });
  return { lines, missing };
}

/**
 * What tables in their own threads need besides a table's permissions (README "Where tables can
 * live"): start a public thread here (Create Public Threads: discord-api-docs
 * `developers/resources/channel.mdx` "Start Thread from Message", "Start Thread without Message")
 * and post in it (Send Messages in Threads: `developers/topics/permissions.mdx` "Inherited
 * Permissions (Threads)"). Used by `/<game> new thread:` (TABLE_THREAD_PERMISSIONS) and
 * tournaments (TOURNAMENT_CHANNEL_PERMISSIONS).
 */
export const THREAD_TABLE_EXTRA_PERMISSIONS = {
  CreatePublicThreads: PermissionFlagsBits.CreatePublicThreads,
  SendMessagesInThreads: PermissionFlagsBits.SendMessagesInThreads,
} as const;

/** The lines for tables in their own threads (a text or announcement channel only: other kinds cannot start them); how many are missing. */
function threadTableLines(interaction: ChatInputCommandInteraction, text: Catalog): { lines: string[]; missing: number } {
  const t = text.platform.check;
  const names = text.common.permissions;
  let missing = 0;
  const lines = Object.entries(THREAD_TABLE_EXTRA_PERMISSIONS).map(([key, bit]) => {
    const name = names[key] ?? key;
    if (interaction.appPermissions?.has(bit)) return t.permissionOk(name);
    missing += 1;
    return t.permissionMissing(name, t.whyThreads[key] ?? '');
  });
  return { lines, missing };
}

/** The commands line: whether Discord holds every command this process registers, in its scope. */
async function commandLine(interaction: ChatInputCommandInteraction, app: AppContext, text: Catalog): Promise<string> {
  const t = text.platform.check;
  const platform = app.platform;
  if (!platform) return t.commandsUnknown('-');
  const scope = platform.commandGuildId ? t.scopeGuild : t.scopeGlobal;
  try {
    const route = platform.commandGuildId ? Routes.applicationGuildCommands(interaction.applicationId, platform.commandGuildId) : Routes.applicationCommands(interaction.applicationId);
    const registered = new Set(((await app.rest.get(route)) as { name: string }[]).map((command) => command.name));
    const missing = platform.commandNames.filter((name) => !registered.has(name));
    return missing.length === 0 ? t.commandsOk(platform.commandNames.length, scope) : t.commandsMissing(missing.map((name) => `/${name}`).join(', '), scope);
  } catch (err) {
    return t.commandsUnknown(err instanceof Error ? err.message : String(err));
  }
}

/** A test picture no cache holds (the time makes it new), drawn through the render queue like a board. */
function testPicture(): Picture {
  const stamp = Date.now().toString(36);
  // A scene of one piece: the picture pipeline composes scenes only (docs/pictures.md).
  const scene = new SceneBuilder(120, '#1f2937').put(0, 0, piece(120, 40, `<text x="8" y="26" font-size="16" fill="#f9fafb">check ${stamp}</text>`)).finish(40);
  return { svg: sceneSvg(scene), scene, width: 120, height: 40, alt: 'check' };
}

/**
 * The report of `/admin check` in `text`'s language for `interaction`'s channel (at most
 * MESSAGE_CONTENT_MAX characters). Asks Discord for the registered commands (one read), the
 * store for one row, and the picture maker for one test picture; never throws.
 */
export async function adminCheckReport(interaction: ChatInputCommandInteraction, app: AppContext, text: Catalog): Promise<string> {
  const t = text.platform.check;
  const kind = channelKind(interaction.channel);
  const channel = interaction.channel;
  const thread = !!channel?.isThread();
  const out: string[] = [t.title(`<#${interaction.channelId}>`), t.kindLine(t.kinds[kind] ?? kind), '', t.permissionsHead];
  const permissions = permissionLines(interaction, text, thread);
  out.push(...permissions.lines);
  out.push(permissions.missing === 0 ? t.allPermissions : thread ? t.fixThread : t.fixChannel);
  if (!thread && canHoldTableThread(channel) && kind !== 'other') {
    const threads = threadTableLines(interaction, text);
    out.push('', t.threadsHead, ...threads.lines, threads.missing === 0 ? t.allThreadPermissions : t.fixChannel);
  }
  if (channel?.isThread() && channel.locked && !interaction.appPermissions?.has(PermissionFlagsBits.ManageThreads)) out.push(t.locked);
  else if (channel?.isThread() && channel.archived) out.push(t.archived);
  const [commands, database, pictures, textBoards] = await Promise.all([
    commandLine(interaction, app, text),
    probe(() => app.store.table(0), text),
    probe(() => app.publisher.pictures.fromDrawing(testPicture(), 'check.png'), text),
    interaction.guildId ? app.store.guildTextBoards(interaction.guildId).catch(() => false) : Promise.resolve(false),
  ]);
  out.push('', t.commandsHead, commands);
  out.push('', t.databaseHead, database.ok ? t.databaseOk(database.ms) : t.databaseFailed(database.reason));
  out.push('', t.picturesHead, pictures.ok ? t.picturesOk(pictures.ms) : t.picturesFailed(pictures.reason));
  if (textBoards) out.push(t.picturesText);
  if (app.platform) {
    out.push('', t.budgetHead, t.budgetShare(app.platform.restPerSecond, String(app.platform.restShare)));
    if (app.platform.restProxyUrl) out.push(t.budgetSharedProxy(app.platform.restProxyUrl));
    else if (app.platform.apiUrl) out.push(t.budgetProxy(app.platform.apiUrl));
  }
  return out.join('\n').slice(0, MESSAGE_CONTENT_MAX);
}
