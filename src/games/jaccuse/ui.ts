/**
 * J'Accuse! — renderers (docs/discord.md): the public board from the public view, a seat's panel from
 * its seat view; the sentences (log lines, errors, rules help) come from ui-text.ts. Pure;
 * reads every string from `jaccuseText(ctx.t)`.
 */
import { ButtonStyle, ComponentType, type APIButtonComponentWithCustomId } from 'discord-api-types/v10';
import type { ActionRow, BoardRender, GameUi, PanelRender, RenderContext } from '../ui.js';
import { encodeAction } from './codec.js';
import {
  SUSPICION_CARDS,
  type CharacterId,
  type EvidenceOutcome,
  type JaccuseAction,
  type JaccuseError,
  type JaccuseOptions,
  type RevealRecord,
} from './rules.js';
import {
  describeError,
  describeEvent,
  evidenceLabel,
  evidenceList,
  exonerationList,
  hardenFlourish,
  investigationLabel,
  moveFlourish,
  optionsSummary,
  rulesHelp,
  staleNote,
} from './ui-text.js';
import type { JaccusePublicView, JaccuseSeatView } from './views.js';
import { jaccuseText } from './text/index.js';
import { why } from './why.js';

const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

// ───────────────────────────── Board ─────────────────────────────

/** Status mark of a seat on the board (docs/discord.md). */
function seatMark(view: JaccusePublicView, seat: number, ctx: RenderContext): string {
  if (view.phase === 'over') return view.arrested.includes(seat) ? jaccuseText(ctx.t).arrestedMark : '🏆';
  if (ctx.seats[seat]?.away || ctx.seats[seat]?.left) return '💤';
  switch (view.phase) {
    case 'characters':
      return view.characterChooser === seat ? '▶' : '▫️';
    case 'investigate':
      return view.inspector === seat ? '▶' : '▫️';
    case 'vote':
      return view.seats[seat]?.hasCast ? '✅' : '⏳';
    case 'across':
      return view.across?.chooser === seat ? '▶' : '▫️';
  }
}

function statusLine(view: JaccusePublicView, ctx: RenderContext): string {
  const t = jaccuseText(ctx.t);
  switch (view.phase) {
    case 'characters':
      return t.statusCharacters(ctx.name(view.characterChooser ?? 0));
    case 'investigate':
      return t.statusInvestigate(view.round, ctx.name(view.inspector));
    case 'vote':
      return t.statusVote(view.round, view.castCount, view.seatCount);
    case 'across':
      return view.across ? t.statusAcross(view.round, ctx.name(view.across.chooser), evidenceLabel(view.across.card, ctx.t)) : '';
    case 'over':
      if (view.endReason === 'arrest') return t.statusArrest(view.arrested.map((s) => ctx.name(s)).join(', '));
      return view.endReason === 'cap' ? t.statusCap : t.statusExhausted;
  }
}

/** One outcome of the latest reveal, as a board bullet. */
function outcomeLine(o: EvidenceOutcome, ctx: RenderContext, chars: (CharacterId | null)[]): string {
  const t = jaccuseText(ctx.t);
  switch (o.kind) {
    case 'move':
      return o.to === null
        ? t.outcomeMovePending(evidenceLabel(o.card, ctx.t), ctx.name(o.from))
        : `${moveFlourish(chars[o.from], o.card, ctx.t)} ${t.outcomeMove(evidenceLabel(o.card, ctx.t), ctx.name(o.from), ctx.name(o.to))}`;
    case 'harden':
      return `${hardenFlourish(chars[o.holder], o.card, ctx.t)} ${t.outcomeHarden(evidenceLabel(o.card, ctx.t), ctx.name(o.holder))}`;
    case 'exonerate':
      return t.outcomeExonerate(evidenceLabel(o.card, ctx.t), ctx.name(o.holder));
    case 'deal':
      return t.outcomeDeal(evidenceLabel(o.card, ctx.t), ctx.name(o.to));
  }
}

