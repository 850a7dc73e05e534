/**
 * J'Accuse! — constants, card data, option / action schemas and state types
 * (docs/rules/jaccuse.md). Pure: no I/O, no clock, no unseeded randomness.
 *
 * Every [DEFAULT] of the rules file is a named constant here or an option of
 * `jaccuseOptionsSchema`. Display names live in the i18n catalog (./text/en.ts);
 * this file only holds stable ids.
 */
import { z } from 'zod';
import type { RngState } from '../rng.js';
import type { Seat } from '../engine.js';

// ───────────────────────────── Players and timers ─────────────────────────────

/** Fewest players (docs/rules/jaccuse.md §4.1). */
export const MIN_PLAYERS = 3;
/** Most players: one per character sheet (docs/rules/jaccuse.md §4.1). */
export const MAX_PLAYERS = 6;

/** [DEFAULT] Seconds for the Inspector's pick, an Across choice and a character pick (§4.6). */
export const DEFAULT_TURN_SECONDS = 60;
/** [DEFAULT] Seconds for the secret Suspicion vote (§4.5). */
export const DEFAULT_VOTE_SECONDS = 60;
/** Shortest timer a table may set, seconds. */
export const MIN_TIMER_SECONDS = 10;
/** Longest timer a table may set, seconds (one day). */
export const MAX_TIMER_SECONDS = 86_400;

/** Who picks the recipient of an Across move when there is a choice (§4.4). */
export const ACROSS_CHOOSERS = ['holder', 'inspector'] as const;
/** Who picks an Across recipient. */
export type AcrossChooser = (typeof ACROSS_CHOOSERS)[number];
/** [DEFAULT] The holder of the card picks its Across recipient (§4.4, §4.12). */
export const DEFAULT_ACROSS_CHOOSER: AcrossChooser = 'holder';

/** How characters are assigned (§4.2 step 2). */
export const CHARACTER_MODES = ['random', 'choice'] as const;
/** How characters are assigned. */
export type CharacterMode = (typeof CHARACTER_MODES)[number];
/** [DEFAULT] Characters are dealt at random (§4.2, §4.12). */
export const DEFAULT_CHARACTER_MODE: CharacterMode = 'random';

/** How the first Inspector is chosen (§4.2 step 4). */
export type FirstInspectorRule = 'random' | 'first-seat';
/** [DEFAULT] The first Inspector is a random seat (§4.2 step 4). */
export const FIRST_INSPECTOR: FirstInspectorRule = 'random';

/**
 * [DEFAULT] When every hand is empty, the discards AND the never-dealt Investigation cards
 * are shuffled together (§4.6). `false` would keep the undealt cards on top and shuffle only
 * the discards under them.
 */
export const RESHUFFLE_INCLUDES_UNDEALT = true;

/**
 * Safety cap, in rounds. Nothing in the rules forces the game to end: the players can
 * avoid J'Accuse! forever (each cycle uses only 3 of the 4 Suspicion cards), so after this
 * many rounds the game ends with no loser (reason 'cap'). Far beyond any real game.
 */
export const ROUND_CAP = 200;

// ───────────────────────────── Evidence ─────────────────────────────

/** The three evidence types, in icon order (Motive, Opportunity, Weapon — §4.1). */
export const EVIDENCE_TYPES = ['motive', 'opportunity', 'weapon'] as const;
/** One evidence type. */
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** The 8 Motive cards (§4.1; the last five are [DEFAULT] names). */
export const MOTIVE_CARDS = ['money', 'secrets', 'infidelity', 'inheritance', 'revenge', 'blackmail', 'jealousy', 'debts'] as const;
/** The 8 Opportunity cards (§4.1; the last four are [DEFAULT] names). */
export const OPPORTUNITY_CARDS = ['woods', 'stables', 'cellar', 'dark', 'library', 'garden', 'kitchen', 'study'] as const;
/** The 9 Weapon cards (§4.1; Poison and Window [INFER], the last three [DEFAULT]). */
export const WEAPON_CARDS = ['knife', 'pistol', 'rope', 'iron', 'poison', 'window', 'candlestick', 'poker', 'shears'] as const;

