/**
 * `/admin` (README "Leaderboards and ratings" → `/admin`): server tools for members with
 * Manage Server. The command is hidden by default (`setDefaultMemberPermissions(ManageGuild)`),
 * but server admins can override that in Discord, so every subcommand and every
 * confirmation click checks the member's permission again and refuses privately otherwise
 * (docs/discord.md §5).
 *
 * - `/admin tables` — the open tables of this server (channel, game, players, age, last move)
 * - `/admin end table:<id>` — end a stuck table after a confirmation; not rated
 * - `/admin leaderboard-reset game:<game>` — start a new season after a confirmation
 * - `/admin check` — what the bot may do in this channel and whether its parts work
 *   (src/commands/admin-check.ts), privately
 * - `/admin settings [turn-timer] [counter-window] [vote-timer] [allow-channel] [remove-channel] [host-role] [reset] [language] [text-boards]
 *   [spectators] [spectator-delay] [watchers-see-hands] [tournament-role]` — server defaults for new tables (watching
 *   included: docs/watching.md), where and by whom tables may be opened, and who organises tournaments
 */
import { ChannelType, InteractionContextType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { adminCheckReport } from './admin-check.js';
import {
  invalidSettings,
  SETTING_LIMITS,
  type GuildDefaultsPatch,
  type HostingPatch,
  type SettingKey,
} from '../admin/settings.js';
import { openTablesPage } from '../admin/tables.js';
import { actorOf, answerPrompt, privateText } from '../discord/interactions/answers.js';
import type { AppContext, InteractionLog } from '../discord/interactions/context.js';
import { adminActionId } from '../discord/custom-id.js';
import { confirmPrompt } from '../discord/interactions/prompts.js';
import { adminTablesText, settingsText } from '../discord/render/admin.js';
import type { ComponentHandler, ComponentInteraction, SlashCommand } from '../discord/interactions/slash-command.js';
import type { GameRegistry } from '../games/registry.js';
import { localizedCommand } from '../discord/interactions/localize.js';
import { catalogFor, LANGUAGES, type Catalog } from '../i18n/index.js';
import type { GuildWatchSettings } from '../persistence/store/types.js';
import { MAX_SPECTATOR_DELAY, SPECTATOR_MODES, WATCHERS_SEE_HANDS } from '../tables/spectators.js';

/** `/admin settings` option names → settings keys. */
/** The `language:` choice that clears the server language (each table takes its opener's language). */
export const LANGUAGE_AUTO = 'auto';

const SETTING_OPTIONS: { option: string; key: SettingKey }[] = [
  { option: 'turn-timer', key: 'turnSeconds' },
  { option: 'counter-window', key: 'reactionSeconds' },
  { option: 'vote-timer', key: 'voteSeconds' },
];

/** Channel types a table can be opened in (text, announcement and voice channels' text chat). */
const TABLE_CHANNEL_TYPES = [ChannelType.GuildText, ChannelType.GuildAnnouncement, ChannelType.GuildVoice] as const;
/** `/admin settings reset:` choices. */
const RESET_CHANNELS = 'channels';
const RESET_HOST_ROLE = 'host-role';
const RESET_TOURNAMENT_ROLE = 'tournament-role';

/** True when the member behind `interaction` has Manage Server in this guild (checked on every use). */
export function canManage(interaction: ChatInputCommandInteraction | ComponentInteraction): boolean {
  return Boolean(interaction.inGuild() && interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild));
}

/**
 * A click on an `/admin` confirmation (`rh1:a:…`). Re-checks Manage Server, then ends the
 * table (not rated; the board says "Ended by a server admin"), starts the new season (only
 * if the season shown is still current), or leaves everything as it was.
 */
export const adminClick: ComponentHandler<'admin'> = async (interaction, app, log, id) => {
  const text = catalogFor(interaction.locale);
  const admin = text.ratings.admin;
  log.action = `admin ${id.verb}`;
  if (!interaction.guildId || !canManage(interaction)) {
    log.outcome = 'forbidden';
    await interaction.reply(privateText(admin.refused));
    return;
  }
  switch (id.verb) {
    case 'keep':
      log.outcome = 'ok';
      await answerPrompt(interaction, admin.kept);
      return;
    case 'end': {
      log.table = id.tableId;
      // An admin ends a table from anywhere in their server; tables of other servers are unknown.
      const result = await app.service.lobby.cancel(id.tableId, actorOf(interaction), 'admin');
      if (!result.ok && result.error.code === 'no-table') {
        log.outcome = 'no-table';
        await answerPrompt(interaction, admin.noSuchTable(id.tableId));
        return;
      }
      log.outcome = result.ok ? 'ended' : result.error.code;
      await answerPrompt(interaction, result.ok ? admin.ended(id.tableId) : admin.alreadyEnded(id.tableId));
      return;
    }
    case 'reset': {
      const mod = app.registry.find(id.game);
      if (!mod) {
        log.outcome = 'unknown-game';
        await answerPrompt(interaction, text.ratings.errors.unknownGame);
        return;
      }
      const result = await app.store.resetSeason(interaction.guildId, mod.id, id.season, interaction.user.id, Date.now());
      log.outcome = result.ok ? 'reset' : 'stale';
      await answerPrompt(interaction, result.ok ? admin.resetDone(mod.title(text), result.season, mod.id) : admin.resetStale(mod.title(text), result.current));
      return;
    }
  }
};