/** The latest reveal: votes, result, Investigation card and what happened. */
function revealLines(r: RevealRecord, ctx: RenderContext, chars: (CharacterId | null)[]): string[] {
  const t = jaccuseText(ctx.t);
  const votes = r.votes.map((v, s) => `${ctx.name(s)} ${t.suspicionEmoji[v]}`).join(' · ');
  const lines = [
    `${t.revealHeader(r.round)} — ${votes} ${t.revealOutcome(t.suspicion[r.outcome], r.tie)}`,
    t.revealInvestigation(investigationLabel(r.investigation, ctx.t), t.investigationLine[r.investigation]),
  ];
  if (r.outcomes.length === 0) lines.push(`• ${t.outcomeNothing}`);
  for (const o of r.outcomes) lines.push(`• ${outcomeLine(o, ctx, chars)}`);
  return lines;
}

/** The public board (docs/discord.md): status, one line per seat, piles, the latest reveal. */
function board(view: JaccusePublicView, ctx: RenderContext): BoardRender {
  const t = jaccuseText(ctx.t);
  const chars = view.seats.map((s) => s.character);
  const lines: string[] = [];
  if (view.phase !== 'characters' && view.phase !== 'over') {
    lines.push(t.cycleLine(view.cycleRound, view.options.acrossChooser === 'holder' ? t.chooserHolder : t.chooserInspector));
  }
  view.seats.forEach((p, seat) => {
    const parts = [`${seatMark(view, seat, ctx)} **${ctx.name(seat)}**${seat === view.inspector && view.phase !== 'over' ? ` ${t.inspectorMark}` : ''}`];
    parts.push(p.character ? `${t.characters[p.character]} (${t.exoneratedAgainst(exonerationList(p.character, ctx.t))})` : t.noCharacter);
    parts.push(`${t.suspectedLabel} ${evidenceList(p.suspected, ctx.t)}`);
    parts.push(`${t.hardLabel} ${evidenceList(p.hard, ctx.t)}`);
    parts.push(`${t.usedLabel} ${p.used.length ? p.used.map((u) => t.suspicionEmoji[u]).join('') : t.nothing}`);
    parts.push(t.handCount(p.investigationCount));
    lines.push(parts.join(' · '));
  });
  lines.push(t.boardKey);
  lines.push(t.pilesLine(view.piles.motive, view.piles.opportunity, view.piles.weapon, view.investigationPile, view.investigationDiscard.length));
  if (view.lastReveal) lines.push('', ...revealLines(view.lastReveal, ctx, chars));
  if (view.phase === 'over' && view.endReason === 'arrest') {
    lines.push('');
    for (const s of view.arrested) lines.push(t.arrestedWith(ctx.name(s), evidenceList(view.seats[s]?.hard ?? [], ctx.t)));
    lines.push(t.everyoneElseWins);
  }
  return { status: statusLine(view, ctx), body: clip(lines.join('\n'), 3000), rows: [] };
}

// ───────────────────────────── Panel ─────────────────────────────

type ActionStyle = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

function button(label: string, customId: string, style: ActionStyle = ButtonStyle.Secondary): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, style, label: clip(label, 80), custom_id: customId };
}

function panelStatus(view: JaccuseSeatView, ctx: RenderContext): string {
  const t = jaccuseText(ctx.t);
  const me = view.me;
  switch (view.phase) {
    case 'characters':
      return view.characterChooser === me ? t.panelPickCharacter : t.panelWaitCharacter(ctx.name(view.characterChooser ?? 0));
    case 'investigate':
      return view.inspector === me ? t.panelSetInvestigation : t.panelWaitInvestigation(ctx.name(view.inspector));
    case 'vote':
      return view.myVote
        ? t.panelVoted(t.suspicion[view.myVote], view.castCount, view.seatCount)
        : t.panelVote(view.castCount, view.seatCount);
    case 'across': {
      const a = view.across;
      if (!a) return '';
      const card = evidenceLabel(a.card, ctx.t);
      return a.chooser === me ? t.panelAcrossPick(card, ctx.name(a.holder)) : t.panelAcrossWait(ctx.name(a.chooser), card);
    }
    case 'over':
      if (view.endReason !== 'arrest') return t.panelOverNoLoser;
      return view.arrested.includes(me) ? t.panelOverArrested : t.panelOverFree;
  }
}

