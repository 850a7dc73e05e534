/**
 * Words about Discord itself (docs/discord-conformance.md): `/admin check`, the report of what
 * the bot may do in a channel and whether its parts work.
 */
export const platform = {
  /** Under a text board drawn because the bot may not attach files in the channel. */
  noFilesNote: '📝 Text board: I may not attach files in this channel, so the picture is left out. A server admin can allow **Attach Files** (`/admin check` shows what is missing).',
  /** Told privately to the host, once, when the board fell back to text. */
  noFilesHost: (tableId: number) =>
    `📝 Table #${tableId}: I may no longer attach files in this channel, so its board is shown as text from now on. Ask a server admin to allow **Attach Files** for the Red Herring role (\`/admin check\` shows what is missing).`,
  /** Told privately to the host, once, when the bot may no longer post or edit the board in the table's channel. */
  blockedHost: (tableId: number) =>
    `⚠️ Table #${tableId}: I may no longer post or edit messages in this channel, so its board stays as it is. Moves still count (your hand shows the game). Ask a server admin to give the Red Herring role **View Channel**, **Send Messages** and **Embed Links** here (\`/admin check\` shows what is missing); the board comes back by itself.`,
  check: {
    title: (channel: string) => `🩺 **Red Herring check** for ${channel}`,
    kinds: {
      text: 'a text channel',
      voice: "a voice channel's text chat",
      announcement: 'an announcement channel',
      thread: 'a thread',
      privateThread: 'a private thread',
      forumPost: 'a forum post',
      other: 'a channel tables cannot use',
    } as Record<string, string>,
    kindLine: (kind: string) => `This is ${kind}.`,
    permissionsHead: '**What a table needs here**',
    permissionOk: (name: string) => `✅ ${name}`,
    permissionMissing: (name: string, why: string) => `❌ **${name}** — ${why}`,
    /** Why each permission is needed (by Discord's English permission name key). */
    why: {
      ViewChannel: 'I cannot see this channel at all.',
      SendMessages: 'I cannot post the board or turn pings (and without it Discord also ignores Embed Links and Attach Files).',
      SendMessagesInThreads: 'I cannot post the board or turn pings in a thread (Send Messages does not count in threads).',
      EmbedLinks: 'the text boards cannot be shown.',
      AttachFiles: 'the board pictures cannot be posted: boards fall back to text.',
    } as Record<string, string>,
    impliedBySend: (name: string) => `(allowed, but ignored by Discord without ${name})`,
    fixChannel: 'To fix it: Edit Channel → Permissions → the **Red Herring** role → allow what is missing (or allow it for the role in Server Settings → Roles).',
    fixThread: "To fix it: threads use their parent channel's permissions — Edit Channel on the parent → Permissions → the **Red Herring** role → allow what is missing.",
    allPermissions: 'Everything a table needs is allowed here.',
    threadsHead: '**For `thread:` tables and tournaments** (a thread per table, started from this channel)',
    /** Why each permission for tables in their own threads is needed (by Discord's English permission name key). */
    whyThreads: {
      CreatePublicThreads: '`/<game> new thread:` and tournaments cannot open their threads here (tables played in this channel itself are not affected).',
      SendMessagesInThreads: 'the boards and turn pings cannot be posted in the threads opened here.',
    } as Record<string, string>,
    allThreadPermissions: 'Tables in their own threads and tournaments can be opened here.',
    archived: '🗄️ This thread is archived: posting a message unarchives it, and the bot does so before it updates a board.',
    locked: '🔒 This thread is locked: the bot can neither post nor update a board here (it would need Manage Threads). Unlock it or use another channel.',
    commandsHead: '**Commands**',
    commandsOk: (count: number, scope: string) => `✅ all ${count} commands are registered ${scope}.`,
    commandsMissing: (missing: string, scope: string) => `❌ not registered ${scope}: ${missing}. Restart the bot or run \`npm run deploy-commands\`.`,
    commandsUnknown: (reason: string) => `⚠️ Discord did not say which commands are registered (${reason}).`,
    scopeGlobal: 'globally',
    scopeGuild: 'on this server',
    databaseHead: '**Database**',
    databaseOk: (ms: number) => `✅ answered in ${ms} ms.`,
    databaseFailed: (reason: string) => `❌ did not answer (${reason}): moves cannot be stored. Check the database server and the bot's logs.`,
    picturesHead: '**Pictures**',
    picturesOk: (ms: number) => `✅ a test picture was drawn in ${ms} ms.`,
    picturesText: '📝 This server shows text boards (`/admin settings text-boards`); players can still choose pictures for their own hands.',
    picturesFailed: (reason: string) => `❌ the test picture failed (${reason}): boards and hands fall back to text.`,
    budgetHead: "**Discord's request budget**",
    budgetShare: (perSecond: number, share: string) =>
      `This process spends at most **${perSecond}** of the 50 requests a second Discord allows the bot (REST_GLOBAL_SHARE=${share}).`,
    budgetSharedProxy: (url: string) =>
      `Requests go through the REST proxy at ${url} (DISCORD_REST_PROXY), which keeps the one budget for every host of the bot: each host may send up to 50 a second, and the proxy lets through at most 50 a second for all of them.`,
    budgetProxy: (url: string) => `Requests go through ${url} (DISCORD_API_URL): with a shared proxy, it keeps the one budget for every process of the bot.`,
    failedReason: {
      timeout: 'no answer in time',
    } as Record<string, string>,
  },
} as const;
