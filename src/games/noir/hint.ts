/**
 * NOIR — why a move is worth playing, from the seat's own knowledge only (the 💡 Hint and the
 * review's analysis; src/bots/advice.ts): for every decision kind of
 * docs/rules/noir.md §2.3–§2.7, what it does for the seat, what the seat knows (who the other
 * role can still be, from the public facts and the seat's own cards) and the risk. Texts: the
 * game's `hintReasons` (./text). The move's own label names its suspect or line, so the
 * reasons carry only counts.
 */
import type { HintReason } from '../bot.js';
import { livingNeighbours, shiftGrid } from './grid.js';
import { inspectorCandidates, inspectorPrivate, killerCandidates, killerPrivate, type NoirKnowledge } from './knowledge.js';
import type { Cell, NoirAction } from './rules.js';

/** Living suspects next to `suspect` on `grid` that are in `among`. */
function nextTo(grid: Cell[][], suspect: number | null, among: readonly number[]): number {
  if (suspect === null) return 0;
  return livingNeighbours(grid, suspect).filter((s) => among.includes(s)).length;
}

/** Why `action` for the seat of `k` (every decision kind of NOIR). */
export function noirExplain(k: NoirKnowledge, action: NoirAction): HintReason {
  const v = k.view;
  const killer = v.role === 'killer';
  const me = v.identity;
  // Who the other role can still be, from the public facts and this seat's own cards.
  const killers = killerCandidates(k, killer ? [] : inspectorPrivate(v));
  const inspectors = inspectorCandidates(k, killer ? killerPrivate(v) : []);
  switch (action.type) {
    case 'kill': {
      if (v.phase === 'firstKill') return { key: 'killFirst', args: [] };
      const deaths = v.deaths + 1;
      if (deaths >= v.killTarget) return { key: 'killTarget', args: [v.killTarget] };
      const maybe = inspectors.includes(action.suspect);
      if (maybe && inspectors.length === 1) return { key: 'killInspectorSure', args: [] };
      return { key: maybe ? 'killMaybeInspector' : 'kill', args: [inspectors.length, deaths, v.killTarget] };
    }
    case 'shift': {
      const after = shiftGrid(v.grid, action.axis, action.index, action.dir);
      if (killer) {
        const alive = (g: Cell[][]) => g.flat().filter((c) => c.alive).map((c) => c.suspect);
        return { key: 'shiftKiller', args: [nextTo(v.grid, me, alive(v.grid)), nextTo(after, me, alive(after)), nextTo(v.grid, me, inspectors), nextTo(after, me, inspectors)] };
      }
      return { key: 'shiftInspector', args: [nextTo(v.grid, me, killers), nextTo(after, me, killers), killers.length] };
    }
    case 'disguise':
      return { key: v.disguiseKillsOldIdentity && v.mode === 'classic' ? 'disguiseClassic' : 'disguise', args: [killers.length, v.deckSize] };
    case 'choose': {
      const cands = killerCandidates(k, v.hand.filter((s) => s !== action.suspect));
      return { key: 'choose', args: [livingNeighbours(v.grid, action.suspect).length, nextTo(v.grid, action.suspect, cands)] };
    }
    case 'discard': {
      const canvas = v.mode !== 'classic';
      return { key: 'discard', args: [canvas ? 1 : 0, killers.includes(action.suspect) ? 1 : 0] };
    }
    case 'arrest': {
      if (action.suspect === me) return { key: 'arrestBluff', args: [killers.length] };
      if (!killers.includes(action.suspect)) return { key: 'arrestCleared', args: [killers.length] };
      return { key: 'arrestChance', args: [killers.length] };
    }
    case 'exonerate':
      return v.mode !== 'classic' && killers.length > 1 ? { key: 'narrow', args: [killers.length] } : { key: 'exonerate', args: [v.deckSize] };
    case 'citizen':
      return { key: killers.includes(action.target) ? 'citizen' : 'citizenCleared', args: [killers.length] };
  }
}
