/** English strings of the suspicion game (rules help, board, panel, errors). */
import type { SuspicionErrorCode } from '../rules.js';
import { formatters } from '../../../i18n/format.js';
import type { LessonNoteText, LessonSections } from '../../lesson.js';
import type { SuspicionLessonNote } from '../lesson.js';

const fe = formatters('en');

/** Evidence colours as the texts name them. */
const colourNames: Record<string, string> = {
  red: '🟥 red',
  orange: '🟧 orange',
  yellow: '🟨 yellow',
  green: '🟩 green',
  blue: '🟦 blue',
  pink: '🩷 pink',
};
/** Special cards as the texts name them. */
const specialNames: Record<string, string> = { burn: '🔥 Burn', tamper: '🪛 Tamper', block: '🚧 Block', wild: '🃏 Wild' };
const colourOf = (c: string) => colourNames[c] ?? c;
/** A card by its hint key (src/games/suspicion/hint.ts `cardKey`: `red`, `red+` for a ⇄ card, `burn`…). */
const cardOf = (key: string) => (key.endsWith('+') ? `${colourOf(key.slice(0, -1))} ⇄` : (specialNames[key] ?? colourOf(key)));
const rivals = (n: number) => (n === 1 ? 'one rival gets' : `${n} rivals get`);

