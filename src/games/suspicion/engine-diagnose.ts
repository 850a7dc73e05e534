/**
 * Suspicion — why an action is refused: a stable error code (plus params) for the UI to
 * explain in plain words. Called only for actions `legalActions` does not contain.
 */
import type { RuleError, Seat } from '../engine.js';
import type { SuspicionAction, SuspicionState } from './rules.js';
import { face, faceUpCount, faceUpLimit, slotOf } from './engine-core.js';
import { attackTargets, placeTargets, windowColour } from './engine-legal.js';

const TURN_TYPES = new Set(['place', 'wild', 'discard', 'burn', 'tamper', 'block', 'recolour', 'declare', 'draw']);

/**
 * The refusal for `a` by `seat`. Codes: not-now, not-your-turn, card-not-in-hand,
 * not-in-variant, wrong-card, own-suspect, not-your-suspect, colour-not-on-suspect,
 * slot-taken, slot-empty, face-up-limit, not-a-rival, already-blocked, choose-evidence,
 * no-wild-there, declare-needs-two, must-act, window-closed, own-placement, already-passed,
 * no-counter-card (colour), not-your-window, no-cancel-card (attack), no-vote, not-a-voter,
 * illegal-action.
 */
export function diagnose(s: SuspicionState, seat: Seat, a: SuspicionAction): RuleError {
  const ph = s.phase;
  const v = s.options.variant;
  if (TURN_TYPES.has(a.type) || (a.type === 'pass' && ph.kind === 'turn')) {
    if (ph.kind !== 'turn') return { code: 'not-now' };
    if (seat !== s.turn) return { code: 'not-your-turn' };
    if ((a.type === 'draw') !== (v === 'arrest-race')) return { code: 'not-in-variant' };
    if (a.type === 'declare' && v === 'no-bluff') return { code: 'not-in-variant' };
    if ('card' in a && !s.players[seat]!.hand.includes(a.card)) return { code: 'card-not-in-hand' };
    return turnReason(s, seat, a);
  }
  switch (a.type) {
    case 'counter':
    case 'pass':
      if (ph.kind !== 'counter') return { code: 'window-closed' };
      if (seat === ph.placer) return { code: 'own-placement' };
      if (ph.passed.includes(seat)) return { code: 'already-passed' };
      return { code: 'no-counter-card', params: { colour: windowColour(s) } };
    case 'counterBack':
    case 'accept':
      if (ph.kind !== 'counterBack') return { code: 'window-closed' };
      if (seat !== ph.placer) return { code: 'not-your-window' };
      return { code: 'no-counter-card', params: { colour: ph.placed.colour } };
    case 'cancel':
    case 'allow':
      if (ph.kind !== 'cancel') return { code: 'window-closed' };
      if (seat !== ph.target) return { code: 'not-your-window' };
      return { code: 'no-cancel-card', params: { attack: ph.attack } };
    case 'vote':
    case 'abstain':
      if (ph.kind !== 'vote') return { code: 'no-vote' };
      return { code: 'not-a-voter' };
    default:
      return { code: 'illegal-action' };
  }
}

/** Why a turn action (by the active seat, with a card in hand) is not allowed. */
function turnReason(s: SuspicionState, seat: Seat, a: SuspicionAction): RuleError {
  const v = s.options.variant;
  const ownOnly = v !== 'criminal';
  const suspectRule = (t: Seat): RuleError | null => {
    if (placeTargets(s, seat).includes(t)) return null;
    return { code: ownOnly ? 'not-your-suspect' : 'own-suspect' };
  };
  switch (a.type) {
    case 'pass':
      return { code: 'must-act' };
    case 'place': {
      const f = face(a.card);
      if (f.kind !== 'evidence') return { code: 'wrong-card' };
      const bad = suspectRule(a.suspect);
      if (bad) return bad;
      const i = slotOf(s, a.suspect, f.colour);
      if (i < 0) return { code: 'colour-not-on-suspect', params: { colour: f.colour } };
      if (s.players[a.suspect]!.slots[i] !== null) return { code: 'slot-taken' };
      if (faceUpCount(s, a.suspect) >= faceUpLimit(v)) return { code: 'face-up-limit', params: { limit: faceUpLimit(v) } };
      break;
    }
    case 'wild': {
      if (face(a.card).kind !== 'wild') return { code: 'wrong-card' };
      const bad = suspectRule(a.suspect);
      if (bad) return bad;
      if (s.players[a.suspect]!.slots[a.slot] !== null) return { code: 'slot-taken' };
      if (faceUpCount(s, a.suspect) >= faceUpLimit(v)) return { code: 'face-up-limit', params: { limit: faceUpLimit(v) } };
      break;
    }
    case 'burn':
    case 'tamper':
    case 'block': {
      if (face(a.card).kind !== a.type) return { code: 'wrong-card' };
      const targets = a.type === 'block' ? attackTargets(s, seat).filter((t) => t !== seat) : attackTargets(s, seat);
      if (!targets.includes(a.target)) return { code: 'not-a-rival' };
      if (a.type === 'block' && s.players[a.target]!.blockCard !== null) return { code: 'already-blocked' };
      if (a.type === 'tamper') {
        const filled = faceUpCount(s, a.target) > 0;
        if (a.slot === undefined && filled) return { code: 'choose-evidence' };
        if (a.slot !== undefined && s.players[a.target]!.slots[a.slot] === null) return { code: 'slot-empty' };
      }
      break;
    }
    case 'recolour': {
      const bad = suspectRule(a.suspect);
      if (bad) return bad;
      const x = s.players[a.suspect]!.slots[a.from];
      if (!x || face(x.card).kind !== 'wild' || x.by !== seat) return { code: 'no-wild-there' };
      if (s.players[a.suspect]!.slots[a.to] !== null) return { code: 'slot-taken' };
      break;
    }
    case 'declare': {
      const bad = suspectRule(a.suspect);
      if (bad) return bad;
      if (faceUpCount(s, a.suspect) !== faceUpLimit(v)) return { code: 'declare-needs-two' };
      break;
    }
    default:
      break;
  }
  return { code: 'illegal-action' };
}
