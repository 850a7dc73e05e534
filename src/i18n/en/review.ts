/** English strings of game review and `/history` (README "Review a game"). */
import { formatters } from '../format.js';

const f = formatters('en');

export const review = {
  commands: {
    history: 'Your past games here (finished, cancelled, abandoned), newest first, each with Review',
    historyUser: 'Show this member’s past games instead (public facts only)',
  },

  /** Title of the review panel. */
  title: (emoji: string, game: string, tableId: number) => `🔁 Review · ${emoji} ${game} · table #${tableId}`,
  where: (channel: string) => `Played in ${channel}.`,
  stepOf: (step: number, last: number) => `**Step ${step} of ${last}**`,
  seenAs: (label: string) => `Seen as: ${label}`,
  deal: 'The deal: nobody has moved yet.',
  moved: (name: string, mark: string, when: string) => `**${name}** moved${mark} (${when}):`,
  /** Marks after "moved" for moves nobody clicked. */
  marks: {
    player: '',
    timeout: ' ⏱ by the timer',
    auto: ' 💤 by auto-play (away)',
    bot: ' 🤖 as an AI player',
  },
  /** Everything revealed: a private line, quoted as its readers were shown it ("You drew…" is theirs). */
  privateLine: (names: string, line: string) => `🔒 Shown to ${names}: “${line}”`,
  nothingSeen: 'Nothing this view could see.',
  /** A move that showed nobody anything, in a view that may see it: what the seat chose. */
  chose: (name: string, move: string) => `${name} chose **${move}**${f.stop(move)}`,
  youChose: (move: string) => `You chose **${move}**${f.stop(move)}`,
  running: 'The game is still running: you see only your own seat and the public board until it is over.',
  stopped: 'This game stopped before its end: the review goes up to where it stopped.',
  views: {
    public: 'Everyone (the public board)',
    all: 'Everything revealed',
    seat: (name: string) => `${name}’s seat`,
    mine: (name: string) => `Your seat (${name})`,
  },
  seatHeading: (name: string) => `__${name}__`,
  viewAs: 'View as…',
  first: '⏮ First',
  previous: '◀ Back',
  next: 'Next ▶',
  last: 'Last ⏭',
  export: 'Export',
  reviewButton: 'Review',

  exported: (tableId: number, label: string) => `The record (JSON) and the transcript (markdown) of table #${tableId}, seen as: ${label}.`,
  transcript: {
    title: (game: string, tableId: number) => `# ${game} — table #${tableId}`,
    seats: 'Seats',
    seat: (seat: number, name: string) => `${seat}. ${name}`,
    started: (when: string) => `Started: ${when}`,
    ended: (when: string, reason: string) => `Ended: ${when} (${reason})`,
    step: (step: number) => `## Step ${step}`,
    final: '## Final position',
  },

  /** The analysis of one seat by the Hard AI (docs/review.md "Analysis"). */
  analysis: {
    button: '📈 Analyse this seat',
    /** While it runs (`done` of `total` decisions searched). */
    running: (name: string, done: number, total: number) => `📈 Analysing ${name}’s ${total} decisions with the Hard AI, from that seat’s information only: ${done} of ${total} done…`,
    /** The summary line of a finished analysis. */
    summary: (name: string, decisions: number, agreed: number, iterations: number) =>
      `📈 **Analysis of ${name}** (the Hard AI, from that seat’s information at each moment, ${iterations} simulations a decision): ${agreed} of ${decisions} decisions as Hard would have played.`,
    /** The step's decision: Hard played the same. */
    same: (move: string, percent: string) => `📈 Hard would have played the same: **${move}** (${percent} to win).`,
    /** The step's decision: Hard would have played another move. */
    other: (hard: string, before: string, played: string, after: string, cost: string) =>
      `📈 Hard would have played **${hard}** (${before} to win); **${played}** left ${after}${cost}.`,
    /** A move the seat was forced to make. */
    only: '📈 The only move there was.',
    /** A chance to win, in percent; `null`: not estimated. */
    percent: (p: number | null) => (p === null ? 'not estimated' : `about ${p} %`),
    /** The points a move cost, after the chance it left. */
    cost: (points: number) => (points > 0 ? ` (−${points} points)` : ''),
    why: (reason: string) => `Why: ${reason}`,
    keyMoments: '⭐ **Key moments** (the moves that cost the most):',
    keyMoment: (step: number, played: string, hard: string, points: number) => `Step ${step}: **${played}** instead of **${hard}** (−${points} points)`,
    noKeyMoments: '⭐ No move cost more than a few points of the chance to win.',
    /** The key moments menu. */
    jump: '⭐ Go to a key moment…',
    jumpOption: (step: number, points: number) => `Step ${step} (−${points} points)`,
    failed: 'The analysis could not be finished. Try again in a moment.',
    notOver: 'A running game is never analysed: come back once it is over.',
    chooseSeat: 'Choose a seat to analyse with “View as…”.',
  },

  errors: {
    noGame: (tableId: number) => `There is no game #${tableId} to review on this server.`,
    notStarted: (tableId: number) => `Table #${tableId} never started: there is nothing to review.`,
    view: 'That view is not open to you. Non-players see only what the table showed publicly; players see their own seat, and every seat (or everything revealed) once the game is over.',
    notInGuild: 'Games are reviewed in the server they were played in.',
  },

  history: {
    title: (name: string) => `📜 **Past games of ${name}** on this server`,
    mine: '📜 **Your past games** on this server',
    empty: 'No finished, cancelled or abandoned games yet.',
    line: (id: number, game: string, when: string, players: number, result: string, rating: string) => `**#${id}** ${game} · ${when} · ${players} seats · ${result} · ${rating}`,
    /** Your rating change with that game (one decimal, signed), "—" when it was not rated. */
    rating: (change: number | null) => `rating ${change === null ? '—' : `${change < 0 ? '−' : '+'}${f.decimal(Math.abs(change))}`}`,
    /** `mine`: the reader's own history, else another player's (Spanish says "ganaste" / "ganó"). */
    won: (_mine: boolean) => '🏆 won',
    placed: (placement: number) => `placed ${placement}`,
    left: (_mine: boolean) => 'left the game',
    /** A game that started and was cancelled (by its host or an admin) before its end: never rated. */
    cancelled: '⛔ cancelled before its end',
    /** A game that started and ended because nobody played on (every person left or stayed away). */
    abandoned: '💤 abandoned before its end',
    page: (page: number, pages: string) => `Page ${page}${pages}`,
    more: ' (more on the next page)',
    previous: '◀ Newer',
    next: 'Older ▶',
    review: (id: number) => `Review #${id}`,
  },
} as const;
