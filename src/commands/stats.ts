/**
 * `/stats [user]` (issue 7): a player's record in this server, privately — per game the
 * current-season rating (✱ provisional under 5 games), position, games, wins, win rate and
 * streak; lifetime totals; and their last 5 finished games.
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { catalogFor, en } from '../i18n/index.js';
import { actorOf, forDjsEphemeral, privateText } from '../discord/answers.js';
import type { AppContext, InteractionLog } from '../discord/context.js';
import { ratingQueries } from '../ratings/queries.js';
import { statsMessage } from '../discord/render/stats.js';
import type { SlashCommand } from './types.js';

/** The display name of the `user` option: server nickname, then global name, then username. */
function optionName(i: ChatInputCommandInteraction): { id: string; name: string } | undefined {
  const user = i.options.getUser('user');
  if (!user) return undefined;
  const member = i.options.getMember('user');
  const nick = member && 'displayName' in member ? member.displayName : (member as { nick?: string | null } | null)?.nick;
  return { id: user.id, name: nick || user.globalName || user.username };
}

/** The `/stats` command. */
export const statsCommand: SlashCommand = {
  name: 'stats',
  data: new SlashCommandBuilder()
    .setName('stats')
    .setDescription(en.ratings.commands.stats)
    .setContexts(InteractionContextType.Guild)
    .addUserOption((o) => o.setName('user').setDescription(en.ratings.commands.statsUser))
    .toJSON(),
  async execute(i, app: AppContext, log: InteractionLog) {
    const t = catalogFor(i.locale);
    log.action = 'stats';
    if (!i.guildId) {
      log.outcome = 'not_in_guild';
      await i.reply(privateText(t.ratings.errors.notInGuild));
      return;
    }
    const me = actorOf(i);
    const who = optionName(i) ?? { id: me.userId, name: me.displayName };
    const q = ratingQueries(app.db);
    const totals = q.totals(i.guildId, who.id);
    const stats = {
      name: who.name || totals?.name || who.id,
      games: q.playerGames(i.guildId, who.id),
      totals,
      recent: q.recentGames(i.guildId, who.id),
    };
    log.outcome = totals ? 'ok' : 'empty';
    await i.reply(forDjsEphemeral(statsMessage(stats, app.registry, t)));
  },
};
