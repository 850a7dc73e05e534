/**
 * "Tally", a tiny game used to test the game-agnostic table service. It has every kind of
 * decision the real games have: turns (add 1 or 2 to your total), a race after each turn
 * (any rival may "steal" one point, first wins; or pass), and a simultaneous secret vote
 * after every full round. First to TARGET wins. Not a real game: a test fixture.
 */
import { z } from 'zod';
import { seatsToAct, type GameDefinition, type GameEvent, type Pending, type Seat } from '../../src/games/engine.js';
import type { GameModule } from '../../src/games/module.js';
import { Rng, seedRng, type RngState } from '../../src/games/rng.js';
import type { GameUi } from '../../src/games/ui.js';
import { fixtureText, noBots } from './no-bots.js';

export const TALLY_TARGET = 6;

const optionsSchema = z.object({
  turnSeconds: z.number().int().min(1).max(3600).default(60),
  reactionSeconds: z.number().int().min(1).max(600).default(10),
  voteSeconds: z.number().int().min(1).max(600).default(30),
});
type Options = z.infer<typeof optionsSchema>;

const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), n: z.union([z.literal(1), z.literal(2)]) }),
  z.object({ type: z.literal('steal') }),
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('vote'), value: z.number().int().min(0).max(9) }),
]);
export type TallyAction = z.infer<typeof actionSchema>;

export interface TallyState {
  options: Options;
  seats: number;
  step: number;
  turn: Seat;
  turnsThisRound: number;
  totals: number[];
  phase: 'turn' | 'race' | 'vote' | 'over';
  passed: Seat[];
  votes: (number | null)[];
  rng: RngState;
  winner: Seat | null;
}

function next(state: TallyState): void {
  state.step += 1;
}

function endTurn(state: TallyState, events: GameEvent[]): void {
  const leader = state.totals.findIndex((total) => total >= TALLY_TARGET);
  if (leader >= 0) {
    state.phase = 'over';
    state.winner = leader;
    events.push({ type: 'won', seat: leader });
    next(state);
    return;
  }
  state.turnsThisRound += 1;
  state.turn = (state.turn + 1) % state.seats;
  if (state.turnsThisRound >= state.seats) {
    state.turnsThisRound = 0;
    state.phase = 'vote';
    state.votes = Array(state.seats).fill(null);
  } else state.phase = 'turn';
  state.passed = [];
  next(state);
}

function publicView(state: TallyState) {
  return { ...state, votes: state.votes.map((vote) => vote !== null), rng: [] };
}

