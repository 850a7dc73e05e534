/**
 * The public leaderboard message (README "Leaderboards and ratings"): a page of one game's
 * season or of the all-games view, with ◀ / ▶ paging buttons. Pure function of query
 * results: no database, no Discord calls.
 */
import { ButtonStyle, ComponentType, type APIEmbed } from 'discord-api-types/v10';
import type { GameRegistry } from '../../games/registry.js';
import type { Catalog } from '../../i18n/index.js';
import { isProvisional } from '../../ratings/rating.js';
import { ALL_GAMES, type BoardView } from '../../ratings/views.js';
import { leaderboardPageId } from '../custom-id.js';
import { escapeName, type MessagePayload } from './markup.js';

/** Embed colour of leaderboards and stats (gold). */
export const RATINGS_COLOUR = 0xd4a017;

/** Previous / next buttons of a board page (none when everything fits on one page). */
function pager(text: Catalog, viewId: string, season: number, page: number, pages: number): MessagePayload['components'] {
  if (pages <= 1) return [];
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          custom_id: leaderboardPageId(viewId, season, Math.max(0, page - 1)),
          label: text.ratings.board.previous,
          disabled: page <= 0,
        },
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          custom_id: leaderboardPageId(viewId, season, Math.min(pages - 1, page + 1)),
          label: text.ratings.board.next,
          disabled: page >= pages - 1,
        },
      ],
    },
  ];
}

/**
 * The public leaderboard message: a title per game and season (or the all-games view), up
 * to PAGE_SIZE rows with rank, name, rating (✱ while provisional), games and win rate,
 * and paging buttons when there is more than one page. Mentions nobody.
 */
export function leaderboardMessage(view: BoardView, registry: GameRegistry, text: Catalog): MessagePayload {
  const board = text.ratings.board;
  const embed: APIEmbed = { color: RATINGS_COLOUR };
  let components: MessagePayload['components'];
  if (view.kind === 'all') {
    const { page } = view;
    embed.title = board.allTitle;
    embed.description = page.rows.length ? page.rows.map((row) => board.allRow(row.rank, escapeName(row.name), row.games, row.wins)).join('\n') : board.emptyAll(text.common.newCommands(registry.modules.map((mod) => mod.command)));
    embed.footer = { text: board.allFooter(page.page, page.pages, page.total) };
    components = pager(text, ALL_GAMES, 0, page.page, page.pages);
  } else {
    const { page, game, season, currentSeason } = view;
    const mod = registry.get(game);
    embed.title = board.title(mod.emoji, mod.title(text), season);
    const lines = page.rows.map((row) => board.row(row.rank, escapeName(row.name), row.ordinal, row.games, row.wins, isProvisional(row.games)));
    if (lines.length === 0) lines.push(season < currentSeason ? board.emptyPast(mod.title(text), season) : board.empty(mod.title(text)));
    if (season < currentSeason) lines.unshift(board.pastSeason(season, currentSeason), '');
    embed.description = lines.join('\n');
    embed.footer = { text: board.footer(page.page, page.pages, page.total) };
    components = pager(text, game, season, page.page, page.pages);
  }
  return { embeds: [embed], components: components ?? [], allowed_mentions: { parse: [] } };
}
