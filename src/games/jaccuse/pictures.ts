/**
 * J'Accuse! pictures (README "Pictures"; docs/rules/jaccuse.md §4.8): the public board — one
 * place per seat with its character, the Suspected Evidence in front of it as cards, its Hard
 * Evidence slots toward arrest (§4.7), its Suspicion cards used this cycle (§4.5) and its
 * Investigation card count — plus the piles, the latest reveal and a key, drawn from the
 * public view; a seat's hand — its character sheet's exonerations, its Suspicion cards (used,
 * free, its secret vote), its Investigation cards (and the one set face down) — drawn from
 * that seat's view. Pure: no state, no clock; every word comes from `jaccuseText(ctx.t).pictures`.
 */
import type { GameEvent } from '../engine.js';
import type { GamePictures, MoveTarget, Picture, PictureContext } from '../picture.js';
import { MIN_LABEL_PX, MIN_TEXT_PX, PICTURE_WIDTH } from '../picture.js';
import { fitLines, rect, svgDocument, text, textWidth, THEME } from '../svg.js';
import { altText, arrow, cross, highlightRingAt, legendStrip, padlock, polygon, turnMarker, wrapText, type LegendItem } from '../picture-kit.js';
import type { RenderContext } from '../ui.js';
import {
  EVIDENCE_TYPES,
  EXONERATIONS,
  INVESTIGATION_CARDS,
  SUSPICION_CARDS,
  evidenceType,
  type EvidenceId,
  type EvidenceOutcome,
  type EvidenceType,
  type InvestigationId,
  type JaccuseAction,
  type SuspicionCard,
} from './rules.js';
import { describeEvent } from './ui-text.js';
import type { JaccusePublicView, JaccuseSeatView } from './views.js';
import { jaccuseText, type JaccuseText } from './text/index.js';

/** Layout, px. */
const W = PICTURE_WIDTH;
const MARGIN = 16;
const CARD_W = 220;
const CARD_H = 96;
const CARD_GAP = 14;
const SLOT = 30;

/** Colours. Every type also has its own shape and letter (colour is never the only signal). */
const PAPER = '#ebe3d1';
const INK = '#1e1f22';
const TYPE_COLOUR: Record<EvidenceType, string> = { motive: '#c2255c', opportunity: '#0c8599', weapon: '#6741d9' };

type Pics = JaccuseCatalogPictures;
type JaccuseCatalogPictures = JaccuseText['pictures'];

function nameOf(ctx: PictureContext, seat: number): string {
  return ctx.seats[seat]?.name ?? `#${seat + 1}`;
}

/** A minimal render context for the shared event sentences (they read only `t` and `name`). */
function renderContext(ctx: PictureContext): RenderContext {
  return { t: ctx.t, name: (seat: number) => nameOf(ctx, seat) } as unknown as RenderContext;
}

/**
 * The type's symbol in a `size`-px square at (x, y): Motive a heart, Opportunity a door,
 * Weapon a dagger, each with the type's letter beside nothing else (the letter is drawn by
 * the callers that have room).
 */
function typeSymbol(type: EvidenceType, x: number, y: number, size: number, fill: string = TYPE_COLOUR[type]): string {
  const s = size;
  if (type === 'motive') {
    const cx = x + s / 2;
    return `<path d="M ${cx} ${y + s * 0.92} C ${x - s * 0.1} ${y + s * 0.45}, ${x + s * 0.15} ${y - s * 0.05}, ${cx} ${y + s * 0.28} C ${x + s * 0.85} ${y - s * 0.05}, ${x + s * 1.1} ${y + s * 0.45}, ${cx} ${y + s * 0.92} Z" fill="${fill}"/>`;
  }
  if (type === 'opportunity') {
    return rect(x + s * 0.18, y + s * 0.05, s * 0.64, s * 0.9, { fill, radius: 2 }) + `<circle cx="${x + s * 0.68}" cy="${y + s * 0.52}" r="${s * 0.07}" fill="#ffffff"/>`;
  }
  return polygon([[x + s * 0.5, y], [x + s * 0.64, y + s * 0.62], [x + s * 0.36, y + s * 0.62]], { fill }) +
    rect(x + s * 0.2, y + s * 0.62, s * 0.6, s * 0.1, { fill }) + rect(x + s * 0.44, y + s * 0.72, s * 0.12, s * 0.28, { fill });
}

