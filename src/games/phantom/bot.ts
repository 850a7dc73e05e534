/**
 * Tricks and the Phantom — what an AI player knows and how it samples the cards it has not
 * seen (docs/rules/phantom.md §3.5). Everything a seat knows is in its view: its
 * hand, its own reports and discard, the cards already revealed this round, the 4th-party
 * card, and every clue colour. The determinizer deals the unseen cards of the round's deck
 * to the other players' reports (a report's clue colour is the card's true suit, or any
 * colour on a Phantom — weighted by how likely a Phantom shows that colour), their hands,
 * their 3-player discards and the face-down cards.
 *
 * The dealing and the crime arithmetic are in bot-deal.ts, the heuristics in bot-normal.ts.
 * Pure.
 */
import type { Rng } from '../rng.js';
import type { BotInput, BotKit } from '../bot.js';
import { phantomDefinition } from './engine.js';
import type { PhantomAction, PhantomOptions, PhantomState } from './rules.js';
import { dealHidden, type PhantomSeatView } from './bot-deal.js';
import type { PhantomKnowledge } from './knowledge.js';
import { evaluatePhantom, normalPhantom, rolloutPhantom } from './bot-normal.js';
import { phantomModel } from './model.js';

export type { PhantomKnowledge, PhantomSeatView };

/** The knowledge of `input.seat`: its view and the options. */
export function knowPhantom(input: BotInput<PhantomSeatView, PhantomOptions>): PhantomKnowledge {
  return { seat: input.seat, seatCount: input.seatCount, view: input.view, options: input.options };
}

/** A full state consistent with `k.view` (rules §3.5). */
export function determinizePhantom(k: PhantomKnowledge, rng: Rng): PhantomState {
  const v = k.view;
  const deal = dealHidden(v, rng);
  const mine = new Map(v.myReports.map((r) => [r.position, r.card]));
  return {
    v: 1,
    options: { turnSeconds: v.turnSeconds, targetScore: v.targetScore, beginner: v.beginner },
    seats: v.players,
    rng: rng.state(),
    step: v.step,
    phase: v.phase,
    round: v.round,
    crime: v.crime,
    scores: [...v.scores],
    hands: deal.hands,
    discards: deal.discards,
    faceDown: deal.faceDown,
    fourthParty: v.fourthParty,
    retired: [...v.retired],
    firstInvestigator: v.firstInvestigator,
    reports: v.reports.map((r) => ({ position: r.position, colour: r.colour, card: mine.get(r.position) ?? deal.reports.get(r.position)! })),
    glasses: v.glasses.map((g) => ({ ...g })),
    lastCrime: v.lastCrime ? structuredClone(v.lastCrime) : null,
    winners: [...v.winners],
  };
}

/** The Phantom bot kit (the `BotKit` of src/games/bot.ts). */
export const phantomBot: BotKit<PhantomState, PhantomAction, PhantomSeatView, PhantomKnowledge> = {
  game: 'phantom',
  definition: phantomDefinition,
  know: (input) => knowPhantom(input as BotInput<PhantomSeatView, PhantomOptions>),
  determinize: determinizePhantom,
  normal: normalPhantom,
  simKnowledge: (searcher, state, seat) => ({ ...searcher, seat, view: phantomDefinition.seatView(state, seat) }),
  observe: () => {},
  rollout: rolloutPhantom,
  evaluate: evaluatePhantom,
  // Play out the current crime (its reports and glasses), then evaluate the scores.
  horizon: (s) => (s.phase === 'discard' ? s.seats : 0) + (s.seats === 2 ? 4 : s.seats) - s.reports.length + s.seats - s.glasses.length,
  // The compact model (./model.ts) the information-set search simulates on (src/games/sim-model.ts).
  model: phantomModel,
};
