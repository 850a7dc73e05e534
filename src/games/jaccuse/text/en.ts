/** English strings of the jaccuse game (rules help, board, panel, errors). */
import type { JaccuseErrorCode } from '../rules.js';
import type { LessonNoteText, LessonSections } from '../../lesson.js';
import type { JaccuseLessonNote } from '../lesson.js';
import { formatters } from '../../../i18n/format.js';

const f = formatters('en');


/** Flourish of the Inspector when evidence moves, by evidence type (cosmetic, rules §4.3 6A). */
const explain = {
  motive: (who: string, card: string) => `“And you, ${who}… explain the ${card.toUpperCase()}!”`,
  opportunity: (who: string, card: string) => `“And you, ${who}… what were you doing ${card.toUpperCase()}?”`,
  weapon: (who: string, card: string) => `“And you, ${who}… explain the ${card.toUpperCase()}!”`,
};

export const en = {
  /**
   * 💡 Hint and review analysis: why a move, from the seat's view (src/games/jaccuse/hint.ts;
   * docs/rules/jaccuse.md §4.2–§4.4). The move's label names the card, character or player.
   */
  hintReasons: {
    character: (cleared: number, mine: number) =>
      `This sheet clears ${cleared} of the Suspected Evidence in play${mine ? ` (${mine} of it in front of you)` : ''}: a J'Accuse! on cleared evidence sends it back under its pile instead of hardening it against you.`,
    investigate: (types: number, mine: number, rivals: number) =>
      `It affects ${types} evidence type${types === 1 ? '' : 's'}: ${mine} of the Suspected Evidence in front of you would be hit, ${rivals} in front of rivals. Only you know it when everyone votes.`,
    voteLeft: (exposed: number, hardTypes: number, hard: number, knows: number) =>
      `Left moves the affected evidence to each holder's left neighbour${exposed ? ` — ${exposed} card${exposed === 1 ? '' : 's'} in front of you could harden against you (${hardTypes} of 3 types, ${hard} of 5 cards already)` : ''}${knows ? ', and you know which types your card hits' : ''}. A tie of votes counts as J'Accuse!.`,
    voteRight: (exposed: number, hardTypes: number, hard: number, knows: number) =>
      `Right moves the affected evidence to each holder's right neighbour${exposed ? ` — ${exposed} card${exposed === 1 ? '' : 's'} in front of you could harden against you (${hardTypes} of 3 types, ${hard} of 5 cards already)` : ''}${knows ? ', and you know which types your card hits' : ''}. A tie of votes counts as J'Accuse!.`,
    voteAcross: (exposed: number, hardTypes: number, hard: number, knows: number) =>
      `Across sends the affected evidence past the neighbours${exposed ? ` — ${exposed} card${exposed === 1 ? '' : 's'} in front of you could harden against you (${hardTypes} of 3 types, ${hard} of 5 cards already)` : ''}${knows ? ', and you know which types your card hits' : ''}. A tie of votes counts as J'Accuse!.`,
    voteJaccuse: (exposed: number, hardTypes: number, hard: number, knows: number) =>
      `J'Accuse! hardens the affected evidence against whoever holds it${exposed ? ` — careful: ${exposed} card${exposed === 1 ? '' : 's'} in front of you could harden too (${hardTypes} of 3 types, ${hard} of 5 cards already)` : ': nothing in front of you would harden'}${knows ? ', and you know which types your card hits' : ''}.`,
    send: (hardTypes: number, hard: number, total: number, cleared: number) =>
      `That player already has ${hardTypes} of 3 evidence types and ${hard} of ${total} cards of Hard Evidence${cleared ? ', though their sheet clears this card' : ''}: the evidence stays away from you and closes in on them.`,
  },
  title: "J'Accuse!",
  description: "Frame your friends for the murder of M. Richard — 3 to 6 players, secret votes.",
  /** `/help`'s line for the game (src/games/module.ts `GameText`). */
  helpLine: 'Pass suspicion cards around the table to pin the murder on someone else; the suspect with too much evidence is arrested.',
  /**
   * The names of `/jaccuse` and of the options only this game has, by registered (English) name
   * (the shared ones are in `common.commandNames`).
   */
  commandNames: {
    'jaccuse': 'jaccuse',
    'across-chooser': 'across-chooser',
    'characters': 'characters',
  },

  types: { motive: '💔 Motive', opportunity: '🚪 Opportunity', weapon: '🗡️ Weapon' },
  typeEmoji: { motive: '💔', opportunity: '🚪', weapon: '🗡️' },

  evidence: {
    money: 'Money',
    secrets: 'Secrets',
    infidelity: 'Infidelity',
    inheritance: 'Inheritance',
    revenge: 'Revenge',
    blackmail: 'Blackmail',
    jealousy: 'Jealousy',
    debts: 'Debts',
    woods: 'In the Woods',
    stables: 'In the Stables',
    cellar: 'In the Wine Cellar',
    dark: 'In the Dark',
    library: 'In the Library',
    garden: 'In the Garden',
    kitchen: 'In the Kitchen',
    study: 'In the Study',
    knife: 'Knife',
    pistol: 'Pistol',
    rope: 'Rope',
    iron: 'Iron',
    poison: 'Poison',
    window: 'Third-Storey Window',
    candlestick: 'Candlestick',
    poker: 'Fire Poker',
    shears: 'Garden Shears',
  },

  characters: {
    affair: 'The Affair',
    spouse: 'The Spouse',
    butler: 'The Butler',
    heir: 'The Heir',
    partner: 'The Business Partner',
    physician: 'The Physician',
  },
  /** How the Inspector addresses each character ("And you, Butler…"). */
  characterShort: {
    affair: 'Affair',
    spouse: 'Spouse',
    butler: 'Butler',
    heir: 'Heir',
    partner: 'Business Partner',
    physician: 'Physician',
  },
  noCharacter: 'no character yet',
  /** A second identical Investigation card in a hand. */
  nthCopy: (label: string, n: number) => `${label} (copy ${n})`,

  suspicion: { left: '⬅️ Left', right: '➡️ Right', across: '⬆️ Across', jaccuse: "🫵 J'Accuse!" },
  suspicionEmoji: { left: '⬅️', right: '➡️', across: '⬆️', jaccuse: '🫵' },

  /** Flavour accusation printed on each Investigation card (cosmetic). */
  investigationLine: {
    m1: 'Who stood to gain from his death?',
    m2: 'Everyone had a reason to hate him.',
    m3: 'Follow the money… or the broken heart.',
    o1: 'Where were you on the night of the murder?',
    o2: 'Someone was seen where they had no business being.',
    o3: 'Your alibi has a hole in it.',
    w1: 'The murder weapon was never far away.',
    w2: 'Someone wiped it clean — but not clean enough.',
    w3: 'Nobody holds a thing like that innocently.',
    mo1: 'A reason and a chance — how convenient.',
    mo2: 'You wanted him gone, and you were there.',
    mw1: 'Murder in your heart, a weapon in your hand.',
    mw2: 'Such passion… and such a heavy object.',
    ow1: 'You were there, and so was the weapon.',
    ow2: 'The scene, the instrument — only the why remains.',
    mow1: 'I have it all: the why, the where and the how!',
    mow2: 'The case is closed — or is it?',
    mow3: 'Monsieur Richard deserved better. Confess!',
  },

  explain,
  /** Flourish of the Inspector when evidence hardens, by evidence type (cosmetic, rules §4.3 6B). */
  accuse: {
    motive: (who: string, card: string) => `“J'accuse, ${who}! You did it for ${card.toUpperCase()}!”`,
    opportunity: (who: string, card: string) => `“J'accuse, ${who}! You were ${card.toUpperCase()}!”`,
    weapon: (who: string, card: string) => `“J'accuse, ${who}! With the ${card.toUpperCase()}!”`,
  },

  // ── Board ──
  statusCharacters: (name: string) => `Choosing characters · ▶ ${name} picks`,
  statusInvestigate: (round: number, name: string) => `Round ${round} · 🔎 ${name} sets the investigation`,
  statusVote: (round: number, cast: number, of: number) => `Round ${round} · ⏳ Vote: ${cast}/${of} have cast`,
  statusAcross: (round: number, chooser: string, card: string) => `Round ${round} · ▶ ${chooser} sends ${card} across`,
  statusArrest: (names: string) => `Game over · 🚨 Arrested: ${names}`,
  statusExhausted: 'Game over · the evidence ran out — nobody is arrested',
  statusCap: 'Game over · the case went cold — nobody is arrested',
  inspectorMark: '🔎',
  exoneratedAgainst: (items: string) => `clear: ${items}`,
  suspectedLabel: '❓',
  hardLabel: '🔒',
  usedLabel: 'used',
  nothing: '—',
  handCount: (n: number) => `🗂️ ${n}`,
  /** The key to the seat lines' symbols, under them on the board. */
  boardKey: '-# ❓ evidence that points at the player (it can still move) · 🔒 Hard Evidence against them · used: Suspicion cards they cast this cycle · 🗂️ Investigation cards in their hand',
  cycleLine: (cycle: number, chooser: string) => `Suspicion cycle: round ${cycle}/3 · ${chooser}`,
  chooserHolder: 'Across: the holder picks',
  chooserInspector: 'Across: the Inspector picks',
  pilesLine: (m: number, o: number, w: number, undealt: number, played: number) =>
    `Piles: 💔 Motive ${m} · 🚪 Opportunity ${o} · 🗡️ Weapon ${w} · Investigation cards: ${undealt} undealt, ${played} played`,
  revealHeader: (round: number) => `**Round ${round} reveal**`,
  revealOutcome: (outcome: string, tie: boolean) => `→ ${outcome}${tie ? ' (tie counts as J’Accuse!)' : ''}`,
  revealInvestigation: (icons: string, line: string) => `Investigation ${icons}: “${line}”`,
  investigationIcons: (types: string[]) => types.join(' + '),
  outcomeMove: (card: string, from: string, to: string) => `${card}: ${from} → ${to}`,
  outcomeMovePending: (card: string, from: string) => `${card}: ${from} → … (choice pending)`,
  outcomeHarden: (card: string, who: string) => `${card} is now 🔒 Hard Evidence against ${who}`,
  outcomeExonerate: (card: string, who: string) => `${who} is exonerated of ${card} — it goes under its pile`,
  outcomeDeal: (card: string, who: string) => `${who} receives ${card}`,
  outcomeNothing: 'No evidence of those types is in play.',
  arrestedMark: '🚨',
  arrestedWith: (name: string, evidence: string) => `🚨 ${name} is arrested — convicted by ${evidence}${f.stop(evidence)}`,
  everyoneElseWins: 'Everyone else wins.',

  // ── Panel ──
  panelCharacter: (character: string, items: string) => `You are **${character}** — exonerated against ${items}${f.stop(items)}`,
  panelNoCharacter: 'You have not picked a character yet.',
  panelHand: (cards: string) => `Your Investigation cards: ${cards}`,
  panelHandEmpty: 'Your Investigation cards: none (new ones come when every hand is empty).',
  panelSuspicion: (available: string, used: string) => `Your Suspicion cards: ${available}${used ? ` · used this cycle: ${used}` : ''}`,
  panelChosen: (card: string) => `Face down under the stand: ${card}`,
  panelPickCharacter: 'Pick your character sheet.',
  panelWaitCharacter: (name: string) => `Waiting for ${name} to pick a character.`,
  panelSetInvestigation: 'You are the 🔎 Inspector: set one Investigation card face down. Only its evidence types will be affected.',
  panelWaitInvestigation: (name: string) => `Waiting for the 🔎 Inspector, ${name}, to set the investigation.`,
  panelVote: (cast: number, of: number) =>
    `Cast a Suspicion card — it stays secret until everyone has cast (${cast}/${of} so far). You can change it until then.`,
  panelVoted: (card: string, cast: number, of: number) =>
    `Your vote: ${card} (secret). You can change it until everyone has cast (${cast}/${of} so far).`,
  panelAcrossPick: (card: string, holder: string) => `Send ${card} (held by ${holder}) across: pick who receives it.`,
  panelAcrossWait: (chooser: string, card: string) => `Waiting for ${chooser} to send ${card} across.`,
  panelOverArrested: 'You are arrested. The Chief Inspector has heard enough.',
  panelOverFree: 'You walk free — you win!',
  panelOverNoLoser: 'Nobody is arrested — everyone walks free.',
  selectCharacter: 'Pick a character…',
  selectAcross: 'Send it to…',
  buttonInvestigate: (icons: string) => `Set ${icons} face down`,
  buttonVote: (card: string) => `Cast ${card}`,
  buttonRevote: (card: string) => `Switch to ${card}`,
  optionSend: (name: string) => `Send to ${name}`,
  optionCharacterDescription: (items: string) => `Exonerated against ${items}`,

  // ── Log ──
  logRoundStart: (round: number, name: string) => `Round ${round}: ${name} is the 🔎 Inspector.`,
  logCharacterChosen: (name: string, character: string) => `${name} is ${character}${f.stop(character)}`,
  logCharacterAuto: (name: string, character: string) => `${name} gets the last sheet: ${character}${f.stop(character)}`,
  logInvestigationSet: (name: string) => `${name} sets an Investigation card face down.`,
  logInvestigationChosenPrivate: (card: string) => `You set ${card} face down.`,
  logCast: (name: string, cast: number, of: number) => `${name} has cast a Suspicion card (${cast}/${of}).`,
  logVotePrivate: (card: string) => `You cast ${card} (secret until the reveal).`,
  logVoteChangedPrivate: (card: string) => `You switched your vote to ${card} (secret until the reveal).`,
  logReveal: (votes: string, outcome: string, investigation: string) => `Reveal: ${votes} → ${outcome}${f.stop(outcome)} Investigation: ${investigation}${f.stop(investigation)}`,
  logTie: ' (a tie counts as J’Accuse!)',
  logMoved: (flourish: string, card: string, from: string, to: string) => `${flourish} ${card} goes from ${from} to ${to}${f.stop(to)}`,
  logHardened: (flourish: string, card: string, name: string) => `${flourish} ${card} becomes 🔒 Hard Evidence against ${name}${f.stop(name)}`,
  logExonerated: (name: string, character: string, card: string) => `${name} (${character}) is exonerated of ${card}: it goes to the bottom of its pile.`,
  logDealt: (card: string, name: string) => `${name} receives ${card} as new Suspected Evidence.`,
  logPileEmpty: (type: string) => `The ${type} pile is empty: no new card of that type.`,
  logNothingAffected: 'No evidence of those types is in play: nothing happens.',
  logAcrossPending: (chooser: string, card: string, holder: string) => `${chooser} chooses where ${card} (held by ${holder}) goes across.`,
  logSuspicionReturned: 'End of the Suspicion cycle: everyone takes back all 4 Suspicion cards.',
  logReshuffled: 'Every Investigation hand is empty: all 18 cards are shuffled and 3 dealt to each player.',
  logArrested: (name: string, evidence: string) => `🚨 ${name} is arrested, convicted by ${evidence}${f.stop(evidence)}`,
  logGameOverArrest: 'Everyone else wins.',
  logGameOverExhausted: 'All the evidence is gone and nobody is arrested: everyone walks free.',
  logGameOverCap: 'The case went cold after too many rounds: nobody is arrested.',

  // ── Errors ──
  errors: {
    'game-over': 'The game is over.',
    'not-seated': 'You are not seated at this table.',
    'wrong-phase': 'That is not what the table is doing now — here is your current panel.',
    malformed: 'That move is not valid here. Nothing was changed.',
    'not-your-turn': 'It is not your decision right now.',
    'character-taken': 'Someone already took that character — pick another.',
    'card-not-in-hand': 'That Investigation card is not in your hand.',
    'suspicion-used': 'You already used that Suspicion card this cycle — pick another.',
    'same-vote': 'That is already your vote.',
    'wrong-card': 'That evidence is not the one being sent across now.',
    'not-eligible': 'That player is not across from the holder — pick someone from the list.',
    unknown: 'That action is not possible right now.',
  } satisfies Record<JaccuseErrorCode | 'unknown', string>,
  staleVote: 'Too late — the votes were already revealed.',

  // ── Options / help ──
  optionAcrossChooser: 'Who picks the Across recipient: the holder or the Inspector',
  optionCharacters: 'Random characters, or everyone picks one at the start',
  optionTurnTimer: "Seconds for the Inspector's pick and Across choices",
  optionVoteTimer: 'Seconds for the secret Suspicion vote',
  choiceHolder: 'Holder of the card',
  choiceInspector: 'Inspector',
  choiceRandom: 'Random',
  choiceChoice: 'Players choose',
  /** The lobby's options line; a timer is null on a turn-based table (its pace line says the time per move). */
  optionsSummary: (chooser: string, characters: string, turn: number | null, vote: number | null) =>
    [`Across: ${chooser} picks`, `Characters: ${characters}`, turn !== null && `Turn timer ${turn} s`, vote !== null && `Vote timer ${vote} s`].filter(Boolean).join(' · '),
  summaryHolder: 'the holder',
  summaryInspector: 'the Inspector',
  summaryRandom: 'random',
  summaryChoice: 'chosen by players',
  rulesHelp: (o: { chooser: string; characters: string; turn: number; vote: number; cap: number }) =>
    [
      "**J'Accuse!** — M. Richard is dead and everyone is a suspect. Move the evidence onto your rivals; whoever is arrested loses, everyone else wins.",
      '',
      "**Your sheet.** Each character is exonerated against one Motive, one Opportunity and one Weapon (shown on the board). Characters: " +
        o.characters +
        '.',
      '**Evidence.** One 💔 Motive, one 🚪 Opportunity and one 🗡️ Weapon are in play as Suspected Evidence, dealt from the Inspector’s left.',
      '**A round.**',
      `1. The 🔎 Inspector secretly sets one of their 3 Investigation cards (icons: 💔 / 🚪 / 🗡️, one to three of them). ${o.turn} s, else a random card.`,
      `2. Everyone, Inspector included, secretly casts a Suspicion card: ⬅️ Left, ➡️ Right, ⬆️ Across or 🫵 J'Accuse!. You may change it until everyone has cast. ${o.vote} s, else a random card.`,
      "3. All votes are revealed together. The card with the most votes prevails; any tie for the top counts as 🫵 J'Accuse!.",
      '4. The Investigation card is revealed: only its evidence types are affected.',
      `   • ⬅️/➡️: each affected card moves to its holder’s left / right neighbour. ⬆️ Across: to a player who is not next to the holder (3 players: either other player); when there is a choice, ${o.chooser} picks (${o.turn} s, else random).`,
      "   • 🫵 J'Accuse!: each affected card becomes 🔒 Hard Evidence against its holder — unless their sheet exonerates them of that exact card: then it goes under its pile. New cards are dealt from the Inspector’s left, in the order 💔 🚪 🗡️.",
      '5. The Inspector role passes to the left.',
      '**Suspicion cycle.** Use 3 different Suspicion cards over 3 rounds; then all 4 come back. Used cards are public.',
      '**Investigation cards.** Play all 3 of yours before new ones come; when every hand is empty, all 18 are shuffled and 3 dealt to each player.',
      `**Arrest.** Hard Evidence of all three types, or 5 Hard Evidence cards of any mix: you are arrested (several at once if it happens together). If all the evidence runs out first — or the case goes cold after ${o.cap} rounds — nobody loses.`,
      '**Table talk** is welcome, but do not name Suspicion cards (the bot does not police it).',
    ].join('\n'),
  /** Words drawn in the board and hand pictures (src/games/jaccuse/pictures.ts): Latin-1 only, no emoji. */
  pictures: {
    typeName: { motive: 'Motive', opportunity: 'Opportunity', weapon: 'Weapon' },
    typeLetter: { motive: 'M', opportunity: 'O', weapon: 'W' },
    suspicionName: { left: 'Left', right: 'Right', across: 'Across', jaccuse: "J'Accuse!" },
    suspicionLetter: { left: 'L', right: 'R', across: 'A', jaccuse: 'J' },
    headerCharacters: 'Choosing characters',
    header: (round: number, cycle: number) => `Round ${round} · Suspicion cycle ${cycle} of 3`,
    headerOver: 'Game over',
    statusCharacters: (name: string) => `${name} picks a character`,
    statusInvestigate: (name: string) => `${name} sets the investigation face down`,
    statusVote: (cast: number, of: number) => `Secret vote: ${cast} of ${of} have cast`,
    statusAcross: (name: string, card: string) => `${name} sends ${card} across`,
    statusArrest: (names: string) => `Arrested: ${names}. Everyone else wins`,
    statusExhausted: 'The evidence ran out: nobody is arrested',
    statusCap: 'The case went cold: nobody is arrested',
    you: 'you',
    inspector: 'Inspector',
    noCharacter: 'no character yet',
    cast: 'cast',
    waiting: 'waiting',
    arrested: 'arrested',
    free: 'free',
    hardCount: (n: number) => `${n}/5`,
    investigationCount: (n: number) => `x${n}`,
    piles: (m: number, o: number, w: number) => `Piles: M ${m} · O ${o} · W ${w}`,
    investigationPiles: (undealt: number, played: number) => `Investigation cards: ${undealt} undealt, ${played} played`,
    revealHeading: (round: number) => `Round ${round} reveal`,
    revealOutcome: (card: string, tie: boolean) => `${card}${tie ? ' (a tie counts as J\'Accuse!)' : ''}`,
    revealInvestigation: (types: string) => `${types}`,
    outcomeMove: (card: string, from: string, to: string) => `${card}: ${from} to ${to}`,
    outcomeMovePending: (card: string, from: string) => `${card}: ${from} to ... (choice pending)`,
    outcomeHarden: (card: string, who: string) => `${card}: hard evidence against ${who}`,
    outcomeExonerate: (card: string, who: string) => `${card}: ${who} is cleared of it`,
    outcomeDeal: (card: string, who: string) => `${card}: dealt to ${who}`,
    outcomeNothing: 'No evidence of those types is in play',
    more: (n: number) => `+${n} more`,
    legendHeading: 'Key',
    legend: {
      motive: 'Motive',
      opportunity: 'Opportunity',
      weapon: 'Weapon',
      hard: 'hard evidence: 3 types or 5 = arrest',
      used: 'used this cycle',
            investigation: 'Investigation cards',
      turn: 'to act',
      latest: 'just changed',
      vote: 'your vote',
      voteOf: 'their vote',
    },
    clearedOf: 'Your sheet clears you of',
    clearedOfSeat: (who: string) => `${who}'s sheet clears them of`,
    suspicionOf: (who: string) => `${who}'s Suspicion cards`,
    investigationOf: (who: string) => `${who}'s Investigation cards`,
    voteWordOf: 'their vote',
    yourSuspicion: 'Your Suspicion cards',
    yourInvestigation: 'Your Investigation cards',
    investigationEmpty: 'None: new ones come when every hand is empty',
    faceDown: 'face down',
    usedWord: 'used',
    voteWord: 'your vote',
    nothing: 'none',
    altBoard: (header: string) => `J'Accuse! board, ${header}${f.stop(header)}`,
    altHand: (header: string) => `Your J'Accuse! hand, ${header}${f.stop(header)}`,
    altSeat: (name: string, character: string, suspected: string, hard: string, used: string) =>
      `${name}, ${character}: suspected ${suspected}; hard evidence ${hard}; used ${used}${f.stop(used)}`,
    altLatest: (text: string) => `Just now: ${text}`,
    altInvestigation: (cards: string) => `Your Investigation cards: ${cards}${f.stop(cards)}`,
    altSuspicion: (free: string) => `Suspicion cards you can play: ${free}${f.stop(free)}`,
    altVote: (card: string) => `Your vote: ${card}${f.stop(card)}`,
    altHandOf: (who: string, header: string) => `${who}'s J'Accuse! hand, ${header}${f.stop(header)}`,
    altInvestigationOf: (who: string, cards: string) => `${who}'s Investigation cards: ${cards}${f.stop(cards)}`,
    altSuspicionOf: (who: string, free: string) => `Suspicion cards ${who} can play: ${free}${f.stop(free)}`,
    altVoteOf: (who: string, card: string) => `${who}'s vote: ${card}${f.stop(card)}`,
    altClearedOf: (who: string, cards: string) => `${who}'s sheet clears them of ${cards}${f.stop(cards)}`,
    altCleared: (cards: string) => `Your sheet clears you of ${cards}${f.stop(cards)}`,
  },
  /** The lesson (`/jaccuse learn`, src/games/jaccuse/lesson.ts; docs/lessons.md). */
  lesson: {
    notes: {
      investigate: (_n) => 'You are the Inspector this round: choose an Investigation card, face down. Only the evidence types it names are affected; this one names all three.',
      jaccuse: (_n) => "Everyone votes in secret with a Suspicion card; the most votes win, a tie counts as J'Accuse!. J'Accuse! makes each investigated card 🔒 Hard Evidence against its holder: vote J'Accuse!.",
      direction: (_n) => "Your J'Accuse! card is used: each Suspicion card once in three rounds. Left and Right pass each investigated card to its holder's neighbour: vote Left to move the Motive away from you.",
      sheet: (n) => `The majority voted Right, so the Jealousy motive came to you. Each character sheet clears its owner of one Motive, one Opportunity and one Weapon: ${n(1)}, the Butler, is cleared of “In the Wine Cellar”, which he now holds. Vote Across.`,
      across: (_n) => 'Three rounds are over, so all four Suspicion cards are back. Your Motive is investigated: vote Across to send it to the player opposite you.',
      end: (_n) => 'Hard Evidence of all three types, or five cards, gets a player arrested — and everyone else wins. The Affair already has two.',
      chosen: (_n) => 'Characters are chosen at this table: before the first round each player takes a free character sheet in turn.',
      inspectorAcross: (_n) => 'At this table the Inspector, not the holder, chooses who receives a card sent Across.',
      threePlayers: (_n) => 'Three players: the Inspector takes the first Weapon, and Across means any other player.',
    } satisfies Record<JaccuseLessonNote, LessonNoteText>,
    sections: {
      4: {
        1: { title: 'Components', text: "Six character sheets, each exonerated against one Motive, one Opportunity and one Weapon. 25 evidence cards. Each player has four Suspicion cards (Left, Right, Across, J'Accuse!) and Investigation cards naming one, two or three evidence types." },
        2: { title: 'Setup', text: "Each player gets a character (at random, or chosen), the four Suspicion cards and three Investigation cards. From the first Inspector's left, players receive the top Motive, Opportunity and Weapon face up as Suspected Evidence." },
        3: { title: 'A round', text: "The Inspector secretly picks an Investigation card. Everyone secretly picks an unused Suspicion card; the card with strictly the most votes prevails, a tie counts as J'Accuse!. Only the investigated types are affected: Left and Right move each card to its holder's neighbour; J'Accuse! makes each card Hard Evidence against its holder, unless their sheet exonerates them of it. The Inspector role then passes clockwise." },
        4: { title: 'Across', text: "With 4 or more players Across is anyone but the holder and the holder's neighbours; with 3, any other player. The holder picks the recipient (a table option lets the Inspector pick)." },
        5: { title: 'Suspicion-card cycle', text: 'Each player uses three different Suspicion cards over three rounds, then gets all four back. Used cards are public.' },
        7: { title: 'End', text: 'After a round, a player with Hard Evidence of all three types or five cards in any mix is arrested and loses; everyone else wins.' },
      },
    } satisfies LessonSections,
  },
  /** ❔ Why (src/games/jaccuse/why.ts; docs/lessons.md): the decision and what each move does. */
  why: {
    title: { character: 'Choose a character', investigate: 'Your investigation', vote: 'Secret vote', send: 'Send it Across' },
    decision: {
      character: 'Take a free character sheet: it clears you of one Motive, one Opportunity and one Weapon for the whole game.',
      investigate: "You are the Inspector: pick an Investigation card face down. Only the evidence types it names move or harden this round.",
      vote: "Everyone votes in secret with an unused Suspicion card. The card with strictly the most votes prevails; a tie counts as J'Accuse!. Each card can be used once in three rounds.",
      send: 'Across prevailed: choose who receives this evidence card.',
    },
    inspectorVotes: 'As the Inspector you vote too.',
    moves: {
      character: 'Take this character — their sheet is yours for the game.',
      investigate: 'Investigate — the evidence types on this card are the ones affected.',
      vote: "Left / Right — each investigated card passes to its holder's neighbour; Across — to a player opposite; J'Accuse! — each becomes Hard Evidence against its holder, unless their sheet clears them of it.",
      send: 'Send — the card goes to this player.',
    },
  },
} as const;
