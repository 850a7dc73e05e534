/**
 * Tricks and the Phantom — constants, card data, option / action schemas and state types
 * (docs/rules/phantom.md). Pure: no I/O, no clock, no unseeded randomness.
 */
import { z } from 'zod';
import type { RngState } from '../rng.js';
import type { Seat } from '../engine.js';

/** Player counts (§3.2). */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;

/** Target score that ends the game after a round (§3.9, [SEED] "10 points"). */
export const DEFAULT_TARGET_SCORE = 10;
export const MIN_TARGET_SCORE = 1;
export const MAX_TARGET_SCORE = 99;

/** Seconds per decision (§3.6 [DEFAULT] 60 s). */
export const DEFAULT_TURN_SECONDS = 60;
export const MIN_TURN_SECONDS = 10;
export const MAX_TURN_SECONDS = 3600;

/** Beginner option off by default (§3.3 step 1: the option removes one Phantom). */
export const DEFAULT_BEGINNER = false;

/** A clue token colour / card suit (§3.2). */
export type Colour = 'yellow' | 'red' | 'blue';
/** The three clue token colours, in the order the panel offers them. */
export const COLOURS: readonly Colour[] = ['yellow', 'red', 'blue'];

/** A card is identified by its number; the Phantom is number 1 (two copies, §3.2). */
export type CardNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

export const PHANTOM = 1 as const;
export const BARKEEPER = 2 as const;
export const COURIER = 3 as const;
export const SHOPKEEPER = 4 as const;
export const FORENSICIST = 5 as const;
export const DETECTIVE = 6 as const;
export const REPORTER = 7 as const;
export const MADAME = 8 as const;
export const YAKUZA = 9 as const;
export const POLITICIAN = 10 as const;

/** Catalog key of a card (its name and effect text live in the i18n catalog). */
export type CardKey =
  | 'phantom'
  | 'barkeeper'
  | 'courier'
  | 'shopkeeper'
  | 'forensicist'
  | 'detective'
  | 'reporter'
  | 'madame'
  | 'yakuza'
  | 'politician';

/** One card of the deck: number, catalog key, suit (null for the Phantom) and copies. */
export interface CardData {
  number: CardNumber;
  key: CardKey;
  colour: Colour | null;
  copies: number;
}

/**
 * The 11-card deck (§3.2 [SEED + SRC]). #7's English name was not found; "Reporter" is the
 * spec's placeholder ([DEFAULT]), #3 "Courier" and #9 "Yakuza" are proposed names.
 */
export const CARDS: Readonly<Record<CardNumber, CardData>> = {
  10: { number: 10, key: 'politician', colour: 'blue', copies: 1 },
  9: { number: 9, key: 'yakuza', colour: 'blue', copies: 1 },
  8: { number: 8, key: 'madame', colour: 'red', copies: 1 },
  7: { number: 7, key: 'reporter', colour: 'blue', copies: 1 },
  6: { number: 6, key: 'detective', colour: 'yellow', copies: 1 },
  5: { number: 5, key: 'forensicist', colour: 'red', copies: 1 },
  4: { number: 4, key: 'shopkeeper', colour: 'red', copies: 1 },
  3: { number: 3, key: 'courier', colour: 'yellow', copies: 1 },
  2: { number: 2, key: 'barkeeper', colour: 'yellow', copies: 1 },
  1: { number: 1, key: 'phantom', colour: null, copies: 2 },
};

/** Card numbers from highest to lowest (display order). */
export const CARD_NUMBERS: readonly CardNumber[] = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

/** True for a Phantom (never the criminal; free clue colour). */
export function isPhantom(card: CardNumber): boolean {
  return card === PHANTOM;
}

/** The suit of a suspect card, or null for a Phantom (§3.2). */
export function trueColour(card: CardNumber): Colour | null {
  return CARDS[card].colour;
}

/** Phantoms removed by the beginner option (§3.3 step 1). */
export const BEGINNER_PHANTOMS_REMOVED = 1;

/**
 * The deck for a round: every card with its copies, minus the Phantoms the beginner option
 * removes (11 cards, or 10 in beginner mode).
 */
