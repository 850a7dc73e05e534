/**
 * J'Accuse! — the text of the renderers: card labels with emoji + words, character sheets,
 * flourish lines, log lines, error answers, rules help and the options summary.
 */
import type { Catalog } from '../../i18n/index.js';
import type { GameEvent, Viewer } from '../engine.js';
import type { RenderContext } from '../ui.js';
import {
  EVIDENCE_TYPES,
  EXONERATIONS,
  INVESTIGATION_CARDS,
  ROUND_CAP,
  evidenceType,
  type CharacterId,
  type EvidenceId,
  type InvestigationId,
  type JaccuseAction,
  type JaccuseError,
  type JaccuseOptions,
  type SuspicionCard,
} from './rules.js';
import { jaccuseText } from './text/index.js';

/** "🗡️ Rope": evidence card with its type emoji. */
export function evidenceLabel(card: EvidenceId, t: Catalog): string {
  return `${jaccuseText(t).typeEmoji[evidenceType(card)]} ${jaccuseText(t).evidence[card]}`;
}

/** "💔🗡️ Motive + Weapon": the icons of an Investigation card. */
export function investigationLabel(card: InvestigationId, t: Catalog): string {
  const types = INVESTIGATION_CARDS[card];
  const emoji = types.map((ty) => jaccuseText(t).typeEmoji[ty]).join('');
  const words = types.map((ty) => jaccuseText(t).types[ty].split(' ').slice(1).join(' '));
  return `${emoji} ${jaccuseText(t).investigationIcons(words)}`;
}

/** "Money, In the Woods, Knife": what a character is exonerated against. */
export function exonerationList(character: CharacterId, t: Catalog): string {
  return EVIDENCE_TYPES.map((ty) => jaccuseText(t).evidence[EXONERATIONS[character][ty]]).join(', ');
}

/** The character's full name, or a placeholder before it is chosen. */
export function characterName(character: CharacterId | null | undefined, t: Catalog): string {
  return character ? jaccuseText(t).characters[character] : jaccuseText(t).noCharacter;
}

/** The Inspector's flourish for a card moving away from a character ("And you, Butler… explain the ROPE!"). */
export function moveFlourish(character: CharacterId | null | undefined, card: EvidenceId, t: Catalog): string {
  const who = character ? jaccuseText(t).characterShort[character] : '…';
  return jaccuseText(t).explain[evidenceType(card)](who, jaccuseText(t).evidence[card]);
}

/** The Inspector's flourish for a card hardening. */
export function hardenFlourish(character: CharacterId | null | undefined, card: EvidenceId, t: Catalog): string {
  const who = character ? jaccuseText(t).characterShort[character] : '…';
  return jaccuseText(t).accuse[evidenceType(card)](who, jaccuseText(t).evidence[card]);
}

/** Evidence list with labels, or a dash when empty. */
export function evidenceList(cards: readonly EvidenceId[], t: Catalog): string {
  return cards.length ? cards.map((c) => evidenceLabel(c, t)).join(', ') : jaccuseText(t).nothing;
}

// ───────────────────────────── Log ─────────────────────────────

/** One log line for `event` as seen by `viewer` (private events are phrased for their recipient). */
export function describeEvent(e: GameEvent, ctx: RenderContext, _viewer: Viewer): string | null {
  const t = jaccuseText(ctx.t);
  const name = (seat: unknown) => ctx.name(Number(seat));
  const evidence = (card: unknown) => evidenceLabel(card as EvidenceId, ctx.t);
  const character = e.character as CharacterId | null | undefined;
  switch (e.type) {
    case 'roundStart':
      return t.logRoundStart(Number(e.round), name(e.inspector));
    case 'characterChosen':
      return (e.auto ? t.logCharacterAuto : t.logCharacterChosen)(name(e.seat), characterName(e.character as CharacterId, ctx.t));
    case 'investigationSet':
      return t.logInvestigationSet(name(e.seat));
    case 'investigationChosen':
      return t.logInvestigationChosenPrivate(investigationLabel(e.card as InvestigationId, ctx.t));
    case 'cast':
      return t.logCast(name(e.seat), Number(e.cast), Number(e.of));
    case 'voteChosen':
      return (e.changed ? t.logVoteChangedPrivate : t.logVotePrivate)(t.suspicion[e.card as SuspicionCard]);
    case 'reveal': {
      const votes = (e.votes as SuspicionCard[]).map((vote, seat) => `${ctx.name(seat)} ${t.suspicion[vote]}`).join(', ');
      const outcome = t.suspicion[e.outcome as SuspicionCard] + (e.tie ? t.logTie : '');
      return t.logReveal(votes, outcome, investigationLabel(e.investigation as InvestigationId, ctx.t));
    }
    case 'moved':
      return t.logMoved(moveFlourish(character, e.card as EvidenceId, ctx.t), evidence(e.card), name(e.from), name(e.recipient));
    case 'hardened':
      return t.logHardened(hardenFlourish(character, e.card as EvidenceId, ctx.t), evidence(e.card), name(e.seat));
    case 'exonerated':
      return t.logExonerated(name(e.seat), characterName(character, ctx.t), evidence(e.card));
    case 'dealt':
      return t.logDealt(evidence(e.card), name(e.recipient));
    case 'pileEmpty':
      return t.logPileEmpty(t.types[e.evidenceType as keyof typeof t.types]);
    case 'nothingAffected':
      return t.logNothingAffected;
    case 'acrossPending':
      return t.logAcrossPending(name(e.chooser), evidence(e.card), name(e.holder));
    case 'suspicionReturned':
      return t.logSuspicionReturned;
    case 'investigationReshuffled':
      return t.logReshuffled;
    case 'arrested':
      return t.logArrested(name(e.seat), evidenceList(e.evidence as EvidenceId[], ctx.t));
    case 'gameOver':
      return e.reason === 'arrest' ? t.logGameOverArrest : e.reason === 'cap' ? t.logGameOverCap : t.logGameOverExhausted;
    default:
      return null;
  }
}

// ───────────────────────────── Errors, help ─────────────────────────────

/** A private, plain-language answer for a refused action (one catalog text per `JaccuseError` code). */
export function describeError(error: JaccuseError, t: Catalog): string {
  // A code from outside the union (never produced by the engine) gets the generic text.
  return jaccuseText(t).errors[error.code] ?? jaccuseText(t).errors.unknown;
}

/** The private note for a vote click drawn for an earlier step (the votes were already revealed). */
export function staleNote(action: JaccuseAction, t: Catalog): string | null {
  return action.type === 'vote' ? jaccuseText(t).staleVote : null;
}

/** `/jaccuse rules`: the rules in short with this table's values. */
export function rulesHelp(o: JaccuseOptions, t: Catalog): string {
  const j = jaccuseText(t);
  return j.rulesHelp({
    chooser: o.acrossChooser === 'holder' ? j.summaryHolder : j.summaryInspector,
    characters: o.characters === 'random' ? j.summaryRandom : j.summaryChoice,
    turn: o.turnSeconds,
    vote: o.voteSeconds,
    cap: ROUND_CAP,
  });
}

/** One line for the lobby describing the chosen options. */
export function optionsSummary(o: JaccuseOptions, t: Catalog, live = true): string {
  const j = jaccuseText(t);
  return j.optionsSummary(
    o.acrossChooser === 'holder' ? j.summaryHolder : j.summaryInspector,
    o.characters === 'random' ? j.summaryRandom : j.summaryChoice,
    live ? o.turnSeconds : null,
    live ? o.voteSeconds : null,
  );
}
