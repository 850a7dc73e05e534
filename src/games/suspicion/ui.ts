/**
 * Suspicion — the renderers (docs/discord.md): the public board (one line per detective, piles, the
 * open window, race / vote buttons identical for every reader) and the private panel (own
 * hand, own suspect, exactly the legal actions). Rendered from views only.
 */
import { ButtonStyle, ComponentType, type APIButtonComponentWithCustomId, type APIStringSelectComponent } from 'discord-api-types/v10';
import type { GameUi, ActionRow, BoardRender, PanelRender, RenderContext } from '../ui.js';
import { faceKey, type SuspicionAction, type SuspicionError, type SuspicionOptions } from './rules.js';
import { encodeAction } from './codec.js';
import { actingSeats, type PlayerView, type SlotView, type SuspicionPublicView, type SuspicionSeatView } from './views.js';
import {
  actionLabel,
  cardText,
  colourText,
  describeError,
  describeEvent,
  faceText,
  optionsSummary,
  rulesHelp,
  slotText,
  staleNote,
} from './ui-text.js';
import { suspicionText } from './text/index.js';
import { why } from './why.js';

const MAX_LABEL = 80;
const MAX_OPTION = 100;

function clip(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}

function button(label: string, customId: string, style: ButtonStyle): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, style, label: clip(label, MAX_LABEL), custom_id: customId } as APIButtonComponentWithCustomId;
}

function row(components: (APIButtonComponentWithCustomId | APIStringSelectComponent)[]): ActionRow {
  return { type: ComponentType.ActionRow, components } as ActionRow;
}

function styleOf(a: SuspicionAction): ButtonStyle {
  switch (a.type) {
    case 'place':
    case 'wild':
    case 'declare':
    case 'counter':
    case 'counterBack':
    case 'cancel':
    case 'draw':
      return ButtonStyle.Primary;
    case 'burn':
    case 'tamper':
    case 'block':
      return ButtonStyle.Danger;
    case 'vote':
      return a.verdict === 'believe' ? ButtonStyle.Success : ButtonStyle.Danger;
    default:
      return ButtonStyle.Secondary;
  }
}

/** A slot as the board shows it: "LEFT 🟥 red ✅🃏🛡 by Ben". */
function slotCell(view: SuspicionPublicView, p: PlayerView, i: number, ctx: RenderContext): string {
  const s = suspicionText(ctx.t);
  const ph = view.phase;
  const c: SlotView | null = p.slots[i] ?? null;
  let content: string;
  if (ph.kind === 'vote' && ph.suspect === p.seat && ph.slot === i) content = s.faceDownSlot;
  else if (ph.kind === 'counterBack' && ph.suspect === p.seat && ph.slot === i) content = `${s.counteredMark}${s.pendingMark}`;
  else if (!c) content = s.emptySlot;
  else {
    content = s.filledSlot;
    if (c.face.kind === 'wild') content += '🃏';
    if (c.protected) content += s.protectedMark;
    if (ph.kind === 'counter' && ph.suspect === p.seat && ph.slot === i) content += s.pendingMark;
    if (view.variant === 'criminal') content += ` ${s.placedBy(ctx.name(c.by))}`;
  }
  return s.slotLine(slotText(ctx.t, i), colourText(ctx.t, p.suspect[i] ?? ''), content);
}

function statusLine(view: SuspicionPublicView, ctx: RenderContext): string {
  const s = suspicionText(ctx.t);
  const ph = view.phase;
  const n = (x: number) => ctx.name(x);
  switch (ph.kind) {
    case 'turn':
      return s.statusTurn(view.round, view.roundCap, n(ph.seat));
    case 'counter':
      return s.statusCounter(view.round, n(ph.placer), colourText(ctx.t, ph.colour));
    case 'counterBack':
      return s.statusCounterBack(view.round, n(ph.placer), n(ph.counterer));
    case 'cancel':
      return s.statusCancel(view.round, n(ph.target), n(ph.attacker), s.specials[ph.attack]);
    case 'vote':
      return s.statusVote(view.round, n(ph.declarer), ph.answered, ph.voters.length);
    case 'over':
      return ph.winner === null ? s.statusCap(view.roundCap) : s.statusWon(n(ph.winner));
  }
}

