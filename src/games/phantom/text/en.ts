/** English strings of the phantom game (rules help, board, panel, errors). */
import type { Colour, PhantomErrorCode } from '../rules.js';
import { formatters } from '../../../i18n/format.js';
import type { LessonNoteText, LessonSections } from '../../lesson.js';
import type { PhantomLessonNote } from '../lesson.js';

const f = formatters('en');
const sign = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

export const en = {
  /**
   * 💡 Hint and review analysis: why a move, from the seat's view (src/games/phantom/hint.ts;
   * docs/rules/phantom.md §3.3–§3.8). The move's label names the card and the clue.
   */
  hintReasons: {
    discard: (card: number) =>
      `You keep the cards that are most often the criminal (and a Phantom to lure glasses): ${card === 3 ? 'the Courier is the criminal only when every other card is 5 or higher' : card === 4 ? 'the Shopkeeper is almost never the criminal' : card === 2 ? 'the Barkeeper needs the Politician in play' : 'this one helps you least'}.`,
    discardPhantom: () => 'Even the Phantom is worth less to you this round than the suspects you keep.',
    report: (share: number, left: number) =>
      `In about ${share} % of the crimes you can picture from the clues so far, this card would be the criminal: its player scores, and so does every glass on it. ${left > 1 ? 'Your other cards stay for the next crime.' : 'It is your last card.'}`,
    reportDetective: (share: number, left: number) =>
      `The Detective doubles its points if it is the criminal — about ${share} % of the crimes you can picture.${left > 1 ? ' Your other cards stay for the next crime.' : ''}`,
    reportPhantom: (rivals: number) =>
      `The Phantom is never the criminal: with a believable clue it lures glasses — +1 for you and −1 for each of the ${rivals} rivals whose glass lands on it.`,
    glass: (share: number, points: number, mine: number) =>
      `In about ${share} % of the crimes you can picture the criminal is this card${mine ? ' (your own: +1 if right)' : ''}; expected ${points} points for the glass, after the glasses already placed.`,
    glassFourth: (share: number, points: number) =>
      `The 4th-party card is the criminal in about ${share} % of the crimes you can picture; expected ${points} points for the glass.`,
  },
  title: 'Tricks and the Phantom',
  description: 'Report suspects, bluff with Phantoms and spot the criminal (2–4 players).',
  /** `/help`'s line for the game (src/games/module.ts `GameText`). */
  helpLine: 'Report suspects face-down with a clue token, then guess which card is the criminal — beware the Phantoms.',
  /**
   * The names of `/phantom` and of the options only this game has, by registered (English) name
   * (the shared ones are in `common.commandNames`).
   */
  commandNames: {
    'phantom': 'phantom',
    'beginner': 'beginner',
    'target-score': 'target-score',
  },
  options: {
    beginner: 'Beginner mode: play with one Phantom removed',
    targetScore: 'Points that end the game after a round',
    turnSeconds: 'Seconds per decision',
  },

  colours: { yellow: '🟨 yellow', red: '🟥 red', blue: '🟦 blue' },
  colourEmoji: { yellow: '🟨', red: '🟥', blue: '🟦' },
  colourWords: { yellow: 'yellow', red: 'red', blue: 'blue' },
  phantomEmoji: '👻',
  cardNames: {
    politician: 'Politician',
    yakuza: 'Yakuza',
    madame: 'Madame',
    reporter: 'Reporter',
    detective: 'Detective',
    forensicist: 'Forensicist',
    shopkeeper: 'Shopkeeper',
    courier: 'Courier',
    barkeeper: 'Barkeeper',
    phantom: 'Phantom',
  },
  cardEffects: {
    politician: 'No effect.',
    yakuza: 'No effect.',
    madame: 'No effect.',
    reporter: 'No effect.',
    detective: 'If the Detective is the criminal, its player gets 2 points instead of 1 and every correct glass scores double.',
    forensicist: 'Strikes the highest card in play from the suspects (itself if it is the highest) and cancels the Barkeeper, Courier and Shopkeeper.',
    shopkeeper: 'The 9 Yakuza cannot be the criminal.',
    courier: 'Becomes the criminal if every other card in play is 5 or higher.',
    barkeeper: 'Becomes the criminal if the 10 Politician is in play.',
    phantom: 'Never the criminal; report it with any clue colour. +1 for each other player whose glass lands on it; they lose 1.',
  },
  /** A card as "🟦 10 Politician" (suit emoji, number, name). */
  /** A suspect card: its colour as emoji and word (docs/discord.md: colours are always both), number and name — "🟨 2 Barkeeper (yellow)". */
  card: (emoji: string, number: number, name: string, colour: string) => `${emoji} ${number} ${name} (${colour})`,
  /** The Phantom, which has no number shown. */
  phantomCard: (emoji: string, name: string) => `${emoji} ${name}`,
  cardWithEffect: (card: string, effect: string) => `${card} — ${effect}`,
  seatLetters: ['A', 'B'],

  // Board
  statusDiscard: (round: number) => `Round ${round} · ⏳ Everyone discards a card face-down`,
  statusReport: (round: number, crime: number, who: string) => `Round ${round} · Crime ${crime} · ▶ ${who} reports a suspect`,
  statusSolve: (round: number, crime: number, who: string) => `Round ${round} · Crime ${crime} · ▶ ${who} places a magnifying glass`,
  statusOver: (who: string) => `Game over · 🏆 ${who} wins`,
  targetLine: (target: number, beginner: boolean) =>
    `First to **${f.number(target)}** ${f.word(target, { one: 'point', other: 'points' })} after a round wins${beginner ? ' · beginner mode (one Phantom)' : ''}.`,
  seatScore: (points: number) => `**${f.number(points)}** ${f.word(points, { one: 'pt', other: 'pts' })}`,
  seatCards: (n: number) => f.count(n, { one: 'card', other: 'cards' }),
  seatFirst: '🔦 first investigator',
  seatClue: (letter: string, colour: string) => `${letter}${colour} clue`,
  seatClueWaiting: (letter: string) => `${letter}no clue yet`,
  /** 2 players: what a seat line's seat is called ("seat A: "). */
  seatOfPlayer: (letter: string) => `seat ${letter}: `,
  /** 2 players: a player with the seat they act for ("Ana (seat B)"; a bot "🤖 Marple (Normal, seat B)"). */
  ownerSeat: (who: string, letter: string) => (who.endsWith(')') ? `${who.slice(0, -1)}, seat ${letter})` : `${who} (seat ${letter})`),
  twoPlayersLine: '👥 2 players: each of you plays two seats, A and B, and reports a suspect from each, in turns; one magnifying glass each.',
  seatGlass: (target: string) => `🔍 on ${target}`,
  seatDiscarded: 'discarded',
  seatDeciding: 'deciding',
  fourthPartyLine: (card: string) => `🃏 4th-party card (face up): ${card}`,
  noFourthPartyLine: '🃏 No 4th-party card this crime.',
  /** A glass target: a reported card by its player and clue. */
  targetPlayed: (who: string, colour: string) => (who.endsWith(')') ? `the ${colour} card of ${who}` : `${who}'s ${colour} card`),
  targetPlayedSeat: (who: string, letter: string, colour: string) =>
    who.endsWith(')') ? `the ${colour} card of ${who.slice(0, -1)}, seat ${letter})` : `${who}'s ${colour} card (seat ${letter})`,
  targetFourth: (card: string) => `the 4th-party card ${card}`,
  /** A glass on one's own reported card (no name: the reader is its player); `letter` = seat letter with 2 players. */
  targetYourOwn: (colour: string, letter?: string) => `your own ${colour} card${letter ? ` (seat ${letter})` : ''}`,
  /** Someone else's glass on a card they played themselves. */
  targetTheirOwn: (colour: string, letter?: string) => `their own ${colour} card${letter ? ` (seat ${letter})` : ''}`,

  // Reveal
  revealHeader: (round: number, crime: number) => `**Last crime — round ${round}, crime ${crime}**`,
  revealCard: (who: string, card: string, clue: string) => `${who}: ${card} (${clue} clue)`,
  revealFourth: (card: string) => `4th party: ${card}`,
  revealCriminal: (card: string, whose: string) => `🚨 Criminal: **${card}** — ${whose}`,
  revealNoCriminal: '🚨 No criminal this time (no suspect remained).',
  criminalOf: (who: string) => `played by ${who}`,
  criminalFourth: 'the 4th-party card',
  revealWhy: (why: string) => `Why: ${why}.`,
  stepStrike: (card: string, struck: string) => `${card} strikes ${struck} from the suspects`,
  stepCancel: (card: string, cancelled: string) => `${card} cancels ${cancelled}`,
  stepBecomes: {
    barkeeper: (card: string) => `${card} becomes the criminal because the 10 Politician is in play`,
    courier: (card: string) => `${card} becomes the criminal because every other card is 5 or higher`,
    other: (card: string) => `${card} becomes the criminal through its effect`,
  },
  stepNoTrigger: {
    barkeeper: (card: string) => `${card} has no effect (no 10 Politician in play)`,
    courier: (card: string) => `${card} has no effect (a card below 5 is in play)`,
    other: (card: string) => `${card} has no effect`,
  },
  stepHighest: (card: string) => `${card} is the highest remaining suspect`,
  stepNone: 'no suspect remained',
  revealGlasses: (list: string) => `🔍 Glasses: ${list}`,
  revealGlass: (who: string, target: string) => `${who} → ${target}`,
  revealPointsHeader: 'Points:',
  revealPoints: (who: string, gain: number, why: string, before: number, after: number) =>
    `${who} ${sign(gain)}${why ? ` (${why})` : ''} → **${after}**${before + gain < after ? ' (floor 0)' : ''}`,
  reasons: {
    'played-criminal': (n: number, doubled: boolean) => `played the criminal ${sign(n)}${doubled ? ' (Detective ×2)' : ''}`,
    'glass-criminal': (n: number, doubled: boolean) => `glass on the criminal ${sign(n)}${doubled ? ' (Detective ×2)' : ''}`,
    'fourth-party-support': (n: number) => `played the Shopkeeper/Forensicist against the 4th party ${sign(n)}`,
    'phantom-fooled': (n: number) => `Phantom fooled others ${sign(n)}`,
    'fell-for-phantom': (n: number) => `glass on someone's Phantom ${sign(n)}`,
    'own-phantom': () => 'glass on own Phantom ±0',
    'fourth-party-phantom': (n: number) => `glass on the 4th-party Phantom ${sign(n)}`,
  },
  tiePlayOn: (score: number) => `Tied at the top with ${score} points — play on for another round.`,

  // Panel
  panelCards: '**Your cards**',
  panelNoCards: '(no cards left this round)',
  panelReported: (card: string, clue: string) => `You reported ${card} with a ${clue} clue.`,
  panelReportedSeat: (letter: string, card: string, clue: string) => `Seat ${letter}: you reported ${card} with a ${clue} clue.`,
  panelDiscard: (card: string) => `You discarded ${card} this round.`,
  panelScore: (points: number, target: number) => `Your score: **${points}** / ${target}.`,
  panelDoDiscard: '▶ Discard one card face-down (it is out for this round).',
  panelDoReport: '▶ Your turn: report a suspect. A suspect card shows its true colour; a Phantom may carry any colour.',
  panelDoReportSeat: (letter: string) =>
    `▶ Your turn for seat ${letter}: report a suspect. A suspect card shows its true colour; a Phantom may carry any colour.`,
  panelDoGlass: '▶ Your turn: put your magnifying glass on the card you think is the criminal.',
  panelWaitDiscard: 'Waiting for the others to discard.',
  panelWaitFor: (who: string) => `Waiting for ${who}.`,
  panelOver: 'The game is over.',
  actionDiscard: (card: string) => `Discard ${card}`,
  actionReport: (card: string, clue: string) => `Report ${card} with ${clue} clue`,
  actionGlass: (target: string) => `Put glass on ${target}`,
  selectReport: 'Report a card and clue…',

  // Log
  eventRoundStarted: (round: number, who: string) => `Round ${round} begins; ${who} is first investigator.`,
  eventRoundStartedFourth: (round: number, who: string, card: string) =>
    `Round ${round} begins; ${who} is first investigator. The 4th-party card is ${card}.`,
  eventDealt: (cards: string) => `You were dealt ${cards}.`,
  eventDiscarded: (who: string) => `${who} discarded a card face-down.`,
  eventYouDiscarded: (card: string) => `You discarded ${card}.`,
  eventReported: (who: string, clue: string) => `${who} reported a suspect with a ${clue} clue.`,
  eventYouReported: (card: string, clue: string) => `You reported ${card} with a ${clue} clue.`,
  eventGlass: (who: string, target: string) => `${who} put a magnifying glass on ${target}.`,
  eventYouGlass: (target: string) => `You put your magnifying glass on ${target}.`,
  eventSolved: (round: number, crime: number, criminal: string, whose: string) =>
    `Round ${round}, crime ${crime}: the criminal is ${criminal}, ${whose}.`,
  eventSolvedNone: (round: number, crime: number) => `Round ${round}, crime ${crime}: no criminal.`,
  eventScored: (list: string) => `Points: ${list}.`,
  eventScoredEntry: (who: string, gain: number, after: number) => `${who} ${sign(gain)} (${after})`,
  eventFourthParty: (card: string) => `The new 4th-party card is ${card}.`,
  eventGameOver: (who: string, points: number) => `${who} wins with ${points} points.`,

  errors: {
    malformed: 'That action is not valid here.',
    'game-over': 'The game is over.',
    'not-your-turn': 'It is not your turn — wait until the board shows ▶ next to your name.',
    'wrong-phase': 'That is not what the game is waiting for right now. Open your hand again for the current choices.',
    'card-not-in-hand': 'You do not hold that card. Open your hand again for your current cards.',
    'wrong-colour': (colour: string) => `A suspect card must carry its true colour: choose ${colour}.`,
    'invalid-target': 'Your magnifying glass must go on a reported card (or the 4th-party card).',
    'already-discarded': 'You have already discarded this round.',
    unknown: 'That did not work. Open your hand again and retry.',
  } satisfies Record<PhantomErrorCode | 'unknown', string | ((colour: string) => string)>,

  /** The lobby's options line; `seconds` is null on a turn-based table (its pace line says the time per move). */
  optionsSummary: (target: number, beginner: boolean, seconds: number | null) =>
    [`Target ${target} points`, `beginner mode ${beginner ? 'on (one Phantom removed)' : 'off'}`, seconds !== null && `${seconds} s per decision`].filter(Boolean).join(' · '),

  rulesHelp: (target: number, beginner: boolean, seconds: number) =>
    [
      'A round has **two crimes**. With 4 players everyone gets 2 cards; the rest stay face-down, unseen. ' +
        (beginner ? 'This table plays **beginner mode**: one Phantom is removed.' : 'The deck has 9 suspects and 2 Phantoms.'),
      '**1. Report.** Clockwise from the first investigator, each player plays one card face-down with a clue colour. A suspect card always shows its **true colour** (the bot enforces it); a 👻 Phantom may show **any** colour.',
      '**2. Solve.** Counter-clockwise from the last reporter, each player puts their 🔍 magnifying glass on one reported card (their own is allowed). Placements are public.',
      '**3. Reveal.** The criminal is the highest suspect, unless an effect changes it: the 🟥 5 Forensicist strikes the highest card and cancels the 2, 3 and 4; the 🟨 2 Barkeeper is the criminal when the 🟦 10 is in play; the 🟨 3 Courier is the criminal when every other card is 5 or higher; the 🟥 4 Shopkeeper clears the 🟦 9 Yakuza. Phantoms are never the criminal.',
      '**4. Score.** Criminal card\'s player +1; each correct glass +(players − correct glasses). 🟨 6 Detective as criminal doubles both. A glass on someone else\'s Phantom: −1 for you, +1 for its player (your own Phantom: 0). Scores never drop below 0.',
      'The player of the criminal card is first investigator next; the second crime uses everyone\'s remaining card.',
      '**3 players:** 3 cards each; a face-up **4th-party card** joins each crime as a suspect, and each player first discards one card face-down. If the 4th party is the criminal, the Shopkeeper\'s and Forensicist\'s players get +1 (the Shopkeeper\'s player investigates first). A glass on a 4th-party Phantom costs 1.',
      '**2 players:** 4 cards and two seats (A, B) each, one glass per crime: correct glass +2 on the opponent\'s card, +1 on your own.',
      `**End:** after a round, if someone has **${target}**+ points, the single leader wins; a tie at the top plays another round. You have **${seconds} s** per decision; on timeout a random card is reported with its true colour, or your glass goes on a random card that is not yours.`,
    ].join('\n'),
  // ── Pictures (src/games/phantom/pictures.ts): no emoji, the font has none ──
  pictures: {
    colourNames: { yellow: 'yellow', red: 'red', blue: 'blue' },
    clue: (colour: Colour) => `${colour} clue`,
    report: (who: string) => `${who} reports a suspect`,
    glass: (who: string) => `${who} places a magnifying glass`,
    discard: 'Everyone discards a card face down',
    won: (who: string) => `${who} wins!`,
    /** A table closed before the game's end (a lesson done, a cancelled game). */
    closed: 'The table is closed',
    round: (round: number, crime: number) => `Round ${f.number(round)} · crime ${f.number(crime)} of 2`,
    target: (target: number) => `first to ${f.count(target, { one: 'point', other: 'points' })}`,
    beginner: 'beginner mode',
    crimeNow: (crime: number) => `Crime ${f.number(crime)}: the reports`,
    crimeSolved: (round: number, crime: number) => `Solved: round ${f.number(round)}, crime ${f.number(crime)}`,
    waiting: 'waiting',
    toReport: 'to report',
    fourthParty: '4th party',
    noFourthParty: 'No 4th-party card this crime',
    criminal: 'CRIMINAL',
    noCriminal: 'No criminal this crime.',
    points: 'Points',
    cards: (n: number) => f.count(n, { one: 'card', other: 'cards' }),
    seatLetter: (who: string, letter: string) => `${who} (${letter})`,
    you: 'you',
    bot: 'bot',
    away: 'away',
    yourCards: 'Your cards',
    cardsOf: (who: string) => `${who}'s cards`,
    noCardsOf: (who: string) => `No cards left in ${who}'s hand.`,
    discardOf: (who: string, card: string) => `${who}'s discard this round: ${card}`,
    scoreOf: (who: string, score: number, target: number) => `${who}'s score: ${f.number(score)} of ${f.number(target)}`,
    noCards: 'No cards left in your hand.',
    yourReports: 'Reported this crime',
    yourDiscard: (card: string) => `Your discard this round: ${card}`,
    yourScore: (score: number, target: number) => `Your score: ${f.number(score)} of ${f.number(target)}`,
    legend: {
      title: 'Key',
      turn: 'to play',
      winner: 'winner',
      deciding: 'deciding',
      changed: 'just changed',
      clue: 'clue token',
      glass: 'magnifying glass',
      faceDown: 'face-down card',
      criminal: 'criminal',
      first: 'first investigator',
    },
    alt: {
      board: (players: number) => `Tricks and the Phantom table, ${f.count(players, { one: 'player', other: 'players' })}.`,
      hand: (who: string) => `${who}'s cards in Tricks and the Phantom.`,
      score: (who: string, score: number) => `${who} ${f.number(score)}`,
      scores: (list: string, target: number) => `Scores: ${list} (target ${f.number(target)}).`,
      reported: (who: string, colour: Colour) => `${who}: face-down card with a ${colour} clue`,
      glasses: (list: string) => `glasses: ${list}`,
      fourth: (card: string) => `4th party: ${card}`,
      criminal: (card: string, who: string) => `Last crime: the criminal was ${card}, ${who}.`,
      cards: (list: string) => `Your cards: ${list}.`,
      cardsOf: (who: string, list: string) => `${who}'s cards: ${list}.`,
      changed: (what: string) => `Just now: ${what}`,
    },
  },
  /** The lesson (`/phantom learn`, src/games/phantom/lesson.ts; docs/lessons.md). */
  lesson: {
    notes: {
      report: (_n) => 'You score by spotting each crime\'s criminal — usually the highest suspect in play. Play a card face down with a clue token of its colour; a Phantom may carry any colour: play yours as blue, like a high card.',
      glass: (n) => `Put your magnifying glass on the card you think is the criminal. Blue cards are the 7, 9 and 10, and two players trust ${n(1)}'s blue card: follow them.`,
      colour: (n) => `Crime 1: the Politician (10) was the criminal, each glass on it scored, and ${n(3)}'s glass on your Phantom won you a point. A suspect's clue must be its true colour: play your Shopkeeper with red.`,
      shopkeeper: (_n) => 'The Shopkeeper (4) rules out the Yakuza (9), so the criminal is the highest of the rest: your own Shopkeeper! Put your glass on your own card.',
      end: (_n) => 'A round is two crimes. Rounds go on until someone has 10 points at the end of one; the highest score wins.',
      beginner: (_n) => 'Beginner mode: one Phantom is taken out of the deck.',
      threePlayers: (_n) => 'Three players: three cards each; everyone first discards one face down, and a face-up fourth-party card is a suspect in each crime too.',
      twoPlayers: (_n) => "Two players: four cards each, and each of you plays two seats, alternating round the table; a correct glass on your opponent's card scores 2, on your own 1.",
    } satisfies Record<PhantomLessonNote, LessonNoteText>,
    sections: {
      3: {
        3: { title: 'A round', text: 'A round is two crimes. For each crime every player, clockwise from the first investigator, plays a card face down with a clue token: a suspect\'s true colour, any colour on a Phantom. Then, counter-clockwise from the last to play, each puts their glass on one played card. The cards are revealed, the criminal found and the crime scored.' },
        4: { title: 'The criminal', text: 'With the Forensicist (5) in play, the highest card is removed, the effects of 2–4 are ignored and the highest remaining suspect is the criminal. Otherwise the Barkeeper (2) is the criminal with the Politician (10) in play; else the Courier (3) when all other cards are 5 or higher; else the highest suspect, the Yakuza (9) excluded when the Shopkeeper (4) is in play. Phantoms are never the criminal.' },
        7: { title: 'Scoring', text: "With N players and k glasses on the criminal: its player +1 (Detective +2); each glass on it +(N − k) (doubled for the Detective); a Phantom's player +1 per other player's glass on it; a glass on someone else's Phantom −1. Scores never go below 0." },
        8: { title: 'Player counts', text: "2 players: 4 cards each, two seats each, one glass per player; a correct glass on the opponent's card +2, on one's own +1. 3 players: 3 cards each, one discarded face down first, and a face-up fourth-party card per crime is a candidate too." },
        9: { title: 'End and tiebreak', text: 'After a round, a player at or above the target score (default 10) ends the game; the highest score wins. A shared top score plays further rounds.' },
      },
    } satisfies LessonSections,
  },
  /** ❔ Why (src/games/phantom/why.ts; docs/lessons.md): the decision and what each move does. */
  why: {
    title: { discard: 'Secret discard', report: 'Report a suspect', glass: 'Your magnifying glass' },
    decision: {
      discard: 'With three players each of you first discards one card face down; it stays out of this round.',
      report: 'Play one card face down with a clue token: a suspect must carry its true colour, a Phantom any colour. The criminal of the crime is usually the highest suspect in play.',
      glass: 'Put your magnifying glass on the card you think is the criminal. A correct glass scores more the fewer players share it; a glass on someone else\'s Phantom costs a point.',
    },
    twoPlayers: 'With two players a correct glass on your opponent\'s card scores 2, on your own 1.',
    moves: {
      discard: 'Discard — this card is out of the round, seen by no one else.',
      report: 'Report — the card and clue colour you play for this crime.',
      glass: 'Glass — on this card; everyone sees where your glass lies.',
    },
  },
} as const;
