/** English strings of watching a table (docs/watching.md). */
export const watch = {
  commands: {
    tableWatch: 'Watch the game in this channel: a private live view of its public board',
    spectators: 'Who may watch: public (live), delayed (some moves behind) or off',
    spectatorDelay: 'With spectators: delayed, how many moves behind watchers are (1–30, default 3)',
    watchersSeeHands: 'Whether watchers see every hand once the game is over',
    adminSpectators: 'Default for new tables: who may watch (public, delayed or off)',
    adminSpectatorDelay: 'Default for delayed tables: moves behind (1–30; 0 = back to 3)',
    adminWatchersSeeHands: 'Default for new tables: watchers see every hand after the end',
  },
  /** Choice names of the options above. */
  modes: { public: 'public (live)', delayed: 'delayed', off: 'off' } as Record<string, string>,
  seeHands: { off: 'off', 'after-the-end': 'after the end' } as Record<string, string>,

  /** The lobby's line when the table is not the default (public, no hands). */
  lobbyLine: (mode: string, delay: number, hands: boolean) =>
    `👁 Watchers: ${mode === 'off' ? 'none (watching is off)' : mode === 'delayed' ? `${delay} move${delay === 1 ? '' : 's'} behind` : 'live'}${hands && mode !== 'off' ? ', every hand after the end' : ''}`,
  /** `/admin settings`: the server's watching defaults. */
  adminLine: (mode: string, delay: number | null, hands: string) => `• Watchers of new tables: **${mode}**${delay === null ? '' : ` (${delay} moves behind)`}; every hand after the end: **${hands}**`,
  adminHelp: 'Watching: `spectators:` public, delayed or off, `spectator-delay:` moves behind, `watchers-see-hands:`; the host of a table may choose otherwise at `/<game> new`.',
  /** The board's buttons. */
  watchButton: '👀 Watch',
  watchingButton: (count: number) => `👁 ${count} watching`,

  /** The watch panel. */
  title: (emoji: string, game: string, tableId: number) => `👁 Watching · ${emoji} ${game} · table #${tableId}`,
  where: (channel: string) => `Played in ${channel}.`,
  live: 'Live: you see the public board as it is now, updated after every move.',
  delayed: (moves: number) => `Delayed table: you see the public board **${moves} move${moves === 1 ? '' : 's'} behind** the players (updated as they move).`,
  atMove: (step: number) => (step === 0 ? '**The deal**: nobody has moved yet.' : `**After move ${step}**`),
  over: 'The game is over.',
  stopped: 'This game stopped before its end.',
  handsShown: 'Every hand is shown now that the game is over (this table lets watchers see them).',
  movesHeading: (count: number) => `**Moves so far** (${count})`,
  noMoves: 'No moves yet.',
  earlier: (count: number) => `-# … ${count} earlier move${count === 1 ? '' : 's'} (Review shows every move once the game is over).`,
  /** One move of the list: what the watcher may read of it (it names who moved), else who moved; how, when nobody clicked. */
  moveLine: (step: number, name: string, mark: string, lines: string) => (lines ? `${step}. ${lines}${mark ? ` *(${mark.trim()})*` : ''}` : `${step}. **${name}** moved${mark}.`),
  expires: '-# This view follows the game for 15 minutes; 🔄 Refresh brings it back after that.',
  refresh: '🔄 Refresh',
  stop: '⏹ Stop watching',
  stoppedWatching: 'You stopped watching. 👀 Watch on the board opens a new view.',

  /** "👁 N watching" clicked: who watches. */
  watchers: (names: string) => `👁 Watching now: ${names}.`,
  nobody: '👁 Nobody is watching this table right now.',

  errors: {
    isPlayer: 'You play at this table, so you cannot watch it: **Show my hand** opens your own panel.',
    off: 'Watching is off at this table (the host or the server chose it).',
    notStarted: 'This table has not started yet: there is nothing to watch. Join it, or come back once it starts.',
    noTable: 'There is no game to watch here.',
  },
};
