/**
 * J'Accuse! — the pure game definition (rules/jaccuse.md). Round: the Inspector sets an
 * Investigation card face down, everyone casts a secret Suspicion card (simultaneous, may be
 * changed until all have cast), the reveal moves or hardens the evidence, Across choices are
 * made one by one, then the end check and the next Inspector.
 */
import type { ApplyResult, GameDefinition, GameEvent, GameResult, Pending, RuleError, Seat } from '../engine.js';
import { Rng, peekPick } from '../rng.js';
import { chooseAcross, initialState, leftOf, openDecision, reveal, startRound } from './engine-round.js';
import { publicView, seatView, type JaccusePublicView, type JaccuseSeatView } from './engine-views.js';
import {
  ALL_EVIDENCE,
  ALL_INVESTIGATIONS,
  CHARACTERS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  SUSPICION_CARDS,
  jaccuseActionSchema,
  jaccuseOptionsSchema,
  type CharacterId,
  type JaccuseAction,
  type JaccuseOptions,
  type JaccuseState,
} from './rules.js';

/** Error codes `apply` may return (mapped to catalog strings by the UI). */
export type JaccuseErrorCode =
  | 'game-over'
  | 'not-seated'
  | 'wrong-phase'
  | 'not-your-turn'
  | 'character-taken'
  | 'card-not-in-hand'
  | 'suspicion-used'
  | 'same-vote'
  | 'wrong-card'
  | 'not-eligible';

const refuse = (code: JaccuseErrorCode, params?: RuleError['params']): ApplyResult<JaccuseState> => ({
  ok: false,
  error: params ? { code, params } : { code },
});

/** Characters nobody has taken yet, in sheet order. */
function freeCharacters(s: JaccuseState): CharacterId[] {
  return CHARACTERS.filter((c) => !s.characters.includes(c));
}

/** What the game waits for (DESIGN.md §3); the vote keeps one `step` while it collects. */
function pending(s: JaccuseState): Pending {
  const turn = s.options.turnSeconds * 1000;
  switch (s.phase) {
    case 'characters':
      return { kind: 'turn', seat: s.characterChooser ?? 0, step: s.step, timer: 'turn', timeoutMs: turn };
    case 'investigate':
      return { kind: 'turn', seat: s.inspector, step: s.step, timer: 'turn', timeoutMs: turn };
    case 'vote': {
      const seats = Array.from({ length: s.seatCount }, (_, i) => i);
      return {
        kind: 'simultaneous',
        seats,
        waiting: seats.filter((i) => s.votes[i] === null),
        step: s.step,
        timer: 'vote',
        timeoutMs: s.options.voteSeconds * 1000,
      };
    }
    case 'across':
      return { kind: 'turn', seat: s.acrossQueue[0]?.chooser ?? 0, step: s.step, timer: 'turn', timeoutMs: turn };
    case 'over':
      return { kind: 'over', step: s.step };
  }
}

/** Every action `seat` may take now; a cast voter may switch to another available card. */
function legalActions(s: JaccuseState, seat: Seat): JaccuseAction[] {
  switch (s.phase) {
    case 'characters':
      return seat === s.characterChooser ? freeCharacters(s).map((character) => ({ type: 'character', character })) : [];
    case 'investigate':
      return seat === s.inspector ? (s.investigationHands[seat] ?? []).map((card) => ({ type: 'investigate', card })) : [];
    case 'vote': {
      if (seat < 0 || seat >= s.seatCount) return [];
      const used = s.used[seat] ?? [];
      return SUSPICION_CARDS.filter((c) => !used.includes(c) && c !== s.votes[seat]).map((card) => ({ type: 'vote', card }));
    }
    case 'across': {
      const head = s.acrossQueue[0];
      return head && head.chooser === seat ? head.eligible.map((to) => ({ type: 'send', card: head.card, to })) : [];
    }
    case 'over':
      return [];
  }
}

/** After a character pick: auto-assign a lone free sheet, pass to the next seat, or start round 1. */
function advanceCharacters(s: JaccuseState, rng: Rng, events: GameEvent[]): void {
  const n = s.seatCount;
  let next = s.characterChooser ?? 0;
  for (;;) {
    const missing = s.characters.findIndex((c) => c === null);
    if (missing < 0) {
      s.characterChooser = null;
      startRound(s, rng, events);
      return;
    }
    next = leftOf(next, n);
    while (s.characters[next] !== null) next = leftOf(next, n);
    const free = freeCharacters(s);
    if (free.length === 1 && s.characters.filter((c) => c === null).length === 1) {
      s.characters[next] = free[0] as CharacterId;
      events.push({ type: 'characterChosen', seat: next, character: free[0], auto: true });
      continue;
    }
    s.characterChooser = next;
    openDecision(s, rng);
    return;
  }
}

