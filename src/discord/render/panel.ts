/**
 * A seat's private panel (docs/discord.md "The private panel"): which table and channel, a one-line
 * note, the seat's own view and exactly its legal actions, the deadline, the recent moves
 * it may see, and Refresh. Drawn from that seat's view only.
 */
import { createHash } from 'node:crypto';
import { ButtonStyle } from 'discord-api-types/v10';
import type { GameModule } from '../../games/module.js';
import type { RenderContext } from '../../games/ui.js';
import type { Catalog } from '../../i18n/index.js';
import type { StoredEvent, TableSnapshot } from '../../tables/types.js';
import { tableActionId } from '../custom-id.js';
import { hintsAllowed } from '../../tables/hints.js';
import { viewerSeatOf } from '../../tables/policy.js';
import type { HintReason } from '../../games/bot.js';
import type { Advice } from '../../bots/advice.js';
import { logLines, PANEL_LOG_LINES, renderContext } from './context.js';
import { button, buttonRow, clip, containerMessage, fileDigest, plainComponentTexts, relative, type ComponentRow, type MessagePayload } from './markup.js';
import type { MessagePicture } from '../pictures/index.js';
import { lessonMessage } from './lesson.js';

/** How a panel of a game with pictures is drawn (README "Pictures"). */
export interface PanelLook {
  /** The seat's hand picture (null: none could be drawn — the text version is sent). */
  picture?: MessagePicture | null;
  /** A lesson's board picture, for games whose hand picture does not show the whole table (docs/lessons.md). */
  board?: MessagePicture | null;
  /** The player's "text boards" setting: the text version, and a button back to pictures. */
  textBoards?: boolean;
}

/**
 * `userId`'s panel for `snapshot` (ephemeral when sent). `note` is the one-line
 * confirmation or explanation shown first (e.g. "✅ You placed 🟥 red evidence.").
 * Someone without a seat sees a spectator line and no actions; a player who left the running
 * game the same — a line saying so and the public log, never the seat's hand (`viewerSeatOf`). A game without drawers gets
 * the embed layout; a game with drawers a Components V2 message with the hand's picture
 * (`look.picture`), or the text version, and a button that switches between the two.
 */
export function panelMessage(mod: GameModule, snapshot: TableSnapshot, userId: string, text: Catalog, note?: string, look: PanelLook = {}): MessagePayload {
  const { table } = snapshot;
  // A lesson's panel is the lesson's (docs/lessons.md "The Discord side").
  if (table.lesson) return lessonMessage(mod, snapshot, userId, text, note, { hand: look.picture ?? null, board: look.board ?? null, textBoards: look.textBoards ?? false });
  const panel = text.common.panel;
  const me = snapshot.seats.find((row) => row.userId === userId);
  // Mentions do not render in embed titles: the channel goes in the description.
  const title = panel.title(mod.emoji, mod.title(text), table.id);
  const head: string[] = [panel.where(`<#${table.channelId}>`)];
  if (note) head.push(note);
  const body: string[] = [];
  const below: string[] = [];
  let rows: ComponentRow[] = [];
  // A seat left while the game runs is a non-player's view until it ends (viewerSeatOf).
  const seat = viewerSeatOf(me, table.status);
  if (!table.state || seat === null) {
    const left = table.state && me && me.seat !== null;
    body.push(left ? panel.leftSeat : panel.spectator);
    if (left) {
      const log = logLines(mod, table.recentEvents as StoredEvent[], renderContext(mod, snapshot, text), null, PANEL_LOG_LINES);
      if (log.length) below.push('', text.common.board.log, ...log.map((line) => `• ${line}`));
    }
  } else {
    const ctx = renderContext(mod, snapshot, text);
    const view = mod.definition.seatView(table.state, seat);
    const active = table.status === 'active';
    const legal = active ? mod.definition.legalActions(table.state, seat) : [];
    const game = mod.ui.panel(view, legal, ctx);
    body.push(game.body);
    if (active && table.deadlineAt) below.push(panel.deadline(relative(table.deadlineAt)));
    if (!active) below.push('', panel.gameOver);
    const log = logLines(mod, table.recentEvents as StoredEvent[], ctx, seat, PANEL_LOG_LINES);
    if (log.length) below.push('', text.common.board.log, ...log.map((line) => `• ${line}`));
    if (active) rows = plainComponentTexts(game.rows.slice(0, 4));
  }
  const seated = Boolean(table.state && seat !== null);
  const picture = mod.pictures && seated && !look.textBoards ? (look.picture ?? null) : null;
  if (table.status === 'active') {
    const refresh = button(tableActionId(table.id, 'refresh', table.version), panel.refresh, ButtonStyle.Secondary);
    // The switch is offered only where there is a picture to switch to (a seat of a game with drawers).
    const toggle =
      mod.pictures && seated
        ? [look.textBoards ? button(tableActionId(table.id, 'pictures'), panel.picturesVersion, ButtonStyle.Secondary) : button(tableActionId(table.id, 'text-version'), panel.textVersion, ButtonStyle.Secondary)]
        : [];
    // 💡 Hint (README "AI players"): where hints are allowed and the seat has a decision to make.
    const hint =
      seated && hintsAllowed(snapshot.seats, table.tableOptions, seat) && mod.definition.legalActions(table.state, seat!).length > 0
        ? [button(tableActionId(table.id, 'hint'), text.bots.hint.button, ButtonStyle.Secondary)]
        : [];
    // ❔ Why (docs/lessons.md): on every panel with a decision to make.
    const why =
      seated && me && !me.left && table.state && mod.ui.why && mod.definition.legalActions(table.state, me.seat!).length > 0
        ? [button(tableActionId(table.id, 'why'), text.common.panel.why, ButtonStyle.Secondary)]
        : [];
    rows.push(buttonRow(refresh, ...toggle, ...hint, ...why));
  }
  if (mod.pictures) {
    const top = `### ${title}\n${head.join('\n')}`;
    return containerMessage(
      mod.colour,
      picture ? { top, picture, below: trimBlank(below).join('\n') } : { top: [top, '', ...body, ...below].join('\n') },
      rows,
    );
  }
  const lines = note ? [head[0]!, note, '', ...body, ...below] : [...head, ...body, ...below];
  return {
    embeds: [{ title: clip(title, 256), description: clip(lines.join('\n'), 4096), color: mod.colour }],
    components: rows,
    allowed_mentions: { parse: [] },
  };
}

