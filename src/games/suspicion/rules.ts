/**
 * Suspicion — rule constants, card data, zod schemas of options and actions, and the state
 * types (docs/rules/suspicion.md). Pure: no I/O, no clock, no randomness here.
 *
 * Every [DEFAULT] of the rules file is a named constant below or a table option.
 */
import { z } from 'zod';
import type { RngState } from '../rng.js';
import type { Seat } from '../engine.js';

// ── Components (§1.2) ────────────────────────────────────────────────────────────────

/** The evidence colours, in a fixed order (§1.2: 6 colours [DEFAULT]). */
export const COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'pink'] as const;
/** One evidence colour. */
export type Colour = (typeof COLOURS)[number];

/** Evidence cards per colour, counter cards included (§1.2 [DEFAULT] 8). */
export const EVIDENCE_PER_COLOUR = 8;
/** Of those, cards carrying the counter symbol ⇄ (§1.2 [DEFAULT] 2). */
export const COUNTERS_PER_COLOUR = 2;
/** Burn cards in the deck (§1.2 [DEFAULT] 3). */
export const BURN_COUNT = 3;
/** Tamper cards in the deck (§1.2 [DEFAULT] 4). */
export const TAMPER_COUNT = 4;
/** Block cards in the deck (§1.2 [DEFAULT] 4). */
export const BLOCK_COUNT = 4;
/** Wild cards in the deck (§1.2 [DEFAULT] 4). */
export const WILD_COUNT = 4;
/** Colours shown on one suspect card (§1.2 [SEED]). */
export const SUSPECT_COLOURS = 3;
/** Cards in a hand (§1.3 [SEED]). */
export const HAND_SIZE = 3;
/** Fewest players (§1.2 [DEFAULT] 2–6). */
export const MIN_PLAYERS = 2;
/** Most players (§1.2 [DEFAULT] 2–6; 20 suspects is ample). */
export const MAX_PLAYERS = 6;
/** Face-up evidence a suspect may hold with a final declaration still to come (§1.6 A [SEED]). */
export const FACE_UP_LIMIT_BLUFF = 2;
/** Safety cap: full rounds without a winner before the game ends undecided (§1.10 [DEFAULT] 60). */
export const ROUND_CAP = 60;
/** Default counter / counter-counter / cancel window, seconds (§1.7, §1.8 [DEFAULT] 10). */
export const DEFAULT_REACTION_SECONDS = 10;
/** Default vote timer, seconds (§1.9 [DEFAULT] 60). */
export const DEFAULT_VOTE_SECONDS = 60;
/** Default turn timer, seconds (table option; the rules file names none). */
export const DEFAULT_TURN_SECONDS = 120;
/** Shortest turn timer the options accept, seconds. */
export const MIN_TURN_SECONDS = 10;
/** Shortest counter / cancel window the options accept, seconds. */
export const MIN_REACTION_SECONDS = 3;
/** Longest counter / cancel window the options accept, seconds. */
export const MAX_REACTION_SECONDS = 300;
/** Shortest vote timer the options accept, seconds. */
export const MIN_VOTE_SECONDS = 10;
/** Longest turn or vote timer the options accept, seconds. */
export const MAX_TIMER_SECONDS = 3600;
/** Verdict when nobody voted before the vote timer ran out (§1.9 [DEFAULT] TRUE). */
export const VERDICT_IF_NOBODY_VOTES: Verdict = 'believe';

/** Slot names by index (§1.2: LEFT / RIGHT / BOTTOM [SEED]). */
export const SLOT_NAMES = ['left', 'right', 'bottom'] as const;

/** The special card kinds (§1.8). */
export const SPECIALS = ['burn', 'tamper', 'block', 'wild'] as const;
/** One special card kind. */
export type Special = (typeof SPECIALS)[number];
/** A special card that attacks a rival and can be cancelled by the target's own copy. */
export type Attack = 'burn' | 'tamper' | 'block';

/**
 * A card id: evidence `red1`…`red6`, counter evidence `redx1`, `redx2`; specials `burn1`,
 * `tamper3`, `block2`, `wild4`. Ids are stable, short and readable in action codes.
 */
export type CardId = string;

/** What a card is (its face), independent of which copy it is. */
export type CardFace =
  | { kind: 'evidence'; colour: Colour; counter: boolean }
  | { kind: Special };