/** Id of one evidence card. */
export type EvidenceId =
  | (typeof MOTIVE_CARDS)[number]
  | (typeof OPPORTUNITY_CARDS)[number]
  | (typeof WEAPON_CARDS)[number];

/** The cards of each evidence type (25 in all: 8 + 8 + 9). */
export const EVIDENCE_CARDS: Record<EvidenceType, readonly EvidenceId[]> = {
  motive: MOTIVE_CARDS,
  opportunity: OPPORTUNITY_CARDS,
  weapon: WEAPON_CARDS,
};

/** Every evidence card id. */
export const ALL_EVIDENCE: readonly EvidenceId[] = [...MOTIVE_CARDS, ...OPPORTUNITY_CARDS, ...WEAPON_CARDS];

/** Total evidence cards (§4.1). */
export const EVIDENCE_TOTAL = 25;

/** The type of an evidence card. */
export function evidenceType(card: EvidenceId): EvidenceType {
  if ((MOTIVE_CARDS as readonly string[]).includes(card)) return 'motive';
  if ((OPPORTUNITY_CARDS as readonly string[]).includes(card)) return 'opportunity';
  return 'weapon';
}

// ───────────────────────────── Characters ─────────────────────────────

/** The six suspect character sheets (§4.1; names [DEFAULT] except The Affair / The Spouse). */
export const CHARACTERS = ['affair', 'spouse', 'butler', 'heir', 'partner', 'physician'] as const;
/** Id of one character sheet. */
export type CharacterId = (typeof CHARACTERS)[number];

/**
 * What each character is exonerated against: exactly one Motive, one Opportunity and one
 * Weapon (§4.1 table; The Affair [SEED], The Spouse's "In the Dark" [SRC], rest [DEFAULT]).
 */
export const EXONERATIONS: Record<CharacterId, Record<EvidenceType, EvidenceId>> = {
  affair: { motive: 'money', opportunity: 'woods', weapon: 'knife' },
  spouse: { motive: 'inheritance', opportunity: 'dark', weapon: 'poison' },
  butler: { motive: 'secrets', opportunity: 'cellar', weapon: 'candlestick' },
  heir: { motive: 'infidelity', opportunity: 'stables', weapon: 'pistol' },
  partner: { motive: 'revenge', opportunity: 'library', weapon: 'rope' },
  physician: { motive: 'blackmail', opportunity: 'garden', weapon: 'iron' },
};

/** True when `character`'s sheet exonerates them of `card` (§4.3 step 6B). */
export function isExonerated(character: CharacterId | null, card: EvidenceId): boolean {
  return character !== null && EXONERATIONS[character][evidenceType(card)] === card;
}

// ───────────────────────────── Suspicion cards ─────────────────────────────

/** The four Suspicion cards every player holds (§4.1, §4.5). */
export const SUSPICION_CARDS = ['left', 'right', 'across', 'jaccuse'] as const;
/** One Suspicion card (also the outcome of a vote). */
export type SuspicionCard = (typeof SUSPICION_CARDS)[number];
/** Rounds per Suspicion cycle: 3 different cards are used, then all 4 return (§4.5). */
export const SUSPICION_CYCLE_ROUNDS = 3;

// ───────────────────────────── Investigation cards ─────────────────────────────

/**
 * The 18 Investigation cards and their icons, in icon order (§4.1 [DEFAULT] mix:
 * singles 3×M, 3×O, 3×W; doubles 2×MO, 2×MW, 2×OW; triples 3×MOW).
 */
