/**
 * `/leaderboard [game] [season] [scope]` (issue 7): the public top 10 of this server for one
 * game (by rating, mu − 3·sigma) or across all games (by games played), with paging
 * buttons (`rh1:l:…`) that redraw the same message. Past seasons are shown with `season:`.
 */
import { InteractionContextType, MessageFlags, SlashCommandBuilder, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { GameRegistry } from '../games/registry.js';
import { catalogFor, en, type Catalog } from '../i18n/index.js';
import { forDjs, privateText } from '../discord/answers.js';
import type { AppContext, InteractionLog } from '../discord/context.js';
import type { CustomId } from '../discord/custom-id.js';
import { ratingQueries } from '../ratings/queries.js';
import { leaderboardMessage } from '../discord/render/leaderboard.js';
import { ALL_GAMES, type BoardView } from '../ratings/views.js';
import { currentSeason } from '../ratings/store.js';
import type { SlashCommand } from './types.js';

/** The only scope so far: ratings are kept per server. */
export const SCOPE_SERVER = 'server';

/** A board to show, or the text of a private refusal. */
type ViewResult = { ok: true; view: BoardView } | { ok: false; text: string; outcome: string };

/**
 * Resolve what to show: `viewId` is a game id or ALL_GAMES; `season` undefined = the
 * game's current season; `page` is 0-based (clamped). Refuses unknown games, a season on
 * the all-games view, and seasons that have not started.
 */
export function resolveBoard(app: AppContext, t: Catalog, guildId: string, viewId: string, season: number | undefined, page: number): ViewResult {
  const q = ratingQueries(app.db);
  const e = t.ratings.errors;
  if (viewId === ALL_GAMES) {
    if (season !== undefined && season > 0) return { ok: false, text: e.seasonNeedsGame, outcome: 'season_needs_game' };
    return { ok: true, view: { kind: 'all', page: q.allGames(guildId, page) } };
  }
  const mod = app.registry.find(viewId);
  if (!mod) return { ok: false, text: e.unknownGame, outcome: 'unknown_game' };
  const current = currentSeason(app.db, guildId, mod.id).season;
  const s = season ?? current;
  if (s < 1 || s > current) return { ok: false, text: e.noSuchSeason(mod.title, s, current), outcome: 'no_such_season' };
  return { ok: true, view: { kind: 'game', game: mod.id, season: s, currentSeason: current, page: q.leaderboard(guildId, mod.id, s, page) } };
}

/** Build the `/leaderboard` command (one game choice per title, plus "all games"). */
export function leaderboardCommand(registry: GameRegistry): SlashCommand {
  const c = en.ratings.commands;
  const data = new SlashCommandBuilder()
    .setName('leaderboard')
    .setDescription(c.leaderboard)
    .setContexts(InteractionContextType.Guild)
    .addStringOption((o) =>
      o
        .setName('game')
        .setDescription(c.leaderboardGame)
        .addChoices({ name: c.allGames, value: ALL_GAMES }, ...registry.modules.map((m) => ({ name: m.title, value: m.id }))),
    )
    .addIntegerOption((o) => o.setName('season').setDescription(c.leaderboardSeason).setMinValue(1))
    .addStringOption((o) => o.setName('scope').setDescription(c.leaderboardScope).addChoices({ name: c.scopeServer, value: SCOPE_SERVER }))
    .toJSON();
  return {
    name: 'leaderboard',
    data,
    async execute(i: ChatInputCommandInteraction, app: AppContext, log: InteractionLog) {
      const t = catalogFor(i.locale);
      log.action = 'leaderboard';
      if (!i.guildId) {
        log.outcome = 'not_in_guild';
        await i.reply(privateText(t.ratings.errors.notInGuild));
        return;
      }
      const viewId = i.options.getString('game') ?? ALL_GAMES;
      const season = i.options.getInteger('season') ?? undefined;
      const r = resolveBoard(app, t, i.guildId, viewId, season, 0);
      if (!r.ok) {
        log.outcome = r.outcome;
        await i.reply(privateText(r.text));
        return;
      }
      log.outcome = 'ok';
      await i.reply(forDjs(leaderboardMessage(r.view, app.registry, en)));
    },
  };
}

/** A paging button (`rh1:l:<view>:<season>:<page>`): redraw the clicked board in place. */
export async function leaderboardPageClick(
  i: ButtonInteraction,
  app: AppContext,
  log: InteractionLog,
  id: Extract<CustomId, { kind: 'leaderboard' }>,
): Promise<void> {
  const t = catalogFor(i.locale);
  log.action = 'leaderboard page';
  if (!i.guildId) {
    log.outcome = 'not_in_guild';
    await i.reply(privateText(t.ratings.errors.notInGuild));
    return;
  }
  const r = resolveBoard(app, t, i.guildId, id.view, id.view === ALL_GAMES ? undefined : id.season, id.page);
  if (!r.ok) {
    log.outcome = r.outcome;
    await i.reply(privateText(t.ratings.errors.staleButton));
    return;
  }
  log.outcome = 'ok';
  const page = forDjs(leaderboardMessage(r.view, app.registry, en));
  // Turn the page in place only on a leaderboard message; a click forged onto any other
  // message (a game board, a lobby) is answered privately and leaves that message alone.
  const onLeaderboard = i.message.components.some((row) => JSON.stringify(row.toJSON()).includes('"rh1:l:'));
  if (onLeaderboard) await i.update(page);
  else await i.reply({ ...page, flags: MessageFlags.Ephemeral });
}