/** Build the `/admin` command (game choices from the registry). */
export function adminCommand(registry: GameRegistry): SlashCommand {
  const data = localizedCommand((t) => {
    const commands = t.ratings.commands;
    return new SlashCommandBuilder()
    .setName('admin')
    .setDescription(commands.admin)
    .setContexts(InteractionContextType.Guild)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((sub) => sub.setName('check').setDescription(commands.adminCheck))
    .addSubcommand((sub) =>
      sub
        .setName('tables')
        .setDescription(commands.adminTables)
        .addIntegerOption((option) => option.setName('page').setDescription(commands.adminTablesPage).setMinValue(1)),
    )
    .addSubcommand((sub) =>
      sub
        .setName('end')
        .setDescription(commands.adminEnd)
        .addIntegerOption((option) => option.setName('table').setDescription(commands.adminEndTable).setRequired(true).setMinValue(1)),
    )
    .addSubcommand((sub) =>
      sub
        .setName('leaderboard-reset')
        .setDescription(commands.adminReset)
        .addStringOption((option) =>
          option
            .setName('game')
            .setDescription(commands.adminResetGame)
            .setRequired(true)
            .addChoices(...registry.modules.map((mod) => ({ name: mod.title(t), value: mod.id }))),
        ),
    )
    .addSubcommand((sub) =>
      sub
        .setName('settings')
        .setDescription(commands.adminSettings)
        .addIntegerOption((option) =>
          option.setName('turn-timer').setDescription(commands.adminTurn).setMinValue(0).setMaxValue(SETTING_LIMITS.turnSeconds.max),
        )
        .addIntegerOption((option) =>
          option.setName('counter-window').setDescription(commands.adminCounter).setMinValue(0).setMaxValue(SETTING_LIMITS.reactionSeconds.max),
        )
        .addIntegerOption((option) =>
          option.setName('vote-timer').setDescription(commands.adminVote).setMinValue(0).setMaxValue(SETTING_LIMITS.voteSeconds.max),
        )
        .addChannelOption((option) => option.setName('allow-channel').setDescription(commands.adminAllowChannel).addChannelTypes(...TABLE_CHANNEL_TYPES))
        .addChannelOption((option) => option.setName('remove-channel').setDescription(commands.adminRemoveChannel).addChannelTypes(...TABLE_CHANNEL_TYPES))
        .addRoleOption((option) => option.setName('host-role').setDescription(commands.adminHostRole))
        .addStringOption((option) =>
          option
            .setName('reset')
            .setDescription(commands.adminSettingsReset)
            .addChoices(
              { name: commands.resetChannels, value: RESET_CHANNELS },
              { name: commands.resetHostRole, value: RESET_HOST_ROLE },
              { name: t.tournaments.commands.resetRole, value: RESET_TOURNAMENT_ROLE },
            ),
        )
        .addStringOption((option) =>
          option
            .setName('language')
            .setDescription(commands.adminLanguage)
            .addChoices(
              { name: commands.languageAuto, value: LANGUAGE_AUTO },
              ...LANGUAGES.map((language) => ({ name: t.ratings.admin.languageNames[language] ?? language, value: language })),
            ),
        )
        .addBooleanOption((option) => option.setName('text-boards').setDescription(commands.adminTextBoards))
        .addStringOption((option) =>
          option
            .setName('spectators')
            .setDescription(t.watch.commands.adminSpectators)
            .addChoices(...SPECTATOR_MODES.map((mode) => ({ name: t.watch.modes[mode] ?? mode, value: mode }))),
        )
        .addIntegerOption((option) => option.setName('spectator-delay').setDescription(t.watch.commands.adminSpectatorDelay).setMinValue(0).setMaxValue(MAX_SPECTATOR_DELAY))
        .addStringOption((option) =>
          option
            .setName('watchers-see-hands')
            .setDescription(t.watch.commands.adminWatchersSeeHands)
            .addChoices(...WATCHERS_SEE_HANDS.map((value) => ({ name: t.watch.seeHands[value] ?? value, value }))),
        )
        .addRoleOption((option) => option.setName('tournament-role').setDescription(t.tournaments.commands.adminRole)),
    )
    .toJSON();
  });

  return {
    name: 'admin',
    data,
    components: { admin: adminClick },
    async execute(interaction, app, log) {
      const text = catalogFor(interaction.locale);
      const sub = interaction.options.getSubcommand();
      log.action = `admin ${sub}`;
      if (!interaction.guildId || !canManage(interaction)) {
        log.outcome = 'forbidden';
        await interaction.reply(privateText(interaction.guildId ? text.ratings.admin.refused : text.ratings.errors.notInGuild));
        return;
      }
      const guildId = interaction.guildId;
      switch (sub) {
        case 'check':
          // A few reads and a test picture: acknowledged first (privately), then filled in.
          await interaction.deferReply({ flags: MessageFlags.Ephemeral });
          await interaction.editReply({ content: await adminCheckReport(interaction, app, text), allowedMentions: { parse: [] } });
          log.outcome = 'ok';
          return;
        case 'tables':
          log.outcome = 'ok';
          await interaction.reply(privateText(adminTablesText(await openTablesPage(app.store, guildId, interaction.options.getInteger('page') ?? 1), app.registry, text)));
          return;
        case 'end':
          await askEnd(interaction, app, log, text, guildId);
          return;
        case 'leaderboard-reset':
          await askReset(interaction, app, log, text, guildId);
          return;
        case 'settings':
          await settings(interaction, app, log, text, guildId);
          return;
        default:
          log.outcome = 'unknown_subcommand';
          await interaction.reply(privateText(text.common.errors.generic));
      }
    },
  };
}