function windowLine(view: SuspicionPublicView, ctx: RenderContext): string | null {
  const s = suspicionText(ctx.t);
  const ph = view.phase;
  const n = (x: number) => ctx.name(x);
  switch (ph.kind) {
    case 'counter':
      return s.windowCounter(n(ph.placer), colourText(ctx.t, ph.colour), ph.waiting.map(n).join(s.listSep) || s.nobody);
    case 'counterBack':
      return s.windowCounterBack(n(ph.placer), n(ph.counterer), colourText(ctx.t, ph.colour));
    case 'cancel':
      return s.windowCancel(n(ph.target), n(ph.attacker), s.specials[ph.attack]);
    case 'vote':
      return s.windowVote(n(ph.declarer), slotText(ctx.t, ph.slot), colourText(ctx.t, ph.colour), ph.answered, ph.voters.length);
    default:
      return null;
  }
}

/** The public board. Buttons: the race, the counter-back / cancel window, the vote, Arrest Race's draw. */
function board(view: SuspicionPublicView, ctx: RenderContext): BoardRender {
  const s = suspicionText(ctx.t);
  const ph = view.phase;
  const { acting, deciding } = actingSeats(view);
  const lines: string[] = [];
  if (view.variant !== 'classic') lines.push(s.houseRulesLine(s.variantNames[view.variant]));
  for (const p of view.players) {
    const away = ctx.seats[p.seat]?.away ?? false;
    const mark =
      ph.kind === 'over' && ph.winner === p.seat ? '🏆'
      : acting.includes(p.seat) ? '▶'
      : deciding.includes(p.seat) ? '⏳'
      : away ? '💤'
      : p.blocked ? '⛔'
      : '•';
    const left = ctx.seats[p.seat]?.left ?? false;
    const flags = [p.blocked ? s.flagBlocked : '', p.skipNext ? s.flagSkip : '', away && mark !== '💤' ? s.flagAway : '', left ? s.flagLeft : ''].filter(Boolean);
    const hand = view.variant === 'arrest-race' ? '' : ` ${s.hand(p.handSize)}`;
    const slots = p.slots.map((_, i) => slotCell(view, p, i, ctx)).join(' · ');
    lines.push(`${mark} **${ctx.name(p.seat)}**${hand}${flags.length ? ` ${flags.join(' ')}` : ''} — ${slots}`);
  }
  lines.push(s.piles(view.drawSize, view.discardSize, view.topDiscard ? faceText(ctx.t, view.topDiscard) : null));
  const w = windowLine(view, ctx);
  if (w) lines.push(w);
  const r = view.lastReveal;
  if (r) {
    lines.push(
      s.lastReveal(
        ctx.name(r.declarer),
        faceText(ctx.t, r.face),
        colourText(ctx.t, r.colour),
        r.verdict === 'bluff' ? s.verdictBluff : s.verdictBelieve,
        r.won ? s.outcomeWon : s.outcomeLost,
      ),
    );
  }
  const btn = (a: SuspicionAction, label: string, style: ButtonStyle) => button(label, ctx.actionId(encodeAction(a)), style);
  const rows: ActionRow[] = [];
  if (ph.kind === 'counter') {
    rows.push(row([btn({ type: 'counter' }, s.btnCounter, ButtonStyle.Danger), btn({ type: 'pass' }, s.btnNoCounter, ButtonStyle.Secondary)]));
  } else if (ph.kind === 'counterBack') {
    rows.push(row([btn({ type: 'counterBack' }, s.btnCounterBack, ButtonStyle.Danger), btn({ type: 'accept' }, s.btnAccept, ButtonStyle.Secondary)]));
  } else if (ph.kind === 'cancel') {
    rows.push(row([btn({ type: 'cancel' }, s.btnCancel(s.specials[ph.attack]), ButtonStyle.Danger), btn({ type: 'allow' }, s.btnAllow, ButtonStyle.Secondary)]));
  } else if (ph.kind === 'vote') {
    rows.push(
      row([
        btn({ type: 'vote', verdict: 'believe' }, s.btnBelieve(colourText(ctx.t, ph.colour)), ButtonStyle.Success),
        btn({ type: 'vote', verdict: 'bluff' }, s.btnBluff, ButtonStyle.Danger),
      ]),
    );
  } else if (ph.kind === 'turn' && view.variant === 'arrest-race') {
    rows.push(row([btn({ type: 'draw' }, s.btnDraw, ButtonStyle.Primary)]));
  }
  return { status: statusLine(view, ctx), body: clip(lines.join('\n'), 3000), rows };
}

