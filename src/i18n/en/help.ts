/** English strings of `/help` (README "Commands"). */

export const help = {
  commands: {
    help: 'How to use Red Herring: the games, how to start one, the commands (only you see it)',
  },
  title: '🃏 Red Herring — help',
  gameLine: (emoji: string, title: string, players: string, command: string, line: string) => `${emoji} **${title}** (${players}) — ${line} \`/${command} new\``,
  players: (min: number, max: number) => (min === max ? `${min} players` : `${min}–${max} players`),
  /** The first lines of `/help`: how to play at once, alone against bots or with friends (README "AI players"). */
  playNowHeading: '**Play now — alone or with friends**',
  playNow:
    'Alone, against bots: `/suspicion new seats:4 bots:3`, then **Start** on the lobby. Every game takes `bots:` (and `bot-level:` Easy, Normal or Hard), e.g. `/noir new bots:1`.\nWith friends: `/<game> new`, they click **Join**, you click **Start** (**Host: add a bot…** fills an empty seat).',
  gamesHeading: '**Games**',
  startHeading: '**How to start a game**',
  start:
    '1. In a channel, type the command of one of the games above (`/<game> new`; its options set seats and timers).\n2. Friends click **Join**; the host clicks **Start**.\n3. Click **Show my hand** (or type `/hand`) for your private hand, and play with its buttons. Every wait has a deadline; missed turns are played for you.',
  playerHeading: '**Player commands**',
  playerCommands: [
    '`/<game> rules` — the rules in short (also the **Rules** button on a lobby)',
    '`/hand` — your private hand at the table in this channel (or at your only table, named; with several, you pick one)',
    '`/table leave` · `/table cancel` — leave your game, or cancel the table (host)',
    '`/leaderboard` · `/stats` — the server leaderboard, and a player’s record',
    '`/history` — your past games (finished, cancelled or abandoned), each with **Review**: step through a game as you saw it',
    '`/privacy show` · `/privacy delete` — what the bot stores about you, and erasing it',
  ],
  adminHeading: '**Server admins** (Manage Server)',
  adminCommands: [
    '`/admin tables` — the open tables · `/admin end` — end a stuck table',
    '`/admin leaderboard-reset` — a new season · `/admin settings` — timers, where and by whom tables are opened',
  ],
  rulesHeading: '**Rules**',
  rules: 'Each game’s rules in short: `/<game> rules` (only you see it) or the **Rules** button on a lobby. A finished board offers **Play again**.',
} as const;
