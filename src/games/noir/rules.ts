/**
 * NOIR: Killer vs. Inspector — constants, card data, options, actions and state types
 * (docs/rules/noir.md, "the rules file" below; BGA rules, §2.0).
 *
 * Pure: imports nothing but zod and the shared contract types.
 */
import { z } from 'zod';
import type { RngState } from '../rng.js';
import type { Seat } from '../engine.js';

// ---------------------------------------------------------------------------------------
// Card data
// ---------------------------------------------------------------------------------------

/** One suspect: a short display name and a 3-letter code for the grid. */
export interface Suspect {
  name: string;
  code: string;
}

/**
 * The 25 suspects (rules §2.1: "names irrelevant; 25 distinct suspects"). Index = suspect
 * id (0–24) used everywhere in the state; each suspect has exactly one evidence card with
 * the same id. Codes are distinct, 3 letters, for the monospace grid.
 */
export const SUSPECTS: readonly Suspect[] = [
  { name: 'Ada', code: 'ADA' },
  { name: 'Bram', code: 'BRA' },
  { name: 'Cora', code: 'COR' },
  { name: 'Dex', code: 'DEX' },
  { name: 'Edna', code: 'EDN' },
  { name: 'Flo', code: 'FLO' },
  { name: 'Gus', code: 'GUS' },
  { name: 'Hugo', code: 'HUG' },
  { name: 'Iris', code: 'IRI' },
  { name: 'Jude', code: 'JUD' },
  { name: 'Kit', code: 'KIT' },
  { name: 'Lena', code: 'LEN' },
  { name: 'Milo', code: 'MIL' },
  { name: 'Nell', code: 'NEL' },
  { name: 'Otto', code: 'OTT' },
  { name: 'Pia', code: 'PIA' },
  { name: 'Quinn', code: 'QUI' },
  { name: 'Rosa', code: 'ROS' },
  { name: 'Sid', code: 'SID' },
  { name: 'Tess', code: 'TES' },
  { name: 'Ugo', code: 'UGO' },
  { name: 'Vera', code: 'VER' },
  { name: 'Walt', code: 'WAL' },
  { name: 'Yuri', code: 'YUR' },
  { name: 'Zoe', code: 'ZOE' },
];

/** Number of suspects (and evidence cards) in the game (rules §2.1). */
export const SUSPECT_COUNT = 25;
/** Side of the starting square grid (rules §2.2: 5×5). */
export const GRID_SIZE = 5;
/** Evidence cards the Killer draws at setup: the secret identity (rules §2.2 step 4). */
export const KILLER_START_CARDS = 1;
/** Evidence cards the Inspector draws at setup (rules §2.2 step 5). */
export const INSPECTOR_START_CARDS = 4;

// ---------------------------------------------------------------------------------------
// Defaults (every [DEFAULT] of the rules file)
// ---------------------------------------------------------------------------------------

/** Game modes (rules §2.0, §2.6, §2.7). */
export const MODES = ['classic', 'standard', 'citizens-arrest'] as const;
export type NoirMode = (typeof MODES)[number];
/** Default mode: Standard (BGA's canvassing rules, §2.6). */
export const DEFAULT_MODE: NoirMode = 'standard';

/** Allowed kill targets (rules §2.0): 16 = BGA, 14 = Black Box edition. */
export const KILL_TARGETS = [16, 14] as const;
/** Default kill target, rules §2.11 / §2.14 (`KILL_TARGET`). */
export const KILL_TARGET = 16;

/** Who is the Killer: random, the host, or the other player (rules §2.2 step 1). */
export const KILLER_CHOICES = ['random', 'host', 'guest'] as const;
export type KillerChoice = (typeof KILLER_CHOICES)[number];
/** Default Killer assignment. */
export const DEFAULT_KILLER: KillerChoice = 'random';

/** Turn timer in seconds, rules §2.14 ("Turn timeout: 120 s"). */
export const DEFAULT_TURN_SECONDS = 120;
/** Bounds of the turn timer option, in seconds. */
export const MIN_TURN_SECONDS = 15;
export const MAX_TURN_SECONDS = 3600;