/** An evidence card at (x, y): type strip with symbol and word, the card's name in words. */
function evidenceCard(card: EvidenceId, x: number, y: number, p: Pics, t: PictureContext['t'], latest: boolean, out: string[], w: number = CARD_W): void {
  const type = evidenceType(card);
  out.push(rect(x, y, w, CARD_H, { fill: PAPER, radius: 12, stroke: TYPE_COLOUR[type], strokeWidth: 4 }));
  out.push(typeSymbol(type, x + 8, y + 8, 24));
  // The type's word whole: bold when it fits, else plain ("Opportunity" in a narrow card).
  const typeBold = textWidth(p.typeName[type], MIN_LABEL_PX, true) <= w - 40;
  out.push(text(x + 36, y + 28, p.typeName[type], { size: MIN_LABEL_PX, fill: TYPE_COLOUR[type], bold: typeBold, maxWidth: w - 40 }));
  const lines = wrapText(jaccuseText(t).evidence[card], w - 16, MIN_TEXT_PX, 2);
  lines.forEach((l, i) => out.push(text(x + 10, y + (lines.length === 1 ? 62 : 56 + i * 29), l, { size: MIN_TEXT_PX, fill: INK })));
  if (latest) out.push(rect(x - 6, y - 6, w + 12, CARD_H + 12, { fill: 'none', radius: 16, stroke: THEME.highlight, strokeWidth: 4 }));
}

/** Evidence cards the latest events moved, dealt or hardened. */
function latestCards(events: GameEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) if ((e.type === 'moved' || e.type === 'dealt' || e.type === 'hardened') && typeof e.card === 'string') out.add(e.card);
  return out;
}

/** The seat that must act now, or null (the vote: everyone who has not cast). */
function actingSeat(v: JaccusePublicView): number | null {
  switch (v.phase) {
    case 'characters':
      return v.characterChooser;
    case 'investigate':
      return v.inspector;
    case 'across':
      return v.across?.chooser ?? null;
    default:
      return null;
  }
}

function headerText(v: JaccusePublicView, p: Pics): string {
  if (v.phase === 'over') return p.headerOver;
  if (v.phase === 'characters') return p.headerCharacters;
  return p.header(v.round, v.cycleRound);
}

function statusText(v: JaccusePublicView, ctx: PictureContext, p: Pics): string {
  switch (v.phase) {
    case 'characters':
      return p.statusCharacters(nameOf(ctx, v.characterChooser ?? 0));
    case 'investigate':
      return p.statusInvestigate(nameOf(ctx, v.inspector));
    case 'vote':
      return p.statusVote(v.castCount, v.seatCount);
    case 'across':
      return v.across ? p.statusAcross(nameOf(ctx, v.across.chooser), jaccuseText(ctx.t).evidence[v.across.card]) : '';
    case 'over':
      if (v.endReason === 'arrest') return p.statusArrest(v.arrested.map((s) => nameOf(ctx, s)).join(', '));
      return v.endReason === 'cap' ? p.statusCap : p.statusExhausted;
  }
}

/** Header: round and cycle, then who acts. Returns the y below. */
function drawHeader(v: JaccusePublicView, ctx: PictureContext, p: Pics, out: string[]): number {
  out.push(text(MARGIN, 38, headerText(v, p), { size: MIN_TEXT_PX, bold: true, maxWidth: W - 2 * MARGIN }));
  const lines = wrapText(statusText(v, ctx, p), W - 2 * MARGIN, MIN_LABEL_PX + 2, 2, v.phase === 'over');
  lines.forEach((l, i) => out.push(text(MARGIN, 72 + i * 30, l, { size: MIN_LABEL_PX + 2, bold: v.phase === 'over', fill: v.phase === 'over' ? THEME.highlight : THEME.text })));
  return 72 + lines.length * 30;
}

