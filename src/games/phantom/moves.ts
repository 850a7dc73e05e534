/**
 * Tricks and the Phantom — the table of moves (docs/rules/phantom.md §3.3, §3.8)
 * and what the game waits for.
 *
 * A round is two crimes. Each crime: players report a card face-down with a clue colour
 * (clockwise from the first investigator), then put their magnifying glass on one card
 * (counter-clockwise from the last reporter), then everything is revealed and scored.
 * 3 players: a face-up 4th-party card and a secret discard at the start of each round.
 * 2 players: each player owns two investigator positions and has one glass per crime.
 *
 * For every action type: `check`, why it is refused now (a `PhantomError`), and `apply`.
 * `legalActions` keeps the candidates their rule's `check` allows; `apply` refuses with the
 * same `check` (../moves.ts).
 */
import { cloneJson } from '../clone.js';
import type { ApplyResult, GameEvent, Pending, Seat } from '../engine.js';
import { applyMove, checkMove, keep, openDecision, type MoveRules, type MoveTable } from '../moves.js';
import { determineCriminal } from './crime.js';
import { applyGains, criminalLocation, nextFirstInvestigator, scoreCrime } from './scoring.js';
import {
  COLOURS,
  CRIMES_PER_ROUND,
  trueColour,
  type CardNumber,
  type CrimeReveal,
  type GlassTarget,
  type Phase,
  type PhantomAction,
  type PhantomError,
  type PhantomPlainErrorCode,
  type PhantomState,
} from './rules.js';
import { isActing, ownerOf, positionCount, reportOrder, seatsActing } from './seating.js';
import { roundEvents, startRound } from './setup.js';

/** One action of type `T`. */
type Move<T extends PhantomAction['type']> = Extract<PhantomAction, { type: T }>;
/** A refusal, or null when the move is allowed. */
type Refusal = PhantomError | null;

/** The parameterless refusals, allocated once (checks run for every candidate move). */
const REFUSED: Partial<Record<PhantomPlainErrorCode, PhantomError>> = {};
function refused(code: PhantomPlainErrorCode): PhantomError {
  return (REFUSED[code] ??= Object.freeze({ code }));
}

/**
 * What the checks of one seat in one position share (../moves.ts `MoveTable.facts`): the
 * refusal of any move by this seat now (game over, not seated), and whether the seat is one
 * of those that must act (§3.3).
 */
export interface PhantomFacts {
  gate: PhantomError | null;
  acting: boolean;
}

const GAME_OVER: PhantomFacts = Object.freeze({ gate: refused('game-over'), acting: false });
const NOT_SEATED: PhantomFacts = Object.freeze({ gate: refused('not-your-turn'), acting: false });
const ACTING: PhantomFacts = Object.freeze({ gate: null, acting: true });
const WAITING: PhantomFacts = Object.freeze({ gate: null, acting: false });

/** The facts of `seat` in `s`. */
function phantomFacts(s: PhantomState, seat: Seat): PhantomFacts {
  if (s.phase === 'over') return GAME_OVER;
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) return NOT_SEATED;
  return isActing(s, seat) ? ACTING : WAITING;
}

/** The refusal of every move of `type` now: game over, not seated, or another phase. */
function phaseRefusal(s: PhantomState, phase: Phase, facts: PhantomFacts): Refusal {
  return facts.gate ?? (s.phase === phase ? null : refused('wrong-phase'));
}

/** Every glass target of the crime: each reported position, and the 4th-party card if any (§3.3 step 4). */
export function glassTargets(s: PhantomState): GlassTarget[] {
  const targets: GlassTarget[] = s.reports.map((report) => report.position);
  if (s.fourthParty !== null) targets.push('fourth');
  return targets;
}

// ── Checks ───────────────────────────────────────────────────────────────────────────

/** §3.8 3 players: each player secretly discards one card per round, once. */
function checkDiscard(s: PhantomState, seat: Seat, move: Move<'discard'>, facts: PhantomFacts): Refusal {
  const bad = phaseRefusal(s, 'discard', facts);
  if (bad) return bad;
  if (s.discards[seat] !== null) return refused('already-discarded');
  return s.hands[seat]!.includes(move.card) ? null : refused('card-not-in-hand');
}

/** §3.3 step 3: the player of the next position reports a hand card; a suspect only with its true colour. */
function checkReport(s: PhantomState, seat: Seat, move: Move<'report'>, facts: PhantomFacts): Refusal {
  const bad = phaseRefusal(s, 'report', facts);
  if (bad) return bad;
  if (!facts.acting) return refused('not-your-turn');
  if (!s.hands[seat]!.includes(move.card)) return refused('card-not-in-hand');
  const colour = trueColour(move.card);
  return colour !== null && colour !== move.colour ? { code: 'wrong-colour', params: { colour } } : null;
}