/**
 * Classic mode: a successful disguise flips the old identity's suspect to DECEASED (it
 * counts as a death). Rules §2.5 / §2.14 [DEFAULT]. When false, the old identity stays
 * alive (its evidence card is merely discarded). Standard and Citizen's Arrest modes always
 * lay an innocent marker on it instead.
 */
export const DISGUISE_KILLS_OLD_IDENTITY = true;

/** Rules §2.3 / §2.14 [DEFAULT]: the first victim cannot be chosen as the Inspector's identity. */
export const VICTIM_CHOOSABLE_AS_IDENTITY = false;

/** Rules §2.5 / §2.14 [DEFAULT]: a collapse during the opponent's shift lifts the no-undo restriction. */
export const NO_UNDO_LAPSES_ON_COLLAPSE = true;

/** Rules §2.14 [DEFAULT]: canvas answer when the exonerated suspect was collapsed away ("not adjacent"). */
export const CANVAS_ANSWER_WHEN_REMOVED = false;

/** Rules §2.7 / §2.14 [DEFAULT]: citizen's arrest from a collapsed-away (removed) suspect. */
export const CITIZENS_ARREST_FROM_REMOVED = false;

/** Rules §2.7 [DEFAULT]: citizen's arrest needs a non-empty evidence deck (literal §2.9). */
export const CITIZENS_ARREST_NEEDS_DECK = true;

/** Rules §2.11 [DEFAULT]: after this many completed turns without a winner the game is a draw. */
export const ACTION_CAP = 200;

// ---------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------

/**
 * Table options of `/noir new`. `turnSeconds` is the shared turn-timer name (seconds).
 * `disguiseKillsOldIdentity` applies to Classic mode only (rules §2.14).
 */
export const noirOptionsSchema = z.object({
  mode: z.enum(MODES).default(DEFAULT_MODE),
  killTarget: z.union([z.literal(16), z.literal(14)]).default(KILL_TARGET),
  killer: z.enum(KILLER_CHOICES).default(DEFAULT_KILLER),
  disguiseKillsOldIdentity: z.boolean().default(DISGUISE_KILLS_OLD_IDENTITY),
  turnSeconds: z.number().int().min(MIN_TURN_SECONDS).max(MAX_TURN_SECONDS).default(DEFAULT_TURN_SECONDS),
});
export type NoirOptions = z.infer<typeof noirOptionsSchema>;

// ---------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------

const suspectId = z.number().int().min(0).max(SUSPECT_COUNT - 1);
const lineIndex = z.number().int().min(0).max(GRID_SIZE - 1);

/**
 * One action (rules §2.3, §2.5, §2.7). Suspects are referenced by id (0–24), lines by
 * their index on the *current* grid (0 = top row / left column).
 * - `kill`: Killer kills a living suspect adjacent to their identity.
 * - `shift`: move a row (`dir` 1 = right, -1 = left) or a column (1 = down, -1 = up) one step.
 * - `disguise`: Killer draws the top evidence card.
 * - `choose`: Inspector picks their secret identity from the 4 starting cards.
 * - `arrest`: Inspector arrests an adjacent living suspect or their own identity.
 * - `exonerate`: Inspector draws one evidence card (then must `discard`).
 * - `discard`: second half of Exonerate: discard one hand card face-up.
 * - `citizen`: Citizen's Arrest: discard `discard` without drawing, arrest `target`.
 */
export const noirActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('kill'), suspect: suspectId }),
  z.object({ type: z.literal('shift'), axis: z.enum(['row', 'col']), index: lineIndex, dir: z.union([z.literal(1), z.literal(-1)]) }),
  z.object({ type: z.literal('disguise') }),
  z.object({ type: z.literal('choose'), suspect: suspectId }),
  z.object({ type: z.literal('arrest'), suspect: suspectId }),
  z.object({ type: z.literal('exonerate') }),
  z.object({ type: z.literal('discard'), suspect: suspectId }),
  z.object({ type: z.literal('citizen'), discard: suspectId, target: suspectId }),
]);
export type NoirAction = z.infer<typeof noirActionSchema>;
export type ShiftAction = Extract<NoirAction, { type: 'shift' }>;

// ---------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------

/** One grid cell: a suspect, alive or deceased, with or without an innocent marker (§2.6). */
export interface Cell {
  suspect: number;
  alive: boolean;
  marker: boolean;
}

