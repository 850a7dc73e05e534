/**
 * `/stats [user]` (README "Leaderboards and ratings"): a player's record in this server,
 * privately — per game the current-season rating (✱ provisional under 5 games), position,
 * games, wins, win rate and streak; lifetime totals; and their last 5 finished games.
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { actorOf, forDjsEphemeral, privateText } from '../discord/interactions/answers.js';
import { statsMessage } from '../discord/render/stats.js';
import type { SlashCommand } from '../discord/interactions/slash-command.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { catalogFor } from '../i18n/index.js';
import { recordAgainstBots } from '../ratings/vs-bots.js';

/** The display name of the `user` option: server nickname, then global name, then username. */
function optionName(interaction: ChatInputCommandInteraction): { id: string; name: string } | undefined {
  const user = interaction.options.getUser('user');
  if (!user) return undefined;
  const member = interaction.options.getMember('user');
  const nick = member && 'displayName' in member ? member.displayName : (member as { nick?: string | null } | null)?.nick;
  return { id: user.id, name: nick || user.globalName || user.username };
}

/** The `/stats` command. */
export const statsCommand: SlashCommand = {
  name: 'stats',
  data: localizedCommand((t) =>
    new SlashCommandBuilder()
      .setName('stats')
      .setDescription(t.ratings.commands.stats)
      .setContexts(InteractionContextType.Guild)
      .addUserOption((option) => option.setName('user').setDescription(t.ratings.commands.statsUser))
      .toJSON(),
  ),
  async execute(interaction, app, log) {
    const text = catalogFor(interaction.locale);
    log.action = 'stats';
    if (!interaction.guildId) {
      log.outcome = 'not_in_guild';
      await interaction.reply(privateText(text.ratings.errors.notInGuild));
      return;
    }
    const me = actorOf(interaction);
    const who = optionName(interaction) ?? { id: me.userId, name: me.displayName };
    const [totals, games, recent, vsBots] = await Promise.all([
      app.store.playerTotals(interaction.guildId, who.id),
      app.store.playerGames(interaction.guildId, who.id),
      app.store.recentGames(interaction.guildId, who.id),
      recordAgainstBots(app.store, interaction.guildId, who.id),
    ]);
    const stats = { name: who.name || totals?.name || who.id, games, totals, recent, vsBots };
    log.outcome = totals || vsBots.length > 0 ? 'ok' : 'empty';
    await interaction.reply(forDjsEphemeral(statsMessage(stats, app.registry, text)));
  },
};