/** Hard Evidence slots (five, §4.7) with each card's type, at (x, y). Returns the width used. */
function hardSlots(hard: EvidenceId[], x: number, y: number, p: Pics, latest: Set<string>, out: string[]): number {
  out.push(padlock(x, y, SLOT, THEME.muted, THEME.panel));
  let cx = x + SLOT + 4;
  for (let i = 0; i < Math.max(5, hard.length); i++) {
    const card = hard[i];
    if (card) {
      const type = evidenceType(card);
      out.push(rect(cx, y, SLOT, SLOT, { fill: '#f1f3f5', radius: 5, stroke: latest.has(card) ? THEME.highlight : TYPE_COLOUR[type], strokeWidth: latest.has(card) ? 4 : 2 }));
      out.push(typeSymbol(type, cx + 4, y + 4, SLOT - 8));
    } else {
      out.push(rect(cx, y, SLOT, SLOT, { fill: 'none', radius: 5, stroke: THEME.panelLight, strokeWidth: 2, dash: '4 4' }));
    }
    cx += SLOT + 4;
  }
  out.push(text(cx + 4, y + SLOT - 6, p.hardCount(hard.length), { size: MIN_LABEL_PX, fill: THEME.text, bold: true }));
  return cx + 4 + textWidth(p.hardCount(hard.length), MIN_LABEL_PX, true) - x;
}

/** The four Suspicion cards of a seat, small, at (x, y): used ones face down and crossed. */
function suspicionMinis(used: SuspicionCard[], x: number, y: number, p: Pics, out: string[]): number {
  let cx = x;
  for (const card of SUSPICION_CARDS) {
    const isUsed = used.includes(card);
    out.push(rect(cx, y - 4, 28, SLOT + 8, { fill: isUsed ? '#1e1f22' : '#f1f3f5', radius: 4, stroke: isUsed ? THEME.panelLight : THEME.muted, strokeWidth: 2 }));
    out.push(text(cx + 14, y + SLOT - 5, p.suspicionLetter[card], { size: MIN_LABEL_PX, bold: true, fill: isUsed ? '#8e9297' : INK, anchor: 'middle' }));
    if (isUsed) out.push(cross(cx + 14, y + SLOT / 2, 18, '#c4c9ce', 3));
    cx += 32;
  }
  return cx - x;
}

/** A small stack of face-down Investigation cards with the count, at (x, y). */
function investigationStack(n: number, x: number, y: number, p: Pics, out: string[]): number {
  out.push(rect(x + 6, y - 6, 24, SLOT + 4, { fill: '#5c5f66', radius: 4, stroke: THEME.muted, strokeWidth: 1 }));
  out.push(rect(x, y - 2, 24, SLOT + 4, { fill: '#7a5c2e', radius: 4, stroke: '#e9c46a', strokeWidth: 2 }));
  out.push(text(x + 36, y + SLOT - 6, p.investigationCount(n), { size: MIN_LABEL_PX, bold: true }));
  return 36 + textWidth(p.investigationCount(n), MIN_LABEL_PX, true);
}

