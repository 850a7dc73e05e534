/**
 * J'Accuse! — the table of moves (docs/rules/jaccuse.md §4.3–§4.4) and what the game waits for.
 * Round: the Inspector sets an Investigation card face down, everyone casts a secret
 * Suspicion card (simultaneous, may be changed until all have cast), the reveal moves or
 * hardens the evidence, Across choices are made one by one, then the end check and the next
 * Inspector (round.ts).
 *
 * For every action type: `check`, why it is refused now (a `JaccuseError`), and `apply`.
 * `legalActions` keeps the candidates their rule's `check` allows; `apply` refuses with the
 * same `check` (../moves.ts).
 */
import { cloneJson } from '../clone.js';
import type { ApplyResult, GameEvent, Pending, Seat } from '../engine.js';
import { applyMove, checkMove, type MoveRules, type MoveTable } from '../moves.js';
import { Rng } from '../rng.js';
import { leftOf } from '../seats.js';
import { chooseAcross, decide, reveal, startRound } from './round.js';
import {
  CHARACTERS,
  SUSPICION_CARDS,
  type AcrossChoice,
  type CharacterId,
  type InvestigationId,
  type JaccuseAction,
  type JaccuseError,
  type JaccusePlainErrorCode,
  type JaccuseState,
  type SuspicionCard,
} from './rules.js';

/** One action of type `T`. */
type Move<T extends JaccuseAction['type']> = Extract<JaccuseAction, { type: T }>;
/** A refusal, or null when the move is allowed. */
type Refusal = JaccuseError | null;

/** Every refusal, allocated once with a fixed shape (checks run for every candidate move). */
const REFUSED: { readonly [Code in JaccusePlainErrorCode]: JaccuseError } = {
  'game-over': { code: 'game-over' },
  'not-seated': { code: 'not-seated' },
  'wrong-phase': { code: 'wrong-phase' },
  'not-your-turn': { code: 'not-your-turn' },
  'character-taken': { code: 'character-taken' },
  'card-not-in-hand': { code: 'card-not-in-hand' },
  'suspicion-used': { code: 'suspicion-used' },
  'same-vote': { code: 'same-vote' },
  'wrong-card': { code: 'wrong-card' },
  'not-eligible': { code: 'not-eligible' },
  malformed: { code: 'malformed' },
};
for (const refusal of Object.values(REFUSED)) Object.freeze(refusal);
function refused(code: JaccusePlainErrorCode): JaccuseError {
  return REFUSED[code];
}

/**
 * What the checks of one seat in one position share (../moves.ts `MoveTable.facts`): per
 * action type, the refusal of every move of that type by this seat now — game over, not
 * seated, another phase (`wrong-phase`), not this seat's decision (`not-your-turn`) — or null
 * when only the move's own part of its check remains. One frozen object per situation, so
 * `legalActions` allocates no facts and each candidate's check compares no phase.
 */
export interface JaccuseFacts {
  readonly character: JaccuseError | null;
  readonly investigate: JaccuseError | null;
  readonly vote: JaccuseError | null;
  readonly send: JaccuseError | null;
}

/** Facts refusing every type with `code`. */
function refusingAll(code: JaccusePlainErrorCode): JaccuseFacts {
  const refusal = refused(code);
  return Object.freeze({ character: refusal, investigate: refusal, vote: refusal, send: refusal });
}
/** Facts of phase `type`: that type refused with `own` (null: its decision), the others `wrong-phase`. */
function phaseFacts(type: keyof JaccuseFacts, own: JaccuseError | null): JaccuseFacts {
  const wrong = refused('wrong-phase');
  return Object.freeze({
    character: type === 'character' ? own : wrong,
    investigate: type === 'investigate' ? own : wrong,
    vote: type === 'vote' ? own : wrong,
    send: type === 'send' ? own : wrong,
  });
}
const GAME_OVER = refusingAll('game-over');
const NOT_SEATED = refusingAll('not-seated');
const CHOOSING = phaseFacts('character', null);
const NOT_CHOOSING = phaseFacts('character', refused('not-your-turn'));
const INSPECTING = phaseFacts('investigate', null);
const NOT_INSPECTING = phaseFacts('investigate', refused('not-your-turn'));
const VOTING = phaseFacts('vote', null);
const SENDING = phaseFacts('send', null);
const NOT_SENDING = phaseFacts('send', refused('not-your-turn'));

