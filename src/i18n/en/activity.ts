/** English strings of the Discord Activity (docs/activity.md): the table as a live app inside Discord. */
import { formatters } from '../format.js';

const f = formatters('en');

export const activity = {
  /** The board's button and `/table open` (interaction callback LAUNCH_ACTIVITY). */
  openButton: 'Open table',
  commandOpen: 'Open this channel’s table as a live, clickable app (Discord Activity)',
  /** `/table open` where the bot has no Activity (not configured). */
  notEnabled: 'The live table (Discord Activity) is not set up for this bot. Play with the buttons on the board; the bot’s host can turn it on (docs/activity.md).',
  lobby: 'The game has not started yet: join and start it from the lobby in chat.',
  watchingOff: 'Watching is off at this table: only its players see it.',
  watchingDelayed: (moves: number) => `You are watching ${f.count(moves, { one: 'move', other: 'moves' })} behind the table.`,
  stale: 'ℹ️ The table moved on before that click arrived — it shows what is current now.',
  alreadyDone: 'ℹ️ Already done — your first click counted.',
  failed: 'Something went wrong on the bot’s side; the move was not made. Try again.',
  signIn: {
    noInstance: 'This Activity is not running in Discord (it may have ended): open it again from the table’s button.',
    notInInstance: 'You are not in this Activity according to Discord: open it again from the table’s button.',
    notInServer: 'Tables are played in server channels: open the Activity from a table in a server.',
    discordRefused: (why: string) => `Discord refused the sign-in: ${why}.`,
  },
  /**
   * The app's own words, sent to the page as they are (no functions: `{name}` is filled in by
   * the page). Keys are the page's.
   */
  page: {
    signingIn: 'Signing in with Discord…',
    signInFailed: 'Could not sign in: {reason}',
    signInAgain: 'Try again',
    notInDiscord: 'This is the Red Herring table app: open it from a table’s “Open table” button in Discord.',
    connecting: 'Connecting to the table…',
    reconnecting: 'Connection lost — reconnecting…',
    /** `{commands}`: every game's command to open a table (common `newCommands`, filled in by the server). */
    noTable: 'There is no table in this channel. Start one with {commands}, then open it again.',
    table: 'Table #{id}',
    yourTurn: 'Your turn',
    waitingFor: 'Waiting for {names}',
    yourMoves: 'Your moves',
    otherMoves: 'More moves',
    pickNext: 'Now click where it goes — or pick another card.',
    cancelPick: 'Cancel',
    chooseMove: 'Which move?',
    spectating: 'You are watching: you are not seated at this table.',
    leftSeat: 'You left this game: you see what everyone sees.',
    timeLeft: '{time} left',
    hint: '💡 Hint',
    log: 'Recent moves',
    gameOver: 'Game over',
    boardPicture: 'The table',
    handPicture: 'Your hand',
    handOf: '{name}’s hand',
    sending: 'Sending…',
    you: 'you',
    bot: 'bot',
    away: 'away',
    left: 'left',
  },
} as const;