export const INVESTIGATION_CARDS = {
  m1: ['motive'],
  m2: ['motive'],
  m3: ['motive'],
  o1: ['opportunity'],
  o2: ['opportunity'],
  o3: ['opportunity'],
  w1: ['weapon'],
  w2: ['weapon'],
  w3: ['weapon'],
  mo1: ['motive', 'opportunity'],
  mo2: ['motive', 'opportunity'],
  mw1: ['motive', 'weapon'],
  mw2: ['motive', 'weapon'],
  ow1: ['opportunity', 'weapon'],
  ow2: ['opportunity', 'weapon'],
  mow1: ['motive', 'opportunity', 'weapon'],
  mow2: ['motive', 'opportunity', 'weapon'],
  mow3: ['motive', 'opportunity', 'weapon'],
} as const satisfies Record<string, readonly EvidenceType[]>;
/** Id of one Investigation card. */
export type InvestigationId = keyof typeof INVESTIGATION_CARDS;
/** Every Investigation card id. */
export const ALL_INVESTIGATIONS = Object.keys(INVESTIGATION_CARDS) as InvestigationId[];
/** Investigation cards dealt to each player per cycle (§4.2 step 3, §4.6). */
export const INVESTIGATION_HAND_SIZE = 3;

// ───────────────────────────── Arrest ─────────────────────────────

/** Hard Evidence total that gets a player arrested, any mix (§4.7). */
export const ARREST_TOTAL = 5;

// ───────────────────────────── Options ─────────────────────────────

const timer = (def: number) => z.number().int().min(MIN_TIMER_SECONDS).max(MAX_TIMER_SECONDS).default(def);

/** Table options of J'Accuse!, every field with its [DEFAULT]. */
export const jaccuseOptionsSchema = z.object({
  /** Inspector's pick, Across choice, character pick: seconds. */
  turnSeconds: timer(DEFAULT_TURN_SECONDS),
  /** The secret Suspicion vote: seconds. */
  voteSeconds: timer(DEFAULT_VOTE_SECONDS),
  /** Who picks an Across recipient when several players are eligible. */
  acrossChooser: z.enum(ACROSS_CHOOSERS).default(DEFAULT_ACROSS_CHOOSER),
  /** Random characters, or a picking phase at the start. */
  characters: z.enum(CHARACTER_MODES).default(DEFAULT_CHARACTER_MODE),
});
/** Parsed table options. */
export type JaccuseOptions = z.infer<typeof jaccuseOptionsSchema>;

// ───────────────────────────── Actions ─────────────────────────────

const seatSchema = z.number().int().min(0).max(MAX_PLAYERS - 1);

/** One player action (discriminated by `type`). */
export const jaccuseActionSchema = z.discriminatedUnion('type', [
  /** Character-picking phase: take a free character sheet. */
  z.object({ type: z.literal('character'), character: z.enum(CHARACTERS) }),
  /** The Inspector sets an Investigation card from their hand face down (§4.3 step 1). */
  z.object({ type: z.literal('investigate'), card: z.enum(ALL_INVESTIGATIONS as [InvestigationId, ...InvestigationId[]]) }),
  /** Cast (or change) a secret Suspicion vote (§4.3 step 2). */
  z.object({ type: z.literal('vote'), card: z.enum(SUSPICION_CARDS) }),
  /** Send an in-play evidence card Across to an eligible player (§4.4). */
  z.object({ type: z.literal('send'), card: z.enum(ALL_EVIDENCE as [EvidenceId, ...EvidenceId[]]), to: seatSchema }),
]);
/** One player action. */
export type JaccuseAction = z.infer<typeof jaccuseActionSchema>;

// ───────────────────────────── State ─────────────────────────────

/** What the game is waiting for. */
export type JaccusePhase = 'characters' | 'investigate' | 'vote' | 'across' | 'over';

/** An in-play Suspected Evidence card and who holds it (§4.2 step 5). */
export interface SuspectedEvidence {
  card: EvidenceId;
  holder: Seat;
}

/** One Across move waiting for its recipient (§4.4, §4.9). */
export interface AcrossChoice {
  card: EvidenceId;
  holder: Seat;
  /** Who picks: the holder or the Inspector (option `acrossChooser`). */
  chooser: Seat;
  /** Eligible recipients, in seat order. */
  eligible: Seat[];
}