/**
 * The facts of `seat` in `s`: game over, not seated, then the phase (§4.3–§4.4) and whether
 * it is this seat's decision (the character chooser, the Inspector, any voter, the chooser of
 * the Across move at the head of the queue).
 */
function jaccuseFacts(s: JaccuseState, seat: Seat): JaccuseFacts {
  // The seat first, so that a position's phase (a string) is compared in one switch only.
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seatCount) return s.phase === 'over' ? GAME_OVER : NOT_SEATED;
  switch (s.phase) {
    case 'vote':
      return VOTING;
    case 'investigate':
      return seat === s.inspector ? INSPECTING : NOT_INSPECTING;
    case 'across': {
      const head = s.acrossQueue[0];
      return head !== undefined && seat === head.chooser ? SENDING : NOT_SENDING;
    }
    case 'characters':
      return seat === s.characterChooser ? CHOOSING : NOT_CHOOSING;
    case 'over':
      return GAME_OVER;
  }
}

/** An empty list (a missing hand or used pile), shared. */
const NONE: readonly never[] = Object.freeze([]);

/** Characters nobody has taken yet, in sheet order. */
function freeCharacters(s: JaccuseState): CharacterId[] {
  return CHARACTERS.filter((character) => !s.characters.includes(character));
}

// ── Checks ───────────────────────────────────────────────────────────────────────────
// Each check is the position's gate for its type (`JaccuseFacts`) followed by the move's own
// part; `legalJaccuse` tests the gate once and then runs the same part on every candidate.
// Membership is tested with a plain loop per list (each comparison site sees one kind of
// value; measured faster than `Array.prototype.includes` or one shared helper).

/** Character-picking phase (table option `characters: choice`): the chooser takes a free sheet. */
function checkCharacter(s: JaccuseState, _seat: Seat, move: Move<'character'>, facts: JaccuseFacts): Refusal {
  return facts.character ?? characterRefusal(s.characters, move.character);
}
/** The part of `checkCharacter` about the sheet: nobody has taken it. */
function characterRefusal(taken: readonly (CharacterId | null)[], character: CharacterId): Refusal {
  for (let index = 0; index < taken.length; index++) if (taken[index] === character) return refused('character-taken');
  return null;
}

/** §4.3 step 1: the Inspector sets one of their Investigation cards face down. */
function checkInvestigate(s: JaccuseState, seat: Seat, move: Move<'investigate'>, facts: JaccuseFacts): Refusal {
  return facts.investigate ?? investigateRefusal(s.investigationHands[seat] ?? NONE, move.card);
}
/** The part of `checkInvestigate` about the card: it is in the Inspector's `hand`. */
function investigateRefusal(hand: readonly InvestigationId[], card: InvestigationId): Refusal {
  for (let index = 0; index < hand.length; index++) if (hand[index] === card) return null;
  return refused('card-not-in-hand');
}

/** §4.3 step 2: every player casts a Suspicion card unused this cycle; it may be changed to another. */
function checkVote(s: JaccuseState, seat: Seat, move: Move<'vote'>, facts: JaccuseFacts): Refusal {
  return facts.vote ?? voteRefusal(s.used[seat] ?? NONE, s.votes[seat] ?? null, move.card);
}
/** The part of `checkVote` about the card: not `used` this cycle, and not the `current` vote. */
function voteRefusal(used: readonly SuspicionCard[], current: SuspicionCard | null, card: SuspicionCard): Refusal {
  for (let index = 0; index < used.length; index++) if (used[index] === card) return refused('suspicion-used');
  return current === card ? refused('same-vote') : null;
}

/** §4.4: the chooser of the Across move at the head of the queue sends that card to an eligible player. */
function checkSend(s: JaccuseState, _seat: Seat, move: Move<'send'>, facts: JaccuseFacts): Refusal {
  return facts.send ?? sendRefusal(s.acrossQueue[0]!, move);
}
/** The part of `checkSend` about the move: the card at the `head` of the queue, to an eligible player. */
function sendRefusal(head: AcrossChoice, move: Move<'send'>): Refusal {
  if (move.card !== head.card) return refused('wrong-card');
  const eligible = head.eligible;
  for (let index = 0; index < eligible.length; index++) if (eligible[index] === move.to) return null;
  return refused('not-eligible');
}

