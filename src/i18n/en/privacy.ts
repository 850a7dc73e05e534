/** English strings of `/privacy` (README "Privacy"): what the bot stores about a user, and its erasure. */

import { formatters } from '../format.js';

const f = formatters('en');
const plural = (count: number, one: string, other: string) => f.count(count, { one, other });

export const privacy = {
  commands: {
    privacy: 'What Red Herring stores about you, and how to erase it',
    show: 'See what Red Herring stores about you (only you see it)',
    delete: 'Erase your stats, ratings and name from past games (asks first)',
  },

  /** Seat name on boards of past games for a player who erased their data. */
  formerPlayer: 'former player',

  shown: {
    title: '🔒 **What Red Herring stores about you**',
    nothing: 'Nothing: you have no seats, results, ratings, totals or preferences in any server.',
    intro: 'In every server where you played:',
    seats: (count: number) => `• ${plural(count, 'seat', 'seats')} at tables, with the name you had there (your moves are in each game's log)`,
    results: (count: number) => `• ${plural(count, 'result', 'results')} of finished games (placing, win, score)`,
    ratings: (count: number) => `• ${plural(count, 'season rating', 'season ratings')} (one per server, game and season)`,
    totals: (count: number) => `• lifetime totals in ${plural(count, 'server', 'servers')}`,
    settings: '• your preferences, for every server: text boards on or off, and how turn-based tables notify you (`/games notify:`)',
    tournaments: (count: number) => `• ${plural(count, 'tournament', 'tournaments')} you entered (with the name you entered under) or organised`,
    openTables: (list: string) => `You still sit at: ${list}. Leave those tables (or let them end) before erasing.`,
    openTournaments: (list: string) =>
      `You are still in (or organise): ${list}. Leave during sign-up with \`/tournament leave\`; a running tournament keeps your results until it ends (its organiser can \`/tournament cancel\` it). Then erase.`,
    keptFor:
      'It is kept until you erase it: nothing expires by itself. Leaderboards and `/stats` are built from it. The server operator may also keep database backups and logs (which name user ids) for their own retention time.',
    howToDelete: 'Erase it with `/privacy delete` (it asks first).',
  },

  confirm: (list: string) =>
    `Erase what Red Herring stores about you in **every server**? ${list}\n\nYour ratings, lifetime totals and place on every leaderboard go. In past games your seat stays, so other players' results and ratings do not change, but it becomes anonymous ("former player"). **This cannot be undone.**`,
  confirmSummary: (seats: number, results: number, ratings: number) =>
    `(${plural(seats, 'seat', 'seats')}, ${plural(results, 'result', 'results')}, ${plural(ratings, 'rating', 'ratings')})`,
  confirmButton: 'Yes, erase my data',
  keepButton: 'No, keep it',
  kept: 'Nothing changed.',
  erased: (seats: number, results: number, ratings: number, totals: number) =>
    `Done: your data is erased — ${plural(seats, 'seat', 'seats')} made anonymous, ${plural(results, 'result', 'results')} made anonymous, ${plural(ratings, 'rating', 'ratings')} and ${plural(totals, 'lifetime total', 'lifetime totals')} deleted. If you play again, you start afresh.`,
  nothingToErase: 'There is nothing to erase: Red Herring stores nothing about you.',
  /** A confirmation clicked when nothing is left (a double click, or erased from another prompt). */
  alreadyErased: 'Your data is erased: Red Herring stores nothing about you now.',
  refusedOpen: (list: string) => `Nothing was erased: you still sit at ${list}. Leave with \`/table leave\` in that channel (or let the game end), then try again.`,
  refusedTournaments: (list: string) =>
    `Nothing was erased: you are still in (or organise) ${list}. Leave during sign-up with \`/tournament leave\`; a running tournament keeps your results until it ends (its organiser can \`/tournament cancel\` it). Then try again.`,
  /** Added to `erased` when they were in past tournaments. */
  erasedTournaments: (count: number) => `Your entry in ${plural(count, 'past tournament', 'past tournaments')} is anonymous too; its standings stay as they were.`,
  /** One open tournament in a list: "**Spring cup** (tournament #3) in #channel". */
  openTournament: (name: string, id: number, channelMention: string) => `**${name}** (tournament #${id}) in ${channelMention}`,
  /** One open table in a list: "**Suspicion** (table #12) in #channel". */
  openTable: (title: string, id: number, channelMention: string) => `**${title}** (table #${id}) in ${channelMention}`,
} as const;
