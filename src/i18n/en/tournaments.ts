/**
 * English strings of tournaments (docs/tournaments.md): the name of a table's thread and the
 * board lines of what a tournament does to a table.
 */
export const tournaments = {
  commands: {
    adminRole: 'Members with this role may organise tournaments (besides Manage Server)',
    resetRole: 'tournament organisers: Manage Server only',
  },
  /** A tournament table's thread (at most 100 characters: cut by the caller). */
  threadName: (name: string, round: number, table: number) => `${name} · round ${round} · table ${table}`,
  /** `/admin settings`: who organises tournaments. */
  organisersLine: (roleId: string | null) => `• Tournament organisers: ${roleId ? `members with <@&${roleId}>, and` : 'members with'} **Manage Server**`,
  organisersHelp: 'Tournaments: `tournament-role:@role` lets a role organise them besides Manage Server; `reset:tournament-role` takes it back.',
  board: {
    /** A no-show forfeits (docs/tournaments.md "Running a tournament"). */
    noShow: (name: string) => `🚫 ${name} did not show up and forfeits; their seat is played automatically.`,
    /** The round's deadline ended the game by the timer policy. */
    roundOver: '⌛ The round is over: every move left was played by the timer, as when time runs out.',
  },
};