// ── Effects ──────────────────────────────────────────────────────────────────────────

/** After a character pick: auto-assign a lone free sheet, pass to the next seat, or start round 1. */
function advanceCharacters(s: JaccuseState, rng: Rng, events: GameEvent[]): void {
  const seatCount = s.seatCount;
  let next = s.characterChooser ?? 0;
  for (;;) {
    const missing = s.characters.findIndex((character) => character === null);
    if (missing < 0) {
      s.characterChooser = null;
      startRound(s, rng, events);
      return;
    }
    next = leftOf(next, seatCount);
    while (s.characters[next] !== null) next = leftOf(next, seatCount);
    const free = freeCharacters(s);
    if (free.length === 1 && s.characters.filter((character) => character === null).length === 1) {
      s.characters[next] = free[0] as CharacterId;
      events.push({ type: 'characterChosen', seat: next, character: free[0], auto: true });
      continue;
    }
    s.characterChooser = next;
    decide(s, rng, 'characters');
    return;
  }
}

/** Run `effect` with the game's generator and store the generator's new state in the draft. */
function withRng(s: JaccuseState, effect: (rng: Rng) => void): void {
  const rng = Rng.from(s.rng);
  effect(rng);
  s.rng = rng.state();
}

function pickCharacter(s: JaccuseState, seat: Seat, move: Move<'character'>, events: GameEvent[]): void {
  s.characters[seat] = move.character;
  events.push({ type: 'characterChosen', seat, character: move.character });
  withRng(s, (rng) => advanceCharacters(s, rng, events));
}

function investigate(s: JaccuseState, seat: Seat, move: Move<'investigate'>, events: GameEvent[]): void {
  const hand = s.investigationHands[seat] ?? [];
  hand.splice(hand.indexOf(move.card), 1);
  s.chosen = move.card;
  s.votes = Array<null>(s.seatCount).fill(null);
  withRng(s, (rng) => decide(s, rng, 'vote'));
  events.push({ type: 'investigationSet', seat });
  events.push({ type: 'investigationChosen', to: [seat], card: move.card });
}

function vote(s: JaccuseState, seat: Seat, move: Move<'vote'>, events: GameEvent[]): void {
  const before = s.votes[seat] ?? null;
  s.votes[seat] = move.card;
  events.push({ type: 'voteChosen', to: [seat], card: move.card, changed: before !== null });
  if (before !== null) return;
  const cast = s.votes.filter((card) => card !== null).length;
  events.push({ type: 'cast', seat, cast, of: s.seatCount });
  if (cast === s.seatCount) withRng(s, (rng) => reveal(s, rng, events));
}

// ── The table ────────────────────────────────────────────────────────────────────────

const rules: MoveRules<JaccuseState, JaccuseAction, JaccuseError, JaccuseFacts> = {
  character: { check: checkCharacter, apply: pickCharacter },
  investigate: { check: checkInvestigate, apply: investigate },
  vote: { check: checkVote, apply: vote },
  send: { check: checkSend, apply: (s, _seat, move, events) => withRng(s, (rng) => chooseAcross(s, move.to, rng, events)) },
};

/**
 * The four vote moves, one frozen object each, shared by every `legalActions` answer (a move
 * is a plain value nobody mutates: no allocation per allowed card), in SUSPICION_CARDS order.
 */
const VOTES: readonly Move<'vote'>[] = SUSPICION_CARDS.map((card) => Object.freeze({ type: 'vote', card }));
/** For each set of cards (bit i: SUSPICION_CARDS[i]), its vote moves in card order. */
const VOTE_LISTS: readonly (readonly Move<'vote'>[])[] = Array.from({ length: 1 << SUSPICION_CARDS.length }, (_, set) =>
  VOTES.filter((_vote, index) => (set & (1 << index)) !== 0),
);

/**
 * The legal moves of `seat` now, in panel order: the candidates of the phase whose check
 * passes — the gate of their type once (`facts`), then the move's own part of the check.
 */
