/**
 * A seat's private panel (docs/discord.md "The private panel"): which table and channel, a one-line
 * note, the seat's own view and exactly its legal actions, the deadline, the recent moves
 * it may see, and Refresh. Drawn from that seat's view only.
 */
import { createHash } from 'node:crypto';
import { ButtonStyle } from 'discord-api-types/v10';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import type { StoredEvent, TableSnapshot } from '../../tables/types.js';
import { tableActionId } from '../custom-id.js';
import { logLines, PANEL_LOG_LINES, renderContext } from './context.js';
import { button, buttonRow, clip, plainComponentTexts, relative, type ComponentRow, type MessagePayload } from './markup.js';

/**
 * `userId`'s panel for `snapshot` (ephemeral when sent). `note` is the one-line
 * confirmation or explanation shown first (e.g. "✅ You placed 🟥 red evidence.").
 * Someone without a seat sees a spectator line and no actions.
 */
export function panelMessage(mod: GameModule, snapshot: TableSnapshot, userId: string, text: Catalog, note?: string): MessagePayload {
  const { table } = snapshot;
  const panel = text.common.panel;
  const me = snapshot.seats.find((row) => row.userId === userId);
  // Mentions do not render in embed titles: the channel goes in the description.
  const title = panel.title(mod.emoji, mod.title(text), table.id);
  const lines: string[] = [panel.where(`<#${table.channelId}>`)];
  if (note) lines.push(note, '');
  let rows: ComponentRow[] = [];
  if (!table.state || !me || me.seat === null) {
    lines.push(panel.spectator);
  } else {
    const ctx = renderContext(mod, snapshot, text);
    const view = mod.definition.seatView(table.state, me.seat);
    const active = table.status === 'active';
    const legal = active && !me.left ? mod.definition.legalActions(table.state, me.seat) : [];
    const game = mod.ui.panel(view, legal, ctx);
    lines.push(game.body);
    if (active && table.deadlineAt) lines.push(panel.deadline(relative(table.deadlineAt)));
    if (!active) lines.push('', panel.gameOver);
    else if (me.left) lines.push('', panel.leftSeat);
    const log = logLines(mod, table.recentEvents as StoredEvent[], ctx, me.seat, PANEL_LOG_LINES);
    if (log.length) lines.push('', text.common.board.log, ...log.map((line) => `• ${line}`));
    if (active && !me.left) rows = plainComponentTexts(game.rows.slice(0, 4));
  }
  if (table.status === 'active') rows.push(buttonRow(button(tableActionId(table.id, 'refresh', table.version), panel.refresh, ButtonStyle.Secondary)));
  return {
    embeds: [{ title: clip(title, 256), description: clip(lines.join('\n'), 4096), color: mod.colour }],
    components: rows,
    allowed_mentions: { parse: [] },
  };
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
  hash.update(JSON.stringify(payload.components ?? []).replace(/("rh1:t:[0-9a-z]+:refresh):[0-9a-z]+"/g, '$1"'));
  return hash.digest('base64');
}
