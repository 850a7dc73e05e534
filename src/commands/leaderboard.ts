/**
 * `/leaderboard [game] [season] [scope]` (README "Leaderboards and ratings"): the public top
 * 10 of this server for one game (by rating, mu − 3·sigma) or across all games (by games
 * played), with paging buttons (`rh1:l:…`) that redraw the same message. Past seasons are
 * shown with `season:`.
 */
import { InteractionContextType, MessageFlags, SlashCommandBuilder } from 'discord.js';
import { forDjs, privateText } from '../discord/interactions/answers.js';
import type { AppContext } from '../discord/interactions/context.js';
import { leaderboardMessage } from '../discord/render/leaderboard.js';
import type { ComponentHandler, SlashCommand } from '../discord/interactions/slash-command.js';
import type { GameRegistry } from '../games/registry.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { catalogFor, type Catalog } from '../i18n/index.js';
import { ALL_GAMES, type BoardView } from '../ratings/views.js';

/** The only scope so far: ratings are kept per server. */
export const SCOPE_SERVER = 'server';

/** A board to show, or the text of a private refusal. */
type ViewResult = { ok: true; view: BoardView } | { ok: false; text: string; outcome: string };

/**
 * Resolve what to show: `viewId` is a game id or ALL_GAMES; `season` undefined = the
 * game's current season; `page` is 0-based (clamped). Refuses unknown games, a season on
 * the all-games view, and seasons that have not started.
 */
export async function resolveBoard(app: AppContext, text: Catalog, guildId: string, viewId: string, season: number | undefined, page: number): Promise<ViewResult> {
  const errors = text.ratings.errors;
  if (viewId === ALL_GAMES) {
    if (season !== undefined && season > 0) return { ok: false, text: errors.seasonNeedsGame, outcome: 'season_needs_game' };
    return { ok: true, view: { kind: 'all', page: await app.store.allGames(guildId, page) } };
  }
  const mod = app.registry.find(viewId);
  if (!mod) return { ok: false, text: errors.unknownGame, outcome: 'unknown_game' };
  const current = (await app.store.currentSeason(guildId, mod.id)).season;
  const shown = season ?? current;
  if (shown < 1 || shown > current) return { ok: false, text: errors.noSuchSeason(mod.title(text), shown, current), outcome: 'no_such_season' };
  return { ok: true, view: { kind: 'game', game: mod.id, season: shown, currentSeason: current, page: await app.store.leaderboard(guildId, mod.id, shown, page) } };
}

/**
 * A paging button (`rh1:l:<view>:<season>:<page>`): redraw the clicked board in place. A
 * select forged with a leaderboard id is refused like any damaged id.
 */
export const leaderboardPageClick: ComponentHandler<'leaderboard'> = async (interaction, app, log, id) => {
  const text = catalogFor(interaction.locale);
  log.action = 'leaderboard page';
  if (!interaction.isButton()) {
    log.outcome = 'malformed';
    await interaction.reply(privateText(text.common.errors.malformed));
    return;
  }
  if (!interaction.guildId) {
    log.outcome = 'not_in_guild';
    await interaction.reply(privateText(text.ratings.errors.notInGuild));
    return;
  }
  const resolved = await resolveBoard(app, text, interaction.guildId, id.view, id.view === ALL_GAMES ? undefined : id.season, id.page);
  if (!resolved.ok) {
    log.outcome = resolved.outcome;
    await interaction.reply(privateText(text.ratings.errors.staleButton));
    return;
  }
  log.outcome = 'ok';
  const page = forDjs(leaderboardMessage(resolved.view, app.registry, await publicCatalog(app, interaction.guildId, interaction.locale)));
  // Turn the page in place only on a leaderboard message; a click forged onto any other
  // message (a game board, a lobby) is answered privately and leaves that message alone.
  const onLeaderboard = interaction.message.components.some((row) => JSON.stringify(row.toJSON()).includes('"rh1:l:'));
  if (onLeaderboard) await interaction.update(page);
  else await interaction.reply({ ...page, flags: MessageFlags.Ephemeral });
};

/**
 * The catalog of a public leaderboard message: the server's language (`/admin settings
 * language:`) when set, otherwise the language of the member who asked for it.
 */
async function publicCatalog(app: AppContext, guildId: string, locale: string): Promise<Catalog> {
  return catalogFor((await app.store.guildLanguage(guildId)) ?? locale);
}

/** Build the `/leaderboard` command (one game choice per title, plus "all games"). */
export function leaderboardCommand(registry: GameRegistry): SlashCommand {
  const data = localizedCommand((t) => {
    const commands = t.ratings.commands;
    return new SlashCommandBuilder()
    .setName('leaderboard')
    .setDescription(commands.leaderboard)
    .setContexts(InteractionContextType.Guild)
    .addStringOption((option) =>
      option
        .setName('game')
        .setDescription(commands.leaderboardGame)
        .addChoices({ name: commands.allGames, value: ALL_GAMES }, ...registry.modules.map((mod) => ({ name: mod.title(t), value: mod.id }))),
    )
    .addIntegerOption((option) => option.setName('season').setDescription(commands.leaderboardSeason).setMinValue(1))
    .addStringOption((option) => option.setName('scope').setDescription(commands.leaderboardScope).addChoices({ name: commands.scopeServer, value: SCOPE_SERVER }))
    .toJSON();
  });
  return {
    name: 'leaderboard',
    data,
    components: { leaderboard: leaderboardPageClick },
    async execute(interaction, app, log) {
      const text = catalogFor(interaction.locale);
      log.action = 'leaderboard';
      if (!interaction.guildId) {
        log.outcome = 'not_in_guild';
        await interaction.reply(privateText(text.ratings.errors.notInGuild));
        return;
      }
      const viewId = interaction.options.getString('game') ?? ALL_GAMES;
      const season = interaction.options.getInteger('season') ?? undefined;
      const resolved = await resolveBoard(app, text, interaction.guildId, viewId, season, 0);
      if (!resolved.ok) {
        log.outcome = resolved.outcome;
        await interaction.reply(privateText(resolved.text));
        return;
      }
      log.outcome = 'ok';
      await interaction.reply(forDjs(leaderboardMessage(resolved.view, app.registry, await publicCatalog(app, interaction.guildId, interaction.locale))));
    },
  };
}