function legalJaccuse(s: JaccuseState, seat: Seat, facts: JaccuseFacts): JaccuseAction[] {
  if (facts.vote === null) {
    // Bit i set: SUSPICION_CARDS[i] passes the check; the answer is a copy of that set's list.
    const used = s.used[seat] ?? NONE;
    const current = s.votes[seat] ?? null;
    let allowedCards = 0;
    for (let index = 0; index < SUSPICION_CARDS.length; index++) {
      if (voteRefusal(used, current, SUSPICION_CARDS[index]!) === null) allowedCards |= 1 << index;
    }
    return VOTE_LISTS[allowedCards]!.slice();
  } else if (facts.investigate === null) {
    // Every card of the hand is a candidate (and passes): built at its exact size, then
    // checked; a refused one (never, unless a state is corrupt) costs a filtered copy.
    const hand = s.investigationHands[seat] ?? NONE;
    const moves = hand.map((card): Move<'investigate'> => ({ type: 'investigate', card }));
    for (let index = 0; index < moves.length; index++) {
      if (investigateRefusal(hand, moves[index]!.card) !== null) return moves.filter((move) => investigateRefusal(hand, move.card) === null);
    }
    return moves;
  } else if (facts.send === null) {
    const head = s.acrossQueue[0]!;
    const moves = head.eligible.map((to): Move<'send'> => ({ type: 'send', card: head.card, to }));
    for (let index = 0; index < moves.length; index++) {
      if (sendRefusal(head, moves[index]!) !== null) return moves.filter((move) => sendRefusal(head, move) === null);
    }
    return moves;
  } else if (facts.character === null) {
    const out: JaccuseAction[] = [];
    for (let index = 0; index < CHARACTERS.length; index++) {
      const character = CHARACTERS[index]!;
      if (characterRefusal(s.characters, character) === null) out.push({ type: 'character', character });
    }
    return out;
  }
  return [];
}

/** The table of moves of J'Accuse!. */
export const jaccuseMoves: MoveTable<JaccuseState, JaccuseAction, JaccuseError, JaccuseFacts> = {
  facts: jaccuseFacts,
  legal: legalJaccuse,
  rules,
  clone: cloneJson,
};

/** Every action `seat` may take now; a cast voter may switch to another available card. */
export function legalActions(s: JaccuseState, seat: Seat): JaccuseAction[] {
  return legalJaccuse(s, seat, jaccuseFacts(s, seat));
}

/** Why `seat` may not take `action` now, or null when it may (the check `apply` uses). */
export function checkAction(s: JaccuseState, seat: Seat, action: JaccuseAction): JaccuseError | null {
  return checkMove(jaccuseMoves, s, seat, action, refused('malformed'));
}

/**
 * Apply one action (decoded and checked against the action schema once, where it entered);
 * never throws for a player mistake. Refusals: game-over, not-seated, malformed (an object of
 * no known type), wrong-phase, not-your-turn, character-taken, card-not-in-hand,
 * suspicion-used, same-vote, wrong-card, not-eligible.
 */
export function apply(state: JaccuseState, seat: Seat, action: JaccuseAction): ApplyResult<JaccuseState, JaccuseError> {
  const gate = jaccuseFacts(state, seat);
  if (gate === GAME_OVER || gate === NOT_SEATED) return { ok: false, error: gate.vote! };
  return applyMove(jaccuseMoves, state, seat, action, refused('malformed'));
}

/** What the game waits for (docs/architecture.md §3); the vote keeps one `step` while it collects. */
export function pending(s: JaccuseState): Pending {
  const turn = s.options.turnSeconds * 1000;
  switch (s.phase) {
    case 'characters':
      return { kind: 'turn', seat: s.characterChooser ?? 0, step: s.step, timer: 'turn', timeoutMs: turn };
    case 'investigate':
      return { kind: 'turn', seat: s.inspector, step: s.step, timer: 'turn', timeoutMs: turn };
    case 'vote': {
      const seats = Array.from({ length: s.seatCount }, (_, seat) => seat);
      return {
        kind: 'simultaneous',
        seats,
        waiting: seats.filter((seat) => s.votes[seat] === null),
        step: s.step,
        timer: 'vote',
        timeoutMs: s.options.voteSeconds * 1000,
      };
    }
    case 'across':
      return { kind: 'turn', seat: s.acrossQueue[0]?.chooser ?? 0, step: s.step, timer: 'turn', timeoutMs: turn };
    case 'over':
      return { kind: 'over', step: s.step };
  }
}
