/**
 * Renderers of Tricks and the Phantom (docs/discord.md): the public board (scores, clues, glasses,
 * 4th-party card, the last crime's reveal) and each player's private panel (their cards
 * and exactly their legal actions). Rendered from views only; the sentences (log lines,
 * error answers) come from ui-text.ts.
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { Seat } from '../engine.js';
import type { ActionRow, BoardRender, GameUi, PanelRender, RenderContext } from '../ui.js';
import { encodeAction } from './codec.js';
import type { PhantomAction, PhantomError, PhantomOptions } from './rules.js';
import {
  cardLabel,
  cardWithEffect,
  clueLabel,
  describeError,
  describeEvent,
  names,
  positionOwner,
  revealLines,
  seatLetter,
  targetLabel,
} from './ui-text.js';
import type { PhantomPublicView, PhantomSeatView } from './views.js';
import { phantomText } from './text/index.js';
import { why } from './why.js';

const MAX_LABEL = 80;
const MAX_BUTTONS_PER_ROW = 5;
const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** The status line: phase and who must act. */
function status(v: PhantomPublicView, ctx: RenderContext): string {
  const p = phantomText(ctx.t);
  switch (v.phase) {
    case 'over':
      return p.statusOver(names(ctx, v.winners));
    case 'discard':
      return p.statusDiscard(v.round);
    case 'report':
      return p.statusReport(v.round, v.crime, positionOwner(ctx, v.players, v.actingPosition ?? 0));
    case 'solve':
      return p.statusSolve(v.round, v.crime, ctx.name(v.toAct[0] ?? 0));
  }
}

/** A seat's status mark (docs/discord.md): 🏆 winner, 💤 away, ▶ to act, ⏳ deciding, • otherwise. */
function mark(v: PhantomPublicView, ctx: RenderContext, seat: Seat): string {
  if (v.phase === 'over') return v.winners.includes(seat) ? '🏆' : '•';
  if (ctx.seats[seat]?.away) return '💤';
  if (v.toAct.includes(seat)) return v.phase === 'discard' ? '⏳' : '▶';
  return '•';
}

/** One board line per seat: mark, name, score, cards, clues and glass of this crime. */
function seatLine(v: PhantomPublicView, ctx: RenderContext, seat: Seat): string {
  const p = phantomText(ctx.t);
  const parts = [`${mark(v, ctx, seat)} ${ctx.name(seat)}`, p.seatScore(v.scores[seat] ?? 0), p.seatCards(v.handCounts[seat] ?? 0)];
  const positions = Array.from({ length: v.positions }, (_, i) => i).filter((pos) => pos % v.players === seat);
  if (v.phase !== 'over' && positions.includes(v.firstInvestigator)) parts.push(p.seatFirst);
  if (v.phase === 'discard' && v.discarded) parts.push(v.discarded[seat] ? p.seatDiscarded : p.seatDeciding);
  if (v.phase === 'report' || v.phase === 'solve') {
    for (const pos of positions) {
      const letter = seatLetter(ctx.t, v.players, pos);
      const prefix = letter ? p.seatOfPlayer(letter) : '';
      const r = v.reports.find((x) => x.position === pos);
      if (r) parts.push(p.seatClue(prefix, clueLabel(ctx.t, r.colour)));
      else if (letter) parts.push(p.seatClueWaiting(prefix));
    }
  }
  const glass = v.glasses.find((g) => g.seat === seat);
  if (glass) parts.push(p.seatGlass(targetLabel(ctx, v.players, glass.on, v.reports, v.fourthParty)));
  return parts.join(' · ');
}

/** The public board. */
export function board(v: PhantomPublicView, ctx: RenderContext): BoardRender {
  const p = phantomText(ctx.t);
  const lines: string[] = [p.targetLine(v.targetScore, v.beginner)];
  // Two players play two seats each (docs/rules/phantom.md §3.8): said once, in words.
  if (v.players === 2) lines.push(p.twoPlayersLine);
  for (let seat = 0; seat < v.players; seat++) lines.push(seatLine(v, ctx, seat));
  if (v.players === 3 && v.phase !== 'over') {
    lines.push(v.fourthParty !== null ? p.fourthPartyLine(cardLabel(ctx.t, v.fourthParty)) : p.noFourthPartyLine);
  }
  if (v.lastCrime) lines.push('', ...revealLines(ctx, v.players, v.lastCrime));
  return { status: status(v, ctx), body: clip(lines.join('\n'), 3000), rows: [] };
}