/** §3.3 step 4: the next player in glass order puts the glass on a reported card (or the 4th-party card). */
function checkGlass(s: PhantomState, _seat: Seat, move: Move<'glass'>, facts: PhantomFacts): Refusal {
  const bad = phaseRefusal(s, 'solve', facts);
  if (bad) return bad;
  if (!facts.acting) return refused('not-your-turn');
  const on = move.on;
  const valid = on === 'fourth' ? s.fourthParty !== null : s.reports.some((report) => report.position === on);
  return valid ? null : refused('invalid-target');
}

// ── Effects ──────────────────────────────────────────────────────────────────────────

/** Remove one copy of `card` from `hand` (in place). */
function takeCard(hand: CardNumber[], card: CardNumber): void {
  hand.splice(hand.indexOf(card), 1);
}

/** §3.8: the secret discard; the last one opens the first report. */
function discard(s: PhantomState, seat: Seat, move: Move<'discard'>, events: GameEvent[]): void {
  takeCard(s.hands[seat]!, move.card);
  s.discards[seat] = move.card;
  events.push({ type: 'discarded', seat }, { type: 'you-discarded', to: [seat], card: move.card });
  if (s.discards.every((card) => card !== null)) openDecision(s, 'report');
}

/** §3.3 step 3: report face-down with a clue colour; after the last position the glasses follow. */
function report(s: PhantomState, seat: Seat, move: Move<'report'>, events: GameEvent[]): void {
  takeCard(s.hands[seat]!, move.card);
  const position = reportOrder(s)[s.reports.length]!;
  s.reports.push({ position, card: move.card, colour: move.colour });
  events.push(
    { type: 'reported', seat, position, colour: move.colour },
    { type: 'you-reported', to: [seat], position, card: move.card, colour: move.colour },
  );
  openDecision(s, s.reports.length === positionCount(s.seats) ? 'solve' : 'report');
}

/** §3.3 step 4: place the glass; the last glass solves the crime. */
function glass(s: PhantomState, seat: Seat, move: Move<'glass'>, events: GameEvent[]): void {
  s.glasses.push({ seat, on: move.on });
  const target = move.on === 'fourth' ? null : s.reports.find((report) => report.position === move.on)!;
  events.push({
    type: 'glass-placed',
    seat,
    on: move.on,
    targetSeat: target ? ownerOf(target.position, s.seats) : null,
    colour: target ? target.colour : null,
    card: move.on === 'fourth' ? s.fourthParty : null,
  });
  openDecision(s, 'solve');
  if (s.glasses.length === s.seats) solveCrime(s, events);
}

/** Reveal, determine the criminal and score the crime, then open the next decision (§3.3 steps 5–8, §3.9). */
function solveCrime(s: PhantomState, events: GameEvent[]): void {
  const cards = s.reports.map((report) => ({ position: report.position, seat: ownerOf(report.position, s.seats), card: report.card }));
  const inPlay = [...cards.map((played) => played.card), ...(s.fourthParty !== null ? [s.fourthParty] : [])];
  const { criminal, steps } = determineCriminal(inPlay);
  const input = { players: s.seats, cards, fourthParty: s.fourthParty, glasses: s.glasses, criminal };
  const points = scoreCrime(input);
  const scoresAfter = applyGains(
    s.scores,
    points.map((line) => line.gain),
  );
  const next = nextFirstInvestigator(input, s.firstInvestigator);
  const reveal: CrimeReveal = {
    round: s.round,
    crime: s.crime,
    cards: s.reports.map((report) => ({ position: report.position, seat: ownerOf(report.position, s.seats), card: report.card, colour: report.colour })),
    fourthParty: s.fourthParty,
    glasses: s.glasses.map((placed) => ({ ...placed })),
    criminal,
    criminalAt: criminalLocation(input),
    steps,
    points,
    scoresBefore: [...s.scores],
    scoresAfter,
    nextFirstInvestigator: next,
  };
  events.push({ type: 'crime-solved', reveal });
  s.lastCrime = reveal;
  s.scores = scoresAfter;
  s.firstInvestigator = next;
  s.retired.push(...inPlay);
  s.reports = [];
  s.glasses = [];
  s.fourthParty = null;

  if (s.crime < CRIMES_PER_ROUND) {
    s.crime += 1;
    if (s.seats === 3) {
      s.fourthParty = s.faceDown.shift() ?? null;
      if (s.fourthParty !== null) events.push({ type: 'fourth-party', card: s.fourthParty });
    }
    openDecision(s, 'report');
    return;
  }
  // End of the round: end check (§3.9), else a new round.
  const top = Math.max(...s.scores);
  const leaders = s.scores.flatMap((score, seat) => (score === top ? [seat] : []));
  if (top >= s.options.targetScore && leaders.length === 1) {
    s.winners = leaders;
    openDecision(s, 'over');
    events.push({ type: 'game-over', winners: leaders, scores: [...s.scores] });
    return;
  }
  if (top >= s.options.targetScore) events.push({ type: 'tie-play-on', leaders, score: top });
  startRound(s, s.round + 1);
  events.push(...roundEvents(s));
}

