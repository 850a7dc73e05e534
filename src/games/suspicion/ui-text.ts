/**
 * Suspicion — text helpers for the renderers: card and colour names (emoji + word), action
 * labels, log lines, error answers, rules help and the options summary. Every string comes
 * from the catalog (`suspicionText(t)`).
 */
import type { GameEvent, Viewer } from '../engine.js';
import type { Catalog } from '../../i18n/index.js';
import type { RenderContext } from '../ui.js';
import {
  BLOCK_COUNT,
  BURN_COUNT,
  COLOURS,
  COUNTERS_PER_COLOUR,
  EVIDENCE_PER_COLOUR,
  FACE_UP_LIMIT_BLUFF,
  HAND_SIZE,
  ROUND_CAP,
  SLOT_NAMES,
  TAMPER_COUNT,
  WILD_COUNT,
  buildDeck,
  cardFace,
  type CardFace,
  type Colour,
  type SuspicionAction,
  type SuspicionError,
  type SuspicionOptions,
} from './rules.js';
import { suspicionText, type SuspicionText } from './text/index.js';

type S = SuspicionText;

/** "🟥 red". */
export function colourText(t: Catalog, c: string): string {
  return suspicionText(t).colours[c as Colour] ?? c;
}

/** "LEFT". */
export function slotText(t: Catalog, slot: number): string {
  return suspicionText(t).slots[SLOT_NAMES[slot] ?? 'left'];
}

/** A card face: "🟥 red ⇄", "🔥 Burn". */
export function faceText(t: Catalog, f: CardFace): string {
  return f.kind === 'evidence' ? suspicionText(t).evidenceCard(colourText(t, f.colour), f.counter) : suspicionText(t).specials[f.kind];
}

/** The face of a card id (own hand) as text. */
export function cardText(t: Catalog, card: string): string {
  const f = cardFace(card);
  return f ? faceText(t, f) : card;
}

/**
 * The label of one action for `me`, e.g. "Place 🟥 red evidence", "Burn Ben's evidence".
 * `suspects` are the colours of every suspect (to name a slot's colour).
 */
export function actionLabel(a: SuspicionAction, me: number, suspects: Colour[][], ctx: RenderContext): string {
  const t = ctx.t;
  const s = suspicionText(t);
  const who = (seat: number) => ctx.name(seat);
  const slotColour = (seat: number, slot: number) => colourText(t, suspects[seat]?.[slot] ?? '');
  switch (a.type) {
    case 'place':
      return a.suspect === me ? s.actPlace(cardText(t, a.card)) : s.actPlaceOn(cardText(t, a.card), who(a.suspect));
    case 'wild':
      return a.suspect === me ? s.actWild(slotColour(me, a.slot), slotText(t, a.slot)) : s.actWildOn(slotColour(a.suspect, a.slot), who(a.suspect));
    case 'discard':
      return s.actDiscard(cardText(t, a.card));
    case 'burn':
      return a.target === me ? s.actBurnOwn : s.actBurn(who(a.target));
    case 'tamper':
      if (a.slot === undefined) return s.actTamperWasted(a.target === me ? s.you : who(a.target));
      return a.target === me
        ? s.actTamperOwn(slotColour(me, a.slot), slotText(t, a.slot))
        : s.actTamper(who(a.target), slotColour(a.target, a.slot), slotText(t, a.slot));
    case 'block':
      return s.actBlock(who(a.target));
    case 'recolour':
      return a.suspect === me ? s.actRecolour(slotColour(me, a.to), slotText(t, a.to)) : s.actRecolourOn(slotColour(a.suspect, a.to), who(a.suspect));
    case 'declare':
      return a.suspect === me ? s.actDeclare(cardText(t, a.card)) : s.actDeclareOn(cardText(t, a.card), who(a.suspect));
    case 'counter':
      return s.btnCounter;
    case 'pass':
      return s.btnNoCounter;
    case 'counterBack':
      return s.btnCounterBack;
    case 'accept':
      return s.btnAccept;
    case 'cancel':
      return s.btnCancel('');
    case 'allow':
      return s.btnAllow;
    case 'vote':
      return a.verdict === 'believe' ? s.verdictBelieve : s.btnBluff;
    case 'abstain':
      return s.btnAbstain;
    case 'draw':
      return s.btnDraw;
  }
}

