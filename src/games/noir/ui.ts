/**
 * NOIR renderers (docs/discord.md, docs/rules/noir.md §2.8): the public board from the
 * public view and each seat's panel from that seat's view; the sentences (log lines,
 * errors, rules help) come from ui-text.ts.
 * Pure: never mutates a view, never talks to Discord.
 */
import { ButtonStyle, ComponentType, type APIButtonComponentWithCustomId, type APISelectMenuOption } from 'discord-api-types/v10';
import type { ActionRow, BoardRender, GameUi, PanelRender, RenderContext } from '../ui.js';
import { encodeNoirAction } from './codec.js';
import type { NoirPublicView, NoirSeatView } from './views.js';
import type { NoirAction, NoirError, NoirOptions, Role } from './rules.js';
import {
  codeList,
  describeError,
  describeEvent,
  gridBlock,
  lastItems,
  optionsSummary,
  roleText,
  rulesHelp,
  shiftLabel,
  suspectLabel,
  suspectOf,
  whereLabel,
} from './ui-text.js';
import { noirText } from './text/index.js';
import { why } from './why.js';

/** How many recent arrests / canvas answers the board lists. */
const BOARD_RECENT = 8;

/** Status line (one line, no deadline). */
function status(v: NoirPublicView, ctx: RenderContext): string {
  const t = noirText(ctx.t);
  if (v.phase === 'over') {
    if (v.winner === null) return t.statusDraw(v.actionCap);
    const seat = v.winner === 'killer' ? v.killerSeat : v.inspectorSeat;
    return t.statusWin(ctx.name(seat), roleText(ctx.t, v.winner));
  }
  const who = ctx.name(v.toAct!);
  const line =
    v.phase === 'firstKill'
      ? t.statusFirstKill(who)
      : v.phase === 'chooseIdentity'
        ? t.statusChoose(who)
        : v.phase === 'discard'
          ? t.statusDiscard(who)
          : v.actingRole === 'killer'
            ? t.statusKiller(who)
            : t.statusInspector(who);
  return `${t.statusTurn(v.turns + 1)} · ${line}`;
}

/** The seat's status mark: 🏆 winner, 💤 away, ▶ to act, • otherwise. */
function mark(v: NoirPublicView, seat: number, ctx: RenderContext): string {
  const role: Role = seat === v.killerSeat ? 'killer' : 'inspector';
  if (v.phase === 'over' && v.winner === role) return '🏆';
  const info = ctx.seats[seat];
  if (info && (info.away || info.left)) return '💤';
  return v.toAct === seat ? '▶' : noirText(ctx.t).idleMark;
}

/** Shared lines of board and panel below the grid: counters, last shift, arrests, canvas, piles. */
function infoLines(v: NoirPublicView, ctx: RenderContext): string[] {
  const t = noirText(ctx.t);
  const lines = [t.deathsLine(v.deaths, v.killTarget, v.deckSize, t.modeName[v.mode])];
  if (v.lastShift) {
    const ls = v.lastShift;
    let line = t.lastShiftLine(shiftLabel(ls.axis, ls.index, ls.dir, ctx.t), ctx.name(ls.by));
    if (v.blockedShift && v.toAct !== null) {
      const b = v.blockedShift;
      line += t.blockedLine(shiftLabel(b.axis, b.index, b.dir, ctx.t), ctx.name(v.toAct));
    } else if (ls.collapsed && ls.turn === v.turns) line += t.lapsedLine;
    lines.push(line);
  } else lines.push(t.noShiftYet);
  if (v.arrests.length > 0) {
    const items = v.arrests.map((a) => {
      const code = suspectOf(a.suspect).code;
      const text = a.hit ? t.arrestHit(code) : t.arrestMiss(code);
      return a.citizen ? t.arrestCitizen(text) : text;
    });
    lines.push(t.arrestsLine(lastItems(items, BOARD_RECENT, ctx.t)));
  }
  for (const role of ['killer', 'inspector'] as const) {
    const items = v.canvasses.filter((c) => c.answeredBy === role).map((c) => t.canvasItem(suspectOf(c.suspect).code, c.adjacent));
    if (items.length > 0) lines.push(t.canvasLine(t.roleName[role], lastItems(items, BOARD_RECENT, ctx.t)));
  }
  if (v.discards.length > 0) lines.push(t.discardsLine(codeList(v.discards, ctx.t)));
  if (v.removed.length > 0) lines.push(t.removedLine(codeList(v.removed, ctx.t)));
  if (v.reveal) {
    const insp = v.reveal.inspectorIdentity === null ? t.none : suspectLabel(v.reveal.inspectorIdentity, ctx.t);
    lines.push(t.revealLine(suspectLabel(v.reveal.killerIdentity, ctx.t), insp));
    lines.push(t.revealHand(codeList(v.reveal.hand, ctx.t)));
    if (v.endReason) lines.push(t.reasonLine(t.reasonText[v.endReason]));
  }
  return lines;
}

