/**
 * The one-line reasons NOIR's Normal heuristic (src/games/noir/bot-normal.ts) can give for a
 * 💡 Hint (README "AI players"; src/tables/hints.ts), from the seat's knowledge only: an
 * Inspector's arrest or exoneration, weighed by how many suspects the public facts and the
 * Inspector's own cards leave for the Killer (docs/rules/noir.md §2.5). Texts: the game's
 * `hintReasons` catalog entries.
 */
import type { HintReason } from '../bot.js';
import { inspectorPrivate, killerCandidates, type NoirKnowledge } from './knowledge.js';
import type { NoirAction } from './rules.js';

/** Why Normal chose `action` for the seat of `k`, or null when it has no single reason. */
export function noirHintReason(k: NoirKnowledge, action: NoirAction): HintReason | null {
  if (k.view.role !== 'inspector' || k.view.phase === 'chooseIdentity' || k.view.phase === 'discard') return null;
  const count = killerCandidates(k, inspectorPrivate(k.view)).length;
  if (action.type === 'arrest' && count > 0) return { key: 'arrestChance', args: [count] };
  // Only where an exoneration canvasses (not classic mode, §2.6).
  if (action.type === 'exonerate' && k.view.mode !== 'classic' && count > 1) return { key: 'narrow', args: [count] };
  return null;
}
