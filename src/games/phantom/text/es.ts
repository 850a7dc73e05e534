/** Spanish strings of Tricks and the Phantom (rules help, board, panel, errors). */
import type { Colour, PhantomErrorCode } from '../rules.js';
import { formatters } from '../../../i18n/format.js';
import type { LessonNoteText, LessonSections } from '../../lesson.js';
import type { PhantomLessonNote } from '../lesson.js';

const f = formatters('es');
const sign = (n: number) => (n > 0 ? `+${f.number(n)}` : n < 0 ? `−${f.number(-n)}` : '±0');
const points = (n: number) => f.count(n, { one: 'punto', other: 'puntos' });

export const es = {
  /** 💡 Pista y análisis de la revisión: por qué una jugada, desde tu asiento (src/games/phantom/hint.ts). */
  hintReasons: {
    discard: (card: number) =>
      `Te quedas las cartas que más a menudo son el culpable (y un Fantasma para atraer lupas): ${card === 3 ? 'el Mensajero solo es culpable cuando todas las demás cartas son 5 o más' : card === 4 ? 'el Tendero casi nunca es el culpable' : card === 2 ? 'el Cantinero necesita al Político en juego' : 'esta es la que menos te ayuda'}.`,
    discardPhantom: () => 'Incluso el Fantasma te vale menos esta ronda que los sospechosos que te quedas.',
    report: (share: number, left: number) =>
      `En alrededor de un ${share} % de los crímenes que puedes imaginar con las pistas hasta ahora, esta carta sería la culpable: puntúa quien la jugó y cada lupa sobre ella. ${left > 1 ? 'Tus otras cartas quedan para el siguiente crimen.' : 'Es tu última carta.'}`,
    reportDetective: (share: number, left: number) =>
      `El Detective duplica sus puntos si es el culpable — alrededor de un ${share} % de los crímenes que puedes imaginar.${left > 1 ? ' Tus otras cartas quedan para el siguiente crimen.' : ''}`,
    reportPhantom: (rivals: number) =>
      `El Fantasma nunca es el culpable: con una pista creíble atrae lupas — +1 para ti y −1 para cada uno de los ${rivals} rivales cuya lupa caiga en él.`,
    glass: (share: number, points: number, mine: number) =>
      `En alrededor de un ${share} % de los crímenes que puedes imaginar el culpable es esta carta${mine ? ' (la tuya: +1 si aciertas)' : ''}; se esperan ${points} puntos para la lupa, con las lupas ya puestas.`,
    glassFourth: (share: number, points: number) =>
      `La carta del cuarto implicado es la culpable en alrededor de un ${share} % de los crímenes que puedes imaginar; se esperan ${points} puntos para la lupa.`,
  },
  title: 'Tricks and the Phantom',
  description: 'Denuncia sospechosos, farolea con Fantasmas y descubre al culpable (de 2 a 4 jugadores).',
  /** `/help`'s line for the game (src/games/module.ts `GameText`). */
  helpLine: 'Denuncien sospechosos boca abajo con una pista y adivinen qué carta es la culpable: cuidado con los Fantasmas.',
  /**
   * The names of `/phantom` and of the options only this game has, by registered (English) name
   * (the shared ones are in `common.commandNames`).
   */
  commandNames: {
    'phantom': 'phantom',
    'beginner': 'principiante',
    'target-score': 'puntos-objetivo',
  },
  options: {
    beginner: 'Modo principiante: se juega con un Fantasma menos',
    targetScore: 'Puntos que terminan la partida al final de una ronda',
    turnSeconds: 'Segundos por decisión',
  },

  /** Clue colours, said of a feminine noun ("pista", "carta"): "pista 🟨 amarilla". */
  colours: { yellow: '🟨 amarilla', red: '🟥 roja', blue: '🟦 azul' },
  colourEmoji: { yellow: '🟨', red: '🟥', blue: '🟦' },
  colourWords: { yellow: 'amarillo', red: 'rojo', blue: 'azul' },
  phantomEmoji: '👻',
  cardNames: {
    politician: 'Político',
    yakuza: 'Yakuza',
    madame: 'Madame',
    reporter: 'Periodista',
    detective: 'Detective',
    forensicist: 'Forense',
    shopkeeper: 'Tendero',
    courier: 'Mensajero',
    barkeeper: 'Cantinero',
    phantom: 'Fantasma',
  },
  cardEffects: {
    politician: 'Sin efecto.',
    yakuza: 'Sin efecto.',
    madame: 'Sin efecto.',
    reporter: 'Sin efecto.',
    detective: 'Si el Detective es el culpable, su jugador gana 2 puntos en vez de 1 y cada lupa acertada puntúa el doble.',
    forensicist: 'Descarta de los sospechosos la carta más alta en juego (a sí mismo si es la más alta) y anula al Cantinero, al Mensajero y al Tendero.',
    shopkeeper: 'La Yakuza 9 no puede ser la culpable.',
    courier: 'Pasa a ser el culpable si todas las demás cartas en juego son 5 o más.',
    barkeeper: 'Pasa a ser el culpable si el Político 10 está en juego.',
    phantom: 'Nunca es el culpable; se denuncia con cualquier color de pista. +1 por cada otro jugador cuya lupa caiga en él; esos pierden 1.',
  },
  /** A card as "🟦 10 Político" (suit emoji, number, name). */
  /** Una carta de sospechoso: su color en emoji y palabra, número y nombre — "🟨 2 Tabernero (amarillo)". */
  card: (emoji: string, number: number, name: string, colour: string) => `${emoji} ${number} ${name} (${colour})`,
  /** The Phantom, which has no number shown. */
  phantomCard: (emoji: string, name: string) => `${emoji} ${name}`,
  cardWithEffect: (card: string, effect: string) => `${card} — ${effect}`,
  seatLetters: ['A', 'B'],

  // Board
  statusDiscard: (round: number) => `Ronda ${round} · ⏳ Todos descartan una carta boca abajo`,
  statusReport: (round: number, crime: number, who: string) => `Ronda ${round} · Crimen ${crime} · ▶ ${who} denuncia a un sospechoso`,
  statusSolve: (round: number, crime: number, who: string) => `Ronda ${round} · Crimen ${crime} · ▶ ${who} coloca una lupa`,
  statusOver: (who: string) => `Fin de la partida · 🏆 gana ${who}`,
  targetLine: (target: number, beginner: boolean) =>
    `Gana quien tenga **${points(target)}** al final de una ronda${beginner ? ' · modo principiante (un Fantasma)' : ''}.`,
  seatScore: (score: number) => `**${f.number(score)}** ${f.word(score, { one: 'punto', other: 'puntos' })}`,
  seatCards: (n: number) => f.count(n, { one: 'carta', other: 'cartas' }),
  seatFirst: '🔦 primer investigador',
  seatClue: (letter: string, colour: string) => `${letter}pista ${colour}`,
  seatClueWaiting: (letter: string) => `${letter}sin pista aún`,
  seatOfPlayer: (letter: string) => `asiento ${letter}: `,
  ownerSeat: (who: string, letter: string) => (who.endsWith(')') ? `${who.slice(0, -1)}, asiento ${letter})` : `${who} (asiento ${letter})`),
  twoPlayersLine: '👥 2 jugadores: cada uno juega dos asientos, A y B, y denuncia un sospechoso desde cada uno, por turnos; una lupa cada uno.',
  seatGlass: (target: string) => `🔍 en ${target}`,
  seatDiscarded: 'descartó',
  seatDeciding: 'decidiendo',
  fourthPartyLine: (card: string) => `🃏 Carta del cuarto implicado (boca arriba): ${card}`,
  noFourthPartyLine: '🃏 En este crimen no hay carta del cuarto implicado.',
  /** A glass target: a reported card by its player and clue. */
  targetPlayed: (who: string, colour: string) => `la carta ${colour} de ${who}`,
  targetPlayedSeat: (who: string, letter: string, colour: string) =>
    who.endsWith(')') ? `la carta ${colour} de ${who.slice(0, -1)}, asiento ${letter})` : `la carta ${colour} de ${who} (asiento ${letter})`,
  targetFourth: (card: string) => `la carta del cuarto implicado ${card}`,
  /** A glass on one's own reported card (no name: the reader is its player); `letter` = seat letter with 2 players. */
  targetYourOwn: (colour: string, letter?: string) => `tu propia carta ${colour}${letter ? ` (asiento ${letter})` : ''}`,
  targetTheirOwn: (colour: string, letter?: string) => `su propia carta ${colour}${letter ? ` (asiento ${letter})` : ''}`,

  // Reveal
  revealHeader: (round: number, crime: number) => `**Último crimen: ronda ${round}, crimen ${crime}**`,
  revealCard: (who: string, card: string, clue: string) => `${who}: ${card} (pista ${clue})`,
  revealFourth: (card: string) => `Cuarto implicado: ${card}`,
  revealCriminal: (card: string, whose: string) => `🚨 Culpable: **${card}** — ${whose}`,
  revealNoCriminal: '🚨 Esta vez no hay culpable (no quedó ningún sospechoso).',
  criminalOf: (who: string) => `jugada por ${who}`,
  criminalFourth: 'la carta del cuarto implicado',
  revealWhy: (why: string) => `Por qué: ${why}.`,
  stepStrike: (card: string, struck: string) => `${card} descarta a ${struck} de los sospechosos`,
  stepCancel: (card: string, cancelled: string) => `${card} anula a ${cancelled}`,
  stepBecomes: {
    barkeeper: (card: string) => `${card} pasa a ser el culpable porque el Político 10 está en juego`,
    courier: (card: string) => `${card} pasa a ser el culpable porque todas las demás cartas son 5 o más`,
    other: (card: string) => `${card} pasa a ser el culpable por su efecto`,
  },
  stepNoTrigger: {
    barkeeper: (card: string) => `${card} no tiene efecto (el Político 10 no está en juego)`,
    courier: (card: string) => `${card} no tiene efecto (hay en juego una carta menor que 5)`,
    other: (card: string) => `${card} no tiene efecto`,
  },
  stepHighest: (card: string) => `${card} es el sospechoso más alto que queda`,
  stepNone: 'no quedó ningún sospechoso',
  revealGlasses: (list: string) => `🔍 Lupas: ${list}`,
  revealGlass: (who: string, target: string) => `${who} → ${target}`,
  revealPointsHeader: 'Puntos:',
  revealPoints: (who: string, gain: number, why: string, before: number, after: number) =>
    `${who} ${sign(gain)}${why ? ` (${why})` : ''} → **${f.number(after)}**${before + gain < after ? ' (mínimo 0)' : ''}`,
  reasons: {
    'played-criminal': (n: number, doubled: boolean) => `jugó al culpable ${sign(n)}${doubled ? ' (Detective ×2)' : ''}`,
    'glass-criminal': (n: number, doubled: boolean) => `lupa en el culpable ${sign(n)}${doubled ? ' (Detective ×2)' : ''}`,
    'fourth-party-support': (n: number) => `jugó el Tendero o el Forense contra el cuarto implicado ${sign(n)}`,
    'phantom-fooled': (n: number) => `el Fantasma engañó a otros ${sign(n)}`,
    'fell-for-phantom': (n: number) => `lupa en el Fantasma de otro ${sign(n)}`,
    'own-phantom': () => 'lupa en su propio Fantasma ±0',
    'fourth-party-phantom': (n: number) => `lupa en el Fantasma del cuarto implicado ${sign(n)}`,
  },
  tiePlayOn: (score: number) => `Empate en cabeza con ${points(score)}: se juega otra ronda.`,

  // Panel
  panelCards: '**Tus cartas**',
  panelNoCards: '(no te quedan cartas en esta ronda)',
  panelReported: (card: string, clue: string) => `Denunciaste ${card} con pista ${clue}.`,
  panelReportedSeat: (letter: string, card: string, clue: string) => `Asiento ${letter}: denunciaste ${card} con pista ${clue}.`,
  panelDiscard: (card: string) => `En esta ronda descartaste ${card}.`,
  panelScore: (score: number, target: number) => `Tu puntuación: **${f.number(score)}** / ${f.number(target)}.`,
  panelDoDiscard: '▶ Descarta una carta boca abajo (queda fuera en esta ronda).',
  panelDoReport: '▶ Tu turno: denuncia a un sospechoso. Una carta de sospechoso muestra su color verdadero; un Fantasma puede llevar cualquier color.',
  panelDoReportSeat: (letter: string) =>
    `▶ Tu turno con el asiento ${letter}: denuncia a un sospechoso. Una carta de sospechoso muestra su color verdadero; un Fantasma puede llevar cualquier color.`,
  panelDoGlass: '▶ Tu turno: pon tu lupa sobre la carta que crees que es la culpable.',
  panelWaitDiscard: 'Esperando a que los demás descarten.',
  panelWaitFor: (who: string) => `Esperando a ${who}.`,
  panelOver: 'La partida terminó.',
  actionDiscard: (card: string) => `Descartar ${card}`,
  actionReport: (card: string, clue: string) => `Denunciar ${card} con pista ${clue}`,
  actionGlass: (target: string) => `Poner la lupa en ${target}`,
  selectReport: 'Denunciar carta y pista…',

  // Log
  eventRoundStarted: (round: number, who: string) => `Empieza la ronda ${round}; ${who} es el primer investigador.`,
  eventRoundStartedFourth: (round: number, who: string, card: string) =>
    `Empieza la ronda ${round}; ${who} es el primer investigador. La carta del cuarto implicado es ${card}.`,
  eventDealt: (cards: string) => `Recibiste ${cards}.`,
  eventDiscarded: (who: string) => `${who} descartó una carta boca abajo.`,
  eventYouDiscarded: (card: string) => `Descartaste ${card}.`,
  eventReported: (who: string, clue: string) => `${who} denunció a un sospechoso con pista ${clue}.`,
  eventYouReported: (card: string, clue: string) => `Denunciaste ${card} con pista ${clue}.`,
  eventGlass: (who: string, target: string) => `${who} puso una lupa en ${target}.`,
  eventYouGlass: (target: string) => `Pusiste tu lupa en ${target}.`,
  eventSolved: (round: number, crime: number, criminal: string, whose: string) =>
    `Ronda ${round}, crimen ${crime}: el culpable es ${criminal}, ${whose}.`,
  eventSolvedNone: (round: number, crime: number) => `Ronda ${round}, crimen ${crime}: no hay culpable.`,
  eventScored: (list: string) => `Puntos: ${list}.`,
  eventScoredEntry: (who: string, gain: number, after: number) => `${who} ${sign(gain)} (${f.number(after)})`,
  eventFourthParty: (card: string) => `La nueva carta del cuarto implicado es ${card}.`,
  eventGameOver: (who: string, score: number) => `${who} gana con ${points(score)}.`,

  errors: {
    malformed: 'Esa acción no es válida aquí.',
    'game-over': 'La partida terminó.',
    'not-your-turn': 'No es tu turno: espera a que el tablero muestre ▶ junto a tu nombre.',
    'wrong-phase': 'No es lo que la partida espera ahora mismo. Vuelve a abrir tu mano para ver las opciones actuales.',
    'card-not-in-hand': 'No tienes esa carta. Vuelve a abrir tu mano para ver tus cartas actuales.',
    'wrong-colour': (colour: string) => `Una carta de sospechoso debe llevar su color verdadero: elige la pista ${colour}.`,
    'invalid-target': 'Tu lupa debe ir sobre una carta denunciada (o sobre la carta del cuarto implicado).',
    'already-discarded': 'Ya descartaste en esta ronda.',
    unknown: 'Eso no funcionó. Vuelve a abrir tu mano e inténtalo de nuevo.',
  } satisfies Record<PhantomErrorCode | 'unknown', string | ((colour: string) => string)>,

  optionsSummary: (target: number, beginner: boolean, seconds: number | null) =>
    [`Objetivo ${points(target)}`, `modo principiante ${beginner ? 'activado (un Fantasma menos)' : 'desactivado'}`, seconds !== null && `${seconds} s por decisión`].filter(Boolean).join(' · '),

  rulesHelp: (target: number, beginner: boolean, seconds: number) =>
    [
      'Cada ronda tiene **dos crímenes**. Con 4 jugadores cada uno recibe 2 cartas; las demás quedan boca abajo, sin verse. ' +
        (beginner ? 'Esta mesa juega en **modo principiante**: se retira un Fantasma.' : 'El mazo tiene 9 sospechosos y 2 Fantasmas.'),
      '**1. Denunciar.** En sentido horario desde el primer investigador, cada jugador juega una carta boca abajo con un color de pista. Una carta de sospechoso siempre muestra su **color verdadero** (el bot lo exige); un 👻 Fantasma puede mostrar **cualquier** color.',
      '**2. Resolver.** En sentido antihorario desde el último en denunciar, cada jugador pone su 🔍 lupa sobre una carta denunciada (se permite la propia). Las lupas son públicas.',
      '**3. Revelar.** El culpable es el sospechoso más alto, salvo que un efecto lo cambie: el 🟥 5 Forense descarta la carta más alta y anula al 2, al 3 y al 4; el 🟨 2 Cantinero es el culpable si el 🟦 10 está en juego; el 🟨 3 Mensajero es el culpable si todas las demás cartas son 5 o más; el 🟥 4 Tendero libra a la 🟦 9 Yakuza. Los Fantasmas nunca son culpables.',
      '**4. Puntuar.** Quien jugó la carta culpable +1; cada lupa acertada +(jugadores − lupas acertadas). Si el culpable es el 🟨 6 Detective, ambas cosas valen el doble. Una lupa sobre el Fantasma de otro: −1 para ti y +1 para su jugador (tu propio Fantasma: 0). Las puntuaciones nunca bajan de 0.',
      'Quien jugó la carta culpable es el próximo primer investigador; el segundo crimen usa la carta que le queda a cada uno.',
      '**3 jugadores:** 3 cartas cada uno; una **carta del cuarto implicado** boca arriba se suma a cada crimen como sospechoso, y cada jugador primero descarta una carta boca abajo. Si el cuarto implicado es el culpable, los jugadores del Tendero y del Forense ganan +1 (el del Tendero investiga primero). Una lupa sobre un Fantasma del cuarto implicado cuesta 1.',
      '**2 jugadores:** 4 cartas y dos asientos (A, B) cada uno, una lupa por crimen: lupa acertada +2 sobre la carta del rival, +1 sobre la propia.',
      `**Final:** al terminar una ronda, si alguien tiene **${points(target)}** o más, gana el único líder; si hay empate en cabeza se juega otra ronda. Tienes **${seconds} s** por decisión; si se acaba el tiempo se denuncia una carta al azar con su color verdadero, o tu lupa va a una carta al azar que no sea tuya.`,
    ].join('\n'),
  // ── Pictures (src/games/phantom/pictures.ts): sin emoji, la fuente no los tiene ──
  pictures: {
    colourNames: { yellow: 'amarillo', red: 'rojo', blue: 'azul' },
    /** A clue's colour agrees with "pista" (feminine): "pista roja". */
    clue: (colour: Colour) => `pista ${({ yellow: 'amarilla', red: 'roja', blue: 'azul' } as const)[colour]}`,
    report: (who: string) => `${who} denuncia a un sospechoso`,
    glass: (who: string) => `${who} coloca una lupa`,
    discard: 'Todos descartan una carta boca abajo',
    won: (who: string) => `¡Gana ${who}!`,
    /** Una mesa cerrada antes del final (una lección terminada, una partida cancelada). */
    closed: 'La mesa está cerrada',
    round: (round: number, crime: number) => `Ronda ${f.number(round)} · crimen ${f.number(crime)} de 2`,
    target: (target: number) => `meta: ${points(target)}`,
    beginner: 'modo principiante',
    crimeNow: (crime: number) => `Crimen ${f.number(crime)}: las denuncias`,
    crimeSolved: (round: number, crime: number) => `Resuelto: ronda ${f.number(round)}, crimen ${f.number(crime)}`,
    waiting: 'espera',
    toReport: 'denuncia ya',
    fourthParty: '4.º implicado',
    noFourthParty: 'Sin carta del cuarto implicado en este crimen',
    criminal: 'CULPABLE',
    noCriminal: 'Sin culpable en este crimen.',
    points: 'Puntos',
    cards: (n: number) => f.count(n, { one: 'carta', other: 'cartas' }),
    seatLetter: (who: string, letter: string) => `${who} (${letter})`,
    you: 'tú',
    bot: 'bot',
    away: 'ausente',
    yourCards: 'Tus cartas',
    cardsOf: (who: string) => `Cartas de ${who}`,
    noCardsOf: (who: string) => `A ${who} no le quedan cartas en la mano.`,
    discardOf: (who: string, card: string) => `Descarte de ${who} en esta ronda: ${card}`,
    scoreOf: (who: string, score: number, target: number) => `Puntos de ${who}: ${f.number(score)} de ${f.number(target)}`,
    noCards: 'No te quedan cartas en la mano.',
    yourReports: 'Denunciado en este crimen',
    yourDiscard: (card: string) => `Tu descarte de esta ronda: ${card}`,
    yourScore: (score: number, target: number) => `Tus puntos: ${f.number(score)} de ${f.number(target)}`,
    legend: {
      title: 'Clave',
      turn: 'juega',
      winner: 'gana',
      deciding: 'decide',
      changed: 'recién cambiado',
      clue: 'ficha de pista',
      glass: 'lupa',
      faceDown: 'carta boca abajo',
      criminal: 'culpable',
      first: 'primer investigador',
    },
    alt: {
      board: (players: number) => `Mesa de Tricks and the Phantom, ${f.count(players, { one: 'jugador', other: 'jugadores' })}.`,
      hand: (who: string) => `Cartas de ${who} en Tricks and the Phantom.`,
      score: (who: string, score: number) => `${who} ${f.number(score)}`,
      scores: (list: string, target: number) => `Puntos: ${list} (meta ${f.number(target)}).`,
      reported: (who: string, colour: Colour) => `${who}: carta boca abajo con pista ${({ yellow: 'amarilla', red: 'roja', blue: 'azul' } as const)[colour]}`,
      glasses: (list: string) => `lupas: ${list}`,
      fourth: (card: string) => `Cuarto implicado: ${card}`,
      criminal: (card: string, who: string) => `Último crimen: el culpable fue ${card}, ${who}.`,
      cards: (list: string) => `Tus cartas: ${list}.`,
      cardsOf: (who: string, list: string) => `Cartas de ${who}: ${list}.`,
      changed: (what: string) => `Recién: ${what}`,
    },
  },
  /** La lección (`/phantom learn`, src/games/phantom/lesson.ts; docs/lessons.md). */
  lesson: {
    notes: {
      report: (_n) => 'Puntúas si descubres al culpable de cada crimen: normalmente el sospechoso más alto en juego. Juega una carta boca abajo con una pista de su color; un Fantasma puede llevar cualquier color: juega el tuyo como azul, como si fuera una carta alta.',
      glass: (n) => `Pon tu lupa en la carta que creas culpable. Las cartas azules son el 7, el 9 y el 10, y dos jugadores confían en la carta azul de ${n(1)}: síguelos.`,
      colour: (n) => `Crimen 1: el Político (10) era el culpable, cada lupa sobre él puntuó, y la lupa de ${n(3)} sobre tu Fantasma te dio un punto. La pista de un sospechoso debe ser su color verdadero: juega tu Tendero con rojo.`,
      shopkeeper: (_n) => 'El Tendero (4) descarta a la Yakuza (9), así que el culpable es el más alto de los demás: ¡tu propio Tendero! Pon tu lupa en tu propia carta.',
      end: (_n) => 'Una ronda son dos crímenes. Se juegan rondas hasta que alguien tiene 10 puntos al final de una; gana la puntuación más alta.',
      beginner: (_n) => 'Modo principiante: se quita un Fantasma del mazo.',
      threePlayers: (_n) => 'Tres jugadores: tres cartas cada uno; primero todos descartan una boca abajo, y una carta del cuarto implicado boca arriba también es sospechosa en cada crimen.',
      twoPlayers: (_n) => 'Dos jugadores: cuatro cartas cada uno y cada uno juega dos asientos, alternados alrededor de la mesa; una lupa acertada en la carta del rival da 2, en la tuya 1.',
    } satisfies Record<PhantomLessonNote, LessonNoteText>,
    sections: {
      3: {
        3: { title: 'Una ronda', text: 'Una ronda son dos crímenes. En cada crimen, cada jugador, en el sentido de las agujas del reloj desde el primer investigador, juega una carta boca abajo con una pista: el color verdadero de un sospechoso, cualquier color en un Fantasma. Luego, en sentido contrario desde el último en jugar, cada uno pone su lupa en una carta jugada. Se revelan las cartas, se busca al culpable y se puntúa el crimen.' },
        4: { title: 'El culpable', text: 'Con el Forense (5) en juego se retira la carta más alta, se ignoran los efectos del 2 al 4 y el culpable es el sospechoso más alto que queda. Si no, el Cantinero (2) es el culpable si el Político (10) está en juego; si no, el Mensajero (3) cuando todas las demás cartas son 5 o más; si no, el sospechoso más alto, sin contar a la Yakuza (9) si el Tendero (4) está en juego. Un Fantasma nunca es el culpable.' },
        7: { title: 'Puntuación', text: 'Con N jugadores y k lupas sobre el culpable: su jugador +1 (Detective +2); cada lupa sobre él +(N − k) (el doble con el Detective); el jugador de un Fantasma +1 por cada lupa de otro jugador sobre él; una lupa sobre el Fantasma de otro −1. Las puntuaciones nunca bajan de 0.' },
        8: { title: 'Número de jugadores', text: '2 jugadores: 4 cartas cada uno, dos asientos cada uno, una lupa por jugador; una lupa acertada en la carta del rival +2, en la propia +1. 3 jugadores: 3 cartas cada uno, primero se descarta una boca abajo, y una carta del cuarto implicado boca arriba por crimen también es candidata.' },
        9: { title: 'Final y desempate', text: 'Tras una ronda, si alguien llega a la puntuación objetivo (10 por defecto) termina la partida; gana la puntuación más alta. Con un empate en cabeza se juegan más rondas.' },
      },
    } satisfies LessonSections,
  },
  /** ❔ Por qué (src/games/phantom/why.ts; docs/lessons.md): la decisión y qué hace cada jugada. */
  why: {
    title: { discard: 'Descarte secreto', report: 'Denunciar a un sospechoso', glass: 'Tu lupa' },
    decision: {
      discard: 'Con tres jugadores, cada uno descarta primero una carta boca abajo; queda fuera de esta ronda.',
      report: 'Juega una carta boca abajo con una pista: un sospechoso lleva su color verdadero, un Fantasma cualquier color. El culpable del crimen suele ser el sospechoso más alto en juego.',
      glass: 'Pon tu lupa en la carta que creas culpable. Una lupa acertada puntúa más cuantos menos jugadores la compartan; una lupa sobre el Fantasma de otro cuesta un punto.',
    },
    twoPlayers: 'Con dos jugadores, una lupa acertada en la carta del rival da 2 y en la tuya 1.',
    moves: {
      discard: 'Descartar: esta carta queda fuera de la ronda, sin que nadie más la vea.',
      report: 'Denunciar: la carta y el color de pista que juegas en este crimen.',
      glass: 'Lupa: sobre esta carta; todos ven dónde está tu lupa.',
    },
  },
} as const;