/** Component rows holding exactly `legal` (buttons for cards and votes, selects for targets). */
function panelRows(view: JaccuseSeatView, legal: JaccuseAction[], ctx: RenderContext): ActionRow[] {
  const t = jaccuseText(ctx.t);
  const rows: ActionRow[] = [];
  const characters = legal.filter((a): a is Extract<JaccuseAction, { type: 'character' }> => a.type === 'character');
  const investigations = legal.filter((a): a is Extract<JaccuseAction, { type: 'investigate' }> => a.type === 'investigate');
  const votes = legal.filter((a): a is Extract<JaccuseAction, { type: 'vote' }> => a.type === 'vote');
  const sends = legal.filter((a): a is Extract<JaccuseAction, { type: 'send' }> => a.type === 'send');
  if (characters.length) {
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: ctx.selectId('character'),
          placeholder: t.selectCharacter,
          options: characters.map((a) => ({
            label: clip(t.characters[a.character], 100),
            value: encodeAction(a),
            description: clip(t.optionCharacterDescription(exonerationList(a.character, ctx.t)), 100),
          })),
        },
      ],
    });
  }
  if (investigations.length) {
    rows.push({
      type: ComponentType.ActionRow,
      // Two cards with the same icons differ only in their flavour line: tell the buttons apart.
      components: investigations.map((a, k) => {
        const label = investigationLabel(a.card, ctx.t);
        const copy = investigations.slice(0, k).filter((b) => investigationLabel(b.card, ctx.t) === label).length;
        return button(t.buttonInvestigate(copy ? t.nthCopy(label, copy + 1) : label), ctx.actionId(encodeAction(a)), ButtonStyle.Primary);
      }),
    });
  }
  if (votes.length) {
    rows.push({
      type: ComponentType.ActionRow,
      components: votes.map((a) =>
        button(view.myVote ? t.buttonRevote(t.suspicion[a.card]) : t.buttonVote(t.suspicion[a.card]), ctx.actionId(encodeAction(a)), a.card === 'jaccuse' ? ButtonStyle.Danger : ButtonStyle.Primary),
      ),
    });
  }
  if (sends.length) {
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: ctx.selectId('across'),
          placeholder: t.selectAcross,
          options: sends.map((a) => ({ label: clip(t.optionSend(ctx.seats[a.to]?.displayName ?? ctx.name(a.to)), 100), value: encodeAction(a) })),
        },
      ],
    });
  }
  return rows;
}

/** A seat's private panel: sheet, cards, what they wait for, exactly the legal actions. */
function panel(view: JaccuseSeatView, legal: JaccuseAction[], ctx: RenderContext): PanelRender {
  const t = jaccuseText(ctx.t);
  const me = view.seats[view.me];
  const lines: string[] = [];
  lines.push(me?.character ? t.panelCharacter(t.characters[me.character], exonerationList(me.character, ctx.t)) : t.panelNoCharacter);
  lines.push(view.hand.length ? t.panelHand(view.hand.map((c) => investigationLabel(c, ctx.t)).join(' · ')) : t.panelHandEmpty);
  if (view.chosen) lines.push(t.panelChosen(investigationLabel(view.chosen, ctx.t)));
  const used = me?.used ?? [];
  const available = SUSPICION_CARDS.filter((c) => !used.includes(c));
  lines.push(t.panelSuspicion(available.map((c) => t.suspicion[c]).join(', '), used.map((c) => t.suspicion[c]).join(', ')));
  lines.push('', panelStatus(view, ctx));
  return { body: clip(lines.join('\n'), 3000), rows: panelRows(view, legal, ctx) };
}

/** The J'Accuse! renderers. */
export const jaccuseUi: GameUi<JaccusePublicView, JaccuseSeatView, JaccuseAction, JaccuseOptions, JaccuseError> = {
  board,
  panel,
  describeEvent,
  describeError,
  staleNote,
  why,
  rulesHelp,
  optionsSummary,
};
