/** Spanish strings of the Suspicion game (rules help, board, panel, errors). */
import type { SuspicionErrorCode } from '../rules.js';
import { formatters } from '../../../i18n/format.js';
import type { LessonNoteText, LessonSections } from '../../lesson.js';
import type { SuspicionLessonNote } from '../lesson.js';

const f = formatters('es');
const cards = (n: number) => f.count(n, { one: 'carta', other: 'cartas' });
const rounds = (n: number) => f.count(n, { one: 'ronda', other: 'rondas' });

/** Colores de las pruebas como los nombran los textos. */
const colourNames: Record<string, string> = {
  red: '🟥 rojo',
  orange: '🟧 naranja',
  yellow: '🟨 amarillo',
  green: '🟩 verde',
  blue: '🟦 azul',
  pink: '🩷 rosa',
};
/** Cartas especiales como las nombran los textos. */
const specialNames: Record<string, string> = { burn: '🔥 Quemar', tamper: '🪛 Manipular', block: '🚧 Bloquear', wild: '🃏 Comodín' };
const colourOf = (c: string) => colourNames[c] ?? c;
/** Una carta por su clave de pista (src/games/suspicion/hint.ts `cardKey`). */
const cardOf = (key: string) => (key.endsWith('+') ? `${colourOf(key.slice(0, -1))} ⇄` : (specialNames[key] ?? colourOf(key)));
const rivals = (n: number) => (n === 1 ? 'un rival tiene' : `${n} rivales tienen`);