async function askEnd(interaction: ChatInputCommandInteraction, app: AppContext, log: InteractionLog, text: Catalog, guildId: string): Promise<void> {
  const admin = text.ratings.admin;
  const id = interaction.options.getInteger('table', true);
  const table = await app.store.table(id);
  log.table = id;
  if (!table || table.guildId !== guildId) {
    log.outcome = 'no-table';
    await interaction.reply(privateText(admin.noSuchTable(id)));
    return;
  }
  if (table.status !== 'lobby' && table.status !== 'active') {
    log.outcome = 'table-closed';
    await interaction.reply(privateText(admin.alreadyEnded(id)));
    return;
  }
  const found = app.registry.find(table.game);
  const title = found ? found.title(text) : table.game;
  log.outcome = 'confirm';
  await interaction.reply(
    confirmPrompt(
      admin.confirmEnd(title, id, table.channelId),
      adminActionId({ verb: 'end', tableId: id }),
      admin.confirmEndButton,
      adminActionId({ verb: 'keep' }),
      admin.keepTable,
    ),
  );
}

async function askReset(interaction: ChatInputCommandInteraction, app: AppContext, log: InteractionLog, text: Catalog, guildId: string): Promise<void> {
  const admin = text.ratings.admin;
  const mod = app.registry.find(interaction.options.getString('game', true));
  if (!mod) {
    log.outcome = 'unknown-game';
    await interaction.reply(privateText(text.ratings.errors.unknownGame));
    return;
  }
  const { season } = await app.store.currentSeason(guildId, mod.id);
  log.outcome = 'confirm';
  await interaction.reply(
    confirmPrompt(
      admin.confirmReset(mod.title(text), season, mod.id),
      adminActionId({ verb: 'reset', game: mod.id, season }),
      admin.confirmResetButton(season + 1),
      adminActionId({ verb: 'keep' }),
      admin.keepSeason(season),
    ),
  );
}

/**
 * `/admin settings`: with no option, show the settings; otherwise validate every option
 * first (timers in range, no contradictions, the channel list within its limit) and store
 * them together — a refusal changes nothing.
 */