export function deckFor(beginner: boolean): CardNumber[] {
  const deck: CardNumber[] = [];
  for (const n of CARD_NUMBERS) {
    let copies = CARDS[n].copies;
    if (beginner && n === PHANTOM) copies -= BEGINNER_PHANTOMS_REMOVED;
    for (let i = 0; i < copies; i++) deck.push(n);
  }
  return deck;
}

/** Cards dealt to each player by player count (§3.3 / §3.8: 4p → 2, 3p → 3, 2p → 4). */
export const HAND_SIZE: Readonly<Record<number, number>> = { 2: 4, 3: 3, 4: 2 };

/** Crimes per round (§3.3: "A round = 2 crimes"). */
export const CRIMES_PER_ROUND = 2;

/**
 * In the 2-player game each player controls this many investigator seats (§3.8), seated
 * A, B, A, B clockwise. Internal positions: player = position % 2, letter = ⌊position / 2⌋.
 */
export const TWO_PLAYER_SEATS_PER_PLAYER = 2;

/**
 * How the first investigator of the game is chosen (§3.3 step 2 [DEFAULT]: random; the
 * physical rule "whoever last talked to the police" cannot be asked). 'first-seat' would
 * give it to seat 0 (seat order is already shuffled at game start).
 */
export const FIRST_INVESTIGATOR_OF_GAME: 'random' | 'first-seat' = 'random';

/**
 * Clue tokens are returned after each crime (§3.3 step 6 [DEFAULT]). Each player (2p: each
 * investigator seat) therefore holds all three colours at every report, so the engine only
 * restricts colours by the truth rule (suspect = true colour, Phantom = any).
 */
export const CLUE_TOKENS_RETURNED_AFTER_EACH_CRIME = true;

/*
 * Rule decision (not covered by the rules file): 3-player beginner mode leaves only one
 * face-down card (10 − 9 dealt), so crime 2 of such a round has no 4th-party card (only the
 * 3 played cards are candidates). With the full deck both face-down cards become 4th-party
 * cards (§3.8).
 */

// ---------------------------------------------------------------------------------------
// Options and actions
// ---------------------------------------------------------------------------------------

/** Table options (§3.6, §3.9, §3.3 beginner). */
export const optionsSchema = z.object({
  turnSeconds: z.number().int().min(MIN_TURN_SECONDS).max(MAX_TURN_SECONDS).default(DEFAULT_TURN_SECONDS),
  targetScore: z.number().int().min(MIN_TARGET_SCORE).max(MAX_TARGET_SCORE).default(DEFAULT_TARGET_SCORE),
  beginner: z.boolean().default(DEFAULT_BEGINNER),
});

/** Parsed table options. */
export type PhantomOptions = z.infer<typeof optionsSchema>;

const cardNumberSchema = z
  .number()
  .int()
  .min(1)
  .max(10)
  .transform((n) => n as CardNumber);

/** What a magnifying glass can lie on: a reporting position, or the 3-player 4th-party card. */
export type GlassTarget = number | 'fourth';

/** Most investigator positions at a table (4 players, or 2 players × 2 seats). */
export const MAX_POSITIONS = 4;

/**
 * One player decision:
 * - `discard`: 3-player round start, discard a card face-down (§3.8);
 * - `report`: play a card face-down with a clue token (§3.3 step 3);
 * - `glass`: put the magnifying glass on a reported card or the 4th-party card (§3.3 step 4).
 */
export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('discard'), card: cardNumberSchema }),
  z.object({ type: z.literal('report'), card: cardNumberSchema, colour: z.enum(['yellow', 'red', 'blue']) }),
  z.object({
    type: z.literal('glass'),
    on: z.union([z.number().int().min(0).max(MAX_POSITIONS - 1), z.literal('fourth')]),
  }),
]);

/** A validated action. */
export type PhantomAction = z.infer<typeof actionSchema>;

// ---------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------

/** A card played face-down at a position with its clue token (card secret until the reveal). */
export interface Report {
  position: number;
  card: CardNumber;
  colour: Colour;
}

/** A magnifying glass placed by a player (public as soon as it is placed). */
export interface Glass {
  seat: Seat;
  on: GlassTarget;
}

