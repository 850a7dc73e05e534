/**
 * `/admin` (issue 7): server tools for members with Manage Server. The command is hidden
 * by default (`setDefaultMemberPermissions(ManageGuild)`), but server admins can override
 * that in Discord, so every subcommand and every confirmation click checks the member's
 * permission again and refuses privately otherwise (discord-platform.md §5).
 *
 * - `/admin tables` — the open tables of this server (channel, game, players, age, last move)
 * - `/admin end table:<id>` — end a stuck table after a confirmation; not rated
 * - `/admin leaderboard-reset game:<game>` — start a new season after a confirmation
 * - `/admin settings [turn-timer] [counter-window] [vote-timer]` — server defaults for new tables
 */
import {
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { GameRegistry } from '../games/registry.js';
import { catalogFor, en, type Catalog } from '../i18n/index.js';
import { actorOf, answerPrompt, privateText } from '../discord/answers.js';
import type { AppContext, InteractionLog } from '../discord/context.js';
import { adminActionId, type CustomId } from '../discord/custom-id.js';
import { guildDefaults, invalidSettings, SETTING_LIMITS, updateGuildDefaults, type GuildDefaultsPatch, type SettingKey } from '../admin/settings.js';
import { openTablesPage } from '../admin/tables.js';
import { adminTablesText, settingsText } from '../discord/render/admin.js';
import { currentSeason, resetSeason } from '../ratings/store.js';
import { confirmPrompt } from './table.js';
import type { SlashCommand } from './types.js';

/** `/admin settings` option names → settings keys. */
const SETTING_OPTIONS: { option: string; key: SettingKey }[] = [
  { option: 'turn-timer', key: 'turnSeconds' },
  { option: 'counter-window', key: 'reactionSeconds' },
  { option: 'vote-timer', key: 'voteSeconds' },
];

/** True when the member behind `i` has Manage Server in this guild (checked on every use). */
export function canManage(i: ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction): boolean {
  return Boolean(i.inGuild() && i.memberPermissions?.has(PermissionFlagsBits.ManageGuild));
}

/** Build the `/admin` command (game choices from the registry). */
export function adminCommand(registry: GameRegistry): SlashCommand {
  const c = en.ratings.commands;
  const data = new SlashCommandBuilder()
    .setName('admin')
    .setDescription(c.admin)
    .setContexts(InteractionContextType.Guild)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) =>
      s
        .setName('tables')
        .setDescription(c.adminTables)
        .addIntegerOption((o) => o.setName('page').setDescription(c.adminTablesPage).setMinValue(1)),
    )
    .addSubcommand((s) =>
      s
        .setName('end')
        .setDescription(c.adminEnd)
        .addIntegerOption((o) => o.setName('table').setDescription(c.adminEndTable).setRequired(true).setMinValue(1)),
    )
    .addSubcommand((s) =>
      s
        .setName('leaderboard-reset')
        .setDescription(c.adminReset)
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription(c.adminResetGame)
            .setRequired(true)
            .addChoices(...registry.modules.map((m) => ({ name: m.title, value: m.id }))),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('settings')
        .setDescription(c.adminSettings)
        .addIntegerOption((o) => o.setName('turn-timer').setDescription(c.adminTurn).setMinValue(0).setMaxValue(SETTING_LIMITS.turnSeconds.max))
        .addIntegerOption((o) =>
          o.setName('counter-window').setDescription(c.adminCounter).setMinValue(0).setMaxValue(SETTING_LIMITS.reactionSeconds.max),
        )
        .addIntegerOption((o) => o.setName('vote-timer').setDescription(c.adminVote).setMinValue(0).setMaxValue(SETTING_LIMITS.voteSeconds.max)),
    )
    .toJSON();

  return {
    name: 'admin',
    data,
    async execute(i, app, log) {
      const t = catalogFor(i.locale);
      const sub = i.options.getSubcommand();
      log.action = `admin ${sub}`;
      if (!i.guildId || !canManage(i)) {
        log.outcome = 'forbidden';
        await i.reply(privateText(i.guildId ? t.ratings.admin.refused : t.ratings.errors.notInGuild));
        return;
      }
      const guildId = i.guildId;
      switch (sub) {
        case 'tables':
          log.outcome = 'ok';
          await i.reply(privateText(adminTablesText(openTablesPage(app.repo, guildId, i.options.getInteger('page') ?? 1), app.registry, t)));
          return;
        case 'end':
          await askEnd(i, app, log, t, guildId);
          return;
        case 'leaderboard-reset':
          await askReset(i, app, log, t, guildId);
          return;
        case 'settings':
          await settings(i, app, log, t, guildId);
          return;
        default:
          log.outcome = 'unknown_subcommand';
          await i.reply(privateText(t.common.errors.generic));
      }
    },
  };
}

