/** Spanish strings of NOIR (rules help, board, panel, errors): asesino, inspector, sospechoso, desplazar, matar, arrestar, disfrazarse, exonerar, mazo de pruebas. */
import type { NoirErrorCode } from '../rules.js';
import { formatters } from '../../../i18n/format.js';
import type { LessonNoteText, LessonSections } from '../../lesson.js';
import type { NoirLessonNote } from '../lesson.js';

const f = formatters('es');

export const es = {
  /** Motivos de la 💡 Pista de la heurística Normal (src/games/noir/hint.ts). */
  hintReasons: {
    killFirst: () => 'El primer turno debe ser una muerte junto a tu identidad; todavía importa poco a quién.',
    killTarget: (target: number) => `Es la muerte número ${target}: alcanzas el objetivo de muertes y ganas.`,
    killInspectorSure: () => 'Ese sospechoso es el único que aún puede ser el Inspector: matarlo gana.',
    killMaybeInspector: (cands: number, deaths: number, target: number) =>
      `El Inspector es uno de ${cands} sospechosos que no puedes descartar, y este es uno de ellos: si aciertas, ganas. Si no, es la muerte ${deaths} de ${target}.`,
    kill: (cands: number, deaths: number, target: number) =>
      `Muerte ${deaths} de ${target} hacia el objetivo. La víctima no puede ser el Inspector (aún pueden serlo ${cands} sospechosos), y cada muerte le dice al Inspector que estás junto a ella.`,
    shiftKiller: (before: number, after: number, inspectorsBefore: number, inspectorsAfter: number) =>
      before === after && inspectorsBefore === inspectorsAfter
        ? `Deja a tus vecinos como están (${after} sospechosos vivos que matar en tu próximo turno, ${inspectorsAfter} de ellos posibles Inspectores) pero mueve a otros — y un desplazamiento no le dice nada de ti al Inspector.`
        : `Cambia quién está junto a tu identidad: ${before} → ${after} sospechosos vivos que podrías matar en tu próximo turno, ${inspectorsBefore} → ${inspectorsAfter} de ellos posibles Inspectores — y un desplazamiento no le dice nada de ti al Inspector.`,
    shiftInspector: (before: number, after: number, total: number) =>
      before === after
        ? `Deja a tus vecinos como están (${after} de los ${total} posibles Asesinos a tu alcance para arrestar) pero mueve a otros: puede estropearle al Asesino su próxima muerte.`
        : `Cambia quién está junto a ti: ${before} → ${after} de los ${total} posibles Asesinos a tu alcance para arrestar en tu próximo turno.`,
    disguise: (killers: number, deck: number) =>
      `Una identidad nueva del mazo: el Inspector te ha reducido a ${killers} sospechosos, y ese trabajo vuelve a empezar; tu carta anterior se muestra y recibe una marca de inocente. Riesgo: el robo es al azar (una carta muerta se pierde; quedan ${deck}).`,
    disguiseClassic: (killers: number, deck: number) =>
      `Una identidad nueva del mazo: el Inspector te ha reducido a ${killers} sospechosos, y ese trabajo vuelve a empezar; tu identidad anterior se muestra y muere (cuenta como muerte). Riesgo: el robo es al azar (quedan ${deck}).`,
    choose: (neighbours: number, cands: number) =>
      `Como identidad tiene ${neighbours} vecinos vivos que podrías arrestar, ${cands} de ellos posibles Asesinos; tus otras cartas son inocentes que puedes exonerar.`,
    discard: (canvas: number, wasCand: number) =>
      `Demuestra que ese sospechoso es inocente${wasCand ? ', uno menos que podría ser el Asesino' : ''}${canvas ? '; recibe una marca y el Asesino debe decir si está junto a él' : ''}.`,
    arrestChance: (count: number) => `El Asesino es uno de ${count} sospechosos que no puedes descartar: 1 probabilidad entre ${count} de ganar ahora; un fallo es público y le dice al Asesino dónde no buscas.`,
    arrestCleared: (count: number) => `Ese sospechoso ya está descartado (el Asesino es uno de otros ${count}): el arresto no puede ganar; solo le muestra una jugada al Asesino.`,
    arrestBluff: (count: number) => `Arrestar tu propia identidad no puede ganar; esconde dónde estás (el Asesino es uno de ${count} sospechosos).`,
    narrow: (count: number) => `${count} sospechosos todavía pueden ser el Asesino: exonerar demuestra la inocencia de uno más y su interrogatorio los reduce.`,
    exonerate: (deck: number) => `Robas una carta y descartas una boca arriba: un inocente más demostrado y una carta nueva en la mano (quedan ${deck} en el mazo).`,
    citizen: (count: number) => `En lugar de un interrogatorio arrestas a un sospechoso junto al exonerado: el Asesino es uno de ${count} sospechosos que no puedes descartar, 1 probabilidad entre ${count}.`,
    citizenCleared: (count: number) => `Ese sospechoso ya está descartado (el Asesino es uno de otros ${count}): el arresto ciudadano no puede ganar.`,
  },
  title: 'NOIR: Asesino contra Inspector',
  description: 'Deducción a dos en una cuadrícula de 5×5 sospechosos: un Asesino oculto contra un Inspector oculto.',
  /** `/help`'s line for the game (src/games/module.ts `GameText`). */
  helpLine: 'Dos jugadores en una cuadrícula de sospechosos: el Asesino oculto mata y el Inspector debe encontrarlo antes de que mueran demasiados.',
  /**
   * The names of `/noir` and of the options only this game has, by registered (English) name
   * (the shared ones are in `common.commandNames`).
   */
  commandNames: {
    'noir': 'noir',
    'mode': 'modo',
    'kill-target': 'muertes-objetivo',
    'killer': 'asesino',
  },

  // Roles and modes
  roleEmoji: { killer: '🔪', inspector: '🕵️' },
  roleName: { killer: 'Asesino', inspector: 'Inspector' },
  modeName: { classic: 'Clásico', standard: 'Estándar', 'citizens-arrest': 'Arresto ciudadano' },
  killerChoiceName: { random: 'al azar', host: 'el anfitrión', guest: 'el rival del anfitrión' },

  // Grid
  column: (letter: string) => `columna ${letter}`,
  row: (n: number) => `fila ${n}`,
  shiftLabel: (axis: 'row' | 'col', label: string, arrow: string) => (axis === 'row' ? `Fila ${label} ${arrow}` : `Columna ${label} ${arrow}`),
  legend: '`ADA` vivo · `-ada-` muerto · `+ADA+` marca de inocente',
  panelLegendKiller: '`[ABC]` = tú',
  panelLegendInspector: '`[ABC]` = tú · `(ABC)` = tus pruebas',
  suspect: (name: string, code: string) => `${name} (${code})`,
  at: (pos: string) => `en ${pos}`,
  collapsedAway: 'eliminado por un colapso',
  none: '—',

  // Board
  statusTurn: (turn: number) => `Turno ${turn}`,
  statusFirstKill: (who: string) => `▶ ${who} (🔪 Asesino) hace el primer asesinato`,
  statusChoose: (who: string) => `▶ ${who} (🕵️ Inspector) elige una identidad secreta`,
  statusKiller: (who: string) => `▶ ${who} (🔪 Asesino): desplazar, matar o disfrazarse`,
  statusInspector: (who: string) => `▶ ${who} (🕵️ Inspector): desplazar, arrestar o exonerar`,
  statusDiscard: (who: string) => `▶ ${who} (🕵️ Inspector) exonera: elige qué carta descartar`,
  statusWin: (who: string, role: string) => `🏆 Gana ${who} (${role})`,
  statusDraw: (cap: number) => `Empate: ${f.count(cap, { one: 'turno', other: 'turnos' })} sin ganador`,
  seatKiller: (mark: string, who: string) => `${mark} 🔪 ${who} — Asesino`,
  seatInspector: (mark: string, who: string, hand: number, chosen: boolean) =>
    `${mark} 🕵️ ${who} — Inspector · ${f.count(hand, { one: 'carta de prueba', other: 'cartas de prueba' })}${chosen ? '' : ' · todavía sin identidad'}`,
  idleMark: '•',
  deathsLine: (deaths: number, target: number, deck: number, mode: string) =>
    `☠️ Muertes **${f.number(deaths)}/${f.number(target)}** · 🂠 Mazo de pruebas **${f.number(deck)}** · modo ${mode}`,
  lastShiftLine: (shift: string, who: string) => `↔️ Último desplazamiento: ${shift}, de ${who}`,
  blockedLine: (shift: string, who: string) => ` · ${who} no puede jugar ${shift} ahora`,
  lapsedLine: ' · la cuadrícula colapsó, así que se puede revertir',
  noShiftYet: '↔️ Aún no hubo desplazamientos',
  arrestsLine: (list: string) => `🚔 Arrestos: ${list}`,
  arrestMiss: (code: string) => `${code} ✗`,
  arrestHit: (code: string) => `${code} ✅`,
  arrestCitizen: (text: string) => `${text} (ciudadano)`,
  canvasLine: (role: string, list: string) => `🗣️ Interrogatorio, ${role} al lado de: ${list}`,
  canvasItem: (code: string, adjacent: boolean) => `${code} ${adjacent ? 'sí' : 'no'}`,
  earlier: (n: number) => `+${f.number(n)} ${f.word(n, { one: 'anterior', other: 'anteriores' })}`,
  discardsLine: (list: string) => `🗂️ Inocencia probada: ${list}`,
  removedLine: (list: string) => `⚰️ Eliminados por colapso: ${list}`,
  revealLine: (killer: string, inspector: string) => `🔓 El Asesino era **${killer}** · el Inspector era **${inspector}**`,
  revealHand: (list: string) => `🔓 Pruebas en la mano del Inspector: ${list}`,
  reasonText: {
    arrest: 'el Asesino fue arrestado',
    'inspector-killed': 'el Inspector fue asesinado',
    'kill-target': 'se alcanzó el número de muertes',
    cap: 'se alcanzó el límite de turnos',
  },
  /** Why the game ended (the board's results say "Fin de la partida" already). */
  reasonLine: (text: string) => `🏁 ${text.charAt(0).toUpperCase()}${text.slice(1)}.`,

  // Panel
  youKiller: (identity: string, pos: string) => `🔪 Eres el **Asesino**. Tu identidad: **${identity}** ${pos}.`,
  youInspector: (identity: string, pos: string) => `🕵️ Eres el **Inspector**. Tu identidad: **${identity}** ${pos}.`,
  youInspectorUnchosen: '🕵️ Eres el **Inspector**. Todavía no elegiste tu identidad.',
  handLine: (list: string) => `🗂️ Tus pruebas (inocentes): ${list}`,
  handEmpty: '🗂️ Tu mano de pruebas está vacía.',
  drawnLine: (card: string) => `🆕 Robaste **${card}**. Descarta una carta boca arriba (cualquiera, también la nueva).`,
  drawsLine: (list: string) => `🎭 Cartas robadas al disfrazarte: ${list}`,
  drawAlive: (code: string) => `${code} (vivo)`,
  drawDead: (code: string) => `${code} (muerto)`,
  promptFirstKill: (identity: string) => `▶ Tu primer turno: debes matar a un sospechoso al lado de ${identity}.`,
  promptChoose: '▶ Elige tu identidad secreta entre tus cuatro cartas. Pierdes si la matan; las otras tres quedan como tu mano de pruebas.',
  /** The Killer's turn prompt, naming only the moves offered: no kill when no living suspect is next to the identity, no disguise when the deck is empty. */
  promptKiller: (identity: string, can: { kill: boolean; disguise: boolean }) => {
    const moves = ['desplaza una fila o columna', ...(can.kill ? [`mata a un sospechoso al lado de ${identity}`] : []), ...(can.disguise ? ['disfrázate'] : [])];
    const list = moves.length === 1 ? moves[0] : `${moves.slice(0, -1).join(', ')} o ${moves.at(-1)}`;
    return `▶ Tu turno: ${list}.${can.kill ? '' : ` (No hay ningún sospechoso vivo al lado de ${identity}: este turno no puedes matar).`}`;
  },
  promptInspector: '▶ Tu turno: desplaza una fila o columna, arresta a un sospechoso a tu lado (o a ti mismo), o exonera.',
  promptDiscard: '▶ Elige la carta de prueba que vas a descartar.',
  promptDeckEmpty: 'El mazo de pruebas está vacío: ya no hay disfraces ni exoneraciones.',
  waitingFor: (who: string, role: string) => `⏳ Esperando a ${who} (${role}).`,
  youWon: '🏆 ¡Ganaste!',
  youLost: 'Perdiste.',
  youDrew: 'La partida terminó en empate.',

  // Components
  placeholderShift: '↔️ Desplazar fila/columna…',
  placeholderKill: '🔪 Matar a uno a tu lado…',
  placeholderArrest: '🚔 Arrestar a alguien…',
  placeholderCitizen: '📣 Arresto ciudadano…',
  optionShift: (shift: string) => `Desplazar ${shift}`,
  optionKill: (suspect: string, pos: string) => `Matar a ${suspect} ${pos}`,
  optionArrest: (suspect: string, pos: string) => `Arrestar a ${suspect} ${pos}`,
  optionArrestSelf: (suspect: string, pos: string) => `Arrestar a ${suspect} ${pos}: a ti mismo (farol)`,
  optionCitizen: (discard: string, target: string, pos: string) => `Descartar ${discard} → arrestar a ${target} ${pos}`,
  buttonDisguise: '🎭 Disfrazarse (robar prueba)',
  buttonExonerate: '🔎 Exonerar (robar y descartar)',
  buttonChoose: (suspect: string) => `Ser ${suspect}`,
  buttonDiscard: (suspect: string) => `Descartar ${suspect}`,
  buttonDiscardNew: (suspect: string) => `Descartar ${suspect} (nueva)`,

  // Log
  evKill: (who: string, victim: string) => `${who} (🔪 Asesino) mató a ${victim}.`,
  evCanvas: (around: string, role: string, adjacent: boolean) =>
    `Interrogatorio alrededor de ${around}: el ${role} ${adjacent ? 'está' : 'no está'} al lado.`,
  evCollapse: (rows: number, cols: number, list: string) =>
    `Colapso: se ${f.word(rows + cols, { one: 'retira', other: 'retiran' })} ${[rows ? f.count(rows, { one: 'fila', other: 'filas' }) : '', cols ? f.count(cols, { one: 'columna', other: 'columnas' }) : ''].filter(Boolean).join(' y ')} de muertos (${list}).`,
  evShift: (who: string, shift: string) => `${who} desplazó ${shift}.`,
  evDisguiseKilled: (who: string, old: string) => `${who} (🔪 Asesino) se disfrazó: se descarta la prueba de ${old} y ${old} pasa a estar muerto.`,
  evDisguiseMarked: (who: string, old: string) => `${who} (🔪 Asesino) se disfrazó: se descarta la prueba de ${old} y ${old} recibe una marca de inocente.`,
  evDisguiseNone: (who: string, card: string) => `${who} (🔪 Asesino) se disfrazó: se descarta la prueba de ${card}.`,
  evDrawAlive: (card: string) => `Robaste a ${card}, que está vivo: ${card} es tu nueva identidad.`,
  evDrawDead: (card: string, identity: string) => `Robaste a ${card}, que está muerto: sigues siendo ${identity}.`,
  evIdentityChosen: (who: string) => `${who} (🕵️ Inspector) eligió una identidad secreta.`,
  evIdentity: (card: string) => `Tu identidad secreta es ${card}.`,
  evArrestHit: (who: string, suspect: string) => `${who} arrestó a ${suspect}: ¡el Asesino!`,
  evArrestMiss: (who: string, suspect: string) => `${who} arrestó a ${suspect}: no es el Asesino.`,
  evExonerateDraw: (who: string, deck: number) =>
    `${who} (🕵️ Inspector) exonera y roba una carta de prueba (${f.word(deck, { one: 'queda', other: 'quedan' })} ${f.number(deck)}).`,
  evDrew: (card: string) => `Robaste ${card}.`,
  evExonerate: (who: string, suspect: string, marker: boolean) => `${who} exoneró a ${suspect}${marker ? ', que recibe una marca de inocente' : ''}.`,
  evCitizen: (who: string, suspect: string, marker: boolean) =>
    `${who} hizo un arresto ciudadano descartando a ${suspect}${marker ? ' (marca de inocente)' : ''}.`,
  evWin: (who: string, role: string, reason: string) => `Gana ${who} (${role}): ${reason}.`,
  evDraw: (cap: number) => `Empate: ${f.count(cap, { one: 'turno', other: 'turnos' })} sin ganador.`,
  evReveal: (killer: string, inspector: string) => `El Asesino era ${killer}; el Inspector era ${inspector}.`,

  // Errors
  errors: {
    'game-over': 'La partida terminó.',
    'not-seated': 'No estás jugando en esta mesa.',
    'not-your-turn': 'No es tu turno.',
    malformed: 'Esa jugada no es válida aquí. No se cambió nada.',
    'must-kill-first': 'Tu primer turno tiene que ser un asesinato.',
    'choose-identity-first': 'Primero elige tu identidad secreta.',
    'discard-first': 'Termina tu exoneración: elige una carta para descartar.',
    'wrong-phase': 'Tu rol no puede hacer eso.',
    'bad-shift': 'Ese desplazamiento no es posible en la cuadrícula actual.',
    'no-undo': 'No puedes deshacer el último desplazamiento del rival. Elige otra línea u otra dirección.',
    'not-adjacent': 'Ese sospechoso no está a tu lado. Elige uno del menú.',
    'not-alive': 'Ese sospechoso está muerto o ya no está. Elige uno vivo.',
    'not-choosable': 'Ese sospechoso está muerto y no puede ser tu identidad.',
    'not-in-hand': 'Esa carta no está en tu mano.',
    'deck-empty': 'El mazo de pruebas está vacío.',
    mode: 'Los arrestos ciudadanos no forman parte del modo de esta partida.',
    'not-on-grid': 'Ese sospechoso fue eliminado por un colapso, así que no se puede arrestar a nadie a su lado.',
    unknown: 'Esa acción no es posible ahora.',
  } satisfies Record<NoirErrorCode | 'unknown', string>,

  // Options and rules help
  optionsSummary: (mode: string, target: number, killer: string, seconds: number | null) =>
    [`Modo ${mode}`, `el Asesino gana con ${f.count(target, { one: 'muerte', other: 'muertes' })}`, `Asesino: ${killer}`, seconds !== null && `${seconds} s por turno`].filter(Boolean).join(' · '),
  disguiseRule: (kills: boolean) =>
    kills
      ? 'En el modo Clásico la identidad anterior pasa a estar muerta (cuenta como una muerte).'
      : 'En el modo Clásico la identidad anterior sigue viva; su carta simplemente se descarta.',
  rulesHelp: (p: { mode: string; target: number; killer: string; seconds: number; cap: number; disguise: string; canvassing: boolean; citizens: boolean }) =>
    [
      '**🔪 NOIR: Asesino contra Inspector**: dos jugadores y una cuadrícula de 25 sospechosos (filas 1–5, columnas A–E).',
      `Esta mesa: modo **${p.mode}** · el Asesino gana con **${f.number(p.target)}** muertes · el Asesino es ${p.killer} · ${p.seconds} s por turno.`,
      '',
      '**Secretos.** El Asesino es en secreto uno de los sospechosos; el Inspector, otro. El Inspector además tiene cartas de prueba: sospechosos cuya inocencia está probada.',
      '**Inicio.** Primero el Asesino tiene que matar a un vecino de su sospechoso. Después el Inspector elige su identidad entre cuatro cartas (no la víctima); las otras tres forman su mano de pruebas.',
      '**Vecinos** son las 8 casillas que rodean a un sospechoso (las diagonales cuentan; los bordes no dan la vuelta).',
      '**En cada turno, una acción.**',
      '• Ambos: **Desplazar** una fila a la izquierda o derecha, o una columna arriba o abajo, una casilla; la carta que sale vuelve a entrar por el otro extremo. No se puede revertir sin más el último desplazamiento del rival.',
      '• Asesino: **Matar** a un vecino vivo · **Disfrazarse**: roba una prueba; si ese sospechoso está vivo, pasa a ser tu nueva identidad y se revela tu carta anterior; si está muerto, la carta se descarta y no cambia nada.',
      p.disguise ? `  ${p.disguise}` : '',
      '• Inspector: **Arrestar** a un vecino vivo (o a sí mismo, como farol); el bot responde con la verdad · **Exonerar**: roba una carta de prueba y luego revela una carta de tu mano.',
      p.canvassing
        ? '**Interrogatorio.** Los inocentes revelados que siguen vivos reciben una marca de inocente (`+ABC+`). Después de cada exoneración el bot les dice a todos si el Asesino está al lado de ese sospechoso; cuando matan a un sospechoso marcado, dice si el Inspector está al lado de la víctima.'
        : '**Clásico.** Sin marcas ni interrogatorios: las cartas reveladas solo prueban la inocencia.',
      p.citizens
        ? '**Arresto ciudadano.** En lugar de robar, revela una carta de tu mano y arresta a un vecino vivo de ese sospechoso. Tu mano se reduce para siempre, así que como mucho tres veces.'
        : '',
      '**Colapso.** Una fila o columna formada solo por sospechosos muertos se retira y la cuadrícula se cierra; siguen contando como muertes.',
      '**Mazo de pruebas vacío.** Ya no hay disfraces ni exoneraciones; desplazar, matar y arrestar siguen.',
      `**Cómo se gana.** Inspector: arrestar al Asesino. Asesino: matar al Inspector o llegar a ${f.number(p.target)} muertes. Tras ${f.count(p.cap, { one: 'turno', other: 'turnos' })} sin ganador, la partida es un empate.`,
      'Cuadrícula: `ADA` vivo · `-ada-` muerto · `+ADA+` marca de inocente. Si se te acaba el tiempo, se desplaza una línea al azar por ti.',
    ]
      .filter((l) => l !== '')
      .join('\n'),

  // Slash command options
  cmdMode: 'Modo de juego',
  cmdKillTarget: 'Muertes que necesita el Asesino para ganar (16 = BGA, 14 = Black Box)',
  cmdKiller: 'Quién juega de Asesino',
  cmdTurnTimer: 'Segundos por turno',
  cmdModeClassic: 'Clásico',
  cmdModeStandard: 'Estándar (interrogatorio)',
  cmdModeCitizens: 'Arresto ciudadano',
  cmdKillerRandom: 'Al azar',
  cmdKillerHost: 'Yo (el anfitrión)',
  cmdKillerGuest: 'Mi rival',
  /** Palabras dibujadas en las imágenes del tablero y de la mano (src/games/noir/pictures.ts): solo Latin-1, sin emoji. */
  pictures: {
    header: (turn: number, mode: string) => `Turno ${f.number(turn)} · ${mode}`,
    headerOver: (mode: string) => `Fin de la partida · ${mode}`,
    roleName: { killer: 'Asesino', inspector: 'Inspector' },
    doing: {
      firstKill: 'hace el primer asesinato',
      chooseIdentity: 'elige una identidad secreta',
      killer: 'desplazar, matar o disfrazarse',
      inspector: 'desplazar, arrestar o exonerar',
      discard: 'exonera y descarta una carta',
    },
    toAct: (who: string, doing: string) => `${who}: ${doing}`,
    you: 'tú',
    wins: 'gana',
    draw: (cap: number) => `Empate: ${f.count(cap, { one: 'turno', other: 'turnos' })} sin ganador`,
    winLine: (who: string, role: string, reason: string) => `Gana ${who} (${role}): ${reason}`,
    deaths: (deaths: number, target: number) => `Muertes ${f.number(deaths)} de ${f.number(target)}`,
    deck: (n: number) => `Mazo ${f.number(n)}`,
    hand: (n: number) => `Pruebas en mano ${f.number(n)}`,
    shift: (axis: 'row' | 'col', label: string, dir: 1 | -1) =>
      axis === 'row' ? `Fila ${label} a la ${dir === 1 ? 'derecha' : 'izquierda'}` : `Columna ${label} hacia ${dir === 1 ? 'abajo' : 'arriba'}`,
    lastShift: (shift: string, who: string) => `Último desplazamiento: ${shift}, de ${who}`,
    blocked: (who: string) => `${who} no puede revertirlo ahora`,
    lapsed: 'la cuadrícula colapsó: se puede revertir',
    noShift: 'Aún no hubo desplazamientos',
    canvasHeading: 'Interrogatorio',
    canvasItem: (name: string, role: string, adjacent: boolean) => `Junto a ${name}: el ${role} ${adjacent ? 'está' : 'no está'}`,
    canvasNone: 'Todavía no hubo interrogatorios',
    removed: (list: string) => `Eliminados por colapso: ${list}`,
    word: { dead: 'muerto', innocent: 'inocente', arrested: 'detenido', you: 'tú', evidence: 'prueba', killer: 'Asesino', inspector: 'Inspector', cleared: 'probado' },
    legendHeading: 'Referencias',
    legend: {
      alive: 'vivo',
      dead: 'muerto',
      marker: 'marca de inocente',
      cleared: 'inocencia probada',
      arrested: 'detenido, no es el Asesino',
      shift: 'último desplazamiento',
      latest: 'recién cambiado',
      turn: 'le toca',
      you: 'tú',
      evidence: 'tus pruebas',
      identity: 'identidad',
      evidenceHeld: 'pruebas en mano',
    },
    identityCard: 'Tu identidad',
    identityOf: (who: string) => `Identidad de ${who}`,
    chooseOf: 'Opción',
    identityShort: 'Tú',
    evidenceShort: 'Prueba',
    evidenceCard: 'Prueba: inocente',
    chooseCard: 'Opción',
    newCard: 'Nueva',
    at: (pos: string) => `en ${pos}`,
    gone: 'eliminado por colapso',
    draws: (list: string) => `Cartas del disfraz: ${list}`,
    drawItem: (name: string, alive: boolean) => `${name} (${alive ? 'vivo' : 'muerto'})`,
    handEmpty: 'No te quedan pruebas en la mano',
    handEmptyOf: (who: string) => `A ${who} no le quedan pruebas en la mano`,
    altBoard: (header: string) => `Tablero de NOIR, ${header}.`,
    altHandKiller: (name: string, where: string) => `Tu imagen: eres el Asesino, ${name} ${where}.`,
    altHandInspector: (name: string, where: string) => `Tu imagen: eres el Inspector, ${name} ${where}.`,
    altHandInspectorUnchosen: (cards: string) => `Tu imagen: eres el Inspector; elige tu identidad entre ${cards}.`,
    altHand: (cards: string) => `Tus pruebas (inocentes): ${cards}.`,
    altHandOf: (who: string, role: string, name: string, where: string) => `Imagen de ${who}: el ${role}, ${name} ${where}.`,
    altHandOfUnchosen: (who: string, role: string, cards: string) => `Imagen de ${who}: el ${role}, que elige identidad entre ${cards}.`,
    altHandOfCards: (who: string, cards: string) => `Pruebas de ${who} (inocentes): ${cards}.`,
    altArrested: (list: string) => `Detenidos, no son el Asesino: ${list}.`,
    altToAct: (line: string) => `Le toca: ${line}.`,
    altCounts: (deaths: number, target: number, deck: number) => `Muertes ${f.number(deaths)} de ${f.number(target)}, mazo ${f.number(deck)}.`,
    altLatest: (text: string) => `Recién: ${text}`,
    altDead: (list: string) => `Muertos: ${list}.`,
    altMarked: (list: string) => `Inocentes: ${list}.`,
    altReveal: (killer: string, inspector: string) => `El Asesino era ${killer}; el Inspector era ${inspector}.`,
  },
  /** La lección (`/noir learn`, src/games/noir/lesson.ts; docs/lessons.md). */
  lesson: {
    notes: {
      identity: (_n) => 'Eres el Inspector. El Asesino se esconde como uno de los sospechosos y mata a sus vecinos: Rosa acaba de morir. Elige tu identidad secreta entre tus cuatro cartas: sé Edna.',
      exonerate: (_n) => 'El Asesino se disfrazó, pero robó la carta de Rosa, que está muerta: no cambió nada. Exonera: roba una carta y descarta una boca arriba para probar que ese sospechoso es inocente.',
      canvas: (_n) => 'Descarta a Gus: queda probado inocente y el Asesino debe responder si su identidad está a su lado (el interrogatorio).',
      shift: (_n) => 'El Asesino estaba al lado de Rosa, de Gus (el interrogatorio dijo sí) y de Hugo: solo encaja Milo. Solo puedes arrestar a un vecino de tu identidad: desplaza la columna C hacia arriba para poner a Edna junto a Milo.',
      arrest: (_n) => 'Edna está junto a Milo. ¡Arresta a Milo!',
      end: (_n) => 'Arrestaste al Asesino: gana el Inspector. El Asesino gana si mata a tu identidad o llega a 16 muertes.',
      classic: (_n) => 'Modo Clásico: no hay marcas de inocente ni interrogatorios; el disfraz del Asesino mata a su identidad anterior.',
      citizens: (_n) => 'Modo Arresto ciudadano: al exonerar puedes no robar y arrestar a un vecino vivo del sospechoso exonerado en lugar del interrogatorio; tu mano se reduce en una carta.',
      killTarget: (_n) => 'Esta mesa juega hasta 14 muertes (la edición Black Box) en lugar de 16.',
    } satisfies Record<NoirLessonNote, LessonNoteText>,
    sections: {
      2: {
        0: { title: 'Ediciones', text: 'Las ediciones cambian el objetivo de muertes: 16 (nuestro valor por defecto) o 14 (edición Black Box).' },
        3: { title: 'Turnos', text: 'Los jugadores se alternan. Empieza el Asesino, que debe matar primero. Luego el Inspector elige una de sus 4 cartas como identidad secreta; las otras 3 son su mano de pruebas. Después el Asesino desplaza, mata o se disfraza; el Inspector desplaza, arresta o exonera.' },
        4: { title: 'Geometría', text: 'Adyacente significa las 8 casillas de alrededor en la cuadrícula actual, sin dar la vuelta por los bordes.' },
        5: { title: 'Acciones', text: 'Desplazar: mueve una fila o columna un paso (sin deshacer el último desplazamiento del rival). Matar: el Asesino mata a un vecino vivo de su identidad. Arrestar: el Inspector nombra a un vecino de su identidad; si es el Asesino, gana; si no, la respuesta es no. Disfrazarse: el Asesino roba una carta y puede pasar a ser ese sospechoso. Exonerar: el Inspector roba y descarta una carta boca arriba: ese sospechoso es inocente.' },
        6: { title: 'Modo Estándar', text: 'Los disfraces y las exoneraciones ponen marcas de inocente en sospechosos vivos. Tras cada exoneración, el Asesino dice si su identidad está junto al sospechoso exonerado (el interrogatorio); si muere un sospechoso marcado, el Inspector dice lo mismo de la suya.' },
        7: { title: 'Modo Arresto ciudadano', text: 'Como el Estándar, y al exonerar se puede no robar para arrestar a un vecino vivo del sospechoso exonerado en lugar del interrogatorio; la mano se reduce en una carta cada vez.' },
        11: { title: 'Final', text: 'El Inspector gana si arresta al Asesino. El Asesino gana si mata a la identidad del Inspector o llega al objetivo de muertes.' },
      },
    } satisfies LessonSections,
  },
  /** ❔ Por qué (src/games/noir/why.ts; docs/lessons.md): la decisión y qué hace cada jugada. */
  why: {
    title: { firstKill: 'El primer asesinato', choose: 'Tu identidad', killer: 'Tu turno (Asesino)', inspector: 'Tu turno (Inspector)', discard: 'Exonerar: descarta' },
    decision: {
      firstKill: 'Eres el Asesino, escondido como el sospechoso de tu carta de identidad. La partida empieza con tu asesinato de un sospechoso vivo a tu lado.',
      choose: 'Eres el Inspector: elige tu identidad secreta entre tus cuatro cartas; las otras tres son tu mano de pruebas (todos inocentes).',
      killer: 'Eres el Asesino: ganas si matas a la identidad del Inspector o llegas al objetivo de muertes; el Inspector gana si te arresta.',
      inspector: 'Eres el Inspector: ganas si arrestas al Asesino, que tiene que estar junto a tu identidad cuando lo hagas.',
      discard: 'Robaste una carta: descarta una de tus cartas boca arriba. Ese sospechoso queda probado inocente, y el Asesino debe decir si está a su lado (el interrogatorio).',
      discardClassic: 'Robaste una carta: descarta una de tus cartas boca arriba. Ese sospechoso queda probado inocente.',
    },
    moves: {
      kill: 'Matar: muere un sospechoso vivo junto a tu identidad.',
      shift: 'Desplazar: mueve una fila o columna un paso (la carta que sale vuelve por el otro extremo); no puede deshacer el último desplazamiento del rival.',
      disguise: 'Disfrazarse: robas una carta; un sospechoso vivo pasa a ser tu nueva identidad y se muestra tu carta anterior; uno muerto no cambia nada.',
      choose: 'Elegir: este sospechoso pasa a ser tu identidad secreta.',
      arrest: 'Arrestar: nombra a un sospechoso junto a tu identidad (o a ti mismo, de farol); si es el Asesino ganas, si no la respuesta es «no».',
      exonerate: 'Exonerar: robas una carta y descartas una boca arriba: ese sospechoso queda probado inocente.',
      discard: 'Descartar: este sospechoso se muestra inocente a los dos jugadores.',
      citizen: 'Arresto ciudadano: descartas una carta sin robar y arrestas a un sospechoso vivo a su lado en lugar del interrogatorio.',
    },
  },
} as const;
