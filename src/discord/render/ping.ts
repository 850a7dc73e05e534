/** The "your move" ping posted when a new decision starts (docs/discord.md "Pings"). */
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import type { TableRow } from '../../persistence/store/types.js';
import { relative, type MessagePayload } from './markup.js';

/** The ping for `userIds` (only those who must act; `allowed_mentions` limited to them). */
export function pingMessage(mod: GameModule, table: TableRow, userIds: string[], text: Catalog): MessagePayload {
  const mentions = userIds.map((id) => `<@${id}>`).join(' ');
  const deadline = table.deadlineAt ? relative(table.deadlineAt) : '';
  return {
    content: text.common.board.yourTurnPing(mentions, mod.title(text), table.id, deadline),
    allowed_mentions: { users: userIds },
  };
}
