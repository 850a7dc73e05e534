/** Hidden-information helpers for NOIR's leak tests (the Activity; docs/rules/noir.md §2.8). */
import type { Viewer } from '../../../src/games/engine.js';
import type { NoirState } from '../../../src/games/noir/rules.js';

/**
 * A copy of `s` with every secret hidden from `viewer` (a seat, or null for the public)
 * replaced by other values: the Killer's identity and disguise draws unless the viewer is the
 * Killer, the Inspector's identity, hand and drawn card unless the viewer is the Inspector,
 * and the deck's order for everyone. Any view for `viewer` must be identical for both states.
 */
export function scramble(s: NoirState, viewer: Viewer): NoirState {
  let t: NoirState = { ...s, deck: [...s.deck].reverse() };
  if (viewer !== s.killerSeat) {
    t = { ...t, killerIdentity: (s.killerIdentity + 1) % 25, killerDraws: [...s.killerDraws.map((x) => ({ ...x, alive: !x.alive })), { suspect: 3, alive: true }] };
  }
  if (viewer !== s.inspectorSeat) {
    t = { ...t, inspectorIdentity: s.inspectorIdentity === null ? null : (s.inspectorIdentity + 3) % 25, hand: s.hand.map((c) => (c + 5) % 25), drawn: s.drawn === null ? null : (s.drawn + 5) % 25 };
  }
  return t;
}
