/** Every slash command of the bot, in registration order. */
import type { GameRegistry } from '../games/registry.js';
import { adminCommand } from './admin.js';
import { gameCommand } from './game.js';
import { gamesCommand } from './games.js';
import { handCommand } from './hand.js';
import { helpCommand } from './help.js';
import { leaderboardCommand } from './leaderboard.js';
import { historyCommand } from './history.js';
import { privacyCommand } from './privacy.js';
import { statsCommand } from './stats.js';
import { tableCommand } from './table.js';
import { tournamentCommand } from './tournament.js';
import type { SlashCommand } from '../discord/interactions/slash-command.js';

/** Build the command list for the games in `registry`. */
export function buildCommands(registry: GameRegistry): SlashCommand[] {
  return [...registry.modules.map(gameCommand), handCommand, gamesCommand, tableCommand, tournamentCommand(registry), leaderboardCommand(registry), statsCommand, historyCommand, adminCommand(registry), privacyCommand, helpCommand(registry)];
}