/** The public board: seat lines, the grid, counters and public results. No buttons. */
function board(v: NoirPublicView, ctx: RenderContext): BoardRender {
  const t = noirText(ctx.t);
  const body = [
    t.seatKiller(mark(v, v.killerSeat, ctx), ctx.name(v.killerSeat)),
    t.seatInspector(mark(v, v.inspectorSeat, ctx), ctx.name(v.inspectorSeat), v.handSize, v.inspectorChosen),
    gridBlock(v.grid),
    t.legend,
    ...infoLines(v, ctx),
  ].join('\n');
  return { status: status(v, ctx), body: body.slice(0, 3000), rows: [] };
}

// ----- components -----------------------------------------------------------------------

function button(code: string, label: string, ctx: RenderContext, style: ButtonStyle = ButtonStyle.Secondary): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, style: style as ButtonStyle.Secondary, label: label.slice(0, 80), custom_id: ctx.actionId(code) };
}

function buttonRows(buttons: APIButtonComponentWithCustomId[]): ActionRow[] {
  const rows: ActionRow[] = [];
  for (let i = 0; i < buttons.length; i += 5) rows.push({ type: ComponentType.ActionRow, components: buttons.slice(i, i + 5) });
  return rows;
}

function select(name: string, placeholder: string, options: APISelectMenuOption[], ctx: RenderContext): ActionRow {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.StringSelect,
        custom_id: ctx.selectId(name),
        placeholder: placeholder.slice(0, 150),
        min_values: 1,
        max_values: 1,
        options: options.map((o) => ({ ...o, label: o.label.slice(0, 100) })),
      },
    ],
  };
}

/** Exactly the legal actions: selects for shift / kill / arrest / citizen's arrest, buttons for the rest. */
function actionRows(v: NoirSeatView, legal: NoirAction[], ctx: RenderContext): ActionRow[] {
  const t = noirText(ctx.t);
  const opt = (a: NoirAction, label: string): APISelectMenuOption => ({ label, value: encodeNoirAction(a) });
  const shifts: APISelectMenuOption[] = [];
  const kills: APISelectMenuOption[] = [];
  const arrests: APISelectMenuOption[] = [];
  const citizens: APISelectMenuOption[] = [];
  const buttons: APIButtonComponentWithCustomId[] = [];
  for (const a of legal) {
    const code = encodeNoirAction(a);
    switch (a.type) {
      case 'shift':
        shifts.push(opt(a, t.optionShift(shiftLabel(a.axis, a.index, a.dir, ctx.t))));
        break;
      case 'kill':
        kills.push(opt(a, t.optionKill(suspectLabel(a.suspect, ctx.t), whereLabel(v.grid, a.suspect, ctx.t))));
        break;
      case 'arrest': {
        const f = a.suspect === v.identity ? t.optionArrestSelf : t.optionArrest;
        arrests.push(opt(a, f(suspectLabel(a.suspect, ctx.t), whereLabel(v.grid, a.suspect, ctx.t))));
        break;
      }
      case 'citizen':
        citizens.push(opt(a, t.optionCitizen(suspectOf(a.discard).name, suspectLabel(a.target, ctx.t), whereLabel(v.grid, a.target, ctx.t))));
        break;
      case 'disguise':
        buttons.push(button(code, t.buttonDisguise, ctx, ButtonStyle.Primary));
        break;
      case 'exonerate':
        buttons.push(button(code, t.buttonExonerate, ctx, ButtonStyle.Primary));
        break;
      case 'choose':
        buttons.push(button(code, t.buttonChoose(suspectLabel(a.suspect, ctx.t)), ctx, ButtonStyle.Primary));
        break;
      case 'discard': {
        const f = a.suspect === v.drawn ? t.buttonDiscardNew : t.buttonDiscard;
        buttons.push(button(code, f(suspectLabel(a.suspect, ctx.t)), ctx));
        break;
      }
    }
  }
  const rows: ActionRow[] = [];
  if (shifts.length > 0) rows.push(select('shift', t.placeholderShift, shifts, ctx));
  if (kills.length > 0) rows.push(select('kill', t.placeholderKill, kills, ctx));
  if (arrests.length > 0) rows.push(select('arrest', t.placeholderArrest, arrests, ctx));
  rows.push(...buttonRows(buttons));
  if (citizens.length > 0) rows.push(select('citizen', t.placeholderCitizen, citizens, ctx));
  return rows;
}

