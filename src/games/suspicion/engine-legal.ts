/**
 * Suspicion — the legal actions of a seat now (rules/suspicion.md §1.6–§1.9, §1.12).
 *
 * Interchangeable copies in a hand (two plain red cards, two Wilds…) are offered once, with
 * the first copy's id: the choice between them changes nothing. `apply` accepts any copy.
 */
import type { Seat } from '../engine.js';
import { faceKey, type CardId, type SuspicionAction, type SuspicionState } from './rules.js';
import { face, faceUpCount, faceUpLimit, findInHand, rivalsOf, slotOf } from './engine-core.js';

/** Suspects `seat` may place evidence on: its own, or (Criminal Edition) every rival's. */
export function placeTargets(s: SuspicionState, seat: Seat): Seat[] {
  return s.options.variant === 'criminal' ? rivalsOf(s, seat) : [seat];
}

/** Suspects Burn/Tamper may hit: rivals, or (Criminal Edition) any suspect (§1.12). */
export function attackTargets(s: SuspicionState, seat: Seat): Seat[] {
  return s.options.variant === 'criminal' ? [...rivalsOf(s, seat), seat] : rivalsOf(s, seat);
}

/** The counter card `seat` would use against colour `colour` (never a Wild, §1.7). */
export function counterCardFor(s: SuspicionState, seat: Seat, colour: string): CardId | undefined {
  return findInHand(s, seat, (f) => f.kind === 'evidence' && f.counter && f.colour === colour);
}

/** The card `seat` would cancel `attack` with (§1.8). */
export function cancelCardFor(s: SuspicionState, seat: Seat, attack: string): CardId | undefined {
  return findInHand(s, seat, (f) => f.kind === attack);
}

/** The colour of the placement a counter window is about. */
export function windowColour(s: SuspicionState): string {
  const ph = s.phase;
  if (ph.kind === 'counter') return s.players[ph.suspect]!.slots[ph.slot]!.colour;
  if (ph.kind === 'counterBack') return ph.placed.colour;
  throw new Error('no counter window');
}

/** The actions of the active player on a turn (§1.6). */
function turnActions(s: SuspicionState, seat: Seat): SuspicionAction[] {
  const v = s.options.variant;
  if (v === 'arrest-race') return [{ type: 'draw' }];
  const me = s.players[seat]!;
  if (me.hand.length === 0) return [{ type: 'pass' }];
  const out: SuspicionAction[] = [];
  const limit = faceUpLimit(v);
  const seen = new Set<string>();
  const distinct = me.hand.filter((c) => {
    const k = faceKey(face(c));
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const declareOn = v === 'no-bluff' ? [] : placeTargets(s, seat).filter((t) => faceUpCount(s, t) === limit);
  for (const card of distinct) {
    const f = face(card);
    if (f.kind === 'evidence') {
      for (const t of placeTargets(s, seat)) {
        const i = slotOf(s, t, f.colour);
        if (i >= 0 && s.players[t]!.slots[i] === null && faceUpCount(s, t) < limit) out.push({ type: 'place', card, suspect: t });
      }
    } else if (f.kind === 'wild') {
      for (const t of placeTargets(s, seat)) {
        if (faceUpCount(s, t) >= limit) continue;
        s.players[t]!.slots.forEach((x, slot) => {
          if (x === null) out.push({ type: 'wild', card, suspect: t, slot });
        });
      }
    } else if (f.kind === 'burn') {
      for (const t of attackTargets(s, seat)) out.push({ type: 'burn', card, target: t });
    } else if (f.kind === 'tamper') {
      for (const t of attackTargets(s, seat)) {
        const filled = s.players[t]!.slots.flatMap((x, slot) => (x === null ? [] : [slot]));
        if (filled.length === 0) out.push({ type: 'tamper', card, target: t });
        for (const slot of filled) out.push({ type: 'tamper', card, target: t, slot });
      }
    } else {
      for (const t of rivalsOf(s, seat)) if (s.players[t]!.blockCard === null) out.push({ type: 'block', card, target: t });
    }
    for (const t of declareOn) out.push({ type: 'declare', card, suspect: t });
    out.push({ type: 'discard', card });
  }
  for (const t of placeTargets(s, seat)) {
    const slots = s.players[t]!.slots;
    slots.forEach((x, from) => {
      if (!x || x.by !== seat || face(x.card).kind !== 'wild') return;
      slots.forEach((y, to) => {
        if (y === null) out.push({ type: 'recolour', suspect: t, from, to });
      });
    });
  }
  return out;
}

/**
 * Every action `seat` may take now (empty when it is not that seat's decision).
 * Counter race: every rival of the placer may pass; those holding a ⇄ card of the colour
 * may also counter. Windows for one seat: act or decline. Vote: any choice, changeable.
 */
export function legalActions(s: SuspicionState, seat: Seat): SuspicionAction[] {
  const ph = s.phase;
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) return [];
  switch (ph.kind) {
    case 'turn':
      return seat === s.turn ? turnActions(s, seat) : [];
    case 'counter': {
      if (seat === ph.placer || ph.passed.includes(seat)) return [];
      const can = counterCardFor(s, seat, windowColour(s)) !== undefined;
      return can ? [{ type: 'counter' }, { type: 'pass' }] : [{ type: 'pass' }];
    }
    case 'counterBack': {
      if (seat !== ph.placer) return [];
      const can = counterCardFor(s, seat, ph.placed.colour) !== undefined;
      return can ? [{ type: 'counterBack' }, { type: 'accept' }] : [{ type: 'accept' }];
    }
    case 'cancel': {
      if (seat !== ph.target) return [];
      const can = cancelCardFor(s, seat, ph.attack) !== undefined;
      return can ? [{ type: 'cancel' }, { type: 'allow' }] : [{ type: 'allow' }];
    }
    case 'vote':
      if (!ph.voters.includes(seat)) return [];
      return [{ type: 'vote', verdict: 'believe' }, { type: 'vote', verdict: 'bluff' }, { type: 'abstain' }];
    case 'over':
      return [];
  }
}
