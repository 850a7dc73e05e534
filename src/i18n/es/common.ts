/** Spanish (neutral: "ustedes") strings shared by every game: lobby, board frame, panels, errors, commands. */
import { formatters } from '../format.js';

const f = formatters('es');

export const common = {
  /** The catalog's language (BCP 47), for Intl formatting. */
  language: 'es',
  /** Numbers and plurals in this catalog's language. */
  format: f,
  tableRef: (title: string, id: number) => `${title} · mesa #${id}`,

  lobby: {
    title: (emoji: string, title: string, id: number) => `${emoji} ${title} · mesa #${id} — sala de espera`,
    host: (name: string) => `**Anfitrión:** ${name}`,
    players: (count: number, max: number) => `**Jugadores (${f.number(count)}/${f.number(max)})**`,
    needs: (min: number, max: number) =>
      min === max
        ? `Se necesitan exactamente ${f.count(min, { one: 'jugador', other: 'jugadores' })}.`
        : `Se necesitan de ${f.number(min)} a ${f.number(max)} jugadores. El anfitrión empieza cuando estén listos.`,
    expires: (rel: string) => `La sala se cierra ${rel} si no hay actividad.`,
    options: '**Opciones**',
    join: 'Unirme',
    leave: 'Salir',
    start: 'Empezar',
    cancel: 'Cancelar',
    rules: 'Reglas',
    joined: (name: string) => `${name} se unió.`,
    left: (name: string) => `${name} salió.`,
    hostNow: (name: string) => `Ahora ${name} es el anfitrión.`,
    youJoined: 'Te uniste a la mesa. Espera a que el anfitrión empiece.',
    youLeft: 'Saliste de la mesa.',
  },

  board: {
    title: (emoji: string, title: string, id: number) => `${emoji} ${title} · mesa #${id}`,
    deadline: (rel: string) => `⏰ ${rel}`,
    log: '**Últimas jugadas**',
    showHand: 'Ver mi mano',
    awayNote: '💤 = ausente: juega en automático hasta que vuelva a hacer clic.',
    finished: '**Fin de la partida.**',
    closedStatus: '🚫 Esta mesa está cerrada.',
    forfeitStatus: '🏁 Fin de la partida: todos los demás dejaron la mesa.',
    leaverFinishedFirstStatus: '🏁 Fin de la partida: quien terminó primero había abandonado, así que la clasificación ordena a quienes se quedaron.',
    noticeTimeout: (names: string) => `⏰ Se acabó el tiempo: ${names}. Se jugó la jugada por defecto.`,
    noticeAuto: (names: string) => `🤖 Jugada automática: ${names}.`,
    noticeRestarted: (rel: string) => `🔄 El bot se reinició. Mientras tanto nadie pudo jugar, así que la decisión actual se cierra ${rel}.`,
    restarted: '🔄 El bot se reinició; la decisión cuyo tiempo venció mientras tanto recibió más tiempo.',
    awayWord: 'ausente',
    leftWord: 'abandonó',
    leftList: (names: string) => `🚪 Abandonaron la partida: ${names} (juegan en automático y quedan últimos).`,
    cancelled: (by: string | null) => (by ? `**Cancelada** por ${by}. Esta partida no cuenta para la clasificación.` : '**Cancelada.** Esta partida no cuenta para la clasificación.'),
    cancelledAdmin: (by: string | null) => `**Terminada por un administrador del servidor**${by ? ` (${by})` : ''}. Esta partida no cuenta para la clasificación.`,
    expired: (minutes: number) =>
      `**La sala se cerró** tras ${minutes % 60 === 0 && minutes >= 60 ? f.count(minutes / 60, { one: 'hora', other: 'horas' }) : f.count(minutes, { one: 'minuto', other: 'minutos' })} sin actividad.`,
    abandoned: '**Abandonada:** todos los jugadores se fueron. Esta partida no cuenta para la clasificación.',
    abandonedHumansLeft: '**Abandonada:** todas las personas de la mesa se fueron, y los bots no siguen jugando solos. Esta partida no cuenta para la clasificación.',
    abandonedAway: (minutes: number, timeouts: number) =>
      `**Abandonada:** nadie jugó durante más de ${f.count(minutes, { one: 'minuto', other: 'minutos' })}: todos estaban ausentes y dejaron pasar ${f.count(timeouts, { one: 'plazo', other: 'plazos' })} seguidos. Esta partida no cuenta para la clasificación; el canal queda libre para una mesa nueva.`,
    /** A table whose place is gone (src/tables/lost.ts), by end reason. */
    lost: {
      'bot-removed': '**Terminada:** el bot fue retirado de este servidor. Esta partida no cuenta para la clasificación.',
      'channel-deleted': '**Terminada:** su canal fue eliminado. Esta partida no cuenta para la clasificación.',
      'thread-locked': '**Terminada:** su hilo fue bloqueado, así que el bot ya no podía publicar ni actualizar el tablero allí. Esta partida no cuenta para la clasificación.',
    } as Record<string, string>,
    emptyLobby: '**Cerrada:** todos salieron de la sala.',
    winners: (names: string, count: number) => `🏆 **${f.word(count, { one: 'Ganador', other: 'Ganadores' })}:** ${names}`,
    noWinner: 'Esta vez no hay ganador.',
    placements: '**Clasificación final**',
    timedOut: (name: string) => `⏰ A ${name} se le acabó el tiempo; se jugó la jugada por defecto.`,
    leftGame: (name: string) => `🚪 ${name} abandonó la partida; su asiento juega en automático.`,
    playAgain: '🔁 Jugar otra vez',
    rematchInvite: (host: string, title: string, mentions: string) =>
      mentions ? `🔁 ${host} abrió una mesa nueva de **${title}**: ${mentions}, ¡pulsen **Unirme** para jugar otra vez!` : `🔁 ${host} abrió una mesa nueva de **${title}**.`,
    // Tuteo as everywhere else (one player: «te toca»; several: «les toca»).
    yourTurnPing: (mentions: string, title: string, id: number, rel: string) =>
      `🔔 ${mentions}: ${(mentions.match(/<@/g) ?? []).length > 1 ? 'les toca' : 'te toca'} jugar en **${title}** (mesa #${id}), ${rel}.`,
  },

  rules: {
    title: (emoji: string, title: string) => `${emoji} ${title}: cómo se juega`,
    typicalLength: (parts: string) => `⏱️ **Duración típica:** ${parts}`,
    lengthPart: (players: number, minutes: number, low: number, high: number) =>
      `${f.number(players)} jugadores ≈ ${f.number(minutes)} min${low === high ? '' : ` (${f.number(low)}–${f.number(high)})`}`,
    lengthNote: (seconds: number) =>
      `-# Medido con partidas al azar: el valor central (y la mitad central) a ${seconds} s por jugada o voto, con cada ventana de refutación en su duración por defecto. Las mesas conversadoras tardan más.`,
  },

  panel: {
    title: (emoji: string, title: string, id: number) => `${emoji} ${title} · mesa #${id} — tu mano`,
    where: (channel: string) => `📍 Mesa en ${channel}`,
    refresh: 'Actualizar',
    textVersion: '📝 Versión de texto',
    picturesVersion: '🖼️ Imágenes',
    /** ❔ Why (docs/lessons.md): the button, and its private answer's parts. */
    why: '❔ Por qué',
    whyHeading: (title: string) => `❔ **${title}**`,
    whyMoves: '**Tus jugadas ahora**',
    whyNothing: 'Ahora no tienes nada que decidir: el panel se actualiza cuando vuelva a ser tu turno.',
    done: (what: string) => `✅ ${what}`,
    stale: 'ℹ️ La mesa avanzó desde que se dibujó ese botón: aquí tienes tu mano actual.',
    alreadyDone: 'ℹ️ Ya está hecho: contó tu primer clic. Aquí tienes tu mano actual.',
    refreshed: '🔄 Al día.',
    deadline: (rel: string) => `⏰ Plazo de la decisión actual: ${rel}.`,
    gameOver: 'Mira el resultado en el tablero.',
    leftSeat: 'Abandonaste esta partida; tu asiento juega en automático. Hasta que termine, solo ves lo que muestra el tablero.',
    spectator: 'No tienes asiento en esta mesa.',
    boardBlocked: (perms: string) =>
      `⚠️ Ya no puedo actualizar el tablero en este canal (falta **${perms}**). Las jugadas siguen contando; pide a un administrador del servidor que restaure el permiso.`,
  },

  errors: {
    generic: 'Algo falló de nuestro lado. No se cambió nada: inténtalo de nuevo.',
    tableUnreachable: 'No se puede llegar a la mesa en este momento: no se perdió nada. Inténtalo de nuevo en un momento.',
    malformed: 'Ese botón no es nuestro (o está dañado). No se cambió nada.',
    noTable: 'Esa mesa ya no existe.',
    otherChannel: (channelId: string) => `Ese botón pertenece a una mesa de <#${channelId}>: úsalo allí.`,
    tableClosed: (status: string) => (status === 'finished' ? 'Esa partida ya terminó.' : 'Esa mesa se cerró.'),
    channelBusy: (title: string, id: number, link: string) =>
      `Este canal ya tiene una mesa abierta: **${title}** (mesa #${id}) — ${link}. Termínala o cancélala primero (\`/mesa cancelar\`), o usa otro canal.`,
    alreadySeated: 'Ya estás en esta mesa.',
    tableFull: (max: number) => `La mesa está llena (${f.count(max, { one: 'asiento', other: 'asientos' })}).`,
    hostOnly: 'Solo el anfitrión puede hacer eso.',
    hostOrManagerOnly: 'Solo el anfitrión o un miembro con **Gestionar servidor** puede cancelar esta mesa.',
    tooFewPlayers: (min: number, have: number) =>
      `Este juego necesita al menos ${f.count(min, { one: 'jugador', other: 'jugadores' })} (por ahora se ${f.word(have, { one: 'unió', other: 'unieron' })} ${f.number(have)}).`,
    notSeated: 'No estás jugando en esta mesa.',
    notSeatedWatch: (watch: string) => `No estás jugando en esta mesa. Para seguir la partida, haz clic en **${watch}** en su tablero.`,
    notLobby: 'La partida ya empezó.',
    notActive: 'La partida todavía no empezó.',
    seatLeft: 'Abandonaste esta partida, así que ya no puedes jugar en ella.',
    badAction: 'Esa jugada no es válida aquí. No se cambió nada.',
    badOptions: (problems: string) => `Esas opciones no sirven:\n${problems}`,
    unknownGame: 'Ese juego no está disponible.',
    notInGuild: 'Los juegos de Red Herring se juegan en canales de un servidor, no en mensajes directos.',
    missingPermissions: (perms: string, count: number) =>
      `No puedo abrir una mesa en este canal: me ${f.word(count, { one: 'falta el permiso', other: 'faltan los permisos' })} **${perms}**. Pide a un administrador del servidor que se ${f.word(count, { one: 'lo', other: 'los' })} conceda al rol de Red Herring, o usa otro canal.`,
    severalTables: 'Tienes asiento en varias mesas de este servidor: elige la mesa cuya mano quieres ver:',
    tableIn: (id: number, channelId: string) => `• mesa #${id} en <#${channelId}>`,
    noTableHere: (commands: string) => `No tienes asiento en ninguna mesa abierta de este servidor. Abre una con ${commands}.`,
    noOpenTableInChannel: 'No hay ninguna mesa abierta en este canal.',
    manageGuildOnly: 'Este comando necesita el permiso **Gestionar servidor**.',
    unknownCommand: (name: string, examples: string) =>
      `\`/${name}\` no es (o ya no es) uno de los comandos de este bot. Escribe \`/\` para ver los actuales, por ejemplo ${examples}.`,
    unknownSubcommand: (path: string, available: string) => `\`/${path}\` no está disponible (o ya no). Usa ${available} en su lugar.`,
    unknownOption: (path: string, option: string, available: string) =>
      `\`/${path}\` no tiene (o ya no tiene) la opción \`${option}\`${available ? `; sus opciones son ${available}` : ''}. Vuelve a elegir el comando en el menú \`/\`.`,
    missingOption: (path: string, option: string) => `\`/${path}\` necesita la opción \`${option}\`: vuelve a elegir el comando en el menú \`/\`.`,
    rematchNotFinished: 'Jugar otra vez solo funciona en el tablero de una partida terminada. No se cambió nada.',
    rematchPlayersOnly: (command: string) =>
      `Solo los jugadores de esa partida pueden empezar la revancha desde su tablero. Abre tu propia mesa con \`/${command} nueva\`.`,
    rematchStale: (newer: number, command: string) =>
      `Ese tablero está desactualizado: desde entonces se abrió la mesa #${newer} en este canal. Empieza una partida nueva con \`/${command} nueva\`.`,
    channelNotAllowed: (channels: string, more: number) =>
      `En este canal no se pueden abrir mesas: este servidor solo las permite en ${channels}${more > 0 ? ` y ${f.number(more)} más` : ''}. (Lo configuran los administradores con \`/admin ajustes\`.)`,
    hostRoleRequired: (roleId: string) =>
      `Solo los miembros con el rol <@&${roleId}> (o **Gestionar servidor**) pueden abrir mesas en este servidor. Igual puedes unirte a una mesa que abra otra persona. (Lo configuran los administradores con \`/admin ajustes\`.)`,
    unknownComponent: 'Ese menú no es nuestro (o está desactualizado). No se cambió nada.',
    unknownForm: 'Ese formulario no es nuestro (o ya no está abierto). No se cambió nada.',
  },

  permissions: {
    ViewChannel: 'Ver canal',
    SendMessages: 'Enviar mensajes',
    EmbedLinks: 'Insertar enlaces',
    ReadMessageHistory: 'Leer el historial de mensajes',
    SendMessagesInThreads: 'Enviar mensajes en hilos',
    AttachFiles: 'Adjuntar archivos',
    CreatePublicThreads: 'Crear hilos públicos',
  } as Record<string, string>,

  /**
   * Slash-command, subcommand and option names by their registered (English) name: Discord's
   * name rule holds in every language (lowercase letters, digits, '-', '_'; ≤ 32 characters).
   */
  newCommands: (commands: readonly string[]) => new Intl.ListFormat('es', { type: 'disjunction' }).format(commands.map((command) => `\`/${command} nueva\``)),
  commandNames: {
    'new': 'nueva',
    'rules': 'reglas',
    'learn': 'aprender',
    'seats': 'plazas',
    'bots': 'bots',
    'bot-level': 'nivel-bots',
    'bot-pace': 'ritmo-bots',
    'hints': 'consejos',
    'turn-timer': 'tiempo-turno',
    'vote-timer': 'tiempo-votación',
    'hand': 'mano',
    'table': 'mesa',
    'leave': 'abandonar',
    'cancel': 'cancelar',
    'leaderboard': 'clasificación',
    'game': 'juego',
    'season': 'temporada',
    'scope': 'ámbito',
    'stats': 'estadísticas',
    'history': 'historial',
    'user': 'usuario',
    'admin': 'admin',
    'check': 'revisar',
    'tables': 'mesas',
    'page': 'página',
    'end': 'terminar',
    'leaderboard-reset': 'reiniciar-clasificación',
    'settings': 'ajustes',
    'language': 'idioma',
    'allow-channel': 'permitir-canal',
    'remove-channel': 'quitar-canal',
    'host-role': 'rol-anfitrión',
    'text-boards': 'tableros-de-texto',
    'reset': 'restablecer',
    'privacy': 'privacidad',
    'show': 'ver',
    'delete': 'borrar',
    'help': 'ayuda',
    'pace': 'ritmo',
    'move-hours': 'horas-jugada',
    'games': 'partidas',
    'notify': 'avisos',
    'vacation': 'vacaciones',
    'hours': 'horas',
    'counter-window': 'ventana-refutación',
    'spectators': 'espectadores',
    'spectator-delay': 'retraso-espectadores',
    'watchers-see-hands': 'espectadores-ven-manos',
    'thread': 'hilo',
    'watch': 'mirar',
    'tournament-role': 'rol-torneos',
    'tournament': 'torneo',
    'join': 'inscribirme',
    'start': 'empezar',
    'standings': 'clasificación',
    'log': 'registro',
    'id': 'número',
    'name': 'nombre',
    'rounds': 'rondas',
    'round-hours': 'horas-ronda',
    'empty-seats': 'plazas-vacías',
    'rated': 'puntuable',
    'late-join': 'inscripción-tardía',
    'max-entrants': 'máximo-inscritos',
    'open': 'abrir',
  },

  commands: {
    newDescription: (title: string) => `Abre una mesa de ${title} en este canal`,
    learnDescription: (title: string) => `Aprende ${title}: una partida guiada de 5 minutos contra bots (solo tú la ves)`,
    rulesDescription: (title: string) => `Cómo se juega a ${title} (solo lo ves tú)`,
    seatsDescription: 'Número máximo de jugadores',
    /** Appended to a `/<game> new` option's description: its value when left out. */
    defaultHint: (value: string) => ` (por defecto: ${value})`,
    /** How a yes/no option's default reads in `defaultHint`. */
    defaultOn: 'sí',
    defaultOff: 'no',
    hand: 'Muestra tu mano privada y tus jugadas en tu mesa',
    table: 'Gestiona la mesa de este canal',
    tableLeave: 'Abandona tu partida en este canal (tu asiento pasa a jugar en automático)',
    tableCancel: 'Cancela la mesa de este canal (anfitrión o Gestionar servidor)',
    confirmLeave: (title: string, id: number) =>
      `¿Abandonar **${title}** (mesa #${id})? Tu asiento jugará en automático hasta el final y quedarás **último**.`,
    confirmCancel: (title: string, id: number) => `¿Cancelar **${title}** (mesa #${id}) para todos? Una partida cancelada no cuenta para la clasificación.`,
    confirmLeaveButton: 'Sí, abandonar la partida',
    confirmCancelButton: 'Sí, cancelar la mesa',
    keepPlaying: 'No, seguir jugando',
    kept: 'No se cambió nada.',
    leftDone: 'Abandonaste la partida. A partir de ahora tu asiento juega en automático y, hasta que termine, solo ves lo que muestra el tablero.',
    leftDoneForfeit: 'Abandonaste la partida. Solo quedaba un jugador sentado, así que gana ahora.',
    leftDoneLastHuman: 'Abandonaste la partida. Eras la última persona en la mesa y los bots no siguen jugando solos, así que la partida terminó (no cuenta para la clasificación).',
    handElsewhere: (id: number, channelId: string) => `No tienes mesa en este canal: esta es tu mano en la mesa #${id} de <#${channelId}>.`,
    pickTable: (id: number) => `Mesa #${id}`,
    cancelledDone: 'La mesa se canceló.',
    created: 'Mesa creada.',
    /** `hilo:` en `/<juego> nueva`. */
    threadOption: 'Juega en un hilo nuevo de este canal: su propio tablero, avisos y charla',
  },

  /** Una mesa en su propio hilo (`/<juego> nueva hilo:`). */
  tableThread: {
    name: (title: string, host: string) => `${title} — mesa de ${host}`,
    opened: (title: string, host: string) => `🧵 **${host}** ha abierto una mesa de **${title}** en el hilo de este mensaje: ábrelo para unirte.`,
    notHere:
      'Una mesa solo puede abrir su propio hilo desde un canal de texto o de anuncios (no dentro de un hilo, una publicación de foro ni el chat de un canal de voz). Ábrela aquí sin `hilo:`, o desde un canal de texto.',
    failed: 'Discord no me dejó abrir un hilo aquí, así que no se abrió ninguna mesa. Vuelve a intentarlo, o abre la mesa sin `hilo:`.',
  },

  /** Lecciones (docs/lessons.md; `/<juego> learn`). */
  lesson: {
    notYet: (move: string) => `Todavía no: primero ${move}. La nota de la lección explica por qué.`,
    notYetPlain: 'Todavía no: primero haz la jugada que pide la nota de la lección.',
    outdated: (command: string) => `Esta lección cambió desde que la empezaste. Empiézala de nuevo con \`/${command} aprender\`.`,
    none: 'Ese juego todavía no tiene lección.',
    title: (emoji: string, game: string) => `${emoji} Aprende ${game}`,
    progress: (step: number, total: number) => `Paso ${step} de ${total}`,
    complete: '¡Lección completada!',
    watching: (who: string) => `⏳ Juega ${who}…`,
    yourMove: (move: string) => `👉 Tu jugada: **${move}**`,
    greyed: 'Las jugadas en gris son para más adelante.',
    sectionButton: (section: string, title: string) => `📖 §${section} ${title}`,
    section: (game: string, section: string, title: string, text: string) => `📖 **${game} — §${section} ${title}**\n${text}`,
    leave: 'Dejar la lección',
    leaveAsk: (game: string, command: string) => `¿Dejas la lección de ${game}? Puedes empezarla de nuevo cuando quieras con \`/${command} aprender\`.`,
    leaveButton: 'Dejarla',
    keepLearning: 'Seguir aprendiendo',
    left: (command: string) => `Dejaste la lección. \`/${command} aprender\` la empieza de nuevo.`,
    resumed: 'Hola de nuevo: tu lección sigue donde la dejaste.',
    restarted: 'La lección cambió desde que la empezaste, así que empieza de nuevo desde el principio.',
    ended: (command: string) => `Esta lección terminó. \`/${command} aprender\` la empieza de nuevo.`,
    playBots: 'Jugar una partida de verdad contra bots',
    playFriends: 'Jugar con amigos',
    learnButton: (game: string) => `🎓 Aprende ${game}`,
    firstTable: (game: string, command: string) => `🎓 ¿Primera partida de ${game}? 💡 Aquí tienes los consejos activados, y \`/${command} aprender\` es una partida guiada de 5 minutos.`,
    firstRealTable: (game: string) => `🎓 Tu primera partida de verdad de ${game} — 💡 aquí tienes los consejos activados.`,
    variantNote: (note: string, section: string, title: string) => `🎓 ${note} (📖 §${section} ${title})`,
  },
} as const;