/** Parse a card id into its face; null for a string that is no card of any deck. */
export function cardFace(id: CardId): CardFace | null {
  return FACES.get(id) ?? null;
}

function parseCardId(id: CardId): CardFace | null {
  const m = /^([a-z]+?)(x?)(\d)$/.exec(id);
  if (!m) return null;
  const [, name, x, digit] = m as unknown as [string, string, string, string];
  const k = Number(digit);
  if ((COLOURS as readonly string[]).includes(name)) {
    const counter = x === 'x';
    const max = counter ? COUNTERS_PER_COLOUR : EVIDENCE_PER_COLOUR - COUNTERS_PER_COLOUR;
    return k >= 1 && k <= max ? { kind: 'evidence', colour: name as Colour, counter } : null;
  }
  if (x) return null;
  const counts: Record<Special, number> = { burn: BURN_COUNT, tamper: TAMPER_COUNT, block: BLOCK_COUNT, wild: WILD_COUNT };
  if (name in counts && k >= 1 && k <= counts[name as Special]) return { kind: name as Special };
  return null;
}

/** A short key of a face: identical keys = interchangeable cards (`red`, `redx`, `burn`…). */
export function faceKey(f: CardFace): string {
  return f.kind === 'evidence' ? `${f.colour}${f.counter ? 'x' : ''}` : f.kind;
}

/**
 * The draw deck of a variant (§1.2): 6×8 evidence (2 per colour with ⇄) plus 3 Burn,
 * 4 Tamper, 4 Block, 4 Wild = 63 cards. Arrest Race (§1.12, house design) has no special
 * cards: its deck is the 48 evidence cards only (the ⇄ symbol has no use there).
 */
export function buildDeck(variant: Variant): CardId[] {
  const deck: CardId[] = [];
  for (const c of COLOURS) {
    for (let i = 1; i <= EVIDENCE_PER_COLOUR - COUNTERS_PER_COLOUR; i++) deck.push(`${c}${i}`);
    for (let i = 1; i <= COUNTERS_PER_COLOUR; i++) deck.push(`${c}x${i}`);
  }
  if (variant !== 'arrest-race') {
    const counts: [Special, number][] = [['burn', BURN_COUNT], ['tamper', TAMPER_COUNT], ['block', BLOCK_COUNT], ['wild', WILD_COUNT]];
    for (const [kind, n] of counts) for (let i = 1; i <= n; i++) deck.push(`${kind}${i}`);
  }
  return deck;
}

/** Every card's face, by id (computed once; faces are shared, never mutate them). */
const FACES: ReadonlyMap<CardId, CardFace> = new Map(
  buildDeck('classic').map((id) => [id, Object.freeze(parseCardId(id)!)] as [CardId, CardFace]),
);

/** Every suspect card: all 3-colour combinations of the 6 colours, 20 cards (§1.2 [DEFAULT]). */
export function allSuspects(): Colour[][] {
  const out: Colour[][] = [];
  for (let a = 0; a < COLOURS.length; a++)
    for (let b = a + 1; b < COLOURS.length; b++)
      for (let c = b + 1; c < COLOURS.length; c++) out.push([COLOURS[a]!, COLOURS[b]!, COLOURS[c]!]);
  return out;
}

// ── Options ──────────────────────────────────────────────────────────────────────────

/** The variants (§1.12): classic, and three house designs. */
export const VARIANTS = ['classic', 'no-bluff', 'criminal', 'arrest-race'] as const;
/** One variant. */
export type Variant = (typeof VARIANTS)[number];
/** How a tied vote is decided (§1.9 [DEFAULT] left of declarer; alternative coin flip). */
export const TIE_RULES = ['left-of-declarer', 'coin-flip'] as const;
/** One tie rule. */
export type TieRule = (typeof TIE_RULES)[number];

/** Table options (zod, every field with its default). Timers in seconds. */
export const optionsSchema = z.object({
  variant: z.enum(VARIANTS).default('classic'),
  turnSeconds: z.number().int().min(MIN_TURN_SECONDS).max(MAX_TIMER_SECONDS).default(DEFAULT_TURN_SECONDS),
  reactionSeconds: z.number().int().min(MIN_REACTION_SECONDS).max(MAX_REACTION_SECONDS).default(DEFAULT_REACTION_SECONDS),
  voteSeconds: z.number().int().min(MIN_VOTE_SECONDS).max(MAX_TIMER_SECONDS).default(DEFAULT_VOTE_SECONDS),
  tieRule: z.enum(TIE_RULES).default('left-of-declarer'),
});
/** Parsed table options. */
export type SuspicionOptions = z.infer<typeof optionsSchema>;