export const es = {
  /** 💡 Pista y análisis de la revisión: por qué una jugada, desde tu asiento (src/games/suspicion/hint.ts). */
  hintReasons: {
    place: (colour: string, after: number, limit: number, risk: number) =>
      `Pone una prueba ${colourOf(colour)} en tu sospechoso: ${after} de ${limit} boca arriba. Un rival con un ${colourOf(colour)} ⇄ puede refutarla (alrededor de un ${risk} % de que alguno lo tenga).`,
    placeWild: (colour: string, after: number, limit: number, risk: number) =>
      `El Comodín llena tu casilla ${colourOf(colour)}: ${after} de ${limit} boca arriba, y te quedas tus pruebas. Un rival con un ${colourOf(colour)} ⇄ puede refutarlo (alrededor de un ${risk} %).`,
    placeReady: (colour: string, risk: number, open: string, keeps: number) =>
      `Con ella tu sospechoso tiene dos cartas boca arriba: en tu próximo turno puedes declarar la casilla ${colourOf(open)}${keeps ? ', y te quedas una carta que de verdad encaja' : ' (aún no tienes una carta que encaje: tendrías que farolear)'}. Riesgo: una refutación ${colourOf(colour)} ⇄ (alrededor de un ${risk} %), o un Quemar o Manipular antes de tu turno.`,
    placeWin: (colour: string, risk: number) =>
      `Es tu tercera carta boca arriba: ganas si nadie la refuta. El único riesgo es un ${colourOf(colour)} ⇄ en la mano de un rival (alrededor de un ${risk} %).`,
    recolour: (colour: string) => `Mover tu Comodín a la casilla ${colourOf(colour)} libera la otra casilla para una prueba que puedes poner; es una colocación nueva, así que se puede volver a refutar.`,
    criminalFirst: (colour: string) => `Una primera carta en el sospechoso de un rival (${colourOf(colour)}): con una sola carta boca arriba nadie puede declarar en él todavía, así que no ayuda a nadie antes que a ti.`,
    criminalSecondFirst: (open: string) => `Deja ese sospechoso listo para declarar en su casilla ${colourOf(open)}, y nadie que pueda declarar en él juega antes que tú: el primer intento es tuyo.`,
    criminalSecond: (open: string, ahead: number, fits: number, win: number, stuck: number) =>
      `Deja ese sospechoso listo para declarar en su casilla ${colourOf(open)}; ${rivals(ahead)} el primer intento${fits ? ', pero tú te quedas una carta que de verdad encaja' : ''}. Tu probabilidad de ser quien lo gane: alrededor de un ${win} %.${stuck ? ' Una ronda entera de solo descartes: alguien tiene que moverse, o el límite de rondas acaba la partida sin ganador.' : ''}`,
    discard: (card: string, stuck: number) => `${cardOf(card)} es la carta que menos necesitas; robas una nueva.${stuck ? ' (Una ronda entera de descartes: busca mejor una segunda carta que poner.)' : ''}`,
    discardSpare: (card: string) => `${cardOf(card)} te sobra: tienes más de las que puedes usar para esa casilla; robas una carta nueva.`,
    discardUseful: (card: string) => `${cardOf(card)} encaja en tu sospechoso, pero las demás cartas de tu mano te valen más ahora; robas una carta nueva.`,
    attack: (type: string, count: number, limit: number) =>
      `${type === 'burn' ? 'Quemar quita todas' : 'Manipular quita una'} de las ${count} cartas boca arriba de ese rival: ${count >= limit ? 'podría declarar en su próximo turno' : 'está entre los más cerca de declarar'}. Solo puede anularlo con su propio ${type === 'burn' ? 'Quemar' : 'Manipular'}.`,
    attackCriminal: (type: string, count: number) =>
      `${type === 'burn' ? 'Quemar quita todas' : 'Manipular quita una'} de las ${count} cartas boca arriba de ese sospechoso: ${count >= 2 ? 'un rival podría declarar en él antes de tu turno' : 'frena a ese sospechoso'}.`,
    attackOwn: (type: string, count: number) => `En la Edición Criminal puedes ${type === 'burn' ? 'quemar' : 'manipular'} tu propio sospechoso: sus ${count} cartas boca arriba darían a un rival una declaración antes que a ti.`,
    attackWasted: (type: string) => `Ese sospechoso no tiene nada boca arriba: el ${type === 'burn' ? 'Quemar' : 'Manipular'} se desperdicia, pero libera un hueco en tu mano.`,
    block: (up: number, limit: number) => `Ese rival pierde su próximo turno (${up} de ${limit} boca arriba) y hasta entonces no puede refutar ni anular.`,
    blockWasted: () => 'Ese rival ya se salta su próximo turno: el Bloquear aporta poco, pero libera un hueco en tu mano.',
    declareFit: (colour: string, win: number) =>
      `Tu carta boca abajo encaja de verdad en la casilla ${colourOf(colour)}: ganas si la votación dice que es un farol. Por cómo han votado estos jugadores, alrededor de un ${win} %; si no, pierdes la carta y tu próximo turno.`,
    declareBluff: (colour: string, win: number) =>
      `Un farol: tu carta no encaja en la casilla ${colourOf(colour)}, así que ganas si la votación te cree — alrededor de un ${win} % por cómo han votado; si no, pierdes la carta y tu próximo turno.`,
    counter: (colour: string, up: number) => `Refutar anula la carta ${colourOf(colour)}: sería la carta número ${up} boca arriba de ese rival. Se descartan tu ⇄ y la suya; puede contrarrefutar con un segundo ${colourOf(colour)} ⇄.`,
    counterCriminal: (colour: string, up: number) => `Refutar anula la carta ${colourOf(colour)} (${up} boca arriba en ese sospechoso con ella), así nadie más consigue declarar ahí antes.`,
    passNoCounter: (colour: string) => `No puedes refutar: no tienes un ${colourOf(colour)} ⇄, o estás bloqueado.`,
    passFirstShot: (colour: string) => `Deja la carta ${colourOf(colour)}: eres el primero que puede declarar en ese sospechoso.`,
    passKeep: (colour: string, up: number, limit: number) => `Guarda tu ${colourOf(colour)} ⇄: esta carta solo lleva a ese rival a ${up} de ${limit} boca arriba; guarda la refutación para una más peligrosa.`,
    counterBack: (colour: string) => `Contrarrefutar te devuelve tu carta ${colourOf(colour)}, protegida contra más refutaciones.`,
    acceptKeep: (colour: string) => `Guarda tu segundo ${colourOf(colour)} ⇄ para más adelante: la casilla vuelve a estar vacía y puedes llenarla en tu turno.`,
    acceptNoCard: (colour: string) => `No tienes un segundo ${colourOf(colour)} ⇄ para contrarrefutar.`,
    cancel: (attack: string) => `Anúlalo con tu propio ${specialNames[attack] ?? attack}: tus cartas y tu turno se quedan como están.`,
    allowKeep: (attack: string) => `Déjalo pasar y guarda tu ${specialNames[attack] ?? attack} para una amenaza mayor: ahora te cuesta poco.`,
    allowNoCard: (attack: string) => `No tienes un ${specialNames[attack] ?? attack} para anularlo.`,
    voteBelieve: (colour: string, p: number, fit: number, total: number, correct: number) =>
      `Calculas alrededor de un ${p} % de que la carta encaje en la casilla ${colourOf(colour)} (un ${fit} % de las manos que no ves tendría una carta que encaja${total ? `; las cartas de quien declara encajaron ${correct} de ${total} veces` : ''}): es más probable una carta buena que un farol.`,
    voteBluff: (colour: string, p: number, fit: number, total: number, correct: number) =>
      `Calculas solo alrededor de un ${p} % de que la carta encaje en la casilla ${colourOf(colour)} (un ${fit} % de las manos que no ves tendría una carta que encaja${total ? `; las cartas de quien declara encajaron ${correct} de ${total} veces` : ''}): es más probable un farol.`,
    abstain: () => 'Sin voto: deciden los demás.',
    idle: () => 'Tu mano está vacía: solo puedes pasar y robar.',
    draw: (left: number) => `En la Carrera al arresto solo puedes robar: la carta se pone si encaja en una de tus ${left} casillas vacías.`,
  },
  title: 'Suspicion',
  description: 'Arresta a tu sospechoso: pon pruebas, refuta a tus rivales y farolea con la última carta.',
  /** `/help`'s line for the game (src/games/module.ts `GameText`). */
  helpLine: 'Detectives que compiten por arrestar al sospechoso de su propia carta: ponen pruebas, refutan a los rivales y cuelan un farol con la última carta.',
  /**
   * The names of `/suspicion` and of the options only this game has, by registered (English) name
   * (the shared ones are in `common.commandNames`).
   */
  commandNames: {
    'suspicion': 'suspicion',
    'variant': 'variante',
    'counter-window': 'ventana-refutación',
  },

  colours: colourNames as { red: string; orange: string; yellow: string; green: string; blue: string; pink: string },
  slots: { left: 'IZQUIERDA', right: 'DERECHA', bottom: 'ABAJO' },
  specials: specialNames as { burn: string; tamper: string; block: string; wild: string },
  /** A card in a hand or on the discard pile, e.g. "🟥 rojo ⇄". */
  evidenceCard: (colour: string, counter: boolean) => (counter ? `${colour} ⇄` : colour),
  wildAs: (colour: string) => `🃏 Comodín como ${colour}`,
  counterSymbol: '⇄',

  variants: {
    classic: 'Clásica',
    'no-bluff': 'Sin farol (reglas de la casa)',
    criminal: 'Edición Criminal (reglas de la casa)',
    'arrest-race': 'Carrera al arresto (reglas de la casa)',
  },
  /** Short names, for the board's house-rules line. */
  variantNames: {
    classic: 'Clásica',
    'no-bluff': 'Sin farol',
    criminal: 'Edición Criminal',
    'arrest-race': 'Carrera al arresto',
  },
  variantChoices: {
    classic: 'Clásica',
    'no-bluff': 'Sin farol (reglas de la casa)',
    criminal: 'Edición Criminal (reglas de la casa)',
    'arrest-race': 'Carrera al arresto (reglas de la casa)',
  },
  houseRulesLine: (name: string) => `🏠 Reglas de la casa: ${name}, diseño propio mientras no aparezcan las reglas oficiales.`,
  tieRules: { 'left-of-declarer': 'decide quien vota a la izquierda de quien declara', 'coin-flip': 'decide una moneda al aire' },

  // ── Board ──
  statusTurn: (round: number, cap: number, who: string) => `Ronda ${round}/${cap} · ▶ turno de ${who}`,
  statusCounter: (round: number, who: string, colour: string) => `Ronda ${round} · ⚡ Ventana de refutación sobre la prueba ${colour} de ${who}`,
  statusCounterBack: (round: number, who: string, counterer: string) => `Ronda ${round} · ⚡ ${counterer} refutó: ${who} puede contrarrefutar`,
  statusCancel: (round: number, target: string, attacker: string, card: string) => `Ronda ${round} · ⚡ ${target} puede anular ${card} de ${attacker}`,
  statusVote: (round: number, who: string, answered: number, voters: number) =>
    `Ronda ${round} · 🗳 Votación sobre la declaración de ${who} (${f.number(answered)}/${f.number(voters)} votaron)`,
  statusWon: (who: string) => `🏆 ¡Gana ${who}!`,
  statusCap: (cap: number) => `Fin de la partida · nadie gana tras ${rounds(cap)}`,
  hand: (n: number) => `✋${f.number(n)}`,
  flagBlocked: '⛔ bloqueado: no puede reaccionar',
  flagSkip: '⏭ pierde el próximo turno',
  flagAway: '💤 ausente',
  flagLeft: '🚪 abandonó',
  emptySlot: '▫️',
  filledSlot: '✅',
  faceDownSlot: '🂠 boca abajo',
  protectedMark: '🛡',
  pendingMark: '⏳',
  counteredMark: '❌',
  placedBy: (who: string) => `de ${who}`,
  slotLine: (slot: string, colour: string, content: string) => `${slot} ${colour} ${content}`,
  piles: (draw: number, discard: number, top: string | null) =>
    `🂠 Mazo ${f.number(draw)} · 🗑 Descartes ${f.number(discard)}${top ? ` (arriba: ${top})` : ''}`,
  windowCounter: (who: string, colour: string, waiting: string) =>
    `⚡ ${who} puso una prueba ${colour}. Quien tenga una carta de refutación ${colour} ⇄ puede pulsar **¡Refutar!**: gana el primero. Aún deciden: ${waiting}.`,
  windowCounterBack: (who: string, counterer: string, colour: string) =>
    `⚡ ${counterer} refutó la prueba ${colour} de ${who}. ${who} puede **contrarrefutar** con una carta ${colour} ⇄.`,
  windowCancel: (target: string, attacker: string, card: string) => `⚡ ${attacker} jugó ${card} contra ${target}. ${target} puede anularlo con su propia carta ${card}.`,
  windowVote: (who: string, slot: string, colour: string, answered: number, voters: number) =>
    `🗳 ${who} declara que la carta boca abajo en ${slot} es ${colour}. ¿Le creen o es un farol? Voto secreto: ${f.number(answered)} de ${f.number(voters)} ya votaron.`,
  lastReveal: (who: string, card: string, colour: string, verdict: string, outcome: string) =>
    `🔍 Última declaración: ${who} dijo ${colour} y la carta era ${card}. Veredicto: ${verdict}. ${outcome}`,
  verdictBelieve: 'Creer',
  verdictBluff: 'Farol',
  outcomeWon: 'Los detectives se equivocaron.',
  outcomeLost: 'Los detectives acertaron.',
  nobody: 'nadie',
  listSep: ', ',

  // ── Board buttons ──
  btnCounter: '¡Refutar!',
  btnNoCounter: 'No refuto',
  btnCounterBack: '¡Contrarrefutar!',
  btnAccept: 'Dejar la refutación',
  btnCancel: (card: string) => `Anular con tu ${card}`,
  btnAllow: 'Dejar que pase',
  btnBelieve: (colour: string) => `Creer (es ${colour})`,
  btnBluff: '¡Farol!',
  btnAbstain: 'Abstenerme',
  btnDraw: 'Robar una carta',

  // ── Panel ──
  panelHand: (cardsText: string) => `**Tu mano:** ${cardsText}`,
  panelNoHand: '**Tu mano:** vacía',
  panelNoHandArrest: 'Carrera al arresto: sin mano; en cada turno robas una carta.',
  panelSuspect: (slots: string) => `**Tu sospechoso:** ${slots}`,
  panelYourTurn: '▶ Tu turno: elige una acción.',
  panelWaitTurn: (who: string) => `Esperando el turno de ${who}.`,
  panelPlacerWaits: (colour: string) => `Tu prueba ${colour} está expuesta: esperando refutaciones.`,
  panelMayCounter: (who: string, colour: string) => `⚡ ${who} puso una prueba ${colour}. Refútala con tu carta ${colour} ⇄, o pasa.`,
  panelNoCounterCard: (who: string, colour: string) => `⚡ ${who} puso una prueba ${colour}. No tienes ninguna carta de refutación ${colour} ⇄.`,
  panelPassed: 'Pasaste; esperando a los demás detectives.',
  panelBlockedCounter: (who: string, colour: string) =>
    `⚡ ${who} puso una prueba ${colour}. ⛔ Estás bloqueado: no puedes refutar hasta que se descarte tu carta 🚧 Bloquear.`,
  panelBlockedCounterBack: (counterer: string, colour: string) =>
    `⚡ ${counterer} refutó tu prueba ${colour}. ⛔ Estás bloqueado: no puedes contrarrefutar, solo dejar la refutación.`,
  panelBlockedCancel: (attacker: string, card: string) => `⚡ ${attacker} jugó ${card} contra ti. ⛔ Estás bloqueado: no puedes anularlo.`,
  panelCounterBack: (counterer: string, colour: string) =>
    `⚡ ${counterer} refutó tu prueba ${colour}. Contrarrefuta con tu carta ${colour} ⇄, o deja la refutación.`,
  panelNoCounterBack: (counterer: string, colour: string) => `⚡ ${counterer} refutó tu prueba ${colour}. No tienes ninguna carta ${colour} ⇄ para contrarrefutar.`,
  panelWaitCounterBack: (who: string) => `Esperando a que ${who} responda a la refutación.`,
  panelCancel: (attacker: string, card: string) => `⚡ ${attacker} jugó ${card} contra ti. Anúlalo con tu propia carta ${card}, o deja que pase.`,
  panelNoCancel: (attacker: string, card: string) => `⚡ ${attacker} jugó ${card} contra ti. No tienes ninguna carta ${card} para anularlo.`,
  panelWaitCancel: (who: string) => `Esperando la respuesta de ${who}.`,
  panelVote: (who: string, slot: string, colour: string) => `🗳 ${who} declara que la carta boca abajo en ${slot} es ${colour}. ¿Es verdad o es un farol?`,
  panelMyVote: (vote: string) => `Tu voto: **${vote}** (puedes cambiarlo hasta que todos hayan votado).`,
  panelNoVoteYet: 'Todavía no votaste.',
  panelAbstained: 'abstención',
  panelDeclarer: (card: string, colour: string, answered: number, voters: number) =>
    `Tu carta boca abajo ${card} dice ser ${colour}. Ya votaron ${f.number(answered)} de ${f.number(voters)}.`,
  panelWaitVote: (answered: number, voters: number) => `Votación en curso: ya votaron ${f.number(answered)} de ${f.number(voters)}.`,
  panelOver: 'La partida terminó.',
  selectPlaceholder: (card: string) => `${card}: ¿qué hacer?`,
  selectMore: 'Más acciones…',

  // ── Action labels ──
  actPlace: (card: string) => `Poner la prueba ${card}`,
  actPlaceOn: (card: string, who: string) => `Poner ${card} en el sospechoso de ${who}`,
  actWild: (colour: string, slot: string) => `Jugar 🃏 Comodín como ${colour} (${slot})`,
  actWildOn: (colour: string, who: string) => `Jugar 🃏 Comodín como ${colour} en el sospechoso de ${who}`,
  actDiscard: (card: string) => `Descartar ${card}`,
  actBurn: (who: string) => `Quemar las pruebas de ${who}`,
  actBurnOwn: 'Quemar las pruebas de tu propio sospechoso',
  actTamper: (who: string, colour: string, slot: string) => `Manipular: quitar ${colour} de ${who} (${slot})`,
  actTamperOwn: (colour: string, slot: string) => `Manipular: quitar ${colour} de tu sospechoso (${slot})`,
  actTamperWasted: (who: string) => `Manipular a ${who} (sin pruebas: se pierde)`,
  actBlock: (who: string) => `Bloquear a ${who}`,
  actRecolour: (colour: string, slot: string) => `Mover tu 🃏 Comodín a ${colour} (${slot})`,
  actRecolourOn: (colour: string, who: string) => `Mover tu 🃏 Comodín a ${colour} en el sospechoso de ${who}`,
  actDeclare: (card: string) => `Declarar: poner ${card} boca abajo`,
  actDeclareOn: (card: string, who: string) => `Declarar en el sospechoso de ${who}: ${card} boca abajo`,
  actCounter: (card: string) => `Refutar con ${card}`,
  actPassTurn: 'Pasar (sin cartas)',
  actCounterBack: (card: string) => `Contrarrefutar con ${card}`,
  you: 'ti mismo',

  // ── Log ──
  ev: {
    placed: (who: string, card: string, slot: string) => `${who} puso la prueba ${card} en ${slot}.`,
    placedOn: (who: string, card: string, owner: string, slot: string) => `${who} puso la prueba ${card} en el sospechoso de ${owner} (${slot}).`,
    uncountered: (who: string, colour: string) => `Nadie refutó la prueba ${colour} de ${who}.`,
    countered: (who: string, placer: string, colour: string) => `${who} refutó la prueba ${colour} de ${placer}.`,
    counteredBack: (who: string, colour: string) => `${who} contrarrefutó: la prueba ${colour} vuelve, 🛡 protegida.`,
    counterStood: (who: string, colour: string) => `La prueba ${colour} de ${who} se descarta junto con la carta de refutación.`,
    recoloured: (who: string, colour: string, slot: string) => `${who} movió un 🃏 Comodín a ${colour} (${slot}).`,
    discarded: (who: string, card: string) => `${who} descartó ${card}.`,
    attackBurn: (who: string, target: string) => `${who} jugó 🔥 Quemar contra el sospechoso de ${target}.`,
    attackTamper: (who: string, target: string, what: string) => `${who} jugó 🪛 Manipular contra la prueba ${what} de ${target}.`,
    attackTamperWasted: (who: string, target: string) => `${who} jugó 🪛 Manipular contra el sospechoso vacío de ${target}.`,
    attackBlock: (who: string, target: string) => `${who} jugó 🚧 Bloquear contra ${target}.`,
    burned: (target: string, n: number) =>
      n === 0
        ? `El 🔥 Quemar no encontró pruebas en el sospechoso de ${target}.`
        : `El sospechoso de ${target} pierde en el fuego ${f.count(n, { one: 'prueba boca arriba', other: 'pruebas boca arriba' })}.`,
    tampered: (target: string, what: string) => `Se descarta la prueba ${what} de ${target}.`,
    tamperedNothing: 'El 🪛 Manipular no encontró nada.',
    blocked: (target: string) => `${target} queda bloqueado: pierde su próximo turno.`,
    cancelled: (who: string, attacker: string, card: string) => `${who} anuló ${card} de ${attacker} con su propia carta.`,
    declared: (who: string, owner: string | null, slot: string, colour: string) =>
      owner === null
        ? `${who} pone una carta boca abajo en ${slot} y declara que es ${colour}. ¡A votar!`
        : `${who} pone una carta boca abajo en el sospechoso de ${owner} (${slot}) y declara que es ${colour}. ¡A votar!`,
    declaredCard: (card: string, colour: string) => `Pusiste ${card} boca abajo y declaraste ${colour}.`,
    // Línea del registro y confirmación del clic: solo el hecho (el cambio lo ofrece panelMyVote mientras se vota).
    voteRecorded: (choice: string) => `Elegiste: ${choice}.`,
    revealed: (who: string, card: string, colour: string, verdict: string, tally: string, tie: string) =>
      `La carta era ${card} (${who} dijo ${colour}). Veredicto: ${verdict}${tally}${tie}.`,
    tally: (believe: number, bluff: number) => ` (creer ${f.number(believe)} – farol ${f.number(bluff)})`,
    tieLeft: ', empate resuelto por quien vota a la izquierda de quien declaró',
    tieCoin: ', empate resuelto a cara o cruz',
    noVotes: ' (nadie votó: se cree la carta)',
    declarationFailed: (who: string) => `Los detectives acertaron: ${who} pierde el próximo turno.`,
    turnLostSkip: (who: string) => `${who} pierde este turno.`,
    turnLostBlock: (who: string) => `${who} está bloqueado: pierde el turno y se descarta el 🚧 Bloquear.`,
    turnLostBoth: (who: string) => `${who} pierde este turno (estaba bloqueado y debía saltar turno; se borran ambas cosas).`,
    reshuffled: (n: number) => `Los descartes se barajan y forman un mazo nuevo (${cards(n)}).`,
    drew: (cardsText: string) => `Robaste ${cardsText}.`,
    idle: (who: string) => `${who} no tiene cartas y pasa.`,
    arrestPlaced: (who: string, card: string, slot: string) => `${who} robó ${card}: va al hueco ${slot}.`,
    arrestDiscarded: (who: string, card: string) => `${who} robó ${card}: no hay hueco libre de ese color, se descarta.`,
    wonDeclaration: (who: string) => `🏆 ¡${who} engañó a los detectives y gana!`,
    wonThree: (who: string) => `🏆 El sospechoso de ${who} tiene las tres pruebas boca arriba: ¡gana ${who}!`,
    wonArrest: (who: string) => `🏆 ¡${who} llenó los tres huecos y hace el arresto!`,
    cap: (n: number) => `${rounds(n)} sin arresto: la partida termina sin ganador.`,
  },

  // ── Errors ──
  errors: {
    'game-over': 'La partida terminó.',
    malformed: 'Ese botón ya no es válido: aquí tienes tu mano actual.',
    'not-seated': 'No tienes asiento en esta mesa.',
    'not-now': 'Ahora no: hay una ventana de reacción o una votación abierta.',
    'not-your-turn': 'No es tu turno: espera el ▶ del tablero.',
    'card-not-in-hand': 'Esa carta ya no está en tu mano: aquí tienes tu mano actual.',
    'not-in-variant': 'Esa acción no existe en esta variante.',
    'wrong-card': 'Esa carta no puede hacer eso.',
    'own-suspect': 'En la Edición Criminal solo pones pruebas en los sospechosos de los rivales.',
    'not-your-suspect': 'Solo puedes poner pruebas en tu propio sospechoso.',
    'colour-not-on-suspect': (colour: string) => `${colour} no es un color de ese sospechoso.`,
    'slot-taken': 'Ese hueco ya está ocupado.',
    'slot-empty': 'No hay ninguna prueba en ese hueco.',
    'face-up-limit': (limit: number) =>
      `Ese sospechoso ya tiene ${f.count(limit, { one: 'prueba boca arriba', other: 'pruebas boca arriba' })}: el último hueco es para la declaración final.`,
    'not-a-rival': 'Elige a un rival como objetivo.',
    'already-blocked': 'Ese jugador ya está bloqueado: los bloqueos no se acumulan.',
    'choose-evidence': 'Elige qué prueba manipular.',
    'no-wild-there': 'No tienes ningún Comodín en ese hueco.',
    'declare-needs-two': 'Una declaración final necesita exactamente dos pruebas boca arriba en el sospechoso.',
    'must-act': 'Todavía tienes cartas: elige una acción.',
    'window-closed': 'Demasiado tarde: esa ventana se cerró.',
    'own-placement': 'No puedes refutar tu propia prueba.',
    'already-passed': 'Ya pasaste en esta ventana de refutación.',
    'no-counter-card': (colour: string) => `No tienes ninguna carta de refutación ${colour} ⇄ (un Comodín no refuta).`,
    'not-your-window': 'Solo puede responder el jugador afectado.',
    'no-cancel-card': (card: string) => `No tienes ninguna carta ${card} para anularlo.`,
    'no-vote': 'No hay ninguna votación abierta.',
    'not-a-voter': 'No votas en esta declaración.',
    'illegal-action': 'Esa jugada no está permitida ahora.',
    blocked: 'Estás bloqueado: hasta que se descarte tu carta 🚧 Bloquear no puedes refutar, contrarrefutar ni anular.',
    unknown: 'Esa jugada no está permitida ahora.',
  } satisfies Record<SuspicionErrorCode | 'unknown', string | ((...args: never[]) => string)>,
  staleCounter: 'Demasiado tarde: alguien refutó antes o la ventana se cerró. Conservas tu carta.',
  staleVote: 'Esa votación ya terminó.',

  // ── Options / rules ──
  optVariant: 'Variante (reglas de la casa: Sin farol, Edición Criminal, Carrera al arresto)',
  optTurn: 'Tiempo por turno en segundos',
  optReaction: 'Ventana de refutación / anulación en segundos',
  optVote: 'Tiempo de votación en segundos',
  optionsSummary: (variant: string, turn: number | null, reaction: number | null, vote: number | null, tie: string) =>
    [`Variante: ${variant}`, turn !== null && `turno ${turn} s`, reaction !== null && `ventana de refutación ${reaction} s`, vote !== null && `votación ${vote} s`, `empate: ${tie}`].filter(Boolean).join(' · '),
  optionsSummaryArrest: (variant: string, turn: number | null) =>
    [`Variante: ${variant}`, turn !== null && `turno ${turn} s`, '(la ventana de refutación, el tiempo de votación y la regla de empate no se usan en Carrera al arresto)'].filter(Boolean).join(' · '),
  optionsSummaryNoBluff: (variant: string, turn: number | null, reaction: number | null) =>
    [`Variante: ${variant}`, turn !== null && `turno ${turn} s`, reaction !== null && `ventana de refutación ${reaction} s`, '(el tiempo de votación y la regla de empate no se usan: no hay declaración)'].filter(Boolean).join(' · '),

  rulesClassic: (o: { hand: number; cap: number; reaction: number; vote: number; tie: string; turn: number; deck: string }) =>
    [
      '**🔎 Suspicion — clásica**',
      `**Mazo**: ${o.deck}.`,
      'Cada detective tiene una carta de sospechoso con tres colores (IZQUIERDA, DERECHA, ABAJO). Consigue dos pruebas boca arriba que coincidan y luego pon una tercera carta boca abajo declarando que también coincide: solo ganas si tus rivales juzgan mal esa carta.',
      `**Tu turno** (${o.turn} s): haz una sola cosa y luego roba hasta tener ${cards(o.hand)}.`,
      '• **Poner una prueba** de un color que muestre tu sospechoso, en su hueco libre (como mucho 2 boca arriba: el último hueco es para la declaración).',
      '• **Descartar** una carta.',
      '• **🃏 Comodín**: ponlo como cualquier color libre de tu sospechoso; más adelante puedes **moverlo** a otro hueco libre, declarando el nuevo color (sin robar).',
      '• **🔥 Quemar** a un rival: se descartan todas sus pruebas boca arriba. **🪛 Manipular**: descarta una carta boca arriba de un rival. **🚧 Bloquear** a un rival: pierde su próximo turno. El objetivo puede anularlo en el acto con la misma carta.',
      '• **Declarar**: con exactamente 2 boca arriba, pon cualquier carta boca abajo en el último hueco y asegura que coincide.',
      `**Refutaciones** (ventana de ${o.reaction} s): tras poner cualquier prueba boca arriba, cualquier rival con una carta ⇄ de ese color puede pulsar **¡Refutar!**; gana el primero y se descartan ambas cartas. Quien puso la prueba puede **contrarrefutar** con una ⇄ del mismo color de la mano que tenía: la carta vuelve 🛡 protegida. Un Comodín nunca refuta. Las anulaciones de Quemar/Manipular/Bloquear también tienen ${o.reaction} s.`,
      `**La votación** (${o.vote} s): los rivales votan en secreto, Creer o Farol; gana la mayoría, en caso de empate ${o.tie}; si nadie vota, se cree la carta. Un Comodín cuenta como el color correcto. Ganas si se equivocan (¡incluso una carta honesta pierde si le creen!). Si aciertan, la carta se descarta y pierdes tu próximo turno.`,
      `**Bloqueado / salta turno**: se pierde el próximo turno (un solo turno perdido borra ambas cosas). Quien está bloqueado no puede refutar, contrarrefutar ni anular hasta que se descarte su carta de Bloquear (sí puede votar). Si el mazo se acaba, se barajan los descartes. Tras ${rounds(o.cap)} sin ganador, no gana nadie.`,
    ].join('\n'),
  rulesNoBluff:
    '**Sin farol (reglas de la casa)**: no hay declaración. El tercer color se pone boca arriba como los demás y se puede refutar. Ganas cuando se cierra una ventana de refutación sobre tu sospechoso con los tres huecos boca arriba (nadie refutó, o tu contrarrefutación funcionó). Una tercera carta refutada y no contrarrefutada no gana.',
  rulesCriminal:
    '**Edición Criminal (reglas de la casa)**: solo pones pruebas en los sospechosos *de los rivales* (eliges un rival con un hueco libre de ese color; como mucho 2 boca arriba por sospechoso). Puede refutar cualquiera menos quien puso la prueba, que es quien contrarrefuta. Cualquiera puede declarar sobre un sospechoso rival con dos cartas boca arriba; los demás votan, incluido el dueño del sospechoso, y quien declara gana si la votación se equivoca. Quemar y Manipular pueden afectar a cualquier sospechoso (también al tuyo); Bloquear, solo a rivales. El tablero muestra quién puso cada prueba.',
  deckLine: (colours: number, perColour: number, counters: number, burn: number, tamper: number, block: number, wild: number, total: number) =>
    `${cards(total)}: ${f.count(colours, { one: 'color', other: 'colores' })} × ${f.count(perColour, { one: 'prueba', other: 'pruebas' })} (${f.number(counters)} de cada color con el símbolo de refutación ⇄), ${f.number(burn)} 🔥 Quemar, ${f.number(tamper)} 🪛 Manipular, ${f.number(block)} 🚧 Bloquear, ${f.number(wild)} 🃏 Comodín`,
  rulesArrest: (cap: number, total: number, perColour: number) =>
    `**Carrera al arresto (reglas de la casa)**: sin mano, sin cartas especiales, sin refutaciones y sin farol. El mazo son solo las ${f.number(total)} cartas de prueba (${f.number(perColour)} por color; el símbolo ⇄ no hace nada). En tu turno pulsa **Robar una carta**: si coincide con un hueco libre de tu sospechoso se pone ahí; si no, se descarta. Gana quien llene primero los tres huecos. Si se te acaba el tiempo, se roba por ti. Tras ${rounds(cap)}, no gana nadie.`,
  // ── Pictures (src/games/suspicion/pictures.ts): sin emoji, la fuente no los tiene ──
  pictures: {
    colourNames: { red: 'rojo', orange: 'naranja', yellow: 'amarillo', green: 'verde', blue: 'azul', pink: 'rosa' },
    specialNames: { burn: 'Quemar', tamper: 'Manipular', block: 'Bloquear', wild: 'Comodín' },
    round: (round: number, cap: number) => `Ronda ${f.number(round)} de ${f.number(cap)}`,
    turn: (who: string) => `Turno de ${who}`,
    counter: (who: string, colour: string) => `Refutación: prueba ${colour} de ${who}`,
    counterBack: (counterer: string, who: string) => `${counterer} refutó; ${who} puede contrarrefutar`,
    cancel: (target: string, attacker: string, card: string) => `${target} puede anular ${card} de ${attacker}`,
    vote: (who: string, colour: string) => `Votación: ¿la carta boca abajo de ${who} es ${colour}?`,
    voted: (answered: number, voters: number) => `${f.number(answered)} de ${f.number(voters)} votaron`,
    waiting: (names: string) => `Aún deciden: ${names}`,
    won: (who: string) => `¡Gana ${who}!`,
    cap: (cap: number) => `Nadie gana tras ${rounds(cap)}`,
    cards: (n: number) => cards(n),
    you: 'tú',
    bot: 'bot',
    away: 'ausente',
    blocked: 'Bloqueado',
    skips: 'Salta turno',
    suspect: 'carta de sospechoso',
    claim: (colour: string) => `¿${colour}?`,
    counterWord: 'refuta',
    countered: 'refutada',
    by: (who: string) => `de ${who}`,
    attackOn: (attacker: string, target: string) => `${attacker} contra ${target}`,
    drawPile: 'Mazo',
    discardPile: 'Descarte',
    empty: 'vacío',
    houseRules: (name: string) => `Reglas de la casa: ${name}`,
    lastReveal: (who: string, colour: string, card: string) => `Última declaración: ${who} dijo ${colour}, era ${card}.`,
    verdict: (verdict: string, outcome: string) => `Veredicto: ${verdict}. ${outcome}`,
    yourHand: 'Tu mano',
    handOf: (who: string) => `Mano de ${who}`,
    suspectOf: (who: string) => `Sospechoso de ${who}`,
    faceDownOf: (who: string) => `Carta boca abajo de ${who}`,
    voteOf: (who: string, vote: string) => `Voto de ${who}: ${vote}`,
    notVotedOf: (who: string) => `${who} todavía no votó.`,
    noHand: 'No tienes cartas en la mano.',
    noHandArrest: 'Carrera al arresto: sin mano; en tu turno robas una carta.',
    yourSuspect: 'Tu sospechoso',
    yourFaceDown: 'Tu carta boca abajo (solo tú la ves)',
    yourVote: (vote: string) => `Tu voto: ${vote}`,
    notVoted: 'Todavía no votaste.',
    abstain: 'abstención',
    effects: {
      evidence: 'Prueba: va en el hueco de su color.',
      counter: 'Prueba que además refuta a un rival que pone este color.',
      burn: 'Descarta todas las pruebas boca arriba de un rival.',
      tamper: 'Descarta una prueba boca arriba de un rival.',
      block: 'Un rival pierde su próximo turno y no puede reaccionar mientras tanto.',
      wild: 'Prueba del color que declares; siempre es correcta al declarar.',
    },
    legend: {
      title: 'Clave',
      winner: 'gana',
      turn: 'juega',
      deciding: 'decide',
      voter: 'vota ahora',
      placedBy: 'puesta por el asiento',
      changed: 'recién cambiado',
      protected: 'protegida',
      exposed: 'espera refutaciones',
      needed: 'falta prueba',
      placed: 'prueba puesta',
      faceDown: 'declaración boca abajo',
      wild: 'comodín',
      counter: 'carta de refutación',
    },
    alt: {
      board: (players: number) => `Mesa de Suspicion, ${f.count(players, { one: 'detective', other: 'detectives' })}.`,
      hand: (who: string) => `Mano de ${who} en Suspicion.`,
      seat: (who: string, placed: string, hand: string) => `${who}: ${placed}; ${hand}.`,
      placed: (colours: string) => `pruebas ${colours}`,
      none: 'sin pruebas',
      needs: (colours: string) => `le falta ${colours}`,
      piles: (draw: number, discard: number) => `Mazo ${f.number(draw)}, descarte ${f.number(discard)}.`,
      handCards: (cards: string) => `Tus cartas: ${cards}.`,
      cardsOf: (who: string, cards: string) => `Cartas de ${who}: ${cards}.`,
      changed: (what: string) => `Recién: ${what}`,
    },
  },
  /** La lección (`/suspicion learn`, src/games/suspicion/lesson.ts; docs/lessons.md). */
  lesson: {
    notes: {
      goal: (_n) => 'Ganas completando tu carta de sospechoso (enmarcada): dos pruebas boca arriba y una tercera boca abajo que tus rivales juzguen mal. Empieza: pon tu prueba 🩷 rosa en tu hueco rosa.',
      counterBack: (n) => `${n(1)} refutó con una carta ⇄ rosa y tu prueba salió del hueco. Tienes la otra ⇄ rosa: contrarrefuta y tu carta vuelve, protegida de nuevas refutaciones.`,
      noCounter: (n) => `${n(1)} puso una prueba roja y hay una ventana de refutación abierta. Solo una carta ⇄ del color puesto la refuta, y no tienes ninguna: déjala pasar.`,
      special: (n) => `Las cartas especiales atacan a los rivales: Manipular descarta una prueba boca arriba, Quemar todas, Bloquear le hace perder un turno. Manipula la prueba roja de ${n(2)}.`,
      cancel: (n) => `¡${n(2)} juega Quemar sobre tu sospechoso! El objetivo puede anular un ataque con la misma carta: anúlalo con tu propio Quemar.`,
      refill: (_n) => 'Después de cada acción robas hasta tener tres cartas. Una carta ⇄ también es una prueba: pon tu ⇄ amarilla en tu hueco amarillo.',
      vote: (n) => `${n(1)} declaró su última carta boca abajo. Vota en secreto — Farol si crees que no coincide: si la mayoría acierta, la carta se descarta y ${n(1)} pierde un turno.`,
      wild: (n) => `${n(2)} puso un Comodín: toma el color del hueco que ocupa y boca abajo siempre cuenta como correcto. No tienes ⇄ roja: no refutas.`,
      declare: (_n) => 'Dos pruebas boca arriba: ¡declara! No tienes azul, así que farolea: pon cualquier carta boca abajo como tu azul; si tus rivales te creen, ganas.',
      end: (_n) => '¡Los dos rivales te creyeron: tu farol ganó la partida! Gana la primera declaración que los rivales juzguen mal; no hay puntos.',
      noBluff: (_n) => 'Sin farol (reglas de la casa): no hay declaración; llena los tres huecos boca arriba y ganas cuando tu tercera carta supera su ventana de refutación.',
      criminal: (_n) => 'Edición Criminal (reglas de la casa): pones pruebas en los sospechosos de tus rivales (dos boca arriba como mucho), cualquiera salvo quien la pone puede refutar, y cualquiera puede declarar sobre el sospechoso de un rival.',
      arrestRace: (_n) => 'Carrera al arresto (reglas de la casa): sin especiales, refutaciones ni farol; robas una carta por turno, se coloca si encaja en un hueco vacío de tu sospechoso, y tres huecos llenos ganan.',
    } satisfies Record<SuspicionLessonNote, LessonNoteText>,
    sections: {
      1: {
        1: { title: 'Objetivo', text: 'Cada detective tiene una carta de sospechoso con tres huecos de color. Pon pruebas que coincidan boca arriba en dos huecos y luego juega una tercera carta boca abajo declarando que coincide: ganas si tus rivales juzgan mal esa última carta.' },
        5: { title: 'Un turno', text: 'Quien está bloqueado o debe saltar pierde el turno. Si no, haces una acción, robas hasta tener 3 cartas cuando se cierra cualquier ventana de reacción, y el turno pasa en el sentido de las agujas del reloj.' },
        6: { title: 'Acciones', text: 'A: pon una prueba boca arriba en el hueco vacío de su color (mientras haya menos de 2 boca arriba). B: descarta una carta. C: juega una carta especial. D: mueve un Comodín boca arriba. E: con exactamente 2 boca arriba, declara: juega cualquier carta boca abajo en el último hueco; se juzga al momento.' },
        7: { title: 'Carrera de refutación', text: 'Tras poner una prueba boca arriba, un rival con una carta de refutación ⇄ de ese color puede refutarla: las dos cartas se descartan. Quien la puso puede contrarrefutar con una ⇄ del mismo color: la carta vuelve, protegida. La ventana se cierra cuando todos han pasado.' },
        8: { title: 'Cartas especiales', text: 'Quemar descarta todas las pruebas boca arriba de un rival, Manipular una, Bloquear le hace perder el siguiente turno. El objetivo puede anular cada una con la misma carta. Un Comodín toma el color declarado, nunca refuta y boca abajo siempre cuenta como correcto.' },
        9: { title: 'Declaración y votación', text: 'Los demás votan en secreto: creer o farol. Decide la mayoría; un empate lo decide quien está a la izquierda de quien declara. Quien declara gana si el veredicto es erróneo; si no, la carta se descarta y pierde su siguiente turno.' },
        11: { title: 'Final', text: 'Gana la primera declaración con éxito; no hay puntos.' },
        12: { title: 'Variantes (diseños de la casa)', text: 'Sin farol: no hay declaración, tres huecos boca arriba ganan. Edición Criminal: las pruebas van en los sospechosos de los rivales. Carrera al arresto: robas una carta por turno; tres huecos llenos ganan.' },
      },
    } satisfies LessonSections,
  },
  /** ❔ Por qué (src/games/suspicion/why.ts; docs/lessons.md): la decisión y qué hace cada jugada. */
  why: {
    title: { turn: 'Tu turno', arrestRace: 'Tu turno (Carrera al arresto)', counter: 'Ventana de refutación', counterBack: '¿Contrarrefutas?', cancel: 'Un ataque contra ti', vote: 'Votación secreta' },
    decision: {
      turn: 'Es tu turno: haz una acción y después robas hasta tener tres cartas. Ganas si pones dos pruebas boca arriba en tu sospechoso y luego una declaración boca abajo que tus rivales juzguen mal.',
      arrestRace: 'Es tu turno: roba una carta. Va a tu sospechoso si encaja en un hueco vacío; si no, al descarte. Tres huecos llenos ganan.',
      counter: 'Un rival acaba de poner una prueba boca arriba. Quien tenga una carta de refutación ⇄ de ese color puede refutarla; gana la carrera la primera refutación.',
      counterBack: 'Un rival refutó tu prueba: las dos cartas irían al descarte. Puedes contrarrefutar con una carta ⇄ del mismo color para conservar la tuya, protegida.',
      cancel: 'Un rival te ataca con una carta especial. Puedes anularla con una carta del mismo tipo o dejar que pase.',
      vote: 'Un rival declaró su última carta boca abajo. Los demás votan en secreto: decide la mayoría, y quien declara gana si el veredicto es erróneo.',
    },
    variant: {
      'no-bluff': 'Sin farol: no hay declaración; llena los tres huecos boca arriba.',
      criminal: 'Edición Criminal: pones pruebas en los sospechosos de tus rivales y puedes declarar sobre el sospechoso de un rival.',
      'arrest-race': '',
    },
    moves: {
      place: 'Poner una prueba: coloca una carta boca arriba en el hueco vacío de su color; los rivales pueden refutarla.',
      wild: 'Comodín: se pone boca arriba como el color del hueco que elijas; nunca puede refutar.',
      discard: 'Descartar: tiras una carta y robas otra.',
      burn: 'Quemar: descarta todas las pruebas boca arriba de un rival (puede anularlo con su propio Quemar).',
      tamper: 'Manipular: descarta una prueba boca arriba de un rival (puede anularlo con su propio Manipular).',
      block: 'Bloquear: un rival pierde su siguiente turno y no puede reaccionar hasta entonces (puede anularlo con su propio Bloquear).',
      recolour: 'Mover un Comodín: lleva tu Comodín boca arriba a otro hueco vacío con un color nuevo (nueva ventana de refutación).',
      declare: 'Declarar: juegas cualquier carta boca abajo en tu último hueco como su color; los demás votan al momento.',
      counter: '¡Refutar!: descarta la carta puesta con tu carta ⇄ de ese color.',
      pass: 'No refuto: la prueba se queda (o, con la mano vacía, pasas el turno).',
      counterBack: '¡Contrarrefutar!: tu carta ⇄ devuelve tu prueba, protegida de nuevas refutaciones.',
      accept: 'Dejar la refutación: tu carta y la refutación van al descarte.',
      cancel: 'Anular: tu propia copia detiene el ataque; las dos cartas se descartan.',
      allow: 'Dejar que pase: el ataque hace efecto.',
      vote: 'Creer / Farol: tu veredicto secreto sobre la carta boca abajo; puedes cambiarlo hasta que todos voten.',
      abstain: 'Abstenerte: no votas; solo cuentan los votos emitidos.',
      draw: 'Robar una carta: el turno de la Carrera al arresto.',
    },
  },
} as const;