/** What the seat waits for, in one line. */
function waitLine(view: SuspicionSeatView, legal: SuspicionAction[], ctx: RenderContext): string {
  const s = suspicionText(ctx.t);
  const ph = view.phase;
  const n = (x: number) => ctx.name(x);
  const me = view.me;
  // A blocked player plays no card out of turn (docs/rules/suspicion.md §1.8).
  const blocked = view.players[me]?.blocked ?? false;
  switch (ph.kind) {
    case 'turn':
      return ph.seat === me ? s.panelYourTurn : s.panelWaitTurn(n(ph.seat));
    case 'counter': {
      const colour = colourText(ctx.t, ph.colour);
      if (ph.placer === me) return s.panelPlacerWaits(colour);
      if (blocked) return s.panelBlockedCounter(n(ph.placer), colour);
      if (!ph.waiting.includes(me)) return s.panelPassed;
      return legal.some((a) => a.type === 'counter') ? s.panelMayCounter(n(ph.placer), colour) : s.panelNoCounterCard(n(ph.placer), colour);
    }
    case 'counterBack': {
      if (ph.placer !== me) return s.panelWaitCounterBack(n(ph.placer));
      const colour = colourText(ctx.t, ph.colour);
      if (blocked) return s.panelBlockedCounterBack(n(ph.counterer), colour);
      return legal.some((a) => a.type === 'counterBack') ? s.panelCounterBack(n(ph.counterer), colour) : s.panelNoCounterBack(n(ph.counterer), colour);
    }
    case 'cancel': {
      if (ph.target !== me) return s.panelWaitCancel(n(ph.target));
      const card = s.specials[ph.attack];
      if (blocked) return s.panelBlockedCancel(n(ph.attacker), card);
      return legal.some((a) => a.type === 'cancel') ? s.panelCancel(n(ph.attacker), card) : s.panelNoCancel(n(ph.attacker), card);
    }
    case 'vote': {
      if (ph.declarer === me && view.faceDown) {
        return s.panelDeclarer(faceText(ctx.t, view.faceDown), colourText(ctx.t, ph.colour), ph.answered, ph.voters.length);
      }
      if (!ph.voters.includes(me)) return s.panelWaitVote(ph.answered, ph.voters.length);
      const head = s.panelVote(n(ph.declarer), slotText(ctx.t, ph.slot), colourText(ctx.t, ph.colour));
      const mine =
        view.myVote === null ? s.panelNoVoteYet
        : s.panelMyVote(view.myVote === 'abstain' ? s.panelAbstained : view.myVote === 'bluff' ? s.verdictBluff : s.verdictBelieve);
      return `${head}\n${mine}`;
    }
    case 'over':
      return s.panelOver;
  }
}

