/**
 * Tricks and the Phantom — the pure game definition (rules/tricks-and-the-phantom.md).
 *
 * A round is two crimes. Each crime: players report a card face-down with a clue colour
 * (clockwise from the first investigator), then put their magnifying glass on one card
 * (counter-clockwise from the last reporter), then everything is revealed and scored.
 * 3 players: a face-up 4th-party card and a secret discard at the start of each round.
 * 2 players: each player owns two investigator positions and has one glass per crime.
 */
import type { ApplyResult, GameDefinition, GameEvent, GameResult, Pending, RuleError, Seat } from '../engine.js';
import { Rng, peekPick, seedRng } from '../rng.js';
import { dealRound, ownerOf, positionCount, positionsOf, reportOrder } from './engine-table.js';
import { publicView, seatView, seatsActing, type PhantomPublicView, type PhantomSeatView } from './engine-views.js';
import { determineCriminal } from './rules-crime.js';
import { applyGains, criminalLocation, nextFirstInvestigator, scoreCrime } from './rules-scoring.js';
import {
  COLOURS,
  CRIMES_PER_ROUND,
  FIRST_INVESTIGATOR_OF_GAME,
  MAX_PLAYERS,
  MIN_PLAYERS,
  actionSchema,
  optionsSchema,
  trueColour,
  type CardNumber,
  type Colour,
  type CrimeReveal,
  type GlassTarget,
  type PhantomAction,
  type PhantomOptions,
  type PhantomState,
} from './rules.js';

/** Stable error codes of `apply` (mapped to catalog strings by ui.describeError). */
export type PhantomErrorCode =
  | 'invalid-action'
  | 'game-over'
  | 'not-your-turn'
  | 'wrong-phase'
  | 'card-not-in-hand'
  | 'wrong-colour'
  | 'invalid-target'
  | 'already-discarded';

const fail = (code: PhantomErrorCode, params?: RuleError['params']): ApplyResult<PhantomState> =>
  params ? { ok: false, error: { code, params } } : { ok: false, error: { code } };

/** Distinct values of a list, in first-seen order. */
const distinct = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/** Remove one copy of `card` from `hand` (in place); false if absent. */
function takeCard(hand: CardNumber[], card: CardNumber): boolean {
  const i = hand.indexOf(card);
  if (i < 0) return false;
  hand.splice(i, 1);
  return true;
}

/** Events announcing a new round: the public start and each player's private deal. */
function roundEvents(s: PhantomState): GameEvent[] {
  const events: GameEvent[] = [
    {
      type: 'round-started',
      round: s.round,
      firstInvestigator: s.firstInvestigator,
      firstSeat: ownerOf(s.firstInvestigator, s.seats),
      fourthParty: s.fourthParty,
    },
  ];
  s.hands.forEach((cards, seat) => events.push({ type: 'dealt', to: [seat], cards: [...cards] }));
  return events;
}

/** Deal a new round into `s` (mutates the draft): shuffle, deal, 3p 4th-party card (§3.3, §3.8). */
function startRound(s: PhantomState, round: number): void {
  const rng = Rng.from(s.rng);
  const deal = dealRound(rng, s.seats, s.options.beginner);
  s.rng = rng.state();
  s.round = round;
  s.crime = 1;
  s.hands = deal.hands;
  s.faceDown = deal.faceDown;
  s.fourthParty = deal.fourthParty;
  s.discards = s.hands.map(() => null);
  s.retired = [];
  s.reports = [];
  s.glasses = [];
  s.phase = s.seats === 3 ? 'discard' : 'report';
  s.step += 1;
}

/**
 * Create the initial state (§3.3): seeded RNG, random first investigator of the game
 * ([DEFAULT]), first round dealt.
 */