/** One seat's place on the table. Returns the y below it. */
function drawSeat(v: JaccusePublicView, ctx: PictureContext, p: Pics, seat: number, top: number, latest: Set<string>, out: string[]): number {
  const info = v.seats[seat]!;
  const mine = ctx.viewer === seat;
  const acting = !ctx.over && actingSeat(v) === seat;
  const arrested = v.arrested.includes(seat);
  const cards = info.suspected;
  const height = 84 + (cards.length ? CARD_H + 10 : 0);
  out.push(rect(MARGIN, top, W - 2 * MARGIN, height, { fill: THEME.panel, radius: 12, stroke: mine ? THEME.you : acting ? THEME.highlight : arrested ? THEME.danger : undefined, strokeWidth: 4 }));
  // A lesson's note pointing at this player's character sheet: their whole place (docs/lessons.md).
  out.push(highlightRingAt(ctx, `sheet:${seat}`, MARGIN - 4, top - 4, W - 2 * MARGIN + 8, height + 8));
  let x = MARGIN + 14;
  if (acting) {
    out.push(turnMarker(x + 12, top + 25, 26));
    x += 32;
  }
  // Line 1: name (and "you"), Inspector badge, character; a vote / result tag at the right.
  const tag = v.phase === 'vote' ? (info.hasCast ? p.cast : p.waiting) : v.phase === 'over' ? (arrested ? p.arrested : p.free) : '';
  const tagW = tag ? textWidth(tag, MIN_LABEL_PX, true) + 20 : 0;
  const right = W - MARGIN - 14 - (tag ? tagW + 10 : 0);
  const name = nameOf(ctx, seat) + (mine ? ` (${p.you})` : '');
  // A long name shrinks to the smallest label size before it is cut.
  const fitted = fitLines(name, 250, MIN_TEXT_PX, 1, MIN_LABEL_PX, true);
  const nameW = Math.min(textWidth(fitted.lines[0]!, fitted.size, true), 250);
  out.push(text(x, top + 34, fitted.lines[0]!, { size: fitted.size, bold: true }));
  x += nameW + 12;
  if (seat === v.inspector && v.phase !== 'over') {
    const bw = textWidth(p.inspector, MIN_LABEL_PX, true) + 16;
    out.push(rect(x, top + 10, bw, 32, { fill: THEME.highlight, radius: 8 }));
    out.push(text(x + bw / 2, top + 33, p.inspector, { size: MIN_LABEL_PX, bold: true, fill: INK, anchor: 'middle' }));
    x += bw + 12;
  }
  const character = info.character ? jaccuseText(ctx.t).characters[info.character] : p.noCharacter;
  if (right - x > 60) out.push(text(right, top + 34, character, { size: MIN_LABEL_PX, fill: THEME.muted, anchor: 'end', maxWidth: right - x }));
  if (tag) {
    const tx = W - MARGIN - 14 - tagW;
    const fill = v.phase === 'over' ? (arrested ? THEME.danger : THEME.ok) : info.hasCast ? THEME.ok : THEME.panelLight;
    out.push(rect(tx, top + 10, tagW, 32, { fill, radius: 8 }));
    out.push(text(tx + tagW / 2, top + 33, tag, { size: MIN_LABEL_PX, bold: true, fill: '#ffffff', anchor: 'middle' }));
  }
  // Line 2: hard evidence slots, used Suspicion cards, Investigation cards in hand.
  const y2 = top + 46;
  let x2 = MARGIN + 14;
  const hardW = hardSlots(info.hard, x2, y2, p, latest, out);
  out.push(highlightRingAt(ctx, `hard:${seat}`, x2 - 8, y2 - 8, hardW + 16, SLOT + 16));
  x2 += hardW + 22;
  const usedW = suspicionMinis(info.used, x2, y2, p, out);
  out.push(highlightRingAt(ctx, `suspicion:${seat}`, x2 - 8, y2 - 12, usedW + 12, SLOT + 24));
  x2 += usedW + 20;
  investigationStack(info.investigationCount, x2, y2, p, out);
  // Suspected Evidence in front of this seat, as cards.
  // One or two cards get wider (long names fit on two lines); three share the row.
  const cw = Math.min(300, (W - 2 * MARGIN - 28 - (cards.length - 1) * (CARD_GAP - 8)) / Math.max(1, cards.length));
  cards.forEach((card, i) => {
    evidenceCard(card, MARGIN + 14 + i * (cw + CARD_GAP - 8), top + 86, p, ctx.t, latest.has(card), out, cw);
    out.push(highlightRingAt(ctx, `suspected:${evidenceType(card)}`, MARGIN + 14 + i * (cw + CARD_GAP - 8) - 8, top + 78, cw + 16, CARD_H + 16));
  });
  return top + height + 6;
}

/** One outcome of the latest reveal as a short line. */
function outcomeLine(o: EvidenceOutcome, ctx: PictureContext, p: Pics): string {
  const card = jaccuseText(ctx.t).evidence[o.card];
  switch (o.kind) {
    case 'move':
      return o.to === null ? p.outcomeMovePending(card, nameOf(ctx, o.from)) : p.outcomeMove(card, nameOf(ctx, o.from), nameOf(ctx, o.to));
    case 'harden':
      return p.outcomeHarden(card, nameOf(ctx, o.holder));
    case 'exonerate':
      return p.outcomeExonerate(card, nameOf(ctx, o.holder));
    case 'deal':
      return p.outcomeDeal(card, nameOf(ctx, o.to));
  }
}

