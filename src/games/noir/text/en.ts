/** English strings of the noir game (rules help, board, panel, errors). */
import type { NoirErrorCode } from '../rules.js';
import { formatters } from '../../../i18n/format.js';
import type { LessonNoteText, LessonSections } from '../../lesson.js';
import type { NoirLessonNote } from '../lesson.js';

const f = formatters('en');

export const en = {
  /**
   * 💡 Hint and review analysis: why a move, from the seat's view (src/games/noir/hint.ts;
   * docs/rules/noir.md §2.3–§2.7). The move's label names its suspect or line.
   */
  hintReasons: {
    killFirst: () => 'The first turn must be a kill next to your identity; which victim matters little yet.',
    killTarget: (target: number) => `It is death number ${target}: you reach the kill target and win.`,
    killInspectorSure: () => 'That suspect is the only one the Inspector can still be: killing them wins.',
    killMaybeInspector: (cands: number, deaths: number, target: number) =>
      `The Inspector is one of ${cands} suspects you cannot rule out, and this is one of them: if you hit, you win. Otherwise it is death ${deaths} of ${target}.`,
    kill: (cands: number, deaths: number, target: number) =>
      `Death ${deaths} of ${target} toward the kill target. The victim cannot be the Inspector (${cands} suspects still can), and each kill tells the Inspector you stand next to it.`,
    shiftKiller: (before: number, after: number, inspectorsBefore: number, inspectorsAfter: number) =>
      before === after && inspectorsBefore === inspectorsAfter
        ? `It leaves your own neighbours as they are (${after} living suspects to kill next turn, ${inspectorsAfter} of them possibly the Inspector) but moves others — and a shift tells the Inspector nothing about you.`
        : `It changes who stands next to your identity: ${before} → ${after} living suspects you could kill next turn, ${inspectorsBefore} → ${inspectorsAfter} of them possibly the Inspector — and a shift tells the Inspector nothing about you.`,
    shiftInspector: (before: number, after: number, total: number) =>
      before === after
        ? `It leaves your own neighbours as they are (${after} of the ${total} possible Killers within arrest reach) but moves others around: it can spoil the Killer's next kill.`
        : `It changes who stands next to you: ${before} → ${after} of the ${total} possible Killers within arrest reach for your next turn.`,
    disguise: (killers: number, deck: number) =>
      `A new identity from the deck: the Inspector has narrowed you down to ${killers} suspects, and that work starts over; your old card is shown and gets an innocent marker. Risk: the draw is random (a dead card is wasted; ${deck} cards left).`,
    disguiseClassic: (killers: number, deck: number) =>
      `A new identity from the deck: the Inspector has narrowed you down to ${killers} suspects, and that work starts over; your old identity is shown and dies (it counts as a death). Risk: the draw is random (${deck} cards left).`,
    choose: (neighbours: number, cands: number) =>
      `As your identity it has ${neighbours} living neighbours you could arrest, ${cands} of them possible Killers; your other cards are innocents you can exonerate.`,
    discard: (canvas: number, wasCand: number) =>
      `It proves that suspect innocent${wasCand ? ', one fewer who could be the Killer' : ''}${canvas ? '; it gets a marker and the Killer must say whether they stand next to it' : ''}.`,
    arrestChance: (count: number) => `The Killer is one of ${count} suspects you cannot rule out: a 1 in ${count} chance to win now; a miss is public and tells the Killer where you are not looking.`,
    arrestCleared: (count: number) => `That suspect is already ruled out (the Killer is one of ${count} others): the arrest cannot win; it only shows the Killer a move.`,
    arrestBluff: (count: number) => `Arresting your own identity cannot win; it hides where you stand (the Killer is one of ${count} suspects).`,
    narrow: (count: number) => `${count} suspects could still be the Killer: an exoneration proves one more innocent and its canvas answer narrows them.`,
    exonerate: (deck: number) => `You draw a card and discard one face up: one more proven innocent, and a fresh card in hand (${deck} left in the deck).`,
    citizen: (count: number) => `Instead of a canvas you arrest a suspect next to the exonerated one: the Killer is one of ${count} suspects you cannot rule out, a 1 in ${count} chance.`,
    citizenCleared: (count: number) => `That suspect is already ruled out (the Killer is one of ${count} others): the citizen's arrest cannot win.`,
  },
  title: 'NOIR: Killer vs. Inspector',
  description: 'Two-player deduction on a 5×5 grid of suspects: a hidden Killer against a hidden Inspector.',
  /** `/help`'s line for the game (src/games/module.ts `GameText`). */
  helpLine: 'Two players on a grid of suspects: the hidden Killer strikes, the Inspector must find the Killer before too many die.',
  /**
   * The names of `/noir` and of the options only this game has, by registered (English) name
   * (the shared ones are in `common.commandNames`).
   */
  commandNames: {
    'noir': 'noir',
    'mode': 'mode',
    'kill-target': 'kill-target',
    'killer': 'killer',
  },

  // Roles and modes
  roleEmoji: { killer: '🔪', inspector: '🕵️' },
  roleName: { killer: 'Killer', inspector: 'Inspector' },
  modeName: { classic: 'Classic', standard: 'Standard', 'citizens-arrest': "Citizen's Arrest" },
  killerChoiceName: { random: 'random', host: 'the host', guest: 'the host’s opponent' },

  // Grid
  column: (letter: string) => `column ${letter}`,
  row: (n: number) => `row ${n}`,
  shiftLabel: (axis: 'row' | 'col', label: string, arrow: string) => (axis === 'row' ? `Row ${label} ${arrow}` : `Column ${label} ${arrow}`),
  legend: '`ADA` alive · `-ada-` dead · `+ADA+` innocent marker',
  panelLegendKiller: '`[ABC]` = you',
  panelLegendInspector: '`[ABC]` = you · `(ABC)` = your evidence',
  suspect: (name: string, code: string) => `${name} (${code})`,
  at: (pos: string) => `at ${pos}`,
  collapsedAway: 'collapsed away',
  none: '—',

  // Board
  statusTurn: (turn: number) => `Turn ${turn}`,
  statusFirstKill: (who: string) => `▶ ${who} (🔪 Killer) makes the first kill`,
  statusChoose: (who: string) => `▶ ${who} (🕵️ Inspector) picks a secret identity`,
  statusKiller: (who: string) => `▶ ${who} (🔪 Killer): shift, kill or disguise`,
  statusInspector: (who: string) => `▶ ${who} (🕵️ Inspector): shift, arrest or exonerate`,
  statusDiscard: (who: string) => `▶ ${who} (🕵️ Inspector) exonerates: choosing a card to discard`,
  statusWin: (who: string, role: string) => `🏆 ${who} (${role}) wins`,
  statusDraw: (cap: number) => `Draw — ${cap} turns without a winner`,
  seatKiller: (mark: string, who: string) => `${mark} 🔪 ${who} — Killer`,
  seatInspector: (mark: string, who: string, hand: number, chosen: boolean) =>
    `${mark} 🕵️ ${who} — Inspector · ${f.count(hand, { one: 'evidence card', other: 'evidence cards' })}${chosen ? '' : ' · identity not chosen yet'}`,
  idleMark: '•',
  deathsLine: (deaths: number, target: number, deck: number, mode: string) =>
    `☠️ Deaths **${deaths}/${target}** · 🂠 Deck **${deck}** · ${mode} mode`,
  lastShiftLine: (shift: string, who: string) => `↔️ Last shift: ${shift} by ${who}`,
  blockedLine: (shift: string, who: string) => ` · ${who} may not play ${shift} now`,
  lapsedLine: ' · the grid collapsed, so it may be reversed',
  noShiftYet: '↔️ No shift yet',
  arrestsLine: (list: string) => `🚔 Arrests: ${list}`,
  arrestMiss: (code: string) => `${code} ✗`,
  arrestHit: (code: string) => `${code} ✅`,
  arrestCitizen: (text: string) => `${text} (citizen's)`,
  canvasLine: (role: string, list: string) => `🗣️ Canvas, ${role} next to: ${list}`,
  canvasItem: (code: string, adjacent: boolean) => `${code} ${adjacent ? 'yes' : 'no'}`,
  earlier: (n: number) => `+${n} earlier`,
  discardsLine: (list: string) => `🗂️ Proven innocent: ${list}`,
  removedLine: (list: string) => `⚰️ Collapsed away: ${list}`,
  revealLine: (killer: string, inspector: string) => `🔓 The Killer was **${killer}** · the Inspector was **${inspector}**`,
  revealHand: (list: string) => `🔓 Inspector's evidence hand: ${list}`,
  reasonText: {
    arrest: 'the Killer was arrested',
    'inspector-killed': 'the Inspector was killed',
    'kill-target': 'the kill target was reached',
    cap: 'the turn cap was reached',
  },
  /** Why the game ended (the board's results say "Game over" already). */
  reasonLine: (text: string) => `🏁 ${text.charAt(0).toUpperCase()}${text.slice(1)}.`,

  // Panel
  youKiller: (identity: string, pos: string) => `🔪 You are the **Killer**. Your identity: **${identity}** ${pos}.`,
  youInspector: (identity: string, pos: string) => `🕵️ You are the **Inspector**. Your identity: **${identity}** ${pos}.`,
  youInspectorUnchosen: '🕵️ You are the **Inspector**. Your identity is not chosen yet.',
  handLine: (list: string) => `🗂️ Your evidence (innocent): ${list}`,
  handEmpty: '🗂️ Your evidence hand is empty.',
  drawnLine: (card: string) => `🆕 You drew **${card}**. Discard one card face-up (any, including the new one).`,
  drawsLine: (list: string) => `🎭 Your disguise draws: ${list}`,
  drawAlive: (code: string) => `${code} (alive)`,
  drawDead: (code: string) => `${code} (dead)`,
  promptFirstKill: (identity: string) => `▶ Your first turn: you must kill a suspect next to ${identity}.`,
  promptChoose: '▶ Pick your secret identity from your four cards. You lose if it is killed; the other three stay your evidence hand.',
  /** The Killer's turn prompt, naming only the moves offered: no kill when no living suspect is next to the identity, no disguise when the deck is empty. */
  promptKiller: (identity: string, can: { kill: boolean; disguise: boolean }) => {
    const moves = ['shift a row or column', ...(can.kill ? [`kill a suspect next to ${identity}`] : []), ...(can.disguise ? ['disguise'] : [])];
    const list = moves.length === 1 ? moves[0] : moves.length === 2 ? `${moves[0]} or ${moves[1]}` : `${moves.slice(0, -1).join(', ')}, or ${moves.at(-1)}`;
    return `▶ Your turn: ${list}.${can.kill ? '' : ` (No living suspect is next to ${identity}: no kill this turn.)`}`;
  },
  promptInspector: '▶ Your turn: shift a row or column, arrest a suspect next to you (or yourself), or exonerate.',
  promptDiscard: '▶ Choose the evidence card to discard.',
  promptDeckEmpty: 'The evidence deck is empty: no more disguises or exonerations.',
  waitingFor: (who: string, role: string) => `⏳ Waiting for ${who} (${role}).`,
  youWon: '🏆 You won!',
  youLost: 'You lost.',
  youDrew: 'The game ended in a draw.',

  // Components
  placeholderShift: '↔️ Shift a row or column…',
  placeholderKill: '🔪 Kill a neighbour…',
  placeholderArrest: '🚔 Arrest a suspect…',
  placeholderCitizen: "📣 Citizen's arrest…",
  optionShift: (shift: string) => `Shift ${shift}`,
  optionKill: (suspect: string, pos: string) => `Kill ${suspect} ${pos}`,
  optionArrest: (suspect: string, pos: string) => `Arrest ${suspect} ${pos}`,
  optionArrestSelf: (suspect: string, pos: string) => `Arrest ${suspect} ${pos} — yourself (bluff)`,
  optionCitizen: (discard: string, target: string, pos: string) => `Discard ${discard} → arrest ${target} ${pos}`,
  buttonDisguise: '🎭 Disguise (draw evidence)',
  buttonExonerate: '🔎 Exonerate (draw, then discard)',
  buttonChoose: (suspect: string) => `Become ${suspect}`,
  buttonDiscard: (suspect: string) => `Discard ${suspect}`,
  buttonDiscardNew: (suspect: string) => `Discard ${suspect} (new)`,

  // Log
  evKill: (who: string, victim: string) => `${who} (🔪 Killer) killed ${victim}.`,
  evCanvas: (around: string, role: string, adjacent: boolean) =>
    `Canvas around ${around}: the ${role} is ${adjacent ? '' : 'not '}adjacent.`,
  evCollapse: (rows: number, cols: number, list: string) =>
    `Collapse: ${[rows ? f.count(rows, { one: 'row', other: 'rows' }) : '', cols ? f.count(cols, { one: 'column', other: 'columns' }) : ''].filter(Boolean).join(' and ')} of the dead removed (${list}).`,
  evShift: (who: string, shift: string) => `${who} shifted ${shift}.`,
  evDisguiseKilled: (who: string, old: string) => `${who} (🔪 Killer) disguised: ${old}'s evidence is discarded and ${old} is flipped to deceased.`,
  evDisguiseMarked: (who: string, old: string) => `${who} (🔪 Killer) disguised: ${old}'s evidence is discarded and ${old} gets an innocent marker.`,
  evDisguiseNone: (who: string, card: string) => `${who} (🔪 Killer) disguised: ${card}'s evidence is discarded.`,
  evDrawAlive: (card: string) => `You drew ${card}, who is alive: ${card} is your new identity.`,
  evDrawDead: (card: string, identity: string) => `You drew ${card}, who is dead: you remain ${identity}.`,
  evIdentityChosen: (who: string) => `${who} (🕵️ Inspector) picked a secret identity.`,
  evIdentity: (card: string) => `Your secret identity is ${card}.`,
  evArrestHit: (who: string, suspect: string) => `${who} arrested ${suspect}: the Killer!`,
  evArrestMiss: (who: string, suspect: string) => `${who} arrested ${suspect}: not the Killer.`,
  evExonerateDraw: (who: string, deck: number) => `${who} (🕵️ Inspector) exonerates and draws an evidence card (${deck} left).`,
  evDrew: (card: string) => `You drew ${card}.`,
  evExonerate: (who: string, suspect: string, marker: boolean) =>
    `${who} exonerated ${suspect}${marker ? ', who gets an innocent marker' : ''}.`,
  evCitizen: (who: string, suspect: string, marker: boolean) =>
    `${who} made a citizen's arrest, discarding ${suspect}${marker ? ' (innocent marker)' : ''}.`,
  evWin: (who: string, role: string, reason: string) => `${who} (${role}) wins: ${reason}.`,
  evDraw: (cap: number) => `Draw: ${cap} turns without a winner.`,
  evReveal: (killer: string, inspector: string) => `The Killer was ${killer}; the Inspector was ${inspector}.`,

  // Errors
  errors: {
    'game-over': 'The game is over.',
    'not-seated': 'You are not playing at this table.',
    'not-your-turn': 'It is not your turn.',
    'must-kill-first': 'Your first turn must be a kill.',
    'choose-identity-first': 'Pick your secret identity first.',
    'discard-first': 'Finish your exoneration: choose a card to discard.',
    'wrong-phase': 'Your role cannot do that.',
    'bad-shift': 'That shift is not possible on the current grid.',
    'no-undo': 'You may not undo the opponent’s last shift. Pick another line or direction.',
    'not-adjacent': 'That suspect is not adjacent. Pick one from the menu.',
    'not-alive': 'That suspect is dead or gone. Pick a living one.',
    'not-choosable': 'That suspect is dead and cannot be your identity.',
    'not-in-hand': 'That card is not in your hand.',
    'deck-empty': 'The evidence deck is empty.',
    mode: 'Citizen’s arrests are not part of this game’s mode.',
    'not-on-grid': 'That suspect was collapsed away, so nobody can be arrested next to them.',
    malformed: 'That move is not valid here. Nothing was changed.',
    unknown: 'That action is not possible now.',
  } satisfies Record<NoirErrorCode | 'unknown', string>,

  // Options and rules help
  /** The lobby's options line; `seconds` is null on a turn-based table (its pace line says the time per move). */
  optionsSummary: (mode: string, target: number, killer: string, seconds: number | null) =>
    [`${mode} mode`, `Killer wins at ${target} deaths`, `Killer: ${killer}`, seconds !== null && `${seconds} s per turn`].filter(Boolean).join(' · '),
  disguiseRule: (kills: boolean) =>
    kills
      ? 'In Classic mode the old identity is flipped to deceased (it counts as a death).'
      : 'In Classic mode the old identity stays alive; its card is simply discarded.',
  rulesHelp: (p: { mode: string; target: number; killer: string; seconds: number; cap: number; disguise: string; canvassing: boolean; citizens: boolean }) =>
    [
      '**🔪 NOIR: Killer vs. Inspector** — two players, one grid of 25 suspects (rows 1–5, columns A–E).',
      `This table: **${p.mode}** mode · Killer wins at **${p.target}** deaths · Killer is ${p.killer} · ${p.seconds} s per turn.`,
      '',
      '**Secrets.** The Killer is secretly one suspect; the Inspector is secretly another. The Inspector also holds evidence cards: suspects proven innocent.',
      '**Start.** The Killer must first kill a neighbour of their suspect. Then the Inspector picks an identity from four cards (not the victim); the other three become the evidence hand.',
      '**Neighbours** are the 8 cells around a suspect (diagonals count, no wrapping at the edges).',
      '**Each turn, one action.**',
      '• Both: **Shift** a row left/right or a column up/down by one; the card pushed off re-enters at the other end. You may not simply reverse the opponent’s last shift.',
      '• Killer: **Kill** a living neighbour · **Disguise**: draw evidence — if that suspect lives it becomes your new identity and your old card is revealed; if dead, the card is discarded and nothing changes.',
      p.disguise ? `  ${p.disguise}` : '',
      '• Inspector: **Arrest** a living neighbour (or yourself, as a bluff) — the bot answers truthfully · **Exonerate**: draw an evidence card, then reveal one card of your hand.',
      p.canvassing
        ? '**Canvassing.** Revealed innocents that are alive get an innocent marker (`+ABC+`). After each exoneration the bot tells everyone whether the Killer is next to that suspect; when a marked suspect is killed, it tells whether the Inspector is next to the victim.'
        : '**Classic.** No markers and no canvassing: revealed cards simply prove innocence.',
      p.citizens
        ? "**Citizen's arrest.** Instead of drawing, reveal a hand card and arrest a living neighbour of that suspect. Your hand shrinks for good, so at most three times."
        : '',
      '**Collapse.** A row or column made only of dead suspects is removed and the grid closes up; they still count as deaths.',
      '**Empty deck.** No more disguises or exonerations; shifts, kills and arrests go on.',
      `**Winning.** Inspector: arrest the Killer. Killer: kill the Inspector or reach ${p.target} deaths. After ${p.cap} turns without a winner the game is a draw.`,
      'Grid: `ADA` alive · `-ada-` dead · `+ADA+` innocent marker. On a timeout, a random line is shifted for you.',
    ]
      .filter((l) => l !== '')
      .join('\n'),

  // Slash command options
  cmdMode: 'Game mode',
  cmdKillTarget: 'Deaths the Killer needs to win (16 = BGA, 14 = Black Box)',
  cmdKiller: 'Who plays the Killer',
  cmdTurnTimer: 'Seconds per turn',
  cmdModeClassic: 'Classic',
  cmdModeStandard: 'Standard (canvassing)',
  cmdModeCitizens: "Citizen's Arrest",
  cmdKillerRandom: 'Random',
  cmdKillerHost: 'Me (the host)',
  cmdKillerGuest: 'My opponent',
  /** Words drawn in the board and hand pictures (src/games/noir/pictures.ts): Latin-1 only, no emoji. */
  pictures: {
    header: (turn: number, mode: string) => `Turn ${turn} · ${mode}`,
    headerOver: (mode: string) => `Game over · ${mode}`,
    roleName: { killer: 'Killer', inspector: 'Inspector' },
    doing: {
      firstKill: 'makes the first kill',
      chooseIdentity: 'picks a secret identity',
      killer: 'shift, kill or disguise',
      inspector: 'shift, arrest or exonerate',
      discard: 'exonerates, then discards a card',
    },
    toAct: (who: string, doing: string) => `${who}: ${doing}`,
    you: 'you',
    wins: 'wins',
    draw: (cap: number) => `Draw: ${f.count(cap, { one: 'turn', other: 'turns' })} without a winner`,
    winLine: (who: string, role: string, reason: string) => `${who} (${role}) wins: ${reason}`,
    deaths: (deaths: number, target: number) => `Deaths ${deaths} of ${target}`,
    deck: (n: number) => `Deck ${n}`,
    hand: (n: number) => `Evidence in hand ${n}`,
    shift: (axis: 'row' | 'col', label: string, dir: 1 | -1) =>
      axis === 'row' ? `Row ${label} ${dir === 1 ? 'right' : 'left'}` : `Column ${label} ${dir === 1 ? 'down' : 'up'}`,
    lastShift: (shift: string, who: string) => `Last shift: ${shift}, by ${who}`,
    blocked: (who: string) => `${who} may not reverse it now`,
    lapsed: 'the grid collapsed: it may be reversed',
    noShift: 'No shift yet',
    canvasHeading: 'Canvas',
    canvasItem: (name: string, role: string, adjacent: boolean) => `Next to ${name}: the ${role} ${adjacent ? 'is' : 'is not'} there`,
    canvasNone: 'No canvas answer yet',
    removed: (list: string) => `Collapsed away: ${list}`,
    word: { dead: 'dead', innocent: 'innocent', arrested: 'arrested', you: 'you', evidence: 'evidence', killer: 'Killer', inspector: 'Inspector', cleared: 'cleared' },
    legendHeading: 'Key',
    legend: {
      alive: 'alive',
      dead: 'dead',
      marker: 'innocent marker',
      cleared: 'proven innocent',
      arrested: 'arrested, not the Killer',
      shift: 'last shift',
      latest: 'just changed',
      turn: 'to act',
      you: 'you',
      evidence: 'your evidence',
      identity: 'identity',
      evidenceHeld: 'evidence in hand',
    },
    identityCard: 'Your identity',
    identityOf: (who: string) => `${who}'s identity`,
    chooseOf: 'Could be theirs',
    identityShort: 'You',
    evidenceShort: 'Evidence',
    evidenceCard: 'Evidence: innocent',
    chooseCard: 'Could be you',
    newCard: 'New',
    at: (pos: string) => `at ${pos}`,
    gone: 'collapsed away',
    draws: (list: string) => `Disguise draws: ${list}`,
    drawItem: (name: string, alive: boolean) => `${name} (${alive ? 'alive' : 'dead'})`,
    handEmpty: 'Your evidence hand is empty',
    handEmptyOf: (who: string) => `${who}'s evidence hand is empty`,
    altBoard: (header: string) => `NOIR board, ${header}.`,
    altHandKiller: (name: string, where: string) => `Your picture: you are the Killer, ${name} ${where}.`,
    altHandInspector: (name: string, where: string) => `Your picture: you are the Inspector, ${name} ${where}.`,
    altHandInspectorUnchosen: (cards: string) => `Your picture: you are the Inspector; pick your identity from ${cards}.`,
    altHand: (cards: string) => `Your evidence (innocent): ${cards}.`,
    altHandOf: (who: string, role: string, name: string, where: string) => `${who}'s picture: the ${role}, ${name} ${where}.`,
    altHandOfUnchosen: (who: string, role: string, cards: string) => `${who}'s picture: the ${role}, to pick an identity from ${cards}.`,
    altHandOfCards: (who: string, cards: string) => `${who}'s evidence (innocent): ${cards}.`,
    altArrested: (list: string) => `Arrested, not the Killer: ${list}.`,
    altToAct: (line: string) => `To act: ${line}.`,
    altCounts: (deaths: number, target: number, deck: number) => `Deaths ${deaths} of ${target}, deck ${deck}.`,
    altLatest: (text: string) => `Just now: ${text}`,
    altDead: (list: string) => `Dead: ${list}.`,
    altMarked: (list: string) => `Innocent: ${list}.`,
    altReveal: (killer: string, inspector: string) => `The Killer was ${killer}; the Inspector was ${inspector}.`,
  },
  /** The lesson (`/noir learn`, src/games/noir/lesson.ts; docs/lessons.md). */
  lesson: {
    notes: {
      identity: (_n) => 'You are the Inspector. The Killer hides as one of the suspects and kills its neighbours — Rosa just died. Choose your own secret identity from your four cards: be Edna.',
      exonerate: (_n) => "The Killer disguised but drew dead Rosa's card, so nothing changed. Exonerate: draw a card, then discard one face up to prove that suspect innocent.",
      canvas: (_n) => 'Discard Gus: he is proven innocent, and the Killer must answer whether its identity stands next to him (the canvas).',
      shift: (_n) => 'The Killer stood next to Rosa, next to Gus (the canvas said yes) and next to Hugo: only Milo fits. You may arrest only a neighbour of your identity: shift column C up to bring Edna next to Milo.',
      arrest: (_n) => 'Edna stands next to Milo now. Arrest Milo!',
      end: (_n) => 'You arrested the Killer: the Inspector wins. The Killer wins by killing your identity or by reaching 16 deaths.',
      classic: (_n) => "Classic mode: no innocent markers and no canvasses; a Killer's disguise kills its old identity.",
      citizens: (_n) => "Citizen's Arrest mode: an exoneration may skip the draw to arrest a living neighbour of the exonerated suspect instead of the canvas; your hand shrinks by one.",
      killTarget: (_n) => 'This table plays to 14 deaths (the Black Box edition) instead of 16.',
    } satisfies Record<NoirLessonNote, LessonNoteText>,
    sections: {
      2: {
        0: { title: 'Editions', text: 'Editions differ in the kill target: 16 deaths (our default) or 14 (Black Box edition).' },
        3: { title: 'Turns', text: 'The players alternate. The Killer starts and must kill first. The Inspector then picks one of their 4 cards as secret identity; the other 3 are their evidence hand. Later the Killer shifts, kills or disguises; the Inspector shifts, arrests or exonerates.' },
        4: { title: 'Geometry', text: 'Adjacent means the 8 surrounding cells of the current grid, without wrap-around.' },
        5: { title: 'Actions', text: "Shift: move a row or column one step (not undoing the opponent's last shift). Kill: the Killer kills a living neighbour of its identity. Arrest: the Inspector names a living neighbour of their identity; naming the Killer wins, anyone else answers no. Disguise: the Killer draws a card and may become that suspect. Exonerate: the Inspector draws and discards a card face up: that suspect is innocent." },
        6: { title: 'Standard mode', text: 'Disguises and exonerations put innocent markers on living suspects. After every exoneration the Killer says whether its identity is next to the exonerated suspect (the canvas); after a marked suspect is killed, the Inspector says the same about theirs.' },
        7: { title: "Citizen's Arrest mode", text: 'As Standard, and an exoneration may skip the draw to arrest a living neighbour of the exonerated suspect instead of the canvas; the hand shrinks by one each time.' },
        11: { title: 'End', text: "The Inspector wins by arresting the Killer. The Killer wins by killing the Inspector's identity or reaching the kill target." },
      },
    } satisfies LessonSections,
  },
  /** ❔ Why (src/games/noir/why.ts; docs/lessons.md): the decision and what each move does. */
  why: {
    title: { firstKill: 'The first kill', choose: 'Your identity', killer: 'Your turn (Killer)', inspector: 'Your turn (Inspector)', discard: 'Exonerate: discard' },
    decision: {
      firstKill: 'You are the Killer, hidden as the suspect on your identity card. The game starts with your kill of a living suspect next to you.',
      choose: 'You are the Inspector: pick your secret identity among your four cards; the other three are your evidence hand (all innocent).',
      killer: 'You are the Killer: you win by killing the Inspector\'s identity or reaching the kill target; the Inspector wins by arresting you.',
      inspector: 'You are the Inspector: you win by arresting the Killer, who must stand next to your identity when you do.',
      discard: 'You drew a card: discard one of your cards face up. That suspect is proven innocent, and the Killer must say whether they stand next to it (the canvas).',
      discardClassic: 'You drew a card: discard one of your cards face up. That suspect is proven innocent.',
    },
    moves: {
      kill: 'Kill — a living suspect next to your identity dies.',
      shift: 'Shift — moves a row or column one step (the card pushed out comes back at the other end); not the reverse of your opponent\'s last shift.',
      disguise: 'Disguise — draw a card: a living suspect becomes your new identity and your old card is shown; a dead one changes nothing.',
      choose: 'Choose — this suspect becomes your secret identity.',
      arrest: 'Arrest — name a suspect next to your identity (or yourself, as a bluff): the Killer wins you the game, anyone else answers "no".',
      exonerate: 'Exonerate — draw a card, then discard one face up: that suspect is proven innocent.',
      discard: 'Discard — this suspect is shown innocent to both players.',
      citizen: "Citizen's arrest — discard a card without drawing and arrest a living suspect next to it instead of the canvas.",
    },
  },
} as const;