function verdictText(s: S, v: string): string {
  return v === 'bluff' ? s.verdictBluff : s.verdictBelieve;
}

/** One log line for `e` as seen by `viewer`, or null (rendered from the event only). */
export function describeEvent(e: GameEvent, ctx: RenderContext, _viewer: Viewer): string | null {
  const t = ctx.t;
  const s = suspicionText(t);
  const ev = s.ev;
  const n = (x: unknown) => ctx.name(Number(x));
  const col = (x: unknown) => colourText(t, String(x));
  const sl = (x: unknown) => slotText(t, Number(x));
  const fc = (x: unknown) => faceText(t, x as CardFace);
  switch (e.type) {
    case 'placed': {
      const f = e.face as CardFace;
      const card = f.kind === 'wild' ? s.wildAs(col(e.colour)) : fc(f);
      return e.suspect === e.seat ? ev.placed(n(e.seat), card, sl(e.slot)) : ev.placedOn(n(e.seat), card, n(e.suspect), sl(e.slot));
    }
    case 'uncountered':
      return ev.uncountered(n(e.placer), col(e.colour));
    case 'countered':
      return ev.countered(n(e.seat), n(e.placer), col(e.colour));
    case 'counteredBack':
      return ev.counteredBack(n(e.seat), col(e.colour));
    case 'counterStood':
      return ev.counterStood(n(e.placer), col(e.colour));
    case 'recoloured':
      return ev.recoloured(n(e.seat), col(e.colour), sl(e.toSlot));
    case 'discarded':
      return ev.discarded(n(e.seat), fc(e.face));
    case 'attacked':
      if (e.attack === 'burn') return ev.attackBurn(n(e.seat), n(e.target));
      if (e.attack === 'block') return ev.attackBlock(n(e.seat), n(e.target));
      return e.slot === null ? ev.attackTamperWasted(n(e.seat), n(e.target)) : ev.attackTamper(n(e.seat), n(e.target), `${col(e.colour)} (${sl(e.slot)})`);
    case 'burned':
      return ev.burned(n(e.target), (e.lost as unknown[]).length);
    case 'tampered': {
      const lost = e.lost as { slot: number; colour: string }[];
      const first = lost[0];
      return first ? ev.tampered(n(e.target), `${col(first.colour)} (${sl(first.slot)})`) : ev.tamperedNothing;
    }
    case 'blocked':
      return ev.blocked(n(e.target));
    case 'cancelled':
      return ev.cancelled(n(e.seat), n(e.attacker), s.specials[e.attack as 'burn']);
    case 'declared':
      return ev.declared(n(e.seat), e.suspect === e.seat ? null : n(e.suspect), sl(e.slot), col(e.colour));
    case 'declaredCard':
      return ev.declaredCard(fc(e.face), col(e.colour));
    case 'voteRecorded':
      return ev.voteRecorded(e.choice === 'abstain' ? s.btnAbstain : verdictText(s, String(e.choice)));
    case 'revealed': {
      const votes = e.votes as (string | null)[];
      const believe = votes.filter((v) => v === 'believe').length;
      const bluff = votes.filter((v) => v === 'bluff').length;
      const tally = believe + bluff === 0 ? ev.noVotes : ev.tally(believe, bluff);
      const tie = e.tieBreak === 'left' ? ev.tieLeft : e.tieBreak === 'coin' ? ev.tieCoin : '';
      const line = ev.revealed(n(e.declarer), fc(e.face), col(e.colour), verdictText(s, String(e.verdict)), tally, tie);
      return e.won ? line : `${line} ${ev.declarationFailed(n(e.declarer))}`;
    }
    case 'turnLost':
      if (e.skipped && e.blocked) return ev.turnLostBoth(n(e.seat));
      return e.blocked ? ev.turnLostBlock(n(e.seat)) : ev.turnLostSkip(n(e.seat));
    case 'reshuffled':
      return ev.reshuffled(Number(e.count));
    case 'drew':
      return ev.drew((e.cards as string[]).map((c) => cardText(t, c)).join(s.listSep));
    case 'idle':
      return ev.idle(n(e.seat));
    case 'arrestDraw':
      return e.slot === null ? ev.arrestDiscarded(n(e.seat), fc(e.face)) : ev.arrestPlaced(n(e.seat), fc(e.face), sl(e.slot));
    case 'won':
      if (e.reason === 'three-face-up') return ev.wonThree(n(e.seat));
      if (e.reason === 'arrest') return ev.wonArrest(n(e.seat));
      return ev.wonDeclaration(n(e.seat));
    case 'capReached':
      return ev.cap(Number(e.rounds));
    default:
      return null;
  }
}

