/** Spanish strings of game review and `/history` (README "Review a game"). */
import { formatters } from '../format.js';

const f = formatters('es');

export const review = {
  commands: {
    history: 'Tus partidas pasadas aquí (terminadas, canceladas, abandonadas), con botón Revisar',
    historyUser: 'Las partidas pasadas de este miembro (solo datos públicos)',
  },

  title: (emoji: string, game: string, tableId: number) => `🔁 Revisión · ${emoji} ${game} · mesa #${tableId}`,
  where: (channel: string) => `Se jugó en ${channel}.`,
  stepOf: (step: number, last: number) => `**Paso ${step} de ${last}**`,
  seenAs: (label: string) => `Vista: ${label}`,
  deal: 'El reparto: nadie ha jugado todavía.',
  moved: (name: string, mark: string, when: string) => `**${name}** jugó${mark} (${when}):`,
  marks: {
    player: '',
    timeout: ' ⏱ por el temporizador',
    auto: ' 💤 en juego automático (ausente)',
    bot: ' 🤖 como jugador IA',
  },
  privateLine: (names: string, line: string) => `🔒 Mostrado a ${names}: «${line}»`,
  nothingSeen: 'Nada que esta vista pudiera ver.',
  chose: (name: string, move: string) => `${name} eligió **${move}**${f.stop(move)}`,
  youChose: (move: string) => `Elegiste **${move}**${f.stop(move)}`,
  running: 'La partida sigue en curso: solo ves tu propio asiento y el tablero público hasta que termine.',
  stopped: 'Esta partida se detuvo antes de terminar: la revisión llega hasta donde se detuvo.',
  views: {
    public: 'Todos (el tablero público)',
    all: 'Todo revelado',
    seat: (name: string) => `Asiento de ${name}`,
    mine: (name: string) => `Tu asiento (${name})`,
  },
  seatHeading: (name: string) => `__${name}__`,
  viewAs: 'Ver como…',
  first: '⏮ Primera',
  previous: '◀ Atrás',
  next: 'Siguiente ▶',
  last: 'Última ⏭',
  export: 'Exportar',
  reviewButton: 'Revisar',

  exported: (tableId: number, label: string) => `El registro (JSON) y la transcripción (markdown) de la mesa #${tableId}, vista: ${label}.`,
  transcript: {
    title: (game: string, tableId: number) => `# ${game} — mesa #${tableId}`,
    seats: 'Asientos',
    seat: (seat: number, name: string) => `${seat}. ${name}`,
    started: (when: string) => `Empezó: ${when}`,
    ended: (when: string, reason: string) => `Terminó: ${when} (${reason})`,
    step: (step: number) => `## Paso ${step}`,
    final: '## Posición final',
  },

  analysis: {
    button: '📈 Analizar este asiento',
    running: (name: string, done: number, total: number) => `📈 Analizando las ${total} decisiones de ${name} con la IA Difícil, solo con la información de ese asiento: ${done} de ${total} hechas…`,
    summary: (name: string, decisions: number, agreed: number, iterations: number) =>
      `📈 **Análisis de ${name}** (la IA Difícil, con la información de ese asiento en cada momento, ${iterations} simulaciones por decisión): ${agreed} de ${decisions} decisiones como las habría jugado la IA Difícil.`,
    same: (move: string, percent: string) => `📈 La IA Difícil habría jugado lo mismo: **${move}** (${percent} de ganar).`,
    other: (hard: string, before: string, played: string, after: string, cost: string) =>
      `📈 La IA Difícil habría jugado **${hard}** (${before} de ganar); **${played}** dejó ${after}${cost}.`,
    only: '📈 Era la única jugada posible.',
    percent: (p: number | null) => (p === null ? 'sin estimar' : `un ${p} %`),
    cost: (points: number) => (points > 0 ? ` (−${points} puntos)` : ''),
    why: (reason: string) => `Por qué: ${reason}`,
    keyMoments: '⭐ **Momentos clave** (las jugadas que más costaron):',
    keyMoment: (step: number, played: string, hard: string, points: number) => `Paso ${step}: **${played}** en vez de **${hard}** (−${points} puntos)`,
    noKeyMoments: '⭐ Ninguna jugada costó más de unos pocos puntos de la probabilidad de ganar.',
    jump: '⭐ Ir a un momento clave…',
    jumpOption: (step: number, points: number) => `Paso ${step} (−${points} puntos)`,
    failed: 'No se pudo terminar el análisis. Vuelve a intentarlo en un momento.',
    notOver: 'Una partida en curso nunca se analiza: vuelve cuando haya terminado.',
    chooseSeat: 'Elige un asiento que analizar con «Ver como…».',
  },

  errors: {
    noGame: (tableId: number) => `No hay ninguna partida #${tableId} que revisar en este servidor.`,
    notStarted: (tableId: number) => `La mesa #${tableId} nunca empezó: no hay nada que revisar.`,
    view: 'Esa vista no está abierta para ti. Quienes no jugaron ven solo lo que la mesa mostró públicamente; cada jugador ve su propio asiento, y todos los asientos (o todo revelado) cuando la partida termina.',
    notInGuild: 'Las partidas se revisan en el servidor donde se jugaron.',
  },

  history: {
    title: (name: string) => `📜 **Partidas pasadas de ${name}** en este servidor`,
    mine: '📜 **Tus partidas pasadas** en este servidor',
    empty: 'Todavía no hay partidas terminadas, canceladas ni abandonadas.',
    line: (id: number, game: string, when: string, players: number, result: string, rating: string) => `**#${id}** ${game} · ${when} · ${players} asientos · ${result} · ${rating}`,
    /** Tu cambio de puntuación con esa partida (un decimal, con signo), "—" si no fue puntuada. */
    rating: (change: number | null) => `puntuación ${change === null ? '—' : `${change < 0 ? '−' : '+'}${f.decimal(Math.abs(change))}`}`,
    /** `mine`: the reader's own history (tú), else another player's. */
    won: (mine: boolean) => (mine ? '🏆 ganaste' : '🏆 ganó'),
    placed: (placement: number) => `puesto ${placement}`,
    left: (mine: boolean) => (mine ? 'dejaste la partida' : 'dejó la partida'),
    cancelled: '⛔ cancelada antes de terminar',
    abandoned: '💤 abandonada antes de terminar',
    page: (page: number, pages: string) => `Página ${page}${pages}`,
    more: ' (hay más en la página siguiente)',
    previous: '◀ Más recientes',
    next: 'Más antiguas ▶',
    review: (id: number) => `Revisar #${id}`,
  },
} as const;