/**
 * The name the panel gives `action` for `seat`: the label of its button, or of its option in a
 * select (with its emoji), else the labels of the panel drawn for that action alone, else its code.
 */
export function moveName(mod: GameModule, snapshot: TableSnapshot, seat: number, action: unknown, text: Catalog): string {
  return moveNameIn(mod, mod.definition.seatView(snapshot.table.state, seat), renderContext(mod, snapshot, text), action);
}

/** `moveName` from a seat's `view` and a render context (a review step's, src/discord/render/review.ts). */
export function moveNameIn(mod: GameModule, view: unknown, ctx: RenderContext, action: unknown): string {
  const code = mod.definition.encodeAction(action);
  const rows = plainComponentTexts(mod.ui.panel(view, [action], ctx).rows);
  const labels: string[] = [];
  let exact: string | null = null;
  for (const row of rows) {
    for (const component of row.components as { custom_id?: string; label?: string; emoji?: { name?: string }; options?: { label: string; value: string; emoji?: { name?: string } }[] }[]) {
      const named = (c: { label?: string; emoji?: { name?: string } }) => [c.emoji?.name, c.label].filter(Boolean).join(' ');
      if (component.custom_id === ctx.actionId(code) && !exact) exact = named(component);
      const option = component.options?.find((o) => o.value === code);
      if (option && !exact) exact = named(option);
      if (component.label) labels.push(named(component));
    }
  }
  return exact || labels.join(' · ') || code;
}

/** A move's explanation in the reader's language (the game's `hintReasons`), or null. */
export function reasonText(mod: GameModule, reason: HintReason | null, text: Catalog): string | null {
  return reason ? (mod.text(text).hintReasons?.[reason.key]?.(...(reason.args ?? [])) ?? null) : null;
}

/**
 * The 💡 Hint's note for `seat` (README "AI players"): the move the Hard search
 * advises, named as the panel names it, the game's explanation of it from the seat's view, and
 * the search's estimate of the chance to win with it and with the next best move — whose number
 * is shown only when not higher than the advised move's, so the numbers never contradict the
 * advice (src/bots/advice.ts). Drawn from that seat's view only.
 */
export function hintNote(mod: GameModule, snapshot: TableSnapshot, seat: number, advice: Advice, text: Catalog): string {
  const move = moveName(mod, snapshot, seat, advice.best.action, text);
  const why = reasonText(mod, advice.best.reason, text);
  const best = advice.best.estimate === null ? null : percent(advice.best.estimate);
  // The runner-up's number only when it does not exceed the advised move's (as read, rounded):
  // a higher one comes from fewer simulations (the search advises the move it tried most), and
  // beside the advice it reads as a contradiction — then it is named without a number.
  const nextPercent = advice.next?.estimate == null ? null : percent(advice.next.estimate);
  const next = advice.next && nextPercent !== null && best !== null ? { move: moveName(mod, snapshot, seat, advice.next.action, text), percent: nextPercent <= best ? nextPercent : null } : null;
  const estimate = advice.choices <= 1 ? text.bots.hint.only : best === null ? null : text.bots.hint.estimate(best, next);
  return text.bots.hint.note(move, why, estimate);
}

/** A chance in [0, 1] as a whole percentage (at least 1 and at most 99 unless certain). */
export function percent(x: number): number {
  const p = Math.round(100 * x);
  return x > 0 && p === 0 ? 1 : x < 1 && p === 100 ? 99 : p;
}

/** `lines` without blank lines at the start. */
function trimBlank(lines: string[]): string[] {
  const first = lines.findIndex((line) => line.trim() !== '');
  return first < 0 ? [] : lines.slice(first);
}

/**
 * A fingerprint (base64 SHA-1) of what a panel shows, for skipping redraws that would look
 * the same: the one-line `note` it was drawn with (a click's confirmation, which stays until
 * something new happens) and the table version in the Refresh button's id (which changes
 * with every commit, visible or not) are left out.
 */
export function panelFingerprint(payload: MessagePayload, note?: string): string {
  const hash = createHash('sha1');
  for (const embed of payload.embeds ?? []) {
    hash.update(embed.title ?? '');
    const description = embed.description ?? '';
    hash.update('\u0000');
    hash.update(note ? description.replace(`${note}\n\n`, '') : description);
    hash.update('\u0000');
  }
  let components = JSON.stringify(payload.components ?? []).replace(/("rh1:t:[0-9a-z]+:refresh):[0-9a-z]+"/g, '$1"');
  // A Components V2 panel: the note is its own line of the first Text Display.
  if (note && !payload.embeds) components = components.replace(JSON.stringify(`\n${note}`).slice(1, -1), '');
  hash.update(components);
  // The picture's bytes, not its name: a redrawn hand that looks the same is not sent again.
  for (const file of payload.files ?? []) hash.update(fileDigest(file.data));
  return hash.digest('base64');
}