/** The seat's panel: identity, evidence, the grid with own cards marked, the prompt and the actions. */
function panel(v: NoirSeatView, legal: NoirAction[], ctx: RenderContext): PanelRender {
  const t = noirText(ctx.t);
  const lines: string[] = [];
  const idText = v.identity === null ? null : suspectLabel(v.identity, ctx.t);
  if (v.role === 'killer') {
    lines.push(t.youKiller(idText!, whereLabel(v.grid, v.identity!, ctx.t)));
    if (v.draws.length > 0) {
      lines.push(t.drawsLine(v.draws.map((d) => (d.alive ? t.drawAlive(suspectOf(d.suspect).code) : t.drawDead(suspectOf(d.suspect).code))).join(', ')));
    }
  } else {
    lines.push(idText === null ? t.youInspectorUnchosen : t.youInspector(idText, whereLabel(v.grid, v.identity!, ctx.t)));
    const hand = v.hand.map((c) => `${suspectLabel(c, ctx.t)} ${whereLabel(v.grid, c, ctx.t)}`);
    lines.push(hand.length === 0 ? t.handEmpty : t.handLine(hand.join(', ')));
    if (v.drawn !== null) lines.push(t.drawnLine(suspectLabel(v.drawn, ctx.t)));
  }
  const own = new Set(v.hand);
  lines.push(gridBlock(v.grid, (s) => (s === v.identity ? 'self' : own.has(s) ? 'hand' : null)));
  lines.push(v.role === 'killer' ? t.panelLegendKiller : t.panelLegendInspector);
  lines.push(...infoLines(v, ctx));
  if (v.phase === 'over') {
    const won = v.winner === v.role;
    lines.push(v.winner === null ? t.youDrew : won ? t.youWon : t.youLost);
  } else if (v.toAct === v.seat) {
    const ident = idText ? suspectOf(v.identity!).name : '';
    const prompt = {
      firstKill: t.promptFirstKill(ident),
      chooseIdentity: t.promptChoose,
      discard: t.promptDiscard,
      play: v.role === 'killer' ? t.promptKiller(ident, { kill: legal.some((a) => a.type === 'kill'), disguise: legal.some((a) => a.type === 'disguise') }) : t.promptInspector,
    }[v.phase];
    lines.push(prompt);
    if (v.phase === 'play' && v.deckSize === 0) lines.push(t.promptDeckEmpty);
  } else {
    const other: Role = v.role === 'killer' ? 'inspector' : 'killer';
    lines.push(t.waitingFor(ctx.name(v.toAct!), t.roleName[other]));
  }
  return { body: lines.join('\n').slice(0, 3000), rows: actionRows(v, legal, ctx) };
}

/** The NOIR renderers. */
export const noirUi: GameUi<NoirPublicView, NoirSeatView, NoirAction, NoirOptions, NoirError> = {
  board,
  panel,
  describeEvent,
  describeError,
  staleNote: () => null,
  why,
  rulesHelp,
  optionsSummary,
};
