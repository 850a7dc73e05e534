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

function next(s: TallyState): void {
  s.step += 1;
}

function endTurn(s: TallyState, events: GameEvent[]): void {
  const leader = s.totals.findIndex((t) => t >= TALLY_TARGET);
  if (leader >= 0) {
    s.phase = 'over';
    s.winner = leader;
    events.push({ type: 'won', seat: leader });
    next(s);
    return;
  }
  s.turnsThisRound += 1;
  s.turn = (s.turn + 1) % s.seats;
  if (s.turnsThisRound >= s.seats) {
    s.turnsThisRound = 0;
    s.phase = 'vote';
    s.votes = Array(s.seats).fill(null);
  } else s.phase = 'turn';
  s.passed = [];
  next(s);
}

function publicView(s: TallyState) {
  return { ...s, votes: s.votes.map((v) => v !== null), rng: [] };
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
  pending(s): Pending {
    const o = s.options;
    switch (s.phase) {
      case 'turn':
        return { kind: 'turn', seat: s.turn, step: s.step, timer: 'turn', timeoutMs: o.turnSeconds * 1000 };
      case 'race': {
        const mover = (s.turn + s.seats - 0) % s.seats;
        const seats = [...Array(s.seats).keys()].filter((x) => x !== mover && !s.passed.includes(x));
        return { kind: 'race', seats, step: s.step, timer: 'reaction', timeoutMs: o.reactionSeconds * 1000 };
      }
      case 'vote': {
        const seats = [...Array(s.seats).keys()];
        return { kind: 'simultaneous', seats, waiting: seats.filter((x) => s.votes[x] === null), step: s.step, timer: 'vote', timeoutMs: o.voteSeconds * 1000 };
      }
      case 'over':
        return { kind: 'over', step: s.step };
    }
  },
  legalActions(s, seat) {
    const p = this.pending(s);
    if (!seatsToAct(p).includes(seat)) return [];
    if (s.phase === 'turn') return [{ type: 'add', n: 1 }, { type: 'add', n: 2 }];
    if (s.phase === 'race') return [{ type: 'steal' }, { type: 'pass' }];
    if (s.phase === 'vote') return [0, 1, 2].map((value) => ({ type: 'vote' as const, value }));
    return [];
  },
  apply(state, seat, action) {
    if (!seatsToAct(this.pending(state)).includes(seat)) return { ok: false, error: { code: 'not_your_turn' } };
    const s = structuredClone(state);
    const events: GameEvent[] = [];
    if (s.phase === 'turn' && action.type === 'add') {
      s.totals[seat]! += action.n;
      events.push({ type: 'added', seat, n: action.n });
      if (s.totals[seat]! >= TALLY_TARGET) {
        endTurn(s, events);
      } else {
        s.phase = 'race';
        s.passed = [];
        next(s);
      }
      return { ok: true, state: s, events };
    }
    if (s.phase === 'race' && action.type === 'steal') {
      s.totals[s.turn]! -= 1;
      s.totals[seat]! += 1;
      events.push({ type: 'stole', seat, from: s.turn });
      endTurn(s, events);
      return { ok: true, state: s, events };
    }
    if (s.phase === 'race' && action.type === 'pass') {
      s.passed.push(seat);
      if (s.passed.length >= s.seats - 1) endTurn(s, events);
      return { ok: true, state: s, events };
    }
    if (s.phase === 'vote' && action.type === 'vote') {
      s.votes[seat] = action.value;
      events.push({ type: 'voted', seat }, { type: 'myvote', seat, value: action.value, to: [seat] });
      if (s.votes.every((v) => v !== null)) {
        events.push({ type: 'votes', values: s.votes });
        s.phase = 'turn';
        s.votes = Array(s.seats).fill(null);
        next(s);
      }
      return { ok: true, state: s, events };
    }
    return { ok: false, error: { code: 'illegal' } };
  },
  defaultAction(s) {
    if (s.phase === 'turn') return { type: 'add', n: 1 };
    if (s.phase === 'race') return { type: 'pass' };
    return { type: 'vote', value: 0 };
  },
  publicView(s) {
    return publicView(s);
  },
  seatView(s, seat) {
    return { ...publicView(s), me: seat, myVote: s.votes[seat] };
  },
  result(s) {
    if (s.phase !== 'over' || s.winner === null) return null;
    return { placements: s.totals.map((_, i) => (i === s.winner ? 1 : 2)), winners: [s.winner], reason: 'target' };
  },
  encodeAction(a) {
    return a.type === 'add' ? `add:${a.n}` : a.type === 'vote' ? `vote:${a.value}` : a.type;
  },
  decodeAction(code) {
    const [type, arg] = code.split(':');
    const raw = type === 'add' ? { type, n: Number(arg) } : type === 'vote' ? { type, value: Number(arg) } : { type };
    const r = actionSchema.safeParse(raw);
    return r.success ? r.data : null;
  },
};

const ui: GameUi<any, any, TallyAction, Options> = {
  board(view, ctx) {
    return {
      status: view.phase === 'over' ? 'Over' : `Turn of ${ctx.name(view.turn)}`,
      body: view.totals.map((t: number, i: number) => `${ctx.name(i)}: ${t}`).join('\n'),
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
        ? [{ type: 1, components: legal.map((a) => ({ type: 2, style: 1, label: tallyDefinition.encodeAction(a), custom_id: ctx.actionId(tallyDefinition.encodeAction(a)) })) }]
        : [],
    };
  },
  describeEvent(e, ctx) {
    if (e.type === 'added') return `${ctx.name(e.seat as number)} added ${e.n}.`;
    if (e.type === 'stole') return `${ctx.name(e.seat as number)} stole a point.`;
    if (e.type === 'voted') return `${ctx.name(e.seat as number)} voted.`;
    if (e.type === 'myvote') return `You voted ${e.value}.`;
    return null;
  },
  describeError: (e) => `Refused: ${e.code}`,
  staleNote: (a) => (a.type === 'steal' ? 'Too late — someone stole first.' : null),
  rulesHelp: () => 'Tally rules',
  optionsSummary: (o) => `turn ${o.turnSeconds}s`,
};

/** The Tally game as a module (registered under the id 'suspicion' for type purposes). */
export const tallyModule: GameModule = {
  id: 'suspicion',
  command: 'tally',
  title: 'Tally',
  emoji: '🧮',
  colour: 0x16a085,
  description: 'A test game',
  definition: tallyDefinition,
  ui,
  newOptions: [{ name: 'turn-timer', optionKey: 'turnSeconds', description: 'Turn timer (s)', type: 'integer', min: 1, max: 3600 }],
};
