/**
 * Each game's secrets scrambled for leak tests: the state with every secret hidden from one
 * viewer (null: the public) changed, so a message or picture drawn for that viewer must not
 * change (the perturbations of the games' own picture leak tests, test/games/<game>/).
 */
import type { Viewer } from '../../src/games/engine.js';
import type { JaccuseState } from '../../src/games/jaccuse/rules.js';
import type { NoirState } from '../../src/games/noir/rules.js';
import type { PhantomState } from '../../src/games/phantom/rules.js';
import type { SuspicionState } from '../../src/games/suspicion/rules.js';
import { perturb as scrambleJaccuse } from '../games/jaccuse/secrets.js';
import { scramble as scramblePhantom } from '../games/phantom/secrets.js';
import { scramble as scrambleSuspicion } from '../games/suspicion/secrets.js';

/** NOIR: the Killer's and / or the Inspector's secrets replaced (test/games/noir/pictures.test.ts). */
export function scrambleNoir(s: NoirState, viewer: Viewer): NoirState {
  let t = s;
  if (viewer !== s.killerSeat) {
    t = { ...t, killerIdentity: (t.killerIdentity + 1) % 25, killerDraws: [...t.killerDraws.map((x) => ({ ...x, alive: !x.alive })), { suspect: 3, alive: true }], deck: [...t.deck].reverse() };
  }
  if (viewer !== s.inspectorSeat) {
    t = {
      ...t,
      inspectorIdentity: t.inspectorIdentity === null ? null : (t.inspectorIdentity + 3) % 25,
      hand: t.hand.map((c) => (c + 5) % 25),
      drawn: t.drawn === null ? null : (t.drawn + 5) % 25,
      deck: [...t.deck].reverse(),
    };
  }
  return t;
}

/** The state with every secret hidden from `viewer` (null: the public) changed, per game. */
export const SCRAMBLE: Record<string, (state: never, viewer: Viewer, salt: number) => unknown> = {
  suspicion: (s: SuspicionState, viewer) => scrambleSuspicion(s, viewer),
  noir: (s: NoirState, viewer) => scrambleNoir(s, viewer),
  phantom: (s: PhantomState, viewer, salt) => scramblePhantom(s, viewer, salt),
  jaccuse: (s: JaccuseState, viewer, salt) => scrambleJaccuse(s, viewer, salt),
};
