/** Small builders for J'Accuse! engine tests: a setup, then precise overwrites. */
import { expect } from 'vitest';
import { jaccuseDefinition as def } from '../../../src/games/jaccuse/engine.js';
import {
  ALL_INVESTIGATIONS,
  jaccuseOptionsSchema,
  type CharacterId,
  type EvidenceId,
  type InvestigationId,
  type JaccuseAction,
  type JaccuseState,
  type SuspicionCard,
} from '../../../src/games/jaccuse/rules.js';
import type { GameEvent } from '../../../src/games/engine.js';

export { def };

/** A fresh game (random characters unless said otherwise), in the investigate phase. */
export function fresh(n: number, options: Record<string, unknown> = {}, seed = 1): JaccuseState {
  return def.setup(jaccuseOptionsSchema.parse(options), n, seed);
}

/**
 * A game at the start of a round with a fully controlled table: Inspector `inspector`,
 * characters in seat order (default: affair, spouse, butler, heir, partner, physician),
 * no suspected evidence (set it with `suspect`), no hard evidence.
 */
export function table(
  n: number,
  opts: { inspector?: number; characters?: CharacterId[]; options?: Record<string, unknown> } = {},
): JaccuseState {
  const s = structuredClone(fresh(n, opts.options ?? {}));
  s.inspector = opts.inspector ?? 0;
  s.characters = (opts.characters ?? (['affair', 'spouse', 'butler', 'heir', 'partner', 'physician'] as CharacterId[])).slice(0, n);
  s.phase = 'investigate';
  s.round = 1;
  // Put the in-play cards back on their piles so each test places exactly what it needs.
  for (const type of ['motive', 'opportunity', 'weapon'] as const) {
    const sus = s.suspected[type];
    if (sus) s.piles[type].push(sus.card);
    s.suspected[type] = null;
  }
  return s;
}

/** Put `card` in play in front of `holder`, taking it out of its pile. */
export function suspect(s: JaccuseState, card: EvidenceId, holder: number): void {
  const type = (['motive', 'opportunity', 'weapon'] as const).find((t) => s.piles[t].includes(card));
  if (!type) throw new Error(`${card} is not in a pile`);
  s.piles[type] = s.piles[type].filter((c) => c !== card);
  s.suspected[type] = { card, holder };
}

/** Make `cards` the top of their pile, in that order. */
export function stackPile(s: JaccuseState, type: 'motive' | 'opportunity' | 'weapon', cards: EvidenceId[]): void {
  s.piles[type] = [...cards, ...s.piles[type].filter((c) => !cards.includes(c))];
}

/** Give `seat` the Investigation card `card` (taken from wherever it is). */
export function giveInvestigation(s: JaccuseState, seat: number, card: InvestigationId): void {
  s.investigationHands = s.investigationHands.map((h) => h.filter((c) => c !== card));
  s.investigationPile = s.investigationPile.filter((c) => c !== card);
  s.investigationDiscard = s.investigationDiscard.filter((c) => c !== card);
  s.investigationHands[seat]?.push(card);
}

/** Apply and expect success. */
export function act(s: JaccuseState, seat: number, action: JaccuseAction): { state: JaccuseState; events: GameEvent[] } {
  const r = def.apply(s, seat, action);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(action)} by ${seat}: ${JSON.stringify(r.error)}`);
  return { state: r.state, events: r.events };
}

/** Apply and expect the refusal `code`. */
export function refused(s: JaccuseState, seat: number, action: JaccuseAction, code: string): void {
  const r = def.apply(s, seat, action);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error.code).toBe(code);
}

/**
 * Play one round: the Inspector sets `card` (given to them first), then every seat casts
 * `votes[seat]` in seat order. Returns the state and all events.
 */
export function round(s: JaccuseState, card: InvestigationId, votes: SuspicionCard[]): { state: JaccuseState; events: GameEvent[] } {
  const t = structuredClone(s);
  giveInvestigation(t, t.inspector, card);
  let { state, events } = act(t, t.inspector, { type: 'investigate', card });
  const all = [...events];
  votes.forEach((v, seat) => {
    ({ state, events } = act(state, seat, { type: 'vote', card: v }));
    all.push(...events);
  });
  return { state, events: all };
}

/** Every evidence card is somewhere exactly once (piles, in play, hard). */
export function evidenceCount(s: JaccuseState): EvidenceId[] {
  return [
    ...s.piles.motive,
    ...s.piles.opportunity,
    ...s.piles.weapon,
    ...(['motive', 'opportunity', 'weapon'] as const).flatMap((t) => (s.suspected[t] ? [s.suspected[t]!.card] : [])),
    ...s.hard.flat(),
  ];
}

/** Every Investigation card is somewhere exactly once. */
export function investigationCount(s: JaccuseState): InvestigationId[] {
  return [...s.investigationHands.flat(), ...s.investigationPile, ...s.investigationDiscard, ...(s.chosen ? [s.chosen] : [])];
}

export const ALL_INV = ALL_INVESTIGATIONS;