/** The Investigation card's types in words ("Motive + Weapon"). */
function investigationWords(card: InvestigationId, p: Pics): string {
  return INVESTIGATION_CARDS[card].map((ty) => p.typeName[ty]).join(' + ');
}

/** Piles and the latest reveal. Returns the y below. */
function drawTableCentre(v: JaccusePublicView, ctx: PictureContext, p: Pics, top: number, out: string[]): number {
  let y = top + 4;
  // The piles: one line when it fits, else two.
  const piles = p.piles(v.piles.motive, v.piles.opportunity, v.piles.weapon);
  const inv = p.investigationPiles(v.investigationPile, v.investigationDiscard.length);
  const both = `${piles} · ${inv}`;
  for (const l of textWidth(both, MIN_LABEL_PX) <= W - 2 * MARGIN ? [both] : [piles, inv]) {
    out.push(text(MARGIN, y + 24, l, { size: MIN_LABEL_PX, fill: THEME.muted, maxWidth: W - 2 * MARGIN }));
    y += 32;
  }
  y += 6;
  const r = v.lastReveal;
  if (!r) return y;
  const justRevealed = ctx.latest.some((e) => e.type === 'reveal');
  const lines: { text: string; bold?: boolean }[] = [
    { text: `${p.revealHeading(r.round)}: ${p.revealOutcome(p.suspicionName[r.outcome], r.tie)} · ${p.revealInvestigation(investigationWords(r.investigation, p))}`, bold: true },
  ];
  const outcomes = r.outcomes.length ? r.outcomes.map((o) => outcomeLine(o, ctx, p)) : [p.outcomeNothing];
  const shown = outcomes.slice(0, 3);
  if (outcomes.length > 3) shown[2] = p.more(outcomes.length - 2);
  for (const o of shown) lines.push({ text: `- ${o}` });
  // Long sentences (Spanish) wrap onto a second line.
  const wrapped = lines.flatMap((l) => wrapText(l.text, W - 2 * MARGIN - 28, MIN_LABEL_PX, l.bold ? 2 : 1, l.bold).map((part) => ({ text: part, bold: l.bold })));
  lines.splice(0, lines.length, ...wrapped);
  const h = 18 + lines.length * 30;
  out.push(rect(MARGIN, y, W - 2 * MARGIN, h, { fill: THEME.panel, radius: 12, stroke: justRevealed ? THEME.highlight : undefined, strokeWidth: 4 }));
  lines.forEach((l, i) => out.push(text(MARGIN + 14, y + 36 + i * 30, l.text, { size: MIN_LABEL_PX, bold: l.bold, maxWidth: W - 2 * MARGIN - 28 })));
  return y + h + 12;
}

/** The key: every symbol the pictures use. */
function legendItems(p: Pics, hand: boolean): LegendItem[] {
  const items: LegendItem[] = EVIDENCE_TYPES.map((type) => ({
    draw: (x: number, y: number, b: number) => typeSymbol(type, x, y, b),
    label: `${p.typeLetter[type]} = ${p.legend[type]}`,
  }));
  items.push({ draw: (x, y, b) => padlock(x + 3, y, b, THEME.muted, THEME.panel), label: p.legend.hard });
  items.push({ draw: (x, y, b) => turnMarker(x + b / 2, y + b / 2, b * 0.8), label: p.legend.turn });
  items.push({
    draw: (x, y, b) =>
      rect(x + 4, y - 2, b - 8, b + 4, { fill: '#1e1f22', radius: 4, stroke: THEME.panelLight, strokeWidth: 2 }) +
      text(x + b / 2, y + b - 6, p.suspicionLetter.left, { size: MIN_LABEL_PX, bold: true, fill: '#8e9297', anchor: 'middle' }) +
      cross(x + b / 2, y + b / 2, 16, '#c4c9ce', 3),
    label: p.legend.used,
  });
  items.push({ draw: (x, y, b) => rect(x + 2, y + 2, b - 4, b - 4, { fill: 'none', radius: 6, stroke: THEME.highlight, strokeWidth: 4 }), label: p.legend.latest });
  items.push({
    draw: (x, y, b) => rect(x + 4, y - 2, b - 8, b + 4, { fill: '#f1f3f5', radius: 4, stroke: THEME.muted, strokeWidth: 2 }) + text(x + b / 2, y + b - 6, p.suspicionLetter.left, { size: MIN_LABEL_PX, bold: true, fill: INK, anchor: 'middle' }),
    label: `${(['left', 'right', 'across', 'jaccuse'] as const).map((c) => `${p.suspicionLetter[c]} = ${p.suspicionName[c]}`).join(', ')}`,
  });
  items.push({ draw: (x, y, b) => rect(x + 6, y, b - 12, b, { fill: '#7a5c2e', radius: 4, stroke: '#e9c46a', strokeWidth: 2 }), label: p.legend.investigation });
  if (hand) items.push({ draw: (x, y, b) => rect(x + 2, y + 2, b - 4, b - 4, { fill: 'none', radius: 6, stroke: THEME.you, strokeWidth: 5 }), label: p.legend.vote });
  return items;
}