/** Button label of a legal action. */
function actionLabel(v: PhantomSeatView, ctx: RenderContext, a: PhantomAction): string {
  const p = phantomText(ctx.t);
  switch (a.type) {
    case 'discard':
      return p.actionDiscard(cardLabel(ctx.t, a.card));
    case 'report':
      return p.actionReport(cardLabel(ctx.t, a.card), clueLabel(ctx.t, a.colour));
    case 'glass': {
      if (a.on !== 'fourth' && a.on % v.players === v.me) {
        // One's own card is named "your own … card", never by one's own name.
        const report = v.reports.find((r) => r.position === a.on);
        const letter = v.players === 2 ? seatLetter(ctx.t, v.players, a.on) : undefined;
        return p.actionGlass(p.targetYourOwn(report ? clueLabel(ctx.t, report.colour) : '?', letter));
      }
      return p.actionGlass(targetLabel(ctx, v.players, a.on, v.reports, v.fourthParty));
    }
  }
}

/** Components holding exactly `legal`: buttons (≤ 5) or one select menu. */
function actionRows(v: PhantomSeatView, legal: PhantomAction[], ctx: RenderContext): ActionRow[] {
  if (legal.length === 0) return [];
  if (legal.length <= MAX_BUTTONS_PER_ROW) {
    return [
      {
        type: ComponentType.ActionRow,
        components: legal.map((a) => ({
          type: ComponentType.Button,
          style: a.type === 'discard' ? ButtonStyle.Secondary : ButtonStyle.Primary,
          label: clip(actionLabel(v, ctx, a), MAX_LABEL),
          custom_id: ctx.actionId(encodeAction(a)),
        })),
      },
    ];
  }
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: ctx.selectId(legal[0]!.type),
          placeholder: phantomText(ctx.t).selectReport,
          options: legal.slice(0, 25).map((a) => ({ label: clip(actionLabel(v, ctx, a), 100), value: encodeAction(a) })),
        },
      ],
    },
  ];
}

/** What the seat is asked to do, or waits for. */
function waitingLine(v: PhantomSeatView, ctx: RenderContext): string {
  const p = phantomText(ctx.t);
  if (v.phase === 'over') return p.panelOver;
  const mine = v.toAct.includes(v.me);
  switch (v.phase) {
    case 'discard':
      return mine ? p.panelDoDiscard : p.panelWaitDiscard;
    case 'report': {
      if (!mine) return p.panelWaitFor(positionOwner(ctx, v.players, v.actingPosition ?? 0));
      const letter = seatLetter(ctx.t, v.players, v.actingPosition ?? 0);
      return letter ? p.panelDoReportSeat(letter) : p.panelDoReport;
    }
    case 'solve':
      return mine ? p.panelDoGlass : p.panelWaitFor(ctx.name(v.toAct[0] ?? 0));
  }
}

/** The private panel of `v.me`. */
export function panel(v: PhantomSeatView, legal: PhantomAction[], ctx: RenderContext): PanelRender {
  const p = phantomText(ctx.t);
  const lines: string[] = [p.panelCards];
  if (v.hand.length === 0) lines.push(p.panelNoCards);
  for (const c of [...v.hand].sort((a, b) => b - a)) lines.push(`• ${cardWithEffect(ctx.t, c)}`);
  if (v.myDiscard !== null) lines.push(p.panelDiscard(cardLabel(ctx.t, v.myDiscard)));
  for (const r of v.myReports) {
    const letter = seatLetter(ctx.t, v.players, r.position);
    const card = cardLabel(ctx.t, r.card);
    lines.push(letter ? p.panelReportedSeat(letter, card, clueLabel(ctx.t, r.colour)) : p.panelReported(card, clueLabel(ctx.t, r.colour)));
  }
  if (v.players === 3 && v.fourthParty !== null && v.phase !== 'over') lines.push(p.fourthPartyLine(cardLabel(ctx.t, v.fourthParty)));
  lines.push(p.panelScore(v.scores[v.me] ?? 0, v.targetScore), waitingLine(v, ctx));
  return { body: clip(lines.join('\n'), 3000), rows: actionRows(v, legal, ctx) };
}

/** The Tricks and the Phantom renderers. */
export const phantomUi: GameUi<PhantomPublicView, PhantomSeatView, PhantomAction, PhantomOptions, PhantomError> = {
  board,
  panel,
  describeEvent,
  describeError,
  staleNote: () => null,
  why,
  rulesHelp: (o, t) => phantomText(t).rulesHelp(o.targetScore, o.beginner, o.turnSeconds),
  optionsSummary: (o, t, live = true) => phantomText(t).optionsSummary(o.targetScore, o.beginner, live ? o.turnSeconds : null),
};