/** The panel label of an action (window buttons name the card the engine will use). */
function panelLabel(a: SuspicionAction, view: SuspicionSeatView, ctx: RenderContext): string {
  const s = suspicionText(ctx.t);
  const ph = view.phase;
  const counterCard = (colour: string) => s.evidenceCard(colourText(ctx.t, colour), true);
  if (a.type === 'counter' && ph.kind === 'counter') return s.actCounter(counterCard(ph.colour));
  if (a.type === 'counterBack' && ph.kind === 'counterBack') return s.actCounterBack(counterCard(ph.colour));
  if (a.type === 'cancel' && ph.kind === 'cancel') return s.btnCancel(s.specials[ph.attack]);
  if (a.type === 'pass' && ph.kind === 'turn') return s.actPassTurn;
  if (a.type === 'vote' || a.type === 'abstain') {
    const base = a.type === 'abstain' ? s.btnAbstain : a.verdict === 'believe' && ph.kind === 'vote' ? s.btnBelieve(colourText(ctx.t, ph.colour)) : s.btnBluff;
    const chosen = a.type === 'abstain' ? view.myVote === 'abstain' : view.myVote === a.verdict;
    return chosen ? `✓ ${base}` : base;
  }
  return actionLabel(a, view.me, view.players.map((p) => p.suspect), ctx);
}

/** Rows of components for a group of actions: ≤ 5 as buttons, more as one select. */
function groupRow(name: string, placeholder: string, actions: SuspicionAction[], view: SuspicionSeatView, ctx: RenderContext): ActionRow {
  if (actions.length <= 5) {
    return row(actions.map((a) => button(panelLabel(a, view, ctx), ctx.actionId(encodeAction(a)), styleOf(a))));
  }
  const select: APIStringSelectComponent = {
    type: ComponentType.StringSelect,
    custom_id: ctx.selectId(name),
    placeholder: clip(placeholder, 150),
    options: actions.slice(0, 25).map((a) => ({ label: clip(panelLabel(a, view, ctx), MAX_OPTION), value: encodeAction(a) })),
  };
  return row([select]);
}

/**
 * The private panel: own hand (⇄ marked), own suspect, what the seat waits for; one row per
 * distinct hand card holding that card's actions (buttons, or a select when more than five),
 * and one row for the rest (Wild moves, window answers, votes).
 */
function panel(view: SuspicionSeatView, legal: SuspicionAction[], ctx: RenderContext): PanelRender {
  const s = suspicionText(ctx.t);
  const lines: string[] = [];
  if (view.variant === 'arrest-race') lines.push(s.panelNoHandArrest);
  else lines.push(view.hand.length === 0 ? s.panelNoHand : s.panelHand(view.hand.map((h) => faceText(ctx.t, h.face)).join(' · ')));
  const mine = view.players[view.me];
  if (mine) lines.push(s.panelSuspect(mine.slots.map((_, i) => slotCell(view, mine, i, ctx)).join(' · ')));
  lines.push(waitLine(view, legal, ctx));

  const groups = new Map<string, SuspicionAction[]>();
  const order: string[] = [];
  const misc: SuspicionAction[] = [];
  for (const a of legal) {
    if ('card' in a) {
      const key = faceKey(view.hand.find((h) => h.card === a.card)?.face ?? { kind: 'wild' });
      if (!groups.has(key)) {
        groups.set(key, []);
        order.push(key);
      }
      groups.get(key)!.push(a);
    } else misc.push(a);
  }
  const rows: ActionRow[] = [];
  order.forEach((key, i) => {
    const acts = groups.get(key)!;
    const first = acts[0] as Extract<SuspicionAction, { card: string }>;
    rows.push(groupRow(`c${i}`, s.selectPlaceholder(cardText(ctx.t, first.card)), acts, view, ctx));
  });
  if (misc.length > 0) rows.push(groupRow('more', s.selectMore, misc, view, ctx));
  return { body: clip(lines.join('\n'), 3000), rows };
}

/** The Suspicion renderers. */
export const suspicionUi: GameUi<SuspicionPublicView, SuspicionSeatView, SuspicionAction, SuspicionOptions, SuspicionError> = {
  board,
  panel,
  describeEvent,
  describeError,
  staleNote,
  why,
  rulesHelp,
  optionsSummary,
};