/** Alt-text sentences: header, status, what changed, each seat. */
function commonAlt(v: JaccusePublicView, ctx: PictureContext, p: Pics): string[] {
  const out = [`${statusText(v, ctx, p)}.`];
  const rc = renderContext(ctx);
  const changed = ctx.latest.map((e) => describeEvent(e, rc, ctx.viewer)).filter((s): s is string => Boolean(s));
  if (changed.length) out.push(p.altLatest(changed.join(' ')));
  const ev = (cards: EvidenceId[]) => (cards.length ? cards.map((c) => jaccuseText(ctx.t).evidence[c]).join(', ') : p.nothing);
  v.seats.forEach((s, seat) => {
    const character = s.character ? jaccuseText(ctx.t).characters[s.character] : p.noCharacter;
    const used = s.used.length ? s.used.map((u) => p.suspicionName[u]).join(', ') : p.nothing;
    out.push(p.altSeat(nameOf(ctx, seat), character, ev(s.suspected), `${s.hard.length}/5 (${ev(s.hard)})`, used));
  });
  return out;
}

function finish(body: string[], height: number, alt: string): Picture {
  const h = Math.ceil(height);
  return { svg: svgDocument(W, h, body), width: W, height: h, alt };
}

/** The public board (rules §4.8 "Public"). */
function board(v: JaccusePublicView, ctx: PictureContext): Picture {
  const p = jaccuseText(ctx.t).pictures;
  const out: string[] = [];
  const latest = latestCards(ctx.latest);
  let y = drawHeader(v, ctx, p, out) + 6;
  for (let seat = 0; seat < v.seatCount; seat++) y = drawSeat(v, ctx, p, seat, y, latest, out);
  y = drawTableCentre(v, ctx, p, y, out);
  const key = legendStrip(MARGIN, y, W - 2 * MARGIN, p.legendHeading, legendItems(p, false));
  out.push(key.svg);
  y += key.height + 6;
  return finish(out, y, altText([p.altBoard(headerText(v, p)), ...commonAlt(v, ctx, p)]));
}

/** Height of a big Suspicion card of the hand, px. */
const SUSPICION_H = 124;

/**
 * A big Suspicion card of the hand at (x, y), `w` × SUSPICION_H px: free, used, or the secret
 * vote. Its tag ("used", "your vote") sits inside the card's top, clear of the heading above.
 */
