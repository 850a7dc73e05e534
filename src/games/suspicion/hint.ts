/**
 * Suspicion — why a move is worth playing, from the seat's own knowledge only (the 💡 Hint and
 * the review's analysis; src/bots/advice.ts): what it does for the seat, what the seat
 * knows that makes it worth it, and the risk, for every decision kind of
 * docs/rules/suspicion.md §1.6–§1.12. Texts: the game's `hintReasons` (./text).
 *
 * Chances quoted are the seat's estimates from the cards it has not seen (`unseenCounts`) and
 * each voter's revealed votes (`chanceOfBelieve`), as the Normal heuristic computes them.
 */
import type { HintReason } from '../bot.js';
import {
  believedCorrect,
  chanceOfAny,
  chanceOfBelieve,
  correctFor,
  correctUnseen,
  faceUpLimit,
  secondCard,
  total,
  unseenCounts,
} from './bot-normal.js';
import type { SuspicionKnowledge } from './knowledge.js';
import { cardFace, type CardFace, type Colour, type SuspicionAction } from './rules.js';

/** A chance as a whole percentage. */
const pct = (x: number) => Math.round(100 * Math.max(0, Math.min(1, x)));

/** The key of a card for the texts: a colour (`red`), a colour with its counter mark (`red+`), or a special (`burn`, `wild`…). */
export function cardKey(face: CardFace): string {
  return face.kind === 'evidence' ? (face.counter ? `${face.colour}+` : face.colour) : face.kind;
}

/** Chance that some rival who may still react holds a ⇄ card of `colour` (§1.7), from the unseen cards. */
function counterRisk(k: SuspicionKnowledge, colour: Colour, unseen: Map<string, number>, except: number[] = []): number {
  const v = k.view;
  const hands = v.players.reduce((sum, p, s) => sum + (s === k.seat || p.blocked || except.includes(s) ? 0 : p.handSize), 0);
  return chanceOfAny(Math.max(0, unseen.get(`${colour}x`) ?? 0), total(unseen), hands);
}