/** What one affected evidence card did in a resolution (public after the reveal). */
export type EvidenceOutcome =
  /** Moved Left / Right / Across; `to` is null while an Across choice is still open. */
  | { kind: 'move'; card: EvidenceId; from: Seat; to: Seat | null; direction: 'left' | 'right' | 'across' }
  /** Became Hard Evidence against `holder` (§4.3 6B). */
  | { kind: 'harden'; card: EvidenceId; holder: Seat }
  /** Holder exonerated: the card went to the bottom of its pile (§4.3 6B). */
  | { kind: 'exonerate'; card: EvidenceId; holder: Seat }
  /** A replacement dealt from the pile (§4.3 6B). */
  | { kind: 'deal'; card: EvidenceId; to: Seat };

/** The public record of the latest reveal; kept until the next one. */
export interface RevealRecord {
  round: number;
  inspector: Seat;
  /** Each seat's Suspicion card (index = seat). */
  votes: SuspicionCard[];
  /** Votes per Suspicion card. */
  counts: Record<SuspicionCard, number>;
  /** What prevailed (a tie for the top count is J'Accuse!, §4.3 step 4). */
  outcome: SuspicionCard;
  /** True when the top count was shared (so J'Accuse! by the tie rule). */
  tie: boolean;
  investigation: InvestigationId;
  outcomes: EvidenceOutcome[];
}

/** Why the game ended. */
export type EndReason = 'arrest' | 'exhausted' | 'cap';

/** The full game state (plain JSON). Secrets: `investigationHands`, `investigationPile`, `chosen`, `votes`, pile order. */
export interface JaccuseState {
  options: JaccuseOptions;
  seatCount: number;
  rng: RngState;
  /** Decision counter (docs/architecture.md §3 `pending.step`). */
  step: number;
  phase: JaccusePhase;
  /** Round number, from 1 (0 during the character phase). */
  round: number;
  inspector: Seat;
  /** Character of each seat (null until chosen in the 'choice' mode). */
  characters: (CharacterId | null)[];
  /** Seat picking a character now (character phase), else null. */
  characterChooser: Seat | null;
  /** Evidence draw piles, top = index 0. */
  piles: Record<EvidenceType, EvidenceId[]>;
  /** The in-play Suspected Evidence card of each type, or null (pile and play exhausted). */
  suspected: Record<EvidenceType, SuspectedEvidence | null>;
  /** Hard Evidence per seat, in the order it hardened. */
  hard: EvidenceId[][];
  /** Suspicion cards used this cycle, per seat. */
  used: SuspicionCard[][];
  /** Unplayed Investigation cards per seat (private). */
  investigationHands: InvestigationId[][];
  /** Undealt Investigation cards, top = index 0 (secret). */
  investigationPile: InvestigationId[];
  /** Played Investigation cards (public). */
  investigationDiscard: InvestigationId[];
  /** This round's face-down Investigation card (secret until the reveal). */
  chosen: InvestigationId | null;
  /** This round's secret votes (index = seat; null = not cast yet). */
  votes: (SuspicionCard | null)[];
  /** Across choices still to make, first = current. */
  acrossQueue: AcrossChoice[];
  /** The latest reveal (public), null before the first. */
  lastReveal: RevealRecord | null;
  arrested: Seat[];
  endReason: EndReason | null;
}

// ───────────────────────────── Refusals ─────────────────────────────

/** Refusal codes of J'Accuse! actions (plain-language texts: ./text/en.ts `errors`). */
export type JaccusePlainErrorCode =
  | 'game-over'
  | 'not-seated'
  /** Not what the table is doing now. */
  | 'wrong-phase'
  /** An action object of no known type (the codec and zod schema never produce one). */
  | 'malformed'
  | 'not-your-turn'
  | 'character-taken'
  | 'card-not-in-hand'
  | 'suspicion-used'
  | 'same-vote'
  | 'wrong-card'
  | 'not-eligible';

/** Every refusal of a J'Accuse! action (moves.ts `check`); none carries a parameter. */
export type JaccuseError = { code: JaccusePlainErrorCode };

/** One refusal code. */
export type JaccuseErrorCode = JaccuseError['code'];