/** Apply one action (validated entirely here; never throws for a player mistake). */
function apply(state: JaccuseState, seat: Seat, action: JaccuseAction): ApplyResult<JaccuseState> {
  if (state.phase === 'over') return refuse('game-over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seatCount) return refuse('not-seated');
  const parsed = jaccuseActionSchema.safeParse(action);
  if (!parsed.success) return refuse('wrong-phase');
  const a = parsed.data;
  const s = structuredClone(state);
  const rng = Rng.from(s.rng);
  const events: GameEvent[] = [];

  switch (s.phase) {
    case 'characters': {
      if (a.type !== 'character') return refuse('wrong-phase');
      if (seat !== s.characterChooser) return refuse('not-your-turn');
      if (s.characters.includes(a.character)) return refuse('character-taken');
      s.characters[seat] = a.character;
      events.push({ type: 'characterChosen', seat, character: a.character });
      advanceCharacters(s, rng, events);
      break;
    }
    case 'investigate': {
      if (a.type !== 'investigate') return refuse('wrong-phase');
      if (seat !== s.inspector) return refuse('not-your-turn');
      const hand = s.investigationHands[seat] ?? [];
      const i = hand.indexOf(a.card);
      if (i < 0) return refuse('card-not-in-hand');
      hand.splice(i, 1);
      s.chosen = a.card;
      s.phase = 'vote';
      s.votes = Array<null>(s.seatCount).fill(null);
      openDecision(s, rng);
      events.push({ type: 'investigationSet', seat });
      events.push({ type: 'investigationChosen', to: [seat], card: a.card });
      break;
    }
    case 'vote': {
      if (a.type !== 'vote') return refuse('wrong-phase');
      if ((s.used[seat] ?? []).includes(a.card)) return refuse('suspicion-used');
      const before = s.votes[seat] ?? null;
      if (before === a.card) return refuse('same-vote');
      s.votes[seat] = a.card;
      events.push({ type: 'voteChosen', to: [seat], card: a.card, changed: before !== null });
      if (before === null) {
        const cast = s.votes.filter((v) => v !== null).length;
        events.push({ type: 'cast', seat, cast, of: s.seatCount });
        if (cast === s.seatCount) reveal(s, rng, events);
      }
      break;
    }
    case 'across': {
      if (a.type !== 'send') return refuse('wrong-phase');
      const head = s.acrossQueue[0];
      if (!head || seat !== head.chooser) return refuse('not-your-turn');
      if (a.card !== head.card) return refuse('wrong-card');
      if (!head.eligible.includes(a.to)) return refuse('not-eligible');
      chooseAcross(s, a.to, rng, events);
      break;
    }
  }
  s.rng = rng.state();
  return { ok: true, state: s, events };
}

/**
 * Timeout choice (rules/jaccuse.md §4.4–4.6): a random free character, a random card from
 * the Inspector's hand, a random available Suspicion card, a random eligible Across
 * recipient. Derived with `peekPick`, so the stored generator does not move.
 */
function defaultAction(s: JaccuseState, seat: Seat): JaccuseAction {
  const legal = legalActions(s, seat);
  if (legal.length === 0) {
    // Not this seat's decision: return a harmless action that apply will refuse.
    return { type: 'vote', card: 'jaccuse' };
  }
  return peekPick(s.rng, legal, seat + 1);
}

/** Final outcome (§4.7): arrested seats place 2 and lose; everyone else places 1 and wins. */
function result(s: JaccuseState): GameResult | null {
  if (s.phase !== 'over') return null;
  const seats = Array.from({ length: s.seatCount }, (_, i) => i);
  return {
    placements: seats.map((i) => (s.arrested.includes(i) ? 2 : 1)),
    winners: seats.filter((i) => !s.arrested.includes(i)),
    reason: s.endReason ?? 'arrest',
  };
}

const SUSPICION_CODE: Record<string, string> = { left: 'l', right: 'r', across: 'a', jaccuse: 'j' };

/**
 * Encode an action (≤ 70 chars): `c:<character>`, `i:<investigation>`, `v:<l|r|a|j>`,
 * `s:<evidence>:<seat>`.
 */
function encodeAction(a: JaccuseAction): string {
  switch (a.type) {
    case 'character':
      return `c:${a.character}`;
    case 'investigate':
      return `i:${a.card}`;
    case 'vote':
      return `v:${SUSPICION_CODE[a.card]}`;
    case 'send':
      return `s:${a.card}:${a.to}`;
  }
}

/** Decode `encodeAction`'s string; null for anything malformed or out of range. */
function decodeAction(code: string): JaccuseAction | null {
  const parts = code.split(':');
  let raw: unknown = null;
  const [kind, x, y] = parts;
  if (kind === 'c' && parts.length === 2) raw = { type: 'character', character: x };
  else if (kind === 'i' && parts.length === 2 && (ALL_INVESTIGATIONS as string[]).includes(x ?? '')) raw = { type: 'investigate', card: x };
  else if (kind === 'v' && parts.length === 2) raw = { type: 'vote', card: Object.keys(SUSPICION_CODE).find((k) => SUSPICION_CODE[k] === x) };
  else if (kind === 's' && parts.length === 3 && /^\d$/.test(y ?? '') && (ALL_EVIDENCE as string[]).includes(x ?? ''))
    raw = { type: 'send', card: x, to: Number(y) };
  const r = jaccuseActionSchema.safeParse(raw);
  return r.success ? r.data : null;
}

/** The J'Accuse! game definition (rules/jaccuse.md). */
export const jaccuseDefinition: GameDefinition<JaccuseState, JaccuseAction, JaccuseOptions, JaccusePublicView, JaccuseSeatView> = {
  id: 'jaccuse',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  optionsSchema: jaccuseOptionsSchema,
  actionSchema: jaccuseActionSchema,
  setup(options, seatCount, seed) {
    if (!Number.isInteger(seatCount) || seatCount < MIN_PLAYERS || seatCount > MAX_PLAYERS) {
      throw new RangeError(`J'Accuse! needs ${MIN_PLAYERS}–${MAX_PLAYERS} players, got ${seatCount}`);
    }
    return initialState(jaccuseOptionsSchema.parse(options), seatCount, seed);
  },
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