async function askEnd(i: ChatInputCommandInteraction, app: AppContext, log: InteractionLog, t: Catalog, guildId: string): Promise<void> {
  const a = t.ratings.admin;
  const id = i.options.getInteger('table', true);
  const table = app.repo.table(id);
  log.table = id;
  if (!table || table.guildId !== guildId) {
    log.outcome = 'no_table';
    await i.reply(privateText(a.noSuchTable(id)));
    return;
  }
  if (table.status !== 'lobby' && table.status !== 'active') {
    log.outcome = 'table_closed';
    await i.reply(privateText(a.alreadyEnded(id)));
    return;
  }
  const title = app.registry.find(table.game)?.title ?? table.game;
  log.outcome = 'confirm';
  await i.reply(
    confirmPrompt(a.confirmEnd(title, id, table.channelId), adminActionId({ verb: 'end', tableId: id }), a.confirmEndButton, adminActionId({ verb: 'keep' }), a.keepTable),
  );
}

async function askReset(i: ChatInputCommandInteraction, app: AppContext, log: InteractionLog, t: Catalog, guildId: string): Promise<void> {
  const a = t.ratings.admin;
  const mod = app.registry.find(i.options.getString('game', true));
  if (!mod) {
    log.outcome = 'unknown_game';
    await i.reply(privateText(t.ratings.errors.unknownGame));
    return;
  }
  const { season } = currentSeason(app.db, guildId, mod.id);
  log.outcome = 'confirm';
  await i.reply(
    confirmPrompt(
      a.confirmReset(mod.title, season, mod.id),
      adminActionId({ verb: 'reset', game: mod.id, season }),
      a.confirmResetButton(season + 1),
      adminActionId({ verb: 'keep' }),
      a.keepSeason(season),
    ),
  );
}

async function settings(i: ChatInputCommandInteraction, app: AppContext, log: InteractionLog, t: Catalog, guildId: string): Promise<void> {
  const a = t.ratings.admin;
  const patch: GuildDefaultsPatch = {};
  for (const { option, key } of SETTING_OPTIONS) {
    const v = i.options.getInteger(option);
    if (v !== null) patch[key] = v === 0 ? null : v;
  }
  if (Object.keys(patch).length === 0) {
    log.outcome = 'shown';
    await i.reply(privateText(settingsText(guildDefaults(app.db, guildId), t)));
    return;
  }
  const bad = invalidSettings(patch)[0];
  if (bad) {
    log.outcome = 'bad_setting';
    await i.reply(privateText(a.settingsBad(a.settingLabels[bad] ?? bad, SETTING_LIMITS[bad].min, SETTING_LIMITS[bad].max)));
    return;
  }
  const saved = updateGuildDefaults(app.db, guildId, patch, i.user.id, Date.now());
  log.outcome = 'saved';
  await i.reply(privateText(settingsText(saved, t, true)));
}

/**
 * A click on an `/admin` confirmation (`rh1:a:…`). Re-checks Manage Server, then ends the
 * table (not rated; the board says "Ended by a server admin"), starts the new season (only
 * if the season shown is still current), or leaves everything as it was.
 */
export async function adminClick(
  i: ButtonInteraction | StringSelectMenuInteraction,
  app: AppContext,
  log: InteractionLog,
  id: Extract<CustomId, { kind: 'admin' }>,
): Promise<void> {
  const t = catalogFor(i.locale);
  const a = t.ratings.admin;
  log.action = `admin ${id.verb}`;
  if (!i.guildId || !canManage(i)) {
    log.outcome = 'forbidden';
    await i.reply(privateText(a.refused));
    return;
  }
  switch (id.verb) {
    case 'keep':
      log.outcome = 'ok';
      await answerPrompt(i, a.kept);
      return;
    case 'end': {
      log.table = id.tableId;
      const table = app.repo.table(id.tableId);
      if (!table || table.guildId !== i.guildId) {
        log.outcome = 'no_table';
        await answerPrompt(i, a.noSuchTable(id.tableId));
        return;
      }
      const r = app.service.cancel(id.tableId, actorOf(i), 'admin');
      log.outcome = r.ok ? 'ended' : r.error.code;
      await answerPrompt(i, r.ok ? a.ended(id.tableId) : a.alreadyEnded(id.tableId));
      return;
    }
    case 'reset': {
      const mod = app.registry.find(id.game);
      if (!mod) {
        log.outcome = 'unknown_game';
        await answerPrompt(i, t.ratings.errors.unknownGame);
        return;
      }
      const r = resetSeason(app.db, i.guildId, mod.id, id.season, i.user.id, Date.now());
      log.outcome = r.ok ? 'reset' : 'stale';
      await answerPrompt(i, r.ok ? a.resetDone(mod.title, r.season, mod.id) : a.resetStale(mod.title, r.current));
      return;
    }
  }
}