function suspicionCard(card: SuspicionCard, x: number, y: number, w: number, state: 'free' | 'used' | 'vote', p: Pics, out: string[]): void {
  const used = state === 'used';
  out.push(rect(x, y, w, SUSPICION_H, { fill: used ? '#1e1f22' : PAPER, radius: 12, stroke: state === 'vote' ? THEME.you : used ? THEME.panelLight : THEME.muted, strokeWidth: state === 'vote' ? 6 : 2 }));
  const cx = x + w / 2;
  const colour = used ? '#5c5f66' : INK;
  const tag = used ? p.usedWord : state === 'vote' ? p.voteWord : '';
  if (tag) {
    const fit = fitLines(tag, w - 12, MIN_LABEL_PX, 1, MIN_LABEL_PX);
    const tw = Math.min(w - 8, textWidth(fit.lines[0]!, fit.size) + 16);
    out.push(rect(cx - tw / 2, y + 6, tw, 32, { fill: used ? THEME.panelLight : THEME.you, radius: 8 }));
    out.push(text(cx, y + 31, fit.lines[0]!, { size: fit.size, fill: '#ffffff', anchor: 'middle' }));
  }
  y += 34;
  if (card === 'left') out.push(arrow(cx + 26, y + 26, cx - 26, y + 26, colour, 5, 14));
  else if (card === 'right') out.push(arrow(cx - 26, y + 26, cx + 26, y + 26, colour, 5, 14));
  else if (card === 'across') out.push(arrow(cx, y + 44, cx, y + 10, colour, 5, 14));
  else out.push(rect(cx - 4, y + 8, 8, 24, { fill: colour, radius: 3 }) + rect(cx - 4, y + 36, 8, 8, { fill: colour, radius: 3 }));
  out.push(text(cx, y + 78, p.suspicionName[card], { size: MIN_TEXT_PX, bold: false, fill: used ? '#8e9297' : INK, anchor: 'middle', maxWidth: w - 10 }));
  if (used) out.push(cross(cx, y + 40, 50, '#6d6f78', 4));
}

/** An Investigation card at (x, y): its type symbols and letters, its types in words. */
function investigationCard(card: InvestigationId, x: number, y: number, w: number, faceDown: boolean, p: Pics, out: string[]): void {
  out.push(rect(x, y, w, 110, { fill: PAPER, radius: 12, stroke: faceDown ? THEME.highlight : '#7a5c2e', strokeWidth: faceDown ? 5 : 3, dash: faceDown ? '10 6' : undefined }));
  const types = INVESTIGATION_CARDS[card];
  let cx = x + 12;
  for (const type of types) {
    out.push(typeSymbol(type, cx, y + 10, 30));
    out.push(text(cx + 34, y + 34, p.typeLetter[type], { size: MIN_LABEL_PX, bold: true, fill: TYPE_COLOUR[type] }));
    cx += 34 + textWidth(p.typeLetter[type], MIN_LABEL_PX, true) + 10;
  }
  const lines = wrapText(types.map((ty) => p.typeName[ty]).join(' + '), w - 20, MIN_LABEL_PX, 2);
  lines.forEach((l, i) => out.push(text(x + 10, y + 70 + i * 28, l, { size: MIN_LABEL_PX, fill: INK })));
  if (faceDown) {
    const tw = Math.min(w - 16, textWidth(p.faceDown, MIN_LABEL_PX, true) + 14);
    out.push(rect(x + w - tw - 6, y - 16, tw, 30, { fill: THEME.highlight, radius: 8 }));
    out.push(text(x + w - tw / 2 - 6, y + 6, p.faceDown, { size: MIN_LABEL_PX, bold: true, fill: INK, anchor: 'middle', maxWidth: tw - 6 }));
  }
}

/** A section heading at y. */
function heading(label: string, y: number, out: string[]): number {
  out.push(text(MARGIN, y + 28, label, { size: MIN_LABEL_PX + 2, bold: true, fill: THEME.muted, maxWidth: W - 2 * MARGIN }));
  return y + 40;
}

