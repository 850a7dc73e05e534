/**
 * Suspicion — what an AI player knows and how it samples the hidden cards
 * (docs/rules/suspicion.md §1.13): the knowledge a seat builds from its view and the public
 * event history (the discard pile, which the public view shows only by its top card, and
 * every revealed vote and declaration), and the determinizer that deals the cards the seat
 * has not seen into the other hands, the draw pile and a face-down declaration card.
 *
 * Pure like the engine. The heuristics live in bot-normal.ts; the kit (the contract with
 * src/bots) is assembled at the end of this file.
 */
import type { GameEvent, Seat } from '../engine.js';
import type { Rng } from '../rng.js';
import type { BotInput, BotKit } from '../bot.js';
import { suspicionDefinition } from './engine.js';
import {
  buildDeck,
  cardFace,
  faceKey,
  type CardFace,
  type CardId,
  type Colour,
  type Phase,
  type SlotCard,
  type SuspicionAction,
  type SuspicionOptions,
  type SuspicionState,
  type Verdict,
} from './rules.js';
import type { SuspicionKnowledge, SuspicionSeatView, VoteTally } from './knowledge.js';
import { believedCorrect, correctFor, evaluateSuspicion, normalSuspicion, rolloutSuspicion } from './bot-normal.js';
import { suspicionModel } from './model.js';

export type { SuspicionKnowledge, SuspicionSeatView, VoteTally };

/** Fold one event into the tracked history (discard pile, votes, declarations). */
function fold(k: SuspicionKnowledge, e: GameEvent): void {
  switch (e.type) {
    case 'discarded':
      k.discard.push(faceKey(e.face as CardFace));
      k.quiet++;
      break;
    case 'idle':
      k.quiet++;
      break;
    case 'placed':
      k.placedFace = faceKey(e.face as CardFace);
      k.placedRefill = true;
      k.quiet = 0;
      break;
    case 'recoloured':
      k.placedFace = 'wild';
      k.placedRefill = false;
      k.quiet = 0;
      break;
    case 'attacked':
    case 'declared':
      k.quiet = 0;
      break;
    case 'counteredBack':
      k.discard.push(`${e.colour as Colour}x`, `${e.colour as Colour}x`);
      break;
    case 'counterStood':
      k.discard.push(k.placedFace ?? 'wild', `${e.colour as Colour}x`);
      break;
    case 'cancelled':
      k.discard.push(e.attack as string, e.attack as string);
      break;
    case 'burned':
    case 'tampered':
      k.discard.push(e.type === 'burned' ? 'burn' : 'tamper');
      for (const lost of e.lost as { face: CardFace }[]) k.discard.push(faceKey(lost.face));
      break;
    case 'turnLost':
      if (e.blocked) k.discard.push('block');
      k.quiet++;
      break;
    case 'arrestDraw':
      if (e.slot === null) k.discard.push(faceKey(e.face as CardFace));
      break;
    case 'reshuffled':
      k.discard = [];
      break;
    case 'revealed': {
      const declarer = e.declarer as Seat;
      const votes = e.votes as (Verdict | null)[];
      for (let i = 1; i < k.seatCount; i++) {
        const v = (declarer + i) % k.seatCount;
        const t = k.votes[v]!;
        const cast = votes[v] ?? null;
        if (cast === 'believe') t.believe++;
        else if (cast === 'bluff') t.bluff++;
        else t.abstain++;
      }
      const d = k.declared[declarer]!;
      d.total++;
      if (e.correct) d.correct++;
      if (!e.won) k.discard.push(faceKey(e.face as CardFace));
      break;
    }
  }
}

/** The knowledge of `input.seat` (rules §1.13: discard contents are public, so it is tracked). */
export function knowSuspicion(input: BotInput<SuspicionSeatView, SuspicionOptions>): SuspicionKnowledge {
  const n = input.seatCount;
  const k: SuspicionKnowledge = {
    seat: input.seat,
    seatCount: n,
    view: input.view,
    options: input.options,
    first: input.initialView.turn,
    discard: [],
    placedFace: null,
    placedRefill: true,
    votes: Array.from({ length: n }, () => ({ believe: 0, bluff: 0, abstain: 0 })),
    declared: Array.from({ length: n }, () => ({ total: 0, correct: 0 })),
    quiet: 0,
  };
  for (const e of input.events) fold(k, e);
  return k;
}

/** Card ids of the variant's deck grouped by face key, to allocate ids for known faces. */
class IdPool {
  private readonly byFace = new Map<string, CardId[]>();

