/**
 * J'Accuse! pictures (README "Pictures"; docs/rules/jaccuse.md §4.8), drawn as scenes of pieces
 * with the phone layout (src/games/scene.ts, src/games/scene-kit.ts; docs/pictures.md "Phone
 * layout"): the public board — one place per seat with its character, the Suspected Evidence in
 * front of it as cards, its Hard Evidence slots toward arrest (§4.7), its Suspicion cards used
 * this cycle (§4.5) and its Investigation card count — plus the piles, the latest reveal and a
 * key, drawn from the public view; a seat's hand — its character sheet's exonerations, its
 * Suspicion cards (used, free, its secret vote), its Investigation cards (and the one set face
 * down) — drawn from that seat's view. Every word wraps, never cut. Pure: no state, no clock;
 * every word comes from `jaccuseText(ctx.t).pictures`.
 */
import type { GameEvent } from '../engine.js';
import type { GamePictures, MoveTarget, Picture, PictureContext } from '../picture.js';
import { block, heading, keyPanel, lineHeight, MARGIN, MIN_TEXT_PX, NAME_PX, PANEL_W, panelPiece, PICTURE_PX, pillPiece, statusBanner, textLines, textPiece, type KeyItem } from '../scene-kit.js';
import { measure, piece, SceneBuilder, sceneSvg, type Piece } from '../scene.js';
import { altText, rect, THEME } from '../svg.js';
import { arrow, cross, polygon } from '../picture-kit.js';
import { lockMark, turnMark } from '../marks.js';
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

/** Layout, px (phone layout: PICTURE_PX wide). */
const W = PICTURE_PX;
const M = MARGIN;
const TEXT = NAME_PX;
const LABEL = MIN_TEXT_PX;
const GAP = 8;
/** A Hard Evidence slot and a small Suspicion card, px. */
const SLOT = 28;
/** Inside a seat's panel: padding, and the width left for its rows, px. */
const PAD = 8;
const INNER_W = PANEL_W - 2 * PAD;

/** Colours. Every type also has its own shape and letter (colour is never the only signal). */
const PAPER = '#ebe3d1';
const INK = '#1e1f22';
const TYPE_COLOUR: Record<EvidenceType, string> = { motive: '#c2255c', opportunity: '#0c8599', weapon: '#6741d9' };

type Pics = JaccuseText['pictures'];

function nameOf(ctx: PictureContext, seat: number): string {
  return ctx.seats[seat]?.name ?? `#${seat + 1}`;
}

/** A minimal render context for the shared event sentences (they read only `t` and `name`). */
function renderContext(ctx: PictureContext): RenderContext {
  return { t: ctx.t, name: (seat: number) => nameOf(ctx, seat) } as unknown as RenderContext;
}

/** The type's symbol in a `size`-px square at (x, y): Motive a heart, Opportunity a door, Weapon a dagger. */
function typeSymbol(type: EvidenceType, x: number, y: number, size: number, fill: string = TYPE_COLOUR[type]): string {
  const s = size;
  if (type === 'motive') {
    const cx = x + s / 2;
    return `<path d="M ${cx} ${y + s * 0.92} C ${x + s * 0.02} ${y + s * 0.45}, ${x + s * 0.15} ${y + s * 0.02}, ${cx} ${y + s * 0.28} C ${x + s * 0.85} ${y + s * 0.02}, ${x + s * 0.98} ${y + s * 0.45}, ${cx} ${y + s * 0.92} Z" fill="${fill}"/>`;
  }
  if (type === 'opportunity') {
    return rect(x + s * 0.18, y + s * 0.05, s * 0.64, s * 0.9, { fill, radius: 2 }) + `<circle cx="${x + s * 0.68}" cy="${y + s * 0.52}" r="${s * 0.07}" fill="#ffffff"/>`;
  }
  return (
    polygon([[x + s * 0.5, y], [x + s * 0.64, y + s * 0.62], [x + s * 0.36, y + s * 0.62]], { fill }) +
    rect(x + s * 0.2, y + s * 0.62, s * 0.6, s * 0.1, { fill }) +
    rect(x + s * 0.44, y + s * 0.72, s * 0.12, s * 0.28, { fill })
  );
}

