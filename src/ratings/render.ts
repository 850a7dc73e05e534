/**
 * Rendering leaderboards and player records into message payloads (strings from
 * `t.ratings`). Pure functions of query results: no database, no Discord calls.
 */
import { ButtonStyle, ComponentType, type APIEmbed } from 'discord-api-types/v10';
import type { GameRegistry } from '../games/registry.js';
import type { Catalog } from '../i18n/index.js';
import { leaderboardPageId } from '../discord/custom-id.js';
import { escapeName, type MessagePayload } from '../tables/render.js';
import type { LeaderRow, Page, PlayerGameRecord, RecentGame, TotalsRow } from './queries.js';
import { isProvisional, PROVISIONAL_GAMES } from './rating.js';

/** The value of the leaderboard's "all games" view in options and button ids. */
export const ALL_GAMES = 'all';

/** Embed colour of leaderboards and stats (gold). */
const GOLD = 0xd4a017;

/** What a leaderboard message shows. */
export type BoardView =
  | { kind: 'game'; game: string; season: number; currentSeason: number; page: Page<LeaderRow> }
  | { kind: 'all'; page: Page<TotalsRow> };

/** Previous / next buttons of a board page (none when everything fits on one page). */
function pager(t: Catalog, viewId: string, season: number, page: number, pages: number): MessagePayload['components'] {
  if (pages <= 1) return [];
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          custom_id: leaderboardPageId(viewId, season, Math.max(0, page - 1)),
          label: t.ratings.board.previous,
          disabled: page <= 0,
        },
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          custom_id: leaderboardPageId(viewId, season, Math.min(pages - 1, page + 1)),
          label: t.ratings.board.next,
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
export function leaderboardMessage(view: BoardView, registry: GameRegistry, t: Catalog): MessagePayload {
  const b = t.ratings.board;
  const embed: APIEmbed = { color: GOLD };
  let components: MessagePayload['components'];
  if (view.kind === 'all') {
    const { page } = view;
    embed.title = b.allTitle;
    embed.description = page.rows.length ? page.rows.map((r) => b.allRow(r.rank, escapeName(r.name), r.games, r.wins)).join('\n') : b.emptyAll;
    embed.footer = { text: b.allFooter(page.page, page.pages, page.total) };
    components = pager(t, ALL_GAMES, 0, page.page, page.pages);
  } else {
    const { page, game, season, currentSeason } = view;
    const mod = registry.get(game);
    embed.title = b.title(mod.emoji, mod.title, season);
    const lines = page.rows.map((r) => b.row(r.rank, escapeName(r.name), r.ordinal, r.games, r.wins, isProvisional(r.games)));
    if (lines.length === 0) lines.push(season < currentSeason ? b.emptyPast(mod.title, season) : b.empty(mod.title));
    if (season < currentSeason) lines.unshift(b.pastSeason(season, currentSeason), '');
    embed.description = lines.join('\n');
    embed.footer = { text: b.footer(page.page, page.pages, page.total) };
    components = pager(t, game, season, page.page, page.pages);
  }
  return { embeds: [embed], components: components ?? [], allowed_mentions: { parse: [] } };
}

/** Everything `/stats` shows about one player. */
export interface PlayerStats {
  name: string;
  games: PlayerGameRecord[];
  totals: { games: number; wins: number } | undefined;
  recent: RecentGame[];
}

/**
 * The private `/stats` answer: per game (current season) the rating with its provisional
 * mark, position, games, wins, win rate and streak; lifetime totals; the last games.
 */
export function statsMessage(stats: PlayerStats, registry: GameRegistry, t: Catalog): MessagePayload {
  const s = t.ratings.stats;
  const name = escapeName(stats.name);
  const embed: APIEmbed = { color: GOLD, title: s.title(name) };
  if (!stats.totals && stats.recent.length === 0) {
    embed.description = s.nothing(name);
    return { embeds: [embed], components: [], allowed_mentions: { parse: [] } };
  }
  const order = new Map(registry.ids().map((id, i) => [id as string, i]));
  const sections: string[] = [];
  const known = stats.games.filter((g) => registry.find(g.game)).sort((a, b) => (order.get(a.game) ?? 99) - (order.get(b.game) ?? 99));
  for (const g of known) {
    const mod = registry.get(g.game);
    sections.push(
      [
        s.gameLine(mod.emoji, mod.title, g.season),
        s.ratingLine(g.ordinal, g.mu, g.sigma, g.rank, g.of, isProvisional(g.games), g.games, PROVISIONAL_GAMES),
        s.recordLine(g.games, g.wins, g.streak),
      ].join('\n'),
    );
  }
  if (known.length === 0) sections.push(s.noCurrent);
  if (stats.totals) sections.push(s.totals(stats.totals.games, stats.totals.wins));
  if (stats.recent.length > 0) {
    const lines = stats.recent.map((r) => {
      const mod = registry.find(r.game);
      return s.recent(mod?.emoji ?? '🎲', mod?.title ?? r.game, r.tableId, r.placement, r.players, r.winner, r.left, r.endedAt);
    });
    sections.push([s.recentTitle, ...lines].join('\n'));
  }
  embed.description = sections.join('\n\n').slice(0, 4096);
  return { embeds: [embed], components: [], allowed_mentions: { parse: [] } };
}