/** One step of the criminal determination, for the "why" of the reveal (§3.4). */
export type CrimeStep =
  /** `card`'s effect struck `struck` from the candidates. */
  | { kind: 'strike'; card: CardNumber; struck: CardNumber }
  /** `card`'s effect cancelled the effects of `cancelled` (only cards in play are listed). */
  | { kind: 'cancel'; card: CardNumber; cancelled: CardNumber[] }
  /** `card` became the criminal through its own effect. */
  | { kind: 'becomes-criminal'; card: CardNumber }
  /** `card` is in play but its condition did not hold. */
  | { kind: 'no-trigger'; card: CardNumber }
  /** `card` is the highest remaining suspect. */
  | { kind: 'highest'; card: CardNumber }
  /** No suspect remained: no criminal. */
  | { kind: 'none' };

/** Why a player's score changed at a crime (§3.7, §3.8). */
export type PointReason =
  | 'played-criminal'
  | 'glass-criminal'
  | 'fourth-party-support'
  | 'phantom-fooled'
  | 'fell-for-phantom'
  | 'own-phantom'
  | 'fourth-party-phantom';

/** One scoring line: `amount` points (may be 0 or negative) for `reason`. */
export interface PointLine {
  reason: PointReason;
  amount: number;
  /** True when the Detective doubled this line. */
  doubled?: boolean;
}

/** A revealed card of a solved crime. */
export interface RevealedCard {
  position: number;
  seat: Seat;
  card: CardNumber;
  colour: Colour;
}

/** Everything shown when a crime is solved (public once revealed; stays on the board). */
export interface CrimeReveal {
  round: number;
  crime: number;
  cards: RevealedCard[];
  fourthParty: CardNumber | null;
  glasses: Glass[];
  criminal: CardNumber | null;
  criminalAt: GlassTarget | null;
  steps: CrimeStep[];
  /** Per seat: the crime's lines and their sum (before the floor at 0). */
  points: { seat: Seat; gain: number; lines: PointLine[] }[];
  scoresBefore: number[];
  scoresAfter: number[];
  /** Position of the first investigator of the next crime. */
  nextFirstInvestigator: number;
}

/** Phase of the game. */
export type Phase = 'discard' | 'report' | 'solve' | 'over';

/** The whole game state (plain JSON). */
export interface PhantomState {
  v: 1;
  options: PhantomOptions;
  /** Number of players (contract seats). */
  seats: number;
  rng: RngState;
  /** Decision counter (bumped whenever a new decision opens). */
  step: number;
  phase: Phase;
  round: number;
  /** 1 or 2 within the round. */
  crime: number;
  scores: number[];
  /** Secret: each player's cards. */
  hands: CardNumber[][];
  /** Secret: each player's 3-player discard of this round (null when none). */
  discards: (CardNumber | null)[];
  /** Secret: face-down cards nobody sees (unused cards; 3p: the next 4th-party card). */
  faceDown: CardNumber[];
  /** 3 players: the face-up 4th-party card of this crime. */
  fourthParty: CardNumber | null;
  /** Public: cards of this round already revealed and out of play (earlier crime). */
  retired: CardNumber[];
  /** Position of this crime's first investigator. */
  firstInvestigator: number;
  /** This crime's reports in report order (cards secret until the reveal). */
  reports: Report[];
  /** This crime's glasses in placement order. */
  glasses: Glass[];
  /** The last solved crime (public). */
  lastCrime: CrimeReveal | null;
  /** Winner(s) once over. */
  winners: Seat[];
}

// ── Refusals ─────────────────────────────────────────────────────────────────────────

/** Refusal codes without a parameter (plain-language texts: ./text/en.ts `errors`). */
export type PhantomPlainErrorCode =
  | 'malformed'
  | 'game-over'
  | 'not-your-turn'
  | 'wrong-phase'
  | 'card-not-in-hand'
  | 'invalid-target'
  | 'already-discarded';

/** Every refusal of a Tricks and the Phantom action (moves.ts `check`). */
export type PhantomError =
  | { code: PhantomPlainErrorCode }
  /** A suspect card must carry its true colour (§3.3 step 3): `colour` is that colour. */
  | { code: 'wrong-colour'; params: { colour: Colour } };

/** One refusal code. */
export type PhantomErrorCode = PhantomError['code'];
