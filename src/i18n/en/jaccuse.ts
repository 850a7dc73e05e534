/** English strings of the jaccuse game (rules help, board, panel, errors). */
import type { JaccuseErrorCode } from '../../games/jaccuse/rules.js';


/** Flourish of the Inspector when evidence moves, by evidence type (cosmetic, rules §4.3 6A). */
const explain = {
  motive: (who: string, card: string) => `“And you, ${who}… explain the ${card.toUpperCase()}!”`,
  opportunity: (who: string, card: string) => `“And you, ${who}… what were you doing ${card.toUpperCase()}?”`,
  weapon: (who: string, card: string) => `“And you, ${who}… explain the ${card.toUpperCase()}!”`,
};

export const jaccuse = {
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

  suspicion: { left: '⬅️ Left', right: '➡️ Right', across: '↔️ Across', jaccuse: "🫵 J'Accuse!" },
  suspicionEmoji: { left: '⬅️', right: '➡️', across: '↔️', jaccuse: '🫵' },

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
  arrestedWith: (name: string, evidence: string) => `🚨 ${name} is arrested — convicted by ${evidence}.`,
  everyoneElseWins: 'Everyone else wins.',

  // ── Panel ──
  panelCharacter: (character: string, items: string) => `You are **${character}** — exonerated against ${items}.`,
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
  logCharacterChosen: (name: string, character: string) => `${name} is ${character}.`,
  logCharacterAuto: (name: string, character: string) => `${name} gets the last sheet: ${character}.`,
  logInvestigationSet: (name: string) => `${name} sets an Investigation card face down.`,
  logInvestigationChosenPrivate: (card: string) => `You set ${card} face down.`,
  logCast: (name: string, cast: number, of: number) => `${name} has cast a Suspicion card (${cast}/${of}).`,
  logVotePrivate: (card: string) => `You cast ${card} (secret until the reveal).`,
  logVoteChangedPrivate: (card: string) => `You switched your vote to ${card} (secret until the reveal).`,
  logReveal: (votes: string, outcome: string, investigation: string) => `Reveal: ${votes} → ${outcome}. Investigation: ${investigation}.`,
  logTie: ' (a tie counts as J’Accuse!)',
  logMoved: (flourish: string, card: string, from: string, to: string) => `${flourish} ${card} goes from ${from} to ${to}.`,
  logHardened: (flourish: string, card: string, name: string) => `${flourish} ${card} becomes 🔒 Hard Evidence against ${name}.`,
  logExonerated: (name: string, character: string, card: string) => `${name} (${character}) is exonerated of ${card}: it goes to the bottom of its pile.`,
  logDealt: (card: string, name: string) => `${name} receives ${card} as new Suspected Evidence.`,
  logPileEmpty: (type: string) => `The ${type} pile is empty: no new card of that type.`,
  logNothingAffected: 'No evidence of those types is in play: nothing happens.',
  logAcrossPending: (chooser: string, card: string, holder: string) => `${chooser} chooses where ${card} (held by ${holder}) goes across.`,
  logSuspicionReturned: 'End of the Suspicion cycle: everyone takes back all 4 Suspicion cards.',
  logReshuffled: 'Every Investigation hand is empty: all 18 cards are shuffled and 3 dealt to each player.',
  logArrested: (name: string, evidence: string) => `🚨 ${name} is arrested, convicted by ${evidence}.`,
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
  optionsSummary: (chooser: string, characters: string, turn: number, vote: number) =>
    `Across: ${chooser} picks · Characters: ${characters} · Turn timer ${turn} s · Vote timer ${vote} s`,
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
      `2. Everyone, Inspector included, secretly casts a Suspicion card: ⬅️ Left, ➡️ Right, ↔️ Across or 🫵 J'Accuse!. You may change it until everyone has cast. ${o.vote} s, else a random card.`,
      "3. All votes are revealed together. The card with the most votes prevails; any tie for the top counts as 🫵 J'Accuse!.",
      '4. The Investigation card is revealed: only its evidence types are affected.',
      `   • ⬅️/➡️: each affected card moves to its holder’s left / right neighbour. ↔️ Across: to a player who is not next to the holder (3 players: either other player); when there is a choice, ${o.chooser} picks (${o.turn} s, else random).`,
      "   • 🫵 J'Accuse!: each affected card becomes 🔒 Hard Evidence against its holder — unless their sheet exonerates them of that exact card: then it goes under its pile. New cards are dealt from the Inspector’s left, in the order 💔 🚪 🗡️.",
      '5. The Inspector role passes to the left.',
      '**Suspicion cycle.** Use 3 different Suspicion cards over 3 rounds; then all 4 come back. Used cards are public.',
      '**Investigation cards.** Play all 3 of yours before new ones come; when every hand is empty, all 18 are shuffled and 3 dealt to each player.',
      `**Arrest.** Hard Evidence of all three types, or 5 Hard Evidence cards of any mix: you are arrested (several at once if it happens together). If all the evidence runs out first — or the case goes cold after ${o.cap} rounds — nobody loses.`,
      '**Table talk** is welcome, but do not name Suspicion cards (the bot does not police it).',
    ].join('\n'),
} as const;