// ── The table ────────────────────────────────────────────────────────────────────────

const rules: MoveRules<PhantomState, PhantomAction, PhantomError, PhantomFacts> = {
  discard: { check: checkDiscard, apply: discard },
  report: { check: checkReport, apply: report },
  glass: { check: checkGlass, apply: glass },
};

/** True when the card at `index` of `hand` already appeared before it (the two Phantoms are one choice). */
function repeated(hand: readonly CardNumber[], index: number): boolean {
  return hand.indexOf(hand[index]!) < index;
}

/** The legal moves of `seat` now, in panel order. */
function legalPhantom(s: PhantomState, seat: Seat, facts: PhantomFacts): PhantomAction[] {
  const out: PhantomAction[] = [];
  if (facts.gate || !facts.acting) return out;
  switch (s.phase) {
    case 'discard':
      s.hands[seat]!.forEach((card, index, hand) => {
        if (repeated(hand, index)) return;
        const move: Move<'discard'> = { type: 'discard', card };
        keep(out, move, checkDiscard(s, seat, move, facts));
      });
      break;
    case 'report':
      s.hands[seat]!.forEach((card, index, hand) => {
        if (repeated(hand, index)) return;
        const colour = trueColour(card);
        for (const clue of colour === null ? COLOURS : [colour]) {
          const move: Move<'report'> = { type: 'report', card, colour: clue };
          keep(out, move, checkReport(s, seat, move, facts));
        }
      });
      break;
    case 'solve':
      for (const on of glassTargets(s)) {
        const move: Move<'glass'> = { type: 'glass', on };
        keep(out, move, checkGlass(s, seat, move, facts));
      }
      break;
    case 'over':
      break;
  }
  return out;
}

/** The table of moves of Tricks and the Phantom. */
export const phantomMoves: MoveTable<PhantomState, PhantomAction, PhantomError, PhantomFacts> = {
  facts: phantomFacts,
  legal: legalPhantom,
  rules,
  clone: cloneJson,
};

/** Every action `seat` may take now (empty when it is not their decision). */
export function legalActions(s: PhantomState, seat: Seat): PhantomAction[] {
  return legalPhantom(s, seat, phantomFacts(s, seat));
}

/** Why `seat` may not take `action` now, or null when it may (the check `apply` uses). */
export function checkAction(s: PhantomState, seat: Seat, action: PhantomAction): PhantomError | null {
  return checkMove(phantomMoves, s, seat, action, refused('malformed'));
}

/**
 * Apply `action` by `seat` (decoded and checked against the action schema once, where it
 * entered; an object of no known type: `malformed`); refusals: game-over, not-your-turn,
 * wrong-phase, card-not-in-hand, wrong-colour, invalid-target, already-discarded.
 */
export function apply(state: PhantomState, seat: Seat, action: PhantomAction): ApplyResult<PhantomState, PhantomError> {
  return applyMove(phantomMoves, state, seat, action, refused('malformed'));
}

/** What the game waits for (3-player discard: a simultaneous secret decision on the turn timer). */
export function pending(s: PhantomState): Pending {
  const timeoutMs = s.options.turnSeconds * 1000;
  const acting = seatsActing(s);
  switch (s.phase) {
    case 'over':
      return { kind: 'over', step: s.step };
    case 'discard':
      return {
        kind: 'simultaneous',
        seats: Array.from({ length: s.seats }, (_, seat) => seat),
        waiting: acting,
        step: s.step,
        timer: 'turn',
        timeoutMs,
      };
    case 'report':
    case 'solve':
      return { kind: 'turn', seat: acting[0]!, step: s.step, timer: 'turn', timeoutMs };
  }
}
