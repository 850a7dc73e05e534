/** English strings shared by every game: lobby, board frame, panels, errors, commands. */
import { formatters } from '../format.js';

const f = formatters('en');

export const common = {
  /** The catalog's language (BCP 47), for Intl formatting. */
  language: 'en',
  /** Numbers and plurals in this catalog's language. */
  format: f,
  tableRef: (title: string, id: number) => `${title} · table #${id}`,

  lobby: {
    title: (emoji: string, title: string, id: number) => `${emoji} ${title} · table #${id} — lobby`,
    host: (name: string) => `**Host:** ${name}`,
    players: (count: number, max: number) => `**Players (${count}/${max})**`,
    needs: (min: number, max: number) =>
      min === max ? `Needs exactly ${min} players.` : `Needs ${min}–${max} players. The host starts when ready.`,
    expires: (rel: string) => `The lobby closes ${rel} without activity.`,
    options: '**Options**',
    join: 'Join',
    leave: 'Leave',
    start: 'Start',
    cancel: 'Cancel',
    rules: 'Rules',
    joined: (name: string) => `${name} joined.`,
    left: (name: string) => `${name} left.`,
    hostNow: (name: string) => `${name} is the host now.`,
    youJoined: 'You joined the table. Wait for the host to start.',
    youLeft: 'You left the table.',
  },

  board: {
    title: (emoji: string, title: string, id: number) => `${emoji} ${title} · table #${id}`,
    deadline: (rel: string) => `⏰ ${rel}`,
    log: '**Recent moves**',
    showHand: 'Show my hand',
    awayNote: '💤 = away, played automatically until they click again.',
    finished: '**Game over.**',
    closedStatus: '🚫 This table is closed.',
    forfeitStatus: '🏁 Game over — everyone else left the table.',
    leaverFinishedFirstStatus: '🏁 Game over — the seat that finished first had left, so the result ranks the players who stayed.',
    noticeTimeout: (names: string) => `⏰ Out of time: ${names} — the default move was played.`,
    noticeAuto: (names: string) => `🤖 Played automatically: ${names}.`,
    noticeRestarted: (rel: string) => `🔄 The bot was restarted. Nobody could move meanwhile, so the current decision now closes ${rel}.`,
    restarted: '🔄 The bot was restarted; the decision that ran out meanwhile got more time.',
    awayWord: 'away',
    leftWord: 'left',
    leftList: (names: string) => `🚪 Left the game: ${names} (played automatically, ranked last).`,
    cancelled: (by: string | null) => (by ? `**Cancelled** by ${by}. This game is not rated.` : '**Cancelled.** This game is not rated.'),
    cancelledAdmin: (by: string | null) => `**Ended by a server admin**${by ? ` (${by})` : ''}. This game is not rated.`,
    /** `minutes`: how long the lobby waited (30 for a live table; a turn-based one waits its time per move). */
    expired: (minutes: number) =>
      `**The lobby closed** after ${minutes % 60 === 0 && minutes >= 60 ? f.count(minutes / 60, { one: 'hour', other: 'hours' }) : f.count(minutes, { one: 'minute', other: 'minutes' })} without activity.`,
    abandoned: '**Abandoned:** every player left. This game is not rated.',
    abandonedHumansLeft: "**Abandoned:** every person at the table left, and bots don't play on alone. This game is not rated.",
    abandonedAway: (minutes: number, timeouts: number) =>
      `**Abandoned:** nobody played for over ${minutes} minutes — every player was away and let ${timeouts} deadlines in a row pass. This game is not rated; the channel is free for a new table.`,
    /** A table whose place is gone (src/tables/lost.ts), by end reason. */
    lost: {
      'bot-removed': '**Ended:** the bot was removed from this server. This game is not rated.',
      'channel-deleted': '**Ended:** its channel was deleted. This game is not rated.',
      'thread-locked': '**Ended:** its thread was locked, so the bot could no longer post or update the board there. This game is not rated.',
    } as Record<string, string>,
    emptyLobby: '**Closed:** everyone left the lobby.',
    winners: (names: string, count: number) => `🏆 **${f.word(count, { one: 'Winner', other: 'Winners' })}:** ${names}`,
    noWinner: 'No winner this time.',
    placements: '**Final standings**',
    playAgain: '🔁 Play again',
    rematchInvite: (host: string, title: string, mentions: string) =>
      mentions ? `🔁 ${host} opened a new **${title}** table — ${mentions}, click **Join** to play again!` : `🔁 ${host} opened a new **${title}** table.`,
    timedOut: (name: string) => `⏰ ${name} ran out of time; the default move was played.`,
    leftGame: (name: string) => `🚪 ${name} left the game; their seat is played automatically.`,
    yourTurnPing: (mentions: string, title: string, id: number, rel: string) =>
      `🔔 ${mentions} — your move in **${title}** (table #${id}), ${rel}.`,
  },

  rules: {
    title: (emoji: string, title: string) => `${emoji} ${title} — how to play`,
    typicalLength: (parts: string) => `⏱️ **Typical length:** ${parts}`,
    lengthPart: (players: number, minutes: number, low: number, high: number) =>
      `${players} players ≈ ${minutes} min${low === high ? '' : ` (${low}–${high})`}`,
    lengthNote: (seconds: number) =>
      `-# Measured from random games: the middle value (and the middle half) at ${seconds} s per move or vote, with every counter window at its default length. Talkative tables take longer.`,
  },

  panel: {
    title: (emoji: string, title: string, id: number) => `${emoji} ${title} · table #${id} — your hand`,
    where: (channel: string) => `📍 Table in ${channel}`,
    refresh: 'Refresh',
    textVersion: '📝 Text version',
    picturesVersion: '🖼️ Pictures',
    /** ❔ Why (docs/lessons.md): the button, and its private answer's parts. */
    why: '❔ Why',
    whyHeading: (title: string) => `❔ **${title}**`,
    whyMoves: '**Your moves now**',
    whyNothing: 'You have nothing to decide right now: the panel updates when it is your turn again.',
    done: (what: string) => `✅ ${what}`,
    stale: 'ℹ️ The table moved on since that button was drawn — here is your current hand.',
    alreadyDone: 'ℹ️ Already done — your first click counted. Here is your current hand.',
    refreshed: '🔄 Up to date.',
    deadline: (rel: string) => `⏰ Deadline of the current decision: ${rel}.`,
    gameOver: 'See the board for the result.',
    leftSeat: 'You left this game; your seat is played automatically. Until it ends you see only what the board shows.',
    spectator: 'You are not seated at this table.',
    boardBlocked: (perms: string) =>
      `⚠️ I can no longer update the board in this channel (missing **${perms}**). Moves still count; ask a server admin to restore the permission.`,
  },

  errors: {
    generic: 'Something went wrong on our side. Nothing was changed — please try again.',
    /** The database cannot be reached or is full (README "What happens when…"): nothing changed. */
    tableUnreachable: "The table can't be reached right now — nothing was lost. Try again in a moment.",
    malformed: 'That button is not one of ours (or is damaged). Nothing was changed.',
    noTable: 'That table no longer exists.',
    otherChannel: (channelId: string) => `That button belongs to a table in <#${channelId}> — use it there.`,
    tableClosed: (status: string) =>
      status === 'finished' ? 'That game has already finished.' : 'That table was closed.',
    channelBusy: (title: string, id: number, link: string) =>
      `This channel already has an open table: **${title}** (table #${id}) — ${link}. Finish or cancel it first (\`/table cancel\`), or use another channel.`,
    alreadySeated: 'You are already at this table.',
    tableFull: (max: number) => `The table is full (${max} seats).`,
    hostOnly: 'Only the host can do that.',
    hostOrManagerOnly: 'Only the host or a member with **Manage Server** can cancel this table.',
    tooFewPlayers: (min: number, have: number) => `This game needs at least ${min} players (${have} joined so far).`,
    notSeated: 'You are not playing at this table.',
    notSeatedWatch: (watch: string) => `You are not playing at this table. To follow the game, click **${watch}** on its board.`,
    notLobby: 'The game has already started.',
    notActive: 'The game has not started yet.',
    seatLeft: 'You left this game, so you cannot act in it any more.',
    badAction: 'That move is not valid here. Nothing was changed.',
    badOptions: (problems: string) => `Those options do not work:\n${problems}`,
    unknownGame: 'That game is not available.',
    notInGuild: 'Red Herring games are played in server channels, not in DMs.',
    missingPermissions: (perms: string, count: number) =>
      `I cannot host a table in this channel: I am missing the **${perms}** ${f.word(count, { one: 'permission', other: 'permissions' })} here. Ask a server admin to grant ${f.word(count, { one: 'it', other: 'them' })} to the Red Herring role, or use another channel.`,
    severalTables: 'You sit at several tables in this server — pick the one whose hand you want:',
    tableIn: (id: number, channelId: string) => `• table #${id} in <#${channelId}>`,
    /** `commands`: every game's command to open a table (`newCommands`). */
    noTableHere: (commands: string) => `You are not seated at an open table in this server. Start one with ${commands}.`,
    noOpenTableInChannel: 'There is no open table in this channel.',
    manageGuildOnly: 'This command needs the **Manage Server** permission.',
    unknownCommand: (name: string, examples: string) =>
      `\`/${name}\` is not (or no longer) one of this bot's commands. Type \`/\` to see the current ones — e.g. ${examples}.`,
    unknownSubcommand: (path: string, available: string) => `\`/${path}\` is not (or no longer) available. Use ${available} instead.`,
    unknownOption: (path: string, option: string, available: string) =>
      `\`/${path}\` has no option \`${option}\` (any more)${available ? ` — its options are ${available}` : ''}. Pick the command again from the \`/\` menu.`,
    missingOption: (path: string, option: string) => `\`/${path}\` needs the option \`${option}\` — pick the command again from the \`/\` menu.`,
    unknownComponent: 'That menu is not one of ours (or is out of date). Nothing was changed.',
    unknownForm: 'That form is not one of ours (or is no longer open). Nothing was changed.',
    rematchNotFinished: 'Play again only works on the board of a game that finished. Nothing was changed.',
    rematchPlayersOnly: (command: string) =>
      `Only the players of that game can start a rematch from its board. Open your own table with \`/${command} new\`.`,
    rematchStale: (newer: number, command: string) =>
      `That board is out of date: table #${newer} was opened in this channel since. Start a new game with \`/${command} new\`.`,
    channelNotAllowed: (channels: string, more: number) =>
      `Tables can't be opened in this channel: this server allows them only in ${channels}${more > 0 ? ` and ${more} more` : ''}. (Server admins set this with \`/admin settings\`.)`,
    hostRoleRequired: (roleId: string) =>
      `Only members with the <@&${roleId}> role (or **Manage Server**) can open tables in this server. You can still join a table someone else opens. (Server admins set this with \`/admin settings\`.)`,
  },

  permissions: {
    ViewChannel: 'View Channel',
    SendMessages: 'Send Messages',
    EmbedLinks: 'Embed Links',
    ReadMessageHistory: 'Read Message History',
    SendMessagesInThreads: 'Send Messages in Threads',
    AttachFiles: 'Attach Files',
    CreatePublicThreads: 'Create Public Threads',
  } as Record<string, string>,

  /**
   * Slash-command, subcommand and option names by their registered (English) name: Discord's
   * name rule holds in every language (lowercase letters, digits, '-', '_'; ≤ 32 characters).
   */
  /** Every game's command to open a table, as one list ("`/suspicion new`, `/noir new`, … or `/jaccuse new`"), from the games' command names. */
  newCommands: (commands: readonly string[]) => new Intl.ListFormat('en', { type: 'disjunction' }).format(commands.map((command) => `\`/${command} new\``)),
  commandNames: {
    'new': 'new',
    'rules': 'rules',
    'learn': 'learn',
    'seats': 'seats',
    'bots': 'bots',
    'bot-level': 'bot-level',
    'bot-pace': 'bot-pace',
    'hints': 'hints',
    'turn-timer': 'turn-timer',
    'vote-timer': 'vote-timer',
    'hand': 'hand',
    'table': 'table',
    'leave': 'leave',
    'cancel': 'cancel',
    'leaderboard': 'leaderboard',
    'game': 'game',
    'season': 'season',
    'scope': 'scope',
    'stats': 'stats',
    'history': 'history',
    'user': 'user',
    'admin': 'admin',
    'check': 'check',
    'tables': 'tables',
    'page': 'page',
    'end': 'end',
    'leaderboard-reset': 'leaderboard-reset',
    'settings': 'settings',
    'language': 'language',
    'allow-channel': 'allow-channel',
    'remove-channel': 'remove-channel',
    'host-role': 'host-role',
    'text-boards': 'text-boards',
    'reset': 'reset',
    'privacy': 'privacy',
    'show': 'show',
    'delete': 'delete',
    'help': 'help',
    'pace': 'pace',
    'move-hours': 'move-hours',
    'games': 'games',
    'notify': 'notify',
    'vacation': 'vacation',
    'hours': 'hours',
    'counter-window': 'counter-window',
    'spectators': 'spectators',
    'spectator-delay': 'spectator-delay',
    'watchers-see-hands': 'watchers-see-hands',
    'thread': 'thread',
    'watch': 'watch',
    'tournament-role': 'tournament-role',
    'tournament': 'tournament',
    'join': 'join',
    'start': 'start',
    'standings': 'standings',
    'log': 'log',
    'id': 'id',
    'name': 'name',
    'rounds': 'rounds',
    'round-hours': 'round-hours',
    'empty-seats': 'empty-seats',
    'rated': 'rated',
    'late-join': 'late-join',
    'max-entrants': 'max-entrants',
    'open': 'open',
  },

  commands: {
    newDescription: (title: string) => `Open a ${title} table in this channel`,
    learnDescription: (title: string) => `Learn ${title}: a 5-minute guided game against bots (only you see it)`,
    rulesDescription: (title: string) => `How to play ${title} (only you see it)`,
    seatsDescription: 'Maximum number of players',
    /** Appended to a `/<game> new` option's description: its value when left out. */
    defaultHint: (value: string) => ` (default ${value})`,
    /** How a yes/no option's default reads in `defaultHint`. */
    defaultOn: 'on',
    defaultOff: 'off',
    hand: 'Show your private hand and moves for your table',
    table: 'Manage the table in this channel',
    tableLeave: 'Leave your game in this channel (your seat is then played automatically)',
    tableCancel: 'Cancel the table in this channel (host or Manage Server)',
    confirmLeave: (title: string, id: number) =>
      `Leave **${title}** (table #${id})? Your seat will be played automatically until the end and you will be **ranked last**.`,
    confirmCancel: (title: string, id: number) => `Cancel **${title}** (table #${id}) for everyone? A cancelled game is not rated.`,
    confirmLeaveButton: 'Yes, leave the game',
    confirmCancelButton: 'Yes, cancel the table',
    keepPlaying: 'No, keep playing',
    kept: 'Nothing changed.',
    leftDone: 'You left the game. Your seat is played automatically from now on, and until the game ends you see only what the board shows.',
    leftDoneForfeit: 'You left the game. Only one player was still seated, so they win it now.',
    leftDoneLastHuman: "You left the game. You were the last person at the table and bots don't play on alone, so the game has ended (not rated).",
    cancelledDone: 'The table was cancelled.',
    /** `/hand` in a channel without a table of yours, opening your only table elsewhere. */
    handElsewhere: (id: number, channelId: string) => `No table of yours in this channel — this is your hand at table #${id} in <#${channelId}>.`,
    /** `/hand` with several tables: the button that opens table `id`'s hand. */
    pickTable: (id: number) => `Table #${id}`,
    created: 'Table created.',
    /** `thread:` on `/<game> new` (README "Where tables can live"). */
    threadOption: 'Play in a new thread of this channel: its own board, pings and talk',
  },

  /** A table in its own thread (`/<game> new thread:`; README "Where tables can live"). */
  tableThread: {
    /** The thread's name (cut at Discord's 100 characters). */
    name: (title: string, host: string) => `${title} — ${host}'s table`,
    /** The public reply in the channel; the thread hangs from it. */
    opened: (title: string, host: string) => `🧵 **${host}** opened a **${title}** table in this message's thread — open it to join.`,
    notHere:
      'A table can open its own thread only from a text or announcement channel (not in a thread, a forum post or a voice channel’s chat). Open it here without `thread:`, or from a text channel.',
    failed: 'Discord did not let me open a thread here, so no table was opened. Try again, or open the table without `thread:`.',
  },

  /** Lessons (docs/lessons.md; `/<game> learn`). */
  lesson: {
    /** A click on a move the lesson does not teach now; `move` names the one it does. */
    notYet: (move: string) => `Not yet — first ${move}. The lesson's note says why.`,
    notYetPlain: "Not yet — first make the move the lesson's note asks for.",
    outdated: (command: string) => `This lesson was updated since you started it. Start it again with \`/${command} learn\`.`,
    none: 'That game has no lesson yet.',
    /** The lesson panel's heading. */
    title: (emoji: string, game: string) => `${emoji} Learn ${game}`,
    progress: (step: number, total: number) => `Step ${step} of ${total}`,
    complete: 'Lesson complete!',
    /** While a bot of the lesson makes its move. */
    watching: (who: string) => `⏳ ${who} is playing…`,
    /** The move the lesson teaches now, named as its button. */
    yourMove: (move: string) => `👉 Your move: **${move}**`,
    /** Under the moves when some are greyed. */
    greyed: 'Greyed moves are for later.',
    /** The button that shows the rules section a note teaches. */
    sectionButton: (section: string, title: string) => `📖 §${section} ${title}`,
    /** The rules section, answered privately. */
    section: (game: string, section: string, title: string, text: string) => `📖 **${game} — §${section} ${title}**\n${text}`,
    leave: 'Leave lesson',
    leaveAsk: (game: string, command: string) => `Leave the ${game} lesson? You can start it again any time with \`/${command} learn\`.`,
    leaveButton: 'Leave',
    keepLearning: 'Keep learning',
    left: (command: string) => `You left the lesson. \`/${command} learn\` starts it again.`,
    resumed: 'Welcome back: your lesson goes on where you left it.',
    restarted: 'The lesson changed since you started it, so it starts again from the beginning.',
    ended: (command: string) => `This lesson has ended. \`/${command} learn\` starts it again.`,
    playBots: 'Play a real game against bots',
    playFriends: 'Play with friends',
    /** The Learn buttons of /help, the lobby and the welcome. */
    learnButton: (game: string) => `🎓 Learn ${game}`,
    /** A newcomer's first panel at a table of a game they never finished (docs/lessons.md "First table of a game"). */
    firstTable: (game: string, command: string) => `🎓 First game of ${game}? 💡 Hints are on for you here, and \`/${command} learn\` is a 5-minute guided game.`,
    /** The same, for a newcomer who played the game's lesson to its end: no lesson suggested again. */
    firstRealTable: (game: string) => `🎓 Your first real game of ${game} — 💡 Hints are on for you here.`,
    /** A variant or mode a player meets for the first time, on their first panel at the table: its note and rules section. */
    variantNote: (note: string, section: string, title: string) => `🎓 ${note} (📖 §${section} ${title})`,
  },
} as const;