export function setup(options: PhantomOptions, seatCount: number, seed: number): PhantomState {
  if (!Number.isInteger(seatCount) || seatCount < MIN_PLAYERS || seatCount > MAX_PLAYERS) {
    throw new RangeError(`phantom: ${seatCount} seats (needs ${MIN_PLAYERS}–${MAX_PLAYERS})`);
  }
  const opts = optionsSchema.parse(options);
  const rng = Rng.from(seedRng(seed));
  const firstInvestigator = FIRST_INVESTIGATOR_OF_GAME === 'random' ? rng.int(0, positionCount(seatCount) - 1) : 0;
  const s: PhantomState = {
    v: 1,
    options: opts,
    seats: seatCount,
    rng: rng.state(),
    step: 0,
    phase: 'report',
    round: 0,
    crime: 1,
    scores: Array.from({ length: seatCount }, () => 0),
    hands: [],
    discards: [],
    faceDown: [],
    fourthParty: null,
    retired: [],
    firstInvestigator,
    reports: [],
    glasses: [],
    lastCrime: null,
    winners: [],
  };
  startRound(s, 1);
  return s;
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
        seats: Array.from({ length: s.seats }, (_, i) => i),
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

/** The report actions for a hand: a suspect only with its true colour, a Phantom with any (§3.3 step 3). */
function reportActions(hand: readonly CardNumber[]): PhantomAction[] {
  const out: PhantomAction[] = [];
  for (const card of distinct(hand)) {
    const colour = trueColour(card);
    const colours: Colour[] = colour === null ? [...COLOURS] : [colour];
    for (const c of colours) out.push({ type: 'report', card, colour: c });
  }
  return out;
}

/** Every glass target of the crime: each reported position, and the 4th-party card if any. */
function glassTargets(s: PhantomState): GlassTarget[] {
  const targets: GlassTarget[] = s.reports.map((r) => r.position);
  if (s.fourthParty !== null) targets.push('fourth');
  return targets;
}

/** Every action `seat` may take now (empty when it is not their decision). */
export function legalActions(s: PhantomState, seat: Seat): PhantomAction[] {
  if (!seatsActing(s).includes(seat)) return [];
  switch (s.phase) {
    case 'discard':
      return distinct(s.hands[seat]!).map((card) => ({ type: 'discard', card }));
    case 'report':
      return reportActions(s.hands[seat]!);
    case 'solve':
      return glassTargets(s).map((on) => ({ type: 'glass', on }));
    case 'over':
      return [];
  }
}

/** Reveal, determine the criminal and score the crime, then open the next decision (§3.3 steps 5–8). */
function solveCrime(s: PhantomState, events: GameEvent[]): void {
  const cards = s.reports.map((r) => ({ position: r.position, seat: ownerOf(r.position, s.seats), card: r.card }));
  const inPlay = [...cards.map((c) => c.card), ...(s.fourthParty !== null ? [s.fourthParty] : [])];
  const { criminal, steps } = determineCriminal(inPlay);
  const input = { players: s.seats, cards, fourthParty: s.fourthParty, glasses: s.glasses, criminal };
  const points = scoreCrime(input);
  const scoresAfter = applyGains(
    s.scores,
    points.map((p) => p.gain),
  );
  const next = nextFirstInvestigator(input, s.firstInvestigator);
  const reveal: CrimeReveal = {
    round: s.round,
    crime: s.crime,
    cards: s.reports.map((r) => ({ position: r.position, seat: ownerOf(r.position, s.seats), card: r.card, colour: r.colour })),
    fourthParty: s.fourthParty,
    glasses: s.glasses.map((g) => ({ ...g })),
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
    s.phase = 'report';
    s.step += 1;
    return;
  }
  // End of the round: end check (§3.9), else a new round.
  const top = Math.max(...s.scores);
  const leaders = s.scores.flatMap((v, seat) => (v === top ? [seat] : []));
  if (top >= s.options.targetScore && leaders.length === 1) {
    s.phase = 'over';
    s.winners = leaders;
    s.step += 1;
    events.push({ type: 'game-over', winners: leaders, scores: [...s.scores] });
    return;
  }
  if (top >= s.options.targetScore) events.push({ type: 'tie-play-on', leaders, score: top });
  startRound(s, s.round + 1);
  events.push(...roundEvents(s));
}

/**
 * Apply `action` by `seat`. Validates everything (phase, turn, card in hand, colour,
 * target); refusals: invalid-action, game-over, not-your-turn, wrong-phase,
 * card-not-in-hand, wrong-colour, invalid-target, already-discarded.
 */
export function apply(state: PhantomState, seat: Seat, raw: PhantomAction): ApplyResult<PhantomState> {
  const parsed = actionSchema.safeParse(raw);
  if (!parsed.success) return fail('invalid-action');
  const action = parsed.data;
  if (state.phase === 'over') return fail('game-over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return fail('not-your-turn');
  const phaseOf = { discard: 'discard', report: 'report', glass: 'solve' } as const;
  if (phaseOf[action.type] !== state.phase) return fail('wrong-phase');
  const s = structuredClone(state);
  const events: GameEvent[] = [];
  const acting = seatsActing(s);

  switch (action.type) {
    case 'discard': {
      if (s.discards[seat] !== null) return fail('already-discarded');
      if (!takeCard(s.hands[seat]!, action.card)) return fail('card-not-in-hand');
      s.discards[seat] = action.card;
      events.push({ type: 'discarded', seat }, { type: 'you-discarded', to: [seat], card: action.card });
      if (s.discards.every((d) => d !== null)) {
        s.phase = 'report';
        s.step += 1;
      }
      break;
    }
    case 'report': {
      if (!acting.includes(seat)) return fail('not-your-turn');
      const colour = trueColour(action.card);
      if (!s.hands[seat]!.includes(action.card)) return fail('card-not-in-hand');
      if (colour !== null && colour !== action.colour) return fail('wrong-colour', { colour });
      takeCard(s.hands[seat]!, action.card);
      const position = reportOrder(s)[s.reports.length]!;
      s.reports.push({ position, card: action.card, colour: action.colour });
      events.push(
        { type: 'reported', seat, position, colour: action.colour },
        { type: 'you-reported', to: [seat], position, card: action.card, colour: action.colour },
      );
      if (s.reports.length === positionCount(s.seats)) s.phase = 'solve';
      s.step += 1;
      break;
    }
    case 'glass': {
      if (!acting.includes(seat)) return fail('not-your-turn');
      if (!glassTargets(s).includes(action.on)) return fail('invalid-target');
      s.glasses.push({ seat, on: action.on });
      const target = action.on === 'fourth' ? null : s.reports.find((r) => r.position === action.on)!;
      events.push({
        type: 'glass-placed',
        seat,
        on: action.on,
        targetSeat: target ? ownerOf(target.position, s.seats) : null,
        colour: target ? target.colour : null,
        card: action.on === 'fourth' ? s.fourthParty : null,
      });
      s.step += 1;
      if (s.glasses.length === s.seats) solveCrime(s, events);
      break;
    }
  }
  return { ok: true, state: s, events };
}

/** Deterministic salt for `peekPick`, so consecutive default choices differ. */
const salt = (s: PhantomState, seat: Seat, k = 0) => (s.step * 8 + seat * 2 + k) % 997;

/**
 * The timeout default (§3.6 and the table brief): a report plays a random card with its
 * true colour (a Phantom: a random colour); a glass goes on a random card that is not the
 * player's own (any card if all are theirs); a 3-player discard discards a random card.
 */
export function defaultAction(s: PhantomState, seat: Seat): PhantomAction {
  const hand = s.hands[seat] ?? [];
  switch (s.phase) {
    case 'discard':
      return { type: 'discard', card: peekPick(s.rng, hand, salt(s, seat)) };
    case 'report': {
      const card = peekPick(s.rng, hand, salt(s, seat));
      const colour = trueColour(card) ?? peekPick(s.rng, COLOURS, salt(s, seat, 1));
      return { type: 'report', card, colour };
    }
    case 'solve': {
      const mine = new Set<GlassTarget>(positionsOf(seat, s.seats));
      const all = glassTargets(s);
      const others = all.filter((t) => !mine.has(t));
      return { type: 'glass', on: peekPick(s.rng, others.length > 0 ? others : all, salt(s, seat)) };
    }
    case 'over':
      // Never asked once over; a harmless well-formed action (refused as game-over).
      return { type: 'glass', on: 0 };
  }
}

/** Final outcome: placements by score (ties share), the single leader wins (§3.9). */
export function result(s: PhantomState): GameResult | null {
  if (s.phase !== 'over') return null;
  const placements = s.scores.map((v) => 1 + s.scores.filter((o) => o > v).length);
  return { placements, winners: [...s.winners], scores: [...s.scores], reason: 'target' };
}

const COLOUR_CODE: Record<Colour, string> = { yellow: 'y', red: 'r', blue: 'b' };
const CODE_COLOUR: Record<string, Colour> = { y: 'yellow', r: 'red', b: 'blue' };

/** Encode an action: `d:<card>`, `r:<card>:<y|r|b>`, `g:<position|f>`. */
export function encodeAction(a: PhantomAction): string {
  switch (a.type) {
    case 'discard':
      return `d:${a.card}`;
    case 'report':
      return `r:${a.card}:${COLOUR_CODE[a.colour]}`;
    case 'glass':
      return `g:${a.on === 'fourth' ? 'f' : a.on}`;
  }
}

/** Decode an action code; null when malformed. */
export function decodeAction(code: string): PhantomAction | null {
  let candidate: unknown = null;
  let m: RegExpExecArray | null;
  if ((m = /^d:(\d{1,2})$/.exec(code))) candidate = { type: 'discard', card: Number(m[1]) };
  else if ((m = /^r:(\d{1,2}):([yrb])$/.exec(code))) candidate = { type: 'report', card: Number(m[1]), colour: CODE_COLOUR[m[2]!] };
  else if ((m = /^g:(\d|f)$/.exec(code))) candidate = { type: 'glass', on: m[1] === 'f' ? 'fourth' : Number(m[1]) };
  if (candidate === null) return null;
  const parsed = actionSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The game definition of Tricks and the Phantom. */
export const phantomDefinition: GameDefinition<PhantomState, PhantomAction, PhantomOptions, PhantomPublicView, PhantomSeatView> = {
  id: 'phantom',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  optionsSchema,
  actionSchema,
  setup,
  pending,
  legalActions,
  apply,
  defaultAction,
  autoAction: defaultAction,
  publicView,
  seatView,
  result,
  encodeAction,
  decodeAction,
};