/**
 * A private, plain-language answer for a refused action (the catalog's `errors` is keyed
 * by `SuspicionError`'s codes, so every refusal has a text).
 */
export function describeError(error: SuspicionError, t: Catalog): string {
  const errors = suspicionText(t).errors;
  switch (error.code) {
    case 'colour-not-on-suspect':
      return errors[error.code](colourText(t, error.params?.colour ?? ''));
    case 'face-up-limit':
      return errors[error.code](Number(error.params?.limit ?? FACE_UP_LIMIT_BLUFF));
    case 'no-counter-card':
      return errors[error.code](colourText(t, error.params?.colour ?? ''));
    case 'no-cancel-card':
      return errors[error.code](suspicionText(t).specials[error.params?.attack] ?? String(error.params?.attack));
    default:
      // A code from outside the union (never produced by the engine) gets the generic text.
      return errors[error.code] ?? errors.unknown;
  }
}

/** The private note for a click drawn for an earlier step (a lost counter race etc.). */
export function staleNote(action: SuspicionAction, t: Catalog): string | null {
  if (action.type === 'counter' || action.type === 'counterBack') return suspicionText(t).staleCounter;
  if (action.type === 'vote' || action.type === 'abstain') return suspicionText(t).staleVote;
  return null;
}

/** `/suspicion rules`: classic rules and the chosen variant, with the table's values. */
export function rulesHelp(o: SuspicionOptions, t: Catalog): string {
  const s = suspicionText(t);
  const classic = s.rulesClassic({
    hand: HAND_SIZE,
    cap: ROUND_CAP,
    reaction: o.reactionSeconds,
    vote: o.voteSeconds,
    tie: s.tieRules[o.tieRule],
    turn: o.turnSeconds,
    deck: s.deckLine(COLOURS.length, EVIDENCE_PER_COLOUR, COUNTERS_PER_COLOUR, BURN_COUNT, TAMPER_COUNT, BLOCK_COUNT, WILD_COUNT, buildDeck('classic').length),
  });
  switch (o.variant) {
    case 'classic':
      return classic;
    case 'no-bluff':
      return `${s.rulesNoBluff}\n\n${classic}`;
    case 'criminal':
      return `${s.rulesCriminal}\n\n${classic}`;
    case 'arrest-race':
      return s.rulesArrest(ROUND_CAP, buildDeck('arrest-race').length, EVIDENCE_PER_COLOUR);
  }
}

/** One line for the lobby; options the variant does not use are said to be ignored. */
export function optionsSummary(o: SuspicionOptions, t: Catalog, live = true): string {
  const s = suspicionText(t);
  const name = s.variants[o.variant];
  const timer = (seconds: number) => (live ? seconds : null);
  if (o.variant === 'arrest-race') return s.optionsSummaryArrest(name, timer(o.turnSeconds));
  if (o.variant === 'no-bluff') return s.optionsSummaryNoBluff(name, timer(o.turnSeconds), timer(o.reactionSeconds));
  return s.optionsSummary(name, timer(o.turnSeconds), timer(o.reactionSeconds), timer(o.voteSeconds), s.tieRules[o.tieRule]);
}