/** The two roles. */
export type Role = 'killer' | 'inspector';

/**
 * Phase of the game:
 * - `firstKill`: Killer's forced first kill (§2.3);
 * - `chooseIdentity`: Inspector picks an identity from the 4 cards (§2.3);
 * - `play`: normal alternating turns; `turn` says whose;
 * - `discard`: the Inspector drew for Exonerate and must discard (§2.5);
 * - `over`.
 */
export type Phase = 'firstKill' | 'chooseIdentity' | 'play' | 'discard' | 'over';

/**
 * The most recent shift (§2.5, shown on the board). `turn` = value of `turns` right after
 * it; the no-undo rule protects it only while it is the immediately previous action
 * (`turn === state.turns`) and its own collapse did not change the grid (`collapsed`).
 */
export interface LastShift {
  axis: 'row' | 'col';
  index: number;
  dir: 1 | -1;
  by: Seat;
  turn: number;
  collapsed: boolean;
}

/** A public arrest result (§2.5, §2.7). `citizen` = made by a citizen's arrest. */
export interface ArrestRecord {
  suspect: number;
  hit: boolean;
  citizen: boolean;
}

/** A public canvas answer (§2.6): who answered, around which suspect, adjacent or not. */
export interface CanvasRecord {
  suspect: number;
  answeredBy: Role;
  adjacent: boolean;
}

/** A Killer's private disguise draw (§2.5, §2.8). */
export interface DisguiseDraw {
  suspect: number;
  alive: boolean;
}

/** Why the game ended (GameResult.reason). */
export type EndReason = 'arrest' | 'inspector-killed' | 'kill-target' | 'cap';

/** The full game state (plain JSON). Secrets: `deck`, `killerIdentity`, `inspectorIdentity`, `hand`, `drawn`, `killerDraws`. */
export interface NoirState {
  options: NoirOptions;
  rng: RngState;
  /** Decision counter, bumped whenever a new decision opens. */
  step: number;
  /** Completed turns (the identity choice counts as the Inspector's first turn). */
  turns: number;
  phase: Phase;
  /** Whose turn it is (meaningful while not over). */
  turn: Role;
  killerSeat: Seat;
  inspectorSeat: Seat;
  /** Rows of cells; always a rectangle. */
  grid: Cell[][];
  /** Suspects removed by collapses, in removal order (all deceased). */
  removed: number[];
  /** Evidence deck, top card first (secret). */
  deck: number[];
  /** Face-up discarded evidence cards, in order (public, all proven innocent). */
  discards: number[];
  /** The Killer's current identity (secret). */
  killerIdentity: number;
  /** The Inspector's identity, null until chosen (secret). */
  inspectorIdentity: number | null;
  /** The Inspector's evidence hand (secret): 4 cards before the choice, then ≤ 3 (4 while discarding). */
  hand: number[];
  /** During `discard`: the card just drawn (secret). */
  drawn: number | null;
  /** The Killer's disguise draws (secret to the Killer). */
  killerDraws: DisguiseDraw[];
  lastShift: LastShift | null;
  arrests: ArrestRecord[];
  canvasses: CanvasRecord[];
  citizensArrests: number;
  winner: Role | null;
  endReason: EndReason | null;
}

// ---------------------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------------------

/** Refusal codes without a parameter (plain-language texts: ./text/en.ts `errors`). */
export type NoirPlainErrorCode =
  | 'game-over'
  | 'not-seated'
  | 'not-your-turn'
  | 'must-kill-first'
  | 'choose-identity-first'
  | 'discard-first'
  | 'wrong-phase'
  | 'bad-shift'
  | 'no-undo'
  | 'deck-empty'
  /** Citizen's Arrest is not part of this table's mode (§2.7). */
  | 'mode'
  /** An action object of no known type (the codec and zod schema never produce one). */
  | 'malformed';

/** Every refusal of a NOIR action (moves.ts `check`); `suspect` names the suspect concerned. */
export type NoirError =
  | { code: NoirPlainErrorCode }
  | { code: 'not-adjacent' | 'not-alive' | 'not-choosable' | 'not-in-hand' | 'not-on-grid'; params: { suspect: number } };

/** One refusal code. */
export type NoirErrorCode = NoirError['code'];