/** One seat's hand (rules §4.8 "Private"): sheet, Suspicion cards, Investigation cards. */
function hand(v: JaccuseSeatView, ctx: PictureContext): Picture {
  const p = jaccuseText(ctx.t).pictures;
  const out: string[] = [];
  const latest = latestCards(ctx.latest);
  const me = v.seats[v.me]!;
  let y = drawHeader(v, ctx, p, out) + 6;
  // The seat's own place, as on the board.
  y = drawSeat(v, ctx, p, v.me, y, latest, out);
  // Character sheet: what it clears.
  if (me.character) {
    y = heading(p.clearedOf, y, out);
    EVIDENCE_TYPES.forEach((type, i) => evidenceCard(EXONERATIONS[me.character!][type], MARGIN + i * (CARD_W + (W - 2 * MARGIN - 3 * CARD_W) / 2), y, p, ctx.t, false, out));
    y += CARD_H + 14;
  }
  // Suspicion cards.
  y = heading(p.yourSuspicion, y, out);
  const sw = (W - 2 * MARGIN - 3 * 12) / 4;
  SUSPICION_CARDS.forEach((card, i) => {
    const state = v.myVote === card ? 'vote' : me.used.includes(card) ? 'used' : 'free';
    suspicionCard(card, MARGIN + i * (sw + 12), y, sw, state, p, out);
    // One Suspicion card: what a vote is cast with (the Activity's target, docs/activity.md).
    out.push(highlightRingAt(ctx, `vote:${card}`, MARGIN + i * (sw + 12) - 4, y - 4, sw + 8, SUSPICION_H + 8));
  });
  out.push(highlightRingAt(ctx, `suspicion:${v.me}`, MARGIN - 6, y - 6, W - 2 * MARGIN + 12, SUSPICION_H + 12));
  y += SUSPICION_H + 20;
  // Investigation cards (and the one set face down this round).
  y = heading(p.yourInvestigation, y + 4, out);
  const inv: { card: InvestigationId; faceDown: boolean }[] = [
    ...(v.chosen ? [{ card: v.chosen, faceDown: true }] : []),
    ...v.hand.map((card) => ({ card, faceDown: false })),
  ];
  if (inv.length === 0) {
    out.push(text(MARGIN, y + 24, p.investigationEmpty, { size: MIN_LABEL_PX, fill: THEME.muted, maxWidth: W - 2 * MARGIN }));
    y += 40;
  } else {
    const iw = Math.min(CARD_W, (W - 2 * MARGIN - (inv.length - 1) * 12) / inv.length);
    y += 12;
    inv.forEach((c, i) => {
      investigationCard(c.card, MARGIN + i * (iw + 12), y, iw, c.faceDown, p, out);
      if (!c.faceDown) out.push(highlightRingAt(ctx, `hand:${c.card}`, MARGIN + i * (iw + 12) - 6, y - 6, iw + 12, 110 + 12));
    });
    y += 124;
  }
  const key = legendStrip(MARGIN, y, W - 2 * MARGIN, p.legendHeading, legendItems(p, true));
  out.push(key.svg);
  y += key.height + 6;
  const alt = [p.altHand(headerText(v, p)), `${statusText(v, ctx, p)}.`];
  if (me.character) alt.push(p.altCleared(EVIDENCE_TYPES.map((ty) => jaccuseText(ctx.t).evidence[EXONERATIONS[me.character!][ty]]).join(', ')));
  const free = SUSPICION_CARDS.filter((c) => !me.used.includes(c)).map((c) => p.suspicionName[c]).join(', ');
  alt.push(p.altSuspicion(free || p.nothing));
  if (v.myVote) alt.push(p.altVote(p.suspicionName[v.myVote]));
  alt.push(p.altInvestigation(inv.length ? inv.map((c) => investigationWords(c.card, p) + (c.faceDown ? ` (${p.faceDown})` : '')).join('; ') : p.nothing));
  const rc = renderContext(ctx);
  const changed = ctx.latest.map((e) => describeEvent(e, rc, ctx.viewer)).filter((s): s is string => Boolean(s));
  if (changed.length) alt.push(p.altLatest(changed.join(' ')));
  return finish(out, y, altText(alt));
}

/**
 * Where each move is made on the table (docs/activity.md "Hit targets"): an Investigation card
 * in the hand (§4.3 step 1), a Suspicion card to vote with (§4.3 step 2), an in-play evidence
 * card then the sheet it is sent Across to (§4.4). Characters are picked with buttons.
 */
function targets(a: JaccuseAction): MoveTarget[] | null {
  switch (a.type) {
    case 'investigate':
      return [{ key: `hand:${a.card}` }];
    case 'vote':
      return [{ key: `vote:${a.card}` }];
    case 'send':
      return [{ key: `suspected:${evidenceType(a.card)}` }, { key: `sheet:${a.to}` }];
    case 'character':
      return null;
  }
}

/** J'Accuse!'s drawers (README "Pictures"). */
export const jaccusePictures: GamePictures<JaccusePublicView, JaccuseSeatView, JaccuseAction> = { board, hand, targets };
