/** Spanish strings of leaderboards, player stats and the server-admin tools (README "Leaderboards and ratings"). */
import { formatters } from '../format.js';

const f = formatters('es');
const pct = (wins: number, games: number) => f.number(games > 0 ? Math.round((100 * wins) / games) : 0);
const oneDecimal = (value: number) => f.decimal(value);
/** Spanish ordinal abbreviation: "3.º" (a placement, masculine "puesto"). */
const ordinalWord = (count: number) => `${count}.º`;
const gameCount = (count: number) => f.count(count, { one: 'partida', other: 'partidas' });
const winCount = (count: number) => f.count(count, { one: 'victoria', other: 'victorias' });
const playerCount = (count: number) => f.count(count, { one: 'jugador', other: 'jugadores' });
const rel = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;
const MEDALS = ['🥇', '🥈', '🥉'];

export const ratings = {
  /** "3.º", "11.º". */
  ordinalWord,
  /** A rating (ordinal) as shown everywhere: one decimal. */
  rating: oneDecimal,

  commands: {
    leaderboard: 'Mejores jugadores de este servidor, por juego o en todos los juegos',
    leaderboardGame: 'Qué juego (por defecto: todos, por partidas jugadas)',
    leaderboardSeason: 'Una temporada anterior de ese juego (por defecto: la actual)',
    leaderboardScope: 'De quién mostrar las puntuaciones (se guardan por servidor)',
    scopeServer: 'Este servidor',
    allGames: 'Todos los juegos (por partidas jugadas)',
    stats: 'El historial de un jugador en este servidor (solo lo ves tú)',
    statsUser: 'De quién (por defecto: el tuyo)',
    admin: 'Herramientas de servidor de Red Herring (Gestionar servidor)',
    adminCheck: 'Revisa qué puede hacer el bot en este canal y que sus partes funcionen (solo tú lo ves)',
    adminTables: 'Lista las mesas abiertas de este servidor',
    adminTablesPage: 'Página de la lista (12 mesas por página)',
    adminEnd: 'Termina para todos una mesa atascada (no cuenta)',
    adminEndTable: 'Número de mesa, como aparece en su tablero (p. ej., 12 para la mesa #12)',
    adminReset: 'Empieza una nueva temporada en la clasificación de un juego (las anteriores siguen visibles)',
    adminResetGame: 'Qué juego',
    adminSettings: 'Muestra o cambia los valores por defecto del servidor para mesas nuevas',
    adminTurn: 'Tiempo por turno en segundos (0 = el valor propio de cada juego)',
    adminCounter: 'Ventana de refutación / reacción en segundos (0 = el valor propio de cada juego)',
    adminVote: 'Tiempo de votación en segundos (0 = el valor propio de cada juego)',
    adminLanguage: 'Idioma de los tableros y avisos de las mesas nuevas',
    adminTextBoards: 'Tableros públicos en texto en vez de imágenes (lectores de pantalla, conexiones lentas)',
    languageAuto: 'El idioma de quien abre la mesa (por defecto)',
    adminAllowChannel: 'Permite mesas en este canal (el primero limita las mesas a los canales de la lista)',
    adminRemoveChannel: 'Deja de permitir mesas en este canal (una lista vacía = todos los canales otra vez)',
    adminHostRole: 'Solo los miembros con este rol (y Gestionar servidor) pueden abrir mesas',
    adminSettingsReset: 'Volver a un valor por defecto',
    resetChannels: 'Mesas en todos los canales otra vez',
    resetHostRole: 'Cualquiera puede volver a abrir mesas',
  },

  board: {
    title: (emoji: string, title: string, season: number) => `🏆 Clasificación de ${emoji} ${title} · temporada ${season}`,
    allTitle: '🏆 Todos los juegos · más partidas jugadas',
    row: (rank: number, name: string, rating: number, played: number, wins: number, provisional: boolean) =>
      `${MEDALS[rank - 1] ?? `**${rank}.**`} ${name} — **${oneDecimal(rating)}**${provisional ? ' ✱' : ''} · ${gameCount(played)} · ${pct(wins, played)} % de victorias`,
    allRow: (rank: number, name: string, played: number, wins: number) =>
      `${MEDALS[rank - 1] ?? `**${rank}.**`} ${name} — **${gameCount(played)}** · ${winCount(wins)} (${pct(wins, played)} %)`,
    empty: (title: string) => `Nadie terminó todavía una partida puntuada de ${title} en esta temporada. ¡Terminen una mesa para entrar en la clasificación!`,
    emptyPast: (title: string, season: number) => `Nadie jugó una partida puntuada de ${title} en la temporada ${season}.`,
    emptyAll: (commands: string) => `Nadie terminó todavía una partida puntuada en este servidor. Empiecen una con ${commands}.`,
    footer: (page: number, pages: number, players: number) =>
      `Página ${page + 1} de ${pages} · ${playerCount(players)} · Puntuación = habilidad − 3 × incertidumbre (OpenSkill) · ✱ provisional: menos de 5 partidas`,
    allFooter: (page: number, pages: number, players: number) =>
      `Página ${page + 1} de ${pages} · ${playerCount(players)} · todos los juegos y temporadas · elige un juego para ver puntuaciones`,
    pastSeason: (season: number, current: number) => `La temporada ${season} terminó (la actual es la ${current}).`,
    previous: '◀ Anterior',
    next: 'Siguiente ▶',
  },

  stats: {
    title: (name: string) => `📊 ${name} en este servidor`,
    gameLine: (emoji: string, title: string, season: number) => `**${emoji} ${title}** · temporada ${season}`,
    ratingLine: (rating: number, mu: number, sigma: number, rank: number, of: number, provisional: boolean, played: number, needed: number) =>
      `Puntuación **${oneDecimal(rating)}** (habilidad ${oneDecimal(mu)} ± ${oneDecimal(sigma)}) · #${rank} de ${f.number(of)}` +
      (provisional ? ` · ✱ provisional (${f.number(played)} de ${gameCount(needed)})` : ''),
    recordLine: (played: number, wins: number, streak: number) =>
      `${gameCount(played)} · ${winCount(wins)} (${pct(wins, played)} %)` +
      (streak > 1
        ? ` · 🔥 ${winCount(streak)} seguidas`
        : streak === 1
          ? ' · ganó la última partida'
          : streak < -1
            ? ` · ${gameCount(-streak)} sin ganar`
            : ''),
    totals: (played: number, wins: number) => `**Todos los juegos:** ${gameCount(played)} · ${winCount(wins)} (${pct(wins, played)} %)`,
    recentTitle: '**Últimas partidas**',
    recent: (emoji: string, title: string, id: number, placement: number, players: number, winner: boolean, left: boolean, endedAt: number) =>
      `• ${emoji} ${title} #${id} — ${winner ? '🏆 ganó, quedó' : left ? '🚪 abandonó, quedó' : 'terminó'} ${ordinalWord(placement)} de ${f.number(players)} · ${rel(endedAt)}`,
    noCurrent: 'No hay partidas puntuadas en las temporadas actuales.',
    nothing: (name: string) => `${name} todavía no terminó ninguna partida puntuada en este servidor.`,
  },

  admin: {
    refused: 'Solo los miembros con el permiso **Gestionar servidor** pueden usar `/admin`. No se cambió nada.',
    tablesTitle: (count: number) => `**Mesas abiertas en este servidor** (${f.number(count)})`,
    tableLine: (id: number, emoji: string, title: string, channel: string, status: string, players: string, count: number, age: string, last: string) =>
      `• **#${id}** ${emoji} ${title} en <#${channel}> — ${status} · ${playerCount(count)}: ${players} · abierta ${age} · última jugada ${last}`,
    statusLobby: 'sala de espera',
    statusActive: 'en juego',
    noMove: 'ninguna todavía',
    morePages: (page: number, pages: number) => `Página ${page} de ${pages}: mira las demás con \`/admin mesas página:<n>\`.`,
    noTables: 'No hay mesas abiertas en este servidor.',
    endHint: 'Termina una atascada con `/admin terminar mesa:<número>`.',
    rel,
    noSuchTable: (id: number) => `No existe la mesa #${id} en este servidor. \`/admin mesas\` lista las abiertas.`,
    alreadyEnded: (id: number) => `La mesa #${id} ya terminó. No se cambió nada.`,
    confirmEnd: (title: string, id: number, channel: string) =>
      `¿Terminar **${title}** (mesa #${id}) en <#${channel}> para todos? **No contará** para la clasificación y el tablero dirá que la terminó un administrador del servidor.`,
    confirmEndButton: 'Sí, terminar la mesa',
    keepTable: 'No, mantenerla',
    ended: (id: number) => `La mesa #${id} terminó. No cuenta para la clasificación; los jugadores lo ven en el tablero.`,
    confirmReset: (title: string, season: number, game: string) =>
      `¿Empezar una nueva temporada en la clasificación de **${title}**? La temporada ${season} termina ahora y la ${season + 1} empieza **vacía**. ` +
      `La temporada ${season} sigue visible con \`/clasificación juego:${game} temporada:${season}\`.`,
    confirmResetButton: (next: number) => `Sí, empezar la temporada ${next}`,
    keepSeason: (season: number) => `No, mantener la temporada ${season}`,
    resetDone: (title: string, season: number, game: string) =>
      `Empezó la temporada ${season} de la clasificación de **${title}**. La temporada ${season - 1} sigue visible con \`/clasificación juego:${game} temporada:${season - 1}\`.`,
    resetStale: (title: string, season: number) => `La clasificación de ${title} ya está en la temporada ${season}. No se cambió nada.`,
    kept: 'No se cambió nada.',
    settingsTitle: '**Valores por defecto del servidor para mesas nuevas**',
    settingLine: (label: string, value: number | undefined, notes: string) =>
      `• ${label}: ${value === undefined ? 'el valor propio de cada juego' : `**${value} s**`}${notes ? ` — ${notes}` : ''}`,
    settingUnused: (games: string, what: string) => `no lo usa ${games} (sin ${what})`,
    settingOutOfRange: (game: string, min: number | undefined, max: number | undefined) =>
      min !== undefined && max !== undefined ? `${game} mantiene su propio valor (admite de ${min} a ${max} s)` : `${game} mantiene su propio valor`,
    settingWhat: { turnSeconds: 'tiempo por turno', reactionSeconds: 'ventanas de refutación', voteSeconds: 'votaciones' } as Record<string, string>,
    hostingTitle: '**Quién puede abrir mesas**',
    channelsAnywhere: '• Canales: cualquier canal donde pueda publicar',
    channelsListed: (channels: string) => `• Canales: solo ${channels}`,
    hostsAnyone: '• Anfitriones: cualquiera',
    hostsRole: (roleId: string) => `• Anfitriones: los miembros con <@&${roleId}>, y cualquiera con **Gestionar servidor**`,
    hostingHelp:
      'Limítalos con `permitir-canal:#canal` (repítelo para más), `quitar-canal:#canal` y `rol-anfitrión:@rol`; `restablecer:` vuelve a todos los canales o a cualquier anfitrión. ' +
      'La lista de canales vale para todos, también para los administradores; los miembros con Gestionar servidor siempre pueden abrir mesas.',
    listEmptied: 'La lista de canales quedó vacía, así que se pueden volver a abrir mesas en cualquier canal.',
    notListed: (channel: string) => `<#${channel}> no está en la lista de canales para mesas. No se cambió nada.`,
    noList: (channel: string) =>
      `Ya se pueden abrir mesas en cualquier canal, así que no hay lista de la que quitar <#${channel}>. Usa \`permitir-canal\` para limitarlas a algunos canales. No se cambió nada.`,
    alreadyListed: (channel: string) => `<#${channel}> ya está en la lista de canales para mesas. No se cambió nada.`,
    tooMany: (max: number) => `Se pueden listar como mucho ${f.count(max, { one: 'canal', other: 'canales' })}. No se cambió nada.`,
    settingsConflict: 'Esas opciones se contradicen (por ejemplo, permitir y quitar el mismo canal, o fijar y restablecer el rol de anfitrión). No se cambió nada.',
    settingLabels: { turnSeconds: 'Tiempo por turno', reactionSeconds: 'Ventana de refutación', voteSeconds: 'Tiempo de votación' } as Record<string, string>,
    settingsHelp:
      'Las opciones dadas a `/<juego> nueva` siguen mandando sobre estas, y un juego que no puede usar un valor (fuera de sus propios límites) mantiene el suyo, como se indica arriba. ' +
      'Cámbialos con `/admin ajustes tiempo-turno:… ventana-refutación:… tiempo-votación:… idioma:…` (0 = volver al valor de cada juego).',
    languageLine: (language: string | null) => `• Idioma de las mesas: ${language === null ? 'el idioma de quien abre la mesa' : `**${language}**`}`,
    /** Each language in its own words (what a speaker looks for in a list). */
    languageNames: { en: 'English', es: 'Español' } as Record<string, string>,
    textBoardsLine: (on: boolean) => `• Tableros públicos: ${on ? '**texto** (sin imágenes)' : '**imágenes** (con texto alternativo)'}`,
    textBoardsHelp: 'Cámbialo con `/admin ajustes tableros-de-texto:True|False`; cada jugador elige para su propia mano con el botón 📝 / 🖼️ que hay en ella.',
    languageHelp: 'Una mesa conserva el idioma con el que se abrió; las respuestas privadas y las manos siguen el idioma de Discord de cada jugador.',
    settingsSaved: '✅ Guardado.',
    settingsBad: (label: string, min: number, max: number) =>
      `${label} debe estar entre ${f.number(min)} y ${f.number(max)} segundos (o 0 para el valor propio de cada juego). No se cambió nada.`,
  },

  errors: {
    notInGuild: 'Las clasificaciones y estadísticas pertenecen a un servidor: usa este comando en un canal de un servidor.',
    unknownGame: 'Ese juego no está disponible.',
    seasonNeedsGame: 'Las temporadas se guardan por juego: elige un juego para ver una temporada anterior.',
    noSuchSeason: (title: string, season: number, current: number) =>
      `La clasificación de ${title} todavía no tiene temporada ${season}: la actual es la ${current}.`,
    staleButton: 'Ese botón pertenece a un mensaje anterior. Vuelve a usar `/clasificación` para obtener uno nuevo.',
  },
} as const;
