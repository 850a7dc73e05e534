/** The public lobby message: host, players, options, and the Join / Leave / Start / Cancel / Rules buttons. */
import { ButtonStyle } from 'discord-api-types/v10';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import type { TableSnapshot } from '../../tables/types.js';
import { tableActionId } from '../custom-id.js';
import { button, buttonRow, escapeName, relative, type MessagePayload } from './markup.js';

/** The lobby message of `snapshot` (a table in status `lobby`). */
export function lobbyMessage(mod: GameModule, snapshot: TableSnapshot, text: Catalog): MessagePayload {
  const { table, seats } = snapshot;
  const lobby = text.common.lobby;
  const def = mod.definition;
  const host = seats.find((row) => row.userId === table.hostUserId);
  const players = seats.map((row, index) => `${index + 1}. ${escapeName(row.displayName)}${row.userId === table.hostUserId ? ' 👑' : ''}`);
  const description = [
    lobby.host(escapeName(host?.displayName ?? '—')),
    '',
    lobby.players(seats.length, table.maxSeats),
    ...players,
    '',
    lobby.options,
    mod.ui.optionsSummary(table.options, text),
    '',
    lobby.needs(def.minPlayers, table.maxSeats),
    table.deadlineAt ? lobby.expires(relative(table.deadlineAt)) : '',
  ].join('\n');
  return {
    embeds: [{ title: lobby.title(mod.emoji, mod.title(text), table.id), description: description.slice(0, 4000), color: mod.colour }],
    components: [
      buttonRow(
        button(tableActionId(table.id, 'join'), lobby.join, ButtonStyle.Primary, seats.length >= table.maxSeats),
        button(tableActionId(table.id, 'leave'), lobby.leave, ButtonStyle.Secondary),
        button(tableActionId(table.id, 'start'), lobby.start, ButtonStyle.Success, seats.length < def.minPlayers),
        button(tableActionId(table.id, 'cancel'), lobby.cancel, ButtonStyle.Danger),
        button(tableActionId(table.id, 'rules'), lobby.rules, ButtonStyle.Secondary),
      ),
    ],
    allowed_mentions: { parse: [] },
  };
}
