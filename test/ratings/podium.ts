/**
 * "Podium", a fixture game for rating tests: 2–6 players each secretly declare the
 * placement they finish at and whether they count as a winner; when all have declared, the
 * game ends with exactly those placements. An away or departed seat auto-declares 1st and a
 * win (the best it could ask for), so tests can show the table service still ranks a leaver
 * last. Not a real game. Registered under the id 'suspicion' (the registry needs a GameId).
 */
import { z } from 'zod';
import type { GameDefinition, Pending, Seat } from '../../src/games/engine.js';
import type { GameModule } from '../../src/games/module.js';
import type { GameUi } from '../../src/games/ui.js';
import { fixtureText, noBots } from '../support/no-bots.js';

const optionsSchema = z.object({
  turnSeconds: z.number().int().min(1).max(3600).default(60),
  reactionSeconds: z.number().int().min(1).max(300).default(10),
  voteSeconds: z.number().int().min(1).max(3600).default(60),
});
type Options = z.infer<typeof optionsSchema>;

const actionSchema = z.object({ type: z.literal('place'), placement: z.number().int().min(1).max(6), win: z.boolean() });
/** Declare a finishing placement (1 = best) and whether it is a win. */
export type PodiumAction = z.infer<typeof actionSchema>;

/** State: one declaration per seat (null until made). */
export interface PodiumState {
  options: Options;
  step: number;
  declared: (PodiumAction | null)[];
}

const over = (s: PodiumState) => s.declared.every((d) => d !== null);

/** The Podium definition. */
export const podiumDefinition: GameDefinition<PodiumState, PodiumAction, Options, PodiumState, PodiumState> = {
  id: 'suspicion',
  minPlayers: 2,
  maxPlayers: 6,
  optionsSchema,
  actionSchema,
  setup: (options, seats) => ({ options, step: 1, declared: Array(seats).fill(null) }),
  pending(s): Pending {
    if (over(s)) return { kind: 'over', step: s.step };
    const seats = s.declared.map((_, i) => i);
    return { kind: 'simultaneous', seats, waiting: seats.filter((i) => s.declared[i] === null), step: s.step, timer: 'vote', timeoutMs: s.options.voteSeconds * 1000 };
  },
  legalActions: (s, seat) => (s.declared[seat] === null && !over(s) ? [{ type: 'place', placement: 1, win: true }] : []),
  apply(state, seat: Seat, action) {
    if (over(state) || state.declared[seat] !== null) return { ok: false, error: { code: 'not_now' } };
    const s = structuredClone(state);
    s.declared[seat] = action;
    if (over(s)) s.step += 1;
    return { ok: true, state: s, events: [] };
  },
  defaultAction: () => ({ type: 'place', placement: 6, win: false }),
  autoAction: () => ({ type: 'place', placement: 1, win: true }),
  publicView: (s) => s,
  seatView: (s) => s,
  result(s) {
    if (!over(s)) return null;
    const d = s.declared as PodiumAction[];
    return { placements: d.map((x) => x.placement), winners: d.flatMap((x, i) => (x.win ? [i] : [])), reason: 'declared' };
  },
  encodeAction: (a) => `p:${a.placement}:${a.win ? 1 : 0}`,
  decodeAction(code) {
    const [, p, w] = code.split(':');
    const r = actionSchema.safeParse({ type: 'place', placement: Number(p), win: w === '1' });
    return r.success ? r.data : null;
  },
};

const ui: GameUi<PodiumState, PodiumState, PodiumAction, Options> = {
  board: () => ({ status: 'Declaring', body: '', rows: [] }),
  panel: () => ({ body: '', rows: [] }),
  describeEvent: () => null,
  describeError: (e) => `Refused: ${e.code}`,
  rulesHelp: () => 'Podium rules',
  optionsSummary: () => '',
};

/** The Podium game as a module. */
export const podiumModule: GameModule = {
  id: 'suspicion',
  command: 'podium',
  title: () => 'Podium',
  emoji: '🏅',
  colour: 0xd35400,
  description: () => 'A test game',
  definition: podiumDefinition,
  text: fixtureText('Podium'),
  ui,
  bot: noBots('suspicion', podiumDefinition),
  newOptions: [],
};