async function settings(interaction: ChatInputCommandInteraction, app: AppContext, log: InteractionLog, text: Catalog, guildId: string): Promise<void> {
  const admin = text.ratings.admin;
  const patch: GuildDefaultsPatch = {};
  for (const { option, key } of SETTING_OPTIONS) {
    const value = interaction.options.getInteger(option);
    if (value !== null) patch[key] = value === 0 ? null : value;
  }
  const allow = interaction.options.getChannel('allow-channel')?.id;
  const remove = interaction.options.getChannel('remove-channel')?.id;
  const role = interaction.options.getRole('host-role')?.id;
  const reset = interaction.options.getString('reset');
  const hosting: HostingPatch = {
    ...(allow ? { allowChannel: allow } : {}),
    ...(remove ? { removeChannel: remove } : {}),
    ...(reset === RESET_CHANNELS ? { anyChannel: true } : {}),
    // @everyone (its id is the server's) means anyone.
    ...(role ? { hostRoleId: role === guildId ? null : role } : reset === RESET_HOST_ROLE ? { hostRoleId: null } : {}),
  };
  const refuse = async (outcome: string, content: string) => {
    log.outcome = outcome;
    await interaction.reply(privateText(content));
  };
  const languageChoice = interaction.options.getString('language');
  const language = languageChoice === null ? undefined : languageChoice === LANGUAGE_AUTO ? null : languageChoice;
  if (language && !(LANGUAGES as readonly string[]).includes(language)) return refuse('bad_setting', text.common.errors.badOptions(`language: ${language}`));
  const textBoards = interaction.options.getBoolean('text-boards');
  // Watching defaults (docs/watching.md) and the tournament organisers' role (docs/tournaments.md).
  const watching: Partial<GuildWatchSettings> = {};
  const mode = interaction.options.getString('spectators');
  if (mode !== null) watching.spectators = mode === 'public' ? null : mode;
  const delay = interaction.options.getInteger('spectator-delay');
  if (delay !== null) watching.spectatorDelay = delay === 0 ? null : delay;
  const hands = interaction.options.getString('watchers-see-hands');
  if (hands !== null) watching.watchersSeeHands = hands === 'off' ? null : hands;
  const tournamentRole = interaction.options.getRole('tournament-role')?.id;
  if (tournamentRole) watching.tournamentRoleId = tournamentRole === guildId ? null : tournamentRole;
  else if (reset === RESET_TOURNAMENT_ROLE) watching.tournamentRoleId = null;
  const view = async () => ({
    defaults: await app.store.guildDefaults(guildId),
    rules: await app.store.hostingRules(guildId),
    language: await app.store.guildLanguage(guildId),
    textBoards: await app.store.guildTextBoards(guildId),
    watching: await app.store.guildWatchSettings(guildId),
  });
  if (Object.keys(patch).length === 0 && Object.keys(hosting).length === 0 && language === undefined && textBoards === null && Object.keys(watching).length === 0) {
    log.outcome = 'shown';
    await interaction.reply(privateText(settingsText(await view(), app.registry, text)));
    return;
  }
  if ((allow && allow === remove) || (reset === RESET_CHANNELS && (allow || remove)) || (reset === RESET_HOST_ROLE && role) || (reset === RESET_TOURNAMENT_ROLE && tournamentRole)) {
    return refuse('bad_setting', admin.settingsConflict);
  }
  const bad = invalidSettings(patch)[0];
  if (bad) return refuse('bad_setting', admin.settingsBad(admin.settingLabels[bad] ?? bad, SETTING_LIMITS[bad].min, SETTING_LIMITS[bad].max));
  const now = Date.now();
  // Hosting rules and timer defaults change together or not at all (one transaction).
  const stored = await app.store.transaction(async (tx) => {
    const rules = Object.keys(hosting).length > 0 ? await tx.updateHostingRules(guildId, hosting, interaction.user.id, now) : null;
    if (rules && !rules.ok) return rules;
    if (Object.keys(patch).length > 0) await tx.updateGuildDefaults(guildId, patch, interaction.user.id, now);
    if (language !== undefined) await tx.setGuildLanguage(guildId, language, interaction.user.id, now);
    if (textBoards !== null) await tx.setGuildTextBoards(guildId, textBoards, interaction.user.id, now);
    if (Object.keys(watching).length > 0) await tx.setGuildWatchSettings(guildId, watching, interaction.user.id, now);
    return { ok: true as const, emptied: rules?.emptied ?? false };
  });
  if (!stored.ok) {
    const problem = stored.problem;
    switch (problem.code) {
      case 'not-listed':
        return refuse('bad_setting', admin.notListed(problem.channelId));
      case 'no-list':
        return refuse('bad_setting', admin.noList(problem.channelId));
      case 'already-listed':
        return refuse('bad_setting', admin.alreadyListed(problem.channelId));
      case 'too-many':
        return refuse('bad_setting', admin.tooMany(problem.max));
    }
  }
  log.outcome = 'saved';
  await interaction.reply(privateText(settingsText(await view(), app.registry, text, [admin.settingsSaved, ...(stored.emptied ? [admin.listEmptied] : [])])));
}
