/**
 * Words about Discord itself (docs/discord-conformance.md): `/admin check`, the report of what
 * the bot may do in a channel and whether its parts work.
 */
export const platform = {
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
    budgetProxy: (url: string) => `Requests go through ${url} (DISCORD_API_URL): with a shared proxy, it keeps the one budget for every process of the bot.`,
    failedReason: {
      timeout: 'no answer in time',
    } as Record<string, string>,
  },
} as const;