/** The blocks of an evidence card `w` px wide: its type's word and its name, both wrapped. */
function evidenceBlocks(card: EvidenceId, w: number, p: Pics, t: PictureContext['t']) {
  const type = evidenceType(card);
  // The type's word whole, beside its symbol (bold, else regular) or, in a narrow card, under it
  // ("Oportunidad" in a third of the width).
  const word = p.typeName[type];
  const beside = measure(word, LABEL) <= w - 46;
  const room = beside ? w - 46 : w - 20;
  const bold = measure(word, LABEL, true) <= room;
  return { type, bold, beside, head: block(word, room, LABEL, { bold }), name: block(jaccuseText(t).evidence[card], w - 20, TEXT, { minSize: LABEL }) };
}

/** An evidence card `w` × `h` px: type strip with symbol and word, the card's name in words; framed gold when just changed. */
function evidenceCard(card: EvidenceId, w: number, h: number, p: Pics, t: PictureContext['t'], latest: boolean): Piece {
  const b = evidenceBlocks(card, w, p, t);
  // The frame as two filled shapes (no stroke): composed, its rounded corners match resvg's whole picture.
  const parts = [rect(0, 0, w, h, { fill: latest ? THEME.highlight : TYPE_COLOUR[b.type], radius: 12 }), rect(4, 4, w - 8, h - 8, { fill: PAPER, radius: 9 })];
  parts.push(typeSymbol(b.type, 10, 10, 24));
  if (b.beside) parts.push(textLines(40, 10 + (24 - lineHeight(LABEL)) / 2, b.head.lines, { size: LABEL, bold: b.bold, fill: TYPE_COLOUR[b.type] }));
  else parts.push(textLines(10, 36, b.head.lines, { size: LABEL, bold: b.bold, fill: TYPE_COLOUR[b.type] }));
  parts.push(textLines(10, 14 + headHeight(b), b.name.lines, { size: b.name.size, fill: INK }));
  return piece(w, h, parts);
}

function evidenceHeight(card: EvidenceId, w: number, p: Pics, t: PictureContext['t']): number {
  const b = evidenceBlocks(card, w, p, t);
  return 14 + headHeight(b) + b.name.height + 10;
}

/** Height of an evidence card's type line(s): the symbol's, or the symbol then the word under it. */
function headHeight(b: { beside: boolean; head: { height: number } }): number {
  return b.beside ? Math.max(24, b.head.height) : 26 + b.head.height;
}