// ── Actions ──────────────────────────────────────────────────────────────────────────

const card = z.string().regex(/^[a-z]{3,6}x?[0-9]$/);
const seat = z.number().int().min(0).max(MAX_PLAYERS - 1);
const slot = z.number().int().min(0).max(SUSPECT_COLOURS - 1);

/** Vote choices: the face-down card is what was declared, or it is not (§1.9). */
export type Verdict = 'believe' | 'bluff';

/**
 * Every action (§1.6–§1.9, §1.12). `suspect` is the seat whose suspect card is meant
 * (your own except in Criminal Edition); `slot` 0/1/2 = LEFT/RIGHT/BOTTOM.
 */
export const actionSchema = z.discriminatedUnion('type', [
  /** §1.6 A: place an evidence card face-up on its colour slot. */
  z.strictObject({ type: z.literal('place'), card, suspect: seat }),
  /** §1.6 C/§1.8: place a Wild face-up in `slot`, declaring that slot's colour. */
  z.strictObject({ type: z.literal('wild'), card, suspect: seat, slot }),
  /** §1.6 B: discard a hand card. */
  z.strictObject({ type: z.literal('discard'), card }),
  /** §1.8 Burn the face-up evidence of `target`'s suspect. */
  z.strictObject({ type: z.literal('burn'), card, target: seat }),
  /** §1.8 Tamper with one face-up card (`slot`; absent = a wasted Tamper on an empty suspect). */
  z.strictObject({ type: z.literal('tamper'), card, target: seat, slot: slot.optional() }),
  /** §1.8 Block a rival's next turn. */
  z.strictObject({ type: z.literal('block'), card, target: seat }),
  /** §1.6 D: move a face-up Wild to another empty slot (its colour is declared anew). */
  z.strictObject({ type: z.literal('recolour'), suspect: seat, from: slot, to: slot }),
  /** §1.6 E: the final declaration, `card` face-down in the last empty slot. */
  z.strictObject({ type: z.literal('declare'), card, suspect: seat }),
  /** §1.7: counter the placement in the open window (the engine picks your ⇄ card). */
  z.strictObject({ type: z.literal('counter') }),
  /** Pass: no counter in this window (or, on a turn with an empty hand, do nothing). */
  z.strictObject({ type: z.literal('pass') }),
  /** §1.7: counter-counter (the placer only). */
  z.strictObject({ type: z.literal('counterBack') }),
  /** §1.7: let the counter stand. */
  z.strictObject({ type: z.literal('accept') }),
  /** §1.8: cancel the Burn/Tamper/Block aimed at you with your own copy. */
  z.strictObject({ type: z.literal('cancel') }),
  /** §1.8: let the Burn/Tamper/Block happen. */
  z.strictObject({ type: z.literal('allow') }),
  /** §1.9: secret vote on the face-down card (may be changed until everyone voted). */
  z.strictObject({ type: z.literal('vote'), verdict: z.enum(['believe', 'bluff']) }),
  /** §1.9: no vote (what a timeout or an away seat gives). */
  z.strictObject({ type: z.literal('abstain') }),
  /** §1.12 Arrest Race: draw one card. */
  z.strictObject({ type: z.literal('draw') }),
]);
/** One action. */
export type SuspicionAction = z.infer<typeof actionSchema>;

// ── State ────────────────────────────────────────────────────────────────────────────

/** A face-up evidence card in a slot (§1.4). `colour` is the declared colour for a Wild. */
export interface SlotCard {
  card: CardId;
  colour: Colour;
  /** Survived a counter-counter: cannot be countered again (§1.7). */
  protected: boolean;
  /** Who placed it (differs from the owner in Criminal Edition). */
  by: Seat;
}

/** One detective (§1.4). */
export interface PlayerState {
  /** The suspect's colours, by slot (LEFT, RIGHT, BOTTOM). */
  suspect: Colour[];
  /** Face-up evidence per slot, null = empty. */
  slots: (SlotCard | null)[];
  hand: CardId[];
  /** The Block card served to this player, held until their next turn (§1.8). */
  blockCard: CardId | null;
  skipNext: boolean;
}

