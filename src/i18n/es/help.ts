/** Spanish strings of `/help` (README "Commands"). */
import { formatters } from '../format.js';

const f = formatters('es');

export const help = {
  commands: {
    help: 'Cómo usar Red Herring: los juegos, cómo empezar uno y los comandos (solo lo ves tú)',
  },
  title: '🃏 Red Herring — ayuda',
  gameLine: (emoji: string, title: string, players: string, command: string, line: string) => `${emoji} **${title}** (${players}) — ${line} \`/${command} nueva\``,
  players: (min: number, max: number) => (min === max ? f.count(min, { one: 'jugador', other: 'jugadores' }) : `${f.number(min)}–${f.number(max)} jugadores`),
  /** The first lines of `/help`: how to play at once, alone against bots or with friends (README "AI players"). */
  playNowHeading: '**Juega ahora, sin compañía o con amigos**',
  playNow:
    'Contra bots: `/suspicion nueva plazas:4 bots:3`, y luego **Empezar** en la sala de espera. Todos los juegos aceptan `bots:` (y `nivel-bots:` Fácil, Normal o Difícil), por ejemplo `/noir nueva bots:1`.\nCon amigos: `/<juego> nueva`, ellos pulsan **Unirme** y tú pulsas **Empezar** (**Anfitrión: agregar un bot…** llena una plaza vacía).',
  gamesHeading: '**Juegos**',
  startHeading: '**Cómo empezar una partida**',
  start:
    '1. En un canal, escribe el comando de uno de los juegos de arriba (`/<juego> nueva`; sus opciones fijan plazas y tiempos).\n2. Tus amigos pulsan **Unirme**; el anfitrión pulsa **Empezar**.\n3. Pulsa **Ver mi mano** (o escribe `/mano`) para ver tu mano privada, y juega con sus botones. Cada espera tiene un plazo; si no juegas a tiempo, se juega por ti.',
  playerHeading: '**Comandos de jugador**',
  playerCommands: [
    '`/<juego> reglas`: las reglas en breve (también el botón **Reglas** de una sala de espera)',
    '`/mano`: tu mano privada en la mesa de este canal (o en tu única mesa, y te dice cuál; con varias, eliges una)',
    '`/mesa abandonar` · `/mesa cancelar`: abandona tu partida o cancela la mesa (anfitrión)',
    '`/clasificación` · `/estadísticas`: la clasificación del servidor y el historial de un jugador',
    '`/historial`: tus partidas pasadas (terminadas, canceladas o abandonadas), cada una con **Revisar** para recorrerla como la viste',
    '`/privacidad ver` · `/privacidad borrar`: qué guarda el bot sobre ti, y cómo borrarlo',
  ],
  adminHeading: '**Administradores del servidor** (Gestionar servidor)',
  adminCommands: [
    '`/admin mesas`: las mesas abiertas · `/admin terminar`: termina una mesa atascada',
    '`/admin reiniciar-clasificación`: una temporada nueva · `/admin ajustes`: tiempos, idioma, y dónde y quién abre mesas',
  ],
  rulesHeading: '**Reglas**',
  rules: 'Las reglas de cada juego en breve: `/<juego> reglas` (solo lo ves tú) o el botón **Reglas** de una sala de espera. Un tablero terminado ofrece **Jugar otra vez**.',
} as const;