  constructor(ids: CardId[]) {
    for (const id of ids) {
      const key = faceKey(cardFace(id)!);
      const list = this.byFace.get(key);
      if (list) list.push(id);
      else this.byFace.set(key, [id]);
    }
  }

  /** Remove exactly `id` (a card the seat holds). */
  remove(id: CardId): void {
    const list = this.byFace.get(faceKey(cardFace(id)!));
    const i = list ? list.indexOf(id) : -1;
    if (!list || i < 0) throw new Error(`suspicion bot: card ${id} is not free`);
    list.splice(i, 1);
  }

  /** Take some copy of the face `key`. */
  take(key: string): CardId {
    const id = this.byFace.get(key)?.pop();
    if (id === undefined) throw new Error(`suspicion bot: no copy of ${key} left for a consistent sample`);
    return id;
  }

  /** Every id still free. */
  rest(): CardId[] {
    return [...this.byFace.values()].flat();
  }
}

/**
 * A full state consistent with `k` (rules §1.13): own hand exact; face-up cards, the
 * discard pile (tracked), a served Block and the cards waiting in a window get ids of their
 * known faces; every card the seat has not seen is shuffled into the other hands, a rival's
 * face-down declaration card (drawn correct with the probability the seat believes,
 * `believedCorrect`) and the draw pile. Other voters' secret votes are filled in at random
 * for as many as have answered. Throws when the knowledge is inconsistent (a tracking bug).
 */
export function determinizeSuspicion(k: SuspicionKnowledge, rng: Rng): SuspicionState {
  const v = k.view;
  const n = k.seatCount;
  const pool = new IdPool(buildDeck(v.variant));
  for (const h of v.hand) pool.remove(h.card);
  const slotCard = (c: NonNullable<SuspicionSeatView['players'][number]['slots'][number]>): SlotCard => ({
    card: pool.take(faceKey(c.face)),
    colour: c.colour,
    protected: c.protected,
    by: c.by,
  });
  const players = v.players.map((p) => ({
    suspect: [...p.suspect],
    slots: p.slots.map((c) => (c ? slotCard(c) : null)),
    hand: [] as CardId[],
    blockCard: p.blocked ? pool.take('block') : null,
    skipNext: p.skipNext,
  }));
  players[k.seat]!.hand = v.hand.map((h) => h.card);
  const discard = k.discard.map((key) => pool.take(key));
  if (discard.length !== v.discardSize) throw new Error(`suspicion bot: tracked ${discard.length} discards, view shows ${v.discardSize}`);

  const ph = v.phase;
  let phase: Phase;
  let faceDown: CardId | null = null;
  switch (ph.kind) {
    case 'turn':
      phase = { kind: 'turn' };
      break;
    case 'counter':
      phase = {
        kind: 'counter',
        placer: ph.placer,
        suspect: ph.suspect,
        slot: ph.slot,
        passed: rivals(ph.placer, n).filter((s) => !ph.waiting.includes(s)),
        refill: k.placedRefill,
      };
      break;
    case 'counterBack':
      phase = {
        kind: 'counterBack',
        placer: ph.placer,
        suspect: ph.suspect,
        slot: ph.slot,
        counterer: ph.counterer,
        placed: slotCard(ph.placed),
        counterCard: pool.take(`${ph.colour}x`),
        refill: k.placedRefill,
      };
      break;
    case 'cancel':
      phase = { kind: 'cancel', attacker: ph.attacker, target: ph.target, attack: ph.attack, card: pool.take(ph.attack), slot: ph.slot };
      break;
    case 'vote': {
      if (ph.declarer === k.seat) faceDown = pool.take(faceKey(v.faceDown!));
      const votes: (Verdict | 'abstain' | null)[] = Array(n).fill(null);
      if (k.view.myVote !== null) votes[k.seat] = k.view.myVote;
      const others = rng.shuffle(ph.voters.filter((s) => s !== k.seat));
      const answered = ph.answered - (k.view.myVote !== null ? 1 : 0);
      others.slice(0, answered).forEach((s) => (votes[s] = rng.int(0, 1) === 0 ? 'believe' : 'bluff'));
      phase = { kind: 'vote', declarer: ph.declarer, suspect: ph.suspect, slot: ph.slot, card: '', voters: [...ph.voters], votes };
      break;
    }
    case 'over':
      phase = { kind: 'over', winner: ph.winner, reason: ph.reason };
      break;
  }

  let unseen = rng.shuffle(pool.rest());
  if (phase.kind === 'vote') {
    if (faceDown === null) {
      const colour = v.players[phase.suspect]!.suspect[phase.slot]!;
      const correct = unseen.filter((id) => correctFor(cardFace(id)!, colour));
      const wrong = unseen.filter((id) => !correctFor(cardFace(id)!, colour));
      const wantCorrect = rng.int(0, 999) < 1000 * believedCorrect(k, phase.declarer);
      const from = (wantCorrect && correct.length > 0) || wrong.length === 0 ? correct : wrong;
      faceDown = from[rng.int(0, from.length - 1)]!;
      unseen = unseen.filter((id) => id !== faceDown);
    }
    phase.card = faceDown;
  }
  for (let s = 0; s < n; s++) {
    if (s === k.seat) continue;
    players[s]!.hand = unseen.splice(0, v.players[s]!.handSize);
  }
  if (unseen.length !== v.drawSize) throw new Error(`suspicion bot: ${unseen.length} unseen cards left for a draw pile of ${v.drawSize}`);

  const r = v.lastReveal;
  return {
    options: k.options,
    seats: n,
    rng: rng.state(),
    step: 1,
    round: v.round,
    dealer: (k.first - 1 + n) % n,
    first: k.first,
    turn: v.turn,
    players,
    draw: unseen,
    discard,
    phase,
    lastReveal: r && {
      declarer: r.declarer,
      suspect: r.suspect,
      slot: r.slot,
      colour: r.colour,
      card: anyIdOf(faceKey(r.face)),
      correct: r.correct,
      verdict: r.verdict,
      votes: [...r.votes],
      tieBreak: r.tieBreak,
      won: r.won,
    },
  };
}

