/** Textos en español de las mesas por turnos (ver src/i18n/en/turns.ts). */
import { formatters } from '../format.js';

const f = formatters('es');

/** Una marca de tiempo de Discord `<t:UNIX:estilo>` de `ms` (Unix ms). */
const ts = (ms: number, style: 'F' | 'R') => `<t:${Math.floor(ms / 1000)}:${style}>`;

export const turns = {
  options: {
    pace: 'En vivo (todos conectados) o por turnos (horas por jugada)',
    moveHours: 'Por turnos: tiempo por jugada, en horas',
  },
  paceChoices: { live: 'En vivo', 'turn-based': 'Por turnos' } as Record<string, string>,
  hoursChoice: (hours: number) => `${hours} ${f.word(hours, { one: 'hora', other: 'horas' })}`,
  paceLine: (hours: number) => `📬 **Por turnos:** ${hours} h por jugada — a cada jugador se le avisa cuando le toca, y se le recuerda una vez cuando le queda un cuarto del tiempo.`,
  waitingFor: (names: string, until: number) => `⏳ Esperando a ${names} hasta ${ts(until, 'F')} (${ts(until, 'R')}).`,
  vacationNote: (name: string, until: number) => `🏖️ ${name} está de vacaciones hasta ${ts(until, 'F')}; su reloj está detenido.`,
  ping: (mention: string, title: string, id: number, until: number, where: string) =>
    `🔔 ${mention}: te toca en **${title}** (mesa #${id}) en ${where}, hasta ${ts(until, 'F')} (${ts(until, 'R')}).`,
  reminder: (mention: string, title: string, id: number, until: number, where: string) =>
    `⏰ ${mention}: recordatorio, te queda un cuarto del tiempo en **${title}** (mesa #${id}) en ${where}. Tu jugada cierra ${ts(until, 'R')} (${ts(until, 'F')}).`,
  games: {
    title: '🗂️ Tus mesas abiertas en este servidor',
    empty: 'No estás sentado en ninguna mesa abierta de este servidor. Abre una con `/<juego> nueva` (agrega `ritmo:Por turnos` para jugar a lo largo de días).',
    lobby: (title: string, id: number, channel: string) => `**${title}** #${id} en ${channel} — sala de espera, sin empezar`,
    yourMove: (title: string, id: number, channel: string, until: number, live: boolean) =>
      `**${title}** #${id} en ${channel} — **te toca**${live ? `, cierra ${ts(until, 'R')}` : ` hasta ${ts(until, 'F')} (${ts(until, 'R')})`}`,
    waiting: (title: string, id: number, channel: string, names: string, until: number, live: boolean) =>
      `**${title}** #${id} en ${channel} — esperando a ${names}${live ? `, cierra ${ts(until, 'R')}` : ` hasta ${ts(until, 'F')} (${ts(until, 'R')})`}`,
    noDeadline: (title: string, id: number, channel: string, names: string) => `**${title}** #${id} en ${channel} — esperando a ${names}`,
    turnBased: (hours: number) => ` · 📬 ${hours} h por jugada`,
    openHand: (id: number) => `Mano #${id}`,
    more: (count: number) => `…y ${count} más.`,
    notifyOption: 'Mesas por turnos: avisarme en el canal o por mensaje directo',
    notifyChoices: { ping: 'Avisarme en el canal', dm: 'Enviarme un mensaje directo' } as Record<string, string>,
    notifySet: (mode: string) =>
      mode === 'dm'
        ? '✅ Las mesas por turnos te enviarán un mensaje directo cuando te toque (si tus mensajes directos están cerrados, se te avisa en el canal).'
        : '✅ Las mesas por turnos te avisarán en el canal de la mesa cuando te toque.',
    description: 'Tus mesas abiertas en este servidor, a quién le toca y hasta cuándo',
  },
  vacation: {
    description: 'Mesa por turnos: detén tu reloj una vez por partida (hasta 72 horas)',
    hoursOption: 'Cuántas horas (1–72)',
    taken: (until: number, extended: boolean) =>
      `🏖️ Tu reloj está detenido hasta ${ts(until, 'F')}.${extended ? ' Tu jugada actual se extendió en ese tiempo.' : ' Si te toca mientras tanto, se suma lo que quede de la pausa.'}`,
    event: (name: string, until: number) => `🏖️ ${name} se toma vacaciones hasta ${ts(until, 'F')}.`,
  },
  errors: {
    notTurnBased: 'Las vacaciones son solo para mesas por turnos; esta mesa es en vivo.',
    vacationUsed: (until: number, running: boolean) => `Ya tomaste tus vacaciones en esta partida (${running ? 'duran' : 'duraron'} hasta ${ts(until, 'F')}). Es una por partida.`,
    badVacation: (max: number) => `Las vacaciones son un número entero de horas de 1 a ${max}. No se cambió nada.`,
  },
  help: '**Mesas por turnos:** agrega `ritmo:Por turnos` (y `horas-jugada:` 1, 12, 24 o 72; por defecto 24) a `/<juego> nueva` para jugar a lo largo de días. Se te avisa una vez cuando te toca y se te recuerda una vez cuando te queda un cuarto del tiempo. `/partidas` muestra tus mesas; `/partidas avisos:Enviarme un mensaje directo` te envía los avisos por mensaje directo; `/mesa vacaciones` detiene tu reloj una vez por partida.',
};
