/** The private `/stats` answer: a player's record in this server (README "Leaderboards and ratings"). */
import type { APIEmbed } from 'discord-api-types/v10';
import type { GameRegistry } from '../../games/registry.js';
import type { Catalog } from '../../i18n/index.js';
import { isProvisional, PROVISIONAL_GAMES } from '../../ratings/rating.js';
import type { PlayerStats } from '../../ratings/views.js';
import { RATINGS_COLOUR } from './leaderboard.js';
import { escapeName, type MessagePayload } from './markup.js';

/**
 * Per game (current season) the rating with its provisional mark, position, games, wins,
 * win rate and streak; lifetime totals; the last games. Games no longer registered are
 * left out of the per-game part.
 */
export function statsMessage(stats: PlayerStats, registry: GameRegistry, text: Catalog): MessagePayload {
  const lines = text.ratings.stats;
  const name = escapeName(stats.name);
  const embed: APIEmbed = { color: RATINGS_COLOUR, title: lines.title(name) };
  const vsBots = stats.vsBots ?? [];
  if (!stats.totals && stats.recent.length === 0 && vsBots.length === 0) {
    embed.description = lines.nothing(name);
    return { embeds: [embed], components: [], allowed_mentions: { parse: [] } };
  }
  const order = new Map(registry.ids().map((id, index) => [id as string, index]));
  const sections: string[] = [];
  const known = stats.games.filter((record) => registry.find(record.game)).sort((a, b) => (order.get(a.game) ?? 99) - (order.get(b.game) ?? 99));
  for (const record of known) {
    const mod = registry.get(record.game);
    sections.push(
      [
        lines.gameLine(mod.emoji, mod.title(text), record.season),
        lines.ratingLine(record.ordinal, record.mu, record.sigma, record.rank, record.of, isProvisional(record.games), record.games, PROVISIONAL_GAMES),
        lines.recordLine(record.games, record.wins, record.streak),
      ].join('\n'),
    );
  }
  if (known.length === 0) sections.push(lines.noCurrent);
  if (stats.totals) sections.push(lines.totals(stats.totals.games, stats.totals.wins));
  if (vsBots.length > 0) {
    const bots = text.bots;
    sections.push([bots.stats.title, ...vsBots.map((record) => bots.stats.line(bots.levels[record.level] ?? record.level, record.games, record.wins))].join('\n'));
  }
  if (stats.recent.length > 0) {
    const recent = stats.recent.map((game) => {
      const mod = registry.find(game.game);
      return lines.recent(mod?.emoji ?? '🎲', mod ? mod.title(text) : game.game, game.tableId, game.placement, game.players, game.winner, game.left, game.endedAt);
    });
    sections.push([lines.recentTitle, ...recent].join('\n'));
  }
  embed.description = sections.join('\n\n').slice(0, 4096);
  return { embeds: [embed], components: [], allowed_mentions: { parse: [] } };
}
