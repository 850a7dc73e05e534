/** Spanish strings of J'Accuse! (rules help, board, panel, errors). */
import type { JaccuseErrorCode } from '../rules.js';
import { formatters } from '../../../i18n/format.js';
import type { LessonNoteText, LessonSections } from '../../lesson.js';
import type { JaccuseLessonNote } from '../lesson.js';

const f = formatters('es');

/** Flourish of the Inspector when evidence moves, by evidence type (cosmetic, rules §4.3 6A). */
const explain = {
  motive: (who: string, card: string) => `«Y usted, ${who}… ¡explíqueme lo de ${card.toUpperCase()}!»`,
  opportunity: (who: string, card: string) => `«Y usted, ${who}… ¿qué hacía ${card.toUpperCase()}?»`,
  weapon: (who: string, card: string) => `«Y usted, ${who}… ¡explíqueme lo de ${card.toUpperCase()}!»`,
};

export const es = {
  /** 💡 Pista y análisis de la revisión: por qué una jugada, desde tu asiento (src/games/jaccuse/hint.ts). */
  hintReasons: {
    character: (cleared: number, mine: number) =>
      `Esta ficha te libra de ${cleared} de las pruebas sospechosas en juego${mine ? ` (${mine} delante de ti)` : ''}: un J'Accuse! sobre ellas las devuelve bajo su mazo en vez de convertirlas en Prueba Firme contra ti.`,
    investigate: (types: number, mine: number, rivals: number) =>
      `Afecta a ${types} tipo${types === 1 ? '' : 's'} de prueba: le daría a ${mine} de las pruebas sospechosas que tienes delante y a ${rivals} de las de tus rivales. Solo tú la conoces cuando todos votan.`,
    voteLeft: (exposed: number, hardTypes: number, hard: number, knows: number) =>
      `Izquierda pasa cada prueba afectada al vecino izquierdo de quien la tiene${exposed ? ` — ${exposed} carta${exposed === 1 ? '' : 's'} delante de ti podría${exposed === 1 ? '' : 'n'} volverse firme${exposed === 1 ? '' : 's'} contra ti (ya ${hardTypes} de 3 tipos, ${hard} de 5 cartas)` : ''}${knows ? ', y sabes qué tipos toca tu carta' : ''}. Un empate de votos cuenta como J'Accuse!.`,
    voteRight: (exposed: number, hardTypes: number, hard: number, knows: number) =>
      `Derecha pasa cada prueba afectada al vecino derecho de quien la tiene${exposed ? ` — ${exposed} carta${exposed === 1 ? '' : 's'} delante de ti podría${exposed === 1 ? '' : 'n'} volverse firme${exposed === 1 ? '' : 's'} contra ti (ya ${hardTypes} de 3 tipos, ${hard} de 5 cartas)` : ''}${knows ? ', y sabes qué tipos toca tu carta' : ''}. Un empate de votos cuenta como J'Accuse!.`,
    voteAcross: (exposed: number, hardTypes: number, hard: number, knows: number) =>
      `Enfrente envía cada prueba afectada más allá de los vecinos${exposed ? ` — ${exposed} carta${exposed === 1 ? '' : 's'} delante de ti podría${exposed === 1 ? '' : 'n'} volverse firme${exposed === 1 ? '' : 's'} contra ti (ya ${hardTypes} de 3 tipos, ${hard} de 5 cartas)` : ''}${knows ? ', y sabes qué tipos toca tu carta' : ''}. Un empate de votos cuenta como J'Accuse!.`,
    voteJaccuse: (exposed: number, hardTypes: number, hard: number, knows: number) =>
      `J'Accuse! convierte cada prueba afectada en Prueba Firme contra quien la tiene${exposed ? ` — cuidado: ${exposed} carta${exposed === 1 ? '' : 's'} delante de ti también podría${exposed === 1 ? '' : 'n'} volverse firme${exposed === 1 ? '' : 's'} (ya ${hardTypes} de 3 tipos, ${hard} de 5 cartas)` : ': nada de lo que tienes delante se volvería firme'}${knows ? ', y sabes qué tipos toca tu carta' : ''}.`,
    send: (hardTypes: number, hard: number, total: number, cleared: number) =>
      `Esa persona ya tiene ${hardTypes} de 3 tipos y ${hard} de ${total} cartas de Prueba Firme${cleared ? ', aunque su ficha la libra de esta carta' : ''}: la prueba se aleja de ti y la acorrala.`,
  },
  title: "J'Accuse!",
  description: 'Culpa a tus amigos del asesinato de M. Richard: de 3 a 6 jugadores, votos secretos.',
  /** `/help`'s line for the game (src/games/module.ts `GameText`). */
  helpLine: 'Pasen cartas de sospecha por la mesa para cargarle el asesinato a otro; el sospechoso con demasiadas pruebas es arrestado.',
  /**
   * The names of `/jaccuse` and of the options only this game has, by registered (English) name
   * (the shared ones are in `common.commandNames`).
   */
  commandNames: {
    'jaccuse': 'jaccuse',
    'across-chooser': 'elige-enfrente',
    'characters': 'personajes',
  },

  types: { motive: '💔 Móvil', opportunity: '🚪 Oportunidad', weapon: '🗡️ Arma' },
  typeEmoji: { motive: '💔', opportunity: '🚪', weapon: '🗡️' },

  evidence: {
    money: 'Dinero',
    secrets: 'Secretos',
    infidelity: 'Infidelidad',
    inheritance: 'Herencia',
    revenge: 'Venganza',
    blackmail: 'Chantaje',
    jealousy: 'Celos',
    debts: 'Deudas',
    woods: 'En el bosque',
    stables: 'En los establos',
    cellar: 'En la bodega',
    dark: 'A oscuras',
    library: 'En la biblioteca',
    garden: 'En el jardín',
    kitchen: 'En la cocina',
    study: 'En el despacho',
    knife: 'Cuchillo',
    pistol: 'Pistola',
    rope: 'Cuerda',
    iron: 'Plancha',
    poison: 'Veneno',
    window: 'Ventana del tercer piso',
    candlestick: 'Candelabro',
    poker: 'Atizador',
    shears: 'Tijeras de podar',
  },

  characters: {
    affair: 'La Amante',
    spouse: 'La Esposa',
    butler: 'El Mayordomo',
    heir: 'El Heredero',
    partner: 'El Socio',
    physician: 'El Médico',
  },
  /** How the Inspector addresses each character ("Y usted, Mayordomo…"). */
  characterShort: {
    affair: 'Amante',
    spouse: 'Esposa',
    butler: 'Mayordomo',
    heir: 'Heredero',
    partner: 'Socio',
    physician: 'Doctor',
  },
  noCharacter: 'todavía sin personaje',
  /** A second identical Investigation card in a hand. */
  nthCopy: (label: string, n: number) => `${label} (copia ${n})`,

  suspicion: { left: '⬅️ Izquierda', right: '➡️ Derecha', across: '↔️ Enfrente', jaccuse: "🫵 J'Accuse!" },
  suspicionEmoji: { left: '⬅️', right: '➡️', across: '↔️', jaccuse: '🫵' },

  /** Flavour accusation printed on each Investigation card (cosmetic). */
  investigationLine: {
    m1: '¿Quién ganaba con su muerte?',
    m2: 'Todos tenían motivos para odiarlo.',
    m3: 'Sigan el dinero… o el corazón roto.',
    o1: '¿Dónde estaba usted la noche del crimen?',
    o2: 'Alguien fue visto donde no tenía nada que hacer.',
    o3: 'Su coartada tiene un agujero.',
    w1: 'El arma del crimen nunca estuvo lejos.',
    w2: 'Alguien la limpió… pero no lo bastante.',
    w3: 'Nadie sostiene algo así con inocencia.',
    mo1: 'Un motivo y una ocasión: qué conveniente.',
    mo2: 'Usted lo quería muerto, y estaba allí.',
    mw1: 'Odio en el corazón y un arma en la mano.',
    mw2: 'Cuánta pasión… y qué objeto tan pesado.',
    ow1: 'Usted estaba allí, y el arma también.',
    ow2: 'El lugar, el instrumento: solo falta el porqué.',
    mow1: '¡Lo tengo todo: el porqué, el dónde y el cómo!',
    mow2: 'Caso cerrado… ¿o no?',
    mow3: 'Monsieur Richard merecía algo mejor. ¡Confiese!',
  },

  explain,
  /** Flourish of the Inspector when evidence hardens, by evidence type (cosmetic, rules §4.3 6B). */
  accuse: {
    motive: (who: string, card: string) => `«J'accuse, ${who}! ¡Lo hizo por ${card.toUpperCase()}!»`,
    opportunity: (who: string, card: string) => `«J'accuse, ${who}! ¡Usted estaba ${card.toUpperCase()}!»`,
    weapon: (who: string, card: string) => `«J'accuse, ${who}! ¡Con ${card.toUpperCase()}!»`,
  },

  // ── Board ──
  statusCharacters: (name: string) => `Elección de personajes · ▶ elige ${name}`,
  statusInvestigate: (round: number, name: string) => `Ronda ${round} · 🔎 ${name} prepara la investigación`,
  statusVote: (round: number, cast: number, of: number) => `Ronda ${round} · ⏳ Votación: ${f.number(cast)}/${f.number(of)} ya votaron`,
  statusAcross: (round: number, chooser: string, card: string) => `Ronda ${round} · ▶ ${chooser} envía ${card} enfrente`,
  statusArrest: (names: string) => `Fin de la partida · 🚨 Arrestados: ${names}`,
  statusExhausted: 'Fin de la partida · se acabaron las pruebas: nadie es arrestado',
  statusCap: 'Fin de la partida · el caso se enfrió: nadie es arrestado',
  inspectorMark: '🔎',
  exoneratedAgainst: (items: string) => `libre de: ${items}`,
  suspectedLabel: '❓',
  hardLabel: '🔒',
  usedLabel: 'usada',
  nothing: '—',
  handCount: (n: number) => `🗂️ ${f.number(n)}`,
  /** The key to the seat lines' symbols, under them on the board. */
  boardKey: '-# ❓ pruebas que apuntan al jugador (aún pueden moverse) · 🔒 Prueba Firme contra él · usada: cartas de Sospecha que jugó en este ciclo · 🗂️ cartas de Investigación en su mano',
  cycleLine: (cycle: number, chooser: string) => `Ciclo de Sospecha: ronda ${cycle}/3 · ${chooser}`,
  chooserHolder: 'Enfrente: elige quien tiene la carta',
  chooserInspector: 'Enfrente: elige el Inspector',
  pilesLine: (m: number, o: number, w: number, undealt: number, played: number) =>
    `Mazos: 💔 Móvil ${f.number(m)} · 🚪 Oportunidad ${f.number(o)} · 🗡️ Arma ${f.number(w)} · cartas de Investigación: ${f.number(undealt)} sin repartir, ${f.number(played)} ${f.word(played, { one: 'jugada', other: 'jugadas' })}`,
  revealHeader: (round: number) => `**Revelación de la ronda ${round}**`,
  revealOutcome: (outcome: string, tie: boolean) => `→ ${outcome}${tie ? ' (el empate cuenta como J’Accuse!)' : ''}`,
  revealInvestigation: (icons: string, line: string) => `Investigación ${icons}: «${line}»`,
  investigationIcons: (types: string[]) => types.join(' + '),
  outcomeMove: (card: string, from: string, to: string) => `${card}: ${from} → ${to}`,
  outcomeMovePending: (card: string, from: string) => `${card}: ${from} → … (falta elegir)`,
  outcomeHarden: (card: string, who: string) => `${card} es ahora 🔒 Prueba Firme contra ${who}`,
  outcomeExonerate: (card: string, who: string) => `${who} queda exonerado de ${card}: va al fondo de su mazo`,
  outcomeDeal: (card: string, who: string) => `${who} recibe ${card}`,
  outcomeNothing: 'No hay pruebas de esos tipos en juego.',
  arrestedMark: '🚨',
  arrestedWith: (name: string, evidence: string) => `🚨 ${name} queda arrestado, condenado por ${evidence}.`,
  everyoneElseWins: 'Todos los demás ganan.',

  // ── Panel ──
  panelCharacter: (character: string, items: string) => `Eres **${character}**: libre de sospecha por ${items}.`,
  panelNoCharacter: 'Todavía no elegiste personaje.',
  panelHand: (cards: string) => `Tus cartas de Investigación: ${cards}`,
  panelHandEmpty: 'Tus cartas de Investigación: ninguna (llegan nuevas cuando todas las manos están vacías).',
  panelSuspicion: (available: string, used: string) => `Tus cartas de Sospecha: ${available}${used ? ` · usadas en este ciclo: ${used}` : ''}`,
  panelChosen: (card: string) => `Boca abajo bajo el atril: ${card}`,
  panelPickCharacter: 'Elige tu ficha de personaje.',
  panelWaitCharacter: (name: string) => `Esperando a que ${name} elija personaje.`,
  panelSetInvestigation: 'Eres el 🔎 Inspector: pon boca abajo una carta de Investigación. Solo se verán afectados sus tipos de prueba.',
  panelWaitInvestigation: (name: string) => `Esperando a que el 🔎 Inspector, ${name}, prepare la investigación.`,
  panelVote: (cast: number, of: number) =>
    `Vota con una carta de Sospecha: queda en secreto hasta que todos hayan votado (${f.number(cast)}/${f.number(of)} por ahora). Puedes cambiarla hasta entonces.`,
  panelVoted: (card: string, cast: number, of: number) =>
    `Tu voto: ${card} (secreto). Puedes cambiarlo hasta que todos hayan votado (${f.number(cast)}/${f.number(of)} por ahora).`,
  panelAcrossPick: (card: string, holder: string) => `Envía ${card} (la tiene ${holder}) enfrente: elige quién la recibe.`,
  panelAcrossWait: (chooser: string, card: string) => `Esperando a que ${chooser} envíe ${card} enfrente.`,
  panelOverArrested: 'Quedas arrestado. El Inspector Jefe ya oyó bastante.',
  panelOverFree: 'Sales libre: ¡ganas!',
  panelOverNoLoser: 'Nadie es arrestado: todos salen libres.',
  selectCharacter: 'Elige un personaje…',
  selectAcross: 'Enviarla a…',
  buttonInvestigate: (icons: string) => `Poner ${icons} boca abajo`,
  buttonVote: (card: string) => `Votar ${card}`,
  buttonRevote: (card: string) => `Cambiar a ${card}`,
  optionSend: (name: string) => `Enviar a ${name}`,
  optionCharacterDescription: (items: string) => `Libre de sospecha por ${items}`,

  // ── Log ──
  logRoundStart: (round: number, name: string) => `Ronda ${round}: ${name} es el 🔎 Inspector.`,
  logCharacterChosen: (name: string, character: string) => `${name} es ${character}.`,
  logCharacterAuto: (name: string, character: string) => `A ${name} le toca la última ficha: ${character}.`,
  logInvestigationSet: (name: string) => `${name} pone boca abajo una carta de Investigación.`,
  logInvestigationChosenPrivate: (card: string) => `Pusiste ${card} boca abajo.`,
  logCast: (name: string, cast: number, of: number) => `${name} votó con una carta de Sospecha (${f.number(cast)}/${f.number(of)}).`,
  logVotePrivate: (card: string) => `Votaste ${card} (secreto hasta la revelación).`,
  logVoteChangedPrivate: (card: string) => `Cambiaste tu voto a ${card} (secreto hasta la revelación).`,
  logReveal: (votes: string, outcome: string, investigation: string) => `Revelación: ${votes} → ${outcome}. Investigación: ${investigation}.`,
  logTie: ' (el empate cuenta como J’Accuse!)',
  logMoved: (flourish: string, card: string, from: string, to: string) => `${flourish} ${card} pasa de ${from} a ${to}.`,
  logHardened: (flourish: string, card: string, name: string) => `${flourish} ${card} se convierte en 🔒 Prueba Firme contra ${name}.`,
  logExonerated: (name: string, character: string, card: string) => `${name} (${character}) queda exonerado de ${card}: va al fondo de su mazo.`,
  logDealt: (card: string, name: string) => `${name} recibe ${card} como nueva Prueba Sospechosa.`,
  logPileEmpty: (type: string) => `El mazo de ${type} está vacío: no llega ninguna carta nueva de ese tipo.`,
  logNothingAffected: 'No hay pruebas de esos tipos en juego: no pasa nada.',
  logAcrossPending: (chooser: string, card: string, holder: string) => `${chooser} elige adónde va enfrente ${card} (la tiene ${holder}).`,
  logSuspicionReturned: 'Fin del ciclo de Sospecha: todos recuperan sus 4 cartas de Sospecha.',
  logReshuffled: 'Todas las manos de Investigación están vacías: se barajan las 18 cartas y se reparten 3 a cada jugador.',
  logArrested: (name: string, evidence: string) => `🚨 ${name} queda arrestado, condenado por ${evidence}.`,
  logGameOverArrest: 'Todos los demás ganan.',
  logGameOverExhausted: 'Se acabaron todas las pruebas y nadie fue arrestado: todos salen libres.',
  logGameOverCap: 'El caso se enfrió tras demasiadas rondas: nadie es arrestado.',

  // ── Errors ──
  errors: {
    'game-over': 'La partida terminó.',
    'not-seated': 'No tienes asiento en esta mesa.',
    'wrong-phase': 'La mesa no está haciendo eso ahora: aquí tienes tu panel actual.',
    malformed: 'Esa jugada no es válida aquí. No se cambió nada.',
    'not-your-turn': 'Ahora mismo no te toca decidir.',
    'character-taken': 'Alguien ya eligió ese personaje: elige otro.',
    'card-not-in-hand': 'Esa carta de Investigación no está en tu mano.',
    'suspicion-used': 'Ya usaste esa carta de Sospecha en este ciclo: elige otra.',
    'same-vote': 'Ese ya es tu voto.',
    'wrong-card': 'Esa prueba no es la que se envía enfrente ahora.',
    'not-eligible': 'Ese jugador no está enfrente de quien tiene la carta: elige a alguien de la lista.',
    unknown: 'Esa acción no es posible ahora mismo.',
  } satisfies Record<JaccuseErrorCode | 'unknown', string>,
  staleVote: 'Demasiado tarde: los votos ya se revelaron.',

  // ── Options / help ──
  optionAcrossChooser: 'Quién elige al destinatario de Enfrente: quien tiene la carta o el Inspector',
  optionCharacters: 'Personajes al azar, o que cada uno elija el suyo al empezar',
  optionTurnTimer: 'Segundos para la elección del Inspector y de Enfrente',
  optionVoteTimer: 'Segundos para la votación secreta de Sospecha',
  choiceHolder: 'Quien tiene la carta',
  choiceInspector: 'El Inspector',
  choiceRandom: 'Al azar',
  choiceChoice: 'Los jugadores eligen',
  optionsSummary: (chooser: string, characters: string, turn: number | null, vote: number | null) =>
    [`Enfrente: elige ${chooser}`, `Personajes: ${characters}`, turn !== null && `Tiempo de turno ${turn} s`, vote !== null && `Tiempo de votación ${vote} s`].filter(Boolean).join(' · '),
  summaryHolder: 'quien tiene la carta',
  summaryInspector: 'el Inspector',
  summaryRandom: 'al azar',
  summaryChoice: 'elegidos por los jugadores',
  rulesHelp: (o: { chooser: string; characters: string; turn: number; vote: number; cap: number }) =>
    [
      "**J'Accuse!**: M. Richard está muerto y todos son sospechosos. Pasen las pruebas a sus rivales; quien sea arrestado pierde y todos los demás ganan.",
      '',
      '**Tu ficha.** Cada personaje queda libre de sospecha por un Móvil, una Oportunidad y un Arma (se ven en el tablero). Personajes: ' +
        o.characters +
        '.',
      '**Pruebas.** Hay en juego un 💔 Móvil, una 🚪 Oportunidad y un 🗡️ Arma como Pruebas Sospechosas, repartidas desde la izquierda del Inspector.',
      '**Una ronda.**',
      `1. El 🔎 Inspector pone en secreto una de sus 3 cartas de Investigación (iconos: 💔 / 🚪 / 🗡️, de uno a tres). ${o.turn} s; si no, una carta al azar.`,
      `2. Todos, también el Inspector, votan en secreto con una carta de Sospecha: ⬅️ Izquierda, ➡️ Derecha, ↔️ Enfrente o 🫵 J'Accuse!. Se puede cambiar hasta que todos hayan votado. ${o.vote} s; si no, una carta al azar.`,
      "3. Todos los votos se revelan a la vez. Se impone la carta con más votos; cualquier empate en cabeza cuenta como 🫵 J'Accuse!.",
      '4. Se revela la carta de Investigación: solo se ven afectados sus tipos de prueba.',
      `   • ⬅️/➡️: cada carta afectada pasa al vecino de la izquierda / derecha de quien la tiene. ↔️ Enfrente: a un jugador que no esté al lado de quien la tiene (con 3 jugadores: cualquiera de los otros dos); si hay donde elegir, elige ${o.chooser} (${o.turn} s; si no, al azar).`,
      "   • 🫵 J'Accuse!: cada carta afectada se convierte en 🔒 Prueba Firme contra quien la tiene, salvo que su ficha lo libre de esa carta exacta: entonces va al fondo de su mazo. Las cartas nuevas se reparten desde la izquierda del Inspector, en el orden 💔 🚪 🗡️.",
      '5. El papel de Inspector pasa a la izquierda.',
      '**Ciclo de Sospecha.** Usa 3 cartas de Sospecha distintas en 3 rondas; después vuelven las 4. Las cartas usadas son públicas.',
      '**Cartas de Investigación.** Juega tus 3 antes de recibir nuevas; cuando todas las manos están vacías, se barajan las 18 y se reparten 3 a cada jugador.',
      `**Arresto.** Pruebas Firmes de los tres tipos, o 5 Pruebas Firmes de cualquier combinación: quedas arrestado (varios a la vez si ocurre al mismo tiempo). Si antes se acaban todas las pruebas, o el caso se enfría tras ${f.count(o.cap, { one: 'ronda', other: 'rondas' })}, nadie pierde.`,
      '**Se vale conversar** en la mesa, pero sin nombrar cartas de Sospecha (el bot no lo vigila).',
    ].join('\n'),
  /** Palabras dibujadas en las imágenes del tablero y de la mano (src/games/jaccuse/pictures.ts): solo Latin-1, sin emoji. */
  pictures: {
    typeName: { motive: 'Móvil', opportunity: 'Oportunidad', weapon: 'Arma' },
    typeLetter: { motive: 'M', opportunity: 'O', weapon: 'A' },
    suspicionName: { left: 'Izquierda', right: 'Derecha', across: 'Enfrente', jaccuse: "J'Accuse!" },
    suspicionLetter: { left: 'I', right: 'D', across: 'E', jaccuse: 'J' },
    headerCharacters: 'Elección de personajes',
    header: (round: number, cycle: number) => `Ronda ${f.number(round)} · Ciclo de sospecha ${f.number(cycle)} de 3`,
    headerOver: 'Fin de la partida',
    statusCharacters: (name: string) => `${name} elige personaje`,
    statusInvestigate: (name: string) => `${name} deja la investigación boca abajo`,
    statusVote: (cast: number, of: number) => `Voto secreto: votaron ${f.number(cast)} de ${f.number(of)}`,
    statusAcross: (name: string, card: string) => `${name} envía ${card} enfrente`,
    statusArrest: (names: string) => `Arrestados: ${names}. Los demás ganan`,
    statusExhausted: 'Se acabaron las pruebas: nadie queda arrestado',
    statusCap: 'El caso se enfrió: nadie queda arrestado',
    you: 'tú',
    inspector: 'Inspector',
    noCharacter: 'todavía sin personaje',
    cast: 'votó',
    waiting: 'espera',
    arrested: 'arrestado',
    free: 'libre',
    hardCount: (n: number) => `${f.number(n)}/5`,
    investigationCount: (n: number) => `x${f.number(n)}`,
    piles: (m: number, o: number, w: number) => `Mazos: M ${f.number(m)} · O ${f.number(o)} · A ${f.number(w)}`,
    investigationPiles: (undealt: number, played: number) => `Investigación: ${f.number(undealt)} sin repartir, ${f.number(played)} jugadas`,
    revealHeading: (round: number) => `Revelación de la ronda ${f.number(round)}`,
    revealOutcome: (card: string, tie: boolean) => `${card}${tie ? " (el empate cuenta como J'Accuse!)" : ''}`,
    revealInvestigation: (types: string) => `${types}`,
    outcomeMove: (card: string, from: string, to: string) => `${card}: de ${from} a ${to}`,
    outcomeMovePending: (card: string, from: string) => `${card}: de ${from} a ... (falta elegir)`,
    outcomeHarden: (card: string, who: string) => `${card}: prueba firme contra ${who}`,
    outcomeExonerate: (card: string, who: string) => `${card}: ${who} queda exonerado`,
    outcomeDeal: (card: string, who: string) => `${card}: repartida a ${who}`,
    outcomeNothing: 'No hay pruebas en juego de esos tipos',
    more: (n: number) => `+${f.number(n)} más`,
    legendHeading: 'Referencias',
    legend: {
      motive: 'Móvil',
      opportunity: 'Oportunidad',
      weapon: 'Arma',
      hard: 'prueba firme: 3 tipos o 5 = arresto',
      used: 'usada en este ciclo',
            investigation: 'cartas de investigación',
      turn: 'le toca',
      latest: 'recién cambiado',
      vote: 'tu voto',
    },
    clearedOf: 'Tu ficha te exonera de',
    yourSuspicion: 'Tus cartas de sospecha',
    yourInvestigation: 'Tus cartas de investigación',
    investigationEmpty: 'Ninguna: llegan nuevas cuando todas las manos se vacían',
    faceDown: 'boca abajo',
    usedWord: 'usada',
    voteWord: 'tu voto',
    nothing: 'ninguna',
    altBoard: (header: string) => `Tablero de J'Accuse!, ${header}.`,
    altHand: (header: string) => `Tu mano de J'Accuse!, ${header}.`,
    altSeat: (name: string, character: string, suspected: string, hard: string, used: string) =>
      `${name}, ${character}: sospechas ${suspected}; pruebas firmes ${hard}; usadas ${used}.`,
    altLatest: (text: string) => `Recién: ${text}`,
    altInvestigation: (cards: string) => `Tus cartas de investigación: ${cards}.`,
    altSuspicion: (free: string) => `Cartas de sospecha que puedes jugar: ${free}.`,
    altVote: (card: string) => `Tu voto: ${card}.`,
    altCleared: (cards: string) => `Tu ficha te exonera de ${cards}.`,
  },
  /** La lección (`/jaccuse learn`, src/games/jaccuse/lesson.ts; docs/lessons.md). */
  lesson: {
    notes: {
      investigate: (_n) => 'En esta ronda eres el Inspector: elige una carta de Investigación boca abajo. Solo se ven afectados los tipos de prueba que nombra; esta nombra los tres.',
      jaccuse: (_n) => "Todos votan en secreto con una carta de Sospecha; gana la más votada y un empate cuenta como J'Accuse!. J'Accuse! convierte cada carta investigada en 🔒 Prueba Firme contra quien la tiene: vota J'Accuse!.",
      direction: (_n) => 'Tu carta J\'Accuse! ya está usada: cada carta de Sospecha una vez cada tres rondas. Izquierda y Derecha pasan cada carta investigada al vecino de quien la tiene: vota Izquierda para alejar el Móvil de ti.',
      sheet: (n) => `La mayoría votó Derecha, así que el móvil Celos te llegó a ti. Cada hoja de personaje libra a su dueño de un Móvil, una Oportunidad y un Arma: ${n(1)}, el Mayordomo, queda libre de «En la bodega», que ahora tiene. Vota Enfrente.`,
      across: (_n) => 'Pasaron tres rondas, así que vuelves a tener las cuatro cartas de Sospecha. Investigan tu Móvil: vota Enfrente para mandarlo al jugador de enfrente.',
      end: (_n) => 'Con Pruebas Firmes de los tres tipos, o cinco cartas, un jugador es arrestado y todos los demás ganan. La Amante ya tiene dos.',
      chosen: (_n) => 'En esta mesa los personajes se eligen: antes de la primera ronda cada jugador toma por turno una hoja de personaje libre.',
      inspectorAcross: (_n) => 'En esta mesa es el Inspector, no quien la tiene, quien elige a quién va una carta enviada Enfrente.',
      threePlayers: (_n) => 'Tres jugadores: el Inspector se queda la primera Arma, y Enfrente significa cualquier otro jugador.',
    } satisfies Record<JaccuseLessonNote, LessonNoteText>,
    sections: {
      4: {
        1: { title: 'Componentes', text: "Seis hojas de personaje, cada una libre de un Móvil, una Oportunidad y un Arma. 25 cartas de prueba. Cada jugador tiene cuatro cartas de Sospecha (Izquierda, Derecha, Enfrente, J'Accuse!) y cartas de Investigación que nombran uno, dos o tres tipos de prueba." },
        2: { title: 'Preparación', text: 'Cada jugador recibe un personaje (al azar o elegido), las cuatro cartas de Sospecha y tres cartas de Investigación. Desde la izquierda del primer Inspector, los jugadores reciben boca arriba el primer Móvil, la primera Oportunidad y la primera Arma como Pruebas Sospechosas.' },
        3: { title: 'Una ronda', text: "El Inspector elige en secreto una carta de Investigación. Todos eligen en secreto una carta de Sospecha no usada; gana la que tenga estrictamente más votos, y un empate cuenta como J'Accuse!. Solo se ven afectados los tipos investigados: Izquierda y Derecha pasan cada carta al vecino de quien la tiene; J'Accuse! convierte cada carta en Prueba Firme contra quien la tiene, salvo que su hoja lo libre de ella. Luego el papel de Inspector pasa en el sentido de las agujas del reloj." },
        4: { title: 'Enfrente', text: 'Con 4 o más jugadores, Enfrente es cualquiera salvo quien tiene la carta y sus vecinos; con 3, cualquier otro jugador. Elige el destinatario quien tiene la carta (una opción de mesa deja elegir al Inspector).' },
        5: { title: 'Ciclo de cartas de Sospecha', text: 'Cada jugador usa tres cartas de Sospecha distintas en tres rondas y después recupera las cuatro. Las cartas usadas son públicas.' },
        7: { title: 'Final', text: 'Tras una ronda, quien tenga Pruebas Firmes de los tres tipos o cinco cartas en cualquier combinación es arrestado y pierde; todos los demás ganan.' },
      },
    } satisfies LessonSections,
  },
  /** ❔ Por qué (src/games/jaccuse/why.ts; docs/lessons.md): la decisión y qué hace cada jugada. */
  why: {
    title: { character: 'Elige un personaje', investigate: 'Tu investigación', vote: 'Votación secreta', send: 'Envíala Enfrente' },
    decision: {
      character: 'Toma una hoja de personaje libre: te libra de un Móvil, una Oportunidad y un Arma durante toda la partida.',
      investigate: 'Eres el Inspector: elige una carta de Investigación boca abajo. Solo los tipos de prueba que nombra se mueven o se vuelven firmes esta ronda.',
      vote: "Todos votan en secreto con una carta de Sospecha no usada. Gana la carta con estrictamente más votos; un empate cuenta como J'Accuse!. Cada carta se usa una vez cada tres rondas.",
      send: 'Ganó Enfrente: elige quién recibe esta carta de prueba.',
    },
    inspectorVotes: 'Como Inspector, tú también votas.',
    moves: {
      character: 'Tomar este personaje: su hoja es tuya durante la partida.',
      investigate: 'Investigar: los tipos de prueba de esta carta son los afectados.',
      vote: "Izquierda / Derecha: cada carta investigada pasa al vecino de quien la tiene; Enfrente: a un jugador de enfrente; J'Accuse!: cada una se vuelve Prueba Firme contra quien la tiene, salvo que su hoja lo libre de ella.",
      send: 'Enviar: la carta va a este jugador.',
    },
  },
} as const;
