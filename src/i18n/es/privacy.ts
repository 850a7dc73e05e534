/** Spanish strings of `/privacy` (README "Privacy"): what the bot stores about a user, and its erasure. */
import { formatters } from '../format.js';

const f = formatters('es');
const plural = (count: number, one: string, other: string) => f.count(count, { one, other });

export const privacy = {
  commands: {
    privacy: 'Qué guarda Red Herring sobre ti y cómo borrarlo',
    show: 'Mira qué guarda Red Herring sobre ti (solo lo ves tú)',
    delete: 'Borra tus estadísticas, puntuaciones y tu nombre de partidas pasadas (pregunta antes)',
  },

  /** Seat name on boards of past games for a player who erased their data. */
  formerPlayer: 'exjugador',

  shown: {
    title: '🔒 **Qué guarda Red Herring sobre ti**',
    nothing: 'Nada: no tienes asientos, resultados, puntuaciones, totales ni preferencias en ningún servidor.',
    intro: 'En cada servidor donde jugaste:',
    seats: (count: number) => `• ${plural(count, 'asiento', 'asientos')} en mesas, con el nombre que tenías allí (tus jugadas están en el registro de cada partida)`,
    results: (count: number) => `• ${plural(count, 'resultado', 'resultados')} de partidas terminadas (puesto, victoria, puntuación)`,
    ratings: (count: number) => `• ${plural(count, 'puntuación de temporada', 'puntuaciones de temporada')} (una por servidor, juego y temporada)`,
    totals: (count: number) => `• totales históricos en ${plural(count, 'servidor', 'servidores')}`,
    settings: '• tus preferencias, para todos los servidores: tableros en texto o no, y cómo te avisan las mesas por turnos (`/partidas avisos:`)',
    tournaments: (count: number) => `• ${plural(count, 'torneo', 'torneos')} en los que te inscribiste (con el nombre que usaste) u organizaste`,
    openTables: (list: string) => `Todavía tienes asiento en: ${list}. Deja esas mesas (o deja que terminen) antes de borrar.`,
    openTournaments: (list: string) =>
      `Todavía participas en (u organizas): ${list}. Durante la inscripción, sal con \`/torneo abandonar\`; un torneo en marcha guarda tus resultados hasta que termina (quien lo organiza puede cancelarlo con \`/torneo cancelar\`). Después, borra.`,
    keptFor:
      'Se guarda hasta que lo borres: nada caduca solo. Las clasificaciones y `/estadísticas` se calculan a partir de ello. Quien opera el servidor también puede guardar copias de seguridad y registros (que nombran ids de usuario) durante su propio plazo.',
    howToDelete: 'Bórralo con `/privacidad borrar` (pregunta antes).',
  },

  confirm: (list: string) =>
    `¿Borrar lo que Red Herring guarda sobre ti en **todos los servidores**? ${list}\n\nSe van tus puntuaciones, tus totales históricos y tu lugar en todas las clasificaciones. En las partidas pasadas tu asiento se queda, así que los resultados y puntuaciones de los demás no cambian, pero pasa a ser anónimo («exjugador»). **No se puede deshacer.**`,
  confirmSummary: (seats: number, results: number, ratings: number) =>
    `(${plural(seats, 'asiento', 'asientos')}, ${plural(results, 'resultado', 'resultados')}, ${plural(ratings, 'puntuación', 'puntuaciones')})`,
  confirmButton: 'Sí, borrar mis datos',
  keepButton: 'No, mantenerlos',
  kept: 'No se cambió nada.',
  erased: (seats: number, results: number, ratings: number, totals: number) =>
    `Listo: tus datos están borrados. ${plural(seats, 'asiento anónimo', 'asientos anónimos')}, ${plural(results, 'resultado anónimo', 'resultados anónimos')}; ${plural(ratings, 'puntuación borrada', 'puntuaciones borradas')} y ${plural(totals, 'total histórico borrado', 'totales históricos borrados')}. Si vuelves a jugar, empiezas de cero.`,
  nothingToErase: 'No hay nada que borrar: Red Herring no guarda nada sobre ti.',
  /** A confirmation clicked when nothing is left (a double click, or erased from another prompt). */
  alreadyErased: 'Tus datos están borrados: ahora Red Herring no guarda nada sobre ti.',
  refusedOpen: (list: string) => `No se borró nada: todavía tienes asiento en ${list}. Sal con \`/mesa abandonar\` en ese canal (o deja que la partida termine) y vuelve a intentarlo.`,
  refusedTournaments: (list: string) =>
    `No se borró nada: todavía participas en (u organizas) ${list}. Durante la inscripción, sal con \`/torneo abandonar\`; un torneo en marcha guarda tus resultados hasta que termina (quien lo organiza puede cancelarlo con \`/torneo cancelar\`). Después, vuelve a intentarlo.`,
  /** Added to `erased` when they were in past tournaments. */
  erasedTournaments: (count: number) => `Tu inscripción en ${plural(count, 'torneo pasado', 'torneos pasados')} también es anónima; su clasificación no cambia.`,
  /** One open tournament in a list: "**Copa de primavera** (torneo #3) en #canal". */
  openTournament: (name: string, id: number, channelMention: string) => `**${name}** (torneo #${id}) en ${channelMention}`,
  /** One open table in a list: "**Suspicion** (mesa #12) en #canal". */
  openTable: (title: string, id: number, channelMention: string) => `**${title}** (mesa #${id}) en ${channelMention}`,
} as const;
