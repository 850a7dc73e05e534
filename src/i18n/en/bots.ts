/** English strings of the AI players (README "AI players"): lobby controls, board notes, errors, options. */
import { formatters } from '../format.js';

const f = formatters('en');

export const bots = {
  levels: { easy: 'Easy', normal: 'Normal', hard: 'Hard' } as Record<string, string>,
  levelHelp: {
    easy: 'Plays a random legal move',
    normal: 'Plays a sensible move from what it can see',
    hard: 'Searches ahead from what it can see',
  } as Record<string, string>,
  /** A bot seat's name on boards, panels, logs and results: name and level, e.g. "🤖 Ada (Hard)". */
  nameWithLevel: (name: string, level: string) => `${name} (${level})`,
  /** A bot in the lobby list: its name and level. */
  lobbyEntry: (name: string, level: string) => `${name} (${level} bot)`,
  addPlaceholder: 'Host: add a bot…',
  addOption: (level: string) => `Add a bot: ${level}`,
  removePlaceholder: 'Host: remove a bot…',
  removeOption: (name: string) => `Remove ${name}`,
  replacePlaceholder: 'Host: hand a seat to a bot…',
  replaceOption: (name: string, why: string) => `Replace ${name} (${why}) with a Normal bot`,
  replaced: (player: string, bot: string) => `🤖 ${player}'s seat is now played by ${bot} until the end.`,
  paceNote: (seconds: string) => `🤖 Bots move after ${seconds}.`,
  defaultPace: '1.5–4 s',
  /** The lobby's pace line with `bot-pace:0`. */
  instantNote: '🤖 Bots move at once.',
  /** The reply to a lobby bot control. */
  added: (name: string) => `${name} joined the table.`,
  removed: (name: string) => `${name} left the table.`,
  replacedDone: (player: string) => `${player}'s seat is now played by a bot.`,
  notBot: 'That seat is not a bot (or it already left).',
  notReplaceable: 'Only a player who left or is away can be replaced by a bot.',
  /** 💡 Hint (README "AI players"): the panel button, the answer, the public log line, refusals. */
  hint: {
    button: '💡 Hint',
    /**
     * The note on the panel (README "AI players"): the move the Hard search advises (its button's label),
     * the game's explanation of it from your seat, and the search's estimate.
     */
    note: (move: string, reason: string | null, estimate: string | null) =>
      `💡 Hint — **${move}**${f.stop(move)}${reason ? ` ${reason}` : ''}${estimate ? ` ${estimate}` : ''}\nOnly you see this; the log says you used a hint.`,
    /**
     * The search's estimate of the chance to win with the move, and the runner-up: with its own
     * estimate when that is not higher (`percent`), else without a number (`percent` null: it
     * scored a little higher on fewer simulations — too few to trust, and a higher number beside
     * the advice would read as a contradiction).
     */
    estimate: (percent: number, next: { move: string; percent: number | null } | null) =>
      `Searching from your seat, the Hard AI gives it about ${percent} % to win${next ? (next.percent === null ? ` (**${next.move}** looks about as good)` : ` (next best, **${next.move}**: ${next.percent} %)`) : ''}.`,
    only: 'It is your only move.',
    used: (name: string) => `💡 ${name} used a hint.`,
    off: 'Hints are off at this table: it is rated (two or more people play). The host can allow them with hints:True when opening a table.',
    nothingToDecide: 'You have nothing to decide right now, so there is no hint to give.',
    /** Too many searches already waiting (src/tables/hints.ts HINT_QUEUE_MAX). */
    busy: 'Hints are busy right now: many players asked at once. Try again in a minute — nothing was logged.',
  },
  options: {
    bots: 'AI players (bots) to seat now (default 0)',
    hints: 'Allow the 💡 Hint button in a rated game too (default no: unrated tables only)',
    level: 'Level of those bots (default Normal)',
    pace: 'Seconds a bot waits before moving, 0 = instant (default 1.5–4)',
  },
  stats: {
    title: '**Against bots**',
    line: (level: string, games: number, wins: number) =>
      `🤖 ${level}: ${f.count(games, { one: 'game', other: 'games' })}, ${f.count(wins, { one: 'win', other: 'wins' })}`,
  },
} as const;
