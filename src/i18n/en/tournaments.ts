/**
 * English strings of tournaments (docs/tournaments.md): `/tournament`, the tournament's card,
 * its posts (rounds, standings), its log, the name of a table's thread and the board lines of
 * what a tournament does to a table.
 */
import { formatters } from '../format.js';

const f = formatters('en');

export const tournaments = {
  commands: {
    tournament: 'Swiss tournaments here: open, enter, standings, log',
    new: 'Open a tournament in this channel (Manage Server or the tournament role)',
    newGame: 'The game every table plays',
    newName: 'Its name (default: the game and the date)',
    newRounds: 'Rounds (1–12, default 3)',
    newSeats: 'Players per table (default: the game’s largest table, up to 4)',
    newPace: 'Tables turn-based (default) or live',
    newMoveHours: 'Turn-based tables: hours per move (default 24)',
    newRoundHours: 'Longest a round may last, hours (default: a week turn-based, 2 live)',
    newEmptySeats: 'When entrants do not fill the tables: byes (default) or AI players',
    newBotLevel: 'Level of the AI players in empty seats (default Normal)',
    newRated: 'Its tables count for the leaderboard (default yes)',
    newLateJoin: 'Late entrants are paired until this round (default 2; 1 = no late entry)',
    newMaxEntrants: 'Most entrants (4–64, default 64)',
    join: 'Enter the tournament of this channel',
    leave: 'Leave it (once it runs: withdraw, keeping your points)',
    start: 'Start it and pair round 1 (its organiser, Manage Server or the tournament role)',
    cancel: 'Cancel it: no more rounds, running tables cancelled (organiser)',
    standings: 'The standings so far',
    log: 'Every change of the tournament, for its organiser',
    idOption: 'The tournament’s number (default: the one of this channel)',
    adminRole: 'Members with this role may organise tournaments (besides Manage Server)',
    resetRole: 'tournament organisers: Manage Server only',
  },
  emptySeats: { bye: 'byes', bot: 'AI players' } as Record<string, string>,

  /** `/admin settings`: who organises tournaments. */
  organisersLine: (roleId: string | null) => `• Tournament organisers: ${roleId ? `members with <@&${roleId}>, and` : 'members with'} **Manage Server**`,
  organisersHelp: 'Tournaments: `tournament-role:@role` lets a role organise them besides Manage Server; `reset:tournament-role` takes it back.',

  /** A tournament table's thread (at most 100 characters: cut by the caller). */
  threadName: (name: string, round: number, table: number) => `${name} · round ${round} · table ${table}`,
  /** A tournament's default name. */
  defaultName: (game: string, date: string) => `${game} Swiss · ${date}`,

  card: {
    title: (id: number, name: string, emoji: string, game: string) => `🏆 ${name} · ${emoji} ${game} · tournament #${id}`,
    organiser: (mention: string) => `Organiser: ${mention}`,
    signup: '**Sign-up is open.** Enter with the button below or `/tournament join`.',
    running: (round: number, rounds: number, deadline: string) => `**Round ${round} of ${rounds}** is being played (it ends ${deadline} at the latest).`,
    finished: '**The tournament is over.**',
    cancelled: '**The tournament was cancelled.**',
    tooFew: '**The tournament ended: too few entrants were left to fill a table.**',
    settings: (parts: string) => `Format: ${parts}`,
    rounds: (n: number) => `${f.count(n, { one: 'round', other: 'rounds' })} of Swiss`,
    seats: (n: number) => `${n} players a table`,
    live: 'live tables',
    turnBased: (hours: number) => `turn-based, ${hours} h a move`,
    roundHours: (hours: number) => (hours % 24 === 0 ? `rounds up to ${f.count(hours / 24, { one: 'day', other: 'days' })}` : `rounds up to ${hours} h`),
    byes: 'byes when tables do not fill (½ of a table’s points)',
    bots: (level: string) => `AI players (${level}) fill empty seats`,
    rated: 'rated',
    unrated: 'not rated',
    lateJoin: (round: number) => (round <= 1 ? 'no late entry' : `late entry until round ${round}`),
    entrants: (count: number, max: number) => `**Entrants** (${count}/${max})`,
    entrant: (index: number, name: string, note: string) => `${index}. ${name}${note}`,
    lateNote: (round: number) => ` (from round ${round})`,
    withdrawnNote: ' (withdrew)',
    more: (count: number) => `… and ${count} more`,
    none: 'Nobody yet.',
    needs: (min: number) => `Starts with at least ${min} entrants.`,
    join: 'Enter',
    leave: 'Leave',
    start: 'Start',
    standings: 'Standings',
  },

  posts: {
    started: (name: string, count: number) => `🏁 **${name}** starts with ${count} entrants.`,
    round: (round: number, rounds: number, deadline: string) => `**Round ${round} of ${rounds}**: each table is a thread of this channel, below. The round ends ${deadline} at the latest; a table still running then is played to its end by the timer.`,
    table: (no: number, thread: string, players: string) => `Table ${no}: ${thread} — ${players}`,
    byes: (names: string) => `Bye (½ of a table’s points): ${names}`,
    roundOver: (round: number) => `✅ Round ${round} is over.`,
    finished: (name: string, winner: string) => `🏆 **${name}** is over. Winner: ${winner}!`,
    cancelled: (name: string) => `⛔ **${name}** was cancelled.`,
    threadsUnavailable: 'This channel cannot hold threads, so the tables cannot be opened here: the round waits. Give the bot **Create Public Threads** and **Send Messages in Threads** here, or run the tournament in a text channel.',
  },

  answers: {
    opened: (id: number) => `Tournament #${id} is open for sign-up.`,
    joined: (name: string) => `You entered **${name}**.`,
    joinedLate: (name: string, round: number) => `You entered **${name}**: you are paired from round ${round}.`,
    left: (name: string) => `You left **${name}**.`,
    withdrew: (name: string, round: number) => `You withdrew from **${name}**: you keep your points and are not paired from round ${round}. A game you are playing goes on (\`/table leave\` leaves it).`,
    started: (name: string) => `**${name}** has started: round 1 is paired.`,
    confirmCancel: (name: string) => `Cancel **${name}**? No more rounds are played and the tables still running are cancelled (not rated).`,
    cancelButton: 'Cancel the tournament',
    keepButton: 'Keep it',
    kept: 'Nothing changed.',
    cancelledDone: (name: string) => `**${name}** is cancelled.`,
    resumed: (name: string, round: number) => `**${name}**: the tables of round ${round} are being opened again.`,
  },

  errors: {
    none: 'There is no tournament in this channel. Open one with `/tournament new` (Manage Server or the tournament role).',
    noTournament: (id: number) => `There is no tournament #${id} on this server.`,
    unknownGame: 'That game is not available.',
    badSettings: (problems: string) => `Those settings do not work:\n${problems}`,
    channelBusy: (id: number) => `This channel already has an open tournament (#${id}). Finish or cancel it first, or use another channel.`,
    organiserOnly: 'Only its organiser, members with **Manage Server** or the server’s tournament role may do that.',
    organiseRefused: 'Opening tournaments needs **Manage Server** or the server’s tournament role (`/admin settings tournament-role:`).',
    closed: 'This tournament is over.',
    notSignup: 'It has already started.',
    alreadyEntered: 'You are already entered.',
    full: (max: number) => `It is full (${max} entrants).`,
    notEntered: 'You are not entered.',
    alreadyWithdrawn: 'You have already withdrawn.',
    lateJoinClosed: (until: number) => (until <= 1 ? 'This tournament takes no late entries.' : `Late entry was open until round ${until}.`),
    tooFew: (min: number, have: number) => `It needs at least ${min} entrants to start (${have} so far).`,
    notInGuild: 'Tournaments are run in a server.',
    unavailable: 'Tournaments are not available here.',
    noThreads: (missing: string) => `Each tournament table is a thread of this channel, and the bot cannot make threads here. It needs ${missing} in a text channel: grant them, or open the tournament in another channel.`,
    logOrganiser: 'Only its organiser, members with **Manage Server** or the server’s tournament role may read the log.',
  },

  log: {
    title: (id: number, name: string, shown: number, total: number) => `📒 **Log of tournament #${id}, ${name}** (${shown === total ? `${total} entries` : `the last ${shown} of ${total}`})`,
    line: (when: string, who: string, what: string) => `${when} · ${who}${what}`,
    bot: 'the bot: ',
    by: (mention: string) => `${mention}: `,
    kinds: {
      opened: () => 'opened it',
      joined: () => 'entered',
      'late-joined': (data: { fromRound?: number }) => `entered late (paired from round ${data.fromRound ?? '?'})`,
      left: () => 'left during sign-up',
      withdrew: (data: { from?: number }) => `withdrew (not paired from round ${data.from ?? '?'})`,
      started: (data: { entrants?: number }) => `started it (${data.entrants ?? '?'} entrants)`,
      'round-paired': (data: { round?: number; tables?: number[]; byes?: string[]; repeats?: number; exhaustive?: boolean }) =>
        `round ${data.round ?? '?'} paired: ${data.tables?.length ?? 0} tables, ${data.byes?.length ?? 0} byes, ${data.repeats ?? 0} repeat pairs${data.exhaustive === false ? ' (best found within the search budget)' : ''}`,
      'table-venue': (data: { round?: number; table?: number; channelId?: string }) => `round ${data.round ?? '?'} table ${data.table ?? '?'}: thread <#${data.channelId ?? ''}>`,
      'round-started': (data: { round?: number; tables?: number[] }) => `round ${data.round ?? '?'} started (${data.tables?.length ?? 0} tables)`,
      'table-ended': (data: { round?: number; table?: number; tableId?: number; outcome?: { reason?: string | null } }) =>
        `round ${data.round ?? '?'} table ${data.table ?? '?'} (game #${data.tableId ?? '?'}) ended${data.outcome?.reason ? ` (${data.outcome.reason})` : ''}`,
      'round-ended': (data: { round?: number }) => `round ${data.round ?? '?'} is over`,
      'round-deadline': (data: { round?: number }) => `round ${data.round ?? '?'} reached its deadline: its tables end by the timer`,
      'deadline-extended': (data: { round?: number }) => `round ${data.round ?? '?'}: its deadline passed while the bot was down, extended`,
      finished: (data: { reason?: string }) => (data.reason === 'too-few' ? 'ended: too few entrants left' : 'finished'),
      cancelled: () => 'cancelled it',
      'table-unopened': (data: { round?: number; table?: number }) => `round ${data.round ?? '?'} table ${data.table ?? '?'}: its thread was never made by the deadline, its players count a bye`,
      'venue-failed': (data: { round?: number; table?: number }) => `round ${data.round ?? '?'} table ${data.table ?? '?'}: its thread could not be made, the round waits`,
    },
    other: (kind: string) => kind,
    none: 'Nothing logged yet.',
  },

  standings: {
    /** A number of points: whole, or with one decimal. */
    number: (value: number) => (Number.isInteger(value) ? f.number(value) : f.decimal(value)),
    player: 'Player',
    points: 'Pts',
    buchholz: 'Buchholz',
    roundColumn: (round: number) => `R${round}`,
    byeMark: 'bye',
    withdrawnName: (name: string) => `${name} (withdrew)`,
    nobody: 'No entrants.',
    final: 'final standings',
    before: 'before round 1',
    after: (round: number, rounds: number) => `standings after round ${round} of ${rounds}`,
    altTitle: (name: string, game: string, heading: string) => `${name}, ${game}: ${heading}.`,
    altLine: (place: number, name: string, points: string, buchholz: string, withdrawn: boolean) => `${place}. ${name}${withdrawn ? ' (withdrew)' : ''}: ${points} ${points === '1' ? 'point' : 'points'}, Buchholz ${buchholz}.`,
    textLine: (place: number, name: string, points: string, buchholz: string, rounds: string, withdrawn: boolean) =>
      `${place}. **${name}**${withdrawn ? ' *(withdrew)*' : ''} — ${points} pts · Buchholz ${buchholz}${rounds ? ` · ${rounds}` : ''}`,
    tieBreaks: '-# Ties: Buchholz (the points of the opponents you met), then head-to-head (docs: Tournaments).',
  },

  board: {
    /** A no-show forfeits (docs/tournaments.md "Running a tournament"). */
    noShow: (name: string) => `🚫 ${name} did not show up and forfeits; their seat is played automatically.`,
    /** The round's deadline ended the game by the timer policy. */
    roundOver: '⌛ The round is over: every move left was played by the timer, as when time runs out.',
  },
};