/** A row of evidence cards at `y` (one, two or three across `width`), equal heights, each keyed by `keyOf`. Returns the height. */
function evidenceRow(scene: SceneBuilder, x: number, y: number, width: number, cards: EvidenceId[], p: Pics, ctx: PictureContext, latest: Set<string>, keyOf?: (card: EvidenceId) => string): number {
  if (cards.length === 0) return 0;
  const cw = Math.floor((width - (cards.length - 1) * GAP) / cards.length);
  const h = Math.max(...cards.map((c) => evidenceHeight(c, cw, p, ctx.t)));
  cards.forEach((card, i) => scene.put(x + i * (cw + GAP), y, evidenceCard(card, cw, h, p, ctx.t, latest.has(card)), keyOf?.(card)));
  return h;
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

// ── A seat's place ───────────────────────────────────────────────────────────────────────

/** Hard Evidence slots (five, §4.7) with each card's type, and the count. */
function hardPiece(hard: EvidenceId[], p: Pics, latest: Set<string>): Piece {
  const parts = [lockMark(2, 3, THEME.muted, THEME.panel)];
  let x = 26;
  for (let i = 0; i < Math.max(5, hard.length); i++) {
    const card = hard[i];
    if (card) {
      const type = evidenceType(card);
      const fresh = latest.has(card);
      parts.push(rect(x + 1, 1, SLOT - 2, SLOT - 2, { fill: '#f1f3f5', stroke: fresh ? THEME.highlight : TYPE_COLOUR[type], strokeWidth: fresh ? 3 : 2 }));
      parts.push(typeSymbol(type, x + 5, 5, SLOT - 10));
    } else parts.push(rect(x + 1, 1, SLOT - 2, SLOT - 2, { fill: 'none', stroke: THEME.panelLight, strokeWidth: 2, dash: '4 4' }));
    x += SLOT + 3;
  }
  const count = p.hardCount(hard.length);
  parts.push(textLines(x + 4, (SLOT - lineHeight(LABEL)) / 2, [count], { size: LABEL, bold: true }));
  return piece(Math.ceil(x + 6 + measure(count, LABEL, true)), SLOT, parts);
}

/** The four Suspicion cards of a seat, small: used ones dark and crossed. */
function suspicionMinis(used: SuspicionCard[], p: Pics): Piece {
  const parts: string[] = [];
  SUSPICION_CARDS.forEach((card, i) => {
    const isUsed = used.includes(card);
    const x = i * 31;
    parts.push(rect(x + 1, 1, 26, SLOT + 4, { fill: isUsed ? '#1e1f22' : '#f1f3f5', stroke: isUsed ? THEME.panelLight : THEME.muted, strokeWidth: 2 }));
    parts.push(textLines(x + 14, (SLOT + 6 - lineHeight(LABEL)) / 2, [p.suspicionLetter[card]], { size: LABEL, bold: true, fill: isUsed ? '#8e9297' : INK, anchor: 'middle' }));
    if (isUsed) parts.push(cross(x + 14, (SLOT + 6) / 2, 16, '#c4c9ce', 3));
  });
  return piece(4 * 31, SLOT + 6, parts);
}

/** A small stack of face-down Investigation cards with the count. */
function investigationStack(n: number, p: Pics): Piece {
  const count = p.investigationCount(n);
  return piece(Math.ceil(40 + measure(count, LABEL, true)), SLOT + 6, [
    rect(7, 1, 22, SLOT, { fill: '#5c5f66', radius: 4, stroke: THEME.muted, strokeWidth: 1 }),
    rect(2, 5, 22, SLOT, { fill: '#7a5c2e', radius: 4, stroke: '#e9c46a', strokeWidth: 2 }),
    textLines(36, (SLOT + 6 - lineHeight(LABEL)) / 2, [count], { size: LABEL, bold: true }),
  ]);
}

/**
 * One seat's place at `y`: its name (wrapped, "(you)" for its own player), the Inspector's and
 * the vote's / result's pills, its character; then its Hard Evidence, used Suspicion cards and
 * Investigation cards (flowed onto a second line when they do not fit); then the Suspected
 * Evidence in front of it. The whole place is keyed `sheet:<seat>`. Returns its height.
 */
function drawSeat(scene: SceneBuilder, y: number, v: JaccusePublicView, ctx: PictureContext, p: Pics, seat: number, latest: Set<string>): number {
  const info = v.seats[seat]!;
  const mine = ctx.viewer === seat;
  const acting = !ctx.over && v.phase !== 'over' && actingSeat(v) === seat;
  const arrested = v.arrested.includes(seat);
  // Pills at the right: the Inspector, then the vote / the result.
  const pills: Piece[] = [];
  if (seat === v.inspector && v.phase !== 'over') pills.push(pillPiece(p.inspector, THEME.highlight, INK, 170));
  const tag = v.phase === 'vote' ? (info.hasCast ? p.cast : p.waiting) : v.phase === 'over' ? (arrested ? p.arrested : p.free) : '';
  if (tag) pills.push(pillPiece(tag, v.phase === 'over' ? (arrested ? THEME.danger : THEME.ok) : info.hasCast ? THEME.ok : THEME.panelLight, '#ffffff', 170));
  const pillW = Math.max(0, ...pills.map((q) => q.w));
  const markW = acting ? 30 : 0;
  // Text starts 3 px into its piece: a glyph's ink may start left of its origin (a bold "J").
  const nameW = INNER_W - markW - 3 - (pillW ? pillW + 8 : 0);
  const name = block(nameOf(ctx, seat) + (mine && !ctx.onlooker ? ` (${p.you})` : ''), nameW, TEXT, { bold: true, minSize: LABEL, maxLines: 2 });
  const character = block(info.character ? jaccuseText(ctx.t).characters[info.character] : p.noCharacter, nameW, LABEL);
  const pillsH = pills.reduce((s, q) => s + q.h, 0) + Math.max(0, pills.length - 1) * 4;
  const headH = Math.max(name.height + character.height, pillsH);
  const head = piece(INNER_W, headH, [
    acting ? turnMark(12, Math.min(headH / 2, 16), 22) : '',
    textLines(markW + 3, 0, name.lines, { size: name.size, bold: true }),
    textLines(markW + 3, name.height, character.lines, { size: LABEL, fill: THEME.muted }),
  ]);
  // The second line's pieces, flowed.
  const hard = hardPiece(info.hard, p, latest);
  const minis = suspicionMinis(info.used, p);
  const stack = investigationStack(info.investigationCount, p);
  const flow: [Piece, string | undefined][] = [
    [hard, `hard:${seat}`],
    [minis, `suspicion:${seat}`],
    [stack, undefined],
  ];
  const placed: { x: number; dy: number; p: Piece; key?: string }[] = [];
  let fx = 0;
  let fy = 0;
  let lineH = 0;
  for (const [q, key] of flow) {
    if (fx > 0 && fx + q.w > INNER_W) {
      fx = 0;
      fy += lineH + 6;
      lineH = 0;
    }
    placed.push({ x: fx, dy: fy, p: q, key });
    fx += q.w + 16;
    lineH = Math.max(lineH, q.h);
  }
  const flowH = fy + lineH;
  const cards = info.suspected;
  const cw = cards.length ? Math.floor((INNER_W - (cards.length - 1) * GAP) / cards.length) : 0;
  const cardsH = cards.length ? Math.max(...cards.map((c) => evidenceHeight(c, cw, p, ctx.t))) : 0;
  const h = PAD + headH + 8 + flowH + (cards.length ? 8 + cardsH : 0) + PAD;
  const frame = mine ? THEME.you : acting ? THEME.highlight : arrested ? THEME.danger : undefined;
  // A lesson's note pointing at this player's character sheet: their whole place (docs/lessons.md).
  scene.put(M, y, panelPiece(PANEL_W, h, THEME.panel, frame), `sheet:${seat}`);
  scene.put(M + PAD, y + PAD, head);
  let py = y + PAD;
  for (const q of pills) {
    scene.put(M + PAD + INNER_W - q.w, py, q);
    py += q.h + 4;
  }
  const fy0 = y + PAD + headH + 8;
  // The hard evidence row and the suspicion minis reach their boxes' edges: their rings go around them.
  for (const q of placed) scene.put(M + PAD + q.x, fy0 + q.dy, q.p, q.key, 'outside');
  if (cards.length) evidenceRow(scene, M + PAD, fy0 + flowH + 8, INNER_W, cards, p, ctx, latest, (card) => `suspected:${evidenceType(card)}`);
  return h;
}

// ── The table's centre: piles and the latest reveal ──────────────────────────────────────

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

/** Piles and the latest reveal (every outcome, wrapped). Returns the height. */
function drawTableCentre(scene: SceneBuilder, y0: number, v: JaccusePublicView, ctx: PictureContext, p: Pics): number {
  let y = y0;
  const piles = textPiece(`${p.piles(v.piles.motive, v.piles.opportunity, v.piles.weapon)} · ${p.investigationPiles(v.investigationPile, v.investigationDiscard.length)}`, PANEL_W, LABEL, { fill: THEME.muted });
  scene.put(M, y, piles);
  y += piles.h + 6;
  const r = v.lastReveal;
  if (!r) return y - y0;
  const justRevealed = ctx.latest.some((e) => e.type === 'reveal');
  const head = block(`${p.revealHeading(r.round)}: ${p.revealOutcome(p.suspicionName[r.outcome], r.tie)} · ${p.revealInvestigation(investigationWords(r.investigation, p))}`, PANEL_W - 28, LABEL, { bold: true });
  const outcomes = (r.outcomes.length ? r.outcomes.map((o) => outcomeLine(o, ctx, p)) : [p.outcomeNothing]).map((o) => block(`- ${o}`, PANEL_W - 28, LABEL));
  const h = 12 + head.height + outcomes.reduce((s, b) => s + b.height, 0) + 12;
  const parts = [panelPiece(PANEL_W, h, THEME.panel, justRevealed ? THEME.highlight : undefined).svg, textLines(14, 12, head.lines, { size: LABEL, bold: true })];
  let ty = 12 + head.height;
  for (const b of outcomes) {
    parts.push(textLines(14, ty, b.lines, { size: LABEL }));
    ty += b.height;
  }
  scene.put(M, y, piece(PANEL_W, h, parts));
  y += h;
  return y - y0;
}

// ── The key ──────────────────────────────────────────────────────────────────────────────

/** The key: every symbol the pictures use (`hand`: with the vote's frame, `onlooker`: not "your"). */
function legendItems(p: Pics, hand: boolean, onlooker = false): KeyItem[] {
  const items: KeyItem[] = EVIDENCE_TYPES.map((type) => [(cx: number, cy: number) => typeSymbol(type, cx - 12, cy - 12, 24), `${p.typeLetter[type]} = ${p.legend[type]}`] as KeyItem);
  items.push([(cx, cy) => lockMark(Math.round(cx - 9), Math.round(cy - 11), THEME.muted, THEME.panel), p.legend.hard]);
  items.push([(cx, cy) => turnMark(cx, cy, 22), p.legend.turn]);
  items.push([(cx, cy) => rect(cx - 11, cy - 14, 22, 28, { fill: '#1e1f22', radius: 4, stroke: THEME.panelLight, strokeWidth: 2 }) + cross(cx, cy, 14, '#c4c9ce', 3), p.legend.used]);
  items.push([(cx, cy) => rect(cx - 12, cy - 10, 24, 20, { fill: 'none', radius: 6, stroke: THEME.highlight, strokeWidth: 4 }), p.legend.latest]);
  items.push([(cx, cy) => rect(cx - 11, cy - 14, 22, 28, { fill: '#f1f3f5', radius: 4, stroke: THEME.muted, strokeWidth: 2 }), (['left', 'right', 'across', 'jaccuse'] as const).map((c) => `${p.suspicionLetter[c]} = ${p.suspicionName[c]}`).join(', ')]);
  items.push([(cx, cy) => rect(cx - 9, cy - 13, 18, 26, { fill: '#7a5c2e', radius: 4, stroke: '#e9c46a', strokeWidth: 2 }), p.legend.investigation]);
  if (hand) items.push([(cx, cy) => rect(cx - 12, cy - 10, 24, 20, { fill: 'none', radius: 6, stroke: THEME.you, strokeWidth: 5 }), onlooker ? p.legend.voteOf : p.legend.vote]);
  return items;
}

/** Alt-text sentences: status, what changed, each seat. */
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

function finish(scene: SceneBuilder, y: number, ctx: PictureContext, alt: string): Picture {
  const built = scene.finish(y, ctx.highlight);
  return { svg: sceneSvg(built), width: W, height: built.height, alt, scene: built };
}

/** The public board (rules §4.8 "Public"). */
function board(v: JaccusePublicView, ctx: PictureContext): Picture {
  const p = jaccuseText(ctx.t).pictures;
  const scene = new SceneBuilder(W);
  const latest = latestCards(ctx.latest);
  let y = M;
  y += statusBanner(scene, y, statusText(v, ctx, p), headerText(v, p)) + GAP;
  for (let seat = 0; seat < v.seatCount; seat++) y += drawSeat(scene, y, v, ctx, p, seat, latest) + GAP;
  y += drawTableCentre(scene, y, v, ctx, p) + GAP;
  y += keyPanel(scene, y, p.legendHeading, legendItems(p, false)) + M;
  return finish(scene, y, ctx, altText([p.altBoard(headerText(v, p)), ...commonAlt(v, ctx, p)]));
}

/** A big Suspicion card of the hand, `w` × `h` px: free, used, or the secret vote. */
function suspicionCard(card: SuspicionCard, w: number, h: number, state: 'free' | 'used' | 'vote', p: Pics, onlooker: boolean): Piece {
  const used = state === 'used';
  const sw = state === 'vote' ? 6 : 2;
  const parts = [rect(sw / 2, sw / 2, w - sw, h - sw, { fill: used ? '#1e1f22' : PAPER, radius: 12, stroke: state === 'vote' ? THEME.you : used ? THEME.panelLight : THEME.muted, strokeWidth: sw })];
  const cx = w / 2;
  const colour = used ? '#5c5f66' : INK;
  const tag = used ? p.usedWord : state === 'vote' ? (onlooker ? p.voteWordOf : p.voteWord) : '';
  let y = 8;
  if (tag) {
    const b = block(tag, w - 28, LABEL);
    const tw = Math.ceil(b.width) + 14;
    parts.push(rect(cx - tw / 2, y, tw, b.height + 4, { fill: used ? THEME.panelLight : THEME.you, radius: 8 }));
    parts.push(textLines(cx, y + 2, b.lines, { size: LABEL, fill: '#ffffff', anchor: 'middle' }));
    y += b.height + 8;
  }
  if (card === 'left') parts.push(arrow(cx + 24, y + 18, cx - 24, y + 18, colour, 5, 14));
  else if (card === 'right') parts.push(arrow(cx - 24, y + 18, cx + 24, y + 18, colour, 5, 14));
  else if (card === 'across') parts.push(arrow(cx, y + 34, cx, y + 2, colour, 5, 14));
  else parts.push(rect(cx - 4, y + 2, 8, 22, { fill: colour, radius: 3 }) + rect(cx - 4, y + 28, 8, 8, { fill: colour, radius: 3 }));
  if (used) parts.push(cross(cx, y + 18, 40, '#6d6f78', 4));
  const name = block(p.suspicionName[card], w - 12, TEXT, { minSize: LABEL });
  parts.push(textLines(cx, y + 42, name.lines, { size: name.size, fill: used ? '#8e9297' : INK, anchor: 'middle' }));
  return piece(w, h, parts);
}

function suspicionHeight(card: SuspicionCard, w: number, state: 'free' | 'used' | 'vote', p: Pics, onlooker: boolean): number {
  const tag = state === 'used' ? p.usedWord : state === 'vote' ? (onlooker ? p.voteWordOf : p.voteWord) : '';
  return 8 + (tag ? block(tag, w - 28, LABEL).height + 8 : 0) + 42 + block(p.suspicionName[card], w - 12, TEXT, { minSize: LABEL }).height + 8;
}

/** An Investigation card `w` × `h` px: its types' symbols and words, "face down" on the one set. */
function investigationCard(card: InvestigationId, w: number, h: number, faceDown: boolean, p: Pics): Piece {
  const sw = faceDown ? 5 : 3;
  const parts = [rect(sw / 2, sw / 2, w - sw, h - sw, { fill: PAPER, radius: 12, stroke: faceDown ? THEME.highlight : '#7a5c2e', strokeWidth: sw, ...(faceDown ? { dash: '10 6' } : {}) })];
  let y = 10;
  if (faceDown) {
    const b = block(p.faceDown, w - 30, LABEL, { bold: true });
    parts.push(rect(10, y, Math.ceil(b.width) + 14, b.height + 4, { fill: THEME.highlight, radius: 8 }), textLines(17, y + 2, b.lines, { size: LABEL, bold: true, fill: INK }));
    y += b.height + 10;
  }
  // The types' symbols (their words are written under them).
  INVESTIGATION_CARDS[card].forEach((type, i) => parts.push(typeSymbol(type, 12 + i * 32, y, 26)));
  const words = block(investigationWords(card, p), w - 24, LABEL);
  parts.push(textLines(12, y + 32, words.lines, { size: LABEL, fill: INK }));
  return piece(w, h, parts);
}

function investigationHeight(card: InvestigationId, w: number, faceDown: boolean, p: Pics): number {
  return 10 + (faceDown ? block(p.faceDown, w - 30, LABEL, { bold: true }).height + 10 : 0) + 32 + block(investigationWords(card, p), w - 24, LABEL).height + 10;
}

/**
 * One seat's hand (rules §4.8 "Private"): its place, its sheet's exonerations, its Suspicion
 * cards, its Investigation cards. Shown to an onlooker (a review), it names the seat, never "your".
 */
function hand(v: JaccuseSeatView, ctx: PictureContext): Picture {
  const p = jaccuseText(ctx.t).pictures;
  const scene = new SceneBuilder(W);
  const latest = latestCards(ctx.latest);
  const me = v.seats[v.me]!;
  const onlooker = ctx.onlooker === true;
  const who = nameOf(ctx, v.me);
  let y = M;
  y += statusBanner(scene, y, statusText(v, ctx, p), headerText(v, p)) + GAP;
  y += drawSeat(scene, y, v, ctx, p, v.me, latest) + GAP;
  // Character sheet: what it clears.
  if (me.character) {
    y += heading(scene, y, onlooker ? p.clearedOfSeat(who) : p.clearedOf) + 4;
    y += evidenceRow(scene, M, y, PANEL_W, EVIDENCE_TYPES.map((type) => EXONERATIONS[me.character!][type]), p, ctx, new Set()) + GAP;
  }
  // Suspicion cards, four across; the row keyed `suspicion:<seat>`, each card `vote:<card>`.
  y += heading(scene, y, onlooker ? p.suspicionOf(who) : p.yourSuspicion) + 4;
  const sw = Math.floor((PANEL_W - 3 * GAP) / 4);
  const states = SUSPICION_CARDS.map((card) => (v.myVote === card ? 'vote' : me.used.includes(card) ? 'used' : 'free') as 'free' | 'used' | 'vote');
  const sh = Math.max(...SUSPICION_CARDS.map((card, i) => suspicionHeight(card, sw, states[i]!, p, onlooker)));
  if (ctx.highlight?.has(`suspicion:${v.me}`)) scene.put(M, y, piece(PANEL_W, sh, ''), `suspicion:${v.me}`);
  SUSPICION_CARDS.forEach((card, i) => scene.put(M + i * (sw + GAP), y, suspicionCard(card, sw, sh, states[i]!, p, onlooker), `vote:${card}`));
  y += sh + GAP;
  // Investigation cards (and the one set face down this round), three to a row.
  y += heading(scene, y, onlooker ? p.investigationOf(who) : p.yourInvestigation) + 4;
  const inv: { card: InvestigationId; faceDown: boolean }[] = [...(v.chosen ? [{ card: v.chosen, faceDown: true }] : []), ...v.hand.map((card) => ({ card, faceDown: false }))];
  if (inv.length === 0) {
    const note = textPiece(p.investigationEmpty, PANEL_W, LABEL, { fill: THEME.muted });
    scene.put(M, y, note);
    y += note.h + GAP;
  }
  const perRow = Math.min(3, Math.max(1, inv.length));
  const iw = Math.floor((PANEL_W - (perRow - 1) * GAP) / perRow);
  for (let start = 0; start < inv.length; start += perRow) {
    const row = inv.slice(start, start + perRow);
    const ih = Math.max(...row.map((c) => investigationHeight(c.card, iw, c.faceDown, p)));
    row.forEach((c, i) => scene.put(M + i * (iw + GAP), y, investigationCard(c.card, iw, ih, c.faceDown, p), c.faceDown ? undefined : `hand:${c.card}`));
    y += ih + GAP;
  }
  y += keyPanel(scene, y, p.legendHeading, legendItems(p, true, onlooker)) + M;
  const alt = [onlooker ? p.altHandOf(who, headerText(v, p)) : p.altHand(headerText(v, p)), `${statusText(v, ctx, p)}.`];
  const cleared = me.character ? EVIDENCE_TYPES.map((ty) => jaccuseText(ctx.t).evidence[EXONERATIONS[me.character!][ty]]).join(', ') : '';
  if (cleared) alt.push(onlooker ? p.altClearedOf(who, cleared) : p.altCleared(cleared));
  const free = SUSPICION_CARDS.filter((c) => !me.used.includes(c)).map((c) => p.suspicionName[c]).join(', ') || p.nothing;
  alt.push(onlooker ? p.altSuspicionOf(who, free) : p.altSuspicion(free));
  if (v.myVote) alt.push(onlooker ? p.altVoteOf(who, p.suspicionName[v.myVote]) : p.altVote(p.suspicionName[v.myVote]));
  const invWords = inv.length ? inv.map((c) => investigationWords(c.card, p) + (c.faceDown ? ` (${p.faceDown})` : '')).join('; ') : p.nothing;
  alt.push(onlooker ? p.altInvestigationOf(who, invWords) : p.altInvestigation(invWords));
  const rc = renderContext(ctx);
  const changed = ctx.latest.map((e) => describeEvent(e, rc, ctx.viewer)).filter((s): s is string => Boolean(s));
  if (changed.length) alt.push(p.altLatest(changed.join(' ')));
  return finish(scene, y, ctx, altText(alt));
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
