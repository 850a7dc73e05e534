/**
 * J'Accuse! — the initial state (docs/rules/jaccuse.md §4.2).
 */
import { Rng } from '../rng.js';
import { leftOf } from '../seats.js';
import {
  ALL_INVESTIGATIONS,
  CHARACTERS,
  EVIDENCE_CARDS,
  EVIDENCE_TYPES,
  FIRST_INSPECTOR,
  INVESTIGATION_HAND_SIZE,
  MAX_PLAYERS,
  MIN_PLAYERS,
  jaccuseOptionsSchema,
  type EvidenceId,
  type EvidenceType,
  type JaccuseOptions,
  type JaccuseState,
} from './rules.js';

/** `initialState` for parsed options; throws for a seat count outside 3–6 (a programming error). */
export function setup(options: JaccuseOptions, seatCount: number, seed: number): JaccuseState {
  if (!Number.isInteger(seatCount) || seatCount < MIN_PLAYERS || seatCount > MAX_PLAYERS) {
    throw new RangeError(`J'Accuse! needs ${MIN_PLAYERS}–${MAX_PLAYERS} players, got ${seatCount}`);
  }
  return initialState(jaccuseOptionsSchema.parse(options), seatCount, seed);
}

/**
 * Build the initial state (docs/rules/jaccuse.md §4.2): shuffled evidence piles, characters
 * (random, or a picking phase), 3 Investigation cards each, a random first Inspector and
 * the first Motive / Opportunity / Weapon dealt from the Inspector's left.
 */
export function initialState(options: JaccuseOptions, seatCount: number, seed: number): JaccuseState {
  const rng = Rng.seeded(seed);
  const piles = {
    motive: rng.shuffle(EVIDENCE_CARDS.motive),
    opportunity: rng.shuffle(EVIDENCE_CARDS.opportunity),
    weapon: rng.shuffle(EVIDENCE_CARDS.weapon),
  } as Record<EvidenceType, EvidenceId[]>;
  const characters = options.characters === 'random' ? rng.shuffle(CHARACTERS).slice(0, seatCount) : Array<null>(seatCount).fill(null);
  const investigationPile = rng.shuffle(ALL_INVESTIGATIONS);
  const investigationHands = Array.from({ length: seatCount }, () => investigationPile.splice(0, INVESTIGATION_HAND_SIZE));
  const inspector = FIRST_INSPECTOR === 'random' ? rng.int(0, seatCount - 1) : 0;
  const suspected = { motive: null, opportunity: null, weapon: null } as JaccuseState['suspected'];
  EVIDENCE_TYPES.forEach((type, index) => {
    const card = piles[type].shift() as EvidenceId;
    suspected[type] = { card, holder: (inspector + 1 + index) % seatCount };
  });
  const choosing = options.characters === 'choice';
  return {
    options,
    seatCount,
    rng: rng.state(),
    step: 1,
    phase: choosing ? 'characters' : 'investigate',
    round: choosing ? 0 : 1,
    inspector,
    characters,
    characterChooser: choosing ? leftOf(inspector, seatCount) : null,
    piles,
    suspected,
    hard: Array.from({ length: seatCount }, () => []),
    used: Array.from({ length: seatCount }, () => []),
    investigationHands,
    investigationPile,
    investigationDiscard: [],
    chosen: null,
    votes: Array<null>(seatCount).fill(null),
    acrossQueue: [],
    lastReveal: null,
    arrested: [],
    endReason: null,
  };
}
