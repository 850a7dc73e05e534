/** English strings of leaderboards, player stats and the server-admin tools (README "Leaderboards and ratings"). */

import { formatters } from '../format.js';

const f = formatters('en');
const pct = (wins: number, games: number) => f.number(games > 0 ? Math.round((100 * wins) / games) : 0);
const oneDecimal = (value: number) => f.decimal(value);
const ordinalRules = new Intl.PluralRules('en', { type: 'ordinal' });
const ORDINAL_SUFFIX: Record<Intl.LDMLPluralRule, string> = { zero: 'th', one: 'st', two: 'nd', few: 'rd', many: 'th', other: 'th' };
const ordinalWord = (count: number) => `${count}${ORDINAL_SUFFIX[ordinalRules.select(count)]}`;
const gameCount = (count: number) => f.count(count, { one: 'game', other: 'games' });
const winCount = (count: number) => f.count(count, { one: 'win', other: 'wins' });
const playerCount = (count: number) => f.count(count, { one: 'player', other: 'players' });
const rel = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;
const MEDALS = ['🥇', '🥈', '🥉'];

export const ratings = {
  /** "3rd", "11th". */
  ordinalWord,
  /** A rating (ordinal) as shown everywhere: one decimal. */
  rating: oneDecimal,

  commands: {
    leaderboard: 'Top players of this server, per game or across all games',
    leaderboardGame: 'Which game (default: all games, by games played)',
    leaderboardSeason: 'An earlier season of that game (default: the current one)',
    leaderboardScope: 'Whose ratings to show (ratings are kept per server)',
    scopeServer: 'This server',
    allGames: 'All games (by games played)',
    stats: "A player's record in this server (only you see it)",
    statsUser: 'Whose record (default: yours)',
    admin: 'Server tools for Red Herring (Manage Server)',
    adminCheck: 'Check what the bot may do in this channel and that its parts work (only you see it)',
    adminTables: 'List the open tables in this server',
    adminTablesPage: 'Page of the list (12 tables per page)',
    adminEnd: 'End a stuck table for everyone (not rated)',
    adminEndTable: 'Table number, as shown on its board (e.g. 12 for table #12)',
    adminReset: "Start a new season of a game's leaderboard (old seasons stay visible)",
    adminResetGame: 'Which game',
    adminSettings: 'Show or change the server defaults for new tables',
    adminTurn: 'Turn timer in seconds (0 = each game’s own default)',
    adminCounter: 'Counter / reaction window in seconds (0 = each game’s own default)',
    adminVote: 'Vote timer in seconds (0 = each game’s own default)',
    adminAllowChannel: 'Allow tables in this channel (the first one limits tables to the listed channels)',
    adminRemoveChannel: 'Stop allowing tables in this channel (an empty list = every channel again)',
    adminHostRole: 'Only members with this role (and Manage Server) may open tables',
    adminSettingsReset: 'Go back to a default',
    resetChannels: 'Tables in every channel again',
    resetHostRole: 'Anyone may open tables again',
    adminLanguage: 'Language of the boards and pings of new tables',
    adminTextBoards: 'Public boards as text instead of pictures (screen readers, slow connections)',
    languageAuto: 'Language of the player who opens the table (default)',
  },

  board: {
    title: (emoji: string, title: string, season: number) => `🏆 ${emoji} ${title} leaderboard · season ${season}`,
    allTitle: '🏆 All games · most games played',
    row: (rank: number, name: string, rating: number, played: number, wins: number, provisional: boolean) =>
      `${MEDALS[rank - 1] ?? `**${rank}.**`} ${name} — **${oneDecimal(rating)}**${provisional ? ' ✱' : ''} · ${gameCount(played)} · ${pct(wins, played)}% wins`,
    allRow: (rank: number, name: string, played: number, wins: number) =>
      `${MEDALS[rank - 1] ?? `**${rank}.**`} ${name} — **${gameCount(played)}** · ${winCount(wins)} (${pct(wins, played)}%)`,
    empty: (title: string) => `Nobody has finished a rated game of ${title} this season yet. Finish a table to get on the board!`,
    emptyPast: (title: string, season: number) => `Nobody played a rated game of ${title} in season ${season}.`,
    /** `commands`: every game's command to open a table (common `newCommands`). */
    emptyAll: (commands: string) => `Nobody has finished a rated game in this server yet. Start one with ${commands}.`,
    footer: (page: number, pages: number, players: number) =>
      `Page ${page + 1} of ${pages} · ${playerCount(players)} · Rating = skill − 3 × uncertainty (OpenSkill) · ✱ provisional: fewer than 5 games`,
    allFooter: (page: number, pages: number, players: number) =>
      `Page ${page + 1} of ${pages} · ${playerCount(players)} · every game and season · pick a game for ratings`,
    pastSeason: (season: number, current: number) => `Season ${season} is over (the current season is ${current}).`,
    previous: '◀ Previous',
    next: 'Next ▶',
  },

  stats: {
    title: (name: string) => `📊 ${name} in this server`,
    gameLine: (emoji: string, title: string, season: number) => `**${emoji} ${title}** · season ${season}`,
    ratingLine: (rating: number, mu: number, sigma: number, rank: number, of: number, provisional: boolean, played: number, needed: number) =>
      `Rating **${oneDecimal(rating)}** (skill ${oneDecimal(mu)} ± ${oneDecimal(sigma)}) · #${rank} of ${of}` +
      (provisional ? ` · ✱ provisional (${played} of ${needed} games)` : ''),
    recordLine: (played: number, wins: number, streak: number) =>
      `${gameCount(played)} · ${winCount(wins)} (${pct(wins, played)}%)` +
      (streak > 1 ? ` · 🔥 ${winCount(streak)} in a row` : streak === 1 ? ' · won the last game' : streak < -1 ? ` · ${gameCount(-streak)} without a win` : ''),
    totals: (played: number, wins: number) => `**All games:** ${gameCount(played)} · ${winCount(wins)} (${pct(wins, played)}%)`,
    recentTitle: '**Last games**',
    recent: (emoji: string, title: string, id: number, placement: number, players: number, winner: boolean, left: boolean, endedAt: number) =>
      `• ${emoji} ${title} #${id} — ${winner ? '🏆 won' : left ? '🚪 left, ranked' : 'finished'} ${ordinalWord(placement)} of ${players} · ${rel(endedAt)}`,
    noCurrent: 'No rated games in the current seasons.',
    nothing: (name: string) => `${name} has not finished a rated game in this server yet.`,
  },

  admin: {
    refused: 'Only members with the **Manage Server** permission can use `/admin`. Nothing was changed.',
    tablesTitle: (count: number) => `**Open tables in this server** (${count})`,
    tableLine: (id: number, emoji: string, title: string, channel: string, status: string, players: string, count: number, age: string, last: string) =>
      `• **#${id}** ${emoji} ${title} in <#${channel}> — ${status} · ${playerCount(count)}: ${players} · opened ${age} · last move ${last}`,
    statusLobby: 'lobby',
    statusActive: 'playing',
    noMove: 'none yet',
    morePages: (page: number, pages: number) => `Page ${page} of ${pages} — see the others with \`/admin tables page:<n>\`.`,
    noTables: 'There are no open tables in this server.',
    endHint: 'End a stuck one with `/admin end table:<number>`.',
    rel,
    noSuchTable: (id: number) => `There is no table #${id} in this server. \`/admin tables\` lists the open ones.`,
    alreadyEnded: (id: number) => `Table #${id} has already ended. Nothing was changed.`,
    confirmEnd: (title: string, id: number, channel: string) =>
      `End **${title}** (table #${id}) in <#${channel}> for everyone? It will **not be rated**, and the board will say it was ended by a server admin.`,
    confirmEndButton: 'Yes, end the table',
    keepTable: 'No, keep it',
    ended: (id: number) => `Table #${id} was ended. It is not rated; the players see it on the board.`,
    confirmReset: (title: string, season: number, game: string) =>
      `Start a new season of the **${title}** leaderboard? Season ${season} ends now and season ${season + 1} starts **empty**. ` +
      `Season ${season} stays visible with \`/leaderboard game:${game} season:${season}\`.`,
    confirmResetButton: (next: number) => `Yes, start season ${next}`,
    keepSeason: (season: number) => `No, keep season ${season}`,
    resetDone: (title: string, season: number, game: string) =>
      `Season ${season} of the **${title}** leaderboard has started. Season ${season - 1} stays visible with \`/leaderboard game:${game} season:${season - 1}\`.`,
    resetStale: (title: string, season: number) => `The ${title} leaderboard is already in season ${season}. Nothing was changed.`,
    kept: 'Nothing changed.',
    settingsTitle: '**Server defaults for new tables**',
    settingLine: (label: string, value: number | undefined, notes: string) =>
      `• ${label}: ${value === undefined ? 'each game’s own default' : `**${value} s**`}${notes ? ` — ${notes}` : ''}`,
    settingUnused: (games: string, what: string) => `not used by ${games} (no ${what})`,
    settingOutOfRange: (game: string, min: number | undefined, max: number | undefined) =>
      min !== undefined && max !== undefined ? `${game} keeps its own default (it allows ${min}–${max} s)` : `${game} keeps its own default`,
    settingWhat: { turnSeconds: 'turn timer', reactionSeconds: 'counter windows', voteSeconds: 'votes' } as Record<string, string>,
    hostingTitle: '**Who may open tables**',
    channelsAnywhere: '• Channels: every channel where I can post',
    channelsListed: (channels: string) => `• Channels: only ${channels}`,
    hostsAnyone: '• Hosts: anyone',
    hostsRole: (roleId: string) => `• Hosts: members with <@&${roleId}>, and anyone with **Manage Server**`,
    hostingHelp:
      'Limit them with `allow-channel:#channel` (repeat for more), `remove-channel:#channel` and `host-role:@role`; `reset:` goes back to every channel or to anyone. ' +
      'The channel list applies to everyone, admins too; members with Manage Server may always host.',
    listEmptied: 'The list of channels is empty now, so tables may be opened in every channel again.',
    notListed: (channel: string) => `<#${channel}> is not on the list of table channels. Nothing was changed.`,
    noList: (channel: string) =>
      `Tables may already be opened in every channel, so there is nothing to remove <#${channel}> from. Use \`allow-channel\` to limit them to some channels. Nothing was changed.`,
    alreadyListed: (channel: string) => `<#${channel}> is already on the list of table channels. Nothing was changed.`,
    tooMany: (max: number) => `At most ${max} channels can be listed. Nothing was changed.`,
    settingsConflict: 'Those options contradict each other (e.g. allow and remove the same channel, or set and reset the host role). Nothing was changed.',
    settingLabels: { turnSeconds: 'Turn timer', reactionSeconds: 'Counter window', voteSeconds: 'Vote timer' } as Record<string, string>,
    settingsHelp:
      'Options given to `/<game> new` still win over these, and a game that cannot use a value (outside its own limits) keeps its default, as noted above. ' +
      'Change them with `/admin settings turn-timer:… counter-window:… vote-timer:… language:…` (0 = back to each game’s default).',
    languageLine: (language: string | null) =>
      `• Table language: ${language === null ? 'the language of the player who opens the table' : `**${language}**`}`,
    /** Each language in its own words (what a speaker looks for in a list). */
    languageNames: { en: 'English', es: 'Español' } as Record<string, string>,
    textBoardsLine: (on: boolean) => `• Public boards: ${on ? '**text** (no pictures)' : '**pictures** (with alt text)'}`,
    textBoardsHelp: 'Switch with `/admin settings text-boards:True|False`; each player chooses for their own hand with the 📝 / 🖼️ button on it.',
    languageHelp: 'A table keeps the language it was opened with; private answers and hands follow each player’s own Discord language.',
    settingsSaved: '✅ Saved.',
    settingsBad: (label: string, min: number, max: number) => `${label} must be between ${min} and ${max} seconds (or 0 for each game’s own default). Nothing was changed.`,
  },

  errors: {
    notInGuild: 'Leaderboards and stats belong to a server: use this command in a server channel.',
    unknownGame: 'That game is not available.',
    seasonNeedsGame: 'Seasons are kept per game: choose a game to see an earlier season.',
    noSuchSeason: (title: string, season: number, current: number) =>
      `The ${title} leaderboard has no season ${season} yet: the current season is ${current}.`,
    staleButton: 'That button belongs to an older message. Run `/leaderboard` again for a fresh one.',
  },
} as const;