export const en = {
  /**
   * 💡 Hint and review analysis: why a move, from the seat's view (src/games/suspicion/hint.ts;
   * docs/rules/suspicion.md §1.6–§1.12). Chances are the seat's estimates from the cards it has
   * not seen and the voters' revealed votes.
   */
  hintReasons: {
    place: (colour: string, after: number, limit: number, risk: number) =>
      `It puts ${colourOf(colour)} evidence on your suspect: ${after} of ${limit} face up. A rival holding a ${colourOf(colour)} ⇄ can counter it (about ${risk} % that one does).`,
    placeWild: (colour: string, after: number, limit: number, risk: number) =>
      `The Wild fills your ${colourOf(colour)} slot: ${after} of ${limit} face up, and you keep your evidence cards. A rival holding a ${colourOf(colour)} ⇄ can counter it (about ${risk} %).`,
    placeReady: (colour: string, risk: number, open: string, keeps: number) =>
      `With it your suspect has two cards face up, so on your next turn you can declare the ${colourOf(open)} slot${keeps ? ' — and you keep a card that really fits it' : ' (you hold no card that fits it yet: you would have to bluff)'}. Risk: a ${colourOf(colour)} ⇄ counter (about ${risk} %), or a Burn or Tamper before your turn.`,
    placeWin: (colour: string, risk: number) =>
      `It is your third card face up: you win if nobody counters it. The only risk is a ${colourOf(colour)} ⇄ in a rival's hand (about ${risk} %).`,
    recolour: (colour: string) => `Moving your Wild to the ${colourOf(colour)} slot frees the other slot for evidence you can place; it is a new placement, so it can be countered again.`,
    criminalFirst: (colour: string) => `A first card on a rival's suspect (${colourOf(colour)}): with one card face up nobody can declare on it yet, so it helps no one before you.`,
    criminalSecondFirst: (open: string) => `It makes that suspect ready for a declaration on its ${colourOf(open)} slot, and nobody who may declare on it plays before you: you get the first try.`,
    criminalSecond: (open: string, ahead: number, fits: number, win: number, stuck: number) =>
      `It makes that suspect ready for a declaration on its ${colourOf(open)} slot; ${rivals(ahead)} the first try${fits ? ', but you keep a card that really fits it' : ''}. Your chance of being the one who wins it: about ${win} %.${stuck ? ' Nothing but discards for a whole round: someone has to move, or the round cap ends the game with no winner.' : ''}`,
    discard: (card: string, stuck: number) => `${cardOf(card)} is the card you need least; you draw a new one.${stuck ? ' (A whole round of discards: look for a second card to place instead.)' : ''}`,
    discardSpare: (card: string) => `${cardOf(card)} is a spare: you hold more than you can use for that slot; you draw a new card.`,
    discardUseful: (card: string) => `${cardOf(card)} fits your suspect, but the other cards in your hand are worth more to you now; you draw a new card.`,
    attack: (type: string, count: number, limit: number) =>
      `${type === 'burn' ? 'Burn removes all' : 'Tamper removes one'} of that rival's ${count} face-up cards: ${count >= limit ? 'they could declare on their next turn' : 'they are among the closest to declaring'}. They can cancel it only with a ${type === 'burn' ? 'Burn' : 'Tamper'} of their own.`,
    attackCriminal: (type: string, count: number) =>
      `${type === 'burn' ? 'Burn removes all' : 'Tamper removes one'} of the ${count} face-up cards on that suspect: ${count >= 2 ? 'a rival could declare on it before your turn' : 'it slows that suspect down'}.`,
    attackOwn: (type: string, count: number) => `In Criminal Edition you may ${type === 'burn' ? 'burn' : 'tamper with'} your own suspect: its ${count} face-up cards would give a rival a declaration before you.`,
    attackWasted: (type: string) => `That suspect has nothing face up: the ${type === 'burn' ? 'Burn' : 'Tamper'} is wasted, but it frees a place in your hand.`,
    block: (up: number, limit: number) => `That rival loses their next turn (${up} of ${limit} face up), and cannot counter or cancel until then.`,
    blockWasted: () => 'That rival already skips their next turn: the Block adds little, but it frees a place in your hand.',
    declareFit: (colour: string, win: number) =>
      `Your face-down card really fits the ${colourOf(colour)} slot: you win if the vote calls it a bluff. From how these voters have voted, about ${win} %; otherwise you lose the card and your next turn.`,
    declareBluff: (colour: string, win: number) =>
      `A bluff: your card does not fit the ${colourOf(colour)} slot, so you win if the vote believes you — about ${win} % from how these voters have voted; otherwise you lose the card and your next turn.`,
    counter: (colour: string, up: number) => `Countering cancels the ${colourOf(colour)} card: it would be that rival's card number ${up} face up. Your ⇄ card and theirs are discarded; they may counter back with a second ${colourOf(colour)} ⇄.`,
    counterCriminal: (colour: string, up: number) => `Countering cancels the ${colourOf(colour)} card (${up} face up on that suspect with it), so nobody else gets a declaration there first.`,
    passNoCounter: (colour: string) => `You cannot counter: you hold no ${colourOf(colour)} ⇄ card, or you are blocked.`,
    passFirstShot: (colour: string) => `Let the ${colourOf(colour)} card stand: you are the first who may declare on that suspect.`,
    passKeep: (colour: string, up: number, limit: number) => `Keep your ${colourOf(colour)} ⇄: this card brings that rival only to ${up} of ${limit} face up; save the counter for a more dangerous one.`,
    counterBack: (colour: string) => `Countering back brings your ${colourOf(colour)} card back, protected against further counters.`,
    acceptKeep: (colour: string) => `Keep your second ${colourOf(colour)} ⇄ for later: the slot is empty again and you can fill it next turn.`,
    acceptNoCard: (colour: string) => `You hold no second ${colourOf(colour)} ⇄ to counter back with.`,
    cancel: (attack: string) => `Cancel it with your own ${specialNames[attack] ?? attack}: your cards and your turn stay as they are.`,
    allowKeep: (attack: string) => `Let it happen and keep your ${specialNames[attack] ?? attack} for a bigger threat: it costs you little now.`,
    allowNoCard: (attack: string) => `You hold no ${specialNames[attack] ?? attack} to cancel it with.`,
    voteBelieve: (colour: string, p: number, fit: number, total: number, correct: number) =>
      `You judge it about ${p} % likely that the card fits the ${colourOf(colour)} slot (${fit} % of the hands you cannot see would hold a fitting card${total ? `; this declarer's cards fitted ${correct} of ${total} times` : ''}): more likely a real card than a bluff.`,
    voteBluff: (colour: string, p: number, fit: number, total: number, correct: number) =>
      `You judge it only about ${p} % likely that the card fits the ${colourOf(colour)} slot (${fit} % of the hands you cannot see would hold a fitting card${total ? `; this declarer's cards fitted ${correct} of ${total} times` : ''}): more likely a bluff.`,
    abstain: () => 'No vote: the others decide.',
    idle: () => 'Your hand is empty: nothing to do but pass and draw.',
    draw: (left: number) => `In the Arrest Race you can only draw: the card is placed if it fits one of your ${left} empty slots.`,
  },
  title: 'Suspicion',
  description: 'Race to arrest your suspect: place evidence, counter your rivals, bluff the final card.',
  /** `/help`'s line for the game (src/games/module.ts `GameText`). */
  helpLine: 'Detectives race to arrest the suspect on their own card: lay matching evidence, counter rivals, bluff the final card past them.',
  /**
   * The names of `/suspicion` and of the options only this game has, by registered (English) name
   * (the shared ones are in `common.commandNames`).
   */
  commandNames: {
    'suspicion': 'suspicion',
    'variant': 'variant',
    'counter-window': 'counter-window',
  },

  colours: colourNames as { red: string; orange: string; yellow: string; green: string; blue: string; pink: string },
  slots: { left: 'LEFT', right: 'RIGHT', bottom: 'BOTTOM' },
  specials: specialNames as { burn: string; tamper: string; block: string; wild: string },
  /** A card in a hand or on the discard pile, e.g. "🟥 red ⇄". */
  evidenceCard: (colour: string, counter: boolean) => (counter ? `${colour} ⇄` : colour),
  wildAs: (colour: string) => `🃏 Wild as ${colour}`,
  counterSymbol: '⇄',

  variants: {
    classic: 'Classic',
    'no-bluff': 'No-Bluff (house rules)',
    criminal: 'Criminal Edition (house rules)',
    'arrest-race': 'Arrest Race (house rules)',
  },
  /** Short names, for the board's house-rules line. */
  variantNames: {
    classic: 'Classic',
    'no-bluff': 'No-Bluff',
    criminal: 'Criminal Edition',
    'arrest-race': 'Arrest Race',
  },
  variantChoices: {
    classic: 'Classic',
    'no-bluff': 'No-Bluff (house rules)',
    criminal: 'Criminal Edition (house rules)',
    'arrest-race': 'Arrest Race (house rules)',
  },
  houseRulesLine: (name: string) => `🏠 House rules: ${name} — our own design until the official rules are found.`,
  tieRules: { 'left-of-declarer': "the voter left of the declarer decides", 'coin-flip': 'a coin flip decides' },

  // ── Board ──
  statusTurn: (round: number, cap: number, who: string) => `Round ${round}/${cap} · ▶ ${who}'s turn`,
  statusCounter: (round: number, who: string, colour: string) => `Round ${round} · ⚡ Counter window on ${who}'s ${colour} evidence`,
  statusCounterBack: (round: number, who: string, counterer: string) => `Round ${round} · ⚡ ${counterer} countered — ${who} may counter back`,
  statusCancel: (round: number, target: string, attacker: string, card: string) => `Round ${round} · ⚡ ${target} may cancel ${attacker}'s ${card}`,
  statusVote: (round: number, who: string, answered: number, voters: number) => `Round ${round} · 🗳 Vote on ${who}'s declaration (${answered}/${voters} voted)`,
  statusWon: (who: string) => `🏆 ${who} wins!`,
  statusCap: (cap: number) => `Game over · no winner after ${cap} rounds`,
  hand: (n: number) => `✋${n}`,
  flagBlocked: "⛔ blocked — can't react",
  flagSkip: '⏭ skips next turn',
  flagAway: '💤 away',
  flagLeft: '🚪 left',
  emptySlot: '▫️',
  filledSlot: '✅',
  faceDownSlot: '🂠 face down',
  protectedMark: '🛡',
  pendingMark: '⏳',
  counteredMark: '❌',
  placedBy: (who: string) => `by ${who}`,
  slotLine: (slot: string, colour: string, content: string) => `${slot} ${colour} ${content}`,
  piles: (draw: number, discard: number, top: string | null) => `🂠 Draw pile ${draw} · 🗑 Discard ${discard}${top ? ` (top: ${top})` : ''}`,
  windowCounter: (who: string, colour: string, waiting: string) =>
    `⚡ ${who} placed ${colour} evidence. Anyone holding a ${colour} ⇄ counter card may click **Counter!** — first one wins. Still deciding: ${waiting}.`,
  windowCounterBack: (who: string, counterer: string, colour: string) =>
    `⚡ ${counterer} countered ${who}'s ${colour} evidence. ${who} may **counter back** with a ${colour} ⇄ card.`,
  windowCancel: (target: string, attacker: string, card: string) => `⚡ ${attacker} played ${card} on ${target}. ${target} may cancel it with their own ${card}.`,
  windowVote: (who: string, slot: string, colour: string, answered: number, voters: number) =>
    `🗳 ${who} declares the face-down card on ${slot} is ${colour}. Believe it or call the bluff — secret vote, ${answered} of ${voters} have voted.`,
  lastReveal: (who: string, card: string, colour: string, verdict: string, outcome: string) =>
    `🔍 Last declaration: ${who} claimed ${colour}, the card was ${card}. Verdict: ${verdict}. ${outcome}`,
  verdictBelieve: 'Believe',
  verdictBluff: 'Bluff',
  outcomeWon: 'The detectives judged wrong.',
  outcomeLost: 'The detectives judged right.',
  nobody: 'nobody',
  listSep: ', ',

  // ── Board buttons ──
  btnCounter: 'Counter!',
  btnNoCounter: 'No counter',
  btnCounterBack: 'Counter back!',
  btnAccept: 'Let the counter stand',
  btnCancel: (card: string) => `Cancel with your ${card}`,
  btnAllow: 'Let it happen',
  btnBelieve: (colour: string) => `Believe (it is ${colour})`,
  btnBluff: 'Bluff!',
  btnAbstain: 'Abstain',
  btnDraw: 'Draw a card',

  // ── Panel ──
  panelHand: (cards: string) => `**Your hand:** ${cards}`,
  panelNoHand: '**Your hand:** empty',
  panelNoHandArrest: 'Arrest Race: no hand — each turn you draw one card.',
  panelSuspect: (slots: string) => `**Your suspect:** ${slots}`,
  panelYourTurn: '▶ Your turn: choose one action.',
  panelWaitTurn: (who: string) => `Waiting for ${who}'s turn.`,
  panelPlacerWaits: (colour: string) => `Your ${colour} evidence is exposed: waiting for counters.`,
  panelMayCounter: (who: string, colour: string) => `⚡ ${who} placed ${colour} evidence. Counter it with your ${colour} ⇄ card, or pass.`,
  panelNoCounterCard: (who: string, colour: string) => `⚡ ${who} placed ${colour} evidence. You hold no ${colour} ⇄ counter card.`,
  panelPassed: 'You passed; waiting for the other detectives.',
  panelBlockedCounter: (who: string, colour: string) =>
    `⚡ ${who} placed ${colour} evidence. ⛔ You are blocked: you can't counter until your 🚧 Block card is discarded.`,
  panelBlockedCounterBack: (counterer: string, colour: string) =>
    `⚡ ${counterer} countered your ${colour} evidence. ⛔ You are blocked: you can't counter back, only let it stand.`,
  panelBlockedCancel: (attacker: string, card: string) => `⚡ ${attacker} played ${card} on you. ⛔ You are blocked: you can't cancel it.`,
  panelCounterBack: (counterer: string, colour: string) => `⚡ ${counterer} countered your ${colour} evidence. Counter back with your ${colour} ⇄ card, or let it stand.`,
  panelNoCounterBack: (counterer: string, colour: string) => `⚡ ${counterer} countered your ${colour} evidence. You hold no ${colour} ⇄ card to counter back.`,
  panelWaitCounterBack: (who: string) => `Waiting for ${who} to answer the counter.`,
  panelCancel: (attacker: string, card: string) => `⚡ ${attacker} played ${card} on you. Cancel it with your own ${card}, or let it happen.`,
  panelNoCancel: (attacker: string, card: string) => `⚡ ${attacker} played ${card} on you. You hold no ${card} to cancel it.`,
  panelWaitCancel: (who: string) => `Waiting for ${who} to answer.`,
  panelVote: (who: string, slot: string, colour: string) => `🗳 ${who} declares the face-down card on ${slot} is ${colour}. Is it true, or a bluff?`,
  panelMyVote: (vote: string) => `Your vote: **${vote}** (you may change it until everyone has voted).`,
  panelNoVoteYet: 'You have not voted yet.',
  panelAbstained: 'abstain',
  panelDeclarer: (card: string, colour: string, answered: number, voters: number) =>
    `Your face-down ${card} claims ${colour}. ${answered} of ${voters} have voted.`,
  panelWaitVote: (answered: number, voters: number) => `Vote in progress: ${answered} of ${voters} have voted.`,
  panelOver: 'The game is over.',
  selectPlaceholder: (card: string) => `${card}: what to do…`,
  selectMore: 'More actions…',

  // ── Action labels ──
  actPlace: (card: string) => `Place ${card} evidence`,
  actPlaceOn: (card: string, who: string) => `Place ${card} on ${who}'s suspect`,
  actWild: (colour: string, slot: string) => `Play 🃏 Wild as ${colour} (${slot})`,
  actWildOn: (colour: string, who: string) => `Play 🃏 Wild as ${colour} on ${who}'s suspect`,
  actDiscard: (card: string) => `Discard ${card}`,
  actBurn: (who: string) => `Burn ${who}'s evidence`,
  actBurnOwn: 'Burn the evidence on your own suspect',
  actTamper: (who: string, colour: string, slot: string) => `Tamper: remove ${who}'s ${colour} (${slot})`,
  actTamperOwn: (colour: string, slot: string) => `Tamper: remove your suspect's ${colour} (${slot})`,
  actTamperWasted: (who: string) => `Tamper with ${who} (no evidence: wasted)`,
  actBlock: (who: string) => `Block ${who}`,
  actRecolour: (colour: string, slot: string) => `Move your 🃏 Wild to ${colour} (${slot})`,
  actRecolourOn: (colour: string, who: string) => `Move your 🃏 Wild to ${colour} on ${who}'s suspect`,
  actDeclare: (card: string) => `Declare: put ${card} face down`,
  actDeclareOn: (card: string, who: string) => `Declare on ${who}'s suspect: ${card} face down`,
  actCounter: (card: string) => `Counter with ${card}`,
  actPassTurn: 'Pass (no cards)',
  actCounterBack: (card: string) => `Counter back with ${card}`,
  you: 'your own',

  // ── Log ──
  ev: {
    placed: (who: string, card: string, slot: string) => `${who} placed ${card} evidence on ${slot}.`,
    placedOn: (who: string, card: string, owner: string, slot: string) => `${who} placed ${card} evidence on ${owner}'s suspect (${slot}).`,
    uncountered: (who: string, colour: string) => `Nobody countered ${who}'s ${colour} evidence.`,
    countered: (who: string, placer: string, colour: string) => `${who} countered ${placer}'s ${colour} evidence.`,
    counteredBack: (who: string, colour: string) => `${who} countered back: the ${colour} evidence returns, 🛡 protected.`,
    counterStood: (who: string, colour: string) => `${who}'s ${colour} evidence is discarded with the counter card.`,
    recoloured: (who: string, colour: string, slot: string) => `${who} moved a 🃏 Wild to ${colour} (${slot}).`,
    discarded: (who: string, card: string) => `${who} discarded ${card}.`,
    attackBurn: (who: string, target: string) => `${who} played 🔥 Burn on ${target}'s suspect.`,
    attackTamper: (who: string, target: string, what: string) => `${who} played 🪛 Tamper on ${target}'s ${what} evidence.`,
    attackTamperWasted: (who: string, target: string) => `${who} played 🪛 Tamper on ${target}'s empty suspect.`,
    attackBlock: (who: string, target: string) => `${who} played 🚧 Block on ${target}.`,
    burned: (target: string, n: number) => (n === 0 ? `The 🔥 Burn found no evidence on ${target}'s suspect.` : `${target}'s suspect loses ${n} face-up evidence to the fire.`),
    tampered: (target: string, what: string) => `${target}'s ${what} evidence is discarded.`,
    tamperedNothing: 'The 🪛 Tamper found nothing.',
    blocked: (target: string) => `${target} is blocked: their next turn is lost.`,
    cancelled: (who: string, attacker: string, card: string) => `${who} cancelled ${attacker}'s ${card} with their own.`,
    declared: (who: string, owner: string | null, slot: string, colour: string) =>
      owner === null
        ? `${who} puts a card face down on ${slot} and declares it is ${colour}. Vote now!`
        : `${who} puts a card face down on ${owner}'s suspect (${slot}) and declares it is ${colour}. Vote now!`,
    declaredCard: (card: string, colour: string) => `You put ${card} face down, declaring ${colour}.`,
    // A log line and a click's confirmation, still read after the vote closed (even on a finished
    // game's panel): the fact only. The invitation to change the vote is the panel's status line
    // (panelMyVote), drawn only while the vote is open (docs/rules/suspicion.md §1.9).
    voteRecorded: (choice: string) => `You chose: ${choice}.`,
    revealed: (who: string, card: string, colour: string, verdict: string, tally: string, tie: string) =>
      `The card was ${card} (${who} claimed ${colour}). Verdict: ${verdict}${tally}${tie}.`,
    tally: (believe: number, bluff: number) => ` (believe ${believe} – bluff ${bluff})`,
    tieLeft: ', tie decided by the voter left of the declarer',
    tieCoin: ', tie decided by a coin flip',
    noVotes: ' (nobody voted: the card is believed)',
    declarationFailed: (who: string) => `The detectives judged right: ${who} misses the next turn.`,
    turnLostSkip: (who: string) => `${who} misses this turn.`,
    turnLostBlock: (who: string) => `${who} is blocked: the turn is lost and the 🚧 Block discarded.`,
    turnLostBoth: (who: string) => `${who} misses this turn (blocked and skipping, both cleared).`,
    reshuffled: (n: number) => `The discard pile is shuffled into a new draw pile (${n} cards).`,
    drew: (cards: string) => `You drew ${cards}.`,
    idle: (who: string) => `${who} has no cards and passes.`,
    arrestPlaced: (who: string, card: string, slot: string) => `${who} drew ${card}: placed on ${slot}.`,
    arrestDiscarded: (who: string, card: string) => `${who} drew ${card}: no empty matching slot, discarded.`,
    wonDeclaration: (who: string) => `🏆 ${who} fooled the detectives and wins!`,
    wonThree: (who: string) => `🏆 ${who}'s suspect has all three evidence face-up: ${who} wins!`,
    wonArrest: (who: string) => `🏆 ${who} filled all three slots and makes the arrest!`,
    cap: (n: number) => `${n} rounds without an arrest: the game ends with no winner.`,
  },

  // ── Errors ──
  errors: {
    'game-over': 'The game is over.',
    malformed: 'That button is not valid any more — here is your current hand.',
    'not-seated': 'You are not seated at this table.',
    'not-now': 'Not now: a reaction window or a vote is open.',
    'not-your-turn': "It is not your turn — wait for the board's ▶.",
    'card-not-in-hand': 'That card is no longer in your hand — here is your current hand.',
    'not-in-variant': 'That action does not exist in this variant.',
    'wrong-card': 'That card cannot do that.',
    'own-suspect': 'In Criminal Edition you place evidence on rivals’ suspects only.',
    'not-your-suspect': 'You can only place evidence on your own suspect.',
    'colour-not-on-suspect': (colour: string) => `${colour} is not a colour of that suspect.`,
    'slot-taken': 'That slot is already filled.',
    'slot-empty': 'There is no evidence in that slot.',
    'face-up-limit': (limit: number) => `That suspect already has ${limit} face-up evidence: the last slot is for the final declaration.`,
    'not-a-rival': 'Choose a rival as the target.',
    'already-blocked': 'That player is already blocked — blocks do not stack.',
    'choose-evidence': 'Choose which evidence to tamper with.',
    'no-wild-there': 'There is no Wild of yours in that slot.',
    'declare-needs-two': 'A final declaration needs exactly two face-up evidence on the suspect.',
    'must-act': 'You still have cards: choose an action.',
    'window-closed': 'Too late — that window has closed.',
    'own-placement': 'You cannot counter your own evidence.',
    'already-passed': 'You already passed in this counter window.',
    'no-counter-card': (colour: string) => `You hold no ${colour} ⇄ counter card (a Wild cannot counter).`,
    'not-your-window': 'Only the player concerned can answer this.',
    'no-cancel-card': (card: string) => `You hold no ${card} to cancel it with.`,
    'no-vote': 'There is no vote open.',
    'not-a-voter': 'You do not vote on this declaration.',
    'illegal-action': 'That move is not allowed now.',
    blocked: "You are blocked: until your 🚧 Block card is discarded you can't counter, counter back or cancel.",
    unknown: 'That move is not allowed now.',
  } satisfies Record<SuspicionErrorCode | 'unknown', string | ((...args: never[]) => string)>,
  staleCounter: 'Too late — someone countered first or the window closed. You keep your card.',
  staleVote: 'That vote is already over.',

  // ── Options / rules ──
  optVariant: 'Variant (house rules for No-Bluff, Criminal Edition, Arrest Race)',
  optTurn: 'Turn timer in seconds',
  optReaction: 'Counter / cancel window in seconds',
  optVote: 'Vote timer in seconds',
  /** The lobby's options line; a timer is null on a turn-based table (its pace line says the time per move). */
  optionsSummary: (variant: string, turn: number | null, reaction: number | null, vote: number | null, tie: string) =>
    [`Variant: ${variant}`, turn !== null && `turn ${turn} s`, reaction !== null && `counter window ${reaction} s`, vote !== null && `vote ${vote} s`, `tie: ${tie}`].filter(Boolean).join(' · '),
  optionsSummaryArrest: (variant: string, turn: number | null) =>
    [`Variant: ${variant}`, turn !== null && `turn ${turn} s`, '(counter window, vote timer and tie rule are ignored in Arrest Race)'].filter(Boolean).join(' · '),
  optionsSummaryNoBluff: (variant: string, turn: number | null, reaction: number | null) =>
    [`Variant: ${variant}`, turn !== null && `turn ${turn} s`, reaction !== null && `counter window ${reaction} s`, '(vote timer and tie rule are ignored: no declaration)'].filter(Boolean).join(' · '),

  rulesClassic: (o: { hand: number; cap: number; reaction: number; vote: number; tie: string; turn: number; deck: string }) =>
    [
      '**🔎 Suspicion — classic**',
      `**Deck**: ${o.deck}.`,
      'Each detective has a suspect card with three colours (LEFT, RIGHT, BOTTOM). Get two matching evidence cards face-up on it, then put a third card face down and declare it matches — you win only if your rivals judge that card wrongly.',
      `**Your turn** (${o.turn} s): do one thing, then refill to ${o.hand} cards.`,
      '• **Place evidence** of a colour your suspect shows, in its empty slot (at most 2 face-up: the last slot is for the declaration).',
      '• **Discard** a card.',
      '• **🃏 Wild**: place it as any empty colour of your suspect; later you may **move** it to another empty slot, declaring the new colour (no refill).',
      '• **🔥 Burn** a rival: all their face-up evidence is discarded. **🪛 Tamper**: discard one face-up card of a rival. **🚧 Block** a rival: their next turn is lost. The target may cancel at once with the same card.',
      '• **Declare**: with exactly 2 face-up, put any card face down in the last slot and claim it matches.',
      `**Counters** (${o.reaction} s window): after any face-up placement, any rival holding a ⇄ card of that colour may click **Counter!** — the first one wins; both cards are discarded. The placer may **counter back** with a ⇄ of the same colour from the hand they had: the card returns 🛡 protected. A Wild never counters. Cancels of Burn/Tamper/Block also have ${o.reaction} s.`,
      `**The vote** (${o.vote} s): the rivals vote in secret — Believe or Bluff; majority wins, a tie: ${o.tie}; nobody voted = believed. A Wild counts as the right colour. You win if they are wrong (even an honest card loses if believed!). If they are right, the card is discarded and you miss your next turn.`,
      `**Blocked / skipping**: the next turn is lost (one lost turn clears both). Blocked players cannot counter, counter back or cancel until their Block card is discarded (they still vote). Empty draw pile: the discards are reshuffled. After ${o.cap} rounds with no winner, nobody wins.`,
    ].join('\n'),
  rulesNoBluff:
    '**No-Bluff (house rules)**: there is no declaration. The third colour is placed face-up like the others and can be countered. When a counter window on your suspect closes with all three slots face-up (no counter, or your counter back succeeded), you win. A countered third card that is not countered back does not win.',
  rulesCriminal:
    '**Criminal Edition (house rules)**: you place evidence only on *rivals’* suspects (your choice of rival with a matching empty slot; at most 2 face-up per suspect). Anyone but the placer may counter; the placer counters back. Any player may declare on a rival suspect with two face-up cards; everyone else votes, the suspect’s owner included — the declarer wins if the vote is wrong. Burn and Tamper may hit any suspect (your own too); Block only rivals. The board shows who placed each evidence.',
  deckLine: (colours: number, perColour: number, counters: number, burn: number, tamper: number, block: number, wild: number, total: number) =>
    `${total} cards — ${colours} colours × ${perColour} evidence (${counters} of each with the ⇄ counter symbol), ${burn} 🔥 Burn, ${tamper} 🪛 Tamper, ${block} 🚧 Block, ${wild} 🃏 Wild`,
  rulesArrest: (cap: number, total: number, perColour: number) =>
    `**Arrest Race (house rules)**: no hands, no special cards, no counters, no bluff. The deck is the ${total} evidence cards only (${perColour} per colour; the ⇄ symbol does nothing). On your turn click **Draw a card**: if it matches an empty slot of your suspect it is placed there, otherwise it is discarded. First to fill all three slots wins. A turn timeout draws for you. After ${cap} rounds, nobody wins.`,
  // ── Pictures (src/games/suspicion/pictures.ts): no emoji, the font has none ──
  pictures: {
    colourNames: { red: 'red', orange: 'orange', yellow: 'yellow', green: 'green', blue: 'blue', pink: 'pink' },
    specialNames: { burn: 'Burn', tamper: 'Tamper', block: 'Block', wild: 'Wild' },
    round: (round: number, cap: number) => `Round ${fe.number(round)} of ${fe.number(cap)}`,
    turn: (who: string) => `${who}'s turn`,
    counter: (who: string, colour: string) => `Counter window: ${who}'s ${colour} evidence`,
    counterBack: (counterer: string, who: string) => `${counterer} countered; ${who} may counter back`,
    cancel: (target: string, attacker: string, card: string) => `${target} may cancel ${attacker}'s ${card}`,
    vote: (who: string, colour: string) => `Vote: is ${who}'s face-down card ${colour}?`,
    voted: (answered: number, voters: number) => `${fe.number(answered)} of ${fe.number(voters)} voted`,
    waiting: (names: string) => `Still deciding: ${names}`,
    won: (who: string) => `${who} wins!`,
    cap: (cap: number) => `No winner after ${fe.count(cap, { one: 'round', other: 'rounds' })}`,
    cards: (n: number) => fe.count(n, { one: 'card', other: 'cards' }),
    you: 'you',
    bot: 'bot',
    away: 'away',
    blocked: 'Blocked',
    skips: 'Skips a turn',
    suspect: 'suspect card',
    claim: (colour: string) => `${colour}?`,
    counterWord: 'counter',
    countered: 'countered',
    by: (who: string) => `by ${who}`,
    attackOn: (attacker: string, target: string) => `${attacker} on ${target}`,
    drawPile: 'Draw pile',
    discardPile: 'Discard',
    empty: 'empty',
    houseRules: (name: string) => `House rules: ${name}`,
    lastReveal: (who: string, colour: string, card: string) => `Last claim: ${who} said ${colour}, it was ${card}.`,
    verdict: (verdict: string, outcome: string) => `Verdict: ${verdict}. ${outcome}`,
    yourHand: 'Your hand',
    handOf: (who: string) => `${who}'s hand`,
    suspectOf: (who: string) => `${who}'s suspect`,
    faceDownOf: (who: string) => `${who}'s face-down card`,
    voteOf: (who: string, vote: string) => `${who}'s vote: ${vote}`,
    notVotedOf: (who: string) => `${who} has not voted yet.`,
    noHand: 'No cards in your hand.',
    noHandArrest: 'Arrest Race: no hand; you draw a card on your turn.',
    yourSuspect: 'Your suspect',
    yourFaceDown: 'Your face-down card (only you see it)',
    yourVote: (vote: string) => `Your vote: ${vote}`,
    notVoted: 'You have not voted yet.',
    abstain: 'abstain',
    effects: {
      evidence: 'Evidence: place it on the slot of its colour.',
      counter: 'Evidence that can also counter a rival placing this colour.',
      burn: "Discards all of one rival's face-up evidence.",
      tamper: "Discards one face-up evidence card of a rival.",
      block: 'A rival loses the next turn and cannot react meanwhile.',
      wild: 'Evidence of any colour you declare; always correct when declared.',
    },
    legend: {
      title: 'Key',
      winner: 'winner',
      turn: 'to play',
      deciding: 'deciding',
      voter: 'votes now',
      placedBy: 'placed by seat',
      changed: 'just changed',
      protected: 'protected',
      exposed: 'waiting for counters',
      needed: 'evidence needed',
      placed: 'evidence placed',
      faceDown: 'face-down claim',
      wild: 'Wild',
      counter: 'counter card',
    },
    alt: {
      board: (players: number) => `Suspicion table, ${fe.count(players, { one: 'detective', other: 'detectives' })}.`,
      hand: (who: string) => `${who}'s hand in Suspicion.`,
      seat: (who: string, placed: string, hand: string) => `${who}: ${placed}; ${hand}.`,
      placed: (colours: string) => `evidence ${colours}`,
      none: 'no evidence',
      needs: (colours: string) => `needs ${colours}`,
      piles: (draw: number, discard: number) => `Draw pile ${fe.number(draw)}, discard ${fe.number(discard)}.`,
      handCards: (cards: string) => `Your cards: ${cards}.`,
      cardsOf: (who: string, cards: string) => `${who}'s cards: ${cards}.`,
      changed: (what: string) => `Just now: ${what}`,
    },
  },
  /** The lesson (`/suspicion learn`, src/games/suspicion/lesson.ts; docs/lessons.md). */
  lesson: {
    notes: {
      goal: (_n) => 'Win by completing your suspect card (framed): two evidence cards face up, then a third face down that your rivals judge wrongly. Start: place your 🩷 pink evidence on your pink slot.',
      counterBack: (n) => `${n(1)} countered with a ⇄ pink card and your evidence came off. You hold the other ⇄ pink: counter back, and your card returns, protected from further counters.`,
      noCounter: (n) => `${n(1)} placed red evidence and a counter window is open. Only a ⇄ card of the placed colour counters it, and you have none: let it pass.`,
      special: (n) => `Special cards attack rivals: Tamper discards one face-up card, Burn all of them, Block costs a turn. Tamper with ${n(2)}'s red evidence.`,
      cancel: (n) => `${n(2)} plays Burn on your suspect! The target may cancel an attack with the same card: cancel it with your own Burn.`,
      refill: (_n) => 'After each action you draw back up to three cards. A ⇄ card is evidence too: place your ⇄ yellow on your yellow slot.',
      vote: (n) => `${n(1)} declared a last card face down. Vote in secret — Bluff if you think it does not match: if the majority is right, the card is discarded and ${n(1)} skips a turn.`,
      wild: (n) => `${n(2)} placed a Wild: it takes the colour of the slot it fills and always counts as correct face down. You have no ⇄ red: no counter.`,
      declare: (_n) => 'Two cards face up: declare! You hold no blue, so bluff — put any card face down as your blue; if your rivals believe you, you win.',
      end: (_n) => 'Both rivals believed you: your bluff won the game! The first declaration the rivals judge wrongly wins; there are no points.',
      noBluff: (_n) => 'No-Bluff (house rules): there is no declaration — fill all three slots face up; you win when your third card survives its counter window.',
      criminal: (_n) => "Criminal Edition (house rules): you place evidence on your rivals' suspects (at most two face up each), anyone but the placer may counter, and anyone may declare on a rival's suspect.",
      arrestRace: (_n) => 'Arrest Race (house rules): no specials, counters or bluff — draw a card each turn; it is placed when it fits an empty slot of your suspect, and three filled slots win.',
    } satisfies Record<SuspicionLessonNote, LessonNoteText>,
    sections: {
      1: {
        1: { title: 'Goal', text: 'Each detective has a suspect card with three colour slots. Put matching evidence face up in two slots, then play a third card face down and declare it matches: you win when your rivals judge that last card wrongly.' },
        5: { title: 'A turn', text: 'A blocked or skipping player loses the turn. Otherwise you make one action, refill your hand to 3 once any reaction window has closed, and play passes clockwise.' },
        6: { title: 'Actions', text: 'A: place evidence face up on the empty slot of its colour (while fewer than 2 are face up). B: discard a card. C: play a special card. D: move a face-up Wild. E: with exactly 2 face up, declare — play any card face down in the last slot; it is judged at once.' },
        7: { title: 'Counter race', text: 'After a face-up placement, a rival holding a ⇄ counter card of that colour may counter: both cards are discarded. The placer may counter back with a ⇄ of the same colour: the card returns, protected. The window closes when everyone has passed.' },
        8: { title: 'Special cards', text: 'Burn discards all face-up evidence of a rival, Tamper one card, Block costs a rival the next turn. The target may cancel each with the same card. A Wild takes a declared colour, never counters, and always counts as correct face down.' },
        9: { title: 'Declaration and vote', text: 'Every other player votes secretly: believe or bluff. The majority decides; a tie goes to the player left of the declarer. The declarer wins when the verdict is wrong; otherwise the card is discarded and the declarer skips a turn.' },
        11: { title: 'End', text: 'The first successful declaration wins; there are no points.' },
        12: { title: 'Variants (house designs)', text: "No-Bluff: no declaration, three face-up slots win. Criminal Edition: evidence goes on rivals' suspects. Arrest Race: draw a card each turn; three filled slots win." },
      },
    } satisfies LessonSections,
  },
  /** ❔ Why (src/games/suspicion/why.ts; docs/lessons.md): the decision and what each move does. */
  why: {
    title: { turn: 'Your turn', arrestRace: 'Your turn (Arrest Race)', counter: 'Counter window', counterBack: 'Counter back?', cancel: 'An attack on you', vote: 'Secret vote' },
    decision: {
      turn: 'It is your turn: make one action, then you draw back up to three cards. You win by getting two evidence cards face up on your suspect and then a face-down declaration your rivals judge wrongly.',
      arrestRace: 'It is your turn: draw a card. It goes on your suspect when it fits an empty slot, else to the discard pile; three filled slots win.',
      counter: 'A rival just placed evidence face up. Anyone holding a ⇄ counter card of that colour may counter it; the first counter wins the race.',
      counterBack: 'A rival countered your evidence: both cards would go to the discard pile. You may counter back with a ⇄ card of the same colour to keep yours, protected.',
      cancel: 'A rival attacks you with a special card. You may cancel it with a card of the same kind, or let it happen.',
      vote: 'A rival declared their last card face down. Every other player votes in secret: the majority decides, and the declarer wins if the verdict is wrong.',
    },
    variant: {
      'no-bluff': 'No-Bluff: there is no declaration; fill all three slots face up.',
      criminal: "Criminal Edition: you place evidence on your rivals' suspects, and may declare on a rival's suspect.",
      'arrest-race': '',
    },
    moves: {
      place: 'Place evidence — puts a card face up on the empty slot of its colour; rivals may counter it.',
      wild: 'Wild — placed face up as the colour of the slot you choose; it can never counter.',
      discard: 'Discard — throws a card away; you draw a new one.',
      burn: 'Burn — discards all face-up evidence of a rival (they may cancel with their own Burn).',
      tamper: 'Tamper — discards one face-up card of a rival (they may cancel with their own Tamper).',
      block: 'Block — a rival loses their next turn and cannot react until then (they may cancel with their own Block).',
      recolour: 'Move a Wild — moves your face-up Wild to another empty slot with a new colour (a new counter window).',
      declare: 'Declare — plays any card face down in your last slot as its colour; the others vote at once.',
      counter: 'Counter! — discards the placed card with your ⇄ card of that colour.',
      pass: 'No counter — lets the placement stand (or, with an empty hand, passes the turn).',
      counterBack: 'Counter back! — your ⇄ card returns your evidence, protected from further counters.',
      accept: 'Let the counter stand — your card and the counter go to the discard pile.',
      cancel: 'Cancel — your own copy stops the attack; both cards are discarded.',
      allow: 'Let it happen — the attack takes effect.',
      vote: 'Believe / Bluff — your secret verdict on the face-down card; you may change it until everyone voted.',
      abstain: 'Abstain — no vote; only the votes cast count.',
      draw: 'Draw a card — the Arrest Race turn.',
    },
  },
} as const;