/** Some card id with face `key` (for records that show a face, not a place in the deck). */
function anyIdOf(key: string): CardId {
  return buildDeck('classic').find((id) => faceKey(cardFace(id)!) === key)!;
}

/** Seats other than `seat`, clockwise from its left. */
export function rivals(seat: Seat, n: number): Seat[] {
  return Array.from({ length: n - 1 }, (_, i) => (seat + 1 + i) % n);
}

/** Knowledge of `seat` inside a simulation: the searcher's public history, the sample's view. */
function simKnowledge(searcher: SuspicionKnowledge, state: SuspicionState, seat: Seat): SuspicionKnowledge {
  return {
    ...searcher,
    seat,
    view: suspicionDefinition.seatView(state, seat),
    discard: [...searcher.discard],
    votes: searcher.votes.map((t) => ({ ...t })),
    declared: searcher.declared.map((d) => ({ ...d })),
  };
}

/** The Suspicion bot kit (the `BotKit` of src/games/bot.ts). */
export const suspicionBot: BotKit<SuspicionState, SuspicionAction, SuspicionSeatView, SuspicionKnowledge> = {
  game: 'suspicion',
  definition: suspicionDefinition,
  know: (input) => knowSuspicion(input as BotInput<SuspicionSeatView, SuspicionOptions>),
  determinize: determinizeSuspicion,
  normal: normalSuspicion,
  simKnowledge,
  observe: (k, _state, events) => {
    for (const e of events) fold(k, e);
  },
  rollout: rolloutSuspicion,
  evaluate: evaluateSuspicion,
  // A game the round cap ends (§1.10) has no winner: nobody's win, so Hard never plays for a
  // stall (docs/ai-strength.md: with the cap worth a fair share, a stuck Criminal Edition table looked as
  // good to it as any other).
  reward: (result, seat) => (result.winners.includes(seat) ? 1 : 0),
  horizon: (s) => 4 * s.seats,
  // With two players most simulations reach the end (about 3 in 4) and the search's values are
  // results: trust it (arena: 61 % vs Normal at 0.5, 49 % at 2). With more players more of
  // them end in the cut-off evaluation's guess, and the strict bar did better (3 players:
  // 47 % at 2, 37 % at 0.5, on the same 60 deals).
  significance: (k) => (k.seatCount === 2 ? 0.5 : 2),
  // The compact model (./model.ts, src/games/sim-model.ts): ~30× the engine's simulations per
  // second, checked in lockstep with the engine. Hard searches on it (src/bots/ismcts.ts
  // `modelSearch`); the votes on its own declaration are left to the playout policy
  // (model.ts `suspicionPolicyDecides`, docs/hard-search.md "Suspicion").
  model: suspicionModel,
};
