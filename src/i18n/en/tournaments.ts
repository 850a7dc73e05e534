/**
 * English strings of tournaments (docs/tournaments.md): the name of a table's thread and the
 * board lines of what a tournament does to a table.
 */
export const tournaments = {
  /** A tournament table's thread (at most 100 characters: cut by the caller). */
  threadName: (name: string, round: number, table: number) => `${name} · round ${round} · table ${table}`,
  board: {
    /** A no-show forfeits (docs/tournaments.md "Running a tournament"). */
    noShow: (name: string) => `🚫 ${name} did not show up and forfeits; their seat is played automatically.`,
    /** The round's deadline ended the game by the timer policy. */
    roundOver: '⌛ The round is over: every move left was played by the timer, as when time runs out.',
  },
};
