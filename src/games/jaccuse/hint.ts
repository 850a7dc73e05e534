/**
 * J'Accuse! — why a move is worth playing, from the seat's own view only (the 💡 Hint and the
 * review's analysis; src/bots/advice.ts), for every decision kind of
 * docs/rules/jaccuse.md §4.2–§4.4: choosing a character, setting the Investigation card, the
 * secret Suspicion vote and sending evidence Across. What the seat knows: the evidence in front
 * of everyone, which of it its own sheet clears, and (as Inspector) its face-down card. Texts:
 * the game's `hintReasons` (./text); the move's label names the card, character or player.
 */
import type { HintReason } from '../bot.js';
import type { JaccuseKnowledge } from './knowledge.js';
import { ARREST_TOTAL, EVIDENCE_TYPES, INVESTIGATION_CARDS, evidenceType, isExonerated, type EvidenceType, type JaccuseAction } from './rules.js';

/** Why `action` for the seat of `k` (every decision kind of J'Accuse!). */
export function jaccuseExplain(k: JaccuseKnowledge, action: JaccuseAction): HintReason {
  const v = k.view;
  const me = v.seats[k.seat]!;
  const hardTypes = (seat: number) => new Set(v.seats[seat]!.hard.map(evidenceType)).size;
  // Suspected Evidence in front of the seat that a J'Accuse! would harden against it (not cleared by its sheet), by type.
  const exposedTypes = (seat: number, types: readonly EvidenceType[] = EVIDENCE_TYPES) =>
    v.seats[seat]!.suspected.filter((card) => types.includes(evidenceType(card)) && !isExonerated(v.seats[seat]!.character, card)).length;
  switch (action.type) {
    case 'character': {
      const inPlay = v.seats.flatMap((p, holder) => p.suspected.map((card) => ({ card, holder })));
      const cleared = inPlay.filter((s) => isExonerated(action.character, s.card));
      return { key: 'character', args: [cleared.length, cleared.filter((s) => s.holder === k.seat).length] };
    }
    case 'investigate': {
      const types = INVESTIGATION_CARDS[action.card] as readonly EvidenceType[];
      let rivals = 0;
      for (let s = 0; s < v.seatCount; s++) if (s !== k.seat) rivals += exposedTypes(s, types);
      return { key: 'investigate', args: [types.length, exposedTypes(k.seat, types), rivals] };
    }
    case 'vote': {
      const known = v.inspector === k.seat && v.chosen ? (INVESTIGATION_CARDS[v.chosen] as readonly EvidenceType[]) : null;
      const exposed = exposedTypes(k.seat, known ?? EVIDENCE_TYPES);
      const args = [exposed, hardTypes(k.seat), me.hard.length, known ? 1 : 0];
      switch (action.card) {
        case 'jaccuse':
          return { key: 'voteJaccuse', args };
        case 'across':
          return { key: 'voteAcross', args };
        default:
          return { key: action.card === 'left' ? 'voteLeft' : 'voteRight', args };
      }
    }
    case 'send': {
      const to = v.seats[action.to]!;
      const cleared = isExonerated(to.character, action.card) ? 1 : 0;
      return { key: 'send', args: [hardTypes(action.to), to.hard.length, ARREST_TOTAL, cleared] };
    }
  }
}
