/**
 * English strings of turn-based tables (README "Turn-based tables"; docs/turn-based.md): the
 * pace options of `/<game> new`, the board's whose-turn line, turn pings and reminders (in the
 * channel or by DM), `/games`, the notification setting and vacations. Times are Discord
 * timestamps (`<t:UNIX:F>`, `<t:UNIX:R>`): every reader sees them in their own time zone.
 */
import { formatters } from '../format.js';

const f = formatters('en');

/** A Discord timestamp `<t:UNIX:style>` of `ms` (Unix ms). */
const ts = (ms: number, style: 'F' | 'R') => `<t:${Math.floor(ms / 1000)}:${style}>`;

export const turns = {
  options: {
    pace: 'Live (everyone at the keyboard) or turn-based (hours per move)',
    moveHours: 'Turn-based: time per move, in hours',
  },
  paceChoices: { live: 'Live', 'turn-based': 'Turn-based' } as Record<string, string>,
  hoursChoice: (hours: number) => `${hours} ${f.word(hours, { one: 'hour', other: 'hours' })}`,
  /** The lobby's and the board's pace line. */
  paceLine: (hours: number) => `📬 **Turn-based:** ${hours} h per move — you are pinged when it is your move, and reminded once when a quarter of your time is left.`,
  /** The board's whose-turn line of a turn-based table. */
  waitingFor: (names: string, until: number) => `⏳ Waiting for ${names} until ${ts(until, 'F')} (${ts(until, 'R')}).`,
  vacationNote: (name: string, until: number) => `🏖️ ${name} is on vacation until ${ts(until, 'F')}; their clock stands still.`,
  /** A turn ping (channel or DM). */
  ping: (mention: string, title: string, id: number, until: number, where: string) =>
    `🔔 ${mention} — your move in **${title}** (table #${id}) in ${where}, until ${ts(until, 'F')} (${ts(until, 'R')}).`,
  reminder: (mention: string, title: string, id: number, until: number, where: string) =>
    `⏰ ${mention} — reminder: a quarter of your time is left in **${title}** (table #${id}) in ${where}. Your move closes ${ts(until, 'R')} (${ts(until, 'F')}).`,
  games: {
    title: '🗂️ Your open tables on this server',
    empty: 'You are not seated at any open table on this server. Start one with `/<game> new` (add `pace:turn-based` to play over days).',
    lobby: (title: string, id: number, channel: string) => `**${title}** #${id} in ${channel} — lobby, not started yet`,
    /** `live`: a live table, whose deadline is minutes away: said as a relative time only (a turn-based one: its date too). */
    yourMove: (title: string, id: number, channel: string, until: number, live: boolean) =>
      `**${title}** #${id} in ${channel} — **your move**${live ? `, closes ${ts(until, 'R')}` : ` until ${ts(until, 'F')} (${ts(until, 'R')})`}`,
    waiting: (title: string, id: number, channel: string, names: string, until: number, live: boolean) =>
      `**${title}** #${id} in ${channel} — waiting for ${names}${live ? `, closes ${ts(until, 'R')}` : ` until ${ts(until, 'F')} (${ts(until, 'R')})`}`,
    noDeadline: (title: string, id: number, channel: string, names: string) => `**${title}** #${id} in ${channel} — waiting for ${names}`,
    turnBased: (hours: number) => ` · 📬 ${hours} h per move`,
    openHand: (id: number) => `Hand #${id}`,
    more: (count: number) => `…and ${count} more.`,
    notifyOption: 'Turn-based tables: ping me in the channel, or send me a DM',
    notifyChoices: { ping: 'Ping me in the channel', dm: 'Send me a DM' } as Record<string, string>,
    notifySet: (mode: string) =>
      mode === 'dm'
        ? '✅ Turn-based tables will send you a DM when it is your move (if your DMs are closed, you are pinged in the channel instead).'
        : '✅ Turn-based tables will ping you in the table’s channel when it is your move.',
    description: 'Your open tables on this server, whose turn it is and until when',
  },
  vacation: {
    description: 'Turn-based table: pause your clock once per game (up to 72 hours)',
    hoursOption: 'How many hours (1–72)',
    taken: (until: number, extended: boolean) =>
      `🏖️ Your clock stands still until ${ts(until, 'F')}.${extended ? ' Your current move was extended by that much.' : ' A move that comes to you meanwhile gets the rest of the pause added.'}`,
    event: (name: string, until: number) => `🏖️ ${name} takes a vacation until ${ts(until, 'F')}.`,
  },
  errors: {
    notTurnBased: 'Vacations are for turn-based tables only; this table is live.',
    /** `running`: the vacation is still on (it ends at `until`, Unix ms). */
    vacationUsed: (until: number, running: boolean) => `You already took your vacation in this game (it ${running ? 'runs' : 'ran'} until ${ts(until, 'F')}). It is one per game.`,
    badVacation: (max: number) => `A vacation is a whole number of hours from 1 to ${max}. Nothing was changed.`,
  },
  help: '**Turn-based tables:** add `pace:turn-based` (and `move-hours:` 1, 12, 24 or 72; default 24) to `/<game> new` to play over days. You get one ping when it is your move and one reminder when a quarter of your time is left. `/games` lists your tables; `/games notify:dm` sends the pings by DM; `/table vacation` pauses your clock once per game.',
};