/** Why `action` for the seat of `k` (every decision kind of Suspicion). */
export function suspicionExplain(k: SuspicionKnowledge, action: SuspicionAction): HintReason {
  const v = k.view;
  const me = v.players[k.seat]!;
  const n = k.seatCount;
  const unseen = unseenCounts(k);
  const criminal = v.variant === 'criminal';
  const limit = faceUpLimit(v.variant);
  const up = (seat: number) => v.players[seat]!.slots.filter((x) => x !== null).length;
  const face = 'card' in action ? cardFace(action.card)! : null;
  switch (action.type) {
    case 'place':
    case 'wild': {
      const target = v.players[action.suspect]!;
      const colour = action.type === 'place' ? (face as Extract<CardFace, { kind: 'evidence' }>).colour : target.suspect[action.slot]!;
      if (criminal) {
        if (up(action.suspect) === 0) return { key: 'criminalFirst', args: [colour] };
        const filled = action.type === 'place' ? target.suspect.indexOf(colour) : action.slot;
        const race = secondCard(k, action.suspect, filled, action.card, unseen);
        if (race.ahead.length === 0) return { key: 'criminalSecondFirst', args: [race.open] };
        const stuck = k.quiet >= n ? 1 : 0;
        return { key: 'criminalSecond', args: [race.open, race.ahead.length, race.holdsFit ? 1 : 0, pct(race.win), stuck] };
      }
      const after = up(k.seat) + 1;
      const risk = pct(counterRisk(k, colour, unseen));
      if (v.variant === 'no-bluff' && after >= limit) return { key: 'placeWin', args: [colour, risk] };
      if (after >= limit) {
        // The slot left for the declaration, and whether the seat keeps a card that fits it.
        const open = me.suspect.find((c, i) => me.slots[i] === null && c !== colour)!;
        const keeps = v.hand.some((h) => h.card !== action.card && correctFor(h.face, open));
        return { key: 'placeReady', args: [colour, risk, open, keeps ? 1 : 0] };
      }
      return { key: action.type === 'wild' ? 'placeWild' : 'place', args: [colour, after, limit, risk] };
    }
    case 'recolour':
      return { key: 'recolour', args: [me.suspect[action.to]!] };
    case 'discard': {
      const open = me.suspect.filter((_, i) => me.slots[i] === null);
      const f = face!;
      if (f.kind === 'evidence' && open.includes(f.colour) && !criminal) {
        const twins = v.hand.filter((h) => h.face.kind === 'evidence' && h.face.colour === f.colour).length;
        return { key: twins > 1 ? 'discardSpare' : 'discardUseful', args: [cardKey(f)] };
      }
      return { key: 'discard', args: [cardKey(f), k.quiet >= n && criminal ? 1 : 0] };
    }
    case 'burn':
    case 'tamper': {
      const count = up(action.target);
      if (count === 0 || (action.type === 'tamper' && action.slot === undefined)) return { key: 'attackWasted', args: [action.type] };
      if (action.target === k.seat) return { key: 'attackOwn', args: [action.type, count] };
      return criminal ? { key: 'attackCriminal', args: [action.type, count] } : { key: 'attack', args: [action.type, count, limit] };
    }
    case 'block': {
      const t = v.players[action.target]!;
      return t.skipNext ? { key: 'blockWasted', args: [] } : { key: 'block', args: [up(action.target), limit] };
    }
    case 'declare': {
      const p = v.players[action.suspect]!;
      const colour = p.suspect[p.slots.indexOf(null)]!;
      const believe = chanceOfBelieve(k, k.seat);
      const fits = correctFor(face!, colour);
      return { key: fits ? 'declareFit' : 'declareBluff', args: [colour, pct(fits ? 1 - believe : believe)] };
    }
    case 'counter': {
      const ph = v.phase;
      if (ph.kind !== 'counter') return { key: 'counter', args: ['red', 0] };
      return { key: criminal ? 'counterCriminal' : 'counter', args: [ph.colour, up(ph.suspect)] };
    }
    case 'pass': {
      const ph = v.phase;
      if (ph.kind !== 'counter') return { key: 'idle', args: [] };
      const holds = v.hand.some((h) => h.face.kind === 'evidence' && h.face.counter && h.face.colour === ph.colour);
      if (!holds || me.blocked) return { key: 'passNoCounter', args: [ph.colour] };
      if (criminal && up(ph.suspect) >= 2) return { key: 'passFirstShot', args: [ph.colour] };
      return { key: 'passKeep', args: [ph.colour, up(ph.suspect), limit] };
    }
    case 'counterBack':
      return { key: 'counterBack', args: [v.phase.kind === 'counterBack' ? v.phase.colour : 'red'] };
    case 'accept': {
      const colour = v.phase.kind === 'counterBack' ? v.phase.colour : 'red';
      const holds = v.hand.some((h) => h.face.kind === 'evidence' && h.face.counter && h.face.colour === colour);
      return { key: holds ? 'acceptKeep' : 'acceptNoCard', args: [colour] };
    }
    case 'cancel':
      return { key: 'cancel', args: [v.phase.kind === 'cancel' ? v.phase.attack : 'burn'] };
    case 'allow': {
      const attack = v.phase.kind === 'cancel' ? v.phase.attack : 'burn';
      const holds = v.hand.some((h) => h.face.kind === attack);
      return { key: holds ? 'allowKeep' : 'allowNoCard', args: [attack] };
    }
    case 'vote': {
      const ph = v.phase;
      const declarer = ph.kind === 'vote' ? ph.declarer : 0;
      const colour = ph.kind === 'vote' ? ph.colour : 'red';
      const fit = pct(chanceOfAny(correctUnseen(unseen, colour), total(unseen), 3));
      const record = k.declared[declarer]!;
      const p = pct(believedCorrect(k, declarer));
      return { key: action.verdict === 'believe' ? 'voteBelieve' : 'voteBluff', args: [colour, p, fit, record.total, record.correct] };
    }
    case 'abstain':
      return { key: 'abstain', args: [] };
    case 'draw':
      return { key: 'draw', args: [3 - up(k.seat)] };
  }
}