export const tallyDefinition: GameDefinition<TallyState, TallyAction, Options, ReturnType<typeof publicView>, ReturnType<typeof publicView> & { me: Seat; myVote: number | null | undefined }> = {
  id: 'suspicion',
  minPlayers: 2,
  maxPlayers: 4,
  optionsSchema,
  actionSchema,
  setup(options, seats, seed) {
    const rng = Rng.from(seedRng(seed));
    return {
      options,
      seats,
      step: 1,
      turn: rng.int(0, seats - 1),
      turnsThisRound: 0,
      totals: Array(seats).fill(0),
      phase: 'turn',
      passed: [],
      votes: Array(seats).fill(null),
      rng: rng.state(),
      winner: null,
    };
  },
  pending(state): Pending {
    const options = state.options;
    switch (state.phase) {
      case 'turn':
        return { kind: 'turn', seat: state.turn, step: state.step, timer: 'turn', timeoutMs: options.turnSeconds * 1000 };
      case 'race': {
        const mover = (state.turn + state.seats - 0) % state.seats;
        const seats = [...Array(state.seats).keys()].filter((seat) => seat !== mover && !state.passed.includes(seat));
        return { kind: 'race', seats, step: state.step, timer: 'reaction', timeoutMs: options.reactionSeconds * 1000 };
      }
      case 'vote': {
        const seats = [...Array(state.seats).keys()];
        return { kind: 'simultaneous', seats, waiting: seats.filter((seat) => state.votes[seat] === null), step: state.step, timer: 'vote', timeoutMs: options.voteSeconds * 1000 };
      }
      case 'over':
        return { kind: 'over', step: state.step };
    }
  },
  legalActions(state, seat) {
    const pending = this.pending(state);
    if (!seatsToAct(pending).includes(seat)) return [];
    if (state.phase === 'turn') return [{ type: 'add', n: 1 }, { type: 'add', n: 2 }];
    if (state.phase === 'race') return [{ type: 'steal' }, { type: 'pass' }];
    if (state.phase === 'vote') return [0, 1, 2].map((value) => ({ type: 'vote' as const, value }));
    return [];
  },
  apply(state, seat, action) {
    if (!seatsToAct(this.pending(state)).includes(seat)) return { ok: false, error: { code: 'not_your_turn' } };
    const draft = structuredClone(state);
    const events: GameEvent[] = [];
    if (draft.phase === 'turn' && action.type === 'add') {
      draft.totals[seat]! += action.n;
      events.push({ type: 'added', seat, n: action.n });
      if (draft.totals[seat]! >= TALLY_TARGET) {
        endTurn(draft, events);
      } else {
        draft.phase = 'race';
        draft.passed = [];
        next(draft);
      }
      return { ok: true, state: draft, events };
    }
    if (draft.phase === 'race' && action.type === 'steal') {
      draft.totals[draft.turn]! -= 1;
      draft.totals[seat]! += 1;
      events.push({ type: 'stole', seat, from: draft.turn });
      endTurn(draft, events);
      return { ok: true, state: draft, events };
    }
    if (draft.phase === 'race' && action.type === 'pass') {
      draft.passed.push(seat);
      if (draft.passed.length >= draft.seats - 1) endTurn(draft, events);
      return { ok: true, state: draft, events };
    }
    if (draft.phase === 'vote' && action.type === 'vote') {
      draft.votes[seat] = action.value;
      events.push({ type: 'voted', seat }, { type: 'myvote', seat, value: action.value, to: [seat] });
      if (draft.votes.every((vote) => vote !== null)) {
        events.push({ type: 'votes', values: draft.votes });
        draft.phase = 'turn';
        draft.votes = Array(draft.seats).fill(null);
        next(draft);
      }
      return { ok: true, state: draft, events };
    }
    return { ok: false, error: { code: 'illegal' } };
  },
  defaultAction(state) {
    if (state.phase === 'turn') return { type: 'add', n: 1 };
    if (state.phase === 'race') return { type: 'pass' };
    return { type: 'vote', value: 0 };
  },
  publicView(state) {
    return publicView(state);
  },
  seatView(state, seat) {
    return { ...publicView(state), me: seat, myVote: state.votes[seat] };
  },
  result(state) {
    if (state.phase !== 'over' || state.winner === null) return null;
    return { placements: state.totals.map((_, seat) => (seat === state.winner ? 1 : 2)), winners: [state.winner], reason: 'target' };
  },
  encodeAction(action) {
    return action.type === 'add' ? `add:${action.n}` : action.type === 'vote' ? `vote:${action.value}` : action.type;
  },
  decodeAction(code) {
    const [type, arg] = code.split(':');
    const raw = type === 'add' ? { type, n: Number(arg) } : type === 'vote' ? { type, value: Number(arg) } : { type };
    const parsed = actionSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  },
};

const ui: GameUi<any, any, TallyAction, Options> = {
  board(view, ctx) {
    return {
      status: view.phase === 'over' ? 'Over' : `Turn of ${ctx.name(view.turn)}`,
      body: view.totals.map((total: number, seat: number) => `${ctx.name(seat)}: ${total}`).join('\n'),
      rows:
        view.phase === 'race'
          ? [{ type: 1, components: [{ type: 2, style: 1, label: 'Steal!', custom_id: ctx.actionId('steal') }, { type: 2, style: 2, label: 'Pass', custom_id: ctx.actionId('pass') }] }]
          : [],
    };
  },
  panel(view, legal, ctx) {
    return {
      body: `Your total: ${view.totals[view.me]}`,
      rows: legal.length
        ? [{ type: 1, components: legal.map((action) => ({ type: 2, style: 1, label: tallyDefinition.encodeAction(action), custom_id: ctx.actionId(tallyDefinition.encodeAction(action)) })) }]
        : [],
    };
  },
  describeEvent(event, ctx) {
    if (event.type === 'added') return `${ctx.name(event.seat as number)} added ${event.n}.`;
    if (event.type === 'stole') return `${ctx.name(event.seat as number)} stole a point.`;
    if (event.type === 'voted') return `${ctx.name(event.seat as number)} voted.`;
    if (event.type === 'myvote') return `You voted ${event.value}.`;
    return null;
  },
  describeError: (error) => `Refused: ${error.code}`,
  staleNote: (action) => (action.type === 'steal' ? 'Too late — someone stole first.' : null),
  rulesHelp: () => 'Tally rules',
  optionsSummary: (options) => `turn ${options.turnSeconds}s`,
};

/** The Tally game as a module (registered under the id 'suspicion' for type purposes). */
export const tallyModule: GameModule = {
  id: 'suspicion',
  command: 'tally',
  title: () => 'Tally',
  emoji: '🧮',
  colour: 0x16a085,
  description: () => 'A test game',
  definition: tallyDefinition,
  text: fixtureText('Tally'),
  ui,
  bot: noBots('suspicion', tallyDefinition),
  newOptions: [{ name: 'turn-timer', optionKey: 'turnSeconds', description: () => 'Turn timer (state)', type: 'integer', min: 1, max: 3600 }],
};
