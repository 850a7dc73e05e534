/**
 * The public lobby message: host, players (bots marked with their level), options, the
 * Join / Leave / Start / Cancel / Rules buttons, and the host's Add bot / Remove bot selects.
 */
import { paceLine as turnBasedPaceLine } from './turns.js';
import { ButtonStyle } from 'discord-api-types/v10';
import { BOT_LEVELS } from '../../games/bot.js';
import { botLevelOf, tableOptionsOf } from '../../tables/bots.js';
import type { GameModule } from '../../games/module.js';
import type { Catalog } from '../../i18n/index.js';
import type { TableSnapshot } from '../../tables/types.js';
import { learnId, tableActionId } from '../custom-id.js';
import { spectatorPolicy, type SpectatorPolicy } from '../../tables/spectators.js';
import { button, buttonRow, escapeName, relative, selectRow, type ComponentRow, type MessagePayload } from './markup.js';

/** The lobby's line about watchers (docs/watching.md), or '' for the default (public, no hands). */
export function spectatorLine(policy: SpectatorPolicy, text: Catalog): string {
  if (policy.mode === 'public' && policy.seeHands === 'off') return '';
  return text.watch.lobbyLine(policy.mode, policy.delay, policy.seeHands === 'after-the-end');
}

/** The lobby message of `snapshot` (a table in status `lobby`). */
export function lobbyMessage(mod: GameModule, snapshot: TableSnapshot, text: Catalog): MessagePayload {
  const { table, seats } = snapshot;
  const lobby = text.common.lobby;
  const def = mod.definition;
  const host = seats.find((row) => row.userId === table.hostUserId);
  const bots = text.bots;
  const levelName = (row: (typeof seats)[number]) => bots.levels[botLevelOf(row) ?? ''] ?? '';
  const players = seats.map((row, index) => {
    const name = escapeName(row.displayName);
    return `${index + 1}. ${botLevelOf(row) ? bots.lobbyEntry(name, levelName(row)) : name}${row.userId === table.hostUserId ? ' 👑' : ''}`;
  });
  const pace = tableOptionsOf(table.tableOptions).botPaceMs;
  const paceLine = seats.some((row) => botLevelOf(row))
    ? pace === 0
      ? bots.instantNote
      : bots.paceNote(pace === undefined ? bots.defaultPace : `${pace / 1000} s`)
    : '';
  const turnPace = turnBasedPaceLine(table, text);
  const watching = spectatorLine(spectatorPolicy(tableOptionsOf(table.tableOptions)), text);
  const description = [
    lobby.host(escapeName(host?.displayName ?? '—')),
    '',
    lobby.players(seats.length, table.maxSeats),
    ...players,
    '',
    lobby.options,
    // A turn-based table's decisions last its time per move (the pace line), not the game's timers.
    mod.ui.optionsSummary(table.options, text, !turnPace),
    ...(paceLine ? [paceLine] : []),
    ...(turnPace ? [turnPace] : []),
    ...(watching ? [watching] : []),
    '',
    lobby.needs(def.minPlayers, table.maxSeats),
    table.deadlineAt ? lobby.expires(relative(table.deadlineAt)) : '',
  ].join('\n');
  const botRows: ComponentRow[] = [];
  if (seats.length < table.maxSeats) {
    botRows.push(
      selectRow(
        tableActionId(table.id, 'add-bot'),
        bots.addPlaceholder,
        BOT_LEVELS.map((level) => ({ value: level, label: bots.addOption(bots.levels[level]!), description: bots.levelHelp[level]! })),
      ),
    );
  }
  const seatedBots = seats.filter((row) => botLevelOf(row));
  if (seatedBots.length > 0) {
    botRows.push(
      selectRow(
        tableActionId(table.id, 'remove-bot'),
        bots.removePlaceholder,
        seatedBots.map((row) => ({ value: row.userId, label: bots.removeOption(row.displayName), description: levelName(row) })),
      ),
    );
  }
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
      ...botRows,
      // 🎓 Learn (docs/lessons.md): anyone waiting in the lobby may learn the game privately first.
      ...(mod.lesson ? [buttonRow(button(learnId(mod.id, 'learn'), text.common.lesson.learnButton(mod.title(text)), ButtonStyle.Secondary))] : []),
    ],
    allowed_mentions: { parse: [] },
  };
}
