/** English strings of the suspicion game (rules help, board, panel, errors). */
import type { SuspicionErrorCode } from '../../games/suspicion/rules.js';

export const suspicion = {
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

  colours: {
    red: '🟥 red',
    orange: '🟧 orange',
    yellow: '🟨 yellow',
    green: '🟩 green',
    blue: '🟦 blue',
    pink: '🩷 pink',
  },
  slots: { left: 'LEFT', right: 'RIGHT', bottom: 'BOTTOM' },
  specials: { burn: '🔥 Burn', tamper: '🪛 Tamper', block: '🚧 Block', wild: '🃏 Wild' },
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
  selectPlaceholder: (card: string) => `${card} — choose what to do`,
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
    voteRecorded: (choice: string) => `You chose: ${choice}. You may change it until everyone has voted.`,
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
  optionsSummary: (variant: string, turn: number, reaction: number, vote: number, tie: string) =>
    `Variant: ${variant} · turn ${turn} s · counter window ${reaction} s · vote ${vote} s · tie: ${tie}`,
  optionsSummaryArrest: (variant: string, turn: number) =>
    `Variant: ${variant} · turn ${turn} s · (counter window, vote timer and tie rule are ignored in Arrest Race)`,
  optionsSummaryNoBluff: (variant: string, turn: number, reaction: number) =>
    `Variant: ${variant} · turn ${turn} s · counter window ${reaction} s · (vote timer and tie rule are ignored: no declaration)`,

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
} as const;