/** What the game is in the middle of. */
export type Phase =
  | { kind: 'turn' }
  /**
   * Counter race after a face-up placement into `suspect`/`slot` (§1.7). `passed`: rivals out
   * of the race — those who passed, and those blocked when it opened (they cannot react, §1.8).
   */
  | { kind: 'counter'; placer: Seat; suspect: Seat; slot: number; passed: Seat[]; refill: boolean }
  /** `counterer` countered; the placer may counter back. The two cards wait here. */
  | { kind: 'counterBack'; placer: Seat; suspect: Seat; slot: number; counterer: Seat; placed: SlotCard; counterCard: CardId; refill: boolean }
  /** `target` may cancel `attack` (the played card waits here) (§1.8). */
  | { kind: 'cancel'; attacker: Seat; target: Seat; attack: Attack; card: CardId; slot: number | null }
  /** Secret vote on `declarer`'s face-down `card` in `suspect`/`slot` (§1.9). */
  | { kind: 'vote'; declarer: Seat; suspect: Seat; slot: number; card: CardId; voters: Seat[]; votes: (Verdict | 'abstain' | null)[] }
  | { kind: 'over'; winner: Seat | null; reason: EndReason };

/** Why the game ended. */
export type EndReason = 'declaration' | 'three-face-up' | 'arrest' | 'cap';

/** The outcome of the last vote, public once revealed (§1.9 step 3). */
export interface RevealRecord {
  declarer: Seat;
  suspect: Seat;
  slot: number;
  colour: Colour;
  card: CardId;
  correct: boolean;
  verdict: Verdict;
  votes: (Verdict | null)[];
  /** How a tie was broken, if there was one. */
  tieBreak: 'left' | 'coin' | null;
  won: boolean;
}

/** The whole game state (plain JSON). */
export interface SuspicionState {
  options: SuspicionOptions;
  seats: number;
  rng: RngState;
  /** Decision counter (see Pending.step). */
  step: number;
  /** Current round, from 1; ends at ROUND_CAP + 1 (§1.10). */
  round: number;
  dealer: Seat;
  first: Seat;
  /** Whose turn it is. */
  turn: Seat;
  players: PlayerState[];
  /** Draw pile, top = last element (secret order). */
  draw: CardId[];
  /** Discard pile, top = last element (public). */
  discard: CardId[];
  phase: Phase;
  lastReveal: RevealRecord | null;
}

// ── Refusals ─────────────────────────────────────────────────────────────────────────

/** Refusal codes that carry no parameter (plain-language texts: ./text/en.ts `errors`). */
export type SuspicionPlainErrorCode =
  | 'game-over'
  | 'malformed'
  | 'not-seated'
  | 'not-now'
  | 'not-your-turn'
  | 'card-not-in-hand'
  | 'not-in-variant'
  | 'wrong-card'
  | 'own-suspect'
  | 'not-your-suspect'
  | 'slot-taken'
  | 'slot-empty'
  | 'not-a-rival'
  | 'already-blocked'
  | 'choose-evidence'
  | 'no-wild-there'
  | 'declare-needs-two'
  | 'must-act'
  | 'window-closed'
  | 'own-placement'
  | 'already-passed'
  | 'not-your-window'
  | 'no-vote'
  | 'not-a-voter'
  | 'illegal-action'
  /** A blocked player plays no counter, counter-counter or cancel (§1.8). */
  | 'blocked';

/** Every refusal of a Suspicion action (moves.ts `check`), with its parameters. */
export type SuspicionError =
  | { code: SuspicionPlainErrorCode }
  /** The placed evidence's colour is not on that suspect (§1.6 A). */
  | { code: 'colour-not-on-suspect'; params: { colour: Colour } }
  /** The suspect already carries the face-up cards its variant allows (§1.6 A). */
  | { code: 'face-up-limit'; params: { limit: number } }
  /** No ⇄ counter card of the placed colour in hand (§1.7). */
  | { code: 'no-counter-card'; params: { colour: Colour } }
  /** No copy of the attacking card in hand to cancel it with (§1.8). */
  | { code: 'no-cancel-card'; params: { attack: Attack } };

/** One refusal code. */
export type SuspicionErrorCode = SuspicionError['code'];
