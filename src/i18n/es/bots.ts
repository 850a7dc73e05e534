/** Textos en español de los bots (README "AI players"): controles del lobby, notas del tablero, errores, opciones. */
import { formatters } from '../format.js';

const f = formatters('es');

export const bots = {
  levels: { easy: 'Fácil', normal: 'Normal', hard: 'Difícil' } as Record<string, string>,
  levelHelp: {
    easy: 'Juega una jugada legal al azar',
    normal: 'Juega una jugada sensata según lo que ve',
    hard: 'Piensa varias jugadas por delante según lo que ve',
  } as Record<string, string>,
  /** El nombre de un asiento de bot en tableros, paneles, registros y resultados: nombre y nivel, p. ej. "🤖 Ada (Difícil)". */
  nameWithLevel: (name: string, level: string) => `${name} (${level})`,
  /** Un bot en la lista del lobby: su nombre y su nivel. */
  lobbyEntry: (name: string, level: string) => `${name} (bot ${level})`,
  addPlaceholder: 'Anfitrión: agregar un bot…',
  addOption: (level: string) => `Agregar un bot: ${level}`,
  removePlaceholder: 'Anfitrión: quitar un bot…',
  removeOption: (name: string) => `Quitar a ${name}`,
  replacePlaceholder: 'Anfitrión: ceder a un bot…',
  replaceOption: (name: string, why: string) => `Reemplazar a ${name} (${why}) por un bot Normal`,
  replaced: (player: string, bot: string) => `🤖 ${bot} juega desde ahora y hasta el final en el asiento de ${player}.`,
  paceNote: (seconds: string) => `🤖 Los bots juegan después de ${seconds}.`,
  defaultPace: '1,5–4 s',
  /** La línea de ritmo del lobby con `ritmo-bots:0`. */
  instantNote: '🤖 Los bots juegan al instante.',
  /** La respuesta a un control de bots del lobby. */
  added: (name: string) => `${name} se sumó a la mesa.`,
  removed: (name: string) => `${name} dejó la mesa.`,
  replacedDone: (player: string) => `Un bot juega ahora en el asiento de ${player}.`,
  notBot: 'Ese asiento no es de un bot (o ya se fue).',
  notReplaceable: 'Solo se puede reemplazar por un bot a alguien que se fue o está ausente.',
  /** 💡 Consejo (README "AI players"; no «pista»: es la palabra de Tricks and the Phantom para sus cartas): el botón del panel, la respuesta, la línea pública del registro, rechazos. */
  hint: {
    button: '💡 Consejo',
    note: (move: string, reason: string | null, estimate: string | null) =>
      `💡 Consejo — **${move}**${f.stop(move)}${reason ? ` ${reason}` : ''}${estimate ? ` ${estimate}` : ''}\nSolo tú lo ves; el registro dice que pediste un consejo.`,
    estimate: (percent: number, next: { move: string; percent: number | null } | null) =>
      `Buscando desde tu asiento, la IA Difícil le da un ${percent} % de ganar${next ? (next.percent === null ? ` (**${next.move}** parece casi igual de buena)` : ` (la siguiente mejor, **${next.move}**: ${next.percent} %)`) : ''}.`,
    only: 'Es tu única jugada.',
    used: (name: string) => `💡 ${name} pidió un consejo.`,
    off: 'Los consejos están desactivados en esta mesa: cuenta para el ranking (juegan dos o más personas). Quien abre una mesa puede permitirlos con consejos:True.',
    nothingToDecide: 'Ahora no tienes nada que decidir, así que no hay consejo que dar.',
    busy: 'Los consejos están ocupados ahora mismo: muchos jugadores pidieron uno a la vez. Inténtalo dentro de un minuto; no se ha registrado nada.',
  },
  options: {
    bots: 'Jugadores de IA (bots) que se sientan ahora (por defecto 0)',
    hints: 'Permitir 💡 Consejo también en partidas con ranking (por defecto no: solo en mesas sin ranking)',
    level: 'Nivel de esos bots (por defecto Normal)',
    pace: 'Segundos que espera un bot antes de jugar, 0 = al instante (por defecto 1,5–4)',
  },
  stats: {
    title: '**Contra bots**',
    line: (level: string, games: number, wins: number) =>
      `🤖 ${level}: ${f.count(games, { one: 'partida', other: 'partidas' })}, ${f.count(wins, { one: 'victoria', other: 'victorias' })}`,
  },
} as const;
