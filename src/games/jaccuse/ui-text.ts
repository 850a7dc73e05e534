/**
 * J'Accuse! — small text helpers shared by the board, the panel and the log
 * (card labels with emoji + words, character sheets, flourish lines).
 */
import type { Catalog } from '../../i18n/index.js';
import {
  EVIDENCE_TYPES,
  EXONERATIONS,
  INVESTIGATION_CARDS,
  evidenceType,
  type CharacterId,
  type EvidenceId,
  type InvestigationId,
} from './rules.js';

/** "🗡️ Rope": evidence card with its type emoji. */
export function evidenceLabel(card: EvidenceId, t: Catalog): string {
  return `${t.jaccuse.typeEmoji[evidenceType(card)]} ${t.jaccuse.evidence[card]}`;
}

/** "💔🗡️ Motive + Weapon": the icons of an Investigation card. */
export function investigationLabel(card: InvestigationId, t: Catalog): string {
  const types = INVESTIGATION_CARDS[card];
  const emoji = types.map((ty) => t.jaccuse.typeEmoji[ty]).join('');
  const words = types.map((ty) => t.jaccuse.types[ty].split(' ').slice(1).join(' '));
  return `${emoji} ${t.jaccuse.investigationIcons(words)}`;
}

/** "Money, In the Woods, Knife": what a character is exonerated against. */
export function exonerationList(character: CharacterId, t: Catalog): string {
  return EVIDENCE_TYPES.map((ty) => t.jaccuse.evidence[EXONERATIONS[character][ty]]).join(', ');
}

/** The character's full name, or a placeholder before it is chosen. */
export function characterName(character: CharacterId | null | undefined, t: Catalog): string {
  return character ? t.jaccuse.characters[character] : t.jaccuse.noCharacter;
}

/** The Inspector's flourish for a card moving away from a character ("And you, Butler… explain the ROPE!"). */
export function moveFlourish(character: CharacterId | null | undefined, card: EvidenceId, t: Catalog): string {
  const who = character ? t.jaccuse.characterShort[character] : '…';
  return t.jaccuse.explain[evidenceType(card)](who, t.jaccuse.evidence[card]);
}

/** The Inspector's flourish for a card hardening. */
export function hardenFlourish(character: CharacterId | null | undefined, card: EvidenceId, t: Catalog): string {
  const who = character ? t.jaccuse.characterShort[character] : '…';
  return t.jaccuse.accuse[evidenceType(card)](who, t.jaccuse.evidence[card]);
}

/** Evidence list with labels, or a dash when empty. */
export function evidenceList(cards: readonly EvidenceId[], t: Catalog): string {
  return cards.length ? cards.map((c) => evidenceLabel(c, t)).join(', ') : t.jaccuse.nothing;
}
